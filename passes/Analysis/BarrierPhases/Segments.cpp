//===- Segments.cpp - A hand-tiled kernel's segments ----------------------===//
//
// Part of prem-barrier-phases (issue 29). The block barriers cut the kernel
// into segments: from the kernel's start or a barrier, along every path, to
// the next barriers or the kernel's end. What a segment does with global
// memory says which phase it is (BarrierSegment::Kind). Segments may share
// code (a loop's head runs after the kernel's start and after the loop's
// last barrier); a global access makes every segment it is in a memory
// phase, so no path runs it outside one.
//
//===----------------------------------------------------------------------===//

#include "PlanBuilder.h"

#include "prem/Support/RemarkLocation.h"

#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/Debug.h"
#include "llvm/Support/raw_ostream.h"

#define DEBUG_TYPE "prem-barrier-phases"

using namespace llvm;
using namespace prem;
using namespace prem::barrier;


Space prem::barrier::spaceOf(const Value *Ptr) {
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
GlobalAccess prem::barrier::globalAccess(const Instruction &I) {
  auto Global = [](const Value *Ptr) {
    return spaceOf(Ptr) == Space::Global;
  };
  if (auto *L = dyn_cast<LoadInst>(&I))
    return {Global(L->getPointerOperand()), false};
  if (auto *St = dyn_cast<StoreInst>(&I))
    return {false, Global(St->getPointerOperand())};
  if (auto *MT = dyn_cast<MemTransferInst>(&I))
    return {Global(MT->getRawSource()), Global(MT->getRawDest())};
  if (auto *MS = dyn_cast<MemSetInst>(&I))
    return {false, Global(MS->getRawDest())};
  return {};
}


std::pair<bool, bool> prem::barrier::scan(BasicBlock *B, BasicBlock::iterator It) {
  for (; It != B->end(); ++It) {
    if (isBlockBarrier(*It))
      return {false, true};
    if (globalAccess(*It).any())
      return {true, false};
  }
  return {false, false};
}
unsigned prem::barrier::lineOf(const Instruction *I) {
  if (!I)
    return 0;
  const DILocation *Loc = I->getDebugLoc().get();
  if (!Loc)
    return 0;
  // The innermost line in the kernel's own file, as remarks point: a
  // helper the kernel's file defines (a __device__ reduction step) keeps
  // its own lines; one from a header (atomicAdd) gives its call.
  if (const DILocation *Frame = frameInFunctionFile(Loc, *I->getFunction()))
    return Frame->getLine();
  while (const DILocation *Caller = Loc->getInlinedAt())
    Loc = Caller;
  return Loc->getLine();
}

std::string prem::barrier::at(const Instruction *I) {
  if (unsigned Line = lineOf(I))
    return formatv("line {0}", Line).str();
  std::string Name;
  raw_string_ostream OS(Name);
  OS << "block ";
  I->getParent()->printAsOperand(OS, false);
  return Name;
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
  GlobalAccess A = globalAccess(I);
  if (auto *L = dyn_cast<LoadInst>(&I); L && A.Reads && !S.Computes &&
                                          !isCopy(*L, In))
    S.Computes = L;
  S.GlobalLoads += A.Reads;
  S.GlobalStores += A.Writes;
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

