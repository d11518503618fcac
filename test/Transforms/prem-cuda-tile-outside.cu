// Accesses outside a thread block's inner tiles (seed 001, Sec. 3.2.3: a
// compatible interval). gemv, a thread per row of 2048 floats: a block's
// rows need 256 KiB, so the column loop is tiled, the block's threads
// together (6 tiles of 344 columns), and each thread's sum, stored after
// the loop, goes to y in a memory phase of its own after the tiles, between
// block barriers: from the loop's exit to the kernel's return (which the
// guard's other way also reaches; on the scratchpad path every thread
// passes the guard). The interval number is the block's index with
// PREM_INTERVAL_OUTSIDE (bit 29) set. Blocks that do not pass the launch
// check run the original code in one memory phase, as before.
// RUN: %cuda_bare_ir -I %S/Inputs %s -o %t.ll
// RUN: %opt_prem -passes=prem-tile,prem-les,prem-sync,verify %t.ll -S -pass-remarks=prem -o %t.sdma.ll 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: FileCheck %s < %t.sdma.ll
// RUN: %clang_prem -O2 %cuda_bare -I %S/Inputs -S %s -o %t.s
// RUN: %if ptxas %{ %ptxas -arch=sm_90 %t.s -o %t.o %}
// RUN: %clang_prem -O2 %cuda_bare -I %S/Inputs --no-offload-arch=sm_90 --cuda-gpu-arch=sm_87 -S %s -o %t.87.s
// RUN: %if ptxas %{ %ptxas -arch=sm_87 %t.87.s -o %t.87.o %}
// A channel's weight, loaded (hoisted by the optimiser) before the column
// loop of each channel: the column loop is tiled within each channel
// (depth 2) and the weight read in a memory phase of its own before the
// channel's tiles.
// RUN: %cuda_bare_ir -I %S/Inputs -DDEPTH2 %s -o %t.d2.ll
// RUN: %opt_prem -passes=prem-tile,prem-les,prem-sync,verify %t.d2.ll -S -pass-remarks=prem -o %t.d2.sdma.ll 2>&1 | FileCheck %s --check-prefix=D2-REMARK
// RUN: FileCheck %s --check-prefix=D2 < %t.d2.sdma.ll
// RUN: %opt_prem -passes=prem-tile,prem-les,prem-sync,prem-report,verify -prem-report=%t.json %t.d2.ll -disable-output
// RUN: %python -c "import json, sys; p = json.load(open(sys.argv[1]))['kernels'][0]['prem']; print(p['tile'], p['outside'], [(a['name'], a['written'], a['store']) for a in p['arrays']])" %t.json | FileCheck %s --check-prefix=JSON
// RUN: %clang_prem -O2 %cuda_bare -I %S/Inputs -DDEPTH2 -S %s -o %t.d2.s
// RUN: %if ptxas %{ %ptxas -arch=sm_90 %t.d2.s -o %t.d2.o %}
#include "cuda-bare.h"

#ifndef DEPTH2
extern "C" __global__ void __launch_bounds__(32)
gemv(const float *__restrict__ A, const float *__restrict__ x,
     float *__restrict__ y, int m) {
  int i = BLOCK_X * BLOCK_DIM_X + THREAD_X;
  if (i < m) {
    float s = 0.0f;
    for (int j = 0; j < 2048; j++)
      s += A[i * 2048 + j] * x[j];
    y[i] = s;
  }
}
#else
extern "C" __global__ void __launch_bounds__(256)
k(const float *__restrict__ x, float *__restrict__ y,
  const float *__restrict__ z, int m) {
  int i = BLOCK_X * BLOCK_DIM_X + THREAD_X;
  if (i < m)
#pragma unroll 1
    for (int c = 0; c < 4; c++)
      for (int j = 0; j < 32; j++)
        y[i * 32 + j] += x[c] * z[(i * 4 + c) * 32 + j];
}
#endif

