// reduction: an OpenMP reduction over A; the partial sums are private.
// RUN: %omp_host_device_ir %s -o %t.ll
// RUN: %opt_prem -passes='print<prem-footprint>' -disable-output %t.ll | FileCheck %s
// RUN: %opt_prem -passes='print<prem-kernels>' -disable-output %t.ll | FileCheck %s --check-prefix=KERNELS
#define N 64
float reduce(const float *restrict A) {
  float sum = 0;
#pragma omp target teams distribute parallel for map(to: A[0:N*N]) reduction(+: sum)
  for (int i = 0; i < N * N; i++)
    sum += A[i];
  return sum;
}

// CHECK-LABEL: kernel __omp_offloading_{{.*}}_reduce_l8 region __omp_offloading_{{.*}}_reduce_l8.omp_outlined.omp_outlined
// CHECK: depth 0: simt loop %omp.inner.for.body, trip count simt_n
// CHECK-NEXT: array A: 4-byte elements, read, 1 access(es)
// CHECK-NEXT: read  A[1*i0]
// CHECK-NEXT: elements: [simt_n, simt_lb] -> { A[o] : simt_lb <= o < simt_n + simt_lb }
// CHECK-NEXT: bytes: first { [(4simt_lb)] : simt_n > 0 }, last { [(-1 + 4simt_n + 4simt_lb)] : simt_n > 0 }
// CHECK-NEXT: bytes per tile [1]: 4
// CHECK-NEXT: total bytes per tile [1]: 4
// CHECK-NEXT: exact: yes

// KERNELS: prem-kernels: 1 kernel(s)
// KERNELS-NEXT: kernel __omp_offloading_{{.*}}_reduce_l8 kind=openmp
// KERNELS-NEXT: regions: __omp_offloading_{{.*}}_reduce_l8 __omp_offloading_{{.*}}_reduce_l8.omp_outlined __omp_offloading_{{.*}}_reduce_l8.omp_outlined.omp_outlined __omp_offloading_{{.*}}_reduce_l8.omp_outlined.omp.reduction.reduction_func __omp_offloading_{{.*}}_reduce_l8.omp_outlined.omp_outlined.omp.reduction.reduction_func{{$}}
// KERNELS-NEXT: block size: unknown
// KERNELS-NEXT: simt: loop %omp.inner.for.body in __omp_offloading_{{.*}}_reduce_l8.omp_outlined.omp_outlined via __kmpc_for_static_init_4
// KERNELS-NEXT: iterations: [0, 4095]
