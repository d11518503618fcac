//===- PremComply.h - Make kernels best-effort memory agents ----*- C++ -*-===//
//
// Part of prem-llvm. prem-comply (design §3b): a kernel left as written that
// polls the real-time arbiter as it moves memory.
//
//===----------------------------------------------------------------------===//

#ifndef PREM_TRANSFORMS_PREMCOMPLY_H
#define PREM_TRANSFORMS_PREMCOMPLY_H

#include "llvm/IR/PassManager.h"

namespace prem {

class PremComplyPass : public llvm::PassInfoMixin<PremComplyPass> {
public:
  llvm::PreservedAnalyses run(llvm::Module &M,
                              llvm::ModuleAnalysisManager &MAM);
};

/// -prem-best-effort: the clang pipeline makes the device module's kernels
/// best-effort agents (prem-comply) instead of PREM-transforming them.
bool bestEffortRequested();

} // namespace prem

#endif // PREM_TRANSFORMS_PREMCOMPLY_H