// REMARK: remark: {{.*}}kernel gemv: depth-1 loop tiled, one thread block and 344 of its iterations per PREM interval; accesses outside it in compatible intervals of their own: 1 after the depth-1 loop

// CHECK-LABEL: define dso_local ptx_kernel void @gemv(
// CHECK: entry:
// CHECK: %prem.partial.interval = freeze i32
// CHECK: %[[B:[0-9]+]] = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
// CHECK-NEXT: %[[LOW:[0-9]+]] = and i32 %[[B]], 536870911
// CHECK-NEXT: %[[NUM:[0-9]+]] = or i32 %[[LOW]], 536870912
// CHECK-NEXT: %prem.compat.interval = freeze i32 %[[NUM]], !prem.value
// CHECK-NEXT: br i1 %{{[0-9]+}}, label %prem.region, label %prem.region.partial
// CHECK: prem.tile.latch:
// CHECK: %add7.lcssa.tile = phi float [ %add7, %prem.store.end ], [ %add7.global, %for.body.global ]
// CHECK-NEXT: call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
// CHECK-NEXT: call void @__prem_exit_mem(i32 %prem.interval{{[0-9]*}})
// CHECK-NEXT: call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
// CHECK: br i1 %{{[0-9]+}}, label %prem.compat, label %prem.tile, !prem.block
// The sums, stored in a memory phase of their own:
// CHECK: prem.compat:
// CHECK-NEXT: %add7.lcssa = phi float [ %add7.lcssa.tile, %prem.tile.latch ]
// CHECK-NEXT: call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
// CHECK-NEXT: call void @__prem_enter_mem(i32 %prem.compat.interval)
// CHECK-NEXT: call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
// CHECK-NEXT: br label %for.cond.cleanup, !prem.block
// CHECK: for.cond.cleanup:
// CHECK: store float %add7.lcssa, ptr %arrayidx{{[0-9]+}}
// CHECK-NEXT: br label %if.end
// CHECK: if.end:
// CHECK-NEXT: br label %prem.compat.end
// CHECK: prem.compat.end:
// CHECK-NEXT: call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
// CHECK-NEXT: call void @__prem_exit_mem(i32 %prem.compat.interval)
// CHECK-NEXT: call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
// CHECK-NEXT: ret void
// CHECK: prem.region.partial:
// CHECK-NEXT: call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
// CHECK-NEXT: call void @__prem_enter_mem(i32 %prem.partial.interval)

// D2-REMARK: remark: {{.*}}kernel k: depth-2 loop tiled, one thread block, one iteration of the depth-1 loop and 16 of its iterations per PREM interval; accesses outside it in compatible intervals of their own: 1 before the depth-2 loop
// D2-LABEL: define dso_local ptx_kernel void @k(
// D2: for.cond2.preheader:
// D2: br label %prem.compat
// D2: prem.compat:
// D2-NEXT: call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
// D2-NEXT: call void @__prem_enter_mem(i32 %prem.compat.interval)
// D2-NEXT: call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
// D2: %[[W:[0-9]+]] = load float, ptr %arrayidx,
// D2: br label %prem.compat.end, !prem.block
// D2: prem.compat.end:
// D2-NEXT: call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
// D2-NEXT: call void @__prem_exit_mem(i32 %prem.compat.interval)
// D2-NEXT: call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
// D2-NEXT: br label %prem.tile
// The Execute phase uses the weight loaded before the tiles.
// D2: for.body5:
// D2-NEXT: %prem.k = phi i64 [ 0, %prem.execute ]
// D2: load float, ptr %prem.spm.addr,
// D2-NEXT: fmul contract float %[[W]],

// x is read outside the tiles only: the tiles hold y and z.
// JSON: one thread block x one iteration of the depth-1 loop x 16 iterations of the depth-2 loop [{'after': 0, 'before': 1, 'loop': 'depth-2'}] [('z', False, 'none'), ('y', True, 'rows')]
