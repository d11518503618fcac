// Runs Inputs/blocks2d-cuda.cu's kernels on the CPU (cuda-emu.h) in grids
// of 32 x 8 blocks (the shape the plugin assumes for 2-D kernels that
// state none; scaled, 1-D, in blocks of 128), then gemm again in 16 x 16
// blocks (another shape: the original code). Prints a hash of each output
// and the phases thread 0 entered.
#include "cuda-emu.h"
#include "float-hash.h"

#include <stdio.h>

enum { NI = 100, NJ = 70, NK = 40 };

void gemm(const float *, const float *, float *);
void jacobi2d(const float *, float *);
void transpose(const float *, float *);
void lower(float *);
void gram(int, int, const float *, float *);
void scaled(float *, const float *, int);
static float *A, *B, *C, *D;
static void runGemm(void) { gemm(A, B, C); }
static void runJacobi(void) { jacobi2d(C, D); }
static void runTranspose(void) { transpose(C, D); }
static void runLower(void) { lower(C); }
enum { GRAM_N = 45, GRAM_LDA = 70 };
static void runGram(void) { gram(GRAM_N, GRAM_LDA, A, D); }
enum { SCALED_N = 500 };
static void runScaled(void) { scaled(D, A, SCALED_N); }

static unsigned blocks(unsigned N, unsigned B) { return (N + B - 1) / B; }

int main(void) {
  A = data(NI * NK), B = data(NK * NJ), C = data(NI * NJ), D = data(NI * NJ);
  launch3d(runGemm, blocks(NJ, 32), blocks(NI, 8), 1, 32, 8, 1);
  report("gemm", C, NI * NJ);
  launch3d(runJacobi, blocks(NJ, 32), blocks(NI, 8), 1, 32, 8, 1);
  report("jacobi2d", D, NI * NJ);
  launch3d(runTranspose, blocks(NI, 32), blocks(NJ, 8), 1, 32, 8, 1);
  report("transpose", D, NI * NJ);
  launch3d(runGram, blocks(GRAM_N, 32), blocks(GRAM_N, 8), 1, 32, 8, 1);
  report("gram", D, GRAM_N * GRAM_N);
  launch3d(runScaled, blocks(SCALED_N, 128), 1, 1, 128, 1, 1);
  report("scaled", D, SCALED_N * 8);
  launch3d(runLower, blocks(NJ, 32), blocks(NI, 8), 1, 32, 8, 1);
  report("lower", C, NI * NJ);
  launch3d(runGemm, blocks(NJ, 16), blocks(NI, 16), 1, 16, 16, 1);
  report("gemm16x16", C, NI * NJ);
  return 0;
}
