//===- IslSet.cpp - Small helpers over isl integer sets -------------------===//
//
// Part of prem-llvm. See include/prem/Support/IslSet.h.
//
//===----------------------------------------------------------------------===//

#include "prem/Support/IslSet.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Debug.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <mutex>
#include <sstream>

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

/// isl's text of Obj (the bindings print through std::ostream), or Null
/// when Obj is null or isl cannot print it.
template <typename T>
static std::string islText(const T &Obj, const char *Null) {
  if (Obj.is_null())
    return Null;
  std::ostringstream OS;
  OS << Obj;
  return OS.fail() ? Null : OS.str();
}

std::string prem::toString(const isl::set &Set) {
  return islText(Set, "<invalid>");
}

unsigned long prem::islMaxOperations() { return IslMaxOperations; }

unsigned long prem::islSmallQuota() {
  return IslMaxOperations ? std::max(1u, IslMaxOperations / 20) : 0;
}

uint64_t prem::maxCountedPoints() { return MaxCountedElements; }

IslQuota::IslQuota(isl::ctx Ctx) : IslQuota(Ctx, IslMaxOperations) {}

IslQuota::IslQuota(isl::ctx C, unsigned long MaxOperations)
    : Ctx(C.get()), OuterMaxOperations(isl_ctx_get_max_operations(Ctx)),
      OuterError(isl_ctx_last_error(Ctx)) {
  isl_ctx_reset_error(Ctx);
  isl_ctx_reset_operations(Ctx);
  isl_ctx_set_max_operations(Ctx, MaxOperations);
}

IslQuota::~IslQuota() {
  // (Outside every quota: no limit, and the error state before it.)
  isl_ctx_set_max_operations(Ctx, OuterMaxOperations);
  isl_ctx_set_error(Ctx, OuterError);
}

bool IslQuota::gaveUp() const {
  return isl_ctx_last_error(Ctx) == isl_error_quota;
}

bool IslQuota::failed() const {
  return isl_ctx_last_error(Ctx) != isl_error_none;
}

isl::pw_aff prem::unionMin(isl::pw_aff A, isl::pw_aff B) {
  return isl::manage(isl_pw_aff_union_min(A.release(), B.release()));
}

isl::pw_aff prem::unionMax(isl::pw_aff A, isl::pw_aff B) {
  return isl::manage(isl_pw_aff_union_max(A.release(), B.release()));
}

void prem::widenRange(isl::pw_aff &First, isl::pw_aff &Last,
                      const isl::set &Set) {
  isl::pw_aff Min = Set.dim_min(0);
  isl::pw_aff Max = Set.dim_max(0);
  First = First.is_null()
              ? Min
              : unionMin(std::move(First), std::move(Min)).coalesce();
  Last = Last.is_null() ? Max
                        : unionMax(std::move(Last), std::move(Max)).coalesce();
}

isl::set prem::flatProduct(isl::set A, isl::set B) {
  return isl::manage(isl_set_flat_product(A.release(), B.release()));
}

isl::set prem::fromPwAff(isl::pw_aff PA) {
  return isl::manage(isl_set_from_pw_aff(PA.release()));
}

isl::set prem::moveDims(isl::set Set, isl::dim DstType, unsigned DstPos,
                        isl::dim SrcType, unsigned SrcPos, unsigned N) {
  return isl::manage(
      isl_set_move_dims(Set.release(), static_cast<isl_dim_type>(DstType),
                        DstPos, static_cast<isl_dim_type>(SrcType), SrcPos, N));
}

isl::val prem::countVal(const isl::set &Set) {
  return isl::manage(isl_set_count_val(Set.get()));
}

namespace {
/// The open caches by context. isl contexts are not shared between threads,
/// but two modules may be compiled on two threads: the table is locked.
struct TextCaches {
  std::mutex Lock;
  DenseMap<isl_ctx *, IslTextCache *> ByContext;
};
} // namespace

static TextCaches &textCaches() {
  // Never destroyed: a cache that goes after static destructors ran still
  // finds its table.
  static TextCaches *Caches = new TextCaches;
  return *Caches;
}

IslTextCache *IslTextCache::of(isl::ctx Ctx) {
  TextCaches &Caches = textCaches();
  std::lock_guard<std::mutex> Guard(Caches.Lock);
  return Caches.ByContext.lookup(Ctx.get());
}

IslTextCache::IslTextCache(isl::ctx C) : Ctx(C.get()) {
  TextCaches &Caches = textCaches();
  std::lock_guard<std::mutex> Guard(Caches.Lock);
  bool Inserted = Caches.ByContext.try_emplace(Ctx, this).second;
  assert(Inserted && "one text cache per isl context");
  (void)Inserted;
}

