// Indirect stores (issue 3: "indirect accesses fall back to dae for that
// array"). y[idx[i]] has no interval: prem-tile gives the tile one more
// slot, "scattered", of one 4-byte element per execution (336 iterations:
// v 1344 + idx 1344 + 1344 bytes within 4 KiB), and tags each other slot's
// span. In sdma and dae alike:
// - the Load phase runs a copy of the tile stripped to the scattered
//   addresses and checks each against every other slot's span (the arrays
//   may alias, and the array scattered into may also be read by its own
//   accesses, whose copies would then be stale); a tile where one meets a
//   span runs on global memory instead, in the memory phase it is in (the
//   global path's loop entered past its __prem_enter_mem);
// - the Execute phase puts each stored element at the next place of the
//   slot;
// - the Store phase runs a copy stripped to the scatter, its addresses from
//   the scratchpad's idx, and stores the elements in the order they were
//   made.
// RUN: %omp_host_device_ir %s -o %t.ll
// RUN: %opt_prem -passes=prem-tile,prem-les,prem-sync,verify -prem-spm-bytes=4096 %t.ll -S -o - -pass-remarks=prem 2>%t.remarks | FileCheck %s --check-prefix=SDMA
// RUN: FileCheck %s --check-prefix=REMARK < %t.remarks
// RUN: %opt_prem -passes=prem-tile,prem-les,prem-sync,verify -prem-mode=dae -prem-spm-bytes=4096 %t.ll -S -o - | FileCheck %s --check-prefix=DAE
// RUN: %opt_prem -passes=prem-tile,prem-les,prem-sync,verify -prem-mode=cmpt -prem-spm-bytes=4096 %t.ll -S -o - | FileCheck %s --check-prefix=CMPT
// RUN: %opt_prem -passes=prem-tile,prem-les,prem-sync,prem-report,verify -prem-spm-bytes=4096 -prem-report=%t.json %t.ll -disable-output
// RUN: %python -c "import json, sys; p = json.load(open(sys.argv[1]))['kernels'][0]['prem']; print(p['load_bytes_per_tile'], p['store_bytes_per_tile'], [(a['name'], a.get('transfer'), a['store'], a.get('arrays'), a.get('stores'), a['unique_bytes']) for a in p['arrays']])" %t.json | FileCheck %s --check-prefix=JSON
// On a GPU each thread scatters into its own column of the slot (the k-th
// element of thread t at slot + k * 4 * threads + t * 4), and the block
// votes on the check (a barrier's or) so that all its threads take the same
// path: OpenMP on NVPTX (-prem-gpu-tiles, blocks of 128) and a CUDA kernel
// (blocks of 32), both through ptxas.
// RUN: %clang_prem -O2 -fopenmp --offload-arch=sm_90 --offload-device-only -nogpulib %nvptx_feature -DGPU -S %s -o %t.s -mllvm -prem-gpu-tiles -Rpass=prem 2>&1 | FileCheck %s --check-prefix=GPU
// RUN: %if ptxas %{ %ptxas -c -arch=sm_90 %t.s -o %t.sm90.o %}
// RUN: %cuda_bare_ir -I %S/Inputs -DCUDA -x cuda %s -o %t.cuda.ll
// RUN: %opt_prem -passes=prem-tile,prem-les,prem-sync,verify %t.cuda.ll -S -o - -pass-remarks=prem 2>%t.cuda.remarks | FileCheck %s --check-prefix=CUDA
// RUN: FileCheck %s --check-prefix=CUDA-REMARK < %t.cuda.remarks
// RUN: %clang_prem -O2 %cuda_bare -I %S/Inputs -DCUDA -S %s -o %t.cuda.s
// RUN: %if ptxas %{ %ptxas -arch=sm_90 %t.cuda.s -o %t.cuda.o %}
// RUN: %clang_prem -O2 %cuda_bare -I %S/Inputs -DCUDA --no-offload-arch=sm_90 --cuda-gpu-arch=sm_87 -S %s -o %t.cuda87.s
// RUN: %if ptxas %{ %ptxas -arch=sm_87 %t.cuda87.s -o %t.cuda87.o %}
// RUN: FileCheck %s --check-prefix=PTX < %t.cuda.s
// Without a stated block size the threads' columns have no known place:
// left byte for byte as it was, with the reason.
// RUN: %cuda_bare_ir -I %S/Inputs -DCUDA -DNO_BOUNDS -x cuda %s -o %t.nb.ll
// RUN: %opt_prem -passes=verify %t.nb.ll -S -o %t.nb.plain.ll
// RUN: %opt_prem -passes=prem-tile,prem-les,prem-sync,verify %t.nb.ll -S -o %t.nb.after.ll -pass-remarks-missed=prem 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// RUN: cmp %t.nb.plain.ll %t.nb.after.ll
// On AMDGPU no block-wide vote is built: the kernel is left byte for byte
// as it was, with the reason.
// RUN: %clang -O2 -fno-unroll-loops -fno-vectorize -fno-discard-value-names -S -emit-llvm -fopenmp --offload-arch=gfx90a --offload-device-only -nogpulib -DGPU %s -o %t.amdgpu.ll
// RUN: %opt_prem -passes=verify %t.amdgpu.ll -S -o %t.amdgpu.plain.ll
// RUN: %opt_prem -passes=prem-tile,prem-les,prem-sync,verify -prem-gpu-tiles %t.amdgpu.ll -S -o %t.amdgpu.after.ll -pass-remarks-missed=prem 2>&1 | FileCheck %s --check-prefix=AMDGPU
// RUN: cmp %t.amdgpu.plain.ll %t.amdgpu.after.ll
#ifdef CUDA
#include "cuda-bare.h"
#ifdef NO_BOUNDS
#define BOUNDS
#else
#define BOUNDS __launch_bounds__(32)
#endif
extern "C" __global__ void BOUNDS
scatter(float *__restrict__ y, const float *__restrict__ v,
        const int *__restrict__ idx) {
  int i = BLOCK_X * BLOCK_DIM_X + THREAD_X;
  if (i < 4096)
    y[idx[i]] = 2.0f * v[i];
}
#else
#define N 4096
#ifdef GPU
#define LIMIT thread_limit(128)
#else
#define LIMIT
#endif
void scatter(float *restrict y, const float *restrict v,
             const int *restrict idx) {
#pragma omp target teams distribute parallel for LIMIT map(to: v[0:N], idx[0:N]) map(tofrom: y[0:N])
  for (int i = 0; i < N; i++)
    y[idx[i]] = 2.0f * v[i];
}
#endif

