//===- IslCodegen.h - isl expressions as LLVM IR ----------------*- C++ -*-===//
//
// Part of prem-llvm. prem-tile turns the footprint's isl byte sets into the
// code that computes, at run time, which bytes one tile moves.
//
//===----------------------------------------------------------------------===//

#ifndef PREM_SUPPORT_ISLCODEGEN_H
#define PREM_SUPPORT_ISLCODEGEN_H

#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/IR/IRBuilder.h"

#include "isl/isl-noexceptions.h"

#include <memory>
#include <optional>
#include <string>

namespace prem {

/// The smallest interval holding a set of byte offsets, as i64 IR values.
struct ByteInterval {
  /// The set is not empty for these parameter values.
  llvm::Value *Active = nullptr;
  /// First byte and one past the last; both 0 when not Active.
  llvm::Value *Begin = nullptr, *End = nullptr;
};

/// The isl expressions of a ByteInterval, built ahead of the IR so that a
/// set whose interval cannot be generated is known before anything changes.
class ByteIntervalExprs {
public:
  /// Builds the expressions of the one-dimensional isl set SetText under
  /// Context (an isl parameter set the parameter values satisfy); Why is
  /// set when they cannot be built or use parameters not in Known.
  static std::optional<ByteIntervalExprs>
  build(isl::ctx Ctx, const std::string &SetText, const std::string &Context,
        const llvm::StringSet<> &Known, std::string &Why);

  /// Emits them with Params (i64) as the parameter values.
  ByteInterval emit(const llvm::StringMap<llvm::Value *> &Params,
                    llvm::IRBuilderBase &B) const;

private:
  /// build() without the kept results; Complete when isl built every
  /// expression (a failure is then theirs, not isl's).
  static std::optional<ByteIntervalExprs>
  buildAfresh(isl::ctx Ctx, const std::string &SetText,
              const std::string &Context, const llvm::StringSet<> &Known,
              std::string &Why, bool &Complete);

  isl::ast_expr Active, First, Last;
};

/// True when, for every parameter value in Context (an isl parameter set),
/// the set has no hole: every byte between its first and last is in it.
bool hasNoHoles(isl::ctx Ctx, const std::string &SetText,
                const std::string &Context);

/// The interval holding all of them (each access's set is small; their
/// union would not be).
ByteInterval emitUnion(llvm::ArrayRef<ByteIntervalExprs> Parts,
                       const llvm::StringMap<llvm::Value *> &Params,
                       llvm::IRBuilderBase &B);

/// The length of the interval holding some sets, as a function of their
/// parameters, built once and asked for its largest value under several
/// contexts (prem-tile's search for the tile size), each within Context
/// (the parameter values of every tile).
class IntervalLength {
public:
  /// The length for these sets, built once per isl context while its
  /// IslTextCache lives (keptResult) and shared by whoever asks again; one
  /// that could not be built is built again.
  static std::shared_ptr<const IntervalLength>
  get(isl::ctx Ctx, llvm::ArrayRef<std::string> SetTexts,
      const std::string &Context);
  IntervalLength(isl::ctx Ctx, llvm::ArrayRef<std::string> SetTexts,
                 const std::string &Context);

  /// Largest length over the parameter values in Context, when bounded
  /// (each context's answer is kept, unless isl failed).
  std::optional<uint64_t> largest(const std::string &Context) const;

private:
  /// Sure: isl did not fail (no value then means unbounded).
  std::optional<uint64_t> largestAfresh(const std::string &Context,
                                        bool &Sure) const;

  isl::ctx Ctx;
  isl::pw_aff Length;
  mutable llvm::StringMap<std::optional<uint64_t>> Largest;
};

} // namespace prem

#endif // PREM_SUPPORT_ISLCODEGEN_H
