//===- Report.cpp - The PREM compile report -------------------------------===//
//
// USAGE:
//   opt -load-pass-plugin build/lib/PremPlugin.so -passes=prem-report
//       -prem-report=report.json -disable-output kernel.ll
//   clang ... -fpass-plugin=build/lib/PremPlugin.so
//       -mllvm -prem-report=report.json
//
// The report is what a real-time engineer reads to learn, per kernel, what
// the plugin saw and why a loop is or is not a candidate for PREM. It is a
// versioned JSON document; one device module writes one file (a second device
// module compiled with the same -prem-report path replaces it, so give each
// offload target its own path).
//
//===----------------------------------------------------------------------===//

#include "prem/Analysis/Report.h"
#include "prem/Analysis/Footprint.h"
#include "prem/Analysis/KernelInfo.h"
#include "prem/Analysis/TilingPlan.h"
#include "prem/Support/Target.h"

#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/raw_ostream.h"

#define DEBUG_TYPE "prem-report"

using namespace llvm;
using namespace prem;

static cl::opt<std::string>
    ReportFile("prem-report", cl::value_desc("file"),
               cl::desc("Write the PREM report of each device module to this "
                        "JSON file ('-' for standard output)"));

static constexpr int64_t ReportVersion = 1;

json::Object prem::buildReport(Module &M, ModuleAnalysisManager &MAM) {
  const KernelInfo &KI = MAM.getResult<KernelAnalysis>(M);
  const FootprintInfo &FI = MAM.getResult<FootprintAnalysis>(M);
  const TilingInfo &TI = MAM.getResult<TilingAnalysis>(M);
  json::Array Footprints = FI.toJSON({1});
  json::Array Kernels;
  for (auto [Idx, K] : enumerate(KI.Kernels)) {
    json::Array Regions;
    for (const Function *F : K.Regions)
      Regions.push_back(F->getName());
    json::Object SIMT;
    switch (K.SIMT.K) {
    case SIMTInfo::Kind::WorksharingLoop:
      SIMT = json::Object{
          {"kind", "worksharing-loop"},
          {"function", K.SIMT.Region->getName()},
          {"runtime_call",
           K.SIMT.WorksharingCall->getCalledFunction()->getName()}};
      break;
    case SIMTInfo::Kind::ThreadIndex:
      SIMT = json::Object{{"kind", "thread-index"},
                          {"function", K.SIMT.Region->getName()},
                          {"expression", K.SIMT.ThreadIndexExpr}};
      break;
    case SIMTInfo::Kind::None:
      SIMT = json::Object{{"kind", "none"}, {"reason", K.SIMT.Reason}};
      break;
    }
    json::Object Entry{{"name", K.Entry->getName()},
                       {"kind", kernelKindName(K.Kind)},
                       {"regions", std::move(Regions)},
                       {"simt", std::move(SIMT)}};
    if (K.SIMT.BlockSize)
      Entry["block_size"] = *K.SIMT.BlockSize;
    // Where the kernel is in the source, when there is debug info.
    if (const DISubprogram *SP = K.Entry->getSubprogram())
      Entry["source"] = (SP->getFilename() + ":" + Twine(SP->getLine())).str();
    // Nests are built one per kernel, in kernel order.
    if (Idx < Footprints.size()) {
      json::Object Nest = std::move(*Footprints[Idx].getAsObject());
      if (auto Bytes = Nest.getInteger("bytes_per_tile"))
        Entry["block_iteration_fits_spm"] =
            uint64_t(*Bytes) <= scratchpadBudget(M);
      Entry["footprint"] = std::move(Nest);
      if (const TileDecision *D = TI.lookup(FI.Nests[Idx]))
        Entry["tiling"] = TilingInfo::toJSON(*D);
    }
    Kernels.push_back(std::move(Entry));
  }
  return json::Object{{"prem_report_version", ReportVersion},
                      {"module", M.getModuleIdentifier()},
                      {"target", M.getTargetTriple().str()},
                      {"spm_bytes", scratchpadBudget(M)},
                      {"kernels", std::move(Kernels)}};
}

AnalysisKey TransformRecordsAnalysis::Key;

