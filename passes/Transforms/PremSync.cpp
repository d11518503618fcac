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
//===----------------------------------------------------------------------===//

#include "prem/Transforms/PremSync.h"
#include "prem/Transforms/PremTile.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicsAMDGPU.h"
#include "llvm/IR/IntrinsicsNVPTX.h"
#include "llvm/IR/Module.h"
#include "llvm/TargetParser/Triple.h"

#define DEBUG_TYPE "prem-sync"

using namespace llvm;
using namespace prem;

STATISTIC(NumPhaseCalls, "PREM phase calls inserted");

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

/// First in BB, between block barriers: Callee(Interval).
static void insertPhaseCall(Module &M, const Triple &T, BasicBlock *BB,
                            StringRef Callee, Value *Interval) {
  LLVMContext &C = M.getContext();
  FunctionCallee Call =
      M.getOrInsertFunction(Callee, Type::getVoidTy(C), Type::getInt32Ty(C));
  IRBuilder<> B(&*BB->getFirstInsertionPt());
  blockBarrier(B, T);
  B.CreateCall(Call, {Interval});
  blockBarrier(B, T);
  ++NumPhaseCalls;
}

PreservedAnalyses PremSyncPass::run(Module &M, ModuleAnalysisManager &) {
  LLVMContext &C = M.getContext();
  Triple T(M.getTargetTriple());
  bool Changed = false;
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
      auto *Tile =
          find_if(Tiles, [Id](const TiledLoop &TL) { return TL.Id == Id; });
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
