//===- LoadSite.h - Stable identities of a kernel's global loads -*- C++
//-*-===//
//
// Part of prem-llvm. The load profile (prem-instrument writes it, prem-bypass
// reads it) names each load of a kernel by where it is in the source, so that
// a profile taken on one build (host offload) applies to another (NVPTX) of
// the same source.
//
//===----------------------------------------------------------------------===//
#ifndef PREM_SUPPORT_LOADSITE_H
#define PREM_SUPPORT_LOADSITE_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/PassManager.h"
#include <cstdint>
#include <string>

namespace llvm {
class LoadInst;
class Value;
}

namespace prem {

struct KernelRecord;

/// A load of a kernel: the kernel's name, the file, line and column of the
/// load's debug location (empty and 0 without debug information), and the
/// ordinal among the kernel's loads at that same location (0 for most), in
/// the order of the kernel's regions and their instructions.
struct LoadSite {
  llvm::LoadInst *Load = nullptr;
  std::string Kernel;
  std::string File;
  unsigned Line = 0, Column = 0, Ordinal = 0;
  /// Bytes the load reads.
  uint64_t Bytes = 0;

  /// "file:line:column #ordinal", for remarks.
  std::string describe() const;
};

/// A simple load that may reach the L1 as a global load. Stack slots are
/// private to a thread and never do; on GPUs (NVPTX, AMDGPU) neither do
/// shared (3), constant (4) and local (5) memory, also when the pointer is a
/// generic one cast from them (the Execute phase reads the scratchpad so).
bool readsGlobalMemory(const llvm::LoadInst &LI, bool GPU);
/// Whether Ptr points into global memory: not a thread's stack, not (on a
/// GPU) the scratchpad or another non-global address space.
bool pointsToGlobalMemory(const llvm::Value *Ptr, bool GPU);
/// pointsToGlobalMemory, and not into a kernel's by-value argument (a
/// struct passed by value, a __grid_constant__), whose bytes are in the
/// parameter space (on the host, the caller's stack): the traffic a
/// best-effort kernel moves (prem-comply, prem-streaming-lower). The load
/// sites of a profile still count such loads: leaving them out would renumber
/// the sites of existing profiles.
bool movesGlobalMemory(const llvm::Value *Ptr, bool GPU);

/// The profiled loads of a kernel: simple loads from memory that is not the
/// thread's own stack (no alloca; on NVPTX not shared, constant or local
/// memory). In a kernel with an OpenMP worksharing loop, only the loads
/// inside that loop: they run once per iteration, which stands for a thread.
llvm::SmallVector<LoadSite, 16>
kernelLoadSites(const KernelRecord &K, llvm::FunctionAnalysisManager &FAM);

/// A hash of the kernel's load sites (locations, ordinals, sizes). A profile
/// whose hash differs was taken on other code: it is stale.
uint64_t loadShapeHash(llvm::ArrayRef<LoadSite> Sites);

} // namespace prem

#endif // PREM_SUPPORT_LOADSITE_H
