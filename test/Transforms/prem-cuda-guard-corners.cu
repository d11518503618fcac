// A bounds guard that compares the two thread dimensions of a 2-D block
// (a lower triangle, j <= i, as syr2k's GPU ports write it): the threads
// that pass it need not be the ones between the block's first and last
// thread, so the full-block check tests it at all four corners of the
// 32 x 8 block; a comparison of one dimension is still tested at the first
// and the last thread only. Below the diagonal every corner passes and the
// block runs on the scratchpad; on it, some thread fails at a corner and
// the block takes the original code (E2E/blocks2d-cuda.test runs it bit
// for bit).
// RUN: %cuda_bare_ir -I %S/Inputs %s -o %t.ll
// RUN: %opt_prem -passes=prem-tile,verify %t.ll -S -o %t.tiled.ll -pass-remarks=prem 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: FileCheck %s < %t.tiled.ll
// The whole pipeline under clang, to PTX that ptxas accepts (sm_90, sm_87):
// RUN: %clang_prem -O2 %cuda_bare -I %S/Inputs -S %s -o %t.s
// RUN: %if ptxas %{ %ptxas -arch=sm_90 %t.s -o %t.o %}
// RUN: %clang_prem -O2 %cuda_bare -I %S/Inputs --no-offload-arch=sm_90 --cuda-gpu-arch=sm_87 -S %s -o %t.87.s
// RUN: %if ptxas %{ %ptxas -arch=sm_87 %t.87.s -o %t.87.o %}

#include "cuda-bare.h"
#define BLOCK_Y __nvvm_read_ptx_sreg_ctaid_y()
#define BLOCK_DIM_Y __nvvm_read_ptx_sreg_ntid_y()

extern "C" __global__ void lower(float *A) {
  int j = BLOCK_X * BLOCK_DIM_X + THREAD_X;
  int i = BLOCK_Y * BLOCK_DIM_Y + THREAD_Y;
  if (i < 96 && j <= i)
    A[i * 96 + j] *= 2.0f;
}

// REMARK: remark: {{.*}}kernel lower: thread block tiled, 256 threads per PREM interval

// The block's offsets x0 = blockIdx.x * 32 and y0 = blockIdx.y * 8, then
// the stated shape, then i < 96 and j <= i at (x0, y0), (x0, y0 + 7),
// (x0 + 31, y0) and (x0 + 31, y0 + 7).
// CHECK-LABEL: define {{.*}}void @lower(
// CHECK: [[X0:%mul[0-9]*]] = mul i32
// CHECK: [[Y0:%mul[0-9]+]] = mul nuw nsw i32
// CHECK: icmp eq i32 {{%[0-9]+}}, 32
// CHECK: icmp eq i32 {{%[0-9]+}}, 8
// CHECK: icmp eq i32 {{%[0-9]+}}, 1
// CHECK: icmp ugt i32 [[Y0]], 95
// CHECK: icmp ugt i32 [[X0]], [[Y0]]
// CHECK: [[Y7:%[0-9]+]] = add nuw nsw i32 [[Y0]], 7
// CHECK-NEXT: icmp ugt i32 [[Y7]], 95
// CHECK: icmp ugt i32 [[X0]], [[Y7]]
// CHECK: icmp ugt i32 [[Y0]], 95
// CHECK: [[X31:%[0-9]+]] = add i32 [[X0]], 31
// CHECK-NEXT: icmp ugt i32 [[X31]], [[Y0]]
// CHECK: icmp ugt i32 [[Y7]], 95
// CHECK: [[LAST:%[0-9]+]] = icmp ugt i32 [[X31]], [[Y7]]
// CHECK-NEXT: [[PASS:%[0-9]+]] = xor i1 [[LAST]], true
// CHECK-NEXT: [[FULL:%[0-9]+]] = and i1 {{%[0-9]+}}, [[PASS]]
// CHECK-NOT: icmp ugt i32 {{.*}}, 95
// CHECK: [[CHECKED:%[0-9]+]] = and i1 true, [[FULL]]
// CHECK: %prem.fits = and i1 {{%[0-9]+}}, [[CHECKED]]
// CHECK-NEXT: br i1 %prem.fits, label %prem.load, label %prem.global
