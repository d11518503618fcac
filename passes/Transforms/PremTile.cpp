//===- PremTile.cpp - Tile SIMT loops into PREM intervals -----------------===//
//
// USAGE:
//   opt -load-pass-plugin build/lib/PremPlugin.so -passes=prem-tile
//       -prem-spm-bytes=49152 kernel.ll -S
//
// Seed 001, Sec. 3.2.2 and Algorithm 2: a thread's share of the worksharing
// loop is cut into tiles of consecutive SIMT iterations (inner loops whole)
// so that the bytes one tile touches fit the scratchpad (Equation 1). Each
// tile becomes one PREM interval. The loop is strip-mined in place: the
// iterations run in the original order, the state the loop carries from one
// iteration to the next (reductions, the induction variable) is carried from
// tile to tile, so results are bit for bit those of the original loop.
//
// What a tile moves is computed at run time from the footprint's isl sets: per
// array, the interval [first byte, last byte] of the tile (the 1-D transfer of
// seed 003; both ends are bytes the tile really touches, so the interval lies
// inside the array). Every tile is versioned: the scratchpad path runs when
// the intervals fit the scratchpad and no written array overlaps another one
// (arrays may alias at run time); otherwise the tile runs unchanged on global
// memory (a compatible interval, Sec. 3.2.3). Both versions carry the same
// state, so the choice is per tile and never changes results.
//
// When one SIMT iteration does not fit, the depth-1 loop is strip-mined the
// same way within each SIMT iteration (Algorithm 2, lines 8-12), and when one
// of its iterations does not fit either, the depth-2 loop within one
// iteration of each. Accesses outside the tiled loop (a sum stored after
// it) are in no tile: each stretch of them runs on global memory in a
// compatible interval of its own (Sec. 3.2.3). A read-only array read
// through accesses of different shapes may get one slot per shape, and one
// read by columns (B[k][j] in a tile of j) a 2-D transfer (seed 003): rows
// of the array's pitch, only the tile's columns of each (clipped to the
// interval where the rectangle would reach outside it). An indirect load or
// store (x[idx[i]], y[idx[i]] = v) has no interval: the tile moves its
// elements through a slot of one per execution (issue 3: dae for them).
//
// On host offload each OpenMP thread is its own PREM agent with a private
// scratchpad. On NVPTX the thread block is the agent and its shared memory
// the scratchpad: a CUDA kernel gets one interval per block (the kernel is
// versioned on the launch: the block size it states, 1-D blocks, every
// thread past the bounds guard), or, when the block's data does not fit,
// tiles of its depth-1 loop that all the block's threads run together (the
// other blocks run the original code in one memory phase), an OpenMP SPMD
// kernel's parallel region one
// per call, the team's chunk of the loop (-prem-gpu-tiles: not yet run on a
// GPU; the same for OpenMP on AMDGPU, in LDS). AMDGPU thread-index kernels
// are refused with a remark.
//
//===----------------------------------------------------------------------===//

#include "prem/Transforms/PremTile.h"
#include "prem/Analysis/Footprint.h"
#include "prem/Analysis/KernelInfo.h"
#include "prem/Analysis/Report.h"
#include "prem/Analysis/TilingPlan.h"
#include "prem/Support/CloneRegion.h"
#include "prem/Support/IslCodegen.h"
#include "prem/Support/IslSet.h"
#include "prem/Support/RemarkLocation.h"
#include "prem/Support/Target.h"
#include "prem/prem_rt.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Analysis/InstructionSimplify.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/Analysis/PostDominators.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/IntrinsicsNVPTX.h"
#include "llvm/IR/MDBuilder.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/TargetParser/Triple.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/Local.h"
#include "llvm/Transforms/Utils/LoopSimplify.h"
#include "llvm/Transforms/Utils/LoopUtils.h"
#include "llvm/Transforms/Utils/ScalarEvolutionExpander.h"
#include "llvm/Transforms/Utils/ValueMapper.h"

#define DEBUG_TYPE "prem-tile"

using namespace llvm;
using namespace prem;

STATISTIC(NumTiled, "SIMT loops tiled into PREM intervals");

static cl::opt<bool> GPUTiles(
    "prem-gpu-tiles",
    cl::desc("Tile NVPTX kernels: one interval per thread block (CUDA) or "
             "team chunk (OpenMP), shared by the block. Default: on for CUDA "
             "kernels, off for OpenMP ones (not yet run on a GPU)"),
    cl::init(false));

static cl::opt<uint64_t> ForcedIterations(
    "prem-tile-iterations", cl::value_desc("n"),
    cl::desc("SIMT iterations per PREM tile instead of the largest that fits "
             "(smaller only; for tests and experiments)"),
    cl::init(0));

/// Scratchpad slots start on this boundary (a cache line on the host, a
/// 128-byte shared-memory row on NVIDIA GPUs would be the same idea).
static constexpr uint64_t SlotAlign = 64;
/// Largest scratchpad put in a host-offload thread's frame.
static constexpr uint64_t MostHostScratchpad = uint64_t(1) << 20;
/// Most SIMT iterations tried for one tile when the loop's length is unknown.
static constexpr uint64_t MostIterations = uint64_t(1) << 20;

static MDNode *tupleOf(LLVMContext &C, ArrayRef<Metadata *> Ops) {
  return MDNode::get(C, Ops);
}

static Metadata *i32MD(LLVMContext &C, int64_t V) {
  return ConstantAsMetadata::get(
      ConstantInt::getSigned(Type::getInt32Ty(C), V));
}

static Metadata *i64MD(LLVMContext &C, uint64_t V) {
  return ConstantAsMetadata::get(ConstantInt::get(Type::getInt64Ty(C), V));
}

static Metadata *boolMD(LLVMContext &C, bool V) {
  return ConstantAsMetadata::get(ConstantInt::getBool(C, V));
}

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

namespace {

/// One worksharing loop and everything needed to tile it.
class NestTiler {
public:
  NestTiler(const NestFootprint &Nest, const TilePlan *Plan, unsigned Id,
            uint64_t Budget, isl_ctx *Ctx, FunctionAnalysisManager &FAM,
            bool BlockTile)
      : Nest(Nest), Plan(Plan), Id(Id), Budget(Budget), BufferBytes(Budget),
        Ctx(Ctx), BlockTile(BlockTile), F(*Nest.Region), FAM(FAM),
        DT(FAM.getResult<DominatorTreeAnalysis>(F)),
        LI(FAM.getResult<LoopAnalysis>(F)),
        SE(FAM.getResult<ScalarEvolutionAnalysis>(F)),
        ORE(FAM.getResult<OptimizationRemarkEmitterAnalysis>(F)) {}

  /// Tiles the loop; false (and Why) when it is left alone.
  bool run(json::Object &Record);

private:
  const NestFootprint &Nest;
  const TilePlan *Plan;
  unsigned Id;
  uint64_t Budget;
  /// The scratchpad buffer the tiles use: what the largest tile needs when
  /// that is known (a GPU block's shared memory is scarce), else the budget.
  uint64_t BufferBytes;
  isl_ctx *Ctx;
  bool BlockTile;
  Function &F;
  FunctionAnalysisManager &FAM;
  DominatorTree &DT;
  LoopInfo &LI;
  ScalarEvolution &SE;
  OptimizationRemarkEmitter &ORE;

  /// The loop being strip-mined: the worksharing loop (TileDepth 0), or the
  /// loop at depth TileDepth, one iteration of each loop around it at a time
  /// (seed 001, Algorithm 2, tileDim_1 and deeper, when one iteration of the
  /// loop around it does not fit).
  Loop *L = nullptr;
  PHINode *IV = nullptr;
  unsigned TileDepth = 0;
  /// Set when even one iteration does not fit: worth tiling deeper.
  bool OneIterationTooLarge = false;
  /// The loop could not be tiled for what lies outside the loops inside it
  /// (a conditional access, a branch on loaded data): a loop inside may be
  /// tiled instead, those accesses in compatible intervals; and why not
  /// this one, for the report.
  bool DeeperMayDo = false;
  std::string DeeperBecause;
  /// Inner tiles: the SIMT loop and its induction variable (the tile's
  /// simt_lb); at depth 2 also the depth-1 loop (its iteration is tile1_lb).
  Loop *SIMTLoop = nullptr, *Depth1Loop = nullptr;
  PHINode *SIMTIV = nullptr;
  /// BlockTile: the team's chunk [TileLower, TileUpper] of the loop.
  Value *TileLower = nullptr, *TileUpper = nullptr;
  /// BlockTile: the function's one return block.
  BasicBlock *ReturnBlock = nullptr;
  /// BlockTile of a thread-index (CUDA) kernel: the block is the tile. The
  /// versioned code starts at RegionStart; BodyStart is the first block every
  /// thread of a full block runs, after the bounds guard (if (i < n)) when
  /// the kernel has one, and Guard the guard's comparison (taken to the body
  /// when true unless GuardInverted).
  bool ThreadBlock = false;
  Instruction *RegionStart = nullptr;
  BasicBlock *BodyStart = nullptr;
  /// After versionThreadBlock: the first block of the scratchpad path.
  BasicBlock *ScratchpadStart = nullptr;
  ICmpInst *Guard = nullptr;
  bool GuardInverted = false;
  /// The guard as a constraint on the tiles' parameters (guardConstraint),
  /// worked out once: the tile-size search asks for it at every probe.
  std::string GuardBound;
  const SCEV *TripCount = nullptr;
  /// A region of the scratchpad: one array's interval, or for a read-only
  /// array read through accesses of different shapes, one per shape when
  /// that is smaller (seed 003's transfers, one per access group).
  struct Slot {
    unsigned Array = 0;
    std::string Name;
    /// The byte sets whose interval the slot holds, and the accesses
    /// redirected to it.
    SmallVector<std::string, 4> Sets;
    SmallVector<const Instruction *, 4> Insts;
    /// The bytes of its other accesses (translates inside the interval of
    /// Sets): a 2-D transfer's rows and columns must hold them too.
    SmallVector<std::string, 4> Translates;
    /// Every byte set the slot's rectangle must hold: Sets and Translates.
    SmallVector<std::string, 8> touchedSets() const {
      SmallVector<std::string, 8> Touched(Sets.begin(), Sets.end());
      append_range(Touched, Translates);
      return Touched;
    }
    /// The tile writes it (an inner tile: in its loop; writes outside that
    /// loop are not the slot's). Bytes written (the union of the write
    /// accesses); empty if none.
    bool Written = false;
    std::string WrittenBytes;
    bool WriteHasNoHoles = false;
    /// A 2-D slot whose rectangle, as copied, the tile writes whole.
    bool WritesRectangle = false;
    /// Stored back as one interval (written without holes, not a 2-D slot),
    /// or by rows (a 2-D slot written whole), else element by element.
    bool storesInterval() const { return WriteHasNoHoles && !Pitch; }
    bool storesRows() const { return WritesRectangle && Pitch; }
    /// Code for the interval of bytes touched, and of bytes written (when
    /// they have no holes).
    SmallVector<ByteIntervalExprs, 2> TouchedCode;
    std::optional<ByteIntervalExprs> WrittenCode;
    /// The length of its interval, for the tile-size search.
    std::unique_ptr<IntervalLength> Length;
    /// Seed 003's 2-D transfer instead of the interval (Pitch != 0): rows
    /// Pitch bytes apart in the array, only the touched columns of each in
    /// the scratchpad, rows there RowAlign-aligned. Code and sizes for the
    /// rows and the columns touched.
    uint64_t Pitch = 0, RowAlign = 1;
    /// The rectangle reaches outside the interval (bytes before the first
    /// touched one in its first row, after the last in its last row): those
    /// are not copied, as they may lie outside the array.
    bool Clipped = false;
    SmallVector<ByteIntervalExprs, 2> RowCode, ColumnCode;
    std::unique_ptr<IntervalLength> Rows, Columns;
  };
  SmallVector<Slot, 4> Slots;
  /// Slot of every memory access of the loop.
  DenseMap<const Instruction *, unsigned> SlotOf;

  std::string legality();
  std::string innerLegality(unsigned Depth);
  std::string stripMineLegality();
  const SmallVectorImpl<std::string> &
  accessBytes(const ArrayFootprint &A) const {
    return TileDepth ? A.InnerTileAccessBytes[TileDepth - 1]
                     : A.TileAccessBytes;
  }
  const std::string &writeBytes(const ArrayFootprint &A) const {
    return TileDepth ? A.InnerTileWriteBytes[TileDepth - 1] : A.TileWriteBytes;
  }
  std::string blockTileLegality();
  std::string threadBlockLegality();
  std::string blockUniformLegality();
  /// OpenMP on a GPU, when the team's chunk does not fit (seed 001,
  /// Algorithm 2, lines 8-12, in the paper's own setting): the block's
  /// threads run the tiles of an inner loop together, each its one
  /// iteration of a full chunk (versionTeamChunk), as a CUDA block does.
  bool teamTiles() const { return BlockTile && !ThreadBlock && TileDepth; }
  std::string teamTileLegality();
  void versionTeamChunk();
  /// The SIMT iterations of an inner tile, as an isl constraint: a team's
  /// whole chunk, else one (a CUDA block's threads are not SIMT iterations
  /// but its depth 0).
  std::string innerTileSIMT() const {
    return teamTiles() ? formatv("simt_n = {0}", *Nest.Kernel->SIMT.BlockSize)
                       : std::string("simt_n = 1");
  }
  /// What the agent of a GPU tile is called in the report and remarks.
  StringRef agentName() const {
    return ThreadBlock ? "thread block" : "team's chunk";
  }
  /// The number of threads of the block (OpenMP: all run the region).
  Value *blockThreads(IRBuilderBase &B) const;
  /// OpenMP on a GPU: the team's chunk clamped to the loop, at B: its first
  /// iteration and its length (0 when empty), both i64.
  std::pair<Value *, Value *> emitTeamChunk(IRBuilder<> &B) const;
  /// The SIMT loop's iterations, where the kernel states its bounds.
  std::optional<uint64_t> simtIterations() const {
    const SIMTInfo &SIMT = Nest.Kernel->SIMT;
    if (!SIMT.GlobalLower || !SIMT.GlobalUpper)
      return std::nullopt;
    return uint64_t(*SIMT.GlobalUpper - *SIMT.GlobalLower + 1);
  }

