//===- AffinePhases.cpp - PREM phases around one affine tile --------------===//
//
// Part of prem-llvm. Seed 001, Sec. 3.2.3: the Load / Execute / Store
// phases of one PREM interval, in the three modes of the LLVM path
// (docs/passes.md, prem-les):
//   cmpt  the tile unchanged inside one memory phase;
//   dae   the Load phase is the tile stripped to its loads, each also storing
//         its element into the memref's buffer; the Store phase the tile
//         stripped to its stores, each storing the element's final value
//         from the buffer (Algorithm 3's decoupled variant);
//   sdma  one box copy per memref in, one per written memref out.
// In dae and sdma the Execute phase is the tile with every access moved to
// the memref's buffer (index minus the box's first index).
//
// sdma copies in the boxes of written memrefs too: the copy out writes the
// whole box, so the bytes of it the tile does not write must hold what was
// there (a stencil writes the interior of its box only).
//
//===----------------------------------------------------------------------===//

#include "AffinePhases.h"

#include "mlir/Dialect/Affine/Utils.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Transforms/RegionUtils.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/StringSwitch.h"

using namespace mlir;
using namespace mlir::affine;

namespace prem::mlirpath {

std::optional<PhaseMode> parsePhaseMode(StringRef Name) {
  return llvm::StringSwitch<std::optional<PhaseMode>>(Name)
      .Case("cmpt", PhaseMode::Cmpt)
      .Case("dae", PhaseMode::Dae)
      .Case("sdma", PhaseMode::Sdma)
      .Default(std::nullopt);
}

StringRef phaseModeName(PhaseMode Mode) {
  switch (Mode) {
  case PhaseMode::Cmpt:
    return "cmpt";
  case PhaseMode::Dae:
    return "dae";
  case PhaseMode::Sdma:
    return "sdma";
  }
  llvm_unreachable("unknown mode");
}

/// The runtime function Name (void(i32)), declared in the module once.
static func::FuncOp runtimeFunction(Operation *From, StringRef Name) {
  auto Module = From->getParentOfType<ModuleOp>();
  if (auto F = Module.lookupSymbol<func::FuncOp>(Name))
    return F;
  OpBuilder B = OpBuilder::atBlockBegin(Module.getBody());
  auto Type = B.getFunctionType({B.getI32Type()}, {});
  auto F = func::FuncOp::create(B, Module.getLoc(), Name, Type);
  F.setPrivate();
  return F;
}

static void callRuntime(OpBuilder &B, Location Loc, StringRef Name,
                        Value Interval) {
  func::FuncOp Callee = runtimeFunction(B.getInsertionBlock()->getParentOp(),
                                        Name);
  func::CallOp::create(B, Loc, Callee, ValueRange{Interval});
}

/// index -> index - first index of the box, over (symbols..., indices...).
static AffineMap bufferRemap(const MemRefBox &Box) {
  unsigned NumSymbols = Box.Symbols.size();
  SmallVector<AffineExpr, 4> Exprs;
  MLIRContext *Ctx = Box.MemRef.getContext();
  for (auto [D, Offset] : llvm::enumerate(Box.Offsets))
    Exprs.push_back(getAffineDimExpr(NumSymbols + D, Ctx) - Offset);
  return AffineMap::get(NumSymbols + Box.Offsets.size(), 0, Exprs, Ctx);
}

/// Moves the access Op (an affine.load or affine.store of Box.MemRef) to
/// the buffer.
static void moveToBuffer(Operation *Op, const MemRefBox &Box, Value Buffer) {
  LogicalResult Moved = replaceAllMemRefUsesWith(
      Box.MemRef, Buffer, Op, /*extraIndices=*/{}, bufferRemap(Box),
      /*extraOperands=*/Box.Symbols);
  assert(succeeded(Moved) && "an affine access moves to a buffer");
  (void)Moved;
}

/// One box copy: a loop per dimension over the box's exact bounds (a
/// partial tile's box is smaller than the buffer), memref[i] to buffer[i -
/// first] (in) or back (out).
static void buildBoxCopy(OpBuilder &B, Location Loc, const MemRefBox &Box,
                         Value Buffer, bool Out) {
  OpBuilder::InsertionGuard Guard(B);
  SmallVector<Value, 4> Indices;
  for (unsigned D = 0; D < Box.Shape.size(); ++D) {
    AffineMap Lb, Ub;
    Box.Region->getLowerAndUpperBound(D, Lb, Ub);
    auto Loop = AffineForOp::create(B, Loc, Box.Symbols, Lb, Box.Symbols, Ub);
    Indices.push_back(Loop.getInductionVar());
    B.setInsertionPointToStart(Loop.getBody());
  }
  SmallVector<Value, 8> BufferOperands(Box.Symbols.begin(), Box.Symbols.end());
  BufferOperands.append(Indices);
  AffineMap BufferMap = bufferRemap(Box);
  if (!Out) {
    Value V = AffineLoadOp::create(B, Loc, Box.MemRef, Indices);
    AffineStoreOp::create(B, Loc, V, Buffer, BufferMap, BufferOperands);
  } else {
    Value V = AffineLoadOp::create(B, Loc, Buffer, BufferMap, BufferOperands);
    AffineStoreOp::create(B, Loc, V, Box.MemRef, Indices);
  }
}

/// Erases what no longer contributes to the phase: operations without uses
/// and without effects other than reads, then loops left empty.
static void eraseDeadCode(Operation *Root) {
  bool Changed = true;
  while (Changed) {
    Changed = false;
    SmallVector<Operation *, 16> Dead;
    Root->walk<WalkOrder::PostOrder>([&](Operation *Op) {
      if (Op == Root)
        return;
      auto Loop = dyn_cast<AffineForOp>(Op);
      bool EmptyLoop = Loop && Loop.getNumResults() == 0 &&
                       Loop.getBody()->without_terminator().empty();
      if (EmptyLoop || isOpTriviallyDead(Op))
        Dead.push_back(Op);
    });
    // Post-order: an operation is erased before the loop around it.
    for (Operation *Op : Dead) {
      Op->erase();
      Changed = true;
    }
  }
}

/// Accesses of MemRef under Root, collected before they are rewritten.
static SmallVector<Operation *, 8> accessesOf(Operation *Root, Value MemRef) {
  SmallVector<Operation *, 8> Ops;
  Root->walk([&](Operation *Op) {
    if (auto L = dyn_cast<AffineLoadOp>(Op); L && L.getMemRef() == MemRef)
      Ops.push_back(Op);
    if (auto S = dyn_cast<AffineStoreOp>(Op); S && S.getMemRef() == MemRef)
      Ops.push_back(Op);
  });
  return Ops;
}

/// dae's Load phase: a copy of the tile whose loads also store into the
/// buffers, with its stores and computation removed.
static void buildStrippedLoad(OpBuilder &B, AffineForOp Tile,
                              const Footprint &FP, ArrayRef<Value> Buffers) {
  auto Copy = cast<AffineForOp>(B.clone(*Tile));
  SmallVector<Operation *, 8> Stores;
  Copy.walk([&](AffineStoreOp S) { Stores.push_back(S); });
  for (Operation *S : Stores)
    S->erase();
  for (auto [Box, Buffer] : llvm::zip_equal(FP.Boxes, Buffers)) {
    for (Operation *Op : accessesOf(Copy, Box.MemRef)) {
      auto Load = cast<AffineLoadOp>(Op);
      OpBuilder After(Load->getContext());
      After.setInsertionPointAfter(Load);
      auto Keep = AffineStoreOp::create(After, Load.getLoc(), Load.getResult(),
                                        Box.MemRef, Load.getAffineMap(),
                                        Load.getMapOperands());
      moveToBuffer(Keep, Box, Buffer);
    }
  }
  eraseDeadCode(Copy);
}

/// dae's Store phase: a copy of the tile whose stores store the element's
/// value from the buffer, with its loads and computation removed.
static void buildStrippedStore(OpBuilder &B, AffineForOp Tile,
                               const Footprint &FP, ArrayRef<Value> Buffers) {
  auto Copy = cast<AffineForOp>(B.clone(*Tile));
  for (auto [Box, Buffer] : llvm::zip_equal(FP.Boxes, Buffers)) {
    if (!Box.Written)
      continue;
    for (Operation *Op : accessesOf(Copy, Box.MemRef)) {
      auto Store = dyn_cast<AffineStoreOp>(Op);
      if (!Store)
        continue;
      OpBuilder Before(Store);
      auto Final = AffineLoadOp::create(Before, Store.getLoc(), Box.MemRef,
                                        Store.getAffineMap(),
                                        Store.getMapOperands());
      moveToBuffer(Final, Box, Buffer);
      // moveToBuffer replaced Final: the new load is the store's operand.
      Store->setOperand(0, Store->getPrevNode()->getResult(0));
    }
  }
  eraseDeadCode(Copy);
}

PhaseBytes buildPhases(AffineForOp Tile, const Footprint &FP, PhaseMode Mode,
                       Operation *BufferAnchor, Value Interval) {
  Location Loc = Tile.getLoc();
  PhaseBytes Bytes;
  OpBuilder B(Tile);
  if (Mode == PhaseMode::Cmpt) {
    callRuntime(B, Loc, "__prem_enter_mem", Interval);
    B.setInsertionPointAfter(Tile);
    callRuntime(B, Loc, "__prem_exit_mem", Interval);
    return Bytes;
  }

  // One buffer per memref for the whole nest, 64-byte aligned as the LLVM
  // path's scratchpad.
  SmallVector<Value, 4> Buffers;
  {
    OpBuilder Outer(BufferAnchor);
    OpBuilder Free(BufferAnchor->getContext());
    Free.setInsertionPointAfter(BufferAnchor);
    for (const MemRefBox &Box : FP.Boxes) {
      auto Type = MemRefType::get(
          Box.Shape, cast<MemRefType>(Box.MemRef.getType()).getElementType());
      Value Buffer = memref::AllocOp::create(Outer, Loc, Type,
                                             Outer.getI64IntegerAttr(64));
      memref::DeallocOp::create(Free, Loc, Buffer);
      Buffers.push_back(Buffer);
    }
  }

  // Load phase.
  callRuntime(B, Loc, "__prem_enter_mem", Interval);
  if (Mode == PhaseMode::Sdma) {
    for (auto [Box, Buffer] : llvm::zip_equal(FP.Boxes, Buffers)) {
      buildBoxCopy(B, Loc, Box, Buffer, /*Out=*/false);
      Bytes.Load += Box.bytes();
    }
  } else {
    buildStrippedLoad(B, Tile, FP, Buffers);
    for (const MemRefBox &Box : FP.Boxes)
      Bytes.Load += Box.Read ? Box.bytes() : 0;
  }
  callRuntime(B, Loc, "__prem_enter_comp", Interval);

  // Store phase (dae's stripped copy is taken from the tile before its
  // accesses move to the buffers).
  OpBuilder After(Tile->getContext());
  After.setInsertionPointAfter(Tile);
  callRuntime(After, Loc, "__prem_enter_mem", Interval);
  if (Mode == PhaseMode::Sdma) {
    for (auto [Box, Buffer] : llvm::zip_equal(FP.Boxes, Buffers))
      if (Box.Written) {
        buildBoxCopy(After, Loc, Box, Buffer, /*Out=*/true);
        Bytes.Store += Box.bytes();
      }
  } else {
    buildStrippedStore(After, Tile, FP, Buffers);
    for (const MemRefBox &Box : FP.Boxes)
      Bytes.Store += Box.Written ? Box.bytes() : 0;
  }
  callRuntime(After, Loc, "__prem_exit_mem", Interval);

  // Execute phase: the tile itself, on the buffers.
  for (auto [Box, Buffer] : llvm::zip_equal(FP.Boxes, Buffers))
    for (Operation *Op : accessesOf(Tile, Box.MemRef))
      moveToBuffer(Op, Box, Buffer);
  return Bytes;
}

} // namespace prem::mlirpath
