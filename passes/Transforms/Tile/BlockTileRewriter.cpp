//===- BlockTileRewriter.cpp - A GPU block as the tile --------------------===//
//
// On a GPU the thread block is the PREM agent and its shared memory the
// scratchpad: a CUDA kernel versioned on its launch (one interval per
// block), an OpenMP team's chunk, and the versioning of the part a block's
// inner tiles cannot cover (a partial chunk) onto global memory.
//
//===----------------------------------------------------------------------===//

#include "NestTiler.h"
#include "prem/Support/BlockNumber.h"
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

#include <array>

#define DEBUG_TYPE "prem-tile"

using namespace llvm;
using namespace prem;
using namespace prem::tile;

/// A team's bounds behind a uniform guard (if (0 < n), reachedByWholeTeam):
/// the region starts at the guard's block, and the guard's other edge goes
/// to the return block too. The region's edges into the return block get a
/// block of their own, the region's end from then on, so that a team that
/// skips the loop reaches the return without passing the tile's phases.
void NestTiler::closeTeamRegion() {
  BasicBlock *Start = Nest.Kernel->SIMT.WorksharingCall->getParent();
  if (Start == &F.getEntryBlock())
    return;
  SmallVector<BasicBlock *, 16> Blocks = blocksFrom(F, Start, ReturnBlock);
  SmallPtrSet<BasicBlock *, 16> Region(llvm::from_range, Blocks);
  SmallVector<BasicBlock *, 4> Inside;
  for (BasicBlock *P : predecessors(ReturnBlock))
    if (Region.contains(P))
      Inside.push_back(P);
  // (The region reaches the function's one return: blockTileLegality.)
  assert(!Inside.empty() && "a team's region that never returns");
  ReturnBlock =
      SplitBlockPredecessors(ReturnBlock, Inside, ".prem.region", &DT, &LI);
  RegionClosed = true;
}

/// GPU: the code after the bounds of the team's chunk are known (OpenMP), or
/// from the kernel's first memory access on (CUDA), is versioned once:
/// scratchpad path (Load, the unchanged code with its accesses tagged, Store)
/// or global path (a copy). All threads of the block take the same path: the
/// check depends only on the block and the kernel's arguments.
void NestTiler::transformBlockTile() {
  LLVMContext &C = F.getContext();
  Type *I64 = Type::getInt64Ty(C);
  Instruction *Start =
      ThreadBlock ? RegionStart : Nest.Kernel->SIMT.WorksharingCall;
  BasicBlock *Entry = Start->getParent();
  if (!ThreadBlock) {
    // __kmpc_for_static_init rewrites the bounds it is handed in place:
    // each stripped copy of the region that asks for them again (prem-les)
    // must hand them over as they were.
    auto *Init = cast<CallBase>(Start);
    for (unsigned ArgNo = 3; ArgNo <= 6; ++ArgNo)
      if (Value *V = storedBefore(Init, ArgNo)) {
        auto *St =
            new StoreInst(V, Init->getArgOperand(ArgNo), Init->getIterator());
        if (Start == Init)
          Start = St;
      }
  }
  BasicBlock *Exit =
      ReturnBlock->splitBasicBlock(ReturnBlock->getTerminator(), "prem.exit");
  BasicBlock *Rest =
      Entry->splitBasicBlock(Start->getIterator(), "prem.region");
  // (The return block may have been the entry: take the block before the
  // exit after both splits.)
  BasicBlock *Last = Exit->getSinglePredecessor();
  SmallVector<BasicBlock *, 16> Body = blocksFrom(F, Rest, Exit);
  auto NewBlock = [&](const Twine &Name, BasicBlock *Before) {
    return BasicBlock::Create(C, Name, &F, Before);
  };
  BasicBlock *LoadBB = NewBlock("prem.load", Rest);
  BasicBlock *GlobalBB = NewBlock("prem.global", Exit);
  BasicBlock *StoreBB = NewBlock("prem.store", Exit);
  BranchInst::Create(Rest, LoadBB);
  BranchInst::Create(Exit, StoreBB);
  Last->getTerminator()->replaceSuccessorWith(Exit, StoreBB);

  // The global path: the region's code as it was, leaving to the exit.
  ValueToValueMapTy VMap;
  cloneBlocks(Body, ".global", {{StoreBB, Exit}}, VMap);
  BranchInst::Create(cast<BasicBlock>(VMap[Rest]), GlobalBB);

  // Code goes before the old branch (the expander needs an instruction to
  // insert before), which the version branch then replaces.
  Instruction *OldBranch = Entry->getTerminator();
  SCEVExpander Expander(SE, "prem");
  StringMap<Value *> Params = expandParams(Expander, OldBranch->getIterator());
  IRBuilder<> B(OldBranch);
  if (ThreadBlock) {
    Value *Threads =
        B.CreateIntrinsic(Intrinsic::nvvm_read_ptx_sreg_ntid_x, {});
    Value *Check = emitFullBlockCheck(B, Threads);
    if (!Nest.Kernel->SIMT.BlockSize)
      Params["ntid"] = B.CreateZExt(Threads, I64);
    Value *Block = blockNumber(B);
    emitTileHeader(B, Params, Block, 0, LoadBB, GlobalBB, Check);
  } else {
    // An empty chunk still runs the phases (every thread meets every
    // barrier); its intervals are empty.
    auto [Lower, N] = emitTeamChunk(B);
    Params[tileparam::SIMTLower] = Lower;
    Params[tileparam::SIMTCount] = N;
    Value *Interval = B.CreateTrunc(Lower, B.getInt32Ty());
    Value *Precondition = nullptr;
    if (IndirectStride) {
      // The gathered elements' slot has room for one iteration per thread
      // of a block of the size the kernel states.
      Value *Threads = B.CreateZExt(blockThreads(B), I64);
      Value *Sized = B.CreateICmpEQ(Threads, B.getInt64(IndirectThreads));
      Value *OneEach = B.CreateICmpULE(N, Threads);
      Precondition = B.CreateAnd(Sized, OneEach);
    }
    emitTileHeader(B, Params, Interval, 0, LoadBB, GlobalBB, Precondition);
  }
  OldBranch->eraseFromParent();

  tagBlock(LoadBB, "load");
  tagBlock(StoreBB, "store");
  tagBlock(GlobalBB, "global");
  tagBlock(Exit, "end");
  tagAccesses();
}

