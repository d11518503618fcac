//===- RemarkLocation.cpp - Where a remark points in the source -----------===//
//
// Part of prem-llvm (include/prem/Support/RemarkLocation.h).
//
//===----------------------------------------------------------------------===//

#include "prem/Support/RemarkLocation.h"

#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Instruction.h"

using namespace llvm;

/// For code inlined into F, the first frame (from the innermost out) in F's
/// own source file: CUDA's threadIdx.x is a call inlined from clang's
/// __clang_cuda_builtin_vars.h, and a remark there would point into the
/// header, not at the user's line; an OpenMP loop inlined from its
/// outlined region stays at its own line, not the pragma's.
const DILocation *prem::frameInFunctionFile(const DILocation *L,
                                            const Function &F) {
  const DISubprogram *SP = F.getSubprogram();
  for (const DILocation *Frame = L; SP && Frame;
       Frame = Frame->getInlinedAt())
    if (Frame->getFilename() == SP->getFilename() &&
        Frame->getDirectory() == SP->getDirectory())
      return Frame;
  return nullptr;
}

static DiagnosticLocation inFunctionFile(const DebugLoc &DL,
                                         const Function &F) {
  if (const DILocation *Frame = prem::frameInFunctionFile(DL.get(), F))
    return DiagnosticLocation(DebugLoc(const_cast<DILocation *>(Frame)));
  return DiagnosticLocation(DL);
}

DiagnosticLocation prem::remarkLocation(const Instruction &I) {
  const BasicBlock &BB = *I.getParent();
  const Function &F = *BB.getParent();
  if (const DebugLoc &DL = I.getDebugLoc())
    return inFunctionFile(DL, F);
  for (const Instruction *P = I.getPrevNode(); P; P = P->getPrevNode())
    if (const DebugLoc &DL = P->getDebugLoc())
      return inFunctionFile(DL, F);
  for (const Instruction *N = I.getNextNode(); N; N = N->getNextNode())
    if (const DebugLoc &DL = N->getDebugLoc())
      return inFunctionFile(DL, F);
  for (const BasicBlock &B : F)
    for (const Instruction &J : B)
      if (const DebugLoc &DL = J.getDebugLoc())
        if (DL.getLine())
          return inFunctionFile(DL, F);
  if (const DISubprogram *SP = F.getSubprogram())
    return DiagnosticLocation(SP);
  return DiagnosticLocation();
}