  /// Accesses outside an inner tile's loop, per loop around it (Outer: the
  /// loop at depth Depth - 1, null for a thread block's kernel), before
  /// the loop at depth Depth (Inner) and after it in one iteration of Outer.
  /// Each stretch with accesses runs on global memory in a compatible
  /// interval of its own (Sec. 3.2.3).
  struct OutsideStretch {
    Loop *Inner = nullptr, *Outer = nullptr;
    unsigned Depth = 0, Before = 0, After = 0;
  };
  SmallVector<OutsideStretch, 2> Outside;
  std::string outsideLegality(Loop *Tiled);
  void placeCompatibleIntervals();
  std::string accessLegality(Instruction *ExpandAt);
  /// Builds the code of a slot's interval (and written interval) and picks
  /// its transfer; the reason when the interval has no code.
  std::string prepareSlot(Slot &S, const std::string &Context,
                          const StringSet<> &Known);
  /// Makes a slot a 2-D transfer when that moves at most half the bytes.
  void chooseTransfer(Slot &S, const std::string &Context,
                      const StringSet<> &Known);
  /// Back to the interval for 2-D slots that no longer save half of it in
  /// tiles of this many iterations (their rows have grown to whole rows),
  /// where the tile still fits and the slot's store stays as coalesced.
  void preferIntervals(uint64_t Iterations);
  /// Shrinks a tile of the tiled loop to the size that splits its fixed
  /// trip count into as many tiles, as evenly as can be; says so (or "").
  /// A SIMT tile's chunk is known only at run time: BalanceChunks says the
  /// tile loop does the same there.
  std::string balanceTiles(uint64_t &Iterations);
  bool BalanceChunks = false;
  /// Scratchpad bytes of a slot's largest tile under Context.
  std::optional<uint64_t> slotBytes(const Slot &S,
                                    const std::string &Context) const;
  /// Whether an access in BB runs once per iteration of the tile's loops
  /// (its footprint counts it so): never only under a condition.
  bool runsUnconditionally(BasicBlock *BB, const PostDominatorTree *PDT) const;
  /// The launch conditions under which a thread block's footprint is what
  /// the analysis computed: the block has the threads it assumed, 1-D, and
  /// every thread passes the bounds guard.
  Value *emitFullBlockCheck(IRBuilder<> &B, Value *Threads);
  bool allThreadsRunRegion() const;
  std::string paramNames() const;
  std::string guardConstraint() const;
  /// Largest trip count of the loop at that depth, when bounded.
  std::optional<uint64_t> maxTrip(unsigned Depth) const;
  /// What every tile satisfies, whatever its size (isl constraints).
  std::string tileBounds() const;
  /// The parameter values of every tile.
  std::string tilesWithinLoops() const;
  /// The parameter values of tiles of this many iterations.
  std::string tileContext(uint64_t Iterations) const;
  /// Iterations per depth of a tile of this many iterations of the tiled
  /// loop (one of each loop around it, SIMTIterations of the SIMT loop: a
  /// thread block's inner tile has all its threads), as the footprint
  /// counts tiles.
  SmallVector<uint64_t, 3> tileShape(uint64_t Iterations,
                                     uint64_t SIMTIterations = 1) const {
    SmallVector<uint64_t, 3> Shape(TileDepth, 1);
    Shape.push_back(Iterations);
    Shape[0] *= SIMTIterations;
    return Shape;
  }
  std::optional<uint64_t> bytesPerTile(uint64_t Iterations) const;
  /// Indirect loads or stores (issue 3: dae for them): they have no
  /// interval, so a tile gathers each execution's element into one more
  /// slot, after the others, IndirectStride bytes apart in execution order
  /// (0: none), or has each indirect store put its element there for the
  /// Store phase to scatter (scatters(): TileIndirect holds stores).
  uint64_t IndirectStride = 0;
  /// Threads that gather: 1 on host offload; on a GPU the block's, each
  /// with its own elements (stored execution-major: consecutive threads on
  /// consecutive elements, no bank conflicts).
  uint64_t IndirectThreads = 1;
  /// The indirect loads (or stores) in the tiled loop; one outside it (an
  /// inner tile's) runs on global memory in its stretch's compatible
  /// interval.
  SmallVector<const IndirectSite *, 2> TileIndirect;
  bool scatters() const {
    return !TileIndirect.empty() && isa<StoreInst>(TileIndirect.front()->Inst);
  }
  std::string indirectLegality(ArrayRef<BasicBlock *> Blocks);
  std::optional<uint64_t> indirectBytes(uint64_t Iterations) const;
  std::string chooseIterations(uint64_t &Iterations, json::Object &Record);
  void transform(uint64_t Iterations);
  Value *balancedTileSize(Value *Trips, uint64_t Iterations, Instruction *At);
  void transformBlockTile();
  void versionThreadBlock();
  BasicBlock *versionPartial(Instruction *Start,
                             function_ref<Value *(IRBuilder<> &)> Number,
                             function_ref<Value *(IRBuilder<> &)> Full);
  /// Where remarks about the kernel point.
  BasicBlock *anchor() const {
    return Nest.Kernel->SIMT.LoopHeader ? Nest.Kernel->SIMT.LoopHeader
                                        : &F.getEntryBlock();
  }
  /// Leaves the loop alone: the record and the remark say why.
  bool refuse(json::Object &Record, const std::string &Why);
  /// The tile header's code: intervals, slots, the fit and alias check, and
  /// the branch between the scratchpad path and the global path.
  BranchInst *emitTileHeader(IRBuilder<> &B, StringMap<Value *> &Params,
                             Value *Interval, uint64_t Iterations,
                             BasicBlock *LoadBB, BasicBlock *GlobalBB,
                             Value *Precondition = nullptr);
  void tagAccesses();
  /// Marks a block of the contract (load, store, global).
  void tagBlock(BasicBlock *BB, StringRef What);
  StringMap<Value *> expandParams(SCEVExpander &Expander,
                                  BasicBlock::iterator At);
};

} // namespace

/// The state a loop carries across iterations must be re-entered tile by
/// tile; a value computed from loaded data deciding control flow would make
/// the Load phase (run before the tile) unable to know what the tile reads.
static bool controlDependsOnLoads(
    ArrayRef<BasicBlock *> Blocks,
    function_ref<bool(const BasicBlock *)> Branches = [](const BasicBlock *) {
      return true;
    }) {
  SmallPtrSet<const BasicBlock *, 16> In(Blocks.begin(), Blocks.end());
  SmallVector<const Value *, 16> Work;
  for (BasicBlock *BB : Blocks) {
    if (!Branches(BB))
      continue;
    const Instruction *T = BB->getTerminator();
    if (auto *Br = dyn_cast<BranchInst>(T)) {
      if (Br->isConditional())
        Work.push_back(Br->getCondition());
    } else if (auto *Sw = dyn_cast<SwitchInst>(T)) {
      Work.push_back(Sw->getCondition());
    } else if (!isa<ReturnInst, UnreachableInst>(T)) {
      return true; // indirectbr, callbr, invoke: not a plain loop body
    }
  }
  SmallPtrSet<const Value *, 32> Seen;
  while (!Work.empty()) {
    auto *I = dyn_cast<Instruction>(Work.pop_back_val());
    if (!I || !In.count(I->getParent()) || !Seen.insert(I).second)
      continue;
    if (I->mayReadFromMemory())
      return true;
    append_range(Work, I->operands());
  }
  return false;
}

std::string NestTiler::legality() {
  const SIMTInfo &SIMT = Nest.Kernel->SIMT;
  if (BlockTile && SIMT.K == SIMTInfo::Kind::ThreadIndex) {
    ThreadBlock = true;
    if (!Nest.isExact())
      return "the footprint is not exact: " + Nest.Reasons.front().Message;
    std::string Why = threadBlockLegality();
    return Why.empty() ? accessLegality(RegionStart) : Why;
  }
  if (SIMT.K != SIMTInfo::Kind::WorksharingLoop)
    return "the kernel has no worksharing loop to tile";
  if (!Nest.isExact())
    return "the footprint is not exact: " + Nest.Reasons.front().Message;
  L = LI.getLoopFor(SIMT.LoopHeader);
  if (!L || L->getHeader() != SIMT.LoopHeader)
    return "the worksharing loop is not a natural loop";
  IV = SIMT.InductionPhi;
  std::string Why = BlockTile ? blockTileLegality() : stripMineLegality();
  if (!Why.empty())
    return Why;
  return accessLegality(BlockTile ? SIMT.WorksharingCall
                                  : L->getLoopPredecessor()->getTerminator());
}

/// The blocks of L, or of F when there is no loop (a thread block's kernel).
static SmallVector<BasicBlock *, 16> blocksOf(Loop *L, Function &F) {
  SmallVector<BasicBlock *, 16> Blocks;
  if (L)
    append_range(Blocks, L->blocks());
  else
    for (BasicBlock &BB : F)
      Blocks.push_back(&BB);
  return Blocks;
}

/// The loop at depth Depth (1 or 2), tiled within one iteration of each
/// loop around it: strip-mining keeps the order of iterations, so this
/// needs no dependence test either.
std::string NestTiler::innerLegality(unsigned Depth) {
  if (Depth == 1) {
    SIMTLoop = L;
    SIMTIV = IV;
  }
  if (BlockTile && !ThreadBlock)
    if (std::string Why = teamTileLegality(); !Why.empty())
      return Why;
  // In a thread block (ThreadBlock) each thread runs the kernel once: the
  // depth-1 loop is one of the function's outermost loops.
  Loop *Parent = Depth == 1 ? SIMTLoop : Depth1Loop;
  const NestLoop *Inner = nullptr;
  for (const NestLoop &NL : Nest.Loops)
    if (NL.Depth == Depth) {
      if (Inner)
        return formatv("more than one loop at depth {0}", Depth).str();
      Inner = &NL;
    }
  if (!Inner)
    return "no inner loop to tile";
  Loop *LD = LI.getLoopFor(Inner->Header);
  if ((!Parent && !ThreadBlock) || !LD || LD->getHeader() != Inner->Header ||
      LD->getParentLoop() != Parent)
    return formatv("the depth-{0} loop is not a natural loop inside the {1}",
                   Depth,
                   Depth == 1 ? ThreadBlock ? "kernel" : "worksharing loop"
                              : "depth-1 loop")
        .str();
  // The depth-1 iteration of a depth-2 tile is counted by an induction
  // variable of that loop (made when transforming if it has none).
  if (Depth == 2 && (!Parent->getLoopPreheader() || !Parent->getLoopLatch()))
    return "the depth-1 loop has no preheader or more than one latch";
  TileDepth = Depth;
  if (std::string Why = outsideLegality(LD); !Why.empty())
    return Why;
  if (Depth == 1)
    Depth1Loop = LD;
  L = LD;
  IV = nullptr;
  std::string Why = stripMineLegality();
  if (Why.empty() && BlockTile)
    Why = blockUniformLegality();
  if (!Why.empty())
    return formatv("depth-{0} loop: ", Depth).str() + Why;
  return accessLegality(L->getLoopPredecessor()->getTerminator());
}

/// A value every thread of a block has: built from the kernel's arguments
/// and the registers of the block and the grid, never the thread index.
static bool blockUniform(const SCEV *S) {
  return !SCEVExprContains(S, [](const SCEV *E) {
    auto *U = dyn_cast<SCEVUnknown>(E);
    if (!U || isa<Argument, Constant>(U->getValue()))
      return false;
    auto *Read = dyn_cast<IntrinsicInst>(U->getValue());
    switch (Read ? Read->getIntrinsicID() : Intrinsic::not_intrinsic) {
    case Intrinsic::nvvm_read_ptx_sreg_ctaid_x:
    case Intrinsic::nvvm_read_ptx_sreg_ctaid_y:
    case Intrinsic::nvvm_read_ptx_sreg_ctaid_z:
    case Intrinsic::nvvm_read_ptx_sreg_ntid_x:
    case Intrinsic::nvvm_read_ptx_sreg_ntid_y:
    case Intrinsic::nvvm_read_ptx_sreg_ntid_z:
    case Intrinsic::nvvm_read_ptx_sreg_nctaid_x:
    case Intrinsic::nvvm_read_ptx_sreg_nctaid_y:
    case Intrinsic::nvvm_read_ptx_sreg_nctaid_z:
      return false;
    default:
      return true;
    }
  });
}

/// An inner tile of a thread block is block-wide: its phases have block
/// barriers, so every thread must run the same tiles. On the scratchpad
/// path every thread passes the bounds guard; the tiled loop must run once
/// per iteration of the loops around it (once per thread at depth 1), and
/// its trip count and theirs be the same in every thread.
std::string NestTiler::blockUniformLegality() {
  if (!ThreadBlock) {
    // A team's threads each run one iteration of the SIMT loop (its trip
    // counts of inner loops may depend on that iteration).
    for (Loop *In = L; In != SIMTLoop; In = In->getParentLoop()) {
      BasicBlock *Latch = In->getParentLoop()->getLoopLatch();
      if (!Latch || !DT.dominates(In->getHeader(), Latch))
        return "in a team's chunk the tiled loop must run in every "
               "iteration of the loop around it";
      const SCEV *BTC = SE.getBackedgeTakenCount(In);
      if (!SE.isLoopInvariant(BTC, SIMTLoop) || !blockUniform(BTC))
        return "in a team's chunk the tiled loop's trip count (or that of a "
               "loop around it) may differ between threads";
    }
    return "";
  }
  const PostDominatorTree &PDT = FAM.getResult<PostDominatorTreeAnalysis>(F);
  if (!runsUnconditionally(L->getHeader(), &PDT))
    return "in a thread block the tiled loop must run on every path "
           "through the kernel";
  for (Loop *In = L; In; In = In->getParentLoop())
    if (!blockUniform(SE.getBackedgeTakenCount(In)))
      return "in a thread block the tiled loop's trip count (or that of a "
             "loop around it) may differ between threads";
  return "";
}

/// Accesses outside the tiled loop (a row sum's store after it, a value
/// loaded before it) are in none of its tiles: each stretch of them, before
/// and after the loop within one iteration of the loop around it (or in the
/// thread block's kernel), runs on global memory in a compatible interval
/// of its own (Sec. 3.2.3). So that each stretch is entered and left once,
/// the tiled loop (and each loop around it that has such stretches) must
/// run in every iteration of the loop around it, and every access outside
/// be before it or after it on every path.
std::string NestTiler::outsideLegality(Loop *Tiled) {
  Outside.clear();
  const PostDominatorTree &PDT = FAM.getResult<PostDominatorTreeAnalysis>(F);
  unsigned Depth = TileDepth;
  for (Loop *Inner = Tiled; Inner != SIMTLoop;
       Inner = Inner->getParentLoop(), --Depth) {
    Loop *Outer = Inner->getParentLoop();
    OutsideStretch Stretch{Inner, Outer, Depth};
    BasicBlock *Pre = Inner->getLoopPredecessor();
    BasicBlock *Exit = Inner->getUniqueExitBlock();
    BasicBlock *Exiting = Inner->getExitingBlock();
    for (BasicBlock *BB : blocksOf(Outer, F)) {
      if (Inner->contains(BB))
        continue;
      unsigned Accesses = count_if(*BB, [](Instruction &I) {
        return I.mayReadOrWriteMemory() && !writesOnlyErrno(I);
      });
      if (!Accesses)
        continue;
      bool InBody = Outer || DT.dominates(BodyStart, BB);
      if (InBody && Exit && Exiting && DT.dominates(Exit, BB))
        Stretch.After += Accesses;
      else if (InBody && Pre && PDT.dominates(Pre, BB))
        Stretch.Before += Accesses;
      else
        return formatv("an access outside the depth-{0} loop runs neither "
                       "before nor after it on every path",
                       Depth)
            .str();
    }
    if (!Stretch.Before && !Stretch.After)
      continue;
    // (The header, not the predecessor: a guard's branch may enter the loop
    // with no preheader between.)
    BasicBlock *Start = Outer ? Outer->getHeader() : BodyStart;
    if (!Pre || !PDT.dominates(Inner->getHeader(), Start) ||
        (Outer && (!Outer->getLoopLatch() ||
                   !DT.dominates(Exit, Outer->getLoopLatch()))))
      return formatv("accesses outside the depth-{0} loop need it to run in "
                     "every iteration of the {1}",
                     Depth, Outer ? "loop around it" : "kernel")
          .str();
    Outside.push_back(Stretch);
  }
  return "";
}

