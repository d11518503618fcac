//===- Refusals.cpp - What makes a hand-tiled kernel unfit ----------------===//
//
// Part of prem-barrier-phases (issue 29). A kernel is left alone, with the
// reason, when a call, inline assembly with memory, a global atomic or a
// barrier of part of the block could touch memory no phase accounts for;
// when it can end other than at its one return; when a barrier may be met
// by some of the block's threads only (ThreadDivergence: the block's view);
// or when a branch depends on data loaded from global memory (graph
// traversal: the graph would decide how long a memory phase is).
//
//===----------------------------------------------------------------------===//

#include "PlanBuilder.h"

#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/PostDominators.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/IntrinsicsNVPTX.h"
#include "llvm/Support/FormatVariadic.h"

using namespace llvm;
using namespace prem;
using namespace prem::barrier;

/// A barrier of part of the block (a thread count) or of a warp: nothing
/// every thread meets.
static bool isPartialBarrier(const Instruction &I) {
  const auto *II = dyn_cast<IntrinsicInst>(&I);
  if (!II)
    return false;
  switch (II->getIntrinsicID()) {
  case Intrinsic::nvvm_barrier_cta_sync_aligned_count:
  case Intrinsic::nvvm_barrier_cta_sync_count:
  case Intrinsic::nvvm_barrier_cta_arrive_aligned_count:
  case Intrinsic::nvvm_barrier_cta_arrive_count:
  case Intrinsic::nvvm_barrier_cta_red_and_aligned_count:
  case Intrinsic::nvvm_barrier_cta_red_or_aligned_count:
  case Intrinsic::nvvm_barrier_cta_red_popc_aligned_count:
    return true;
  default:
    return false;
  }
}

/// PTX in inline assembly that reads or writes memory.
static bool touchesMemory(const InlineAsm &Asm) {
  StringRef Text = Asm.getAsmString();
  for (StringRef Op : {"ld.", "st.", "tex.", "tld4", "suld", "sust", "atom.",
                       "red.", "cp.", "prefetch"})
    if (Text.contains(Op))
      return true;
  return false;
}

/// Instructions other than plain loads and stores that prem-sync cannot
/// place in a phase, and barriers of part of the block.
bool PlanBuilder::checkInstructions() {
  for (Instruction &I : instructions(F)) {
    if (isBlockBarrier(I)) {
      SegmentAfter[&I] = Barriers.size() + 1;
      Barriers.push_back(&I);
      continue;
    }
    if (isPartialBarrier(I))
      return refuse("PartialBarrier",
                    "a barrier of part of the block at " + at(&I),
                    &I);
    if (isa<AtomicRMWInst, AtomicCmpXchgInst>(&I)) {
      const Value *Ptr = isa<AtomicRMWInst>(&I)
                             ? cast<AtomicRMWInst>(I).getPointerOperand()
                             : cast<AtomicCmpXchgInst>(I).getPointerOperand();
      if (spaceOf(Ptr) == Space::Global)
        return refuse("GlobalAtomic",
                      "an atomic operation on global memory at " + at(&I),
                      &I);
      continue;
    }
    auto *Call = dyn_cast<CallBase>(&I);
    if (!Call || isa<MemIntrinsic>(Call))
      continue;
    if (auto *Asm = dyn_cast<InlineAsm>(Call->getCalledOperand())) {
      // clang writes texture fetches and cache-hinted loads (__ldcg, ...)
      // as inline assembly LLVM takes as touching no memory.
      if (touchesMemory(*Asm))
        return refuse("InlineAsm",
                      "inline assembly that may access memory at " + at(&I),
                      &I);
      continue;
    }
    if (const auto *II = dyn_cast<IntrinsicInst>(Call)) {
      switch (II->getIntrinsicID()) {
      // Warp barriers and fences order memory; they touch none.
      case Intrinsic::nvvm_bar_warp_sync:
      case Intrinsic::nvvm_membar_cta:
      case Intrinsic::nvvm_membar_gl:
      case Intrinsic::nvvm_membar_sys:
        continue;
      default:
        break;
      }
    }
    // Special registers, assumptions, lifetimes and debug records touch no
    // memory a phase is about.
    if (Call->onlyAccessesInaccessibleMemory() || Call->doesNotAccessMemory() ||
        isa<DbgInfoIntrinsic>(Call) || Call->isLifetimeStartOrEnd())
      continue;
    Function *Callee = Call->getCalledFunction();
    if (Callee && Callee->getName().starts_with("llvm.nvvm.cp.async"))
      return refuse("AsyncCopy",
                    "an asynchronous copy (cp.async) at " + at(&I) +
                        ": its transfer may go on while the block computes",
                    &I);
    return refuse("Call",
                  formatv("a call to {0} at {1}",
                          Callee ? Callee->getName() : "a function pointer",
                          at(&I)),
                  &I);
  }
  return true;
}

