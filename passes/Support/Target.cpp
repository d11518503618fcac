//===- Target.cpp - Per-target scratchpad facts ---------------------------===//
//
// Part of prem-llvm. 48 KiB is the static shared-memory limit per block on
// every NVIDIA architecture since Fermi (larger needs dynamic shared memory
// and an opt-in at launch); 64 KiB is the LDS per work-group on AMDGPU.
//
//===----------------------------------------------------------------------===//

#include "prem/Support/Target.h"
#include "prem/Support/Arbiter.h"

#include "llvm/IR/Module.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/TargetParser/Triple.h"

using namespace llvm;

static cl::opt<uint64_t> SPMBytes(
    "prem-spm-bytes", cl::value_desc("bytes"),
    cl::desc("Scratchpad bytes a PREM tile may use per block (default: 48 KiB "
             "on NVPTX and host offload, 64 KiB on AMDGPU, less what the "
             "linked runtime keeps)"),
    cl::init(0));

uint64_t prem::scratchpadBudget(const Module &M) {
  if (SPMBytes.getNumOccurrences())
    return SPMBytes;
  Triple T(M.getTargetTriple());
  uint64_t Limit = T.isAMDGPU() ? 64 * 1024 : 48 * 1024;
  return Limit - runtimeScratchpadBytes(M);
}
