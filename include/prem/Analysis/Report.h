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

#include "llvm/IR/PassManager.h"
#include "llvm/Support/JSON.h"

namespace prem {

/// The report of one module as JSON (schema in docs/passes.md).
llvm::json::Object buildReport(llvm::Module &M,
                               llvm::ModuleAnalysisManager &MAM);

/// Moves what prem-tile and prem-les recorded in the module (named metadata)
/// into the report's kernels, under "prem", and drops the metadata.
void addTransformRecords(llvm::json::Object &Report, llvm::Module &M);

/// Writes the report to -prem-report's file, if one was named.
void writeReport(llvm::json::Object Report, llvm::Module &M);

class ReportPass : public llvm::PassInfoMixin<ReportPass> {
public:
  llvm::PreservedAnalyses run(llvm::Module &M,
                              llvm::ModuleAnalysisManager &MAM);
  static bool isRequired() { return true; }
};

} // namespace prem

#endif // PREM_ANALYSIS_REPORT_H
