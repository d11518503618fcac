// gemm: C = alpha*A*B + beta*C. One SIMT iteration reads a row of A, all of B, and updates a row of C.
// RUN: %omp_host_device_ir %s -o %t.ll
// RUN: %opt_prem -passes='print<prem-footprint>' -disable-output %t.ll | FileCheck %s
// RUN: %opt_prem -passes='print<prem-kernels>' -disable-output %t.ll | FileCheck %s --check-prefix=KERNELS
#define N 64
void gemm(float *restrict C, const float *restrict A, const float *restrict B,
          float alpha, float beta) {
#pragma omp target teams distribute parallel for map(to: A[0:N*N], B[0:N*N]) map(tofrom: C[0:N*N])
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      float s = 0;
      for (int k = 0; k < N; k++)
        s += A[i * N + k] * B[k * N + j];
      C[i * N + j] = alpha * s + beta * C[i * N + j];
    }
}

// CHECK-LABEL: kernel __omp_offloading_{{.*}}_gemm_l8 region __omp_offloading_{{.*}}_gemm_l8.omp_outlined.omp_outlined
// CHECK: depth 0: simt loop %for.cond.preheader, trip count simt_n
// CHECK-NEXT: depth 1: loop %for.cond7.preheader, trip count 64
// CHECK-NEXT: depth 2: loop %for.body11, trip count 64
// CHECK-NEXT: array A: 4-byte elements, read, 1 access(es)
// CHECK-NEXT: read  A[64*i0 + 1*i2]
// CHECK-NEXT: elements: [simt_n, simt_lb] -> { A[o] : 64simt_lb <= o < 64simt_n + 64simt_lb }
// CHECK-NEXT: bytes: first { [(256simt_lb)] : simt_n > 0 }, last { [(-1 + 256simt_n + 256simt_lb)] : simt_n > 0 }
// CHECK-NEXT: bytes per tile [1]: 256
// CHECK-NEXT: array B: 4-byte elements, read, 1 access(es)
// CHECK-NEXT: read  B[1*i1 + 64*i2]
// CHECK-NEXT: elements: [simt_n, simt_lb] -> { B[o] : simt_n > 0 and 0 <= o <= 4095 }
// CHECK-NEXT: bytes: first { [(0)] : simt_n > 0 }, last { [(16383)] : simt_n > 0 }
// CHECK-NEXT: bytes per tile [1]: 16384
// CHECK-NEXT: array C: 4-byte elements, read-write, 2 access(es)
// CHECK-NEXT: read  C[64*i0 + 1*i1]
// CHECK-NEXT: write C[64*i0 + 1*i1]
// CHECK-NEXT: elements: [simt_n, simt_lb] -> { C[o] : 64simt_lb <= o < 64simt_n + 64simt_lb }
// CHECK-NEXT: bytes: first { [(256simt_lb)] : simt_n > 0 }, last { [(-1 + 256simt_n + 256simt_lb)] : simt_n > 0 }
// CHECK-NEXT: bytes per tile [1]: 256
// CHECK-NEXT: total bytes per tile [1]: 16896
// CHECK-NEXT: exact: yes

// KERNELS: prem-kernels: 1 kernel(s)
// KERNELS-NEXT: kernel __omp_offloading_{{.*}}_gemm_l8 kind=openmp
// KERNELS-NEXT: regions: __omp_offloading_{{.*}}_gemm_l8 __omp_offloading_{{.*}}_gemm_l8.omp_outlined __omp_offloading_{{.*}}_gemm_l8.omp_outlined.omp_outlined{{$}}
// KERNELS-NEXT: block size: unknown
// KERNELS-NEXT: simt: loop %for.cond.preheader in __omp_offloading_{{.*}}_gemm_l8.omp_outlined.omp_outlined via __kmpc_for_static_init_4
// KERNELS-NEXT: iterations: [0, 63]
