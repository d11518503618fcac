// The GPU-style CUDA suite (issue 25): the PolyBench kernels ported to CUDA
// the way GPU benchmark collections port them, not in the shapes prem-llvm
// was built around. 2-D grids of 2-D blocks (a thread per element, the row
// from the y index), `if ((i < NI) && (j < NJ))` guards, two-sided stencil
// guards, a 3-D block (heat-3d) and a 3-D grid (doitgen), 1-D kernels where
// a thread per row or column is the natural port (atax, bicg, mvt, the
// column sweeps), one grid-stride loop, sizes both as macros and as kernel
// arguments (`i * n + j`), float and double arrays, plain pointers (no
// __restrict__, no const) and no __launch_bounds__: the block size is the
// launch's (the driver's), unknown to the kernel.
//
// Each kernel is its own function, named <benchmark>_kernel[N]; the host
// launches them in PolyBench's order (test/E2E/Inputs/gpu-style-cuda-main.c
// for the CPU emulation). extern "C" keeps the names plain for the drivers.
//
// Builds with CUDA's headers (clang -x cuda --cuda-path=...) or without any
// (-nocudainc, -include test/E2E/Inputs/cuda-builtins.h): then the few math
// functions the kernels call are clang's builtins.
#include "polybench.h"

#ifndef __CUDA_RUNTIME_H__
__device__ static inline float sqrtf(float x) { return __builtin_sqrtf(x); }
#endif

