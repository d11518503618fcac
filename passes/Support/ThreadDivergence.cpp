//===- ThreadDivergence.cpp - What differs between a block's threads ------===//
//
// A forward data-flow to a fixed point, as divergence analyses do (Karrenberg
// and Hack's, LLVM's UniformityInfo), with the block's threads as the unit:
//
//   - sources: the thread index, lane id and masks, shuffles and votes,
//     the results of atomics, calls and inline assembly, loads from a
//     thread's own memory, and loads from addresses that differ;
//   - data: any value computed from a divergent one;
//   - control: at a divergent branch the threads part; until they meet
//     again (the branch's immediate post-dominator), every phi they reach
//     can merge values from different paths, and where the branch leaves a
//     loop, values the loop computes are used after it by threads that left
//     in different iterations.
//
// Loads from the same address in every thread are uniform (a kernel that
// races on one is wrong before prem-llvm sees it), but for volatile ones,
// which exist to see other agents' writes as they happen.
//
//===----------------------------------------------------------------------===//

#include "prem/Support/ThreadDivergence.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/PostDominators.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/IntrinsicsNVPTX.h"

using namespace llvm;
using namespace prem;

bool prem::isBlockReduction(const IntrinsicInst &II) {
  switch (II.getIntrinsicID()) {
  case Intrinsic::nvvm_barrier_cta_red_and_aligned_all:
  case Intrinsic::nvvm_barrier_cta_red_or_aligned_all:
  case Intrinsic::nvvm_barrier_cta_red_popc_aligned_all:
    return true;
  default:
    return false;
  }
}

/// A value that differs between threads whatever its operands: the
/// results of atomics, of calls and inline assembly, of volatile loads, of
/// loads from a thread's own memory (an alloca: every thread's local array, at -O0
/// every local variable), and of the NVVM intrinsics other than the
/// block's and grid's registers (the thread index, lane masks, shuffles,
/// votes, clocks).
static bool isSource(const Instruction &I) {
  if (I.isAtomic() && !isa<FenceInst>(I))
    return true;
  if (auto *L = dyn_cast<LoadInst>(&I)) {
    // A volatile load sees what others write while it runs (a flag another
    // block sets): threads reading it at different times differ.
    // (Through phis and selects of addresses: a pointer that walks the
    // thread's own array.)
    SmallVector<const Value *, 4> Objects;
    getUnderlyingObjects(L->getPointerOperand(), Objects, /*LI=*/nullptr,
                         /*MaxLookup=*/0);
    return L->isVolatile() ||
           L->getPointerAddressSpace() == 5 /* NVPTX local */ ||
           any_of(Objects, [](const Value *O) { return isa<AllocaInst>(O); });
  }
  const auto *Call = dyn_cast<CallBase>(&I);
  if (!Call)
    return false;
  const auto *II = dyn_cast<IntrinsicInst>(Call);
  if (!II)
    return true;
  if (!II->getCalledFunction()->getName().starts_with("llvm.nvvm.") ||
      isBlockReduction(*II))
    return false;
  switch (II->getIntrinsicID()) {
  case Intrinsic::nvvm_read_ptx_sreg_ctaid_x:
  case Intrinsic::nvvm_read_ptx_sreg_ctaid_y:
  case Intrinsic::nvvm_read_ptx_sreg_ctaid_z:
  case Intrinsic::nvvm_read_ptx_sreg_nctaid_x:
  case Intrinsic::nvvm_read_ptx_sreg_nctaid_y:
  case Intrinsic::nvvm_read_ptx_sreg_nctaid_z:
  case Intrinsic::nvvm_read_ptx_sreg_ntid_x:
  case Intrinsic::nvvm_read_ptx_sreg_ntid_y:
  case Intrinsic::nvvm_read_ptx_sreg_ntid_z:
    return false;
  default:
    return true;
  }
}

/// Operands that make I divergent when they are: all of them, except that
/// a block-wide reduction's result is the same in every thread.
static bool uniformWhateverOperands(const Instruction &I) {
  const auto *II = dyn_cast<IntrinsicInst>(&I);
  return II && isBlockReduction(*II);
}

ThreadDivergence::Parting
ThreadDivergence::parting(const BasicBlock &Branch) const {
  Parting P;
  const DomTreeNode *Node = PDT.getNode(&Branch);
  P.Join = Node && Node->getIDom() ? Node->getIDom()->getBlock() : nullptr;
  SmallVector<const BasicBlock *, 8> Work(successors(&Branch));
  SmallPtrSet<const BasicBlock *, 16> Seen;
  while (!Work.empty()) {
    const BasicBlock *Next = Work.pop_back_val();
    if (Next == P.Join || !Seen.insert(Next).second)
      continue;
    P.Apart.push_back(Next);
    append_range(Work, successors(Next));
  }
  return P;
}

ThreadDivergence::ThreadDivergence(Function &F, const PostDominatorTree &PDT,
                                   const LoopInfo &LI)
    : PDT(PDT) {
  for (Instruction &I : instructions(F))
    if (isSource(I))
      Divergent.insert(&I);
  SmallPtrSet<const BasicBlock *, 8> Parted;
  bool Changed = true;
  while (Changed) {
    Changed = false;
    for (Instruction &I : instructions(F)) {
      if (Divergent.count(&I) || uniformWhateverOperands(I))
        continue;
      if (any_of(I.operands(),
                 [&](const Use &Op) { return Divergent.count(Op.get()); }))
        Changed |= Divergent.insert(&I).second;
    }
    for (BasicBlock &BB : F) {
      if (!hasDivergentBranch(BB) || !Parted.insert(&BB).second)
        continue;
      Changed = true;
      // Up to and including the block where the threads meet again, every
      // phi may merge what different threads computed.
      Parting P = parting(BB);
      const BasicBlock *Join = P.Join;
      if (Join)
        P.Apart.push_back(Join);
      for (const BasicBlock *Block : P.Apart)
        for (const PHINode &Phi : Block->phis())
          if (!Phi.hasConstantOrUndefValue())
            Divergent.insert(&Phi);
      // Threads that leave a loop in different iterations carry different
      // values of it out.
      for (const Loop *L = LI.getLoopFor(&BB); L; L = L->getParentLoop()) {
        if (Join && L->contains(Join))
          break;
        for (const BasicBlock *In : L->blocks())
          for (const Instruction &I : *In)
            for (const User *U : I.users())
              if (auto *UI = dyn_cast<Instruction>(U);
                  UI && !L->contains(UI->getParent()))
                Divergent.insert(UI);
      }
    }
  }
}

bool ThreadDivergence::hasDivergentBranch(const BasicBlock &BB) const {
  const Instruction *T = BB.getTerminator();
  if (auto *Br = dyn_cast<BranchInst>(T))
    return Br->isConditional() && Divergent.count(Br->getCondition());
  if (auto *Sw = dyn_cast<SwitchInst>(T))
    return Divergent.count(Sw->getCondition());
  return T->getNumSuccessors() > 1;
}
