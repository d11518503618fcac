// OpenMP offload to NVPTX with the plugin: device-only compile to PTX (Debian
// ships no NVPTX OpenMP device runtime, so this does not link), report per
// kernel, and ptxas accepts the PTX for sm_90 and sm_87 (as relocatable
// objects: the __kmpc_* runtime calls stay unresolved).
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clang_prem -O2 -fopenmp --offload-arch=sm_90 --offload-device-only -nogpulib %nvptx_feature -S %s -o %t/k.s -mllvm -prem-report=%t/r.json
// RUN: FileCheck %s < %t/r.json
// RUN: FileCheck %s --check-prefix=PTX < %t/k.s
// RUN: %if ptxas %{ %ptxas -c -arch=sm_90 %t/k.s -o %t/k90.o %}
// RUN: %clang_prem -O2 -fopenmp --offload-arch=sm_87 --offload-device-only -nogpulib %nvptx_feature -S %s -o %t/k87.s
// RUN: %if ptxas %{ %ptxas -c -arch=sm_87 %t/k87.s -o %t/k87.o %}
#define N 64

void stencil(const float *restrict A, float *restrict B) {
#pragma omp target teams distribute parallel for thread_limit(128) map(to: A[0:N*N]) map(from: B[0:N*N])
  for (int i = 1; i < N - 1; i++)
    for (int j = 1; j < N - 1; j++)
      B[i * N + j] = 0.25f * (A[i * N + j - 1] + A[i * N + j + 1] +
                              A[(i - 1) * N + j] + A[(i + 1) * N + j]);
}

// CHECK: "block_size": 128,
// CHECK: "bytes_per_tile": 1000,
// CHECK-NEXT: "bytes_per_tile_exact": true,
// CHECK-NEXT: "exact": true,
// CHECK: "kind": "openmp",
// CHECK-NEXT: "name": "__omp_offloading_{{.*}}_stencil_l15",
// CHECK: "target": "nvptx64-nvidia-cuda"

// PTX: .entry __omp_offloading_{{.*}}_stencil_l15(
