//===- prem_gpu_report.h - libprem_gpu's messages -------------------------===//
//
// Part of prem-llvm (runtime/host/prem_gpu*.cpp): how every entry point of
// libprem_gpu says what failed, shared by its files.
//
//===----------------------------------------------------------------------===//

#ifndef PREM_RUNTIME_HOST_PREM_GPU_REPORT_H
#define PREM_RUNTIME_HOST_PREM_GPU_REPORT_H

#include <cuda.h>

/// "prem: FUNCTION: CALL failed: NAME: STRING (code N)" on stderr
/// (prem_gpu.cpp).
void premGpuReport(const char *Function, const char *Call, CUresult R);

/// "prem: FUNCTION: MESSAGE" on stderr (prem_gpu.cpp).
void premGpuComplain(const char *Function, const char *Message);

/// Whether a call succeeded; says which failed and why when not.
inline bool premGpuCheck(const char *Function, const char *Call, CUresult R) {
  if (R != CUDA_SUCCESS)
    premGpuReport(Function, Call, R);
  return R == CUDA_SUCCESS;
}

#endif
