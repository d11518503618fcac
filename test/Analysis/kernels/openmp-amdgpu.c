// prem-kernels and prem-footprint on an AMDGPU OpenMP device module. The IR is
// the output of the whole -O2 pipeline (the k loop unrolled by 8), as opt
// users may hand it over: many accesses per array must not make isl hang the
// analysis (it works under an operation quota and keeps exact counts).
// RUN: %clang -O2 -fopenmp --offload-arch=gfx90a --offload-device-only -nogpulib -S -emit-llvm %s -o %t.ll
// RUN: timeout 120 %opt_prem -passes='print<prem-kernels>,print<prem-footprint>' -disable-output %t.ll | FileCheck %s
#define N 64

void gemm(float *restrict C, const float *restrict A, const float *restrict B) {
#pragma omp target teams distribute parallel for map(to: A[0:N*N], B[0:N*N]) map(tofrom: C[0:N*N])
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      float s = C[i * N + j];
      for (int k = 0; k < N; k++)
        s += A[i * N + k] * B[k * N + j];
      C[i * N + j] = s;
    }
}

// CHECK: prem-kernels: 1 kernel(s)
// CHECK-NEXT: kernel __omp_offloading_{{.*}}_gemm_l10 kind=openmp
// CHECK: block size: 256
// CHECK-NEXT: simt: loop {{.*}} via __kmpc_for_static_init_4
// CHECK-NEXT: iterations: [0, 63]
// CHECK: array arg6: 4-byte elements, read, 8 access(es)
// CHECK: bytes per tile [1]: 16384
// CHECK: total bytes per tile [1]: 16896
// CHECK: exact: yes
