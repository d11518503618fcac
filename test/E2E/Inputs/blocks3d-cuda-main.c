// Runs Inputs/blocks3d-cuda.cu on the CPU (cuda-emu.h) in 8 x 4 x 2 blocks
// over a 20^3 grid. Prints a hash of the output and the phases thread 0
// entered.
#include "cuda-emu.h"
#include "float-hash.h"

#include <stdio.h>

enum { N = 20 };

void heat3d(const float *, float *);
static float *A, *B;
static void runHeat(void) { heat3d(A, B); }

int main(void) {
  A = data(N * N * N), B = data(N * N * N);
  launch3d(runHeat, (N + 7) / 8, (N + 3) / 4, (N + 1) / 2, 8, 4, 2);
  report("heat3d", B, N * N * N);
  return 0;
}
