//===- IslSet.h - Small helpers over isl integer sets -----------*- C++ -*-===//
//
// Part of prem-llvm. The footprint analysis builds isl sets from text (which
// keeps the affine forms readable and avoids hand-assembled constraint
// matrices) and needs a handful of operations on them: union, a readable
// form, point counting, and an operation quota so that no input can make isl
// run away with the compile time (what Polly does too).
//
// isl is used through the C++ bindings Polly ships and uses itself
// (isl-noexceptions.h): the objects own their isl pointers, and a failed
// operation gives a null object (is_null()) where the C API gave NULL.
//
//===----------------------------------------------------------------------===//
#ifndef PREM_SUPPORT_ISLSET_H
#define PREM_SUPPORT_ISLSET_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringMap.h"

#include "isl/isl-noexceptions.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>

namespace prem {

/// isl's text of the set; "<invalid>" for a null set.
std::string toString(const isl::set &Set);

/// Parses Text (a null set when isl cannot read it).
isl::set parseSet(isl::ctx Ctx, const std::string &Text);
/// Parses Text for a computation whose result is a number or a truth value
/// (a length, a greatest value, a subset test), through the context's
/// IslTextCache where it has one. isl rewrites a set that several owners
/// share in place where its points stay the same (it drops a redundant
/// constraint), so a kept set may come back in another form than a fresh
/// read: numbers and truth values do not see the form, but text or code
/// made from the set would, which is why those read with parseSet.
isl::set parseSetToMeasure(isl::ctx Ctx, const std::string &Text);

/// The sets parseSetToMeasure has read in one isl context, kept while the
/// cache lives: whoever owns the context owns one and drops it before the
/// context. The analyses hand their sets to each other as isl text, and the
/// tile-size search measures the same byte sets against the same contexts
/// for every slot and size: isl's parser took about half of the analyses'
/// time (issue 27, bench/compile_time.py). A kept set costs no isl
/// operation, so a computation under a quota goes further than it did with
/// the reads counted. Only a whole read is kept: one that failed, or was cut
/// short by an exhausted quota, is tried again.
class IslTextCache {
public:
  explicit IslTextCache(isl::ctx Ctx);
  ~IslTextCache();
  IslTextCache(const IslTextCache &) = delete;
  IslTextCache &operator=(const IslTextCache &) = delete;

  isl::set set(const std::string &Text);

  /// The cache open for Ctx, if any.
  static IslTextCache *of(isl::ctx Ctx);

