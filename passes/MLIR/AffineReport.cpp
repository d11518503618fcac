//===- AffineReport.cpp - What prem-affine did, per nest ------------------===//
//
// Part of prem-llvm. Remarks and the JSON report of the MLIR path.
//
//===----------------------------------------------------------------------===//

#include "AffineReport.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Diagnostics.h"

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

llvm::json::Object NestRecord::toJSON() const {
  std::string Source = sourceOf(Loc);
  std::string Line = Source.substr(Source.rfind(':') + 1);
  llvm::json::Object Simt;
  if (BlockThreads) {
    Simt["kind"] = "thread-index";
    Simt["function"] = Function;
    Simt["expression"] =
        "blocks of " + std::to_string(BlockThreads) + " threads";
  } else {
    Simt["kind"] = "none";
    Simt["reason"] = "a host nest: each tile is an interval of the calling "
                     "thread";
  }
  llvm::json::Array Footprint, Prem, Phases;
  for (const ArrayRecord &A : Arrays) {
    llvm::json::Object F{{"name", A.Name},
                         {"access", A.Read && A.Written ? "read-write"
                                    : A.Written         ? "write"
                                                        : "read"},
                         {"element_bytes", A.ElementBytes}};
    if (A.WholeBytes >= 0)
      F["bytes"] = A.WholeBytes; // the whole nest's box
    if (Transformed)
      F["bytes_per_tile"] = A.BoxBytes;
    Footprint.push_back(std::move(F));
    if (!Transformed)
      continue;
    llvm::json::Array Box;
    for (int64_t E : A.Box)
      Box.push_back(E);
    Prem.push_back(llvm::json::Object{{"name", A.Name},
                                      {"read", A.Read},
                                      {"written", A.Written},
                                      {"box", std::move(Box)},
                                      {"box_bytes", A.BoxBytes}});
    Phases.push_back(llvm::json::Object{
        {"name", A.Name}, {"load", A.Load}, {"store", A.Store}});
  }
  llvm::json::Object FP{{"arrays", std::move(Footprint)},
                        {"depth", Depth},
                        {"band_loops", BandLoops}};
  if (WholeBytes >= 0)
    FP["bytes"] = WholeBytes;

  int64_t Iterations = 1;
  llvm::json::Array Sizes;
  for (unsigned S : TileSizes) {
    Sizes.push_back(S);
    Iterations *= S;
  }
  llvm::json::Object Tiling{{"tiled", Transformed}, {"depth", Depth},
                            {"why", Detail}};
  llvm::json::Object P{{"transformed", Transformed}, {"reason", Reason},
                       {"why", Detail}};
  if (Transformed) {
    // A whole loop without a constant trip count (size 0): no count.
    if (Iterations > 0) {
      Tiling["tile_iterations"] = Iterations;
      P["tile_iterations"] = Iterations;
    }
    Tiling["scratchpad_bytes_per_tile"] = BytesPerTile;
    P["mode"] = Mode;
    P["tile"] = std::move(Sizes);
    P["scratchpad_bytes_per_tile"] = BytesPerTile;
    P["load_bytes_per_tile"] = LoadBytes;
    P["store_bytes_per_tile"] = StoreBytes;
    P["arrays"] = std::move(Prem);
    P["phases"] = std::move(Phases);
    if (Intervals >= 0) {
      Tiling["intervals"] = Intervals;
      P["intervals"] = Intervals;
    }
  } else {
    Tiling["refusal"] = Reason;
  }
  llvm::json::Object K{{"name", Function + "@" + Line},
                       {"function", Function},
                       {"kind", BlockThreads ? "mlir-gpu" : "mlir-affine"},
                       {"source", Source},
                       {"simt", std::move(Simt)},
                       {"footprint", std::move(FP)},
                       {"tiling", std::move(Tiling)},
                       {"prem", std::move(P)}};
  if (BlockThreads)
    K["block_size"] = BlockThreads;
  return K;
}

void NestRecord::emitRemark() const {
  mlir::emitRemark(Loc) << "prem-affine [" << Reason << "]: " << Detail;
}

llvm::json::Object buildReport(llvm::StringRef Module, int64_t SpmBytes,
                               llvm::ArrayRef<NestRecord> Nests) {
  llvm::json::Array Kernels;
  for (const NestRecord &N : Nests)
    Kernels.push_back(N.toJSON());
  return llvm::json::Object{{"prem_report_version", 1},
                            {"module", Module},
                            {"target", "mlir-affine"},
                            {"spm_bytes", SpmBytes},
                            {"kernels", std::move(Kernels)}};
}

} // namespace prem::mlirpath
