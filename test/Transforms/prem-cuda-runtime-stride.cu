// Runtime sizes, as GPU ports of PolyBench write them (issue 25): a 2-D grid
// of 2-D blocks, an && guard on both dimensions, row lengths that are kernel
// arguments (c[i * nj + j]), no __launch_bounds__. Each array is
// delinearised into rows of a runtime length and laid out virtually (rows
// 2^32 bytes apart in the footprint's sets), so that its tiles are affine
// sets: a 2-D transfer whose rows are 4 * nj bytes apart in memory. The
// tile checks at run time that the row length is one the layout holds (1 to
// 2^29 floats) and, where the guard does not bound a column by its row
// length (j < m, rows of n), that the block's columns stay in their rows.
// The k loop runs under its own guard (nk > 0), which skips it exactly when
// it would run no iteration.
// RUN: %cuda_bare_ir -I %S/Inputs %s -o %t.ll
// RUN: %opt_prem -passes='print<prem-footprint>' -disable-output %t.ll 2>&1 | FileCheck %s --check-prefix=FOOT
// RUN: %opt_prem -passes=prem-tile,prem-les,prem-sync,verify %t.ll -S -pass-remarks=prem -pass-remarks-missed=prem -o %t.sdma.ll 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: FileCheck %s < %t.sdma.ll
// RUN: %clang_prem -O2 %cuda_bare -I %S/Inputs -S %s -o %t.s
// RUN: %if ptxas %{ %ptxas -arch=sm_90 %t.s -o %t.o %}
// RUN: %clang_prem -O2 %cuda_bare -I %S/Inputs --no-offload-arch=sm_90 --cuda-gpu-arch=sm_87 -S %s -o %t.87.s
// RUN: %if ptxas %{ %ptxas -arch=sm_87 %t.87.s -o %t.87.o %}
#include "cuda-bare.h"

#define BLOCK_Y __nvvm_read_ptx_sreg_ctaid_y()
#define BLOCK_DIM_Y __nvvm_read_ptx_sreg_ntid_y()

extern "C" __global__ void gemm(int ni, int nj, int nk, float alpha,
                                float beta, const float *a, const float *b,
                                float *c) {
  int j = BLOCK_X * BLOCK_DIM_X + THREAD_X;
  int i = BLOCK_Y * BLOCK_DIM_Y + THREAD_Y;
  if (i < ni && j < nj) {
    c[i * nj + j] *= beta;
    for (int k = 0; k < nk; k++)
      c[i * nj + j] += alpha * a[i * nk + k] * b[k * nj + j];
  }
}

// The guard bounds the columns by m, the rows are n long: the tile checks
// at run time that the block's last column is below n.
extern "C" __global__ void copy_columns(int rows, int m, int n, float *out,
                                        const float *in) {
  int j = BLOCK_X * BLOCK_DIM_X + THREAD_X;
  int i = BLOCK_Y * BLOCK_DIM_Y + THREAD_Y;
  if (i < rows && j < m)
    out[i * n + j] = 2.0f * in[i * n + j];
}

// FOOT-LABEL: kernel gemm region gemm
// FOOT: depth 1: loop %for.body, trip count %nk
// FOOT: array c: 4-byte elements, read-write, 3 access(es), delinearised as c[*][(sext i32 %nj to i64)]
// FOOT-NEXT: read  c[1*p1 + 1*floor((0 + 1*i0)/32)][1*i0 + 1*p2 + -32*floor((0 + 1*i0)/32)]
// FOOT: elements: [nk0, p1, p2, nj3] -> { c[o0, o1] : p1 <= o0 <= 7 + p1 and p2 <= o1 <= 31 + p2 }
// FOOT-NEXT: bytes: rows of nj3 elements, laid out 4294967296 bytes apart in the sets
// The row length of a is the k loop's trip count, one parameter for both.
// FOOT: array a: 4-byte elements, read, 1 access(es), delinearised as a[*][(sext i32 %nk to i64)]
// FOOT-NEXT: read  a[1*p1 + 1*floor((0 + 1*i0)/32)][1*i1]
// FOOT-NEXT: elements: [nk0, p1, p2, nj3] -> { a[o0, o1] : p1 <= o0 <= 7 + p1 and 0 <= o1 < nk0 }
// FOOT-NEXT: bytes: rows of nk0 elements
// FOOT: array b: 4-byte elements, read, 1 access(es), delinearised as b[*][(sext i32 %nj to i64)]
// FOOT: exact: yes
// FOOT-LABEL: kernel copy_columns region copy_columns
// FOOT: exact: yes

// REMARK: remark: {{.*}}kernel gemm: depth-1 loop tiled, one thread block and 300 of its iterations per PREM interval; accesses outside it in compatible intervals of their own: 2 before the depth-1 loop
// REMARK: remark: {{.*}}kernel copy_columns: thread block tiled, 256 threads per PREM interval

// CHECK-LABEL: define {{.*}} @gemm(
// The Execute phase finds an element's row and column by the runtime pitch.
// CHECK: %prem.row{{[0-9]*}} = udiv i64 %prem.off{{[0-9]*}}, %prem.pitch
// Rows 4 * nj bytes apart, nj from 1 to 2^29.
// CHECK: %prem.pitch = freeze i64 [[PITCH:%[0-9]+]], !prem.value
// CHECK-NEXT: [[LESS:%[0-9]+]] = sub i64 %{{[0-9]+}}, 1
// CHECK-NEXT: icmp ult i64 [[LESS]], 536870912
// CHECK-NEXT: [[FIRST:%[0-9]+]] = mul i64 %{{[0-9]+}}, %prem.pitch
// CHECK: %prem.fits = and i1
// CHECK: call void @__prem_copy_2d(ptr %{{[0-9]+}}, i64 %prem.rowbytes, ptr %prem.begin, i64 %prem.pitch, i64 %prem.width, i64 %prem.rows)
// Stored back by rows (the tile writes its whole rectangle of c).
// CHECK: call void @__prem_copy_2d(ptr %prem.begin, i64 %prem.pitch, ptr %{{[0-9]+}}, i64 %prem.rowbytes, i64 %prem.width, i64 %prem.rows)
// CHECK-LABEL: define {{.*}} @copy_columns(
// The block's last column (its offset + 31) below n.
// CHECK: [[N:%[0-9]+]] = sext i32 %n to i64
// CHECK: [[LAST:%[0-9]+]] = add i64 %{{[0-9]+}}, 1073741856
// CHECK-NEXT: [[BELOW:%[0-9]+]] = icmp sge i64 [[N]], [[LAST]]
// CHECK: and i1 %{{[0-9]+}}, [[BELOW]]
// CHECK: %prem.fits = and i1
// CHECK: !{!"c", i1 true, i1 true, i1 true, i64 4294967296}
// CHECK: !{!"a", i1 true, i1 false, i1 false, i64 4294967296}
