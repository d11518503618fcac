//===- TileRecord.cpp - What prem-tile reports of a tiled loop ------------===//
//
// The report record (tile shape, intervals, per-array transfers, stretches
// outside the tile) of a decided tile, and the remarks (Tiled, Gathered,
// Scattered) of a loop prem-tile has transformed; a refused one gets
// NestTiler::refuse's.
//
//===----------------------------------------------------------------------===//

#include "NestTiler.h"
#include "prem/Support/RemarkLocation.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/MathExtras.h"

#define DEBUG_TYPE "prem-tile"

using namespace llvm;
using namespace prem;
using namespace prem::tile;

void NestTiler::record(json::Object &Record) const {
  uint64_t Iterations = TileIterations;
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
  json::Array Arrays = recordArrays();
  if (IndirectStride)
    Arrays.push_back(recordIndirect());
  Record["arrays"] = std::move(Arrays);
  // Accesses outside the tiled loop, per stretch (one compatible interval
  // each time it runs).
  if (!Outside.empty()) {
    json::Array List;
    for (const OutsideStretch &S : Outside)
      List.push_back(json::Object{{"loop", formatv("depth-{0}", S.Depth).str()},
                                  {"before", S.Before},
                                  {"after", S.After}});
    Record["outside"] = std::move(List);
  }
}

void NestTiler::remark() {
  uint64_t Iterations = TileIterations;
  if (IndirectStride)
    remarkIndirect();
  SmallVector<std::string, 4> Stretches;
  for (const OutsideStretch &S : Outside)
    for (auto [Count, Where] :
         {std::pair(S.Before, "before"), std::pair(S.After, "after")})
      if (Count)
        Stretches.push_back(
            formatv("{0} {1} the depth-{2} loop", Count, Where, S.Depth));
  ORE.emit([&] {
    const Instruction &First = *anchor()->getFirstNonPHIOrDbg();
    if (!Iterations)
      // The block size is not stated: the tile is whatever block the
      // launch has (issue 25: this said "0 threads per PREM interval").
      return OptimizationRemark("prem", "Tiled", remarkLocation(First),
                                anchor())
             << "kernel " << Nest.Kernel->Entry->getName() << ": "
             << (ThreadBlock ? "thread block" : "team's chunk")
             << " tiled, one block of the launch's size per PREM interval "
                "(the kernel states no block size: the fit is checked per "
                "block at run time)";
    return OptimizationRemark("prem", "Tiled", remarkLocation(First), anchor())
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
}

/// What a tile moves, per slot: its byte interval (what SoftDMA copies)
/// and the bytes it really touches (what stripped copies move).
json::Array NestTiler::recordArrays() const {
  uint64_t Iterations = TileIterations;
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
      if (A.VirtualRowBytes)
        Array["pitch"] = formatv("{0}*{1}", A.ElementBytes, A.RowLength).str();
      else
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
  return Arrays;
}

/// The arrays the indirect accesses read or write, by name.
static SmallVector<StringRef, 2>
indirectArrays(ArrayRef<const IndirectSite *> Sites) {
  SmallVector<StringRef, 2> Names;
  for (const IndirectSite *G : Sites)
    if (!G->Name.empty() && !is_contained(Names, G->Name))
      Names.push_back(G->Name);
  return Names;
}

/// The gathered or scattered elements' slot (seed 001's DAE for the
/// accesses SoftDMA cannot copy as an interval).
json::Object NestTiler::recordIndirect() const {
  uint64_t Iterations = TileIterations;
  bool Scatters = scatters();
  SmallVector<StringRef, 2> Names = indirectArrays(TileIndirect);
  json::Array Touched;
  // (Copies: the report is written after the footprint that owns the
  // names is gone.)
  for (StringRef N : Names)
    Touched.push_back(N.str());
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
  return Array;
}

void NestTiler::remarkIndirect() {
  bool Scatters = scatters();
  SmallVector<StringRef, 2> Names = indirectArrays(TileIndirect);
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
