//===- ThreadDivergence.h - What differs between a block's threads -*- C++ -*-===//
//
// Part of prem-llvm. Which values and branches of an NVPTX kernel can
// differ between the threads of one block. LLVM's UniformityInfo answers
// for the whole grid and, on NVPTX, takes every call's result as divergent
// (the block index, the block size among them), so a reduction loop over
// blockDim.x / 2 would look divergent; prem-barrier-phases needs the
// block's view: the block and grid registers and the kernel's arguments
// are the same in every thread, the thread index is not.
//
//===----------------------------------------------------------------------===//
#ifndef PREM_SUPPORT_THREADDIVERGENCE_H
#define PREM_SUPPORT_THREADDIVERGENCE_H

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"

namespace llvm {
class BasicBlock;
class Function;
class IntrinsicInst;
class LoopInfo;
class PostDominatorTree;
class Value;
} // namespace llvm

namespace prem {

/// __syncthreads_and/_or/_count (llvm.nvvm.barrier.cta.red.*.aligned.all):
/// a block barrier whose answer is the same in every thread.
bool isBlockReduction(const llvm::IntrinsicInst &II);

class ThreadDivergence {
public:
  ThreadDivergence(llvm::Function &F, const llvm::PostDominatorTree &PDT,
                   const llvm::LoopInfo &LI);
  /// V can differ between two threads of a block.
  bool isDivergent(const llvm::Value *V) const { return Divergent.count(V); }
  /// BB's terminator can send two threads of a block different ways.
  bool hasDivergentBranch(const llvm::BasicBlock &BB) const;

  /// Where the threads a divergent branch parts may be apart: the blocks
  /// reachable from its successors before Join, its immediate
  /// post-dominator, where they meet again (null: they do not).
  struct Parting {
    const llvm::BasicBlock *Join = nullptr;
    llvm::SmallVector<const llvm::BasicBlock *, 8> Apart;
  };
  Parting parting(const llvm::BasicBlock &Branch) const;

private:
  const llvm::PostDominatorTree &PDT;
  llvm::SmallPtrSet<const llvm::Value *, 32> Divergent;
};

} // namespace prem

#endif // PREM_SUPPORT_THREADDIVERGENCE_H
