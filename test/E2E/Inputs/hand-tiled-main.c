// Runs bench/kernels/hand-tiled/handtiled.cu's kernels on the CPU
// (cuda-emu.h) in the block shapes they were written for. Prints a hash of
// each kernel's output and the phases thread 0 entered. The arrays are
// emu_global's: under EMU_GUARD=strict a kernel that touches them outside
// a memory phase stops the program (the two the plugin refuses are marked).
#include "cuda-emu.h"
#include "float-hash.h"

#include <stdio.h>
#include <string.h>

void matmul_tiled(const float *, const float *, float *, int);
void matmul_guarded(const float *, const float *, float *, int);
void lud_diagonal(float *, int, int);
void lud_internal(float *, int, int);
void transpose_tiled(float *, const float *, int, int);
void reduce_tree(const float *, float *, int);
void reduce_two_loads(const float *, float *, int);
void scan_block(const float *, float *, int);
void histogram_shared(const unsigned *, unsigned *, int);
void histogram_global_merge(const unsigned *, unsigned *, int);
void conv1d_halo(const float *, float *, const float *, int);
void jacobi2d_halo(const float *, float *, int, int);
void hotspot_pyramid(int, const float *, const float *, float *, int, int, int,
                     int, float, float, float, float, float);
void pathfinder_rows(int, const int *, const int *, int *, int, int, int);
void srad_coeff(const float *, float *, float *, float *, float *, float *,
                int, int, float);
void nw_wavefront(const int *, int *, int, int, int);
void backprop_forward(const float *, const float *, float *, int);
void block_softmax_numerator(const float *, float *);
void nbody_tiled(const float *, float *, int);
void bfs_level(const int *, const int *, int *, int *, const int *, int *, int);

// Global arrays: n random floats in [-1, 1) (data()'s sequence), or ints.
static float *floats(int n) {
  float *Src = data(n);
  float *P = emu_global(sizeof(float) * n);
  memcpy(P, Src, sizeof(float) * n);
  free(Src);
  return P;
}
static int *ints(int n, int Mod) {
  int *P = emu_global(sizeof(int) * n);
  for (int I = 0; I < n; ++I) {
    EmuSeed = EmuSeed * 1103515245u + 12345u;
    P[I] = (int)((EmuSeed >> 16) % (unsigned)Mod);
  }
  return P;
}

enum { MM = 64, MG = 50, LU = 48, TW = 70, TH = 50, RN = 1000, HN = 5000,
       JR = 40, JC = 50, HS = 64, PC = 1000, PR = 5, SR = 32, NWB = 4,
       NWC = 16 * NWB + 1, HID = 16, NB = 256, GN = 256 };

static float *A, *B, *C, *D, *E, *F, *G, *H;
static int *I1, *I2, *I3, *I4, *I5, *I6;
static int Blk;

static void runMatmul(void) { matmul_tiled(A, B, C, MM); }
static void runMatmulGuarded(void) { matmul_guarded(A, B, C, MG); }
static void runLudDiagonal(void) { lud_diagonal(D, LU, 16); }
static void runLudInternal(void) { lud_internal(D, LU, 0); }
static void runTranspose(void) { transpose_tiled(C, A, TW, TH); }
static void runReduce(void) { reduce_tree(A, C, RN); }
static void runReduceTwo(void) { reduce_two_loads(A, C, RN); }
static void runScan(void) { scan_block(A, C, RN); }
static void runHistogram(void) {
  histogram_shared((const unsigned *)I1, (unsigned *)I2, HN);
}
static void runHistogramMerge(void) {
  histogram_global_merge((const unsigned *)I1, (unsigned *)I2, HN);
}
static void runConv(void) { conv1d_halo(A, C, B, RN); }
static void runJacobi(void) { jacobi2d_halo(A, C, JR, JC); }
static void runHotspot(void) {
  hotspot_pyramid(2, B, A, C, HS, HS, 2, 2, 0.5f, 1.5f, 1.5f, 2.0f, 0.1f);
}
static void runPathfinder(void) {
  pathfinder_rows(4, I1, I3, I4, PC, 0, 4);
}
static void runSrad(void) { srad_coeff(A, C, D, E, F, G, SR, SR, 0.5f); }
static void runNw(void) { nw_wavefront(I5, I6, NWC, 10, Blk); }
static void runBackprop(void) { backprop_forward(A, B, C, HID); }
static void runSoftmax(void) { block_softmax_numerator(A, C); }
static void runNbody(void) { nbody_tiled(A, C, NB); }
static void runBfs(void) { bfs_level(I1, I2, I3, I4, I5, I6, GN); }