/// Bytes per Load and Store phase (largest tile), as the plan moves them:
/// an interval copy moves the slot's byte interval, element-wise copies
/// (gathers and scatters included) the bytes the tile touches. prem-tile's
/// record lists the slots in the contract's order, the plan's order.
static void addPhaseBytes(json::Object &T, const PhasePlan &Plan) {
  json::Array *Arrays = T.getArray("arrays");
  if (!Arrays || !Plan.Mode->Splits)
    return;
  uint64_t Load = 0, Store = 0;
  bool Known = Arrays->size() == Plan.Slots.size();
  for (auto [V, S] : zip_first(*Arrays, Plan.Slots)) {
    const json::Object &A = *V.getAsObject();
    Known &= A.getString("name") == S.Use.Name;
    auto Add = [&](uint64_t &Sum, StringRef Field) {
      auto Bytes = A.getInteger(Field);
      Known &= Bytes.has_value();
      Sum += Bytes.value_or(0);
    };
    if (S.CopyIn)
      Add(Load, "interval_bytes");
    if (S.LoadElements || S.gathers())
      Add(Load, "unique_bytes");
    if (S.CopyOut || S.StoreElements)
      Add(Store, "unique_bytes");
  }
  if (Known) {
    T["load_bytes_per_tile"] = Load;
    T["store_bytes_per_tile"] = Store;
  }
}

void prem::addTransformRecords(json::Object &Report, Module &M,
                               ModuleAnalysisManager &MAM) {
  TransformRecords *Records = MAM.getCachedResult<TransformRecordsAnalysis>(M);
  if (!Records)
    return;
  MapVector<unsigned, json::Object> Tiles = std::move(Records->Tiles);
  DenseMap<unsigned, PhasePlan> Plans = std::move(Records->Plans);
  Records->Tiles.clear();
  Records->Plans.clear();
  for (auto &[Id, T] : Tiles) {
    auto Plan = Plans.find(Id);
    if (Plan == Plans.end())
      continue;
    T["mode"] = Plan->second.Mode->Name;
    // A tile prem-les could not split has no phases to show.
    if (Plan->second.Error.empty())
      T["phases"] = Plan->second.toJSON();
    addPhaseBytes(T, Plan->second);
  }
  StringMap<json::Object> Barriers = std::move(Records->BarrierPhases);
  Records->BarrierPhases.clear();
  json::Array *Kernels = Report.getArray("kernels");
  for (auto &[Id, T] : Tiles) {
    auto Name = T.getString("kernel");
    if (!Kernels || !Name)
      continue;
    // A hand-tiled kernel is transformed when prem-sync placed its phases.
    if (auto B = Barriers.find(*Name); B != Barriers.end()) {
      if (auto Why = B->second.getString("reason"))
        T["reason"] = Why->str(); // (a StringRef value would borrow)
      else {
        T["transformed"] = true;
        T.erase("reason");
      }
      T["barrier_phases"] = json::Object(B->second);
    }
    for (json::Value &K : *Kernels)
      if (K.getAsObject()->getString("name") == *Name)
        (*K.getAsObject())["prem"] = std::move(T);
  }
}

void prem::writeReport(json::Object Report, Module &M) {
  if (ReportFile.empty())
    return;
  std::error_code EC;
  raw_fd_ostream OS(ReportFile, EC, sys::fs::OF_TextWithCRLF);
  if (EC) {
    M.getContext().emitError("-prem-report: cannot write '" + ReportFile +
                             "': " + EC.message());
    return;
  }
  OS << formatv("{0:2}", json::Value(std::move(Report))) << "\n";
}

PreservedAnalyses ReportSnapshotPass::run(Module &M,
                                          ModuleAnalysisManager &MAM) {
  // Without -prem-report no one reads a report, and its readable forms
  // cost compile time (ArrayFootprint::elementSet); the analyses still run
  // here, on the kernels as they came in, as they do with one.
  if (ReportFile.empty()) {
    MAM.getResult<KernelAnalysis>(M);
    MAM.getResult<FootprintAnalysis>(M);
    MAM.getResult<TilingAnalysis>(M);
    return PreservedAnalyses::all();
  }
  MAM.getResult<TransformRecordsAnalysis>(M).Before = buildReport(M, MAM);
  return PreservedAnalyses::all();
}

PreservedAnalyses ReportPass::run(Module &M, ModuleAnalysisManager &MAM) {
  TransformRecords *Records = MAM.getCachedResult<TransformRecordsAnalysis>(M);
  if (ReportFile.empty()) {
    // What the passes recorded for the report goes with it.
    if (Records)
      *Records = TransformRecords();
    return PreservedAnalyses::all();
  }
  json::Object Report;
  if (Records && Records->Before) {
    Report = std::move(*Records->Before);
    Records->Before.reset();
  } else {
    Report = buildReport(M, MAM);
  }
  addTransformRecords(Report, M, MAM);
  writeReport(std::move(Report), M);
  return PreservedAnalyses::all();
}
