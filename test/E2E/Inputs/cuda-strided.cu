#include "cuda-bare.h"

// Each thread reads its own 128-byte line: 4 useful bytes of it.
extern "C" __global__ void __launch_bounds__(64)
strided(const float *__restrict__ x, float *__restrict__ y, int n) {
  int i = BLOCK_X * BLOCK_DIM_X + THREAD_X;
  if (i < n)
    y[i] = 2.0f * x[32 * i];
}
