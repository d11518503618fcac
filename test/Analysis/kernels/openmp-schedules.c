// Worksharing forms: combined constructs, a lone parallel for, a lone teams
// distribute, 'loop', and schedules. Static schedules give a SIMT loop and
// the global iteration space; dynamic ones are refused with the reason.
// RUN: %omp_host_device_ir %s -o %t.ll
// RUN: %opt_prem -passes='print<prem-kernels>' -disable-output %t.ll | FileCheck %s
#define N 1024

void parallel_for(float *restrict x) {
#pragma omp target parallel for map(tofrom: x[0:N])
  for (int i = 0; i < N; i++) x[i] *= 2;
}
// CHECK-LABEL: kernel __omp_offloading_{{.*}}_parallel_for_l9 kind=openmp
// CHECK: simt: loop {{.*}} in __omp_offloading_{{.*}}_parallel_for_l9.omp_outlined via __kmpc_for_static_init_4
// CHECK-NEXT: iterations: [0, 1023]

void teams_distribute(float *restrict x) {
#pragma omp target teams distribute map(tofrom: x[0:N])
  for (int i = 0; i < N; i++) x[i] *= 2;
}
// CHECK-LABEL: kernel __omp_offloading_{{.*}}_teams_distribute_l17 kind=openmp
// CHECK: simt: loop {{.*}} via __kmpc_for_static_init_4
// CHECK-NEXT: iterations: [0, 1023]

void teams_loop(float *restrict x) {
#pragma omp target teams loop map(tofrom: x[0:N])
  for (int i = 0; i < N; i++) x[i] *= 2;
}
// CHECK-LABEL: kernel __omp_offloading_{{.*}}_teams_loop_l25 kind=openmp
// CHECK: simt: loop {{.*}} in __omp_offloading_{{.*}}_teams_loop_l25.omp_outlined.omp_outlined via __kmpc_for_static_init_4
// CHECK-NEXT: iterations: [0, 1023]

void dynamic(float *restrict x) {
#pragma omp target teams distribute parallel for schedule(dynamic) map(tofrom: x[0:N])
  for (int i = 0; i < N; i++) x[i] *= 2;
}
// CHECK-LABEL: kernel __omp_offloading_{{.*}}_dynamic_l33 kind=openmp
// CHECK: simt: none (the loop schedule is dynamic, guided or runtime ('__kmpc_dispatch_init_4'): iterations are not assigned statically)

void guided(float *restrict x) {
#pragma omp target teams distribute parallel for schedule(guided) map(tofrom: x[0:N])
  for (int i = 0; i < N; i++) x[i] *= 2;
}
// CHECK-LABEL: kernel __omp_offloading_{{.*}}_guided_l40 kind=openmp
// CHECK: simt: none (the loop schedule is dynamic, guided or runtime
