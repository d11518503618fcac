//===- TilingPlan.h - Choose PREM tile sizes (seed 001, Alg. 2) -*- C++ -*-===//
//
// Part of prem-llvm. The prem-tiling analysis decides, per SIMT nest, how many
// SIMT iterations (blockDim) and inner-loop iterations (tileDim) one PREM
// interval covers so that the interval's footprint fits the scratchpad
// (seed 001, Algorithm 2 and Equation 1), costed in unique bytes. prem-tile
// applies it only where a tile's sizes are known at run time alone; it
// otherwise chooses its own tile, costed in the bytes of the intervals it
// copies (passes/Transforms/Tile/SlotPlanner.cpp). One decision for both is
// issue 24's open item: until then print<prem-tiling> is Algorithm 2's
// estimate, and the report's prem-tile record says what was applied.
//
//===----------------------------------------------------------------------===//
#ifndef PREM_ANALYSIS_TILINGPLAN_H
#define PREM_ANALYSIS_TILINGPLAN_H

#include "prem/Analysis/Footprint.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/PassManager.h"
#include "llvm/Support/JSON.h"

#include <optional>
#include <string>
#include <vector>

namespace prem {

/// One tiling considered: iterations per depth and what a tile moves.
struct TileCandidate {
  llvm::SmallVector<uint64_t, 4> Iterations;
  uint64_t Bytes = 0;
  uint64_t iterations() const;
  double bytesPerIteration() const { return double(Bytes) / iterations(); }
};

struct TilePlan {
  const NestFootprint *Nest = nullptr;
  /// Threads that share one interval (the block, or 1 for a host thread).
  unsigned BlockThreads = 0;
  uint64_t ScratchpadBytes = 0;
  /// The chosen tiling, when there is one.
  std::optional<TileCandidate> Chosen;
  /// Intervals one block runs, when every loop bound is known.
  std::optional<uint64_t> Intervals;
  /// Every maximal tiling that fits, in the order tried.
  std::vector<TileCandidate> Candidates;
  /// Why this tiling, or why none.
  std::string Why;
};

class TilingInfo {
public:
  std::vector<TilePlan> Plans;
  void print(llvm::raw_ostream &OS) const;
  llvm::json::Object toJSON(const TilePlan &P) const;
  const TilePlan *lookup(const NestFootprint &N) const;
  bool invalidate(llvm::Module &, const llvm::PreservedAnalyses &PA,
                  llvm::ModuleAnalysisManager::Invalidator &);
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
