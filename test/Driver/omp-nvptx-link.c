// An OpenMP offload program for NVPTX compiled and linked whole, with
// LLVM's OpenMP device runtime (scripts/build-omp-device-rtl.sh; the test
// is unsupported where it has not been built), as a user compiles one:
//
// - prem-cc compiles OpenMP offload to a GPU with -foffload-lto, so that
//   the device runtime is linked at the device link, after PREM: the kernel
//   is tiled, and nvlink accepts it. Its tile fills the scratchpad; the
//   budget leaves the runtime's own shared memory (without that, nvlink
//   said "uses too much shared data (0xc040 bytes, 0xc000 max)").
// - clang without -foffload-lto links the runtime before optimising: PREM
//   says why it transforms nothing.
//
// REQUIRES: ptxas, cuda, omp-nvptx-rtl
// RUN: %prem_cc -fprem-mode=sdma -mllvm -prem-gpu-tiles -O2 -fopenmp --offload-arch=sm_90 --cuda-path=%cuda_path --libomptarget-nvptx-bc-path=%omp_nvptx_rtl/libomptarget-nvptx.bc -Xoffload-linker -L%omp_nvptx_rtl %s -o %t.lto -Rpass=prem 2>&1 | FileCheck %s --check-prefix=LTO
// RUN: test -x %t.lto
// The whole 48 KiB for the tile: nvlink refuses it.
// RUN: not %prem_cc -fprem-mode=sdma -fprem-spm=49152 -mllvm -prem-gpu-tiles -O2 -fopenmp --offload-arch=sm_90 --cuda-path=%cuda_path --libomptarget-nvptx-bc-path=%omp_nvptx_rtl/libomptarget-nvptx.bc -Xoffload-linker -L%omp_nvptx_rtl %s -o %t.full 2>&1 | FileCheck %s --check-prefix=FULL
// RUN: %clang_prem -mllvm -prem-mode=sdma -mllvm -prem-gpu-tiles -O2 -fopenmp --offload-arch=sm_90 --cuda-path=%cuda_path --libomptarget-nvptx-bc-path=%omp_nvptx_rtl/libomptarget-nvptx.bc -Xoffload-linker -L%omp_nvptx_rtl %s -o %t.nolto -Rpass-missed=prem 2>&1 | FileCheck %s --check-prefix=NOLTO
// RUN: %prem_cc -fprem-mode=sdma -O2 -fopenmp --offload-arch=sm_90 -fno-offload-lto --cuda-path=%cuda_path --libomptarget-nvptx-bc-path=%omp_nvptx_rtl/libomptarget-nvptx.bc -Xoffload-linker -L%omp_nvptx_rtl %s -o %t.warn 2>&1 | FileCheck %s --check-prefix=WARN

// LTO: remark: {{.*}}kernel __omp_offloading_{{.*}}_mm_l[[#@LINE+11]]: worksharing loop tiled
// FULL: nvlink error {{.*}} uses too much shared data
// NOLTO: remark: {{.*}}kernel __omp_offloading_{{.*}}_mm_l[[#@LINE+9]] not transformed: the kernel has no worksharing loop to tile: the OpenMP device runtime was linked into the module before PREM ran, which then sees the runtime's code in place of its calls: compile with -foffload-lto, which links it after
// WARN: prem-cc: warning: -fno-offload-lto links the OpenMP device runtime before PREM runs: no OpenMP kernel can be transformed
#include <stdio.h>
#define NI 70
#define NJ 74
#define NK 78

// gpu-style's 2mm, first kernel: its tile fills the scratchpad.
void mm(float alpha, float A[NI][NK], float B[NK][NJ], float T[NI][NJ]) {
#pragma omp target teams distribute parallel for collapse(2)                  \
    map(to: A[0:NI][0:NK], B[0:NK][0:NJ]) map(from: T[0:NI][0:NJ])
  for (int i = 0; i < NI; i++)
    for (int j = 0; j < NJ; j++) {
      T[i][j] = 0;
      for (int k = 0; k < NK; ++k)
        T[i][j] += alpha * A[i][k] * B[k][j];
    }
}

int main(void) {
  static float A[NI][NK], B[NK][NJ], T[NI][NJ];
  for (int i = 0; i < NI; i++)
    for (int k = 0; k < NK; k++)
      A[i][k] = (float)(i - k) / NK;
  for (int k = 0; k < NK; k++)
    for (int j = 0; j < NJ; j++)
      B[k][j] = (float)(k + j) / NJ;
  mm(1.5f, A, B, T);
  printf("%f\n", T[NI - 1][NJ - 1]);
  return 0;
}
