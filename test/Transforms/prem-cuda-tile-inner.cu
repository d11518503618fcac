// Seed 001, Algorithm 2 in a CUDA thread block: jacobi-2d with a thread per
// row. A block of 32 rows reads 34 rows of A and writes 32 of B (66 KiB),
// more than the 48 KiB of shared memory, so the column loop is tiled and
// the block's threads run its tiles together, two per block: 185 columns
// would fit, but the 254 columns are balanced to two tiles of 128 (the
// second 126) rather than 185 and 69. A is a 2-D transfer (34 rows of the tile's
// columns and their halo) clipped to its interval: the rectangle's first
// row would start before A[i-1][j0] and its last end after A[i+1][j1]. B is
// a 2-D slot too (32 rows of the tile's columns), stored back by rows: the
// tile writes every byte of its rectangle. The kernel is versioned once, where every thread is: blocks
// whose threads all pass the bounds guard run the tiles, the others the
// original code in one memory phase. Every phase change is block-wide.
// RUN: %cuda_bare_ir -I %S/Inputs %s -o %t.ll
// RUN: %opt_prem -passes=prem-tile,prem-les,prem-sync,verify %t.ll -S -pass-remarks=prem -o %t.sdma.ll 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: FileCheck %s < %t.sdma.ll
// RUN: %opt_prem -passes=prem-tile,prem-les,prem-sync,prem-report,verify -prem-report=%t.json %t.ll -disable-output
// RUN: %python -c "import json, sys; p = json.load(open(sys.argv[1]))['kernels'][0]['prem']; print(p['tile'], p['intervals'], [(a['name'], a.get('transfer'), a.get('clipped'), a['store'], a['unique_bytes']) for a in p['arrays']])" %t.json | FileCheck %s --check-prefix=JSON
// RUN: %clang_prem -O2 %cuda_bare -I %S/Inputs -S %s -o %t.s
// RUN: FileCheck %s --check-prefix=PTX < %t.s
// RUN: %if ptxas %{ %ptxas -arch=sm_90 %t.s -o %t.o %}
// RUN: %clang_prem -O2 %cuda_bare -I %S/Inputs --no-offload-arch=sm_90 --cuda-gpu-arch=sm_87 -S %s -o %t.87.s
// RUN: %if ptxas %{ %ptxas -arch=sm_87 %t.87.s -o %t.87.o %}
#include "cuda-bare.h"

#define N 256

extern "C" __global__ void __launch_bounds__(32)
jacobi2d(const float *__restrict__ A, float *__restrict__ B, int m) {
  int i = BLOCK_X * BLOCK_DIM_X + THREAD_X + 1;
  if (i < m - 1)
    for (int j = 1; j < N - 1; j++)
      B[i * N + j] = 0.2f * (A[i * N + j] + A[i * N + j - 1] +
                             A[i * N + j + 1] + A[(i + 1) * N + j] +
                             A[(i - 1) * N + j]);
}

// REMARK: remark: {{.*}}kernel jacobi2d: depth-1 loop tiled, one thread block and 128 of its iterations per PREM interval