/// Opens and closes the compatible intervals of outsideLegality: on entry
/// to the loop around the tiled one (after its phis) or at the kernel's
/// start to the preheader of the loop inside, and from that loop's exit to
/// the latch of the loop around it or the kernel's return. New blocks
/// carry the tags, which prem-sync turns into __prem_enter_mem and
/// __prem_exit_mem.
void NestTiler::placeCompatibleIntervals() {
  if (Outside.empty())
    return;
  LLVMContext &C = F.getContext();
  // The dominator tree is rebuilt once at the end, not kept up to date.
  DominatorTree *StaleDT = nullptr;
  for (const OutsideStretch &S : Outside) {
    if (S.Before) {
      BasicBlock *Open =
          S.Outer ? SplitBlock(S.Outer->getHeader(),
                               S.Outer->getHeader()->getFirstNonPHIIt(),
                               StaleDT, &LI, nullptr, "prem.compat")
                  : ScratchpadStart;
      tagBlock(SplitEdge(S.Inner->getLoopPredecessor(), S.Inner->getHeader(),
                         StaleDT, &LI, nullptr, "prem.compat.end"),
               "compat-end");
      tagBlock(Open, "compat");
    }
    if (S.After) {
      tagBlock(SplitEdge(S.Inner->getExitingBlock(),
                         S.Inner->getUniqueExitBlock(), StaleDT, &LI, nullptr,
                         "prem.compat"),
               "compat");
      BasicBlock *End = S.Outer ? S.Outer->getLoopLatch() : ReturnBlock;
      tagBlock(SplitBlock(End, End->getTerminator()->getIterator(), StaleDT,
                          &LI, nullptr, "prem.compat.end"),
               "compat-end");
    }
  }
  // The interval's number: the block's index, as for a partial block, the
  // team's chunk, or the SIMT iteration; defined where it dominates every
  // stretch (no tagged block is the entry block or the SIMT loop's header).
  IRBuilder<> B(ThreadBlock ? F.getEntryBlock().getTerminator()
                            : SIMTLoop->getHeader()->getTerminator());
  Value *Number =
      ThreadBlock ? B.CreateIntrinsic(Intrinsic::nvvm_read_ptx_sreg_ctaid_x, {})
      : BlockTile ? B.CreateTrunc(TileLower, B.getInt32Ty())
                  : B.CreateZExtOrTrunc(SIMTIV, B.getInt32Ty());
  Number =
      B.CreateOr(B.CreateAnd(Number, B.getInt32(PREM_INTERVAL_OUTSIDE - 1)),
                 B.getInt32(PREM_INTERVAL_OUTSIDE));
  auto *Interval =
      cast<Instruction>(B.CreateFreeze(Number, "prem.compat.interval"));
  Interval->setMetadata(ValueMD, tupleOf(C, {i32MD(C, Id), i32MD(C, -1),
                                             MDString::get(C, "compat")}));
  DT.recalculate(F);
  Loop *Outermost = Outside.back().Inner;
  while (Outermost->getParentLoop())
    Outermost = Outermost->getParentLoop();
  SE.forgetLoop(Outermost);
}

std::string NestTiler::stripMineLegality() {
  // A missing preheader is made when transforming (not here: a loop left
  // alone must stay byte for byte as it was).
  if (!L->getLoopPredecessor() || !L->getLoopLatch() ||
      L->getExitingBlock() != L->getLoopLatch() || !L->getUniqueExitBlock())
    return "the worksharing loop has more than one exit or more than one "
           "entry";
  if (!TileDepth) {
    auto *AR = dyn_cast<SCEVAddRecExpr>(SE.getSCEV(IV));
    if (!AR || AR->getLoop() != L || !AR->getStepRecurrence(SE)->isOne())
      return "the worksharing loop does not step by one";
  }
  const SCEV *BTC = SE.getBackedgeTakenCount(L);
  if (isa<SCEVCouldNotCompute>(BTC))
    return "the worksharing loop's trip count is not known at its start";
  Type *I64 = Type::getInt64Ty(F.getContext());
  TripCount = SE.getAddExpr(SE.getNoopOrZeroExtend(BTC, I64), SE.getOne(I64));
  for (PHINode &Phi : L->getHeader()->phis())
    if (Phi.getNumIncomingValues() != 2)
      return "a header phi of the worksharing loop has unexpected edges";
  return "";
}

/// The function's return block when it has exactly one.
static BasicBlock *uniqueReturnBlock(Function &F) {
  BasicBlock *Ret = nullptr;
  for (BasicBlock &BB : F)
    if (isa<ReturnInst>(BB.getTerminator())) {
      if (Ret)
        return nullptr;
      Ret = &BB;
    }
  return Ret;
}

/// The value stored to the memory a pointer argument of Call points to, in
/// Call's block before it.
static Value *storedBefore(CallBase *Call, unsigned ArgNo) {
  Value *Slot = Call->getArgOperand(ArgNo)->stripPointerCasts();
  for (Instruction *I = Call->getPrevNode(); I; I = I->getPrevNode())
    if (auto *St = dyn_cast<StoreInst>(I))
      if (St->getPointerOperand()->stripPointerCasts() == Slot)
        return St->getValueOperand();
  return nullptr;
}

/// OpenMP's kernel environment says how the kernel runs: ExecMode (third
/// byte of its configuration) 2 is SPMD, every thread runs the user code.
static bool isSPMDKernel(const Function &Entry) {
  const GlobalVariable *Env = Entry.getParent()->getNamedGlobal(
      (Entry.getName() + "_kernel_environment").str());
  if (!Env || !Env->hasInitializer())
    return false;
  auto *Config =
      dyn_cast<ConstantStruct>(Env->getInitializer()->getAggregateElement(0u));
  if (!Config || Config->getNumOperands() < 3)
    return false;
  auto *ExecMode = dyn_cast<ConstantInt>(Config->getOperand(2));
  return ExecMode && ExecMode->getZExtValue() == 2;
}

/// Seed 001, Sec. 3.2.2 on a GPU: one interval per parallel-region call of
/// an SPMD kernel, covering the team's chunk of the worksharing loop (the
/// bounds the region hands to __kmpc_for_static_init), so that every thread
/// of the block takes part in its phases and barriers.
std::string NestTiler::blockTileLegality() {
  CallBase *Init = Nest.Kernel->SIMT.WorksharingCall;
  Function *Callee = Init->getCalledFunction();
  if (!Callee || !Callee->getName().starts_with("__kmpc_for_static_init") ||
      Init->arg_size() < 9)
    return "GPU tiles need a parallel worksharing loop "
           "(__kmpc_for_static_init) in the kernel's parallel region";
  // Every thread must reach the phases: the bounds are computed in the
  // function's entry block and nothing returns before the loop ends.
  if (Init->getParent() != &F.getEntryBlock())
    return "GPU tiles need the worksharing loop's bounds in the region's "
           "entry block";
  ReturnBlock = uniqueReturnBlock(F);
  if (!ReturnBlock)
    return "GPU tiles need a parallel region with one return";
  if (!isSPMDKernel(*Nest.Kernel->Entry))
    return "GPU tiles need an SPMD kernel (every thread runs the parallel "
           "region)";
  if (!allThreadsRunRegion())
    return "GPU tiles need every thread of the block in the parallel region "
           "(no num_threads clause)";
  TileLower = storedBefore(Init, 4);
  TileUpper = storedBefore(Init, 5);
  if (!TileLower || !TileUpper)
    return "the bounds of the team's chunk are not visible before "
           "__kmpc_for_static_init";
  return "";
}

/// The scratchpad path of a team's inner tiles needs each thread of the
/// block to run exactly one iteration of the chunk, so that all meet the
/// same barriers: a chunk of as many iterations as the block has threads,
/// which schedule(static) and schedule(static, 1) hand out one each. The
/// footprint is counted for the stated block size.
std::string NestTiler::teamTileLegality() {
  const SIMTInfo &SIMT = Nest.Kernel->SIMT;
  if (!SIMT.BlockSize)
    return "inner tiles of a team's chunk need the block size stated "
           "(thread_limit or -prem-block-size)";
  if (auto Trip = simtIterations(); Trip && *Trip < *SIMT.BlockSize)
    return formatv("inner tiles of a team's chunk need chunks of {0} "
                   "iterations, one per thread: the loop has {1}",
                   *SIMT.BlockSize, *Trip)
        .str();
  CallBase *Init = SIMT.WorksharingCall;
  auto *Schedule = dyn_cast<ConstantInt>(Init->getArgOperand(2));
  auto *Chunk = dyn_cast<ConstantInt>(Init->getArgOperand(8));
  // (kmp_sch_static_chunked with chunk 1, kmp_sch_static.)
  bool OneEach = Schedule && Chunk &&
                 ((Schedule->getZExtValue() == 33 && Chunk->isOne()) ||
                  Schedule->getZExtValue() == 34);
  if (!OneEach)
    return "inner tiles of a team's chunk need schedule(static) or "
           "schedule(static, 1), which give each thread one iteration of a "
           "full chunk";
  return "";
}

/// Every call that runs the region hands it to all threads: no if clause
/// that could serialise it, no num_threads clause.
bool NestTiler::allThreadsRunRegion() const {
  bool Seen = false;
  for (const Use &U : F.uses()) {
    auto *Call = dyn_cast<CallBase>(U.getUser());
    const Function *Callee = Call ? Call->getCalledFunction() : nullptr;
    if (!Callee || Callee->getName() != "__kmpc_parallel_60" ||
        Call->arg_size() < 6 || Call->getArgOperand(5) != &F)
      return false;
    auto *If = dyn_cast<ConstantInt>(Call->getArgOperand(2));
    auto *NumThreads = dyn_cast<ConstantInt>(Call->getArgOperand(3));
    if (!If || !If->isOne() || !NumThreads || !NumThreads->isMinusOne())
      return false;
    Seen = true;
  }
  return Seen;
}

/// The comparison's sides are affine in the thread index (one term, a
/// constant multiple of it, under at most a widening cast): the threads that
/// pass it form one range, so checking the block's first and last thread
/// checks them all.
static bool affineInThreadIndex(const SCEV *S, const SIMTInfo &SIMT) {
  auto UsesTid = [&](const SCEV *X) {
    return SCEVExprContains(X, [&](const SCEV *E) {
      auto *U = dyn_cast<SCEVUnknown>(E);
      return U && is_contained(SIMT.ThreadIndexReads, U->getValue());
    });
  };
  if (auto *Cast = dyn_cast<SCEVIntegralCastExpr>(S);
      Cast && !isa<SCEVTruncateExpr>(Cast))
    S = Cast->getOperand(0);
  auto IsTerm = [&](const SCEV *T) {
    if (auto *Mul = dyn_cast<SCEVMulExpr>(T);
        Mul && Mul->getNumOperands() == 2 &&
        isa<SCEVConstant>(Mul->getOperand(0)))
      T = Mul->getOperand(1);
    return isa<SCEVUnknown>(T) && UsesTid(T);
  };
  if (!UsesTid(S) || IsTerm(S))
    return true;
  auto *Add = dyn_cast<SCEVAddExpr>(S);
  if (!Add)
    return false;
  unsigned Terms = 0;
  for (const SCEV *Op : Add->operands()) {
    if (!UsesTid(Op))
      continue;
    if (!IsTerm(Op))
      return false;
    ++Terms;
  }
  return Terms == 1;
}

/// Seed 001, Sec. 3.2.2 for a CUDA kernel: the iterations of a thread block
/// form one interval. The whole kernel is versioned once, before its first
/// memory access, where every thread of the block is; a block whose threads
/// do not all pass the bounds guard (the grid's last) takes the global path.
std::string NestTiler::threadBlockLegality() {
  const SIMTInfo &SIMT = Nest.Kernel->SIMT;
  if (&F != Nest.Kernel->Entry)
    return "the thread index is read outside the kernel function (in a "
           "callee)";
  ReturnBlock = uniqueReturnBlock(F);
  if (!ReturnBlock)
    return "GPU tiles need a kernel with one return";
  BasicBlock &Entry = F.getEntryBlock();
  RegionStart = Entry.getTerminator();
  for (Instruction &I : Entry)
    if (I.mayReadOrWriteMemory()) {
      RegionStart = &I;
      break;
    }
  BodyStart = &Entry;
  auto *Br = dyn_cast<BranchInst>(Entry.getTerminator());
  if (RegionStart != Entry.getTerminator() || !Br || !Br->isConditional())
    return "";
  // The bounds guard: if (i < n) { body } with the other way to the return.
  int Body = Br->getSuccessor(1) == ReturnBlock   ? 0
             : Br->getSuccessor(0) == ReturnBlock ? 1
                                                  : -1;
  Guard = dyn_cast<ICmpInst>(Br->getCondition());
  if (!Guard || Body < 0 || !Guard->getOperand(0)->getType()->isIntegerTy())
    return "the kernel's first branch is not a bounds guard (if (i < n) "
           "around the body, else return)";
  if (!affineInThreadIndex(SE.getSCEV(Guard->getOperand(0)), SIMT) ||
      !affineInThreadIndex(SE.getSCEV(Guard->getOperand(1)), SIMT))
    return "the bounds guard is not affine in the thread index";
  GuardInverted = Body == 1;
  GuardBound = guardConstraint();
  BodyStart = Br->getSuccessor(Body);
  return "";
}

bool NestTiler::runsUnconditionally(BasicBlock *BB,
                                    const PostDominatorTree *PDT) const {
  Loop *Inner = LI.getLoopFor(BB);
  if (!ThreadBlock)
    return DT.dominates(BB, Inner->getLoopLatch());
  // Once per iteration of each loop around it, and those loops (or the
  // access) on every path from the body's start to the return.
  BasicBlock *Cur = BB;
  for (Loop *In = Inner; In; In = In->getParentLoop()) {
    if (!In->getLoopLatch() || !DT.dominates(Cur, In->getLoopLatch()))
      return false;
    Cur = In->getHeader();
  }
  return DT.dominates(BodyStart, Cur) && PDT->dominates(Cur, BodyStart);
}

