//===- AffineReport.cpp - What prem-affine did, per nest ------------------===//
//
// Part of prem-llvm. Remarks and the JSON report of the MLIR path.
//
//===----------------------------------------------------------------------===//

#include "AffineReport.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Diagnostics.h"
#include "llvm/ADT/MapVector.h"

using namespace mlir;

namespace prem::mlirpath {

std::string sourceOf(Location Loc) {
  if (auto File = dyn_cast<FileLineColLoc>(Loc))
    return (File.getFilename().str() + ":" + std::to_string(File.getLine()));
  if (auto Fused = dyn_cast<FusedLoc>(Loc))
    for (Location L : Fused.getLocations())
      if (std::string S = sourceOf(L); !S.empty())
        return S;
  if (auto Named = dyn_cast<NameLoc>(Loc))
    return sourceOf(Named.getChildLoc());
  return "";
}

static llvm::json::Array toArray(llvm::ArrayRef<int64_t> Values) {
  llvm::json::Array A;
  for (int64_t V : Values)
    A.push_back(V);
  return A;
}

llvm::json::Object NestRecord::toJSON() const {
  llvm::json::Object O{{"source", sourceOf(Loc)},
                       {"depth", Depth},
                       {"band_loops", BandLoops},
                       {"transformed", Transformed},
                       {"reason", Reason},
                       {"why", Detail}};
  if (BlockThreads)
    O["block_threads"] = BlockThreads;
  llvm::json::Array Footprint, Phases;
  for (const ArrayRecord &A : Arrays) {
    llvm::json::Object F{{"name", A.Name},
                         {"access", A.Read && A.Written ? "read-write"
                                    : A.Written         ? "write"
                                                        : "read"},
                         {"element_bytes", A.ElementBytes}};
    if (A.WholeBytes >= 0)
      F["bytes"] = A.WholeBytes;
    Footprint.push_back(std::move(F));
    if (Transformed)
      Phases.push_back(llvm::json::Object{{"name", A.Name},
                                          {"read", A.Read},
                                          {"written", A.Written},
                                          {"box", toArray(A.Box)},
                                          {"box_bytes", A.BoxBytes}});
  }
  llvm::json::Object FP{{"arrays", std::move(Footprint)}};
  if (WholeBytes >= 0)
    FP["bytes"] = WholeBytes;
  O["footprint"] = std::move(FP);
  if (Transformed) {
    llvm::json::Array Sizes;
    for (unsigned S : TileSizes)
      Sizes.push_back(S);
    O["tile"] = std::move(Sizes);
    O["mode"] = Mode;
    O["arrays"] = std::move(Phases);
    O["bytes_per_tile"] = BytesPerTile;
    O["load_bytes_per_tile"] = LoadBytes;
    O["store_bytes_per_tile"] = StoreBytes;
  }
  return O;
}

void NestRecord::emitRemark() const {
  mlir::emitRemark(Loc) << "prem-affine [" << Reason << "]: " << Detail;
}

llvm::json::Object buildReport(llvm::StringRef Module, int64_t SpmBytes,
                               llvm::ArrayRef<NestRecord> Nests) {
  llvm::MapVector<llvm::StringRef, llvm::json::Array> ByFunction;
  for (const NestRecord &N : Nests)
    ByFunction[N.Function].push_back(N.toJSON());
  llvm::json::Array Kernels;
  for (auto &[Name, List] : ByFunction) {
    bool Any = llvm::any_of(List, [](const llvm::json::Value &V) {
      return V.getAsObject()->getBoolean("transformed").value_or(false);
    });
    Kernels.push_back(llvm::json::Object{{"name", Name},
                                         {"kind", "mlir-affine"},
                                         {"transformed", Any},
                                         {"nests", std::move(List)}});
  }
  return llvm::json::Object{{"prem_report_version", 1},
                            {"module", Module},
                            {"target", "mlir-affine"},
                            {"spm_bytes", SpmBytes},
                            {"kernels", std::move(Kernels)}};
}

} // namespace prem::mlirpath
