//===- BarrierPhases.cpp - PREM phases of hand-tiled kernels --------------===//
//
// USAGE:
//   opt -load-pass-plugin build/lib/PremPlugin.so
//       -passes='print<prem-barrier-phases>' kernel.ll -disable-output
//
// Issue 29. A hand-tiled kernel copies a tile from global into shared
// memory, waits at __syncthreads(), computes from shared memory, waits, and
// writes back: seed 001's Load / Execute / Store (Sec. 3.2.2), with the
// block barriers where PREM puts its phase changes. So the barriers cut
// the kernel into segments (from a barrier, or the entry, along every path
// to the next barriers or the kernel's end), and what a segment does with
// global memory says which phase it is:
//
//   - none: an Execute phase (shared memory, registers, atomics on shared
//     memory);
//   - only copies between global and shared memory, and stores: a Load,
//     Store or Load/Store phase, as it is;
//   - computes with a value it reads from global memory: a compatible
//     interval (Sec. 3.2.3), the whole segment in a memory phase.
//
// Segments may share code (a loop's head runs after the kernel's start and
// after the loop's last barrier); a global access makes every segment it is
// in a memory phase, so no path runs it outside one.
//
// prem-sync asks the arbiter at a segment's start only where the phase
// changes: its calls sit right after the kernel's own barriers, which
// every thread meets, or at the kernel's start and end. That holds only if
// the barriers are where every thread of the block meets them: a kernel
// whose barrier is reached after a branch on the thread index that has not
// rejoined (an early return, a loop some threads leave first) is refused,
// as are global atomics (they stay refused, issue 29), control flow that
// depends on data loaded from global memory (graph traversal: the length of
// its memory phases is the graph's), calls, barriers of part of the block,
// and shared memory that leaves the runtime no room.
//
//===----------------------------------------------------------------------===//

#include "prem/Analysis/BarrierPhases.h"
#include "prem/Analysis/KernelInfo.h"
#include "prem/Support/Arbiter.h"
#include "prem/Support/Target.h"
#include "prem/Support/ThreadDivergence.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Analysis/PostDominators.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/IntrinsicsNVPTX.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/TargetParser/Triple.h"

#include <optional>

#define DEBUG_TYPE "prem-barrier-phases"

using namespace llvm;
using namespace prem;

AnalysisKey BarrierPhaseAnalysis::Key;

bool prem::isBlockBarrier(const Instruction &I) {
  const auto *II = dyn_cast<IntrinsicInst>(&I);
  if (!II)
    return false;
  switch (II->getIntrinsicID()) {
  case Intrinsic::nvvm_barrier_cta_sync_aligned_all:
  case Intrinsic::nvvm_barrier_cta_sync_all:
  case Intrinsic::nvvm_barrier_cta_red_and_aligned_all:
  case Intrinsic::nvvm_barrier_cta_red_or_aligned_all:
  case Intrinsic::nvvm_barrier_cta_red_popc_aligned_all:
    return true;
  default:
    return false;
  }
}

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

StringRef BarrierSegment::kindName() const {
  switch (K) {
  case Kind::Execute:
    return "execute";
  case Kind::Load:
    return "load";
  case Kind::Store:
    return "store";
  case Kind::LoadStore:
    return "load-store";
  case Kind::Mixed:
    return "mixed";
  }
  llvm_unreachable("unknown segment kind");
}

unsigned BarrierPhasePlan::count(BarrierSegment::Kind K) const {
  return count_if(Segments, [K](const BarrierSegment &S) { return S.K == K; });
}

/// The kernel's line of I: where what was inlined into it was called.
static unsigned lineOf(const Instruction *I) {
  if (!I)
    return 0;
  const DILocation *Loc = I->getDebugLoc().get();
  if (!Loc)
    return 0;
  while (const DILocation *Caller = Loc->getInlinedAt())
    Loc = Caller;
  return Loc->getLine();
}

/// Where I is: "line N", or without debug information its block.
static std::string at(const Instruction *I) {
  if (unsigned Line = lineOf(I))
    return formatv("line {0}", Line).str();
  std::string Name;
  raw_string_ostream OS(Name);
  OS << "block ";
  I->getParent()->printAsOperand(OS, false);
  return Name;
}

/// "the kernel's start" or "the barrier at line N" (at <name> without
/// debug information).
static std::string startName(const BarrierSegment &S) {
  if (!S.Start)
    return "the kernel's start";
  if (unsigned Line = lineOf(S.Start))
    return formatv("the barrier at line {0}", Line).str();
  return "a barrier";
}

