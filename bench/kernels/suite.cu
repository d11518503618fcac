// The CUDA kernel suite of the GPU harness (bench/gpu): PolyBench-style
// kernels written the way CUDA code is, one thread per row or element, a
// bounds guard, the block size stated with __launch_bounds__. Rows m are a
// kernel argument (tall matrices, so the grid fills the GPU); the row length
// N is fixed at compile time so that one block's rows fit the 48 KiB shared
// memory (seed 001, Sec. 3.2.2: the block is the PREM interval), except in
// jacobi2d, gemvlong and blend, whose blocks run tiles of their inner loops
// (Algorithm 2: the depth-1 loop, and in blend the depth-2 loop; gemvlong
// stores its sums after the loop in a compatible interval).
//
// The same kernels as bench/kernels/suite.c where the CUDA form has a tile
// that fits (row-per-thread matrix-vector products, a row stencil, gemver's
// rank-2 update, a small-matrix gemm, and the column-per-thread product of
// atax and bicg, whose block reads a column block, and an ELLPACK sparse
// matrix-vector product with indirect loads); blend is not in suite.c,
// gemvlong is its atax and bicg at their large size's row length, permute
// (a scatter through a permutation) is in neither (suite.c has no scatter).
// bench/gpu/run_gpu.py holds the reference implementations.
//
// extern "C": the runner finds kernels by name.

#include <stdint.h>

#ifndef N
#define N 256
#endif
#ifndef NSMALL
#define NSMALL 64
#endif
#ifndef NCOLS
#define NCOLS 16384 // columns of the column kernel (512 blocks)
#endif
#define ROWS 32    // threads per block of the row kernels
#define THREADS 256 // threads per block of the element kernels
#define TAPS 16
#define ELL_K 16 // stored entries per row of spmv
#define CHANNELS 4 // channels of blend
#ifndef NLONG
#define NLONG 2048 // row length of gemvlong
#endif

extern "C" {

// atax / bicg's first product: tmp = A x.
__global__ void __launch_bounds__(ROWS)
gemv(const float *__restrict__ A, const float *__restrict__ x,
     float *__restrict__ y, int m) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < m) {
    float s = 0.0f;
    for (int j = 0; j < N; j++)
      s += A[i * N + j] * x[j];
    y[i] = s;
  }
}

// atax's second product and bicg's s: y = A^T x, one thread per column of
// an N x NCOLS matrix. A block reads a column block of A, which the plugin
// copies as 2-D transfers (seed 003): N rows of the block's 32 columns,
// 32 KiB, instead of an interval spanning the matrix.
__global__ void __launch_bounds__(ROWS)
gemvt(const float *__restrict__ A, const float *__restrict__ x,
      float *__restrict__ y) {
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  if (j < NCOLS) {
    float s = 0.0f;
    for (int i = 0; i < N; i++)
      s += A[i * NCOLS + j] * x[i];
    y[j] = s;
  }
}

// The ELLPACK sparse matrix-vector product of bench/kernels/suite.c (spmv):
// ELL_K entries per row, x read through their column indices. Those indirect
// loads have no interval; each thread gathers its own elements into shared
// memory in the Load phase (issue 3: dae for them).
__global__ void __launch_bounds__(ROWS)
spmv(const float *__restrict__ val, const int *__restrict__ col,
     const float *__restrict__ x, float *__restrict__ y, int m) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < m) {
    float s = 0.0f;
    for (int k = 0; k < ELL_K; k++)
      s += val[i * ELL_K + k] * x[col[i * ELL_K + k]];
    y[i] = s;
  }
}

// mvt's first product: x1 += A y1.
__global__ void __launch_bounds__(ROWS)
mvt(const float *__restrict__ A, const float *__restrict__ y1,
    float *__restrict__ x1, int m) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < m) {
    float s = x1[i];
    for (int j = 0; j < N; j++)
      s += A[i * N + j] * y1[j];
    x1[i] = s;
  }
}

// gesummv: y = alpha A x + beta B x (two matrices: rows of N / 2).
__global__ void __launch_bounds__(ROWS)
gesummv(const float *__restrict__ A, const float *__restrict__ B,
        const float *__restrict__ x, float *__restrict__ y, float alpha,
        float beta, int m) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < m) {
    float t = 0.0f, u = 0.0f;
    for (int j = 0; j < N / 2; j++) {
      t += A[i * (N / 2) + j] * x[j];
      u += B[i * (N / 2) + j] * x[j];
    }
    y[i] = alpha * t + beta * u;
  }
}

