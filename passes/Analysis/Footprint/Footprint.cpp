//===- Footprint.cpp - Memory footprint of kernel loop nests --------------===//
//
// USAGE:
//   opt -load-pass-plugin build/lib/PremPlugin.so
//       -passes='print<prem-footprint>' -disable-output kernel.ll
//   (add -prem-footprint-tile=32,8 to count the bytes of such a tile)
//
// Seed 001, Algorithm 1 computes, per loop, the address range of every access
// from its SCEV (start, step, trip count). Ranges over-count when accesses
// overlap (a stencil's A[i-1], A[i], A[i+1]) and cannot describe a 2D tile of
// a row-major array exactly. This analysis keeps SCEV as the front end but
// turns every access into an affine form over the nest's loop dimensions and
// hands those to isl: the elements a nest or a tile touches are an exact
// integer set, unions merge overlapping accesses, and counting that set gives
// the bytes a tile moves with each byte counted once.
//
// Dimensions: depth 0 is the SIMT dimension. For an OpenMP worksharing loop it
// is the *value* of the loop's induction variable, not its iteration counter:
// on GPUs a thread steps through the loop by the number of threads, and what
// a block touches in one block iteration is a contiguous range of values.
// For a CUDA/HIP kernel without such a loop it is the x thread index. Deeper
// dimensions are iteration counters of the inner loops.
//
// Arrays indexed with a runtime stride (A[i*n + j]) are delinearised as Polly
// does, into one subscript per dimension, and counted in that space. Accesses
// that differ only by a constant (unrolled, vectorised code) are fused into
// runs before isl sees them, and every isl computation runs under an
// operation quota, so no input makes the analysis hang.
//
// Not exact (the nest keeps a reason and gets an analysis remark): unknown or
// non-affine trip counts, subscripts that SCEV cannot express as affine forms
// with constant strides, calls that may touch memory, atomics, volatiles and
// irreducible control flow. A load or store whose subscript or base pointer
// is loaded inside the nest (x[idx[i]], y[idx[i]] = ...) has no affine form:
// it is recorded as an indirect access counting one element per execution,
// which tiles move element by element (another kind of write through such a
// pointer makes the nest inexact). Narrow (32-bit) index arithmetic under
// sext/zext is assumed not to wrap, as Polly does; the nest records that
// assumption.
//
// This file is the analysis pass, its remarks and its printers. The work is
// in AffineForm (SCEV to affine forms), NestBuilder (the nest, its accesses,
// delinearisation, the tile's byte sets) and FootprintCount (bytes per
// tile).
//
//===----------------------------------------------------------------------===//

#include "prem/Analysis/Footprint.h"
#include "prem/Analysis/BarrierPhases.h"
#include "prem/Support/IslSet.h"
#include "prem/Support/NumberList.h"
#include "NestBuilder.h"
#include "prem/Support/RemarkLocation.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Debug.h"
#include "llvm/Support/raw_ostream.h"

#include "isl/isl-noexceptions.h"
#include "isl/options.h"

#define DEBUG_TYPE "prem-footprint"

using namespace llvm;
using namespace prem;
using namespace prem::footprint;

