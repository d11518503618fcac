// Remarks point at the kernel's own lines (issue 25): with CUDA's headers,
// blockIdx.x and threadIdx.x are calls inlined from clang's
// __clang_cuda_builtin_vars.h, and a remark anchored at their code pointed
// into that header; it now points at the line they were used on.
// REQUIRES: cuda
// RUN: %clang_prem -O2 -x cuda --cuda-gpu-arch=sm_90 --cuda-device-only --cuda-path=%cuda_path -Wno-unknown-cuda-version -gline-tables-only -S %s -o /dev/null -Rpass=prem 2>&1 | FileCheck %s
extern "C" __global__ void __launch_bounds__(64)
gemv(const float *__restrict__ A, const float *__restrict__ x,
     float *__restrict__ y, int m) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < m) {
    float s = 0.0f;
    for (int j = 0; j < 128; j++)
      s += A[i * 128 + j] * x[j];
    y[i] = s;
  }
}

// CHECK-NOT: __clang_cuda_builtin_vars.h
// CHECK: prem-cuda-remark-line.cu:10:{{[0-9]+}}: remark: kernel gemv: thread block tiled, 64 threads per PREM interval
