//===- prem_gpu_cudart.cpp - libprem_gpu for CUDA runtime API programs
//-----===//
//
// Part of prem-llvm (API in prem/prem_gpu.h). prem_gpu_gate_attach_kernel
// on its own, so that only programs that call it need the CUDA runtime:
// the archive member is linked only when it is used.
//
//===----------------------------------------------------------------------===//

#include "prem/prem_gpu.h"
#include "prem_gpu_report.h"

#include <cstdio>
#include <cuda_runtime_api.h>

int prem_gpu_gate_attach_kernel(prem_gpu_gate *G, const void *Kernel) {
  static const char *const F = "prem_gpu_gate_attach_kernel";
  if (!G || !Kernel) {
    premGpuComplain(F, G ? "no kernel (NULL)" : "no gate (NULL)");
    return -1;
  }
  cudaFunction_t Function;
  cudaError_t E = cudaGetFuncBySymbol(&Function, Kernel);
  if (E != cudaSuccess) {
    std::fprintf(stderr,
                 "prem: %s: cudaGetFuncBySymbol failed: %s: %s (is it the "
                 "address of a __global__ function of this program?)\n",
                 F, cudaGetErrorName(E), cudaGetErrorString(E));
    return -1;
  }
  CUmodule Module;
  CUresult R = cuFuncGetModule(&Module, reinterpret_cast<CUfunction>(Function));
  if (R != CUDA_SUCCESS) {
    premGpuReport(F, "cuFuncGetModule", R);
    return -1;
  }
  return prem_gpu_gate_attach(G, Module);
}
