//===- TilingPlan.cpp - Choose PREM tile sizes (seed 001, Alg. 2) ---------===//
//
// USAGE:
//   opt -load-pass-plugin build/lib/PremPlugin.so -passes='print<prem-tiling>'
//       -prem-spm-bytes=49152 -disable-output kernel.ll
//
// Seed 001, Algorithm 2: the SIMT dimension of a tile (blockDim) is a
// multiple of the threads that share the scratchpad, so that every thread has
// work in every interval; inner loops are tiled per thread (tileDim_n) only
// when a block iteration with whole inner loops does not fit; Equation 1 must
// hold for the tile's footprint. The footprint here is the exact one of
// prem-footprint (each byte once), not a sum over accesses.
//
// Algorithm 2 takes the largest tile that fits. Larger is not always better:
// a tile that reuses data (gemm's B, a stencil's halo rows) moves fewer bytes
// per iteration when it grows along the reusing dimension. So every maximal
// tiling for a set of blockDim multiples is built the Algorithm 2 way (inner
// loops whole if they fit, else the outermost inner loop as large as fits,
// else 1 and the next loop in), and the one with the fewest bytes per
// iteration is chosen; ties go to the larger tile (fewer intervals, fewer
// synchronisations).
//
// Threads sharing a tile: the block size of a GPU kernel (launch bounds,
// thread_limit, -prem-block-size); one for host offload, where each thread is
// its own PREM agent. A GPU kernel of unknown block size gets no plan.
//
//===----------------------------------------------------------------------===//

#include "prem/Analysis/TilingPlan.h"
#include "prem/Support/Target.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallSet.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Debug.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/TargetParser/Triple.h"

#define DEBUG_TYPE "prem-tiling"

using namespace llvm;
using namespace prem;

STATISTIC(NumPlanned, "SIMT nests with a tiling that fits the scratchpad");

static cl::opt<unsigned> MaxBlockMultiple(
    "prem-tiling-max-multiple", cl::init(64), cl::Hidden,
    cl::desc("Largest multiple of the block size tried as blockDim when the "
             "SIMT trip count is not known"));

/// Bound on an inner tile when the loop's trip count has no compile-time
/// bound: a tile larger than the loop is harmless, only less tight.
static constexpr uint64_t UnboundedInnerLimit = 1 << 16;

AnalysisKey TilingAnalysis::Key;

uint64_t TileCandidate::iterations() const {
  uint64_t N = 1;
  for (uint64_t I : Iterations)
    N *= std::max<uint64_t>(I, 1);
  return N;
}

namespace {
/// Algorithm 2 for one nest, one blockDim at a time.
class TilingDecider {
public:
  TilingDecider(const NestFootprint &Nest, unsigned BlockThreads,
                uint64_t Budget)
      : Nest(Nest), BlockThreads(BlockThreads), Budget(Budget) {
    for (const NestLoop &L : Nest.Loops) {
      if (L.Depth >= MaxIters.size())
        MaxIters.resize(L.Depth + 1, uint64_t(0));
      // A depth is bounded only if every loop at that depth is.
      if (!L.MaxTripCount)
        Unbounded.insert(L.Depth);
      else if (MaxIters[L.Depth])
        *MaxIters[L.Depth] = std::max(*MaxIters[L.Depth], *L.MaxTripCount);
      else
        MaxIters[L.Depth] = *L.MaxTripCount;
    }
    for (unsigned D : Unbounded)
      MaxIters[D] = std::nullopt;
  }

  /// Bytes of the tile when it fits the budget.
  std::optional<uint64_t> fits(ArrayRef<uint64_t> Iterations) const {
    auto Bytes = Nest.bytesPerTile(Iterations);
    if (Bytes && *Bytes <= Budget)
      return Bytes;
    return std::nullopt;
  }

  uint64_t maxMultiple() const {
    if (MaxIters[0])
      return std::max<uint64_t>(1, divideCeil(*MaxIters[0], BlockThreads));
    return MaxBlockMultiple;
  }

