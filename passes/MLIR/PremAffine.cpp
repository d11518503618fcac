//===- PremAffine.cpp - PREM for affine loop nests ------------------------===//
//
// Part of prem-llvm. The MLIR path (design §3c): for each outermost affine
// nest of a function or GPU kernel (gpu.launch, gpu.func: KernelThreads),
// footprint (AffineFootprint), tile sizes that fit the scratchpad
// (AffineTiling, seed 001 Algorithm 2), then the PREM phases of each tile
// (AffinePhases). This file decides; the others measure and rewrite. A nest whose band does not fit even one iteration at a time gets
// its inner nests as intervals instead, one level deeper (as prem-tile does
// on the LLVM path). A refused nest is left as it was, with a remark naming
// the reason at its location.
//
// Different memrefs are taken not to alias, as MLIR's affine dependence
// analysis (and upstream's affine-data-copy-generate) take them; a memref
// that is a view of another (memref.subview, casts) is refused.
//
//===----------------------------------------------------------------------===//

#include "PremAffine.h"
#include "AffineFootprint.h"
#include "AffinePhases.h"
#include "AffineReport.h"
#include "AffineTiling.h"
#include "KernelThreads.h"
#include "prem/prem_rt.h"

#include "mlir/Dialect/Affine/Analysis/LoopAnalysis.h"
#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Affine/LoopUtils.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassRegistry.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace mlir::affine;

