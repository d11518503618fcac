//===- PremLES.cpp - Split PREM tiles into Load / Execute / Store ---------===//
//
// USAGE:
//   opt -load-pass-plugin build/lib/PremPlugin.so
//       -passes=prem-tile,prem-les -prem-mode=sdma kernel.ll -S
//
// Seed 001, Sec. 3.2.3: each tile prem-tile made becomes a memory phase that
// brings the tile's data into the scratchpad, an Execute phase that touches
// only the scratchpad, and a memory phase that writes results back.
//
//   cmpt  the compatible interval: the tile runs unchanged, all of it inside
//         one memory phase (the scratchpad path is dropped);
//   dae   decoupled access/execute: the Load phase is a copy of the tile
//         stripped to its loads, each copying its element into the
//         scratchpad; the Store phase a copy stripped to its stores, each
//         copying its element back;
//   sdma  SoftDMA (Algorithm 3): each array's byte interval is copied once
//         by the runtime's cooperative 1-D copy (consecutive bytes, widest
//         moves), a 2-D slot's rows by its 2-D copy (a clipped one's first
//         and last rows by 1-D copies), and written back the same way
//         when the tile writes every byte of its written interval, or of
//         its rectangle as copied; an array written with holes is stored
//         element by element (as in dae) so that bytes the tile does not
//         own are never overwritten. Read-only arrays are never stored.
//
// What a mode does with each slot is decided once per tile, by planPhases
// (prem/Analysis/PhasePlan.h, the registry of the modes); TileSplitter
// follows that plan, and the pass records it for the report.
//
// The Execute phase is the tile itself with every access moved to the
// scratchpad at the same offset from the start of its array's interval (in
// a 2-D slot, the same row and column from its first); the pass checks that
// no other memory access is left in it.
//
// Indirect loads (x[idx[i]]) have no interval: in dae and sdma alike the
// Load phase runs a copy of the tile stripped to them and gathers each
// execution's element into the tile's "indirect" slot, in the order they
// run; the Execute phase, whose control flow is the same, reads them back in
// that order. An element that lies in an interval the tile writes (arrays
// may alias) is read from that array's slot instead, which then holds the
// whole interval, so it sees the tile's own writes as the original did.
//
// Indirect stores (y[idx[i]] = v) the same way round: the
// Execute phase puts each element in the tile's "scattered" slot, the Store
// phase runs a copy of the tile stripped to them and stores each where the
// original did, in the same order. A scattered byte the tile also reads or
// writes through another slot would be stale there: the Load phase's copy
// checks every scattered address against the other slots' spans, and a tile
// where one meets them runs on global memory in the memory phase it is in
// (in a GPU block, where one of its threads' does: the block votes).
//
//===----------------------------------------------------------------------===//

#include "prem/Transforms/PremLES.h"
#include "prem/Analysis/Footprint.h"
#include "prem/Analysis/KernelInfo.h"
#include "prem/Analysis/PhasePlan.h"
#include "prem/Analysis/Report.h"
#include "prem/Support/CloneRegion.h"
#include "prem/Transforms/PremTile.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/IntrinsicsAMDGPU.h"
#include "llvm/IR/IntrinsicsNVPTX.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Debug.h"
#include "llvm/TargetParser/Triple.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/Local.h"
#include "llvm/Transforms/Utils/PromoteMemToReg.h"
#include "llvm/Transforms/Utils/ValueMapper.h"

#define DEBUG_TYPE "prem-les"

using namespace llvm;
using namespace prem;

STATISTIC(NumSplit, "PREM tiles split into Load/Execute/Store phases");
STATISTIC(NumWhole, "PREM tiles run whole in one memory phase (cmpt)");
STATISTIC(NumClashChecks, "PREM tiles that fall back to global memory when "
                          "a scattered element meets their other data");
STATISTIC(NumExecuteTouchesGlobal,
          "Execute phases left accessing global memory (a bug)");

// Refusals, one per reason: prem-tile's contract is broken (a bug, not a
// property of the input), so the tile is left as prem-tile made it and
// compilation stops with the reason. Always counted: a refusal's name is its
// statistic's, and release builds of LLVM count no plain STATISTIC.
ALWAYS_ENABLED_STATISTIC(BlocksMissing,
                         "Tiles whose blocks are not where prem-tile left "
                         "them");
ALWAYS_ENABLED_STATISTIC(IndirectSlotMisplaced,
                         "Tiles whose indirect slot is not where prem-tile "
                         "left it");
ALWAYS_ENABLED_STATISTIC(IntervalValuesMissing,
                         "Tiles missing an array's interval values");
ALWAYS_ENABLED_STATISTIC(SpanValuesMissing,
                         "Tiles missing an array's span values");
ALWAYS_ENABLED_STATISTIC(LoopMissing,
                         "Tiles whose loop is not where prem-tile left it");

