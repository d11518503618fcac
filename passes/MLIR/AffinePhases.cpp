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
// there (a stencil writes the interior of its box only). On a GPU another
// block may write those bytes meanwhile, so there sdma stores such a box
// as dae does: only the elements the tile writes (docs/passes.md,
// prem-les: an array written with holes is stored element by element).
// Where the tile writes a whole box (writesWholeBox), neither is needed: no
// copy in, and on a GPU a box copy out.
//
//===----------------------------------------------------------------------===//

#include "AffinePhases.h"
#include "prem/prem_rt.h"

#include "mlir/Dialect/Affine/Utils.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/IntegerSet.h"
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

/// The runtime function Name (void(i32)), declared once in the symbol table
/// around From (the module, or the gpu.module of a gpu.func).
static func::FuncOp runtimeFunction(Operation *From, StringRef Name) {
  Operation *Table = SymbolTable::getNearestSymbolTable(From);
  if (auto F = dyn_cast_or_null<func::FuncOp>(
          SymbolTable::lookupSymbolIn(Table, Name)))
    return F;
  OpBuilder B = OpBuilder::atBlockBegin(&Table->getRegion(0).front());
  auto Type = B.getFunctionType({B.getI32Type()}, {});
  auto F = func::FuncOp::create(B, Table->getLoc(), Name, Type);
  F.setPrivate();
  return F;
}

