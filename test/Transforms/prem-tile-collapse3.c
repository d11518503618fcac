// A collapse(3) nest (issue 25): the collapsed induction variable gives
// i = 1 + iv / 64, j = 1 + (iv % 64) / 8 and k = 1 + iv % 8, a division of a
// remainder, which the footprint reads as j = 1 + floor(iv/8) -
// 8*floor(iv/64): two floor terms per subscript, which isl keeps exact and
// the interval code divides by both. B is written with holes (the row and
// plane ends), and its hole test is not run on two floor terms (isl's
// subtraction ran for minutes on such sets): it is stored element by element.
// E2E/collapse.test runs it, and E2E/gpu-style-omp.test heat3d_1.
// RUN: %omp_host_device_ir %s -o %t.ll
// RUN: %opt_prem -passes='print<prem-tiling>' -prem-spm-bytes=2048 %t.ll -disable-output | FileCheck %s --check-prefix=PLAN
// RUN: %opt_prem -passes=prem-tile,prem-les,prem-sync,verify -prem-mode=sdma -prem-spm-bytes=2048 %t.ll -S -o - -pass-remarks=prem 2>%t.remarks | FileCheck %s --check-prefix=SDMA
// RUN: FileCheck %s --check-prefix=REMARK < %t.remarks
// On NVPTX (-prem-gpu-tiles) a team's chunk of the collapsed loop is the
// tile; ptxas accepts the code at sm_90.
// RUN: %clang_prem -O2 -fopenmp --offload-arch=sm_90 --offload-device-only -nogpulib %nvptx_feature -S %s -o %t.90.s -mllvm -prem-gpu-tiles -Rpass=prem 2> %t.gpu.remarks
// RUN: FileCheck %s --check-prefix=GPU < %t.gpu.remarks
// RUN: %if ptxas %{ %ptxas -c -arch=sm_90 %t.90.s -o %t.90.o %}
#define N 10

void heat(float *restrict B, const float *restrict A) {
#pragma omp target teams distribute parallel for collapse(3) map(to: A[0:N*N*N]) map(tofrom: B[0:N*N*N])
  for (int i = 1; i < N - 1; i++)
    for (int j = 1; j < N - 1; j++)
      for (int k = 1; k < N - 1; k++)
        B[(i * N + j) * N + k] =
            0.125f * (A[((i + 1) * N + j) * N + k] + A[((i - 1) * N + j) * N + k] +
                      A[(i * N + j + 1) * N + k] + A[(i * N + j - 1) * N + k] +
                      A[(i * N + j) * N + k + 1] + A[(i * N + j) * N + k - 1]) +
            0.25f * A[(i * N + j) * N + k];
}

// PLAN: kernel __omp_offloading_{{.*}}_heat_l{{[0-9]+}}: tiled, the worksharing loop, 89 iteration(s) per tile, 2048 bytes of scratchpad
// PLAN: slot A: interval, 1404 bytes (1432 touched), store none
// PLAN-NEXT: slot B: interval, 604 bytes (356 touched), store element-wise

// SDMA-LABEL: define internal void @__omp_offloading_{{.*}}_heat_l{{[0-9]+}}.omp_outlined.omp_outlined(
// SDMA: sdiv i64 %{{[0-9]+}}, 8
// SDMA: sdiv i64 %{{[0-9]+}}, 64
// SDMA: call void @__prem_enter_mem(
// SDMA: call void @__prem_copy_1d(
// SDMA: call void @__prem_enter_comp(
// SDMA: call void @__prem_exit_mem(

// REMARK: remark: {{.*}}kernel __omp_offloading_{{.*}}_heat_l{{[0-9]+}}: worksharing loop tiled, 89 SIMT iterations per PREM interval
// GPU: remark: {{.*}}kernel __omp_offloading_{{.*}}_heat_l{{[0-9]+}}: worksharing loop tiled, 128 SIMT iterations per PREM interval
