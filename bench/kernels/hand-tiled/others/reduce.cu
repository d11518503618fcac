// bench/kernels/hand-tiled/others/reduce.cu: the style imitated is the CUDA
// samples' (reduction). Written for this project (a probe of its hand-tiled
// support, issue 29), not copied: the shapes are the collection's. Builds
// without CUDA's headers (-nocudainc -include
// test/E2E/Inputs/cuda-builtins.h). Run on the CPU by
// test/E2E/Inputs/others/reduce-main.c (cuda-emu.h) in
// test/E2E/hand-tiled-others.test.
//
// CUDA samples reduction (reduce4/5/6 shapes): template-unrolled tree with
// __syncthreads() under `if (blockSize >= N)`, warp-unrolled last steps on a
// volatile shared pointer, shuffles, and blockDim.x-based conditions.
// Block sizes: reduce4_legacy 128 (compile only: it relies on warp
// lockstep), reduce5_256 256, reduce6_shfl_128 128, reduce_blockdim 512/64.

template <unsigned blockSize>
__device__ void warpReduceLegacy(volatile float *sdata, unsigned tid) {
  if (blockSize >= 64) sdata[tid] += sdata[tid + 32];
  if (blockSize >= 32) sdata[tid] += sdata[tid + 16];
  if (blockSize >= 16) sdata[tid] += sdata[tid + 8];
  if (blockSize >= 8) sdata[tid] += sdata[tid + 4];
  if (blockSize >= 4) sdata[tid] += sdata[tid + 2];
  if (blockSize >= 2) sdata[tid] += sdata[tid + 1];
}

// With __syncwarp between the steps (the CUDA 9+ fix of the same code).
template <unsigned blockSize>
__device__ void warpReduceSynced(volatile float *sdata, unsigned tid) {
  float v = sdata[tid];
  if (blockSize >= 64) { v += sdata[tid + 32]; __syncwarp(); sdata[tid] = v; __syncwarp(); }
  if (blockSize >= 32) { v += sdata[tid + 16]; __syncwarp(); sdata[tid] = v; __syncwarp(); }
  if (blockSize >= 16) { v += sdata[tid + 8]; __syncwarp(); sdata[tid] = v; __syncwarp(); }
  if (blockSize >= 8) { v += sdata[tid + 4]; __syncwarp(); sdata[tid] = v; __syncwarp(); }
  if (blockSize >= 4) { v += sdata[tid + 2]; __syncwarp(); sdata[tid] = v; __syncwarp(); }
  if (blockSize >= 2) { v += sdata[tid + 1]; __syncwarp(); sdata[tid] = v; __syncwarp(); }
}

template <unsigned blockSize>
__device__ void reduce4(const float *g_idata, float *g_odata, unsigned n) {
  __shared__ float sdata[blockSize];
  unsigned tid = threadIdx.x;
  unsigned i = blockIdx.x * (blockSize * 2) + threadIdx.x;
  float mySum = (i < n) ? g_idata[i] : 0;
  if (i + blockSize < n) mySum += g_idata[i + blockSize];
  sdata[tid] = mySum;
  __syncthreads();
  for (unsigned s = blockDim.x / 2; s > 32; s >>= 1) {
    if (tid < s) sdata[tid] = mySum = mySum + sdata[tid + s];
    __syncthreads();
  }
  if (tid < 32) warpReduceLegacy<blockSize>(sdata, tid);
  if (tid == 0) g_odata[blockIdx.x] = sdata[0];
}

