//===- IslSet.cpp - Small helpers over isl integer sets -------------------===//
//
// Part of prem-llvm. See include/prem/Support/IslSet.h.
//
//===----------------------------------------------------------------------===//

#include "prem/Support/IslSet.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Debug.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/raw_ostream.h"

#include "isl/aff.h"
#include "isl/ctx.h"
#include "isl/ilp.h"
#include "isl/map.h"
#include "isl/set.h"
#include "isl/val.h"

#include <algorithm>
#include <cstdlib>

#define DEBUG_TYPE "prem-footprint"

using namespace llvm;
using namespace prem;

static cl::opt<unsigned> IslMaxOperations(
    "prem-isl-max-operations", cl::Hidden, cl::init(2000000),
    cl::desc("isl operations one footprint computation may take before it "
             "gives up (0: no limit)"));

static cl::opt<unsigned> MaxCountedElements(
    "prem-footprint-max-count", cl::Hidden, cl::init(1u << 24),
    cl::desc("Most points enumerated (by the footprint analysis, or by isl) "
             "to count a footprint exactly; beyond, a set that is neither a "
             "box nor a union of boxes is counted as an upper bound"));

IslSet &IslSet::operator=(IslSet &&O) {
  std::swap(S, O.S);
  return *this;
}

IslSet::~IslSet() { isl_set_free(S); }

IslSet IslSet::copy() const { return IslSet(isl_set_copy(S)); }

isl_set *IslSet::release() {
  isl_set *R = S;
  S = nullptr;
  return R;
}

std::string IslSet::str() const {
  if (!S)
    return "<invalid>";
  char *C = isl_set_to_str(S);
  std::string R = C ? C : "<invalid>";
  free(C);
  return R;
}

unsigned long prem::islMaxOperations() { return IslMaxOperations; }

uint64_t prem::maxCountedPoints() { return MaxCountedElements; }

IslQuota::IslQuota(isl_ctx *Ctx) : IslQuota(Ctx, IslMaxOperations) {}

IslQuota::IslQuota(isl_ctx *Ctx, unsigned long MaxOperations) : Ctx(Ctx) {
  isl_ctx_reset_error(Ctx);
  isl_ctx_reset_operations(Ctx);
  isl_ctx_set_max_operations(Ctx, MaxOperations);
}

IslQuota::~IslQuota() {
  isl_ctx_set_max_operations(Ctx, 0);
  isl_ctx_reset_error(Ctx);
}

bool IslQuota::gaveUp() const {
  return isl_ctx_last_error(Ctx) == isl_error_quota;
}

IslSet prem::parseSet(isl_ctx *Ctx, const std::string &Text) {
  LLVM_DEBUG(dbgs() << "prem-footprint: isl set " << Text << "\n");
  return IslSet(isl_set_read_from_str(Ctx, Text.c_str()));
}

IslSet prem::unite(IslSet A, IslSet B) {
  if (!A.S)
    return B;
  return IslSet(isl_set_union(A.release(), B.release()));
}

/// Coalesces, and replaces a union by its convex hull when the hull adds no
/// point (e.g. interleaved rows of an unrolled loop that tile an interval).
/// Only cosmetic: under its own quota, and the set is kept if it runs out.
IslSet prem::simplify(IslSet Set) {
  if (!Set.S)
    return Set;
  isl_ctx *Ctx = isl_set_get_ctx(Set.S);
  IslSet Coalesced;
  {
    IslQuota Quota(Ctx);
    Coalesced = IslSet(isl_set_coalesce(isl_set_copy(Set.S)));
    if (Quota.gaveUp() || !Coalesced.S)
      return Set;
  }
  if (isl_set_n_basic_set(Coalesced.S) <= 1)
    return Coalesced;
  // Cosmetic, so a small quota: a hull that is not found quickly is not
  // worth the compile time.
  IslQuota Quota(Ctx, std::max(1u, IslMaxOperations / 20));
  isl_set *Hull = isl_set_from_basic_set(
      isl_set_polyhedral_hull(isl_set_copy(Coalesced.S)));
  isl_bool Same = Hull ? isl_set_is_subset(Hull, Coalesced.S) : isl_bool_error;
  if (!Quota.gaveUp() && Same == isl_bool_true)
    return IslSet(isl_set_coalesce(Hull));
  isl_set_free(Hull);
  return Coalesced;
}