std::string NestTiler::accessLegality(Instruction *ExpandAt) {
  StringSet<> Known{"simt_n",  "simt_lb",  "tile1_n", "tile1_lb",
                    "tile2_n", "tile2_lb", "ntid"};
  for (auto &[Name, S] : Nest.Params)
    Known.insert(Name);
  std::string Context =
      paramNames() + (TileDepth ? formatv(" -> {{ : {0} and tile{1}_n >= 1 }",
                                          innerTileSIMT(), TileDepth)
                                      .str()
                      : ThreadBlock && !Nest.Kernel->SIMT.BlockSize
                          ? " -> { : simt_n >= 1 and 1 <= ntid <= 1024 }"
                          : " -> { : simt_n >= 1 }");
  for (auto [K, A] : enumerate(Nest.Arrays)) {
    // An inner tile's slots hold what its loop touches; accesses outside
    // that loop stay on global memory (outsideLegality).
    auto InTile = [&](const Instruction *I) {
      return !TileDepth || L->contains(I);
    };
    SmallVector<const Instruction *, 4> Insts;
    bool Written = false;
    for (const AffineAccess &Acc : A.Accesses)
      if (InTile(Acc.Inst)) {
        Insts.push_back(Acc.Inst);
        Written |= Acc.IsWrite;
      }
    if (Insts.empty())
      continue;
    if (accessBytes(A).empty() || (Written && writeBytes(A).empty()))
      return "array " + A.Name +
             ": no byte-level footprint (runtime stride or floor subscript)";
    auto *Base = dyn_cast<Instruction>(A.Base);
    if (!isa<Argument, GlobalValue>(A.Base) &&
        !(Base && DT.dominates(Base, ExpandAt)))
      return "array " + A.Name + ": base pointer not available before the loop";
    if (!A.Base->getType()->isPointerTy())
      return "array " + A.Name + ": base is not a pointer";
    // A written array has one copy (its reads must see its writes); a
    // read-only one may have one per access shape.
    Slot Whole;
    Whole.Array = K;
    Whole.Name = A.Name;
    Whole.Sets.assign(accessBytes(A).begin(), accessBytes(A).end());
    Whole.Translates.assign(A.TranslateBytes[TileDepth].begin(),
                            A.TranslateBytes[TileDepth].end());
    Whole.Insts = Insts;
    Whole.Written = Written;
    Whole.WrittenBytes = Written ? writeBytes(A) : "";
    Whole.WriteHasNoHoles = Written && hasNoHoles(Ctx, writeBytes(A), Context);
    std::string WholeWhy = prepareSlot(Whole, Context, Known);
    SmallVector<Slot, 2> PerShape;
    if (!Written && A.Groups.size() > 1) {
      for (auto [G, Group] : enumerate(A.Groups)) {
        if (none_of(Group.Insts, InTile))
          continue;
        Slot S;
        S.Array = K;
        S.Name = A.Name + "#" + std::to_string(G + 1);
        const auto &Sets =
            TileDepth ? Group.InnerTileSets[TileDepth - 1] : Group.TileSets;
        S.Sets.assign(Sets.begin(), Sets.end());
        S.Translates.assign(Group.Translates[TileDepth].begin(),
                            Group.Translates[TileDepth].end());
        copy_if(Group.Insts, std::back_inserter(S.Insts), InTile);
        PerShape.push_back(std::move(S));
      }
      // Compared as they would be copied (each shape may be a 2-D transfer
      // of its own: covariance's D[k][i] and D[k][j] are two columns, one
      // wide rectangle together).
      std::string One = tileContext(1);
      auto WholeBytes = WholeWhy.empty() ? slotBytes(Whole, One) : std::nullopt;
      uint64_t Split = 0;
      bool Sized = true;
      for (Slot &S : PerShape) {
        auto Bytes = !S.Sets.empty() && prepareSlot(S, Context, Known).empty()
                         ? slotBytes(S, One)
                         : std::nullopt;
        Sized &= Bytes.has_value();
        Split += alignTo(Bytes.value_or(0), SlotAlign);
      }
      bool SplitWins =
          Sized && (!WholeWhy.empty() ||
                    (WholeBytes && Split < alignTo(*WholeBytes, SlotAlign)));
      if (!SplitWins || PerShape.size() < 2)
        PerShape.clear();
    }
    if (PerShape.empty()) {
      if (!WholeWhy.empty())
        return "array " + A.Name + ": " + WholeWhy;
      PerShape.push_back(std::move(Whole));
    }
    for (Slot &S : PerShape) {
      for (const Instruction *I : S.Insts)
        SlotOf[I] = Slots.size();
      Slots.push_back(std::move(S));
    }
  }
  SmallVector<BasicBlock *, 16> Blocks = blocksOf(L, F);
  if (std::string Why = indirectLegality(Blocks); !Why.empty())
    return Why;
  // A loop inside whose own branches do not depend on loaded data may be
  // tiled instead: the branches then lie outside its tiles.
  auto Inside = [&](const BasicBlock *BB) { return LI.getLoopFor(BB) != L; };
  if (controlDependsOnLoads(Blocks)) {
    DeeperMayDo = !controlDependsOnLoads(Blocks, Inside);
    return L ? "control flow in the loop depends on loaded data"
             : "control flow in the kernel depends on loaded data";
  }
  const PostDominatorTree *PDT =
      ThreadBlock ? &FAM.getResult<PostDominatorTreeAnalysis>(F) : nullptr;
  for (BasicBlock *BB : Blocks)
    for (Instruction &I : *BB) {
      if (!I.mayReadOrWriteMemory() || writesOnlyErrno(I))
        continue;
      auto *Ld = dyn_cast<LoadInst>(&I);
      auto *St = dyn_cast<StoreInst>(&I);
      if ((!Ld || !Ld->isSimple()) && (!St || !St->isSimple()))
        return "the loop has a memory operation other than a plain load or "
               "store";
      if (!SlotOf.count(&I))
        return "an access of the loop is not in the footprint";
      // The footprint counts every access on every iteration of its loops:
      // one that runs only under a condition would be over-estimated, and an
      // over-estimated interval could reach outside its array (loads) or
      // write back bytes the tile never wrote (stores).
      if (!runsUnconditionally(BB, PDT)) {
        DeeperMayDo = !Inside(BB);
        return "an access runs only under a condition (its footprint would "
               "be over-estimated)";
      }
    }
  // (SCEVExpander::isSafeToExpandAt refuses values defined earlier in
  // ExpandAt's own block, where a CUDA kernel's block offset is.)
  auto AvailableAt = [&](const SCEV *S) {
    return SCEVExpander(SE, "prem").isSafeToExpand(S) &&
           !SCEVExprContains(S, [&](const SCEV *E) {
             auto *U = dyn_cast<SCEVUnknown>(E);
             auto *I = U ? dyn_cast<Instruction>(U->getValue()) : nullptr;
             return I && !DT.dominates(I, ExpandAt);
           });
  };
  for (auto &[Name, S] : Nest.Params)
    if (Name != "simt_lb" &&
        ((L && !SE.isLoopInvariant(S, L)) ||
         (ThreadBlock
              ? !AvailableAt(S)
              : !SCEVExpander(SE, "prem").isSafeToExpandAt(S, ExpandAt))))
      return "runtime value " + Name + " cannot be computed before the " +
             (L ? "loop" : "kernel's first memory access");
  return "";
}

/// Seed 003's 2-D transfer. A column block of a row-major array (B[k][j]
/// for a tile of j) spans nearly the whole array as one interval; as rows
/// of the array's pitch holding only the tile's columns it is small. The
/// pitch is one of the strides of the slot's accesses; the one that moves
/// the fewest bytes wins, if it moves at most half of the interval (the
/// Execute phase then pays a division by the pitch per access). A written
/// 2-D slot is stored back by rows only where the tile writes every byte of
/// its rectangle (rectangleWritten: a column block, a stencil's output
/// rows; not clipped); else element by element, since the rectangle would
/// overwrite bytes the tile may not own. Not with indirect loads, which may
/// read a written slot by its interval. Where the rectangle reaches outside
/// the interval it is clipped to it, so that it reads nothing outside the
/// array.
std::string NestTiler::prepareSlot(Slot &S, const std::string &Context,
                                   const StringSet<> &Known) {
  std::string Why;
  S.Length = std::make_unique<IntervalLength>(Ctx, S.Sets, tilesWithinLoops());
  for (const std::string &Bytes : S.Sets) {
    auto Code = ByteIntervalExprs::build(Ctx, Bytes, Context, Known, Why);
    if (!Code)
      return Why;
    S.TouchedCode.push_back(std::move(*Code));
  }
  if (S.WriteHasNoHoles)
    S.WrittenCode =
        ByteIntervalExprs::build(Ctx, S.WrittenBytes, Context, Known, Why);
  // Without code for the written interval, store element by element.
  S.WriteHasNoHoles = S.WrittenCode.has_value();
  chooseTransfer(S, Context, Known);
  // Not a clipped slot: its written bytes would have to start and end
  // exactly at the clip (no kernel here does that; none tests it).
  if (S.Pitch && !S.Clipped && S.Written) {
    S.WritesRectangle = rectangleWritten(Ctx, S.touchedSets(), S.WrittenBytes,
                                         S.Pitch, tilesWithinLoops());
  }
  return "";
}

void NestTiler::chooseTransfer(Slot &S, const std::string &Context,
                               const StringSet<> &Known) {
  const ArrayFootprint &A = Nest.Arrays[S.Array];
  std::string One = tileContext(1), Bounds = tilesWithinLoops();
  auto Interval = S.Length->largest(One);
  if (!Interval || (S.Written && !Nest.Gathers.empty()))
    return;
  // An inner tile whose iterations are rows (val[k][i] in a tile of k, a
  // thread block on i) saves nothing in one iteration, whose row is its
  // interval, and most in the whole loop: a rectangle that saves half in
  // either is kept (preferIntervals judges it again at the tile's size).
  // (Worked out only for a pitch that fails at one iteration.)
  std::optional<std::string> Whole;
  std::optional<uint64_t> WholeInterval;
  auto SavesHalfOfWhole = [&](IntervalLength &Rows, IntervalLength &Columns,
                              uint64_t Align) {
    if (!Whole) {
      auto Trip = TileDepth ? maxTrip(TileDepth) : std::nullopt;
      if (!Trip || *Trip <= 1)
        return false;
      Whole = tileContext(*Trip);
      WholeInterval = S.Length->largest(*Whole);
    }
    auto R = Rows.largest(*Whole), W = Columns.largest(*Whole);
    return WholeInterval && R && W &&
           *R * alignTo(*W, Align) <= *WholeInterval / 2;
  };
  SmallSetVector<uint64_t, 4> Pitches;
  uint64_t Align = 1;
  for (const AffineAccess &Acc : A.Accesses) {
    if (!is_contained(S.Insts, Acc.Inst))
      continue;
    Align = std::max<uint64_t>(Align, getLoadStoreAlignment(Acc.Inst).value());
    for (const AffineSubscript &Sub : Acc.Subscripts)
      for (int64_t C : Sub.DimCoeffs)
        if (C)
          Pitches.insert(uint64_t(std::abs(C)) * A.GranuleBytes);
  }
  // The rectangle that moves the fewest bytes, if at most half of the
  // interval; one clipped to the interval only where none fits it (a way
  // out: two more copies, and its size is measured for one iteration).
  std::optional<std::pair<bool, uint64_t>> Best;
  SmallVector<std::string, 8> Touched = S.touchedSets();
  for (uint64_t Pitch : Pitches) {
    if (Pitch % Align || Pitch < 2 * Align)
      continue;
    SmallVector<std::string, 2> RowSets, ColumnSets;
    for (const std::string &Bytes : Touched) {
      auto RC = rowsAndColumns(Ctx, Bytes, Pitch);
      if (!RC)
        break;
      RowSets.push_back(std::move(RC->Rows));
      ColumnSets.push_back(std::move(RC->Columns));
    }
    if (RowSets.size() != Touched.size())
      continue;
    auto Rows = std::make_unique<IntervalLength>(Ctx, RowSets, Bounds);
    auto Columns = std::make_unique<IntervalLength>(Ctx, ColumnSets, Bounds);
    auto R = Rows->largest(One), W = Columns->largest(One);
    if (!R || !W)
      continue;
    if (*R * alignTo(*W, Align) > *Interval / 2 &&
        !SavesHalfOfWhole(*Rows, *Columns, Align))
      continue;
    std::pair<bool, uint64_t> Cost{
        !rectangleWithinInterval(Ctx, Touched, Pitch, Bounds),
        *R * alignTo(*W, Align)};
    if (Best && Cost >= *Best)
      continue;
    SmallVector<ByteIntervalExprs, 2> RowCode, ColumnCode;
    std::string Why;
    for (auto [RowSet, ColumnSet] : zip(RowSets, ColumnSets)) {
      auto RowExprs =
          ByteIntervalExprs::build(Ctx, RowSet, Context, Known, Why);
      auto ColumnExprs =
          ByteIntervalExprs::build(Ctx, ColumnSet, Context, Known, Why);
      if (!RowExprs || !ColumnExprs)
        break;
      RowCode.push_back(std::move(*RowExprs));
      ColumnCode.push_back(std::move(*ColumnExprs));
    }
    if (RowCode.size() != RowSets.size())
      continue;
    Best = Cost;
    S.Clipped = Cost.first;
    S.Pitch = Pitch;
    S.RowAlign = Align;
    S.RowCode = std::move(RowCode);
    S.ColumnCode = std::move(ColumnCode);
    S.Rows = std::move(Rows);
    S.Columns = std::move(Columns);
  }
}

void NestTiler::preferIntervals(uint64_t Iterations) {
  std::string Context = tileContext(Iterations);
  for (Slot &S : Slots) {
    auto Rectangle = slotBytes(S, Context);
    auto Interval = S.Length->largest(Context);
    if (!S.Pitch || !Rectangle || !Interval || *Rectangle * 2 <= *Interval)
      continue;
    // A rectangle stored back by rows stays: as an interval with holes the
    // slot would be stored element by element (uncoalesced on a GPU).
    if (S.storesRows() && !S.WriteHasNoHoles)
      continue;
    uint64_t Pitch = std::exchange(S.Pitch, 0);
    auto Bytes = bytesPerTile(Iterations);
    if (!Bytes || *Bytes > Budget)
      S.Pitch = Pitch;
  }
}

std::optional<uint64_t> NestTiler::slotBytes(const Slot &S,
                                             const std::string &Context) const {
  if (!S.Pitch)
    return S.Length->largest(Context);
  auto Rows = S.Rows->largest(Context), Width = S.Columns->largest(Context);
  if (!Rows || !Width)
    return std::nullopt;
  return *Rows * alignTo(*Width, S.RowAlign);
}

std::string NestTiler::paramNames() const {
  SmallVector<std::string, 4> Names{"simt_n", "simt_lb"};
  for (auto &[Name, S] : Nest.Params)
    if (Name != "simt_lb")
      Names.push_back(Name);
  if (TileDepth == 1)
    append_range(Names, ArrayRef<std::string>{"tile1_n", "tile1_lb"});
  if (TileDepth == 2)
    append_range(Names,
                 ArrayRef<std::string>{"tile1_lb", "tile2_n", "tile2_lb"});
  if (ThreadBlock && !Nest.Kernel->SIMT.BlockSize)
    Names.push_back("ntid");
  return "[" + join(Names, ", ") + "]";
}

std::optional<uint64_t> NestTiler::maxTrip(unsigned Depth) const {
  for (const NestLoop &NL : Nest.Loops)
    if (NL.Depth == Depth && NL.MaxTripCount)
      return NL.MaxTripCount;
  return std::nullopt;
}

/// A tile lies within the loop (the last one of a chunk is shorter, and
/// inside a full one that ends with the loop; a tile crossing a row end
/// would make a 2-D slot's rectangle reach past the array), and a thread
/// block on the scratchpad path passes its bounds guard.
std::string NestTiler::tileBounds() const {
  const SIMTInfo &SIMT = Nest.Kernel->SIMT;
  std::string Cs = "simt_n >= 1";
  if (SIMT.GlobalLower && SIMT.GlobalUpper)
    Cs += formatv(" and simt_lb >= {0} and simt_lb + simt_n <= {1}",
                  *SIMT.GlobalLower, *SIMT.GlobalUpper + 1)
              .str();
  Cs += GuardBound;
  if (TileDepth == 1) {
    Cs += " and " + innerTileSIMT() + " and tile1_n >= 1 and tile1_lb >= 0";
    if (auto Most = maxTrip(1))
      Cs += " and tile1_lb + tile1_n <= " + std::to_string(*Most);
  }
  if (TileDepth == 2) {
    Cs += " and " + innerTileSIMT() +
          " and tile1_lb >= 0 and tile2_n >= 1 and tile2_lb >= 0";
    if (auto Most = maxTrip(1))
      Cs += " and tile1_lb < " + std::to_string(*Most);
    if (auto Most = maxTrip(2))
      Cs += " and tile2_lb + tile2_n <= " + std::to_string(*Most);
  }
  return Cs;
}

std::string NestTiler::tilesWithinLoops() const {
  return paramNames() + " -> { : " + tileBounds() + " }";
}

