// reduction: an OpenMP reduction over A; the partial sums are private.
// RUN: %omp_host_device_ir %s -o %t.ll
// RUN: %opt_prem -passes='print<prem-footprint>' -disable-output %t.ll | FileCheck %s
#define N 64
float reduce(const float *restrict A) {
  float sum = 0;
#pragma omp target teams distribute parallel for map(to: A[0:N*N]) reduction(+: sum)
  for (int i = 0; i < N * N; i++)
    sum += A[i];
  return sum;
}

// CHECK-LABEL: kernel __omp_offloading_{{.*}}_reduce_l7 region __omp_offloading_{{.*}}_reduce_l7.omp_outlined.omp_outlined
// CHECK: depth 0: simt loop %omp.inner.for.body, trip count simt_n
// CHECK-NEXT: array A: 4-byte elements, read, 1 access(es)
// CHECK-NEXT: read  A[1*i0]
// CHECK-NEXT: elements: [simt_n, simt_lb] -> { A[o] : simt_lb <= o < simt_n + simt_lb }
// CHECK-NEXT: bytes: first { [(4simt_lb)] : simt_n > 0 }, last { [(-1 + 4simt_n + 4simt_lb)] : simt_n > 0 }
// CHECK-NEXT: bytes per tile [1]: 4
// CHECK-NEXT: total bytes per tile [1]: 4
// CHECK-NEXT: exact: yes