/// -prem-mode's values, one per row of the registry.
namespace {
struct ModeValues {
  template <class Opt> void apply(Opt &O) const {
    for (const ModeInfo &I : premModes())
      O.getParser().addLiteralOption(I.Name, I.Mode, I.Description);
  }
};
} // namespace

static cl::opt<PremMode>
    Mode("prem-mode",
         cl::desc("How prem-les builds the memory phases of a tile"),
         ModeValues(), cl::init(PremMode::SoftDMA));

namespace {
/// Why a tile was left as prem-tile made it: the reason's name (its
/// STATISTIC's) and the error's text.
struct Refusal {
  StringRef Name;
  std::string Why;
};
} // namespace

static Refusal fail(TrackingStatistic &Reason, std::string Why) {
  ++Reason;
  return {Reason.getName(), std::move(Why)};
}

static void tagPhase(BasicBlock *BB, unsigned Id, StringRef Phase) {
  LLVMContext &C = BB->getContext();
  BB->getTerminator()->setMetadata(
      PhaseMD, MDNode::get(C, {ConstantAsMetadata::get(
                                   ConstantInt::get(Type::getInt32Ty(C), Id)),
                               MDString::get(C, Phase)}));
}

static std::optional<unsigned> arrayOf(const Instruction &I) {
  MDNode *MD = I.getMetadata(ArrayMD);
  if (!MD)
    return std::nullopt;
  return mdconst::extract<ConstantInt>(MD->getOperand(1))->getZExtValue();
}

namespace {

/// Splits one tile as its plan says.
class TileSplitter {
public:
  TileSplitter(TiledLoop &T, const PhasePlan &Plan, Value *Scratchpad)
      : T(T), Plan(Plan), Scratchpad(Scratchpad), F(*T.Version->getFunction()),
        C(F.getContext()) {
    for (auto [K, S] : enumerate(Plan.Slots)) {
      if (S.gathers())
        GatherSlot = K;
      if (S.scatters())
        ScatterSlot = K;
    }
  }

  /// Why the tile was left as prem-tile made it, if it was.
  std::optional<Refusal> run();

private:
  TiledLoop &T;
  const PhasePlan &Plan;
  Value *Scratchpad;
  Function &F;
  LLVMContext &C;
  /// The scratchpad path's loop: from the Load block to the Store block.
  SmallSetVector<BasicBlock *, 16> Tile;
  BasicBlock *Header = nullptr, *ExecEntry = nullptr, *StoreEnd = nullptr;

  /// The "indirect" slot, if the tile has one, and the count of bytes
  /// gathered so far in the phase being built (promoted to a register once
  /// the phases are built).
  std::optional<unsigned> GatherSlot;
  AllocaInst *Gathered = nullptr;
  /// The "scattered" slot, the count of bytes scattered so far in the phase
  /// being built, and whether a scattered address met another slot's span
  /// in the Load phase (both promoted to registers once the phases are
  /// built).
  std::optional<unsigned> ScatterSlot;
  AllocaInst *Scattered = nullptr, *Clash = nullptr;

  Value *scratchpadAddress(IRBuilderBase &B, Value *Ptr, unsigned Slot);
  /// Offset in the scratchpad of the next gathered (scattered) element;
  /// counts it.
  Value *nextIndirectOffset(IRBuilderBase &B, unsigned Slot, AllocaInst *Count);
  /// Sets a counter (or the clash flag) to 0 at the end of BB.
  void zeroAt(AllocaInst *Var, BasicBlock *BB);
  void checkScatter(IRBuilderBase &B, StoreInst *St);
  void fallBackOnClash();
  SmallVector<BasicBlock *, 16> cloneTile(BasicBlock *From, BasicBlock *To,
                                          const Twine &Suffix);
  void keepWhole();
  void buildStrippedLoadPhase();
  void buildStrippedStorePhase();
  void moveToScratchpad();
  void copyIntervals(BasicBlock *BB, bool In);
  bool executeTouchesOnlyScratchpad() const;
};

} // namespace

/// Same offset from the slot's first byte, in the slot; in a 2-D slot the
/// same row and column from its first row and column (the offset from the
/// first byte is row * pitch + column, column < pitch).
Value *TileSplitter::scratchpadAddress(IRBuilderBase &B, Value *Ptr,
                                       unsigned Slot) {
  const TiledArray &A = T.Arrays[Slot];
  Type *I64 = B.getInt64Ty();
  Value *Begin = B.CreatePtrToInt(A.Begin, I64);
  Value *Address = B.CreatePtrToInt(Ptr, I64);
  Value *Offset = B.CreateSub(Address, Begin, "prem.off");
  if (A.Pitch) {
    Value *Pitch = A.RowPitch ? A.RowPitch : B.getInt64(A.Pitch);
    Value *Row = B.CreateUDiv(Offset, Pitch, "prem.row");
    Value *Column = B.CreateURem(Offset, Pitch, "prem.column");
    Offset = B.CreateAdd(B.CreateMul(Row, A.RowBytes), Column);
  }
  return B.CreateGEP(B.getInt8Ty(), Scratchpad, B.CreateAdd(A.Slot, Offset),
                     "prem.spm.addr");
}

