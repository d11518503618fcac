// 2D convolution: 3x3 window over A, all nine reads merged.
// RUN: %omp_host_device_ir %s -o %t.ll
// RUN: %opt_prem -passes='print<prem-footprint>' -disable-output %t.ll | FileCheck %s
// RUN: %opt_prem -passes='print<prem-kernels>' -disable-output %t.ll | FileCheck %s --check-prefix=KERNELS
#define N 64
void conv2d(const float *restrict A, float *restrict B) {
#pragma omp target teams distribute parallel for map(to: A[0:N*N]) map(from: B[0:N*N])
  for (int i = 1; i < N - 1; i++)
    for (int j = 1; j < N - 1; j++)
      B[i * N + j] = 0.2f * A[(i - 1) * N + (j - 1)] + 0.5f * A[(i - 1) * N + j] -
                     0.8f * A[(i - 1) * N + (j + 1)] - 0.3f * A[i * N + (j - 1)] +
                     0.6f * A[i * N + j] - 0.9f * A[i * N + (j + 1)] +
                     0.4f * A[(i + 1) * N + (j - 1)] + 0.7f * A[(i + 1) * N + j] +
                     0.1f * A[(i + 1) * N + (j + 1)];
}

// CHECK-LABEL: kernel __omp_offloading_{{.*}}_conv2d_l7 region __omp_offloading_{{.*}}_conv2d_l7.omp_outlined.omp_outlined
// CHECK: depth 0: simt loop %omp.inner.for.body, trip count simt_n
// CHECK-NEXT: depth 1: loop %for.body, trip count 62
// CHECK-NEXT: array A: 4-byte elements, read, 9 access(es)
// CHECK-NEXT: read  A[64*i0 + 1*i1]
// CHECK-NEXT: read  A[64*i0 + 1*i1 + 1]
// CHECK-NEXT: read  A[64*i0 + 1*i1 + 2]
// CHECK-NEXT: read  A[64*i0 + 1*i1 + 64]
// CHECK-NEXT: read  A[64*i0 + 1*i1 + 65]
// CHECK-NEXT: read  A[64*i0 + 1*i1 + 66]
// CHECK-NEXT: read  A[64*i0 + 1*i1 + 128]
// CHECK-NEXT: read  A[64*i0 + 1*i1 + 129]
// CHECK-NEXT: read  A[64*i0 + 1*i1 + 130]
// CHECK-NEXT: elements: [simt_n, simt_lb] -> { A[o] : 64simt_n > 0 and 64simt_lb <= o <= 127 + 64simt_n + 64simt_lb }
// CHECK-NEXT: bytes: first { [(256simt_lb)] : simt_n > 0 }, last { [(511 + 256simt_n + 256simt_lb)] : simt_n > 0 }
// CHECK-NEXT: bytes per tile [1]: 768
// CHECK-NEXT: array B: 4-byte elements, write, 1 access(es)
// CHECK-NEXT: write B[64*i0 + 1*i1 + 65]
// CHECK-NEXT: elements: [simt_n, simt_lb] -> { B[o] : 63 + 64simt_lb <= o <= 62 + 64simt_n + 64simt_lb and 64*floor((1 + o)/64) < o }
// CHECK-NEXT: bytes: first { [(260 + 256simt_lb)] : simt_n > 0 }, last { [(251 + 256simt_n + 256simt_lb)] : simt_n > 0 }
// CHECK-NEXT: bytes per tile [1]: 248
// CHECK-NEXT: total bytes per tile [1]: 1016
// CHECK-NEXT: assumes: narrow index arithmetic does not wrap
// CHECK-NEXT: exact: yes

// KERNELS: prem-kernels: 1 kernel(s)
// KERNELS-NEXT: kernel __omp_offloading_{{.*}}_conv2d_l7 kind=openmp
// KERNELS-NEXT: regions: __omp_offloading_{{.*}}_conv2d_l7 __omp_offloading_{{.*}}_conv2d_l7.omp_outlined __omp_offloading_{{.*}}_conv2d_l7.omp_outlined.omp_outlined{{$}}
// KERNELS-NEXT: block size: unknown
// KERNELS-NEXT: simt: loop %omp.inner.for.body in __omp_offloading_{{.*}}_conv2d_l7.omp_outlined.omp_outlined via __kmpc_for_static_init_4
// KERNELS-NEXT: iterations: [0, 61]
