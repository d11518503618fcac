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

// The Gram matrix of n vectors of 64 floats, lda floats apart (runtime
// sizes, BLAS style): rows j and i of one array. The assumption lets clang
// index row i through a `zext nneg` and row j through a sext; the
// footprint reads both as one runtime row length.
__global__ void gram(int n, int lda, const float *a, float *c) {
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  int i = blockIdx.y * blockDim.y + threadIdx.y;
  if ((i < n) && (j < n)) {
    float sum = 0;
    for (int k = 0; k < 64; k++) {
      __builtin_assume(lda >= 64);
      sum += a[j * lda + k] * a[i * lda + k];
    }
    c[i * n + j] = sum;
  }
}

// 1-D, with an assumption in its loop: llvm.assume touches no data.
__global__ void __launch_bounds__(128) scaled(float *y, const float *x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    for (int k = 0; k < 8; k++) {
      __builtin_assume(n > 8);
      y[i * 8 + k] = 2.0f * x[i * 8 + k];
    }
}

// The guard compares the two thread dimensions: tiled where every corner
// of the block passes it (below the diagonal).
__global__ void lower(float *A) {
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  int i = blockIdx.y * blockDim.y + threadIdx.y;
  if (i < NI && j < NJ && j <= i)
    A[i * NJ + j] += 1.0f;
}
}
