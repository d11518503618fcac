// 2mm: tmp = alpha*A*B; D = beta*D + tmp*C. Two target regions, two kernels.
// RUN: %omp_host_device_ir %s -o %t.ll
// RUN: %opt_prem -passes='print<prem-footprint>' -disable-output %t.ll | FileCheck %s
// RUN: %opt_prem -passes='print<prem-kernels>' -disable-output %t.ll | FileCheck %s --check-prefix=KERNELS
#define N 64
void mm2(float *restrict tmp, const float *restrict A, const float *restrict B,
         const float *restrict C, float *restrict D, float alpha, float beta) {
#pragma omp target teams distribute parallel for map(to: A[0:N*N], B[0:N*N]) map(from: tmp[0:N*N])
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      float s = 0;
      for (int k = 0; k < N; k++)
        s += alpha * A[i * N + k] * B[k * N + j];
      tmp[i * N + j] = s;
    }
#pragma omp target teams distribute parallel for map(to: tmp[0:N*N], C[0:N*N]) map(tofrom: D[0:N*N])
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      float s = beta * D[i * N + j];
      for (int k = 0; k < N; k++)
        s += tmp[i * N + k] * C[k * N + j];
      D[i * N + j] = s;
    }
}

// CHECK-LABEL: kernel __omp_offloading_{{.*}}_mm2_l8 region __omp_offloading_{{.*}}_mm2_l8.omp_outlined.omp_outlined
// CHECK: depth 0: simt loop %for.cond.preheader, trip count simt_n
// CHECK-NEXT: depth 1: loop %for.cond8.preheader, trip count 64
// CHECK-NEXT: depth 2: loop %for.body12, trip count 64
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
// CHECK-NEXT: array tmp: 4-byte elements, write, 1 access(es)
// CHECK-NEXT: write tmp[64*i0 + 1*i1]
// CHECK-NEXT: elements: [simt_n, simt_lb] -> { tmp[o] : 64simt_lb <= o < 64simt_n + 64simt_lb }
// CHECK-NEXT: bytes: first { [(256simt_lb)] : simt_n > 0 }, last { [(-1 + 256simt_n + 256simt_lb)] : simt_n > 0 }
// CHECK-NEXT: bytes per tile [1]: 256
// CHECK-NEXT: total bytes per tile [1]: 16896
// CHECK-NEXT: exact: yes
// CHECK-LABEL: kernel __omp_offloading_{{.*}}_mm2_l16 region __omp_offloading_{{.*}}_mm2_l16.omp_outlined.omp_outlined
// CHECK: depth 0: simt loop %for.cond.preheader, trip count simt_n
// CHECK-NEXT: depth 1: loop %for.body, trip count 64
// CHECK-NEXT: depth 2: loop %for.body15, trip count 64
// CHECK-NEXT: array D: 4-byte elements, read-write, 2 access(es)
// CHECK-NEXT: read  D[64*i0 + 1*i1]
// CHECK-NEXT: write D[64*i0 + 1*i1]
// CHECK-NEXT: elements: [simt_n, simt_lb] -> { D[o] : 64simt_lb <= o < 64simt_n + 64simt_lb }
// CHECK-NEXT: bytes: first { [(256simt_lb)] : simt_n > 0 }, last { [(-1 + 256simt_n + 256simt_lb)] : simt_n > 0 }
// CHECK-NEXT: bytes per tile [1]: 256
// CHECK-NEXT: array tmp: 4-byte elements, read, 1 access(es)
// CHECK-NEXT: read  tmp[64*i0 + 1*i2]
// CHECK-NEXT: elements: [simt_n, simt_lb] -> { tmp[o] : 64simt_lb <= o < 64simt_n + 64simt_lb }
// CHECK-NEXT: bytes: first { [(256simt_lb)] : simt_n > 0 }, last { [(-1 + 256simt_n + 256simt_lb)] : simt_n > 0 }
// CHECK-NEXT: bytes per tile [1]: 256
// CHECK-NEXT: array C: 4-byte elements, read, 1 access(es)
// CHECK-NEXT: read  C[1*i1 + 64*i2]
// CHECK-NEXT: elements: [simt_n, simt_lb] -> { C[o] : simt_n > 0 and 0 <= o <= 4095 }
// CHECK-NEXT: bytes: first { [(0)] : simt_n > 0 }, last { [(16383)] : simt_n > 0 }
// CHECK-NEXT: bytes per tile [1]: 16384
// CHECK-NEXT: total bytes per tile [1]: 16896
// CHECK-NEXT: exact: yes

// KERNELS: prem-kernels: 2 kernel(s)
// KERNELS-NEXT: kernel __omp_offloading_{{.*}}_mm2_l8 kind=openmp
// KERNELS-NEXT: regions: __omp_offloading_{{.*}}_mm2_l8 __omp_offloading_{{.*}}_mm2_l8.omp_outlined __omp_offloading_{{.*}}_mm2_l8.omp_outlined.omp_outlined{{$}}
// KERNELS-NEXT: block size: unknown
// KERNELS-NEXT: simt: loop %for.cond.preheader in __omp_offloading_{{.*}}_mm2_l8.omp_outlined.omp_outlined via __kmpc_for_static_init_4
// KERNELS-NEXT: iterations: [0, 63]
// KERNELS-NEXT: kernel __omp_offloading_{{.*}}_mm2_l16 kind=openmp
// KERNELS-NEXT: regions: __omp_offloading_{{.*}}_mm2_l16 __omp_offloading_{{.*}}_mm2_l16.omp_outlined __omp_offloading_{{.*}}_mm2_l16.omp_outlined.omp_outlined{{$}}
// KERNELS-NEXT: block size: unknown
// KERNELS-NEXT: simt: loop %for.cond.preheader in __omp_offloading_{{.*}}_mm2_l16.omp_outlined.omp_outlined via __kmpc_for_static_init_4
// KERNELS-NEXT: iterations: [0, 63]