json::Object BarrierPhasePlan::toJSON() const {
  json::Object O{{"shared_bytes", SharedBytes}};
  if (DynamicShared)
    O["dynamic_shared"] = true;
  if (!accepted()) {
    O["refusal"] = Refusal;
    O["reason"] = Reason;
    return O;
  }
  json::Array List;
  for (const BarrierSegment &S : Segments) {
    json::Object Seg{{"after", startName(S)},
                     {"kind", S.kindName()},
                     {"phase", S.needsMemory() ? "memory" : "execute"},
                     {"global_loads", S.GlobalLoads},
                     {"global_stores", S.GlobalStores}};
    if (S.needsMemory())
      Seg["memory_on_every_path"] = S.MemoryOnEveryPath;
    if (unsigned Line = lineOf(S.Start))
      Seg["line"] = Line;
    List.push_back(std::move(Seg));
  }
  O["segments"] = std::move(List);
  return O;
}

namespace {
enum class Space { Global, Shared, Private };

/// Where a pointer points: NVPTX's address spaces, and for generic
/// pointers the object they are derived from.
Space spaceOf(const Value *Ptr) {
  unsigned AS = Ptr->getType()->getPointerAddressSpace();
  if (AS == 3)
    return Space::Shared;
  if (AS == 5)
    return Space::Private;
  if (AS != 0)
    return Space::Global;
  // Through phis and selects of addresses (a store to one of two shared
  // cells): every object must be in the space.
  SmallVector<const Value *, 4> Objects;
  getUnderlyingObjects(Ptr, Objects, /*LI=*/nullptr, /*MaxLookup=*/0);
  // A thread's own memory, and a kernel argument passed by value (the
  // parameter space, read-only and the same in every thread).
  if (all_of(Objects, [](const Value *O) {
        auto *A = dyn_cast<Argument>(O);
        return isa<AllocaInst>(O) || (A && A->hasByValAttr());
      }))
    return Space::Private;
  if (all_of(Objects, [](const Value *O) {
        return O->getType()->getPointerAddressSpace() == 3;
      }))
    return Space::Shared;
  return Space::Global;
}
} // namespace

