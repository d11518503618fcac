// GPU tiles (-prem-gpu-tiles) on an OpenMP NVPTX SPMD kernel: one PREM
// interval per call of the parallel region, covering the team's chunk of the
// worksharing loop (32 rows of A, all of B, 32 rows of C: 12 KiB). The region
// is versioned in its entry block, where every thread of the block is, so all
// threads take the same path and meet every barrier; the scratchpad is a
// shared-memory buffer sized to the tile.
// RUN: %omp_nvptx_device_ir %s -o %t.ll
// Off by default: a remark, and the module byte for byte as it was.
// RUN: %opt_prem -passes=prem-tile,prem-les,prem-sync -pass-remarks-missed=prem %t.ll -S -o %t.off.ll 2>&1 | FileCheck %s --check-prefix=OFF
// RUN: %opt_prem -passes=verify %t.ll -S -o %t.plain.ll
// RUN: cmp %t.plain.ll %t.off.ll
// RUN: %opt_prem -passes=prem-tile,prem-les,prem-sync,verify -prem-gpu-tiles %t.ll -S -pass-remarks=prem -o %t.sdma.ll 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: FileCheck %s < %t.sdma.ll
// RUN: %opt_prem -passes=prem-tile,prem-les,prem-sync,verify -prem-gpu-tiles -prem-mode=dae %t.ll -S | FileCheck %s --check-prefix=DAE
// The whole pipeline under clang, to PTX that ptxas accepts:
// RUN: %clang_prem -O2 -fopenmp --offload-arch=sm_90 --offload-device-only -nogpulib %nvptx_feature -S %s -o %t.s -mllvm -prem-gpu-tiles
// RUN: FileCheck %s --check-prefix=PTX < %t.s
// RUN: %if ptxas %{ %ptxas -c -arch=sm_90 %t.s -o %t.o %}
#define N 32
void gemm(float *restrict C, const float *restrict A, const float *restrict B) {
#pragma omp target teams distribute parallel for thread_limit(32) map(to: A[0:N*N], B[0:N*N]) map(tofrom: C[0:N*N])
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      float s = 0;
      for (int k = 0; k < N; k++)
        s += A[i * N + k] * B[k * N + j];
      C[i * N + j] = s;
    }
}

// OFF: remark: {{.*}}kernel __omp_offloading_{{.*}}_gemm_l{{[0-9]+}} not transformed: GPU tiles are off (-prem-gpu-tiles turns them on; they are not yet validated on a GPU)
// REMARK: remark: {{.*}}kernel __omp_offloading_{{.*}}_gemm_l{{[0-9]+}}: worksharing loop tiled, 32 SIMT iterations per PREM interval

// CHECK: @[[SPM:prem.spm.__omp_offloading_.*_gemm_l[0-9]+_omp_outlined_omp_outlined]] = internal addrspace(3) global [12288 x i8] poison, align 64
// CHECK-LABEL: define internal void @__omp_offloading_{{.*}}_gemm_l{{[0-9]+}}_omp_outlined_omp_outlined(
// The team's chunk, from the bounds stored for __kmpc_for_static_init,
// clamped to the loop.
// CHECK: entry:
// CHECK: %prem.lb = sext i32 %conv to i64
// CHECK-NEXT: %prem.ub = sext i32 %conv1 to i64
// CHECK-NEXT: %[[UB:[0-9]+]] = call i64 @llvm.smin.i64(i64 %prem.ub, i64 31)
// CHECK: %prem.n = call i64 @llvm.smax.i64(
// CHECK: %prem.begin = freeze ptr
// CHECK: icmp ule i64 %{{[0-9]+}}, 12288
// CHECK: br i1 %prem.fits, label %prem.load, label %prem.global, !prem.tile
// Load: block-wide, A and B copied by all threads together.
// CHECK: prem.load:
// CHECK-NEXT: call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
// CHECK-NEXT: call void @__prem_enter_mem(i32 %prem.interval)
// CHECK-NEXT: call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
// CHECK-NEXT: %[[A_SPM:[0-9]+]] = getelementptr i8, ptr addrspacecast (ptr addrspace(3) @[[SPM]] to ptr), i64 %prem.slot
// CHECK-NEXT: call void @__prem_copy_1d(ptr %[[A_SPM]], ptr %prem.begin, i64 %prem.length)
// CHECK-NEXT: %[[B_SPM:[0-9]+]] = getelementptr i8, ptr addrspacecast (ptr addrspace(3) @[[SPM]] to ptr), i64 %prem.slot3
// CHECK-NEXT: call void @__prem_copy_1d(ptr %[[B_SPM]], ptr %prem.begin1, i64 %prem.length2)
// CHECK: prem.execute:
// CHECK-NEXT: call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
// CHECK-NEXT: call void @__prem_enter_comp(i32 %prem.interval)
// CHECK-NEXT: call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
// CHECK-NEXT: br label %prem.region
// Execute: the thread's own iterations, on shared memory. The runtime
// rewrites the bounds it is handed: every copy of the region (the stripped
// ones of dae, of gathers and scatters) hands them over as they were.
// CHECK: prem.region:
// CHECK-NEXT: store i32 0, ptr %.omp.is_last, align 4
// CHECK-NEXT: store i32 %conv, ptr %.omp.lb, align 4
// CHECK-NEXT: store i32 %conv1, ptr %.omp.ub, align 4
// CHECK-NEXT: store i32 1, ptr %.omp.stride, align 4
// CHECK-NEXT: call void @__kmpc_for_static_init_4(
// CHECK: load float, ptr %prem.spm.addr{{[0-9]*}}, {{.*}}!prem.array
// CHECK: load float, ptr %prem.spm.addr{{[0-9]*}}, {{.*}}!prem.array
// CHECK: omp.loop.exit:
// CHECK: br label %prem.store
// The global path: the region unchanged, in one memory phase.
// CHECK: prem.global:
// CHECK-NEXT: call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
// CHECK-NEXT: call void @__prem_enter_mem(i32 %prem.interval)
// CHECK-NEXT: call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
// CHECK-NEXT: br label %prem.region.global, !prem.block
// Store: C's rows, every byte written, copied back by all threads.
// CHECK: prem.store:
// CHECK-NEXT: call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
// CHECK-NEXT: call void @__prem_enter_mem(i32 %prem.interval)
// CHECK-NEXT: call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
// CHECK: call void @__prem_copy_1d(ptr %prem.wbegin, ptr %{{[0-9]+}}, i64 %prem.wlength)

// dae: each thread copies the elements its own iterations load.
// DAE: prem.load:
// DAE: br label %prem.region.load
// DAE: prem.region.load:
// DAE-NEXT: store i32 0, ptr %.omp.is_last, align 4
// DAE-NEXT: store i32 %conv, ptr %.omp.lb, align 4
// DAE-NEXT: store i32 %conv1, ptr %.omp.ub, align 4
// DAE-NEXT: store i32 1, ptr %.omp.stride, align 4
// DAE-NEXT: call void @__kmpc_for_static_init_4(
// DAE: prem.region.store:
// DAE-NEXT: store i32 0, ptr %.omp.is_last, align 4
// DAE-NEXT: store i32 %conv, ptr %.omp.lb, align 4

// PTX: .shared .align 64 .b8 prem_$_spm_$___omp_offloading_{{.*}}[12288];
// PTX: bar.sync
// PTX: ld.shared
