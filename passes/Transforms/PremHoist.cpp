//===- PremHoist.cpp - A mixed segment's loads into a Load phase ----------===//
//
// USAGE:
//   opt -load-pass-plugin build/lib/PremPlugin.so
//       -passes=prem-hoist,prem-sync kernel.ll -S
//
// Issue 29, seed 001 Sec. 3.2.2: a hand-tiled kernel's mixed segment (it
// computes with what it reads from global memory) whose loads can all run
// at its start (prem-barrier-phases decides, SegmentHoist.cpp) gets them
// there, with their address arithmetic, and a block barrier after them.
// The barrier cuts the segment in two: the loads, a Load phase into
// registers, and the rest, whose computation prem-sync then runs in an
// Execute phase and whose stores in a Store phase. Every thread reaches
// the segment's start together, so the new barrier is met by all of them.
//
//===----------------------------------------------------------------------===//

#include "prem/Transforms/PremHoist.h"
#include "prem/Analysis/BarrierPhases.h"
#include "prem/Support/RemarkLocation.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicsNVPTX.h"
#include "llvm/IR/Module.h"

#define DEBUG_TYPE "prem-hoist"

using namespace llvm;
using namespace prem;

STATISTIC(NumHoistedLoads, "Global loads moved into a Load phase of their own");

PreservedAnalyses PremHoistPass::run(Module &M, ModuleAnalysisManager &MAM) {
  const BarrierPhaseInfo &Barriers = MAM.getResult<BarrierPhaseAnalysis>(M);
  auto &FAM = MAM.getResult<FunctionAnalysisManagerModuleProxy>(M).getManager();
  bool Changed = false;
  for (const BarrierPhasePlan &P : Barriers.Plans) {
    if (!P.accepted())
      continue;
    Function &F = *P.Kernel;
    bool ChangedF = false;
    for (unsigned Index = 0; Index < P.Segments.size(); ++Index) {
      const BarrierSegment &S = P.Segments[Index];
      if (S.Hoist.empty())
        continue;
      // The barrier first: the segment's first instruction may be one that
      // moves.
      IRBuilder<> B(segmentStart(S, F));
      Instruction *Cut =
          B.CreateIntrinsic(Intrinsic::nvvm_barrier_cta_sync_aligned_all,
                            ArrayRef<Type *>{}, {B.getInt32(0)});
      for (Instruction *I : S.HoistChain)
        I->moveBefore(Cut->getIterator());
      for (LoadInst *L : S.Hoist)
        L->moveBefore(Cut->getIterator());
      NumHoistedLoads += S.Hoist.size();
      FAM.getResult<OptimizationRemarkEmitterAnalysis>(F).emit([&] {
        const Instruction &At = *S.Hoist.front();
        return OptimizationRemark("prem", "HoistedLoads", remarkLocation(At),
                                  At.getParent())
               << "kernel " << ore::NV("Kernel", F.getName()) << ": "
               << ore::NV("Loads", unsigned(S.Hoist.size()))
               << " global load(s) of segment "
               << ore::NV("Segment", Index)
               << " moved to its start, a Load phase of their own: the "
                  "computation after them no longer holds memory";
      });
      ChangedF = true;
    }
    if (ChangedF) {
      FAM.invalidate(F, PreservedAnalyses::none());
      Changed = true;
    }
  }
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}
