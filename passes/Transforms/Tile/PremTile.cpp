//===- PremTile.cpp - Tile SIMT loops into PREM intervals -----------------===//
//
// USAGE:
//   opt -load-pass-plugin build/lib/PremPlugin.so -passes=prem-tile
//       -prem-spm-bytes=49152 kernel.ll -S
//
// Seed 001, Sec. 3.2.2 and Algorithm 2: a thread's share of the worksharing
// loop is cut into tiles of consecutive SIMT iterations (inner loops whole)
// so that the bytes one tile touches fit the scratchpad (Equation 1). Each
// tile becomes one PREM interval. The loop is strip-mined in place: the
// iterations run in the original order, the state the loop carries from one
// iteration to the next (reductions, the induction variable) is carried from
// tile to tile, so results are bit for bit those of the original loop.
//
// What a tile moves is computed at run time from the footprint's isl sets: per
// array, the interval [first byte, last byte] of the tile (the 1-D transfer of
// seed 003; both ends are bytes the tile really touches, so the interval lies
// inside the array). Every tile is versioned: the scratchpad path runs when
// the intervals fit the scratchpad and no written array overlaps another one
// (arrays may alias at run time); otherwise the tile runs unchanged on global
// memory (a compatible interval, Sec. 3.2.3). Both versions carry the same
// state, so the choice is per tile and never changes results.
//
// When one SIMT iteration does not fit, the depth-1 loop is strip-mined the
// same way within each SIMT iteration (Algorithm 2, lines 8-12), and when one
// of its iterations does not fit either, the depth-2 loop within one
// iteration of each. Accesses outside the tiled loop (a sum stored after
// it) are in no tile: each stretch of them runs on global memory in a
// compatible interval of its own (Sec. 3.2.3). A read-only array read
// through accesses of different shapes may get one slot per shape, and one
// read by columns (B[k][j] in a tile of j) a 2-D transfer (seed 003): rows
// of the array's pitch, only the tile's columns of each (clipped to the
// interval where the rectangle would reach outside it). An indirect load or
// store (x[idx[i]], y[idx[i]] = v) has no interval: the tile moves its
// elements through a slot of one per execution (issue 3: dae for them).
//
// On host offload each OpenMP thread is its own PREM agent with a private
// scratchpad. On NVPTX the thread block is the agent and its shared memory
// the scratchpad: a CUDA kernel gets one interval per block (the kernel is
// versioned on the launch: the block size it states, 1-D blocks or the
// shape of its 2-D or 3-D blocks (KernelInfo.h, BlockShape), every
// thread past the bounds guard), or, when the block's data does not fit,
// tiles of its depth-1 loop that all the block's threads run together (the
// other blocks run the original code in one memory phase), an OpenMP SPMD
// kernel's parallel region one
// per call, the team's chunk of the loop (-prem-gpu-tiles: not yet run on a
// GPU; the same for OpenMP on AMDGPU, in LDS). AMDGPU thread-index kernels
// are refused with a remark.
//
// The work is split by job (NestTiler.h lists the files); this file is the
// pass and the order of the steps.
//
//===----------------------------------------------------------------------===//

#include "prem/Transforms/PremTile.h"
#include "NestTiler.h"
#include "prem/Analysis/Report.h"
#include "prem/Support/RemarkLocation.h"
#include "prem/Support/Target.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Debug.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/TargetParser/Triple.h"

#define DEBUG_TYPE "prem-tile"

using namespace llvm;
using namespace prem;
using namespace prem::tile;