extern "C" {

// ---- linear algebra: matrix products ------------------------------------

// gemm, sizes as arguments: C = beta C + alpha A B, accumulated in place.
__global__ void gemm_kernel(int ni, int nj, int nk, DATA_TYPE alpha,
                            DATA_TYPE beta, DATA_TYPE *a, DATA_TYPE *b,
                            DATA_TYPE *c) {
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  int i = blockIdx.y * blockDim.y + threadIdx.y;

  if ((i < ni) && (j < nj)) {
    c[i * nj + j] *= beta;
    for (int k = 0; k < nk; k++)
      c[i * nj + j] += alpha * a[i * nk + k] * b[k * nj + j];
  }
}

// 2mm: tmp = alpha A B, then D = beta D + tmp C (macro sizes).
__global__ void mm2_kernel1(DATA_TYPE *tmp, DATA_TYPE *A, DATA_TYPE *B,
                            DATA_TYPE alpha) {
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  int i = blockIdx.y * blockDim.y + threadIdx.y;

  if ((i < NI) && (j < NJ)) {
    DATA_TYPE acc = 0;
    for (int k = 0; k < NK; k++)
      acc += alpha * A[i * NK + k] * B[k * NJ + j];
    tmp[i * NJ + j] = acc;
  }
}

__global__ void mm2_kernel2(DATA_TYPE *tmp, DATA_TYPE *C, DATA_TYPE *D,
                            DATA_TYPE beta) {
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  int i = blockIdx.y * blockDim.y + threadIdx.y;

  if ((i < NI) && (j < NL)) {
    D[i * NL + j] *= beta;
    for (int k = 0; k < NJ; k++)
      D[i * NL + j] += tmp[i * NJ + k] * C[k * NL + j];
  }
}

// 3mm: E = A B, F = C D, G = E F.
__global__ void mm3_kernel1(DATA_TYPE *A, DATA_TYPE *B, DATA_TYPE *E) {
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  int i = blockIdx.y * blockDim.y + threadIdx.y;

  if ((i < NI) && (j < NJ)) {
    E[i * NJ + j] = 0;
    for (int k = 0; k < NK; k++)
      E[i * NJ + j] += A[i * NK + k] * B[k * NJ + j];
  }
}

__global__ void mm3_kernel2(DATA_TYPE *C, DATA_TYPE *D, DATA_TYPE *F) {
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  int i = blockIdx.y * blockDim.y + threadIdx.y;

  if ((i < NJ) && (j < NL)) {
    F[i * NL + j] = 0;
    for (int k = 0; k < NM; k++)
      F[i * NL + j] += C[i * NM + k] * D[k * NL + j];
  }
}

__global__ void mm3_kernel3(DATA_TYPE *E, DATA_TYPE *F, DATA_TYPE *G) {
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  int i = blockIdx.y * blockDim.y + threadIdx.y;

  if ((i < NI) && (j < NL)) {
    G[i * NL + j] = 0;
    for (int k = 0; k < NJ; k++)
      G[i * NL + j] += E[i * NJ + k] * F[k * NL + j];
  }
}

// syrk, full square (the port computes both triangles): C = beta C +
// alpha A A^T, A is N x SYRK_M.
__global__ void syrk_kernel(DATA_TYPE alpha, DATA_TYPE beta, DATA_TYPE *a,
                            DATA_TYPE *c) {
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  int i = blockIdx.y * blockDim.y + threadIdx.y;

  if ((i < N) && (j < N)) {
    c[i * N + j] *= beta;
    for (int k = 0; k < SYRK_M; k++)
      c[i * N + j] += alpha * a[i * SYRK_M + k] * a[j * SYRK_M + k];
  }
}

// syr2k, sizes as arguments, the lower triangle only (j <= i).
__global__ void syr2k_kernel(int n, int m, DATA_TYPE alpha, DATA_TYPE beta,
                             DATA_TYPE *a, DATA_TYPE *b, DATA_TYPE *c) {
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  int i = blockIdx.y * blockDim.y + threadIdx.y;

  if ((i < n) && (j <= i)) {
    DATA_TYPE sum = c[i * n + j] * beta;
    for (int k = 0; k < m; k++)
      sum += alpha * a[j * m + k] * b[i * m + k] +
             alpha * b[j * m + k] * a[i * m + k];
    c[i * n + j] = sum;
  }
}

// trmm, sizes as arguments, out of place (in place, a row would read rows
// other threads are rewriting): Bout = alpha (B + A^T B), A unit lower
// triangular (only k > i is read).
__global__ void trmm_kernel(int m, int n, DATA_TYPE alpha, DATA_TYPE *A,
                            DATA_TYPE *B, DATA_TYPE *Bout) {
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  int i = blockIdx.y * blockDim.y + threadIdx.y;

  if ((i < m) && (j < n)) {
    DATA_TYPE t = B[i * n + j];
    for (int k = i + 1; k < m; k++)
      t += A[k * m + i] * B[k * n + j];
    Bout[i * n + j] = alpha * t;
  }
}

// symm: C = beta C + alpha A B with A symmetric, only its lower triangle
// stored (NI x NI), B and C NI x NJ.
__global__ void symm_kernel(DATA_TYPE alpha, DATA_TYPE beta, DATA_TYPE *A,
                            DATA_TYPE *B, DATA_TYPE *C) {
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  int i = blockIdx.y * blockDim.y + threadIdx.y;

  if ((i < NI) && (j < NJ)) {
    DATA_TYPE acc = 0;
    for (int k = 0; k < i; k++)
      acc += A[i * NI + k] * B[k * NJ + j];
    for (int k = i; k < NI; k++)
      acc += A[k * NI + i] * B[k * NJ + j];
    C[i * NJ + j] = beta * C[i * NJ + j] + alpha * acc;
  }
}

// ---- linear algebra: matrix-vector --------------------------------------

// atax: tmp = A x (a thread per row), y = A^T tmp (a thread per column).
__global__ void atax_kernel1(DATA_TYPE *A, DATA_TYPE *x, DATA_TYPE *tmp) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;

  if (i < NX) {
    tmp[i] = 0;
    for (int j = 0; j < NY; j++)
      tmp[i] += A[i * NY + j] * x[j];
  }
}

__global__ void atax_kernel2(DATA_TYPE *A, DATA_TYPE *y, DATA_TYPE *tmp) {
  int j = blockIdx.x * blockDim.x + threadIdx.x;

  if (j < NY) {
    y[j] = 0;
    for (int i = 0; i < NX; i++)
      y[j] += A[i * NY + j] * tmp[i];
  }
}

// bicg, sizes as arguments: s = A^T r (per column), q = A p (per row).
__global__ void bicg_kernel1(int nx, int ny, DATA_TYPE *A, DATA_TYPE *r,
                             DATA_TYPE *s) {
  int j = blockIdx.x * blockDim.x + threadIdx.x;

  if (j < ny) {
    s[j] = 0.0f;
    for (int i = 0; i < nx; i++)
      s[j] += r[i] * A[i * ny + j];
  }
}

