// CUDA kernels of 2-D blocks, written as GPU ports of PolyBench write them
// (issue 25): the row from the y index, && guards on both, no
// __launch_bounds__. blocks2d-cuda.test runs them on the CPU (cuda-emu.h).
#define NI 100
#define NJ 70
#define NK 40

extern "C" {

__global__ void gemm(const float *a, const float *b, float *c) {
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  int i = blockIdx.y * blockDim.y + threadIdx.y;
  if ((i < NI) && (j < NJ)) {
    c[i * NJ + j] *= 0.5f;
    for (int k = 0; k < NK; k++)
      c[i * NJ + j] += 1.5f * a[i * NK + k] * b[k * NJ + j];
  }
}

__global__ void jacobi2d(const float *A, float *B) {
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  int i = blockIdx.y * blockDim.y + threadIdx.y;
  if ((i >= 1) && (i < NI - 1) && (j >= 1) && (j < NJ - 1))
    B[i * NJ + j] = 0.2f * (A[i * NJ + j] + A[i * NJ + (j - 1)] +
                            A[i * NJ + (1 + j)] + A[(1 + i) * NJ + j] +
                            A[(i - 1) * NJ + j]);
}

// Reads its input by columns (a 2-D slot of the block's rows of A).
__global__ void transpose(const float *A, float *B) {
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  int i = blockIdx.y * blockDim.y + threadIdx.y;
  if (i < NJ && j < NI)
    B[i * NI + j] = A[j * NJ + i] + 1.0f;
}

// The guard compares the two thread dimensions: left alone.
__global__ void lower(float *A) {
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  int i = blockIdx.y * blockDim.y + threadIdx.y;
  if (i < NI && j < NJ && j <= i)
    A[i * NJ + j] += 1.0f;
}
}