// gemver's rank-2 update: A += u1 v1^T + u2 v2^T.
__global__ void __launch_bounds__(ROWS)
gemver(float *__restrict__ A, const float *__restrict__ u1,
       const float *__restrict__ v1, const float *__restrict__ u2,
       const float *__restrict__ v2, int m) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < m)
    for (int j = 0; j < N; j++)
      A[i * N + j] = A[i * N + j] + u1[i] * v1[j] + u2[i] * v2[j];
}

// jacobi-2d, one thread per interior row: rows 1..m-2.
__global__ void __launch_bounds__(ROWS)
jacobi2d(const float *__restrict__ A, float *__restrict__ B, int m) {
  int i = blockIdx.x * blockDim.x + threadIdx.x + 1;
  if (i < m - 1)
    for (int j = 1; j < N - 1; j++)
      B[i * N + j] = 0.2f * (A[i * N + j] + A[i * N + j - 1] +
                             A[i * N + j + 1] + A[(i + 1) * N + j] +
                             A[(i - 1) * N + j]);
}

// gemm with a small right-hand matrix: C = A B, B NSMALL x NSMALL.
__global__ void __launch_bounds__(ROWS)
gemm(const float *__restrict__ A, const float *__restrict__ B,
     float *__restrict__ C, int m) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < m)
    for (int j = 0; j < NSMALL; j++) {
      float s = 0.0f;
      for (int k = 0; k < NSMALL; k++)
        s += A[i * NSMALL + k] * B[k * NSMALL + j];
      C[i * NSMALL + j] = s;
    }
}

// A weighted blend of CHANNELS images, per-pixel weights, one thread per
// row: out += sum_c w[c] * in[c]; each pixel's channels are adjacent rows
// (in[i][c][j]). One channel of a block's rows (32 rows of in and of out,
// 64 KiB) does not fit shared memory, so the column loop is tiled within
// each channel (seed 001, Algorithm 2 at depth 2): the block's threads run
// each channel's column tiles together. The channel loop is kept rolled:
// unrolled, it would be four column loops in a row, and the plugin tiles
// one loop per depth.
__global__ void __launch_bounds__(ROWS)
blend(const float *__restrict__ in, const float *__restrict__ w,
      float *__restrict__ out, int m) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < m)
#pragma unroll 1
    for (int c = 0; c < CHANNELS; c++)
      for (int j = 0; j < N; j++)
        out[i * N + j] += w[c * N + j] * in[(i * CHANNELS + c) * N + j];
}

// atax / bicg's A x at the row length of PolyBench's standard sizes
// (NLONG floats): a block's rows (256 KiB) do not fit shared memory, so
// the column loop is tiled, the block's threads together (Algorithm 2), and
// each thread's sum, stored after the loop, goes to y in a compatible
// interval of its own (seed 001, Sec. 3.2.3).
__global__ void __launch_bounds__(ROWS)
gemvlong(const float *__restrict__ A, const float *__restrict__ x,
         float *__restrict__ y, int m) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < m) {
    float s = 0.0f;
    for (int j = 0; j < NLONG; j++)
      s += A[i * NLONG + j] * x[j];
    y[i] = s;
  }
}

// jacobi-1d.
__global__ void __launch_bounds__(THREADS)
jacobi1d(const float *__restrict__ A, float *__restrict__ B, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x + 1;
  if (i < n - 1)
    B[i] = 0.33333f * (A[i - 1] + A[i] + A[i + 1]);
}

// A 16-tap filter (conv1d).
__global__ void __launch_bounds__(THREADS)
fir(const float *__restrict__ x, const float *__restrict__ h,
    float *__restrict__ y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    float s = 0.0f;
    for (int k = 0; k < TAPS; k++)
      s += h[k] * x[i + k];
    y[i] = s;
  }
}

// Streaming: y = a x + y.
__global__ void __launch_bounds__(THREADS)
saxpy(const float *__restrict__ x, float *__restrict__ y, float a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = a * x[i] + y[i];
}

// A scatter: y[perm[i]] = 2 x[i], perm a permutation. The block's elements
// go to the Store phase through its shared memory; the Load phase checks
// that none lands in what the block reads (the block votes).
__global__ void __launch_bounds__(THREADS)
permute(const float *__restrict__ x, const int *__restrict__ perm,
        float *__restrict__ y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[perm[i]] = 2.0f * x[i];
}

// Not measured: the co-runner of run_gpu.py --arbitrated. A memory-bound
// copy written as a kernel the plugin tiles, so that in a variant with an
// arbiter its blocks take the measured kernel's token (one module, one
// __prem_token): the co-runners go through the arbiter too.
__global__ void __launch_bounds__(THREADS)
corunner(const float *__restrict__ a, float *__restrict__ b, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    b[i] = a[i] + 1.0f;
}

} // extern "C"
