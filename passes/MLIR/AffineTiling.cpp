//===- AffineTiling.cpp - Tile sizes that fit the scratchpad --------------===//
//
// Part of prem-llvm. Seed 001, Sec. 3.2.2 and Algorithm 2. A tile's
// footprint is measured on the real tiled loops (a tiled clone of the band,
// erased afterwards), so the bytes the decision counts are the boxes the
// copies will move, partial tiles at the edges included.
//
//===----------------------------------------------------------------------===//

#include "AffineTiling.h"
#include "AffineFootprint.h"

#include "mlir/Dialect/Affine/Analysis/LoopAnalysis.h"
#include "mlir/Dialect/Affine/LoopUtils.h"
#include "mlir/IR/Builders.h"
#include "llvm/Support/FormatVariadic.h"

using namespace mlir;
using namespace mlir::affine;

namespace prem::mlirpath {

/// Largest tile size tried on a loop without a constant trip count.
static constexpr unsigned UnknownTripCap = 1u << 20;

static unsigned tripOrCap(AffineForOp Loop) {
  std::optional<uint64_t> Trip = getConstantTripCount(Loop);
  if (!Trip)
    return UnknownTripCap;
  return unsigned(std::min<uint64_t>(std::max<uint64_t>(*Trip, 1),
                                     UnknownTripCap));
}

FailureOr<int64_t> tileFootprintBytes(MutableArrayRef<AffineForOp> Band,
                                      unsigned Depth, ArrayRef<unsigned> Sizes,
                                      const KernelThreads *Threads,
                                      std::string &Reason, std::string &Why) {
  Reason = "FootprintUnknown";
  if (Sizes.empty()) {
    FailureOr<Footprint> FP = computeFootprint(Band.front(), Depth, Why, Threads);
    if (failed(FP))
      return failure();
    return FP->Bytes;
  }
  // Tile the first Sizes.size() loops of a copy, as the rewrite will: the
  // loops inside them stay whole.
  unsigned N = Sizes.size();
  OpBuilder B(Band.front());
  auto Clone = cast<AffineForOp>(B.clone(*Band.front()));
  SmallVector<AffineForOp, 4> CloneBand;
  getPerfectlyNestedLoops(CloneBand, Clone);
  CloneBand.resize(N);
  SmallVector<AffineForOp, 8> Tiled;
  FailureOr<int64_t> Bytes = failure();
  if (failed(tilePerfectlyNested(CloneBand, Sizes, &Tiled))) {
    Reason = "NotHyperRectangular";
    Why = "the band cannot be tiled (its iteration space is not a "
          "hyper-rectangle)";
    // tilePerfectlyNested leaves the clone as it was when it fails.
    Clone.erase();
    return failure();
  }
  FailureOr<Footprint> FP = computeFootprint(Tiled[N], Depth + N, Why, Threads);
  if (succeeded(FP))
    Bytes = FP->Bytes;
  Tiled.front().erase();
  return Bytes;
}

FailureOr<TileChoice> chooseTileSizes(MutableArrayRef<AffineForOp> Band,
                                      unsigned Depth, int64_t SpmBytes,
                                      const KernelThreads *Threads,
                                      std::string &Reason, std::string &Why) {
  TileChoice Choice;
  for (AffineForOp Loop : Band)
    Choice.Sizes.push_back(tripOrCap(Loop));

  // Whole, when it fits: one interval for the band.
  {
    FailureOr<int64_t> Bytes = tileFootprintBytes(Band, Depth, {}, Threads, Reason, Why);
    if (succeeded(Bytes) && *Bytes <= SpmBytes) {
      Choice.Whole = true;
      Choice.Bytes = *Bytes;
      Choice.Why = llvm::formatv("the whole band fits: {0} bytes <= {1}",
                                 *Bytes, SpmBytes);
      return Choice;
    }
  }

  // Algorithm 2, lines 7-13: loop by loop from the outermost, the largest
  // V whose tile fits with the inner loops whole; V = 1 and one loop deeper
  // when not even one iteration fits.
  for (unsigned D = 0; D < Band.size(); ++D) {
    auto Fits = [&](unsigned V, int64_t &Bytes) {
      SmallVector<unsigned, 4> Sizes(D, 1);
      Sizes.push_back(V);
      std::string Ignored, IgnoredWhy;
      FailureOr<int64_t> B =
          tileFootprintBytes(Band, Depth, Sizes, Threads, Ignored,
                             IgnoredWhy);
      if (failed(B))
        return false;
      Bytes = *B;
      return *B <= SpmBytes;
    };
    int64_t Bytes = 0;
    if (!Fits(1, Bytes)) {
      Choice.Sizes[D] = 1;
      continue;
    }
    // The footprint grows with V: the largest fitting V by bisection.
    unsigned Lo = 1, Hi = Choice.Sizes[D];
    int64_t LoBytes = Bytes;
    while (Lo < Hi) {
      unsigned Mid = Lo + (Hi - Lo + 1) / 2;
      if (Fits(Mid, Bytes)) {
        Lo = Mid;
        LoBytes = Bytes;
      } else
        Hi = Mid - 1;
    }
    Choice.Sizes[D] = Lo;
    Choice.TiledLoops = D + 1;
    Choice.Bytes = LoBytes;
    Choice.Why = llvm::formatv(
        "Algorithm 2: loop {0} of the band takes {1} iterations per tile "
        "(the largest whose tile fits: {2} bytes <= {3}){4}",
        D, Lo, LoBytes, SpmBytes,
        D ? llvm::formatv(", outer band loops 1 (one of their iterations "
                          "does not fit)")
                .str()
          : std::string());
    return Choice;
  }
  // Why the smallest tile fails: too big, or not measurable.
  SmallVector<unsigned, 4> Ones(Band.size(), 1);
  FailureOr<int64_t> One = tileFootprintBytes(Band, Depth, Ones, Threads, Reason, Why);
  if (succeeded(One)) {
    Reason = "DoesNotFit";
    Why = llvm::formatv("one iteration of the innermost band loop touches "
                        "{0} bytes, more than the scratchpad's {1}",
                        *One, SpmBytes);
  }
  return failure();
}

} // namespace prem::mlirpath
