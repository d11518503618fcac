//===- Plugin.cpp - Register the prem-llvm passes -------------------------===//
//
// USAGE:
//   opt -load-pass-plugin build/lib/PremPlugin.so
//       -passes='print<prem-kernels>,print<prem-footprint>' k.ll
//   clang -O2 -fopenmp -fopenmp-targets=x86_64-unknown-linux-gnu
//       -fpass-plugin=build/lib/PremPlugin.so app.c
//
// Registration only. Under clang the plugin runs at the start of the
// optimisation pipeline (after inlining and loop canonicalisation, before
// vectorisation and runtime unrolling) and only on device modules; host code
// is never touched.
//
//===----------------------------------------------------------------------===//

#include "prem/Analysis/BarrierPhases.h"
#include "prem/Analysis/Footprint.h"
#include "prem/Analysis/KernelInfo.h"
#include "prem/Analysis/Report.h"
#include "prem/Analysis/TilingPlan.h"
#include "prem/Transforms/LibdeviceAttrs.h"
#include "prem/Transforms/LinkRuntime.h"
#include "prem/Transforms/PremBypass.h"
#include "prem/Transforms/PremComply.h"
#include "prem/Transforms/PremHoist.h"
#include "prem/Transforms/PremInstrument.h"
#include "prem/Transforms/PremLES.h"
#include "prem/Transforms/PremSync.h"
#include "prem/Transforms/PremTile.h"
#include "prem/Transforms/StreamingLower.h"

#include "llvm/IR/Module.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Plugins/PassPlugin.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;
using namespace prem;

namespace {
/// Runs the PREM pipeline on device modules and leaves host modules alone.
/// The passes run under a pass manager of their own, so that -ftime-report
/// and -print-after see each of them. The report describes the kernels as
/// they came in, plus what the passes did to them. A profile-generating
/// build only instruments: the profile describes the kernels as written.
/// With -prem-best-effort the kernels are only made best-effort agents
/// (prem-comply). With a profile, the bypass marks come first, so that the loads the PREM
/// passes clone keep them, and become ld.global.cg last.
/// Once per module: under LTO (AMDGPU offload) the optimizer runs again on
/// a module the pipeline already transformed, which the flag marks.
struct DeviceModulePipeline : PassInfoMixin<DeviceModulePipeline> {
  static constexpr const char *DoneFlag = "prem-llvm";
  PreservedAnalyses run(Module &M, ModuleAnalysisManager &MAM) {
    if (!isDeviceModule(M) || M.getModuleFlag(DoneFlag))
      return PreservedAnalyses::all();
    M.addModuleFlag(Module::Max, DoneFlag, 1);
    ModulePassManager MPM;
    if (profileGenerateRequested()) {
      MPM.addPass(PremInstrumentPass());
      MPM.addPass(LinkRuntimePass());
      return MPM.run(M, MAM);
    }
    if (bestEffortRequested()) {
      MPM.addPass(PremComplyPass());
      MPM.addPass(LinkRuntimePass());
      return MPM.run(M, MAM);
    }
    MPM.addPass(ReportSnapshotPass());
    if (profileUseRequested())
      MPM.addPass(PremBypassPass());
    MPM.addPass(PremTilePass());
    MPM.addPass(PremLESPass());
    MPM.addPass(PremHoistPass());
    MPM.addPass(PremSyncPass());
    if (profileUseRequested())
      MPM.addPass(BypassLowerPass());
    MPM.addPass(LinkRuntimePass());
    MPM.addPass(ReportPass());
    return MPM.run(M, MAM);
  }
  static bool isRequired() { return true; }
};
} // namespace

