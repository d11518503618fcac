// CUDA's keywords and threadIdx, blockIdx and blockDim without a CUDA
// installation (clang's own header of the built-in variables): enough for
// bench/kernels/suite.cu, compiled with -include.
#define __global__ __attribute__((global))
#define __device__ __attribute__((device))
#define __launch_bounds__(n) __attribute__((launch_bounds(n)))
#include <__clang_cuda_builtin_vars.h>