Value *TileSplitter::nextIndirectOffset(IRBuilderBase &B, unsigned Slot,
                                        AllocaInst *Counter) {
  const TiledArray &G = T.Arrays[Slot];
  Value *Count = B.CreateLoad(B.getInt64Ty(), Counter, Counter->getName());
  B.CreateStore(B.CreateAdd(Count, B.getInt64(G.GatherStride)), Counter);
  StringRef Name =
      Counter == Scattered ? "prem.scatter.off" : "prem.gather.off";
  if (G.GatherThreads == 1)
    return B.CreateAdd(G.Slot, Count, Name);
  // A block's threads: execution-major, so that a warp's threads store and
  // load consecutive words.
  Intrinsic::ID ThreadIndex =
      Triple(F.getParent()->getTargetTriple()).isAMDGPU()
          ? Intrinsic::ID(Intrinsic::amdgcn_workitem_id_x)
          : Intrinsic::ID(Intrinsic::nvvm_read_ptx_sreg_tid_x);
  Value *Thread =
      B.CreateZExt(B.CreateIntrinsic(ThreadIndex, {}), B.getInt64Ty());
  Value *Column = B.CreateMul(Thread, B.getInt64(G.GatherStride));
  Value *Row = B.CreateMul(Count, B.getInt64(G.GatherThreads));
  return B.CreateAdd(G.Slot, B.CreateAdd(Row, Column), Name);
}

void TileSplitter::zeroAt(AllocaInst *Var, BasicBlock *BB) {
  new StoreInst(ConstantInt::get(Var->getAllocatedType(), 0), Var,
                BB->getTerminator()->getIterator());
}

/// In the Load phase's copy: whether the element St would scatter meets a
/// byte another slot's accesses may touch (the arrays may alias, and the
/// array scattered into may be read or written otherwise too).
void TileSplitter::checkScatter(IRBuilderBase &B, StoreInst *St) {
  Type *I64 = B.getInt64Ty();
  Value *First = B.CreatePtrToInt(St->getPointerOperand(), I64);
  Value *End = B.CreateAdd(
      First, B.getInt64(F.getDataLayout()
                            .getTypeStoreSize(St->getValueOperand()->getType())
                            .getFixedValue()));
  Value *Meets = B.CreateLoad(B.getInt1Ty(), Clash, "prem.clash");
  for (const TiledArray &A : T.Arrays)
    if (!A.GatherStride) {
      Value *StartsBefore = B.CreateICmpULT(First, A.SpanEnd);
      Value *EndsAfter = B.CreateICmpUGT(End, A.SpanBegin);
      Meets = B.CreateOr(Meets, B.CreateAnd(EndsAfter, StartsBefore));
    }
  B.CreateStore(Meets, Clash);
}

/// After the Load phase: a tile whose scattered elements meet its other data
/// runs on global memory instead, in the memory phase it is in (the global
/// path's loop, entered past its own memory-phase entry). The Load phase
/// only filled the scratchpad, so nothing is undone.
void TileSplitter::fallBackOnClash() {
  BasicBlock *GlobalLoop = T.GlobalBlock->getSingleSuccessor();
  BasicBlock *Check =
      BasicBlock::Create(C, "prem.scatter.check", &F, ExecEntry);
  for (BasicBlock *Pred : to_vector(predecessors(ExecEntry)))
    if (Pred != Check)
      Pred->getTerminator()->replaceSuccessorWith(ExecEntry, Check);
  IRBuilder<> B(Check);
  Value *Meets = B.CreateLoad(B.getInt1Ty(), Clash, "prem.clash");
  // A block's tile: every thread must take the same path (its phases have
  // block barriers), so the block votes, at a barrier all of it reaches.
  if (Triple(F.getParent()->getTargetTriple()).isNVPTX())
    Meets =
        B.CreateIntrinsic(Intrinsic::nvvm_barrier_cta_red_or_aligned_all, {},
                          {B.getInt32(0), Meets}, nullptr, "prem.clash.block");
  B.CreateCondBr(Meets, GlobalLoop, ExecEntry);
  for (PHINode &Phi : GlobalLoop->phis())
    Phi.addIncoming(Phi.getIncomingValueForBlock(T.GlobalBlock), Check);
}

/// A copy of the tile's loop entered from From (with the carried state the
/// loop is entered with) and leaving to To. From's terminator is replaced;
/// its contract tags stay.
SmallVector<BasicBlock *, 16>
TileSplitter::cloneTile(BasicBlock *From, BasicBlock *To, const Twine &Suffix) {
  ValueToValueMapTy VMap;
  auto Copies = cloneBlocks(Tile.getArrayRef(), Suffix,
                            {{ExecEntry, From}, {T.StoreBlock, To}}, VMap);
  Instruction *Old = From->getTerminator();
  BranchInst *Enter = BranchInst::Create(cast<BasicBlock>(VMap[Header]), From);
  Enter->setMetadata(PhaseMD, Old->getMetadata(PhaseMD));
  Enter->setMetadata(BlockMD, Old->getMetadata(BlockMD));
  Old->eraseFromParent();
  return Copies;
}

