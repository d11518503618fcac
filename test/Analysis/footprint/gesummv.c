// gesummv: y = alpha*A*x + beta*B*x.
// RUN: %omp_host_device_ir %s -o %t.ll
// RUN: %opt_prem -passes='print<prem-footprint>' -disable-output %t.ll | FileCheck %s
// RUN: %opt_prem -passes='print<prem-kernels>' -disable-output %t.ll | FileCheck %s --check-prefix=KERNELS
#define N 64
void gesummv(const float *restrict A, const float *restrict B, const float *restrict x,
             float *restrict y, float alpha, float beta) {
#pragma omp target teams distribute parallel for map(to: A[0:N*N], B[0:N*N], x[0:N]) map(from: y[0:N])
  for (int i = 0; i < N; i++) {
    float t = 0, u = 0;
    for (int j = 0; j < N; j++) {
      t += A[i * N + j] * x[j];
      u += B[i * N + j] * x[j];
    }
    y[i] = alpha * t + beta * u;
  }
}

// CHECK-LABEL: kernel __omp_offloading_{{.*}}_gesummv_l8 region __omp_offloading_{{.*}}_gesummv_l8.omp_outlined.omp_outlined
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
// CHECK-NEXT: array B: 4-byte elements, read, 1 access(es)
// CHECK-NEXT: read  B[64*i0 + 1*i1]
// CHECK-NEXT: elements: [simt_n, simt_lb] -> { B[o] : 64simt_lb <= o < 64simt_n + 64simt_lb }
// CHECK-NEXT: bytes: first { [(256simt_lb)] : simt_n > 0 }, last { [(-1 + 256simt_n + 256simt_lb)] : simt_n > 0 }
// CHECK-NEXT: bytes per tile [1]: 256
// CHECK-NEXT: array y: 4-byte elements, write, 1 access(es)
// CHECK-NEXT: write y[1*i0]
// CHECK-NEXT: elements: [simt_n, simt_lb] -> { y[o] : simt_lb <= o < simt_n + simt_lb }
// CHECK-NEXT: bytes: first { [(4simt_lb)] : simt_n > 0 }, last { [(-1 + 4simt_n + 4simt_lb)] : simt_n > 0 }
// CHECK-NEXT: bytes per tile [1]: 4
// CHECK-NEXT: total bytes per tile [1]: 772
// CHECK-NEXT: exact: yes

// KERNELS: prem-kernels: 1 kernel(s)
// KERNELS-NEXT: kernel __omp_offloading_{{.*}}_gesummv_l8 kind=openmp
// KERNELS-NEXT: regions: __omp_offloading_{{.*}}_gesummv_l8 __omp_offloading_{{.*}}_gesummv_l8.omp_outlined __omp_offloading_{{.*}}_gesummv_l8.omp_outlined.omp_outlined{{$}}
// KERNELS-NEXT: block size: unknown
// KERNELS-NEXT: simt: loop %for.cond.preheader in __omp_offloading_{{.*}}_gesummv_l8.omp_outlined.omp_outlined via __kmpc_for_static_init_4
// KERNELS-NEXT: iterations: [0, 63]
