// Guards in a row whose later test uses values clang computes only in that
// test's block (blockIdx.x and blockDim.x sunk below the first return):
// the full-block check is made before the entry block's branch, where they
// do not exist yet, so such a test is no part of the bounds guard (it was,
// and prem-tile's check used registers before their definition: invalid IR
// that verify rejects, uninitialised registers in the PTX). It stays in the
// body, whose accesses then run under it: the kernels are refused with the
// reason and come out as they went in. (A review of 3cdc606.)
// RUN: %cuda_bare_ir -I %S/Inputs %s -o %t.ll
// RUN: FileCheck %s --check-prefix=IR < %t.ll
// RUN: %opt_prem -passes=verify %t.ll -S -o %t.plain.ll
// RUN: %opt_prem -passes=prem-tile,prem-les,prem-sync,verify %t.ll -S -o %t.after.ll -pass-remarks-missed=prem 2>&1 | FileCheck %s
// RUN: cmp %t.plain.ll %t.after.ll

#include "cuda-bare.h"
#define BLOCK_Y __nvvm_read_ptx_sreg_ctaid_y()
#define BLOCK_DIM_Y __nvvm_read_ptx_sreg_ntid_y()

extern "C" {
// Below the diagonal: relates two thread dimensions.
__global__ void lower(float *A) {
  int i = BLOCK_Y * BLOCK_DIM_Y + THREAD_Y;
  if (i >= 96)
    return;
  int j = BLOCK_X * BLOCK_DIM_X + THREAD_X;
  if (j > i)
    return;
  A[i * 128 + THREAD_X] += 1.0f;
}

// One dimension per test.
__global__ void rect(float *A) {
  int i = BLOCK_Y * BLOCK_DIM_Y + THREAD_Y;
  if (i >= 96)
    return;
  int j = BLOCK_X * BLOCK_DIM_X + THREAD_X;
  if (j >= 128)
    return;
  A[i * 128 + THREAD_X] += 1.0f;
}
}

// The second test's block reads blockIdx.x.
// IR-LABEL: define {{.*}}void @lower(
// IR: br i1 %cmp, label %{{[a-z0-9.]+}}, label %if.end
// IR: if.end:
// IR-NEXT: call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()

// CHECK-DAG: kernel lower not transformed: an access runs only under a condition
// CHECK-DAG: kernel rect not transformed: an access runs only under a condition