static void registerPasses(PassBuilder &PB) {
  // Pipeline names for -print-before/-print-after/-filter-passes.
  if (PassInstrumentationCallbacks *PIC =
          PB.getPassInstrumentationCallbacks()) {
    PIC->addClassToPassName(PremTilePass::name(), "prem-tile");
    PIC->addClassToPassName(PremLESPass::name(), "prem-les");
    PIC->addClassToPassName(PremSyncPass::name(), "prem-sync");
    PIC->addClassToPassName(PremHoistPass::name(), "prem-hoist");
    PIC->addClassToPassName(PremComplyPass::name(), "prem-comply");
    PIC->addClassToPassName(LinkRuntimePass::name(), "prem-link-runtime");
    PIC->addClassToPassName(PremInstrumentPass::name(), "prem-instrument");
    PIC->addClassToPassName(PremBypassPass::name(), "prem-bypass");
    PIC->addClassToPassName(BypassLowerPass::name(), "prem-bypass-lower");
    PIC->addClassToPassName(StreamingLowerPass::name(),
                            "prem-streaming-lower");
    PIC->addClassToPassName(LibdeviceAttrsPass::name(), "prem-libdevice-attrs");
    PIC->addClassToPassName(ReportPass::name(), "prem-report");
    PIC->addClassToPassName(ReportSnapshotPass::name(), "prem-report-snapshot");
  }
  PB.registerAnalysisRegistrationCallback([](ModuleAnalysisManager &MAM) {
    MAM.registerPass([] { return KernelAnalysis(); });
    MAM.registerPass([] { return FootprintAnalysis(); });
    MAM.registerPass([] { return TilingAnalysis(); });
    MAM.registerPass([] { return BarrierPhaseAnalysis(); });
    MAM.registerPass([] { return TransformRecordsAnalysis(); });
  });
  PB.registerPipelineParsingCallback(
      [](StringRef Name, ModulePassManager &MPM,
         ArrayRef<PassBuilder::PipelineElement>) {
        if (Name == "print<prem-kernels>") {
          MPM.addPass(KernelPrinterPass(outs()));
          return true;
        }
        if (Name == "print<prem-footprint>") {
          MPM.addPass(FootprintPrinterPass(outs()));
          return true;
        }
        if (Name == "print<prem-barrier-phases>") {
          MPM.addPass(BarrierPhasePrinterPass(outs()));
          return true;
        }
        if (Name == "print<prem-tiling>") {
          MPM.addPass(TilingPrinterPass(outs()));
          return true;
        }
        if (Name == "prem-tile") {
          MPM.addPass(PremTilePass());
          return true;
        }
        if (Name == "prem-les") {
          MPM.addPass(PremLESPass());
          return true;
        }
        if (Name == "prem-hoist") {
          MPM.addPass(PremHoistPass());
          return true;
        }
        if (Name == "prem-sync") {
          MPM.addPass(PremSyncPass());
          return true;
        }
        if (Name == "prem-comply") {
          MPM.addPass(PremComplyPass());
          return true;
        }
        if (Name == "prem-link-runtime") {
          MPM.addPass(LinkRuntimePass());
          return true;
        }
        if (Name == "prem-instrument") {
          MPM.addPass(PremInstrumentPass());
          return true;
        }
        if (Name == "prem-bypass") {
          MPM.addPass(PremBypassPass());
          return true;
        }
        if (Name == "prem-bypass-lower") {
          MPM.addPass(BypassLowerPass());
          return true;
        }
        if (Name == "prem-streaming-lower") {
          MPM.addPass(StreamingLowerPass());
          return true;
        }
        if (Name == "prem-report") {
          MPM.addPass(ReportPass());
          return true;
        }
        if (Name == "prem-libdevice-attrs") {
          MPM.addPass(LibdeviceAttrsPass());
          return true;
        }
        if (Name == "prem") {
          MPM.addPass(DeviceModulePipeline());
          return true;
        }
        return false;
      });
  // Before the simplification pipeline, so that LICM and GVN see that a
  // call of libdevice's math leaves memory alone.
  PB.registerPipelineStartEPCallback(
      [](ModulePassManager &MPM, OptimizationLevel) {
        MPM.addPass(LibdeviceAttrsPass());
      });
  PB.registerOptimizerEarlyEPCallback(
      [](ModulePassManager &MPM, OptimizationLevel, ThinOrFullLTOPhase) {
        MPM.addPass(DeviceModulePipeline());
      });
  // A best-effort kernel's streaming marks become ld.cs / st.cs once the
  // optimizer has done with its loads and stores.
  PB.registerOptimizerLastEPCallback(
      [](ModulePassManager &MPM, OptimizationLevel, ThinOrFullLTOPhase) {
        if (bestEffortRequested())
          MPM.addPass(StreamingLowerPass());
      });
}

extern "C" LLVM_ATTRIBUTE_WEAK PassPluginLibraryInfo llvmGetPassPluginInfo() {
  return {LLVM_PLUGIN_API_VERSION, "PremPlugin", "0.1.0", registerPasses};
}
