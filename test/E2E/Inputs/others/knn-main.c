// Runs bench/kernels/hand-tiled/others/knn.cu on the CPU (cuda-emu.h) for
// hand-tiled-others.test, in the block shapes the kernels were written
// for: per kernel (launch), a HASH of its output and its PHASES.
#include "cuda-emu.h"
void knn_private(const float *, const float *, float *, int, float);
enum { NQ = 128, NR = 128 };
static float *R, *Q, *O;
static void kn(void) { knn_private(R, Q, O, NR, 0.004f); }
static float *floats(int n) { float *D = data(n), *P = emu_global(4 * n); memcpy(P, D, 4 * n); free(D); return P; }
int main(void) {
  R = floats(NR); Q = floats(NQ); O = emu_global(4 * NQ);
  launch(kn, NQ / 64, 64);
  int hits = 0; for (int i = 0; i < NQ; ++i) hits += O[i] != 0; printf("hits %d of %d\n", hits, NQ);
  report("knn_private", O, NQ);
  return 0;
}
