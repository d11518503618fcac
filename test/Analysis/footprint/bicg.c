// bicg: s = A^T r, q = A p, in one kernel per product.
// RUN: %omp_host_device_ir %s -o %t.ll
// RUN: %opt_prem -passes='print<prem-footprint>' -disable-output %t.ll | FileCheck %s
// RUN: %opt_prem -passes='print<prem-kernels>' -disable-output %t.ll | FileCheck %s --check-prefix=KERNELS
#define N 64
void bicg(const float *restrict A, const float *restrict r, const float *restrict p,
          float *restrict s, float *restrict q) {
#pragma omp target teams distribute parallel for map(to: A[0:N*N], r[0:N]) map(from: s[0:N])
  for (int j = 0; j < N; j++) {
    float acc = 0;
    for (int i = 0; i < N; i++)
      acc += r[i] * A[i * N + j];
    s[j] = acc;
  }
#pragma omp target teams distribute parallel for map(to: A[0:N*N], p[0:N]) map(from: q[0:N])
  for (int i = 0; i < N; i++) {
    float acc = 0;
    for (int j = 0; j < N; j++)
      acc += A[i * N + j] * p[j];
    q[i] = acc;
  }
}

// CHECK-LABEL: kernel __omp_offloading_{{.*}}_bicg_l8 region __omp_offloading_{{.*}}_bicg_l8.omp_outlined.omp_outlined
// CHECK: depth 0: simt loop %for.cond.preheader, trip count simt_n
// CHECK-NEXT: depth 1: loop %for.body, trip count 64
// CHECK-NEXT: array r: 4-byte elements, read, 1 access(es)
// CHECK-NEXT: read  r[1*i1]
// CHECK-NEXT: elements: [simt_n, simt_lb] -> { r[o] : simt_n > 0 and 0 <= o <= 63 }
// CHECK-NEXT: bytes: first { [(0)] : simt_n > 0 }, last { [(255)] : simt_n > 0 }
// CHECK-NEXT: bytes per tile [1]: 256
// CHECK-NEXT: array A: 4-byte elements, read, 1 access(es)
// CHECK-NEXT: read  A[1*i0 + 64*i1]
// CHECK-NEXT: elements: [simt_n, simt_lb] -> { A[o] : exists (e0: 0 <= e0 <= 63 and -simt_n - simt_lb + o < 64e0 <= -simt_lb + o) }
// CHECK-NEXT: bytes: first { [(4simt_lb)] : simt_n > 0 }, last { [(16127 + 4simt_n + 4simt_lb)] : simt_n > 0 }
// CHECK-NEXT: bytes per tile [1]: 256
// CHECK-NEXT: array s: 4-byte elements, write, 1 access(es)
// CHECK-NEXT: write s[1*i0]
// CHECK-NEXT: elements: [simt_n, simt_lb] -> { s[o] : simt_lb <= o < simt_n + simt_lb }
// CHECK-NEXT: bytes: first { [(4simt_lb)] : simt_n > 0 }, last { [(-1 + 4simt_n + 4simt_lb)] : simt_n > 0 }
// CHECK-NEXT: bytes per tile [1]: 4
// CHECK-NEXT: total bytes per tile [1]: 516
// CHECK-NEXT: exact: yes
// CHECK-LABEL: kernel __omp_offloading_{{.*}}_bicg_l15 region __omp_offloading_{{.*}}_bicg_l15.omp_outlined.omp_outlined
// CHECK: depth 0: simt loop %for.cond.preheader, trip count simt_n
// CHECK-NEXT: depth 1: loop %for.body, trip count 64
// CHECK-NEXT: array A: 4-byte elements, read, 1 access(es)
// CHECK-NEXT: read  A[64*i0 + 1*i1]
// CHECK-NEXT: elements: [simt_n, simt_lb] -> { A[o] : 64simt_lb <= o < 64simt_n + 64simt_lb }
// CHECK-NEXT: bytes: first { [(256simt_lb)] : simt_n > 0 }, last { [(-1 + 256simt_n + 256simt_lb)] : simt_n > 0 }
// CHECK-NEXT: bytes per tile [1]: 256
// CHECK-NEXT: array p: 4-byte elements, read, 1 access(es)
// CHECK-NEXT: read  p[1*i1]
// CHECK-NEXT: elements: [simt_n, simt_lb] -> { p[o] : simt_n > 0 and 0 <= o <= 63 }
// CHECK-NEXT: bytes: first { [(0)] : simt_n > 0 }, last { [(255)] : simt_n > 0 }
// CHECK-NEXT: bytes per tile [1]: 256
// CHECK-NEXT: array q: 4-byte elements, write, 1 access(es)
// CHECK-NEXT: write q[1*i0]
// CHECK-NEXT: elements: [simt_n, simt_lb] -> { q[o] : simt_lb <= o < simt_n + simt_lb }
// CHECK-NEXT: bytes: first { [(4simt_lb)] : simt_n > 0 }, last { [(-1 + 4simt_n + 4simt_lb)] : simt_n > 0 }
// CHECK-NEXT: bytes per tile [1]: 4
// CHECK-NEXT: total bytes per tile [1]: 516
// CHECK-NEXT: exact: yes

// KERNELS: prem-kernels: 2 kernel(s)
// KERNELS-NEXT: kernel __omp_offloading_{{.*}}_bicg_l8 kind=openmp
// KERNELS-NEXT: regions: __omp_offloading_{{.*}}_bicg_l8 __omp_offloading_{{.*}}_bicg_l8.omp_outlined __omp_offloading_{{.*}}_bicg_l8.omp_outlined.omp_outlined{{$}}
// KERNELS-NEXT: block size: unknown
// KERNELS-NEXT: simt: loop %for.cond.preheader in __omp_offloading_{{.*}}_bicg_l8.omp_outlined.omp_outlined via __kmpc_for_static_init_4
// KERNELS-NEXT: iterations: [0, 63]
// KERNELS-NEXT: kernel __omp_offloading_{{.*}}_bicg_l15 kind=openmp
// KERNELS-NEXT: regions: __omp_offloading_{{.*}}_bicg_l15 __omp_offloading_{{.*}}_bicg_l15.omp_outlined __omp_offloading_{{.*}}_bicg_l15.omp_outlined.omp_outlined{{$}}
// KERNELS-NEXT: block size: unknown
// KERNELS-NEXT: simt: loop %for.cond.preheader in __omp_offloading_{{.*}}_bicg_l15.omp_outlined.omp_outlined via __kmpc_for_static_init_4
// KERNELS-NEXT: iterations: [0, 63]
