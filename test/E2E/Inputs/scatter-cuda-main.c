// Runs Inputs/scatter-cuda.cu's kernels on the CPU (cuda-emu.h): four full
// blocks of 32 threads and a partial one. Prints a hash of each output and
// the phases thread 0 entered.
#include "cuda-emu.h"
#include "float-hash.h"

#include <stdio.h>

#define COLS 600
enum { M = 4 * 32 + 9 };

void permute(float *, const float *, const int *, int);
void rows(float *, const float *, const int *, int);
void clash(float *, float *, const int *, int);
static float *A, *B;
static int *Idx;
static void runPermute(void) { permute(B, A, Idx, M); }
static void runRows(void) { rows(B, A, Idx, M); }
static void runClash(void) { clash(A, B, Idx, M); }


int main(void) {
  unsigned Blocks = (M + 31) / 32;
  A = data(M), B = data(M), Idx = malloc(sizeof(int) * 2 * M);
  for (int I = 0; I < M; ++I)
    Idx[I] = (I * 7 + 3) % M; // M is prime: a permutation
  launch(runPermute, Blocks, 32);
  report("permute", B, M);
  A = data(M * COLS), B = data(M * COLS);
  for (int K = 0; K < COLS; ++K)
    Idx[K] = (K * 7 + 3) % COLS;
  launch(runRows, Blocks, 32);
  report("rows", B, M * COLS);
  // Thread 5 of blocks 0 and 2 into its own x[i], read right after; the
  // others past the first M elements, which no thread reads.
  A = data(2 * M), B = data(M);
  for (int I = 0; I < M; ++I)
    Idx[I] = I % 64 == 5 ? I : M + I;
  launch(runClash, Blocks, 32);
  report("clash", B, M); // y[i] from the x[i] the thread scattered
  return 0;
}