std::pair<Value *, Value *> NestTiler::emitTeamChunk(IRBuilder<> &B) const {
  Type *I64 = B.getInt64Ty();
  Value *Lower = B.CreateSExtOrTrunc(TileLower, I64, "prem.lb");
  Value *Upper = B.CreateSExtOrTrunc(TileUpper, I64, "prem.ub");
  if (auto GU = Nest.Kernel->SIMT.GlobalUpper)
    Upper = B.CreateBinaryIntrinsic(Intrinsic::smin, Upper, B.getInt64(*GU));
  Value *N = B.CreateBinaryIntrinsic(
      Intrinsic::smax, B.CreateAdd(B.CreateSub(Upper, Lower), B.getInt64(1)),
      B.getInt64(0), nullptr, "prem.n");
  return {Lower, N};
}

Value *NestTiler::blockThreads(IRBuilderBase &B) const {
  if (Triple(F.getParent()->getTargetTriple()).isAMDGPU())
    return B.CreateCall(F.getParent()->getOrInsertFunction(
        "__kmpc_get_hardware_num_threads_in_block", B.getInt32Ty()));
  return B.CreateIntrinsic(Intrinsic::nvvm_read_ptx_sreg_ntid_x, {});
}

/// Versions the code from Start on, where every thread of the block is, on
/// the condition Full emits there: the tiles' code where it holds, else a
/// copy of the original code, which prem-sync runs in one memory phase
/// numbered by Number (a compatible interval, Sec. 3.2.3, as a block
/// tile's global path is). Returns the first block of the tiles' code.
BasicBlock *
NestTiler::versionPartial(Instruction *Start,
                          function_ref<Value *(IRBuilder<> &)> Number,
                          function_ref<Value *(IRBuilder<> &)> Full) {
  BasicBlock *Entry = Start->getParent();
  BasicBlock *Rest =
      Entry->splitBasicBlock(Start->getIterator(), "prem.region");
  // (The return block may have been the entry: it is after the split. A
  // closed region's end is not a return.)
  if (!RegionClosed)
    ReturnBlock = uniqueReturnBlock(F);
  SmallVector<BasicBlock *, 16> Body = blocksFrom(
      F, Rest, RegionClosed ? ReturnBlock->getSingleSuccessor() : nullptr);
  ValueToValueMapTy VMap;
  cloneBlocks(Body, ".partial", {}, VMap);
  auto *Partial = cast<BasicBlock>(VMap[Rest]);
  Instruction *OldBranch = Entry->getTerminator();
  IRBuilder<> B(OldBranch);
  LLVMContext &C = F.getContext();
  auto *Interval =
      cast<Instruction>(B.CreateFreeze(Number(B), "prem.partial.interval"));
  Interval->setMetadata(ValueMD, tupleOf(C, {i32MD(C, Id), i32MD(C, -1),
                                             MDString::get(C, "partial")}));
  B.CreateCondBr(Full(B), Rest, Partial);
  OldBranch->eraseFromParent();
  tagBlock(Partial, "partial");
  tagBlock(cast<BasicBlock>(VMap[ReturnBlock]), "partial-end");
  // The loops keep their blocks; the copies are in none (nothing asks).
  DT.recalculate(F);
  return Rest;
}

