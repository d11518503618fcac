//===- FootprintCount.cpp - Bytes per tile --------------------------------===//
//
// Counting the bytes a tile of given size moves: each array's union of
// access images counted once (isl, or runs of consecutive points when isl
// would enumerate a union slowly), and the indirect accesses' executions.
//
//===----------------------------------------------------------------------===//

#include "AffineForm.h"
#include "prem/Support/IslSet.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CheckedArithmetic.h"
#include "llvm/Support/MathExtras.h"

#include <limits>
#include <numeric>

#define DEBUG_TYPE "prem-footprint"

using namespace llvm;
using namespace prem;
using namespace prem::footprint;

//===----------------------------------------------------------------------===//
// Bytes per tile.
//===----------------------------------------------------------------------===//

namespace {
/// One access's set at the tile's origin: the image of its iteration box
/// (Extents per depth) under its subscripts, the last one widened by Units
/// granules.
struct BoxImage {
  struct Subscript {
    int64_t Constant;
    SmallVector<int64_t, 4> Coeffs;
  };
  SmallVector<Subscript, 2> Subscripts;
  SmallVector<uint64_t, 4> Extents;
  uint64_t Units = 1;
};
} // namespace

/// Points of the union of Images, from the runs of
/// consecutive points each image is made of. isl counts a union it cannot
/// see as a box by making its pieces disjoint and enumerating them, which
/// took conv3d's 27 shifted accesses seconds. Along a depth whose step in
/// the last subscript is at most the access's width an image's points are
/// consecutive, so a run covers that whole depth. Dense runs are marked in
/// a bitmap of the hull, sparse ones sorted and merged. nullopt (isl
/// counts) when the images make too many runs or the hull is too large.
static std::optional<uint64_t> countImagePoints(ArrayRef<BoxImage> Images) {
  constexpr uint64_t MostBits = uint64_t(1) << 27; // 16 MiB
  constexpr uint64_t MostRuns = uint64_t(1) << 20;
  auto Coeff = [](const BoxImage::Subscript &Sub, unsigned D) {
    return D < Sub.Coeffs.size() ? Sub.Coeffs[D] : 0;
  };
  if (Images.empty())
    return 0;
  // The box hull: each subscript's extremes are at corners of the box.
  SmallVector<std::pair<int64_t, int64_t>, 4> Hull(
      Images.front().Subscripts.size(), {std::numeric_limits<int64_t>::max(),
                                         std::numeric_limits<int64_t>::min()});
  for (const BoxImage &Image : Images) {
    if (Image.Subscripts.size() != Hull.size() ||
        any_of(Image.Extents, [](uint64_t E) { return E == 0; }) ||
        any_of(Image.Subscripts, [&](const BoxImage::Subscript &Sub) {
          return Sub.Coeffs.size() > Image.Extents.size();
        }))
      return std::nullopt;
    // Checked: every partial sum of a subscript lies between its extremes,
    // so nothing below can overflow once they are found.
    for (auto [K, Sub] : enumerate(Image.Subscripts)) {
      std::optional<int64_t> Lo = Sub.Constant, Hi = Sub.Constant;
      for (auto [D, C] : enumerate(Sub.Coeffs)) {
        auto Span = checkedMul(C, int64_t(Image.Extents[D] - 1));
        if (!Span)
          return std::nullopt;
        std::optional<int64_t> &Side = *Span < 0 ? Lo : Hi;
        Side = Side ? checkedAdd(*Side, *Span) : std::nullopt;
      }
      if (Hi && K + 1 == Hull.size())
        Hi = checkedAdd(*Hi, int64_t(Image.Units) - 1);
      if (!Lo || !Hi)
        return std::nullopt;
      Hull[K] = {std::min(Hull[K].first, *Lo), std::max(Hull[K].second, *Hi)};
    }
  }
  uint64_t Bits = 1;
  for (auto [Min, Max] : Hull) {
    auto Width = checkedSub(Max, Min);
    if (!Width || *Width >= (int64_t(1) << 40))
      return std::nullopt;
    Bits = SaturatingMultiply(Bits, uint64_t(*Width) + 1);
  }
  if (Bits > (uint64_t(1) << 62))
    return std::nullopt;
  // Per image: the iterations that start a run, and the run's length.
  struct Runs {
    SmallVector<uint64_t, 4> Steps;
    uint64_t Length;
  };
  SmallVector<Runs, 8> RunsOf;
  uint64_t TotalRuns = 0;
  for (const BoxImage &Image : Images) {
    unsigned Dims = Image.Extents.size();
    std::optional<unsigned> Along;
    for (unsigned D = 0; D < Dims; ++D) {
      int64_t Step = Coeff(Image.Subscripts.back(), D);
      bool OnlyLast = all_of(drop_end(Image.Subscripts), [&](const auto &Sub) {
        return Coeff(Sub, D) == 0;
      });
      if (OnlyLast && Step > 0 && uint64_t(Step) <= Image.Units &&
          (!Along || Image.Extents[D] > Image.Extents[*Along]))
        Along = D;
    }
    Runs R{SmallVector<uint64_t, 4>(Image.Extents.begin(), Image.Extents.end()),
           Image.Units};
    if (Along) {
      R.Length += (Image.Extents[*Along] - 1) *
                  uint64_t(Coeff(Image.Subscripts.back(), *Along));
      R.Steps[*Along] = 1;
    }
    // A depth no subscript moves along repeats the same runs.
    for (unsigned D = 0; D < Dims; ++D)
      if (none_of(Image.Subscripts,
                  [&](const auto &Sub) { return Coeff(Sub, D) != 0; }))
        R.Steps[D] = 1;
    uint64_t N = 1;
    for (uint64_t E : R.Steps)
      N = SaturatingMultiply(N, E);
    TotalRuns = SaturatingAdd(TotalRuns, N);
    if (TotalRuns > MostRuns)
      return std::nullopt;
    RunsOf.push_back(std::move(R));
  }
  bool Dense = TotalRuns >= Bits / 64;
  if (Dense && Bits > MostBits)
    return std::nullopt;
  std::vector<uint64_t> Marked(Dense ? (Bits + 63) / 64 : 0);
  std::vector<std::pair<uint64_t, uint64_t>> Sparse;
  Sparse.reserve(Dense ? 0 : TotalRuns);
  for (auto [Image, R] : zip_equal(Images, RunsOf)) {
    SmallVector<uint64_t, 4> At(R.Steps.size(), 0);
    for (;;) {
      uint64_t Begin = 0;
      for (auto [K, Sub] : enumerate(Image.Subscripts)) {
        int64_t O = Sub.Constant;
        for (auto [D, C] : enumerate(Sub.Coeffs))
          O += C * int64_t(At[D]);
        Begin = Begin * uint64_t(Hull[K].second - Hull[K].first + 1) +
                uint64_t(O - Hull[K].first);
      }
      if (!Dense)
        Sparse.emplace_back(Begin, Begin + R.Length);
      for (uint64_t B = Begin, End = Begin + R.Length; Dense && B < End;) {
        uint64_t Bit = B % 64, N = std::min<uint64_t>(64 - Bit, End - B);
        Marked[B / 64] |= (N == 64 ? ~uint64_t(0) : (uint64_t(1) << N) - 1)
                          << Bit;
        B += N;
      }
      unsigned D = At.size();
      while (D > 0 && ++At[D - 1] == R.Steps[D - 1])
        At[--D] = 0;
      if (D == 0)
        break;
    }
  }
  uint64_t Points = 0;
  for (uint64_t Word : Marked)
    Points += llvm::popcount(Word);
  llvm::sort(Sparse);
  uint64_t Covered = 0; // every point below it is counted
  for (auto [Begin, End] : Sparse) {
    Points +=
        End > std::max(Begin, Covered) ? End - std::max(Begin, Covered) : 0;
    Covered = std::max(Covered, End);
  }
  return Points;
}

