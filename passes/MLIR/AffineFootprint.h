//===- AffineFootprint.h - Per-memref boxes of an affine nest ---*- C++ -*-===//
//
// Part of prem-llvm. The footprint of the MLIR path (seed 001, Algorithm 1):
// for the operations under one root, one bounding box per memref, computed
// by MLIR's affine analysis (affine::MemRefRegion), parametric in the loops
// around the root. The copies of a PREM interval move these boxes.
//
//===----------------------------------------------------------------------===//

#ifndef PREM_MLIR_AFFINEFOOTPRINT_H
#define PREM_MLIR_AFFINEFOOTPRINT_H

#include "KernelThreads.h"

#include "mlir/Dialect/Affine/Analysis/Utils.h"
#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/IR/Operation.h"

#include <memory>
#include <string>

namespace prem::mlirpath {

/// One memref's box: the union of the regions of its accesses under the
/// root, symbolic in the loops around the root (and the function's symbols).
struct MemRefBox {
  mlir::Value MemRef;
  bool Read = false;
  bool Written = false;
  std::unique_ptr<mlir::affine::MemRefRegion> Region;
  llvm::SmallVector<int64_t, 4> Shape; ///< constant extent per dimension
  int64_t Elements = 0;
  int64_t ElementBytes = 0;
  /// The values the region is symbolic in (the loops around the root, then
  /// the function's symbols), and per dimension the box's first index as an
  /// expression of them (as affine dims d0, d1, ...).
  llvm::SmallVector<mlir::Value, 4> Symbols;
  llvm::SmallVector<mlir::AffineExpr, 4> Offsets;
  /// Every element of the box is written by the tile (writesWholeBox): its
  /// Store phase may copy the box out whole, and nothing need be copied in.
  bool WritesWholeBox = false;
  int64_t bytes() const { return Elements * ElementBytes; }
};

struct Footprint {
  llvm::SmallVector<MemRefBox, 4> Boxes; ///< in first-access order
  int64_t Bytes = 0;                     ///< sum over the boxes
};

/// The boxes of the affine.load/affine.store operations under Root, for one
/// instance of Root when the Depth loops around it are fixed, and, on a GPU
/// (Threads), over all threads of the block: their indices range over the
/// block and are projected out. Fails (Why says why) where a region cannot
/// be computed, has no constant bound, or depends on a value computed
/// inside Root or, on a GPU, on one that is not the same in every thread.
mlir::FailureOr<Footprint> computeFootprint(mlir::Operation *Root,
                                            unsigned Depth, std::string &Why,
                                            const KernelThreads *Threads);

/// Whether the tile rooted at Tile writes every element of MemRef's box:
/// one store of it and no load, under affine.for loops only, each of step
/// 1 with bounds fixed outside the tile and at least one iteration (a loop
/// of NonEmpty, or a constant trip count), whose subscripts are each one
/// loop variable (or, on a GPU, one thread index) plus what the tile fixes,
/// each variable in one subscript at most. Then the store's image is the
/// box itself, with no hole. Anything else answers false.
bool writesWholeBox(mlir::Operation *Tile, mlir::Value MemRef,
                    llvm::ArrayRef<mlir::affine::AffineForOp> NonEmpty,
                    const KernelThreads *Threads);

/// A name for the memref in remarks and the report: the function argument's
/// position ("arg2") or the defining operation's name.
std::string memRefName(mlir::Value MemRef);

} // namespace prem::mlirpath

#endif
