//===- prem_gpu_partition.cpp - libprem_gpu: SM partitions ----------------===//
//
// Part of prem-llvm (API in prem/prem_gpu.h; issue 26, docs/arbitration.md
// "Residency"). Real time and best effort on disjoint SMs through two green
// contexts, so that best-effort blocks held back by the gate do not keep
// real-time blocks off an SM. Driver API only, as prem_gpu.cpp.
//
//===----------------------------------------------------------------------===//

#include "prem/prem_gpu.h"
#include "prem_gpu_report.h"

#include <cstdio>
#include <cstdlib>

#if CUDA_VERSION >= 12040

struct prem_gpu_partition {
  CUgreenCtx Side[2]; // indexed by prem_gpu_side
  unsigned Sms[2];
};

static bool isSide(prem_gpu_side Side) {
  return Side == PREM_GPU_REALTIME || Side == PREM_GPU_BEST_EFFORT;
}

prem_gpu_partition *prem_gpu_partition_create(unsigned BeSms) {
  static const char *const F = "prem_gpu_partition_create";
  if (BeSms == 0) {
    premGpuComplain(F, "be_sms is 0: best effort needs at least one SM");
    return nullptr;
  }
  CUdevice Dev;
  CUdevResource Whole, Group, Rest;
  unsigned Groups = 1;
  if (!premGpuCheck(F, "cuCtxGetDevice", cuCtxGetDevice(&Dev)) ||
      !premGpuCheck(
          F, "cuDeviceGetDevResource",
          cuDeviceGetDevResource(Dev, &Whole, CU_DEV_RESOURCE_TYPE_SM)))
    return nullptr;
  if (BeSms >= Whole.sm.smCount) {
    std::fprintf(stderr,
                 "prem: %s: be_sms %u leaves no SM for real time (the device "
                 "has %u)\n",
                 F, BeSms, Whole.sm.smCount);
    return nullptr;
  }
  if (!premGpuCheck(F, "cuDevSmResourceSplitByCount",
                    cuDevSmResourceSplitByCount(&Group, &Groups, &Whole, &Rest,
                                                0, BeSms)))
    return nullptr;
  // The split rounds up to the GPU's granularity: what is left may be
  // nothing.
  if (Groups != 1 || Rest.sm.smCount == 0) {
    std::fprintf(stderr,
                 "prem: %s: be_sms %u rounds up to the whole device (%u SMs)"
                 ": no SM left for real time\n",
                 F, BeSms, Whole.sm.smCount);
    return nullptr;
  }
  auto *P = static_cast<prem_gpu_partition *>(
      std::calloc(1, sizeof(prem_gpu_partition)));
  if (!P) {
    premGpuComplain(F, "out of host memory");
    return nullptr;
  }
  CUdevResource *Resources[2] = {&Rest, &Group};
  for (int S = PREM_GPU_REALTIME; S <= PREM_GPU_BEST_EFFORT; ++S) {
    CUdevResourceDesc Desc;
    P->Sms[S] = Resources[S]->sm.smCount;
    if (!premGpuCheck(F, "cuDevResourceGenerateDesc",
                      cuDevResourceGenerateDesc(&Desc, Resources[S], 1)) ||
        !premGpuCheck(F, "cuGreenCtxCreate",
                      cuGreenCtxCreate(&P->Side[S], Desc, Dev,
                                       CU_GREEN_CTX_DEFAULT_STREAM))) {
      prem_gpu_partition_destroy(P);
      return nullptr;
    }
  }
  return P;
}

CUstream prem_gpu_partition_stream(prem_gpu_partition *P, prem_gpu_side Side) {
  static const char *const F = "prem_gpu_partition_stream";
  if (!P) {
    premGpuComplain(F, "no partition (NULL)");
    return nullptr;
  }
  if (!isSide(Side)) {
    premGpuComplain(
        F, "side is neither PREM_GPU_REALTIME nor PREM_GPU_BEST_EFFORT");
    return nullptr;
  }
  int Least = 0, Greatest = 0;
  if (!premGpuCheck(F, "cuCtxGetStreamPriorityRange",
                    cuCtxGetStreamPriorityRange(&Least, &Greatest)))
    return nullptr;
  CUstream Stream = nullptr;
  if (!premGpuCheck(
          F, "cuGreenCtxStreamCreate",
          cuGreenCtxStreamCreate(&Stream, P->Side[Side], CU_STREAM_NON_BLOCKING,
                                 Side == PREM_GPU_REALTIME ? Greatest : Least)))
    return nullptr;
  return Stream;
}

unsigned prem_gpu_partition_sms(const prem_gpu_partition *P,
                                prem_gpu_side Side) {
  if (!P || !isSide(Side))
    return 0;
  return P->Sms[Side];
}

void prem_gpu_partition_destroy(prem_gpu_partition *P) {
  if (!P)
    return;
  for (CUgreenCtx C : P->Side)
    if (C)
      premGpuCheck("prem_gpu_partition_destroy", "cuGreenCtxDestroy",
                   cuGreenCtxDestroy(C));
  std::free(P);
}

#else // CUDA older than 12.4: no green contexts

struct prem_gpu_partition {};

prem_gpu_partition *prem_gpu_partition_create(unsigned) {
  premGpuComplain(
      "prem_gpu_partition_create",
      "libprem_gpu was built with CUDA older than 12.4, which has no "
      "green contexts");
  return nullptr;
}

CUstream prem_gpu_partition_stream(prem_gpu_partition *, prem_gpu_side) {
  premGpuComplain("prem_gpu_partition_stream", "no partition (NULL)");
  return nullptr;
}

unsigned prem_gpu_partition_sms(const prem_gpu_partition *, prem_gpu_side) {
  return 0;
}

void prem_gpu_partition_destroy(prem_gpu_partition *) {}

#endif