std::optional<uint64_t>
NestFootprint::arrayBytesPerTile(const ArrayFootprint &A,
                                 ArrayRef<uint64_t> Iterations,
                                 std::string *Why, bool *IsExact) const {
  std::less<const ArrayFootprint *> Before;
  const ArrayFootprint *Begin = Arrays.data(), *End = Begin + Arrays.size();
  CachedCount Uncached;
  const CachedCount *Found = &Uncached;
  if (!Before(&A, Begin) && Before(&A, End)) {
    size_t Index = &A - Begin;
    auto Key = std::make_pair(
        Index, std::vector<uint64_t>(Iterations.begin(), Iterations.end()));
    auto It = Counts.find(Key);
    if (It == Counts.end())
      It = Counts.emplace(std::move(Key), countArray(A, Iterations)).first;
    Found = &It->second;
  } else {
    Uncached = countArray(A, Iterations);
  }
  const CachedCount &C = *Found;
  if (!C.Bytes && Why)
    *Why = C.Why;
  if (C.Bytes && !C.Exact && IsExact)
    *IsExact = false;
  return C.Bytes;
}

namespace {
// The tile is counted at the origin, but a real tile sits anywhere. A
// dimension "moves" when the tile does not cover its whole loop (the SIMT
// dimension always does, unless the tile covers every iteration). Pieces
// with the same coefficients on the moving dimensions (and the same
// runtime part) shift together wherever the tile is, so their union at the
// origin has the size of every tile's: they merge exactly. Pieces that
// shift differently (syrk's A[i][k] and A[j][k] under a 2-D tile) may
// overlap at the origin and not elsewhere, so groups are summed: a bound.
struct PieceGroup {
  // At the origin; parsed only when isl counts the group (the analysis
  // enumerates most sets from Images alone).
  SmallVector<std::string, 2> Texts;
  // Over every tile position; parsed only when a stationary set could
  // absorb the group.
  SmallVector<std::string, 2> SweepTexts;
  uint64_t MostPoints = 0;
  // Points of the tile itself (before any alignment window): a second
  // bound on the group's distinct elements.
  uint64_t TilePoints = 0;
  bool Moves = false, SweepKnown = true;
  // The set's pieces as images of iteration boxes, to enumerate them
  // directly; empty when a piece has a floor term.
  SmallVector<BoxImage, 4> Images;
  bool Enumerable = true;
};
/// Runtime part -> moving-coefficient key -> group.
using PiecePartitions =
    std::map<std::string, std::map<std::string, PieceGroup>>;
} // namespace