/// Keeps what a stripped copy needs: its control flow, its stores and what
/// they depend on (Decoupled Access/Execute: the computation goes, errno
/// included: the Execute phase sets it as the loop did). Assumptions go
/// too: a copy's loads need not see what the loop's saw (a Load phase's
/// see memory before the tile, a Store phase's the tile's final values,
/// a gathered one is poison), so an assumption on them may be false there;
/// dropping one is always sound.
static void stripDeadCode(ArrayRef<BasicBlock *> Blocks) {
  SmallPtrSet<Instruction *, 32> Live;
  SmallVector<Instruction *, 64> Work;
  for (BasicBlock *BB : Blocks)
    for (Instruction &I : *BB)
      if (I.isTerminator() || (I.mayHaveSideEffects() && !writesOnlyErrno(I) &&
                               !isa<AssumeInst, PseudoProbeInst>(I)))
        Work.push_back(&I);
  while (!Work.empty()) {
    Instruction *I = Work.pop_back_val();
    if (!Live.insert(I).second)
      continue;
    for (Value *Op : I->operands())
      if (auto *OpI = dyn_cast<Instruction>(Op))
        Work.push_back(OpI);
  }
  SmallVector<Instruction *, 32> Dead;
  for (BasicBlock *BB : Blocks)
    for (Instruction &I : *BB)
      if (!Live.contains(&I))
        Dead.push_back(&I);
  for (Instruction *I : Dead)
    I->replaceAllUsesWith(PoisonValue::get(I->getType()));
  for (Instruction *I : Dead)
    I->eraseFromParent();
}

/// A stripped copy of the tile: Strip sees each access of the copy with its
/// slot (untagged first) and says whether the access stays; then the
/// computation nothing kept needs goes.
template <typename StripFn>
static void stripCopy(ArrayRef<BasicBlock *> Copies, StripFn Strip) {
  SmallVector<Instruction *, 8> Accesses, Dead;
  for (BasicBlock *BB : Copies)
    for (Instruction &I : *BB)
      if (I.getMetadata(ArrayMD))
        Accesses.push_back(&I);
  for (Instruction *I : Accesses) {
    unsigned Slot = *arrayOf(*I);
    I->setMetadata(ArrayMD, nullptr);
    if (!Strip(I, Slot))
      Dead.push_back(I);
  }
  for (Instruction *I : Dead)
    I->eraseFromParent();
  stripDeadCode(Copies);
}

/// The Load phase as a copy of the tile stripped to its loads: each load of
/// a slot the plan loads element-wise (dae) also copies its element to the
/// scratchpad, a gathered one to the next place in the indirect slot; a
/// scattered store only checks its address; other stores are dropped (the
/// Execute phase makes them).
void TileSplitter::buildStrippedLoadPhase() {
  auto Copies = cloneTile(T.LoadBlock, ExecEntry, ".load");
  if (GatherSlot)
    zeroAt(Gathered, T.LoadBlock);
  if (ScatterSlot)
    zeroAt(Clash, T.LoadBlock);
  stripCopy(Copies, [&](Instruction *I, unsigned Slot) {
    auto *Ld = dyn_cast<LoadInst>(I);
    if (!Ld) {
      if (Slot == ScatterSlot) {
        IRBuilder<> B(I);
        checkScatter(B, cast<StoreInst>(I));
      }
      return false;
    }
    IRBuilder<> B(Ld->getNextNode());
    if (Slot == GatherSlot)
      B.CreateStore(Ld, B.CreateGEP(B.getInt8Ty(), Scratchpad,
                                    nextIndirectOffset(B, Slot, Gathered),
                                    "prem.spm.addr"));
    else if (Plan.Slots[Slot].LoadElements)
      B.CreateStore(Ld, scratchpadAddress(B, Ld->getPointerOperand(), Slot));
    return true;
  });
}

/// The Store phase as a copy of the tile stripped to its stores, for the
/// slots the plan stores element by element: every store of such a slot
/// writes the element's final value from the scratchpad; loads read the
/// scratchpad; other stores are dropped.
void TileSplitter::buildStrippedStorePhase() {
  auto Copies = cloneTile(T.StoreBlock, StoreEnd, ".store");
  if (ScatterSlot)
    zeroAt(Scattered, T.StoreBlock);
  stripCopy(Copies, [&](Instruction *I, unsigned Slot) {
    IRBuilder<> B(I);
    if (Slot == ScatterSlot) {
      // The element the Execute phase put there, to the address it had.
      auto *St = cast<StoreInst>(I);
      St->setOperand(
          0, B.CreateLoad(St->getValueOperand()->getType(),
                          B.CreateGEP(B.getInt8Ty(), Scratchpad,
                                      nextIndirectOffset(B, Slot, Scattered),
                                      "prem.spm.addr")));
      return true;
    }
    if (Slot == GatherSlot) {
      // Feeds nothing a stored element's address or control depends on.
      I->replaceAllUsesWith(PoisonValue::get(I->getType()));
      return false;
    }
    if (auto *Ld = dyn_cast<LoadInst>(I)) {
      Ld->setOperand(0, scratchpadAddress(B, Ld->getPointerOperand(), Slot));
      return true;
    }
    auto *St = cast<StoreInst>(I);
    if (!Plan.Slots[Slot].StoreElements)
      return false;
    St->setOperand(
        0, B.CreateLoad(St->getValueOperand()->getType(),
                        scratchpadAddress(B, St->getPointerOperand(), Slot)));
    return true;
  });
}

