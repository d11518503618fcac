// Runs bench/kernels/hand-tiled/others/scan.cu on the CPU (cuda-emu.h) for
// hand-tiled-others.test, in the block shapes the kernels were written
// for: per kernel (launch), a HASH of its output and its PHASES.
#include "cuda-emu.h"
void bottom_scan(const float *, float *, const float *, int);
void ccl_tile(const int *, int *);
void compact_count(const float *, float *, int *, int);
float s_data[1024];
enum { N = 1024, G = 3 };
static float *A, *C, *S; static int *Img, *Lab, *Cnt;
static void bs(void) { bottom_scan(A, C, S, N); }
static void cl(void) { ccl_tile(Img, Lab); }
static void cp(void) { compact_count(A, C, Cnt, 1000); }
static float *floats(int n) { float *D = data(n), *Q = emu_global(4 * n); memcpy(Q, D, 4 * n); free(D); return Q; }
int main(void) {
  A = floats(N); C = floats(N); S = floats(G);
  launch(bs, G, 64); report("bottom_scan", C, N);
  Img = emu_global(4 * 512); Lab = emu_global(4 * 512);
  for (int i = 0; i < 512; ++i) { EmuSeed = EmuSeed * 1103515245u + 12345u; Img[i] = ((EmuSeed >> 16) & 7) < 5; }
  launch(cl, 4, 128); report("ccl_tile", (float *)Lab, 512);
  Cnt = emu_global(4 * 8); memset(C, 0, 4 * N);
  launch(cp, 8, 128); report("compact_count", C, N); report("compact_counts", (float *)Cnt, 8);
  return 0;
}
