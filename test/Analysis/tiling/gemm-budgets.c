// Seed 001, Algorithm 2 on gemm (N = 64, host offload: one thread per tile)
// under three scratchpad budgets. Every maximal tiling is listed; the one
// moving the fewest bytes per iteration wins. Hand check for 20000 bytes:
// [32,30,64] keeps 32 rows of A (8192), 30 columns of B (7680) and a 32x30
// block of C (3840) = 19712 bytes for 61440 iterations; 2*3 = 6 intervals.
// RUN: %omp_host_device_ir %s -o %t.ll
// RUN: %opt_prem -passes='print<prem-tiling>' -disable-output %t.ll | FileCheck %s --check-prefix=DEFAULT
// RUN: %opt_prem -passes='print<prem-tiling>' -prem-spm-bytes=20000 -disable-output %t.ll | FileCheck %s --check-prefix=MID
// RUN: %opt_prem -passes='print<prem-tiling>' -prem-spm-bytes=1000 -disable-output %t.ll | FileCheck %s --check-prefix=SMALL
// RUN: %opt_prem -passes='print<prem-tiling>' -prem-spm-bytes=8 -disable-output %t.ll | FileCheck %s --check-prefix=TINY
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

// The whole problem fits 48 KiB: one interval.
// DEFAULT: kernel __omp_offloading_{{.*}}_gemm_l14 (1 thread(s) per tile, 49152 bytes of scratchpad)
// DEFAULT: chosen [64,64,64]: 49152 bytes per tile, 0.19 bytes per iteration, the fewest of 7 maximal tiling(s)
// DEFAULT-NEXT: intervals: 1

// MID: candidate [1,64,64]: 16896 bytes, 4.12 bytes/iteration
// MID-NEXT: candidate [2,64,64]: 17408 bytes, 2.12 bytes/iteration
// MID-NEXT: candidate [4,64,64]: 18432 bytes, 1.12 bytes/iteration
// MID-NEXT: candidate [8,62,64]: 19904 bytes, 0.63 bytes/iteration
// MID-NEXT: candidate [16,49,64]: 19776 bytes, 0.39 bytes/iteration
// MID-NEXT: candidate [32,30,64]: 19712 bytes, 0.32 bytes/iteration
// MID-NEXT: candidate [64,7,64]: 19968 bytes, 0.70 bytes/iteration
// Algorithm 2's own choice (largest blockDim with whole inner loops) loses:
// MID-NEXT: candidate [7,64,64]: 19968 bytes, 0.70 bytes/iteration
// MID-NEXT: chosen [32,30,64]: 19712 bytes per tile, 0.32 bytes per iteration, the fewest of 8 maximal tiling(s)
// MID-NEXT: intervals: 6

// Not even one row with whole inner loops fits: the j loop is cut to one
// iteration and the k loop tiled.
// SMALL: candidate [1,2,64]: 776 bytes, 6.06 bytes/iteration
// SMALL: candidate [16,1,13]: 948 bytes, 4.56 bytes/iteration
// SMALL: chosen [16,1,13]: 948 bytes per tile, 4.56 bytes per iteration, the fewest of 7 maximal tiling(s)
// SMALL-NEXT: intervals: 1280

// TINY: no tiling: one iteration of every loop across 1 thread(s) needs more than 8 bytes
