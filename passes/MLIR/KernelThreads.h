//===- KernelThreads.h - A GPU kernel's threads, for its nests --*- C++ -*-===//
//
// Part of prem-llvm. On a GPU a PREM agent is a block (design §3b): a
// tile's boxes are the union over the block's threads, and its phases are
// block-wide, with barriers every thread must reach. This is what the MLIR
// path needs to know of a kernel for that: its thread indices and their
// extents, and which values every thread of a block shares.
//
//===----------------------------------------------------------------------===//

#ifndef PREM_MLIR_KERNELTHREADS_H
#define PREM_MLIR_KERNELTHREADS_H

#include "mlir/IR/Operation.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"

#include <string>

namespace prem::mlirpath {

/// A thread index of the block and its extent.
struct ThreadRange {
  mlir::Value Index;
  int64_t Extent = 1;
  unsigned Dim = 0; ///< x, y, z: two values of one dimension are one index
};

class KernelThreads {
public:
  /// The threads of a gpu.launch (constant block size) or a gpu.func
  /// (known_block_size); refusal() says why not, where not.
  explicit KernelThreads(mlir::Operation *Kernel);

  mlir::Operation *kernel() const { return Kernel; }
  const std::string &refusal() const { return Refusal; }
  llvm::ArrayRef<ThreadRange> indices() const { return Indices; }
  int64_t extent(unsigned Dim) const { return Extent[Dim]; }
  int64_t threadsPerBlock() const { return Extent[0] * Extent[1] * Extent[2]; }
  /// Bytes of workgroup memory the kernel already has (its attributions).
  int64_t workgroupBytes() const;

  /// Whether V is the same in every thread of a block: defined outside the
  /// kernel, a kernel argument, a block index or size, the induction
  /// variable of a loop whose bounds are, or a pure function of such
  /// values. Anything else (thread and lane indices, loaded values) is not.
  bool isUniform(mlir::Value V) const;

  /// A thread index made by the rewrite, to be projected like the others.
  void addIndex(mlir::Value Index, unsigned Dim);

private:
  mlir::Operation *Kernel;
  std::string Refusal;
  llvm::SmallVector<ThreadRange, 4> Indices;
  int64_t Extent[3] = {1, 1, 1};
  llvm::DenseSet<mlir::Value> IndexValues;
  bool isUniform(mlir::Value V, llvm::DenseMap<mlir::Value, bool> &Memo) const;
};

} // namespace prem::mlirpath

#endif
