//===- BypassLower.cpp - Marked loads become ld.global.cg -----------------===//
//
// USAGE:
//   opt -load-pass-plugin build/lib/PremPlugin.so
//       -passes=prem-bypass,prem-bypass-lower -prem-profile-use=F k.ll
//
// The NVPTX back end of LLVM 22 has no IR form of a load's cache operator
// (the cache-hint metadata came later), so a load marked !prem.bypass
// becomes the inline PTX clang's own __ldcg uses (Support/PTXAccess.h):
// ld.global.cg, cached in L2 only. A generic pointer is tested with isspacep.global first and loads
// through the generic space when it is not global memory, so the rewrite is
// right whatever the pointer holds. Loads the PREM passes moved to the
// scratchpad (addrspace 3, or generic pointers into it) lose the mark: there
// is no L1 to bypass. The
// call only reads memory, so it stays ordered with stores as the load was.
// AMDGPU: a marked load becomes an agent-scope monotonic atomic load, which
// the memory model makes coherent at the device: it skips the CU's L1 and
// stays in L2 (glc on gfx90a and gfx11, sc1 on gfx942), ld.global.cg's
// effect. A relaxed atomic load reads what the plain load read in a
// program without data races; loads of a type an atomic load cannot have
// (vectors, wider than 8 bytes, under-aligned) keep the cache, with a
// remark. Host offload: the marks stay as they are, harmless.
//
// SoftDMA's Load-phase copies were not there when the kernel was profiled,
// but their access pattern is known by construction: each byte of the
// interval read once, consecutive threads on consecutive words (U = 1
// inside the interval, R = 0). Seed 000's rule for them needs no profile,
// only the interval, known at run time: the copy becomes the runtime's
// streaming copy, which bypasses the L1 when the interval's 32-byte sectors
// move fewer bytes than its 128-byte lines (issue 5, item 4: the same rule,
// not a special case).
//
//===----------------------------------------------------------------------===//

#include "prem/Support/LoadSite.h"
#include "prem/Support/PTXAccess.h"
#include "prem/Transforms/PremBypass.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/TargetParser/Triple.h"

#define DEBUG_TYPE "prem-bypass-lower"

using namespace llvm;
using namespace prem;

STATISTIC(NumLowered, "Loads rewritten to ld.global.cg");
STATISTIC(NumStreaming, "SoftDMA Load-phase copies that apply the rule");

/// A SoftDMA copy from global memory (a Load phase's, not a Store phase's,
/// whose source is the scratchpad) becomes its streaming form.
static bool makeStreaming(CallInst &Call, OptimizationRemarkEmitter &ORE) {
  Function *Callee = Call.getCalledFunction();
  if (!Callee)
    return false;
  StringRef Name = Callee->getName();
  unsigned Source = Name == "__prem_copy_1d"   ? 1
                    : Name == "__prem_copy_2d" ? 2
                                               : 0;
  if (!Source)
    return false;
  if (!pointsToGlobalMemory(Call.getArgOperand(Source), /*GPU=*/true))
    return false;
  Module &M = *Call.getModule();
  Call.setCalledFunction(M.getOrInsertFunction(
      (Name + "_streaming").str(), Callee->getFunctionType()));
  ORE.emit([&] {
    return OptimizationRemark("prem", "L1BypassStreamingCopy", &Call)
           << "SoftDMA copy " << ore::NV("Copy", Name)
           << " reads each byte once (U = 1 inside its interval, R = 0): it "
              "bypasses the L1 when the interval's 32-byte sectors move "
              "fewer bytes than its 128-byte lines, decided per copy at run "
              "time";
  });
  return true;
}

/// AMDGPU: the load made an agent-scope monotonic atomic load; false when
/// its type cannot be loaded atomically.
static bool lowerAMDGPULoad(LoadInst &Load) {
  Type *Ty = Load.getType();
  uint64_t Bytes = Load.getDataLayout().getTypeStoreSize(Ty);
  if (!(Ty->isIntegerTy() || Ty->isFloatingPointTy() || Ty->isPointerTy()) ||
      Bytes > 8 || Load.getAlign().value() < Bytes)
    return false;
  Load.setAtomic(AtomicOrdering::Monotonic,
                 Load.getContext().getOrInsertSyncScopeID("agent"));
  return true;
}

PreservedAnalyses BypassLowerPass::run(Module &M, ModuleAnalysisManager &MAM) {
  Triple T(M.getTargetTriple());
  if (!T.isNVPTX() && !T.isAMDGPU())
    return PreservedAnalyses::all();
  auto &FAM = MAM.getResult<FunctionAnalysisManagerModuleProxy>(M).getManager();
  bool Changed = false;
  for (Function &F : M) {
    SmallVector<LoadInst *, 8> Marked;
    SmallVector<CallInst *, 4> Calls;
    for (Instruction &I : instructions(F)) {
      if (auto *Load = dyn_cast<LoadInst>(&I))
        if (Load->getMetadata(BypassMD))
          Marked.push_back(Load);
      if (auto *Call = dyn_cast<CallInst>(&I))
        Calls.push_back(Call);
    }
    if (Marked.empty() && Calls.empty())
      continue;
    auto &ORE = FAM.getResult<OptimizationRemarkEmitterAnalysis>(F);
    for (CallInst *Call : Calls)
      if (makeStreaming(*Call, ORE)) {
        ++NumStreaming;
        Changed = true;
      }
    if (Marked.empty())
      continue;
    for (LoadInst *Load : Marked) {
      Load->setMetadata(BypassMD, nullptr);
      if (!readsGlobalMemory(*Load, /*GPU=*/true))
        continue;
      Type *Ty = Load->getType();
      bool Lowered = T.isAMDGPU()
                         ? lowerAMDGPULoad(*Load)
                         : lowerToPTXLoad(*Load, "cg", PTXLanes::ScalarOnly,
                                          /*GenericFallback=*/true);
      if (!Lowered) {
        ORE.emit([&] {
          return OptimizationRemarkMissed("prem", "L1BypassNotDone", Load)
                 << (T.isAMDGPU() ? "no L2-only (glc) form for a load of "
                                  : "no ld.global.cg form for a load of ")
                 << ore::NV("Type", Ty) << ": it keeps the L1";
        });
        continue;
      }
      ++NumLowered;
    }
    // Every mark is gone, lowered or not.
    FAM.invalidate(F, PreservedAnalyses::none());
    Changed = true;
  }
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}