  /// A computation's result kept under Key (the computation's name and the
  /// texts it read), null when none is; see keptResult.
  std::shared_ptr<const void> kept(const std::string &Key) const {
    return Results.lookup(Key);
  }
  void keep(const std::string &Key, std::shared_ptr<const void> Result) {
    Results[Key] = std::move(Result);
  }

private:
  isl_ctx *Ctx;
  llvm::StringMap<isl::set> Sets;
  llvm::StringMap<std::shared_ptr<const void>> Results;
};

/// Compute()'s result for Key, computed once while Ctx's IslTextCache lives
/// (every time without one). For computations whose result depends only on
/// the texts Key names and is never changed once made (numbers, truth
/// values, text, isl expressions read from fresh sets): the tile-size search
/// builds the same lengths, rows and interval code for every slot, pitch and
/// depth, and nests of one shape in several kernels give the same texts
/// (issue 27). A result that Whole() rejects is not kept: the next caller
/// computes it again, as without the cache. Only successes should be kept:
/// a failure may be a quota that ran out, which isl's last error does not
/// always say (a parser cut short reports a syntax error), and the same
/// computation may succeed later on sets the IslTextCache has read by then.
/// Each Key starts with the computation's name, one type per name.
template <typename T, typename ComputeFn, typename WholeFn>
std::shared_ptr<const T> keptResult(isl::ctx Ctx, const std::string &Key,
                                    ComputeFn Compute, WholeFn Whole) {
  IslTextCache *Cache = IslTextCache::of(Ctx);
  if (Cache)
    if (std::shared_ptr<const void> Kept = Cache->kept(Key))
      return std::static_pointer_cast<const T>(Kept);
  auto Result = std::make_shared<const T>(Compute());
  if (Cache && Whole(*Result))
    Cache->keep(Key, Result);
  return Result;
}
/// The union; a null operand is the empty set.
isl::set unite(isl::set A, isl::set B);

/// Bounds the isl operations of one computation (-prem-isl-max-operations):
/// past it isl fails, and gaveUp() says so. isl's quota and error state are
/// the context's, which the bindings do not wrap: this class is their only
/// user. Quotas nest: an inner one (simplify() within a computation) gives
/// the outer one back its limit and its error state when it ends (the outer
/// count starts again from the inner's: isl has no getter for it).
class IslQuota {
  isl_ctx *Ctx;
  unsigned long OuterMaxOperations;
  isl_error OuterError;

public:
  explicit IslQuota(isl::ctx Ctx);
  IslQuota(isl::ctx Ctx, unsigned long MaxOperations);
  ~IslQuota();
  bool gaveUp() const;
  /// isl reported an error since the quota began: an answer is then not
  /// sure, even where gaveUp() is false (a parser that the quota cut short
  /// reports a syntax error).
  bool failed() const;
};

/// The -prem-isl-max-operations budget.
unsigned long islMaxOperations();
/// A twentieth of it, for computations that only refine an answer (at
/// least one operation; no limit where the budget has none).
unsigned long islSmallQuota();

/// Coalesces, and replaces a union by its convex hull when the hull adds no
/// point. Cosmetic: under a small quota, the set is kept if it runs out.
isl::set simplify(isl::set Set);

/// "first {..}, last {..}": the least and greatest element of a 1-D set as
/// piecewise-affine functions of its parameters.
std::string byteRangeText(llvm::ArrayRef<isl::set> Pieces);

/// A is a subset of B (false when isl fails).
bool isSubset(const isl::set &A, const isl::set &B);

/// Seed 003's 2-D transfer: a set of byte offsets seen as rows of Pitch
/// bytes. The rows (floor(b / Pitch)) and the columns (b mod Pitch) it
/// touches, each a one-dimensional set over the same parameters, as text;
/// nullopt when isl cannot build them.
struct RowsAndColumns {
  std::string Rows, Columns;
};
std::optional<RowsAndColumns>
rowsAndColumns(isl::ctx Ctx, const std::string &Bytes, uint64_t Pitch);

/// The parameter values of Context (an isl parameter set) for which every
/// byte of the sets lies in a column (b mod Pitch) of Columns (an isl set
/// over the same parameters: "[n] -> { [c] : 0 <= c < 4n }"), as an isl
/// parameter set; nullopt when isl fails.
std::optional<std::string> whereColumnsWithin(isl::ctx Ctx,
                                              llvm::ArrayRef<std::string> Sets,
                                              uint64_t Pitch,
                                              const std::string &Columns,
                                              const std::string &Context);

/// Whether, for every parameter value of Context, the rectangle of the byte
/// sets (every row from the first to the last they touch, every column from
/// the first to the last) lies between their first and last byte: a 2-D
/// transfer of it then reads nothing the 1-D interval would not, so nothing
/// outside the array.
bool rectangleWithinInterval(isl::ctx Ctx, llvm::ArrayRef<std::string> Sets,
                             uint64_t Pitch, const std::string &Context);

/// Whether, for every parameter value of Context, every byte of that
/// rectangle is in Written: a 2-D slot can then be stored back by rows, as
/// it was loaded, without writing a byte the tile did not.
bool rectangleWritten(isl::ctx Ctx, llvm::ArrayRef<std::string> Sets,
                      const std::string &Written, uint64_t Pitch,
                      const std::string &Context);

/// The greatest value of dimension Dim over a parameter-free set; nullopt
/// when unbounded, empty or isl fails.
std::optional<int64_t> maxOfDim(const isl::set &Set, unsigned Dim);

/// Points of a parameter-free set: exact where it is a box or a union of
/// boxes, or where MostPoints (an upper bound on its points) is small enough
/// to enumerate (maxCountedPoints()); else the smaller of that bound and
/// the box hull, with Exact = false. nullopt when isl fails.
std::optional<uint64_t> countPoints(const isl::set &Set, uint64_t MostPoints,
                                    bool &Exact);

/// The most points a count enumerates (-prem-footprint-max-count).
uint64_t maxCountedPoints();

/// Widens [First, Last] (null: empty) to the first and last value of Set's
/// one dimension, piece by piece, coalesced.
void widenRange(isl::pw_aff &First, isl::pw_aff &Last, const isl::set &Set);

/// isl operations that Polly's bindings do not wrap, over the bindings'
/// objects: the only places where the plugin hands isl raw pointers
/// (release() in, isl::manage() out), with the C function's ownership.
/// isl_pw_aff_union_min / _max: the least / greatest of A and B where both
/// are defined, the one defined elsewhere.
isl::pw_aff unionMin(isl::pw_aff A, isl::pw_aff B);
isl::pw_aff unionMax(isl::pw_aff A, isl::pw_aff B);
/// isl_set_flat_product: the dimensions of A, then those of B.
isl::set flatProduct(isl::set A, isl::set B);
/// isl_set_from_pw_aff: the graph of PA's values, a set over its domain.
isl::set fromPwAff(isl::pw_aff PA);
/// isl_set_move_dims.
isl::set moveDims(isl::set Set, isl::dim DstType, unsigned DstPos,
                  isl::dim SrcType, unsigned SrcPos, unsigned N);
/// isl_set_count_val: the points of a parameter-free set, by enumeration.
isl::val countVal(const isl::set &Set);

} // namespace prem

#endif // PREM_SUPPORT_ISLSET_H
