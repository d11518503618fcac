// The tile decision (print<prem-tiling>) on gemm (N = 64, host offload: one
// thread per tile) under four scratchpad budgets: the loop cut, the tile's
// size, its slots and why, exactly what prem-tile applies (the same record
// is the report's). Hand check for 20000 bytes: a tile of 7 rows of C
// (i) holds 7 rows of C and of A (7 * 256 = 1792 bytes each) and all of B
// (16384): 19968 bytes; 8 rows would need 20480. 64 / 7 -> 10 tiles.
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
// DEFAULT: prem-tiling: module {{.*}} (49152 bytes of scratchpad)
// DEFAULT-NEXT: kernel __omp_offloading_{{.*}}_gemm_l{{[0-9]+}}: tiled, the worksharing loop, 64 iteration(s) per tile, 49152 bytes of scratchpad, 1 interval(s)
// DEFAULT-NEXT: why: largest tile of whole SIMT iterations whose byte intervals fit 49152 bytes
// DEFAULT-NEXT: slot C: interval, 16384 bytes (16384 touched), store interval
// DEFAULT-NEXT: slot A: interval, 16384 bytes (16384 touched), store none
// DEFAULT-NEXT: slot B: interval, 16384 bytes (16384 touched), store none

// MID: kernel __omp_offloading_{{.*}}_gemm_l{{[0-9]+}}: tiled, the worksharing loop, 7 iteration(s) per tile, 19968 bytes of scratchpad, 10 interval(s)
// MID-NEXT: why: largest tile of whole SIMT iterations whose byte intervals fit 20000 bytes: fewest bytes per iteration (2852.57 vs 16896 for one iteration); balanced at run time
// MID-NEXT: slot C: interval, 1792 bytes (1792 touched), store interval
// MID-NEXT: slot A: interval, 1792 bytes (1792 touched), store none
// MID-NEXT: slot B: interval, 16384 bytes (16384 touched), store none

// Not even one row with its inner loops fits: the j loop is tiled, one row
// at a time. B's columns as a 2-D transfer (64 rows of 8 bytes, not a 16 KiB
// interval): 64 (C, 8 bytes, slots are 64-aligned) + 256 (A's row) + 512 =
// 832 bytes; 3 columns would need 64 + 256 + 768. 64 rows x 32 tiles.
// SMALL: kernel __omp_offloading_{{.*}}_gemm_l{{[0-9]+}}: tiled, the depth-1 loop, 2 iteration(s) per tile, 832 bytes of scratchpad, 2048 interval(s)
// SMALL-NEXT: why: largest tile of iterations of the depth-1 loop, one SIMT iteration at a time (one SIMT iteration does not fit) whose byte intervals fit 1000 bytes: fewest bytes per iteration (416.00 vs 576 for one iteration)
// SMALL-NEXT: slot C: interval, 8 bytes (8 touched), store interval
// SMALL-NEXT: slot A: interval, 256 bytes (256 touched), store none
// SMALL-NEXT: slot B: 2d (rows 256 bytes apart), 512 bytes (512 touched), store none

// TINY: kernel __omp_offloading_{{.*}}_gemm_l{{[0-9]+}}: not tiled (NoFit): one SIMT iteration needs 16896 bytes of scratchpad (byte intervals), more than the 8 available; one iteration of the depth-1 loop needs 576 bytes of scratchpad (byte intervals), more than the 8 available; one iteration of the depth-2 loop needs 128 bytes of scratchpad (byte intervals), more than the 8 available