/// "[first, last]" byte of a 1-D byte set, as piecewise-affine functions of
/// the parameters.
std::string prem::byteRangeText(llvm::ArrayRef<IslSet> Pieces) {
  // The extremes of each piece, combined: far cheaper than the extremes of
  // the union when unrolled code has many pieces.
  isl_pw_aff *First = nullptr, *Last = nullptr;
  for (const IslSet &P : Pieces) {
    if (!P.S || isl_set_is_empty(P.S) == isl_bool_true)
      continue;
    isl_pw_aff *Min = isl_set_dim_min(isl_set_copy(P.S), 0);
    isl_pw_aff *Max = isl_set_dim_max(isl_set_copy(P.S), 0);
    First = First ? isl_pw_aff_coalesce(isl_pw_aff_union_min(First, Min)) : Min;
    Last = Last ? isl_pw_aff_coalesce(isl_pw_aff_union_max(Last, Max)) : Max;
  }
  if (!First)
    return "empty";
  auto Text = [](isl_pw_aff *PA) {
    PA = isl_pw_aff_coalesce(PA);
    char *C = isl_pw_aff_to_str(PA);
    std::string R = C ? C : "?";
    free(C);
    isl_pw_aff_free(PA);
    // "[p] -> { [(expr)] : cond }": keep the expression and its condition.
    size_t Open = R.find("{ ");
    return Open == std::string::npos ? R : R.substr(Open);
  };
  return "first " + Text(First) + ", last " + Text(Last);
}

static std::optional<int64_t> valToInt(isl_val *V) {
  std::optional<int64_t> R;
  if (V && isl_val_is_int(V))
    R = isl_val_get_num_si(V);
  isl_val_free(V);
  return R;
}

bool prem::isSubset(const IslSet &A, const IslSet &B) {
  return A.S && B.S && isl_set_is_subset(A.S, B.S) == isl_bool_true;
}

/// Set through the map isl reads from MapText; the set's tuple name goes
/// first (maps are written over unnamed tuples).
static IslSet applyMap(IslSet Set, const std::string &MapText) {
  if (!Set.S)
    return Set;
  isl_ctx *Ctx = isl_set_get_ctx(Set.S);
  isl_map *Map = isl_map_read_from_str(Ctx, MapText.c_str());
  if (!Map)
    return IslSet();
  return IslSet(isl_set_apply(isl_set_reset_tuple_id(Set.release()), Map));
}

static std::string rowMap(uint64_t Pitch) {
  return "{ [b] -> [floor(b / " + std::to_string(Pitch) + ")] }";
}

static std::string columnMap(uint64_t Pitch) {
  return "{ [b] -> [b mod " + std::to_string(Pitch) + "] }";
}

std::optional<RowsAndColumns>
prem::rowsAndColumns(isl_ctx *Ctx, const std::string &Bytes, uint64_t Pitch) {
  IslQuota Quota(Ctx);
  IslSet Set = parseSet(Ctx, Bytes);
  IslSet Rows = simplify(applyMap(Set.copy(), rowMap(Pitch)));
  IslSet Columns = simplify(applyMap(std::move(Set), columnMap(Pitch)));
  if (!Rows.S || !Columns.S || Quota.gaveUp())
    return std::nullopt;
  return RowsAndColumns{Rows.str(), Columns.str()};
}

/// Every point from the set's first to its last, per parameter value.
static IslSet between(IslSet Set) {
  IslSet Above = applyMap(Set.copy(), "{ [x] -> [y] : y >= x }");
  IslSet Below = applyMap(std::move(Set), "{ [x] -> [y] : y <= x }");
  if (!Above.S || !Below.S)
    return IslSet();
  return IslSet(isl_set_intersect(Above.release(), Below.release()));
}

/// The union of the byte sets, their rectangle (every row from the first
/// to the last they touch, every column from the first to the last) for
/// the parameter values of Context, and their interval.
namespace {
struct RectangleOfSets {
  IslSet Rectangle, Interval;
};
} // namespace
static std::optional<RectangleOfSets> rectangleOf(isl_ctx *Ctx,
                                                  ArrayRef<std::string> Sets,
                                                  uint64_t Pitch,
                                                  const std::string &Context) {
  IslSet Bytes;
  for (const std::string &Text : Sets) {
    IslSet Set = parseSet(Ctx, Text);
    if (!Set.S)
      return std::nullopt;
    Bytes =
        unite(std::move(Bytes), IslSet(isl_set_reset_tuple_id(Set.release())));
  }
  IslSet Rows = between(applyMap(Bytes.copy(), rowMap(Pitch)));
  IslSet Columns = between(applyMap(Bytes.copy(), columnMap(Pitch)));
  IslSet Interval = between(std::move(Bytes));
  isl_set *Given = isl_set_read_from_str(Ctx, Context.c_str());
  if (!Rows.S || !Columns.S || !Interval.S || !Given)
    return isl_set_free(Given), std::nullopt;
  Columns.S = isl_set_align_params(Columns.S, isl_set_get_space(Rows.S));
  Rows.S = isl_set_align_params(Rows.S, isl_set_get_space(Columns.S));
  IslSet Rectangle =
      applyMap(IslSet(isl_set_flat_product(Rows.release(), Columns.release())),
               "{ [r, c] -> [" + std::to_string(Pitch) + "r + c] }");
  if (!Rectangle.S)
    return isl_set_free(Given), std::nullopt;
  Given = isl_set_align_params(Given, isl_set_get_space(Rectangle.S));
  Rectangle.S = isl_set_intersect_params(Rectangle.S, Given);
  return RectangleOfSets{std::move(Rectangle), std::move(Interval)};
}

