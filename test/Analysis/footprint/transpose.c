// transposed access: B = A^T. A is read along a column per SIMT iteration.
// RUN: %omp_host_device_ir %s -o %t.ll
// RUN: %opt_prem -passes='print<prem-footprint>' -disable-output %t.ll | FileCheck %s
// RUN: %opt_prem -passes='print<prem-kernels>' -disable-output %t.ll | FileCheck %s --check-prefix=KERNELS
#define N 64
void transpose(const float *restrict A, float *restrict B) {
#pragma omp target teams distribute parallel for map(to: A[0:N*N]) map(from: B[0:N*N])
  for (int j = 0; j < N; j++)
    for (int i = 0; i < N; i++)
      B[j * N + i] = A[i * N + j];
}

// CHECK-LABEL: kernel __omp_offloading_{{.*}}_transpose_l7 region __omp_offloading_{{.*}}_transpose_l7.omp_outlined.omp_outlined
// CHECK: depth 0: simt loop %for.cond.preheader, trip count simt_n
// CHECK-NEXT: depth 1: loop %for.body, trip count 64
// CHECK-NEXT: array A: 4-byte elements, read, 1 access(es)
// CHECK-NEXT: read  A[1*i0 + 64*i1]
// CHECK-NEXT: elements: [simt_n, simt_lb] -> { A[o] : exists (e0: 0 <= e0 <= 63 and -simt_n - simt_lb + o < 64e0 <= -simt_lb + o) }
// CHECK-NEXT: bytes: first { [(4simt_lb)] : simt_n > 0 }, last { [(16127 + 4simt_n + 4simt_lb)] : simt_n > 0 }
// CHECK-NEXT: bytes per tile [1]: 256
// CHECK-NEXT: array B: 4-byte elements, write, 1 access(es)
// CHECK-NEXT: write B[64*i0 + 1*i1]
// CHECK-NEXT: elements: [simt_n, simt_lb] -> { B[o] : 64simt_lb <= o < 64simt_n + 64simt_lb }
// CHECK-NEXT: bytes: first { [(256simt_lb)] : simt_n > 0 }, last { [(-1 + 256simt_n + 256simt_lb)] : simt_n > 0 }
// CHECK-NEXT: bytes per tile [1]: 256
// CHECK-NEXT: total bytes per tile [1]: 512
// CHECK-NEXT: exact: yes

// KERNELS: prem-kernels: 1 kernel(s)
// KERNELS-NEXT: kernel __omp_offloading_{{.*}}_transpose_l7 kind=openmp
// KERNELS-NEXT: regions: __omp_offloading_{{.*}}_transpose_l7 __omp_offloading_{{.*}}_transpose_l7.omp_outlined __omp_offloading_{{.*}}_transpose_l7.omp_outlined.omp_outlined{{$}}
// KERNELS-NEXT: block size: unknown
// KERNELS-NEXT: simt: loop %for.cond.preheader in __omp_offloading_{{.*}}_transpose_l7.omp_outlined.omp_outlined via __kmpc_for_static_init_4
// KERNELS-NEXT: iterations: [0, 63]