IslTextCache::~IslTextCache() {
  TextCaches &Caches = textCaches();
  std::lock_guard<std::mutex> Guard(Caches.Lock);
  auto It = Caches.ByContext.find(Ctx);
  if (It != Caches.ByContext.end() && It->second == this)
    Caches.ByContext.erase(It);
}

isl::set IslTextCache::set(const std::string &Text) {
  auto It = Sets.find(Text);
  if (It != Sets.end())
    return It->second;
  isl::set Read = parseSet(Ctx, Text);
  // Under an exhausted quota isl may return a set it did not finish
  // simplifying.
  if (!Read.is_null() && isl_ctx_last_error(Ctx) != isl_error_quota)
    Sets.try_emplace(Text, Read);
  return Read;
}

isl::set prem::parseSet(isl::ctx Ctx, const std::string &Text) {
  LLVM_DEBUG(dbgs() << "prem-footprint: isl set " << Text << "\n");
  return isl::set(Ctx, Text);
}

isl::set prem::parseSetToMeasure(isl::ctx Ctx, const std::string &Text) {
  if (IslTextCache *Cache = IslTextCache::of(Ctx))
    return Cache->set(Text);
  return parseSet(Ctx, Text);
}

isl::set prem::unite(isl::set A, isl::set B) {
  if (A.is_null())
    return B;
  return A.unite(std::move(B));
}

/// Coalesces, and replaces a union by its convex hull when the hull adds no
/// point (e.g. interleaved rows of an unrolled loop that tile an interval).
/// Only cosmetic: under its own quota, and the set is kept if it runs out.
isl::set prem::simplify(isl::set Set) {
  if (Set.is_null())
    return Set;
  isl::ctx Ctx = Set.ctx();
  isl::set Coalesced;
  {
    IslQuota Quota(Ctx);
    Coalesced = Set.coalesce();
    if (Quota.gaveUp() || Coalesced.is_null())
      return Set;
  }
  isl::size Pieces = Coalesced.n_basic_set();
  if (Pieces.is_error() || unsigned(Pieces) <= 1)
    return Coalesced;
  // Cosmetic, so a small quota: a hull that is not found quickly is not
  // worth the compile time.
  IslQuota Quota(Ctx, islSmallQuota());
  isl::set Hull = Coalesced.polyhedral_hull();
  bool Same = !Hull.is_null() && Hull.is_subset(Coalesced).is_true();
  if (!Quota.gaveUp() && Same)
    return Hull.coalesce();
  return Coalesced;
}

/// "[first, last]" byte of a 1-D byte set, as piecewise-affine functions of
/// the parameters.
std::string prem::byteRangeText(llvm::ArrayRef<isl::set> Pieces) {
  // The extremes of each piece, combined: far cheaper than the extremes of
  // the union when unrolled code has many pieces.
  isl::pw_aff First, Last;
  for (const isl::set &P : Pieces) {
    if (P.is_null() || P.is_empty().is_true())
      continue;
    widenRange(First, Last, P);
  }
  if (First.is_null())
    return "empty";
  auto Text = [](const isl::pw_aff &PA) {
    std::string R = islText(PA.coalesce(), "?");
    // "[p] -> { [(expr)] : cond }": keep the expression and its condition.
    size_t Open = R.find("{ ");
    return Open == std::string::npos ? R : R.substr(Open);
  };
  std::string FirstText = Text(First);
  std::string LastText = Text(Last);
  return "first " + FirstText + ", last " + LastText;
}

static std::optional<int64_t> valToInt(const isl::val &V) {
  if (V.is_null() || !V.is_int().is_true())
    return std::nullopt;
  return V.get_num_si();
}

bool prem::isSubset(const isl::set &A, const isl::set &B) {
  return !A.is_null() && !B.is_null() && A.is_subset(B).is_true();
}

/// Set through the map isl reads from MapText; the set's tuple name goes
/// first (maps are written over unnamed tuples).
static isl::set applyMap(isl::set Set, const std::string &MapText) {
  if (Set.is_null())
    return Set;
  isl::map Map(Set.ctx(), MapText);
  if (Map.is_null())
    return isl::set();
  return Set.reset_tuple_id().apply(std::move(Map));
}

static std::string rowMap(uint64_t Pitch) {
  return "{ [b] -> [floor(b / " + std::to_string(Pitch) + ")] }";
}

static std::string columnMap(uint64_t Pitch) {
  return "{ [b] -> [b mod " + std::to_string(Pitch) + "] }";
}

