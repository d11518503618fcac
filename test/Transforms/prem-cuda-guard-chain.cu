// Bounds guards in a row (issue 25). clang splits `(i > k) && (j > k) &&
// (i < N) && (j < N)` into two branches when it hoists one test (lu's
// second kernel), and GPU programmers write early returns one per
// dimension; each block between computes its tests and touches no memory,
// so together they are one guard: the block runs on the scratchpad when its
// threads pass every comparison (each checked at the block's first and last
// thread), else the original code. A memory access between two tests ends
// the guard: the second branch is then the body's, which runs only under a
// condition.
// RUN: %cuda_bare_ir -I %S/Inputs %s -o %t.ll
// RUN: %opt_prem -passes=prem-tile,prem-les,prem-sync,verify %t.ll -S -pass-remarks=prem -pass-remarks-missed=prem -o %t.sdma.ll 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: %opt_prem -passes=prem-tile,verify %t.ll -S | FileCheck %s
// RUN: %clang_prem -O2 %cuda_bare -I %S/Inputs -S %s -o %t.s
// RUN: %if ptxas %{ %ptxas -arch=sm_90 %t.s -o %t.o %}
#include "cuda-bare.h"

#define BLOCK_Y __nvvm_read_ptx_sreg_ctaid_y()
#define BLOCK_DIM_Y __nvvm_read_ptx_sreg_ntid_y()
#define N 90

extern "C" __global__ void lu2(float *A, int k) {
  int j = BLOCK_X * BLOCK_DIM_X + THREAD_X;
  int i = BLOCK_Y * BLOCK_DIM_Y + THREAD_Y;
  if ((i > k) && (j > k) && (i < N) && (j < N))
    A[i * N + j] = A[i * N + j] - A[i * N + k] * A[k * N + j];
}

// The first test's block reads memory: no longer a guard.
extern "C" __global__ void counted(float *y, const int *count, int n) {
  int i = BLOCK_X * BLOCK_DIM_X + THREAD_X;
  if (i >= n)
    return;
  if (i >= *count)
    return;
  y[i] = 2.0f * y[i];
}

// REMARK: remark: {{.*}}kernel lu2: thread block tiled, 256 threads per PREM interval
// REMARK: remark: {{.*}}kernel counted not transformed:

// The block's check: the first and the last thread pass all four tests.
// CHECK-LABEL: define {{.*}} @lu2(
// CHECK-COUNT-8: icmp {{s|u|samesign }}
// CHECK: br i1 %prem.fits, label %prem.load, label %prem.global
