// Runs bench/kernels/hand-tiled/others/rodinia2.cu on the CPU (cuda-emu.h) for
// hand-tiled-others.test, in the block shapes the kernels were written
// for: per kernel (launch), a HASH of its output and its PHASES.
#include "cuda-emu.h"
#include <stdbool.h>
typedef struct { float weight; float *coord; long assign; float cost; } Point;
void kernel_compute_cost(int, int, long, Point *, int, int, float *, float *, int *, bool *);
void normalize_weights_kernel(double *, int, double *, double *, double *, int *);
float coord_s[64];
enum { NUM = 150, DIM = 5, KC = 4, NP = 150 };
static Point *P; static float *Coord, *Work; static int *Center; static bool *Sw;
static double *W, *PS, *CDF, *U; static int *Seed;
static void cc(void) { kernel_compute_cost(NUM, DIM, 7, P, KC, KC + 1, Coord, Work, Center, Sw); }
static void nw(void) { normalize_weights_kernel(W, NP, PS, CDF, U, Seed); }
static float *floats(int n) { float *D = data(n), *Q = emu_global(4 * n); memcpy(Q, D, 4 * n); free(D); return Q; }
int main(void) {
  P = emu_global(sizeof(Point) * NUM); Coord = floats(NUM * DIM); Work = floats(NUM * (KC + 1));
  Center = emu_global(4 * NUM); Sw = emu_global(NUM);
  float *R = data(2 * NUM);
  for (int i = 0; i < NUM; ++i) { P[i].weight = R[i] + 1.5f; P[i].cost = R[NUM + i] + 2.0f; P[i].assign = i % KC; Center[i] = i % KC; }
  emu_expect_no_phases(); // (compute_cost: refused)
  launch(cc, (NUM + 63) / 64, 64); report("compute_cost", Work, NUM * (KC + 1));
  W = emu_global(8 * NP); PS = emu_global(8); CDF = emu_global(8 * NP); U = emu_global(8 * NP); Seed = emu_global(4 * NP);
  for (int i = 0; i < NP; ++i) { W[i] = R[i] + 1.0; Seed[i] = i * 7919; }
  PS[0] = 100.0;
  launch(nw, (NP + 63) / 64, 64); report("normalize_weights", (float *)U, 2 * NP); report("cdf", (float *)CDF, 2 * NP);
  return 0;
}