STATISTIC(NumTiled, "SIMT loops tiled into PREM intervals");
#define PREM_TILE_REFUSAL_STATISTIC(Name, Description)                         \
  STATISTIC(NumRefused##Name, "Loops not tiled: " Description);
PREM_TILE_REFUSALS(PREM_TILE_REFUSAL_STATISTIC)
#undef PREM_TILE_REFUSAL_STATISTIC

StringRef Refusal::name() const {
  switch (Kind) {
  case None:
    return "Tiled";
#define PREM_TILE_REFUSAL_NAME(Name, Description)                              \
  case Name:                                                                   \
    return #Name;
    PREM_TILE_REFUSALS(PREM_TILE_REFUSAL_NAME)
#undef PREM_TILE_REFUSAL_NAME
  }
  llvm_unreachable("unknown refusal");
}

void Refusal::count() const {
  switch (Kind) {
  case None:
    return;
#define PREM_TILE_REFUSAL_COUNT(Name, Description)                             \
  case Name:                                                                   \
    ++NumRefused##Name;                                                        \
    return;
    PREM_TILE_REFUSALS(PREM_TILE_REFUSAL_COUNT)
#undef PREM_TILE_REFUSAL_COUNT
  }
}

/// A kernel left alone: its record says why, and, where there is code to
/// point at, a missed remark named after the kind of reason.
static void recordRefusal(json::Object &Record, OptimizationRemarkEmitter *ORE,
                          BasicBlock *At, const Function &Kernel,
                          const Refusal &Why) {
  LLVM_DEBUG(dbgs() << "prem-tile: " << Kernel.getName() << " refused ("
                    << Why.name() << "): " << Why.Text << "\n");
  Why.count();
  Record["transformed"] = false;
  Record["reason"] = Why.Text;
  if (ORE)
    ORE->emit([&] {
      const Instruction &First = *At->getFirstNonPHIOrDbg();
      return OptimizationRemarkMissed("prem", Why.name(), remarkLocation(First),
                                      At)
             << "kernel " << Kernel.getName()
             << " not transformed: " << Why.Text;
    });
}

void NestTiler::refuse(json::Object &Record, const Refusal &Why) {
  recordRefusal(Record, &ORE, anchor(), *Nest.Kernel->Entry, Why);
}

void NestTiler::rewrite() {
  LLVM_DEBUG(dbgs() << "prem-tile: " << Nest.Kernel->Entry->getName()
                    << ": tiling the depth-" << TileDepth << " loop"
                    << (ThreadBlock ? " of a thread block"
                        : BlockTile ? " of a team's chunk"
                                    : "")
                    << ", " << TileIterations << " iteration(s) per tile, "
                    << Slots.size() << " slot(s)\n");
  if (BlockTile && !ThreadBlock)
    closeTeamRegion();
  if (BlockTile && !TileDepth) {
    transformBlockTile();
  } else {
    if (ThreadBlock)
      versionThreadBlock();
    else if (BlockTile)
      versionTeamChunk();
    placeCompatibleIntervals();
    transform(TileIterations);
  }
  ++NumTiled;
  remark();
}

PreservedAnalyses PremTilePass::run(Module &M, ModuleAnalysisManager &MAM) {
  if (!isDeviceModule(M))
    return PreservedAnalyses::all();
  // The decision is the prem-tiling analysis' (TilingPlan.cpp); this pass
  // applies it.
  TilingInfo &TI = MAM.getResult<TilingAnalysis>(M);
  auto &FAM = MAM.getResult<FunctionAnalysisManagerModuleProxy>(M).getManager();
  TransformRecords &Records = MAM.getResult<TransformRecordsAnalysis>(M);
  SmallPtrSet<Function *, 4> Changed;
  for (auto [Id, D] : enumerate(TI.Decisions)) {
    json::Object Record = D.Record;
    if (D.Why && D.Tiler) {
      D.Tiler->refuse(Record, D.Why);
    } else if (D.Why) {
      Function *F = D.Anchor ? D.Anchor->getParent() : nullptr;
      recordRefusal(Record,
                    F ? &FAM.getResult<OptimizationRemarkEmitterAnalysis>(*F)
                      : nullptr,
                    D.Anchor, *D.Nest->Kernel->Entry, D.Why);
    } else {
      D.Tiler->rewrite();
      Record["transformed"] = true;
      Changed.insert(D.Nest->Region);
    }
    Records.Tiles.insert({unsigned(Id), std::move(Record)});
    // Its isl objects go while the footprint's context is alive.
    D.Tiler.reset();
  }
  if (Changed.empty()) {
    // The decisions are spent: decided again if asked for.
    PreservedAnalyses PA = PreservedAnalyses::all();
    PA.abandon<TilingAnalysis>();
    return PA;
  }
  for (Function *F : Changed) {
    // What the optimizer inferred of the function no longer holds: its tiles
    // will touch the scratchpad and call the runtime, which synchronises.
    F->setMemoryEffects(MemoryEffects::unknown());
    F->removeFnAttr(Attribute::NoSync);
    FAM.invalidate(*F, PreservedAnalyses::none());
  }
  return PreservedAnalyses::none();
}
