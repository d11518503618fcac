// CUDA's keywords and threadIdx, blockIdx and blockDim without a CUDA
// installation (clang's own header of the built-in variables): enough for
// bench/kernels/suite.cu, compiled with -include.
#define __global__ __attribute__((global))
#define __device__ __attribute__((device))
#define __launch_bounds__(n) __attribute__((launch_bounds(n)))
#include <__clang_cuda_builtin_vars.h>
// Shared memory, the block barrier (a clang builtin) and the atomics of the
// hand-tiled suite (bench/kernels/hand-tiled): CUDA's atomicAdd is a
// relaxed read-modify-write.
#define __shared__ __attribute__((shared))
__device__ static inline unsigned atomicAdd(unsigned *p, unsigned v) {
  return __atomic_fetch_add(p, v, __ATOMIC_RELAXED);
}
__device__ static inline int atomicAdd(int *p, int v) {
  return __atomic_fetch_add(p, v, __ATOMIC_RELAXED);
}
// The rest of what bench/kernels/hand-tiled/others uses, through the NVVM
// builtins CUDA's own headers call: __constant__ memory, __ldg, float4,
// the fences, the warp barrier, the reducing block barriers
// (__syncthreads_count/_and/_or), __shfl_down_sync and float atomicAdd.
// Only CUDA's names: nothing here a kernel including the header could
// define itself. nvptx-on-host.py and cuda-emu.h give each a host form.
#define __constant__ __attribute__((constant))
struct __attribute__((aligned(16))) float4 {
  float x, y, z, w;
};
__device__ static inline float __ldg(const float *p) { return __nvvm_ldg_f(p); }
__device__ static inline float4 __ldg(const float4 *p) { return *p; }
__device__ static inline void __threadfence() { __nvvm_membar_gl(); }
__device__ static inline void __threadfence_block() { __nvvm_membar_cta(); }
__device__ static inline void __syncwarp(unsigned m = 0xffffffffu) {
  __nvvm_bar_warp_sync(m);
}
__device__ static inline int __syncthreads_count(int p) {
  return __nvvm_bar0_popc(p);
}
__device__ static inline int __syncthreads_and(int p) {
  return __nvvm_bar0_and(p);
}
__device__ static inline int __syncthreads_or(int p) {
  return __nvvm_bar0_or(p);
}
// width: the lanes of a segment (a power of 2 up to 32), as CUDA's c
// operand packs it (segment mask << 8 | clamp 31).
__device__ static inline float __shfl_down_sync(unsigned m, float v,
                                                unsigned d, int w = 32) {
  return __nvvm_shfl_sync_down_f32(m, v, d, ((32 - w) << 8) | 0x1f);
}
__device__ static inline int __shfl_down_sync(unsigned m, int v, unsigned d,
                                              int w = 32) {
  return __nvvm_shfl_sync_down_i32(m, v, d, ((32 - w) << 8) | 0x1f);
}
__device__ static inline float atomicAdd(float *p, float v) {
  return __nvvm_atom_add_gen_f(p, v);
}
