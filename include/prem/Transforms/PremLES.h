//===- PremLES.h - Split PREM tiles into Load/Execute/Store -----*- C++ -*-===//
//
// Part of prem-llvm. prem-les (seed 001, Sec. 3.2.3) and its -prem-mode.
//
//===----------------------------------------------------------------------===//

#ifndef PREM_TRANSFORMS_PREMLES_H
#define PREM_TRANSFORMS_PREMLES_H

#include "llvm/ADT/StringRef.h"
#include "llvm/IR/PassManager.h"

namespace prem {

enum class PremMode { Compatible, DAE, SoftDMA };

/// The mode -prem-mode selects (sdma unless told).
PremMode premMode();
llvm::StringRef premModeName(PremMode M);

class PremLESPass : public llvm::PassInfoMixin<PremLESPass> {
public:
  llvm::PreservedAnalyses run(llvm::Module &M,
                              llvm::ModuleAnalysisManager &MAM);
};

} // namespace prem

#endif // PREM_TRANSFORMS_PREMLES_H
