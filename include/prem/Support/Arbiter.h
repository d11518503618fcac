//===- Arbiter.h - The arbitration policy of the linked runtime -*- C++ -*-===//
//
// Part of prem-llvm. -prem-arbiter names the memory-phase arbitration policy
// of the device runtime that prem-link-runtime links (design §3). Its values
// come from include/prem/Policies.def; what a policy means for the passes
// (the runtime file, the targets it is built for, the scratchpad it keeps)
// is read here, below the transforms that use it.
//
//===----------------------------------------------------------------------===//

#ifndef PREM_SUPPORT_ARBITER_H
#define PREM_SUPPORT_ARBITER_H

#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <string>

namespace llvm {
class Module;
}

namespace prem {

/// One entry of include/prem/Policies.def: a policy, or the runtime built
/// with every policy ("launch").
struct ArbiterPolicy {
  /// The targets the policy is built for.
  enum TargetSet { ALL_TARGETS, NOT_AMDGPU };
  /// Whether a GPU block keeps its state under the policy in its shared
  /// memory on NVPTX.
  enum BlockStateKind { NO_STATE, BLOCK_STATE };

  llvm::StringRef Name;
  TargetSet Targets;
  BlockStateKind State;

  /// "-<name>": the runtime is prem-rt-<triple><suffix>.bc; "" for "none",
  /// the runtime without arbitration.
  std::string runtimeSuffix() const;
};

/// The policy -prem-arbiter names (default "none").
const ArbiterPolicy &arbiterPolicy();

/// Scratchpad bytes per block that the runtime linked into M keeps for
/// itself, which tiles must leave room for: a block's state on NVPTX under
/// the policies that keep one.
uint64_t runtimeScratchpadBytes(const llvm::Module &M);

} // namespace prem

#endif // PREM_SUPPORT_ARBITER_H