/// A thread-index kernel's bounds guard as a constraint on its tiles: every
/// thread of a tiled block passes it (emitFullBlockCheck), so a guard
/// `p + tid < n` (p the block's offset, a parameter of the footprint; n a
/// constant) gives 0 <= p and p + threads <= n. Empty when the guard has
/// another form (then a block's tile may cross a row end, and 2-D slots of
/// column reads do not pay).
std::string NestTiler::guardConstraint() const {
  const SIMTInfo &SIMT = Nest.Kernel->SIMT;
  CmpInst::Predicate P =
      GuardInverted ? Guard->getInversePredicate() : Guard->getPredicate();
  Value *Index = Guard->getOperand(0), *Limit = Guard->getOperand(1);
  if (ICmpInst::isGT(P) || ICmpInst::isGE(P)) {
    std::swap(Index, Limit);
    P = ICmpInst::getSwappedPredicate(P);
  }
  auto *Bound = dyn_cast<SCEVConstant>(SE.getSCEV(Limit));
  if (!Bound || !(ICmpInst::isLT(P) || ICmpInst::isLE(P)) ||
      Bound->getAPInt().getSignificantBits() > 32)
    return "";
  ValueToSCEVMapTy AtZero;
  for (Value *Tid : SIMT.ThreadIndexReads)
    AtZero[Tid] = SE.getZero(Tid->getType());
  const SCEV *Global = SE.getSCEV(Index);
  const SCEV *First = SCEVParameterRewriter::rewrite(Global, SE, AtZero);
  // The thread index with coefficient one.
  const SCEV *Step = SE.getMinusSCEV(Global, First);
  if (auto *Cast = dyn_cast<SCEVCastExpr>(Step))
    Step = Cast->getOperand(0);
  auto *Tid = dyn_cast<SCEVUnknown>(Step);
  if (!Tid || !is_contained(SIMT.ThreadIndexReads, Tid->getValue()))
    return "";
  // The offset is not negative: index 0 passes an unsigned guard only if it
  // is not, and sums and products of special registers (blockIdx.x *
  // blockDim.x) are not, as the footprint assumes narrow index arithmetic
  // does not wrap.
  bool OnlyRegisters = !SCEVExprContains(First, [](const SCEV *E) {
    if (auto *C = dyn_cast<SCEVConstant>(E))
      return C->getAPInt().isNegative();
    if (auto *U = dyn_cast<SCEVUnknown>(E)) {
      auto *Read = dyn_cast<IntrinsicInst>(U->getValue());
      return !Read || !Read->getCalledFunction()->getName().starts_with(
                          "llvm.nvvm.read.ptx.sreg.");
    }
    return !isa<SCEVAddExpr, SCEVMulExpr, SCEVCastExpr>(E);
  });
  if (!ICmpInst::isUnsigned(P) && !OnlyRegisters &&
      !SE.isKnownNonNegative(First))
    return "";
  int64_t Most = Bound->getAPInt().getSExtValue() + (ICmpInst::isLE(P) ? 1 : 0);
  std::string Threads =
      SIMT.BlockSize ? std::to_string(*SIMT.BlockSize) : "ntid";
  // Every parameter that is the offset (a wider copy of it too: equal, as
  // nothing wraps).
  std::string Cs;
  for (auto &[Name, S] : Nest.Params)
    if (S == First || (S->getType()->getScalarSizeInBits() >
                           First->getType()->getScalarSizeInBits() &&
                       SE.getTruncateExpr(S, First->getType()) == First))
      Cs += formatv(" and {0} >= 0 and {0} + {1} <= {2}", Name, Threads, Most)
                .str();
  return Cs;
}

/// The parameter values of tiles of this many iterations (of the SIMT loop,
/// or of the depth-1 loop for an inner tile).
std::string NestTiler::tileContext(uint64_t Iterations) const {
  std::string Size = (TileDepth ? formatv("tile{0}_n = ", TileDepth).str()
                                : std::string("simt_n = ")) +
                     std::to_string(Iterations);
  return paramNames() + " -> { : " + Size + " and " + tileBounds() + " }";
}

/// Scratchpad bytes the largest tile of this many iterations needs, over
/// every tile origin; nullopt when it depends on runtime values.
std::optional<uint64_t> NestTiler::bytesPerTile(uint64_t Iterations) const {
  std::string Context = tileContext(Iterations);
  uint64_t Total = 0;
  for (const Slot &S : Slots) {
    auto Size = slotBytes(S, Context);
    if (!Size)
      return std::nullopt;
    Total += alignTo(*Size, SlotAlign);
  }
  if (IndirectStride) {
    auto Gathered = indirectBytes(Iterations);
    if (!Gathered)
      return std::nullopt;
    Total += alignTo(*Gathered, SlotAlign);
  }
  return Total;
}

std::optional<uint64_t> NestTiler::indirectBytes(uint64_t Iterations) const {
  // A GPU block's threads run one SIMT iteration each (a CUDA thread, or
  // its iteration of the team's chunk), and in an inner tile the tile's
  // iterations of the tiled loop: the gathered elements are per thread.
  SmallVector<uint64_t, 3> Tile =
      tileShape(BlockTile && !TileDepth ? 1 : Iterations);
  uint64_t Total = 0;
  for (const IndirectSite *G : TileIndirect) {
    auto Executions = Nest.indirectExecutionsPerTile(*G, Tile);
    if (!Executions)
      return std::nullopt;
    Total += *Executions * IndirectStride;
  }
  return Total * IndirectThreads;
}

/// The Load phase gathers what the Execute phase then reads in the same
/// order (the control flow of a tile depends on no loaded data), so each
/// gathered address must be the same in both: computed from the loop's
/// indices and from arrays the loop only reads. An indirect load may still
/// read bytes the tile writes (the arrays may alias): the Execute phase
/// reads those from the written array's slot, which holds the whole
/// interval, so the load must not straddle the slot's ends (aligned to its
/// size, checked against the intervals at run time).
///
/// Scatters the same way round: the Execute phase puts each stored element
/// in the slot, the Store phase replays the addresses and stores them in
/// the same order. A scattered byte the tile also reads or writes through
/// another access would be stale in the scratchpad, and arrays may alias:
/// the Load phase checks every scattered address against the other slots'
/// spans and runs the tile on global memory where one meets them (prem-les).
/// On a GPU the block's threads vote on it (NVPTX only), and each thread's
/// elements have a column of the slot, as gathered ones do. A tile does not
/// both gather and scatter (a gathered element could be one the tile
/// scattered before).
std::string NestTiler::indirectLegality(ArrayRef<BasicBlock *> Blocks) {
  IndirectStride = 0;
  IndirectThreads = 1;
  TileIndirect.clear();
  // One outside the loop is in a stretch of outsideLegality.
  SmallPtrSet<const BasicBlock *, 16> InLoop(Blocks.begin(), Blocks.end());
  SmallVector<const IndirectSite *, 2> Loads, Stores;
  for (const auto *Sites : {&Nest.Gathers, &Nest.Scatters})
    for (const IndirectSite &G : *Sites) {
      if (InLoop.contains(G.Inst->getParent()))
        (Sites == &Nest.Gathers ? Loads : Stores).push_back(&G);
      else if (Outside.empty())
        return Sites == &Nest.Gathers
                   ? "an indirect load is outside the tiled loop"
                   : "an indirect store is outside the tiled loop";
    }
  if (Loads.empty() && Stores.empty())
    return "";
  if (!Stores.empty()) {
    if (BlockTile && Triple(F.getParent()->getTargetTriple()).isAMDGPU())
      return "an indirect store (" + Stores.front()->Why +
             ") in an AMDGPU tile: the block-wide vote on its addresses is "
             "built for NVPTX only";
    if (!Loads.empty())
      return "indirect loads and stores in one tile: a gathered element "
             "could be one the tile scattered before";
    TileIndirect = Stores;
  } else {
    TileIndirect = Loads;
  }
  bool Scatters = scatters();
  StringRef What = Scatters ? "store" : "load";
  if (BlockTile) {
    if (!Nest.Kernel->SIMT.BlockSize)
      return ("an indirect " + What + " (" + TileIndirect.front()->Why +
              ") in a block of unknown size: its threads' " +
              (Scatters ? "scattered" : "gathered") +
              " elements would not have a known place")
          .str();
    IndirectThreads = *Nest.Kernel->SIMT.BlockSize;
  }
  SmallPtrSet<const Instruction *, 8> Gathered;
  for (const IndirectSite &G : Nest.Gathers)
    Gathered.insert(G.Inst);
  uint64_t Stride = 0;
  for (const IndirectSite *GL : TileIndirect) {
    const IndirectSite &G = *GL;
    if (!isPowerOf2_64(G.Bytes) ||
        getLoadStoreAlignment(G.Inst).value() < G.Bytes)
      return ("an indirect " + What + " is not aligned to its size").str();
    SmallVector<const Value *, 8> Work{getLoadStorePointerOperand(G.Inst)};
    SmallPtrSet<const Value *, 16> Seen;
    while (!Work.empty()) {
      auto *I = dyn_cast<Instruction>(Work.pop_back_val());
      if (!I || !InLoop.contains(I->getParent()) || !Seen.insert(I).second)
        continue;
      if (Gathered.contains(I))
        return ("the index of an indirect " + What +
                " is itself loaded indirectly")
            .str();
      if (isa<LoadInst>(I)) {
        auto It = SlotOf.find(I);
        if (It == SlotOf.end())
          return ("the address of an indirect " + What +
                  " depends on a load the footprint does not know")
              .str();
        const ArrayFootprint &Index = Nest.Arrays[Slots[It->second].Array];
        if (Index.Written)
          return ("the index of an indirect " + What + " is read from " +
                  Index.Name + ", which the loop writes")
              .str();
        continue;
      }
      if (I->mayReadOrWriteMemory())
        return ("the address of an indirect " + What + " depends on a call")
            .str();
      append_range(Work, I->operands());
    }
    Stride = std::max<uint64_t>(Stride, G.Bytes);
  }
  IndirectStride = Stride;
  if (!indirectBytes(1))
    return ("an indirect " + What + " is in a loop of unbounded length").str();
  for (const IndirectSite *G : TileIndirect)
    SlotOf[G->Inst] = Slots.size();
  return "";
}

std::string NestTiler::chooseIterations(uint64_t &Iterations,
                                        json::Object &Record) {
  const SIMTInfo &SIMT = Nest.Kernel->SIMT;
  if (BlockTile && !TileDepth) {
    // The team's chunk is the tile: as many iterations as the block has
    // threads (schedule(static, 1) in a distribute chunk of blockDim).
    if (!SIMT.BlockSize) {
      Record["why"] = ThreadBlock ? "one tile per thread block; block size "
                                    "unknown, fit checked per block at run "
                                    "time"
                                  : "one tile per team chunk; block size "
                                    "unknown, fit checked per tile at run "
                                    "time";
      return "";
    }
    Iterations = *SIMT.BlockSize;
    if (auto Trip = simtIterations())
      Iterations = std::min<uint64_t>(Iterations, *Trip);
    preferIntervals(Iterations);
    auto Bytes = bytesPerTile(Iterations);
    // A block's threads may still share tiles of an inner loop.
    OneIterationTooLarge = Bytes && *Bytes > Budget;
    if (Bytes && *Bytes > Budget)
      return formatv("a block's chunk of {0} iterations needs {1} bytes of "
                     "scratchpad (byte intervals), more than the {2} available",
                     Iterations, *Bytes, Budget)
          .str();
    if (Bytes) {
      Record["scratchpad_bytes_per_tile"] = *Bytes;
      BufferBytes = std::max<uint64_t>(*Bytes, SlotAlign);
    }
    Record["why"] = ThreadBlock
                        ? "one tile per thread block (a full block of "
                          "threads that all pass the bounds guard)"
                        : "one tile per team chunk of the worksharing loop "
                          "(the block's threads share it)";
    return "";
  }
  uint64_t Most = MostIterations;
  if (TileDepth) {
    if (auto Trip = maxTrip(TileDepth))
      Most = *Trip;
  } else if (auto Trip = simtIterations()) {
    Most = *Trip;
  }
  if (ForcedIterations)
    Most = std::min<uint64_t>(Most, ForcedIterations);
  auto One = bytesPerTile(1);
  if (!One && TileDepth)
    return formatv("the depth-{0} tile's bytes depend on runtime values",
                   TileDepth)
        .str();
  if (!One) {
    // Sizes known only at run time: take the plan (bytes counted exactly)
    // when it keeps inner loops whole; every tile checks the fit anyway.
    if (!Plan || !Plan->Chosen)
      return "no tiling fits: " + (Plan ? Plan->Why : std::string("no plan"));
    const TileCandidate &C = *Plan->Chosen;
    for (auto [D, I] : enumerate(C.Iterations))
      if (D && I && Nest.Loops.size() > D && Nest.Loops[D].MaxTripCount &&
          I < *Nest.Loops[D].MaxTripCount)
        return "one SIMT iteration does not fit the scratchpad and tiling "
               "inner loops is not implemented";
    Iterations = std::min(Most, C.Iterations[0]);
    Record["why"] = "sizes are known only at run time: the exact-footprint "
                    "plan's SIMT tile, fit checked per tile at run time";
    return "";
  }
  if (*One > Budget) {
    OneIterationTooLarge = TileDepth < 2;
    return formatv(
               "one {0} needs {1} bytes of scratchpad (byte intervals), "
               "more than the {2} available",
               TileDepth
                   ? formatv("iteration of the depth-{0} loop", TileDepth).str()
                   : std::string("SIMT iteration"),
               *One, Budget)
        .str();
  }
  // The bytes per iteration never grow with the tile (reuse only grows), so
  // the largest tile that fits moves the fewest bytes per iteration.
  uint64_t Lo = 1, Hi = Most;
  while (Lo < Hi) {
    uint64_t Mid = Lo + (Hi - Lo + 1) / 2;
    auto Bytes = bytesPerTile(Mid);
    if (Bytes && *Bytes <= Budget)
      Lo = Mid;
    else
      Hi = Mid - 1;
  }
  Iterations = Lo;
  std::string Balance = balanceTiles(Iterations);
  preferIntervals(Iterations);
  auto Since = [&](StringRef TooLarge) {
    return "(" + (DeeperBecause.empty() ? TooLarge.str() : DeeperBecause) + ")";
  };
  uint64_t Bytes = *bytesPerTile(Iterations);
  BufferBytes = std::max<uint64_t>(Bytes, SlotAlign);
  Record["scratchpad_bytes_per_tile"] = Bytes;
  Record["bytes_per_iteration"] = double(Bytes) / double(Iterations);
  // Who runs a GPU inner tile's iterations together.
  std::string Group = ThreadBlock ? "block" : "team's chunk";
  std::string Tiles =
      TileDepth == 1 && BlockTile
          ? "iterations of the depth-1 loop, run by every thread of the " +
                Group + " together " +
                Since("the " + Group + "'s iterations do not fit")
      : TileDepth == 1
          ? "iterations of the depth-1 loop, one SIMT iteration at a time " +
                Since("one SIMT iteration does not fit")
      : TileDepth == 2
          ? (BlockTile ? "iterations of the depth-2 loop, run by every "
                         "thread of the " +
                             Group +
                             " together, one iteration of the depth-1 loop "
                             "at a time "
                       : std::string("iterations of the depth-2 loop, one "
                                     "iteration of the loops around it at "
                                     "a time ")) +
                Since("one iteration of the depth-1 loop does not fit")
          : std::string("whole SIMT iterations");
  Record["why"] =
      formatv("largest tile of {0} whose byte intervals fit {1} "
              "bytes: fewest bytes per iteration ({2} vs {3} for "
              "one iteration){4}",
              Tiles, Budget, double(Bytes) / double(Iterations), *One, Balance)
          .str();
  return "";
}

