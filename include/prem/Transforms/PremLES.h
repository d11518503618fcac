//===- PremLES.h - Split PREM tiles into Load/Execute/Store -----*- C++ -*-===//
//
// Part of prem-llvm. prem-les (seed 001, Sec. 3.2.3) and its -prem-mode.
//
//===----------------------------------------------------------------------===//

#ifndef PREM_TRANSFORMS_PREMLES_H
#define PREM_TRANSFORMS_PREMLES_H

#include "llvm/IR/PassManager.h"

namespace prem {

/// Splits each tile prem-tile left under -prem-mode (the modes and what they
/// do to a tile: prem/Analysis/PhasePlan.h).
class PremLESPass : public llvm::PassInfoMixin<PremLESPass> {
public:
  llvm::PreservedAnalyses run(llvm::Module &M,
                              llvm::ModuleAnalysisManager &MAM);
};

} // namespace prem

#endif // PREM_TRANSFORMS_PREMLES_H
