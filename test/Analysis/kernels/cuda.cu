// prem-kernels on a CUDA device module: __global__ functions are kernels,
// __device__ helpers are regions of the kernels that call them, and the
// block size comes from __launch_bounds__ (or -prem-block-size).
// REQUIRES: cuda
// RUN: %cuda_device_ir %s -o %t.ll
// RUN: %opt_prem -passes='print<prem-kernels>' -disable-output %t.ll | FileCheck %s
// RUN: %opt_prem -passes='print<prem-kernels>' -prem-block-size=128 -disable-output %t.ll | FileCheck %s --check-prefix=USER

__device__ __noinline__ float twice(float v) { return 2 * v; }

__global__ void __launch_bounds__(256) saxpy(float *y, const float *x, float a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = a * x[i] + y[i];
}

__global__ void scale(float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = twice(y[i]);
}

__global__ void uniform(float *y) { *y = 1.0f; }

// CHECK: prem-kernels: 3 kernel(s)
// CHECK-NEXT: kernel _Z5saxpyPfPKffi kind=cuda
// CHECK-NEXT: regions: _Z5saxpyPfPKffi{{$}}
// CHECK-NEXT: block size: 256
// CHECK-NEXT: simt: thread index (1 read(s) of the x thread index) in _Z5saxpyPfPKffi
// CHECK-NEXT: thread-index expression: ((%ctaid.x * %ntid.x) + %tid.x)
// CHECK-NEXT: kernel _Z5scalePfi kind=cuda
// CHECK-NEXT: regions: _Z5scalePfi _Z5twicef{{$}}
// CHECK-NEXT: block size: unknown
// CHECK-NEXT: simt: thread index
// CHECK-NEXT: thread-index expression: ((%ctaid.x * %ntid.x) + %tid.x)
// CHECK-NEXT: kernel _Z7uniformPf kind=cuda
// CHECK-NEXT: regions: _Z7uniformPf{{$}}
// CHECK-NEXT: block size: unknown
// CHECK-NEXT: simt: none (the kernel does not read its x thread index)

// The user value only fills in unknown sizes: saxpy keeps its launch bounds.
// USER: kernel _Z5saxpyPfPKffi kind=cuda
// USER: block size: 256
// USER: kernel _Z5scalePfi kind=cuda
// USER: block size: 128
