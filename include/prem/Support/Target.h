//===- Target.h - Per-target scratchpad facts -------------------*- C++ -*-===//
//
// Part of prem-llvm. The scratchpad budget a tile must fit (seed 001, Eq. 1:
// S_SPM), from -prem-spm-bytes or the target's default.
//
//===----------------------------------------------------------------------===//
#ifndef PREM_SUPPORT_TARGET_H
#define PREM_SUPPORT_TARGET_H

#include <cstdint>

namespace llvm {
class Module;
}

namespace prem {

/// Bytes of scratchpad one block may use: -prem-spm-bytes when given, else
/// 48 KiB of static shared memory on NVPTX, 64 KiB of LDS on AMDGPU (both
/// less the OpenMP device runtime's own in an OpenMP offload module), and a
/// 48 KiB per-team buffer on host offload.
uint64_t scratchpadBudget(const llvm::Module &M);

} // namespace prem

#endif // PREM_SUPPORT_TARGET_H
