// CUDA bounds guards made of several comparisons (issue 25): an && of
// comparisons, as clang writes it (select i1 a, i1 b, i1 false), guards the
// body, and a block runs on the scratchpad when every thread passes every
// comparison: each is checked at the block's first and last thread, and a
// != also for both ends lying on one side of it (i != k holds at both ends
// of a block that holds k). An || around the body is no bound: refused.
// guards-cuda.test runs these shapes bit for bit against the plain build.
// RUN: %cuda_bare_ir -I %S/Inputs %s -o %t.ll
// RUN: %opt_prem -passes=prem-tile,prem-les,prem-sync,verify %t.ll -S -pass-remarks=prem -pass-remarks-missed=prem -o %t.sdma.ll 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: %opt_prem -passes=prem-tile,verify %t.ll -S | FileCheck %s
// RUN: %clang_prem -O2 %cuda_bare -I %S/Inputs -S %s -o %t.s
// RUN: %if ptxas %{ %ptxas -arch=sm_90 %t.s -o %t.o %}
// RUN: %clang_prem -O2 %cuda_bare -I %S/Inputs --no-offload-arch=sm_90 --cuda-gpu-arch=sm_87 -S %s -o %t.87.s
// RUN: %if ptxas %{ %ptxas -arch=sm_87 %t.87.s -o %t.87.o %}
#include "cuda-bare.h"

extern "C" __global__ void __launch_bounds__(32)
jacobi(const float *__restrict__ a, float *__restrict__ b, int n) {
  int i = BLOCK_X * BLOCK_DIM_X + THREAD_X;
  if (i > 0 && i < n - 1)
    b[i] = 0.33333f * (a[i - 1] + a[i] + a[i + 1]);
}

extern "C" __global__ void __launch_bounds__(32)
skip(const float *__restrict__ x, float *__restrict__ y, int k) {
  int i = BLOCK_X * BLOCK_DIM_X + THREAD_X;
  if (i != k)
    y[i] = 2.0f * x[i];
}

extern "C" __global__ void __launch_bounds__(32)
either(const float *__restrict__ x, float *__restrict__ y, int n, int m) {
  int i = BLOCK_X * BLOCK_DIM_X + THREAD_X;
  if (i < n || i > m)
    y[i] = x[i];
}

// REMARK: kernel jacobi: thread block tiled, 32 threads per PREM interval
// REMARK: kernel skip: thread block tiled, 32 threads per PREM interval
// REMARK: kernel either not transformed: the kernel's first branch is not a bounds guard (if (i < n) around the body, else return)

// The block's first thread is %mul (blockIdx.x * blockDim.x), its last
// %mul + ntid - 1; both ends pass i != 0 and i < n - 1, and lie on one side
// of 0.
// CHECK-LABEL: define {{.*}} void @jacobi(
// CHECK: %sub = add i32 %n, -1
// CHECK: [[NTID:%[0-9]+]] = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
// CHECK: [[IS32:%[0-9]+]] = icmp eq i32 [[NTID]], 32
// CHECK-NEXT: [[SIZE:%[0-9]+]] = and i1 {{%[0-9]+}}, [[IS32]]
// CHECK-NEXT: [[F0:%[0-9]+]] = icmp ne i32 %mul, 0
// CHECK-NEXT: [[A0:%[0-9]+]] = and i1 [[SIZE]], [[F0]]
// CHECK-NEXT: [[F1:%[0-9]+]] = icmp slt i32 %mul, %sub
// CHECK-NEXT: [[A1:%[0-9]+]] = and i1 [[A0]], [[F1]]
// CHECK-NEXT: [[END:%[0-9]+]] = add i32 [[NTID]], %mul
// CHECK-NEXT: [[LAST:%[0-9]+]] = add i32 [[END]], -1
// CHECK-NEXT: [[L0:%[0-9]+]] = icmp ne i32 [[LAST]], 0
// CHECK-NEXT: [[A2:%[0-9]+]] = and i1 [[A1]], [[L0]]
// CHECK-NEXT: [[L1:%[0-9]+]] = icmp slt i32 [[LAST]], %sub
// CHECK-NEXT: [[A3:%[0-9]+]] = and i1 [[A2]], [[L1]]
// CHECK-NEXT: [[FA:%[0-9]+]] = icmp sgt i32 %mul, 0
// CHECK-NEXT: [[LA:%[0-9]+]] = icmp sgt i32 [[LAST]], 0
// CHECK-NEXT: [[SIDE:%[0-9]+]] = icmp eq i1 [[FA]], [[LA]]
// CHECK-NEXT: and i1 [[A3]], [[SIDE]]

// The branch's icmp eq i, k taken to the return: i != k at both ends, and
// both ends on one side of k.
// CHECK-LABEL: define {{.*}} void @skip(
// CHECK: [[NTID:%[0-9]+]] = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
// CHECK: [[IS32:%[0-9]+]] = icmp eq i32 [[NTID]], 32
// CHECK-NEXT: [[SIZE:%[0-9]+]] = and i1 {{%[0-9]+}}, [[IS32]]
// CHECK-NEXT: [[F:%[0-9]+]] = icmp eq i32 %mul, %k
// CHECK-NEXT: [[NF:%[0-9]+]] = xor i1 [[F]], true
// CHECK-NEXT: [[A0:%[0-9]+]] = and i1 [[SIZE]], [[NF]]
// CHECK-NEXT: [[END:%[0-9]+]] = add i32 [[NTID]], %mul
// CHECK-NEXT: [[LAST:%[0-9]+]] = add i32 [[END]], -1
// CHECK-NEXT: [[L:%[0-9]+]] = icmp eq i32 [[LAST]], %k
// CHECK-NEXT: [[NL:%[0-9]+]] = xor i1 [[L]], true
// CHECK-NEXT: [[A1:%[0-9]+]] = and i1 [[A0]], [[NL]]
// CHECK-NEXT: [[FA:%[0-9]+]] = icmp sgt i32 %mul, %k
// CHECK-NEXT: [[LA:%[0-9]+]] = icmp sgt i32 [[LAST]], %k
// CHECK-NEXT: [[SIDE:%[0-9]+]] = icmp eq i1 [[FA]], [[LA]]
// CHECK-NEXT: and i1 [[A1]], [[SIDE]]
