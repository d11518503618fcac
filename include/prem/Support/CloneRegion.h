//===- CloneRegion.h - Copies of a loop's blocks ----------------*- C++ -*-===//
//
// Part of prem-llvm. prem-tile (the global path) and prem-les (the stripped
// Load and Store phases) each run a copy of a tile's blocks, entered from one
// block and leaving to another.
//
//===----------------------------------------------------------------------===//

#ifndef PREM_SUPPORT_CLONEREGION_H
#define PREM_SUPPORT_CLONEREGION_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Transforms/Utils/ValueMapper.h"

#include <utility>

namespace llvm {
class BasicBlock;
} // namespace llvm

namespace prem {

/// Copies Blocks (names get Suffix) into their function. Each Redirects pair
/// (From, To) makes the copies use To wherever the originals use From: the
/// block they are entered from (phi edges) and the block they leave to.
/// VMap maps every original value to its copy.
llvm::SmallVector<llvm::BasicBlock *, 16> cloneBlocks(
    llvm::ArrayRef<llvm::BasicBlock *> Blocks, const llvm::Twine &Suffix,
    llvm::ArrayRef<std::pair<llvm::BasicBlock *, llvm::BasicBlock *>> Redirects,
    llvm::ValueToValueMapTy &VMap);

} // namespace prem

#endif // PREM_SUPPORT_CLONEREGION_H
