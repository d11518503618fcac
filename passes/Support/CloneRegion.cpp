//===- CloneRegion.cpp - Copies of a loop's blocks ------------------------===//
//
// Part of prem-llvm.
//
//===----------------------------------------------------------------------===//

#include "prem/Support/CloneRegion.h"

#include "llvm/IR/BasicBlock.h"
#include "llvm/Transforms/Utils/Cloning.h"

using namespace llvm;

SmallVector<BasicBlock *, 16>
prem::cloneBlocks(ArrayRef<BasicBlock *> Blocks, const Twine &Suffix,
                  ArrayRef<std::pair<BasicBlock *, BasicBlock *>> Redirects,
                  ValueToValueMapTy &VMap) {
  SmallVector<BasicBlock *, 16> Copies;
  for (BasicBlock *BB : Blocks) {
    BasicBlock *Copy = CloneBasicBlock(BB, VMap, Suffix, BB->getParent());
    VMap[BB] = Copy;
    Copies.push_back(Copy);
  }
  for (auto [From, To] : Redirects)
    VMap[From] = To;
  remapInstructionsInBlocks(Copies, VMap);
  return Copies;
}
