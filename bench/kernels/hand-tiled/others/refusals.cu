// bench/kernels/hand-tiled/others/refusals.cu: the style imitated is CUB's,
// the CUDA samples' (threadFenceReduction) and CUDA 9+ warp-level code's.
// Written for this project (a probe of its hand-tiled support, issue 29),
// not copied: the shapes are the collection's. Builds without CUDA's headers
// (-nocudainc -include test/E2E/Inputs/cuda-builtins.h). Compile and
// analysis only (inline assembly and cp.async have no host form):
// test/E2E/hand-tiled-others.test checks what the plugin says.
//
// Forms that common CUDA code uses beside __syncthreads(): a lane index
// read by inline asm (CUB's LaneId()), __threadfence() before a flag
// (threadFenceReduction without its atomic), __syncwarp() in a warp-level
// tail (the CUDA 9+ reduction), an Ampere cp.async tile copy, a barrier
// inside `if (threadIdx.x < 32)` (really divergent: refused).
__device__ static inline unsigned LaneId() {
  unsigned ret;
  asm("mov.u32 %0, %%laneid;" : "=r"(ret));
  return ret;
}
__device__ static inline unsigned LaneIdVolatile() {
  unsigned ret;
  asm volatile("mov.u32 %0, %%laneid;" : "=r"(ret));
  return ret;
}

extern "C" {
// Block: 64. Per-warp sums of a tile; lane 0 of each warp writes.
__global__ void warp_sums_asm(const float *in, float *out) {
  __shared__ float s[64];
  s[threadIdx.x] = in[blockIdx.x * 64 + threadIdx.x];
  __syncthreads();
  if (LaneId() == 0) {
    float t = 0;
    for (int k = 0; k < 32; ++k) t += s[threadIdx.x + k];
    out[blockIdx.x * 2 + threadIdx.x / 32] = t;
  }
}
__global__ void warp_sums_asm_volatile(const float *in, float *out) {
  __shared__ float s[64];
  s[threadIdx.x] = in[blockIdx.x * 64 + threadIdx.x];
  __syncthreads();
  if (LaneIdVolatile() == 0) {
    float t = 0;
    for (int k = 0; k < 32; ++k) t += s[threadIdx.x + k];
    out[blockIdx.x * 2 + threadIdx.x / 32] = t;
  }
}

// Block: 64. Partial sums with a fence before the block's result is
// published (the fence orders the store; no atomic).
__global__ void partial_fence(const float *in, float *partial, volatile int *flags) {
  __shared__ float s[64];
  s[threadIdx.x] = in[blockIdx.x * 64 + threadIdx.x];
  __syncthreads();
  for (int k = 32; k > 0; k >>= 1) {
    if (threadIdx.x < k) s[threadIdx.x] += s[threadIdx.x + k];
    __syncthreads();
  }
  if (threadIdx.x == 0) {
    partial[blockIdx.x] = s[0];
    __threadfence();
    flags[blockIdx.x] = 1;
  }
}

// Block: 64. A tile copied with cp.async (sm_80+), then used.
__global__ void cp_async_tile(const float *in, float *out) {
  __shared__ float s[64];
  __nvvm_cp_async_ca_shared_global_4((void __attribute__((address_space(3))) *)&s[threadIdx.x],
                                     (const void __attribute__((address_space(1))) *)&in[blockIdx.x * 64 + threadIdx.x]);
  __nvvm_cp_async_commit_group();
  __nvvm_cp_async_wait_all();
  __syncthreads();
  out[blockIdx.x * 64 + threadIdx.x] = s[63 - threadIdx.x] * 2.0f;
}

// Block: 64. A barrier only the first warp meets (a real bug): refused.
__global__ void warp_only_barrier(const float *in, float *out) {
  __shared__ float s[64];
  s[threadIdx.x] = in[blockIdx.x * 64 + threadIdx.x];
  if (threadIdx.x < 32) {
    __syncthreads();
    out[blockIdx.x * 64 + threadIdx.x] = s[threadIdx.x + 32];
  }
}
}
