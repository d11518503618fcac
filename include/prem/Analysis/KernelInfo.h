//===- KernelInfo.h - Find GPU kernels and their SIMT loops -----*- C++ -*-===//
//
// Part of prem-llvm. The prem-kernels analysis: which functions of a device
// module are kernels, which functions hold their work (OpenMP outlined
// regions), and which loop or thread index distributes that work over threads
// (seed 001, Sec. 3.2.1-3.2.2: the "SIMT loop").
//
//===----------------------------------------------------------------------===//
#ifndef PREM_ANALYSIS_KERNELINFO_H
#define PREM_ANALYSIS_KERNELINFO_H

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/IR/PassManager.h"
#include <array>
#include <optional>

namespace llvm {
class BasicBlock;
class CallBase;
class PHINode;
class Function;
class Module;
class Value;
class raw_ostream;
} // namespace llvm

namespace prem {

enum class KernelKind { CUDA, AMDGPU, OpenMPTarget };
llvm::StringRef kernelKindName(KernelKind K);

/// How the work of a kernel is spread over the threads of a block.
struct SIMTInfo {
  enum class Kind {
    /// An OpenMP worksharing loop: iterations handed out by
    /// __kmpc_for_static_init_* (or its distribute variants).
    WorksharingLoop,
    /// A CUDA/HIP kernel without such a loop: each thread runs the body once
    /// for its thread index.
    ThreadIndex,
    /// Nothing recognisable; Reason says why.
    None
  };
  Kind K = Kind::None;
  /// Function holding the SIMT loop or thread-index computation.
  llvm::Function *Region = nullptr;
  /// WorksharingLoop: header of the loop distributed over threads, and the
  /// runtime call that hands out its bounds.
  llvm::BasicBlock *LoopHeader = nullptr;
  llvm::CallBase *WorksharingCall = nullptr;
  /// The header PHI that starts at the lower bound the runtime hands out.
  llvm::PHINode *InductionPhi = nullptr;
  /// The whole iteration space the runtime distributes, when the bounds
  /// stored before the outermost static-init call are constants.
  std::optional<int64_t> GlobalLower, GlobalUpper;
  /// ThreadIndex: the x thread-index reads (nvvm tid.x / amdgcn workitem.id.x),
  /// and the index expression the first one feeds (blockIdx.x * blockDim.x +
  /// threadIdx.x, as SCEV prints it).
  llvm::SmallVector<llvm::Value *, 2> ThreadIndexReads;
  std::string ThreadIndexExpr;
  /// Threads per block, when the kernel or the user says
  /// (__launch_bounds__, reqntid, num_threads, -prem-block-size).
  std::optional<unsigned> BlockSize;
  /// ThreadIndex kernels of 2-D or 3-D blocks: the y and z thread-index
  /// reads, and the block's shape (threads along x, y, z). The footprint
  /// numbers a block's threads t = x + X * (y + Y * z), so x = t mod X,
  /// y = floor(t / X) mod Y, z = floor(t / (X * Y)); a block of another
  /// shape runs the original code (checked at launch).
  llvm::SmallVector<llvm::Value *, 2> ThreadIndexReadsY, ThreadIndexReadsZ;
  std::optional<std::array<unsigned, 3>> BlockShape;
  /// The reads of the x, y and z thread index, in that order.
  std::array<const llvm::SmallVector<llvm::Value *, 2> *, 3>
  threadIndexReadsByDim() const {
    return {&ThreadIndexReads, &ThreadIndexReadsY, &ThreadIndexReadsZ};
  }
  /// Which thread index (0: x, 1: y, 2: z) V is one of the reads of, if any.
  std::optional<unsigned> threadIndexDim(const llvm::Value *V) const;
  std::string Reason;
};

struct KernelRecord {
  llvm::Function *Entry = nullptr;
  KernelKind Kind = KernelKind::CUDA;
  /// Entry and every function its work runs in: outlined OpenMP regions
  /// handed to the runtime (__kmpc_fork_call, __kmpc_parallel_*, ...) and
  /// direct callees defined in the module, in discovery order.
  llvm::SmallVector<llvm::Function *, 4> Regions;
  SIMTInfo SIMT;
};

class KernelInfo {
public:
  llvm::SmallVector<KernelRecord, 4> Kernels;
  /// True for NVPTX/AMDGPU modules and OpenMP device modules of any target.
  bool IsDeviceModule = false;

  const KernelRecord *lookup(const llvm::Function &Entry) const;
  void print(llvm::raw_ostream &OS) const;
  bool invalidate(llvm::Module &, const llvm::PreservedAnalyses &PA,
                  llvm::ModuleAnalysisManager::Invalidator &);
};

/// True when the module is device code: NVPTX/AMDGPU triples or an OpenMP
/// target-device module (the "openmp-device" module flag), so host code is
/// never touched under clang.
bool isDeviceModule(const llvm::Module &M);

/// Computes KernelInfo; needs the function analysis proxy for LoopInfo.
class KernelAnalysis : public llvm::AnalysisInfoMixin<KernelAnalysis> {
  friend llvm::AnalysisInfoMixin<KernelAnalysis>;
  static llvm::AnalysisKey Key;

public:
  using Result = KernelInfo;
  Result run(llvm::Module &M, llvm::ModuleAnalysisManager &MAM);
};

class KernelPrinterPass : public llvm::PassInfoMixin<KernelPrinterPass> {
  llvm::raw_ostream &OS;

public:
  explicit KernelPrinterPass(llvm::raw_ostream &OS) : OS(OS) {}
  llvm::PreservedAnalyses run(llvm::Module &M,
                              llvm::ModuleAnalysisManager &MAM);
  static bool isRequired() { return true; }
};

} // namespace prem

#endif // PREM_ANALYSIS_KERNELINFO_H
