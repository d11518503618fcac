// NVPTX team tiles of an inner loop behind a guard of its own (issue 25:
// gpu-style bicg_2 and adi_1): m rows of n columns, two runtime sizes, so
// clang keeps the column loop's test 0 < n in every row. The guard tests
// exactly whether the loop runs its first iteration, and its trip count is
// the same in every thread of a team: every thread runs the column loop's
// tiles, or none does. The zeroing store before the loop runs in a
// compatible interval of its own, closed before the guard; the tiles run
// behind it. Before, the kernel was refused ("the tiled loop must run in
// every iteration of the loop around it"). Bit for bit in every mode, with
// n = 0 too: E2E/team-tiles.test (gemv_mn, sweep_n).
// RUN: %omp_nvptx_device_ir %s -o %t.ll
// RUN: %opt_prem -passes=prem-tile,prem-les,prem-sync,verify -prem-gpu-tiles %t.ll -S -pass-remarks=prem -o %t.sdma.ll 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: FileCheck %s < %t.sdma.ll
// RUN: %opt_prem -passes=prem-tile,prem-les,prem-sync,verify -prem-gpu-tiles -prem-mode=dae %t.ll -S -o /dev/null
// RUN: %opt_prem -passes=prem-tile,prem-les,prem-sync,verify -prem-gpu-tiles -prem-mode=cmpt %t.ll -S -o /dev/null
// RUN: %clang_prem -O2 -fopenmp --offload-arch=sm_90 --offload-device-only -nogpulib %nvptx_feature -S %s -o %t.s -mllvm -prem-gpu-tiles -Rpass=prem 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: %if ptxas %{ %ptxas -c -arch=sm_90 %t.s -o %t.o %}
// RUN: %clang_prem -O2 -fopenmp --offload-arch=sm_87 --offload-device-only -nogpulib %nvptx_feature -S %s -o %t.87.s -mllvm -prem-gpu-tiles
// RUN: %if ptxas %{ %ptxas -c -arch=sm_87 %t.87.s -o %t.87.o %}

void gemv_mn(int m, int n, float *restrict y, const float *restrict A,
             const float *restrict x) {
#pragma omp target teams distribute parallel for thread_limit(32) map(to: A[0:m*n], x[0:n]) map(from: y[0:m])
  for (int i = 0; i < m; i++) {
    y[i] = 0;
    for (int j = 0; j < n; j++)
      y[i] += A[i * n + j] * x[j];
  }
}

// REMARK: remark: {{.*}}kernel {{.*}}_gemv_mn_l{{[0-9]+}}: depth-1 loop tiled, one team's chunk and {{[0-9]+}} of its iterations per PREM interval; accesses outside it in compatible intervals of their own: 1 before the depth-1 loop

// CHECK-LABEL: define internal void @__omp_offloading_{{.*}}_gemv_mn_l{{[0-9]+}}_omp_outlined_omp_outlined(
// CHECK: omp.inner.for.body.lr.ph:
// CHECK: [[GUARD:%[a-z0-9.]+]] = icmp sgt i32 %n.{{[a-z0-9.]+}}, 0
// The store of y[i] = 0 in its compatible interval, then the guard.
// CHECK: prem.compat:
// CHECK-NEXT: call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
// CHECK-NEXT: call void @__prem_enter_mem(
// CHECK: store float 0.000000e+00
// CHECK: prem.compat.end:
// CHECK-NEXT: call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
// CHECK-NEXT: call void @__prem_exit_mem(
// CHECK-NEXT: call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
// CHECK-NEXT: br i1 [[GUARD]], label %[[INTO:[a-z0-9.]+]], label %[[SKIP:[a-z0-9.]+]]
// The tiles, behind it.
// CHECK: [[INTO]]:
// CHECK: br label %prem.tile
// CHECK: prem.tile:
// CHECK: br i1 %prem.fits, label %prem.load, label %prem.global
// CHECK: prem.load:
// CHECK-NEXT: call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
// CHECK-NEXT: call void @__prem_enter_mem(
// CHECK: call void @__prem_copy_2d(
// CHECK: prem.execute:
// CHECK-NEXT: call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
// CHECK-NEXT: call void @__prem_enter_comp(
// CHECK: prem.store:
// CHECK-NEXT: call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
// CHECK-NEXT: call void @__prem_enter_mem(
// CHECK: [[SKIP]]:
