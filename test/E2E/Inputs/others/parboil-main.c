// Runs bench/kernels/hand-tiled/others/parboil.cu on the CPU (cuda-emu.h) for
// hand-tiled-others.test, in the block shapes the kernels were written
// for: per kernel (launch), a HASH of its output and its PHASES.
#include "cuda-emu.h"
void mysgemmNT(const float *, int, const float *, int, float *, int, int, float, float);
void block2D_hybrid_coarsen_x(float, float, float *, float *, int, int, int);
float sh_A0[4096];
enum { M = 256, N = 32, K = 40, NX = 32, NY = 12, NZ = 6 };
static float *A, *B, *C, *S, *T;
static void sg(void) { mysgemmNT(A, M, B, N, C, M, K, 1.5f, 0.5f); }
static void st(void) { block2D_hybrid_coarsen_x(0.25f, 0.125f, S, T, NX, NY, NZ); }
static float *floats(int n) { float *D = data(n), *P = emu_global(4 * n); memcpy(P, D, 4 * n); free(D); return P; }
int main(void) {
  A = floats(M * K); B = floats(N * K); C = floats(M * N);
  launch3d(sg, M / 128, N / 16, 1, 16, 8, 1); report("sgemmNT", C, M * N);
  S = floats(NX * NY * NZ); T = floats(NX * NY * NZ);
  launch3d(st, NX / 16, NY / 4, 1, 8, 4, 1); report("stencil_coarsen_x", T, NX * NY * NZ);
  return 0;
}
