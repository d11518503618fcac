// Runs bench/kernels/hand-tiled/others/reduce.cu on the CPU (cuda-emu.h) for
// hand-tiled-others.test, in the block shapes the kernels were written
// for: per kernel (launch), a HASH of its output and its PHASES.
#include "cuda-emu.h"
void reduce5_256(const float *, float *, unsigned);
void reduce6_shfl_128(const float *, float *, unsigned);
void reduce_blockdim(const float *, float *, unsigned);
enum { N = 5000 };
float sd[1024]; // extern __shared__ (host: one copy)
static float *A, *C;
static void r5(void) { reduce5_256(A, C, N); }
static void r6(void) { reduce6_shfl_128(A, C, N); }
static void rb(void) { reduce_blockdim(A, C, N); }
static float *floats(int n) { float *S = data(n), *P = emu_global(4 * n); memcpy(P, S, 4 * n); free(S); return P; }
int main(void) {
  A = floats(N); C = floats(64);
  launch(r5, 10, 256); report("reduce5_256", C, 10);
  launch(r6, 7, 128); report("reduce6_shfl_128", C, 7);
  launch(rb, 3, 512); report("reduce_blockdim_512", C, 3);
  launch(rb, 9, 64); report("reduce_blockdim_64", C, 9);
  return 0;
}