/// The Execute phase: the tile's own accesses, moved to the scratchpad.
void TileSplitter::moveToScratchpad() {
  if (GatherSlot)
    zeroAt(Gathered, ExecEntry);
  if (ScatterSlot)
    zeroAt(Scattered, ExecEntry);
  for (BasicBlock *BB : Tile)
    for (Instruction &I : *BB) {
      auto Array = arrayOf(I);
      if (!Array)
        continue;
      IRBuilder<> B(&I);
      unsigned PtrOp = isa<LoadInst>(I) ? 0 : 1;
      Value *Ptr = I.getOperand(PtrOp);
      if (Array == ScatterSlot) {
        // The next place in the slot (prem-tile checked the store is at
        // least as aligned as its size).
        auto &St = cast<StoreInst>(I);
        St.setOperand(PtrOp,
                      B.CreateGEP(B.getInt8Ty(), Scratchpad,
                                  nextIndirectOffset(B, *Array, Scattered),
                                  "prem.spm.addr"));
        St.setAlignment(
            Align(F.getDataLayout()
                      .getTypeStoreSize(St.getValueOperand()->getType())
                      .getFixedValue()));
        continue;
      }
      if (Array != GatherSlot) {
        I.setOperand(PtrOp, scratchpadAddress(B, Ptr, *Array));
        continue;
      }
      // The gathered element, unless the tile writes that byte's interval.
      Type *I64 = B.getInt64Ty();
      Value *Offset = nextIndirectOffset(B, *Array, Gathered);
      for (const TiledArray &W : T.Arrays) {
        if (!W.Written || W.GatherStride)
          continue;
        Value *Begin = B.CreatePtrToInt(W.Begin, I64);
        Value *InW = B.CreateSub(B.CreatePtrToInt(Ptr, I64), Begin);
        Value *There = B.CreateAdd(W.Slot, InW);
        Value *Inside = B.CreateICmpULT(InW, W.Length);
        Offset = B.CreateSelect(Inside, There, Offset, "prem.gather.off");
      }
      I.setOperand(PtrOp, B.CreateGEP(B.getInt8Ty(), Scratchpad, Offset,
                                      "prem.spm.addr"));
      // Both places are only as aligned as the element's size (prem-tile
      // checked the load is at least that aligned).
      auto &Ld = cast<LoadInst>(I);
      Ld.setAlignment(Align(
          F.getDataLayout().getTypeStoreSize(Ld.getType()).getFixedValue()));
    }
}

