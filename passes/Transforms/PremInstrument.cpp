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
// passes the load's site, the lane and the address. On host offload the lane
// is the iteration of the worksharing loop, so 32 consecutive iterations
// stand for a warp of 32 consecutive threads, as the design prescribes.
// GPU modules are not instrumented (their records would need a device
// buffer and a GPU to fill it): profile the host-offload build of the same
// source, whose load sites are the same (LoadSite.h).
//
//===----------------------------------------------------------------------===//

#include "prem/Transforms/PremInstrument.h"
#include "prem/Analysis/KernelInfo.h"
#include "prem/Support/LoadSite.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/CommandLine.h"
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

  Constant *site(const LoadSite &S, uint64_t Hash) {
    IRBuilder<> B(M.getContext());
    Constant *Init = ConstantStruct::get(
        SiteTy, {string(S.Kernel), string(S.File), B.getInt32(S.Line),
                 B.getInt32(S.Column), B.getInt32(S.Ordinal),
                 B.getInt32(S.Bytes), B.getInt64(Hash), Output});
    return new GlobalVariable(M, SiteTy, /*isConstant=*/true,
                              GlobalValue::PrivateLinkage, Init,
                              "prem.prof.site");
  }
};
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
  std::optional<SiteBuilder> Builder;
  bool Changed = false;
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
    if (T.isNVPTX() || T.isAMDGPU()) {
      Missed("load profiles are taken on host offload (profile the "
             "host-offload build of the same source and use the profile "
             "here)");
      continue;
    }
    if (K.SIMT.K != SIMTInfo::Kind::WorksharingLoop) {
      Missed("no worksharing loop whose iterations stand for threads");
      continue;
    }
    SmallVector<LoadSite, 16> Sites = kernelLoadSites(K, FAM);
    if (Sites.empty())
      continue;
    if (!Builder)
      Builder.emplace(M, ProfileGenerate);
    uint64_t Hash = loadShapeHash(Sites);
    for (const LoadSite &S : Sites) {
      IRBuilder<> B(S.Load);
      Value *Lane = B.CreateSExtOrTrunc(K.SIMT.InductionPhi, I64, "prem.lane");
      B.CreateCall(Record,
                   {Builder->site(S, Hash), Lane, S.Load->getPointerOperand()});
      ++NumProfiledLoads;
    }
    ORE.emit([&] {
      return OptimizationRemark("prem", "Profiled", Sites.front().Load)
             << "kernel " << K.Entry->getName() << ": "
             << ore::NV("Loads", unsigned(Sites.size()))
             << " global loads profiled";
    });
    FAM.invalidate(*K.SIMT.Region, PreservedAnalyses::none());
    Changed = true;
  }
  if (Record.getCallee()->use_empty())
    cast<Function>(Record.getCallee())->eraseFromParent();
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}