std::optional<RowsAndColumns>
prem::rowsAndColumns(isl::ctx Ctx, const std::string &Bytes, uint64_t Pitch) {
  // Text of fresh reads: the same for the same bytes and pitch. (Only
  // sets: a failure may be a quota that ran out.)
  auto Compute = [&]() -> std::optional<RowsAndColumns> {
    IslQuota Quota(Ctx);
    isl::set Set = parseSet(Ctx, Bytes);
    isl::set Rows = simplify(applyMap(Set, rowMap(Pitch)));
    isl::set Columns = simplify(applyMap(std::move(Set), columnMap(Pitch)));
    if (Rows.is_null() || Columns.is_null() || Quota.gaveUp())
      return std::nullopt;
    return RowsAndColumns{toString(Rows), toString(Columns)};
  };
  return *keptResult<std::optional<RowsAndColumns>>(
      Ctx, "rows-and-columns " + std::to_string(Pitch) + " " + Bytes, Compute,
      [](const std::optional<RowsAndColumns> &RC) { return RC.has_value(); });
}

/// Every point from the set's first to its last, per parameter value.
static isl::set between(isl::set Set) {
  isl::set Above = applyMap(Set, "{ [x] -> [y] : y >= x }");
  isl::set Below = applyMap(std::move(Set), "{ [x] -> [y] : y <= x }");
  if (Above.is_null() || Below.is_null())
    return isl::set();
  return Above.intersect(std::move(Below));
}

/// The union of the byte sets, their rectangle (every row from the first
/// to the last they touch, every column from the first to the last) for
/// the parameter values of Context, and their interval. Its users only test
/// them, so the sets are read to measure.
namespace {
struct RectangleOfSets {
  isl::set Rectangle, Interval;
};
} // namespace
static std::optional<RectangleOfSets> rectangleOf(isl::ctx Ctx,
                                                  ArrayRef<std::string> Sets,
                                                  uint64_t Pitch,
                                                  const std::string &Context) {
  isl::set Bytes;
  for (const std::string &Text : Sets) {
    isl::set Set = parseSetToMeasure(Ctx, Text);
    if (Set.is_null())
      return std::nullopt;
    Bytes = unite(std::move(Bytes), Set.reset_tuple_id());
  }
  isl::set Rows = between(applyMap(Bytes, rowMap(Pitch)));
  isl::set Columns = between(applyMap(Bytes, columnMap(Pitch)));
  isl::set Interval = between(std::move(Bytes));
  isl::set Given = parseSetToMeasure(Ctx, Context);
  if (Rows.is_null() || Columns.is_null() || Interval.is_null() ||
      Given.is_null())
    return std::nullopt;
  Columns = Columns.align_params(Rows.space());
  Rows = Rows.align_params(Columns.space());
  isl::set Rectangle =
      applyMap(flatProduct(std::move(Rows), std::move(Columns)),
               "{ [r, c] -> [" + std::to_string(Pitch) + "r + c] }");
  if (Rectangle.is_null())
    return std::nullopt;
  Given = Given.align_params(Rectangle.space());
  Rectangle = Rectangle.intersect_params(std::move(Given));
  return RectangleOfSets{std::move(Rectangle), std::move(Interval)};
}

std::optional<std::string>
prem::whereColumnsWithin(isl::ctx Ctx, ArrayRef<std::string> Sets,
                         uint64_t Pitch, const std::string &Columns,
                         const std::string &Context) {
  IslQuota Quota(Ctx);
  isl::set Allowed = parseSet(Ctx, Columns), Where = parseSet(Ctx, Context);
  if (Allowed.is_null() || Where.is_null())
    return std::nullopt;
  for (const std::string &Text : Sets) {
    isl::set Touched = applyMap(parseSet(Ctx, Text), columnMap(Pitch));
    if (Touched.is_null())
      return std::nullopt;
    Touched = Touched.align_params(Allowed.space());
    Allowed = Allowed.align_params(Touched.space());
    isl::set Outside = Touched.subtract(Allowed).params();
    Outside = Outside.align_params(Where.space());
    Where = Where.align_params(Outside.space()).subtract(Outside);
  }
  if (Where.is_null() || Quota.gaveUp())
    return std::nullopt;
  return toString(Where.coalesce());
}

bool prem::rectangleWithinInterval(isl::ctx Ctx, ArrayRef<std::string> Sets,
                                   uint64_t Pitch, const std::string &Context) {
  // (nullopt: isl failed, perhaps for the quota.)
  auto Compute = [&]() -> std::optional<bool> {
    IslQuota Quota(Ctx);
    auto R = rectangleOf(Ctx, Sets, Pitch, Context);
    bool Within = R && isSubset(R->Rectangle, R->Interval);
    if (Quota.failed())
      return std::nullopt;
    return Within;
  };
  std::string Key =
      "rectangle-within-interval " + std::to_string(Pitch) + "\n" + Context;
  for (const std::string &Text : Sets)
    Key += "\n" + Text;
  return keptResult<std::optional<bool>>(
             Ctx, Key, Compute,
             [](const std::optional<bool> &W) { return W.has_value(); })
      ->value_or(false);
}