/// A team's inner tiles run where each thread has one iteration of the
/// chunk (teamTileLegality): the region is versioned once, before
/// __kmpc_for_static_init, on a full chunk and a block of the stated size.
/// Other chunks (the loop's last, a smaller block) run the original code.
void NestTiler::versionTeamChunk() {
  versionPartial(
      Nest.Kernel->SIMT.WorksharingCall,
      [&](IRBuilder<> &B) {
        return B.CreateSExtOrTrunc(TileLower, B.getInt32Ty());
      },
      [&](IRBuilder<> &B) {
        Value *N = emitTeamChunk(B).second;
        Value *Size = B.getInt64(*Nest.Kernel->SIMT.BlockSize);
        Value *Threads = B.CreateZExt(blockThreads(B), B.getInt64Ty());
        Value *FullBlock = B.CreateICmpEQ(Threads, Size);
        Value *FullChunk = B.CreateICmpEQ(N, Size);
        return B.CreateAnd(FullChunk, FullBlock, "prem.full");
      });
}

/// A thread block's inner tiles run where every thread of the block passes
/// the bounds guard: the kernel is versioned once, before its first memory
/// access, on that (the other blocks run the original code).
void NestTiler::versionThreadBlock() {
  BasicBlock *Entry = RegionStart->getParent();
  BasicBlock *Rest = versionPartial(
      RegionStart,
      [&](IRBuilder<> &B) { return blockNumber(B); },
      [&](IRBuilder<> &B) {
        return emitFullBlockCheck(
            B, B.CreateIntrinsic(Intrinsic::nvvm_read_ptx_sreg_ntid_x, {}));
      });
  ScratchpadStart = BodyStart == Entry ? Rest : BodyStart;
}

/// The block's number, its tile's interval: the x index (a 2-D or 3-D
/// grid's blocks of one x share it), or, for a kernel of 2-D or 3-D blocks
/// (whose grids are too), x + X * (y + Y * z) over the grid, as the runtime
/// numbers agents.
Value *NestTiler::blockNumber(IRBuilder<> &B) const {
  if (!Nest.Kernel->SIMT.BlockShape)
    return B.CreateIntrinsic(Intrinsic::nvvm_read_ptx_sreg_ctaid_x, {});
  return gridBlockNumber(B);
}

