//===- LibdeviceAttrs.h - libdevice math touches no memory -----*- C++ -*-===//
//
// Part of prem-llvm. prem-libdevice-attrs: on NVPTX, the declarations of
// libdevice's math functions say that they read and write no memory.
//
//===----------------------------------------------------------------------===//

#ifndef PREM_TRANSFORMS_LIBDEVICEATTRS_H
#define PREM_TRANSFORMS_LIBDEVICEATTRS_H

#include "llvm/IR/PassManager.h"

namespace prem {

class LibdeviceAttrsPass : public llvm::PassInfoMixin<LibdeviceAttrsPass> {
public:
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
};

} // namespace prem

#endif // PREM_TRANSFORMS_LIBDEVICEATTRS_H
