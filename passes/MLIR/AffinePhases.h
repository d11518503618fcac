//===- AffinePhases.h - PREM phases around one affine tile ------*- C++ -*-===//
//
// Part of prem-llvm. The rewriting of the MLIR path: one tile (an affine.for
// whose instance is a PREM interval) becomes a Load phase, an Execute phase
// on scratchpad buffers and a Store phase (seed 001, Sec. 3.2.3), with the
// runtime's __prem_enter_mem / __prem_enter_comp / __prem_exit_mem around
// them (include/prem/prem_rt.h).
//
//===----------------------------------------------------------------------===//

#ifndef PREM_MLIR_AFFINEPHASES_H
#define PREM_MLIR_AFFINEPHASES_H

#include "AffineFootprint.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "llvm/ADT/StringRef.h"

namespace prem::mlirpath {

/// How memory phases are built, as -prem-mode of the LLVM path
/// (docs/passes.md, prem-les).
enum class PhaseMode {
  Cmpt, ///< compatible interval: the tile runs as it is in a memory phase
  Dae,  ///< decoupled access/execute: the tile stripped to its loads/stores
  Sdma  ///< SoftDMA: one box copy per memref
};
std::optional<PhaseMode> parsePhaseMode(llvm::StringRef Name);
llvm::StringRef phaseModeName(PhaseMode Mode);

/// What the phases of one tile move (bytes per tile, largest tile).
struct PhaseBytes {
  int64_t Load = 0;
  int64_t Store = 0;
};

/// Builds the phases of Tile, whose footprint FP is symbolic in the Depth
/// loops around it. Buffers are allocated before BufferAnchor (the
/// outermost loop of the tiled nest: once per nest, not per tile) and freed
/// after it. Interval is the tile's number (i32) for the runtime calls.
PhaseBytes buildPhases(mlir::affine::AffineForOp Tile, const Footprint &FP,
                       PhaseMode Mode, mlir::Operation *BufferAnchor,
                       mlir::Value Interval);

} // namespace prem::mlirpath

#endif
