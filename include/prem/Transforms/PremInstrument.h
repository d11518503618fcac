//===- PremInstrument.h - Profile a kernel's global loads -------*- C++ -*-===//
//
// Part of prem-llvm. prem-instrument: the profile-generation half of the L1
// bypass (seed 000, Ch. 3; design §2).
//
//===----------------------------------------------------------------------===//

#ifndef PREM_TRANSFORMS_PREMINSTRUMENT_H
#define PREM_TRANSFORMS_PREMINSTRUMENT_H

#include "llvm/IR/PassManager.h"

namespace prem {

/// True when -prem-profile-generate names a file: the prem pipeline then
/// instruments kernels instead of transforming them.
bool profileGenerateRequested();

class PremInstrumentPass : public llvm::PassInfoMixin<PremInstrumentPass> {
public:
  llvm::PreservedAnalyses run(llvm::Module &M,
                              llvm::ModuleAnalysisManager &MAM);
};

} // namespace prem

#endif // PREM_TRANSFORMS_PREMINSTRUMENT_H
