// Seed 001, Algorithm 2 at depth 2 in a CUDA thread block: a weighted blend
// of 4 channels, a thread per row, each pixel's channels adjacent rows of
// `in`. One channel of a block's 32 rows (32 rows of in and of out, 64 KiB)
// does not fit the 48 KiB of shared memory, so the column loop is tiled
// within each channel, the block's threads running each tile together: 2
// tiles of 128 columns per channel (189 would fit; balanced), 8 intervals
// per block. `in` is a 2-D slot of pitch 4096 (its rows are a channel
// apart), `out` one of pitch 1024 stored back by rows (the tile writes its
// whole rectangle), `w` the channel's row of weights, an interval. The
// channel loop's iteration (tile1_lb, here %indvar) places w's and in's
// slots. The kernel is versioned once: blocks whose threads all pass the
// bounds guard run the tiles, the others the original code in one memory
// phase.
// RUN: %cuda_bare_ir -I %S/Inputs %s -o %t.ll
// RUN: %opt_prem -passes=prem-tile,prem-les,prem-sync,verify %t.ll -S -pass-remarks=prem -o %t.sdma.ll 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: FileCheck %s < %t.sdma.ll
// RUN: %opt_prem -passes=prem-tile,prem-les,prem-sync,prem-report,verify -prem-report=%t.json %t.ll -disable-output
// RUN: %python -c "import json, sys; p = json.load(open(sys.argv[1]))['kernels'][0]['prem']; print(p['tile'], p['intervals'], p['scratchpad_bytes_per_tile'], [(a['name'], a.get('transfer'), a.get('pitch'), a.get('rows'), a['store'], a['interval_bytes']) for a in p['arrays']])" %t.json | FileCheck %s --check-prefix=JSON
// RUN: %clang_prem -O2 %cuda_bare -I %S/Inputs -S %s -o %t.s
// RUN: FileCheck %s --check-prefix=PTX < %t.s
// RUN: %if ptxas %{ %ptxas -arch=sm_90 %t.s -o %t.o %}
// RUN: %clang_prem -O2 %cuda_bare -I %S/Inputs --no-offload-arch=sm_90 --cuda-gpu-arch=sm_87 -S %s -o %t.87.s
// RUN: %if ptxas %{ %ptxas -arch=sm_87 %t.87.s -o %t.87.o %}
#include "cuda-bare.h"

#define N 256
#define CHANNELS 4

extern "C" __global__ void __launch_bounds__(32)
blend(const float *__restrict__ in, const float *__restrict__ w,
      float *__restrict__ out, int m) {
  int i = BLOCK_X * BLOCK_DIM_X + THREAD_X;
  if (i < m)
    // Unrolled, the channel loop would be four column loops in a row.
#pragma unroll 1
    for (int c = 0; c < CHANNELS; c++)
      for (int j = 0; j < N; j++)
        out[i * N + j] += w[c * N + j] * in[(i * CHANNELS + c) * N + j];
}

// REMARK: remark: {{.*}}kernel blend: depth-2 loop tiled, one thread block, one iteration of the depth-1 loop and 128 of its iterations per PREM interval

