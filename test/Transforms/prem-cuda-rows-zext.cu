// Rows of one array indexed through a sext and through a `zext nneg`
// (issue 25). clang indexes a row from the y thread index, whose math has
// nuw, through a zext nneg, and one from the x index through a sext; SCEV
// pushes the zext onto the row length m, which the two accesses then give
// as zext(m) and sext(m): no dimension sizes, and the footprint was not
// exact. A zext nneg is the sext of the same value: the delinearisation
// reads it so, and both rows are arg2[*][m].
// aat (syr2k's rows, over a runtime m): its depth-1 loop tiled. (Unrolled
// by clang -O2, its remainder iteration runs under a condition on m's low
// bit, which prem-tile refuses.) gram: the same rows over a loop of 64,
// with an assumption that stays in the loop as llvm.assume, which touches
// no data: the thread block tiled. Both run bit-exact in
// E2E/blocks2d-cuda.test (gram) and this file's PTX passes ptxas.
// RUN: %cuda_bare_ir -include %S/../E2E/Inputs/cuda-builtins.h %s -o %t.ll
// RUN: %opt_prem -passes='print<prem-footprint>' -disable-output %t.ll | FileCheck %s --check-prefix=FOOT
// RUN: %opt_prem -passes=prem-tile,verify %t.ll -disable-output -pass-remarks=prem -pass-remarks-missed=prem 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: %opt_prem -passes='print<prem-tiling>' -disable-output %t.ll | FileCheck %s --check-prefix=PLAN
// RUN: %clang_prem -O2 %cuda_bare -include %S/../E2E/Inputs/cuda-builtins.h -S %s -o %t.s
// RUN: %if ptxas %{ %ptxas -arch=sm_90 %t.s -o %t.o %}

extern "C" __global__ void aat(int n, int m, const float *a, float *c) {
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  int i = blockIdx.y * blockDim.y + threadIdx.y;
  if ((i < n) && (j < n)) {
    float sum = 0;
    for (int k = 0; k < m; k++)
      sum += a[j * m + k] * a[i * m + k];
    c[i * n + j] = sum;
  }
}

extern "C" __global__ void gram(int n, int lda, const float *a, float *c) {
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  int i = blockIdx.y * blockDim.y + threadIdx.y;
  if ((i < n) && (j < n)) {
    float sum = 0;
    for (int k = 0; k < 64; k++) {
      __builtin_assume(lda >= 64);
      sum += a[j * lda + k] * a[i * lda + k];
    }
    c[i * n + j] = sum;
  }
}

// FOOT-LABEL: kernel aat region aat
// FOOT: array a: 4-byte elements, read, 2 access(es), delinearised as a[*][(sext i32 %m to i64)]
// FOOT-NEXT: read  a[1*i0 + 1*p{{[0-9]+}} + -32*floor((0 + 1*i0)/32)][1*i1]
// FOOT-NEXT: read  a[1*p{{[0-9]+}} + 1*floor((0 + 1*i0)/32)][1*i1]
// FOOT: exact: yes
// FOOT-LABEL: kernel gram region gram
// FOOT: array a: 4-byte elements, read, 2 access(es), delinearised as a[*][(sext i32 %lda to i64)]
// FOOT: exact: yes

// REMARK: remark: {{.*}}kernel aat: depth-1 loop tiled, one thread block and 307 of its iterations per PREM interval
// REMARK: remark: {{.*}}kernel gram: thread block tiled, 256 threads per PREM interval

// PLAN: kernel aat: tiled, the depth-1 loop, 307 iteration(s) per tile, 49152 bytes of scratchpad
// PLAN: slot a#1: 2d (rows 4*m{{[0-9]+}} bytes apart), 39296 bytes, store none
// PLAN-NEXT: slot a#2: 2d (rows 4*m{{[0-9]+}} bytes apart), 9824 bytes, store none
// PLAN-NEXT: kernel gram: tiled, the thread block, 256 thread(s) per tile, 11264 bytes of scratchpad
// PLAN-NEXT: why: one tile per thread block
// PLAN-NEXT: slot c: 2d (rows 4*n{{[0-9]+}} bytes apart), 1024 bytes (1024 touched), store rows
// PLAN-NEXT: slot a#1: 2d (rows 4*lda{{[0-9]+}} bytes apart), 8192 bytes, store none
// PLAN-NEXT: slot a#2: 2d (rows 4*lda{{[0-9]+}} bytes apart), 2048 bytes, store none
