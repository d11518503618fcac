// Runs Inputs/guards-cuda.cu's kernels on the CPU (cuda-emu.h): five blocks
// of 32 threads over 137 elements (160 for skip, whose guard bounds
// nothing). Prints a hash of each output and the phases thread 0 entered.
#include "cuda-emu.h"
#include "float-hash.h"

#include <stdio.h>

enum { M = 4 * 32 + 9, Blocks = 5, Threads = 32 };

void jacobi(const float *, float *, int);
void axpy(const float *, float *, float, int);
void add2(const float *, float *, int, int);
void edges(const float *, float *, int);
void skip(const float *, float *, int);
static float *A, *B;
static void runJacobi(void) { jacobi(A, B, M); }
static void runAxpy(void) { axpy(A, B, 0.5f, M); }
static void runAdd2(void) { add2(A, B, M, 100); }
static void runEdges(void) { edges(A, B, M); }
static void runSkip(void) { skip(A, B, 40); }

int main(void) {
  A = data(M), B = data(M);
  launch(runJacobi, Blocks, Threads);
  report("jacobi", B, M);
  launch(runAxpy, Blocks, Threads);
  report("axpy", B, M);
  launch(runAdd2, Blocks, Threads);
  report("add2", B, M);
  launch(runEdges, Blocks, Threads);
  report("edges", B, M);
  A = data(Blocks * Threads), B = data(Blocks * Threads);
  launch(runSkip, Blocks, Threads);
  report("skip", B, Blocks * Threads);
  return 0;
}
