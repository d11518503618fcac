//===- PremHoist.h - A mixed segment's loads into a Load phase --*- C++ -*-===//
//
// Part of prem-llvm. prem-hoist (issue 29; SegmentHoist.cpp decides).
//
//===----------------------------------------------------------------------===//

#ifndef PREM_TRANSFORMS_PREMHOIST_H
#define PREM_TRANSFORMS_PREMHOIST_H

#include "llvm/IR/PassManager.h"

namespace prem {

class PremHoistPass : public llvm::PassInfoMixin<PremHoistPass> {
public:
  llvm::PreservedAnalyses run(llvm::Module &M,
                              llvm::ModuleAnalysisManager &MAM);
};

} // namespace prem

#endif // PREM_TRANSFORMS_PREMHOIST_H
