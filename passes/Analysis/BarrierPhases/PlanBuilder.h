//===- PlanBuilder.h - Building a hand-tiled kernel's plan ------*- C++ -*-===//
//
// Part of prem-llvm. Internal to prem-barrier-phases (BarrierPhases.h): the
// builder of one kernel's plan, whose steps are split by job:
// Refusals.cpp (what makes a kernel unfit), Segments.cpp (the segments and
// what they do with memory), CallPlacement.cpp (where the arbiter's calls
// go), SegmentHoist.cpp (what prem-hoist may move).
//
//===----------------------------------------------------------------------===//
#ifndef PREM_ANALYSIS_BARRIERPHASES_PLANBUILDER_H
#define PREM_ANALYSIS_BARRIERPHASES_PLANBUILDER_H

#include "prem/Analysis/BarrierPhases.h"
#include "prem/Support/ThreadDivergence.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/Twine.h"
#include "llvm/IR/BasicBlock.h"
#include "llvm/IR/PassManager.h"

#include <optional>
#include <string>
#include <utility>

namespace prem::barrier {

using namespace llvm;

enum class Space { Global, Shared, Private };

/// Where a pointer points: NVPTX's address spaces, and for generic
/// pointers the object they are derived from.
Space spaceOf(const Value *Ptr);

/// What a load, store, copy or set does with global memory.
struct GlobalAccess {
  bool Reads = false, Writes = false;
  bool any() const { return Reads || Writes; }
};
GlobalAccess globalAccess(const Instruction &I);

/// From It to B's first barrier: whether global memory comes first, and
/// whether a barrier ends the stretch.
std::pair<bool, bool> scan(BasicBlock *B, BasicBlock::iterator It);

/// The line of I in the kernel's file (where a header's inlined code was
/// called).
unsigned lineOf(const Instruction *I);

/// Where I is: "line N", or without debug information its block.
std::string at(const Instruction *I);

/// Builds one kernel's plan.
class PlanBuilder {
public:
  PlanBuilder(Function &F, FunctionAnalysisManager &FAM, uint64_t Budget)
      : F(F), FAM(FAM), Budget(Budget) {
    Plan.Kernel = &F;
  }
  BarrierPhasePlan build();

private:
  Function &F;
  FunctionAnalysisManager &FAM;
  uint64_t Budget;
  BarrierPhasePlan Plan;
  /// The barriers, in order; segment I + 1 starts after Barriers[I].
  SmallVector<Instruction *, 8> Barriers;
  DenseMap<const Instruction *, unsigned> SegmentAfter;

  bool refuse(StringRef Name, const Twine &Why, const Instruction *At) {
    Plan.Refusal = Name;
    Plan.Reason = Why.str();
    Plan.At = At;
    return false;
  }
  bool checkInstructions();
  bool checkReturns();
  bool checkBarriersUniform();
  bool checkControlOnGlobalData();
  void walk(unsigned Index);
  void classify(BarrierSegment &S, const Instruction &I,
                const SmallPtrSetImpl<const Instruction *> &In);
  void computeNeeds(unsigned Index);
  /// Where a memory segment asks for memory (placeLazily).
  struct LazyCalls {
    SmallVector<PhaseCall, 4> Calls;
    /// The segment's ends (the segments after them; ReturnEnd for the
    /// kernel's end) some path reaches without a call.
    SmallSetVector<unsigned, 4> Escapes;
    /// Instructions run before the calls, over the paths followed.
    unsigned Before = 0;
  };
  void placeLazily(unsigned Index, BasicBlock *B, BasicBlock::iterator It,
                   bool AfterBarrier, LazyCalls &Out);
  void endsFrom(unsigned Index, BasicBlock *B, BasicBlock::iterator It,
                SmallPtrSetImpl<BasicBlock *> &Seen,
                SmallSetVector<unsigned, 4> &Ends);
  void placeCalls();
  unsigned returnEnd() const { return Plan.Segments.size(); }

  std::optional<ThreadDivergence> TD;
  /// Per segment: the blocks it enters at their first instruction, and
  /// which of them lead to global memory before any barrier.
  SmallVector<SmallPtrSet<BasicBlock *, 16>, 8> Entered;
  SmallVector<DenseMap<const BasicBlock *, bool>, 8> Needs;
};


} // namespace prem::barrier

#endif // PREM_ANALYSIS_BARRIERPHASES_PLANBUILDER_H
