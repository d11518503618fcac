//===- AffineFootprint.cpp - Per-memref boxes of an affine nest -----------===//
//
// Part of prem-llvm. Seed 001, Algorithm 1 (the footprint of a loop nest),
// with the polyhedral regions of MLIR's affine analysis in place of the
// LLVM path's isl sets: a memref's footprint is the bounding box of the
// regions of all its accesses, which is what a Load or Store copy moves.
//
//===----------------------------------------------------------------------===//

#include "AffineFootprint.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace mlir::affine;

namespace prem::mlirpath {

std::string memRefName(Value MemRef) {
  if (auto Arg = dyn_cast<BlockArgument>(MemRef))
    return "arg" + std::to_string(Arg.getArgNumber());
  return MemRef.getDefiningOp()->getName().getStringRef().str();
}

FailureOr<Footprint> computeFootprint(Operation *Root, unsigned Depth,
                                      std::string &Why,
                                      const KernelThreads *Threads) {
  llvm::MapVector<Value, MemRefBox> Boxes;
  WalkResult Walked = Root->walk([&](Operation *Op) {
    Value MemRef;
    bool Write = false;
    if (auto Load = dyn_cast<AffineLoadOp>(Op))
      MemRef = Load.getMemRef();
    else if (auto Store = dyn_cast<AffineStoreOp>(Op)) {
      MemRef = Store.getMemRef();
      Write = true;
    } else
      return WalkResult::advance();
    auto Region = std::make_unique<MemRefRegion>(Op->getLoc());
    if (failed(Region->compute(Op, Depth))) {
      Why = "the region of an access to " + memRefName(MemRef) +
            " cannot be computed";
      return WalkResult::interrupt();
    }
    // The block's box: every thread index over its extent.
    FlatAffineValueConstraints *Cst = Region->getConstraints();
    for (const ThreadRange &T :
         Threads ? Threads->indices() : ArrayRef<ThreadRange>()) {
      unsigned Pos;
      if (!Cst->findVar(T.Index, &Pos))
        continue;
      Cst->addBound(presburger::BoundType::LB, Pos, 0);
      Cst->addBound(presburger::BoundType::UB, Pos, T.Extent - 1);
      Cst->projectOut(T.Index);
    }
    MemRefBox &Box = Boxes[MemRef];
    (Write ? Box.Written : Box.Read) = true;
    if (!Box.Region) {
      Box.MemRef = MemRef;
      Box.Region = std::move(Region);
      return WalkResult::advance();
    }
    if (failed(Box.Region->unionBoundingBox(*Region))) {
      Why = "the regions of the accesses to " + memRefName(MemRef) +
            " have no common bounding box";
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  if (Walked.wasInterrupted())
    return failure();

  Footprint FP;
  for (auto &[MemRef, Box] : Boxes) {
    auto Type = cast<MemRefType>(MemRef.getType());
    std::optional<int64_t> EltBytes = getMemRefIntOrFloatEltSizeInBytes(Type);
    SmallVector<AffineMap, 4> Lbs;
    std::optional<int64_t> Elements =
        Box.Region->getConstantBoundingSizeAndShape(&Box.Shape, &Lbs);
    if (!EltBytes || !Elements) {
      Why = "the box of " + memRefName(MemRef) +
            " has no constant size (its extent depends on a value the "
            "tile does not fix)";
      return failure();
    }
    if (!Type.getLayout().isIdentity()) {
      Why = memRefName(MemRef) + " has a layout that is not the identity";
      return failure();
    }
    const FlatAffineValueConstraints *Cst = Box.Region->getConstraints();
    unsigned Rank = Type.getRank();
    Cst->getValues(Rank, Cst->getNumDimAndSymbolVars(), &Box.Symbols);
    // The copies run before the root: what the box depends on must be
    // there already.
    for (Value Symbol : Box.Symbols) {
      Operation *Def = Symbol.getDefiningOp();
      if (!Def)
        Def = cast<BlockArgument>(Symbol).getOwner()->getParentOp();
      if (Root->isAncestor(Def)) {
        Why = "the box of " + memRefName(MemRef) +
              " depends on a value computed inside the tile";
        return failure();
      }
      if (Threads && !Threads->isUniform(Symbol)) {
        Why = "the box of " + memRefName(MemRef) +
              " depends on the thread otherwise than through an affine "
              "function of its index";
        return failure();
      }
    }
    // The box's first index per dimension, written over the region's
    // symbols as dims, so that loop variables are valid operands.
    SmallVector<AffineExpr, 4> AsDims;
    for (unsigned I = 0; I < Box.Symbols.size(); ++I)
      AsDims.push_back(getAffineDimExpr(I, MemRef.getContext()));
    for (AffineMap Lb : Lbs) {
      if (Lb.getNumResults() != 1 || Lb.getNumSymbols() != Box.Symbols.size()) {
        Why = "the box of " + memRefName(MemRef) + " has no single first index";
        return failure();
      }
      Box.Offsets.push_back(Lb.getResult(0).replaceSymbols(AsDims));
    }
    Box.Region->setWrite(Box.Written);
    Box.Elements = *Elements;
    Box.ElementBytes = *EltBytes;
    FP.Bytes += Box.bytes();
    FP.Boxes.push_back(std::move(Box));
  }
  return FP;
}

} // namespace prem::mlirpath