// REMARK: remark: {{.*}}kernel __omp_offloading_{{.*}}_scatter_l{{[0-9]+}}: 1 indirect store(s) of y scattered element by element in the Store phase (dae for them: they have no interval to copy); a tile whose scattered elements meet its other data runs on global memory
// REMARK: remark: {{.*}}kernel __omp_offloading_{{.*}}_scatter_l{{[0-9]+}}: worksharing loop tiled, 336 SIMT iterations per PREM interval
// JSON: 2688 1344 [('v', None, 'none', None, None, 1344), ('idx', None, 'none', None, None, 1344), ('scattered', 'scatter', 'scatter', ['y'], 1, 1344)]
// GPU: remark: {{.*}}1 indirect store(s) of {{.*}} scattered element by element in the Store phase
// GPU: remark: {{.*}}kernel __omp_offloading_{{.*}}_scatter_l{{[0-9]+}}: worksharing loop tiled, 128 SIMT iterations per PREM interval
// UNKNOWN: remark: {{.*}}kernel scatter not transformed: an indirect store (subscript is loaded from memory inside the nest (from 'idx')) in a block of unknown size: its threads' scattered elements would not have a known place
// AMDGPU: remark: {{.*}}kernel __omp_offloading_{{.*}}_scatter_l{{[0-9]+}} not transformed: an indirect store (subscript is loaded from memory inside the nest (from 'idx')) in an AMDGPU tile: the block-wide vote on its addresses is built for NVPTX only
// CUDA-REMARK: remark: {{.*}}kernel scatter: 1 indirect store(s) of y scattered element by element in the Store phase
// CUDA-REMARK: remark: {{.*}}kernel scatter: thread block tiled, 32 threads per PREM interval

