//===- RemarkLocation.h - Where a remark points in the source ---*- C++ -*-===//
//
// Part of prem-llvm. Remarks are for the user, who reads source lines: a
// reason anchored at an instruction that has no location of its own (one
// that a pass created: a switch lowered from the loop's condition, an
// OpenMP runtime call) still points at the nearest source line.
//
//===----------------------------------------------------------------------===//

#ifndef PREM_SUPPORT_REMARKLOCATION_H
#define PREM_SUPPORT_REMARKLOCATION_H

#include "llvm/IR/DiagnosticInfo.h"

namespace llvm {
class DILocation;
class Function;
class Instruction;
} // namespace llvm

namespace prem {

/// I's location; else the nearest located instruction before it in its
/// block, else after it; else the first located instruction of the
/// function; else the function's own line; else none. Code inlined into
/// the function from another file (a header's) gets the line it was
/// inlined at in the function's own file.
llvm::DiagnosticLocation remarkLocation(const llvm::Instruction &I);

/// The innermost frame of L (inlined code: L, then where it was inlined,
/// and so on) in F's own source file; null when none is.
const llvm::DILocation *frameInFunctionFile(const llvm::DILocation *L,
                                            const llvm::Function &F);

} // namespace prem

#endif // PREM_SUPPORT_REMARKLOCATION_H
