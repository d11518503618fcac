// prem-libdevice-attrs.ll: an OpenMP NVPTX loop that calls sqrtf, which
// clang makes a call of libdevice's __nv_sqrtf.
#include <math.h>

#define ROWS 200
#define WIDTH 200

void rownorm(float *restrict y, const float *restrict A) {
#pragma omp target teams distribute parallel for thread_limit(32) map(to: A[0:ROWS*WIDTH]) map(from: y[0:ROWS])
  for (int i = 0; i < ROWS; i++) {
    float s = 0;
    for (int j = 0; j < WIDTH; j++)
      s += A[i * WIDTH + j] * A[i * WIDTH + j];
    y[i] = sqrtf(s);
  }
}