namespace prem::mlirpath {
namespace {

/// On a GPU the buffers are the block's: a memref staged in them must be
/// global memory every thread sees alike, passed to the kernel, not one of
/// the kernel's own (an alloca or a private attribution is per thread;
/// workgroup memory is already the scratchpad).
bool isKernelGlobalMemory(Value MemRef, const KernelThreads &Gpu) {
  auto Arg = dyn_cast<BlockArgument>(MemRef);
  auto Func = dyn_cast<gpu::GPUFuncOp>(Gpu.kernel());
  bool Argument = Arg && Func && Arg.getOwner() == &Func.getBody().front() &&
                  Arg.getArgNumber() < Func.getNumArguments();
  Operation *Where = Arg ? Arg.getOwner()->getParentOp() : MemRef.getDefiningOp();
  if (!Argument && Gpu.kernel()->isAncestor(Where))
    return false;
  Attribute Space = cast<MemRefType>(MemRef.getType()).getMemorySpace();
  if (!Space)
    return true;
  if (auto GpuSpace = dyn_cast<gpu::AddressSpaceAttr>(Space))
    return GpuSpace.getValue() == gpu::AddressSpace::Global;
  auto IntSpace = dyn_cast<IntegerAttr>(Space);
  return IntSpace && (IntSpace.getInt() == 0 || IntSpace.getInt() == 1);
}

/// Why the operations of a nest cannot be given phases, or "" when they
/// can: every memory access is an affine.load or affine.store of a memref
/// of ints or floats that is a function argument or an allocation.
std::string accessRefusal(AffineForOp Root, bool StripsTile,
                          const KernelThreads *Gpu, std::string &Reason) {
  std::string Why;
  // Two memref.get_global of one global are two values for one memory.
  llvm::StringMap<Value> Globals;
  auto OpAt = [](Operation *Op) {
    return "'" + Op->getName().getStringRef().str() + "' at " +
           sourceOf(Op->getLoc());
  };
  Root->walk([&](Operation *Op) {
    Value MemRef;
    if (auto L = dyn_cast<AffineLoadOp>(Op))
      MemRef = L.getMemRef();
    else if (auto S = dyn_cast<AffineStoreOp>(Op))
      MemRef = S.getMemRef();
    if (MemRef) {
      auto Type = cast<MemRefType>(MemRef.getType());
      if (!getMemRefIntOrFloatEltSizeInBytes(Type)) {
        Reason = "ElementType";
        Why = memRefName(MemRef) + " holds elements that are not integers "
                                   "or floats";
        return WalkResult::interrupt();
      }
      Operation *Def = MemRef.getDefiningOp();
      bool Base = !Def ? isa<FunctionOpInterface>(
                             cast<BlockArgument>(MemRef).getOwner()->getParentOp())
                       : isa<memref::AllocOp, memref::AllocaOp,
                             memref::GetGlobalOp>(Def);
      if (auto Global = dyn_cast_or_null<memref::GetGlobalOp>(Def)) {
        Value &First = Globals[Global.getName()];
        if (First && First != MemRef) {
          Reason = "MemRefView";
          Why = "two memref.get_global of @" + Global.getName().str() +
                " are accessed: two values for one memory";
          return WalkResult::interrupt();
        }
        First = MemRef;
      }
      if (Gpu && !isKernelGlobalMemory(MemRef, *Gpu)) {
        Reason = "MemRefNotGlobal";
        Why = memRefName(MemRef) +
              " is not global memory passed to the kernel (it is the "
              "kernel's own: per thread, or already workgroup memory)";
        return WalkResult::interrupt();
      }
      if (!Base) {
        Reason = "MemRefView";
        Why = memRefName(MemRef) + " is a view of another memref or a loop's "
                                   "value: it may alias the others";
        return WalkResult::interrupt();
      }
      return WalkResult::advance();
    }
    // Stripped copies (dae; sdma's Store phase on a GPU) re-run the tile's
    // control flow without its computation (seed 001: a tile's control
    // depends on no loaded data), which holds for affine.for and affine.if
    // only.
    if (StripsTile && Op->getNumRegions() != 0 &&
        !isa<AffineForOp, AffineIfOp>(Op)) {
      Reason = "DataDependentControl";
      Why = OpAt(Op) +
            " is control flow that may depend on data, which the stripped "
            "copies of dae (and of sdma's Store phase on a GPU) cannot re-run";
      return WalkResult::interrupt();
    }
    if (Op->hasTrait<OpTrait::HasRecursiveMemoryEffects>())
      return WalkResult::advance();
    auto Effects = dyn_cast<MemoryEffectOpInterface>(Op);
    if (!Effects || !Effects.hasNoEffect()) {
      Reason = "NonAffineAccess";
      Why = OpAt(Op) + " may access memory other than through affine.load "
                       "and affine.store";
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return Why;
}

/// The loops of Root's perfect band that have no loop-carried values.
SmallVector<AffineForOp, 4> bandOf(AffineForOp Root) {
  SmallVector<AffineForOp, 4> Band;
  getPerfectlyNestedLoops(Band, Root);
  auto Carried = llvm::find_if(
      Band, [](AffineForOp L) { return L.getNumIterOperands() != 0; });
  Band.erase(Carried, Band.end());
  return Band;
}

/// The affine.for operations directly in the body of Loop.
SmallVector<AffineForOp, 4> innerNests(AffineForOp Loop) {
  SmallVector<AffineForOp, 4> Inner;
  for (Operation &Op : Loop.getBody()->without_terminator())
    if (auto For = dyn_cast<AffineForOp>(Op))
      Inner.push_back(For);
  return Inner;
}

/// The number of the tile (i32): its position in the tile loops' order. A
/// loop without a constant trip count counts as 1024 tiles (the number is a
/// label for traces: it may repeat, not mislead within a run of 1024). It is
/// kept below PREM_INTERVAL_OUTSIDE (bit 29, prem_rt.h), as the LLVM path's.
Value tileNumber(OpBuilder &B, Location Loc, ArrayRef<AffineForOp> TileLoops) {
  AffineExpr Number = B.getAffineConstantExpr(0);
  SmallVector<Value, 4> Operands;
  for (AffineForOp Loop : TileLoops) {
    std::optional<uint64_t> Trip = getConstantTripCount(Loop);
    AffineExpr IV = B.getAffineDimExpr(Operands.size());
    Operands.push_back(Loop.getInductionVar());
    AffineExpr First = Loop.hasConstantLowerBound()
                           ? IV - Loop.getConstantLowerBound()
                           : IV;
    AffineExpr Index = First.floorDiv(Loop.getStepAsInt());
    if (!Trip || !Loop.hasConstantLowerBound())
      Index = Index % 1024;
    Number = Number * int64_t(Trip && Loop.hasConstantLowerBound() ? *Trip
                                                                    : 1024) +
             Index;
  }
  Number = Number % int64_t(PREM_INTERVAL_OUTSIDE);
  Value Index = AffineApplyOp::create(
      B, Loc, AffineMap::get(Operands.size(), 0, Number), Operands);
  return arith::IndexCastOp::create(B, Loc, B.getI32Type(), Index);
}

/// What became of a nest.
enum class NestOutcome {
  Transformed, ///< its tiles are intervals
  Split,       ///< its inner nests were tried as intervals instead
  Refused      ///< left as it was
};

/// A GPU kernel as its nests see it.
struct KernelContext {
  explicit KernelContext(Operation *Kernel)
      : Threads(Kernel), UsedBytes(Threads.workgroupBytes()) {
    Block.Kernel = Kernel;
    Block.Threads = Threads.threadsPerBlock();
  }
  KernelThreads Threads;
  GpuBlock Block; ///< for the rewrite (ThreadLinear made on first use)
  /// Workgroup memory taken: the kernel's own, then each nest's buffers
  /// (all of it is one block's scratchpad).
  int64_t UsedBytes;
};

/// The thread's linear index in the block, made once at the kernel's entry
/// (a valid affine dim everywhere in it).
Value threadLinear(KernelContext &K) {
  if (K.Block.ThreadLinear)
    return K.Block.ThreadLinear;
  Operation *Kernel = K.Block.Kernel;
  Block &Entry = Kernel->getRegion(0).front();
  OpBuilder B = OpBuilder::atBlockBegin(&Entry);
  Location Loc = Kernel->getLoc();
  SmallVector<Value, 3> Ids;
  if (auto Launch = dyn_cast<gpu::LaunchOp>(Kernel)) {
    gpu::KernelDim3 T = Launch.getThreadIds();
    Ids = {T.x, T.y, T.z};
  } else {
    for (gpu::Dimension D :
         {gpu::Dimension::x, gpu::Dimension::y, gpu::Dimension::z}) {
      Value Id = gpu::ThreadIdOp::create(B, Loc, D);
      K.Threads.addIndex(Id, unsigned(D));
      Ids.push_back(Id);
    }
  }
  int64_t X = K.Threads.extent(0), Y = K.Threads.extent(1);
  AffineExpr Linear = B.getAffineDimExpr(0) + B.getAffineDimExpr(1) * X +
                      B.getAffineDimExpr(2) * (X * Y);
  K.Block.ThreadLinear = AffineApplyOp::create(
      B, Loc, AffineMap::get(3, 0, Linear), Ids);
  return K.Block.ThreadLinear;
}

struct PremAffinePass
    : public PassWrapper<PremAffinePass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(PremAffinePass)

  PremAffinePass() = default;
  PremAffinePass(const PremAffinePass &Other) : PassWrapper(Other) {}

  StringRef getArgument() const override { return "prem-affine"; }
  StringRef getDescription() const override {
    return "PREM for affine loop nests: tile each nest so that a tile's data "
           "fits the scratchpad and split every tile into Load, Execute and "
           "Store phases with the prem-llvm runtime's calls";
  }
  void getDependentDialects(DialectRegistry &Registry) const override {
    Registry.insert<AffineDialect, arith::ArithDialect, func::FuncDialect,
                    gpu::GPUDialect, memref::MemRefDialect>();
  }

  Option<int64_t> SpmBytes{*this, "spm-bytes",
                           llvm::cl::desc("Scratchpad bytes per tile"),
                           llvm::cl::init(49152)};
  Option<std::string> Mode{
      *this, "mode",
      llvm::cl::desc("How memory phases are built: cmpt (the tile in one "
                     "memory phase), dae (stripped copies), sdma (box copies)"),
      llvm::cl::init("sdma")};
  Option<std::string> ReportFile{
      *this, "report",
      llvm::cl::desc("Write the JSON report to this file ('-': stdout)")};

  void runOnOperation() override;

private:
  NestOutcome processNest(AffineForOp Root, unsigned Depth, PhaseMode M,
                          std::string Function, KernelContext *Gpu);
  FailureOr<PhaseBytes> rewriteNest(AffineForOp Root, unsigned Depth,
                                    MutableArrayRef<AffineForOp> Band,
                                    const TileChoice &Choice, PhaseMode M,
                                    KernelContext *Gpu,
                                    SmallVectorImpl<AffineForOp> &TileLoops,
                                    Footprint &FP);
  std::vector<NestRecord> Records;
};

/// Why the phases of Root could not be block-wide or fit the kernel's
/// workgroup memory, or "" (GPU kernels only): sets Reason.
static std::string gpuRefusal(ArrayRef<AffineForOp> Band,
                              const KernelContext &Gpu, int64_t SpmBytes,
                              std::string &Reason) {
  if (Gpu.UsedBytes >= SpmBytes) {
    Reason = "ScratchpadFull";
    return llvm::formatv("the kernel's workgroup memory ({0} bytes: its own "
                         "and earlier nests' buffers) leaves none of the "
                         "scratchpad's {1}",
                         Gpu.UsedBytes, SpmBytes)
        .str();
  }
  // A block's phases are block-wide (barriers): every thread must run the
  // band's loops alike.
  for (AffineForOp Loop : Band)
    for (Value Bound : Loop->getOperands())
      if (!Gpu.Threads.isUniform(Bound)) {
        Reason = "ThreadDependentLoop";
        return "a bound of the band's loops depends on the thread: the "
               "block's threads would not reach its phase barriers together";
      }
  return "";
}

/// The record of a transformed nest: its tile, what each phase moves.
static void recordTiles(NestRecord &R, const TileChoice &Choice,
                        ArrayRef<bool> KnownTrip,
                        ArrayRef<AffineForOp> TileLoops, const Footprint &FP,
                        PhaseBytes Bytes, PhaseMode M, bool Gpu) {
  R.Transformed = true;
  R.Reason = "Transformed";
  R.Mode = phaseModeName(M).str();
  R.TileSizes = Choice.Sizes;
  // A whole loop without a constant trip count is "all" of it (size 0).
  std::string Sizes;
  for (auto [I, S] : llvm::enumerate(Choice.Sizes)) {
    bool Sized = !Choice.Whole && I < Choice.TiledLoops;
    bool Known = KnownTrip[I];
    Sizes += (I ? "x" : "") + (Sized || Known ? std::to_string(S) : "all");
    if (!Sized && !Known)
      R.TileSizes[I] = 0;
  }
  R.Detail = llvm::formatv("{0} of {1} iterations, mode {2}: {3}",
                           Choice.Whole ? "one tile" : "tiles", Sizes, R.Mode,
                           Choice.Why)
                 .str();
  R.BytesPerTile = FP.Bytes;
  R.LoadBytes = Bytes.Load;
  R.StoreBytes = Bytes.Store;
  R.Intervals = 1;
  for (AffineForOp Loop : TileLoops) {
    std::optional<uint64_t> Trip = getConstantTripCount(Loop);
    R.Intervals = Trip && R.Intervals >= 0 ? R.Intervals * int64_t(*Trip) : -1;
  }
  for (const MemRefBox &Box : FP.Boxes) {
    auto Same = llvm::find_if(R.Arrays, [&](const ArrayRecord &A) {
      return A.Name == memRefName(Box.MemRef);
    });
    if (Same == R.Arrays.end())
      Same = R.Arrays.insert(R.Arrays.end(),
                             {memRefName(Box.MemRef), Box.Read, Box.Written,
                              {}, Box.ElementBytes, 0, -1});
    Same->Box.assign(Box.Shape.begin(), Box.Shape.end());
    Same->BoxBytes = Box.bytes();
    // What each phase moves of it (AffinePhases.cpp).
    switch (M) {
    case PhaseMode::Cmpt:
      break;
    case PhaseMode::Dae:
      Same->Load = Box.Read ? "elements" : "none";
      Same->Store = Box.Written ? "elements" : "none";
      break;
    case PhaseMode::Sdma:
      Same->Load =
          Box.Read || (!Gpu && !Box.WritesWholeBox) ? "box" : "none";
      Same->Store = !Box.Written                     ? "none"
                    : Gpu && !Box.WritesWholeBox      ? "elements"
                                                      : "box";
      break;
    }
  }
}

/// Tiles the band as Choice says and builds the phases of each tile
/// (AffinePhases). Fails only where the band cannot be tiled (then nothing
/// changed); a tile whose footprint the decision measured but the rewrite
/// cannot is a bug, reported as an error.
FailureOr<PhaseBytes> PremAffinePass::rewriteNest(
    AffineForOp Root, unsigned Depth, MutableArrayRef<AffineForOp> Band,
    const TileChoice &Choice, PhaseMode M, KernelContext *Gpu,
    SmallVectorImpl<AffineForOp> &TileLoops, Footprint &FP) {
  AffineForOp Tile = Root;
  unsigned TileDepth = Depth;
  // The point loops of a tile, which run at least once (writesWholeBox).
  SmallVector<AffineForOp, 4> PointLoops;
  if (!Choice.Whole) {
    unsigned N = Choice.TiledLoops;
    SmallVector<AffineForOp, 8> Tiled;
    if (failed(tilePerfectlyNested(Band.take_front(N),
                                   ArrayRef(Choice.Sizes).take_front(N),
                                   &Tiled)))
      return failure();
    TileLoops.assign(Tiled.begin(), Tiled.begin() + N);
    PointLoops.assign(Tiled.begin() + N, Tiled.begin() + 2 * N);
    Tile = Tiled[N];
    TileDepth = Depth + N;
  }
  std::string Why;
  FailureOr<Footprint> Measured = computeFootprint(
      Tile, TileDepth, Why, Gpu ? &Gpu->Threads : nullptr);
  if (failed(Measured)) {
    Tile.emitError("prem-affine: the footprint of a chosen tile cannot be "
                   "computed: ")
        << Why;
    signalPassFailure();
    return PhaseBytes();
  }
  FP = std::move(*Measured);
  for (MemRefBox &Box : FP.Boxes)
    Box.WritesWholeBox =
        Box.Written && writesWholeBox(Tile, Box.MemRef, PointLoops,
                                      Gpu ? &Gpu->Threads : nullptr);
  OpBuilder B(Tile);
  Value Interval = tileNumber(B, Tile.getLoc(), TileLoops);
  if (Gpu)
    threadLinear(*Gpu);
  // Host buffers: once before the outermost loop around the nest, not per
  // instance of an inner nest (a time loop's stencil sweeps).
  Operation *Anchor = Tile;
  while (auto Outer = Anchor->getParentOfType<AffineForOp>())
    Anchor = Outer;
  PhaseBytes Bytes = buildPhases(Tile, FP, M, Anchor, Interval,
                                 Gpu ? &Gpu->Block : nullptr);
  if (Gpu && M != PhaseMode::Cmpt)
    Gpu->UsedBytes += FP.Bytes;
  return Bytes;
}

NestOutcome PremAffinePass::processNest(AffineForOp Root, unsigned Depth,
                                        PhaseMode M, std::string Function,
                                        KernelContext *Gpu) {
  NestRecord R(Root.getLoc());
  R.Function = Function;
  R.Depth = Depth;
  auto Finish = [&]() {
    NestOutcome Outcome = R.Transformed           ? NestOutcome::Transformed
                          : R.Reason == "InnerNests" ? NestOutcome::Split
                                                     : NestOutcome::Refused;
    R.emitRemark();
    Records.push_back(std::move(R));
    return Outcome;
  };
  auto Refuse = [&](std::string Reason, std::string Why) {
    R.Reason = std::move(Reason);
    R.Detail = std::move(Why);
    return Finish();
  };
  const KernelThreads *Threads = Gpu ? &Gpu->Threads : nullptr;
  const GpuBlock *Block = Gpu ? &Gpu->Block : nullptr;

  // Legality.
  std::string Reason;
  if (std::string Why = accessRefusal(
          Root, M == PhaseMode::Dae || (Gpu && M == PhaseMode::Sdma), Threads,
          Reason);
      !Why.empty())
    return Refuse(Reason, Why);
  SmallVector<AffineForOp, 4> Band = bandOf(Root);
  R.BandLoops = Band.size();
  // A loop that carries values (iter_args) cannot be tiled, but the whole
  // nest can still be one interval.
  bool Carried = Band.empty();
  if (Carried)
    Band.push_back(Root);
  int64_t Budget = SpmBytes;
  if (Gpu) {
    R.BlockThreads = Block->Threads;
    if (std::string Why = gpuRefusal(Band, *Gpu, SpmBytes, Reason);
        !Why.empty())
      return Refuse(Reason, Why);
    Budget -= Gpu->UsedBytes;
  }

  // The whole nest's footprint, for the report (not constant with runtime
  // sizes, which is no reason to refuse).
  std::string WholeWhy;
  if (FailureOr<Footprint> Whole =
          computeFootprint(Root, Depth, WholeWhy, Threads);
      succeeded(Whole)) {
    R.WholeBytes = Whole->Bytes;
    for (const MemRefBox &Box : Whole->Boxes)
      R.Arrays.push_back({memRefName(Box.MemRef), Box.Read, Box.Written, {},
                          Box.ElementBytes, 0, Box.bytes()});
  }

  // Decision. No dependence test: Algorithm 2's tiles keep the original
  // order (the loops before the sized one take 1 iteration per tile, those
  // after it are whole), so tiling them moves no iteration past another;
  // the copies of each tile are done in that order too.
  std::string Why;
  FailureOr<TileChoice> Choice =
      chooseTileSizes(Band, Depth, Budget, Threads, Reason, Why);
  if (Carried && (failed(Choice) || !Choice->Whole))
    return Refuse("LoopCarriedValues",
                  "the nest's outermost loop carries values (iter_args): its "
                  "iterations cannot be tiled, and the whole nest does not "
                  "fit" +
                      (failed(Choice) ? " (" + Why + ")" : std::string()));
  if (failed(Choice)) {
    SmallVector<AffineForOp, 4> Inner = innerNests(Band.back());
    if (Inner.empty())
      return Refuse(Reason, Why);
    // Accesses between the inner nests run as compatible intervals of
    // their own (the LLVM path's PREM_INTERVAL_OUTSIDE), and so does an
    // inner nest that is refused, so that nothing of this nest runs outside
    // a memory phase.
    unsigned Outside = protectOutsideAccesses(Band.back(), Block);
    R.Reason = "InnerNests";
    R.Detail = Why + "; its " + std::to_string(Inner.size()) +
               " inner nest(s) are tried as intervals instead";
    if (Outside)
      R.Detail += ", and its " + std::to_string(Outside) +
                  " access(es) outside them are compatible intervals";
    NestOutcome Outcome = Finish();
    for (AffineForOp Nest : Inner)
      if (processNest(Nest, Depth + Band.size(), M, Function, Gpu) ==
          NestOutcome::Refused)
        protectAsCompatibleInterval(Nest, Block);
    return Outcome;
  }

  // Rewrite. (Which band loops have a constant trip count is asked before
  // tiling replaces them.)
  SmallVector<bool, 4> KnownTrip;
  for (AffineForOp Loop : Band)
    KnownTrip.push_back(getConstantTripCount(Loop).has_value());
  SmallVector<AffineForOp, 4> TileLoops;
  Footprint FP;
  FailureOr<PhaseBytes> Bytes =
      rewriteNest(Root, Depth, Band, *Choice, M, Gpu, TileLoops, FP);
  if (failed(Bytes))
    return Refuse("NotHyperRectangular",
                  "the band's iteration space is not a hyper-rectangle");
  recordTiles(R, *Choice, KnownTrip, TileLoops, FP, *Bytes, M, Gpu);
  return Finish();
}

void PremAffinePass::runOnOperation() {
  ModuleOp Module = getOperation();
  std::optional<PhaseMode> M = parsePhaseMode(Mode);
  if (!M) {
    Module.emitError("prem-affine: mode='")
        << Mode << "' is not one of cmpt, dae, sdma";
    return signalPassFailure();
  }
  if (SpmBytes <= 0) {
    Module.emitError("prem-affine: spm-bytes=")
        << SpmBytes.getValue() << " is not a positive number of bytes";
    return signalPassFailure();
  }
  Records.clear();

  // affine.parallel bands are not transformed: their iterations may run on
  // several agents, which the phases of one tile cannot serve. Said once, at
  // the outermost one.
  Module.walk([&](AffineParallelOp Parallel) {
    if (Parallel->getParentOfType<AffineForOp>() ||
        Parallel->getParentOfType<AffineParallelOp>())
      return;
    NestRecord R(Parallel.getLoc());
    if (auto Function = Parallel->getParentOfType<FunctionOpInterface>())
      R.Function = Function.getName().str();
    R.Reason = "ParallelLoop";
    R.Detail = "affine.parallel bands are not transformed (their iterations "
               "may run on several agents); the nests in it are left as they "
               "are";
    R.emitRemark();
    Records.push_back(std::move(R));
  });

  // The outermost affine loops, collected first: rewriting adds loops.
  SmallVector<std::pair<AffineForOp, std::string>, 8> Roots;
  Module.walk([&](AffineForOp Loop) {
    if (Loop->getParentOfType<AffineForOp>() ||
        Loop->getParentOfType<AffineParallelOp>())
      return;
    auto Function = Loop->getParentOfType<FunctionOpInterface>();
    Roots.push_back({Loop, Function ? Function.getName().str() : ""});
  });
  DenseMap<Operation *, std::unique_ptr<KernelContext>> Kernels;
  for (auto &Entry : Roots) {
    AffineForOp Root = Entry.first;
    const std::string &Function = Entry.second;
    auto Refuse = [&](StringRef Reason, StringRef Detail) {
      NestRecord R(Root.getLoc());
      R.Function = Function;
      R.Reason = Reason.str();
      R.Detail = Detail.str();
      R.emitRemark();
      Records.push_back(std::move(R));
    };
    Operation *Kernel = Root->getParentOfType<gpu::LaunchOp>();
    if (!Kernel)
      Kernel = Root->getParentOfType<gpu::GPUFuncOp>();
    // On a GPU every thread must reach the phases' barriers: the nest must
    // be in the kernel's entry block, not under a branch. (On the host a
    // nest under a condition is the calling thread's alike.)
    if (Kernel && Root->getBlock() != &Kernel->getRegion(0).front()) {
      Refuse("UnderCondition",
             "the nest runs under a condition or inside another operation of "
             "the kernel; only nests in the kernel's entry block are "
             "transformed (every thread must reach the phases' barriers)");
      continue;
    }
    KernelContext *Gpu = nullptr;
    if (Kernel) {
      auto &K = Kernels[Kernel];
      if (!K)
        K = std::make_unique<KernelContext>(Kernel);
      if (!K->Threads.refusal().empty()) {
        Refuse("BlockSizeUnknown", K->Threads.refusal());
        continue;
      }
      Gpu = K.get();
    }
    processNest(Root, 0, *M, Function, Gpu);
  }

  if (ReportFile.empty())
    return;
  StringRef Name = "mlir";
  if (auto File = dyn_cast<FileLineColLoc>(Module.getLoc()))
    Name = File.getFilename();
  llvm::json::Object Report = buildReport(Name, SpmBytes, Records);
  std::error_code EC;
  llvm::raw_fd_ostream OS(ReportFile, EC, llvm::sys::fs::OF_Text);
  if (EC) {
    Module.emitError("prem-affine: cannot write report '")
        << ReportFile << "': " << EC.message();
    return signalPassFailure();
  }
  OS << llvm::formatv("{0:2}", llvm::json::Value(std::move(Report))) << "\n";
}

} // namespace

void registerPremAffinePass() { PassRegistration<PremAffinePass>(); }

} // namespace prem::mlirpath
