// GPU tiles (-prem-gpu-tiles) on an OpenMP AMDGPU SPMD kernel, as on NVPTX
// (prem-gpu-tile.c): one PREM interval per call of the parallel region,
// the team's chunk of the worksharing loop (32 rows of A, all of B, 32 rows
// of C: 12 KiB), the scratchpad an LDS buffer (addrspace 3) sized to the
// tile. A workgroup barrier on AMDGPU is s_barrier between workgroup fences
// (s_barrier alone orders no memory). Off by default: not yet run on a GPU.
// RUN: %clang -O2 -fno-unroll-loops -fno-vectorize -fno-discard-value-names -S -emit-llvm -fopenmp --offload-arch=gfx90a --offload-device-only -nogpulib %s -o %t.ll
// RUN: %opt_prem -passes=prem-tile,prem-les,prem-sync -pass-remarks-missed=prem %t.ll -S -o %t.off.ll 2>&1 | FileCheck %s --check-prefix=OFF
// RUN: %opt_prem -passes=verify %t.ll -S -o %t.plain.ll
// RUN: cmp %t.plain.ll %t.off.ll
// RUN: %opt_prem -passes=prem-tile,prem-les,prem-sync,verify -prem-gpu-tiles %t.ll -S -pass-remarks=prem -o %t.sdma.ll 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: FileCheck %s < %t.sdma.ll
// The whole pipeline under clang (its LTO pass over the module leaves the
// transformed module alone), then the AMDGPU back end: an object whose
// kernel has the 12 KiB of LDS.
// RUN: %clang_prem -O2 -fopenmp --offload-arch=gfx90a --offload-device-only -nogpulib -c %s -o %t.bc -mllvm -prem-gpu-tiles -Rpass=prem 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: llc -O2 -mtriple=amdgcn-amd-amdhsa -mcpu=gfx90a %t.bc -o %t.s
// RUN: FileCheck %s --check-prefix=ISA < %t.s
// RUN: llc -O2 -mtriple=amdgcn-amd-amdhsa -mcpu=gfx90a -filetype=obj %t.bc -o %t.o
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

// CHECK: @prem.spm.[[REGION:__omp_offloading_.*_gemm_l[0-9]+_omp_outlined_omp_outlined]] = internal addrspace(3) global [12288 x i8] poison, align 64
// CHECK-LABEL: prem.load:
// CHECK-NEXT: fence syncscope("workgroup") release
// CHECK-NEXT: call void @llvm.amdgcn.s.barrier()
// CHECK-NEXT: fence syncscope("workgroup") acquire
// CHECK-NEXT: call void @__prem_enter_mem(i32 %prem.interval)
// CHECK-NEXT: fence syncscope("workgroup") release
// CHECK-NEXT: call void @llvm.amdgcn.s.barrier()
// CHECK-NEXT: fence syncscope("workgroup") acquire
// CHECK-NEXT: %[[A:[0-9]+]] = getelementptr i8, ptr addrspacecast (ptr addrspace(3) @prem.spm.[[REGION]] to ptr), i64 %prem.slot
// CHECK-NEXT: call void @__prem_copy_1d(ptr %[[A]], ptr %prem.begin, i64 %prem.length)
// CHECK-LABEL: prem.execute:
// CHECK-NEXT: fence syncscope("workgroup") release
// CHECK-NEXT: call void @llvm.amdgcn.s.barrier()
// CHECK-NEXT: fence syncscope("workgroup") acquire
// CHECK-NEXT: call void @__prem_enter_comp(i32 %prem.interval)

// ISA: .amdhsa_group_segment_fixed_size 12288
