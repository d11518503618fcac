// A CUDA ELLPACK sparse matrix-vector product, 8 entries per row: x[col[e]]
// is an indirect load, gathered per thread. A block of 64 threads reads 512
// entries of val and col (2 KiB each), writes 64 of y, and gathers 8 floats
// per thread into the indirect slot, execution-major (the thread's k-th
// element at slot + k * 4 * 64 + thread * 4): a warp's threads store and
// load consecutive words. Its Load phase gathers with a stripped copy of the
// kernel, its Execute phase reads the elements back in the same order (or
// from y's slot, loaded whole, should x and y meet).
// RUN: %cuda_bare_ir -I %S/Inputs %s -o %t.ll
// RUN: %opt_prem -passes=prem-tile,prem-les,prem-sync,verify %t.ll -S -pass-remarks=prem -o %t.sdma.ll 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: FileCheck %s < %t.sdma.ll
// RUN: %opt_prem -passes=prem-tile,prem-les,prem-sync,verify -prem-mode=dae %t.ll -S -o - | FileCheck %s --check-prefix=DAE
// RUN: %clang_prem -O2 %cuda_bare -I %S/Inputs -S %s -o %t.s
// RUN: FileCheck %s --check-prefix=PTX < %t.s
// RUN: %if ptxas %{ %ptxas -arch=sm_90 %t.s -o %t.o %}
// RUN: %clang_prem -O2 %cuda_bare -I %S/Inputs --no-offload-arch=sm_90 --cuda-gpu-arch=sm_87 -S %s -o %t.87.s
// RUN: %if ptxas %{ %ptxas -arch=sm_87 %t.87.s -o %t.87.o %}
// Without a stated block size the gathered elements have no known place:
// the kernel is left alone, with the reason.
// RUN: %cuda_bare_ir -I %S/Inputs -DNO_BOUNDS %s -o %t.nb.ll
// RUN: %opt_prem -passes=prem-tile,prem-les,prem-sync,verify %t.nb.ll -S -pass-remarks-missed=prem -o /dev/null 2>&1 | FileCheck %s --check-prefix=UNKNOWN
#include "cuda-bare.h"

#define N 4096
#define K 8
#ifdef NO_BOUNDS
#define BOUNDS
#else
#define BOUNDS __launch_bounds__(64)
#endif

extern "C" __global__ void BOUNDS
ell(const float *__restrict__ val, const int *__restrict__ col,
    const float *__restrict__ x, float *__restrict__ y) {
  int i = BLOCK_X * BLOCK_DIM_X + THREAD_X;
  if (i < N) {
    float s = 0.0f;
    for (int k = 0; k < K; k++)
      s += val[i * K + k] * x[col[i * K + k]];
    y[i] = s;
  }
}

// REMARK: remark: {{.*}}kernel ell: 1 indirect load(s) of x gathered element by element in the Load phase (dae for them: they have no interval to copy)
// REMARK: remark: {{.*}}kernel ell: thread block tiled, 64 threads per PREM interval
// UNKNOWN: kernel ell not transformed: an indirect load (subscript is loaded from memory inside the nest (from 'col')) in a block of unknown size: its threads' gathered elements would not have a known place

// CHECK: @prem.spm.ell = internal addrspace(3) global [6400 x i8] poison, align 64

// The Execute phase: the thread's k-th element of its own, or y's copy.
// CHECK: for.body:
// CHECK-NEXT: %prem.gathered.0 = phi i64 [ 0, %for.cond.preheader ], [ [[NEXT:%[0-9]+]], %for.body ]
// CHECK: %arrayidx9 = getelementptr inbounds float, ptr %x, i64 %idxprom8
// CHECK-NEXT: [[NEXT]] = add i64 %prem.gathered.0, 4
// CHECK-NEXT: [[TID:%[0-9]+]] = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
// CHECK-NEXT: [[T64:%[0-9]+]] = zext i32 [[TID]] to i64
// CHECK-NEXT: [[TOFF:%[0-9]+]] = mul i64 [[T64]], 4
// CHECK-NEXT: [[KOFF:%[0-9]+]] = mul i64 %prem.gathered.0, 64
// CHECK-NEXT: [[OFF:%[0-9]+]] = add i64 [[KOFF]], [[TOFF]]
// CHECK-NEXT: [[OWN:%prem.gather.off[0-9]+]] = add i64 %prem.slot8, [[OFF]]
// CHECK: [[PLACE:%prem.gather.off[0-9]+]] = select i1 %{{[0-9]+}}, i64 %{{[0-9]+}}, i64 [[OWN]]
// CHECK-NEXT: [[ADDR:%prem.spm.addr[0-9]+]] = getelementptr i8, ptr addrspacecast (ptr addrspace(3) @prem.spm.ell to ptr), i64 [[PLACE]]
// CHECK-NEXT: load float, ptr [[ADDR]], align 4
// The Load phase's stripped copy: col from global memory, x gathered.
// CHECK: for.body.load:
// CHECK-NEXT: %prem.gathered.1 = phi i64 [ 0, %for.cond.preheader.load ], [ [[LNEXT:%[0-9]+]], %for.body.load ]
// CHECK-NOT: store
// CHECK: [[I:%[0-9]+]] = load i32, ptr %arrayidx7.load, align 4
// CHECK-NEXT: %idxprom8.load = sext i32 [[I]] to i64
// CHECK-NEXT: %arrayidx9.load = getelementptr inbounds float, ptr %x, i64 %idxprom8.load
// CHECK-NEXT: [[V:%[0-9]+]] = load float, ptr %arrayidx9.load, align 4
// CHECK-NEXT: [[LNEXT]] = add i64 %prem.gathered.1, 4
// CHECK: %prem.gather.off = add i64 %prem.slot8, %{{[0-9]+}}
// CHECK-NEXT: %prem.spm.addr = getelementptr i8, ptr addrspacecast (ptr addrspace(3) @prem.spm.ell to ptr), i64 %prem.gather.off
// CHECK-NEXT: store float [[V]], ptr %prem.spm.addr, align 4
// CHECK-NOT: store
// CHECK: br i1 %exitcond.not.load, label %for.cond.cleanup.load, label %for.body.load
// CHECK: !{!"indirect", i1 true, i1 false, i1 false, i64 0, i64 4, i64 64}

// dae: y's interval whole, then val and col element by element with the
// gather in the same copy.
// DAE: prem.load:
// DAE: call void @__prem_copy_1d(ptr %{{[0-9]+}}, ptr %prem.begin, i64 %prem.length)
// DAE-NEXT: br label %prem.region.load
// DAE: for.body.load:
// DAE: store float %{{[0-9]+}}, ptr %prem.spm.addr, align 4
// DAE: store i32 %{{[0-9]+}}, ptr %prem.spm.addr{{[0-9]+}}, align 4
// DAE: %prem.gather.off = add i64 %prem.slot8, %{{[0-9]+}}
// DAE: store float %{{[0-9]+}}, ptr %prem.spm.addr{{[0-9]+}}, align 4

// PTX: .shared .align 64 .b8 prem_$_spm_$_ell[6400];
// PTX: mov.u32 %r{{[0-9]+}}, %tid.x;
