//===- PremBypass.h - Profile-guided L1 bypass ------------------*- C++ -*-===//
//
// Part of prem-llvm. prem-bypass decides, from a load profile, which global
// loads skip the L1 (seed 000, Eq. 3.1, per instruction) and marks them with
// !prem.bypass; prem-bypass-lower turns the marks into ld.global.cg on NVPTX
// after the PREM passes, which keep the mark on the loads they clone.
//
//===----------------------------------------------------------------------===//

#ifndef PREM_TRANSFORMS_PREMBYPASS_H
#define PREM_TRANSFORMS_PREMBYPASS_H

#include "llvm/IR/PassManager.h"

namespace prem {

/// The mark prem-bypass puts on a load: !prem.bypass !{}.
inline constexpr const char *BypassMD = "prem.bypass";

/// True when -prem-profile-use names a profile.
bool profileUseRequested();

class PremBypassPass : public llvm::PassInfoMixin<PremBypassPass> {
public:
  llvm::PreservedAnalyses run(llvm::Module &M,
                              llvm::ModuleAnalysisManager &MAM);
};

class BypassLowerPass : public llvm::PassInfoMixin<BypassLowerPass> {
public:
  llvm::PreservedAnalyses run(llvm::Module &M,
                              llvm::ModuleAnalysisManager &MAM);
};

} // namespace prem

#endif // PREM_TRANSFORMS_PREMBYPASS_H
