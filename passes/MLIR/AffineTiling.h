//===- AffineTiling.h - Tile sizes that fit the scratchpad ------*- C++ -*-===//
//
// Part of prem-llvm. The tiling decision of the MLIR path (seed 001,
// Algorithm 2): per loop of a perfect band, how many iterations a tile
// holds so that the tile's boxes fit the scratchpad.
//
//===----------------------------------------------------------------------===//

#ifndef PREM_MLIR_AFFINETILING_H
#define PREM_MLIR_AFFINETILING_H

#include "AffineFootprint.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"

#include <string>

namespace prem::mlirpath {

struct TileChoice {
  llvm::SmallVector<unsigned, 4> Sizes; ///< iterations per tile, per band loop
  bool Whole = false;  ///< the whole band is one tile: nothing to tile
  /// Band loops that are tiled: those up to the one Algorithm 2 sized (the
  /// loops inside it stay whole, so they are not tiled).
  unsigned TiledLoops = 0;
  int64_t Bytes = 0;   ///< the tile's boxes, in bytes
  std::string Why;     ///< how Sizes was found (for the remark and report)
};

/// Seed 001, Algorithm 2, on the host (a block iteration is one iteration):
/// the first band loop whose tile can hold V >= 1 iterations with every
/// inner band loop whole gets the largest such V; the loops before it get 1.
/// Fails when one iteration of the innermost band loop does not fit
/// (Reason "DoesNotFit"), the band is not a hyper-rectangle
/// ("NotHyperRectangular") or a tile's footprint cannot be computed
/// ("FootprintUnknown"); Why says why.
mlir::FailureOr<TileChoice>
chooseTileSizes(llvm::MutableArrayRef<mlir::affine::AffineForOp> Band,
                unsigned Depth, int64_t SpmBytes,
                const KernelThreads *Threads, std::string &Reason,
                std::string &Why);

/// The bytes a tile touches whose first Sizes.size() band loops take Sizes
/// iterations (the others whole), measured on a tiled copy of the band
/// that is then erased; on a GPU, over the block's Threads.
mlir::FailureOr<int64_t>
tileFootprintBytes(llvm::MutableArrayRef<mlir::affine::AffineForOp> Band,
                   unsigned Depth, llvm::ArrayRef<unsigned> Sizes,
                   const KernelThreads *Threads, std::string &Reason,
                   std::string &Why);

} // namespace prem::mlirpath

#endif
