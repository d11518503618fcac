//===- AffineFootprint.cpp - Per-memref boxes of an affine nest -----------===//
//
// Part of prem-llvm. Seed 001, Algorithm 1 (the footprint of a loop nest),
// with the polyhedral regions of MLIR's affine analysis in place of the
// LLVM path's isl sets: a memref's footprint is the bounding box of the
// regions of all its accesses, which is what a Load or Store copy moves.
//
//===----------------------------------------------------------------------===//

#include "AffineFootprint.h"

#include "mlir/Dialect/Affine/Analysis/LoopAnalysis.h"
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

namespace {
/// What an affine expression of a store's subscript depends on: nothing the
/// tile varies (Fixed), one variable with coefficient 1 (Variable), or
/// anything else (Other).
struct Subscript {
  enum Kind { Fixed, Variable, Other } K = Fixed;
  Value Var;
};
} // namespace

static Subscript classify(AffineExpr E, ValueRange Operands, unsigned NumDims,
                          llvm::function_ref<bool(Value)> IsVariable,
                          llvm::function_ref<bool(Value)> IsFixed) {
  if (isa<AffineConstantExpr>(E))
    return {};
  if (isa<AffineDimExpr, AffineSymbolExpr>(E)) {
    Value V = isa<AffineDimExpr>(E)
                  ? Operands[cast<AffineDimExpr>(E).getPosition()]
                  : Operands[NumDims + cast<AffineSymbolExpr>(E).getPosition()];
    if (IsVariable(V))
      return {Subscript::Variable, V};
    return IsFixed(V) ? Subscript{} : Subscript{Subscript::Other, {}};
  }
  auto Bin = cast<AffineBinaryOpExpr>(E);
  Subscript L = classify(Bin.getLHS(), Operands, NumDims, IsVariable, IsFixed);
  Subscript R = classify(Bin.getRHS(), Operands, NumDims, IsVariable, IsFixed);
  if (L.K == Subscript::Other || R.K == Subscript::Other)
    return {Subscript::Other, {}};
  if (L.K == Subscript::Fixed && R.K == Subscript::Fixed)
    return {};
  // One variable: only added to what the tile fixes keeps coefficient 1.
  if (E.getKind() == AffineExprKind::Add &&
      (L.K == Subscript::Fixed || R.K == Subscript::Fixed))
    return L.K == Subscript::Variable ? L : R;
  return {Subscript::Other, {}};
}

/// Whether Loop runs at least once whatever its symbols: every result of its
/// trip count map is a positive constant. (getConstantTripCount reads a
/// negative count as a huge unsigned one: `5 to 3` would "run".)
static bool runsAtLeastOnce(AffineForOp Loop) {
  AffineMap TripMap;
  SmallVector<Value, 4> Operands;
  getTripCountMapAndOperands(Loop, &TripMap, &Operands);
  if (!TripMap || TripMap.getNumResults() == 0)
    return false;
  return llvm::all_of(TripMap.getResults(), [](AffineExpr E) {
    auto C = dyn_cast<AffineConstantExpr>(E);
    return C && C.getValue() > 0;
  });
}

bool writesWholeBox(Operation *Tile, Value MemRef,
                    ArrayRef<AffineForOp> NonEmpty,
                    const KernelThreads *Threads) {
  AffineStoreOp Store;
  bool Single = true;
  Tile->walk([&](Operation *Op) {
    if (auto L = dyn_cast<AffineLoadOp>(Op); L && L.getMemRef() == MemRef)
      Single = false;
    if (auto S = dyn_cast<AffineStoreOp>(Op); S && S.getMemRef() == MemRef) {
      Single &= !Store;
      Store = S;
    }
  });
  if (!Single || !Store)
    return false;
  // The loops from the store up to the tile: affine.for only.
  SmallVector<AffineForOp, 4> Chain;
  for (Operation *Op = Store->getParentOp();; Op = Op->getParentOp()) {
    auto Loop = dyn_cast<AffineForOp>(Op);
    if (!Loop)
      return false;
    Chain.push_back(Loop);
    if (Op == Tile)
      break;
  }
  auto InTile = [&](Value V) {
    Operation *Def = V.getDefiningOp();
    if (!Def)
      Def = cast<BlockArgument>(V).getOwner()->getParentOp();
    return Tile->isAncestor(Def);
  };
  auto IsThread = [&](Value V) {
    return Threads && llvm::any_of(Threads->indices(), [&](const ThreadRange &T) {
             return T.Index == V;
           });
  };
  // What a tile fixes: defined outside it and, on a GPU, the same in every
  // thread.
  auto IsFixed = [&](Value V) {
    return !InTile(V) && (!Threads || Threads->isUniform(V));
  };
  for (AffineForOp Loop : Chain) {
    if (Loop.getStepAsInt() != 1 || !llvm::all_of(Loop->getOperands(), IsFixed))
      return false;
    if (!llvm::is_contained(NonEmpty, Loop) && !runsAtLeastOnce(Loop))
      return false;
  }
  auto IsVariable = [&](Value V) {
    return IsThread(V) || llvm::any_of(Chain, [&](AffineForOp L) {
             return L.getInductionVar() == V;
           });
  };
  // A variable in two subscripts covers a diagonal, not a box. Two values
  // of one thread dimension (the launch's index and a gpu.thread_id) are
  // one variable.
  auto Key = [&](Value V) -> const void * {
    if (Threads)
      for (const ThreadRange &T : Threads->indices())
        if (T.Index == V)
          return reinterpret_cast<const void *>(uintptr_t(T.Dim) + 1);
    return V.getAsOpaquePointer();
  };
  AffineMap Map = Store.getAffineMap();
  ValueRange Operands = Store.getMapOperands();
  llvm::SmallPtrSet<const void *, 4> Used;
  for (AffineExpr E : Map.getResults()) {
    Subscript S =
        classify(E, Operands, Map.getNumDims(), IsVariable, IsFixed);
    if (S.K == Subscript::Other)
      return false;
    if (S.K == Subscript::Variable && !Used.insert(Key(S.Var)).second)
      return false;
  }
  return true;
}

} // namespace prem::mlirpath