  /// Largest multiple of the block size whose tile, inner loops whole,
  /// fits (Algorithm 2, line 3); 0 when even one block iteration does not.
  uint64_t largestWholeMultiple() const {
    uint64_t Lo = 0, Hi = maxMultiple();
    while (Lo < Hi) {
      uint64_t Mid = Lo + (Hi - Lo + 1) / 2;
      if (fits(wholeInner(Mid * BlockThreads)))
        Lo = Mid;
      else
        Hi = Mid - 1;
    }
    return Lo;
  }

  /// The maximal tiling for blockDim = Multiple * BlockThreads
  /// (Algorithm 2, lines 8-12).
  std::optional<TileCandidate> build(uint64_t Multiple) const {
    SmallVector<uint64_t, 4> It = wholeInner(Multiple * BlockThreads);
    for (unsigned D = 1; D < It.size() && !fits(It); ++D) {
      uint64_t Hi = MaxIters[D].value_or(UnboundedInnerLimit);
      uint64_t Lo = 0;
      while (Lo < Hi) {
        uint64_t Mid = Lo + (Hi - Lo + 1) / 2;
        It[D] = Mid;
        if (fits(It))
          Lo = Mid;
        else
          Hi = Mid - 1;
      }
      // No size fits with the deeper loops whole: one iteration here, and
      // tile the next loop in.
      It[D] = std::max<uint64_t>(Lo, 1);
    }
    auto Bytes = fits(It);
    if (!Bytes)
      return std::nullopt;
    TileCandidate C;
    C.Bytes = *Bytes;
    for (auto [D, I] : enumerate(It))
      C.Iterations.push_back(I ? I : MaxIters[D].value_or(0));
    return C;
  }

  std::optional<uint64_t> intervals(const TileCandidate &C) const {
    uint64_t N = 1;
    for (auto [D, I] : enumerate(C.Iterations)) {
      if (!MaxIters[D] || !I)
        return std::nullopt;
      N *= divideCeil(*MaxIters[D], I);
    }
    return N;
  }

private:
  const NestFootprint &Nest;
  unsigned BlockThreads;
  uint64_t Budget;
  SmallVector<std::optional<uint64_t>, 4> MaxIters;
  SmallSet<unsigned, 2> Unbounded;

  SmallVector<uint64_t, 4> wholeInner(uint64_t SIMTIters) const {
    SmallVector<uint64_t, 4> It(MaxIters.size(), 0);
    It[0] = SIMTIters;
    return It;
  }
};
} // namespace

/// Decides the tiling of one nest.
static TilePlan planTiling(const NestFootprint &Nest, unsigned BlockThreads,
                           uint64_t ScratchpadBytes) {
  TilePlan P;
  P.Nest = &Nest;
  P.BlockThreads = BlockThreads;
  P.ScratchpadBytes = ScratchpadBytes;
  if (!Nest.isExact()) {
    P.Why = "no tiling: the footprint is not exact (" +
            Nest.Reasons.front().Message + ")";
    return P;
  }
  if (!BlockThreads) {
    P.Why = "no tiling: the block size is unknown (state it with "
            "__launch_bounds__, thread_limit or -prem-block-size)";
    return P;
  }
  TilingDecider D(Nest, BlockThreads, ScratchpadBytes);
  // blockDim multiples to try: powers of two, and Algorithm 2's largest one
  // with whole inner loops.
  SmallVector<uint64_t, 8> Multiples;
  for (uint64_t M = 1; M <= D.maxMultiple(); M *= 2)
    Multiples.push_back(M);
  if (uint64_t Whole = D.largestWholeMultiple())
    if (!is_contained(Multiples, Whole))
      Multiples.push_back(Whole);
  for (uint64_t M : Multiples)
    if (auto C = D.build(M)) {
      if (none_of(P.Candidates, [&](const TileCandidate &O) {
            return O.Iterations == C->Iterations;
          }))
        P.Candidates.push_back(*C);
    }
  if (P.Candidates.empty()) {
    P.Why = formatv("no tiling: one iteration of every loop across {0} "
                    "thread(s) needs more than {1} bytes",
                    BlockThreads, ScratchpadBytes);
    return P;
  }
  const TileCandidate *Best = &P.Candidates.front();
  for (const TileCandidate &C : P.Candidates) {
    double A = C.bytesPerIteration(), B = Best->bytesPerIteration();
    if (A < B || (A == B && C.iterations() > Best->iterations()))
      Best = &C;
  }
  P.Chosen = *Best;
  P.Intervals = D.intervals(*Best);
  P.Why = formatv("{0}: {1} bytes per tile, {2:f2} bytes per iteration, the "
                  "fewest of {3} maximal tiling(s)",
                  tileText(Best->Iterations), Best->Bytes,
                  Best->bytesPerIteration(), P.Candidates.size());
  ++NumPlanned;
  return P;
}