/// SoftDMA: one cooperative copy per interval the plan copies in (In) or
/// back, or per 2-D slot its rows (Algorithm 3 with the runtime doing the
/// thread mapping and vector width).
void TileSplitter::copyIntervals(BasicBlock *BB, bool In) {
  Module &M = *F.getParent();
  Type *Ptr = PointerType::getUnqual(C), *I64 = Type::getInt64Ty(C);
  FunctionCallee Copy = M.getOrInsertFunction(
      "__prem_copy_1d", Type::getVoidTy(C), Ptr, Ptr, I64);
  IRBuilder<> B(BB->getTerminator());
  for (auto [K, Array] : enumerate(T.Arrays)) {
    if (!(In ? Plan.Slots[K].CopyIn : Plan.Slots[K].CopyOut))
      continue;
    const TiledArray &A = Array; // (the lambdas below capture it)
    Value *Spm = B.CreateGEP(B.getInt8Ty(), Scratchpad, A.Slot);
    if (A.Pitch) {
      // Stored back the way it was loaded (prem-tile checked that the tile
      // writes every byte of it, and makes no clipped slot so): the same
      // copies, the other way.
      FunctionCallee Copy2D = M.getOrInsertFunction(
          "__prem_copy_2d", Type::getVoidTy(C), Ptr, I64, Ptr, I64, I64, I64);
      Value *Pitch = A.RowPitch ? A.RowPitch : B.getInt64(A.Pitch);
      auto Rows = [&](Value *SpmAt, Value *ArrayAt, Value *N) {
        if (In)
          B.CreateCall(Copy2D, {SpmAt, A.RowBytes, ArrayAt, Pitch, A.Width, N});
        else
          B.CreateCall(Copy2D, {ArrayAt, Pitch, SpmAt, A.RowBytes, A.Width, N});
      };
      auto Bytes = [&](Value *SpmAt, Value *ArrayAt, Value *N) {
        B.CreateCall(Copy, {In ? SpmAt : ArrayAt, In ? ArrayAt : SpmAt, N});
      };
      if (!A.Skip) {
        Rows(Spm, A.Begin, A.Rows);
        continue;
      }
      // A clipped rectangle: the rows between whole, its first row from
      // Skip on and its last without its Cut bytes (one row: both).
      Value *Zero = B.getInt64(0), *One = B.getInt64(1);
      Value *Many = B.CreateICmpUGT(A.Rows, One);
      // (Each operand named first: a call's arguments have no evaluation
      // order, and the IR must not depend on the host compiler.)
      Value *SpmRow1 = B.CreateGEP(B.getInt8Ty(), Spm, A.RowBytes);
      Value *ArrayRow1 = B.CreateGEP(B.getInt8Ty(), A.Begin, Pitch);
      Value *Between =
          B.CreateSelect(Many, B.CreateSub(A.Rows, B.getInt64(2)), Zero);
      Rows(SpmRow1, ArrayRow1, Between);
      Value *LastWidth = B.CreateSub(A.Width, A.Cut);
      Value *FirstEnd = B.CreateSelect(Many, A.Width, LastWidth);
      Value *SpmFirst = B.CreateGEP(B.getInt8Ty(), Spm, A.Skip);
      Value *ArrayFirst = B.CreateGEP(B.getInt8Ty(), A.Begin, A.Skip);
      Value *FirstBytes = B.CreateSub(FirstEnd, A.Skip);
      FirstBytes =
          B.CreateSelect(B.CreateICmpEQ(A.Rows, Zero), Zero, FirstBytes);
      Bytes(SpmFirst, ArrayFirst, FirstBytes);
      Value *Last = B.CreateSelect(Many, B.CreateSub(A.Rows, One), Zero);
      Value *SpmLast =
          B.CreateGEP(B.getInt8Ty(), Spm, B.CreateMul(Last, A.RowBytes));
      Value *ArrayLast =
          B.CreateGEP(B.getInt8Ty(), A.Begin, B.CreateMul(Last, Pitch));
      Bytes(SpmLast, ArrayLast, B.CreateSelect(Many, LastWidth, Zero));
      continue;
    }
    if (In) {
      B.CreateCall(Copy, {Spm, A.Begin, A.Length});
      continue;
    }
    // The written interval sits inside the array's interval.
    Value *Begin = B.CreatePtrToInt(A.Begin, I64);
    Value *WriteBegin = B.CreatePtrToInt(A.WriteBegin, I64);
    Value *Offset = B.CreateSub(WriteBegin, Begin);
    B.CreateCall(Copy, {A.WriteBegin, B.CreateGEP(B.getInt8Ty(), Spm, Offset),
                        A.WriteLength});
  }
}

/// Besides the scratchpad, an Execute phase may touch its thread's own stack
/// (the loop bounds OpenMP keeps there, on a GPU in local memory), ask the
/// OpenMP runtime for those bounds again, and set its thread's errno (a math
/// function under -fmath-errno); nothing else.
bool TileSplitter::executeTouchesOnlyScratchpad() const {
  const Value *Spm = getUnderlyingObject(Scratchpad);
  for (BasicBlock *BB : Tile)
    for (const Instruction &I : *BB) {
      if (!I.mayReadOrWriteMemory() || touchesNoProgramData(I))
        continue;
      if (auto *Call = dyn_cast<CallBase>(&I)) {
        const Function *Callee = Call->getCalledFunction();
        // The block barriers the OpenMP GPU code already has (aligned
        // barriers of an SPMD region on AMDGPU) order threads, not memory
        // the phase reads.
        if (Callee &&
            (Callee->getName().starts_with("__kmpc_for_static_init") ||
             Callee->getName() == "__kmpc_for_static_fini" ||
             Callee->getName() == "llvm.amdgcn.s.barrier"))
          continue;
        return false;
      }
      const Value *Ptr = getLoadStorePointerOperand(&I);
      const Value *Object =
          Ptr ? getUnderlyingObject(Ptr, /*MaxLookup=*/0) : nullptr;
      if (!Object || (Object != Spm && !isa<AllocaInst>(Object)))
        return false;
    }
  return true;
}

/// cmpt: the version branch stays, unconditional, to mark the tile.
void TileSplitter::keepWhole() {
  BranchInst *Br = BranchInst::Create(T.GlobalBlock, T.Version->getIterator());
  Br->setMetadata(TileMD, T.Version->getMetadata(TileMD));
  Br->setMetadata(SplitMD, MDNode::get(C, {}));
  T.Version->eraseFromParent();
  removeUnreachableBlocks(F);
  tagPhase(T.GlobalBlock, T.Id, "memory");
  ++NumWhole;
  LLVM_DEBUG(dbgs() << DEBUG_TYPE ": tile " << T.Id
                    << " runs whole in one memory phase\n");
}

