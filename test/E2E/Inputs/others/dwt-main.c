// Runs bench/kernels/hand-tiled/others/dwt.cu on the CPU (cuda-emu.h) for
// hand-tiled-others.test, in the block shapes the kernels were written
// for: per kernel (launch), a HASH of its output and its PHASES.
#include "cuda-emu.h"
void lift_rows(const float *, float *, int, int, int);
void shared_worklist(const float *, float *);
enum { R = 4, WW = 64 };
static float *A, *C;
static int Fwd;
static void lr(void) { lift_rows(A, C, WW, Fwd, 5); }
static void sw(void) { shared_worklist(A, C); }
static float *floats(int n) { float *D = data(n), *Q = emu_global(4 * n); memcpy(Q, D, 4 * n); free(D); return Q; }
int main(void) {
  A = floats(R * WW); C = floats(3 * R * WW);
  Fwd = 1; launch3d(lr, R, 3, 1, 64, 1, 1); report("lift_rows_fwd", C, 2 * R * WW);
  Fwd = 0; launch3d(lr, R, 3, 1, 64, 1, 1); report("lift_rows_rev", C, 2 * R * WW);
  launch(sw, R, 64); report("shared_worklist", C, R);
  return 0;
}