// The kernel now calls the runtime and touches shared memory.
// CHECK: ; Function Attrs: mustprogress nofree noinline norecurse nounwind memory(readwrite){{$}}
// CHECK-NEXT: define {{.*}} @jacobi2d(
// CHECK: %prem.partial.interval = freeze i32 %{{[0-9]+}}, !prem.value
// CHECK: icmp eq i32 %{{[0-9]+}}, 32
// CHECK: br i1 %{{[0-9]+}}, label %prem.region, label %prem.region.partial
// CHECK: prem.region:
// CHECK-NEXT: br i1 %cmp, label %for.cond.preheader, label %if.end
// CHECK: for.cond.preheader:
// CHECK: br label %prem.tile
// The Execute phase: A and B by row and column from their 2-D slots.
// CHECK: for.body:
// CHECK-NEXT: %prem.k = phi i64 [ 0, %prem.execute ], [ %prem.k.next, %for.body ]
// CHECK-NEXT: %j.{{[0-9]+}} = phi i32 [ %j.{{[0-9]+}}.tile, %prem.execute ], [ %inc, %for.body ]
// CHECK: %prem.row = udiv i64 %prem.off, 1024
// CHECK-NEXT: %prem.column = urem i64 %prem.off, 1024
// CHECK: load float, ptr %prem.spm.addr, align 4
// CHECK: %prem.row{{[0-9]+}} = udiv i64 %prem.off{{[0-9]+}}, 1024
// CHECK: store float %{{.*}}, ptr %prem.spm.addr{{[0-9]+}}, align 4
// CHECK: br i1 %{{[0-9]+}}, label %prem.store, label %for.body
// CHECK: prem.tile:
// CHECK: %prem.n = call i64 @llvm.umin.i64(i64 %{{[0-9]+}}, i64 128)
// CHECK: %prem.skip = freeze i64
// CHECK-NEXT: %prem.cut = freeze i64
// CHECK: br i1 %prem.fits, label %prem.load, label %prem.global, !prem.tile
// CHECK: prem.load:
// CHECK-NEXT: call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
// CHECK-NEXT: call void @__prem_enter_mem(i32 %prem.interval1)
// CHECK-NEXT: call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
// CHECK: call void @__prem_copy_2d(ptr %{{[0-9]+}}, i64 %prem.rowbytes, ptr %{{[0-9]+}}, i64 1024, i64 %prem.width, i64 %{{[0-9]+}})
// CHECK: call void @__prem_copy_1d(ptr %{{[0-9]+}}, ptr %{{[0-9]+}}, i64 %{{[0-9]+}})
// CHECK: call void @__prem_copy_1d(ptr %{{[0-9]+}}, ptr %{{[0-9]+}}, i64 %{{[0-9]+}})
// CHECK-NEXT: br label %prem.execute
// CHECK: prem.execute:
// CHECK-NEXT: call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
// CHECK-NEXT: call void @__prem_enter_comp(i32 %prem.interval1)
// CHECK-NEXT: call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
// CHECK-NEXT: br label %for.body
// CHECK: prem.store:
// CHECK-NEXT: call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
// CHECK-NEXT: call void @__prem_enter_mem(i32 %prem.interval1)
// CHECK-NEXT: call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
// The Store phase: B's rectangle by rows, the way A's came in.
// CHECK-NEXT: %[[BSPM:[0-9]+]] = getelementptr i8, ptr addrspacecast (ptr addrspace(3) @prem.spm.jacobi2d to ptr), i64 %prem.slot{{[0-9]+}}
// CHECK-NEXT: call void @__prem_copy_2d(ptr %prem.begin{{[0-9]+}}, i64 1024, ptr %[[BSPM]], i64 %prem.rowbytes{{[0-9]+}}, i64 %prem.width{{[0-9]+}}, i64 %prem.rows{{[0-9]+}})
// CHECK-NEXT: br label %prem.store.end
// CHECK: prem.tile.latch:
// CHECK: call void @__prem_exit_mem(i32 %prem.interval1)
// CHECK: br i1 %{{[0-9]+}}, label %if.end, label %prem.tile
// CHECK: if.end:
// CHECK-NEXT: ret void
// A partial block: the original code, one memory phase.
// CHECK: prem.region.partial:
// CHECK-NEXT: call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
// CHECK-NEXT: call void @__prem_enter_mem(i32 %prem.partial.interval)
// CHECK-NEXT: call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
// CHECK-NEXT: br i1 %cmp, label %for.cond.preheader.partial, label %if.end.partial
// CHECK: for.body.partial:
// CHECK-NOT: prem.spm
// CHECK: store float %{{.*}}, ptr %arrayidx{{[0-9]+}}.partial, align 4
// CHECK: if.end.partial:
// CHECK-NEXT: call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
// CHECK-NEXT: call void @__prem_exit_mem(i32 %prem.partial.interval)
// CHECK-NEXT: call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
// CHECK-NEXT: ret void
// CHECK: !{i32 0, i64 128, i64 34112, ![[A:[0-9]+]], ![[B:[0-9]+]]}
// CHECK-NEXT: ![[A]] = !{!"A", i1 true, i1 false, i1 false, i64 1024}
// CHECK-NEXT: ![[B]] = !{!"B", i1 false, i1 true, i1 true, i64 1024}

// A: 32 rows of 130 columns and the halo rows' 128; B: 32 rows of 128.
// JSON: one thread block x 128 iterations of the depth-1 loop 2 [('A', '2d', True, 'none', 17664), ('B', '2d', None, 'rows', 16384)]

// PTX: .shared .align 64 .b8 prem_$_spm_$_jacobi2d[34112];
// PTX: bar.sync 0;
