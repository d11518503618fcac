//===- TilingPlan.cpp - The PREM tile decision (prem-tiling) --------------===//
//
// USAGE:
//   opt -load-pass-plugin build/lib/PremPlugin.so -passes='print<prem-tiling>'
//       -prem-spm-bytes=49152 -disable-output kernel.ll
//
// The one place a tile is decided (TilingPlan.h): per nest, a NestTiler is
// built and decided (legality, slots, size; no IR change), and prem-tile
// rewrites it. Seed 001, Algorithm 2: the SIMT loop's tile holds as many
// iterations as fit (Equation 1), its inner loops whole; when one SIMT
// iteration (a GPU block's, or a team's chunk) does not fit, the next loop
// in is tiled, one iteration of the loops around it at a time (lines 8-12),
// down to depth 2.
//
// The cost is what the slots really move (seed 003's intervals and 2-D
// rectangles), not the unique bytes: a tile whose byte intervals hold
// bytes it never touches pays for them in every Load phase. Algorithm 2
// keeps the largest tile; so does this, since bytes per iteration do not
// grow with the tile (reuse only grows). Algorithm 2's search over blockDim
// multiples with several loops cut at once (a [32,30,64] block of gemm)
// would move fewer bytes per iteration; prem-tile cuts one loop, so that
// is not a choice here.
//
//===----------------------------------------------------------------------===//

#include "NestTiler.h"
#include "prem/Analysis/BarrierPhases.h"
#include "prem/Analysis/TilingPlan.h"
#include "prem/Support/Target.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Debug.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/TargetParser/Triple.h"

#define DEBUG_TYPE "prem-tile"

using namespace llvm;
using namespace prem;
using namespace prem::tile;

static cl::opt<bool> GPUTiles(
    "prem-gpu-tiles",
    cl::desc("Tile NVPTX kernels: one interval per thread block (CUDA) or "
             "team chunk (OpenMP), shared by the block. Default: on for CUDA "
             "kernels, off for OpenMP ones (not yet run on a GPU)"),
    cl::init(false));

/// Largest host-offload scratchpad: every thread keeps one for each tiled
/// function (a thread-local buffer, see prem-les).
static constexpr uint64_t MostHostScratchpad = uint64_t(1) << 20;

AnalysisKey TilingAnalysis::Key;

TileDecision::TileDecision() = default;
TileDecision::TileDecision(TileDecision &&) = default;
TileDecision &TileDecision::operator=(TileDecision &&) = default;
TileDecision::~TileDecision() = default;

Refusal NestTiler::decideTile(json::Object &Record) {
  // On host offload every thread keeps a scratchpad for each tiled
  // function: keep them small beside a thread's memory.
  if (!BlockTile && Budget > MostHostScratchpad)
    return {Refusal::ScratchpadTooLarge,
            formatv("a scratchpad of {0} bytes is too large for a "
                    "host-offload thread, which keeps one per tiled kernel "
                    "(at most {1})",
                    Budget, MostHostScratchpad)
                .str()};
  uint64_t Iterations = 0;
  if (Refusal Why = decide(Iterations, Record))
    return Why;
  TileIterations = Iterations;
  record(Record);
  return {};
}

/// Legality, then the plan, at the worksharing loop and, where it cannot be
/// tiled, one loop deeper at a time (seed 001, Algorithm 2, lines 8-12):
/// the reasons every depth was refused (named after the deepest one's kind),
/// none once one can be tiled.
Refusal NestTiler::decide(uint64_t &Iterations, json::Object &Record) {
  Refusal Why = legality();
  if (!Why)
    Why = chooseIterations(Iterations, Record);
  // Why the loop around the one tried next was refused (Why holds them all).
  std::string LastWhy = Why.Text;
  // Algorithm 2, lines 8-12: tile the next loop in, down to depth 2.
  for (unsigned Depth = 1;
       Why && (OneIterationTooLarge || DeeperMayDo) && Depth <= 2; ++Depth) {
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
    LLVM_DEBUG(dbgs() << "prem-tile: " << Nest.Kernel->Entry->getName() << ": "
                      << Why.Text << "; trying depth " << Depth << "\n");
    startAttempt();
    Refusal InnerWhy = innerLegality(Depth);
    if (!InnerWhy)
      InnerWhy = chooseIterations(Iterations, Record);
    Why = InnerWhy ? Refusal{InnerWhy.Kind, Why.Text + "; " + InnerWhy.Text}
                   : Refusal();
    LastWhy = InnerWhy.Text;
  }
  return Why;
}

/// A new attempt, one loop deeper: what the last one planned is forgotten.
void NestTiler::startAttempt() {
  DeeperMayDo = false;
  SlotOf.clear();
  Slots.clear();
  ColumnChecks.clear();
  ColumnBounds.clear();
  IndirectStride = 0;
  TileIndirect.clear();
  IndirectThreads = 1;
  BufferBytes = Budget;
  OneIterationTooLarge = false;
}