template <unsigned blockSize>
__device__ void reduce5(const float *g_idata, float *g_odata, unsigned n) {
  __shared__ float sdata[blockSize];
  unsigned tid = threadIdx.x;
  unsigned i = blockIdx.x * (blockSize * 2) + threadIdx.x;
  float mySum = (i < n) ? g_idata[i] : 0;
  if (i + blockSize < n) mySum += g_idata[i + blockSize];
  sdata[tid] = mySum;
  __syncthreads();
  if (blockSize >= 512) { if (tid < 256) sdata[tid] = mySum = mySum + sdata[tid + 256]; __syncthreads(); }
  if (blockSize >= 256) { if (tid < 128) sdata[tid] = mySum = mySum + sdata[tid + 128]; __syncthreads(); }
  if (blockSize >= 128) { if (tid < 64) sdata[tid] = mySum = mySum + sdata[tid + 64]; __syncthreads(); }
  if (tid < 32) warpReduceSynced<blockSize>(sdata, tid);
  if (tid == 0) g_odata[blockIdx.x] = sdata[0];
}

template <unsigned blockSize, bool nIsPow2>
__device__ void reduce6(const float *g_idata, float *g_odata, unsigned n) {
  __shared__ float sdata[blockSize];
  unsigned tid = threadIdx.x;
  unsigned gridSize = blockSize * 2 * gridDim.x;
  float mySum = 0;
  if (nIsPow2) {
    unsigned i = blockIdx.x * blockSize * 2 + threadIdx.x;
    while (i < n) {
      mySum += g_idata[i];
      if ((i + blockSize) < n) mySum += g_idata[i + blockSize];
      i += gridSize;
    }
  } else {
    unsigned i = blockIdx.x * blockSize + threadIdx.x;
    while (i < n) { mySum += g_idata[i]; i += blockSize * gridDim.x; }
  }
  sdata[tid] = mySum;
  __syncthreads();
  if ((blockSize >= 512) && (tid < 256)) sdata[tid] = mySum = mySum + sdata[tid + 256];
  __syncthreads();
  if ((blockSize >= 256) && (tid < 128)) sdata[tid] = mySum = mySum + sdata[tid + 128];
  __syncthreads();
  if ((blockSize >= 128) && (tid < 64)) sdata[tid] = mySum = mySum + sdata[tid + 64];
  __syncthreads();
  if (tid < 32) {
    if (blockSize >= 64) mySum += sdata[tid + 32];
    for (int offset = 32 / 2; offset > 0; offset /= 2)
      mySum += __shfl_down_sync(0xffffffff, mySum, offset);
  }
  if (tid == 0) g_odata[blockIdx.x] = mySum;
}

extern "C" {
__global__ void reduce4_legacy(const float *in, float *out, unsigned n) { reduce4<128>(in, out, n); }
__global__ void reduce5_256(const float *in, float *out, unsigned n) { reduce5<256>(in, out, n); }
__global__ void reduce6_shfl_128(const float *in, float *out, unsigned n) { reduce6<128, false>(in, out, n); }

// blockDim.x in place of the template size (SHOC-style), extern shared.
__global__ void reduce_blockdim(const float *in, float *out, unsigned n) {
  extern __shared__ float sd[];
  unsigned tid = threadIdx.x;
  unsigned i = blockIdx.x * blockDim.x * 2 + tid;
  float s = 0;
  while (i < n) {
    s += in[i];
    if (i + blockDim.x < n) s += in[i + blockDim.x];
    i += blockDim.x * 2 * gridDim.x;
  }
  sd[tid] = s;
  __syncthreads();
  if (blockDim.x >= 512) { if (tid < 256) sd[tid] = s = s + sd[tid + 256]; __syncthreads(); }
  if (blockDim.x >= 256) { if (tid < 128) sd[tid] = s = s + sd[tid + 128]; __syncthreads(); }
  if (blockDim.x >= 128) { if (tid < 64) sd[tid] = s = s + sd[tid + 64]; __syncthreads(); }
  if (blockDim.x >= 64) { if (tid < 32) sd[tid] = s = s + sd[tid + 32]; __syncthreads(); }
  for (unsigned k = 16; k > 0; k >>= 1) {
    if (tid < k) sd[tid] = s = s + sd[tid + k];
    __syncthreads();
  }
  if (tid == 0) out[blockIdx.x] = sd[0];
}
}
