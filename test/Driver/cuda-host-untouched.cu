// CUDA under clang with the plugin: the host side is untouched, the device
// side is reported, and the PTX it produces is accepted by ptxas.
// REQUIRES: cuda
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clang -O2 -x cuda --cuda-gpu-arch=sm_90 --cuda-path=%cuda_path -Wno-unknown-cuda-version --cuda-host-only -S -emit-llvm %s -o %t/base.ll
// RUN: %clang_prem -O2 -x cuda --cuda-gpu-arch=sm_90 --cuda-path=%cuda_path -Wno-unknown-cuda-version --cuda-host-only -S -emit-llvm %s -o %t/prem.ll
// RUN: cmp %t/base.ll %t/prem.ll
// RUN: %clang_prem -O2 -x cuda --cuda-gpu-arch=sm_90 --cuda-path=%cuda_path -Wno-unknown-cuda-version --cuda-device-only -S %s -o %t/k.ptx -mllvm -prem-report=%t/r.json
// RUN: FileCheck %s < %t/r.json
// RUN: %if ptxas %{ %ptxas -arch=sm_90 %t/k.ptx -o %t/k.cubin %}

__global__ void __launch_bounds__(256) saxpy(float *y, const float *x, float a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = a * x[i] + y[i];
}

// CHECK: "block_size": 256,
// CHECK: "exact": true,
// CHECK: "name": "_Z5saxpyPfPKffi",
// CHECK: "target": "nvptx64-nvidia-cuda"
