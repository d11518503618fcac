//===- PremSync.h - The PREM synchronization skeleton -----------*- C++ -*-===//
//
// Part of prem-llvm. prem-sync (seed 001, Sec. 3.2.2, Figure 5).
//
//===----------------------------------------------------------------------===//

#ifndef PREM_TRANSFORMS_PREMSYNC_H
#define PREM_TRANSFORMS_PREMSYNC_H

#include "llvm/IR/PassManager.h"

namespace prem {

class PremSyncPass : public llvm::PassInfoMixin<PremSyncPass> {
public:
  llvm::PreservedAnalyses run(llvm::Module &M,
                              llvm::ModuleAnalysisManager &MAM);
};

} // namespace prem

#endif // PREM_TRANSFORMS_PREMSYNC_H
