//===- TileContract.h - Metadata prem-tile writes ---------------*- C++ -*-===//
//
// The metadata prem-tile puts on the code for prem-les and prem-sync to
// read (PremTile.h names the kinds and findTiledLoops reads them back).
//
//===----------------------------------------------------------------------===//

#ifndef PREM_TRANSFORMS_TILE_TILECONTRACT_H
#define PREM_TRANSFORMS_TILE_TILECONTRACT_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/IR/Metadata.h"

namespace prem::tile {

llvm::MDNode *tupleOf(llvm::LLVMContext &C,
                      llvm::ArrayRef<llvm::Metadata *> Ops);
llvm::Metadata *i32MD(llvm::LLVMContext &C, int64_t V);
llvm::Metadata *i64MD(llvm::LLVMContext &C, uint64_t V);
llvm::Metadata *boolMD(llvm::LLVMContext &C, bool V);

} // namespace prem::tile

#endif // PREM_TRANSFORMS_TILE_TILECONTRACT_H
