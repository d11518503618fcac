// Runs bench/kernels/hand-tiled/others/misc.cu on the CPU (cuda-emu.h) for
// hand-tiled-others.test, in the block shapes the kernels were written
// for: per kernel (launch), a HASH of its output and its PHASES.
#include "cuda-emu.h"
void matmul_float4(const float *, const float *, float *, int, int);
void gridstride_pairs(const float *, float *, int);
void smooth_steps(const float *, float *, int, int);
void guarded_tid(const float *, float *, int);
void return_after_barrier(const float *, float *, int);
enum { N = 64, GN = 1000, SW = 32 };
static float *A, *B, *C;
static void mm(void) { matmul_float4(A, B, C, N, N / 32); }
static void gs(void) { gridstride_pairs(A, C, GN); }
static void sm(void) { smooth_steps(A, C, SW, 5); }
static void gt(void) { guarded_tid(A, C, 1000); }
static void rb(void) { return_after_barrier(A, C, 1000); }
static float *floats(int n) { float *D = data(n), *Q = emu_global(4 * n); memcpy(Q, D, 4 * n); free(D); return Q; }
int main(void) {
  A = floats(N * N); B = floats(N * N); C = floats(N * N);
  launch3d(mm, 5, 1, 1, 8, 32, 1); report("matmul_float4", C, N * N);
  launch(gs, 3, 64); report("gridstride_pairs", C, GN);
  launch3d(sm, SW / 16, SW / 16, 1, 16, 16, 1); report("smooth_steps", C, SW * SW);
  launch(gt, 16, 64); report("guarded_tid", C, 1024);
  launch(rb, 16, 64); report("return_after_barrier", C, 1024);
  return 0;
}
