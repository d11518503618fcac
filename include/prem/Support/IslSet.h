//===- IslSet.h - Small helpers over isl integer sets -----------*- C++ -*-===//
//
// Part of prem-llvm. The footprint analysis builds isl sets from text (which
// keeps the affine forms readable and avoids hand-assembled constraint
// matrices) and needs a handful of operations on them: union, a readable
// form, point counting, and an operation quota so that no input can make isl
// run away with the compile time (what Polly does too).
//
//===----------------------------------------------------------------------===//
#ifndef PREM_SUPPORT_ISLSET_H
#define PREM_SUPPORT_ISLSET_H

#include "llvm/ADT/ArrayRef.h"

#include <cstdint>
#include <optional>
#include <string>

struct isl_ctx;
struct isl_set;

namespace prem {

/// Owns one isl_set (null when a parse or an operation failed).
class IslSet {
public:
  isl_set *S = nullptr;

  IslSet() = default;
  explicit IslSet(isl_set *S) : S(S) {}
  IslSet(const IslSet &) = delete;
  IslSet(IslSet &&O) : S(O.S) { O.S = nullptr; }
  IslSet &operator=(IslSet &&O);
  ~IslSet();

  IslSet copy() const;
  isl_set *release();
  std::string str() const;
};

IslSet parseSet(isl_ctx *Ctx, const std::string &Text);
/// The union; a null operand is the empty set.
IslSet unite(IslSet A, IslSet B);

/// Bounds the isl operations of one computation (-prem-isl-max-operations):
/// past it isl fails, and gaveUp() says so.
class IslQuota {
  isl_ctx *Ctx;

public:
  explicit IslQuota(isl_ctx *Ctx);
  IslQuota(isl_ctx *Ctx, unsigned long MaxOperations);
  ~IslQuota();
  bool gaveUp() const;
};

/// The -prem-isl-max-operations budget.
unsigned long islMaxOperations();

/// Coalesces, and replaces a union by its convex hull when the hull adds no
/// point. Cosmetic: under a small quota, the set is kept if it runs out.
IslSet simplify(IslSet Set);

/// "first {..}, last {..}": the least and greatest element of a 1-D set as
/// piecewise-affine functions of its parameters.
std::string byteRangeText(llvm::ArrayRef<IslSet> Pieces);

/// A is a subset of B (false when isl fails).
bool isSubset(const IslSet &A, const IslSet &B);

/// Seed 003's 2-D transfer: a set of byte offsets seen as rows of Pitch
/// bytes. The rows (floor(b / Pitch)) and the columns (b mod Pitch) it
/// touches, each a one-dimensional set over the same parameters, as text;
/// nullopt when isl cannot build them.
struct RowsAndColumns {
  std::string Rows, Columns;
};
std::optional<RowsAndColumns>
rowsAndColumns(isl_ctx *Ctx, const std::string &Bytes, uint64_t Pitch);

/// Whether, for every parameter value of Context, the rectangle of the byte
/// sets (every row from the first to the last they touch, every column from
/// the first to the last) lies between their first and last byte: a 2-D
/// transfer of it then reads nothing the 1-D interval would not, so nothing
/// outside the array.
bool rectangleWithinInterval(isl_ctx *Ctx, llvm::ArrayRef<std::string> Sets,
                             uint64_t Pitch, const std::string &Context);

/// Whether, for every parameter value of Context, every byte of that
/// rectangle is in Written: a 2-D slot can then be stored back by rows, as
/// it was loaded, without writing a byte the tile did not.
bool rectangleWritten(isl_ctx *Ctx, llvm::ArrayRef<std::string> Sets,
                      const std::string &Written, uint64_t Pitch,
                      const std::string &Context);

/// The greatest value of dimension Dim over a parameter-free set; nullopt
/// when unbounded, empty or isl fails.
std::optional<int64_t> maxOfDim(const IslSet &Set, unsigned Dim);

/// Points of a parameter-free set: exact where it is a box or a union of
/// boxes, or where MostPoints (an upper bound on its points) is small enough
/// to enumerate (maxCountedPoints()); else the smaller of that bound and
/// the box hull, with Exact = false. nullopt when isl fails.
std::optional<uint64_t> countPoints(const IslSet &Set, uint64_t MostPoints,
                                    bool &Exact);

/// The most points a count enumerates (-prem-footprint-max-count).
uint64_t maxCountedPoints();

} // namespace prem

#endif // PREM_SUPPORT_ISLSET_H
