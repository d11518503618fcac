// Worksharing forms: combined constructs, a lone parallel for, a lone teams
// distribute, 'loop', and schedules. Static schedules give a SIMT loop and
// the global iteration space; dynamic ones are refused with the reason.
// RUN: %omp_host_device_ir %s -o %t.ll
// RUN: %opt_prem -passes='print<prem-kernels>' -disable-output %t.ll | FileCheck %s
// A chunked schedule walks each chunk in an inner loop: that loop is the SIMT
// loop, and the footprint is exact on the host and on NVPTX (where a lone
// parallel for is chunked too).
// RUN: %opt_prem -passes='print<prem-footprint>' -disable-output %t.ll | FileCheck %s --check-prefix=FOOT
// RUN: %omp_nvptx_device_ir %s -o %t.nv.ll
// RUN: %opt_prem -passes='print<prem-footprint>' -disable-output %t.nv.ll | FileCheck %s --check-prefix=FOOT
#define N 1024

void parallel_for(float *restrict x) {
#pragma omp target parallel for map(tofrom: x[0:N])
  for (int i = 0; i < N; i++) x[i] *= 2;
}
// CHECK-LABEL: kernel __omp_offloading_{{.*}}_parallel_for_l{{[0-9]+}} kind=openmp
// CHECK: simt: loop {{.*}} in __omp_offloading_{{.*}}_parallel_for_l{{[0-9]+}}.omp_outlined via __kmpc_for_static_init_4
// CHECK-NEXT: iterations: [0, 1023]

void teams_distribute(float *restrict x) {
#pragma omp target teams distribute map(tofrom: x[0:N])
  for (int i = 0; i < N; i++) x[i] *= 2;
}
// CHECK-LABEL: kernel __omp_offloading_{{.*}}_teams_distribute_l{{[0-9]+}} kind=openmp
// CHECK: simt: loop {{.*}} via __kmpc_for_static_init_4
// CHECK-NEXT: iterations: [0, 1023]

void teams_loop(float *restrict x) {
#pragma omp target teams loop map(tofrom: x[0:N])
  for (int i = 0; i < N; i++) x[i] *= 2;
}
// CHECK-LABEL: kernel __omp_offloading_{{.*}}_teams_loop_l{{[0-9]+}} kind=openmp
// CHECK: simt: loop {{.*}} in __omp_offloading_{{.*}}_teams_loop_l{{[0-9]+}}.omp_outlined.omp_outlined via __kmpc_for_static_init_4
// CHECK-NEXT: iterations: [0, 1023]

void chunked(float *restrict x) {
#pragma omp target teams distribute parallel for schedule(static, 4) map(tofrom: x[0:N])
  for (int i = 0; i < N; i++) x[i] *= 2;
}
// CHECK-LABEL: kernel __omp_offloading_{{.*}}_chunked_l{{[0-9]+}} kind=openmp
// CHECK: simt: loop {{.*}} in __omp_offloading_{{.*}}_chunked_l{{[0-9]+}}{{.*}}omp_outlined{{.}}omp_outlined via __kmpc_for_static_init_4

// FOOT-LABEL: kernel __omp_offloading_{{.*}}_parallel_for_l
// FOOT: total bytes per tile [1]: 4
// FOOT-NEXT: exact: yes
// FOOT-LABEL: kernel __omp_offloading_{{.*}}_teams_loop_l
// FOOT: exact: yes
// FOOT-LABEL: kernel __omp_offloading_{{.*}}_chunked_l
// FOOT: read  x[1*i0]
// FOOT-NEXT: write x[1*i0]
// FOOT: total bytes per tile [1]: 4
// FOOT-NEXT: exact: yes
// FOOT-LABEL: kernel __omp_offloading_{{.*}}_dynamic_l
// FOOT: reason NoSIMTLoop: the loop schedule is dynamic

void dynamic(float *restrict x) {
#pragma omp target teams distribute parallel for schedule(dynamic) map(tofrom: x[0:N])
  for (int i = 0; i < N; i++) x[i] *= 2;
}
// CHECK-LABEL: kernel __omp_offloading_{{.*}}_dynamic_l{{[0-9]+}} kind=openmp
// CHECK: simt: none (the loop schedule is dynamic, guided or runtime ('__kmpc_dispatch_init_4'): iterations are not assigned statically)

void guided(float *restrict x) {
#pragma omp target teams distribute parallel for schedule(guided) map(tofrom: x[0:N])
  for (int i = 0; i < N; i++) x[i] *= 2;
}
// CHECK-LABEL: kernel __omp_offloading_{{.*}}_guided_l{{[0-9]+}} kind=openmp
// CHECK: simt: none (the loop schedule is dynamic, guided or runtime
