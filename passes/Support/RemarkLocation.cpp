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

DiagnosticLocation prem::remarkLocation(const Instruction &I) {
  if (const DebugLoc &DL = I.getDebugLoc())
    return DiagnosticLocation(DL);
  const BasicBlock &BB = *I.getParent();
  for (const Instruction *P = I.getPrevNode(); P; P = P->getPrevNode())
    if (const DebugLoc &DL = P->getDebugLoc())
      return DiagnosticLocation(DL);
  for (const Instruction *N = I.getNextNode(); N; N = N->getNextNode())
    if (const DebugLoc &DL = N->getDebugLoc())
      return DiagnosticLocation(DL);
  const Function &F = *BB.getParent();
  for (const BasicBlock &B : F)
    for (const Instruction &J : B)
      if (const DebugLoc &DL = J.getDebugLoc())
        if (DL.getLine())
          return DiagnosticLocation(DL);
  if (const DISubprogram *SP = F.getSubprogram())
    return DiagnosticLocation(SP);
  return DiagnosticLocation();
}
