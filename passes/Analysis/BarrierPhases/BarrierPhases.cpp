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
// This file is the analysis and its printer; the plan is built by
// PlanBuilder (PlanBuilder.h lists the files).
//
//===----------------------------------------------------------------------===//

#include "PlanBuilder.h"
#include "prem/Analysis/KernelInfo.h"
#include "prem/Support/Target.h"

#include "llvm/IR/InstIterator.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/IntrinsicsNVPTX.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/TargetParser/Triple.h"

using namespace llvm;
using namespace prem;
using namespace prem::barrier;

AnalysisKey BarrierPhaseAnalysis::Key;

bool prem::isBlockBarrier(const Instruction &I) {
  const auto *II = dyn_cast<IntrinsicInst>(&I);
  return II && (II->getIntrinsicID() ==
                    Intrinsic::nvvm_barrier_cta_sync_aligned_all ||
                II->getIntrinsicID() == Intrinsic::nvvm_barrier_cta_sync_all ||
                isBlockReduction(*II));
}

const Instruction *prem::ownBlockBarrier(const Function &Kernel) {
  if (Kernel.hasFnAttribute(BarrierPhasesPlacedAttr))
    return nullptr;
  const Instruction *First = nullptr;
  for (const Instruction &I : instructions(Kernel)) {
    if (auto *Call = dyn_cast<CallBase>(&I))
      if (const Function *Callee = Call->getCalledFunction();
          Callee && Callee->getName().starts_with("__prem_"))
        return nullptr;
    if (!First && isBlockBarrier(I))
      First = &I;
  }
  return First;
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
  uint64_t Budget = scratchpadBudget(M);
  for (const KernelRecord &K : KI.Kernels) {
    if (K.Kind != KernelKind::CUDA || K.Entry->isDeclaration() ||
        !ownBlockBarrier(*K.Entry))
      continue;
    Result.Plans.push_back(
        PlanBuilder(*K.Entry, FAM, Budget).build());
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
