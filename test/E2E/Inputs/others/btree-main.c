// Runs bench/kernels/hand-tiled/others/btree.cu on the CPU (cuda-emu.h) for
// hand-tiled-others.test, in the block shapes the kernels were written
// for: per kernel (launch), a HASH of its output and its PHASES.
#include "cuda-emu.h"
#include <stdbool.h>
#define ORDER 32
typedef struct knode { int location; int indices[ORDER + 1]; int keys[ORDER + 1]; bool is_leaf; int num_keys; } knode;
typedef struct record { int value; } record;
void findK(long, knode *, long, record *, long *, long *, int *, record *);
void findK_shared(long, const knode *, long, const record *, const int *, record *);
// A 2-level tree: root 0 splits [0, 1024) into 32 leaves (1..32) of 32 keys.
enum { NQ = 6, NN = 33, NREC = 1024 };
static knode *Nodes; static record *Rec, *Ans; static long *Cur, *Off; static int *Keys;
static void f1(void) { findK(2, Nodes, NN, Rec, Cur, Off, Keys, Ans); }
static void f2(void) { findK_shared(2, Nodes, NN, Rec, Keys, Ans); }
int main(void) {
  Nodes = emu_global(sizeof(knode) * NN); Rec = emu_global(4 * NREC); Ans = emu_global(4 * NQ);
  Cur = emu_global(8 * NQ); Off = emu_global(8 * NQ); Keys = emu_global(4 * NQ);
  for (int k = 0; k <= ORDER; ++k) { Nodes[0].keys[k] = k * 32; Nodes[0].indices[k] = k + 1; }
  for (int l = 0; l < 32; ++l) for (int k = 0; k <= ORDER; ++k) {
    Nodes[l + 1].keys[k] = l * 32 + k; Nodes[l + 1].indices[k] = (l * 32 + k) % NREC; }
  for (int r = 0; r < NREC; ++r) Rec[r].value = r * 7 + 3;
  int Q[NQ] = {5, 100, 511, 700, 999, 64};
  for (int q = 0; q < NQ; ++q) Keys[q] = Q[q];
  emu_expect_no_phases(); // (findK: refused)
  launch(f1, NQ, ORDER); report("findK", (float *)Ans, NQ);
  memset(Ans, 0, 4 * NQ);
  launch(f2, NQ, ORDER); report("findK_shared", (float *)Ans, NQ);
  for (int q = 0; q < NQ; ++q) printf("ans %d %d\n", Q[q], Ans[q].value);
  return 0;
}
