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

namespace {
enum class Arbiter { None, Device, Host, TDMA, RTGate, Launch };
} // namespace

static cl::opt<Arbiter> ArbiterPolicy(
    "prem-arbiter",
    cl::desc("Memory-phase arbitration policy of the linked device runtime"),
    cl::values(clEnumValN(Arbiter::None, "none",
                          "phase records only (measures the transformation)"),
               clEnumValN(Arbiter::Device, "device",
                          "a ticket token in global memory: one agent (GPU "
                          "block, host-offload thread) at a time in a memory "
                          "phase, served in order"),
               clEnumValN(Arbiter::TDMA, "tdma",
                          "time-triggered slots from the global timer, no "
                          "communication (slot table __prem_tdma)"),
               clEnumValN(Arbiter::Host, "host",
                          "GPUguard: memory windows granted by libprem's "
                          "time-triggered arbiter (host offload, NVPTX)"),
               clEnumValN(Arbiter::RTGate, "rtgate",
                          "real-time first: the kernel's blocks announce "
                          "their memory phases and never wait; best-effort "
                          "kernels (prem-comply) hold back meanwhile and "
                          "run under a budget (state __prem_gate)"),
               clEnumValN(Arbiter::Launch, "launch",
                          "every policy above; the program picks one when it "
                          "runs (PREM_ARBITER on host offload, __prem_arbiter "
                          "on a GPU)")),
    cl::init(Arbiter::None));

static cl::opt<std::string> RuntimeFile(
    "prem-runtime", cl::value_desc("file"),
    cl::desc("Device runtime bitcode to link into transformed modules "
             "(default: prem-rt-<triple>.bc beside the plugin)"));

uint64_t prem::runtimeScratchpadBytes(const Module &M) {
  // sizeof(agent_phase) in prem_rt.c: a block's state under the "host" and
  // "device" policies, two 64-bit words and two 32-bit flags.
  bool BlockState = ArbiterPolicy == Arbiter::Host ||
                    ArbiterPolicy == Arbiter::Device ||
                    ArbiterPolicy == Arbiter::RTGate ||
                    ArbiterPolicy == Arbiter::Launch;
  return BlockState && Triple(M.getTargetTriple()).isNVPTX() ? 24 : 0;
}

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
  if (Path.empty() &&
      (ArbiterPolicy == Arbiter::Host || ArbiterPolicy == Arbiter::RTGate) &&
      T.isAMDGPU()) {
    M.getContext().emitError(
        Twine("prem: the arbitration policy '") +
        (ArbiterPolicy == Arbiter::Host ? "host" : "rtgate") +
        "' is built for host offload and NVPTX only");
    return PreservedAnalyses::all();
  }
  if (Path.empty()) {
    SmallString<256> P(pluginDirectory());
    StringRef Suffix = ArbiterPolicy == Arbiter::Device   ? "-device"
                       : ArbiterPolicy == Arbiter::Host   ? "-host"
                       : ArbiterPolicy == Arbiter::TDMA   ? "-tdma"
                       : ArbiterPolicy == Arbiter::RTGate ? "-rtgate"
                       : ArbiterPolicy == Arbiter::Launch ? "-launch"
                                                          : "";
    sys::path::append(P,
                      "prem-rt-" + M.getTargetTriple().str() + Suffix + ".bc");
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
