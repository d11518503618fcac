// CUDA under clang with the plugin: the host side is untouched, the device
// side reports exactly its two kernels (not the __device__ helper, not host
// code), and the PTX it produces is accepted by ptxas.
// REQUIRES: cuda
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clang -O2 -x cuda --cuda-gpu-arch=sm_90 --cuda-path=%cuda_path -Wno-unknown-cuda-version --cuda-host-only -S -emit-llvm %s -o %t/base.ll
// RUN: %clang_prem -O2 -x cuda --cuda-gpu-arch=sm_90 --cuda-path=%cuda_path -Wno-unknown-cuda-version --cuda-host-only -S -emit-llvm %s -o %t/prem.ll
// RUN: cmp %t/base.ll %t/prem.ll
// RUN: %clang_prem -O2 -x cuda --cuda-gpu-arch=sm_90 --cuda-path=%cuda_path -Wno-unknown-cuda-version --cuda-device-only -S %s -o %t/k.ptx -mllvm -prem-report=%t/r.json
// RUN: FileCheck %s < %t/r.json
// RUN: grep -c '"kind": "cuda"' %t/r.json | FileCheck %s --check-prefix=COUNT
// RUN: %if ptxas %{ %ptxas -arch=sm_90 %t/k.ptx -o %t/k.cubin %}

__device__ __noinline__ float clamp01(float v) { return v < 0 ? 0 : v > 1 ? 1 : v; }

__global__ void __launch_bounds__(256) saxpy(float *y, const float *x, float a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = a * x[i] + y[i];
}

__global__ void __launch_bounds__(128) saturate(float *y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  y[i] = clamp01(y[i]);
}

void launch(float *y, const float *x, int n) {
  saxpy<<<(n + 255) / 256, 256>>>(y, x, 2.0f, n);
  saturate<<<n / 128, 128>>>(y);
}

// COUNT: 2
// CHECK: "block_size": 256,
// CHECK: "exact": true,
// CHECK: "name": "_Z5saxpyPfPKffi",
// CHECK: "expression": "((%ctaid.x * %ntid.x) + %tid.x)",
// CHECK: "block_size": 128,
// CHECK: "name": "_Z8saturatePf",
// CHECK-NEXT: "prem": {
// CHECK: "kernel": "_Z8saturatePf",
// CHECK: "tile": "block",
// CHECK: "transformed": true
// CHECK: "regions": [
// CHECK-NEXT: "_Z8saturatePf",
// CHECK-NEXT: "_Z7clamp01f"
// CHECK: "target": "nvptx64-nvidia-cuda"
