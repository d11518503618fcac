//===- StripMineRewriter.cpp - Tiles of a strip-mined loop ----------------===//
//
// Host offload and inner tiles (seed 001, Sec. 3.2.2): the tiled loop is
// strip-mined in place, and each tile gets a header that computes its
// intervals and slots and picks the scratchpad path or the global one
// (Sec. 3.2.3's compatible interval), tagged for prem-les to split into
// Load, Execute and Store phases.
//
//===----------------------------------------------------------------------===//

#include "NestTiler.h"
#include "TileContract.h"
#include "prem/Support/CloneRegion.h"
#include "prem/Support/IslSet.h"
#include "prem/Transforms/PremTile.h"
#include "prem/prem_rt.h"

#include "llvm/Analysis/InstructionSimplify.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/IntrinsicsNVPTX.h"
#include "llvm/IR/MDBuilder.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/Local.h"
#include "llvm/Transforms/Utils/LoopUtils.h"
#include "llvm/Transforms/Utils/ValueMapper.h"

#define DEBUG_TYPE "prem-tile"

using namespace llvm;
using namespace prem;
using namespace prem::tile;

/// Opens and closes the compatible intervals of outsideLegality: on entry
/// to the loop around the tiled one (after its phis) or at the kernel's
/// start to the preheader of the loop inside, and from that loop's exit to
/// the latch of the loop around it or the kernel's return. New blocks
/// carry the tags, which prem-sync turns into __prem_enter_mem and
/// __prem_exit_mem.
void NestTiler::placeCompatibleIntervals() {
  if (Outside.empty())
    return;
  LLVMContext &C = F.getContext();
  // The dominator tree is rebuilt once at the end, not kept up to date.
  DominatorTree *StaleDT = nullptr;
  for (const OutsideStretch &S : Outside) {
    if (S.Before) {
      BasicBlock *Open =
          S.Outer ? SplitBlock(S.Outer->getHeader(),
                               S.Outer->getHeader()->getFirstNonPHIIt(),
                               StaleDT, &LI, nullptr, "prem.compat")
                  : ScratchpadStart;
      // (Before a guard: the stretch ends whether or not the loop runs.)
      tagBlock(S.Guard ? SplitBlock(S.Guard->getParent(), S.Guard->getIterator(),
                                    StaleDT, &LI, nullptr, "prem.compat.end")
                       : SplitEdge(S.Inner->getLoopPredecessor(),
                                   S.Inner->getHeader(), StaleDT, &LI, nullptr,
                                   "prem.compat.end"),
               "compat-end");
      tagBlock(Open, "compat");
    }
    if (S.After) {
      BasicBlock *Exit = S.Inner->getUniqueExitBlock();
      tagBlock(SplitEdge(S.Inner->getExitingBlock(), Exit, StaleDT, &LI,
                         nullptr, "prem.compat"),
               "compat");
      if (S.Guard)
        tagBlock(SplitEdge(S.Guard->getParent(), Exit, StaleDT, &LI, nullptr,
                           "prem.compat"),
                 "compat");
      BasicBlock *End = S.Outer ? S.Outer->getLoopLatch() : ReturnBlock;
      tagBlock(SplitBlock(End, End->getTerminator()->getIterator(), StaleDT,
                          &LI, nullptr, "prem.compat.end"),
               "compat-end");
    }
  }
  // The interval's number: the block's index, as for a partial block, the
  // team's chunk, or the SIMT iteration; defined where it dominates every
  // stretch (no tagged block is the entry block or the SIMT loop's header).
  IRBuilder<> B(ThreadBlock ? F.getEntryBlock().getTerminator()
                            : SIMTLoop->getHeader()->getTerminator());
  Value *Number =
      ThreadBlock ? B.CreateIntrinsic(Intrinsic::nvvm_read_ptx_sreg_ctaid_x, {})
      : BlockTile ? B.CreateTrunc(TileLower, B.getInt32Ty())
                  : B.CreateZExtOrTrunc(SIMTIV, B.getInt32Ty());
  Number =
      B.CreateOr(B.CreateAnd(Number, B.getInt32(PREM_INTERVAL_OUTSIDE - 1)),
                 B.getInt32(PREM_INTERVAL_OUTSIDE));
  auto *Interval =
      cast<Instruction>(B.CreateFreeze(Number, "prem.compat.interval"));
  Interval->setMetadata(ValueMD, tupleOf(C, {i32MD(C, Id), i32MD(C, -1),
                                             MDString::get(C, "compat")}));
  DT.recalculate(F);
  Loop *Outermost = Outside.back().Inner;
  while (Outermost->getParentLoop())
    Outermost = Outermost->getParentLoop();
  SE.forgetLoop(Outermost);
}

