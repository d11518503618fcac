//===- PremInstrument.cpp - Profile a kernel's global loads ---------------===//
//
// USAGE:
//   opt -load-pass-plugin build/lib/PremPlugin.so -passes=prem-instrument
//       -prem-profile-generate=k.profraw k.ll
//   clang ... -fpass-plugin=PremPlugin.so -mllvm -prem-profile-generate=F
//
// Seed 000 (Sec. 3.3) profiles every address a global load touches, per
// warp, inside a simulator. Here the program itself records them: before
// each profiled load (prem::kernelLoadSites) a call to __prem_prof_load
// passes the load's site, the lane and the address.
// - Host offload: the lane is the iteration of the worksharing loop, so 32
//   consecutive iterations stand for a warp of 32 consecutive threads, as
//   the design prescribes; the runtime writes the records at exit.
// - CUDA kernels on NVPTX: the lane is the thread's global x index, so that
//   lanes 32k..32k+31 are a real warp of a 1-D grid. The records stay in
//   device memory; the sites are one array, __prem_prof_sites, described in
//   FILE.sites, which the host joins with the records it reads back
//   (bench/gpu/profile_gpu.py).
// OpenMP NVPTX kernels and AMDGPU are not instrumented: profile the
// host-offload build of the same source, whose load sites are the same
// (LoadSite.h).
//
//===----------------------------------------------------------------------===//

#include "prem/Transforms/PremInstrument.h"
#include "prem/Analysis/KernelInfo.h"
#include "prem/Support/LoadSite.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicsNVPTX.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/TargetParser/Triple.h"

#define DEBUG_TYPE "prem-instrument"

using namespace llvm;
using namespace prem;

STATISTIC(NumProfiledLoads, "Global loads instrumented for the L1 profile");

static cl::opt<std::string> ProfileGenerate(
    "prem-profile-generate", cl::value_desc("file"),
    cl::desc("Instrument kernels' global loads; the program writes their "
             "addresses to this file (or $PREM_PROFILE_FILE) when it ends, "
             "for tools/prem-profile. Kernels are not PREM-transformed"));

bool prem::profileGenerateRequested() { return !ProfileGenerate.empty(); }

namespace {
/// Builds the prem_prof_site constants of include/prem/prem_rt.h; kernel and
/// file names are shared between the sites that name them.
class SiteBuilder {
  Module &M;
  StructType *SiteTy;
  StringMap<Constant *> Strings;
  Constant *Output;

  Constant *string(StringRef Text) {
    Constant *&GV = Strings[Text];
    if (!GV) {
      auto *Init = ConstantDataArray::getString(M.getContext(), Text);
      auto *Var = new GlobalVariable(M, Init->getType(), /*isConstant=*/true,
                                     GlobalValue::PrivateLinkage, Init,
                                     "prem.prof.str");
      Var->setUnnamedAddr(GlobalValue::UnnamedAddr::Global);
      GV = Var;
    }
    return GV;
  }

public:
  SiteBuilder(Module &M, StringRef OutputFile) : M(M) {
    LLVMContext &C = M.getContext();
    Type *Ptr = PointerType::getUnqual(C), *I32 = Type::getInt32Ty(C),
         *I64 = Type::getInt64Ty(C);
    SiteTy = StructType::get(C, {Ptr, Ptr, I32, I32, I32, I32, I64, Ptr});
    Output = string(OutputFile);
  }

  Constant *init(const LoadSite &S, uint64_t Hash) {
    IRBuilder<> B(M.getContext());
    return ConstantStruct::get(
        SiteTy, {string(S.Kernel), string(S.File), B.getInt32(S.Line),
                 B.getInt32(S.Column), B.getInt32(S.Ordinal),
                 B.getInt32(S.Bytes), B.getInt64(Hash), Output});
  }

  /// A site of its own (host offload: the runtime names sites by address).
  Constant *site(const LoadSite &S, uint64_t Hash) {
    return new GlobalVariable(M, SiteTy, /*isConstant=*/true,
                              GlobalValue::PrivateLinkage, init(S, Hash),
                              "prem.prof.site");
  }

  /// All sites in one array the host finds by name (GPU): element I.
  SmallVector<Constant *, 16>
  siteArray(ArrayRef<std::pair<const LoadSite *, uint64_t>> Sites) {
    SmallVector<Constant *, 16> Inits;
    for (auto [S, Hash] : Sites)
      Inits.push_back(init(*S, Hash));
    auto *Ty = ArrayType::get(SiteTy, Inits.size());
    auto *Array = new GlobalVariable(
        M, Ty, /*isConstant=*/true, GlobalValue::ExternalLinkage,
        ConstantArray::get(Ty, Inits), "__prem_prof_sites");
    SmallVector<Constant *, 16> Elements;
    for (unsigned I = 0; I < Inits.size(); ++I)
      Elements.push_back(ConstantExpr::getInBoundsGetElementPtr(
          Ty, Array,
          ArrayRef<Constant *>{
              ConstantInt::get(Type::getInt64Ty(M.getContext()), 0),
              ConstantInt::get(Type::getInt64Ty(M.getContext()), I)}));
    return Elements;
  }
};

/// FILE.sites: the sites of a GPU module in the raw profile's "S" lines,
/// numbered as in __prem_prof_sites (tools/prem-profile reads them).
static void writeSites(LLVMContext &C, StringRef Path,
                       ArrayRef<std::pair<const LoadSite *, uint64_t>> Sites) {
  std::error_code EC;
  raw_fd_ostream OS(Path, EC, sys::fs::OF_Text);
  if (EC) {
    C.emitError("prem-instrument: cannot write the load sites '" + Path +
                "': " + EC.message());
    return;
  }
  for (auto [I, Site] : enumerate(Sites)) {
    const LoadSite &S = *Site.first;
    OS << "S " << I << " " << S.Kernel << " "
       << (S.File.empty() ? StringRef("-") : StringRef(S.File)) << " " << S.Line
       << " " << S.Column << " " << S.Ordinal << " " << S.Bytes << " "
       << format_hex_no_prefix(Site.second, 16) << "\n";
  }
}

/// The thread's global x index, where lanes of a 1-D grid are consecutive.
static Value *globalThreadX(IRBuilderBase &B) {
  auto Read = [&](Intrinsic::ID ID) {
    return B.CreateZExt(B.CreateIntrinsic(ID, {}), B.getInt64Ty());
  };
  Value *Thread = Read(Intrinsic::nvvm_read_ptx_sreg_tid_x);
  Value *Threads = Read(Intrinsic::nvvm_read_ptx_sreg_ntid_x);
  Value *Block = Read(Intrinsic::nvvm_read_ptx_sreg_ctaid_x);
  return B.CreateAdd(B.CreateMul(Block, Threads), Thread, "prem.lane");
}
} // namespace