// CUDA: @prem.spm.scatter = internal addrspace(3) global [{{[0-9]+}} x i8] poison, align 64
// The block votes after the Load phase's check.
// CUDA: prem.scatter.check:
// CUDA-NEXT: %prem.clash.block = call i1 @llvm.nvvm.barrier.cta.red.or.aligned.all(i32 0, i1 %prem.clash.0)
// CUDA-NEXT: br i1 %prem.clash.block, label %prem.region.global, label %prem.execute
// The Execute phase: the thread's next place in its column.
// CUDA: [[TID:%[0-9]+]] = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
// CUDA-NEXT: [[T64:%[0-9]+]] = zext i32 [[TID]] to i64
// CUDA-NEXT: [[TOFF:%[0-9]+]] = mul i64 [[T64]], 4
// CUDA-NEXT: [[KOFF:%[0-9]+]] = mul i64 0, 32
// CUDA-NEXT: [[OFF:%[0-9]+]] = add i64 [[KOFF]], [[TOFF]]
// CUDA-NEXT: [[PLACE:%prem.scatter.off[0-9]*]] = add i64 %prem.slot{{[0-9]+}}, [[OFF]]
// CUDA-NEXT: [[ADDR:%prem.spm.addr[0-9]+]] = getelementptr i8, ptr addrspacecast (ptr addrspace(3) @prem.spm.scatter to ptr), i64 [[PLACE]]
// CUDA-NEXT: store float %mul1, ptr [[ADDR]], align 4
// CUDA: !{!"scattered", i1 false, i1 true, i1 false, i64 0, i64 4, i64 32, i1 true}
// PTX: bar.red.or.pred