/// The code every tile runs first: each array's interval and scratchpad
/// slot, whether they fit and whether a written interval meets another
/// array's, and the branch to the scratchpad path or the global path.
BranchInst *NestTiler::emitTileHeader(IRBuilder<> &B,
                                      StringMap<Value *> &Params,
                                      Value *Interval, uint64_t Iterations,
                                      BasicBlock *LoadBB, BasicBlock *GlobalBB,
                                      Value *Precondition) {
  LLVMContext &C = F.getContext();
  Type *I64 = B.getInt64Ty();
  auto Tag = [&](Value *V, int Array, StringRef What) {
    auto *Fr = cast<Instruction>(B.CreateFreeze(V, ("prem." + What).str()));
    Fr->setMetadata(ValueMD, tupleOf(C, {i32MD(C, Id), i32MD(C, Array),
                                         MDString::get(C, What)}));
    return Fr;
  };
  Tag(Interval, -1, "interval");
  bool Scatters = scatters();
  Value *Used = B.getInt64(0);
  Value *Safe = B.getTrue();
  SmallVector<std::pair<Value *, Value *>, 4> Spans; // [begin, end) addresses
  SmallVector<Value *, 4> Lengths;
  SmallVector<Metadata *, 8> TileOps{i32MD(C, Id), i64MD(C, Iterations),
                                     i64MD(C, BufferBytes)};
  for (auto [K, S] : enumerate(Slots)) {
    const ArrayFootprint &A = Nest.Arrays[S.Array];
    Value *Base = const_cast<Value *>(A.Base);
    Value *Begin, *Len, *Span, *ReadBegin = nullptr;
    if (S.Pitch) {
      // Rows [r0, r1), columns [c0, c1): from byte r0 * Pitch + c0, rows of
      // c1 - c0 bytes, RowAlign-aligned in the scratchpad.
      ByteInterval Rows = emitUnion(S.RowCode, Params, B);
      ByteInterval Columns = emitUnion(S.ColumnCode, Params, B);
      Value *NRows = Tag(B.CreateSub(Rows.End, Rows.Begin), K, "rows");
      Value *Width = Tag(B.CreateSub(Columns.End, Columns.Begin), K, "width");
      Value *RowBytes =
          Tag(B.CreateAnd(B.CreateAdd(Width, B.getInt64(S.RowAlign - 1)),
                          B.getInt64(~(S.RowAlign - 1))),
              K, "rowbytes");
      // In a virtual layout (ArrayFootprint::VirtualRowBytes) the rows are
      // the runtime row length apart in memory, which must be one the
      // layout holds (else the global path).
      Value *Pitch = B.getInt64(S.Pitch);
      if (A.VirtualRowBytes) {
        Value *Length = Params.lookup(A.RowLength);
        Pitch = Tag(B.CreateMul(Length, B.getInt64(A.ElementBytes)), K,
                    "pitch");
        Value *Fits = B.CreateICmpULT(B.CreateSub(Length, B.getInt64(1)),
                                      B.getInt64(ArrayFootprint::MaxRowBytes /
                                                 A.ElementBytes));
        Safe = B.CreateAnd(Safe, Fits);
      }
      Value *First = B.CreateAdd(B.CreateMul(Rows.Begin, Pitch), Columns.Begin);
      Begin = B.CreateGEP(B.getInt8Ty(), Base, First);
      Len = B.CreateMul(NRows, RowBytes);
      Value *AboveLast =
          B.CreateMul(B.CreateSub(NRows, B.getInt64(1)), Pitch);
      Value *Spanned = B.CreateAdd(AboveLast, Width);
      Value *NoRows = B.CreateICmpEQ(NRows, B.getInt64(0));
      Span = B.CreateSelect(NoRows, B.getInt64(0), Spanned);
      if (S.Clipped) {
        // The rectangle's first row from the interval's first byte, its
        // last up to the interval's last: both are in those rows (they are
        // the lowest and highest bytes touched), every row between lies
        // inside the interval.
        ByteInterval Touched = emitUnion(S.TouchedCode, Params, B);
        Value *Empty = B.CreateICmpEQ(NRows, B.getInt64(0));
        Value *Skip = B.CreateSelect(Empty, B.getInt64(0),
                                     B.CreateSub(Touched.Begin, First));
        Value *Cut =
            B.CreateSelect(Empty, B.getInt64(0),
                           B.CreateSub(B.CreateAdd(First, Span), Touched.End));
        Tag(Skip, K, "skip");
        Tag(Cut, K, "cut");
        // What the copies read, for the alias check below.
        ReadBegin = B.CreateGEP(B.getInt8Ty(), Base, B.CreateAdd(First, Skip));
        Span = B.CreateSub(B.CreateSub(Span, Skip), Cut);
      }
    } else {
      ByteInterval Touched = emitUnion(S.TouchedCode, Params, B);
      Len = B.CreateSub(Touched.End, Touched.Begin);
      Begin = B.CreateGEP(B.getInt8Ty(), Base, Touched.Begin);
      Span = Len;
    }
    Tag(Begin, K, "begin");
    Tag(Len, K, "length");
    Tag(Used, K, "slot");
    Used = B.CreateAdd(Used,
                       B.CreateAnd(B.CreateAdd(Len, B.getInt64(SlotAlign - 1)),
                                   B.getInt64(~(SlotAlign - 1))));
    Value *BeginInt = B.CreatePtrToInt(ReadBegin ? ReadBegin : Begin, I64);
    Spans.push_back({BeginInt, B.CreateAdd(BeginInt, Span)});
    Lengths.push_back(Len);
    if (S.storesInterval()) {
      ByteInterval Written = S.WrittenCode->emit(Params, B);
      Tag(B.CreateGEP(B.getInt8Ty(), Base, Written.Begin), K, "wbegin");
      Tag(B.CreateSub(Written.End, Written.Begin), K, "wlength");
    }
    SmallVector<Metadata *, 5> ArrayOps{
        MDString::get(C, S.Name), boolMD(C, A.Read), boolMD(C, S.Written),
        boolMD(C, S.storesInterval() || S.storesRows())};
    if (S.Pitch)
      ArrayOps.push_back(i64MD(C, S.Pitch));
    TileOps.push_back(tupleOf(C, ArrayOps));
    // What the Load phase checks scattered addresses against.
    if (Scatters) {
      Tag(Spans.back().first, K, "spanbegin");
      Tag(Spans.back().second, K, "spanend");
    }
  }
  for (const ByteIntervalExprs &Check : ColumnChecks)
    Safe = B.CreateAnd(Safe, Check.emit(Params, B).Active);
  // Arrays may alias at run time: a written interval must not meet another.
  for (auto [I, S] : enumerate(Slots)) {
    if (!S.Written)
      continue;
    for (size_t J = 0; J < Spans.size(); ++J) {
      if (J == I)
        continue;
      Value *JFirst = B.CreateICmpULE(Spans[J].second, Spans[I].first);
      Value *IFirst = B.CreateICmpULE(Spans[I].second, Spans[J].first);
      Value *Apart = B.CreateOr(IFirst, JFirst);
      Safe = B.CreateAnd(Safe, Apart);
    }
  }
  if (IndirectStride) {
    unsigned K = Slots.size();
    uint64_t Gathered = *indirectBytes(Iterations);
    Tag(B.getInt64(Gathered), K, "length");
    Tag(Used, K, "slot");
    Used = B.CreateAdd(Used, B.getInt64(alignTo(Gathered, SlotAlign)));
    SmallVector<Metadata *, 8> IndirectOps{
        MDString::get(C, Scatters ? "scattered" : "indirect"),
        boolMD(C, !Scatters),
        boolMD(C, Scatters),
        boolMD(C, false),
        i64MD(C, 0),
        i64MD(C, IndirectStride),
        i64MD(C, IndirectThreads)};
    if (Scatters)
      IndirectOps.push_back(boolMD(C, true));
    TileOps.push_back(tupleOf(C, IndirectOps));
  }
  if (IndirectStride && !Scatters) {
    // A gathered element that lies in a written interval is read from that
    // slot: whole elements only.
    for (auto [I, S] : enumerate(Slots)) {
      if (!S.Written)
        continue;
      Value *Ends = B.CreateOr(Spans[I].first, Lengths[I]);
      Safe = B.CreateAnd(
          Safe,
          B.CreateICmpEQ(B.CreateAnd(Ends, B.getInt64(IndirectStride - 1)),
                         B.getInt64(0)));
    }
  }
  if (Precondition)
    Safe = B.CreateAnd(Safe, Precondition);
  Value *Fits = B.CreateAnd(B.CreateICmpULE(Used, B.getInt64(BufferBytes)),
                            Safe, "prem.fits");
  BranchInst *Version = B.CreateCondBr(Fits, LoadBB, GlobalBB);
  Version->setMetadata(TileMD, tupleOf(C, TileOps));
  return Version;
}

