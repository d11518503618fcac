//===- KernelThreads.cpp - A GPU kernel's threads, for its nests ----------===//
//
// Part of prem-llvm. Uniformity is decided by a list of what is known to
// be the same in every thread, not by a list of thread indices: a value
// the list does not name (gpu.lane_id, gpu.global_id, a loaded value) is
// taken to differ between threads.
//
//===----------------------------------------------------------------------===//

#include "KernelThreads.h"

#include "mlir/Dialect/Affine/Analysis/Utils.h"
#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace mlir;

namespace prem::mlirpath {

KernelThreads::KernelThreads(Operation *Kernel) : Kernel(Kernel) {
  if (auto Launch = dyn_cast<gpu::LaunchOp>(Kernel)) {
    gpu::KernelDim3 Ids = Launch.getThreadIds();
    gpu::KernelDim3 Sizes = Launch.getBlockSizeOperandValues();
    Value Id[3] = {Ids.x, Ids.y, Ids.z}, Size[3] = {Sizes.x, Sizes.y, Sizes.z};
    for (unsigned D = 0; D < 3; ++D) {
      std::optional<int64_t> N = getConstantIntValue(Size[D]);
      if (!N || *N <= 0) {
        Refusal = "the launch's block size is not a constant";
        return;
      }
      Extent[D] = *N;
    }
    for (unsigned D = 0; D < 3; ++D)
      addIndex(Id[D], D);
  } else {
    auto Func = cast<gpu::GPUFuncOp>(Kernel);
    std::optional<ArrayRef<int32_t>> Known = Func.getKnownBlockSize();
    if (!Known || Known->size() != 3) {
      Refusal = "the gpu.func has no known_block_size";
      return;
    }
    for (unsigned D = 0; D < 3; ++D)
      Extent[D] = (*Known)[D];
  }
  // gpu.thread_id anywhere in the kernel (a gpu.func's, or one inside a
  // launch body) is a thread index too.
  Kernel->walk([&](gpu::ThreadIdOp Id) {
    addIndex(Id, unsigned(Id.getDimension()));
  });
}

void KernelThreads::addIndex(Value Index, unsigned Dim) {
  Indices.push_back({Index, Extent[Dim], Dim});
  IndexValues.insert(Index);
}

int64_t KernelThreads::workgroupBytes() const {
  ArrayRef<BlockArgument> Buffers;
  if (auto Launch = dyn_cast<gpu::LaunchOp>(Kernel))
    Buffers = Launch.getWorkgroupAttributions();
  else
    Buffers = cast<gpu::GPUFuncOp>(Kernel).getWorkgroupAttributions();
  int64_t Bytes = 0;
  for (BlockArgument B : Buffers)
    if (auto Type = dyn_cast<MemRefType>(B.getType()))
      Bytes += affine::getIntOrFloatMemRefSizeInBytes(Type).value_or(0);
  return Bytes;
}

// The memo lives for one question only: the tiling decision measures
// copies of a nest that it erases, and a new value may take an erased one's
// place.
bool KernelThreads::isUniform(Value V) const {
  llvm::DenseMap<Value, bool> Memo;
  return isUniform(V, Memo);
}

bool KernelThreads::isUniform(Value V, llvm::DenseMap<Value, bool> &Memo) const {
  if (auto Known = Memo.find(V); Known != Memo.end())
    return Known->second;
  // Cycles (a loop's bound through its own variable) are not uniform.
  Memo[V] = false;
  if (IndexValues.contains(V))
    return false;
  bool Is = false;
  if (auto Arg = dyn_cast<BlockArgument>(V)) {
    Operation *Owner = Arg.getOwner()->getParentOp();
    if (!Kernel->isAncestor(Owner)) {
      Is = true; // an argument of the host function around a launch
    } else if (Owner == Kernel) {
      // A launch body's block indices and sizes (its thread indices are
      // listed as not uniform), or a gpu.func's argument.
      if (auto Func = dyn_cast<gpu::GPUFuncOp>(Kernel))
        Is = Arg.getArgNumber() < Func.getNumArguments();
      else
        Is = true;
    } else if (auto Loop = dyn_cast<affine::AffineForOp>(Owner)) {
      Is = Arg == Loop.getInductionVar() &&
           llvm::all_of(Loop->getOperands(),
                        [&](Value Bound) { return isUniform(Bound, Memo); });
    }
  } else {
    Operation *Def = V.getDefiningOp();
    if (!Kernel->isAncestor(Def))
      Is = true;
    else if (isa<gpu::GPUDialect>(Def->getDialect()))
      Is = isa<gpu::BlockIdOp, gpu::GridDimOp, gpu::BlockDimOp>(Def);
    else if (Def->getNumRegions() == 0 && isMemoryEffectFree(Def))
      Is = llvm::all_of(Def->getOperands(),
                        [&](Value Op) { return isUniform(Op, Memo); });
  }
  Memo[V] = Is;
  return Is;
}

} // namespace prem::mlirpath
