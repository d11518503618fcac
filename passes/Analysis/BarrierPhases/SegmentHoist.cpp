//===- SegmentHoist.cpp - Global loads a mixed segment can run first ------===//
//
// Issue 29: a mixed segment computes with values it reads from global
// memory, so it holds memory for its whole length (a compatible interval,
// seed 001 Sec. 3.2.3). When every such load can run at the segment's
// start, prem-hoist moves them there and puts a block barrier after them:
// the loads become a Load phase of their own (into registers, the agent's
// own storage), and the computation an Execute phase (Sec. 3.2.2's split,
// with registers for the scratchpad). The rest of the segment keeps its
// stores, which prem-sync brackets as a Store phase.
//
// A load L moves to the segment's start P only when that changes nothing
// but its timing:
//   - L is plain (not volatile, not atomic) and runs exactly once whenever
//     P does, with no barrier between: its block is P's block after P, or
//     dominated by it, post-dominating it and in the same loop, and L is in
//     no other segment (else a path from P to it crosses a barrier);
//   - its address is known at P: values that dominate P, or arithmetic
//     without memory or side effects built from them (moved with it);
//   - nothing between P and L can write what it reads: no store, copy,
//     atomic or fence of the segment that may reach L may alias it (alias
//     analysis), so L reads the same value earlier. Other threads writing
//     it in between without a barrier would be a data race in the kernel
//     already.
// A segment is hoisted only if every load it computes with moves (else it
// stays mixed and nothing changes), and only if that frees enough
// computation: prem-sync already asks for memory no earlier than a
// segment's first global access, so what the move takes out of the memory
// phase is the computation after the first load (at least 32 instructions
// that touch no memory, ReleaseAfterInstructions; a load just before its
// store is not worth the barrier).
//
//===----------------------------------------------------------------------===//

#include "prem/Analysis/BarrierPhases.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Analysis/AliasAnalysis.h"
#include "llvm/Analysis/CFG.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/MemoryLocation.h"
#include "llvm/Analysis/PostDominators.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"

using namespace llvm;
using namespace prem;

namespace {
class Hoister {
public:
  Hoister(Function &F, FunctionAnalysisManager &FAM)
      : DT(FAM.getResult<DominatorTreeAnalysis>(F)),
        PDT(FAM.getResult<PostDominatorTreeAnalysis>(F)),
        LI(FAM.getResult<LoopAnalysis>(F)), AA(FAM.getResult<AAManager>(F)) {}

  /// Fills S.Hoist and S.HoistChain when every load of Loads moves to P.
  void decide(BarrierSegment &S, Instruction *P,
              ArrayRef<LoadInst *> Loads);

private:
  DominatorTree &DT;
  PostDominatorTree &PDT;
  LoopInfo &LI;
  AAResults &AA;

  bool runsOnceWithStart(const LoadInst &L, const Instruction *P) const;
  bool addressAt(Value *V, const Instruction *P,
                 SmallSetVector<Instruction *, 8> &Chain) const;
  bool unwrittenBefore(const LoadInst &L, const BarrierSegment &S) const;
};
} // namespace

bool Hoister::runsOnceWithStart(const LoadInst &L,
                                const Instruction *P) const {
  const BasicBlock *B = L.getParent(), *PB = P->getParent();
  if (B == PB)
    return P == &L || P->comesBefore(&L);
  return DT.dominates(PB, B) && PDT.dominates(B, PB) &&
         LI.getLoopFor(B) == LI.getLoopFor(PB);
}

/// V is available at P, or can be computed there by moving Chain (which
/// this adds to, operands first).
bool Hoister::addressAt(Value *V, const Instruction *P,
                        SmallSetVector<Instruction *, 8> &Chain) const {
  auto *I = dyn_cast<Instruction>(V);
  if (!I || DT.dominates(I, P) || Chain.count(I))
    return true;
  if (isa<PHINode>(I) || I->mayReadOrWriteMemory() ||
      !isSafeToSpeculativelyExecute(I))
    return false;
  for (Value *Op : I->operands())
    if (!addressAt(Op, P, Chain))
      return false;
  Chain.insert(I);
  return true;
}

bool Hoister::unwrittenBefore(const LoadInst &L,
                              const BarrierSegment &S) const {
  MemoryLocation Read = MemoryLocation::get(&L);
  for (Instruction *W : S.Instructions) {
    if (W == &L || !W->mayWriteToMemory())
      continue;
    bool Fence = isa<FenceInst>(W) || W->isAtomic();
    std::optional<MemoryLocation> Written = MemoryLocation::getOrNone(W);
    bool MayAlias = Fence || !Written || !AA.isNoAlias(*Written, Read);
    if (MayAlias && isPotentiallyReachable(W, &L, nullptr, &DT, &LI))
      return false;
  }
  return true;
}

/// Computation worth the barrier and the two phase changes a hoist adds.
static constexpr unsigned ReleaseAfterInstructions = 32;

void Hoister::decide(BarrierSegment &S, Instruction *P,
                     ArrayRef<LoadInst *> Loads) {
  if (Loads.empty())
    return;
  unsigned Freed = count_if(S.Instructions, [&](const Instruction *I) {
    return !I->mayReadOrWriteMemory() &&
           any_of(Loads, [&](LoadInst *L) { return DT.dominates(L, I); });
  });
  if (Freed < ReleaseAfterInstructions)
    return;
  SmallSetVector<Instruction *, 8> Chain;
  for (LoadInst *L : Loads)
    if (!L->isSimple() || !runsOnceWithStart(*L, P) ||
        !addressAt(L->getPointerOperand(), P, Chain) ||
        !unwrittenBefore(*L, S))
      return;
  S.Hoist.assign(Loads.begin(), Loads.end());
  S.HoistChain.assign(Chain.begin(), Chain.end());
}

void prem::findHoistableLoads(BarrierPhasePlan &P,
                              FunctionAnalysisManager &FAM) {
  Function &F = *P.Kernel;
  // A load in two segments is reached from another barrier too: some path
  // from this segment's start to it crosses a barrier (another thread's
  // write before that barrier is what it must read), so it stays.
  DenseMap<const Instruction *, unsigned> Segments;
  for (const BarrierSegment &S : P.Segments)
    for (const Instruction *I : S.Instructions)
      ++Segments[I];
  std::optional<Hoister> H;
  for (BarrierSegment &S : P.Segments) {
    if (S.K != BarrierSegment::Kind::Mixed)
      continue;
    if (!H)
      H.emplace(F, FAM);
    // The loads it computes with: those that are not copies (the segment's
    // classification found the first; all of them count).
    SmallVector<LoadInst *, 4> Loads;
    SmallPtrSet<const Instruction *, 32> In(S.Instructions.begin(),
                                            S.Instructions.end());
    bool Shared = false;
    for (Instruction *I : S.Instructions)
      if (auto *L = dyn_cast<LoadInst>(I))
        if (computesWith(*L, In)) {
          Loads.push_back(L);
          Shared |= Segments.lookup(L) > 1;
        }
    if (!Shared)
      H->decide(S, segmentStart(S, F), Loads);
  }
}
