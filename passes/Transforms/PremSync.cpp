//===- PremSync.cpp - The PREM synchronization skeleton -------------------===//
//
// USAGE:
//   opt -load-pass-plugin build/lib/PremPlugin.so
//       -passes=prem-tile,prem-les,prem-sync kernel.ll -S
//
// Seed 001, Sec. 3.2.2 and Figure 5: before every memory phase the agent
// asks the arbiter for memory (__prem_enter_mem), before every Execute phase
// it gives memory back (__prem_enter_comp), and when the tile is done, after
// its Store phase or its global path, it gives memory back for good
// (__prem_exit_mem; the design's two calls leave the last memory phase of a
// tile open, and an arbiter would never get the token back); all name the
// interval. On a GPU
// the threads of a block form one agent and a block barrier on each side of
// the call makes the phase block-wide; on host offload each thread is its own
// agent and no barrier is needed. Where the phases start is what prem-les
// marked (prem.phase); the calls go first in those blocks, before any copy.
// The accesses prem-tile left outside an inner tile's loop get a memory
// phase around each stretch of them (prem.block "compat", "compat-end"), as
// a partial thread block does around the original code.
//
// A hand-tiled kernel (issue 29, BarrierPhases.h) gets the same calls at
// its own barriers: where the phase changes from one segment to the next,
// right after the barrier that ends the first (the kernel's barrier is the
// one before the call; one more after it holds the block while thread 0
// asks), at the kernel's start when it begins in a memory phase, and
// before its return when it can end in one. The interval is the block's
// number.
//
//===----------------------------------------------------------------------===//

#include "prem/Transforms/PremSync.h"
#include "prem/Analysis/BarrierPhases.h"
#include "prem/Analysis/Report.h"
#include "prem/Support/BlockNumber.h"
#include "prem/Support/RemarkLocation.h"
#include "prem/Transforms/PremTile.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicsAMDGPU.h"
#include "llvm/IR/IntrinsicsNVPTX.h"
#include "llvm/IR/Module.h"
#include "llvm/TargetParser/Triple.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"

#define DEBUG_TYPE "prem-sync"

using namespace llvm;
using namespace prem;

STATISTIC(NumPhaseCalls, "PREM phase calls inserted");
STATISTIC(NumBarrierKernels, "Hand-tiled kernels given phases at their barriers");
STATISTIC(NumBarrierRefused, "Hand-tiled kernels left alone");

/// The barrier that makes a phase change block-wide, or null where each
/// thread is its own agent.
static void blockBarrier(IRBuilderBase &B, const Triple &T) {
  if (T.isNVPTX())
    B.CreateIntrinsic(Intrinsic::nvvm_barrier_cta_sync_aligned_all,
                      ArrayRef<Type *>{}, {B.getInt32(0)});
  else if (T.isAMDGPU()) {
    // s_barrier orders no memory by itself: workgroup fences around it, as
    // HIP's __syncthreads has, so that the Load phase's copies are in LDS
    // before any thread computes on them.
    SyncScope::ID Workgroup =
        B.getContext().getOrInsertSyncScopeID("workgroup");
    B.CreateFence(AtomicOrdering::Release, Workgroup);
    B.CreateIntrinsic(Intrinsic::amdgcn_s_barrier, ArrayRef<Type *>{},
                      ArrayRef<Value *>{});
    B.CreateFence(AtomicOrdering::Acquire, Workgroup);
  }
}


/// Callee(Interval) at B's point, then a block barrier (the one before it
/// is the kernel's, or BeforeToo's).
static void insertPhaseCallAt(Module &M, const Triple &T, IRBuilder<> &B,
                              StringRef Callee, Value *Interval,
                              bool BeforeToo) {
  LLVMContext &C = M.getContext();
  FunctionCallee Call =
      M.getOrInsertFunction(Callee, Type::getVoidTy(C), Type::getInt32Ty(C));
  if (BeforeToo)
    blockBarrier(B, T);
  B.CreateCall(Call, {Interval});
  blockBarrier(B, T);
  ++NumPhaseCalls;
}

