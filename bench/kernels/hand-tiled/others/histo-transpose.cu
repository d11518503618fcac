// bench/kernels/hand-tiled/others/histo-transpose.cu: the style imitated is
// the CUDA samples' (histogram256, transpose). Written for this project (a
// probe of its hand-tiled support, issue 29), not copied: the shapes are the
// collection's. Builds without CUDA's headers (-nocudainc -include
// test/E2E/Inputs/cuda-builtins.h). Run on the CPU by
// test/E2E/Inputs/others/histo-transpose-main.c (cuda-emu.h) in
// test/E2E/hand-tiled-others.test.
//
// CUDA samples histogram256 (per-warp sub-histograms, shared atomics,
// grid-stride data loop, merge kernel with a shared tree) and
// transposeDiagonal (diagonal block reordering under a uniform branch,
// padded tile, BLOCK_ROWS loops).
#define HISTOGRAM256_BIN_COUNT 256
#define LOG2_WARP_SIZE 5U
#define WARP_COUNT 6
#define HISTOGRAM256_THREADBLOCK_SIZE (WARP_COUNT << LOG2_WARP_SIZE)
#define HISTOGRAM256_THREADBLOCK_MEMORY (WARP_COUNT * HISTOGRAM256_BIN_COUNT)
#define MERGE_THREADBLOCK_SIZE 256
#define UMUL(a, b) ((a) * (b))
#define TILE_DIM 32
#define BLOCK_ROWS 8

typedef unsigned int uint;

__device__ inline void addByte(uint *s_WarpHist, uint data) {
  atomicAdd(s_WarpHist + data, 1);
}
__device__ inline void addWord(uint *s_WarpHist, uint data) {
  addByte(s_WarpHist, (data >> 0) & 0xFFU);
  addByte(s_WarpHist, (data >> 8) & 0xFFU);
  addByte(s_WarpHist, (data >> 16) & 0xFFU);
  addByte(s_WarpHist, (data >> 24) & 0xFFU);
}

extern "C" {
// Block: 192; grid: PARTIAL_HISTOGRAM256_COUNT.
__global__ void histogram256Kernel(uint *d_PartialHistograms, const uint *d_Data,
                                   uint dataCount) {
  __shared__ uint s_Hist[HISTOGRAM256_THREADBLOCK_MEMORY];
  uint *s_WarpHist = s_Hist + (threadIdx.x >> LOG2_WARP_SIZE) * HISTOGRAM256_BIN_COUNT;
#pragma unroll
  for (uint i = 0; i < (HISTOGRAM256_THREADBLOCK_MEMORY / HISTOGRAM256_THREADBLOCK_SIZE); i++)
    s_Hist[threadIdx.x + i * HISTOGRAM256_THREADBLOCK_SIZE] = 0;
  __syncthreads();
  for (uint pos = UMUL(blockIdx.x, blockDim.x) + threadIdx.x; pos < dataCount;
       pos += UMUL(blockDim.x, gridDim.x)) {
    uint data = d_Data[pos];
    addWord(s_WarpHist, data);
  }
  __syncthreads();
  for (uint bin = threadIdx.x; bin < HISTOGRAM256_BIN_COUNT; bin += HISTOGRAM256_THREADBLOCK_SIZE) {
    uint sum = 0;
    for (uint i = 0; i < WARP_COUNT; i++)
      sum += s_Hist[bin + i * HISTOGRAM256_BIN_COUNT];
    d_PartialHistograms[blockIdx.x * HISTOGRAM256_BIN_COUNT + bin] = sum;
  }
}

// Block: 256; grid: 256 (one bin each).
__global__ void mergeHistogram256Kernel(uint *d_Histogram, const uint *d_PartialHistograms,
                                        uint histogramCount) {
  uint sum = 0;
  for (uint i = threadIdx.x; i < histogramCount; i += MERGE_THREADBLOCK_SIZE)
    sum += d_PartialHistograms[blockIdx.x + i * HISTOGRAM256_BIN_COUNT];
  __shared__ uint data[MERGE_THREADBLOCK_SIZE];
  data[threadIdx.x] = sum;
  for (uint stride = MERGE_THREADBLOCK_SIZE / 2; stride > 0; stride >>= 1) {
    __syncthreads();
    if (threadIdx.x < stride) data[threadIdx.x] += data[threadIdx.x + stride];
  }
  if (threadIdx.x == 0) d_Histogram[blockIdx.x] = data[0];
}

// Block: 32 x 8; square or rectangular.
__global__ void transposeDiagonal(float *odata, const float *idata, int width, int height) {
  __shared__ float tile[TILE_DIM][TILE_DIM + 1];
  int blockIdx_x, blockIdx_y;
  if (width == height) {
    blockIdx_y = blockIdx.x;
    blockIdx_x = (blockIdx.x + blockIdx.y) % gridDim.x;
  } else {
    int bid = blockIdx.x + gridDim.x * blockIdx.y;
    blockIdx_y = bid % gridDim.y;
    blockIdx_x = ((bid / gridDim.y) + blockIdx_y) % gridDim.x;
  }
  int xIndex = blockIdx_x * TILE_DIM + threadIdx.x;
  int yIndex = blockIdx_y * TILE_DIM + threadIdx.y;
  int index_in = xIndex + (yIndex)*width;
  xIndex = blockIdx_y * TILE_DIM + threadIdx.x;
  yIndex = blockIdx_x * TILE_DIM + threadIdx.y;
  int index_out = xIndex + (yIndex)*height;
  for (int i = 0; i < TILE_DIM; i += BLOCK_ROWS)
    tile[threadIdx.y + i][threadIdx.x] = idata[index_in + i * width];
  __syncthreads();
  for (int i = 0; i < TILE_DIM; i += BLOCK_ROWS)
    odata[index_out + i * height] = tile[threadIdx.x][threadIdx.y + i];
}
}
