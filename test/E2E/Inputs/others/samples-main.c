// Runs bench/kernels/hand-tiled/others/samples.cu on the CPU (cuda-emu.h) for
// hand-tiled-others.test, in the block shapes the kernels were written
// for: per kernel (launch), a HASH of its output and its PHASES.
#include "cuda-emu.h"
void scalarProd(float *, const float *, const float *, int, int);
void convolutionRows(float *, const float *, int, int, int);
extern float c_Kernel[]; // align 4 on the host
enum { VN = 9, EN = 700, W = 128, H = 16 };
static float *A, *B, *C;
static void sp(void) { scalarProd(C, A, B, VN, EN); }
static void cr(void) { convolutionRows(C, A, W, H, W); }
static float *floats(int n) { float *S = data(n), *P = emu_global(4 * n); memcpy(P, S, 4 * n); free(S); return P; }
int main(void) {
  A = floats(VN * EN + 64); B = floats(VN * EN + 64); C = floats(W * H + 64);
  float *K = data(17); for (volatile int i = 0; i < 17; ++i) ((volatile float *)c_Kernel)[i] = K[i];
  launch(sp, 4, 128); report("scalarProd", C, VN);
  // The first/last block's halo reads outside are guarded; row pass pitch W.
  memset(C, 0, 4 * W * H);
  launch3d(cr, W / (4 * 16), H / 4, 1, 16, 4, 1); report("convolutionRows", C, W * H);
  return 0;
}
