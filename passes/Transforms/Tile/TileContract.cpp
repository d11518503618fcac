//===- TileContract.cpp - Metadata prem-tile writes -----------------------===//
//
// Building the metadata of the tile contract, and reading it back
// (findTiledLoops) for the passes after prem-tile.
//
//===----------------------------------------------------------------------===//

#include "TileContract.h"
#include "prem/Transforms/PremTile.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/LLVMContext.h"

#define DEBUG_TYPE "prem-tile"

using namespace llvm;
using namespace prem;
using namespace prem::tile;

namespace prem::tile {

MDNode *tupleOf(LLVMContext &C, ArrayRef<Metadata *> Ops) {
  return MDNode::get(C, Ops);
}

Metadata *i32MD(LLVMContext &C, int64_t V) {
  return ConstantAsMetadata::get(
      ConstantInt::getSigned(Type::getInt32Ty(C), V));
}

Metadata *i64MD(LLVMContext &C, uint64_t V) {
  return ConstantAsMetadata::get(ConstantInt::get(Type::getInt64Ty(C), V));
}

Metadata *boolMD(LLVMContext &C, bool V) {
  return ConstantAsMetadata::get(ConstantInt::getBool(C, V));
}

} // namespace prem::tile

static int64_t intOf(const Metadata *MD) {
  return mdconst::extract<ConstantInt>(MD)->getSExtValue();
}

SmallVector<TiledLoop, 2> prem::findTiledLoops(Function &F) {
  SmallVector<TiledLoop, 2> Tiles;
  auto TileById = [&](unsigned Id) -> TiledLoop * {
    for (TiledLoop &T : Tiles)
      if (T.Id == Id)
        return &T;
    return nullptr;
  };
  for (BasicBlock &BB : F) {
    auto *Br = dyn_cast<BranchInst>(BB.getTerminator());
    MDNode *MD = Br ? Br->getMetadata(TileMD) : nullptr;
    if (!MD)
      continue;
    TiledLoop T;
    T.Id = intOf(MD->getOperand(0));
    T.Iterations = intOf(MD->getOperand(1));
    T.ScratchpadBytes = intOf(MD->getOperand(2));
    T.Version = Br;
    T.Split = Br->getMetadata(SplitMD);
    for (unsigned I = 3; I < MD->getNumOperands(); ++I) {
      auto *A = cast<MDNode>(MD->getOperand(I));
      TiledArray TA;
      TA.Name = cast<MDString>(A->getOperand(0))->getString().str();
      TA.Read = intOf(A->getOperand(1));
      TA.Written = intOf(A->getOperand(2));
      TA.WriteHasNoHoles = intOf(A->getOperand(3));
      if (A->getNumOperands() > 4)
        TA.Pitch = intOf(A->getOperand(4));
      if (A->getNumOperands() > 6) {
        TA.GatherStride = intOf(A->getOperand(5));
        TA.GatherThreads = intOf(A->getOperand(6));
      }
      if (A->getNumOperands() > 7)
        TA.Scatter = intOf(A->getOperand(7));
      T.Arrays.push_back(std::move(TA));
    }
    Tiles.push_back(std::move(T));
  }
  for (Instruction &I : instructions(F)) {
    if (MDNode *MD = I.getMetadata(BlockMD)) {
      if (TiledLoop *T = TileById(intOf(MD->getOperand(0)))) {
        StringRef What = cast<MDString>(MD->getOperand(1))->getString();
        BasicBlock *BB = I.getParent();
        if (What == "load")
          T->LoadBlock = BB;
        else if (What == "store")
          T->StoreBlock = BB;
        else if (What == "global")
          T->GlobalBlock = BB;
        else if (What == "end")
          T->EndBlock = BB;
        else if (What == "partial")
          T->Partial.Opens.push_back(BB);
        else if (What == "partial-end")
          T->Partial.Closes.push_back(BB);
        else if (What == "compat")
          T->Outside.Opens.push_back(BB);
        else if (What == "compat-end")
          T->Outside.Closes.push_back(BB);
      }
    }
    if (MDNode *MD = I.getMetadata(ValueMD)) {
      TiledLoop *T = TileById(intOf(MD->getOperand(0)));
      if (!T)
        continue;
      int64_t A = intOf(MD->getOperand(1));
      StringRef What = cast<MDString>(MD->getOperand(2))->getString();
      if (A < 0) {
        (What == "partial"  ? T->Partial.Interval
         : What == "compat" ? T->Outside.Interval
                            : T->Interval) = &I;
        continue;
      }
      if (size_t(A) >= T->Arrays.size())
        continue;
      TiledArray &TA = T->Arrays[A];
      Value **Slot = StringSwitch<Value **>(What)
                         .Case("begin", &TA.Begin)
                         .Case("length", &TA.Length)
                         .Case("slot", &TA.Slot)
                         .Case("wbegin", &TA.WriteBegin)
                         .Case("wlength", &TA.WriteLength)
                         .Case("rows", &TA.Rows)
                         .Case("width", &TA.Width)
                         .Case("rowbytes", &TA.RowBytes)
                         .Case("pitch", &TA.RowPitch)
                         .Case("skip", &TA.Skip)
                         .Case("cut", &TA.Cut)
                         .Case("spanbegin", &TA.SpanBegin)
                         .Case("spanend", &TA.SpanEnd)
                         .Default(nullptr);
      if (Slot)
        *Slot = &I;
    }
  }
  return Tiles;
}
