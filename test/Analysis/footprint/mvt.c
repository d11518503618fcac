// mvt: x1 += A y1 (rows), x2 += A^T y2 (columns).
// RUN: %omp_host_device_ir %s -o %t.ll
// RUN: %opt_prem -passes='print<prem-footprint>' -disable-output %t.ll | FileCheck %s
// RUN: %opt_prem -passes='print<prem-kernels>' -disable-output %t.ll | FileCheck %s --check-prefix=KERNELS
#define N 64
void mvt(const float *restrict A, float *restrict x1, float *restrict x2,
         const float *restrict y1, const float *restrict y2) {
#pragma omp target teams distribute parallel for map(to: A[0:N*N], y1[0:N]) map(tofrom: x1[0:N])
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      x1[i] += A[i * N + j] * y1[j];
#pragma omp target teams distribute parallel for map(to: A[0:N*N], y2[0:N]) map(tofrom: x2[0:N])
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      x2[i] += A[j * N + i] * y2[j];
}

// CHECK-LABEL: kernel __omp_offloading_{{.*}}_mvt_l8 region __omp_offloading_{{.*}}_mvt_l8.omp_outlined.omp_outlined
// CHECK: depth 0: simt loop %for.cond.preheader, trip count simt_n
// CHECK-NEXT: depth 1: loop %for.body, trip count 64
// CHECK-NEXT: array x1: 4-byte elements, read-write, 2 access(es)
// CHECK-NEXT: read  x1[1*i0]
// CHECK-NEXT: write x1[1*i0]
// CHECK-NEXT: elements: [simt_n, simt_lb] -> { x1[o] : simt_lb <= o < simt_n + simt_lb }
// CHECK-NEXT: bytes: first { [(4simt_lb)] : simt_n > 0 }, last { [(-1 + 4simt_n + 4simt_lb)] : simt_n > 0 }
// CHECK-NEXT: bytes per tile [1]: 4
// CHECK-NEXT: array A: 4-byte elements, read, 1 access(es)
// CHECK-NEXT: read  A[64*i0 + 1*i1]
// CHECK-NEXT: elements: [simt_n, simt_lb] -> { A[o] : 64simt_lb <= o < 64simt_n + 64simt_lb }
// CHECK-NEXT: bytes: first { [(256simt_lb)] : simt_n > 0 }, last { [(-1 + 256simt_n + 256simt_lb)] : simt_n > 0 }
// CHECK-NEXT: bytes per tile [1]: 256
// CHECK-NEXT: array y1: 4-byte elements, read, 1 access(es)
// CHECK-NEXT: read  y1[1*i1]
// CHECK-NEXT: elements: [simt_n, simt_lb] -> { y1[o] : simt_n > 0 and 0 <= o <= 63 }
// CHECK-NEXT: bytes: first { [(0)] : simt_n > 0 }, last { [(255)] : simt_n > 0 }
// CHECK-NEXT: bytes per tile [1]: 256
// CHECK-NEXT: total bytes per tile [1]: 516
// CHECK-NEXT: exact: yes
// CHECK-LABEL: kernel __omp_offloading_{{.*}}_mvt_l12 region __omp_offloading_{{.*}}_mvt_l12.omp_outlined.omp_outlined
// CHECK: depth 0: simt loop %for.cond.preheader, trip count simt_n
// CHECK-NEXT: depth 1: loop %for.body, trip count 64
// CHECK-NEXT: array x2: 4-byte elements, read-write, 2 access(es)
// CHECK-NEXT: read  x2[1*i0]
// CHECK-NEXT: write x2[1*i0]
// CHECK-NEXT: elements: [simt_n, simt_lb] -> { x2[o] : simt_lb <= o < simt_n + simt_lb }
// CHECK-NEXT: bytes: first { [(4simt_lb)] : simt_n > 0 }, last { [(-1 + 4simt_n + 4simt_lb)] : simt_n > 0 }
// CHECK-NEXT: bytes per tile [1]: 4
// CHECK-NEXT: array A: 4-byte elements, read, 1 access(es)
// CHECK-NEXT: read  A[1*i0 + 64*i1]
// CHECK-NEXT: elements: [simt_n, simt_lb] -> { A[o] : exists (e0: 0 <= e0 <= 63 and -simt_n - simt_lb + o < 64e0 <= -simt_lb + o) }
// CHECK-NEXT: bytes: first { [(4simt_lb)] : simt_n > 0 }, last { [(16127 + 4simt_n + 4simt_lb)] : simt_n > 0 }
// CHECK-NEXT: bytes per tile [1]: 256
// CHECK-NEXT: array y2: 4-byte elements, read, 1 access(es)
// CHECK-NEXT: read  y2[1*i1]
// CHECK-NEXT: elements: [simt_n, simt_lb] -> { y2[o] : simt_n > 0 and 0 <= o <= 63 }
// CHECK-NEXT: bytes: first { [(0)] : simt_n > 0 }, last { [(255)] : simt_n > 0 }
// CHECK-NEXT: bytes per tile [1]: 256
// CHECK-NEXT: total bytes per tile [1]: 516
// CHECK-NEXT: exact: yes

// KERNELS: prem-kernels: 2 kernel(s)
// KERNELS-NEXT: kernel __omp_offloading_{{.*}}_mvt_l8 kind=openmp
// KERNELS-NEXT: regions: __omp_offloading_{{.*}}_mvt_l8 __omp_offloading_{{.*}}_mvt_l8.omp_outlined __omp_offloading_{{.*}}_mvt_l8.omp_outlined.omp_outlined{{$}}
// KERNELS-NEXT: block size: unknown
// KERNELS-NEXT: simt: loop %for.cond.preheader in __omp_offloading_{{.*}}_mvt_l8.omp_outlined.omp_outlined via __kmpc_for_static_init_4
// KERNELS-NEXT: iterations: [0, 63]
// KERNELS-NEXT: kernel __omp_offloading_{{.*}}_mvt_l12 kind=openmp
// KERNELS-NEXT: regions: __omp_offloading_{{.*}}_mvt_l12 __omp_offloading_{{.*}}_mvt_l12.omp_outlined __omp_offloading_{{.*}}_mvt_l12.omp_outlined.omp_outlined{{$}}
// KERNELS-NEXT: block size: unknown
// KERNELS-NEXT: simt: loop %for.cond.preheader in __omp_offloading_{{.*}}_mvt_l12.omp_outlined.omp_outlined via __kmpc_for_static_init_4
// KERNELS-NEXT: iterations: [0, 63]