// The Execute phase: v and idx from the scratchpad, the element to the
// next place of the scattered slot.
// SDMA-LABEL: define internal void @__omp_offloading_{{.*}}_scatter_l{{[0-9]+}}.omp_outlined.omp_outlined(
// SDMA: omp.inner.for.body:
// SDMA-NEXT: %prem.scattered.0 = phi i64 [ 0, %prem.execute ], [ [[NEXT:%[0-9]+]], %omp.inner.for.body ]
// SDMA: [[V:%[0-9]+]] = load float, ptr %prem.spm.addr, align 4
// SDMA-NEXT: %mul5 = fmul float [[V]], 2.000000e+00
// SDMA: load i32, ptr %prem.spm.addr{{[0-9]+}}, align 4
// SDMA: [[NEXT]] = add i64 %prem.scattered.0, 4
// SDMA-NEXT: [[OFF:%prem.scatter.off[0-9]*]] = add i64 %prem.slot8, %prem.scattered.0
// SDMA-NEXT: [[ADDR:%prem.spm.addr[0-9]+]] = getelementptr i8, ptr %prem.spm, i64 [[OFF]]
// SDMA-NEXT: store float %mul5, ptr [[ADDR]], align 4
// SDMA-NOT: store
// SDMA: br i1 %{{[0-9]+}}, label %prem.store, label %omp.inner.for.body
// The header: each slot's span, then the scattered slot after the others.
// SDMA: prem.tile:
// SDMA: %prem.begin = freeze ptr [[VB:%[0-9]+]], !prem.value
// SDMA: [[VBI:%[0-9]+]] = ptrtoint ptr [[VB]] to i64
// SDMA-NEXT: [[VEI:%[0-9]+]] = add i64 [[VBI]], {{%[0-9]+}}
// SDMA-NEXT: %prem.spanbegin = freeze i64 [[VBI]], !prem.value
// SDMA-NEXT: %prem.spanend = freeze i64 [[VEI]], !prem.value
// SDMA: %prem.spanbegin5 = freeze i64
// SDMA-NEXT: %prem.spanend6 = freeze i64
// SDMA-NEXT: %prem.length7 = freeze i64 1344, !prem.value
// SDMA-NEXT: %prem.slot8 = freeze i64
// SDMA: br i1 %{{[0-9]+}}, label %prem.load, label %prem.global, !prem.tile
// SDMA: prem.load:
// SDMA-NEXT: call void @__prem_enter_mem(i32 %prem.interval1)
// SDMA: call void @__prem_copy_1d(
// SDMA: call void @__prem_copy_1d(
// SDMA-NEXT: br label %omp.inner.for.body.load
// SDMA: prem.scatter.check:
// SDMA-NEXT: br i1 [[CLASH:%[0-9]+]], label %omp.inner.for.body.global, label %prem.execute
// SDMA: prem.execute:
// SDMA-NEXT: call void @__prem_enter_comp(i32 %prem.interval1)
// SDMA: prem.store:
// SDMA-NEXT: call void @__prem_enter_mem(i32 %prem.interval1)
// SDMA-NEXT: br label %omp.inner.for.body.store
// SDMA: prem.global:
// SDMA-NEXT: call void @__prem_enter_mem(i32 %prem.interval1)
// SDMA-NEXT: br label %omp.inner.for.body.global
// The global path's loop, entered from both.
// SDMA: omp.inner.for.body.global:
// SDMA-NEXT: %prem.k.global = phi i64 [ 0, %prem.global ], [ %prem.k.next.global, %omp.inner.for.body.global ], [ 0, %prem.scatter.check ]
// SDMA-NEXT: %indvars.iv.global = phi i64 [ %indvars.iv.tile, %prem.global ], [ %indvars.iv.next.global, %omp.inner.for.body.global ], [ %indvars.iv.tile, %prem.scatter.check ]
// SDMA: store float %mul5.global, ptr %arrayidx9.global, align 4
// The Load phase's copy: each scattered address against v's and idx's
// spans, nothing stored.
// SDMA: omp.inner.for.body.load:
// SDMA-NEXT: %prem.clash.0 = phi i1 [ false, %prem.load ], [ [[CLASH]], %omp.inner.for.body.load ]
// SDMA-NOT: store
// SDMA: %arrayidx9.load = getelementptr inbounds float, ptr %y, i64 %idxprom8.load
// SDMA-NEXT: [[A:%[0-9]+]] = ptrtoint ptr %arrayidx9.load to i64
// SDMA-NEXT: [[E:%[0-9]+]] = add i64 [[A]], 4
// SDMA-NEXT: [[B1:%[0-9]+]] = icmp ult i64 [[A]], %prem.spanend
// SDMA-NEXT: [[B2:%[0-9]+]] = icmp ugt i64 [[E]], %prem.spanbegin
// SDMA-NEXT: [[M1:%[0-9]+]] = and i1 [[B2]], [[B1]]
// SDMA-NEXT: [[C1:%[0-9]+]] = or i1 %prem.clash.0, [[M1]]
// SDMA-NEXT: [[B3:%[0-9]+]] = icmp ult i64 [[A]], %prem.spanend6
// SDMA-NEXT: [[B4:%[0-9]+]] = icmp ugt i64 [[E]], %prem.spanbegin5
// SDMA-NEXT: [[M2:%[0-9]+]] = and i1 [[B4]], [[B3]]
// SDMA-NEXT: [[CLASH]] = or i1 [[C1]], [[M2]]
// SDMA-NOT: store
// SDMA: br i1 %{{[0-9]+}}, label %prem.scatter.check, label %omp.inner.for.body.load
// The Store phase's copy: idx from the scratchpad, the elements in order.
// SDMA: omp.inner.for.body.store:
// SDMA-NEXT: %prem.scattered.1 = phi i64 [ 0, %prem.store ], [ [[SNEXT:%[0-9]+]], %omp.inner.for.body.store ]
// SDMA: [[I:%[0-9]+]] = load i32, ptr %prem.spm.addr{{[0-9]+}}, align 4
// SDMA-NEXT: %idxprom8.store = sext i32 [[I]] to i64
// SDMA-NEXT: %arrayidx9.store = getelementptr inbounds float, ptr %y, i64 %idxprom8.store
// SDMA-NEXT: [[SNEXT]] = add i64 %prem.scattered.1, 4
// SDMA-NEXT: %prem.scatter.off = add i64 %prem.slot8, %prem.scattered.1
// SDMA-NEXT: %prem.spm.addr{{[0-9]+}} = getelementptr i8, ptr %prem.spm, i64 %prem.scatter.off
// SDMA-NEXT: [[EL:%[0-9]+]] = load float, ptr %prem.spm.addr{{[0-9]+}}, align 4
// SDMA-NEXT: store float [[EL]], ptr %arrayidx9.store, align 4
// SDMA: !{!"scattered", i1 false, i1 true, i1 false, i64 0, i64 4, i64 1, i1 true}

// dae: the Load copy copies v and idx element by element and checks the
// scattered addresses in the same loop.
// DAE: omp.inner.for.body.load:
// DAE: store float %{{[0-9]+}}, ptr %prem.spm.addr, align 4
// DAE: store i32 %{{[0-9]+}}, ptr %prem.spm.addr{{[0-9]+}}, align 4
// DAE: icmp ult i64 %{{[0-9]+}}, %prem.spanend
// DAE: br i1 %{{[0-9]+}}, label %prem.scatter.check, label %omp.inner.for.body.load
// DAE: omp.inner.for.body.store:
// DAE: store float %{{[0-9]+}}, ptr %arrayidx9.store, align 4

// cmpt: the tile unchanged in its memory phase.
// CMPT: prem.global:
// CMPT-NEXT: call void @__prem_enter_mem(i32 %prem.interval1)
// CMPT-NOT: prem.scatter.check