/// The kernel's end is where its last memory phase closes, once for all of
/// the block's threads: one return, which every block reaches (else the
/// post-dominator tree, on which the checks of divergence and of prem-hoist
/// rest, has other roots: a trap, an endless loop).
bool PlanBuilder::checkReturns() {
  auto &PDT = FAM.getResult<PostDominatorTreeAnalysis>(F);
  for (BasicBlock *Root : PDT.roots())
    if (!isa<ReturnInst>(Root->getTerminator())) {
      refuse("Returns",
             "the kernel can end without returning, at " +
                 at(Root->getTerminator()) +
                 " (a trap, or a loop it never leaves)",
             Root->getTerminator());
      return false;
    }
  const Instruction *Return = nullptr;
  for (BasicBlock &BB : F)
    if (isa<ReturnInst>(BB.getTerminator())) {
      if (Return) {
        refuse("Returns",
               formatv("the kernel returns at {0} and at {1}",
                       at(Return), at(BB.getTerminator())),
               BB.getTerminator());
        return false;
      }
      Return = BB.getTerminator();
    }
  return true;
}

/// Every barrier must be met by all of the block's threads: a branch that
/// depends on the thread (ThreadDivergence) must rejoin, at its immediate
/// post-dominator, before any barrier (no barrier is reachable from it
/// around that block).
bool PlanBuilder::checkBarriersUniform() {
  auto &PDT = FAM.getResult<PostDominatorTreeAnalysis>(F);
  TD.emplace(F, PDT, FAM.getResult<LoopAnalysis>(F));
  SmallPtrSet<const BasicBlock *, 8> BarrierBlocks;
  for (Instruction *B : Barriers)
    BarrierBlocks.insert(B->getParent());
  for (BasicBlock &BB : F) {
    if (!TD->hasDivergentBranch(BB))
      continue;
    for (const BasicBlock *Apart : TD->parting(BB).Apart) {
      if (!BarrierBlocks.count(Apart))
        continue;
      const Instruction *Barrier = *find_if(
          Barriers, [Apart](Instruction *B) { return B->getParent() == Apart; });
      return refuse("BarrierDivergent",
                    formatv("the barrier at {0} is not met by every thread: "
                            "the branch at {1} depends on the thread and "
                            "does not rejoin before it",
                            at(Barrier), at(BB.getTerminator())),
                    Barrier);
    }
  }
  return true;
}

/// A branch on data loaded from global memory (through registers): the
/// kernel's memory phases would be as long as its data says.
bool PlanBuilder::checkControlOnGlobalData() {
  SmallSetVector<const Value *, 32> Tainted;
  for (Instruction &I : instructions(F))
    if (auto *L = dyn_cast<LoadInst>(&I))
      if (spaceOf(L->getPointerOperand()) == Space::Global)
        Tainted.insert(L);
  for (unsigned Next = 0; Next < Tainted.size(); ++Next)
    for (const User *U : Tainted[Next]->users())
      if (!isa<StoreInst>(U))
        Tainted.insert(U);
  for (BasicBlock &BB : F) {
    const Instruction *T = BB.getTerminator();
    const Value *Cond = nullptr;
    if (auto *Br = dyn_cast<BranchInst>(T); Br && Br->isConditional())
      Cond = Br->getCondition();
    else if (auto *Sw = dyn_cast<SwitchInst>(T))
      Cond = Sw->getCondition();
    if (Cond && Tainted.count(Cond))
      return refuse("ControlOnGlobalData",
                    formatv("the branch at {0} depends on data loaded "
                            "from global memory",
                            at(T)),
                    T);
  }
  return true;
}

