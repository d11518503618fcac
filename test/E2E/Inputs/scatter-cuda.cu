// CUDA kernels with indirect stores, for scatter.test (run on the CPU by
// cuda-emu.h): a permutation scattered by each thread (the block is the
// tile), rows whose entry loop the block's threads tile together, each
// thread scattering its row's entries (its own column of the slot), and
// clash, where some threads scatter into the element of x they read next
// (the others past what any thread reads): those blocks run on global
// memory (the block votes), which the thread's read must see.
#define COLS 600

extern "C" {

__global__ void __launch_bounds__(32)
permute(float *__restrict__ out, const float *__restrict__ in,
        const int *__restrict__ perm, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[perm[i]] = 2.0f * in[i] + 1.0f;
}

__global__ void __launch_bounds__(32)
rows(float *__restrict__ y, const float *__restrict__ x,
     const int *__restrict__ perm, int m) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < m)
    for (int k = 0; k < COLS; k++)
      y[i * COLS + perm[k]] = 3.0f * x[i * COLS + k];
}

__global__ void __launch_bounds__(32)
clash(float *x, float *y, const int *__restrict__ idx, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    x[idx[i]] = 0.5f * y[i];
    y[i] = 2.0f * x[i] + 1.0f;
  }
}

} // extern "C"