/// Callee(Interval); on a GPU between two block barriers, so that no thread
/// moves data before the block's memory phase is granted, and none after
/// it ends.
static void callRuntime(OpBuilder &B, Location Loc, StringRef Name,
                        Value Interval, const GpuBlock *Gpu) {
  func::FuncOp Callee = runtimeFunction(B.getInsertionBlock()->getParentOp(),
                                        Name);
  if (Gpu)
    gpu::BarrierOp::create(B, Loc);
  func::CallOp::create(B, Loc, Callee, ValueRange{Interval});
  if (Gpu)
    gpu::BarrierOp::create(B, Loc);
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

/// The memref's extent per dimension: a constant, or memref.dim made where
/// the memref is defined (a valid affine symbol everywhere it is used). The
/// box of several accesses keeps only bounds of constant width (its union
/// drops a partial tile's min and the memref's own bounds), so every copy
/// is also clamped to these: it never moves a byte outside the memref.
static SmallVector<OpFoldResult, 4> memrefExtents(const MemRefBox &Box) {
  auto Type = cast<MemRefType>(Box.MemRef.getType());
  SmallVector<OpFoldResult, 4> Extents;
  for (unsigned D = 0; D < Type.getRank(); ++D) {
    if (!Type.isDynamicDim(D)) {
      Extents.push_back(
          IntegerAttr::get(IndexType::get(Type.getContext()),
                           Type.getDimSize(D)));
      continue;
    }
    OpBuilder B(Type.getContext());
    if (auto Arg = dyn_cast<BlockArgument>(Box.MemRef))
      B.setInsertionPointToStart(Arg.getOwner());
    else
      B.setInsertionPointAfter(Box.MemRef.getDefiningOp());
    // One memref.dim per dimension, made by the first copy that needs it:
    // one of the constants and dims right at this point is reused (any
    // later one might not come before the copies).
    Value Dim;
    for (auto It = B.getInsertionPoint(), End = B.getInsertionBlock()->end();
         It != End && isa<arith::ConstantOp, memref::DimOp>(*It) && !Dim;
         ++It)
      if (auto Existing = dyn_cast<memref::DimOp>(*It))
        if (Existing.getSource() == Box.MemRef &&
            Existing.getConstantIndex() == int64_t(D))
          Dim = Existing;
    if (!Dim)
      Dim = memref::DimOp::create(B, Box.MemRef.getLoc(), Box.MemRef, D);
    Extents.push_back(Dim);
  }
  return Extents;
}

/// One box copy: a loop per dimension over the box's exact bounds (a
/// partial tile's box is smaller than the buffer), memref[i] to buffer[i -
/// first] (in) or back (out).
static void buildBoxCopy(OpBuilder &B, Location Loc, const MemRefBox &Box,
                         Value Buffer, bool Out) {
  OpBuilder::InsertionGuard Guard(B);
  SmallVector<OpFoldResult, 4> Extents = memrefExtents(Box);
  SmallVector<Value, 4> Indices;
  for (unsigned D = 0; D < Box.Shape.size(); ++D) {
    AffineMap Lb, Ub;
    Box.Region->getLowerAndUpperBound(D, Lb, Ub);
    // max(box, 0) to min(box, extent).
    SmallVector<AffineExpr, 4> Lows(Lb.getResults()), Highs(Ub.getResults());
    Lows.push_back(B.getAffineConstantExpr(0));
    SmallVector<Value, 8> UbOperands(Box.Symbols.begin(), Box.Symbols.end());
    if (auto Dynamic = dyn_cast<Value>(Extents[D])) {
      Highs.push_back(B.getAffineDimExpr(Ub.getNumDims()));
      UbOperands.push_back(Dynamic);
    } else {
      Highs.push_back(B.getAffineConstantExpr(
          cast<IntegerAttr>(cast<Attribute>(Extents[D])).getInt()));
    }
    Lb = AffineMap::get(Lb.getNumDims(), 0, Lows, B.getContext());
    Ub = AffineMap::get(UbOperands.size(), 0, Highs, B.getContext());
    auto Loop = AffineForOp::create(B, Loc, Box.Symbols, Lb, UbOperands, Ub);
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

/// On a GPU the block's threads copy a box together, in or out, the buffer
/// taken as one run of elements: thread t moves elements t, t + T, ... of
/// it, so consecutive threads move consecutive elements of a row, and a row
/// narrower than the block spreads the threads over rows too (seed 001,
/// Algorithm 3; the LLVM path's __prem_copy_2d on a GPU). Elements of the
/// buffer outside a partial tile's box are skipped.
static void buildBlockCopy(OpBuilder &B, Location Loc, const MemRefBox &Box,
                           Value Buffer, const GpuBlock &Gpu, bool Out) {
  OpBuilder::InsertionGuard Guard(B);
  MLIRContext *Ctx = B.getContext();
  unsigned NumSymbols = Box.Symbols.size();
  AffineMap Start = AffineMap::get(1, 0, getAffineDimExpr(0, Ctx));
  AffineMap End = AffineMap::getConstantMap(Box.Elements, Ctx);
  auto Loop = AffineForOp::create(B, Loc, ValueRange{Gpu.ThreadLinear}, Start,
                                  ValueRange{}, End, Gpu.Threads);
  B.setInsertionPointToStart(Loop.getBody());

  // Over (symbols..., e, dynamic extents...): the element's place in the
  // buffer and in the memref, the box's bounds on the latter and the
  // memref's own.
  AffineExpr E = getAffineDimExpr(NumSymbols, Ctx);
  SmallVector<OpFoldResult, 4> Extents = memrefExtents(Box);
  SmallVector<Value, 8> Operands(Box.Symbols.begin(), Box.Symbols.end());
  Operands.push_back(Loop.getInductionVar());
  SmallVector<AffineExpr, 4> Place, Index, Constraints;
  int64_t Stride = Box.Elements;
  for (unsigned D = 0; D < Box.Shape.size(); ++D) {
    Stride /= Box.Shape[D];
    AffineExpr P = E.floorDiv(Stride) % Box.Shape[D];
    Place.push_back(P);
    Index.push_back(Box.Offsets[D] + P);
    AffineMap Lb, Ub;
    Box.Region->getLowerAndUpperBound(D, Lb, Ub);
    for (AffineExpr L : Lb.getResults())
      Constraints.push_back(Index.back() - L);
    for (AffineExpr U : Ub.getResults())
      Constraints.push_back(U - 1 - Index.back());
    Constraints.push_back(Index.back());
    if (auto Dynamic = dyn_cast<Value>(Extents[D])) {
      Constraints.push_back(getAffineDimExpr(Operands.size(), Ctx) - 1 -
                            Index.back());
      Operands.push_back(Dynamic);
    } else {
      Constraints.push_back(
          cast<IntegerAttr>(cast<Attribute>(Extents[D])).getInt() - 1 -
          Index.back());
    }
  }
  if (!Constraints.empty()) {
    auto Set = IntegerSet::get(Operands.size(), 0, Constraints,
                               SmallVector<bool, 8>(Constraints.size(), false));
    auto Inside = AffineIfOp::create(B, Loc, Set, Operands,
                                     /*withElseRegion=*/false);
    B.setInsertionPointToStart(Inside.getThenBlock());
  }
  AffineMap MemRefMap = AffineMap::get(Operands.size(), 0, Index, Ctx);
  AffineMap BufferMap = AffineMap::get(Operands.size(), 0, Place, Ctx);
  if (!Out) {
    Value V = AffineLoadOp::create(B, Loc, Box.MemRef, MemRefMap, Operands);
    AffineStoreOp::create(B, Loc, V, Buffer, BufferMap, Operands);
  } else {
    Value V = AffineLoadOp::create(B, Loc, Buffer, BufferMap, Operands);
    AffineStoreOp::create(B, Loc, V, Box.MemRef, MemRefMap, Operands);
  }
}

/// Erases what no longer contributes to a stripped copy: operations
/// without uses whose only effects are reads, loops left with nothing to do
/// (MLIR's region DCE).
static void eraseDeadCode(AffineForOp Copy) {
  IRRewriter Rewriter(Copy->getContext());
  (void)runRegionDCE(Rewriter, Copy->getRegions());
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
                               const Footprint &FP, ArrayRef<Value> Buffers,
                               bool WholeBoxesToo) {
  auto Copy = cast<AffineForOp>(B.clone(*Tile));
  for (auto [Box, Buffer] : llvm::zip_equal(FP.Boxes, Buffers)) {
    if (!Box.Written || (Box.WritesWholeBox && !WholeBoxesToo))
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

/// On a GPU: one workgroup-memory buffer of the kernel per memref.
static Value workgroupBuffer(const GpuBlock &Gpu, MemRefType Host,
                             Location Loc) {
  auto Space = gpu::AddressSpaceAttr::get(Host.getContext(),
                                          gpu::AddressSpace::Workgroup);
  auto Type = MemRefType::get(Host.getShape(), Host.getElementType(),
                              MemRefLayoutAttrInterface(), Space);
  if (auto Launch = dyn_cast<gpu::LaunchOp>(Gpu.Kernel))
    return Launch.addWorkgroupAttribution(Type, Loc);
  return cast<gpu::GPUFuncOp>(Gpu.Kernel).addWorkgroupAttribution(Type, Loc);
}

PhaseBytes buildPhases(AffineForOp Tile, const Footprint &FP, PhaseMode Mode,
                       Operation *BufferAnchor, Value Interval,
                       const GpuBlock *Gpu) {
  Location Loc = Tile.getLoc();
  PhaseBytes Bytes;
  OpBuilder B(Tile);
  if (Mode == PhaseMode::Cmpt) {
    callRuntime(B, Loc, "__prem_enter_mem", Interval, Gpu);
    B.setInsertionPointAfter(Tile);
    callRuntime(B, Loc, "__prem_exit_mem", Interval, Gpu);
    return Bytes;
  }

  // One buffer per memref for the whole nest, 64-byte aligned as the LLVM
  // path's scratchpad (workgroup memory on a GPU).
  SmallVector<Value, 4> Buffers;
  OpBuilder Outer(BufferAnchor);
  OpBuilder Free(BufferAnchor->getContext());
  Free.setInsertionPointAfter(BufferAnchor);
  for (const MemRefBox &Box : FP.Boxes) {
    auto Type = MemRefType::get(
        Box.Shape, cast<MemRefType>(Box.MemRef.getType()).getElementType());
    if (Gpu) {
      Buffers.push_back(workgroupBuffer(*Gpu, Type, Loc));
      continue;
    }
    Value Buffer = memref::AllocOp::create(Outer, Loc, Type,
                                           Outer.getI64IntegerAttr(64));
    memref::DeallocOp::create(Free, Loc, Buffer);
    Buffers.push_back(Buffer);
  }

  // Load phase.
  callRuntime(B, Loc, "__prem_enter_mem", Interval, Gpu);
  if (Mode == PhaseMode::Sdma) {
    for (auto [Box, Buffer] : llvm::zip_equal(FP.Boxes, Buffers)) {
      // A memref the tile only writes needs no copy in where the tile
      // writes its whole box (and on a GPU at all: its Store phase then
      // writes only what the tile wrote).
      if (!Box.Read && (Gpu || Box.WritesWholeBox))
        continue;
      if (Gpu)
        buildBlockCopy(B, Loc, Box, Buffer, *Gpu, /*Out=*/false);
      else
        buildBoxCopy(B, Loc, Box, Buffer, /*Out=*/false);
      Bytes.Load += Box.bytes();
    }
  } else {
    buildStrippedLoad(B, Tile, FP, Buffers);
    for (const MemRefBox &Box : FP.Boxes)
      Bytes.Load += Box.Read ? Box.bytes() : 0;
  }
  callRuntime(B, Loc, "__prem_enter_comp", Interval, Gpu);

  // Store phase (dae's stripped copy is taken from the tile before its
  // accesses move to the buffers).
  OpBuilder After(Tile->getContext());
  After.setInsertionPointAfter(Tile);
  callRuntime(After, Loc, "__prem_enter_mem", Interval, Gpu);
  if (Mode == PhaseMode::Sdma) {
    // Box copies out, but on a GPU only of boxes the tile writes whole
    // (another block may write a box's holes); the others element by
    // element, as dae stores them.
    bool Elements = false;
    for (auto [Box, Buffer] : llvm::zip_equal(FP.Boxes, Buffers)) {
      if (!Box.Written)
        continue;
      Bytes.Store += Box.bytes();
      if (!Gpu)
        buildBoxCopy(After, Loc, Box, Buffer, /*Out=*/true);
      else if (Box.WritesWholeBox)
        buildBlockCopy(After, Loc, Box, Buffer, *Gpu, /*Out=*/true);
      else
        Elements = true;
    }
    if (Elements)
      buildStrippedStore(After, Tile, FP, Buffers, /*WholeBoxesToo=*/false);
  } else {
    buildStrippedStore(After, Tile, FP, Buffers, /*WholeBoxesToo=*/true);
    for (const MemRefBox &Box : FP.Boxes)
      Bytes.Store += Box.Written ? Box.bytes() : 0;
  }
  callRuntime(After, Loc, "__prem_exit_mem", Interval, Gpu);

  // Execute phase: the tile itself, on the buffers.
  for (auto [Box, Buffer] : llvm::zip_equal(FP.Boxes, Buffers))
    for (Operation *Op : accessesOf(Tile, Box.MemRef))
      moveToBuffer(Op, Box, Buffer);
  return Bytes;
}

void protectAsCompatibleInterval(Operation *Op, const GpuBlock *Gpu) {
  OpBuilder B(Op);
  Value Interval = arith::ConstantIntOp::create(
      B, Op->getLoc(), B.getI32Type(), PREM_INTERVAL_OUTSIDE);
  callRuntime(B, Op->getLoc(), "__prem_enter_mem", Interval, Gpu);
  B.setInsertionPointAfter(Op);
  callRuntime(B, Op->getLoc(), "__prem_exit_mem", Interval, Gpu);
}

unsigned protectOutsideAccesses(AffineForOp Loop, const GpuBlock *Gpu) {
  SmallVector<Operation *, 4> Outside;
  for (Operation &Op : Loop.getBody()->without_terminator())
    if (!isa<AffineForOp>(Op) && !isMemoryEffectFree(&Op))
      Outside.push_back(&Op);
  for (Operation *Op : Outside)
    protectAsCompatibleInterval(Op, Gpu);
  return Outside.size();
}

} // namespace prem::mlirpath
