//===- NestTiler.h - Tiling one SIMT loop nest ------------------*- C++ -*-===//
//
// prem-tile's state for one worksharing loop or kernel (the file header of
// PremTile.cpp says what a tile is). Its work is in one file per job:
//   TileLegality.cpp      what can be tiled, and why not (no IR change);
//   SlotPlanner.cpp       the slots, their transfers, the tile size;
//   StripMineRewriter.cpp host offload and inner tiles: the loop strip-mined,
//                         each tile's header, Load/Execute/Store contract;
//   BlockTileRewriter.cpp a CUDA block or an OpenMP team's chunk as the tile;
//   TileRecord.cpp        the report record and remarks of a tiled loop;
//   TilingPlan.cpp        the prem-tiling analysis: a NestTiler per nest,
//                         decided (legality and plan, no IR change);
//   PremTile.cpp          the pass: rewrites each decided NestTiler.
//
//===----------------------------------------------------------------------===//

#ifndef PREM_TRANSFORMS_TILE_NESTTILER_H
#define PREM_TRANSFORMS_TILE_NESTTILER_H

#include "prem/Analysis/Footprint.h"
#include "prem/Analysis/KernelInfo.h"
#include "prem/Analysis/TilingPlan.h"
#include "prem/Support/IslCodegen.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/PassManager.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Transforms/Utils/ScalarEvolutionExpander.h"

#include <memory>
#include <optional>
#include <string>

namespace llvm {
class PostDominatorTree;
} // namespace llvm

namespace prem::tile {
using namespace llvm;

/// Scratchpad slots start on this boundary (a cache line on the host, a
/// 128-byte shared-memory row on NVIDIA GPUs would be the same idea).
inline constexpr uint64_t SlotAlign = 64;

/// The function's return block when it has exactly one.
BasicBlock *uniqueReturnBlock(Function &F);
/// The blocks reachable from From without passing Stop, in function order.
SmallVector<BasicBlock *, 16> blocksFrom(Function &F, BasicBlock *From,
                                         BasicBlock *Stop);
/// The value stored to the memory a pointer argument of Call points to, in
/// Call's block before it.
Value *storedBefore(CallBase *Call, unsigned ArgNo);

/// S is not negative: what SCEV knows to be so, or sums and products of
/// the special registers (blockIdx.x * blockDim.x) and non-negative
/// constants, as the footprint assumes narrow index arithmetic does not
/// wrap.
bool registersNonNegative(const SCEV *S, ScalarEvolution &SE);

/// The branch that skips L to its exit or enters it (its preheader, or its
/// header), if any.
BranchInst *loopGuard(const Loop &L);
/// L's guard when it tests exactly whether L runs its first iteration.
/// InModel: as the footprint models the trip count, whose casts of index
/// math (17 bits or more) are their operands under the no-wrap assumption
/// it records (for (j = 0; j <= i; j++) guarded by i >= 0, its trip count
/// zext(i + 1); for (k = 0; k < m; k++) guarded by m > 0, m passed as 64
/// bits, zext(trunc(m) to i31)).
BranchInst *firstTripGuard(const Loop &L, ScalarEvolution &SE,
                           bool InModel = false);

/// A comparison of a CUDA kernel's bounds guard: a thread runs the body
/// when it is true (false when Inverted).
struct GuardTest {
  ICmpInst *Cmp = nullptr;
  bool Inverted = false;
};

/// One worksharing loop and everything needed to tile it.
class NestTiler {
public:
  NestTiler(const NestFootprint &Nest, unsigned Id, uint64_t Budget,
            isl::ctx Ctx, FunctionAnalysisManager &FAM, bool BlockTile)
      : Nest(Nest), Id(Id), Budget(Budget), BufferBytes(Budget),
        Ctx(Ctx), BlockTile(BlockTile), F(*Nest.Region), FAM(FAM),
        DT(FAM.getResult<DominatorTreeAnalysis>(F)),
        LI(FAM.getResult<LoopAnalysis>(F)),
        SE(FAM.getResult<ScalarEvolutionAnalysis>(F)),
        ORE(FAM.getResult<OptimizationRemarkEmitterAnalysis>(F)) {}

  /// Decides the tile (legality, then the plan, deeper loops where the
  /// loop cannot be tiled; no IR change): the reasons when none can be, and
  /// the record of what was decided (TilingPlan.cpp).
  Refusal decideTile(json::Object &Record);
  /// The loop cut and the iterations of it one tile holds, as decided.
  unsigned depth() const { return TileDepth; }
  uint64_t iterations() const { return TileIterations; }
  /// Rewrites the loop as decided and emits its remarks (PremTile.cpp).
  void rewrite();
  /// Leaves the loop alone: the record and the remark say why.
  void refuse(json::Object &Record, const Refusal &Why);
  /// Where remarks about the kernel point.
  BasicBlock *anchor() const {
    return Nest.Kernel->SIMT.LoopHeader ? Nest.Kernel->SIMT.LoopHeader
                                        : &F.getEntryBlock();
  }

private:
  const NestFootprint &Nest;
  unsigned Id;
  uint64_t Budget;
  /// The scratchpad buffer the tiles use: what the largest tile needs when
  /// that is known (a GPU block's shared memory is scarce), else the budget.
  uint64_t BufferBytes;
  isl::ctx Ctx;
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
  /// BlockTile: the function's one return block; once closeTeamRegion has
  /// closed the region (RegionClosed), the region's end, which branches to
  /// it.
  BasicBlock *ReturnBlock = nullptr;
  bool RegionClosed = false;
  /// BlockTile of a thread-index (CUDA) kernel: the block is the tile. The
  /// versioned code starts at RegionStart; BodyStart is the first block every
  /// thread of a full block runs, after the bounds guard (if (i < n)) when
  /// the kernel has one, and Guards the comparisons it is made of: one, or
  /// the leaves of an && (an || when the guard returns on true: if (i <= 0
  /// || i >= n - 1) return;).
  bool ThreadBlock = false;
  Instruction *RegionStart = nullptr;
  BasicBlock *BodyStart = nullptr;
  /// After versionThreadBlock: the first block of the scratchpad path.
  BasicBlock *ScratchpadStart = nullptr;
  SmallVector<GuardTest, 2> Guards;
  /// A comparison of Guards relates two thread dimensions (j <= i over a
  /// 2-D block): the full-block check then tests every corner of the block.
  bool GuardRelatesDimensions = false;
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
    std::shared_ptr<const IntervalLength> Length;
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
    std::shared_ptr<const IntervalLength> Rows, Columns;
  };
  SmallVector<Slot, 4> Slots;
  /// Slot of every memory access of the loop.
  DenseMap<const Instruction *, unsigned> SlotOf;