/// The array's pieces at the origin of a tile of Iterations, grouped as
/// above; clears Exact where a piece is counted as a bound. The reason when
/// a depth has neither a size nor a bound.
static std::optional<std::string> groupPieces(const ArrayFootprint &A,
                                              ArrayRef<NestLoop> Loops,
                                              ArrayRef<uint64_t> Iterations,
                                              PiecePartitions &Partitions,
                                              bool &Exact) {
  // Floors (collapse(n)) are not translation invariant: a tile of T
  // iterations lies in an aligned window of T + P - 1 (P the lcm of the
  // divisors), and shifting by P only translates the image, so counting that
  // window bounds every tile.
  SmallVector<int64_t, 4> Period;
  for (const AffineAccess &Acc : A.Pieces)
    for (const AffineSubscript &Sub : Acc.Subscripts)
      for (auto [D, P] : enumerate(Sub.FloorPeriod)) {
        if (Period.size() <= D)
          Period.resize(D + 1, 0);
        if (P)
          Period[D] = Period[D]
                          ? int64_t(std::lcm(uint64_t(Period[D]), uint64_t(P)))
                          : P;
      }
  for (const AffineAccess &Acc : A.Pieces) {
    SmallVector<std::string, 4> Dims, Cs, SweepCs, Sums, Params, Moving;
    SmallVector<bool, 4> DimMoves;
    BoxImage Image;
    Image.Units = Acc.SizeInGranules;
    uint64_t Points = Acc.SizeInGranules, TilePoints = Acc.SizeInGranules;
    bool SweepKnown = true;
    // Counted over its loops' box, an access under a condition is bounded
    // from above.
    if (!Acc.Condition.empty())
      Exact = false;
    for (unsigned D = 0; D < Acc.LoopOfDepth.size(); ++D) {
      std::string I = "i" + std::to_string(D);
      Dims.push_back(I);
      uint64_t Extent = D < Iterations.size() ? Iterations[D] : 0;
      const NestLoop &NL = Loops[Acc.LoopOfDepth[D]];
      if (!Extent) {
        if (!NL.MaxTripCount)
          return "no tile size given for depth " + std::to_string(D) +
                 " and its trip count (" + NL.TripCountText +
                 ") is not a compile-time bound";
        Extent = *NL.MaxTripCount;
      } else if (NL.MaxTripCount) {
        Extent = std::min(Extent, *NL.MaxTripCount);
      }
      // An inner loop whose trip count varies (j <= i) is counted as its
      // bounding box: an upper bound.
      if (D > 0 && !NL.TripCount)
        Exact = false;
      DimMoves.push_back(!NL.MaxTripCount || Extent < *NL.MaxTripCount);
      TilePoints = SaturatingMultiply(TilePoints, Extent);
      if (DimMoves.back() && D < Period.size() && Period[D]) {
        Extent += Period[D] - 1;
        if (NL.MaxTripCount)
          Extent = std::min(Extent, *NL.MaxTripCount);
        Exact = false;
      }
      Cs.push_back("0 <= " + I + " < " + std::to_string(Extent));
      Image.Extents.push_back(Extent);
      if (DimMoves.back() && !NL.MaxTripCount)
        SweepKnown = false;
      SweepCs.push_back("0 <= " + I + " < " +
                        std::to_string(NL.MaxTripCount.value_or(Extent)));
      Points = SaturatingMultiply(Points, Extent);
    }
    bool Moves = false;
    for (auto [K, Sub] : enumerate(Acc.Subscripts)) {
      std::string Sum = std::to_string(Sub.Constant);
      for (auto [D, C] : enumerate(Sub.DimCoeffs)) {
        if (C)
          Sum += " + " + std::to_string(C) + "*i" + std::to_string(D);
        if (DimMoves[D]) {
          Moving.push_back(std::to_string(C));
          Moves |= C != 0;
        }
      }
      if (!Sub.FloorPart.empty()) {
        Sum += " + " + Sub.FloorPart;
        Moving.push_back(Sub.FloorPart);
        Moves = true;
      }
      Image.Subscripts.push_back({Sub.Constant, Sub.DimCoeffs});
      Sums.push_back(Sum);
      Params.push_back(Sub.ParamPart);
    }
    auto Text = [&](ArrayRef<std::string> Bounds) {
      return accessSetText("", "", Dims.size(), join(Bounds, " and "), Sums,
                           Acc.SizeInGranules);
    };
    PieceGroup &G = Partitions[join(Params, " | ")][join(Moving, ",")];
    G.Texts.push_back(Text(Cs));
    if (Moves && SweepKnown)
      G.SweepTexts.push_back(Text(SweepCs));
    G.SweepKnown &= SweepKnown;
    G.Moves |= Moves;
    G.MostPoints = SaturatingAdd(G.MostPoints, Points);
    G.TilePoints = SaturatingAdd(G.TilePoints, TilePoints);
    G.Enumerable &= none_of(Acc.Subscripts, [](const AffineSubscript &Sub) {
      return !Sub.FloorPart.empty();
    });
    G.Images.push_back(std::move(Image));
  }
  return std::nullopt;
}

