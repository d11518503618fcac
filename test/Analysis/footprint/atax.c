// atax: y = A^T (A x). The second kernel walks A by columns (transposed access).
// RUN: %omp_host_device_ir %s -o %t.ll
// RUN: %opt_prem -passes='print<prem-footprint>' -disable-output %t.ll | FileCheck %s
// RUN: %opt_prem -passes='print<prem-kernels>' -disable-output %t.ll | FileCheck %s --check-prefix=KERNELS
#define N 64
void atax(const float *restrict A, const float *restrict x, float *restrict y,
          float *restrict tmp) {
#pragma omp target teams distribute parallel for map(to: A[0:N*N], x[0:N]) map(from: tmp[0:N])
  for (int i = 0; i < N; i++) {
    float s = 0;
    for (int j = 0; j < N; j++)
      s += A[i * N + j] * x[j];
    tmp[i] = s;
  }
#pragma omp target teams distribute parallel for map(to: A[0:N*N], tmp[0:N]) map(from: y[0:N])
  for (int j = 0; j < N; j++) {
    float s = 0;
    for (int i = 0; i < N; i++)
      s += A[i * N + j] * tmp[i];
    y[j] = s;
  }
}

// CHECK-LABEL: kernel __omp_offloading_{{.*}}_atax_l8 region __omp_offloading_{{.*}}_atax_l8.omp_outlined.omp_outlined
// CHECK: depth 0: simt loop %for.cond.preheader, trip count simt_n
// CHECK-NEXT: depth 1: loop %for.body, trip count 64
// CHECK-NEXT: array A: 4-byte elements, read, 1 access(es)
// CHECK-NEXT: read  A[64*i0 + 1*i1]
// CHECK-NEXT: elements: [simt_n, simt_lb] -> { A[o] : 64simt_lb <= o < 64simt_n + 64simt_lb }
// CHECK-NEXT: bytes: first { [(256simt_lb)] : simt_n > 0 }, last { [(-1 + 256simt_n + 256simt_lb)] : simt_n > 0 }
// CHECK-NEXT: bytes per tile [1]: 256
// CHECK-NEXT: array x: 4-byte elements, read, 1 access(es)
// CHECK-NEXT: read  x[1*i1]
// CHECK-NEXT: elements: [simt_n, simt_lb] -> { x[o] : simt_n > 0 and 0 <= o <= 63 }
// CHECK-NEXT: bytes: first { [(0)] : simt_n > 0 }, last { [(255)] : simt_n > 0 }
// CHECK-NEXT: bytes per tile [1]: 256
// CHECK-NEXT: array tmp: 4-byte elements, write, 1 access(es)
// CHECK-NEXT: write tmp[1*i0]
// CHECK-NEXT: elements: [simt_n, simt_lb] -> { tmp[o] : simt_lb <= o < simt_n + simt_lb }
// CHECK-NEXT: bytes: first { [(4simt_lb)] : simt_n > 0 }, last { [(-1 + 4simt_n + 4simt_lb)] : simt_n > 0 }
// CHECK-NEXT: bytes per tile [1]: 4
// CHECK-NEXT: total bytes per tile [1]: 516
// CHECK-NEXT: exact: yes
// CHECK-LABEL: kernel __omp_offloading_{{.*}}_atax_l15 region __omp_offloading_{{.*}}_atax_l15.omp_outlined.omp_outlined
// CHECK: depth 0: simt loop %for.cond.preheader, trip count simt_n
// CHECK-NEXT: depth 1: loop %for.body, trip count 64
// CHECK-NEXT: array A: 4-byte elements, read, 1 access(es)
// CHECK-NEXT: read  A[1*i0 + 64*i1]
// CHECK-NEXT: elements: [simt_n, simt_lb] -> { A[o] : exists (e0: 0 <= e0 <= 63 and -simt_n - simt_lb + o < 64e0 <= -simt_lb + o) }
// CHECK-NEXT: bytes: first { [(4simt_lb)] : simt_n > 0 }, last { [(16127 + 4simt_n + 4simt_lb)] : simt_n > 0 }
// CHECK-NEXT: bytes per tile [1]: 256
// CHECK-NEXT: array tmp: 4-byte elements, read, 1 access(es)
// CHECK-NEXT: read  tmp[1*i1]
// CHECK-NEXT: elements: [simt_n, simt_lb] -> { tmp[o] : simt_n > 0 and 0 <= o <= 63 }
// CHECK-NEXT: bytes: first { [(0)] : simt_n > 0 }, last { [(255)] : simt_n > 0 }
// CHECK-NEXT: bytes per tile [1]: 256
// CHECK-NEXT: array y: 4-byte elements, write, 1 access(es)
// CHECK-NEXT: write y[1*i0]
// CHECK-NEXT: elements: [simt_n, simt_lb] -> { y[o] : simt_lb <= o < simt_n + simt_lb }
// CHECK-NEXT: bytes: first { [(4simt_lb)] : simt_n > 0 }, last { [(-1 + 4simt_n + 4simt_lb)] : simt_n > 0 }
// CHECK-NEXT: bytes per tile [1]: 4
// CHECK-NEXT: total bytes per tile [1]: 516
// CHECK-NEXT: exact: yes

// KERNELS: prem-kernels: 2 kernel(s)
// KERNELS-NEXT: kernel __omp_offloading_{{.*}}_atax_l8 kind=openmp
// KERNELS-NEXT: regions: __omp_offloading_{{.*}}_atax_l8 __omp_offloading_{{.*}}_atax_l8.omp_outlined __omp_offloading_{{.*}}_atax_l8.omp_outlined.omp_outlined{{$}}
// KERNELS-NEXT: block size: unknown
// KERNELS-NEXT: simt: loop %for.cond.preheader in __omp_offloading_{{.*}}_atax_l8.omp_outlined.omp_outlined via __kmpc_for_static_init_4
// KERNELS-NEXT: iterations: [0, 63]
// KERNELS-NEXT: kernel __omp_offloading_{{.*}}_atax_l15 kind=openmp
// KERNELS-NEXT: regions: __omp_offloading_{{.*}}_atax_l15 __omp_offloading_{{.*}}_atax_l15.omp_outlined __omp_offloading_{{.*}}_atax_l15.omp_outlined.omp_outlined{{$}}
// KERNELS-NEXT: block size: unknown
// KERNELS-NEXT: simt: loop %for.cond.preheader in __omp_offloading_{{.*}}_atax_l15.omp_outlined.omp_outlined via __kmpc_for_static_init_4
// KERNELS-NEXT: iterations: [0, 63]