/// Threads that share one interval's scratchpad.
static unsigned blockThreads(const KernelRecord &K, const Module &M) {
  if (K.SIMT.BlockSize)
    return *K.SIMT.BlockSize;
  Triple T(M.getTargetTriple());
  if (T.isNVPTX() || T.isAMDGPU())
    return 0;
  return 1;
}

TilingInfo TilingAnalysis::run(Module &M, ModuleAnalysisManager &MAM) {
  TilingInfo Result;
  const FootprintInfo &FI = MAM.getResult<FootprintAnalysis>(M);
  uint64_t Budget = scratchpadBudget(M);
  for (const NestFootprint &N : FI.Nests)
    Result.Plans.push_back(planTiling(N, blockThreads(*N.Kernel, M), Budget));
  return Result;
}

const TilePlan *TilingInfo::lookup(const NestFootprint &N) const {
  for (const TilePlan &P : Plans)
    if (P.Nest == &N)
      return &P;
  return nullptr;
}

bool TilingInfo::invalidate(Module &, const PreservedAnalyses &PA,
                            ModuleAnalysisManager::Invalidator &) {
  auto PAC = PA.getChecker<TilingAnalysis>();
  return !PAC.preservedWhenStateless();
}

void TilingInfo::print(raw_ostream &OS) const {
  for (const TilePlan &P : Plans) {
    OS << "kernel " << P.Nest->Kernel->Entry->getName() << " ("
       << P.BlockThreads << " thread(s) per tile, " << P.ScratchpadBytes
       << " bytes of scratchpad)\n";
    for (const TileCandidate &C : P.Candidates)
      OS << formatv("  candidate {0}: {1} bytes, {2:f2} bytes/iteration\n",
                    tileText(C.Iterations), C.Bytes, C.bytesPerIteration());
    if (P.Chosen) {
      OS << "  chosen " << P.Why << "\n";
      OS << "  intervals: ";
      if (P.Intervals)
        OS << *P.Intervals << "\n";
      else
        OS << "unknown (a loop bound is a runtime value)\n";
    } else {
      OS << "  " << P.Why << "\n";
    }
  }
}

json::Object TilingInfo::toJSON(const TilePlan &P) const {
  json::Object O{{"block_threads", P.BlockThreads},
                 {"why", P.Why},
                 {"candidates", int64_t(P.Candidates.size())}};
  if (P.Chosen) {
    O["tile"] = json::Array(P.Chosen->Iterations);
    O["bytes_per_tile"] = P.Chosen->Bytes;
    O["bytes_per_iteration"] = P.Chosen->bytesPerIteration();
    if (P.Intervals)
      O["intervals"] = *P.Intervals;
  }
  return O;
}

PreservedAnalyses TilingPrinterPass::run(Module &M,
                                         ModuleAnalysisManager &MAM) {
  OS << "prem-tiling: module " << M.getName() << "\n";
  MAM.getResult<TilingAnalysis>(M).print(OS);
  return PreservedAnalyses::all();
}
