// GPU tiles (-prem-gpu-tiles) of an OpenMP NVPTX team whose loop bound is a
// runtime value: the parallel region checks the zero-trip guard (0 < n)
// before it asks __kmpc_for_static_init for its chunk. The guard depends on
// the region's arguments only, so every thread of a team takes the same
// edge: the region from the guard on is tiled, and the guard's other edge
// goes to the return without any phase. A guard on a thread's own value
// (here its id, read through the region's first argument) is refused, and
// so is an access on the path that skips the loop.
// RUN: %omp_nvptx_device_ir %s -o %t.ll
// RUN: %opt_prem -passes=prem-tile,prem-les,prem-sync,verify -prem-gpu-tiles %t.ll -S -pass-remarks=prem -pass-remarks-missed=prem -o %t.sdma.ll 2> %t.remarks
// RUN: FileCheck %s --check-prefix=REMARK < %t.remarks
// RUN: FileCheck %s < %t.sdma.ll
// RUN: sed -e 's/%cmp = icmp sgt i32 %n.addr.sroa.0.0.extract.trunc, 0/%own.id = load i32, ptr %.global_tid., align 4\n  %cmp = icmp sgt i32 %own.id, 0/' %t.ll > %t.thread.ll
// RUN: %opt_prem -passes=prem-tile,verify -prem-gpu-tiles %t.thread.ll -S -pass-remarks-missed=prem -o /dev/null 2>&1 | FileCheck %s --check-prefix=THREAD
// A store on the path that skips the loop would run in no phase: refused.
// RUN: sed -e 's/br i1 %cmp, label %omp.precond.then, label %omp.precond.end/br i1 %cmp, label %omp.precond.then, label %bypass\nbypass:\n  store float 0.0, ptr %y, align 4\n  br label %omp.precond.end/' -e 's/^omp.precond.end: .*/omp.precond.end:/' %t.ll > %t.skip.ll
// RUN: %opt_prem -passes=prem-tile,verify -prem-gpu-tiles %t.skip.ll -S -pass-remarks-missed=prem -o /dev/null 2>&1 | FileCheck %s --check-prefix=SKIP
// A return block that merges values (a phi) would see the scratchpad path's
// and the global path's copies: refused (scale's region, the first).
// RUN: sed -e '0,/^omp.precond.end: .*/s//omp.precond.end:\n  %merged = phi i32 [ 1, %omp.loop.exit ], [ 7, %entry ]/' %t.ll > %t.phi.ll
// RUN: %opt_prem -passes=prem-tile,verify -prem-gpu-tiles %t.phi.ll -S -pass-remarks-missed=prem -o /dev/null 2>&1 | FileCheck %s --check-prefix=PHI
// The whole pipeline under clang, to PTX that ptxas accepts:
// RUN: %clang_prem -O2 -fopenmp --offload-arch=sm_90 --offload-device-only -nogpulib %nvptx_feature -S %s -o %t.s -mllvm -prem-gpu-tiles
// RUN: %if ptxas %{ %ptxas -c -arch=sm_90 %t.s -o %t.o %}
void scale(int n, float *restrict y, const float *restrict x) {
#pragma omp target teams distribute parallel for thread_limit(32) map(to: x[0:n]) map(tofrom: y[0:n])
  for (int i = 0; i < n; i++)
    y[i] = 2.5f * x[i] + y[i];
}

// A second guard of the user's, whose other edge joins the loop's exit
// before the return (the region would end at the join, and the skipping
// team would run its Store phase): refused.
void two_guards(int n, int a, float *restrict y, const float *restrict x) {
#pragma omp target parallel map(to: x[0:n]) map(tofrom: y[0:n])
  {
    if (a > 2) {
#pragma omp for
      for (int i = 0; i < n; i++)
        y[i] = 2.5f * x[i] + y[i];
    }
  }
}

// A memset after the loop is data in no tile, intrinsic or not: refused.
void memset_after(int n, float *restrict y, const float *restrict x) {
#pragma omp target parallel map(to: x[0:n]) map(tofrom: y[0:n + 16])
  {
#pragma omp for
    for (int i = 0; i < n; i++)
      y[i] = 2.5f * x[i] + y[i];
    __builtin_memset(y + n, 0, 64);
  }
}

// REMARK-DAG: remark: {{.*}}kernel {{.*}}_scale_l{{[0-9]+}}: worksharing loop tiled, 32 SIMT iterations per PREM interval
// REMARK-DAG: remark: {{.*}}kernel {{.*}}_two_guards_l{{[0-9]+}} not transformed: the path that skips the worksharing loop (its guard) joins the region before the return
// REMARK-DAG: remark: {{.*}}kernel {{.*}}_memset_after_l{{[0-9]+}} not transformed: a load or store of the team's chunk lies outside the worksharing loop

// THREAD: remark: {{.*}}_scale_l{{[0-9]+}} not transformed: GPU tiles need the worksharing loop's bounds in the region's entry block, or behind conditions on the region's arguments only

// SKIP: remark: {{.*}}_scale_l{{[0-9]+}} not transformed: a load or store lies on the path that skips the worksharing loop (its zero-trip guard), where no tile holds it

// PHI: remark: {{.*}}_scale_l{{[0-9]+}} not transformed: the parallel region's return block merges values (a phi), and its worksharing loop is behind a guard

// CHECK-LABEL: define internal void @__omp_offloading_{{.*}}_scale_l{{[0-9]+}}_omp_outlined_omp_outlined(
// CHECK: entry:
// CHECK: %[[GUARD:.*]] = icmp sgt i32 %{{.*}}, 0
// CHECK-NEXT: br i1 %[[GUARD]], label %omp.precond.then, label %omp.precond.end
// CHECK: omp.precond.then:
// CHECK-NOT: call void @__prem_
// CHECK: br i1 %{{.*}}, label %prem.load, label %prem.global, !prem.tile
// CHECK: prem.load:
// CHECK-NEXT: call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
// CHECK-NEXT: call void @__prem_enter_mem(
// The region's end: the loop's exit goes through the Store phase to the
// exit phase, the guard's other edge straight to the return.
// CHECK: omp.precond.end.prem.region:
// CHECK-SAME: preds = %omp.loop.exit
// CHECK-NEXT: br label %prem.store
// CHECK: prem.store:
// CHECK-NEXT: call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
// CHECK-NEXT: call void @__prem_enter_mem(
// CHECK: prem.exit:
// CHECK-SAME: preds = %omp.precond.end.prem.region.global, %prem.store.end
// CHECK: call void @__prem_exit_mem(
// CHECK-NEXT: call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
// CHECK-NEXT: br label %omp.precond.end
// CHECK: omp.precond.end:
// CHECK-SAME: preds = %prem.exit, %entry
// CHECK-NEXT: ret void