namespace {
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

/// A load, store, copy or set of global memory.
bool touchesGlobal(const Instruction &I) {
  if (auto *L = dyn_cast<LoadInst>(&I))
    return spaceOf(L->getPointerOperand()) == Space::Global;
  if (auto *St = dyn_cast<StoreInst>(&I))
    return spaceOf(St->getPointerOperand()) == Space::Global;
  if (auto *MT = dyn_cast<MemTransferInst>(&I))
    return spaceOf(MT->getRawSource()) == Space::Global ||
           spaceOf(MT->getRawDest()) == Space::Global;
  if (auto *MS = dyn_cast<MemSetInst>(&I))
    return spaceOf(MS->getRawDest()) == Space::Global;
  return false;
}

/// From It to B's first barrier: whether global memory comes first, and
/// whether a barrier ends the stretch.
std::pair<bool, bool> scan(BasicBlock *B, BasicBlock::iterator It) {
  for (; It != B->end(); ++It) {
    if (isBlockBarrier(*It))
      return {false, true};
    if (touchesGlobal(*It))
      return {true, false};
  }
  return {false, false};
}
} // namespace

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
    if (auto *RMW = dyn_cast<AtomicRMWInst>(&I)) {
      if (spaceOf(RMW->getPointerOperand()) == Space::Global)
        return refuse("GlobalAtomic",
                      "an atomic operation on global memory at " + at(&I),
                      &I);
      continue;
    }
    if (auto *CX = dyn_cast<AtomicCmpXchgInst>(&I)) {
      if (spaceOf(CX->getPointerOperand()) == Space::Global)
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
    DomTreeNode *Node = PDT.getNode(&BB);
    BasicBlock *Join =
        Node && Node->getIDom() ? Node->getIDom()->getBlock() : nullptr;
    SmallVector<BasicBlock *, 8> Work(successors(&BB));
    SmallPtrSet<BasicBlock *, 16> Seen;
    while (!Work.empty()) {
      BasicBlock *Next = Work.pop_back_val();
      if (Next == Join || !Seen.insert(Next).second)
        continue;
      if (BarrierBlocks.count(Next)) {
        const Instruction *Barrier = *find_if(
            Barriers, [Next](Instruction *B) { return B->getParent() == Next; });
        return refuse(
            "BarrierDivergent",
            formatv("the barrier at {0} is not met by every thread: the "
                    "branch at {1} depends on the thread and does not "
                    "rejoin before it",
                    at(Barrier), at(BB.getTerminator())),
            Barrier);
      }
      append_range(Work, successors(Next));
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

/// A global load is a copy unless the segment computes with its value:
/// uses in the segment other than as the value of a store, through phis and
/// selects. Uses in later segments are registers a Load phase filled.
static bool isCopy(const LoadInst &L,
                   const SmallPtrSetImpl<const Instruction *> &Segment) {
  SmallVector<const Value *, 4> Work{&L};
  SmallPtrSet<const Value *, 8> Seen{&L};
  while (!Work.empty()) {
    const Value *V = Work.pop_back_val();
    for (const Use &U : V->uses()) {
      const auto *Usr = cast<Instruction>(U.getUser());
      if (!Segment.count(Usr))
        continue;
      if (isa<StoreInst>(Usr) && U.getOperandNo() == 0)
        continue;
      bool Passes = isa<PHINode>(Usr) ||
                    (isa<SelectInst>(Usr) && U.getOperandNo() != 0);
      if (!Passes)
        return false;
      if (Seen.insert(Usr).second)
        Work.push_back(Usr);
    }
  }
  return true;
}

bool prem::computesWith(const LoadInst &L,
                        const SmallPtrSetImpl<const Instruction *> &In) {
  return spaceOf(L.getPointerOperand()) == Space::Global && !isCopy(L, In);
}

void PlanBuilder::classify(BarrierSegment &S, const Instruction &I,
                           const SmallPtrSetImpl<const Instruction *> &In) {
  bool Load = false, Store = false;
  if (auto *L = dyn_cast<LoadInst>(&I)) {
    Load = spaceOf(L->getPointerOperand()) == Space::Global;
    if (Load && !S.Computes && !isCopy(*L, In))
      S.Computes = L;
  } else if (auto *St = dyn_cast<StoreInst>(&I)) {
    Store = spaceOf(St->getPointerOperand()) == Space::Global;
  } else if (auto *MT = dyn_cast<MemTransferInst>(&I)) {
    Load = spaceOf(MT->getRawSource()) == Space::Global;
    Store = spaceOf(MT->getRawDest()) == Space::Global;
  } else if (auto *MS = dyn_cast<MemSetInst>(&I)) {
    Store = spaceOf(MS->getRawDest()) == Space::Global;
  }
  S.GlobalLoads += Load;
  S.GlobalStores += Store;
}

/// Segment Index: every instruction from its start to the barriers that
/// end it, along every path.
void PlanBuilder::walk(unsigned Index) {
  BarrierSegment &S = Plan.Segments[Index];
  SmallVector<const Instruction *, 32> Order;
  SmallPtrSet<const Instruction *, 32> In;
  SmallPtrSet<BasicBlock *, 16> &Entered = this->Entered[Index];
  SmallVector<std::pair<BasicBlock *, BasicBlock::iterator>, 8> Work;
  if (S.Start)
    Work.push_back({S.Start->getParent(), std::next(S.Start->getIterator())});
  else
    Work.push_back({&F.getEntryBlock(), F.getEntryBlock().begin()});
  while (!Work.empty()) {
    auto [BB, It] = Work.pop_back_val();
    bool Ended = false;
    for (; It != BB->end(); ++It) {
      if (isBlockBarrier(*It)) {
        Plan.Segments[SegmentAfter[&*It]].Preds.push_back(Index);
        Ended = true;
        break;
      }
      if (In.insert(&*It).second)
        Order.push_back(&*It);
    }
    if (Ended)
      continue;
    if (isa<ReturnInst>(BB->getTerminator()))
      S.EndsKernel = true;
    for (BasicBlock *Succ : successors(BB))
      if (Entered.insert(Succ).second)
        Work.push_back({Succ, Succ->begin()});
  }
  for (const Instruction *I : Order) {
    classify(S, *I, In);
    S.Instructions.push_back(const_cast<Instruction *>(I));
  }
  using Kind = BarrierSegment::Kind;
  S.K = S.Computes                          ? Kind::Mixed
        : S.GlobalLoads && S.GlobalStores   ? Kind::LoadStore
        : S.GlobalLoads                     ? Kind::Load
        : S.GlobalStores                    ? Kind::Store
                                            : Kind::Execute;
}

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
    if (touchesGlobal(*It)) {
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
  unsigned N = Plan.Segments.size();
  SmallVector<SmallSetVector<unsigned, 4>, 8> MemoryEnds(N), ExecuteEnds(N);
  SmallVector<LazyCalls, 8> Lazy(N);
  SmallVector<bool, 8> Holds(N);
  auto Start = [&](const BarrierSegment &S) {
    return segmentStart(S, F)->getIterator();
  };
  auto StartBlock = [&](const BarrierSegment &S) {
    return S.Start ? S.Start->getParent() : &F.getEntryBlock();
  };
  for (auto [I, S] : enumerate(Plan.Segments)) {
    SmallSetVector<unsigned, 4> &Ends = S.needsMemory() ? MemoryEnds[I]
                                                        : ExecuteEnds[I];
    SmallPtrSet<BasicBlock *, 16> Seen;
    endsFrom(I, StartBlock(S), Start(S), Seen, Ends);
    if (!S.needsMemory())
      continue;
    placeLazily(I, StartBlock(S), Start(S), /*AfterBarrier=*/S.Start, Lazy[I]);
    Holds[I] = Lazy[I].Escapes.empty() &&
               Lazy[I].Before < ReleaseBeforeInstructions;
    if (Holds[I])
      continue;
    S.MemoryOnEveryPath = Lazy[I].Escapes.empty();
    ExecuteEnds[I] = Lazy[I].Escapes;
    MemoryEnds[I].clear();
    for (const PhaseCall &C : Lazy[I].Calls) {
      BasicBlock *B = C.Before ? C.Before->getParent() : C.To;
      auto It = C.Before ? C.Before->getIterator() : C.To->begin();
      SmallPtrSet<BasicBlock *, 16> Seen;
      endsFrom(I, B, It, Seen, MemoryEnds[I]);
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
    auto Reaches = [&](auto &Ends) {
      return any_of(S.Preds, [&](unsigned P) { return Ends[P].contains(I); });
    };
    bool InMemory = S.Start && Reaches(MemoryEnds);
    bool InExecute = !S.Start || Reaches(ExecuteEnds);
    if (S.needsMemory() && Holds[I]) {
      if (InExecute)
        for (const PhaseCall &C : Lazy[I].Calls)
          Add(C);
      continue;
    }
    if (InMemory)
      Add(PhaseCall{PhaseCall::Kind::EnterExecute, &*Start(S), nullptr,
                    nullptr, false, I});
    for (const PhaseCall &C : Lazy[I].Calls)
      Add(C);
  }
  // The kernel's end closes its last memory phase, and where it ends in an
  // Execute phase it still says it is done: an agent's record ends with
  // its exit (prem-report --gate, the rtgate policy count on it).
  for (auto [I, S] : enumerate(Plan.Segments))
    if (S.needsMemory()) {
      for (BasicBlock &BB : F)
        if (isa<ReturnInst>(BB.getTerminator()))
          Add(PhaseCall{PhaseCall::Kind::Exit, BB.getTerminator(), nullptr,
                        nullptr, true, unsigned(I)});
      break;
    }
}

BarrierPhasePlan PlanBuilder::build() {
  const DataLayout &DL = F.getParent()->getDataLayout();
  SmallPtrSet<const GlobalVariable *, 8> Shared;
  for (Instruction &I : instructions(F))
    for (const Value *Op : I.operands())
      if (auto *GV = dyn_cast<GlobalVariable>(Op->stripPointerCasts()))
        if (GV->getAddressSpace() == 3 && Shared.insert(GV).second) {
          Plan.SharedBytes += DL.getTypeAllocSize(GV->getValueType());
          // extern __shared__: its size is the launch's.
          Plan.DynamicShared |= !GV->hasInitializer() ||
                                DL.getTypeAllocSize(GV->getValueType()) == 0;
        }
  if (!checkInstructions() || !checkReturns() || !checkBarriersUniform() ||
      !checkControlOnGlobalData())
    return std::move(Plan);
  if (Plan.SharedBytes > Budget) {
    refuse("ScratchpadFull",
           formatv("the kernel's shared memory ({0} bytes) leaves the "
                   "runtime no room (the scratchpad budget is {1} bytes)",
                   Plan.SharedBytes, Budget),
           &*F.getEntryBlock().getFirstNonPHIOrDbg());
    return std::move(Plan);
  }
  Plan.Segments.resize(Barriers.size() + 1);
  Entered.resize(Plan.Segments.size());
  Needs.resize(Plan.Segments.size());
  for (auto [I, B] : enumerate(Barriers))
    Plan.Segments[I + 1].Start = B;
  for (unsigned I = 0; I < Plan.Segments.size(); ++I) {
    walk(I);
    computeNeeds(I);
  }
  placeCalls();
  LLVM_DEBUG(dbgs() << "prem-barrier-phases: " << F.getName() << ": "
                    << Plan.Segments.size() << " segment(s)\n");
  return std::move(Plan);
}

Instruction *prem::segmentStart(const BarrierSegment &S, Function &Kernel) {
  return S.Start ? S.Start->getNextNode()
                 : &*Kernel.getEntryBlock().getFirstInsertionPt();
}

const BarrierPhasePlan *
BarrierPhaseInfo::lookup(const Function &Kernel) const {
  for (const BarrierPhasePlan &P : Plans)
    if (P.Kernel == &Kernel)
      return &P;
  return nullptr;
}

bool BarrierPhaseInfo::invalidate(Module &M, const PreservedAnalyses &PA,
                                  ModuleAnalysisManager::Invalidator &Inv) {
  auto PAC = PA.getChecker<BarrierPhaseAnalysis>();
  return !PAC.preservedWhenStateless() ||
         Inv.invalidate<FunctionAnalysisManagerModuleProxy>(M, PA);
}

BarrierPhaseInfo BarrierPhaseAnalysis::run(Module &M,
                                           ModuleAnalysisManager &MAM) {
  BarrierPhaseInfo Result;
  Triple T(M.getTargetTriple());
  if (!T.isNVPTX())
    return Result;
  const KernelInfo &KI = MAM.getResult<KernelAnalysis>(M);
  auto &FAM = MAM.getResult<FunctionAnalysisManagerModuleProxy>(M).getManager();
  for (const KernelRecord &K : KI.Kernels) {
    if (K.Kind != KernelKind::CUDA || K.Entry->isDeclaration() ||
        K.Entry->hasFnAttribute(BarrierPhasesPlacedAttr) ||
        none_of(instructions(*K.Entry),
                [](Instruction &I) { return isBlockBarrier(I); }))
      continue;
    Result.Plans.push_back(
        PlanBuilder(*K.Entry, FAM, scratchpadBudget(M)).build());
    if (Result.Plans.back().accepted())
      findHoistableLoads(Result.Plans.back(), FAM);
  }
  return Result;
}

void BarrierPhaseInfo::print(raw_ostream &OS) const {
  OS << "prem-barrier-phases: " << Plans.size()
     << " kernel(s) with block barriers\n";
  for (const BarrierPhasePlan &P : Plans) {
    OS << "kernel " << P.Kernel->getName() << " (shared memory "
       << P.SharedBytes << " bytes"
       << (P.DynamicShared ? " and the launch's dynamic shared memory" : "")
       << ")";
    if (!P.accepted()) {
      OS << ": refused (" << P.Refusal << "): " << P.Reason << "\n";
      continue;
    }
    OS << ": " << P.Segments.size() << " segment(s)\n";
    for (auto [I, S] : enumerate(P.Segments)) {
      OS << "  segment " << I << " after " << startName(S) << ": "
         << S.kindName() << " (" << (S.needsMemory() ? "memory" : "execute")
         << " phase), global loads " << S.GlobalLoads << ", stores "
         << S.GlobalStores;
      if (!S.Preds.empty()) {
        OS << ", after segment(s)";
        for (unsigned Pred : S.Preds)
          OS << " " << Pred;
      }
      if (S.EndsKernel)
        OS << ", ends the kernel";
      if (!S.MemoryOnEveryPath)
        OS << ", memory only on the paths that need it";
      if (!S.Hoist.empty())
        OS << ", " << S.Hoist.size()
           << " global load(s) can move to its start";
      OS << "\n";
    }
    for (const PhaseCall &C : P.Calls) {
      OS << "  call "
         << (C.K == PhaseCall::Kind::EnterMemory    ? "__prem_enter_mem"
             : C.K == PhaseCall::Kind::EnterExecute ? "__prem_enter_comp"
                                                    : "__prem_exit_mem")
         << (C.K == PhaseCall::Kind::Exit
                 ? std::string(" (the kernel's end) ")
                 : formatv(" (segment {0}) ", C.Segment).str());
      if (C.Before) {
        OS << "before";
        if (unsigned Line = lineOf(C.Before))
          OS << " line " << Line << ":";
        OS << " " << C.Before->getOpcodeName() << " in ";
        C.Before->getParent()->printAsOperand(OS, false);
      } else {
        OS << "on the edge ";
        C.From->printAsOperand(OS, false);
        OS << " -> ";
        C.To->printAsOperand(OS, false);
      }
      OS << (C.BarrierBefore ? ", with a barrier before\n" : "\n");
    }
  }
}

PreservedAnalyses BarrierPhasePrinterPass::run(Module &M,
                                               ModuleAnalysisManager &MAM) {
  MAM.getResult<BarrierPhaseAnalysis>(M).print(OS);
  return PreservedAnalyses::all();
}
