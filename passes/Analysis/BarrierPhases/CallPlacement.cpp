//===- CallPlacement.cpp - Where a hand-tiled kernel's phases change ------===//
//
// Part of prem-barrier-phases (issue 29). prem-sync asks the arbiter only
// where the phase changes, always at points every thread of the block
// reaches together (right after the kernel's own barriers, on edges of
// branches all threads take alike, at the kernel's start and end), and
// asks for memory as late as it can: a segment's paths that never touch
// global memory stay in the Execute phase.
//
//===----------------------------------------------------------------------===//

#include "PlanBuilder.h"

#include "llvm/IR/Instructions.h"

using namespace llvm;
using namespace prem;
using namespace prem::barrier;

void PlanBuilder::computeNeeds(unsigned Index) {
  DenseMap<const BasicBlock *, bool> &Need = Needs[Index];
  SmallPtrSet<const BasicBlock *, 16> Stops;
  for (BasicBlock *B : Entered[Index]) {
    auto [Access, Barrier] = scan(B, B->begin());
    Need[B] = Access;
    if (Barrier)
      Stops.insert(B);
  }
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (BasicBlock *B : Entered[Index])
      if (!Need[B] && !Stops.count(B) &&
          any_of(successors(B),
                 [&](const BasicBlock *V) { return Need.lookup(V); }))
        Need[B] = Changed = true;
  }
}

/// The ends of segment Index reachable from (B, It).
void PlanBuilder::endsFrom(unsigned Index, BasicBlock *B,
                           BasicBlock::iterator It,
                           SmallPtrSetImpl<BasicBlock *> &Seen,
                           SmallSetVector<unsigned, 4> &Ends) {
  for (; It != B->end(); ++It)
    if (isBlockBarrier(*It)) {
      Ends.insert(SegmentAfter[&*It]);
      return;
    }
  if (isa<ReturnInst>(B->getTerminator()))
    Ends.insert(returnEnd());
  for (BasicBlock *V : successors(B))
    if (Seen.insert(V).second)
      endsFrom(Index, V, V->begin(), Seen, Ends);
}

/// Seed 001 puts the memory phase before the tile; here a segment's paths
/// that never touch global memory (a reduction loop's, where only the path
/// that runs no iteration stores) should not hold it, nor should the
/// computation before a segment's first global access. So the call goes
/// where the paths to global memory part from the others, as late as
/// every thread of the block gets there together: from (B, It), which all
/// of them reach at once, along the block's straight code to its first
/// global access, along branches they all take alike, into blocks only
/// those branches enter (else on the edge), and before a branch that
/// parts them.
void PlanBuilder::placeLazily(unsigned Index, BasicBlock *B,
                              BasicBlock::iterator It, bool AfterBarrier,
                              LazyCalls &Out) {
  auto Enter = [&](Instruction *Before, bool First) {
    Out.Calls.push_back(PhaseCall{PhaseCall::Kind::EnterMemory, Before,
                                  nullptr, nullptr, !(AfterBarrier && First),
                                  Index});
  };
  for (bool First = true; It != B->end(); ++It, First = false) {
    if (isBlockBarrier(*It)) {
      Out.Escapes.insert(SegmentAfter[&*It]);
      return;
    }
    if (globalAccess(*It).any()) {
      Enter(&*It, First);
      return;
    }
    if (It->isTerminator())
      break;
    ++Out.Before;
  }
  Instruction *Term = B->getTerminator();
  if (isa<ReturnInst>(Term)) {
    Out.Escapes.insert(returnEnd());
    return;
  }
  auto *Br = dyn_cast<BranchInst>(Term);
  if (!Br || (Br->isConditional() && TD->hasDivergentBranch(*B))) {
    Enter(Term, /*First=*/false);
    return;
  }
  // (The recursion ends: it follows only blocks B alone enters, and a
  // cycle of those would never be entered from the segment's start.)
  SmallPtrSet<BasicBlock *, 2> Done;
  for (BasicBlock *V : successors(B)) {
    if (!Done.insert(V).second)
      continue;
    if (!Needs[Index].lookup(V)) {
      SmallPtrSet<BasicBlock *, 16> Seen{V};
      endsFrom(Index, V, V->begin(), Seen, Out.Escapes);
    } else if (V->getUniquePredecessor() == B) {
      placeLazily(Index, V, V->getFirstInsertionPt(), /*AfterBarrier=*/false,
                  Out);
    } else if (count(successors(B), V) > 1) {
      // Two edges to V: a call on one edge would miss the other.
      Enter(Term, /*First=*/false);
    } else {
      Out.Calls.push_back(PhaseCall{PhaseCall::Kind::EnterMemory, nullptr, B,
                                    V, true, Index});
    }
  }
}

