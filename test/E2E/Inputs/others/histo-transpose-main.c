// Runs bench/kernels/hand-tiled/others/histo-transpose.cu on the CPU (cuda-emu.h) for
// hand-tiled-others.test, in the block shapes the kernels were written
// for: per kernel (launch), a HASH of its output and its PHASES.
#include "cuda-emu.h"
typedef unsigned uint;
void histogram256Kernel(uint *, const uint *, uint);
void mergeHistogram256Kernel(uint *, const uint *, uint);
void transposeDiagonal(float *, const float *, int, int);
enum { NW = 3000, PH = 5, TW = 96, TH = 64 };
static uint *Data, *Partial, *Hist;
static float *A, *C;
static int W, H;
static void h1(void) { histogram256Kernel(Partial, Data, NW); }
static void h2(void) { mergeHistogram256Kernel(Hist, Partial, PH); }
static void tr(void) { transposeDiagonal(C, A, W, H); }
static float *floats(int n) { float *S = data(n), *P = emu_global(4 * n); memcpy(P, S, 4 * n); free(S); return P; }
int main(void) {
  Data = emu_global(4 * NW); Partial = emu_global(4 * 256 * PH); Hist = emu_global(4 * 256);
  for (int i = 0; i < NW; ++i) { EmuSeed = EmuSeed * 1103515245u + 12345u; Data[i] = EmuSeed ^ (EmuSeed >> 7) * 2654435761u; }
  launch(h1, PH, 192); report("histogram256", (float *)Partial, 256 * PH);
  launch(h2, 256, 256); report("mergeHistogram256", (float *)Hist, 256);
  A = floats(TW * TH); C = floats(TW * TH);
  W = TW, H = TH; launch3d(tr, TW / 32, TH / 32, 1, 32, 8, 1); report("transposeDiagonal_rect", C, TW * TH);
  W = TH, H = TH; launch3d(tr, TH / 32, TH / 32, 1, 32, 8, 1); report("transposeDiagonal_square", C, TH * TH);
  return 0;
}