/// Strip-mines the loop and versions each tile (see the file comment).
void NestTiler::transform(uint64_t Iterations) {
  LLVMContext &C = F.getContext();
  Type *I64 = Type::getInt64Ty(C), *I32 = Type::getInt32Ty(C);
  if (!L->getLoopPreheader())
    InsertPreheaderForLoop(L, &DT, &LI, nullptr, /*PreserveLCSSA=*/false);
  // (Recursively: a value of an inner loop used after the tiled one, a sum
  // stored after it, must leave through the tile latch too.)
  formLCSSARecursively(*L, DT, &LI, &SE);
  BasicBlock *Pre = L->getLoopPreheader(), *Header = L->getHeader(),
             *Latch = L->getLoopLatch(), *Exit = L->getUniqueExitBlock();
  SmallVector<BasicBlock *, 8> Body(L->blocks());
  SmallVector<PHINode *, 4> HeaderPhis;
  for (PHINode &Phi : Header->phis())
    HeaderPhis.push_back(&Phi);

  SCEVExpander Expander(SE, "prem");
  Instruction *PreEnd = Pre->getTerminator();
  Value *Trips = Expander.expandCodeFor(TripCount, I64, PreEnd);
  Value *TileSize = balancedTileSize(Trips, Iterations, PreEnd);
  StringMap<Value *> Params = expandParams(Expander, PreEnd->getIterator());
  if (TileDepth == 2) {
    // The footprint counts the depth-1 loop's iterations from 0.
    const SCEV *Iteration = SE.getAddRecExpr(SE.getZero(I64), SE.getOne(I64),
                                             Depth1Loop, SCEV::FlagNUW);
    Params[tileparam::Tile1Lower] =
        Expander.expandCodeFor(Iteration, I64, PreEnd->getIterator());
  }

  auto NewBlock = [&](const Twine &Name) {
    return BasicBlock::Create(C, Name, &F, Exit);
  };
  BasicBlock *TileHead = NewBlock("prem.tile");
  BasicBlock *LoadBB = NewBlock("prem.load");
  BasicBlock *StoreBB = NewBlock("prem.store");
  BasicBlock *GlobalBB = NewBlock("prem.global");
  BasicBlock *TileLatch = NewBlock("prem.tile.latch");

  // The tile header: carried state, tile bounds, the byte intervals.
  IRBuilder<> B(TileHead);
  PHINode *Done = B.CreatePHI(I64, 2, "prem.done");
  PHINode *Index = B.CreatePHI(I32, 2, "prem.interval");
  SmallVector<PHINode *, 4> Carried;
  for (PHINode *Phi : HeaderPhis)
    Carried.push_back(B.CreatePHI(Phi->getType(), 2, Phi->getName() + ".tile"));
  Value *Left = B.CreateSub(Trips, Done);
  Value *N = B.CreateBinaryIntrinsic(Intrinsic::umin, Left, TileSize, nullptr,
                                     "prem.n");
  if (TileDepth) {
    // One SIMT iteration (the current one; at depth 2 also the current
    // iteration of the depth-1 loop), iterations Done.. of the tiled loop
    // (its dimension counts iterations from 0).
    if (teamTiles()) {
      Params[tileparam::SIMTCount] = B.getInt64(*Nest.Kernel->SIMT.BlockSize);
      Params[tileparam::SIMTLower] =
          B.CreateSExtOrTrunc(TileLower, I64, "prem.lb");
    } else if (SIMTIV) {
      Params[tileparam::SIMTCount] = B.getInt64(1);
      Params[tileparam::SIMTLower] =
          B.CreateSExtOrTrunc(SIMTIV, I64, "prem.lb");
    }
    Params[formatv("tile{0}_n", TileDepth).str()] = N;
    Params[formatv("tile{0}_lb", TileDepth).str()] = Done;
  } else {
    PHINode *IVTile = Carried[find(HeaderPhis, IV) - HeaderPhis.begin()];
    Params[tileparam::SIMTCount] = N;
    Params[tileparam::SIMTLower] = B.CreateSExtOrTrunc(IVTile, I64, "prem.lb");
  }

  emitTileHeader(B, Params, Index, Iterations, LoadBB, GlobalBB);

  BranchInst::Create(Header, LoadBB);
  tagBlock(LoadBB, "load");
  BranchInst::Create(TileLatch, StoreBB);
  tagBlock(StoreBB, "store");

  // The scratchpad path: the loop, re-entered with the carried state, runs
  // the tile's iterations.
  SmallVector<Value *, 4> NextOf;
  for (auto [K, Phi] : enumerate(HeaderPhis)) {
    NextOf.push_back(Phi->getIncomingValueForBlock(Latch));
    Carried[K]->addIncoming(Phi->getIncomingValueForBlock(Pre), Pre);
    Phi->setIncomingValue(Phi->getBasicBlockIndex(Pre), Carried[K]);
    Phi->setIncomingBlock(Phi->getBasicBlockIndex(Pre), LoadBB);
  }
  PHINode *Count = PHINode::Create(I64, 2, "prem.k");
  Count->insertBefore(Header->begin());
  Count->addIncoming(B.getInt64(0), LoadBB);
  Instruction *OldBr = Latch->getTerminator();
  IRBuilder<> LB(OldBr);
  Value *CountNext = LB.CreateAdd(Count, LB.getInt64(1), "prem.k.next");
  Count->addIncoming(CountNext, Latch);
  LB.CreateCondBr(LB.CreateICmpEQ(CountNext, N), StoreBB, Header);
  OldBr->eraseFromParent();

  // Exit values of the loop become values of the tile latch.
  SmallVector<std::pair<PHINode *, Value *>, 4> ExitValues;
  for (PHINode &Phi : Exit->phis()) {
    int Idx = Phi.getBasicBlockIndex(Latch);
    if (Idx >= 0)
      ExitValues.push_back({&Phi, Phi.getIncomingValue(Idx)});
  }

  // The global path: a copy of the loop as it now is (state in, tile
  // bounds), entered from the global block and leaving to the tile latch.
  ValueToValueMapTy VMap;
  cloneBlocks(Body, ".global", {{LoadBB, GlobalBB}, {StoreBB, TileLatch}},
              VMap);
  BranchInst::Create(cast<BasicBlock>(VMap[Header]), GlobalBB);
  tagBlock(GlobalBB, "global");
  BasicBlock *LatchCopy = cast<BasicBlock>(VMap[Latch]);

  // The tile latch merges the two paths and moves to the next tile.
  B.SetInsertPoint(TileLatch);
  auto Merge = [&](Value *V, const Twine &Name) -> Value * {
    auto *I = dyn_cast<Instruction>(V);
    if (!I || !L->contains(I))
      return V;
    PHINode *Phi = B.CreatePHI(V->getType(), 2, Name);
    Phi->addIncoming(V, StoreBB);
    Phi->addIncoming(VMap[V], LatchCopy);
    return Phi;
  };
  for (auto [K, Phi] : enumerate(HeaderPhis))
    Carried[K]->addIncoming(Merge(NextOf[K], Phi->getName() + ".next"),
                            TileLatch);
  for (auto &[Phi, V] : ExitValues) {
    Value *M = Merge(V, Phi->getName() + ".tile");
    int Idx = Phi->getBasicBlockIndex(Latch);
    Phi->setIncomingValue(Idx, M);
    Phi->setIncomingBlock(Idx, TileLatch);
  }
  Value *DoneNext = B.CreateAdd(Done, N, "prem.done.next");
  Done->addIncoming(B.getInt64(0), Pre);
  Done->addIncoming(DoneNext, TileLatch);
  Index->addIncoming(B.getInt32(0), Pre);
  Index->addIncoming(B.CreateAdd(Index, B.getInt32(1)), TileLatch);
  B.CreateCondBr(B.CreateICmpEQ(DoneNext, Trips), Exit, TileHead);
  tagBlock(TileLatch, "end");
  Pre->getTerminator()->replaceSuccessorWith(Header, TileHead);

  // The interval code is mostly constants for fixed sizes: fold it now that
  // every phi is complete (the contract's freeze values stay).
  const SimplifyQuery SQ(F.getDataLayout());
  for (Instruction &I : make_early_inc_range(*TileHead)) {
    if (isa<FreezeInst>(I) || isa<PHINode>(I))
      continue;
    if (Value *V = simplifyInstruction(&I, SQ)) {
      I.replaceAllUsesWith(V);
      I.eraseFromParent();
    }
  }
  for (Instruction &I : make_early_inc_range(reverse(*TileHead)))
    if (!isa<FreezeInst>(I) && isInstructionTriviallyDead(&I))
      I.eraseFromParent();

  tagAccesses();
}

