//===- LinkRuntime.h - Link the device runtime into a module ----*- C++ -*-===//
//
// Part of prem-llvm. prem-link-runtime: the device runtime of design §3.
//
//===----------------------------------------------------------------------===//

#ifndef PREM_TRANSFORMS_LINKRUNTIME_H
#define PREM_TRANSFORMS_LINKRUNTIME_H

#include "llvm/IR/PassManager.h"

namespace prem {

class LinkRuntimePass : public llvm::PassInfoMixin<LinkRuntimePass> {
public:
  llvm::PreservedAnalyses run(llvm::Module &M,
                              llvm::ModuleAnalysisManager &MAM);
};

} // namespace prem

#endif // PREM_TRANSFORMS_LINKRUNTIME_H