__global__ void bicg_kernel2(int nx, int ny, DATA_TYPE *A, DATA_TYPE *p,
                             DATA_TYPE *q) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;

  if (i < nx) {
    q[i] = 0.0f;
    for (int j = 0; j < ny; j++)
      q[i] += A[i * ny + j] * p[j];
  }
}

// mvt: x1 += A y1, x2 += A^T y2.
__global__ void mvt_kernel1(DATA_TYPE *a, DATA_TYPE *x1, DATA_TYPE *y_1) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;

  if (i < N) {
    for (int j = 0; j < N; j++)
      x1[i] += a[i * N + j] * y_1[j];
  }
}

__global__ void mvt_kernel2(DATA_TYPE *a, DATA_TYPE *x2, DATA_TYPE *y_2) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;

  if (i < N) {
    for (int j = 0; j < N; j++)
      x2[i] += a[j * N + i] * y_2[j];
  }
}

// gesummv, size as an argument: y = alpha A x + beta B x.
__global__ void gesummv_kernel(int n, DATA_TYPE alpha, DATA_TYPE beta,
                               DATA_TYPE *A, DATA_TYPE *B, DATA_TYPE *x,
                               DATA_TYPE *y, DATA_TYPE *tmp) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;

  if (i < n) {
    tmp[i] = 0;
    y[i] = 0;
    for (int j = 0; j < n; j++) {
      tmp[i] += A[i * n + j] * x[j];
      y[i] += B[i * n + j] * x[j];
    }
    y[i] = alpha * tmp[i] + beta * y[i];
  }
}

// gemver, size as an argument: A += u1 v1^T + u2 v2^T (2-D); x += beta
// A^T y; x += z; w += alpha A x.
__global__ void gemver_kernel1(int n, DATA_TYPE *a, DATA_TYPE *v1,
                               DATA_TYPE *v2, DATA_TYPE *u1, DATA_TYPE *u2) {
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  int i = blockIdx.y * blockDim.y + threadIdx.y;

  if ((i < n) && (j < n))
    a[i * n + j] += u1[i] * v1[j] + u2[i] * v2[j];
}

__global__ void gemver_kernel2(int n, DATA_TYPE beta, DATA_TYPE *a,
                               DATA_TYPE *x, DATA_TYPE *y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;

  if (i < n) {
    for (int j = 0; j < n; j++)
      x[i] += beta * a[j * n + i] * y[j];
  }
}

__global__ void gemver_kernel3(int n, DATA_TYPE *x, DATA_TYPE *z) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;

  if (i < n)
    x[i] += z[i];
}

__global__ void gemver_kernel4(int n, DATA_TYPE alpha, DATA_TYPE *a,
                               DATA_TYPE *x, DATA_TYPE *w) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;

  if (i < n) {
    for (int j = 0; j < n; j++)
      w[i] += alpha * a[i * n + j] * x[j];
  }
}

// ---- data mining ---------------------------------------------------------

// covariance, in double: column means, centring (2-D), the symmetric
// covariance matrix (a thread per column j1, both halves written).
__global__ void covariance_kernel1(double *mean, double *data,
                                   double float_n) {
  int j = blockIdx.x * blockDim.x + threadIdx.x;

  if (j < CM) {
    mean[j] = 0.0;
    for (int i = 0; i < CN; i++)
      mean[j] += data[i * CM + j];
    mean[j] /= float_n;
  }
}

__global__ void covariance_kernel2(double *mean, double *data) {
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  int i = blockIdx.y * blockDim.y + threadIdx.y;

  if ((i < CN) && (j < CM))
    data[i * CM + j] -= mean[j];
}

__global__ void covariance_kernel3(double *symmat, double *data) {
  int j1 = blockIdx.x * blockDim.x + threadIdx.x;

  if (j1 < CM) {
    for (int j2 = j1; j2 < CM; j2++) {
      double s = 0.0;
      for (int i = 0; i < CN; i++)
        s += data[i * CM + j1] * data[i * CM + j2];
      s /= (double)(CN - 1);
      symmat[j1 * CM + j2] = s;
      symmat[j2 * CM + j1] = s;
    }
  }
}

