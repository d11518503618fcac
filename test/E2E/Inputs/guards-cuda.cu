// CUDA kernels with the bounds guards GPU programmers write, for
// guards-cuda.test (run on the CPU by cuda-emu.h): two-sided (i > 0 &&
// i < n - 1, whose i > 0 is i != 0 in the IR), an early return, an && of
// two arrays' bounds, an || that returns, and a != that is no bound at all
// (a block containing the thread it excludes must run on global memory).
extern "C" {

__global__ void __launch_bounds__(32)
jacobi(const float *__restrict__ a, float *__restrict__ b, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i > 0 && i < n - 1)
    b[i] = 0.33333f * (a[i - 1] + a[i] + a[i + 1]);
}

__global__ void __launch_bounds__(32)
axpy(const float *__restrict__ x, float *__restrict__ y, float s, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  y[i] = s * x[i] + y[i];
}

__global__ void __launch_bounds__(32)
add2(const float *__restrict__ x, float *__restrict__ y, int n, int m) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n && i < m)
    y[i] = x[i] + 1.0f;
}

__global__ void __launch_bounds__(32)
edges(const float *__restrict__ a, float *__restrict__ b, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < 1 || i >= n - 1)
    return;
  b[i] = a[i + 1] - a[i - 1];
}

__global__ void __launch_bounds__(32)
skip(const float *__restrict__ x, float *__restrict__ y, int k) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i != k)
    y[i] = 2.0f * x[i];
}
}