TilingInfo TilingAnalysis::run(Module &M, ModuleAnalysisManager &MAM) {
  TilingInfo Result;
  const FootprintInfo &FI = MAM.getResult<FootprintAnalysis>(M);
  auto &FAM = MAM.getResult<FunctionAnalysisManagerModuleProxy>(M).getManager();
  Triple T(M.getTargetTriple());
  bool GPU = T.isNVPTX() || T.isAMDGPU();
  uint64_t Budget = scratchpadBudget(M);
  // Functions with a tile decided: one tiled loop each.
  SmallPtrSet<Function *, 4> Tiled;
  for (auto [Id, Nest] : enumerate(FI.Nests)) {
    TileDecision D;
    D.Nest = &Nest;
    D.Record = json::Object{{"kernel", Nest.Kernel->Entry->getName()}};
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
      D.Why = {Refusal::GPUTilesOff, Why};
      if (Function *F = Nest.Kernel->SIMT.Region)
        D.Anchor = &F->getEntryBlock();
    } else if (Nest.Kernel->Kind == KernelKind::CUDA &&
               ownBlockBarrier(*Nest.Kernel->Entry)) {
      // Issue 29: a hand-tiled kernel keeps its tiles; prem-sync places its
      // phases at its barriers (BarrierPhases.h) and its remarks say so
      // (no anchor: prem-tile emits none).
      D.Why = {Refusal::OwnBarriers,
               "the kernel synchronises its block itself: its barriers "
               "delimit its phases (prem-barrier-phases)"};
    } else if (!Nest.Region) {
      D.Why = {Refusal::NoRegion, "no function holds the kernel's work"};
    } else if (Tiled.count(Nest.Region)) {
      D.Why = {Refusal::OneTiledLoopPerFunction, "one tiled loop per function"};
    } else {
      D.Tiler = std::make_unique<NestTiler>(Nest, Id, Budget, FI.ctx(), FAM,
                                            BlockTile);
      D.Why = D.Tiler->decideTile(D.Record);
      D.Anchor = D.Tiler->anchor();
      if (!D.Why) {
        Tiled.insert(Nest.Region);
        D.Depth = D.Tiler->depth();
        D.Iterations = D.Tiler->iterations();
      }
    }
    Result.Decisions.push_back(std::move(D));
  }
  return Result;
}

const TileDecision *TilingInfo::lookup(const NestFootprint &N) const {
  for (const TileDecision &D : Decisions)
    if (D.Nest == &N)
      return &D;
  return nullptr;
}

/// The decisions hold the footprint's isl sets and the functions' analyses:
/// stale once either is.
bool TilingInfo::invalidate(Module &M, const PreservedAnalyses &PA,
                            ModuleAnalysisManager::Invalidator &Inv) {
  auto PAC = PA.getChecker<TilingAnalysis>();
  return !PAC.preservedWhenStateless() ||
         Inv.invalidate<FootprintAnalysis>(M, PA) ||
         Inv.invalidate<FunctionAnalysisManagerModuleProxy>(M, PA);
}

/// The loop a tile cuts, in words.
static std::string tiledLoopText(const TileDecision &D) {
  if (D.Depth)
    return formatv("the depth-{0} loop", D.Depth).str();
  return D.Nest->Kernel->Kind == KernelKind::CUDA ? "the thread block"
                                                  : "the worksharing loop";
}

void TilingInfo::print(raw_ostream &OS) const {
  for (const TileDecision &D : Decisions) {
    OS << "kernel " << D.Nest->Kernel->Entry->getName() << ": ";
    if (D.Why) {
      OS << "not tiled (" << D.Why.name() << "): " << D.Why.Text << "\n";
      continue;
    }
    OS << "tiled, " << tiledLoopText(D) << ", ";
    bool ThreadBlock =
        !D.Depth && D.Nest->Kernel->Kind == KernelKind::CUDA;
    if (D.Iterations)
      OS << D.Iterations
         << (ThreadBlock ? " thread(s) per tile" : " iteration(s) per tile");
    else
      OS << "one block of the launch's size per tile";
    if (auto Bytes = D.Record.getInteger("scratchpad_bytes_per_tile"))
      OS << ", " << *Bytes << " bytes of scratchpad";
    if (auto Intervals = D.Record.getInteger("intervals"))
      OS << ", " << *Intervals << " interval(s)";
    OS << "\n";
    if (auto Why = D.Record.getString("why"))
      OS << "  why: " << *Why << "\n";
    if (const json::Array *Arrays = D.Record.getArray("arrays"))
      for (const json::Value &V : *Arrays) {
        const json::Object &A = *V.getAsObject();
        OS << "  slot " << A.getString("name").value_or("?") << ": "
           << A.getString("transfer").value_or("interval");
        if (auto Pitch = A.getInteger("pitch"))
          OS << " (rows " << *Pitch << " bytes apart)";
        else if (auto Runtime = A.getString("pitch"))
          OS << " (rows " << *Runtime << " bytes apart)";
        if (auto Bytes = A.getInteger("interval_bytes"))
          OS << ", " << *Bytes << " bytes";
        if (auto Unique = A.getInteger("unique_bytes"))
          OS << " (" << *Unique << " touched)";
        OS << ", store " << A.getString("store").value_or("none") << "\n";
      }
  }
}

json::Object TilingInfo::toJSON(const TileDecision &D) {
  json::Object O{{"tiled", !D.Why}};
  if (D.Why) {
    O["refusal"] = D.Why.name();
    O["why"] = D.Why.Text;
    return O;
  }
  O["depth"] = D.Depth;
  if (D.Iterations)
    O["tile_iterations"] = D.Iterations;
  for (StringRef Key : {"scratchpad_bytes_per_tile", "intervals"})
    if (auto N = D.Record.getInteger(Key))
      O[Key] = *N;
  if (auto Per = D.Record.getNumber("bytes_per_iteration"))
    O["bytes_per_iteration"] = *Per;
  if (auto Why = D.Record.getString("why"))
    O["why"] = Why->str();
  return O;
}

PreservedAnalyses TilingPrinterPass::run(Module &M,
                                         ModuleAnalysisManager &MAM) {
  OS << "prem-tiling: module " << M.getName() << " (" << scratchpadBudget(M)
     << " bytes of scratchpad)\n";
  MAM.getResult<TilingAnalysis>(M).print(OS);
  return PreservedAnalyses::all();
}