bool prem::rectangleWithinInterval(isl_ctx *Ctx, ArrayRef<std::string> Sets,
                                   uint64_t Pitch, const std::string &Context) {
  IslQuota Quota(Ctx);
  auto R = rectangleOf(Ctx, Sets, Pitch, Context);
  return R && isSubset(R->Rectangle, R->Interval) && !Quota.gaveUp();
}

bool prem::rectangleWritten(isl_ctx *Ctx, ArrayRef<std::string> Sets,
                            const std::string &Written, uint64_t Pitch,
                            const std::string &Context) {
  IslQuota Quota(Ctx);
  auto R = rectangleOf(Ctx, Sets, Pitch, Context);
  IslSet Bytes = parseSet(Ctx, Written);
  if (!R || !Bytes.S)
    return false;
  IslSet Copied = std::move(R->Rectangle);
  Bytes.S = isl_set_reset_tuple_id(Bytes.S);
  Bytes.S = isl_set_align_params(Bytes.S, isl_set_get_space(Copied.S));
  Copied.S = isl_set_align_params(Copied.S, isl_set_get_space(Bytes.S));
  return isSubset(Copied, Bytes) && !Quota.gaveUp();
}

static std::optional<int64_t> minOfDim(const IslSet &Set, unsigned Dim) {
  if (!Set.S)
    return std::nullopt;
  return valToInt(isl_set_dim_min_val(isl_set_copy(Set.S), Dim));
}

std::optional<int64_t> prem::maxOfDim(const IslSet &Set, unsigned Dim) {
  if (!Set.S)
    return std::nullopt;
  return valToInt(isl_set_dim_max_val(isl_set_copy(Set.S), Dim));
}

/// Per dimension, the least and greatest value of a parameter-free set:
/// its box hull. nullopt when a dimension is unbounded or isl fails.
static std::optional<SmallVector<std::pair<int64_t, int64_t>, 4>>
boxHull(const IslSet &Set) {
  SmallVector<std::pair<int64_t, int64_t>, 4> Hull;
  for (unsigned D = 0, N = isl_set_dim(Set.S, isl_dim_set); D < N; ++D) {
    auto Min = minOfDim(Set, D), Max = maxOfDim(Set, D);
    if (!Min || !Max)
      return std::nullopt;
    Hull.emplace_back(*Min, *Max);
  }
  return Hull;
}

/// Whether the box Hull lies in Set: then Set is that box.
static bool boxWithin(ArrayRef<std::pair<int64_t, int64_t>> Hull,
                      const IslSet &Set) {
  SmallVector<std::string, 4> Outs, Cs;
  for (auto [D, Range] : enumerate(Hull)) {
    std::string O = "o" + std::to_string(D);
    Outs.push_back(O);
    Cs.push_back(std::to_string(Range.first) + " <= " + O +
                 " <= " + std::to_string(Range.second));
  }
  IslSet Box =
      parseSet(isl_set_get_ctx(Set.S),
               "{ [" + join(Outs, ", ") + "] : " + join(Cs, " and ") + " }");
  return isSubset(Box, Set);
}

