//===- TilingPlan.h - The PREM tile decision --------------------*- C++ -*-===//
//
// Part of prem-llvm. The prem-tiling analysis is the one place where a tile
// is decided: per SIMT nest, whether it can be tiled (legality, each reason
// a named Refusal), which loop is cut (seed 001, Algorithm 2, lines 8-12:
// the worksharing loop, else one loop deeper), the scratchpad slots and
// their transfers (seed 003), and the tile's size (Equation 1), costed in
// the bytes the slots really move. prem-tile applies exactly this decision
// (it rewrites the state the decision leaves, it never decides again), so
// print<prem-tiling> prints what prem-tile does.
//
// The decision is made in passes/Transforms/Tile (NestTiler.h lists its
// files), where the state it hands to the rewriters is defined.
//
//===----------------------------------------------------------------------===//
#ifndef PREM_ANALYSIS_TILINGPLAN_H
#define PREM_ANALYSIS_TILINGPLAN_H

#include "prem/Analysis/Footprint.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/IR/PassManager.h"
#include "llvm/Support/JSON.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace prem {

namespace tile {
class NestTiler;
} // namespace tile

/// Why a loop is left alone, one name per kind of reason: the name of the
/// missed remark and of the STATISTIC that counts it (as LoopFuse's
/// fail("NotLoopSimplifyForm", ...)), with the text the remark and the
/// report give.
#define PREM_TILE_REFUSALS(X)                                                  \
  X(ScratchpadTooLarge, "the scratchpad is too large for a host thread")       \
  X(GPUTilesOff, "GPU tiles are off for the kernel's kind or target")          \
  X(OneTiledLoopPerFunction, "the function has a tiled loop already")          \
  X(NoRegion, "no function holds the kernel's work")                           \
  X(OwnBarriers, "the kernel's block barriers delimit its phases")            \
  X(NotExact, "the footprint is not exact")                                    \
  X(NoWorksharingLoop, "the kernel has no worksharing loop")                   \
  X(LoopShape, "a loop is not in the form strip-mining needs")                 \
  X(UnknownTripCount, "a trip count is not known when the loop starts")        \
  X(NoInnerLoop, "no single inner loop to tile deeper")                        \
  X(NotUniform, "a GPU tile's loop does not run alike in every thread")        \
  X(OutsideAccess, "accesses outside an inner tile's loop cannot be placed")   \
  X(KernelShape, "the kernel is not in a shape GPU tiles handle")              \
  X(ArrayNotCopyable, "an array has no interval to copy")                      \
  X(NoIntervalCode, "an array's interval has no code")                         \
  X(ControlOnLoadedData, "control flow depends on loaded data")                \
  X(MemoryOperation, "a memory operation other than a counted load or store")  \
  X(ConditionalAccess, "an access runs only under a condition")                \
  X(RuntimeValueLate, "a runtime value is computed after the tile starts")     \
  X(Indirect, "an indirect access the tile cannot gather or scatter")          \
  X(NoFit, "no tile fits the scratchpad")                                      \
  X(RuntimeSizes, "the tile's bytes depend on runtime values")

/// A default Refusal means "no reason": tile it.
struct Refusal {
  enum Kinds {
    None,
#define PREM_TILE_REFUSAL_KIND(Name, Description) Name,
    PREM_TILE_REFUSALS(PREM_TILE_REFUSAL_KIND)
#undef PREM_TILE_REFUSAL_KIND
  };
  Kinds Kind = None;
  std::string Text;
  explicit operator bool() const { return Kind != None; }
  /// The remark's name ("Tiled" for no reason).
  llvm::StringRef name() const;
  /// Counts the refusal in its STATISTIC.
  void count() const;
};

/// The decision for one nest.
struct TileDecision {
  TileDecision();
  TileDecision(TileDecision &&);
  TileDecision &operator=(TileDecision &&);
  ~TileDecision();

  const NestFootprint *Nest = nullptr;
  /// Why the nest is left alone; none when it is tiled.
  Refusal Why;
  /// The loop cut into tiles (0: the worksharing loop or the thread block),
  /// and the iterations of it one tile holds (0 for a GPU block of a size
  /// known only at launch).
  unsigned Depth = 0;
  uint64_t Iterations = 0;
  /// prem-tile's report record as decided: the tile, its intervals, each
  /// slot's transfer and bytes, and why this size (or why none).
  llvm::json::Object Record;
  /// The decided state prem-tile rewrites (null when refused).
  std::unique_ptr<tile::NestTiler> Tiler;
  /// Where remarks about the kernel point (null: nowhere, e.g. no region).
  llvm::BasicBlock *Anchor = nullptr;
};

class TilingInfo {
public:
  std::vector<TileDecision> Decisions;
  void print(llvm::raw_ostream &OS) const;
  /// The decision as the report's "tiling" object.
  static llvm::json::Object toJSON(const TileDecision &D);
  const TileDecision *lookup(const NestFootprint &N) const;
  bool invalidate(llvm::Module &M, const llvm::PreservedAnalyses &PA,
                  llvm::ModuleAnalysisManager::Invalidator &Inv);
};

class TilingAnalysis : public llvm::AnalysisInfoMixin<TilingAnalysis> {
  friend llvm::AnalysisInfoMixin<TilingAnalysis>;
  static llvm::AnalysisKey Key;

public:
  using Result = TilingInfo;
  Result run(llvm::Module &M, llvm::ModuleAnalysisManager &MAM);
};

class TilingPrinterPass : public llvm::PassInfoMixin<TilingPrinterPass> {
  llvm::raw_ostream &OS;

public:
  explicit TilingPrinterPass(llvm::raw_ostream &OS) : OS(OS) {}
  llvm::PreservedAnalyses run(llvm::Module &M,
                              llvm::ModuleAnalysisManager &MAM);
  static bool isRequired() { return true; }
};

} // namespace prem

#endif // PREM_ANALYSIS_TILINGPLAN_H