// CHECK-LABEL: define {{.*}} @blend(
// CHECK: %prem.partial.interval = freeze i32 %{{[0-9]+}}, !prem.value
// CHECK: icmp eq i32 %{{[0-9]+}}, 32
// CHECK: br i1 %{{[0-9]+}}, label %prem.region, label %prem.region.partial
// The channel loop, counted from 0, holds the column loop's tiles.
// CHECK: for.cond2.preheader:
// CHECK-NEXT: %indvar = phi i64 [ %indvar.next, %for.cond.cleanup4 ], [ 0, %for.cond.preheader ]
// CHECK: br label %prem.tile
// CHECK: prem.tile:
// CHECK-NEXT: %prem.done = phi i64 [ 0, %for.cond2.preheader ], [ %prem.done.next, %prem.tile.latch ]
// CHECK-NEXT: %prem.interval = phi i32 [ 0, %for.cond2.preheader ], [ %{{[0-9]+}}, %prem.tile.latch ]
// CHECK: %prem.n = call i64 @llvm.umin.i64(i64 %{{[0-9]+}}, i64 128)
// w's row is the channel's.
// CHECK: mul i64 1024, %indvar
// CHECK: %prem.begin = freeze ptr %{{[0-9]+}}, !prem.value
// CHECK: br i1 %prem.fits, label %prem.load, label %prem.global, !prem.tile ![[TILE:[0-9]+]]
// Every phase change block-wide; w by one copy, in and out by rows.
// CHECK: prem.load:
// CHECK-NEXT: call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
// CHECK-NEXT: call void @__prem_enter_mem(i32 %prem.interval1)
// CHECK-NEXT: call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
// CHECK-NEXT: getelementptr
// CHECK-NEXT: call void @__prem_copy_1d(ptr %{{[0-9]+}}, ptr %prem.begin, i64 %prem.length)
// CHECK-NEXT: getelementptr
// CHECK-NEXT: call void @__prem_copy_2d(ptr %{{[0-9]+}}, i64 %prem.rowbytes, ptr %prem.begin2, i64 4096, i64 %prem.width, i64 %prem.rows)
// CHECK-NEXT: getelementptr
// CHECK-NEXT: call void @__prem_copy_2d(ptr %{{[0-9]+}}, i64 %prem.rowbytes7, ptr %prem.begin8, i64 1024, i64 %prem.width6, i64 %prem.rows5)
// CHECK-NEXT: br label %prem.execute
// CHECK: prem.execute:
// CHECK-NEXT: call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
// CHECK-NEXT: call void @__prem_enter_comp(i32 %prem.interval1)
// CHECK-NEXT: call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
// CHECK-NEXT: br label %for.body5
// out goes back by rows.
// CHECK: prem.store:
// CHECK-NEXT: call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
// CHECK-NEXT: call void @__prem_enter_mem(i32 %prem.interval1)
// CHECK-NEXT: call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
// CHECK-NEXT: getelementptr
// CHECK-NEXT: call void @__prem_copy_2d(ptr %prem.begin8, i64 1024, ptr %{{[0-9]+}}, i64 %prem.rowbytes7, i64 %prem.width6, i64 %prem.rows5)
// CHECK-NEXT: br label %prem.store.end
// CHECK: prem.tile.latch:
// CHECK: call void @__prem_exit_mem(i32 %prem.interval1)
// CHECK: %prem.done.next = add i64 %prem.done, %prem.n
// CHECK: br i1 %{{[0-9]+}}, label %for.cond.cleanup4, label %prem.tile
// The next channel.
// CHECK: for.cond.cleanup4:
// CHECK: %indvar.next = add i64 %indvar, 1
// CHECK-NEXT: br i1 %exitcond{{.*}}, label %if.end, label %for.cond2.preheader
// The Execute phase reads and writes only the scratchpad.
// CHECK: for.body5:
// CHECK-NEXT: %prem.k = phi i64 [ 0, %prem.execute ], [ %prem.k.next, %for.body5 ]
// CHECK-NOT: {{load|store}} float{{.*}}ptr %arrayidx
// CHECK: %prem.row = udiv i64 %prem.off{{[0-9]+}}, 4096
// CHECK: load float, ptr %prem.spm.addr12
// CHECK: %prem.row{{[0-9]+}} = udiv i64 %prem.off{{[0-9]+}}, 1024
// CHECK: store float %add19, ptr %prem.spm.addr{{[0-9]+}}
// CHECK-NOT: {{load|store}} float{{.*}}ptr %arrayidx
// CHECK: br i1 %{{[0-9]+}}, label %prem.store, label %for.body5
// The partial block: the original code in one memory phase.
// CHECK: prem.region.partial:
// CHECK-NEXT: call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
// CHECK-NEXT: call void @__prem_enter_mem(i32 %prem.partial.interval)
// The tile: 128 iterations, 33280 bytes; out's flag: stored back whole.
// CHECK: ![[TILE]] = !{i32 0, i64 128, i64 33280, ![[W:[0-9]+]], ![[IN:[0-9]+]], ![[OUT:[0-9]+]]}
// CHECK-NEXT: ![[W]] = !{!"w", i1 true, i1 false, i1 false}
// CHECK-NEXT: ![[IN]] = !{!"in", i1 true, i1 false, i1 false, i64 4096}
// CHECK-NEXT: ![[OUT]] = !{!"out", i1 true, i1 true, i1 true, i64 1024}

// JSON: one thread block x one iteration of the depth-1 loop x 128 iterations of the depth-2 loop 8 33280 [('w', None, None, None, 'none', 512), ('in', '2d', 4096, 32, 'none', 16384), ('out', '2d', 1024, 32, 'rows', 16384)]

// PTX: .shared .align 64 .b8 prem_$_spm_$_blend[33280];
// PTX: bar.sync 0;
