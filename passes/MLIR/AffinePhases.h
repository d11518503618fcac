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

/// A GPU tile's block: its kernel (gpu.launch or gpu.func), whose workgroup
/// attributions hold the buffers, the thread's linear index in the block
/// (a valid affine dim at the tile) and the block's thread count.
struct GpuBlock {
  mlir::Operation *Kernel = nullptr;
  mlir::Value ThreadLinear;
  int64_t Threads = 1;
};

/// Builds the phases of Tile, whose footprint FP is symbolic in the loops
/// around it. On the host (Gpu null) buffers are allocated before
/// BufferAnchor (the outermost loop around the tiled nest: once, not per
/// tile) and freed after it; on a GPU they are workgroup memory of the
/// kernel, the block's threads share the box copies, and every runtime call
/// sits between two gpu.barrier (a phase is the block's). Interval is the
/// tile's number (i32) for the runtime calls.
PhaseBytes buildPhases(mlir::affine::AffineForOp Tile, const Footprint &FP,
                       PhaseMode Mode, mlir::Operation *BufferAnchor,
                       mlir::Value Interval, const GpuBlock *Gpu);

/// The accesses of Loop's body outside its Inner nests (the nests that are
/// the intervals), each made a compatible interval: between
/// __prem_enter_mem and __prem_exit_mem with the interval number
/// PREM_INTERVAL_OUTSIDE (prem_rt.h), so that no access runs outside a
/// memory phase. Returns how many.
unsigned protectOutsideAccesses(mlir::affine::AffineForOp Loop,
                                const GpuBlock *Gpu);

/// Op as one compatible interval (PREM_INTERVAL_OUTSIDE): between
/// __prem_enter_mem and __prem_exit_mem, as it is.
void protectAsCompatibleInterval(mlir::Operation *Op, const GpuBlock *Gpu);

} // namespace prem::mlirpath

#endif