std::optional<Refusal> TileSplitter::run() {
  if (!Plan.Mode->Splits) {
    keepWhole();
    return std::nullopt;
  }

  // The tile's loop: everything reachable from the Load block before the
  // Store block.
  Header = T.LoadBlock->getSingleSuccessor();
  SmallVector<BasicBlock *, 16> Work{Header};
  while (!Work.empty()) {
    BasicBlock *BB = Work.pop_back_val();
    if (BB == T.StoreBlock || !Tile.insert(BB))
      continue;
    append_range(Work, successors(BB));
  }
  if (!Header || Tile.contains(T.LoadBlock) || Tile.contains(T.GlobalBlock))
    return fail(LoopMissing, "the tile's loop is not where prem-tile left it");

  // Fixed points between the phases. SplitEdge moves the old terminator
  // (and its prem.block tag) to the new block: put the tags back.
  auto Split = [&](BasicBlock *From, BasicBlock *To, const Twine &Name) {
    MDNode *Tag = From->getTerminator()->getMetadata(BlockMD);
    BasicBlock *New = SplitEdge(From, To);
    New->setName(Name);
    New->getTerminator()->setMetadata(BlockMD, nullptr);
    From->getTerminator()->setMetadata(BlockMD, Tag);
    return New;
  };
  ExecEntry = Split(T.LoadBlock, Header, "prem.execute");
  StoreEnd =
      Split(T.StoreBlock, T.StoreBlock->getSingleSuccessor(), "prem.store.end");
  tagPhase(T.LoadBlock, T.Id, "memory");
  tagPhase(ExecEntry, T.Id, "execute");
  tagPhase(T.StoreBlock, T.Id, "memory");
  tagPhase(T.GlobalBlock, T.Id, "memory");

  IRBuilder<> EntryB(&*F.getEntryBlock().getFirstInsertionPt());
  if (GatherSlot)
    Gathered =
        EntryB.CreateAlloca(EntryB.getInt64Ty(), nullptr, "prem.gathered");
  if (ScatterSlot) {
    Scattered =
        EntryB.CreateAlloca(EntryB.getInt64Ty(), nullptr, "prem.scattered");
    Clash = EntryB.CreateAlloca(EntryB.getInt1Ty(), nullptr, "prem.clash");
  }
  // Copies first: they need the tile's accesses as they are.
  if (any_of(Plan.Slots, [](const SlotPhases &S) { return S.CopyIn; }))
    copyIntervals(T.LoadBlock, /*In=*/true);
  if (Plan.StrippedLoad)
    buildStrippedLoadPhase();
  if (ScatterSlot) {
    fallBackOnClash();
    ++NumClashChecks;
  }
  if (Plan.StrippedStore)
    buildStrippedStorePhase();
  // (An interval mode declares the copy even when no slot is copied back.)
  if (Plan.Mode->Store == Transfer::Intervals)
    copyIntervals(T.StoreBlock, /*In=*/false);
  moveToScratchpad();
  if (!executeTouchesOnlyScratchpad()) {
    // A bug, not a property of the input: say so loudly.
    ++NumExecuteTouchesGlobal;
    F.getContext().emitError("prem-les: the Execute phase of a tile of '" +
                             F.getName() + "' still accesses global memory");
  }
  SmallVector<AllocaInst *, 3> Counters;
  for (AllocaInst *A : {Gathered, Scattered, Clash})
    if (A)
      Counters.push_back(A);
  if (!Counters.empty()) {
    DominatorTree DT(F);
    PromoteMemToReg(Counters, DT);
  }
  T.Version->setMetadata(SplitMD, MDNode::get(C, {}));
  ++NumSplit;
  LLVM_DEBUG(dbgs() << DEBUG_TYPE ": tile " << T.Id << " split\n");
  return std::nullopt;
}

/// Whether the tile is as the contract (PremTile.h) describes it: its
/// blocks, the indirect slot last, each slot's values.
static std::optional<Refusal> checkContract(const TiledLoop &T) {
  if (!T.LoadBlock || !T.StoreBlock || !T.GlobalBlock || !T.Interval)
    return fail(BlocksMissing,
                "the tile's blocks are not where prem-tile left them");
  bool Scatters = false;
  for (auto [K, A] : enumerate(T.Arrays))
    if (A.GatherStride) {
      if (!A.Slot || !A.Length || K + 1 != T.Arrays.size())
        return fail(IndirectSlotMisplaced,
                    "the indirect accesses' slot is not where prem-tile "
                    "left it");
      Scatters = A.Scatter;
    } else if (!A.Begin || !A.Length || !A.Slot ||
               (A.WriteHasNoHoles && !A.Pitch &&
                (!A.WriteBegin || !A.WriteLength)) ||
               (A.Pitch && (!A.Rows || !A.Width || !A.RowBytes)) ||
               (!A.Skip != !A.Cut))
      return fail(IntervalValuesMissing,
                  "array " + A.Name + ": interval values are missing");
  if (Scatters)
    for (const TiledArray &A : T.Arrays)
      if (!A.GatherStride && (!A.SpanBegin || !A.SpanEnd))
        return fail(SpanValuesMissing,
                    "array " + A.Name + ": span values are missing");
  return std::nullopt;
}

