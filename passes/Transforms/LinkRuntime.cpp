//===- LinkRuntime.cpp - Link the device runtime into a module ------------===//
//
// USAGE:
//   opt -load-pass-plugin build/lib/PremPlugin.so
//       -passes=prem-tile,prem-les,prem-sync,prem-link-runtime kernel.ll
//
// Transformed device code calls the runtime (include/prem/prem_rt.h); device
// modules are linked by tools that know nothing of it, so the definitions
// they use are linked in here, from prem-rt-<triple>.bc beside the plugin
// (prem-rt-<triple>-<policy>.bc for -prem-arbiter=<policy>), or
// -prem-runtime=FILE. Functions become internal to the module (each
// translation unit has its own copy, no symbol clashes); the trace buffer is
// weak so that a program keeps one the host can find by name.
//
//===----------------------------------------------------------------------===//

#include "prem/Transforms/LinkRuntime.h"
#include "prem/Support/Arbiter.h"

#include "llvm/ADT/StringSet.h"
#include "llvm/IR/Module.h"
#include "llvm/IRReader/IRReader.h"
#include "llvm/Linker/Linker.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/TargetParser/Triple.h"
#include "llvm/Transforms/IPO/Internalize.h"

#include <dlfcn.h>

using namespace llvm;
using namespace prem;

static cl::opt<std::string> RuntimeFile(
    "prem-runtime", cl::value_desc("file"),
    cl::desc("Device runtime bitcode to link into transformed modules "
             "(default: prem-rt-<triple>.bc beside the plugin)"));

/// The directory the plugin was loaded from.
static std::string pluginDirectory() {
  Dl_info Info;
  if (!dladdr(reinterpret_cast<void *>(&pluginDirectory), &Info) ||
      !Info.dli_fname)
    return "";
  return sys::path::parent_path(Info.dli_fname).str();
}

PreservedAnalyses LinkRuntimePass::run(Module &M, ModuleAnalysisManager &) {
  bool Needed = any_of(M, [](const Function &F) {
    return F.isDeclaration() && F.getName().starts_with("__prem_") &&
           !F.use_empty();
  });
  if (!Needed)
    return PreservedAnalyses::all();
  std::string Path = RuntimeFile;
  Triple T(M.getTargetTriple());
  const ArbiterPolicy &Policy = arbiterPolicy();
  if (Path.empty() && Policy.Targets == ArbiterPolicy::NOT_AMDGPU &&
      T.isAMDGPU()) {
    M.getContext().emitError("prem: the arbitration policy '" + Policy.Name +
                             "' is built for host offload and NVPTX only");
    return PreservedAnalyses::all();
  }
  if (Path.empty()) {
    SmallString<256> P(pluginDirectory());
    sys::path::append(P, "prem-rt-" + M.getTargetTriple().str() +
                             Policy.runtimeSuffix() + ".bc");
    Path = P.str().str();
  }
  SMDiagnostic Err;
  std::unique_ptr<Module> Runtime = parseIRFile(Path, Err, M.getContext());
  if (!Runtime) {
    M.getContext().emitError("prem: cannot load the device runtime '" + Path +
                             "': " + Err.getMessage() +
                             " (build it, or name it with -prem-runtime)");
    return PreservedAnalyses::all();
  }
  // Another target's runtime would reach the back end as this target's code
  // and end in an instruction-selection crash: say which file is needed.
  // (A module without a triple, such as the tests' empty runtime, links.)
  Triple RuntimeTriple(Runtime->getTargetTriple());
  if (!Runtime->getTargetTriple().str().empty() &&
      RuntimeTriple.getArch() != T.getArch()) {
    M.getContext().emitError(
        "prem: the device runtime '" + Path + "' is for " +
        RuntimeTriple.str() + ", and this module for " + T.str() +
        ": link prem-rt-" + T.str() + ".bc (beside the plugin), or name a "
        "runtime for " + T.getArchName() + " with -prem-runtime");
    return PreservedAnalyses::all();
  }
  Runtime->setTargetTriple(M.getTargetTriple());
  Runtime->setDataLayout(M.getDataLayout());
  bool Failed = Linker::linkModules(
      M, std::move(Runtime), Linker::Flags::LinkOnlyNeeded,
      [](Module &M, const StringSet<> &Linked) {
        internalizeModule(M, [&Linked](const GlobalValue &GV) {
          return !isa<Function>(GV) || !Linked.contains(GV.getName());
        });
      });
  if (Failed)
    M.getContext().emitError("prem: linking the device runtime '" + Path +
                             "' failed");
  return PreservedAnalyses::none();
}