NestFootprint::CachedCount
NestFootprint::countArray(const ArrayFootprint &A,
                          ArrayRef<uint64_t> Iterations) const {
  CachedCount Result;
  std::string *Why = &Result.Why;
  auto Fail = [&](std::string Msg) {
    *Why = std::move(Msg);
    return Result;
  };
  if (!isExact())
    return Fail("the footprint is not exact: " + Reasons.front().Message);
  bool Exact = true;

  PiecePartitions Partitions;
  if (auto Bad = groupPieces(A, Loops, Iterations, Partitions, Exact))
    return Fail(*Bad);

  IslQuota Quota(Owner->ctx());
  auto SetOf = [&](ArrayRef<const PieceGroup *> Of) {
    isl::set Set;
    for (const PieceGroup *G : Of)
      for (const std::string &T : G->Texts)
        Set = unite(std::move(Set), parseSet(Owner->ctx(), T));
    return Set;
  };
  auto Count = [&](ArrayRef<const PieceGroup *> Of,
                   uint64_t MostPoints) -> std::optional<uint64_t> {
    // Sets isl would enumerate, the analysis enumerates itself.
    if (MostPoints <= maxCountedPoints() &&
        all_of(Of, [](const PieceGroup *G) { return G->Enumerable; })) {
      SmallVector<BoxImage, 8> Images;
      for (const PieceGroup *G : Of)
        append_range(Images, G->Images);
      if (auto N = countImagePoints(Images))
        return N;
    }
    bool SetExact;
    auto N = countPoints(SetOf(Of), MostPoints, SetExact);
    Exact &= SetExact;
    return N;
  };
  uint64_t Total = 0;
  for (auto &[ParamKey, Groups] : Partitions) {
    // Stationary pieces are the same set for every tile: one exact union.
    uint64_t StationaryPoints = 0;
    SmallVector<const PieceGroup *, 4> StationaryGroups;
    for (auto &[Key, G] : Groups)
      if (!G.Moves) {
        StationaryPoints = SaturatingAdd(StationaryPoints, G.MostPoints);
        StationaryGroups.push_back(&G);
      }
    // Parsed for the first moving group that could lie inside it.
    std::optional<isl::set> Stationary;
    auto Uncounted = [&] {
      return Fail(Quota.gaveUp()
                      ? "the footprint of " + A.Name +
                            " is too complex to count (isl "
                            "operation limit)"
                      : "isl could not count the footprint of " + A.Name);
    };
    uint64_t N = 0;
    if (!StationaryGroups.empty()) {
      auto S = Count(StationaryGroups, StationaryPoints);
      if (!S)
        return Uncounted();
      N = *S;
    }
    unsigned Summed = 0;
    for (auto &[Key, G] : Groups) {
      if (!G.Moves)
        continue;
      // A moving group that never leaves the stationary set adds nothing
      // (syrk with whole inner loops: A[i][k] is always inside A[j][k]).
      if (!StationaryGroups.empty() && G.SweepKnown) {
        if (!Stationary)
          Stationary = SetOf(StationaryGroups);
        isl::set Sweep;
        for (const std::string &T : G.SweepTexts)
          Sweep = unite(std::move(Sweep), parseSet(Owner->ctx(), T));
        if (isSubset(Sweep, *Stationary))
          continue;
      }
      auto M = Count({&G}, G.MostPoints);
      if (!M)
        return Uncounted();
      N += std::min(*M, G.TilePoints);
      ++Summed;
    }
    if (Quota.gaveUp())
      return Uncounted();
    if (Summed > 1 || (Summed == 1 && !StationaryGroups.empty()))
      Exact = false;
    Total += N * A.GranuleBytes;
  }
  if (Partitions.size() > 1)
    Exact = false; // runtime offsets between the partitions are unknown
  Result.Bytes = Total;
  Result.Exact = Exact;
  return Result;
}