/// The tile size for a loop of Trips iterations (computed at At, before it):
/// Iterations, or with BalanceChunks the size that cuts Trips into as many
/// tiles as Iterations would, as equal as can be (balanceTiles), rounded up
/// to a multiple of 4 where that is still at most Iterations. Fewer
/// iterations than Iterations fit too: a tile's bytes never grow as it
/// shrinks, and every tile checks its fit.
Value *NestTiler::balancedTileSize(Value *Trips, uint64_t Iterations,
                                   Instruction *At) {
  IRBuilder<> B(At);
  if (!BalanceChunks)
    return B.getInt64(Iterations);
  // (At least one tile: the loop runs at least once where it is entered.)
  Value *Tiles = B.CreateBinaryIntrinsic(
      Intrinsic::umax,
      B.CreateUDiv(B.CreateAdd(Trips, B.getInt64(Iterations - 1)),
                   B.getInt64(Iterations)),
      B.getInt64(1), nullptr, "prem.tiles");
  Value *Even = B.CreateUDiv(
      B.CreateAdd(Trips, B.CreateSub(Tiles, B.getInt64(1))), Tiles);
  Value *Rounded =
      B.CreateAnd(B.CreateAdd(Even, B.getInt64(3)), B.getInt64(~uint64_t(3)));
  return B.CreateSelect(B.CreateICmpULE(Rounded, B.getInt64(Iterations)),
                        Rounded, Even, "prem.size");
}

/// The nest's runtime values (simt_lb aside: each tile has its own), as i64
/// at At.
StringMap<Value *> NestTiler::expandParams(SCEVExpander &Expander,
                                           BasicBlock::iterator At) {
  StringMap<Value *> Params;
  Type *I64 = Type::getInt64Ty(F.getContext());
  for (auto &[Name, S] : Nest.Params)
    if (Name != tileparam::SIMTLower)
      Params[Name] =
          Expander.expandCodeFor(SE.getTruncateOrSignExtend(S, I64), I64, At);
  return Params;
}

void NestTiler::tagBlock(BasicBlock *BB, StringRef What) {
  LLVMContext &C = F.getContext();
  BB->getTerminator()->setMetadata(
      BlockMD, tupleOf(C, {i32MD(C, Id), MDString::get(C, What)}));
}

/// Only the scratchpad path's accesses are rewritten by prem-les.
void NestTiler::tagAccesses() {
  LLVMContext &C = F.getContext();
  for (auto &[I, Slot] : SlotOf)
    const_cast<Instruction *>(I)->setMetadata(
        ArrayMD, tupleOf(C, {i32MD(C, Id), i32MD(C, Slot)}));
}