static unsigned up(unsigned N, unsigned B) { return (N + B - 1) / B; }

int main(void) {
  A = floats(MM * MM + 4096), B = floats(MM * MM + 4096);
  C = floats(MM * MM + 4096), D = floats(LU * LU + 4096);
  E = floats(4096), F = floats(4096), G = floats(4096), H = floats(4096);

  launch3d(runMatmul, MM / 16, MM / 16, 1, 16, 16, 1);
  report("matmul_tiled", C, MM * MM);
  launch3d(runMatmulGuarded, up(MG, 16), up(MG, 16), 1, 16, 16, 1);
  report("matmul_guarded", C, MG * MG);
  launch3d(runLudDiagonal, 1, 1, 1, 16, 1, 1);
  report("lud_diagonal", D, LU * LU);
  launch3d(runLudInternal, 2, 2, 1, 16, 16, 1);
  report("lud_internal", D, LU * LU);
  launch3d(runTranspose, up(TW, 32), up(TH, 32), 1, 32, 8, 1);
  report("transpose_tiled", C, TW * TH);
  launch(runReduce, up(RN, 256), 256);
  report("reduce_tree", C, up(RN, 256));
  launch(runReduceTwo, up(RN, 256), 128);
  report("reduce_two_loads", C, up(RN, 256));
  launch(runScan, up(RN, 256), 256);
  report("scan_block", C, RN);

  I1 = ints(HN, 1 << 20), I2 = ints(8 * 64, 1);
  launch(runHistogram, 8, 64);
  report("histogram_shared", (float *)I2, 8 * 64);
  emu_expect_no_phases(); // (global atomics: refused)
  launch(runHistogramMerge, 8, 64);
  report("histogram_global_merge", (float *)I2, 64);

  launch(runConv, up(RN, 128), 128);
  report("conv1d_halo", C, RN);
  launch3d(runJacobi, up(JC, 16), up(JR, 16), 1, 16, 16, 1);
  report("jacobi2d_halo", C, JR * JC);
  // 16 - 2 * 2 columns of each block's tile are its own.
  launch3d(runHotspot, up(HS, 12), up(HS, 12), 1, 16, 16, 1);
  report("hotspot_pyramid", C, HS * HS);

  I1 = ints(PR * PC, 10), I3 = ints(PC, 10), I4 = ints(PC, 1);
  launch(runPathfinder, up(PC, 256 - 8), 256);
  report("pathfinder_rows", (float *)I4, PC);

  launch3d(runSrad, SR / 16, SR / 16, 1, 16, 16, 1);
  report("srad_coeff", C, SR * SR);
  report("srad_coeff_n", D, SR * SR);

  I5 = ints(NWC * NWC, 21), I6 = ints(NWC * NWC, 5);
  for (Blk = 1; Blk <= NWB; ++Blk)
    launch(runNw, Blk, 16);
  report("nw_wavefront", (float *)I6, NWC * NWC);

  launch3d(runBackprop, 1, 4, 1, 16, 16, 1);
  report("backprop_forward", C, 4 * HID);
  launch(runSoftmax, 8, 128);
  report("block_softmax_numerator", C, 8 * 128);
  launch(runNbody, NB / 64, 64);
  report("nbody_tiled", C, 2 * NB);

  // A graph of GN nodes, up to 4 edges each; the frontier is every third.
  I1 = emu_global(sizeof(int) * (GN + 1));
  I1[0] = 0;
  for (int N = 0; N < GN; ++N)
    I1[N + 1] = I1[N] + N % 5;
  I2 = ints(I1[GN], GN), I3 = emu_global(sizeof(int) * GN);
  // The frontier is visited and all its costs are 0, so that threads that
  // reach one node write it the same cost.
  I4 = emu_global(sizeof(int) * GN), I5 = emu_global(sizeof(int) * GN);
  I6 = emu_global(sizeof(int) * GN);
  for (int N = 0; N < GN; ++N)
    I3[N] = I5[N] = N % 3 == 0;
  emu_expect_no_phases(); // (control on loaded data: refused)
  launch(runBfs, GN / 64, 64);
  report("bfs_level", (float *)I6, GN);
  report("bfs_level_updating", (float *)I4, GN);
  return 0;
}
