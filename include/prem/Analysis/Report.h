//===- Report.h - The PREM compile report -----------------------*- C++ -*-===//
//
// Part of prem-llvm. The prem-report pass: for every kernel of a device
// module, what the plugin found (kernel kind, regions, SIMT loop, footprint
// per array, reasons it cannot be exact), as remarks and, with
// -prem-report=FILE, as JSON written with llvm::json.
//
//===----------------------------------------------------------------------===//
#ifndef PREM_ANALYSIS_REPORT_H
#define PREM_ANALYSIS_REPORT_H

#include "prem/Analysis/PhasePlan.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/IR/PassManager.h"
#include "llvm/Support/JSON.h"

#include <optional>
#include <vector>

namespace prem {

/// The report of one module as JSON (schema in docs/passes.md).
llvm::json::Object buildReport(llvm::Module &M,
                               llvm::ModuleAnalysisManager &MAM);

/// What prem-tile and prem-les decided, kept beside the module rather than
/// in it (a kernel left alone stays byte for byte as it was) until the report
/// takes it. A module analysis that is never invalidated, so that passes of
/// one pipeline share it.
struct TransformRecords {
  /// prem-tile's record of each nest, by tile id (the nest's index, which
  /// prem.tile carries), in nest order.
  llvm::MapVector<unsigned, llvm::json::Object> Tiles;
  /// prem-les's plan of each tile it split (or failed to), by tile id.
  llvm::DenseMap<unsigned, PhasePlan> Plans;
  /// prem-sync's barrier phases of each hand-tiled kernel (issue 29), by
  /// kernel name: BarrierPhasePlan::toJSON.
  llvm::StringMap<llvm::json::Object> BarrierPhases;
  /// The report of the kernels as they came in, taken before the
  /// transformations change them (ReportSnapshotPass).
  std::optional<llvm::json::Object> Before;
  bool invalidate(llvm::Module &, const llvm::PreservedAnalyses &,
                  llvm::ModuleAnalysisManager::Invalidator &) {
    return false;
  }
};

class TransformRecordsAnalysis
    : public llvm::AnalysisInfoMixin<TransformRecordsAnalysis> {
  friend llvm::AnalysisInfoMixin<TransformRecordsAnalysis>;
  static llvm::AnalysisKey Key;

public:
  using Result = TransformRecords;
  Result run(llvm::Module &, llvm::ModuleAnalysisManager &) { return Result(); }
};

/// Moves the transform records into the report's kernels, under "prem".
void addTransformRecords(llvm::json::Object &Report, llvm::Module &M,
                         llvm::ModuleAnalysisManager &MAM);

/// Writes the report to -prem-report's file, if one was named.
void writeReport(llvm::json::Object Report, llvm::Module &M);

/// Takes the report of the kernels before the pipeline transforms them.
class ReportSnapshotPass : public llvm::PassInfoMixin<ReportSnapshotPass> {
public:
  llvm::PreservedAnalyses run(llvm::Module &M,
                              llvm::ModuleAnalysisManager &MAM);
  static bool isRequired() { return true; }
};

class ReportPass : public llvm::PassInfoMixin<ReportPass> {
public:
  llvm::PreservedAnalyses run(llvm::Module &M,
                              llvm::ModuleAnalysisManager &MAM);
  static bool isRequired() { return true; }
};

} // namespace prem

#endif // PREM_ANALYSIS_REPORT_H
