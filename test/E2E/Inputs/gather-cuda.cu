// CUDA ELLPACK sparse matrix-vector products whose rows do not fit a block's
// shared memory, for gather.test (run on the CPU by cuda-emu.h): the block's
// threads tile the entry loop together, and each thread gathers its
// x[col[...]] elements of a tile into its own column of the gathered slot.
// ell_rows keeps a row's entries together (val[i][k]); ell_cols stores them
// entry-major (val[k][i], coalesced on a GPU: a tile's entries are rows of
// the arrays' pitch). The sums are stored after the loop, each in a
// compatible interval of its own.
#define ENTRIES 600
#define ROWS (4 * 32 + 9)

extern "C" {

__global__ void __launch_bounds__(32)
ell_rows(const float *__restrict__ val, const int *__restrict__ col,
         const float *__restrict__ x, float *__restrict__ y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < ROWS) {
    float s = 0.0f;
    for (int k = 0; k < ENTRIES; k++)
      s += val[i * ENTRIES + k] * x[col[i * ENTRIES + k]];
    y[i] = s;
  }
}

__global__ void __launch_bounds__(32)
ell_cols(const float *__restrict__ val, const int *__restrict__ col,
         const float *__restrict__ x, float *__restrict__ y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < ROWS) {
    float s = 0.0f;
    for (int k = 0; k < ENTRIES; k++)
      s += val[k * ROWS + i] * x[col[k * ROWS + i]];
    y[i] = s;
  }
}

} // extern "C"