std::optional<uint64_t>
NestFootprint::bytesPerTile(ArrayRef<uint64_t> Iterations, std::string *Why,
                            bool *IsExact) const {
  uint64_t Total = 0;
  for (const ArrayFootprint &A : Arrays) {
    auto B = arrayBytesPerTile(A, Iterations, Why, IsExact);
    if (!B)
      return std::nullopt;
    Total += *B;
  }
  for (const auto *Sites : {&Gathers, &Scatters})
    for (const IndirectSite &G : *Sites) {
      auto Executions = indirectExecutionsPerTile(G, Iterations);
      if (!Executions) {
        if (Why)
          *Why = "an indirect access is in a loop of unbounded length";
        return std::nullopt;
      }
      Total += *Executions * G.Bytes;
    }
  return Total;
}

std::optional<uint64_t>
NestFootprint::indirectExecutionsPerTile(const IndirectSite &G,
                                         ArrayRef<uint64_t> Iterations) const {
  uint64_t Executions = 1;
  for (unsigned Index : G.LoopOfDepth) {
    const NestLoop &NL = Loops[Index];
    std::optional<uint64_t> Most =
        NL.TripCount ? NL.TripCount : NL.MaxTripCount;
    uint64_t Cut = NL.Depth < Iterations.size() ? Iterations[NL.Depth] : 0;
    if (Cut)
      Most = Most ? std::min(*Most, Cut) : Cut;
    if (!Most)
      return std::nullopt;
    Executions *= *Most;
  }
  return Executions;
}
