//===- LoadSite.cpp - Stable identities of a kernel's global loads --------===//
//
// Part of prem-llvm. The identity must survive recompilation of the same
// source for another target: kernel entry names and debug locations do, the
// IR around them (outlined-function names, stack slots, address spaces) does
// not, so only those two and an ordinal among equal locations are used.
//
//===----------------------------------------------------------------------===//

#include "prem/Support/LoadSite.h"
#include "prem/Analysis/KernelInfo.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/xxhash.h"
#include "llvm/TargetParser/Triple.h"

using namespace llvm;
using namespace prem;

std::string LoadSite::describe() const {
  return (File.empty() ? std::string("<no debug location>")
                       : File + ":" + std::to_string(Line) + ":" +
                             std::to_string(Column)) +
         " #" + std::to_string(Ordinal);
}

bool prem::readsGlobalMemory(const LoadInst &LI, bool GPU) {
  return LI.isSimple() && pointsToGlobalMemory(LI.getPointerOperand(), GPU);
}

bool prem::pointsToGlobalMemory(const Value *Ptr, bool GPU) {
  unsigned AS = Ptr->getType()->getPointerAddressSpace();
  if (GPU && AS != 0 && AS != 1)
    return false;
  const Value *Object = getUnderlyingObject(Ptr, /*MaxLookup=*/0);
  if (isa<AllocaInst>(Object))
    return false;
  unsigned ObjectAS = Object->getType()->getPointerAddressSpace();
  return !GPU || ObjectAS == 0 || ObjectAS == 1;
}

bool prem::movesGlobalMemory(const Value *Ptr, bool GPU) {
  auto *Arg = dyn_cast<Argument>(getUnderlyingObject(Ptr, /*MaxLookup=*/0));
  return pointsToGlobalMemory(Ptr, GPU) && !(Arg && Arg->hasByValAttr());
}

SmallVector<LoadSite, 16> prem::kernelLoadSites(const KernelRecord &K,
                                                FunctionAnalysisManager &FAM) {
  SmallVector<LoadSite, 16> Sites;
  Triple T(K.Entry->getParent()->getTargetTriple());
  bool GPU = T.isNVPTX() || T.isAMDGPU();
  const Loop *SIMTLoop = nullptr;
  if (K.SIMT.K == SIMTInfo::Kind::WorksharingLoop) {
    auto &LI = FAM.getResult<LoopAnalysis>(*K.SIMT.Region);
    SIMTLoop = LI.getLoopFor(K.SIMT.LoopHeader);
  }
  StringMap<unsigned> SeenAt;
  for (Function *F : K.Regions) {
    if (SIMTLoop && F != K.SIMT.Region)
      continue;
    for (BasicBlock &BB : *F) {
      if (SIMTLoop && !SIMTLoop->contains(&BB))
        continue;
      for (Instruction &I : BB) {
        auto *Load = dyn_cast<LoadInst>(&I);
        if (!Load || !readsGlobalMemory(*Load, GPU))
          continue;
        LoadSite S;
        S.Load = Load;
        S.Kernel = K.Entry->getName().str();
        if (const DILocation *Loc = Load->getDebugLoc().get()) {
          S.File = Loc->getFilename().str();
          S.Line = Loc->getLine();
          S.Column = Loc->getColumn();
        }
        S.Bytes = Load->getDataLayout().getTypeStoreSize(Load->getType());
        std::string Key = S.File + ":" + std::to_string(S.Line) + ":" +
                          std::to_string(S.Column);
        S.Ordinal = SeenAt[Key]++;
        Sites.push_back(std::move(S));
      }
    }
  }
  return Sites;
}

uint64_t prem::loadShapeHash(ArrayRef<LoadSite> Sites) {
  // Order-independent of region discovery: sort the keys.
  SmallVector<std::string, 16> Keys;
  for (const LoadSite &S : Sites)
    Keys.push_back(S.describe() + "/" + std::to_string(S.Bytes));
  sort(Keys);
  std::string All;
  for (const std::string &K : Keys)
    All += K + ";";
  return xxh3_64bits(All);
}