/// The slots as the plan sees them.
static SmallVector<SlotUse, 4> slotUses(const TiledLoop &T) {
  SmallVector<SlotUse, 4> Uses;
  for (const TiledArray &A : T.Arrays) {
    SlotUse U;
    U.Name = A.Name;
    U.Read = A.Read;
    U.Written = A.Written;
    U.WriteHasNoHoles = A.WriteHasNoHoles;
    U.Rows = A.Pitch != 0;
    if (A.GatherStride)
      U.Kind =
          A.Scatter ? SlotUse::Indirect::Scatter : SlotUse::Indirect::Gather;
    Uses.push_back(std::move(U));
  }
  return Uses;
}

#ifndef NDEBUG
static void dumpPlan(const PhasePlan &Plan, const Function &F) {
  dbgs() << DEBUG_TYPE ": tile " << Plan.Tile << " of " << F.getName()
         << ", mode " << Plan.Mode->Name << "\n";
  for (const SlotPhases &S : Plan.Slots)
    dbgs() << "  slot " << S.Use.Name << ": load " << S.loadName() << ", store "
           << S.storeName() << "\n";
  if (Plan.Mode->Splits)
    dbgs() << "  Load phase " << (Plan.StrippedLoad ? "with" : "without")
           << " a stripped copy, Store phase "
           << (Plan.StrippedStore ? "with" : "without") << " one\n";
}
#endif

/// The scratchpad, one buffer per function: on a GPU the block's shared
/// memory (addrspace 3), used through a generic pointer (the back end infers
/// the address space); on host offload a thread-local buffer. Not one in the
/// thread's frame: the user sets the size of an OpenMP thread's stack
/// (OMP_STACKSIZE=32K holds no 48 KiB frame), and a frame past the stack's
/// end jumps its guard page and overwrites whatever lies below before any
/// check could run.
/// (prem-tile makes at most one tile per function, so one buffer serves it.)
static Value *scratchpadFor(Function &F, uint64_t Bytes) {
  Module &M = *F.getParent();
  Triple T(M.getTargetTriple());
  IRBuilder<> B(&*F.getEntryBlock().getFirstInsertionPt());
  auto *Type = ArrayType::get(B.getInt8Ty(), Bytes);
  if (T.isNVPTX() || T.isAMDGPU()) {
    auto *Shared = new GlobalVariable(
        M, Type, /*isConstant=*/false, GlobalValue::InternalLinkage,
        PoisonValue::get(Type), "prem.spm." + F.getName(), nullptr,
        GlobalValue::NotThreadLocal, /*AddressSpace=*/3);
    Shared->setAlignment(Align(64));
    return B.CreateAddrSpaceCast(Shared, B.getPtrTy(), "prem.spm");
  }
  auto *Private = new GlobalVariable(
      M, Type, /*isConstant=*/false, GlobalValue::InternalLinkage,
      ConstantAggregateZero::get(Type), "prem.spm." + F.getName(), nullptr,
      GlobalValue::GeneralDynamicTLSModel);
  Private->setAlignment(Align(64));
  CallInst *Address = B.CreateThreadLocalAddress(Private);
  Address->setName("prem.spm");
  return Address;
}

PreservedAnalyses PremLESPass::run(Module &M, ModuleAnalysisManager &MAM) {
  TransformRecords &Records = MAM.getResult<TransformRecordsAnalysis>(M);
  bool Changed = false;
  for (Function &F : M) {
    if (F.isDeclaration())
      continue;
    auto Tiles = findTiledLoops(F);
    for (TiledLoop &T : Tiles) {
      if (T.Split) {
        LLVM_DEBUG(dbgs() << DEBUG_TYPE ": tile " << T.Id << " of "
                          << F.getName() << " is split already\n");
        continue;
      }
      PhasePlan Plan = planPhases(T.Id, Mode, slotUses(T));
      LLVM_DEBUG(dumpPlan(Plan, F));
      Value *Spm =
          Plan.Mode->Splits ? scratchpadFor(F, T.ScratchpadBytes) : nullptr;
      std::optional<Refusal> Refused = checkContract(T);
      if (!Refused)
        Refused = TileSplitter(T, Plan, Spm).run();
      if (Refused) {
        LLVM_DEBUG(dbgs() << DEBUG_TYPE ": tile " << T.Id << " refused, "
                          << Refused->Name << ": " << Refused->Why << "\n");
        Plan.Error = Refused->Why;
        F.getContext().emitError("prem-les: " + F.getName() + ": " +
                                 Refused->Why);
      }
      Changed = true;
      // A second record of a tile (prem-les run again on a tile it could
      // not split) replaces the first.
      Records.Plans.insert_or_assign(T.Id, std::move(Plan));
    }
  }
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}
