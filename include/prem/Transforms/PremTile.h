//===- PremTile.h - Tile SIMT loops into PREM intervals ---------*- C++ -*-===//
//
// Part of prem-llvm. The IR contract between prem-tile, prem-les and
// prem-sync: prem-tile strip-mines a worksharing loop into tiles and versions
// each tile (scratchpad path or global path); the later passes find the pieces
// by the metadata named here.
//
//===----------------------------------------------------------------------===//

#ifndef PREM_TRANSFORMS_PREMTILE_H
#define PREM_TRANSFORMS_PREMTILE_H

#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/PassManager.h"

#include <optional>
#include <string>

namespace llvm {
class BasicBlock;
class BranchInst;
class Function;
class Instruction;
class MDNode;
class Value;
} // namespace llvm

namespace prem {

/// Metadata kinds of the contract.
/// - prem.tile on the branch that versions a tile:
///   !{i32 TileId, i64 Iterations, i64 ScratchpadBytes, !Array...} with
///   Array = !{!"name", i1 Read, i1 Written, i1 WriteHasNoHoles[, i64 Pitch
///   [, i64 GatherStride, i64 GatherThreads]]}, one per scratchpad slot: an
///   array, or one
///   access shape of a read-only array ("A#1", "A#2"); successor 0 is the
///   scratchpad path, successor 1 the global path. Pitch: the slot is a 2-D
///   transfer (seed 003) of rows Pitch bytes apart in the array.
///   WriteHasNoHoles: the tile writes every byte of its written interval
///   (1-D), or of its rectangle as copied (2-D), so SoftDMA stores it back
///   by copies; else it is stored element by element. GatherStride: the last
///   slot, "indirect", holds the elements of the indirect loads (tagged with
///   its index), one per execution, GatherStride bytes apart in the order they
///   run; it has a slot and a length, no begin. On a GPU each of the block's
///   GatherThreads threads gathers its own: the element a thread gathers at
///   byte count c of its own sequence is at slot + c * GatherThreads +
///   thread * GatherStride. A last operand i1 Scatter set: the slot,
///   "scattered", holds the elements of the indirect stores the same way
///   (a GPU thread's in its own column), put there by the Execute phase
///   and stored by the Store phase; every other slot then has spanbegin and
///   spanend values, what the Load phase checks scattered addresses against.
/// - prem.block on a terminator: !{i32 TileId,
///   !"load"|"store"|"global"|"end"}: the (initially empty) block of the
///   Load phase, of the Store phase, the entry of the global path, and the
///   block both paths meet in when the tile is done (where its memory phase
///   ends); "partial"/"partial-end": where a thread block that runs the
///   original code starts and ends its memory phase; "compat"/"compat-end":
///   where a stretch of accesses outside an inner tile's loop starts and
///   ends its compatible interval (several of each).
/// - prem.value on a freeze instruction: !{i32 TileId, i32 Array, !"what"},
///   what = begin (first byte, ptr), length (i64), slot (i64 offset in the
///   scratchpad), wbegin, wlength (written bytes when they have no holes),
///   spanbegin, spanend (i64: the bytes the slot's accesses may touch);
///   for a 2-D slot, begin is its first row's first byte, rows and width
///   (bytes per row) what it holds, rowbytes how far apart its rows are in
///   the scratchpad (length = rows * rowbytes), and pitch, where present,
///   how far apart its rows are in memory (else Pitch); Array = -1 for interval
///   (i32 index of the tile), partial (a partial block's interval) and
///   compat (the stretches' interval, PREM_INTERVAL_OUTSIDE set).
/// - prem.array on a load or store of the scratchpad path: !{i32 TileId,
///   i32 Array}.
/// - prem.phase on a terminator, set by prem-les and read by prem-sync:
///   !{i32 TileId, !"memory"|"execute"}: the phase that starts in that block.
/// - prem.split on the tile's version branch, set by prem-les once it has
///   split the tile (a second run leaves it alone).
inline constexpr const char *TileMD = "prem.tile";
inline constexpr const char *BlockMD = "prem.block";
inline constexpr const char *ValueMD = "prem.value";
inline constexpr const char *ArrayMD = "prem.array";
inline constexpr const char *PhaseMD = "prem.phase";
inline constexpr const char *SplitMD = "prem.split";

/// One scratchpad slot of a tiled loop (an array, or one access shape of a
/// read-only array) as the contract describes it.
struct TiledArray {
  std::string Name;
  bool Read = false, Written = false, WriteHasNoHoles = false;
  llvm::Value *Begin = nullptr, *Length = nullptr, *Slot = nullptr;
  llvm::Value *WriteBegin = nullptr, *WriteLength = nullptr;
  /// 2-D slots (Pitch != 0). Where the array's row length is a runtime
  /// value, its rows are RowPitch bytes apart in memory (an i64 value), and
  /// Pitch is only the virtual layout's, which prem-tile planned with.
  uint64_t Pitch = 0;
  llvm::Value *RowPitch = nullptr;
  /// The slot of the indirect loads (GatherStride != 0), or with Scatter of
  /// the indirect stores.
  uint64_t GatherStride = 0, GatherThreads = 1;
  bool Scatter = false;
  /// With a scattered slot: each other slot's span [SpanBegin, SpanEnd)
  /// (i64 addresses) the scattered addresses must not meet.
  llvm::Value *SpanBegin = nullptr, *SpanEnd = nullptr;
  llvm::Value *Rows = nullptr, *Width = nullptr, *RowBytes = nullptr;
  /// A 2-D slot whose rectangle reaches outside its interval: bytes its
  /// first row's copy leaves out at the start, its last row's at the end.
  llvm::Value *Skip = nullptr, *Cut = nullptr;
};

/// Code a tile leaves on global memory in memory phases of its own
/// (Sec. 3.2.3): the blocks that open them, those that close them, and
/// their interval.
struct CompatibleIntervals {
  llvm::SmallVector<llvm::BasicBlock *, 2> Opens, Closes;
  llvm::Value *Interval = nullptr;
};

/// A tile as prem-les and prem-sync see it.
struct TiledLoop {
  unsigned Id = 0;
  uint64_t Iterations = 0, ScratchpadBytes = 0;
  llvm::BranchInst *Version = nullptr;
  llvm::BasicBlock *LoadBlock = nullptr, *StoreBlock = nullptr,
                   *GlobalBlock = nullptr, *EndBlock = nullptr;
  llvm::Value *Interval = nullptr;
  /// A thread block's inner tiles: a block whose threads do not all pass
  /// the bounds guard runs the original code in one compatible interval
  /// ("partial", "partial-end").
  CompatibleIntervals Partial;
  /// Accesses outside an inner tile's loop (before or after it), each
  /// stretch in a compatible interval ("compat", "compat-end").
  CompatibleIntervals Outside;
  llvm::SmallVector<TiledArray, 4> Arrays;
  /// prem-les has split it already.
  bool Split = false;
};

/// The tiles prem-tile left in F, by id.
llvm::SmallVector<TiledLoop, 2> findTiledLoops(llvm::Function &F);

/// prem-tile: seed 001 Sec. 3.2.2 and Algorithm 2.
class PremTilePass : public llvm::PassInfoMixin<PremTilePass> {
public:
  llvm::PreservedAnalyses run(llvm::Module &M,
                              llvm::ModuleAnalysisManager &MAM);
};

} // namespace prem

#endif // PREM_TRANSFORMS_PREMTILE_H
