// bench/kernels/hand-tiled/others/samples.cu: the style imitated is the CUDA
// samples' (scalarProd, convolutionSeparable). Written for this project (a
// probe of its hand-tiled support, issue 29), not copied: the shapes are the
// collection's. Builds without CUDA's headers (-nocudainc -include
// test/E2E/Inputs/cuda-builtins.h). Run on the CPU by
// test/E2E/Inputs/others/samples-main.c (cuda-emu.h) in
// test/E2E/hand-tiled-others.test.
//
// CUDA samples: scalarProd (vectors in a grid-stride loop over blocks with
// barriers inside, a stride loop with the barrier at its top), and
// convolutionSeparable's row pass (2-D block 16 x 4, halo, __constant__
// kernel, #pragma unroll loops).
#define ACCUM_N 256
#define KERNEL_RADIUS 8
#define ROWS_BLOCKDIM_X 16
#define ROWS_BLOCKDIM_Y 4
#define ROWS_RESULT_STEPS 4
#define ROWS_HALO_STEPS 1

extern "C" {
__constant__ float c_Kernel[2 * KERNEL_RADIUS + 1];

// Block: 128 threads (ACCUM_N a multiple).
__global__ void scalarProd(float *d_C, const float *d_A, const float *d_B,
                           int vectorN, int elementN) {
  __shared__ float accumResult[ACCUM_N];
  for (int vec = blockIdx.x; vec < vectorN; vec += gridDim.x) {
    int vectorBase = elementN * vec;
    int vectorEnd = vectorBase + elementN;
    for (int iAccum = threadIdx.x; iAccum < ACCUM_N; iAccum += blockDim.x) {
      float sum = 0;
      for (int pos = vectorBase + iAccum; pos < vectorEnd; pos += ACCUM_N)
        sum += d_A[pos] * d_B[pos];
      accumResult[iAccum] = sum;
    }
    for (int stride = ACCUM_N / 2; stride > 0; stride >>= 1) {
      __syncthreads();
      for (int iAccum = threadIdx.x; iAccum < stride; iAccum += blockDim.x)
        accumResult[iAccum] += accumResult[stride + iAccum];
    }
    __syncthreads();
    if (threadIdx.x == 0) d_C[vec] = accumResult[0];
  }
}

// Block: 16 x 4; grid: imageW / (RESULT_STEPS * 16) x imageH / 4.
__global__ void convolutionRows(float *d_Dst, const float *d_Src, int imageW,
                                int imageH, int pitch) {
  __shared__ float s_Data[ROWS_BLOCKDIM_Y][(ROWS_RESULT_STEPS + 2 * ROWS_HALO_STEPS) * ROWS_BLOCKDIM_X];
  const int baseX = (blockIdx.x * ROWS_RESULT_STEPS - ROWS_HALO_STEPS) * ROWS_BLOCKDIM_X + threadIdx.x;
  const int baseY = blockIdx.y * ROWS_BLOCKDIM_Y + threadIdx.y;
  d_Src += baseY * pitch + baseX;
  d_Dst += baseY * pitch + baseX;
#pragma unroll
  for (int i = ROWS_HALO_STEPS; i < ROWS_HALO_STEPS + ROWS_RESULT_STEPS; i++)
    s_Data[threadIdx.y][threadIdx.x + i * ROWS_BLOCKDIM_X] = d_Src[i * ROWS_BLOCKDIM_X];
#pragma unroll
  for (int i = 0; i < ROWS_HALO_STEPS; i++)
    s_Data[threadIdx.y][threadIdx.x + i * ROWS_BLOCKDIM_X] =
        (baseX >= -i * ROWS_BLOCKDIM_X) ? d_Src[i * ROWS_BLOCKDIM_X] : 0;
#pragma unroll
  for (int i = ROWS_HALO_STEPS + ROWS_RESULT_STEPS; i < ROWS_HALO_STEPS + ROWS_RESULT_STEPS + ROWS_HALO_STEPS; i++)
    s_Data[threadIdx.y][threadIdx.x + i * ROWS_BLOCKDIM_X] =
        (imageW - baseX > i * ROWS_BLOCKDIM_X) ? d_Src[i * ROWS_BLOCKDIM_X] : 0;
  __syncthreads();
#pragma unroll
  for (int i = ROWS_HALO_STEPS; i < ROWS_HALO_STEPS + ROWS_RESULT_STEPS; i++) {
    float sum = 0;
#pragma unroll
    for (int j = -KERNEL_RADIUS; j <= KERNEL_RADIUS; j++)
      sum += c_Kernel[KERNEL_RADIUS - j] * s_Data[threadIdx.y][threadIdx.x + i * ROWS_BLOCKDIM_X + j];
    d_Dst[i * ROWS_BLOCKDIM_X] = sum;
  }
}
}