Value *NestTiler::emitFullBlockCheck(IRBuilder<> &B, Value *Threads) {
  const SIMTInfo &SIMT = Nest.Kernel->SIMT;
  auto Read = [&](Intrinsic::ID ID) { return B.CreateIntrinsic(ID, {}); };
  Value *Full;
  // The thread index at each corner of the block: the guard's comparisons
  // are affine in it without wrapping (cornerBoundedSide), so each side's
  // difference is least and greatest at corners, and a comparison holds at
  // every thread where it holds at every corner. With one thread dimension
  // per comparison the first and the last thread are enough; a comparison
  // of two (syr2k's j <= i) needs all four (eight for three).
  SmallVector<ValueToSCEVMapTy, 8> Corners;
  if (SIMT.BlockShape) {
    // The footprint numbers the threads of a block of this shape.
    Value *Shape[3] = {Threads, Read(Intrinsic::nvvm_read_ptx_sreg_ntid_y),
                       Read(Intrinsic::nvvm_read_ptx_sreg_ntid_z)};
    Full = nullptr;
    for (auto [Dim, Size] : enumerate(*SIMT.BlockShape)) {
      Value *Stated = B.CreateICmpEQ(Shape[Dim], B.getInt32(Size));
      Full = Full ? B.CreateAnd(Full, Stated) : Stated;
    }
    // Each corner as the index it gives each dimension: the first and the
    // last thread, or every first-or-last combination.
    const std::array<unsigned, 3> &Size = *SIMT.BlockShape;
    SmallVector<std::array<unsigned, 3>, 8> Points{{0, 0, 0}};
    if (!GuardRelatesDimensions)
      Points.push_back({Size[0] - 1, Size[1] - 1, Size[2] - 1});
    else
      for (unsigned Dim : {0, 1, 2}) {
        if (Size[Dim] == 1)
          continue;
        SmallVector<std::array<unsigned, 3>, 8> Next;
        for (std::array<unsigned, 3> P : Points) {
          Next.push_back(P);
          P[Dim] = Size[Dim] - 1;
          Next.push_back(P);
        }
        Points = std::move(Next);
      }
    for (const std::array<unsigned, 3> &P : Points) {
      ValueToSCEVMapTy &Corner = Corners.emplace_back();
      for (auto [Dim, Reads] : enumerate(SIMT.threadIndexReadsByDim()))
        for (Value *Tid : *Reads)
          Corner[Tid] = SE.getConstant(Tid->getType(), P[Dim]);
    }
  } else {
    // 1-D blocks: the accesses do not depend on y and z (the footprint
    // refuses those reads in a kernel of no block shape).
    Value *FlatZ = B.CreateICmpEQ(Read(Intrinsic::nvvm_read_ptx_sreg_ntid_z),
                                  B.getInt32(1));
    Value *FlatY = B.CreateICmpEQ(Read(Intrinsic::nvvm_read_ptx_sreg_ntid_y),
                                  B.getInt32(1));
    Full = B.CreateAnd(FlatY, FlatZ);
    // The footprint is for the block size the kernel states: a smaller
    // block would make intervals reach past its data.
    if (SIMT.BlockSize)
      Full = B.CreateAnd(Full,
                         B.CreateICmpEQ(Threads, B.getInt32(*SIMT.BlockSize)));
    Corners.resize(2);
    for (Value *Tid : SIMT.ThreadIndexReads) {
      Corners[0][Tid] = SE.getZero(Tid->getType());
      Corners[1][Tid] = SE.getMinusSCEV(
          SE.getTruncateOrZeroExtend(SE.getSCEV(Threads), Tid->getType()),
          SE.getOne(Tid->getType()));
    }
  }
  if (Guards.empty())
    return Full;
  // Each side of each comparison at each corner.
  SCEVExpander Expander(SE, "prem");
  SmallVector<SmallVector<std::array<Value *, 2>, 8>, 2> Sides(Guards.size());
  for (ValueToSCEVMapTy &Corner : Corners)
    for (auto [G, S] : zip(Guards, Sides)) {
      std::array<Value *, 2> &At = S.emplace_back();
      for (unsigned Op : {0, 1}) {
        Value *V = G.Cmp->getOperand(Op);
        At[Op] = Expander.expandCodeFor(
            SCEVParameterRewriter::rewrite(SE.getSCEV(V), SE, Corner),
            V->getType(), B.GetInsertPoint());
      }
      Value *Passes = B.CreateICmp(G.Cmp->getPredicate(), At[0], At[1]);
      if (G.Inverted)
        Passes = B.CreateNot(Passes);
      Full = B.CreateAnd(Full, Passes);
    }
  // x != y (i > 0 on a non-negative i) holds at every corner and fails
  // between them when x - y crosses zero inside the block: the sides must
  // compare the same way at every corner.
  for (auto [G, S] : zip(Guards, Sides)) {
    CmpInst::Predicate P =
        G.Inverted ? G.Cmp->getInversePredicate() : G.Cmp->getPredicate();
    if (P != CmpInst::ICMP_NE)
      continue;
    Value *FirstAbove = B.CreateICmpSGT(S[0][0], S[0][1]);
    for (const std::array<Value *, 2> &At : drop_begin(S)) {
      Value *Above = B.CreateICmpSGT(At[0], At[1]);
      Full = B.CreateAnd(Full, B.CreateICmpEQ(FirstAbove, Above));
    }
  }
  return Full;
}
