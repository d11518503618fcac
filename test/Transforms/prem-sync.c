// prem-sync and prem-link-runtime on a 5-point stencil with sdma: B is written
// with holes (columns 0 and N-1 of each row are not), so its Store phase is
// element by element; A comes in by one interval copy. Every memory phase
// starts with __prem_enter_mem, the Execute phase with __prem_enter_comp, and
// where the scratchpad and global paths meet __prem_exit_mem ends the tile's
// last memory phase, all naming the tile's interval; the runtime is then
// linked in (internal
// functions, a weak trace buffer the host can find by name).
// RUN: %omp_host_device_ir %s -o %t.ll
// RUN: %opt_prem -passes=prem-tile,prem-les,prem-sync,verify -prem-spm-bytes=4096 %t.ll -S | FileCheck %s
// RUN: %opt_prem -passes=prem-tile,prem-les,prem-sync,prem-link-runtime,verify -prem-spm-bytes=4096 %t.ll -S | FileCheck %s --check-prefix=LINKED
// A module with nothing to link is left alone.
// RUN: %opt_prem -passes=prem-link-runtime %t.ll -S -o %t.none.ll
// RUN: %opt_prem -passes=verify %t.ll -S -o %t.plain.ll
// RUN: cmp %t.plain.ll %t.none.ll
// A runtime that cannot be read is an error naming it, not a crash.
// RUN: not %opt_prem -passes=prem-tile,prem-les,prem-sync,prem-link-runtime -prem-runtime=%t.missing.bc %t.ll -disable-output 2>&1 | FileCheck %s --check-prefix=MISSING
// Another target's runtime (NVPTX's on host offload) is refused, naming
// both targets and the file needed; it used to reach the back end and
// crash there ("Cannot select").
// RUN: not %opt_prem -passes=prem-tile,prem-les,prem-sync,prem-link-runtime -prem-runtime=%prem_obj/lib/prem-rt-nvptx64-nvidia-cuda.bc %t.ll -disable-output 2>&1 | FileCheck %s --check-prefix=TARGET
#define N 64
void jacobi(float *restrict B, const float *restrict A) {
#pragma omp target teams distribute parallel for map(to: A[0:N*N]) map(tofrom: B[0:N*N])
  for (int i = 1; i < N - 1; i++)
    for (int j = 1; j < N - 1; j++)
      B[i * N + j] = 0.2f * (A[i * N + j] + A[i * N + j - 1] + A[i * N + j + 1] +
                             A[(i + 1) * N + j] + A[(i - 1) * N + j]);
}

// CHECK-LABEL: define internal void @__omp_offloading_{{.*}}_jacobi_l{{[0-9]+}}.omp_outlined.omp_outlined(
// CHECK: prem.load:
// CHECK-NEXT: call void @__prem_enter_mem(i32 %[[INTERVAL:prem.interval[0-9]+]])
// CHECK-NEXT: getelementptr i8, ptr %prem.spm, i64 %prem.slot
// CHECK-NEXT: call void @__prem_copy_1d(
// CHECK-NEXT: br label %prem.execute
// CHECK: prem.execute:
// CHECK-NEXT: call void @__prem_enter_comp(i32 %[[INTERVAL]])
// CHECK: prem.store:
// CHECK-NEXT: call void @__prem_enter_mem(i32 %[[INTERVAL]])
// CHECK-NEXT: br label %{{.*}}.store,
// CHECK: prem.global:
// CHECK-NEXT: call void @__prem_enter_mem(i32 %[[INTERVAL]])
// CHECK: prem.tile.latch:
// CHECK-NEXT: phi i64
// CHECK-NEXT: call void @__prem_exit_mem(i32 %[[INTERVAL]])
// The element-wise Store phase of B: each store takes its value from the
// scratchpad.
// CHECK: [[STORE_BB:.*]].store:
// CHECK: %[[V:[0-9]+]] = load float, ptr %prem.spm.addr
// CHECK-NEXT: store float %[[V]], ptr
// CHECK-NOT: !prem.phase
// CHECK: declare void @__prem_enter_mem(i32)
// CHECK: declare void @__prem_enter_comp(i32)
// CHECK: declare void @__prem_exit_mem(i32)

// LINKED-DAG: @__prem_trace_count = weak global i64 0
// LINKED-DAG: @__prem_trace = weak {{.*}}global [65536 x %struct.prem_trace_record] zeroinitializer
// LINKED-DAG: define internal void @__prem_enter_mem(i32
// LINKED-DAG: define internal void @__prem_enter_comp(i32
// LINKED-DAG: define internal void @__prem_exit_mem(i32
// LINKED-DAG: define internal void @__prem_copy_1d(ptr

// MISSING: error: prem: cannot load the device runtime '{{.*}}.missing.bc'
// TARGET: error: prem: the device runtime '{{.*}}prem-rt-nvptx64-nvidia-cuda.bc' is for nvptx64-nvidia-cuda, and this module for x86_64-unknown-linux-gnu: link prem-rt-x86_64-unknown-linux-gnu.bc (beside the plugin), or name a runtime for x86_64 with -prem-runtime
