// The ground-truth kernels as CUDA kernels: thread i of the grid runs body i.
#define LD(x) (x)
#define ST(x, v) ((x) = (v))
#define INNER(c, J0, J1, Trip) for (int c = 0; c < (Trip); c++)
#include "truth-kernels.h"

#define GLOBAL_ID (blockIdx.x * blockDim.x + threadIdx.x)

__global__ void gemm(float *__restrict__ C, const float *__restrict__ A,
                     const float *__restrict__ B) {
  int i = GLOBAL_ID;
  GEMM_BODY(i, 0, N)
}
__global__ void stencil(float *__restrict__ D, const float *__restrict__ A) {
  int i = GLOBAL_ID + 1;
  STENCIL_BODY(i, 0, N)
}
__global__ void conv(float *__restrict__ D, const float *__restrict__ A) {
  int i = GLOBAL_ID + 1;
  CONV_BODY(i, 0, N)
}
__global__ void transpose(float *__restrict__ D, const float *__restrict__ A) {
  int i = GLOBAL_ID;
  TRANSPOSE_BODY(i, 0, N)
}
__global__ void strided(float *__restrict__ D, const float *__restrict__ A,
                        const float *__restrict__ B) {
  int i = GLOBAL_ID;
  STRIDED_BODY(i, 0, N)
}