/// Computation before a memory segment's first global access worth giving
/// memory back for (two barriers and a call on each side), in
/// instructions: a short run of address arithmetic is not.
static constexpr unsigned ReleaseBeforeInstructions = 32;

/// The calls, where the phase changes from one segment to the next. What
/// phase a segment leaves at each of its ends does not depend on how it was
/// entered: an Execute segment ends in an Execute phase; a memory segment
/// either holds memory from its start (it starts with global memory, or
/// almost) and ends in a memory phase, or gives it back at its start and
/// asks for it lazily, ending in a memory phase where a call was on the way
/// and in an Execute phase where none was.
void PlanBuilder::placeCalls() {
  /// What one segment does with memory at its start and ends.
  struct Phases {
    /// Where it asks for memory, if it does.
    LazyCalls Lazy;
    /// It keeps the memory it came in with (or asks at its start).
    bool Holds = false;
    /// The ends (segment numbers, returnEnd()) it leaves in each phase.
    SmallSetVector<unsigned, 4> MemoryEnds, ExecuteEnds;
  };
  unsigned N = Plan.Segments.size();
  SmallVector<Phases, 8> Of(N);
  auto Start = [&](const BarrierSegment &S) {
    return segmentStart(S, F)->getIterator();
  };
  auto StartBlock = [&](const BarrierSegment &S) {
    return S.Start ? S.Start->getParent() : &F.getEntryBlock();
  };
  for (unsigned I = 0; I < N; ++I) {
    BarrierSegment &S = Plan.Segments[I];
    Phases &P = Of[I];
    SmallPtrSet<BasicBlock *, 16> Seen;
    endsFrom(I, StartBlock(S), Start(S), Seen,
             S.needsMemory() ? P.MemoryEnds : P.ExecuteEnds);
    if (!S.needsMemory())
      continue;
    placeLazily(I, StartBlock(S), Start(S), /*AfterBarrier=*/S.Start, P.Lazy);
    P.Holds = P.Lazy.Escapes.empty() &&
              P.Lazy.Before < ReleaseBeforeInstructions;
    if (P.Holds)
      continue;
    S.MemoryOnEveryPath = P.Lazy.Escapes.empty();
    P.ExecuteEnds = P.Lazy.Escapes;
    P.MemoryEnds.clear();
    for (const PhaseCall &C : P.Lazy.Calls) {
      BasicBlock *B = C.Before ? C.Before->getParent() : C.To;
      auto It = C.Before ? C.Before->getIterator() : C.To->begin();
      SmallPtrSet<BasicBlock *, 16> Seen;
      endsFrom(I, B, It, Seen, P.MemoryEnds);
    }
  }
  auto Add = [&](const PhaseCall &C) {
    if (none_of(Plan.Calls, [&](const PhaseCall &D) {
          return D.K == C.K && D.Before == C.Before && D.From == C.From &&
                 D.To == C.To;
        }))
      Plan.Calls.push_back(C);
  };
  for (unsigned I = 0; I < N; ++I) {
    const BarrierSegment &S = Plan.Segments[I];
    bool InMemory = S.Start && any_of(S.Preds, [&](unsigned P) {
                      return Of[P].MemoryEnds.contains(I);
                    });
    bool InExecute = !S.Start || any_of(S.Preds, [&](unsigned P) {
                       return Of[P].ExecuteEnds.contains(I);
                     });
    // Held memory needs no call; coming in without it, the segment asks.
    if (S.needsMemory() && Of[I].Holds) {
      if (InExecute)
        for (const PhaseCall &C : Of[I].Lazy.Calls)
          Add(C);
      continue;
    }
    if (InMemory)
      Add(PhaseCall{PhaseCall::Kind::EnterExecute, &*Start(S), nullptr,
                    nullptr, false, I});
    for (const PhaseCall &C : Of[I].Lazy.Calls)
      Add(C);
  }
  // The kernel's end closes its last memory phase, and where it ends in an
  // Execute phase it still says it is done: an agent's record ends with
  // its exit (prem-report --gate, the rtgate policy count on it).
  // (PhaseCall::Segment is unused for it.)
  if (any_of(Plan.Segments,
             [](const BarrierSegment &S) { return S.needsMemory(); }))
    for (BasicBlock &BB : F)
      if (isa<ReturnInst>(BB.getTerminator()))
        Add(PhaseCall{PhaseCall::Kind::Exit, BB.getTerminator(), nullptr,
                      nullptr, true, 0});
}
