// prem-kernels on the host-offload device module: two target regions are two
// kernels; their work runs in outlined functions reached through
// __kmpc_fork_teams/__kmpc_fork_call, and the SIMT loop is the thread-level
// worksharing loop (schedule 34), not the distribute loop (schedule 92).
// RUN: %omp_host_device_ir %s -o %t.ll
// RUN: %opt_prem -passes='print<prem-kernels>' -disable-output %t.ll | FileCheck %s
// The host module has same-named host fallbacks; they are not kernels.
// RUN: %clang -O2 -fopenmp -fopenmp-targets=x86_64-unknown-linux-gnu -S -emit-llvm %s -o %t.host.ll
// RUN: %opt_prem -passes='print<prem-kernels>' -disable-output %t.host.ll | FileCheck %s --check-prefix=HOST

void scale(float *x, int n) {
#pragma omp target teams distribute parallel for map(tofrom: x[0:n])
  for (int i = 0; i < n; i++)
    x[i] *= 2.0f;
}

void serial(float *x, int n) {
#pragma omp target map(tofrom: x[0:n])
  for (int i = 0; i < n; i++)
    x[i] += 1.0f;
}

// CHECK: prem-kernels: 2 kernel(s)
// CHECK-NEXT: kernel __omp_offloading_{{.*}}_scale_l12 kind=openmp
// CHECK-NEXT: regions: __omp_offloading_{{.*}}_scale_l12 __omp_offloading_{{.*}}_scale_l12.omp_outlined __omp_offloading_{{.*}}_scale_l12.omp_outlined.omp_outlined{{$}}
// CHECK-NEXT: block size: unknown
// CHECK-NEXT: simt: loop %omp.inner.for.body in __omp_offloading_{{.*}}_scale_l12.omp_outlined.omp_outlined via __kmpc_for_static_init_4
// CHECK-NEXT: kernel __omp_offloading_{{.*}}_serial_l18 kind=openmp
// CHECK-NEXT: regions: __omp_offloading_{{.*}}_serial_l18{{$}}
// CHECK-NEXT: block size: unknown
// CHECK-NEXT: simt: none (no worksharing loop (__kmpc_*_static_init_*) found)

// HOST: prem-kernels: 0 kernel(s) (not a device module)
