// CUDA kernels on NVPTX: the thread block is the PREM interval (seed 001,
// Sec. 3.2.2). The kernel is versioned before its first memory access, where
// every thread is: the scratchpad path needs the launch the footprint was
// computed for (the block size __launch_bounds__ states, 1-D blocks) and
// every thread of the block past the bounds guard (checked at the block's
// first and last thread); the grid's last, partial block takes the global
// path. Here: 32 rows of A (8 KiB), x (256 B), 32 floats of y.
// RUN: %cuda_bare_ir -I %S/Inputs %s -o %t.ll
// RUN: %opt_prem -passes=prem-tile,prem-les,prem-sync,verify %t.ll -S -pass-remarks=prem -o %t.sdma.ll 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: FileCheck %s < %t.sdma.ll
// RUN: %opt_prem -passes=prem-tile,prem-les,prem-sync,verify -prem-mode=dae %t.ll -S | FileCheck %s --check-prefix=DAE
// RUN: %opt_prem -passes=prem-tile,prem-les,prem-sync,verify -prem-mode=cmpt %t.ll -S | FileCheck %s --check-prefix=CMPT
// Off when asked: a remark and the module as it was.
// RUN: %opt_prem -passes=prem-tile,prem-les,prem-sync -prem-gpu-tiles=false -pass-remarks-missed=prem %t.ll -S -o %t.off.ll 2>&1 | FileCheck %s --check-prefix=OFF
// RUN: %opt_prem -passes=verify %t.ll -S -o %t.plain.ll
// RUN: cmp %t.plain.ll %t.off.ll
// The whole pipeline under clang, to PTX that ptxas accepts (sm_90, sm_87)
// with the scratchpad in shared memory:
// RUN: %clang_prem -O2 %cuda_bare -I %S/Inputs -S %s -o %t.s
// RUN: FileCheck %s --check-prefix=PTX < %t.s
// RUN: %if ptxas %{ %ptxas -arch=sm_90 %t.s -o %t.o %}
// RUN: %clang_prem -O2 %cuda_bare -I %S/Inputs --no-offload-arch=sm_90 --cuda-gpu-arch=sm_87 -S %s -o %t.87.s
// RUN: %if ptxas %{ %ptxas -arch=sm_87 %t.87.s -o %t.87.o %}
#include "cuda-bare.h"

extern "C" __global__ void __launch_bounds__(32)
gemv(const float *__restrict__ A, const float *__restrict__ x,
     float *__restrict__ y, int m) {
  int i = BLOCK_X * BLOCK_DIM_X + THREAD_X;
  if (i < m) {
    float s = 0.0f;
    for (int j = 0; j < 64; j++)
      s += A[i * 64 + j] * x[j];
    y[i] = s;
  }
}

// No __launch_bounds__: the block size is a run-time value of the intervals
// (ntid), the fit is checked per block against the whole budget.
extern "C" __global__ void scale(const float *__restrict__ x,
                                 float *__restrict__ y, int n) {
  int i = BLOCK_X * BLOCK_DIM_X + THREAD_X;
  if (i < n)
    y[i] = 3.0f * x[i];
}

// No bounds guard, one basic block: the kernel is versioned at its first
// load, and the Store phase comes before the return.
extern "C" __global__ void __launch_bounds__(128) twice(float *y) {
  int i = BLOCK_X * BLOCK_DIM_X + THREAD_X;
  y[i] = 2.0f * y[i];
}

// REMARK: remark: {{.*}}kernel gemv: thread block tiled, 32 threads per PREM interval
// REMARK: remark: {{.*}}kernel scale: thread block tiled, one block of the launch's size per PREM interval (the kernel states no block size: the fit is checked per block at run time)
// REMARK: remark: {{.*}}kernel twice: thread block tiled, 128 threads per PREM interval

