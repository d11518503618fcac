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
             "linked runtimes keep: PREM's arbiter state, and in an OpenMP "
             "offload module to a GPU the OpenMP device runtime's 2304)"),
    cl::init(0));

// The static shared memory of LLVM 22's OpenMP device runtime
// (openmp/device): its addrspace(3) globals are 2156 bytes (the shared
// smart stack 1536, the variable-sharing space 512, the team state 48 and
// ten words), 2304 with alignment and a margin. An offload program links
// the runtime after prem-tile has sized its tiles (at the device link), so
// the tile cannot see it; without this, nvlink refuses a kernel whose tile
// took the whole 48 KiB ("uses too much shared data (0xc040 bytes, 0xc000
// max)" for gpu-style's 2mm and 3mm on an H200's toolchain).
static constexpr uint64_t OpenMPDeviceRuntimeSharedBytes = 2304;

uint64_t prem::scratchpadBudget(const Module &M) {
  if (SPMBytes.getNumOccurrences())
    return SPMBytes;
  Triple T(M.getTargetTriple());
  uint64_t Limit = T.isAMDGPU() ? 64 * 1024 : 48 * 1024;
  if ((T.isNVPTX() || T.isAMDGPU()) && M.getModuleFlag("openmp-device"))
    Limit -= OpenMPDeviceRuntimeSharedBytes;
  return Limit - runtimeScratchpadBytes(M);
}
