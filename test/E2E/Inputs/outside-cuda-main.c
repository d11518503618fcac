// Runs Inputs/outside-cuda.cu's kernels on the CPU (cuda-emu.h): four full
// blocks of 32 threads and a partial one. Prints a hash of each output and
// the phases thread 0 entered, those of compatible intervals outside tiles
// apart.
#include "cuda-emu.h"
#include "float-hash.h"

#include <stdio.h>

#define COLS 1500
#define CHANNELS 3
#define WIDTH 700
enum { M = 4 * 32 + 9 };

void positive(const float *, float *, int);
void weighted(const float *, const float *, float *, int);
void in_row(float *, const float *, int);
void gemvt(const float *, const float *, float *, int);
static float *A, *X, *Y;
static void runPositive(void) { positive(A, Y, M); }
static void runWeighted(void) { weighted(A, X, Y, M); }
static void runInRow(void) { in_row(A, X, M); }
static void runGemvt(void) { gemvt(A, X, Y, M); }


int main(void) {
  unsigned Blocks = (M + 31) / 32;
  A = data(M * COLS), Y = data(M);
  launch(runPositive, Blocks, 32);
  report("positive", Y, M);
  A = data(M * CHANNELS * WIDTH), X = data(CHANNELS), Y = data(M * WIDTH);
  launch(runWeighted, Blocks, 32);
  report("weighted", Y, M * WIDTH);
  A = data(M * COLS), X = data(COLS);
  launch(runInRow, Blocks, 32);
  report("in_row", A, M * COLS);
  A = data(256 * 256), X = data(256), Y = data(M);
  launch(runGemvt, Blocks, 32);
  report("gemvt", Y, M);
  return 0;
}
