// A CUDA kernel that reads A by columns (thread j sums column j): a block of
// 32 threads reads 32 columns of all 256 rows, which as one interval is the
// whole 256 KiB matrix. With the bounds guard (j < 256, which every thread
// of a tiled block passes) the block's columns stay within a row, so A is a
// 2-D slot: 256 rows of 128 bytes (32 KiB) in shared memory, copied by the
// block's threads over rows and words together, plus x (1 KiB) and y.
// RUN: %cuda_bare_ir -I %S/Inputs %s -o %t.ll
// RUN: %opt_prem -passes=prem-tile,prem-les,prem-sync,verify %t.ll -S -pass-remarks=prem -o %t.sdma.ll 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: FileCheck %s < %t.sdma.ll
// RUN: %clang_prem -O2 %cuda_bare -I %S/Inputs -S %s -o %t.s
// RUN: FileCheck %s --check-prefix=PTX < %t.s
// RUN: %if ptxas %{ %ptxas -arch=sm_90 %t.s -o %t.o %}
// RUN: %clang_prem -O2 %cuda_bare -I %S/Inputs --no-offload-arch=sm_90 --cuda-gpu-arch=sm_87 -S %s -o %t.87.s
// RUN: %if ptxas %{ %ptxas -arch=sm_87 %t.87.s -o %t.87.o %}
// Without the guard's bound (n a kernel argument) a block's columns could
// cross a row end: A stays one interval, too large for shared memory for
// the whole block; its row loop is tiled instead (the guard branches
// straight into it), 44 rows a tile.
// RUN: %cuda_bare_ir -I %S/Inputs -DRUNTIME_N %s -o %t.n.ll
// RUN: %opt_prem -passes=prem-tile,prem-les,prem-sync,verify %t.n.ll -S -pass-remarks=prem -o /dev/null 2>&1 | FileCheck %s --check-prefix=UNBOUNDED
#include "cuda-bare.h"

#define N 256
#ifdef RUNTIME_N
#define LIMIT n
#else
#define LIMIT N
#endif

extern "C" __global__ void __launch_bounds__(32)
gemvt(const float *__restrict__ A, const float *__restrict__ x,
      float *__restrict__ y, int n) {
  int j = BLOCK_X * BLOCK_DIM_X + THREAD_X;
  if (j < LIMIT) {
    float s = 0.0f;
    for (int i = 0; i < N; i++)
      s += A[i * N + j] * x[i];
    y[j] = s;
  }
}

// REMARK: remark: {{.*}}kernel gemvt: thread block tiled, 32 threads per PREM interval
// UNBOUNDED: remark: {{.*}}kernel gemvt: depth-1 loop tiled, one thread block and 44 of its iterations per PREM interval; accesses outside it in compatible intervals of their own: 1 after the depth-1 loop

// CHECK-LABEL: define {{.*}} @gemvt(
// CHECK: call void @__prem_copy_2d(ptr %{{[0-9]+}}, i64 %prem.rowbytes, ptr %prem.begin{{[0-9]*}}, i64 1024, i64 %prem.width, i64 %prem.rows)
// CHECK: %prem.row = udiv i64 %prem.off, 1024
// CHECK-NEXT: %prem.column = urem i64 %prem.off, 1024
// CHECK: !{!"A", i1 true, i1 false, i1 false, i64 1024}

// PTX: .shared .align 64 .b8 prem_$_spm_$_gemvt[33920];
// PTX: call.uni __prem_copy_2d,
