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
