// CUDA kernels: the SIMT dimension is the x thread index, the block offset
// blockIdx.x*blockDim.x a runtime parameter, and inner loops add dimensions.
// REQUIRES: cuda
// RUN: %cuda_device_ir %s -o %t.ll
// RUN: %opt_prem -passes='print<prem-footprint>' -disable-output %t.ll | FileCheck %s
// RUN: %opt_prem -passes='print<prem-footprint>' -prem-footprint-tile=128 -disable-output %t.ll | FileCheck %s --check-prefix=BLOCK
#define N 64

__global__ void __launch_bounds__(128) saxpy(float *y, const float *x, float a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = a * x[i] + y[i];
}

// One row of A per thread, x shared by all threads.
__global__ void __launch_bounds__(128) matvec(float *__restrict__ y,
                                              const float *__restrict__ A,
                                              const float *__restrict__ x) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float s = 0;
  for (int j = 0; j < N; j++)
    s += A[i * N + j] * x[j];
  y[i] = s;
}

// CHECK-LABEL: kernel _Z5saxpyPfPKffi region _Z5saxpyPfPKffi
// CHECK-NEXT: loops:
// CHECK-NEXT: depth 0: thread index, trip count 128
// CHECK: bytes per tile [1]: 4
// CHECK: total bytes per tile [1]: 8
// CHECK: exact: yes
// CHECK-LABEL: kernel _Z6matvecPfPKfS1_ region _Z6matvecPfPKfS1_
// CHECK: depth 1: loop %{{.*}}, trip count 64
// CHECK: array A: 4-byte elements, read, 1 access(es)
// CHECK-NEXT: read  A[64*i0 + 1*i1 + 64*p{{[0-9]+}}]
// CHECK: bytes per tile [1]: 256
// CHECK: total bytes per tile [1]: 516
// CHECK: exact: yes

// A whole block of 128 threads.
// BLOCK-LABEL: kernel _Z5saxpyPfPKffi
// BLOCK: total bytes per tile [128]: 1024
// BLOCK-LABEL: kernel _Z6matvecPfPKfS1_
// BLOCK: total bytes per tile [128]: 33536
