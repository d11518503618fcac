// syrk: C = alpha*A*A^T + beta*C on the lower triangle (triangular inner loop).
// RUN: %omp_host_device_ir %s -o %t.ll
// RUN: %opt_prem -passes='print<prem-footprint>' -disable-output %t.ll | FileCheck %s
// RUN: %opt_prem -passes='print<prem-kernels>' -disable-output %t.ll | FileCheck %s --check-prefix=KERNELS
#define N 64
void syrk(float *restrict C, const float *restrict A, float alpha, float beta) {
#pragma omp target teams distribute parallel for map(to: A[0:N*N]) map(tofrom: C[0:N*N])
  for (int i = 0; i < N; i++)
    for (int j = 0; j <= i; j++) {
      float s = beta * C[i * N + j];
      for (int k = 0; k < N; k++)
        s += alpha * A[i * N + k] * A[j * N + k];
      C[i * N + j] = s;
    }
}
// RUN: %opt_prem -passes='print<prem-footprint>' -prem-footprint-tile=1,64 -disable-output %t.ll | FileCheck %s --check-prefix=TILE
// A tile of one row i and all j < 64 reads row i of A and, through A[j][k],
// all of A: the two reads merge into 64*64 floats, not 65 rows.
// TILE: array C:
// TILE: bytes per tile [1,64]: at most 256
// TILE: array A:
// TILE: bytes per tile [1,64]: at most 16384
// TILE: total bytes per tile [1,64]: at most 16640


// KERNELS: prem-kernels: 1 kernel(s)
// KERNELS-NEXT: kernel __omp_offloading_{{.*}}_syrk_l7 kind=openmp
// KERNELS-NEXT: regions: __omp_offloading_{{.*}}_syrk_l7 __omp_offloading_{{.*}}_syrk_l7.omp_outlined __omp_offloading_{{.*}}_syrk_l7.omp_outlined.omp_outlined{{$}}
// KERNELS-NEXT: block size: unknown
// KERNELS-NEXT: simt: loop %for.cond.preheader in __omp_offloading_{{.*}}_syrk_l7.omp_outlined.omp_outlined via __kmpc_for_static_init_4
// KERNELS-NEXT: iterations: [0, 63]

// CHECK-LABEL: kernel __omp_offloading_{{.*}}_syrk_l7 region __omp_offloading_{{.*}}_syrk_l7.omp_outlined.omp_outlined
// CHECK: depth 0: simt loop %for.cond.preheader, trip count simt_n (at most 64)
// CHECK-NEXT: depth 1: loop %for.body, trip count (zext i32 {(1 + %4),+,1}<%for.cond.preheader> to i64) (at most 64)
// CHECK-NEXT: depth 2: loop %for.body14, trip count 64
// CHECK-NEXT: array C: 4-byte elements, read-write, 2 access(es)
// CHECK-NEXT: read  C[64*i0 + 1*i1]
// CHECK-NEXT: write C[64*i0 + 1*i1]
// CHECK-NEXT: elements: [simt_n, simt_lb] -> { C[o] : exists (e0: simt_lb <= e0 < simt_n + simt_lb and 64e0 <= o and 65e0 >= o) }
// CHECK-NEXT: bytes: first { [(0)] : -simt_n < simt_lb < 0; [(256simt_lb)] : simt_n > 0 and simt_lb >= 0 and simt_lb > -simt_n }, last { [(-257 + 260simt_n + 260simt_lb)] : simt_n > 0 and simt_lb > -simt_n }
// CHECK-NEXT: bytes per tile [1]: at most 256
// CHECK-NEXT: array A: 4-byte elements, read, 2 access(es)
// CHECK-NEXT: read  A[64*i0 + 1*i2]
// CHECK-NEXT: read  A[64*i1 + 1*i2]
// CHECK-NEXT: elements: [simt_n, simt_lb] -> { A[o] : simt_n > 0 and 0 <= o < 64simt_n + 64simt_lb }
// CHECK-NEXT: bytes: first { [(0)] : simt_n > 0 and simt_lb > -simt_n }, last { [(-1 + 256simt_n + 256simt_lb)] : simt_n > 0 and simt_lb > -simt_n }
// CHECK-NEXT: bytes per tile [1]: at most 16384
// CHECK-NEXT: total bytes per tile [1]: at most 16640
// CHECK-NEXT: assumes: narrow index arithmetic does not wrap
// CHECK-NEXT: never taken: %for.cond.preheader -> %for.cond.cleanup
// CHECK-NEXT: exact: yes
