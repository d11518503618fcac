// CUDA kernels whose blocks tile an inner loop and have accesses outside
// it, for outside.test (run on the CPU by cuda-emu.h): a row's sum stored
// after its loop only where it is positive (a branch on loaded data, after
// the tiles, in the compatible interval), a weight loaded before each
// channel's column loop (depth 2), and a row's value loaded before the
// loop and its sum stored after it into the row the tiles read. gemvt's
// guard (j < n, n an argument) branches straight into its row loop, with
// no block between: the sum after the loop is a stretch all the same.
#define COLS 1500
#define CHANNELS 3
#define WIDTH 700

extern "C" {

__global__ void __launch_bounds__(32)
positive(const float *__restrict__ a, float *__restrict__ y, int m) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < m) {
    float s = 0.0f;
    for (int j = 0; j < COLS; j++)
      s += a[i * COLS + j];
    if (s > 0.0f)
      y[i] = s;
  }
}

__global__ void __launch_bounds__(32)
weighted(const float *__restrict__ in, const float *__restrict__ w,
         float *__restrict__ out, int m) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < m)
#pragma unroll 1
    for (int c = 0; c < CHANNELS; c++)
      for (int j = 0; j < WIDTH; j++)
        out[i * WIDTH + j] += w[c] * in[(i * CHANNELS + c) * WIDTH + j];
}

__global__ void __launch_bounds__(32)
in_row(float *__restrict__ b, const float *__restrict__ x, int m) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < m) {
    float s = b[i * COLS + 1];
    for (int j = 2; j < COLS; j++)
      s += b[i * COLS + j] * x[j];
    b[i * COLS] = s;
  }
}

#define N 256
__global__ void __launch_bounds__(32)
gemvt(const float *__restrict__ A, const float *__restrict__ x,
      float *__restrict__ y, int n) {
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  if (j < n) {
    float s = 0.0f;
    for (int i = 0; i < N; i++)
      s += A[i * N + j] * x[i];
    y[j] = s;
  }
}

} // extern "C"