/// First in BB, between block barriers: Callee(Interval).
static void insertPhaseCall(Module &M, const Triple &T, BasicBlock *BB,
                            StringRef Callee, Value *Interval) {
  IRBuilder<> B(&*BB->getFirstInsertionPt());
  insertPhaseCallAt(M, T, B, Callee, Interval, /*BeforeToo=*/true);
}

/// The remark that says which phase a segment became.
static void remarkSegment(OptimizationRemarkEmitter &ORE,
                          const BarrierPhasePlan &P, unsigned Index) {
  const BarrierSegment &S = P.Segments[Index];
  const Instruction &At =
      S.Start ? *S.Start : *P.Kernel->getEntryBlock().getFirstNonPHIOrDbg();
  using Kind = BarrierSegment::Kind;
  static constexpr const char *Names[] = {"SegmentExecute", "SegmentLoad",
                                          "SegmentStore", "SegmentLoadStore",
                                          "SegmentMixed"};
  ORE.emit([&] {
    OptimizationRemark R("prem", Names[unsigned(S.K)], remarkLocation(At),
                         At.getParent());
    R << "kernel " << ore::NV("Kernel", P.Kernel->getName()) << ": segment "
      << ore::NV("Segment", Index)
      << (S.Start ? " (after this barrier)" : " (from the kernel's start)")
      << ": ";
    switch (S.K) {
    case Kind::Execute:
      R << "Execute phase (shared memory and registers only)";
      break;
    case Kind::Load:
      R << "Load phase (" << ore::NV("GlobalLoads", S.GlobalLoads)
        << " global load(s), into shared memory or registers)";
      break;
    case Kind::Store:
      R << "Store phase (" << ore::NV("GlobalStores", S.GlobalStores)
        << " global store(s))";
      break;
    case Kind::LoadStore:
      R << "Load/Store phase (" << ore::NV("GlobalLoads", S.GlobalLoads)
        << " global load(s) into shared memory or registers, "
        << ore::NV("GlobalStores", S.GlobalStores) << " global store(s))";
      break;
    case Kind::Mixed:
      R << "memory phase, a compatible interval: it computes with a value "
           "loaded from global memory";
      if (const DebugLoc &DL = S.Computes->getDebugLoc())
        R << " at line " << ore::NV("Line", DL.getLine());
      break;
    }
    // Where a memory segment asks for memory later than its start (its
    // computation before them runs in the Execute phase).
    SmallVector<unsigned, 2> Lines;
    for (const PhaseCall &C : P.Calls) {
      if (C.K != PhaseCall::Kind::EnterMemory || C.Segment != Index ||
          C.Before == segmentStart(S, *P.Kernel))
        continue;
      const Instruction *At = C.Before ? C.Before : &*C.To->getFirstNonPHIOrDbg();
      if (const DebugLoc &DL = At->getDebugLoc())
        if (!is_contained(Lines, DL.getLine()))
          Lines.push_back(DL.getLine());
    }
    llvm::sort(Lines);
    if (!Lines.empty()) {
      R << "; memory from line";
      for (auto [K, Line] : enumerate(Lines))
        R << (K ? ", " : " ") << ore::NV("MemoryLine", Line);
    }
    return R;
  });
}

/// Issue 29: the phases of a hand-tiled kernel at its barriers, where the
/// plan puts them.
static void placeBarrierPhases(Module &M, const Triple &T,
                               const BarrierPhasePlan &P) {
  Function &F = *P.Kernel;
  IRBuilder<> B(&*F.getEntryBlock().getFirstInsertionPt());
  Value *Block = gridBlockNumber(B);
  Value *Interval = B.CreateTrunc(Block, B.getInt32Ty());
  for (const PhaseCall &Call : P.Calls) {
    if (Call.Before)
      B.SetInsertPoint(Call.Before);
    else
      B.SetInsertPoint(
          SplitEdge(Call.From, Call.To, /*DT=*/nullptr, /*LI=*/nullptr)
              ->getTerminator());
    StringRef Callee = Call.K == PhaseCall::Kind::EnterMemory
                           ? "__prem_enter_mem"
                       : Call.K == PhaseCall::Kind::EnterExecute
                           ? "__prem_enter_comp"
                           : "__prem_exit_mem";
    insertPhaseCallAt(M, T, B, Callee, Interval, Call.BarrierBefore);
  }
  F.setMemoryEffects(MemoryEffects::unknown());
  F.removeFnAttr(Attribute::NoSync);
  F.addFnAttr(BarrierPhasesPlacedAttr);
}

