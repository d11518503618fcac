//===- LibdeviceAttrs.cpp - libdevice math declarations touch no memory ---===//
//
// USAGE:
//   opt -load-pass-plugin build/lib/PremPlugin.so
//       -passes=prem-libdevice-attrs k.ll -S
//   (clang: at the start of the pipeline, on NVPTX device modules)
//
// OpenMP offload to NVPTX links libdevice at link time, so while a device
// module is optimised, sqrtf is a bare declaration `__nv_sqrtf(float)` that
// may, for all LLVM knows, write any memory. One such call in a
// worksharing loop keeps the loop's step (which __kmpc_for_static_init
// wrote to a stack slot) a load in every iteration: the loop has no affine
// induction variable and prem-tile refuses it (gpu-style correlation_2/3).
// CUDA links libdevice before optimising and never sees the declaration.
//
// libdevice is a math library: every function computes its result from its
// operands, and those that give more than one result write them through
// pointers (sincos, modf, frexp, remquo). So a declaration with an `__nv_`
// name and no pointer among its parameters or result gets memory(none),
// nounwind, willreturn, nosync and nofree, what the definition linked later
// has. Definitions (libdevice already linked in) are left as they are.
//
//===----------------------------------------------------------------------===//

#include "prem/Transforms/LibdeviceAttrs.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/IR/Module.h"
#include "llvm/TargetParser/Triple.h"

#define DEBUG_TYPE "prem-libdevice-attrs"

using namespace llvm;

STATISTIC(NumMarked, "libdevice declarations marked memory(none)");

namespace prem {

bool isPureLibdeviceDeclaration(const Function &F) {
  if (!F.isDeclaration() || F.isIntrinsic() ||
      !F.getName().starts_with("__nv_"))
    return false;
  FunctionType *Signature = F.getFunctionType();
  if (Signature->isVarArg() || Signature->getReturnType()->isPtrOrPtrVectorTy())
    return false;
  return none_of(Signature->params(),
                 [](Type *P) { return P->isPtrOrPtrVectorTy(); });
}

PreservedAnalyses LibdeviceAttrsPass::run(Module &M, ModuleAnalysisManager &) {
  if (!Triple(M.getTargetTriple()).isNVPTX())
    return PreservedAnalyses::all();
  bool Changed = false;
  for (Function &F : M) {
    if (!isPureLibdeviceDeclaration(F) || F.doesNotAccessMemory())
      continue;
    F.setDoesNotAccessMemory();
    F.setDoesNotThrow();
    F.setWillReturn();
    F.setNoSync();
    F.setDoesNotFreeMemory();
    ++NumMarked;
    Changed = true;
  }
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace prem