/// Points of a union of boxes (a stencil's shifted accesses on a
/// delinearised array): each dimension is cut at every box's bounds, and a
/// cell between cuts lies in a box or in none, so the points are the
/// volumes of the covered cells. Exact at any size, where isl would have to
/// make the pieces disjoint and enumerate them. nullopt when a piece is not
/// a box, or there are too many cells.
static std::optional<uint64_t> countUnionOfBoxes(const IslSet &Set) {
  constexpr unsigned MostBoxes = 256;
  constexpr uint64_t MostCells = 1u << 22;
  // One piece: countPoints has just found it is not a box.
  if (isl_set_n_basic_set(Set.S) < 2)
    return std::nullopt;
  SmallVector<IslSet, 8> Pieces;
  auto Collect = [](isl_basic_set *B, void *User) {
    auto *Pieces = static_cast<SmallVector<IslSet, 8> *>(User);
    Pieces->emplace_back(isl_set_from_basic_set(B));
    return Pieces->size() > MostBoxes ? isl_stat_error : isl_stat_ok;
  };
  if (isl_set_foreach_basic_set(Set.S, Collect, &Pieces) != isl_stat_ok)
    return std::nullopt;
  SmallVector<SmallVector<std::pair<int64_t, int64_t>, 4>, 8> Boxes;
  for (const IslSet &P : Pieces) {
    auto Hull = boxHull(P);
    if (!Hull || !boxWithin(*Hull, P))
      return std::nullopt;
    Boxes.push_back(std::move(*Hull));
  }
  unsigned Dims = isl_set_dim(Set.S, isl_dim_set);
  // Cuts[D]: the sorted first points of the cells along D.
  SmallVector<SmallVector<int64_t, 16>, 4> Cuts(Dims);
  uint64_t Cells = 1;
  for (unsigned D = 0; D < Dims; ++D) {
    for (const auto &Box : Boxes) {
      Cuts[D].push_back(Box[D].first);
      Cuts[D].push_back(Box[D].second + 1);
    }
    llvm::sort(Cuts[D]);
    Cuts[D].erase(std::unique(Cuts[D].begin(), Cuts[D].end()), Cuts[D].end());
    Cells *= Cuts[D].size() - 1;
    if (Cells > MostCells)
      return std::nullopt;
  }
  // Mark each box's cells in a row-major grid, then add up their volumes.
  auto CellOf = [&](unsigned D, int64_t V) {
    return unsigned(llvm::lower_bound(Cuts[D], V) - Cuts[D].begin());
  };
  std::vector<bool> Covered(Cells);
  for (const auto &Box : Boxes) {
    SmallVector<unsigned, 4> First, End, At;
    for (unsigned D = 0; D < Dims; ++D) {
      First.push_back(CellOf(D, Box[D].first));
      End.push_back(CellOf(D, Box[D].second + 1));
    }
    At = First;
    for (;;) {
      uint64_t Index = 0;
      for (unsigned D = 0; D < Dims; ++D)
        Index = Index * (Cuts[D].size() - 1) + At[D];
      Covered[Index] = true;
      unsigned D = Dims;
      while (D > 0 && ++At[D - 1] == End[D - 1]) {
        At[D - 1] = First[D - 1];
        --D;
      }
      if (D == 0)
        break;
    }
  }
  uint64_t Points = 0;
  SmallVector<unsigned, 4> At(Dims, 0);
  for (uint64_t Index = 0; Index < Cells; ++Index) {
    if (Covered[Index]) {
      uint64_t Volume = 1;
      for (unsigned D = 0; D < Dims; ++D)
        Volume = SaturatingMultiply(
            Volume, uint64_t(Cuts[D][At[D] + 1] - Cuts[D][At[D]]));
      Points = SaturatingAdd(Points, Volume);
    }
    for (unsigned D = Dims; D > 0 && ++At[D - 1] == Cuts[D - 1].size() - 1; --D)
      At[D - 1] = 0;
  }
  return Points;
}

/// Points of a parameter-free set: exact where the set is a box or a union
/// of boxes, or where MostPoints (an upper bound on its points: the
/// accesses' iterations) is small enough for isl to enumerate them; else
/// the smaller of the bound and the box hull, with Exact = false.
std::optional<uint64_t> prem::countPoints(const IslSet &Set,
                                          uint64_t MostPoints, bool &Exact) {
  Exact = true;
  if (!Set.S)
    return std::nullopt;
  if (isl_set_is_empty(Set.S) == isl_bool_true)
    return 0;
  auto Hull = boxHull(Set);
  if (!Hull)
    return std::nullopt;
  uint64_t HullPoints = 1;
  for (auto [Min, Max] : *Hull)
    HullPoints = SaturatingMultiply(HullPoints, uint64_t(Max - Min + 1));
  if (boxWithin(*Hull, Set))
    return HullPoints;
  if (auto Points = countUnionOfBoxes(Set))
    return *Points;
  if (MostPoints > MaxCountedElements) {
    Exact = false;
    return std::min(HullPoints, MostPoints);
  }
  if (auto Count = valToInt(isl_set_count_val(Set.S)))
    return uint64_t(*Count);
  return std::nullopt;
}