/// Seed 001 §3.2.2: an interval lasts as long as its tile. With the number
/// of tiles fixed, equal tiles make the longest interval the shortest and
/// move about the same bytes (each tile still pays its halo once): 254 columns
/// in tiles of 185 leave a last one of 69; two of 128 do not. Only where the
/// tiled loop's trip count is fixed: under a bound alone (a triangular
/// loop) smaller tiles would add intervals to its shorter instances.
std::string NestTiler::balanceTiles(uint64_t &Iterations) {
  if (ForcedIterations || Iterations < 2)
    return "";
  if (!TileDepth) {
    // A thread's chunk of the SIMT loop: its tiles are sized where the
    // chunk is known (transform).
    if (auto Trip = simtIterations(); Trip && *Trip <= Iterations)
      return "";
    BalanceChunks = true;
    return formatv("; balanced at run time: each thread's chunk in as many "
                   "tiles as tiles of {0} would make, of equal size (a "
                   "multiple of 4 where that is at most {0})",
                   Iterations)
        .str();
  }
  std::optional<uint64_t> Trip;
  for (const NestLoop &NL : Nest.Loops) {
    if (NL.Depth != TileDepth)
      continue;
    if (!NL.TripCount || (Trip && *Trip != *NL.TripCount))
      return "";
    Trip = NL.TripCount;
  }
  if (!Trip || *Trip <= Iterations)
    return "";
  uint64_t Tiles = divideCeil(*Trip, Iterations);
  uint64_t Even = divideCeil(*Trip, Tiles);
  // Tiles of a multiple of 4 iterations start at one 16-byte alignment when
  // elements are 4 bytes wide: the copies keep their vector width.
  uint64_t Rounded = alignTo(Even, 4);
  uint64_t Balanced = Rounded <= Iterations ? Rounded : Even;
  auto Bytes = bytesPerTile(Balanced);
  if (Balanced == Iterations || !Bytes || *Bytes > Budget)
    return "";
  std::string Why =
      formatv("; balanced: the loop's {0} iterations in {1} tiles of at "
              "most {2}, not tiles of {3} and a last one of {4}",
              *Trip, Tiles, Balanced, Iterations,
              *Trip - (Tiles - 1) * Iterations)
          .str();
  Iterations = Balanced;
  return Why;
}

bool NestTiler::run(json::Object &Record) {
  // On host offload the scratchpad is a buffer in the thread's frame: keep
  // it far from the size of a thread's stack (OMP_STACKSIZE, 4 MiB by
  // default in libomp).
  if (!BlockTile && Budget > MostHostScratchpad)
    return refuse(Record, formatv("a scratchpad of {0} bytes is too large "
                                  "for a host-offload thread's stack (at most "
                                  "{1})",
                                  Budget, MostHostScratchpad)
                              .str());
  std::string Why = legality();
  uint64_t Iterations = 0;
  if (Why.empty())
    Why = chooseIterations(Iterations, Record);
  // Why the loop around the one tried next was refused (Why holds them all).
  std::string LastWhy = Why;
  // Algorithm 2, lines 8-12: tile the next loop in, down to depth 2.
  for (unsigned Depth = 1;
       !Why.empty() && (OneIterationTooLarge || DeeperMayDo) && Depth <= 2;
       ++Depth) {
    if (!OneIterationTooLarge && none_of(Nest.Loops, [&](const NestLoop &NL) {
          return NL.Depth == Depth;
        }))
      break;
    DeeperBecause.clear();
    if (DeeperMayDo) {
      StringRef Around = Depth == 2    ? "tiles of the depth-1 loop"
                         : ThreadBlock ? "a tile of the whole block"
                         : BlockTile   ? "a tile of the team's whole chunk"
                                       : "tiles of whole SIMT iterations";
      DeeperBecause = (Around + " refused: " + LastWhy).str();
    }
    DeeperMayDo = false;
    SlotOf.clear();
    Slots.clear();
    IndirectStride = 0;
    TileIndirect.clear();
    IndirectThreads = 1;
    BufferBytes = Budget;
    OneIterationTooLarge = false;
    std::string InnerWhy = innerLegality(Depth);
    if (InnerWhy.empty())
      InnerWhy = chooseIterations(Iterations, Record);
    Why = InnerWhy.empty() ? "" : Why + "; " + InnerWhy;
    LastWhy = InnerWhy;
  }
  if (!Why.empty())
    return refuse(Record, Why);
  if (BlockTile && !TileDepth) {
    transformBlockTile();
  } else {
    if (ThreadBlock)
      versionThreadBlock();
    else if (BlockTile)
      versionTeamChunk();
    placeCompatibleIntervals();
    transform(Iterations);
  }
  ++NumTiled;
  Record["transformed"] = true;
  if (Iterations)
    Record["tile_iterations"] = Iterations;
  std::string Agent = ThreadBlock ? "one thread block"
                      : BlockTile ? formatv("one team's chunk of {0} SIMT "
                                            "iterations",
                                            *Nest.Kernel->SIMT.BlockSize)
                                        .str()
                                  : "one SIMT iteration";
  if (TileDepth == 1)
    Record["tile"] = Agent + " x " + std::to_string(Iterations) +
                     " iterations of the depth-1 loop";
  if (TileDepth == 2)
    Record["tile"] = Agent + " x one iteration of the depth-1 loop x " +
                     std::to_string(Iterations) +
                     " iterations of the depth-2 loop";
  if (BlockTile && !TileDepth)
    Record["tile"] = "block";
  // Intervals of an agent's chunk (of a thread block): tiles of the tiled
  // loop times the iterations of the loops around it (when their trip
  // counts are fixed).
  std::optional<uint64_t> Trip[3];
  for (const NestLoop &NL : Nest.Loops)
    if (NL.Depth >= 1 && NL.Depth <= 2)
      Trip[NL.Depth] = NL.TripCount;
  std::optional<uint64_t> Chunk = BlockTile && TileDepth ? 1 : simtIterations();
  if (Iterations && Chunk) {
    std::optional<uint64_t> Count = Chunk;
    for (unsigned D = 1; D <= TileDepth && Count; ++D)
      Count = Trip[D] ? std::optional<uint64_t>(
                            D == TileDepth
                                ? *Count * divideCeil(*Trip[D], Iterations)
                                : *Count * *Trip[D])
                      : std::nullopt;
    if (!TileDepth)
      Count = divideCeil(*Count, Iterations);
    if (Count)
      Record["intervals"] = *Count;
  }
  // What a tile moves, per array: its byte interval (what SoftDMA copies)
  // and the bytes it really touches (what stripped copies move).
  json::Array Arrays;
  std::string Context = tileContext(Iterations);
  for (const Slot &S : Slots) {
    const ArrayFootprint &A = Nest.Arrays[S.Array];
    json::Object Array{{"name", S.Name},
                       {"read", A.Read},
                       {"written", S.Written},
                       {"store", !S.Written           ? "none"
                                 : S.storesInterval() ? "interval"
                                 : S.storesRows()     ? "rows"
                                                      : "element-wise"}};
    if (auto Interval = Iterations ? slotBytes(S, Context) : std::nullopt)
      Array["interval_bytes"] = *Interval;
    if (S.Pitch) {
      Array["transfer"] = "2d";
      Array["pitch"] = S.Pitch;
      if (S.Clipped)
        Array["clipped"] = true;
      if (auto Rows = Iterations ? S.Rows->largest(Context) : std::nullopt)
        Array["rows"] = *Rows;
    }
    // (Of every access of the array: none outside an inner tile's loop.)
    bool WholeArray = S.Name == A.Name && S.Insts.size() == A.Accesses.size();
    SmallVector<uint64_t, 3> Tile = tileShape(
        Iterations, BlockTile && TileDepth ? *Nest.Kernel->SIMT.BlockSize : 1);
    if (auto Unique = Iterations && WholeArray ? Nest.arrayBytesPerTile(A, Tile)
                                               : std::nullopt)
      Array["unique_bytes"] = *Unique;
    Arrays.push_back(std::move(Array));
  }
  if (IndirectStride) {
    // Seed 001's DAE for the accesses SoftDMA cannot copy as an interval.
    bool Scatters = scatters();
    SmallVector<StringRef, 2> Names;
    for (const IndirectSite *G : TileIndirect)
      if (!G->Name.empty() && !is_contained(Names, G->Name))
        Names.push_back(G->Name);
    json::Array Touched;
    for (StringRef N : Names)
      Touched.push_back(N);
    json::Object Array{
        {"name", Scatters ? "scattered" : "indirect"},
        {"read", !Scatters},
        {"written", Scatters},
        {"store", Scatters ? "scatter" : "none"},
        {"transfer", Scatters ? "scatter" : "gather"},
        {"arrays", std::move(Touched)},
        {Scatters ? "stores" : "loads", int64_t(TileIndirect.size())},
        {"element_bytes", IndirectStride}};
    if (auto Bytes = Iterations ? indirectBytes(Iterations) : std::nullopt) {
      Array["interval_bytes"] = *Bytes;
      Array["unique_bytes"] = *Bytes;
    }
    Arrays.push_back(std::move(Array));
    ORE.emit([&] {
      OptimizationRemark R("prem", Scatters ? "Scattered" : "Gathered",
                           &*anchor()->getFirstNonPHIOrDbg());
      R << "kernel " << Nest.Kernel->Entry->getName() << ": "
        << ore::NV(Scatters ? "Stores" : "Loads", unsigned(TileIndirect.size()))
        << (Scatters ? " indirect store(s) of " : " indirect load(s) of ")
        << join(Names, ", ")
        << (Scatters ? " scattered element by element in the Store phase"
                     : " gathered element by element in the Load phase")
        << " (dae for them: they have no interval to copy)";
      if (Scatters)
        R << "; a tile whose scattered elements meet its other data runs on "
             "global memory";
      return R;
    });
  }
  Record["arrays"] = std::move(Arrays);
  // Accesses outside the tiled loop, per stretch (one compatible interval
  // each time it runs).
  SmallVector<std::string, 4> Stretches;
  if (!Outside.empty()) {
    json::Array List;
    for (const OutsideStretch &S : Outside) {
      List.push_back(json::Object{{"loop", formatv("depth-{0}", S.Depth).str()},
                                  {"before", S.Before},
                                  {"after", S.After}});
      for (auto [Count, Where] :
           {std::pair(S.Before, "before"), std::pair(S.After, "after")})
        if (Count)
          Stretches.push_back(
              formatv("{0} {1} the depth-{2} loop", Count, Where, S.Depth));
    }
    Record["outside"] = std::move(List);
  }
  ORE.emit([&] {
    const Instruction &First = *anchor()->getFirstNonPHIOrDbg();
    return OptimizationRemark("prem", "Tiled", remarkLocation(First),
                              anchor())
           << "kernel " << Nest.Kernel->Entry->getName()
           << (TileDepth == 1
                   ? BlockTile ? (": depth-1 loop tiled, one " + agentName() +
                                  " and ")
                                     .str()
                               : ": depth-1 loop tiled, one SIMT iteration and "
               : TileDepth == 2
                   ? BlockTile ? (": depth-2 loop tiled, one " + agentName() +
                                  ", one iteration of the depth-1 loop and ")
                                     .str()
                               : ": depth-2 loop tiled, one iteration of "
                                 "each loop around it and "
               : ThreadBlock ? ": thread block tiled, "
                             : ": worksharing loop tiled, ")
           << ore::NV("Iterations", Iterations)
           << (TileDepth     ? " of its iterations per PREM interval"
               : ThreadBlock ? " threads per PREM interval"
                             : " SIMT iterations per PREM interval")
           << (Stretches.empty()
                   ? ""
                   : "; accesses outside it in compatible intervals of their "
                     "own: " +
                         join(Stretches, ", "));
  });
  return true;
}