PreservedAnalyses PremInstrumentPass::run(Module &M,
                                          ModuleAnalysisManager &MAM) {
  if (ProfileGenerate.empty() || !isDeviceModule(M))
    return PreservedAnalyses::all();
  const KernelInfo &KI = MAM.getResult<KernelAnalysis>(M);
  auto &FAM = MAM.getResult<FunctionAnalysisManagerModuleProxy>(M).getManager();
  Triple T(M.getTargetTriple());
  LLVMContext &C = M.getContext();
  Type *Ptr = PointerType::getUnqual(C), *I64 = Type::getInt64Ty(C);
  FunctionCallee Record = M.getOrInsertFunction(
      "__prem_prof_load", Type::getVoidTy(C), Ptr, I64, Ptr);
  // Every kernel's sites first: a GPU module's sites become one array.
  struct ProfiledKernel {
    SmallVector<LoadSite, 16> Sites;
    PHINode *Lane; // the worksharing IV; null: the thread's global x index
  };
  SmallVector<ProfiledKernel, 4> Kernels;
  for (const KernelRecord &K : KI.Kernels) {
    Function *Anchor = K.SIMT.Region ? K.SIMT.Region : K.Entry;
    auto &ORE = FAM.getResult<OptimizationRemarkEmitterAnalysis>(*Anchor);
    auto Missed = [&](StringRef Why) {
      ORE.emit([&] {
        return OptimizationRemarkMissed(
                   "prem", "NotProfiled",
                   &*Anchor->getEntryBlock().getFirstNonPHIOrDbg())
               << "loads of kernel " << K.Entry->getName()
               << " are not profiled: " << Why;
      });
    };
    if (T.isAMDGPU() ||
        (T.isNVPTX() && K.SIMT.K != SIMTInfo::Kind::ThreadIndex)) {
      Missed("on this target only CUDA kernels are profiled (profile the "
             "host-offload build of the same source and use the profile "
             "here)");
      continue;
    }
    if (!T.isNVPTX() && K.SIMT.K != SIMTInfo::Kind::WorksharingLoop) {
      Missed("no worksharing loop whose iterations stand for threads");
      continue;
    }
    SmallVector<LoadSite, 16> Sites = kernelLoadSites(K, FAM);
    if (Sites.empty())
      continue;
    ORE.emit([&] {
      return OptimizationRemark("prem", "Profiled", Sites.front().Load)
             << "kernel " << K.Entry->getName() << ": "
             << ore::NV("Loads", unsigned(Sites.size()))
             << " global loads profiled"
             << (T.isNVPTX() ? " (records in device memory)" : "");
    });
    Kernels.push_back(
        {std::move(Sites), T.isNVPTX() ? nullptr : K.SIMT.InductionPhi});
  }

  // Pointers into Kernels only now that it no longer grows.
  SmallVector<std::pair<const LoadSite *, uint64_t>, 16> SiteList;
  SmallVector<PHINode *, 16> Lanes;
  for (const ProfiledKernel &PK : Kernels) {
    uint64_t Hash = loadShapeHash(PK.Sites);
    for (const LoadSite &S : PK.Sites) {
      SiteList.push_back({&S, Hash});
      Lanes.push_back(PK.Lane);
    }
  }
  if (!SiteList.empty()) {
    SiteBuilder Builder(M, ProfileGenerate);
    SmallVector<Constant *, 16> Sites;
    if (T.isNVPTX())
      Sites = Builder.siteArray(SiteList);
    else
      for (auto [S, Hash] : SiteList)
        Sites.push_back(Builder.site(*S, Hash));
    SmallPtrSet<Function *, 8> Touched;
    for (auto [I, Site] : enumerate(SiteList)) {
      LoadInst *Load = Site.first->Load;
      IRBuilder<> B(Load);
      Value *Lane = Lanes[I] ? B.CreateSExtOrTrunc(Lanes[I], I64, "prem.lane")
                             : globalThreadX(B);
      B.CreateCall(Record, {Sites[I], Lane, Load->getPointerOperand()});
      Touched.insert(Load->getFunction());
      ++NumProfiledLoads;
    }
    if (T.isNVPTX())
      writeSites(C, ProfileGenerate + ".sites", SiteList);
    for (Function *F : Touched)
      FAM.invalidate(*F, PreservedAnalyses::none());
  }
  if (Record.getCallee()->use_empty())
    cast<Function>(Record.getCallee())->eraseFromParent();
  return SiteList.empty() ? PreservedAnalyses::all()
                          : PreservedAnalyses::none();
}