// CHECK: @prem.spm.gemv = internal addrspace(3) global [8576 x i8] poison, align 64
// CHECK: @prem.spm.scale = internal addrspace(3) global [49152 x i8] poison, align 64
// CHECK-LABEL: define {{.*}} void @gemv(
// The guard, the launch check, then the version branch.
// CHECK: %[[BASE:[a-z0-9]+]] = mul nuw nsw i32
// CHECK: %[[GUARD:[a-z0-9]+]] = icmp slt i32 %add, %m
// CHECK: %[[NTID:[0-9]+]] = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
// CHECK: icmp eq i32 %{{[0-9]+}}, 1
// CHECK: icmp eq i32 %{{[0-9]+}}, 1
// CHECK: icmp eq i32 %[[NTID]], 32
// The guard at the first thread (tid 0) and at the last (tid ntid - 1):
// CHECK: icmp slt i32 %[[BASE]], %m
// CHECK: %[[END:[0-9]+]] = add i32 %[[NTID]], %[[BASE]]
// CHECK-NEXT: %[[LAST:[0-9]+]] = add i32 %[[END]], -1
// CHECK-NEXT: icmp slt i32 %[[LAST]], %m
// CHECK: %prem.interval = freeze i32 %{{[0-9]+}}, !prem.value
// CHECK: %prem.fits = and i1
// CHECK-NEXT: br i1 %prem.fits, label %prem.load, label %prem.global, !prem.tile
// Load: block-wide phase change, one coalesced interval copy per read array.
// CHECK: prem.load:
// CHECK-NEXT: call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
// CHECK-NEXT: call void @__prem_enter_mem(i32 %prem.interval)
// CHECK-NEXT: call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
// CHECK: call void @__prem_copy_1d(ptr %{{[0-9]+}}, ptr %prem.begin1, i64 %prem.length2)
// CHECK: call void @__prem_copy_1d(ptr %{{[0-9]+}}, ptr %prem.begin4, i64 %prem.length5)
// CHECK: prem.execute:
// CHECK-NEXT: call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
// CHECK-NEXT: call void @__prem_enter_comp(i32 %prem.interval)
// CHECK-NEXT: call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
// The body, guard included, on the scratchpad only.
// CHECK: prem.region:
// CHECK-NEXT: br i1 %[[GUARD]],
// CHECK-NOT: {{load|store}} {{.*}}ptr %arrayidx
// CHECK: store float %{{[a-z0-9.]+}}, ptr %prem.spm.addr{{[0-9]+}}, {{.*}}!prem.array
// CHECK-NOT: {{load|store}} {{.*}}ptr %arrayidx
// CHECK: load float, ptr %prem.spm.addr, {{.*}}!prem.array
// CHECK-NOT: {{load|store}} {{.*}}ptr %arrayidx
// CHECK: load float, ptr %prem.spm.addr{{[0-9]+}}, {{.*}}!prem.array
// CHECK-NOT: {{load|store}} {{.*}}ptr %arrayidx
// Threads past the guard join the block at the Store phase.
// CHECK: br label %prem.store
// CHECK: prem.global:
// CHECK-NEXT: call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
// CHECK-NEXT: call void @__prem_enter_mem(i32 %prem.interval)
// CHECK: prem.store:
// CHECK-NEXT: call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
// CHECK-NEXT: call void @__prem_enter_mem(i32 %prem.interval)
// CHECK-NEXT: call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
// CHECK: call void @__prem_copy_1d(ptr %prem.wbegin, ptr %{{[0-9]+}}, i64 %prem.wlength)
// Both paths meet: the block's memory phase ends.
// CHECK: prem.exit:
// CHECK-NEXT: call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
// CHECK-NEXT: call void @__prem_exit_mem(i32 %prem.interval)
// CHECK-NEXT: call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
// CHECK-NEXT: ret void
// The global path: the kernel as it was.
// CHECK: prem.region.global:
// CHECK: load float, ptr %arrayidx{{.*}}.global, align 4
// CHECK-LABEL: define {{.*}} void @scale(
// CHECK-NOT: icmp eq i32 %{{[0-9]+}}, 32
// CHECK: %prem.fits = and i1

// CHECK-LABEL: define {{.*}} void @twice(
// CHECK: %prem.fits = and i1
// CHECK-NEXT: br i1 %prem.fits, label %prem.load, label %prem.global
// CHECK: prem.region:
// CHECK: store float %{{.*}}, ptr %prem.spm.addr{{[0-9]*}}, {{.*}}!prem.array
// CHECK-NEXT: br label %prem.store
// CHECK: prem.store:
// CHECK: call void @__prem_copy_1d(ptr %prem.wbegin
// CHECK: prem.exit:
// CHECK-NEXT: call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
// CHECK-NEXT: call void @__prem_exit_mem(i32 %prem.interval)
// CHECK-NEXT: call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
// CHECK-NEXT: ret void

// DAE-LABEL: define {{.*}} void @gemv(
// DAE: prem.load:
// DAE-NOT: __prem_copy_1d
// DAE: prem.execute:
// CMPT-LABEL: define {{.*}} void @gemv(
// CMPT: br label %prem.global, !prem.tile
// CMPT-NOT: prem.execute

// OFF: remark: {{.*}}kernel gemv not transformed: GPU tiles are off (-prem-gpu-tiles=false)

// PTX: .visible .entry gemv(
// PTX: .shared .align 64 .b8 prem_$_spm_$_gemv[8576];
// PTX: bar.sync 0;
// PTX: ld.shared.b32
