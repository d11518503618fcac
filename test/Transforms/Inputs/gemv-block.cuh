// A row-per-thread gemv whose block of 64 rows of 128 floats is one PREM
// interval (33 KiB): the kernel of the arbitration policies' PTX tests.
#include "cuda-bare.h"

extern "C" __global__ void __launch_bounds__(64)
gemv(const float *__restrict__ A, const float *__restrict__ x,
     float *__restrict__ y, int m) {
  int i = BLOCK_X * BLOCK_DIM_X + THREAD_X;
  if (i < m) {
    float s = 0.0f;
    for (int j = 0; j < 128; j++)
      s += A[i * 128 + j] * x[j];
    y[i] = s;
  }
}
