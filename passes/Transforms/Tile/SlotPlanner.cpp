//===- SlotPlanner.cpp - Slots, transfers and the tile size ---------------===//
//
// Per array, the scratchpad slot a tile uses and how it is moved (seed
// 003's 1-D interval or 2-D transfer), and the largest tile whose slots fit
// the scratchpad (seed 001, Algorithm 2 with Equation 1), balanced over the
// loop's trip count.
//
//===----------------------------------------------------------------------===//

#include "NestTiler.h"
#include "prem/Support/IslSet.h"
#include "prem/Transforms/PremTile.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Debug.h"
#include "llvm/Support/MathExtras.h"

#define DEBUG_TYPE "prem-tile"

using namespace llvm;
using namespace prem;
using namespace prem::tile;

static cl::opt<uint64_t> ForcedIterations(
    "prem-tile-iterations", cl::value_desc("n"),
    cl::desc("SIMT iterations per PREM tile instead of the largest that fits "
             "(smaller only; for tests and experiments)"),
    cl::init(0));

/// Most SIMT iterations tried for one tile when the loop's length is unknown.
static constexpr uint64_t MostIterations = uint64_t(1) << 20;

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
  S.Length = IntervalLength::get(Ctx, S.Sets, tilesWithinLoops());
  // A virtual layout moves only by rows: no interval code (its bytes are not
  // the array's).
  const ArrayFootprint &A = Nest.Arrays[S.Array];
  if (!A.VirtualRowBytes) {
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
  }
  chooseTransfer(S, Context, Known);
  if (A.VirtualRowBytes && !S.Pitch)
    return "runtime row length " + A.RowLength +
           ": no 2-D transfer of the tile's rows";
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
  // A virtual layout (runtime row length) has no interval in memory: its
  // rows, VirtualRowBytes apart in its byte sets, are the only transfer.
  bool Virtual = A.VirtualRowBytes != 0;
  auto Interval = S.Length->largest(One);
  if ((!Interval && !Virtual) || (S.Written && !Nest.Gathers.empty()))
    return;
  // An inner tile whose iterations are rows (val[k][i] in a tile of k, a
  // thread block on i) saves nothing in one iteration, whose row is its
  // interval, and most in the whole loop: a rectangle that saves half in
  // either is kept (preferIntervals judges it again at the tile's size).
  // (Worked out only for a pitch that fails at one iteration.)
  std::optional<std::string> Whole;
  std::optional<uint64_t> WholeInterval;
  auto SavesHalfOfWhole = [&](const IntervalLength &Rows,
                              const IntervalLength &Columns, uint64_t Align) {
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
  if (Virtual)
    Pitches.insert(A.VirtualRowBytes);
  for (const AffineAccess &Acc : A.Accesses) {
    if (!is_contained(S.Insts, Acc.Inst))
      continue;
    Align = std::max<uint64_t>(Align, getLoadStoreAlignment(Acc.Inst).value());
    if (Virtual)
      continue;
    for (const AffineSubscript &Sub : Acc.Subscripts) {
      for (int64_t C : Sub.DimCoeffs)
        if (C)
          Pitches.insert(uint64_t(std::abs(C)) * A.GranuleBytes);
      for (int64_t C : Sub.FloorStrides)
        Pitches.insert(uint64_t(std::abs(C)) * A.GranuleBytes);
    }
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
    auto Rows = IntervalLength::get(Ctx, RowSets, Bounds);
    auto Columns = IntervalLength::get(Ctx, ColumnSets, Bounds);
    // (A virtual layout's rows may be unbounded in one iteration, as an
    // interval may be: the tile-size search then looks deeper.)
    auto R = Rows->largest(One), W = Columns->largest(One);
    if ((!R || !W) && !Virtual)
      continue;
    uint64_t Bytes = R && W ? *R * alignTo(*W, Align) : UINT64_MAX;
    if (!Virtual && Bytes > *Interval / 2 &&
        !SavesHalfOfWhole(*Rows, *Columns, Align))
      continue;
    // An unclipped best that moves no more bytes wins whether or not this
    // one is clipped: spare the containment test (isl's costliest here).
    if (Best && !Best->first && Bytes >= Best->second)
      continue;
    std::pair<bool, uint64_t> Cost{
        !rectangleWithinInterval(Ctx, Touched, Pitch, Bounds), Bytes};
    // (A clipped rectangle's first and last rows are cut at the interval's
    // ends, which a virtual layout does not have in memory.)
    if ((Best && Cost >= *Best) || (Virtual && Cost.first))
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
    if (Nest.Arrays[S.Array].VirtualRowBytes)
      continue;
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
  SmallVector<std::string, 4> Names{tileparam::SIMTCount.str(),
                                    tileparam::SIMTLower.str()};
  for (auto &[Name, S] : Nest.Params)
    if (Name != tileparam::SIMTLower)
      Names.push_back(Name);
  if (TileDepth == 1)
    append_range(Names, ArrayRef<std::string>{tileparam::Tile1Count.str(),
                                              tileparam::Tile1Lower.str()});
  if (TileDepth == 2)
    append_range(Names, ArrayRef<std::string>{tileparam::Tile1Lower.str(),
                                              tileparam::Tile2Count.str(),
                                              tileparam::Tile2Lower.str()});
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
  Cs += rowLengthBounds();
  Cs += ColumnBounds;
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

/// What the scratchpad path checks at run time of an array in a virtual
/// layout: its row length n is at least one element and at most
/// MaxRowBytes, so that a row's bytes stay below VirtualRowBytes.
std::string NestTiler::rowLengthBounds() const {
  std::string Cs;
  for (const ArrayFootprint &A : Nest.Arrays)
    if (A.VirtualRowBytes)
      Cs += formatv(" and 1 <= {0} and {1}*{0} <= {2}", A.RowLength,
                    A.ElementBytes, ArrayFootprint::MaxRowBytes)
                .str();
  return Cs;
}

/// What a size in a NoFit reason is of: a slot of an array in a virtual
/// layout is as large as its rows are for the longest row length the tile
/// accepts (the row length is a runtime value).
std::string NestTiler::sizeBasis() const {
  bool Runtime = any_of(Slots, [&](const Slot &S) {
    return Nest.Arrays[S.Array].VirtualRowBytes != 0;
  });
  return Runtime ? "byte intervals, rows of the longest runtime row length"
                 : "byte intervals";
}

std::string NestTiler::tilesWithinLoops() const {
  return paramNames() + " -> { : " + tileBounds() + " }";
}

/// Parameter S (extensions stripped, as Affinator::param does) is V, V
/// sign-extended (or zero-extended, not negative), or V truncated: equal,
/// as the footprint assumes index arithmetic does not wrap.
static bool sameParameter(const SCEV *S, const SCEV *V, ScalarEvolution &SE) {
  V = parameterValue(V, SE);
  if (S == V)
    return true;
  unsigned SBits = S->getType()->getScalarSizeInBits(),
           VBits = V->getType()->getScalarSizeInBits();
  return SBits > VBits && SE.getTruncateExpr(S, V->getType()) == V;
}

/// A thread-index kernel's bounds guard as a constraint on its tiles: every
/// thread of a tiled block passes it (emitFullBlockCheck), so a guard
/// `p + tid < n` (p the block's offset, a parameter of the footprint; n a
/// constant, or a parameter too: a row length) gives 0 <= p and
/// p + threads <= n. Empty when the guard has
/// another form (then a block's tile may cross a row end, and 2-D slots of
/// column reads do not pay).
std::string NestTiler::guardConstraint(const GuardTest &G) const {
  const SIMTInfo &SIMT = Nest.Kernel->SIMT;
  CmpInst::Predicate P =
      G.Inverted ? G.Cmp->getInversePredicate() : G.Cmp->getPredicate();
  Value *Index = G.Cmp->getOperand(0), *Limit = G.Cmp->getOperand(1);
  if (ICmpInst::isGT(P) || ICmpInst::isGE(P)) {
    std::swap(Index, Limit);
    P = ICmpInst::getSwappedPredicate(P);
  }
  auto *Bound = dyn_cast<SCEVConstant>(SE.getSCEV(Limit));
  // (An unsigned bound is read as unsigned: 2^31 is no negative number.)
  bool Unsigned = ICmpInst::isUnsigned(P);
  if (!(ICmpInst::isLT(P) || ICmpInst::isLE(P)))
    return "";
  // A runtime limit that is a parameter of the footprint (j < n, n the row
  // length of A[i*n + j]), under a signed comparison.
  std::string Most;
  if (!Bound) {
    const SCEV *Runtime = SE.getSCEV(Limit);
    for (auto &[Name, S] : Nest.Params)
      if (sameParameter(S, Runtime, SE))
        Most = Name + (ICmpInst::isLE(P) ? " + 1" : "");
    if (Most.empty() || Unsigned)
      return "";
  } else if (Unsigned ? Bound->getAPInt().getActiveBits() > 32
                      : Bound->getAPInt().getSignificantBits() > 32) {
    return "";
  }
  ValueToSCEVMapTy AtZero;
  for (auto *Reads : SIMT.threadIndexReadsByDim())
    for (Value *Tid : *Reads)
      AtZero[Tid] = SE.getZero(Tid->getType());
  const SCEV *Global = SE.getSCEV(Index);
  const SCEV *First = SCEVParameterRewriter::rewrite(Global, SE, AtZero);
  // The thread index with coefficient one.
  const SCEV *Step = SE.getMinusSCEV(Global, First);
  if (auto *Cast = dyn_cast<SCEVCastExpr>(Step))
    Step = Cast->getOperand(0);
  auto *Tid = dyn_cast<SCEVUnknown>(Step);
  auto Dim = Tid ? SIMT.threadIndexDim(Tid->getValue()) : std::nullopt;
  if (!Dim)
    return "";
  // The offset is not negative: index 0 passes an unsigned guard only if it
  // is not, and sums and products of special registers (blockIdx.x *
  // blockDim.x) are not, as the footprint assumes narrow index arithmetic
  // does not wrap.
  if (!ICmpInst::isUnsigned(P) && !registersNonNegative(First, SE))
    return "";
  if (Bound)
    Most = std::to_string((Unsigned ? int64_t(Bound->getAPInt().getZExtValue())
                                    : Bound->getAPInt().getSExtValue()) +
                          (ICmpInst::isLE(P) ? 1 : 0));
  // The threads along the guarded dimension.
  std::string Threads =
      SIMT.BlockShape ? std::to_string((*SIMT.BlockShape)[*Dim])
      : SIMT.BlockSize ? std::to_string(*SIMT.BlockSize)
                       : std::string("ntid");
  // Every parameter that is the offset (a wider copy of it too: equal, as
  // nothing wraps).
  std::string Cs;
  for (auto &[Name, S] : Nest.Params)
    if (sameParameter(S, First, SE))
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

Refusal NestTiler::chooseIterations(uint64_t &Iterations,
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
      return {};
    }
    Iterations = *SIMT.BlockSize;
    if (auto Trip = simtIterations())
      Iterations = std::min<uint64_t>(Iterations, *Trip);
    preferIntervals(Iterations);
    auto Bytes = bytesPerTile(Iterations);
    // A block's threads may still share tiles of an inner loop.
    OneIterationTooLarge = Bytes && *Bytes > Budget;
    if (Bytes && *Bytes > Budget)
      return {Refusal::NoFit,
              formatv("a block's chunk of {0} iterations needs {1} bytes of "
                      "scratchpad ({3}), more than the {2} available",
                      Iterations, *Bytes, Budget, sizeBasis())
                  .str()};
    if (Bytes) {
      Record["scratchpad_bytes_per_tile"] = *Bytes;
      BufferBytes = std::max<uint64_t>(*Bytes, SlotAlign);
    }
    Record["why"] = ThreadBlock
                        ? "one tile per thread block (a full block of "
                          "threads that all pass the bounds guard)"
                        : "one tile per team chunk of the worksharing loop "
                          "(the block's threads share it)";
    return {};
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
    return {Refusal::RuntimeSizes,
            formatv("the depth-{0} tile's bytes depend on runtime values",
                    TileDepth)
                .str()};
  if (!One) {
    // What the slots move is known only at run time, where every tile checks
    // that it fits. The exact footprint (each byte once: no transfer moves
    // less) bounds the tile: the most SIMT iterations, inner loops whole,
    // whose footprint fits (seed 001, Algorithm 2, line 3).
    uint64_t Lo = 0, Hi = Most;
    while (Lo < Hi) {
      uint64_t Mid = Lo + (Hi - Lo + 1) / 2;
      auto Bytes = Nest.bytesPerTile({Mid});
      if (Bytes && *Bytes <= Budget)
        Lo = Mid;
      else
        Hi = Mid - 1;
    }
    // (An inner loop of a runtime trip count may still be tiled: one SIMT
    // iteration, bicg's column of A over i < nx, is then too large to
    // bound, as one that is too large is.)
    OneIterationTooLarge = !Lo;
    if (!Lo || (IndirectStride && !indirectBytes(Lo)))
      return {Refusal::RuntimeSizes,
              "the tile's bytes depend on runtime values, and one SIMT "
              "iteration's exact footprint (with its gathered or scattered "
              "elements) is not known to fit the scratchpad"};
    Iterations = Lo;
    Record["why"] = "sizes are known only at run time: the most SIMT "
                    "iterations whose exact footprint fits, fit checked per "
                    "tile at run time";
    return {};
  }
  if (*One > Budget) {
    OneIterationTooLarge = TileDepth < 2;
    return {
        Refusal::NoFit,
        formatv(
            "one {0} needs {1} bytes of scratchpad ({3}), more than the {2} "
            "available",
            TileDepth
                ? formatv("iteration of the depth-{0} loop", TileDepth).str()
                : std::string("SIMT iteration"),
            *One, Budget, sizeBasis())
            .str()};
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
  LLVM_DEBUG(dbgs() << "prem-tile: largest tile that fits " << Budget
                    << " bytes: " << Iterations << " iteration(s), " << Bytes
                    << " bytes" << Balance << "\n");
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
  return {};
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
