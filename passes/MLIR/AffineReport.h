//===- AffineReport.h - What prem-affine did, per nest ----------*- C++ -*-===//
//
// Part of prem-llvm. One record per affine nest prem-affine looked at: the
// decision (a named reason when refused), the footprint and the phases. The
// records become remarks at the nest's location and the JSON report, in the
// schema of the LLVM path's report (docs/user-guide.md, "Reading the
// report"; tools/prem-report reads both): prem_report_version, module,
// target, spm_bytes, and one kernels entry per nest with its simt, footprint,
// tiling and prem objects.
//
//===----------------------------------------------------------------------===//

#ifndef PREM_MLIR_AFFINEREPORT_H
#define PREM_MLIR_AFFINEREPORT_H

#include "mlir/IR/Location.h"
#include "llvm/Support/JSON.h"

#include <string>

namespace prem::mlirpath {

struct ArrayRecord {
  std::string Name;
  bool Read = false, Written = false;
  llvm::SmallVector<int64_t, 4> Box; ///< per tile
  int64_t ElementBytes = 0;
  int64_t BoxBytes = 0;   ///< per tile
  int64_t WholeBytes = -1; ///< the whole nest's box (-1: not constant)
  std::string Load = "none", Store = "none"; ///< "box", "elements", "none"
};

struct NestRecord {
  std::string Function;
  mlir::Location Loc;
  unsigned Depth = 0;    ///< loops around the nest
  unsigned BandLoops = 0;
  bool Transformed = false;
  std::string Reason;     ///< a name per reason (remark and report)
  std::string Detail;     ///< the reason, or how the tile was chosen
  llvm::SmallVector<unsigned, 4> TileSizes;
  int64_t BytesPerTile = 0, LoadBytes = 0, StoreBytes = 0;
  int64_t WholeBytes = -1;
  int64_t Intervals = -1; ///< tiles of the nest (-1: not a constant)
  std::string Mode;
  int64_t BlockThreads = 0; ///< a GPU kernel's threads per block (0: host)
  llvm::SmallVector<ArrayRecord, 4> Arrays;

  explicit NestRecord(mlir::Location L) : Loc(L) {}
  llvm::json::Object toJSON() const;
  /// The remark at the nest: "prem-affine [Reason]: detail".
  void emitRemark() const;
};

/// The report document of a module: one kernels entry per nest.
llvm::json::Object buildReport(llvm::StringRef Module, int64_t SpmBytes,
                               llvm::ArrayRef<NestRecord> Nests);

/// "file:line" of a location, or "" where it has none.
std::string sourceOf(mlir::Location Loc);

} // namespace prem::mlirpath

#endif
