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
// libdevice is a math library. Its functions that take and return no
// pointer (LibdeviceFunctions.def, from clang's declarations of libdevice)
// compute their result from their operands only: checked against CUDA 13's
// libdevice.10.bc, whose bodies have no volatile or atomic access, no
// store to memory, no special register, barrier, trap or side-effecting
// inline assembly, and loops of bounded trip count. A declaration of one of
// those names with that signature gets memory(none), nounwind, willreturn,
// nosync and nofree, which those bodies justify. The others (sincos, modf,
// frexp, remquo, nan, norm, ...) read or write through pointers, and a
// function of the program's own with an `__nv_` name is no libdevice
// function: they stay as they are, as do definitions (libdevice already
// linked in).
//
//===----------------------------------------------------------------------===//

#include "prem/Transforms/LibdeviceAttrs.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/IR/Module.h"
#include "llvm/TargetParser/Triple.h"

#define DEBUG_TYPE "prem-libdevice-attrs"

using namespace llvm;

STATISTIC(NumMarked, "libdevice declarations marked memory(none)");

namespace prem {

/// Whether a value of type T holds a pointer, also inside an aggregate or a
/// vector.
static bool holdsPointer(Type *T) {
  if (T->isPtrOrPtrVectorTy())
    return true;
  return any_of(T->subtypes(), holdsPointer);
}

/// A declaration of one of libdevice's functions that take and return no
/// pointer (by name and signature): a function of its operands only.
static bool isPureLibdeviceDeclaration(const Function &F) {
  static const StringSet<> Names = {
#define LIBDEVICE_FUNCTION(Name) #Name,
#include "LibdeviceFunctions.def"
#undef LIBDEVICE_FUNCTION
  };
  if (!F.isDeclaration() || F.isIntrinsic() || !Names.contains(F.getName()) ||
      F.hasFnAttribute(Attribute::NoReturn))
    return false;
  FunctionType *Signature = F.getFunctionType();
  return !Signature->isVarArg() && !Signature->getReturnType()->isVoidTy() &&
         !holdsPointer(Signature);
}

PreservedAnalyses LibdeviceAttrsPass::run(Module &M, ModuleAnalysisManager &) {
  if (!Triple(M.getTargetTriple()).isNVPTX())
    return PreservedAnalyses::all();
  bool Changed = false;
  for (Function &F : M) {
    if (!isPureLibdeviceDeclaration(F) ||
        (F.doesNotAccessMemory() && F.doesNotThrow() && F.willReturn() &&
         F.hasNoSync() && F.doesNotFreeMemory()))
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