/// The code every tile runs first: each array's interval and scratchpad
/// slot, whether they fit and whether a written interval meets another
/// array's, and the branch to the scratchpad path or the global path.
BranchInst *NestTiler::emitTileHeader(IRBuilder<> &B,
                                      StringMap<Value *> &Params,
                                      Value *Interval, uint64_t Iterations,
                                      BasicBlock *LoadBB, BasicBlock *GlobalBB,
                                      Value *Precondition) {
  LLVMContext &C = F.getContext();
  Type *I64 = B.getInt64Ty();
  auto Tag = [&](Value *V, int Array, StringRef What) {
    auto *Fr = cast<Instruction>(B.CreateFreeze(V, ("prem." + What).str()));
    Fr->setMetadata(ValueMD, tupleOf(C, {i32MD(C, Id), i32MD(C, Array),
                                         MDString::get(C, What)}));
    return Fr;
  };
  Tag(Interval, -1, "interval");
  bool Scatters = scatters();
  Value *Used = B.getInt64(0);
  Value *Safe = B.getTrue();
  SmallVector<std::pair<Value *, Value *>, 4> Spans; // [begin, end) addresses
  SmallVector<Value *, 4> Lengths;
  SmallVector<Metadata *, 8> TileOps{i32MD(C, Id), i64MD(C, Iterations),
                                     i64MD(C, BufferBytes)};
  for (auto [K, S] : enumerate(Slots)) {
    const ArrayFootprint &A = Nest.Arrays[S.Array];
    Value *Base = const_cast<Value *>(A.Base);
    Value *Begin, *Len, *Span, *ReadBegin = nullptr;
    if (S.Pitch) {
      // Rows [r0, r1), columns [c0, c1): from byte r0 * Pitch + c0, rows of
      // c1 - c0 bytes, RowAlign-aligned in the scratchpad.
      ByteInterval Rows = emitUnion(S.RowCode, Params, B);
      ByteInterval Columns = emitUnion(S.ColumnCode, Params, B);
      Value *NRows = Tag(B.CreateSub(Rows.End, Rows.Begin), K, "rows");
      Value *Width = Tag(B.CreateSub(Columns.End, Columns.Begin), K, "width");
      Value *RowBytes =
          Tag(B.CreateAnd(B.CreateAdd(Width, B.getInt64(S.RowAlign - 1)),
                          B.getInt64(~(S.RowAlign - 1))),
              K, "rowbytes");
      Value *First = B.CreateAdd(B.CreateMul(Rows.Begin, B.getInt64(S.Pitch)),
                                 Columns.Begin);
      Begin = B.CreateGEP(B.getInt8Ty(), Base, First);
      Len = B.CreateMul(NRows, RowBytes);
      Value *AboveLast = B.CreateMul(B.CreateSub(NRows, B.getInt64(1)),
                                     B.getInt64(S.Pitch));
      Value *Spanned = B.CreateAdd(AboveLast, Width);
      Value *NoRows = B.CreateICmpEQ(NRows, B.getInt64(0));
      Span = B.CreateSelect(NoRows, B.getInt64(0), Spanned);
      if (S.Clipped) {
        // The rectangle's first row from the interval's first byte, its
        // last up to the interval's last: both are in those rows (they are
        // the lowest and highest bytes touched), every row between lies
        // inside the interval.
        ByteInterval Touched = emitUnion(S.TouchedCode, Params, B);
        Value *Empty = B.CreateICmpEQ(NRows, B.getInt64(0));
        Value *Skip = B.CreateSelect(Empty, B.getInt64(0),
                                     B.CreateSub(Touched.Begin, First));
        Value *Cut =
            B.CreateSelect(Empty, B.getInt64(0),
                           B.CreateSub(B.CreateAdd(First, Span), Touched.End));
        Tag(Skip, K, "skip");
        Tag(Cut, K, "cut");
        // What the copies read, for the alias check below.
        ReadBegin = B.CreateGEP(B.getInt8Ty(), Base, B.CreateAdd(First, Skip));
        Span = B.CreateSub(B.CreateSub(Span, Skip), Cut);
      }
    } else {
      ByteInterval Touched = emitUnion(S.TouchedCode, Params, B);
      Len = B.CreateSub(Touched.End, Touched.Begin);
      Begin = B.CreateGEP(B.getInt8Ty(), Base, Touched.Begin);
      Span = Len;
    }
    Tag(Begin, K, "begin");
    Tag(Len, K, "length");
    Tag(Used, K, "slot");
    Used = B.CreateAdd(Used,
                       B.CreateAnd(B.CreateAdd(Len, B.getInt64(SlotAlign - 1)),
                                   B.getInt64(~(SlotAlign - 1))));
    Value *BeginInt = B.CreatePtrToInt(ReadBegin ? ReadBegin : Begin, I64);
    Spans.push_back({BeginInt, B.CreateAdd(BeginInt, Span)});
    Lengths.push_back(Len);
    if (S.storesInterval()) {
      ByteInterval Written = S.WrittenCode->emit(Params, B);
      Tag(B.CreateGEP(B.getInt8Ty(), Base, Written.Begin), K, "wbegin");
      Tag(B.CreateSub(Written.End, Written.Begin), K, "wlength");
    }
    SmallVector<Metadata *, 5> ArrayOps{
        MDString::get(C, S.Name), boolMD(C, A.Read), boolMD(C, S.Written),
        boolMD(C, S.storesInterval() || S.storesRows())};
    if (S.Pitch)
      ArrayOps.push_back(i64MD(C, S.Pitch));
    TileOps.push_back(tupleOf(C, ArrayOps));
    // What the Load phase checks scattered addresses against.
    if (Scatters) {
      Tag(Spans.back().first, K, "spanbegin");
      Tag(Spans.back().second, K, "spanend");
    }
  }
  // Arrays may alias at run time: a written interval must not meet another.
  for (auto [I, S] : enumerate(Slots)) {
    if (!S.Written)
      continue;
    for (size_t J = 0; J < Spans.size(); ++J) {
      if (J == I)
        continue;
      Value *JFirst = B.CreateICmpULE(Spans[J].second, Spans[I].first);
      Value *IFirst = B.CreateICmpULE(Spans[I].second, Spans[J].first);
      Value *Apart = B.CreateOr(IFirst, JFirst);
      Safe = B.CreateAnd(Safe, Apart);
    }
  }
  if (IndirectStride) {
    unsigned K = Slots.size();
    uint64_t Gathered = *indirectBytes(Iterations);
    Tag(B.getInt64(Gathered), K, "length");
    Tag(Used, K, "slot");
    Used = B.CreateAdd(Used, B.getInt64(alignTo(Gathered, SlotAlign)));
    SmallVector<Metadata *, 8> IndirectOps{
        MDString::get(C, Scatters ? "scattered" : "indirect"),
        boolMD(C, !Scatters),
        boolMD(C, Scatters),
        boolMD(C, false),
        i64MD(C, 0),
        i64MD(C, IndirectStride),
        i64MD(C, IndirectThreads)};
    if (Scatters)
      IndirectOps.push_back(boolMD(C, true));
    TileOps.push_back(tupleOf(C, IndirectOps));
  }
  if (IndirectStride && !Scatters) {
    // A gathered element that lies in a written interval is read from that
    // slot: whole elements only.
    for (auto [I, S] : enumerate(Slots)) {
      if (!S.Written)
        continue;
      Value *Ends = B.CreateOr(Spans[I].first, Lengths[I]);
      Safe = B.CreateAnd(
          Safe,
          B.CreateICmpEQ(B.CreateAnd(Ends, B.getInt64(IndirectStride - 1)),
                         B.getInt64(0)));
    }
  }
  if (Precondition)
    Safe = B.CreateAnd(Safe, Precondition);
  Value *Fits = B.CreateAnd(B.CreateICmpULE(Used, B.getInt64(BufferBytes)),
                            Safe, "prem.fits");
  BranchInst *Version = B.CreateCondBr(Fits, LoadBB, GlobalBB);
  Version->setMetadata(TileMD, tupleOf(C, TileOps));
  return Version;
}

/// A kernel left alone: its record and its remark say why.
static bool recordRefusal(json::Object &Record, OptimizationRemarkEmitter &ORE,
                          BasicBlock *At, const Function &Kernel,
                          const std::string &Why) {
  Record["transformed"] = false;
  Record["reason"] = Why;
  ORE.emit([&] {
    const Instruction &First = *At->getFirstNonPHIOrDbg();
    return OptimizationRemarkMissed("prem", "NotTiled", remarkLocation(First),
                                    At)
           << "kernel " << Kernel.getName() << " not transformed: " << Why;
  });
  return false;
}

bool NestTiler::refuse(json::Object &Record, const std::string &Why) {
  return recordRefusal(Record, ORE, anchor(), *Nest.Kernel->Entry, Why);
}

/// Strip-mines the loop and versions each tile (see the file comment).
void NestTiler::transform(uint64_t Iterations) {
  LLVMContext &C = F.getContext();
  Type *I64 = Type::getInt64Ty(C), *I32 = Type::getInt32Ty(C);
  if (!L->getLoopPreheader())
    InsertPreheaderForLoop(L, &DT, &LI, nullptr, /*PreserveLCSSA=*/false);
  // (Recursively: a value of an inner loop used after the tiled one, a sum
  // stored after it, must leave through the tile latch too.)
  formLCSSARecursively(*L, DT, &LI, &SE);
  BasicBlock *Pre = L->getLoopPreheader(), *Header = L->getHeader(),
             *Latch = L->getLoopLatch(), *Exit = L->getUniqueExitBlock();
  SmallVector<BasicBlock *, 8> Body(L->blocks());
  SmallVector<PHINode *, 4> HeaderPhis;
  for (PHINode &Phi : Header->phis())
    HeaderPhis.push_back(&Phi);

  SCEVExpander Expander(SE, "prem");
  Instruction *PreEnd = Pre->getTerminator();
  Value *Trips = Expander.expandCodeFor(TripCount, I64, PreEnd);
  Value *TileSize = balancedTileSize(Trips, Iterations, PreEnd);
  StringMap<Value *> Params = expandParams(Expander, PreEnd->getIterator());
  if (TileDepth == 2) {
    // The footprint counts the depth-1 loop's iterations from 0.
    const SCEV *Iteration = SE.getAddRecExpr(SE.getZero(I64), SE.getOne(I64),
                                             Depth1Loop, SCEV::FlagNUW);
    Params["tile1_lb"] =
        Expander.expandCodeFor(Iteration, I64, PreEnd->getIterator());
  }

  auto NewBlock = [&](const Twine &Name) {
    return BasicBlock::Create(C, Name, &F, Exit);
  };
  BasicBlock *TileHead = NewBlock("prem.tile");
  BasicBlock *LoadBB = NewBlock("prem.load");
  BasicBlock *StoreBB = NewBlock("prem.store");
  BasicBlock *GlobalBB = NewBlock("prem.global");
  BasicBlock *TileLatch = NewBlock("prem.tile.latch");

  // The tile header: carried state, tile bounds, the byte intervals.
  IRBuilder<> B(TileHead);
  PHINode *Done = B.CreatePHI(I64, 2, "prem.done");
  PHINode *Index = B.CreatePHI(I32, 2, "prem.interval");
  SmallVector<PHINode *, 4> Carried;
  for (PHINode *Phi : HeaderPhis)
    Carried.push_back(B.CreatePHI(Phi->getType(), 2, Phi->getName() + ".tile"));
  Value *Left = B.CreateSub(Trips, Done);
  Value *N = B.CreateBinaryIntrinsic(Intrinsic::umin, Left, TileSize, nullptr,
                                     "prem.n");
  if (TileDepth) {
    // One SIMT iteration (the current one; at depth 2 also the current
    // iteration of the depth-1 loop), iterations Done.. of the tiled loop
    // (its dimension counts iterations from 0).
    if (teamTiles()) {
      Params["simt_n"] = B.getInt64(*Nest.Kernel->SIMT.BlockSize);
      Params["simt_lb"] = B.CreateSExtOrTrunc(TileLower, I64, "prem.lb");
    } else if (SIMTIV) {
      Params["simt_n"] = B.getInt64(1);
      Params["simt_lb"] = B.CreateSExtOrTrunc(SIMTIV, I64, "prem.lb");
    }
    Params[formatv("tile{0}_n", TileDepth).str()] = N;
    Params[formatv("tile{0}_lb", TileDepth).str()] = Done;
  } else {
    PHINode *IVTile = Carried[find(HeaderPhis, IV) - HeaderPhis.begin()];
    Params["simt_n"] = N;
    Params["simt_lb"] = B.CreateSExtOrTrunc(IVTile, I64, "prem.lb");
  }

  emitTileHeader(B, Params, Index, Iterations, LoadBB, GlobalBB);

  BranchInst::Create(Header, LoadBB);
  tagBlock(LoadBB, "load");
  BranchInst::Create(TileLatch, StoreBB);
  tagBlock(StoreBB, "store");

  // The scratchpad path: the loop, re-entered with the carried state, runs
  // the tile's iterations.
  SmallVector<Value *, 4> NextOf;
  for (auto [K, Phi] : enumerate(HeaderPhis)) {
    NextOf.push_back(Phi->getIncomingValueForBlock(Latch));
    Carried[K]->addIncoming(Phi->getIncomingValueForBlock(Pre), Pre);
    Phi->setIncomingValue(Phi->getBasicBlockIndex(Pre), Carried[K]);
    Phi->setIncomingBlock(Phi->getBasicBlockIndex(Pre), LoadBB);
  }
  PHINode *Count = PHINode::Create(I64, 2, "prem.k");
  Count->insertBefore(Header->begin());
  Count->addIncoming(B.getInt64(0), LoadBB);
  Instruction *OldBr = Latch->getTerminator();
  IRBuilder<> LB(OldBr);
  Value *CountNext = LB.CreateAdd(Count, LB.getInt64(1), "prem.k.next");
  Count->addIncoming(CountNext, Latch);
  LB.CreateCondBr(LB.CreateICmpEQ(CountNext, N), StoreBB, Header);
  OldBr->eraseFromParent();

  // Exit values of the loop become values of the tile latch.
  SmallVector<std::pair<PHINode *, Value *>, 4> ExitValues;
  for (PHINode &Phi : Exit->phis()) {
    int Idx = Phi.getBasicBlockIndex(Latch);
    if (Idx >= 0)
      ExitValues.push_back({&Phi, Phi.getIncomingValue(Idx)});
  }

  // The global path: a copy of the loop as it now is (state in, tile
  // bounds), entered from the global block and leaving to the tile latch.
  ValueToValueMapTy VMap;
  cloneBlocks(Body, ".global", {{LoadBB, GlobalBB}, {StoreBB, TileLatch}},
              VMap);
  BranchInst::Create(cast<BasicBlock>(VMap[Header]), GlobalBB);
  tagBlock(GlobalBB, "global");
  BasicBlock *LatchCopy = cast<BasicBlock>(VMap[Latch]);

  // The tile latch merges the two paths and moves to the next tile.
  B.SetInsertPoint(TileLatch);
  auto Merge = [&](Value *V, const Twine &Name) -> Value * {
    auto *I = dyn_cast<Instruction>(V);
    if (!I || !L->contains(I))
      return V;
    PHINode *Phi = B.CreatePHI(V->getType(), 2, Name);
    Phi->addIncoming(V, StoreBB);
    Phi->addIncoming(VMap[V], LatchCopy);
    return Phi;
  };
  for (auto [K, Phi] : enumerate(HeaderPhis))
    Carried[K]->addIncoming(Merge(NextOf[K], Phi->getName() + ".next"),
                            TileLatch);
  for (auto &[Phi, V] : ExitValues) {
    Value *M = Merge(V, Phi->getName() + ".tile");
    int Idx = Phi->getBasicBlockIndex(Latch);
    Phi->setIncomingValue(Idx, M);
    Phi->setIncomingBlock(Idx, TileLatch);
  }
  Value *DoneNext = B.CreateAdd(Done, N, "prem.done.next");
  Done->addIncoming(B.getInt64(0), Pre);
  Done->addIncoming(DoneNext, TileLatch);
  Index->addIncoming(B.getInt32(0), Pre);
  Index->addIncoming(B.CreateAdd(Index, B.getInt32(1)), TileLatch);
  B.CreateCondBr(B.CreateICmpEQ(DoneNext, Trips), Exit, TileHead);
  tagBlock(TileLatch, "end");
  Pre->getTerminator()->replaceSuccessorWith(Header, TileHead);

  // The interval code is mostly constants for fixed sizes: fold it now that
  // every phi is complete (the contract's freeze values stay).
  const SimplifyQuery SQ(F.getDataLayout());
  for (Instruction &I : make_early_inc_range(*TileHead)) {
    if (isa<FreezeInst>(I) || isa<PHINode>(I))
      continue;
    if (Value *V = simplifyInstruction(&I, SQ)) {
      I.replaceAllUsesWith(V);
      I.eraseFromParent();
    }
  }
  for (Instruction &I : make_early_inc_range(reverse(*TileHead)))
    if (!isa<FreezeInst>(I) && isInstructionTriviallyDead(&I))
      I.eraseFromParent();

  tagAccesses();
}

/// The tile size for a loop of Trips iterations (computed at At, before it):
/// Iterations, or with BalanceChunks the size that cuts Trips into as many
/// tiles as Iterations would, as equal as can be (balanceTiles), rounded up
/// to a multiple of 4 where that is still at most Iterations. Fewer
/// iterations than Iterations fit too: a tile's bytes never grow as it
/// shrinks, and every tile checks its fit.
Value *NestTiler::balancedTileSize(Value *Trips, uint64_t Iterations,
                                   Instruction *At) {
  IRBuilder<> B(At);
  if (!BalanceChunks)
    return B.getInt64(Iterations);
  // (At least one tile: the loop runs at least once where it is entered.)
  Value *Tiles = B.CreateBinaryIntrinsic(
      Intrinsic::umax,
      B.CreateUDiv(B.CreateAdd(Trips, B.getInt64(Iterations - 1)),
                   B.getInt64(Iterations)),
      B.getInt64(1), nullptr, "prem.tiles");
  Value *Even = B.CreateUDiv(
      B.CreateAdd(Trips, B.CreateSub(Tiles, B.getInt64(1))), Tiles);
  Value *Rounded =
      B.CreateAnd(B.CreateAdd(Even, B.getInt64(3)), B.getInt64(~uint64_t(3)));
  return B.CreateSelect(B.CreateICmpULE(Rounded, B.getInt64(Iterations)),
                        Rounded, Even, "prem.size");
}

/// The nest's runtime values (simt_lb aside: each tile has its own), as i64
/// at At.
StringMap<Value *> NestTiler::expandParams(SCEVExpander &Expander,
                                           BasicBlock::iterator At) {
  StringMap<Value *> Params;
  Type *I64 = Type::getInt64Ty(F.getContext());
  for (auto &[Name, S] : Nest.Params)
    if (Name != "simt_lb")
      Params[Name] =
          Expander.expandCodeFor(SE.getTruncateOrSignExtend(S, I64), I64, At);
  return Params;
}

