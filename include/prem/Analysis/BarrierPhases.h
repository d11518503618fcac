//===- BarrierPhases.h - PREM phases of hand-tiled kernels ------*- C++ -*-===//
//
// Part of prem-llvm. Issue 29: a CUDA kernel that stages its data in
// __shared__ arrays between __syncthreads() already has PREM's shape; its
// block barriers cut it into segments, and each segment is a phase. The
// prem-barrier-phases analysis finds the segments, says which phase each
// becomes, or why the kernel cannot be run this way; prem-sync places the
// arbiter's calls at the barriers (PremSync.cpp). The analysis changes
// nothing; print<prem-barrier-phases> prints it.
//
//===----------------------------------------------------------------------===//
#ifndef PREM_ANALYSIS_BARRIERPHASES_H
#define PREM_ANALYSIS_BARRIERPHASES_H

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/IR/PassManager.h"
#include "llvm/Support/JSON.h"

#include <string>

namespace llvm {
class BasicBlock;
class Instruction;
class LoadInst;
class raw_ostream;
} // namespace llvm

namespace prem {

/// A block barrier that every thread of the block meets
/// (llvm.nvvm.barrier.cta.sync[.aligned].all, and the reducing forms of
/// __syncthreads_and/_or/_count).
bool isBlockBarrier(const llvm::Instruction &I);

/// The first block barrier of a kernel that synchronises its block itself;
/// null when it has none, or when the plugin has given it phases already
/// (its barriers are then partly the plugin's).
const llvm::Instruction *ownBlockBarrier(const llvm::Function &Kernel);

/// The function attribute prem-sync leaves on a kernel it placed phases in:
/// its barriers are no longer only the kernel's own.
inline constexpr const char *BarrierPhasesPlacedAttr = "prem-barrier-phases";

/// The code a block's threads run from one barrier (or the kernel's start)
/// to the next barriers (or the kernel's end).
struct BarrierSegment {
  /// What the segment does with global memory (Sec. 3.2.2's phases):
  /// nothing (an Execute phase), copies it into shared memory (Load), stores
  /// to it (Store), both (the Store of one tile and the Load of the next),
  /// or computes with what it reads (Mixed: a compatible interval, Sec.
  /// 3.2.3, the whole segment in a memory phase).
  enum class Kind { Execute, Load, Store, LoadStore, Mixed };
  /// The barrier it starts after; null: the kernel's entry.
  llvm::Instruction *Start = nullptr;
  Kind K = Kind::Execute;
  unsigned GlobalLoads = 0, GlobalStores = 0;
  /// Mixed: a global load whose value the segment computes with.
  const llvm::Instruction *Computes = nullptr;
  /// What the segment runs, in the order the walk met it.
  llvm::SmallVector<llvm::Instruction *, 16> Instructions;
  /// Mixed: the global loads it computes with, when every one of them can
  /// run at the segment's start (prem-hoist, SegmentHoist.cpp), in program
  /// order; empty otherwise. HoistChain: the address arithmetic that moves
  /// with them, in an order that defines before use.
  llvm::SmallVector<llvm::LoadInst *, 4> Hoist;
  llvm::SmallVector<llvm::Instruction *, 8> HoistChain;
  /// The segments that can run right before it (those that end at Start).
  llvm::SmallVector<unsigned, 2> Preds;
  /// The kernel can end in it.
  bool EndsKernel = false;
  /// A memory segment entered from an Execute phase asks for memory only
  /// on its paths that touch global memory (where they part from the
  /// others, at a branch every thread takes alike): false when one of its
  /// paths stays in the Execute phase (a loop that runs no iteration on
  /// its way to a store after it).
  bool MemoryOnEveryPath = true;

  bool needsMemory() const { return K != Kind::Execute; }
  /// "execute", "load", "store", "load-store", "mixed".
  llvm::StringRef kindName() const;
};

/// Where prem-sync puts one of the arbiter's calls: before an instruction,
/// or on an edge (in a block of its own). Every thread of the block gets
/// there together.
struct PhaseCall {
  enum class Kind { EnterMemory, EnterExecute, Exit };
  Kind K = Kind::EnterMemory;
  llvm::Instruction *Before = nullptr;
  llvm::BasicBlock *From = nullptr, *To = nullptr;
  /// Not right after one of the kernel's barriers: one goes before the
  /// call too.
  bool BarrierBefore = false;
  /// The segment it starts (none for Exit: the kernel's end).
  unsigned Segment = 0;
};

/// One kernel with block barriers: its segments, or why prem-sync leaves it.
struct BarrierPhasePlan {
  llvm::Function *Kernel = nullptr;
  /// In order: the entry's first, then one per barrier, in the function's
  /// order.
  llvm::SmallVector<BarrierSegment, 8> Segments;
  /// The calls that make the segments phases, where the phase changes.
  llvm::SmallVector<PhaseCall, 8> Calls;
  /// The kernel's own static shared memory; and whether it also uses the
  /// launch's dynamic shared memory (extern __shared__), which no one
  /// counts at compile time.
  uint64_t SharedBytes = 0;
  bool DynamicShared = false;
  /// Empty when the phases can be placed; else the remark name, the reason
  /// and the instruction it is about.
  llvm::StringRef Refusal;
  std::string Reason;
  const llvm::Instruction *At = nullptr;

  bool accepted() const { return Refusal.empty(); }
  unsigned count(BarrierSegment::Kind K) const;
  /// The report's "barrier_phases".
  llvm::json::Object toJSON() const;
};

/// The first instruction segment S runs: after its barrier, or the entry's
/// first insertion point.
llvm::Instruction *segmentStart(const BarrierSegment &S,
                                llvm::Function &Kernel);

/// L reads global memory and the segment whose instructions are In
/// computes with its value (its uses in the segment, through phis and
/// selects, are not all the stored value of a store).
bool computesWith(const llvm::LoadInst &L,
                  const llvm::SmallPtrSetImpl<const llvm::Instruction *> &In);

/// Fills Hoist and HoistChain of P's mixed segments (SegmentHoist.cpp).
void findHoistableLoads(BarrierPhasePlan &P,
                        llvm::FunctionAnalysisManager &FAM);

struct BarrierPhaseInfo {
  llvm::SmallVector<BarrierPhasePlan, 4> Plans;
  /// The plan of a kernel entry with block barriers, or null.
  const BarrierPhasePlan *lookup(const llvm::Function &Kernel) const;
  void print(llvm::raw_ostream &OS) const;
  bool invalidate(llvm::Module &, const llvm::PreservedAnalyses &PA,
                  llvm::ModuleAnalysisManager::Invalidator &);
};

class BarrierPhaseAnalysis
    : public llvm::AnalysisInfoMixin<BarrierPhaseAnalysis> {
  friend llvm::AnalysisInfoMixin<BarrierPhaseAnalysis>;
  static llvm::AnalysisKey Key;

public:
  using Result = BarrierPhaseInfo;
  Result run(llvm::Module &M, llvm::ModuleAnalysisManager &MAM);
};

class BarrierPhasePrinterPass
    : public llvm::PassInfoMixin<BarrierPhasePrinterPass> {
  llvm::raw_ostream &OS;

public:
  explicit BarrierPhasePrinterPass(llvm::raw_ostream &OS) : OS(OS) {}
  llvm::PreservedAnalyses run(llvm::Module &M,
                              llvm::ModuleAnalysisManager &MAM);
  static bool isRequired() { return true; }
};

} // namespace prem

#endif // PREM_ANALYSIS_BARRIERPHASES_H