PreservedAnalyses PremSyncPass::run(Module &M, ModuleAnalysisManager &MAM) {
  LLVMContext &C = M.getContext();
  Triple T(M.getTargetTriple());
  bool Changed = false;
  // Hand-tiled kernels first: their plans describe the code as it came.
  const BarrierPhaseInfo &Barriers = MAM.getResult<BarrierPhaseAnalysis>(M);
  auto &FAM = MAM.getResult<FunctionAnalysisManagerModuleProxy>(M).getManager();
  TransformRecords &Records = MAM.getResult<TransformRecordsAnalysis>(M);
  for (const BarrierPhasePlan &P : Barriers.Plans) {
    // (prem-les's barriers are not the kernel's.)
    if (!findTiledLoops(*P.Kernel).empty())
      continue;
    Records.BarrierPhases[P.Kernel->getName()] = P.toJSON();
    auto &ORE = FAM.getResult<OptimizationRemarkEmitterAnalysis>(*P.Kernel);
    if (!P.accepted()) {
      ++NumBarrierRefused;
      ORE.emit([&] {
        return OptimizationRemarkMissed("prem", P.Refusal,
                                        remarkLocation(*P.At),
                                        P.At->getParent())
               << "kernel " << P.Kernel->getName()
               << " not transformed: " << P.Reason;
      });
      continue;
    }
    for (unsigned I = 0; I < P.Segments.size(); ++I)
      remarkSegment(ORE, P, I);
    placeBarrierPhases(M, T, P);
    ++NumBarrierKernels;
    Changed = true;
  }
  for (Function &F : M) {
    if (F.isDeclaration())
      continue;
    auto Tiles = findTiledLoops(F);
    if (Tiles.empty())
      continue;
    SmallVector<std::tuple<BasicBlock *, unsigned, bool>, 8> Phases;
    for (BasicBlock &BB : F)
      if (MDNode *MD = BB.getTerminator()->getMetadata(PhaseMD))
        Phases.push_back(
            {&BB,
             unsigned(mdconst::extract<ConstantInt>(MD->getOperand(0))
                          ->getZExtValue()),
             cast<MDString>(MD->getOperand(1))->getString() == "memory"});
    bool Placed = false;
    for (auto [BB, Id, Memory] : Phases) {
      unsigned TileId = Id;
      auto *Tile = find_if(
          Tiles, [TileId](const TiledLoop &TL) { return TL.Id == TileId; });
      if (Tile == Tiles.end() || !Tile->Interval) {
        C.emitError("prem-sync: " + F.getName() +
                    ": a phase names a tile prem-tile did not make");
        continue;
      }
      insertPhaseCall(M, T, BB,
                      Memory ? "__prem_enter_mem" : "__prem_enter_comp",
                      Tile->Interval);
      BB->getTerminator()->setMetadata(PhaseMD, nullptr);
      Placed = true;
    }
    // Both paths of a tile meet when it is done: its last memory phase (the
    // Store phase, or the global path's compatible interval) ends there, so
    // an arbiter can hand memory to the next agent.
    if (Placed)
      for (const TiledLoop &Tile : Tiles) {
        if (Tile.EndBlock && Tile.Interval)
          insertPhaseCall(M, T, Tile.EndBlock, "__prem_exit_mem",
                          Tile.Interval);
        // A thread block that runs its kernel unchanged around inner tiles
        // does so in one memory phase, and the accesses outside an inner
        // tile's loop in one per stretch of them.
        for (const CompatibleIntervals *Compat : {&Tile.Partial, &Tile.Outside})
          if (Compat->Interval) {
            for (BasicBlock *BB : Compat->Opens)
              insertPhaseCall(M, T, BB, "__prem_enter_mem", Compat->Interval);
            for (BasicBlock *BB : Compat->Closes)
              insertPhaseCall(M, T, BB, "__prem_exit_mem", Compat->Interval);
          }
      }
    Changed |= Placed;
  }
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}
