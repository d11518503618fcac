//===- IslCodegen.h - isl expressions as LLVM IR ----------------*- C++ -*-===//
//
// Part of prem-llvm. prem-tile turns the footprint's isl byte sets into the
// code that computes, at run time, which bytes one tile moves.
//
//===----------------------------------------------------------------------===//

#ifndef PREM_SUPPORT_ISLCODEGEN_H
#define PREM_SUPPORT_ISLCODEGEN_H

#include "llvm/ADT/StringMap.h"
#include "llvm/IR/IRBuilder.h"

#include <optional>
#include <string>

struct isl_ctx;

namespace prem {

/// The smallest interval holding a set of byte offsets, as i64 IR values.
struct ByteInterval {
  /// The set is not empty for these parameter values.
  llvm::Value *Active = nullptr;
  /// First byte and one past the last; both 0 when not Active.
  llvm::Value *Begin = nullptr, *End = nullptr;
};

/// Emits Begin/End of the one-dimensional isl set SetText, whose parameters
/// are given values by Params (i64). Context is an isl parameter set the
/// values are known to satisfy. nullopt when isl gives up or the set names a
/// parameter without a value.
std::optional<ByteInterval>
emitByteInterval(isl_ctx *Ctx, const std::string &SetText,
                 const std::string &Context,
                 const llvm::StringMap<llvm::Value *> &Params,
                 llvm::IRBuilderBase &B);

/// True when, for every parameter value, the set has no hole: every byte
/// between its first and last is in it.
bool hasNoHoles(isl_ctx *Ctx, const std::string &SetText);

/// Largest End - Begin of the set over the parameter values in Context, when
/// isl can bound it.
std::optional<uint64_t> largestInterval(isl_ctx *Ctx,
                                        const std::string &SetText,
                                        const std::string &Context);

} // namespace prem

#endif // PREM_SUPPORT_ISLCODEGEN_H
