//===- PremBypass.cpp - Profile-guided L1 bypass decisions ----------------===//
//
// USAGE:
//   opt -load-pass-plugin build/lib/PremPlugin.so -passes=prem-bypass
//       -prem-profile-use=k.profile.json k.ll
//   clang ... -fpass-plugin=PremPlugin.so -mllvm -prem-profile-use=FILE
//
// Seed 000 (Sec. 3.3.3, Eq. 3.1) bypasses an address A when U x (1 + R) < 1:
// caching A moves a whole line once, bypassing it moves only the used part,
// (1 + R) times. A GPU decides per load instruction, so the rule is summed
// over the lines a load brings into the L1 (design §2): the profile
// (tools/prem-profile, docs/profile-format.md) gives, per load, the bytes its
// fills move (bytes_cached) and the bytes the same accesses and their
// reuses would move uncached (bytes_bypassed = sum over fills of
// (1 + R) x the 32-byte sectors used); the load is bypassed when
// bytes_bypassed < bytes_cached. The decision is a mark (!prem.bypass) that
// prem-bypass-lower turns into ld.global.cg.
//
//===----------------------------------------------------------------------===//

#include "prem/Transforms/PremBypass.h"
#include "prem/Analysis/KernelInfo.h"
#include "prem/Support/LoadSite.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"

#define DEBUG_TYPE "prem-bypass"

using namespace llvm;
using namespace prem;

STATISTIC(NumBypassed, "Global loads marked to bypass the L1");

static cl::opt<std::string> ProfileUse(
    "prem-profile-use", cl::value_desc("file"),
    cl::desc("Load profile (tools/prem-profile) that decides which global "
             "loads bypass the L1 (ld.global.cg on NVPTX)"));

bool prem::profileUseRequested() { return !ProfileUse.empty(); }

namespace {
constexpr int64_t ProfileVersion = 1;

struct LoadProfile {
  std::string File;
  int64_t Line = 0, Column = 0, Ordinal = 0, Bytes = 0;
  double UtilizationLine = 0, UtilizationSector = 0, Reuse = 0;
  int64_t BytesCached = 0, BytesBypassed = 0;
};

struct KernelProfile {
  std::string Name, ShapeHash;
  std::vector<LoadProfile> Loads;
};

struct Profile {
  std::string Format;
  int64_t Version = 0;
  std::vector<KernelProfile> Kernels;
};

bool fromJSON(const json::Value &V, LoadProfile &L, json::Path P) {
  json::ObjectMapper O(V, P);
  if (!(O && O.map("file", L.File) && O.map("line", L.Line) &&
        O.map("column", L.Column) && O.map("ordinal", L.Ordinal) &&
        O.map("bytes", L.Bytes) &&
        O.map("utilization_line", L.UtilizationLine) &&
        O.map("utilization_sector", L.UtilizationSector) &&
        O.map("reuse", L.Reuse) && O.map("bytes_cached", L.BytesCached) &&
        O.map("bytes_bypassed", L.BytesBypassed)))
    return false;
  auto Check = [&](bool OK, StringRef Field, StringLiteral What) {
    if (!OK)
      P.field(Field).report(What);
    return OK;
  };
  return Check(L.UtilizationLine >= 0 && L.UtilizationLine <= 1,
               "utilization_line", "expected a number in [0, 1]") &&
         Check(L.UtilizationSector >= 0 && L.UtilizationSector <= 1,
               "utilization_sector", "expected a number in [0, 1]") &&
         Check(L.Reuse >= 0, "reuse", "expected a number >= 0") &&
         Check(L.BytesCached >= 0, "bytes_cached", "expected bytes >= 0") &&
         Check(L.BytesBypassed >= 0, "bytes_bypassed", "expected bytes >= 0");
}

bool fromJSON(const json::Value &V, KernelProfile &K, json::Path P) {
  json::ObjectMapper O(V, P);
  return O && O.map("name", K.Name) && O.map("shape_hash", K.ShapeHash) &&
         O.map("loads", K.Loads);
}

bool fromJSON(const json::Value &V, Profile &Pr, json::Path P) {
  json::ObjectMapper O(V, P);
  if (!(O && O.map("format", Pr.Format) && O.map("version", Pr.Version)))
    return false;
  if (Pr.Format != "prem-load-profile") {
    P.field("format").report("expected \"prem-load-profile\"");
    return false;
  }
  if (Pr.Version != ProfileVersion) {
    P.field("version").report("this plugin reads version 1");
    return false;
  }
  return O.map("kernels", Pr.Kernels);
}

/// How deep arrays and objects nest in Text, outside strings, and the line
/// where the deepest starts: llvm::json::parse recurses once per level, so a
/// file of nothing but '[' would overflow the stack.
static std::pair<unsigned, unsigned> deepestNesting(StringRef Text) {
  unsigned Depth = 0, Deepest = 0, Line = 1, DeepestLine = 1;
  bool InString = false, Escaped = false;
  for (char Ch : Text) {
    if (Ch == '\n')
      ++Line;
    if (InString) {
      if (Escaped)
        Escaped = false;
      else if (Ch == '\\')
        Escaped = true;
      else if (Ch == '"')
        InString = false;
      continue;
    }
    if (Ch == '"')
      InString = true;
    else if (Ch == '[' || Ch == '{') {
      if (++Depth > Deepest) {
        Deepest = Depth;
        DeepestLine = Line;
      }
    } else if ((Ch == ']' || Ch == '}') && Depth)
      --Depth;
  }
  return {Deepest, DeepestLine};
}

/// Reads and checks the profile; reports what is wrong, naming the file.
std::optional<Profile> readProfile(StringRef Path, LLVMContext &C) {
  auto Buffer = MemoryBuffer::getFile(Path, /*IsText=*/true);
  if (!Buffer) {
    C.emitError("prem: cannot read the load profile '" + Path +
                "': " + Buffer.getError().message());
    return std::nullopt;
  }
  // A load profile nests four levels (docs/profile-format.md).
  constexpr unsigned MaxNesting = 64;
  auto [Depth, DepthLine] = deepestNesting((*Buffer)->getBuffer());
  if (Depth > MaxNesting) {
    C.emitError("prem: the load profile '" + Path + "' nests arrays and " +
                "objects more than " + Twine(MaxNesting) +
                " levels deep (line " + Twine(DepthLine) +
                "): not a load profile");
    return std::nullopt;
  }
  Expected<json::Value> Parsed = json::parse((*Buffer)->getBuffer());
  if (!Parsed) {
    C.emitError("prem: the load profile '" + Path +
                "' is not JSON: " + toString(Parsed.takeError()));
    return std::nullopt;
  }
  Profile Result;
  json::Path::Root Root("profile");
  if (!fromJSON(*Parsed, Result, Root)) {
    std::string Why;
    raw_string_ostream OS(Why);
    OS << toString(Root.getError());
    C.emitError("prem: the load profile '" + Path + "' is malformed: " + Why);
    return std::nullopt;
  }
  return Result;
}

std::string twoDecimals(double V) { return formatv("{0:F2}", V).str(); }

std::string siteKey(StringRef File, int64_t Line, int64_t Column,
                    int64_t Ordinal) {
  return (File + ":" + Twine(Line) + ":" + Twine(Column) + "#" + Twine(Ordinal))
      .str();
}
} // namespace