void NestTiler::tagBlock(BasicBlock *BB, StringRef What) {
  LLVMContext &C = F.getContext();
  BB->getTerminator()->setMetadata(
      BlockMD, tupleOf(C, {i32MD(C, Id), MDString::get(C, What)}));
}

/// Only the scratchpad path's accesses are rewritten by prem-les.
void NestTiler::tagAccesses() {
  LLVMContext &C = F.getContext();
  for (auto &[I, Slot] : SlotOf)
    const_cast<Instruction *>(I)->setMetadata(
        ArrayMD, tupleOf(C, {i32MD(C, Id), i32MD(C, Slot)}));
}

/// GPU: the code after the bounds of the team's chunk are known (OpenMP), or
/// from the kernel's first memory access on (CUDA), is versioned once:
/// scratchpad path (Load, the unchanged code with its accesses tagged, Store)
/// or global path (a copy). All threads of the block take the same path: the
/// check depends only on the block and the kernel's arguments.
void NestTiler::transformBlockTile() {
  LLVMContext &C = F.getContext();
  Type *I64 = Type::getInt64Ty(C);
  Instruction *Start =
      ThreadBlock ? RegionStart : Nest.Kernel->SIMT.WorksharingCall;
  BasicBlock *Entry = Start->getParent();
  if (!ThreadBlock) {
    // __kmpc_for_static_init rewrites the bounds it is handed in place:
    // each stripped copy of the region that asks for them again (prem-les)
    // must hand them over as they were.
    auto *Init = cast<CallBase>(Start);
    for (unsigned ArgNo = 3; ArgNo <= 6; ++ArgNo)
      if (Value *V = storedBefore(Init, ArgNo)) {
        auto *St =
            new StoreInst(V, Init->getArgOperand(ArgNo), Init->getIterator());
        if (Start == Init)
          Start = St;
      }
  }
  BasicBlock *Exit =
      ReturnBlock->splitBasicBlock(ReturnBlock->getTerminator(), "prem.exit");
  BasicBlock *Rest =
      Entry->splitBasicBlock(Start->getIterator(), "prem.region");
  // (The return block may have been the entry: take the block before the
  // exit after both splits.)
  BasicBlock *Last = Exit->getSinglePredecessor();
  SmallVector<BasicBlock *, 16> Body;
  for (BasicBlock &BB : F)
    if (&BB != Entry && &BB != Exit)
      Body.push_back(&BB);
  auto NewBlock = [&](const Twine &Name, BasicBlock *Before) {
    return BasicBlock::Create(C, Name, &F, Before);
  };
  BasicBlock *LoadBB = NewBlock("prem.load", Rest);
  BasicBlock *GlobalBB = NewBlock("prem.global", Exit);
  BasicBlock *StoreBB = NewBlock("prem.store", Exit);
  BranchInst::Create(Rest, LoadBB);
  BranchInst::Create(Exit, StoreBB);
  Last->getTerminator()->replaceSuccessorWith(Exit, StoreBB);

  // The global path: the region's code as it was, leaving to the exit.
  ValueToValueMapTy VMap;
  cloneBlocks(Body, ".global", {{StoreBB, Exit}}, VMap);
  BranchInst::Create(cast<BasicBlock>(VMap[Rest]), GlobalBB);

  // Code goes before the old branch (the expander needs an instruction to
  // insert before), which the version branch then replaces.
  Instruction *OldBranch = Entry->getTerminator();
  SCEVExpander Expander(SE, "prem");
  StringMap<Value *> Params = expandParams(Expander, OldBranch->getIterator());
  IRBuilder<> B(OldBranch);
  if (ThreadBlock) {
    Value *Threads =
        B.CreateIntrinsic(Intrinsic::nvvm_read_ptx_sreg_ntid_x, {});
    Value *Check = emitFullBlockCheck(B, Threads);
    if (!Nest.Kernel->SIMT.BlockSize)
      Params["ntid"] = B.CreateZExt(Threads, I64);
    Value *Block = B.CreateIntrinsic(Intrinsic::nvvm_read_ptx_sreg_ctaid_x, {});
    emitTileHeader(B, Params, Block, 0, LoadBB, GlobalBB, Check);
  } else {
    // An empty chunk still runs the phases (every thread meets every
    // barrier); its intervals are empty.
    auto [Lower, N] = emitTeamChunk(B);
    Params["simt_lb"] = Lower;
    Params["simt_n"] = N;
    Value *Interval = B.CreateTrunc(Lower, B.getInt32Ty());
    Value *Precondition = nullptr;
    if (IndirectStride) {
      // The gathered elements' slot has room for one iteration per thread
      // of a block of the size the kernel states.
      Value *Threads = B.CreateZExt(blockThreads(B), I64);
      Value *Sized = B.CreateICmpEQ(Threads, B.getInt64(IndirectThreads));
      Value *OneEach = B.CreateICmpULE(N, Threads);
      Precondition = B.CreateAnd(Sized, OneEach);
    }
    emitTileHeader(B, Params, Interval, 0, LoadBB, GlobalBB, Precondition);
  }
  OldBranch->eraseFromParent();

  tagBlock(LoadBB, "load");
  tagBlock(StoreBB, "store");
  tagBlock(GlobalBB, "global");
  tagBlock(Exit, "end");
  tagAccesses();
}

std::pair<Value *, Value *> NestTiler::emitTeamChunk(IRBuilder<> &B) const {
  Type *I64 = B.getInt64Ty();
  Value *Lower = B.CreateSExtOrTrunc(TileLower, I64, "prem.lb");
  Value *Upper = B.CreateSExtOrTrunc(TileUpper, I64, "prem.ub");
  if (auto GU = Nest.Kernel->SIMT.GlobalUpper)
    Upper = B.CreateBinaryIntrinsic(Intrinsic::smin, Upper, B.getInt64(*GU));
  Value *N = B.CreateBinaryIntrinsic(
      Intrinsic::smax, B.CreateAdd(B.CreateSub(Upper, Lower), B.getInt64(1)),
      B.getInt64(0), nullptr, "prem.n");
  return {Lower, N};
}

Value *NestTiler::blockThreads(IRBuilderBase &B) const {
  if (Triple(F.getParent()->getTargetTriple()).isAMDGPU())
    return B.CreateCall(F.getParent()->getOrInsertFunction(
        "__kmpc_get_hardware_num_threads_in_block", B.getInt32Ty()));
  return B.CreateIntrinsic(Intrinsic::nvvm_read_ptx_sreg_ntid_x, {});
}

/// Versions the code from Start on, where every thread of the block is, on
/// the condition Full emits there: the tiles' code where it holds, else a
/// copy of the original code, which prem-sync runs in one memory phase
/// numbered by Number (a compatible interval, Sec. 3.2.3, as a block
/// tile's global path is). Returns the first block of the tiles' code.
BasicBlock *
NestTiler::versionPartial(Instruction *Start,
                          function_ref<Value *(IRBuilder<> &)> Number,
                          function_ref<Value *(IRBuilder<> &)> Full) {
  BasicBlock *Entry = Start->getParent();
  BasicBlock *Rest =
      Entry->splitBasicBlock(Start->getIterator(), "prem.region");
  ReturnBlock = uniqueReturnBlock(F);
  SmallVector<BasicBlock *, 16> Body;
  for (BasicBlock &BB : F)
    if (&BB != Entry)
      Body.push_back(&BB);
  ValueToValueMapTy VMap;
  cloneBlocks(Body, ".partial", {}, VMap);
  auto *Partial = cast<BasicBlock>(VMap[Rest]);
  Instruction *OldBranch = Entry->getTerminator();
  IRBuilder<> B(OldBranch);
  LLVMContext &C = F.getContext();
  auto *Interval =
      cast<Instruction>(B.CreateFreeze(Number(B), "prem.partial.interval"));
  Interval->setMetadata(ValueMD, tupleOf(C, {i32MD(C, Id), i32MD(C, -1),
                                             MDString::get(C, "partial")}));
  B.CreateCondBr(Full(B), Rest, Partial);
  OldBranch->eraseFromParent();
  tagBlock(Partial, "partial");
  tagBlock(cast<BasicBlock>(VMap[ReturnBlock]), "partial-end");
  // The loops keep their blocks; the copies are in none (nothing asks).
  DT.recalculate(F);
  return Rest;
}

/// A team's inner tiles run where each thread has one iteration of the
/// chunk (teamTileLegality): the region is versioned once, before
/// __kmpc_for_static_init, on a full chunk and a block of the stated size.
/// Other chunks (the loop's last, a smaller block) run the original code.
void NestTiler::versionTeamChunk() {
  versionPartial(
      Nest.Kernel->SIMT.WorksharingCall,
      [&](IRBuilder<> &B) {
        return B.CreateSExtOrTrunc(TileLower, B.getInt32Ty());
      },
      [&](IRBuilder<> &B) {
        Value *N = emitTeamChunk(B).second;
        Value *Size = B.getInt64(*Nest.Kernel->SIMT.BlockSize);
        Value *Threads = B.CreateZExt(blockThreads(B), B.getInt64Ty());
        Value *FullBlock = B.CreateICmpEQ(Threads, Size);
        Value *FullChunk = B.CreateICmpEQ(N, Size);
        return B.CreateAnd(FullChunk, FullBlock, "prem.full");
      });
}

/// A thread block's inner tiles run where every thread of the block passes
/// the bounds guard: the kernel is versioned once, before its first memory
/// access, on that (the other blocks run the original code).
void NestTiler::versionThreadBlock() {
  BasicBlock *Entry = RegionStart->getParent();
  BasicBlock *Rest = versionPartial(
      RegionStart,
      [](IRBuilder<> &B) {
        return B.CreateIntrinsic(Intrinsic::nvvm_read_ptx_sreg_ctaid_x, {});
      },
      [&](IRBuilder<> &B) {
        return emitFullBlockCheck(
            B, B.CreateIntrinsic(Intrinsic::nvvm_read_ptx_sreg_ntid_x, {}));
      });
  ScratchpadStart = BodyStart == Entry ? Rest : BodyStart;
}

Value *NestTiler::emitFullBlockCheck(IRBuilder<> &B, Value *Threads) {
  const SIMTInfo &SIMT = Nest.Kernel->SIMT;
  auto Read = [&](Intrinsic::ID ID) { return B.CreateIntrinsic(ID, {}); };
  // Accesses do not depend on y and z (the footprint refuses those), but the
  // runtime's copies split the work over x alone.
  Value *FlatZ =
      B.CreateICmpEQ(Read(Intrinsic::nvvm_read_ptx_sreg_ntid_z), B.getInt32(1));
  Value *FlatY =
      B.CreateICmpEQ(Read(Intrinsic::nvvm_read_ptx_sreg_ntid_y), B.getInt32(1));
  Value *Full = B.CreateAnd(FlatY, FlatZ);
  // The footprint is for the block size the kernel states: a smaller block
  // would make intervals reach past its data.
  if (SIMT.BlockSize)
    Full =
        B.CreateAnd(Full, B.CreateICmpEQ(Threads, B.getInt32(*SIMT.BlockSize)));
  if (!Guard)
    return Full;
  // The guard, at the block's first and last thread.
  SCEVExpander Expander(SE, "prem");
  for (bool First : {true, false}) {
    ValueToSCEVMapTy Map;
    for (Value *Tid : SIMT.ThreadIndexReads)
      Map[Tid] = First
                     ? SE.getZero(Tid->getType())
                     : SE.getMinusSCEV(SE.getTruncateOrZeroExtend(
                                           SE.getSCEV(Threads), Tid->getType()),
                                       SE.getOne(Tid->getType()));
    auto Side = [&](unsigned Op) {
      Value *V = Guard->getOperand(Op);
      return Expander.expandCodeFor(
          SCEVParameterRewriter::rewrite(SE.getSCEV(V), SE, Map), V->getType(),
          B.GetInsertPoint());
    };
    Value *Passes = B.CreateICmp(Guard->getPredicate(), Side(0), Side(1));
    if (GuardInverted)
      Passes = B.CreateNot(Passes);
    Full = B.CreateAnd(Full, Passes);
  }
  return Full;
}

PreservedAnalyses PremTilePass::run(Module &M, ModuleAnalysisManager &MAM) {
  if (!isDeviceModule(M))
    return PreservedAnalyses::all();
  const FootprintInfo &FI = MAM.getResult<FootprintAnalysis>(M);
  const TilingInfo &TI = MAM.getResult<TilingAnalysis>(M);
  auto &FAM = MAM.getResult<FunctionAnalysisManagerModuleProxy>(M).getManager();
  Triple T(M.getTargetTriple());
  bool GPU = T.isNVPTX() || T.isAMDGPU();
  uint64_t Budget = scratchpadBudget(M);
  TransformRecords &Records = MAM.getResult<TransformRecordsAnalysis>(M);
  SmallPtrSet<Function *, 4> Changed;
  for (auto [Id, Nest] : enumerate(FI.Nests)) {
    json::Object Record{{"kernel", Nest.Kernel->Entry->getName()}};
    // CUDA block tiles ran on an H100 (bench/gpu); OpenMP ones (NVPTX and
    // AMDGPU) have not run on a GPU yet, so they stay behind the option.
    // Thread-index kernels on AMDGPU (HIP) would need the block checks in
    // AMDGPU's registers.
    bool ThreadIndexKernel = Nest.Kernel->Kind == KernelKind::CUDA;
    bool BlockTile =
        (T.isNVPTX() || (T.isAMDGPU() && !ThreadIndexKernel)) &&
        (GPUTiles.getNumOccurrences() ? bool(GPUTiles) : ThreadIndexKernel);
    if (GPU && !BlockTile) {
      std::string Why =
          T.isAMDGPU() && ThreadIndexKernel
              ? "AMDGPU thread-index kernels are not tiled yet"
          : T.isAMDGPU() ? "GPU tiles are off (-prem-gpu-tiles turns them "
                           "on; they are not yet validated on a GPU)"
          : ThreadIndexKernel
              ? "GPU tiles are off (-prem-gpu-tiles=false)"
              : "GPU tiles are off (-prem-gpu-tiles turns them on; they are "
                "not yet validated on a GPU)";
      if (Function *F = Nest.Kernel->SIMT.Region) {
        recordRefusal(Record,
                      FAM.getResult<OptimizationRemarkEmitterAnalysis>(*F),
                      &F->getEntryBlock(), *Nest.Kernel->Entry, Why);
      } else {
        Record["transformed"] = false;
        Record["reason"] = Why;
      }
    } else if (!Nest.Region || Changed.count(Nest.Region)) {
      Record["transformed"] = false;
      Record["reason"] = Nest.Region ? "one tiled loop per function"
                                     : "no function holds the kernel's work";
    } else {
      NestTiler Tiler(Nest, TI.lookup(Nest), Id, Budget, FI.ctx(), FAM,
                      BlockTile);
      if (Tiler.run(Record))
        Changed.insert(Nest.Region);
    }
    Records.Tiles.push_back(std::move(Record));
  }
  if (Changed.empty())
    return PreservedAnalyses::all();
  for (Function *F : Changed) {
    // What the optimizer inferred of the function no longer holds: its tiles
    // will touch the scratchpad and call the runtime, which synchronises.
    F->setMemoryEffects(MemoryEffects::unknown());
    F->removeFnAttr(Attribute::NoSync);
    FAM.invalidate(*F, PreservedAnalyses::none());
  }
  return PreservedAnalyses::none();
}