// correlation, in float: means, standard deviations (a deviation too small
// becomes 1), centring and scaling (2-D), the correlation matrix (a thread
// per column; the host sets its last diagonal element).
#define CORR_EPS 0.005f
__global__ void correlation_kernel1(DATA_TYPE *mean, DATA_TYPE *data,
                                    DATA_TYPE float_n) {
  int j = blockIdx.x * blockDim.x + threadIdx.x;

  if (j < CM) {
    mean[j] = 0.0f;
    for (int i = 0; i < CN; i++)
      mean[j] += data[i * CM + j];
    mean[j] /= float_n;
  }
}

__global__ void correlation_kernel2(DATA_TYPE *mean, DATA_TYPE *stddev,
                                    DATA_TYPE *data, DATA_TYPE float_n) {
  int j = blockIdx.x * blockDim.x + threadIdx.x;

  if (j < CM) {
    stddev[j] = 0.0f;
    for (int i = 0; i < CN; i++)
      stddev[j] += (data[i * CM + j] - mean[j]) * (data[i * CM + j] - mean[j]);
    stddev[j] /= float_n;
    stddev[j] = sqrtf(stddev[j]);
    if (stddev[j] <= CORR_EPS)
      stddev[j] = 1.0f;
  }
}

__global__ void correlation_kernel3(DATA_TYPE *mean, DATA_TYPE *stddev,
                                    DATA_TYPE *data, DATA_TYPE float_n) {
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  int i = blockIdx.y * blockDim.y + threadIdx.y;

  if ((i < CN) && (j < CM)) {
    data[i * CM + j] -= mean[j];
    data[i * CM + j] /= sqrtf(float_n) * stddev[j];
  }
}

__global__ void correlation_kernel4(DATA_TYPE *symmat, DATA_TYPE *data) {
  int j1 = blockIdx.x * blockDim.x + threadIdx.x;

  if (j1 < CM - 1) {
    symmat[j1 * CM + j1] = 1.0f;
    for (int j2 = j1 + 1; j2 < CM; j2++) {
      symmat[j1 * CM + j2] = 0.0f;
      for (int i = 0; i < CN; i++)
        symmat[j1 * CM + j2] += data[i * CM + j1] * data[i * CM + j2];
      symmat[j2 * CM + j1] = symmat[j1 * CM + j2];
    }
  }
}

// doitgen, sizes as arguments, a 3-D grid (blockIdx.z is r): sum = A C4
// per (r, q), then copied back into A.
__global__ void doitgen_kernel1(int nr, int nq, int np, DATA_TYPE *sum,
                                DATA_TYPE *A, DATA_TYPE *C4) {
  int p = blockIdx.x * blockDim.x + threadIdx.x;
  int q = blockIdx.y * blockDim.y + threadIdx.y;
  int r = blockIdx.z;

  if ((r < nr) && (q < nq) && (p < np)) {
    sum[(r * nq + q) * np + p] = 0;
    for (int s = 0; s < np; s++)
      sum[(r * nq + q) * np + p] += A[(r * nq + q) * np + s] * C4[s * np + p];
  }
}

__global__ void doitgen_kernel2(int nr, int nq, int np, DATA_TYPE *sum,
                                DATA_TYPE *A) {
  int p = blockIdx.x * blockDim.x + threadIdx.x;
  int q = blockIdx.y * blockDim.y + threadIdx.y;
  int r = blockIdx.z;

  if ((r < nr) && (q < nq) && (p < np))
    A[(r * nq + q) * np + p] = sum[(r * nq + q) * np + p];
}

// ---- stencils ------------------------------------------------------------

// jacobi-1d, size as an argument: a two-sided guard, then the copy back as
// a grid-stride loop.
__global__ void jacobi1d_kernel1(int n, DATA_TYPE *A, DATA_TYPE *B) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;

  if ((i > 0) && (i < (n - 1)))
    B[i] = 0.33333f * (A[i - 1] + A[i] + A[i + 1]);
}

__global__ void jacobi1d_kernel2(int n, DATA_TYPE *A, DATA_TYPE *B) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x + 1; i < n - 1;
       i += blockDim.x * gridDim.x)
    A[i] = B[i];
}

// jacobi-2d: the 5-point average into B, then B copied back.
__global__ void jacobi2d_kernel1(DATA_TYPE *A, DATA_TYPE *B) {
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  int i = blockIdx.y * blockDim.y + threadIdx.y;

  if ((i >= 1) && (i < (N - 1)) && (j >= 1) && (j < (N - 1)))
    B[i * N + j] = 0.2f * (A[i * N + j] + A[i * N + (j - 1)] +
                           A[i * N + (1 + j)] + A[(1 + i) * N + j] +
                           A[(i - 1) * N + j]);
}