  Refusal legality();
  Refusal innerLegality(unsigned Depth);
  Refusal stripMineLegality();
  const SmallVectorImpl<std::string> &
  accessBytes(const ArrayFootprint &A) const {
    return TileDepth ? A.InnerTileAccessBytes[TileDepth - 1]
                     : A.TileAccessBytes;
  }
  const std::string &writeBytes(const ArrayFootprint &A) const {
    return TileDepth ? A.InnerTileWriteBytes[TileDepth - 1] : A.TileWriteBytes;
  }
  Refusal blockTileLegality();
  bool reachedByWholeTeam(BasicBlock &BB) const;
  Refusal guardedRegionShape(BasicBlock &Start) const;
  void closeTeamRegion();
  Refusal threadBlockLegality();
  Refusal blockUniformLegality();
  /// OpenMP on a GPU, when the team's chunk does not fit (seed 001,
  /// Algorithm 2, lines 8-12, in the paper's own setting): the block's
  /// threads run the tiles of an inner loop together, each its one
  /// iteration of a full chunk (versionTeamChunk), as a CUDA block does.
  bool teamTiles() const { return BlockTile && !ThreadBlock && TileDepth; }
  Refusal teamTileLegality();
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
    /// Inner's guard (firstTripGuard), which may skip it: the stretch
    /// before ends at the guard, the one after starts on its skip too.
    BranchInst *Guard = nullptr;
  };
  SmallVector<OutsideStretch, 2> Outside;
  Refusal outsideLegality(Loop *Tiled);
  void placeCompatibleIntervals();
  Refusal accessLegality(Instruction *ExpandAt);
  Refusal rowLegality(const ArrayFootprint &A, const StringSet<> &Known);
  /// Conditions on the tile's parameters under which the columns of a
  /// virtual layout lie in their rows (rowLegality), checked by every tile.
  SmallVector<ByteIntervalExprs, 1> ColumnChecks;
  /// Their conditions, as constraints (" and (...)") of tileBounds().
  std::string ColumnBounds;
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
  bool runsUnconditionally(const BasicBlock *BB,
                           const PostDominatorTree *PDT) const;
  bool runsExactlyUnder(const AffineAccess &Acc, BasicBlock *BB) const;
  /// Whether BB runs on every iteration of In: it dominates In's latch, or
  /// does once the edges the footprint proves never taken
  /// (NestFootprint::NeverTaken) are left out.
  bool runsEveryIteration(const BasicBlock *BB, const Loop *In) const;
  /// The footprint's NestLoop::EntryTest of In, if any.
  const BranchInst *entryTest(const Loop &In) const;
  /// The launch conditions under which a thread block's footprint is what
  /// the analysis computed: the block has the threads it assumed, 1-D, and
  /// every thread passes the bounds guard.
  Value *emitFullBlockCheck(IRBuilder<> &B, Value *Threads);
  Value *blockNumber(IRBuilder<> &B) const;
  bool allThreadsRunRegion() const;
  std::string paramNames() const;
  std::string guardConstraint(const GuardTest &G) const;
  std::string rowLengthBounds() const;
  std::string sizeBasis() const;
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
  Refusal indirectLegality(ArrayRef<BasicBlock *> Blocks);
  std::optional<uint64_t> indirectBytes(uint64_t Iterations) const;
  Refusal chooseIterations(uint64_t &Iterations, json::Object &Record);
  void transform(uint64_t Iterations);
  Value *balancedTileSize(Value *Trips, uint64_t Iterations, Instruction *At);
  void transformBlockTile();
  void versionThreadBlock();
  BasicBlock *versionPartial(Instruction *Start,
                             function_ref<Value *(IRBuilder<> &)> Number,
                             function_ref<Value *(IRBuilder<> &)> Full);
  /// The footprint's first reason for not being exact.
  Refusal notExact() const {
    return {Refusal::NotExact,
            "the footprint is not exact: " + Nest.Reasons.front().Message};
  }
  /// Legality and plan, deeper loops when the loop cannot be tiled; the
  /// reasons when none can (PremTile.cpp).
  Refusal decide(uint64_t &Iterations, json::Object &Record);
  void startAttempt();
  /// The iterations of the tiled loop per tile, once decided.
  uint64_t TileIterations = 0;
  /// The record of the decided tile, and its remarks once it is rewritten
  /// (TileRecord.cpp).
  void record(json::Object &Record) const;
  void remark();
  json::Array recordArrays() const;
  json::Object recordIndirect() const;
  void remarkIndirect();
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

} // namespace prem::tile

#endif // PREM_TRANSFORMS_TILE_NESTTILER_H