bool prem::rectangleWritten(isl::ctx Ctx, ArrayRef<std::string> Sets,
                            const std::string &Written, uint64_t Pitch,
                            const std::string &Context) {
  IslQuota Quota(Ctx);
  auto R = rectangleOf(Ctx, Sets, Pitch, Context);
  isl::set Bytes = parseSetToMeasure(Ctx, Written);
  if (!R || Bytes.is_null())
    return false;
  isl::set Copied = std::move(R->Rectangle);
  Bytes = Bytes.reset_tuple_id();
  Bytes = Bytes.align_params(Copied.space());
  Copied = Copied.align_params(Bytes.space());
  return isSubset(Copied, Bytes) && !Quota.gaveUp();
}

static std::optional<int64_t> minOfDim(const isl::set &Set, unsigned Dim) {
  if (Set.is_null())
    return std::nullopt;
  return valToInt(Set.dim_min_val(Dim));
}

std::optional<int64_t> prem::maxOfDim(const isl::set &Set, unsigned Dim) {
  if (Set.is_null())
    return std::nullopt;
  return valToInt(Set.dim_max_val(Dim));
}

/// The set dimensions of Set; nullopt when isl fails.
static std::optional<unsigned> setDims(const isl::set &Set) {
  isl::size N = Set.dim(isl::dim::set);
  if (N.is_error())
    return std::nullopt;
  return unsigned(N);
}

/// Per dimension, the least and greatest value of a parameter-free set:
/// its box hull. nullopt when a dimension is unbounded or isl fails.
static std::optional<SmallVector<std::pair<int64_t, int64_t>, 4>>
boxHull(const isl::set &Set) {
  std::optional<unsigned> Dims = setDims(Set);
  if (!Dims)
    return std::nullopt;
  SmallVector<std::pair<int64_t, int64_t>, 4> Hull;
  for (unsigned D = 0; D < *Dims; ++D) {
    auto Min = minOfDim(Set, D), Max = maxOfDim(Set, D);
    if (!Min || !Max)
      return std::nullopt;
    Hull.emplace_back(*Min, *Max);
  }
  return Hull;
}

/// Whether the box Hull lies in Set: then Set is that box.
static bool boxWithin(ArrayRef<std::pair<int64_t, int64_t>> Hull,
                      const isl::set &Set) {
  SmallVector<std::string, 4> Outs, Cs;
  for (auto [D, Range] : enumerate(Hull)) {
    std::string O = "o" + std::to_string(D);
    Outs.push_back(O);
    Cs.push_back(std::to_string(Range.first) + " <= " + O +
                 " <= " + std::to_string(Range.second));
  }
  isl::set Box = parseSet(Set.ctx(), "{ [" + join(Outs, ", ") +
                                         "] : " + join(Cs, " and ") + " }");
  return isSubset(Box, Set);
}

/// Points of a union of boxes (a stencil's shifted accesses on a
/// delinearised array): each dimension is cut at every box's bounds, and a
/// cell between cuts lies in a box or in none, so the points are the
/// volumes of the covered cells. Exact at any size, where isl would have to
/// make the pieces disjoint and enumerate them. nullopt when a piece is not
/// a box, or there are too many cells.
static std::optional<uint64_t> countUnionOfBoxes(const isl::set &Set) {
  constexpr unsigned MostBoxes = 256;
  constexpr uint64_t MostCells = 1u << 22;
  // One piece: countPoints has just found it is not a box.
  isl::size NumPieces = Set.n_basic_set();
  if (NumPieces.is_error() || unsigned(NumPieces) < 2)
    return std::nullopt;
  SmallVector<isl::set, 8> Pieces;
  isl::stat Collected = Set.foreach_basic_set([&](isl::basic_set B) {
    Pieces.emplace_back(std::move(B));
    return Pieces.size() > MostBoxes ? isl::stat::error() : isl::stat::ok();
  });
  if (!Collected.is_ok())
    return std::nullopt;
  SmallVector<SmallVector<std::pair<int64_t, int64_t>, 4>, 8> Boxes;
  for (const isl::set &P : Pieces) {
    auto Hull = boxHull(P);
    if (!Hull || !boxWithin(*Hull, P))
      return std::nullopt;
    Boxes.push_back(std::move(*Hull));
  }
  std::optional<unsigned> SetDims = setDims(Set);
  if (!SetDims)
    return std::nullopt;
  unsigned Dims = *SetDims;
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
std::optional<uint64_t> prem::countPoints(const isl::set &Set,
                                          uint64_t MostPoints, bool &Exact) {
  Exact = true;
  if (Set.is_null())
    return std::nullopt;
  if (Set.is_empty().is_true())
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
  if (auto Count = valToInt(countVal(Set)))
    return uint64_t(*Count);
  return std::nullopt;
}