__global__ void jacobi2d_kernel2(DATA_TYPE *A, DATA_TYPE *B) {
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  int i = blockIdx.y * blockDim.y + threadIdx.y;

  if ((i >= 1) && (i < (N - 1)) && (j >= 1) && (j < (N - 1)))
    A[i * N + j] = B[i * N + j];
}

// fdtd-2d: ey (row 0 from the source fict[t]), ex, then hz.
__global__ void fdtd2d_kernel1(DATA_TYPE *fict, DATA_TYPE *ex, DATA_TYPE *ey,
                               DATA_TYPE *hz, int t) {
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  int i = blockIdx.y * blockDim.y + threadIdx.y;

  if ((i < FDTD_NX) && (j < FDTD_NY)) {
    if (i == 0)
      ey[i * FDTD_NY + j] = fict[t];
    else
      ey[i * FDTD_NY + j] =
          ey[i * FDTD_NY + j] -
          0.5f * (hz[i * FDTD_NY + j] - hz[(i - 1) * FDTD_NY + j]);
  }
}

__global__ void fdtd2d_kernel2(DATA_TYPE *ex, DATA_TYPE *ey, DATA_TYPE *hz) {
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  int i = blockIdx.y * blockDim.y + threadIdx.y;

  if ((i < FDTD_NX) && (j < FDTD_NY) && (j > 0))
    ex[i * FDTD_NY + j] =
        ex[i * FDTD_NY + j] -
        0.5f * (hz[i * FDTD_NY + j] - hz[i * FDTD_NY + (j - 1)]);
}

__global__ void fdtd2d_kernel3(DATA_TYPE *ex, DATA_TYPE *ey, DATA_TYPE *hz) {
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  int i = blockIdx.y * blockDim.y + threadIdx.y;

  if ((i < (FDTD_NX - 1)) && (j < (FDTD_NY - 1)))
    hz[i * FDTD_NY + j] =
        hz[i * FDTD_NY + j] -
        0.7f * (ex[i * FDTD_NY + (j + 1)] - ex[i * FDTD_NY + j] +
                ey[(i + 1) * FDTD_NY + j] - ey[i * FDTD_NY + j]);
}

// heat-3d, in double, 3-D blocks (i from the z index): one sweep A -> B;
// the host calls it again with the arrays swapped.
__global__ void heat3d_kernel(double *A, double *B) {
  int k = blockIdx.x * blockDim.x + threadIdx.x;
  int j = blockIdx.y * blockDim.y + threadIdx.y;
  int i = blockIdx.z * blockDim.z + threadIdx.z;

  if (i > 0 && i < N3 - 1 && j > 0 && j < N3 - 1 && k > 0 && k < N3 - 1) {
    int c = (i * N3 + j) * N3 + k;
    B[c] = 0.125 * (A[c + N3 * N3] - 2.0 * A[c] + A[c - N3 * N3]) +
           0.125 * (A[c + N3] - 2.0 * A[c] + A[c - N3]) +
           0.125 * (A[c + 1] - 2.0 * A[c] + A[c - 1]) + A[c];
  }
}

// convolution-2d: a 3x3 filter, constant weights, the border left alone.
__global__ void conv2d_kernel(DATA_TYPE *A, DATA_TYPE *B) {
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  int i = blockIdx.y * blockDim.y + threadIdx.y;

  DATA_TYPE w00 = +0.25f, w01 = -0.40f, w02 = +0.15f;
  DATA_TYPE w10 = +0.55f, w11 = +0.30f, w12 = -0.65f;
  DATA_TYPE w20 = -0.20f, w21 = +0.45f, w22 = +0.70f;

  if ((i < NI - 1) && (j < NJ - 1) && (i > 0) && (j > 0)) {
    B[i * NJ + j] = w00 * A[(i - 1) * NJ + (j - 1)] +
                    w01 * A[(i - 1) * NJ + j] + w02 * A[(i - 1) * NJ + (j + 1)] +
                    w10 * A[i * NJ + (j - 1)] + w11 * A[i * NJ + j] +
                    w12 * A[i * NJ + (j + 1)] + w20 * A[(i + 1) * NJ + (j - 1)] +
                    w21 * A[(i + 1) * NJ + j] + w22 * A[(i + 1) * NJ + (j + 1)];
  }
}