PreservedAnalyses PremBypassPass::run(Module &M, ModuleAnalysisManager &MAM) {
  if (ProfileUse.empty() || !isDeviceModule(M))
    return PreservedAnalyses::all();
  LLVMContext &C = M.getContext();
  std::optional<Profile> Prof = readProfile(ProfileUse, C);
  if (!Prof)
    return PreservedAnalyses::all();
  StringMap<const KernelProfile *> ByName;
  for (const KernelProfile &K : Prof->Kernels)
    ByName[K.Name] = &K;

  const KernelInfo &KI = MAM.getResult<KernelAnalysis>(M);
  auto &FAM = MAM.getResult<FunctionAnalysisManagerModuleProxy>(M).getManager();
  for (const KernelRecord &K : KI.Kernels) {
    SmallVector<LoadSite, 16> Sites = kernelLoadSites(K, FAM);
    if (Sites.empty())
      continue;
    Function *Anchor = K.SIMT.Region ? K.SIMT.Region : K.Entry;
    auto &ORE = FAM.getResult<OptimizationRemarkEmitterAnalysis>(*Anchor);
    const KernelProfile *KP = ByName.lookup(K.Entry->getName());
    if (!KP) {
      ORE.emit([&] {
        return OptimizationRemarkMissed(
                   "prem", "NoProfile",
                   &*Anchor->getEntryBlock().getFirstNonPHIOrDbg())
               << "kernel " << K.Entry->getName() << " has no entry in '"
               << ProfileUse << "': its loads keep the L1";
      });
      continue;
    }
    std::string Hash;
    raw_string_ostream(Hash) << format_hex_no_prefix(loadShapeHash(Sites), 16);
    if (KP->ShapeHash != Hash) {
      std::string Msg = ("prem: the load profile '" + ProfileUse +
                         "' is stale for kernel " + K.Entry->getName() +
                         " (its loads hash to " + Hash + ", the profile's to " +
                         KP->ShapeHash + "); no load of the kernel is bypassed")
                            .str();
      C.diagnose(DiagnosticInfoGeneric(Msg, DS_Warning));
      continue;
    }
    StringMap<const LoadProfile *> BySite;
    for (const LoadProfile &L : KP->Loads)
      BySite[siteKey(L.File, L.Line, L.Column, L.Ordinal)] = &L;
    for (const LoadSite &S : Sites) {
      auto &SiteORE = FAM.getResult<OptimizationRemarkEmitterAnalysis>(
          *S.Load->getFunction());
      const LoadProfile *L =
          BySite.lookup(siteKey(S.File, S.Line, S.Column, S.Ordinal));
      if (!L || L->Bytes != int64_t(S.Bytes)) {
        SiteORE.emit([&] {
          return OptimizationRemarkMissed("prem", "NoProfile", S.Load)
                 << "load at " << S.describe()
                 << (L ? " reads another size than the profiled one"
                       : " has no profile data")
                 << ": it keeps the L1";
        });
        continue;
      }
      bool Bypass = L->BytesBypassed < L->BytesCached;
      auto Describe = [&](auto R) {
        R << "load at " << S.describe() << ": U = "
          << ore::NV("UtilizationLine", twoDecimals(L->UtilizationLine))
          << " (lines), "
          << ore::NV("UtilizationSector", twoDecimals(L->UtilizationSector))
          << " (sectors), R = " << ore::NV("Reuse", twoDecimals(L->Reuse))
          << "; caching moves " << ore::NV("BytesCached", L->BytesCached)
          << " bytes, bypassing " << ore::NV("BytesBypassed", L->BytesBypassed)
          << (Bypass ? ": bypasses the L1" : ": keeps the L1");
        return R;
      };
      if (Bypass) {
        S.Load->setMetadata(BypassMD, MDNode::get(C, {}));
        ++NumBypassed;
        SiteORE.emit([&] {
          return Describe(OptimizationRemark("prem", "L1Bypass", S.Load));
        });
      } else {
        SiteORE.emit([&] {
          return Describe(OptimizationRemarkMissed("prem", "L1Kept", S.Load));
        });
      }
    }
  }
  // Marks are metadata: every analysis still holds.
  return PreservedAnalyses::all();
}