STATISTIC(NumNests, "SIMT loop nests analysed");
STATISTIC(NumExactNests, "SIMT loop nests with an exact footprint");
// One per reason a footprint is not exact (a nest may have several).
#define PREM_FOOTPRINT_ISSUE_STATISTIC(Enumerator, Name, Description)          \
  STATISTIC(NumInexact##Enumerator, "Inexact nests: " Description);
PREM_FOOTPRINT_ISSUES(PREM_FOOTPRINT_ISSUE_STATISTIC)
#undef PREM_FOOTPRINT_ISSUE_STATISTIC

static void countReason(FootprintIssue I) {
  switch (I) {
#define PREM_FOOTPRINT_ISSUE_COUNT(Enumerator, Name, Description)              \
  case FootprintIssue::Enumerator:                                             \
    ++NumInexact##Enumerator;                                                  \
    return;
    PREM_FOOTPRINT_ISSUES(PREM_FOOTPRINT_ISSUE_COUNT)
#undef PREM_FOOTPRINT_ISSUE_COUNT
  }
  llvm_unreachable("unknown footprint issue");
}

namespace {
/// -prem-footprint-tile=N,N,...: iterations per depth of the tile to count.
struct TileSizeParser : public cl::parser<std::vector<uint64_t>> {
  using cl::parser<std::vector<uint64_t>>::parser;
  bool parse(cl::Option &O, StringRef ArgName, StringRef Arg,
             std::vector<uint64_t> &Val) {
    if (!splitNumberList(Arg, Val) || is_contained(Val, 0u))
      return O.error("'" + Arg +
                     "' is not a list of positive integers (e.g. 32,8)");
    return false;
  }
};
} // namespace

static cl::opt<std::vector<uint64_t>, false, TileSizeParser> TileSizesOpt(
    "prem-footprint-tile", cl::value_desc("N[,N...]"),
    cl::desc("Iterations per loop depth (SIMT first) of the tile whose bytes "
             "print<prem-footprint> counts; default 1 (one SIMT iteration, "
             "inner loops whole)"),
    cl::init(std::vector<uint64_t>{1}));

ArrayRef<uint64_t> prem::footprintTileSizes() { return TileSizesOpt; }

AnalysisKey FootprintAnalysis::Key;

bool AffineSubscript::hasDims() const {
  return !FloorPart.empty() ||
         any_of(DimCoeffs, [](int64_t C) { return C != 0; });
}

StringRef prem::footprintIssueName(FootprintIssue I) {
  switch (I) {
#define PREM_FOOTPRINT_ISSUE_NAME(Enumerator, Name, Description)               \
  case FootprintIssue::Enumerator:                                             \
    return Name;
    PREM_FOOTPRINT_ISSUES(PREM_FOOTPRINT_ISSUE_NAME)
#undef PREM_FOOTPRINT_ISSUE_NAME
  }
  llvm_unreachable("unknown footprint issue");
}

void FootprintInfo::IslCtxDeleter::operator()(isl_ctx *C) const {
  isl_ctx_free(C);
}

const std::string &ArrayFootprint::elementSet() const {
  if (!ElementText)
    ElementText = Elements.is_null() ? "" : toString(simplify(Elements));
  return *ElementText;
}

FootprintInfo::FootprintInfo() : Ctx(isl_ctx_alloc()) {
  isl_options_set_on_error(Ctx.get(), ISL_ON_ERROR_CONTINUE);
  Texts = std::make_unique<IslTextCache>(Ctx.get());
}

FootprintInfo::~FootprintInfo() = default;

isl::ctx FootprintInfo::ctx() const { return Ctx.get(); }

FootprintInfo::FootprintInfo(FootprintInfo &&Other)
    : Ctx(std::move(Other.Ctx)), Texts(std::move(Other.Texts)),
      Nests(std::move(Other.Nests)) {
  for (NestFootprint &N : Nests)
    N.Owner = this;
}

bool FootprintInfo::invalidate(Module &, const PreservedAnalyses &PA,
                               ModuleAnalysisManager::Invalidator &) {
  auto PAC = PA.getChecker<FootprintAnalysis>();
  return !PAC.preservedWhenStateless();
}

//===----------------------------------------------------------------------===//
// The analysis.
//===----------------------------------------------------------------------===//

static void emitRemarks(const NestFootprint &N,
                        OptimizationRemarkEmitter &ORE) {
  const Instruction *Anchor =
      N.Loops.front().Header ? &*N.Loops.front().Header->getFirstNonPHIIt()
                             : &*N.Region->getEntryBlock().getFirstNonPHIIt();
  for (const FootprintReason &R : N.Reasons) {
    LLVM_DEBUG(dbgs() << "prem-footprint: " << N.Kernel->Entry->getName()
                      << " not exact (" << footprintIssueName(R.Issue)
                      << "): " << R.Message << "\n");
    countReason(R.Issue);
    const Instruction *At = R.At ? R.At : Anchor;
    ORE.emit([&] {
      return OptimizationRemarkAnalysis(DEBUG_TYPE, footprintIssueName(R.Issue),
                                        remarkLocation(*At), At->getParent())
             << "footprint of kernel '"
             << ore::NV("Kernel", N.Kernel->Entry->getName())
             << "' is not exact: " << ore::NV("Reason", R.Message);
    });
  }
  if (!N.isExact())
    return;
  for (const auto *Sites : {&N.Gathers, &N.Scatters})
    for (const IndirectSite &G : *Sites)
      ORE.emit([&] {
        bool Store = Sites == &N.Scatters;
        return OptimizationRemarkAnalysis(
                   DEBUG_TYPE, Store ? "IndirectStore" : "IndirectLoad", G.Inst)
               << "kernel '" << ore::NV("Kernel", N.Kernel->Entry->getName())
               << "': indirect " << (Store ? "store" : "load")
               << (G.Name.empty() ? std::string() : " of '" + G.Name + "'")
               << " (" << ore::NV("Reason", G.Why)
               << ") counts one element per execution";
      });
  auto Bytes = N.bytesPerTile({1});
  ORE.emit([&] {
    OptimizationRemarkAnalysis R(DEBUG_TYPE, "Footprint",
                                 remarkLocation(*Anchor), Anchor->getParent());
    R << "kernel '" << ore::NV("Kernel", N.Kernel->Entry->getName())
      << "': " << ore::NV("Arrays", unsigned(N.Arrays.size())) << " array(s), ";
    if (Bytes)
      R << ore::NV("BytesPerSIMTIteration", *Bytes)
        << " bytes per SIMT iteration";
    else
      R << "bytes per SIMT iteration depend on runtime values";
    return R;
  });
}

FootprintInfo FootprintAnalysis::run(Module &M, ModuleAnalysisManager &MAM) {
  FootprintInfo Result;
  const KernelInfo &KI = MAM.getResult<KernelAnalysis>(M);
  auto &FAM = MAM.getResult<FunctionAnalysisManagerModuleProxy>(M).getManager();
  for (const KernelRecord &K : KI.Kernels) {
    NestFootprint N;
    N.Kernel = &K;
    N.Owner = &Result;
    N.Region = K.SIMT.Region ? K.SIMT.Region : K.Entry;
    ++NumNests;
    // A hand-tiled CUDA kernel keeps its own tiles (prem-barrier-phases):
    // its footprint would only be counted to be refused (and costs most of
    // the plugin's time on such kernels: nw's unrolled rows).
    const Instruction *Barrier =
        K.Kind == KernelKind::CUDA ? ownBlockBarrier(*K.Entry) : nullptr;
    if (K.SIMT.K == SIMTInfo::Kind::None || Barrier) {
      if (Barrier)
        N.Reasons.push_back(
            {FootprintIssue::OwnBarriers,
             "the kernel synchronises its block itself: its barriers "
             "delimit its phases (prem-barrier-phases)",
             Barrier});
      else
        N.Reasons.push_back({FootprintIssue::NoSIMT, K.SIMT.Reason, nullptr});
      NestLoop Dim;
      Dim.IsSIMT = true;
      N.Loops.push_back(Dim);
    } else {
      auto &SE = FAM.getResult<ScalarEvolutionAnalysis>(*N.Region);
      auto &LI = FAM.getResult<LoopAnalysis>(*N.Region);
      auto &DT = FAM.getResult<DominatorTreeAnalysis>(*N.Region);
      NestBuilder(N, SE, LI, DT, Result.ctx()).build();
    }
    if (N.isExact())
      ++NumExactNests;
    emitRemarks(N, FAM.getResult<OptimizationRemarkEmitterAnalysis>(*N.Region));
    Result.Nests.push_back(std::move(N));
  }
  return Result;
}

//===----------------------------------------------------------------------===//
// Printing and JSON.
//===----------------------------------------------------------------------===//

static std::string accessKind(const ArrayFootprint &A) {
  if (A.Read && A.Written)
    return "read-write";
  return A.Written ? "write" : "read";
}

std::string prem::tileText(ArrayRef<uint64_t> Iterations) {
  SmallVector<std::string, 4> Parts;
  for (uint64_t I : Iterations)
    Parts.push_back(std::to_string(I));
  return "[" + join(Parts, ",") + "]";
}

void FootprintInfo::print(raw_ostream &OS, ArrayRef<uint64_t> Tile) const {
  for (const NestFootprint &N : Nests) {
    OS << "kernel " << N.Kernel->Entry->getName() << " region "
       << N.Region->getName() << "\n";
    OS << "  loops:\n";
    for (const NestLoop &L : N.Loops) {
      OS << "    depth " << L.Depth << ": ";
      if (L.IsSIMT && N.Kernel->SIMT.K == SIMTInfo::Kind::None) {
        OS << "none\n";
        continue;
      }
      if (L.IsSIMT)
        OS << (L.Header ? "simt loop " + valueText(L.Header) : "thread index");
      else
        OS << "loop " << valueText(L.Header);
      OS << ", trip count " << L.TripCountText;
      if (L.MaxTripCount && !L.TripCount)
        OS << " (at most " << *L.MaxTripCount << ")";
      if (L.Line)
        OS << ", line " << L.Line;
      if (L.EntryTest)
        OS << ", entered where its trip count is positive ("
           << valueText(L.EntryTest->getParent()) << ")";
      OS << "\n";
    }
    for (const ArrayFootprint &A : N.Arrays) {
      OS << "  array " << A.Name << ": " << A.ElementBytes << "-byte elements, "
         << accessKind(A) << ", " << A.Accesses.size() << " access(es)"
         << (A.Invariant ? ", loop-invariant scalar" : "");
      if (A.GranuleBytes != A.ElementBytes)
        OS << ", granule " << A.GranuleBytes << " bytes";
      if (!A.DimSizes.empty())
        OS << ", delinearised as " << A.Name << "[*][" << join(A.DimSizes, "][")
           << "]";
      OS << "\n";
      for (const AffineAccess &Acc : A.Accesses) {
        OS << "    " << (Acc.IsWrite ? "write" : "read ") << " " << A.Name;
        std::string Under =
            !Acc.ConditionWhy.empty() ? " under a condition: " + Acc.ConditionWhy
            : Acc.Condition.empty()   ? ""
                                      : " if " + Acc.Condition;
        if (!Acc.RowColumnText.empty()) {
          OS << Acc.RowColumnText << Under << "\n";
          continue;
        }
        for (const AffineSubscript &Sub : Acc.Subscripts) {
          std::string Sum;
          for (auto [D, C] : enumerate(Sub.DimCoeffs))
            if (C)
              Sum += (Sum.empty() ? "" : " + ") + std::to_string(C) + "*i" +
                     std::to_string(D);
          if (!Sub.FloorPart.empty())
            Sum += (Sum.empty() ? "" : " + ") + Sub.FloorPart;
          if (!Sub.ParamPart.empty())
            Sum += (Sum.empty() ? "" : " + ") + Sub.ParamPart;
          if (Sub.Constant || Sum.empty())
            Sum += (Sum.empty() ? "" : " + ") + std::to_string(Sub.Constant);
          OS << "[" << Sum << "]";
        }
        if (Acc.SizeInGranules != 1)
          OS << " x" << Acc.SizeInGranules;
        OS << Under << "\n";
      }
      OS << "    elements: " << A.elementSet() << "\n";
      if (!A.ByteRange.empty())
        OS << "    bytes: " << A.ByteRange << "\n";
      std::string Why;
      bool Exact = true;
      if (auto B = N.arrayBytesPerTile(A, Tile, &Why, &Exact))
        OS << "    bytes per tile " << tileText(Tile) << ": "
           << (Exact ? "" : "at most ") << *B << "\n";
    }
    for (const auto *Sites : {&N.Gathers, &N.Scatters})
      for (const IndirectSite &G : *Sites) {
        OS << "  indirect " << (Sites == &N.Scatters ? "store" : "load")
           << (G.Name.empty() ? "" : " of " + G.Name) << ": " << G.Bytes
           << " bytes, " << G.Why;
        if (auto E = N.indirectExecutionsPerTile(G, Tile))
          OS << "; " << *E << " per tile " << tileText(Tile);
        OS << "\n";
      }
    if (N.isExact()) {
      std::string Why;
      OS << "  total bytes per tile " << tileText(Tile) << ": ";
      bool Exact = true;
      if (auto B = N.bytesPerTile(Tile, &Why, &Exact))
        OS << (Exact ? "" : "at most ") << *B << "\n";
      else
        OS << "unknown (" << Why << ")\n";
      if (N.AssumesNoWrap)
        OS << "  assumes: narrow index arithmetic does not wrap\n";
      for (auto [Br, S] : N.NeverTaken)
        OS << "  never taken: " << valueText(Br->getParent()) << " -> "
           << valueText(Br->getSuccessor(S)) << "\n";
      OS << "  exact: yes\n";
    } else {
      OS << "  exact: no\n";
      for (const FootprintReason &R : N.Reasons)
        OS << "  reason " << footprintIssueName(R.Issue) << ": " << R.Message
           << "\n";
    }
  }
}

json::Array FootprintInfo::toJSON(ArrayRef<uint64_t> Tile) const {
  json::Array Out;
  for (const NestFootprint &N : Nests) {
    json::Array Loops, Arrays, Reasons;
    for (const NestLoop &L : N.Loops) {
      json::Object O{{"depth", L.Depth},
                     {"simt", L.IsSIMT},
                     {"trip_count", L.TripCountText}};
      if (L.MaxTripCount)
        O["max_trip_count"] = *L.MaxTripCount;
      if (L.Line)
        O["line"] = L.Line;
      Loops.push_back(std::move(O));
    }
    for (const ArrayFootprint &A : N.Arrays) {
      json::Object O{
          {"name", A.Name},           {"element_bytes", A.ElementBytes},
          {"access", accessKind(A)},  {"accesses", int64_t(A.Accesses.size())},
          {"invariant", A.Invariant}, {"elements", A.elementSet()},
          {"byte_range", A.ByteRange}};
      if (auto B = N.arrayBytesPerTile(A, Tile))
        O["bytes_per_tile"] = *B;
      Arrays.push_back(std::move(O));
    }
    for (const FootprintReason &R : N.Reasons)
      Reasons.push_back(json::Object{{"kind", footprintIssueName(R.Issue)},
                                     {"message", R.Message}});
    json::Array Gathers, Scatters;
    for (const auto *Sites : {&N.Gathers, &N.Scatters})
      for (const IndirectSite &G : *Sites) {
        json::Object O{{"name", G.Name}, {"bytes", G.Bytes}, {"why", G.Why}};
        if (auto E = N.indirectExecutionsPerTile(G, Tile))
          O["executions_per_tile"] = *E;
        (Sites == &N.Scatters ? Scatters : Gathers).push_back(std::move(O));
      }
    json::Object O{{"kernel", N.Kernel->Entry->getName()},
                   {"region", N.Region->getName()},
                   {"exact", N.isExact()},
                   {"loops", std::move(Loops)},
                   {"arrays", std::move(Arrays)},
                   {"reasons", std::move(Reasons)},
                   {"indirect_loads", std::move(Gathers)},
                   {"indirect_stores", std::move(Scatters)},
                   {"tile", json::Array(Tile)}};
    bool Exact = true;
    // (A hand-tiled kernel is not counted: no bytes to show.)
    bool Counted = none_of(N.Reasons, [](const FootprintReason &R) {
      return R.Issue == FootprintIssue::OwnBarriers;
    });
    if (auto B = Counted ? N.bytesPerTile(Tile, nullptr, &Exact)
                         : std::nullopt) {
      O["bytes_per_tile"] = *B;
      // False when the count bounds the bytes (triangular or runtime-length
      // inner loops, sets too large to enumerate).
      O["bytes_per_tile_exact"] = Exact;
    }
    Out.push_back(std::move(O));
  }
  return Out;
}

PreservedAnalyses FootprintPrinterPass::run(Module &M,
                                            ModuleAnalysisManager &MAM) {
  OS << "prem-footprint: module " << M.getName() << "\n";
  MAM.getResult<FootprintAnalysis>(M).print(OS, footprintTileSizes());
  return PreservedAnalyses::all();
}