// convolution-3d: a 2-D grid per plane i (the host loops over i), eleven
// taps of the 3x3x3 neighbourhood.
__global__ void conv3d_kernel(DATA_TYPE *A, DATA_TYPE *B, int i) {
  int k = blockIdx.x * blockDim.x + threadIdx.x;
  int j = blockIdx.y * blockDim.y + threadIdx.y;

  if ((i < (N3 - 1)) && (j < (N3 - 1)) && (k < (N3 - 1)) && (i > 0) &&
      (j > 0) && (k > 0)) {
    B[i * (N3 * N3) + j * N3 + k] =
        0.5f * A[(i - 1) * (N3 * N3) + (j - 1) * N3 + (k - 1)] -
        0.3f * A[(i - 1) * (N3 * N3) + (j + 1) * N3 + (k - 1)] +
        0.2f * A[(i - 1) * (N3 * N3) + j * N3 + k] +
        0.6f * A[i * (N3 * N3) + (j - 1) * N3 + k] -
        0.9f * A[i * (N3 * N3) + j * N3 + (k - 1)] +
        0.1f * A[i * (N3 * N3) + j * N3 + k] +
        0.4f * A[i * (N3 * N3) + j * N3 + (k + 1)] -
        0.7f * A[i * (N3 * N3) + (j + 1) * N3 + k] +
        0.8f * A[(i + 1) * (N3 * N3) + (j - 1) * N3 + (k + 1)] -
        0.2f * A[(i + 1) * (N3 * N3) + j * N3 + k] +
        0.3f * A[(i + 1) * (N3 * N3) + (j + 1) * N3 + (k + 1)];
  }
}

// seidel-like: red-black Gauss-Seidel, one colour per launch, in place
// (a point of one colour reads only the other's).
__global__ void seidel_kernel(DATA_TYPE *A, int color) {
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  int i = blockIdx.y * blockDim.y + threadIdx.y;

  if ((i >= 1) && (i < N - 1) && (j >= 1) && (j < N - 1) &&
      (((i + j) & 1) == color))
    A[i * N + j] = (A[(i - 1) * N + j] + A[(i + 1) * N + j] +
                    A[i * N + (j - 1)] + A[i * N + (j + 1)] + A[i * N + j]) *
                   0.2f;
}

// adi-like, in double, size as an argument: the row sweep (a thread per
// row, a recurrence along it), then the column sweep (a thread per column).
__global__ void adi_kernel1(int n, double *X, double *A, double *B) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;

  if (i < n) {
    for (int j = 1; j < n; j++) {
      X[i * n + j] =
          X[i * n + j] - X[i * n + (j - 1)] * A[i * n + j] / B[i * n + (j - 1)];
      B[i * n + j] =
          B[i * n + j] - A[i * n + j] * A[i * n + j] / B[i * n + (j - 1)];
    }
  }
}

__global__ void adi_kernel2(int n, double *X, double *A, double *B) {
  int j = blockIdx.x * blockDim.x + threadIdx.x;

  if (j < n) {
    for (int i = 1; i < n; i++) {
      X[i * n + j] =
          X[i * n + j] - X[(i - 1) * n + j] * A[i * n + j] / B[(i - 1) * n + j];
      B[i * n + j] =
          B[i * n + j] - A[i * n + j] * A[i * n + j] / B[(i - 1) * n + j];
    }
  }
}

// lu-like: the elimination at pivot k, one launch per k: the pivot row
// scaled (1-D), then the trailing submatrix updated (2-D).
__global__ void lu_kernel1(DATA_TYPE *A, int k) {
  int j = blockIdx.x * blockDim.x + threadIdx.x;

  if ((j > k) && (j < N))
    A[k * N + j] = A[k * N + j] / A[k * N + k];
}

__global__ void lu_kernel2(DATA_TYPE *A, int k) {
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  int i = blockIdx.y * blockDim.y + threadIdx.y;

  if ((i > k) && (j > k) && (i < N) && (j < N))
    A[i * N + j] = A[i * N + j] - A[i * N + k] * A[k * N + j];
}

} // extern "C"
