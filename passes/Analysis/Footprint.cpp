//===- Footprint.cpp - Memory footprint of kernel loop nests --------------===//
//
// USAGE:
//   opt -load-pass-plugin build/lib/PremPlugin.so
//       -passes='print<prem-footprint>' -disable-output kernel.ll
//   (add -prem-footprint-tile=32,8 to count the bytes of such a tile)
//
// Seed 001, Algorithm 1 computes, per loop, the address range of every access
// from its SCEV (start, step, trip count). Ranges over-count when accesses
// overlap (a stencil's A[i-1], A[i], A[i+1]) and cannot describe a 2D tile of
// a row-major array exactly. This analysis keeps SCEV as the front end but
// turns every access into an affine form over the nest's loop dimensions and
// hands those to isl: the elements a nest or a tile touches are an exact
// integer set, unions merge overlapping accesses, and counting that set gives
// the bytes a tile moves with each byte counted once.
//
// Dimensions: depth 0 is the SIMT dimension. For an OpenMP worksharing loop it
// is the *value* of the loop's induction variable, not its iteration counter:
// on GPUs a thread steps through the loop by the number of threads, and what
// a block touches in one block iteration is a contiguous range of values.
// For a CUDA/HIP kernel without such a loop it is the x thread index. Deeper
// dimensions are iteration counters of the inner loops.
//
// Arrays indexed with a runtime stride (A[i*n + j]) are delinearised as Polly
// does, into one subscript per dimension, and counted in that space. Accesses
// that differ only by a constant (unrolled, vectorised code) are fused into
// runs before isl sees them, and every isl computation runs under an
// operation quota, so no input makes the analysis hang.
//
// Not exact (the nest keeps a reason and gets an analysis remark): unknown or
// non-affine trip counts, subscripts that SCEV cannot express as affine forms
// with constant strides, calls that may touch memory, atomics, volatiles and
// irreducible control flow. A load or store whose subscript or base pointer
// is loaded inside the nest (x[idx[i]], y[idx[i]] = ...) has no affine form:
// it is recorded as an indirect access counting one element per execution,
// which tiles move element by element (another kind of write through such a
// pointer makes the nest inexact). Narrow (32-bit) index arithmetic under
// sext/zext is assumed not to wrap, as Polly does; the nest records that
// assumption.
//
//===----------------------------------------------------------------------===//

#include "prem/Analysis/Footprint.h"
#include "prem/Support/IslSet.h"
#include "prem/Support/RemarkLocation.h"

#include "llvm/ADT/PostOrderIterator.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Analysis/CFG.h"
#include "llvm/Analysis/Delinearization.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/DebugInfo.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/IntrinsicsAMDGPU.h"
#include "llvm/IR/IntrinsicsNVPTX.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/CheckedArithmetic.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Debug.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/raw_ostream.h"

#include "isl/ctx.h"
#include "isl/options.h"
#include "isl/set.h"

#include <limits>
#include <map>
#include <numeric>

#define DEBUG_TYPE "prem-footprint"

using namespace llvm;
using namespace prem;

STATISTIC(NumNests, "SIMT loop nests analysed");
STATISTIC(NumExactNests, "SIMT loop nests with an exact footprint");

namespace {
/// -prem-footprint-tile=N,N,...: iterations per depth of the tile to count.
struct TileSizeParser : public cl::parser<std::vector<uint64_t>> {
  using cl::parser<std::vector<uint64_t>>::parser;
  bool parse(cl::Option &O, StringRef ArgName, StringRef Arg,
             std::vector<uint64_t> &Val) {
    Val.clear();
    SmallVector<StringRef, 4> Parts;
    Arg.split(Parts, ',');
    for (StringRef P : Parts) {
      uint64_t V;
      if (P.trim().getAsInteger(10, V) || V == 0)
        return O.error("'" + Arg +
                       "' is not a list of positive integers (e.g. 32,8)");
      Val.push_back(V);
    }
    return false;
  }
};
} // namespace

static cl::opt<std::vector<uint64_t>, false, TileSizeParser> TileSizesOpt(
    "prem-footprint-tile", cl::value_desc("N[,N...]"),
    cl::desc("Iterations per loop depth (SIMT first) of the tile whose bytes "
             "print<prem-footprint> counts; default 1 (one SIMT iteration, "
             "inner loops whole)"),
    cl::init(std::vector<uint64_t>{1}));

ArrayRef<uint64_t> prem::footprintTileSizes() { return TileSizesOpt; }

AnalysisKey FootprintAnalysis::Key;

bool AffineSubscript::hasDims() const {
  return !FloorPart.empty() ||
         any_of(DimCoeffs, [](int64_t C) { return C != 0; });
}

StringRef prem::footprintIssueName(FootprintIssue I) {
  switch (I) {
  case FootprintIssue::UnknownTripCount:
    return "UnknownTripCount";
  case FootprintIssue::NonAffineSubscript:
    return "NonAffineSubscript";
  case FootprintIssue::IndirectAccess:
    return "IndirectAccess";
  case FootprintIssue::UnknownCall:
    return "UnknownCall";
  case FootprintIssue::Atomic:
    return "Atomic";
  case FootprintIssue::Volatile:
    return "Volatile";
  case FootprintIssue::ParametricStride:
    return "ParametricStride";
  case FootprintIssue::IrreducibleControlFlow:
    return "IrreducibleControlFlow";
  case FootprintIssue::NoSIMT:
    return "NoSIMTLoop";
  }
  llvm_unreachable("unknown footprint issue");
}

void FootprintInfo::IslCtxDeleter::operator()(isl_ctx *C) const {
  isl_ctx_free(C);
}

FootprintInfo::FootprintInfo() : Ctx(isl_ctx_alloc()) {
  isl_options_set_on_error(Ctx.get(), ISL_ON_ERROR_CONTINUE);
}

FootprintInfo::FootprintInfo(FootprintInfo &&Other)
    : Ctx(std::move(Other.Ctx)), Nests(std::move(Other.Nests)) {
  for (NestFootprint &N : Nests)
    N.Owner = this;
}

bool FootprintInfo::invalidate(Module &, const PreservedAnalyses &PA,
                               ModuleAnalysisManager::Invalidator &) {
  auto PAC = PA.getChecker<FootprintAnalysis>();
  return !PAC.preservedWhenStateless();
}

//===----------------------------------------------------------------------===//
// SCEV to affine forms.
//===----------------------------------------------------------------------===//

namespace {
/// Sum of constant * dimension, constant * parameter and a constant.
/// The floor of an affine form of dimensions by a positive constant: how a
/// collapse(n) loop splits its induction variable (i = iv / N).
struct FloorTerm {
  SmallVector<int64_t, 4> InnerDims;
  int64_t InnerConstant = 0;
  int64_t Divisor = 1;
  std::string text() const {
    std::string S = std::to_string(InnerConstant);
    for (auto [I, C] : enumerate(InnerDims))
      if (C)
        S += " + " + std::to_string(C) + "*i" + std::to_string(I);
    return "floor((" + S + ")/" + std::to_string(Divisor) + ")";
  }
};

/// Sum of constant * dimension, constant * parameter, constant * floor term
/// and a constant.
struct Linear {
  int64_t Constant = 0;
  SmallVector<int64_t, 4> Dims;
  std::map<std::string, int64_t> Params;
  /// Keyed by FloorTerm::text().
  std::map<std::string, std::pair<FloorTerm, int64_t>> Floors;

  explicit Linear(unsigned NumDims = 0) : Dims(NumDims, 0) {}
  bool hasDims() const {
    return !Floors.empty() || any_of(Dims, [](int64_t C) { return C != 0; });
  }
  Linear &operator+=(const Linear &O) {
    Constant += O.Constant;
    if (Dims.size() < O.Dims.size())
      Dims.resize(O.Dims.size(), 0);
    for (auto [I, C] : enumerate(O.Dims))
      Dims[I] += C;
    for (auto &[Name, C] : O.Params)
      if ((Params[Name] += C) == 0)
        Params.erase(Name);
    for (auto &[Key, F] : O.Floors) {
      auto [It, New] = Floors.try_emplace(Key, F.first, 0);
      if ((It->second.second += F.second) == 0)
        Floors.erase(It);
    }
    return *this;
  }
  Linear &operator*=(int64_t K) {
    Constant *= K;
    for (int64_t &C : Dims)
      C *= K;
    for (auto It = Params.begin(); It != Params.end();) {
      It->second *= K;
      It = It->second ? std::next(It) : Params.erase(It);
    }
    for (auto It = Floors.begin(); It != Floors.end();) {
      It->second.second *= K;
      It = It->second.second ? std::next(It) : Floors.erase(It);
    }
    return *this;
  }
  /// D divides every coefficient and the constant.
  bool dividesBy(int64_t D) const {
    auto Divides = [&](int64_t C) { return C % D == 0; };
    return Divides(Constant) && all_of(Dims, Divides) &&
           all_of(Params, [&](auto &P) { return Divides(P.second); }) &&
           all_of(Floors, [&](auto &F) { return Divides(F.second.second); });
  }
  /// Divides every coefficient by D; needs dividesBy(D).
  void divideExactly(int64_t D) {
    Constant /= D;
    for (int64_t &C : Dims)
      C /= D;
    for (auto &P : Params)
      P.second /= D;
    for (auto &F : Floors)
      F.second.second /= D;
  }
  /// floor(X / D) as a form with one floor term; X must be a form of the
  /// dimensions only.
  static Linear floorOf(const Linear &X, int64_t D) {
    FloorTerm F;
    F.InnerDims = X.Dims;
    F.InnerConstant = X.Constant;
    F.Divisor = D;
    Linear Q(X.Dims.size());
    Q.Floors.try_emplace(F.text(), F, 1);
    return Q;
  }
  std::string paramText(int64_t Divisor = 1) const {
    std::string S;
    for (auto &[Name, C] : Params)
      S += (S.empty() ? "" : " + ") + std::to_string(C / Divisor) + "*" + Name;
    return S;
  }
  std::string floorText(int64_t Divisor = 1) const {
    std::string S;
    for (auto &[Key, F] : Floors)
      S += (S.empty() ? "" : " + ") + std::to_string(F.second / Divisor) + "*" +
           Key;
    return S;
  }
  /// isl syntax over dimension names i0.. and parameter names.
  std::string text(int64_t Divisor = 1) const {
    std::string S = std::to_string(Constant / Divisor);
    for (auto [I, C] : enumerate(Dims))
      if (C)
        S += " + " + std::to_string(C / Divisor) + "*i" + std::to_string(I);
    for (auto &[Name, C] : Params)
      S += " + " + std::to_string(C / Divisor) + "*" + Name;
    if (!Floors.empty())
      S += " + " + floorText(Divisor);
    return S;
  }
};

struct AffineError {
  FootprintIssue Issue;
  std::string Message;
};

std::string valueText(const Value *V) {
  std::string S;
  raw_string_ostream OS(S);
  V->printAsOperand(OS, false);
  return S;
}

/// A loop as a reason names it for its user: by its source line where the
/// module has debug information, by its header block otherwise.
std::string loopText(const Loop *L) {
  if (const DebugLoc &DL = L->getStartLoc())
    return "the loop at line " + std::to_string(DL.getLine());
  return "the loop at " + valueText(L->getHeader());
}

std::string scevText(const SCEV *S) {
  std::string Str;
  raw_string_ostream OS(Str);
  OS << *S;
  return Str;
}

/// The name the source gives a base pointer: its IR name
/// (-fno-discard-value-names), else the variable debug info binds to it, else
/// argN for the N-th argument of the region function.
static std::string sourceName(const Value *Base) {
  if (Base->hasName() && isAlpha(Base->getName().front()))
    return Base->getName().str();
  SmallVector<DbgVariableRecord *, 2> Records;
  findDbgValues(const_cast<Value *>(Base), Records);
  for (DbgVariableRecord *R : Records)
    if (DILocalVariable *Var = R->getVariable(); Var && !Var->getName().empty())
      return Var->getName().str();
  if (auto *Arg = dyn_cast<Argument>(Base))
    return "arg" + std::to_string(Arg->getArgNo());
  // A pointer captured by reference: name it after the variable it is
  // loaded from (clang's "A.addr" spills included).
  if (auto *Load = dyn_cast<LoadInst>(Base)) {
    std::string From =
        sourceName(Load->getPointerOperand()->stripPointerCasts());
    StringRef Name(From);
    Name.consume_back(".addr");
    if (!Name.empty() && !Name.starts_with("arg"))
      return Name.str();
  }
  return "";
}

/// Translates the SCEVs of one nest into Linear forms.
class Affinator {
public:
  Affinator(ScalarEvolution &SE, LoopInfo &LI, const SIMTInfo &SIMT, Loop *Root)
      : SE(SE), LI(LI), SIMT(SIMT), Root(Root) {}

  /// Loops of the current access, depth 0 (SIMT) first. For thread-index
  /// nests entry 0 is null.
  SmallVector<Loop *, 4> Chain;
  /// Runtime values named so far, SCEV -> isl parameter name.
  MapVector<const SCEV *, std::string> ParamNames;
  bool AssumesNoWrap = false;

  /// The worksharing IV {Start,+,Step}<Root>.
  const SCEVAddRecExpr *RootIV = nullptr;
  /// The runtime's IV when it is a wider copy of RootIV's PHI that SCEV
  /// sees as an unknown (NVPTX: an i64 PHI of sexts beside the i32 IV).
  const PHINode *WideIV = nullptr;
  /// The SIMT dimension never takes negative values (thread indices; an
  /// iteration space known to start at 0 or above).
  bool SIMTNonNegative = false;
  /// The values the SIMT dimension takes, when known.
  std::optional<int64_t> SIMTLo, SIMTHi;

  bool isThreadIndex(const Value *V) const {
    return is_contained(SIMT.ThreadIndexReads, V);
  }

  /// Per-thread values other than the x thread index: within a block they
  /// vary, so they are neither dimensions we model nor parameters.
  static bool isOtherThreadIndex(const Value *V) {
    auto *II = dyn_cast<IntrinsicInst>(V);
    if (!II)
      return false;
    switch (II->getIntrinsicID()) {
    case Intrinsic::nvvm_read_ptx_sreg_tid_y:
    case Intrinsic::nvvm_read_ptx_sreg_tid_z:
    case Intrinsic::nvvm_read_ptx_sreg_laneid:
    case Intrinsic::nvvm_read_ptx_sreg_warpid:
    case Intrinsic::amdgcn_workitem_id_y:
    case Intrinsic::amdgcn_workitem_id_z:
      return true;
    default:
      return false;
    }
  }

  bool inNest(const Loop *L) const {
    if (!L)
      return false;
    return Root ? Root->contains(L) : true;
  }

  bool inNest(const Instruction *I) const {
    if (Root)
      return Root->contains(I);
    // Thread-index nests span the function; values computed outside any
    // loop are per-thread constants unless they depend on the thread index,
    // which SCEV exposes as SCEVUnknowns we test separately.
    return LI.getLoopFor(I->getParent()) != nullptr;
  }

  /// Nest-variant: depends on a nest loop, the thread index, or a value
  /// computed inside the nest.
  bool isVariant(const SCEV *S) const {
    return SCEVExprContains(S, [&](const SCEV *X) {
      if (auto *AR = dyn_cast<SCEVAddRecExpr>(X))
        return inNest(AR->getLoop());
      if (auto *U = dyn_cast<SCEVUnknown>(X)) {
        if (isThreadIndex(U->getValue()) || isOtherThreadIndex(U->getValue()))
          return true;
        if (auto *I = dyn_cast<Instruction>(U->getValue()))
          return inNest(I) || dependsOnThreadIndex(I);
      }
      return false;
    });
  }

  /// A load inside the nest that V is computed from (idx[i] ^ 1), if any:
  /// such a subscript is data, as a loaded one is.
  const LoadInst *loadBehind(const Value *V) const {
    SmallVector<const Value *, 8> Work{V};
    SmallPtrSet<const Value *, 16> Seen;
    while (!Work.empty()) {
      auto *I = dyn_cast<Instruction>(Work.pop_back_val());
      if (!I || isa<PHINode>(I) || !Seen.insert(I).second)
        continue;
      if (auto *Load = dyn_cast<LoadInst>(I)) {
        if (inNest(Load) || dependsOnThreadIndex(Load))
          return Load;
        continue;
      }
      append_range(Work, I->operands());
    }
    return nullptr;
  }

  bool dependsOnThreadIndex(const Instruction *I) const {
    if (SIMT.ThreadIndexReads.empty())
      return false;
    SmallVector<const Value *, 8> Work{I};
    SmallPtrSet<const Value *, 16> Seen;
    while (!Work.empty()) {
      const Value *V = Work.pop_back_val();
      if (!Seen.insert(V).second)
        continue;
      if (isThreadIndex(V) || isOtherThreadIndex(V))
        return true;
      if (auto *U = dyn_cast<Instruction>(V))
        if (!isa<PHINode>(U))
          append_range(Work, U->operands());
    }
    return false;
  }

  Linear param(const SCEV *S) {
    auto [It, New] = ParamNames.try_emplace(S, "");
    if (New)
      It->second = nameFor(S);
    Linear L(Chain.size());
    L.Params[It->second] = 1;
    return L;
  }

  std::optional<Linear> translate(const SCEV *S, AffineError &Err) {
    unsigned N = Chain.size();
    if (auto *C = dyn_cast<SCEVConstant>(S)) {
      if (C->getAPInt().getSignificantBits() > 63)
        return fail(Err, FootprintIssue::NonAffineSubscript,
                    "constant too large");
      Linear L(N);
      L.Constant = C->getAPInt().getSExtValue();
      return L;
    }
    if (!isVariant(S))
      return param(S);
    if (auto *MM = dyn_cast<SCEVMinMaxExpr>(S))
      return minMaxOnSIMTRange(MM, Err);
    if (auto *Add = dyn_cast<SCEVAddExpr>(S)) {
      Linear Sum(N);
      for (const SCEV *Op : Add->operands()) {
        auto T = translate(Op, Err);
        if (!T)
          return std::nullopt;
        Sum += *T;
      }
      return Sum;
    }
    if (auto *Mul = dyn_cast<SCEVMulExpr>(S)) {
      // Canonical SCEV puts the constant factor first.
      int64_t Factor = 1;
      SmallVector<const SCEV *, 2> Rest;
      for (const SCEV *Op : Mul->operands())
        if (auto *C = dyn_cast<SCEVConstant>(Op);
            C && C->getAPInt().getSignificantBits() <= 63)
          Factor *= C->getAPInt().getSExtValue();
        else
          Rest.push_back(Op);
      unsigned NumVariant =
          count_if(Rest, [&](auto *X) { return isVariant(X); });
      if (NumVariant != 1 || Rest.size() != 1)
        return fail(Err,
                    NumVariant > 1 ? FootprintIssue::NonAffineSubscript
                                   : FootprintIssue::ParametricStride,
                    NumVariant > 1
                        ? "subscript multiplies loop-variant values: " +
                              scevText(S)
                        : "stride is a runtime value: " + scevText(S));
      auto T = translate(Rest.front(), Err);
      if (!T)
        return std::nullopt;
      *T *= Factor;
      return T;
    }
    if (auto *AR = dyn_cast<SCEVAddRecExpr>(S))
      return translateAddRec(AR, Err);
    if (auto *Div = dyn_cast<SCEVUDivExpr>(S))
      if (auto Q = unsignedDivision(Div))
        return Q;
    if (auto *Cast = dyn_cast<SCEVCastExpr>(S)) {
      // sext/zext/trunc of index math: assume it does not wrap (Polly does
      // the same and guards with run-time checks; we record the assumption).
      AssumesNoWrap = true;
      return translate(Cast->getOperand(0), Err);
    }
    if (auto *U = dyn_cast<SCEVUnknown>(S)) {
      const Value *V = U->getValue();
      if (WideIV && V == WideIV) {
        // The IV's sign extension, without wrap as for any cast above.
        AssumesNoWrap = true;
        return translateAddRec(RootIV, Err);
      }
      if (isThreadIndex(V)) {
        Linear L(N);
        L.Dims[0] = 1;
        return L;
      }
      if (isOtherThreadIndex(V))
        return fail(Err, FootprintIssue::NonAffineSubscript,
                    "subscript depends on " + valueText(V) +
                        " (a y/z thread index or lane id), which is not "
                        "modelled: only 1-D blocks are");
      if (auto *Load = dyn_cast<LoadInst>(V)) {
        std::string From =
            sourceName(getUnderlyingObject(Load->getPointerOperand()));
        return fail(
            Err, FootprintIssue::IndirectAccess,
            "subscript is loaded from memory inside the nest" +
                (From.empty() ? std::string() : " (from '" + From + "')"));
      }
      if (const LoadInst *Loaded = loadBehind(V))
        return fail(
            Err, FootprintIssue::IndirectAccess,
            "subscript is computed (" + valueText(V) +
                ") from memory loaded inside the nest (from '" +
                sourceName(getUnderlyingObject(Loaded->getPointerOperand())) +
                "')");
      if (auto Quotient = exactDivision(V))
        return Quotient;
      if (auto Split = floorDivision(V))
        return Split;
      if (auto *BO = dyn_cast<BinaryOperator>(V);
          BO && (BO->getOpcode() == Instruction::SDiv ||
                 BO->getOpcode() == Instruction::SRem))
        return fail(Err, FootprintIssue::NonAffineSubscript,
                    "subscript divides the induction variable (" +
                        valueText(V) +
                        "), as collapse(n) loops do; not modelled yet");
      return fail(Err, FootprintIssue::NonAffineSubscript,
                  "subscript depends on " + valueText(V) +
                      ", which SCEV cannot express");
    }
    return fail(Err, FootprintIssue::NonAffineSubscript,
                "subscript is not affine: " + scevText(S));
  }

private:
  ScalarEvolution &SE;
  LoopInfo &LI;
  const SIMTInfo &SIMT;

  /// max/min of a constant and an affine form of the SIMT dimension alone:
  /// over the SIMT iteration space one side may always win, and then the
  /// expression is that side (the trip count max(N-1, i) - i + 1 of a
  /// triangular loop j = i .. N-1, where i < N).
  std::optional<Linear> minMaxOnSIMTRange(const SCEVMinMaxExpr *MM,
                                          AffineError &Err) {
    auto Fail = [&] {
      return fail(Err, FootprintIssue::NonAffineSubscript,
                  "subscript is not affine: " + scevText(MM));
    };
    if (MM->getNumOperands() != 2 || !SIMTLo || !SIMTHi)
      return Fail();
    auto *C = dyn_cast<SCEVConstant>(MM->getOperand(0));
    const SCEV *Other = MM->getOperand(1);
    if (!C) {
      C = dyn_cast<SCEVConstant>(MM->getOperand(1));
      Other = MM->getOperand(0);
    }
    if (!C || C->getAPInt().getSignificantBits() > 63)
      return Fail();
    auto X = translate(Other, Err);
    if (!X)
      return std::nullopt;
    if (!X->Params.empty() || !X->Floors.empty() ||
        any_of(drop_begin(X->Dims), [](int64_t D) { return D != 0; }))
      return Fail();
    int64_t A = X->Dims.empty() ? 0 : X->Dims[0], B = X->Constant;
    int64_t Lo = B + A * (A >= 0 ? *SIMTLo : *SIMTHi);
    int64_t Hi = B + A * (A >= 0 ? *SIMTHi : *SIMTLo);
    int64_t K = C->getAPInt().getSExtValue();
    bool Unsigned = isa<SCEVUMaxExpr, SCEVUMinExpr>(MM);
    if (Unsigned && (K < 0 || Lo < 0))
      return Fail();
    bool Max = isa<SCEVSMaxExpr, SCEVUMaxExpr>(MM);
    Linear Constant(X->Dims.size());
    Constant.Constant = K;
    if (Max ? Hi <= K : Lo >= K)
      return Constant;
    if (Max ? Lo >= K : Hi <= K)
      return X;
    return Fail();
  }
  Loop *Root;

  std::nullopt_t fail(AffineError &Err, FootprintIssue I, std::string Msg) {
    Err = {I, std::move(Msg)};
    return std::nullopt;
  }

  std::string nameFor(const SCEV *S) {
    if (RootIV && S == RootIV->getStart())
      return "simt_lb";
    std::string Base;
    // zext/trunc of a named value keeps the value's name.
    while (auto *Cast = dyn_cast<SCEVCastExpr>(S))
      S = Cast->getOperand(0);
    if (auto *U = dyn_cast<SCEVUnknown>(S)) {
      const Value *V = U->getValue();
      if (V->hasName() && isAlnum(V->getName().front()))
        for (char C : V->getName())
          Base += isAlnum(C) ? C : '_';
    }
    if (Base.empty())
      Base = "p";
    std::string Name = Base + std::to_string(ParamNames.size() - 1);
    return Name;
  }

  /// `X / d` and `X % d` by a positive constant, X an affine form of the
  /// dimensions that cannot be negative (then division truncates like floor):
  /// the split of a collapse(n) loop's induction variable.
  std::optional<Linear> floorDivision(const Value *V) {
    auto *BO = dyn_cast<BinaryOperator>(V);
    if (!BO)
      return std::nullopt;
    unsigned Op = BO->getOpcode();
    if (Op != Instruction::SDiv && Op != Instruction::UDiv &&
        Op != Instruction::SRem && Op != Instruction::URem)
      return std::nullopt;
    auto *RHS = dyn_cast<ConstantInt>(BO->getOperand(1));
    if (!RHS || RHS->getValue().getSignificantBits() > 62 ||
        RHS->getSExtValue() <= 0)
      return std::nullopt;
    int64_t D = RHS->getSExtValue();
    AffineError Inner;
    auto X = translate(SE.getSCEV(BO->getOperand(0)), Inner);
    if (!X || !X->Params.empty() || !X->Floors.empty() || !nonNegative(*X))
      return std::nullopt;
    Linear Q = Linear::floorOf(*X, D);
    if (Op == Instruction::SDiv || Op == Instruction::UDiv)
      return Q;
    // X % d = X - d * floor(X / d)
    Q *= -D;
    Q += *X;
    return Q;
  }

  /// Every dimension is non-negative (loop counters; the SIMT dimension and
  /// its start simt_lb when its values are known to start at 0 or above), so
  /// is a form with non-negative coefficients and constant.
  bool nonNegative(const Linear &L) const {
    if (L.Constant < 0)
      return false;
    for (auto [I, C] : enumerate(L.Dims)) {
      if (C < 0)
        return false;
      if (C > 0 && I == 0 && !SIMTNonNegative)
        return false;
    }
    for (auto &[Name, C] : L.Params)
      if (C < 0 || Name != "simt_lb" || !SIMTNonNegative)
        return false;
    for (auto &[Key, F] : L.Floors)
      if (F.second < 0)
        return false;
    return true;
  }

  /// X /u d for a constant d: the exact quotient when d divides every
  /// coefficient, else a floor term; either way X must not be negative (an
  /// unsigned division of a negative value is not its quotient).
  std::optional<Linear> unsignedDivision(const SCEVUDivExpr *Div) {
    auto *RHS = dyn_cast<SCEVConstant>(Div->getRHS());
    if (!RHS || RHS->getAPInt().getSignificantBits() > 62 ||
        RHS->getAPInt().isNonPositive())
      return std::nullopt;
    int64_t D = RHS->getAPInt().getSExtValue();
    AffineError Inner;
    auto X = translate(Div->getLHS(), Inner);
    if (!X || !nonNegative(*X))
      return std::nullopt;
    if (X->dividesBy(D)) {
      X->divideExactly(D);
      return X;
    }
    if (!X->Params.empty() || !X->Floors.empty())
      return std::nullopt;
    return Linear::floorOf(*X, D);
  }

  /// `ashr exact X, C` (and lshr/sdiv/udiv exact by a constant) divides X
  /// without remainder; instcombine writes sext(i32 (i+1)*N) * 4 that way
  /// (shl 32, ashr 30), which SCEV does not see through. When every
  /// coefficient of X divides, so does the affine form (no-wrap assumed, as
  /// for sext).
  std::optional<Linear> exactDivision(const Value *V) {
    auto *BO = dyn_cast<BinaryOperator>(V);
    if (!BO || !BO->isExact())
      return std::nullopt;
    auto *RHS = dyn_cast<ConstantInt>(BO->getOperand(1));
    if (!RHS || RHS->getValue().getActiveBits() > 62)
      return std::nullopt;
    int64_t Divisor;
    switch (BO->getOpcode()) {
    case Instruction::AShr:
    case Instruction::LShr:
      Divisor = int64_t(1) << RHS->getZExtValue();
      break;
    case Instruction::SDiv:
    case Instruction::UDiv:
      Divisor = RHS->getSExtValue();
      break;
    default:
      return std::nullopt;
    }
    if (Divisor <= 0)
      return std::nullopt;
    AffineError Inner;
    auto L = translate(SE.getSCEV(BO->getOperand(0)), Inner);
    if (!L)
      return std::nullopt;
    if (!L->dividesBy(Divisor))
      return std::nullopt;
    L->divideExactly(Divisor);
    AssumesNoWrap = true;
    return L;
  }

  std::optional<Linear> translateAddRec(const SCEVAddRecExpr *AR,
                                        AffineError &Err) {
    const Loop *L = AR->getLoop();
    auto It = find(Chain, L);
    if (It == Chain.end())
      return fail(Err, FootprintIssue::NonAffineSubscript,
                  "subscript uses the value of a loop it is not in: " +
                      scevText(AR));
    unsigned Depth = It - Chain.begin();
    if (!AR->isAffine())
      return fail(Err, FootprintIssue::NonAffineSubscript,
                  "subscript is a polynomial of the induction variable: " +
                      scevText(AR));
    const SCEV *Start = AR->getStart();
    const SCEV *Step = AR->getStepRecurrence(SE);
    if (Depth == 0 && RootIV) {
      // Express {a,+,b} in the IV value v = {S,+,St}: a + (b/St)(v - S).
      auto Ratio = stepRatio(Step, RootIV->getStepRecurrence(SE));
      if (!Ratio)
        return fail(Err,
                    isVariant(Step) ? FootprintIssue::NonAffineSubscript
                                    : FootprintIssue::ParametricStride,
                    "stride " + scevText(Step) +
                        " is not a constant multiple of the SIMT loop step");
      const SCEV *Offset = SE.getMinusSCEV(
          Start, SE.getMulExpr(SE.getConstant(Start->getType(), *Ratio, true),
                               SE.getTruncateOrSignExtend(RootIV->getStart(),
                                                          Start->getType())));
      auto T = translate(Offset, Err);
      if (!T)
        return std::nullopt;
      T->Dims[0] += *Ratio;
      return T;
    }
    auto *StepC = dyn_cast<SCEVConstant>(Step);
    if (!StepC || StepC->getAPInt().getSignificantBits() > 63)
      return fail(Err,
                  isVariant(Step) ? FootprintIssue::NonAffineSubscript
                                  : FootprintIssue::ParametricStride,
                  "stride " + scevText(Step) + " is not a constant");
    auto T = translate(Start, Err);
    if (!T)
      return std::nullopt;
    T->Dims[Depth] += StepC->getAPInt().getSExtValue();
    return T;
  }

  /// K with Step == K * RootStep, K a constant.
  std::optional<int64_t> stepRatio(const SCEV *Step, const SCEV *RootStep) {
    if (Step->getType() != RootStep->getType())
      RootStep = SE.getTruncateOrSignExtend(RootStep, Step->getType());
    if (Step == RootStep)
      return 1;
    auto *SC = dyn_cast<SCEVConstant>(Step);
    auto *RC = dyn_cast<SCEVConstant>(RootStep);
    if (SC && RC) {
      int64_t A = SC->getAPInt().getSExtValue(),
              B = RC->getAPInt().getSExtValue();
      if (B != 0 && A % B == 0)
        return A / B;
      return std::nullopt;
    }
    if (auto *M = dyn_cast<SCEVMulExpr>(Step))
      if (auto *K = dyn_cast<SCEVConstant>(M->getOperand(0)))
        if (SE.getMulExpr(K, RootStep) == Step)
          return K->getAPInt().getSExtValue();
    return std::nullopt;
  }
};
} // namespace

/// isl text of the elements some subscripts touch over a domain:
///   Prefix{ Tuple[o...] : exists i0.., e : Domain and 0 <= e < Units
///                          and o_k = Subscripts[k] (+ e on the last) }
/// e widens the last subscript by the access size. A single flat subscript
/// keeps the output named o.
static std::string accessSetText(StringRef Prefix, StringRef Tuple,
                                 unsigned NumDims, StringRef Domain,
                                 ArrayRef<std::string> Subscripts,
                                 int64_t Units) {
  SmallVector<std::string, 4> Dims, Outs, Eqs;
  for (unsigned D = 0; D < NumDims; ++D)
    Dims.push_back("i" + std::to_string(D));
  for (auto [K, Sub] : enumerate(Subscripts)) {
    std::string O = Subscripts.size() == 1 ? "o" : "o" + std::to_string(K);
    Outs.push_back(O);
    Eqs.push_back(O + " = " + Sub + (K + 1 == Subscripts.size() ? " + e" : ""));
  }
  return (Prefix + "{ " + Tuple + "[" + join(Outs, ", ") + "] : exists " +
          join(Dims, ", ") + ", e : " + Domain + " and 0 <= e < " +
          std::to_string(Units) + " and " + join(Eqs, " and ") + " }")
      .str();
}

//===----------------------------------------------------------------------===//
// Building the footprint of one nest.
//===----------------------------------------------------------------------===//

namespace {
class NestBuilder {
public:
  NestBuilder(NestFootprint &Nest, ScalarEvolution &SE, LoopInfo &LI,
              isl_ctx *Ctx)
      : Nest(Nest), SE(SE), LI(LI), Ctx(Ctx),
        Aff(SE, LI, Nest.Kernel->SIMT, rootLoop()) {}

  void build();

private:
  NestFootprint &Nest;
  ScalarEvolution &SE;
  LoopInfo &LI;
  isl_ctx *Ctx;
  Affinator Aff;
  /// Per nest loop: its trip count as a Linear form in the chain that ends
  /// at it (dims of the loops around it); empty for the SIMT dimension.
  DenseMap<const Loop *, unsigned> LoopIndex;
  struct RawAccess {
    const SCEV *Offset; // bytes from the base
    SmallVector<Loop *, 4> Chain;
    unsigned Size;
    AffineAccess A;
    /// Affine forms of the subscripts: one in bytes for a flat array, one
    /// per dimension in elements for a delinearised one.
    SmallVector<Linear, 2> Subs;
  };
  MapVector<const Value *, SmallVector<RawAccess, 4>> ByBase;
  std::map<const Loop *, Linear> TripCounts;
  std::optional<int64_t> SIMTMin, SIMTMax;

  Loop *rootLoop() const {
    const SIMTInfo &S = Nest.Kernel->SIMT;
    return S.LoopHeader ? LI.getLoopFor(S.LoopHeader) : nullptr;
  }

  void reason(FootprintIssue I, std::string Msg, const Instruction *At) {
    for (const FootprintReason &R : Nest.Reasons)
      if (R.Issue == I && R.Message == Msg)
        return;
    Nest.Reasons.push_back({I, std::move(Msg), At});
  }

  void collectLoops();
  const SCEVAddRecExpr *rootInduction(PHINode *Phi, Loop *Root);
  void setChainFor(const Instruction &I);
  /// Records an indirect load or store (Why: what makes it indirect).
  void indirect(const Instruction &I, unsigned Bytes, std::string Why);
  void visitAccess(Instruction &I, Value *Ptr, Type *Ty, bool IsWrite);
  void visit(Instruction &I);
  void finishArrays();
  bool translateAccesses(SmallVectorImpl<RawAccess> &Raws,
                         SmallVectorImpl<std::string> &DimSizes);
  std::optional<std::string>
  delinearize(SmallVectorImpl<RawAccess> &Raws,
              SmallVectorImpl<std::string> &DimSizes);
  std::optional<std::string> domainText(const AffineAccess &A,
                                        unsigned NumDims,
                                        bool SymbolicStart = false) const;
  void tileByteSets(ArrayFootprint &AF, ArrayRef<RawAccess> Raws) const;
  static std::string shapeKey(const RawAccess &R);
  std::string paramList() const;
};
} // namespace

/// Phi's affine recurrence on Root; or, when SCEV sees Phi as an unknown
/// because it is the sign extension of a narrower IV of Root kept in a PHI
/// of its own (each incoming value a sext of that IV's), the narrower IV's
/// (Phi is then Aff.WideIV).
const SCEVAddRecExpr *NestBuilder::rootInduction(PHINode *Phi, Loop *Root) {
  auto Affine = [&](const Value *V) -> const SCEVAddRecExpr * {
    auto *AR = dyn_cast<SCEVAddRecExpr>(SE.getSCEV(const_cast<Value *>(V)));
    return AR && AR->getLoop() == Root && AR->isAffine() ? AR : nullptr;
  };
  if (auto *AR = Affine(Phi))
    return AR;
  for (PHINode &Narrow : Root->getHeader()->phis()) {
    if (&Narrow == Phi || !Narrow.getType()->isIntegerTy() ||
        !Phi->getType()->isIntegerTy() ||
        Narrow.getType()->getIntegerBitWidth() >=
            Phi->getType()->getIntegerBitWidth())
      continue;
    auto *AR = Affine(&Narrow);
    if (!AR)
      continue;
    bool Extends = all_of(Phi->blocks(), [&](BasicBlock *BB) {
      auto *Ext = dyn_cast<SExtInst>(Phi->getIncomingValueForBlock(BB));
      return Ext && Ext->getOperand(0) == Narrow.getIncomingValueForBlock(BB);
    });
    if (Extends) {
      Aff.WideIV = Phi;
      return AR;
    }
  }
  return nullptr;
}

void NestBuilder::collectLoops() {
  const SIMTInfo &S = Nest.Kernel->SIMT;
  Loop *Root = rootLoop();
  NestLoop SIMTDim;
  SIMTDim.IsSIMT = true;
  SIMTDim.Depth = 0;
  if (Root) {
    SIMTDim.Header = Root->getHeader();
    SIMTDim.TripCountText = "simt_n";
    if (const DebugLoc &DL = Root->getStartLoc())
      SIMTDim.Line = DL.getLine();
    // The worksharing IV: the header PHI that starts at the lower bound.
    if (PHINode *Phi = S.InductionPhi)
      if (auto *AR = rootInduction(Phi, Root)) {
        Aff.RootIV = AR;
        // Its values: the runtime's iteration space when the kernel states
        // it, else what SCEV can bound.
        if (S.GlobalLower) {
          SIMTMin = *S.GlobalLower;
          SIMTMax = *S.GlobalUpper;
        } else {
          ConstantRange R = SE.getSignedRange(AR);
          if (!R.isFullSet() && !R.isEmptySet() &&
              (R.getSignedMax() - R.getSignedMin()).ult(uint64_t(1) << 30) &&
              R.getSignedMin().sle(R.getSignedMax())) {
            SIMTMin = R.getSignedMin().getSExtValue();
            SIMTMax = R.getSignedMax().getSExtValue();
          }
        }
        if (SIMTMin && SIMTMax && *SIMTMax >= *SIMTMin)
          SIMTDim.MaxTripCount = uint64_t(*SIMTMax - *SIMTMin + 1);
        Aff.SIMTNonNegative = SIMTMin && *SIMTMin >= 0;
        if (SIMTMin && SIMTMax && *SIMTMax >= *SIMTMin) {
          Aff.SIMTLo = SIMTMin;
          Aff.SIMTHi = SIMTMax;
        }
      }
    if (!Aff.RootIV)
      reason(FootprintIssue::NonAffineSubscript,
             "the SIMT loop has no affine induction variable",
             &*Root->getHeader()->getFirstNonPHIIt());
  } else {
    SIMTDim.TripCountText = S.BlockSize ? std::to_string(*S.BlockSize) : "ntid";
    Aff.SIMTNonNegative = true; // a thread index
    if (S.BlockSize) {
      SIMTDim.TripCount = *S.BlockSize;
      SIMTDim.MaxTripCount = *S.BlockSize;
    }
  }
  Nest.Loops.push_back(SIMTDim);

  SmallVector<Loop *, 8> Inner;
  if (Root) {
    for (Loop *L : Root->getLoopsInPreorder())
      if (L != Root)
        Inner.push_back(L);
  } else {
    append_range(Inner, LI.getLoopsInPreorder());
  }
  for (Loop *L : Inner) {
    NestLoop NL;
    NL.Header = L->getHeader();
    NL.Depth = L->getLoopDepth() - (Root ? Root->getLoopDepth() : 0);
    if (const DebugLoc &DL = L->getStartLoc())
      NL.Line = DL.getLine();
    LoopIndex[L] = Nest.Loops.size();
    const SCEV *BTC = SE.getBackedgeTakenCount(L);
    if (isa<SCEVCouldNotCompute>(BTC)) {
      NL.TripCountText = "unknown";
      reason(FootprintIssue::UnknownTripCount,
             "trip count of " + loopText(L) + " is not computable",
             &*L->getHeader()->getFirstNonPHIIt());
      Nest.Loops.push_back(NL);
      continue;
    }
    const SCEV *TC = SE.getAddExpr(BTC, SE.getOne(BTC->getType()));
    NL.TripCountText = scevText(TC);
    if (auto *C = dyn_cast<SCEVConstant>(TC)) {
      NL.TripCount = C->getAPInt().getZExtValue();
      NL.MaxTripCount = NL.TripCount;
    }
    // The trip count in the dims of the loops around L.
    setChainFor(*L->getHeader()->getFirstNonPHIIt());
    Aff.Chain.pop_back(); // L itself is not a dimension of its bound.
    AffineError Err;
    if (auto Lin = Aff.translate(TC, Err)) {
      TripCounts[L] = *Lin;
    } else {
      reason(FootprintIssue::UnknownTripCount,
             "trip count " + NL.TripCountText + " of " + loopText(L) +
                 " is not affine: " + Err.Message,
             &*L->getHeader()->getFirstNonPHIIt());
    }
    Nest.Loops.push_back(NL);
  }
}

void NestBuilder::setChainFor(const Instruction &I) {
  Loop *Root = rootLoop();
  SmallVector<Loop *, 4> Chain;
  for (Loop *L = LI.getLoopFor(I.getParent()); L && L != Root;
       L = L->getParentLoop())
    Chain.push_back(L);
  Chain.push_back(Root); // null for thread-index nests
  std::reverse(Chain.begin(), Chain.end());
  Aff.Chain = Chain;
}

void NestBuilder::indirect(const Instruction &I, unsigned Bytes,
                           std::string Why) {
  setChainFor(I);
  IndirectSite G;
  G.Inst = &I;
  G.Name = sourceName(getUnderlyingObject(getLoadStorePointerOperand(&I)));
  G.Bytes = Bytes;
  G.Why = std::move(Why);
  for (Loop *L : Aff.Chain)
    G.LoopOfDepth.push_back(L ? LoopIndex.lookup(L) : 0);
  (isa<StoreInst>(I) ? Nest.Scatters : Nest.Gathers).push_back(std::move(G));
}

void NestBuilder::visitAccess(Instruction &I, Value *Ptr, Type *Ty,
                              bool IsWrite) {
  const Value *Object = getUnderlyingObject(Ptr);
  // Thread-private stack slots are not global memory.
  if (isa<AllocaInst>(Object))
    return;
  unsigned AS = Ptr->getType()->getPointerAddressSpace();
  Triple T(I.getModule()->getTargetTriple());
  if ((T.isNVPTX() && (AS == 3 || AS == 5)) ||
      (T.isAMDGPU() && (AS == 3 || AS == 5)))
    return; // already in the scratchpad or private

  const SCEV *PtrS = SE.getSCEV(Ptr);
  const SCEV *BaseS = SE.getPointerBase(PtrS);
  auto *BaseU = dyn_cast<SCEVUnknown>(BaseS);
  if (!BaseU) {
    reason(FootprintIssue::NonAffineSubscript,
           "no base pointer for " + valueText(Ptr), &I);
    return;
  }
  const Value *Base = BaseU->getValue();
  if (auto *BI = dyn_cast<Instruction>(Base);
      BI && (Aff.inNest(BI) || Aff.dependsOnThreadIndex(BI))) {
    std::string Why =
        "base pointer " + valueText(Base) + " is computed inside the nest";
    // A pointer the nest loads (rows[i][j] of an array of rows) is an
    // indirect access like a loaded subscript.
    if (isa<LoadInst>(BI) && isa<LoadInst, StoreInst>(I))
      indirect(I, I.getModule()->getDataLayout().getTypeStoreSize(Ty), Why);
    else
      reason(FootprintIssue::IndirectAccess, Why, &I);
    return;
  }
  setChainFor(I);
  RawAccess RA;
  RA.Offset = SE.getMinusSCEV(PtrS, BaseS);
  RA.Chain = Aff.Chain;
  RA.Size = I.getModule()->getDataLayout().getTypeStoreSize(Ty);
  RA.A.IsWrite = IsWrite;
  RA.A.Inst = &I;
  for (Loop *L : Aff.Chain)
    RA.A.LoopOfDepth.push_back(L ? LoopIndex.lookup(L) : 0);
  ByBase[Base].push_back(std::move(RA));
}

void NestBuilder::visit(Instruction &I) {
  if (auto *Load = dyn_cast<LoadInst>(&I)) {
    if (Load->isVolatile())
      reason(FootprintIssue::Volatile, "volatile load", &I);
    else if (Load->isAtomic())
      reason(FootprintIssue::Atomic, "atomic load", &I);
    else
      visitAccess(I, Load->getPointerOperand(), Load->getType(), false);
    return;
  }
  if (auto *Store = dyn_cast<StoreInst>(&I)) {
    if (Store->isVolatile())
      reason(FootprintIssue::Volatile, "volatile store", &I);
    else if (Store->isAtomic())
      reason(FootprintIssue::Atomic, "atomic store", &I);
    else
      visitAccess(I, Store->getPointerOperand(),
                  Store->getValueOperand()->getType(), true);
    return;
  }
  if (isa<AtomicRMWInst, AtomicCmpXchgInst>(I)) {
    reason(FootprintIssue::Atomic, "atomic read-modify-write", &I);
    return;
  }
  auto *CB = dyn_cast<CallBase>(&I);
  if (!CB)
    return;
  if (CB->doesNotAccessMemory() || CB->onlyAccessesInaccessibleMemory() ||
      writesOnlyErrno(*CB) ||
      isa<LifetimeIntrinsic, AssumeInst, PseudoProbeInst>(CB))
    return;
  if (isa<AnyMemIntrinsic>(CB)) {
    reason(FootprintIssue::UnknownCall, "memory intrinsic is not modelled", &I);
    return;
  }
  const Function *Callee = CB->getCalledFunction();
  reason(FootprintIssue::UnknownCall,
         "call to " +
             (Callee ? "'" + Callee->getName().str() + "'"
                     : std::string("an indirect callee")) +
             " may access memory",
         &I);
}

bool prem::writesOnlyErrno(const Instruction &I) {
  auto *CB = dyn_cast<CallBase>(&I);
  if (!CB)
    return false;
  MemoryEffects ME = CB->getMemoryEffects();
  return ME.onlyAccessesErrnoMem() &&
         !isRefSet(ME.getModRef(IRMemLocation::ErrnoMem));
}

std::string NestBuilder::paramList() const {
  SmallVector<std::string, 4> Names;
  for (auto &[S, Name] : Aff.ParamNames)
    Names.push_back(Name);
  if (rootLoop()) {
    Names.push_back("simt_n");
    if (none_of(Names, [](auto &N) { return N == "simt_lb"; }))
      Names.push_back("simt_lb");
  } else if (!Nest.Kernel->SIMT.BlockSize) {
    Names.push_back("ntid");
  }
  return "[" + join(Names, ", ") + "]";
}

/// Constraints of the iteration domain of an access over its chain.
std::optional<std::string> NestBuilder::domainText(const AffineAccess &A,
                                                   unsigned NumDims,
                                                   bool SymbolicStart) const {
  SmallVector<std::string, 4> Cs;
  if (rootLoop()) {
    std::string Lb = "simt_lb";
    if (Aff.RootIV && !SymbolicStart)
      if (auto *C = dyn_cast<SCEVConstant>(Aff.RootIV->getStart()))
        Lb = std::to_string(C->getAPInt().getSExtValue());
    Cs.push_back(Lb + " <= i0 < " + Lb + " + simt_n");
  } else {
    Cs.push_back("0 <= i0 < " + Nest.Loops[0].TripCountText);
  }
  for (unsigned D = 1; D < NumDims; ++D) {
    const NestLoop &NL = Nest.Loops[A.LoopOfDepth[D]];
    Loop *L = LI.getLoopFor(NL.Header);
    auto It = TripCounts.find(L);
    if (It == TripCounts.end())
      return std::nullopt;
    Cs.push_back("0 <= i" + std::to_string(D) + " < " + It->second.text());
  }
  return join(Cs, " and ");
}

/// Accesses with equal keys differ only in the constant of their last
/// subscript: translates of each other over the same domain.
std::string NestBuilder::shapeKey(const RawAccess &R) {
  std::string Key;
  for (unsigned D : R.A.LoopOfDepth)
    Key += std::to_string(D) + ",";
  for (auto [K, L] : enumerate(R.Subs)) {
    Linear Shape = L;
    if (K + 1 == R.Subs.size())
      Shape.Constant = 0;
    Key += "|" + Shape.text();
  }
  return Key;
}

/// The bytes one tile reads and writes (prem-tile's Load and Store phases),
/// per access rather than per fused piece so that reads and writes stay apart.
void NestBuilder::tileByteSets(ArrayFootprint &AF,
                               ArrayRef<RawAccess> Raws) const {
  if (any_of(Raws, [](const RawAccess &R) {
        return any_of(R.Subs, [](const Linear &L) { return !L.Floors.empty(); });
      }))
    return;
  // Tiles of SIMT iterations (inner loops whole) or, within one iteration
  // of each loop around it, of iterations of the depth-1 or depth-2 loop.
  // An inner tile's sets are those of the accesses in a loop of its depth:
  // prem-tile runs the others (before or after that loop) in compatible
  // intervals of their own, on global memory.
  MapVector<std::string, unsigned, StringMap<unsigned>> GroupOf;
  SmallVector<ArrayFootprint::AccessGroup, 2> Groups;
  for (const RawAccess &R : Raws) {
    auto [It, New] = GroupOf.try_emplace(shapeKey(R), Groups.size());
    if (New)
      Groups.emplace_back();
    Groups[It->second].Insts.push_back(R.A.Inst);
  }
  auto Build = [&](unsigned Depth, SmallVectorImpl<std::string> &Sets,
                   std::string &Written) {
    std::string Params = paramList();
    // (A thread block's list may be empty: "[]".)
    StringRef Sep = Params.size() > 2 ? ", " : "";
    if (Depth == 1)
      Params.insert(Params.size() - 1, (Sep + "tile1_n, tile1_lb").str());
    if (Depth == 2)
      Params.insert(Params.size() - 1,
                    (Sep + "tile1_lb, tile2_n, tile2_lb").str());
    auto Inside = [&](const RawAccess &R) {
      return R.Chain.size() >= Depth + 1;
    };
    // Per shape, the accesses with the lowest and the highest offset: the
    // others are translates between them and widen no interval.
    MapVector<std::string, std::pair<const RawAccess *, const RawAccess *>,
              StringMap<unsigned>>
        Extremes;
    for (const RawAccess &R : Raws) {
      if (!Inside(R))
        continue;
      auto [It, New] = Extremes.try_emplace(shapeKey(R), &R, &R);
      int64_t C = R.Subs.back().Constant;
      if (C < It->second.first->Subs.back().Constant)
        It->second.first = &R;
      if (C + R.Size >
          It->second.second->Subs.back().Constant + It->second.second->Size)
        It->second.second = &R;
    }
    auto SetOf = [&](const RawAccess &R) -> std::optional<std::string> {
      auto Domain = domainText(R.A, R.Chain.size(), /*SymbolicStart=*/true);
      if (!Domain)
        return std::nullopt;
      if (Depth == 1)
        *Domain += " and tile1_lb <= i1 < tile1_lb + tile1_n";
      if (Depth == 2)
        *Domain += " and i1 = tile1_lb and tile2_lb <= i2 < tile2_lb + tile2_n";
      SmallVector<std::string, 1> Texts{R.Subs.back().text(1)};
      return accessSetText(Params + " -> ", AF.Name, R.Chain.size(), *Domain,
                           Texts, R.Size);
    };
    IslQuota Quota(Ctx);
    IslSet Write;
    for (const RawAccess &R : Raws)
      if (R.A.IsWrite && Inside(R)) {
        auto Set = SetOf(R);
        if (!Set)
          return;
        Write = unite(std::move(Write), parseSet(Ctx, *Set));
      }
    SmallVector<std::string, 4> Found, Translates;
    SmallVector<SmallVector<std::string, 2>, 2> PerGroup(Groups.size()),
        GroupTranslates(Groups.size());
    for (auto &[Key, Pair] : Extremes)
      for (const RawAccess *R : {Pair.first, Pair.second}) {
        auto Set = SetOf(*R);
        if (!Set)
          return;
        auto &Mine = PerGroup[GroupOf.lookup(Key)];
        if (!is_contained(Mine, *Set))
          Mine.push_back(*Set);
        if (!is_contained(Found, *Set))
          Found.push_back(std::move(*Set));
      }
    for (const RawAccess &R : Raws) {
      if (!Inside(R))
        continue;
      auto &[First, Last] = Extremes.find(shapeKey(R))->second;
      if (&R == First || &R == Last)
        continue;
      auto Set = SetOf(R);
      if (!Set)
        return;
      auto &Mine = GroupTranslates[GroupOf.lookup(shapeKey(R))];
      if (!is_contained(Mine, *Set) &&
          !is_contained(PerGroup[GroupOf.lookup(shapeKey(R))], *Set))
        Mine.push_back(*Set);
      if (!is_contained(Translates, *Set) && !is_contained(Found, *Set))
        Translates.push_back(std::move(*Set));
    }
    if (Quota.gaveUp())
      return;
    Sets = std::move(Found);
    AF.TranslateBytes[Depth] = std::move(Translates);
    for (auto [G, Mine] : enumerate(PerGroup)) {
      (Depth ? Groups[G].InnerTileSets[Depth - 1] : Groups[G].TileSets) =
          std::move(Mine);
      Groups[G].Translates[Depth] = std::move(GroupTranslates[G]);
    }
    if (Write.S)
      Written = simplify(std::move(Write)).str();
  };
  Build(0, AF.TileAccessBytes, AF.TileWriteBytes);
  for (unsigned Depth : {1, 2})
    Build(Depth, AF.InnerTileAccessBytes[Depth - 1],
          AF.InnerTileWriteBytes[Depth - 1]);
  AF.Groups = std::move(Groups);
}

/// Affine forms for every access of one array. A runtime stride (A[i*n+j])
/// sends the whole array through delinearisation, so that all its accesses
/// share one shape. Accesses that cannot be described are dropped with a
/// reason (the nest is then not exact). False when none is left.
bool NestBuilder::translateAccesses(SmallVectorImpl<RawAccess> &Raws,
                                    SmallVectorImpl<std::string> &DimSizes) {
  std::optional<AffineError> Stride;
  const Instruction *StrideAt = nullptr;
  SmallVector<RawAccess, 4> Kept;
  for (RawAccess &R : Raws) {
    Aff.Chain = R.Chain;
    AffineError Err;
    if (auto L = Aff.translate(R.Offset, Err)) {
      L->Dims.resize(R.Chain.size(), 0);
      R.Subs = {*L};
      Kept.push_back(std::move(R));
    } else if (Err.Issue == FootprintIssue::ParametricStride) {
      if (!Stride) {
        Stride = Err;
        StrideAt = R.A.Inst;
      }
      Kept.push_back(std::move(R));
    } else if (Err.Issue == FootprintIssue::IndirectAccess &&
               isa<LoadInst, StoreInst>(R.A.Inst)) {
      indirect(*R.A.Inst, R.Size, Err.Message);
    } else {
      reason(Err.Issue,
             Err.Issue == FootprintIssue::IndirectAccess
                 ? "indirect write: " + Err.Message
                 : Err.Message,
             R.A.Inst);
    }
  }
  Raws = std::move(Kept);
  if (Stride) {
    if (auto Why = delinearize(Raws, DimSizes)) {
      reason(FootprintIssue::ParametricStride,
             Stride->Message + "; delinearisation failed: " + *Why, StrideAt);
      return false;
    }
  }
  return !Raws.empty();
}

/// Polly's recipe (seed 001 has none for runtime sizes): collect the
/// parametric terms of all accesses, find one set of dimension sizes, and
/// divide each access into subscripts. The result is accepted only if the
/// subscripts rebuild each offset exactly; then distinct addresses have
/// distinct subscript tuples, so counting tuples never undercounts, even
/// when a subscript leaves its dimension. Returns why it failed.
std::optional<std::string>
NestBuilder::delinearize(SmallVectorImpl<RawAccess> &Raws,
                         SmallVectorImpl<std::string> &DimSizes) {
  unsigned Size = Raws.front().Size;
  if (any_of(Raws, [&](const RawAccess &R) { return R.Size != Size; }))
    return std::string("accesses of different sizes");
  Type *IntTy = Raws.front().Offset->getType();
  const SCEV *ElementSize = SE.getConstant(IntTy, Size);
  SmallVector<const SCEV *, 4> Terms, Sizes;
  for (RawAccess &R : Raws)
    collectParametricTerms(SE, R.Offset, Terms);
  findArrayDimensions(SE, Terms, Sizes, ElementSize);
  if (Sizes.size() < 2)
    return std::string("no array dimensions found");
  for (RawAccess &R : Raws) {
    SmallVector<const SCEV *, 4> Subscripts;
    computeAccessFunctions(SE, R.Offset, Subscripts, Sizes);
    // Where it fails, computeAccessFunctions clears Sizes too: empty
    // subscripts then "match" the sizes.
    if (Subscripts.empty() || Subscripts.size() != Sizes.size())
      return "no subscripts for " + scevText(R.Offset);
    const SCEV *Rebuilt = nullptr;
    for (auto [K, Sub] : enumerate(Subscripts)) {
      const SCEV *S = SE.getTruncateOrSignExtend(Sub, IntTy);
      Rebuilt =
          K == 0
              ? S
              : SE.getAddExpr(SE.getMulExpr(Rebuilt, SE.getTruncateOrSignExtend(
                                                         Sizes[K - 1], IntTy)),
                              S);
    }
    Rebuilt = SE.getMulExpr(Rebuilt, ElementSize);
    if (!SE.getMinusSCEV(R.Offset, Rebuilt)->isZero())
      return "the subscripts of " + scevText(R.Offset) + " do not rebuild it";
    Aff.Chain = R.Chain;
    R.Subs.clear();
    for (const SCEV *Sub : Subscripts) {
      AffineError Err;
      auto L = Aff.translate(Sub, Err);
      if (!L)
        return "subscript " + scevText(Sub) + ": " + Err.Message;
      L->Dims.resize(R.Chain.size(), 0);
      R.Subs.push_back(*L);
    }
  }
  DimSizes.clear();
  for (const SCEV *S : ArrayRef(Sizes).drop_back())
    DimSizes.push_back(scevText(S));
  return std::nullopt;
}

void NestBuilder::finishArrays() {
  for (auto &[Base, Raws] : ByBase) {
    ArrayFootprint AF;
    AF.Base = Base;
    AF.Name = sourceName(Base);
    if (AF.Name.empty())
      AF.Name = "mem" + std::to_string(Nest.Arrays.size());
    for (char &C : AF.Name)
      if (!isAlnum(C))
        C = '_';
    // The name becomes an isl tuple name; keep clear of isl's keywords.
    static const StringRef IslWords[] = {
        "and", "or",    "not",   "xor",    "implies", "exists", "min",
        "max", "floor", "ceil",  "mod",    "true",    "false",  "infty",
        "NaN", "rat",   "ceild", "floord", "domain",  "range",  "cnot"};
    if (is_contained(IslWords, AF.Name))
      AF.Name += "_";
    if (!translateAccesses(Raws, AF.DimSizes))
      continue;
    bool Flat = AF.DimSizes.empty();
    // The granule divides every stride, offset and access size, so the
    // element set of a flat array is exact in its units.
    uint64_t G = 0;
    for (RawAccess &R : Raws) {
      G = std::gcd(G, uint64_t(R.Size));
      if (Flat) {
        const Linear &L = R.Subs.front();
        G = std::gcd(G, uint64_t(std::abs(L.Constant)));
        for (int64_t C : L.Dims)
          G = std::gcd(G, uint64_t(std::abs(C)));
        for (auto &[N, C] : L.Params)
          G = std::gcd(G, uint64_t(std::abs(C)));
        for (auto &[K, F] : L.Floors)
          G = std::gcd(G, uint64_t(std::abs(F.second)));
      }
      AF.ElementBytes = std::max(AF.ElementBytes, R.Size);
      (R.A.IsWrite ? AF.Written : AF.Read) = true;
    }
    AF.GranuleBytes = G;
    // Delinearised subscripts count elements already.
    int64_t Unit = Flat ? int64_t(G) : 1;
    AF.Invariant = all_of(Raws, [](auto &R) {
      return none_of(R.Subs, [](const Linear &L) { return L.hasDims(); });
    });
    auto ToAffine = [&](const RawAccess &R, ArrayRef<Linear> Subs,
                        int64_t Units) {
      AffineAccess A = R.A;
      for (const Linear &L : Subs) {
        AffineSubscript Sub;
        for (int64_t C : L.Dims)
          Sub.DimCoeffs.push_back(C / Unit);
        Sub.Constant = L.Constant / Unit;
        Sub.ParamPart = L.paramText(Unit);
        Sub.FloorPart = L.floorText(Unit);
        Sub.FloorPeriod.assign(L.Dims.size(), 0);
        for (auto &[K, F] : L.Floors)
          for (auto [D, C] : enumerate(F.first.InnerDims))
            if (C)
              Sub.FloorPeriod[D] =
                  Sub.FloorPeriod[D]
                      ? int64_t(std::lcm(uint64_t(Sub.FloorPeriod[D]),
                                         uint64_t(F.first.Divisor)))
                      : F.first.Divisor;
        A.Subscripts.push_back(std::move(Sub));
      }
      A.SizeInGranules = Units;
      return A;
    };
    for (RawAccess &R : Raws)
      AF.Accesses.push_back(ToAffine(R, R.Subs, Flat ? R.Size / G : 1));

    // Fuse accesses that differ only in the constant of their last
    // subscript into contiguous runs (exact: the union of [c, c + size)
    // intervals at the same point of the domain).
    struct Run {
      const RawAccess *R;
      int64_t Begin, End; // last subscript's constant, in Linear units
    };
    MapVector<std::string, SmallVector<Run, 4>, StringMap<unsigned>> Runs;
    for (RawAccess &R : Raws) {
      std::string Key = shapeKey(R);
      int64_t Begin = R.Subs.back().Constant;
      Runs[Key].push_back({&R, Begin, Begin + (Flat ? int64_t(R.Size) : 1)});
    }
    SmallVector<std::pair<const RawAccess *, SmallVector<Linear, 2>>, 4> Pieces;
    SmallVector<int64_t, 4> PieceSizes;
    // The first and last piece of each shape: the pieces of one shape are
    // translates, so these two bound all of them.
    SmallVector<bool, 4> Extreme;
    for (auto &[Key, List] : Runs) {
      size_t FirstPiece = Pieces.size();
      sort(List, [](const Run &A, const Run &B) { return A.Begin < B.Begin; });
      for (unsigned I = 0; I < List.size();) {
        int64_t Begin = List[I].Begin, End = List[I].End;
        unsigned J = I + 1;
        for (; J < List.size() && List[J].Begin <= End; ++J)
          End = std::max(End, List[J].End);
        SmallVector<Linear, 2> Subs = List[I].R->Subs;
        Subs.back().Constant = Begin;
        Pieces.push_back({List[I].R, std::move(Subs)});
        PieceSizes.push_back(End - Begin);
        Extreme.push_back(Pieces.size() == FirstPiece + 1);
        I = J;
      }
      Extreme.back() = true;
    }

    IslSet Union;
    std::vector<std::string> ByteTexts;
    bool DomainUnknown = false;
    // The element set is for people to read; unrolled code with many
    // pieces must not make the compile slow for it.
    std::optional<IslQuota> UnionQuota;
    UnionQuota.emplace(Ctx, islMaxOperations() / 20);
    for (auto [Idx, P] : enumerate(Pieces)) {
      const RawAccess &R = *P.first;
      ArrayRef<Linear> Subs = P.second;
      int64_t Size = PieceSizes[Idx]; // bytes (flat) or elements
      AffineAccess A = ToAffine(R, Subs, Flat ? Size / G : Size);
      unsigned NumDims = R.Chain.size();
      auto Domain = domainText(A, NumDims);
      if (Domain && !DomainUnknown) {
        auto SetOf = [&](int64_t U, int64_t Units) {
          SmallVector<std::string, 2> Texts;
          for (const Linear &L : Subs)
            Texts.push_back(L.text(U));
          return accessSetText(paramList() + " -> ", AF.Name, NumDims, *Domain,
                               Texts, Units);
        };
        Union = unite(std::move(Union),
                      parseSet(Ctx, SetOf(Unit, A.SizeInGranules)));
        if (Flat && Extreme[Idx])
          ByteTexts.push_back(SetOf(1, Size));
      } else {
        DomainUnknown = true;
      }
      AF.Pieces.push_back(std::move(A));
    }
    bool UnionTooComplex = UnionQuota->gaveUp();
    UnionQuota.reset();
    if (DomainUnknown) {
      AF.ElementSet = "unknown (a trip count is unknown)";
    } else if (UnionTooComplex) {
      AF.ElementSet = "too complex to print (isl operation limit)";
    } else if (Union.S) {
      Union = simplify(std::move(Union));
      AF.ElementSet = Union.str();
      bool HasFloors = any_of(Raws, [](const RawAccess &R) {
        return any_of(R.Subs,
                      [](const Linear &L) { return !L.Floors.empty(); });
      });
      if (Flat && HasFloors) {
        AF.ByteRange = "see elements (floor terms)";
      } else if (Flat) {
        // For people to read, like the element set: a small budget.
        IslQuota Quota(Ctx, islMaxOperations() / 20);
        std::vector<IslSet> Bytes;
        for (const std::string &Text : ByteTexts)
          Bytes.push_back(parseSet(Ctx, Text));
        AF.ByteRange = byteRangeText(Bytes);
        if (Quota.gaveUp())
          AF.ByteRange = "too complex (isl operation limit)";
      }
    }
    // A thread-index kernel's tile is its block: i0 over the block's threads.
    if (Flat && !DomainUnknown)
      tileByteSets(AF, Raws);
    Nest.Arrays.push_back(std::move(AF));
  }
}

void NestBuilder::build() {
  // LoopInfo does not see irreducible cycles, so accesses in one would be
  // counted as if they ran once.
  ReversePostOrderTraversal<const Function *> RPOT(Nest.Region);
  if (containsIrreducibleCFG<const BasicBlock *>(RPOT, LI))
    reason(FootprintIssue::IrreducibleControlFlow,
           "the function has irreducible control flow",
           &*Nest.Region->getEntryBlock().getFirstNonPHIIt());
  collectLoops();
  Loop *Root = rootLoop();
  if (Root) {
    for (BasicBlock *BB : Root->blocks())
      for (Instruction &I : *BB)
        visit(I);
  } else {
    for (Instruction &I : instructions(*Nest.Region))
      visit(I);
  }
  finishArrays();
  Nest.AssumesNoWrap = Aff.AssumesNoWrap;
  for (auto &[S, Name] : Aff.ParamNames)
    Nest.Params.push_back({Name, S});

  // Largest trip count of triangular inner loops, from the bounds of the
  // loops around them.
  for (NestLoop &NL : Nest.Loops) {
    if (NL.IsSIMT || NL.MaxTripCount)
      continue;
    Loop *L = LI.getLoopFor(NL.Header);
    auto It = TripCounts.find(L);
    if (It == TripCounts.end() || !It->second.Params.empty())
      continue;
    SmallVector<std::string, 4> Cs, Dims;
    unsigned Depth = NL.Depth;
    for (unsigned D = 0; D < Depth; ++D)
      Dims.push_back("i" + std::to_string(D));
    Loop *P = L;
    for (int D = Depth - 1; D >= 0; --D) {
      P = P->getParentLoop();
      const NestLoop &Outer =
          D == 0 ? Nest.Loops[0] : Nest.Loops[LoopIndex.lookup(P)];
      std::string I = "i" + std::to_string(D);
      if (D == 0) {
        if (!Outer.MaxTripCount)
          break;
        int64_t Lo = SIMTMin.value_or(0);
        Cs.push_back(std::to_string(Lo) + " <= " + I + " < " +
                     std::to_string(Lo + int64_t(*Outer.MaxTripCount)));
      } else if (auto OT = TripCounts.find(P);
                 OT != TripCounts.end() && OT->second.Params.empty()) {
        Cs.push_back("0 <= " + I + " < " + OT->second.text());
      }
    }
    if (Cs.size() != Depth)
      continue;
    IslSet Bound =
        parseSet(Ctx, "{ [" + join(Dims, ", ") + ", t] : " + join(Cs, " and ") +
                          " and t = " + It->second.text() + " }");
    if (auto Max = maxOfDim(Bound, Depth); Max && *Max > 0)
      NL.MaxTripCount = uint64_t(*Max);
  }
}

//===----------------------------------------------------------------------===//
// Bytes per tile.
//===----------------------------------------------------------------------===//

namespace {
/// One access's set at the tile's origin: the image of its iteration box
/// (Extents per depth) under its subscripts, the last one widened by Units
/// granules.
struct BoxImage {
  struct Subscript {
    int64_t Constant;
    SmallVector<int64_t, 4> Coeffs;
  };
  SmallVector<Subscript, 2> Subscripts;
  SmallVector<uint64_t, 4> Extents;
  uint64_t Units = 1;
};
} // namespace

/// Points of the union of Images, from the runs of
/// consecutive points each image is made of. isl counts a union it cannot
/// see as a box by making its pieces disjoint and enumerating them, which
/// took conv3d's 27 shifted accesses seconds. Along a depth whose step in
/// the last subscript is at most the access's width an image's points are
/// consecutive, so a run covers that whole depth. Dense runs are marked in
/// a bitmap of the hull, sparse ones sorted and merged. nullopt (isl
/// counts) when the images make too many runs or the hull is too large.
static std::optional<uint64_t> countImagePoints(ArrayRef<BoxImage> Images) {
  constexpr uint64_t MostBits = uint64_t(1) << 27; // 16 MiB
  constexpr uint64_t MostRuns = uint64_t(1) << 20;
  auto Coeff = [](const BoxImage::Subscript &Sub, unsigned D) {
    return D < Sub.Coeffs.size() ? Sub.Coeffs[D] : 0;
  };
  if (Images.empty())
    return 0;
  // The box hull: each subscript's extremes are at corners of the box.
  SmallVector<std::pair<int64_t, int64_t>, 4> Hull(
      Images.front().Subscripts.size(), {std::numeric_limits<int64_t>::max(),
                                         std::numeric_limits<int64_t>::min()});
  for (const BoxImage &Image : Images) {
    if (Image.Subscripts.size() != Hull.size() ||
        any_of(Image.Extents, [](uint64_t E) { return E == 0; }) ||
        any_of(Image.Subscripts, [&](const BoxImage::Subscript &Sub) {
          return Sub.Coeffs.size() > Image.Extents.size();
        }))
      return std::nullopt;
    // Checked: every partial sum of a subscript lies between its extremes,
    // so nothing below can overflow once they are found.
    for (auto [K, Sub] : enumerate(Image.Subscripts)) {
      std::optional<int64_t> Lo = Sub.Constant, Hi = Sub.Constant;
      for (auto [D, C] : enumerate(Sub.Coeffs)) {
        auto Span = checkedMul(C, int64_t(Image.Extents[D] - 1));
        if (!Span)
          return std::nullopt;
        std::optional<int64_t> &Side = *Span < 0 ? Lo : Hi;
        Side = Side ? checkedAdd(*Side, *Span) : std::nullopt;
      }
      if (Hi && K + 1 == Hull.size())
        Hi = checkedAdd(*Hi, int64_t(Image.Units) - 1);
      if (!Lo || !Hi)
        return std::nullopt;
      Hull[K] = {std::min(Hull[K].first, *Lo), std::max(Hull[K].second, *Hi)};
    }
  }
  uint64_t Bits = 1;
  for (auto [Min, Max] : Hull) {
    auto Width = checkedSub(Max, Min);
    if (!Width || *Width >= (int64_t(1) << 40))
      return std::nullopt;
    Bits = SaturatingMultiply(Bits, uint64_t(*Width) + 1);
  }
  if (Bits > (uint64_t(1) << 62))
    return std::nullopt;
  // Per image: the iterations that start a run, and the run's length.
  struct Runs {
    SmallVector<uint64_t, 4> Steps;
    uint64_t Length;
  };
  SmallVector<Runs, 8> RunsOf;
  uint64_t TotalRuns = 0;
  for (const BoxImage &Image : Images) {
    unsigned Dims = Image.Extents.size();
    std::optional<unsigned> Along;
    for (unsigned D = 0; D < Dims; ++D) {
      int64_t Step = Coeff(Image.Subscripts.back(), D);
      bool OnlyLast = all_of(drop_end(Image.Subscripts), [&](const auto &Sub) {
        return Coeff(Sub, D) == 0;
      });
      if (OnlyLast && Step > 0 && uint64_t(Step) <= Image.Units &&
          (!Along || Image.Extents[D] > Image.Extents[*Along]))
        Along = D;
    }
    Runs R{SmallVector<uint64_t, 4>(Image.Extents.begin(), Image.Extents.end()),
           Image.Units};
    if (Along) {
      R.Length += (Image.Extents[*Along] - 1) *
                  uint64_t(Coeff(Image.Subscripts.back(), *Along));
      R.Steps[*Along] = 1;
    }
    // A depth no subscript moves along repeats the same runs.
    for (unsigned D = 0; D < Dims; ++D)
      if (none_of(Image.Subscripts,
                  [&](const auto &Sub) { return Coeff(Sub, D) != 0; }))
        R.Steps[D] = 1;
    uint64_t N = 1;
    for (uint64_t E : R.Steps)
      N = SaturatingMultiply(N, E);
    TotalRuns = SaturatingAdd(TotalRuns, N);
    if (TotalRuns > MostRuns)
      return std::nullopt;
    RunsOf.push_back(std::move(R));
  }
  bool Dense = TotalRuns >= Bits / 64;
  if (Dense && Bits > MostBits)
    return std::nullopt;
  std::vector<uint64_t> Marked(Dense ? (Bits + 63) / 64 : 0);
  std::vector<std::pair<uint64_t, uint64_t>> Sparse;
  Sparse.reserve(Dense ? 0 : TotalRuns);
  for (auto [Image, R] : zip_equal(Images, RunsOf)) {
    SmallVector<uint64_t, 4> At(R.Steps.size(), 0);
    for (;;) {
      uint64_t Begin = 0;
      for (auto [K, Sub] : enumerate(Image.Subscripts)) {
        int64_t O = Sub.Constant;
        for (auto [D, C] : enumerate(Sub.Coeffs))
          O += C * int64_t(At[D]);
        Begin = Begin * uint64_t(Hull[K].second - Hull[K].first + 1) +
                uint64_t(O - Hull[K].first);
      }
      if (!Dense)
        Sparse.emplace_back(Begin, Begin + R.Length);
      for (uint64_t B = Begin, End = Begin + R.Length; Dense && B < End;) {
        uint64_t Bit = B % 64, N = std::min<uint64_t>(64 - Bit, End - B);
        Marked[B / 64] |= (N == 64 ? ~uint64_t(0) : (uint64_t(1) << N) - 1)
                          << Bit;
        B += N;
      }
      unsigned D = At.size();
      while (D > 0 && ++At[D - 1] == R.Steps[D - 1])
        At[--D] = 0;
      if (D == 0)
        break;
    }
  }
  uint64_t Points = 0;
  for (uint64_t Word : Marked)
    Points += llvm::popcount(Word);
  llvm::sort(Sparse);
  uint64_t Covered = 0; // every point below it is counted
  for (auto [Begin, End] : Sparse) {
    Points +=
        End > std::max(Begin, Covered) ? End - std::max(Begin, Covered) : 0;
    Covered = std::max(Covered, End);
  }
  return Points;
}

std::optional<uint64_t>
NestFootprint::arrayBytesPerTile(const ArrayFootprint &A,
                                 ArrayRef<uint64_t> Iterations,
                                 std::string *Why, bool *IsExact) const {
  std::less<const ArrayFootprint *> Before;
  const ArrayFootprint *Begin = Arrays.data(), *End = Begin + Arrays.size();
  CachedCount Uncached;
  const CachedCount *Found = &Uncached;
  if (!Before(&A, Begin) && Before(&A, End)) {
    size_t Index = &A - Begin;
    auto Key = std::make_pair(
        Index, std::vector<uint64_t>(Iterations.begin(), Iterations.end()));
    auto It = Counts.find(Key);
    if (It == Counts.end())
      It = Counts.emplace(std::move(Key), countArray(A, Iterations)).first;
    Found = &It->second;
  } else {
    Uncached = countArray(A, Iterations);
  }
  const CachedCount &C = *Found;
  if (!C.Bytes && Why)
    *Why = C.Why;
  if (C.Bytes && !C.Exact && IsExact)
    *IsExact = false;
  return C.Bytes;
}

NestFootprint::CachedCount
NestFootprint::countArray(const ArrayFootprint &A,
                          ArrayRef<uint64_t> Iterations) const {
  CachedCount Result;
  std::string *Why = &Result.Why;
  auto Fail = [&](std::string Msg) {
    *Why = std::move(Msg);
    return Result;
  };
  if (!isExact())
    return Fail("the footprint is not exact: " + Reasons.front().Message);
  bool Exact = true;

  // The tile is counted at the origin, but a real tile sits anywhere. A
  // dimension "moves" when the tile does not cover its whole loop (the SIMT
  // dimension always does, unless the tile covers every iteration). Pieces
  // with the same coefficients on the moving dimensions (and the same
  // runtime part) shift together wherever the tile is, so their union at the
  // origin has the size of every tile's: they merge exactly. Pieces that
  // shift differently (syrk's A[i][k] and A[j][k] under a 2-D tile) may
  // overlap at the origin and not elsewhere, so groups are summed: a bound.
  struct Group {
    // At the origin; parsed only when isl counts the group (the analysis
    // enumerates most sets from Images alone).
    SmallVector<std::string, 2> Texts;
    // Over every tile position; parsed only when a stationary set could
    // absorb the group.
    SmallVector<std::string, 2> SweepTexts;
    uint64_t MostPoints = 0;
    // Points of the tile itself (before any alignment window): a second
    // bound on the group's distinct elements.
    uint64_t TilePoints = 0;
    bool Moves = false, SweepKnown = true;
    // The set's pieces as images of iteration boxes, to enumerate them
    // directly; empty when a piece has a floor term.
    SmallVector<BoxImage, 4> Images;
    bool Enumerable = true;
  };
  // Floors (collapse(n)) are not translation invariant: a tile of T
  // iterations lies in an aligned window of T + P - 1 (P the lcm of the
  // divisors), and shifting by P only translates the image, so counting that
  // window bounds every tile.
  SmallVector<int64_t, 4> Period;
  for (const AffineAccess &Acc : A.Pieces)
    for (const AffineSubscript &Sub : Acc.Subscripts)
      for (auto [D, P] : enumerate(Sub.FloorPeriod)) {
        if (Period.size() <= D)
          Period.resize(D + 1, 0);
        if (P)
          Period[D] = Period[D]
                          ? int64_t(std::lcm(uint64_t(Period[D]), uint64_t(P)))
                          : P;
      }
  // Runtime part -> moving-coefficient key -> group.
  std::map<std::string, std::map<std::string, Group>> Partitions;
  for (const AffineAccess &Acc : A.Pieces) {
    SmallVector<std::string, 4> Dims, Cs, SweepCs, Sums, Params, Moving;
    SmallVector<bool, 4> DimMoves;
    BoxImage Image;
    Image.Units = Acc.SizeInGranules;
    uint64_t Points = Acc.SizeInGranules, TilePoints = Acc.SizeInGranules;
    bool SweepKnown = true;
    for (unsigned D = 0; D < Acc.LoopOfDepth.size(); ++D) {
      std::string I = "i" + std::to_string(D);
      Dims.push_back(I);
      uint64_t Extent = D < Iterations.size() ? Iterations[D] : 0;
      const NestLoop &NL = Loops[Acc.LoopOfDepth[D]];
      if (!Extent) {
        if (!NL.MaxTripCount)
          return Fail("no tile size given for depth " + std::to_string(D) +
                      " and its trip count (" + NL.TripCountText +
                      ") is not a compile-time bound");
        Extent = *NL.MaxTripCount;
      } else if (NL.MaxTripCount) {
        Extent = std::min(Extent, *NL.MaxTripCount);
      }
      // An inner loop whose trip count varies (j <= i) is counted as its
      // bounding box: an upper bound.
      if (D > 0 && !NL.TripCount)
        Exact = false;
      DimMoves.push_back(!NL.MaxTripCount || Extent < *NL.MaxTripCount);
      TilePoints = SaturatingMultiply(TilePoints, Extent);
      if (DimMoves.back() && D < Period.size() && Period[D]) {
        Extent += Period[D] - 1;
        if (NL.MaxTripCount)
          Extent = std::min(Extent, *NL.MaxTripCount);
        Exact = false;
      }
      Cs.push_back("0 <= " + I + " < " + std::to_string(Extent));
      Image.Extents.push_back(Extent);
      if (DimMoves.back() && !NL.MaxTripCount)
        SweepKnown = false;
      SweepCs.push_back("0 <= " + I + " < " +
                        std::to_string(NL.MaxTripCount.value_or(Extent)));
      Points = SaturatingMultiply(Points, Extent);
    }
    bool Moves = false;
    for (auto [K, Sub] : enumerate(Acc.Subscripts)) {
      std::string Sum = std::to_string(Sub.Constant);
      for (auto [D, C] : enumerate(Sub.DimCoeffs)) {
        if (C)
          Sum += " + " + std::to_string(C) + "*i" + std::to_string(D);
        if (DimMoves[D]) {
          Moving.push_back(std::to_string(C));
          Moves |= C != 0;
        }
      }
      if (!Sub.FloorPart.empty()) {
        Sum += " + " + Sub.FloorPart;
        Moving.push_back(Sub.FloorPart);
        Moves = true;
      }
      Image.Subscripts.push_back({Sub.Constant, Sub.DimCoeffs});
      Sums.push_back(Sum);
      Params.push_back(Sub.ParamPart);
    }
    auto Text = [&](ArrayRef<std::string> Bounds) {
      return accessSetText("", "", Dims.size(), join(Bounds, " and "), Sums,
                           Acc.SizeInGranules);
    };
    Group &G = Partitions[join(Params, " | ")][join(Moving, ",")];
    G.Texts.push_back(Text(Cs));
    if (Moves && SweepKnown)
      G.SweepTexts.push_back(Text(SweepCs));
    G.SweepKnown &= SweepKnown;
    G.Moves |= Moves;
    G.MostPoints = SaturatingAdd(G.MostPoints, Points);
    G.TilePoints = SaturatingAdd(G.TilePoints, TilePoints);
    G.Enumerable &= none_of(Acc.Subscripts, [](const AffineSubscript &Sub) {
      return !Sub.FloorPart.empty();
    });
    G.Images.push_back(std::move(Image));
  }

  IslQuota Quota(Owner->ctx());
  auto SetOf = [&](ArrayRef<const Group *> Of) {
    IslSet Set;
    for (const Group *G : Of)
      for (const std::string &T : G->Texts)
        Set = unite(std::move(Set), parseSet(Owner->ctx(), T));
    return Set;
  };
  auto Count = [&](ArrayRef<const Group *> Of,
                   uint64_t MostPoints) -> std::optional<uint64_t> {
    // Sets isl would enumerate, the analysis enumerates itself.
    if (MostPoints <= maxCountedPoints() &&
        all_of(Of, [](const Group *G) { return G->Enumerable; })) {
      SmallVector<BoxImage, 8> Images;
      for (const Group *G : Of)
        append_range(Images, G->Images);
      if (auto N = countImagePoints(Images))
        return N;
    }
    bool SetExact;
    auto N = countPoints(SetOf(Of), MostPoints, SetExact);
    Exact &= SetExact;
    return N;
  };
  uint64_t Total = 0;
  for (auto &[ParamKey, Groups] : Partitions) {
    // Stationary pieces are the same set for every tile: one exact union.
    uint64_t StationaryPoints = 0;
    SmallVector<const Group *, 4> StationaryGroups;
    for (auto &[Key, G] : Groups)
      if (!G.Moves) {
        StationaryPoints = SaturatingAdd(StationaryPoints, G.MostPoints);
        StationaryGroups.push_back(&G);
      }
    // Parsed for the first moving group that could lie inside it.
    std::optional<IslSet> Stationary;
    auto Uncounted = [&] {
      return Fail(Quota.gaveUp()
                      ? "the footprint of " + A.Name +
                            " is too complex to count (isl "
                            "operation limit)"
                      : "isl could not count the footprint of " + A.Name);
    };
    uint64_t N = 0;
    if (!StationaryGroups.empty()) {
      auto S = Count(StationaryGroups, StationaryPoints);
      if (!S)
        return Uncounted();
      N = *S;
    }
    unsigned Summed = 0;
    for (auto &[Key, G] : Groups) {
      if (!G.Moves)
        continue;
      // A moving group that never leaves the stationary set adds nothing
      // (syrk with whole inner loops: A[i][k] is always inside A[j][k]).
      if (!StationaryGroups.empty() && G.SweepKnown) {
        if (!Stationary)
          Stationary = SetOf(StationaryGroups);
        IslSet Sweep;
        for (const std::string &T : G.SweepTexts)
          Sweep = unite(std::move(Sweep), parseSet(Owner->ctx(), T));
        if (isSubset(Sweep, *Stationary))
          continue;
      }
      auto M = Count({&G}, G.MostPoints);
      if (!M)
        return Uncounted();
      N += std::min(*M, G.TilePoints);
      ++Summed;
    }
    if (Quota.gaveUp())
      return Uncounted();
    if (Summed > 1 || (Summed == 1 && !StationaryGroups.empty()))
      Exact = false;
    Total += N * A.GranuleBytes;
  }
  if (Partitions.size() > 1)
    Exact = false; // runtime offsets between the partitions are unknown
  Result.Bytes = Total;
  Result.Exact = Exact;
  return Result;
}

std::optional<uint64_t>
NestFootprint::bytesPerTile(ArrayRef<uint64_t> Iterations, std::string *Why,
                            bool *IsExact) const {
  uint64_t Total = 0;
  for (const ArrayFootprint &A : Arrays) {
    auto B = arrayBytesPerTile(A, Iterations, Why, IsExact);
    if (!B)
      return std::nullopt;
    Total += *B;
  }
  for (const auto *Sites : {&Gathers, &Scatters})
    for (const IndirectSite &G : *Sites) {
      auto Executions = indirectExecutionsPerTile(G, Iterations);
      if (!Executions) {
        if (Why)
          *Why = "an indirect access is in a loop of unbounded length";
        return std::nullopt;
      }
      Total += *Executions * G.Bytes;
    }
  return Total;
}

std::optional<uint64_t>
NestFootprint::indirectExecutionsPerTile(const IndirectSite &G,
                                         ArrayRef<uint64_t> Iterations) const {
  uint64_t Executions = 1;
  for (unsigned Index : G.LoopOfDepth) {
    const NestLoop &NL = Loops[Index];
    std::optional<uint64_t> Most =
        NL.TripCount ? NL.TripCount : NL.MaxTripCount;
    uint64_t Cut = NL.Depth < Iterations.size() ? Iterations[NL.Depth] : 0;
    if (Cut)
      Most = Most ? std::min(*Most, Cut) : Cut;
    if (!Most)
      return std::nullopt;
    Executions *= *Most;
  }
  return Executions;
}

//===----------------------------------------------------------------------===//
// The analysis.
//===----------------------------------------------------------------------===//

static void emitRemarks(const NestFootprint &N,
                        OptimizationRemarkEmitter &ORE) {
  const Instruction *Anchor =
      N.Loops.front().Header ? &*N.Loops.front().Header->getFirstNonPHIIt()
                             : &*N.Region->getEntryBlock().getFirstNonPHIIt();
  for (const FootprintReason &R : N.Reasons) {
    const Instruction *At = R.At ? R.At : Anchor;
    ORE.emit([&] {
      return OptimizationRemarkAnalysis(DEBUG_TYPE, footprintIssueName(R.Issue),
                                        remarkLocation(*At), At->getParent())
             << "footprint of kernel '"
             << ore::NV("Kernel", N.Kernel->Entry->getName())
             << "' is not exact: " << ore::NV("Reason", R.Message);
    });
  }
  if (!N.isExact())
    return;
  for (const auto *Sites : {&N.Gathers, &N.Scatters})
    for (const IndirectSite &G : *Sites)
      ORE.emit([&] {
        bool Store = Sites == &N.Scatters;
        return OptimizationRemarkAnalysis(
                   DEBUG_TYPE, Store ? "IndirectStore" : "IndirectLoad", G.Inst)
               << "kernel '" << ore::NV("Kernel", N.Kernel->Entry->getName())
               << "': indirect " << (Store ? "store" : "load")
               << (G.Name.empty() ? std::string() : " of '" + G.Name + "'")
               << " (" << ore::NV("Reason", G.Why)
               << ") counts one element per execution";
      });
  auto Bytes = N.bytesPerTile({1});
  ORE.emit([&] {
    OptimizationRemarkAnalysis R(DEBUG_TYPE, "Footprint",
                                 remarkLocation(*Anchor), Anchor->getParent());
    R << "kernel '" << ore::NV("Kernel", N.Kernel->Entry->getName())
      << "': " << ore::NV("Arrays", unsigned(N.Arrays.size())) << " array(s), ";
    if (Bytes)
      R << ore::NV("BytesPerSIMTIteration", *Bytes)
        << " bytes per SIMT iteration";
    else
      R << "bytes per SIMT iteration depend on runtime values";
    return R;
  });
}

FootprintInfo FootprintAnalysis::run(Module &M, ModuleAnalysisManager &MAM) {
  FootprintInfo Result;
  const KernelInfo &KI = MAM.getResult<KernelAnalysis>(M);
  auto &FAM = MAM.getResult<FunctionAnalysisManagerModuleProxy>(M).getManager();
  for (const KernelRecord &K : KI.Kernels) {
    NestFootprint N;
    N.Kernel = &K;
    N.Owner = &Result;
    N.Region = K.SIMT.Region ? K.SIMT.Region : K.Entry;
    ++NumNests;
    if (K.SIMT.K == SIMTInfo::Kind::None) {
      N.Reasons.push_back({FootprintIssue::NoSIMT, K.SIMT.Reason, nullptr});
      NestLoop Dim;
      Dim.IsSIMT = true;
      N.Loops.push_back(Dim);
    } else {
      auto &SE = FAM.getResult<ScalarEvolutionAnalysis>(*N.Region);
      auto &LI = FAM.getResult<LoopAnalysis>(*N.Region);
      NestBuilder(N, SE, LI, Result.ctx()).build();
    }
    if (N.isExact())
      ++NumExactNests;
    emitRemarks(N, FAM.getResult<OptimizationRemarkEmitterAnalysis>(*N.Region));
    Result.Nests.push_back(std::move(N));
  }
  return Result;
}

//===----------------------------------------------------------------------===//
// Printing and JSON.
//===----------------------------------------------------------------------===//

static std::string accessKind(const ArrayFootprint &A) {
  if (A.Read && A.Written)
    return "read-write";
  return A.Written ? "write" : "read";
}

std::string prem::tileText(ArrayRef<uint64_t> Iterations) {
  SmallVector<std::string, 4> Parts;
  for (uint64_t I : Iterations)
    Parts.push_back(std::to_string(I));
  return "[" + join(Parts, ",") + "]";
}

void FootprintInfo::print(raw_ostream &OS, ArrayRef<uint64_t> Tile) const {
  for (const NestFootprint &N : Nests) {
    OS << "kernel " << N.Kernel->Entry->getName() << " region "
       << N.Region->getName() << "\n";
    OS << "  loops:\n";
    for (const NestLoop &L : N.Loops) {
      OS << "    depth " << L.Depth << ": ";
      if (L.IsSIMT && N.Kernel->SIMT.K == SIMTInfo::Kind::None) {
        OS << "none\n";
        continue;
      }
      if (L.IsSIMT)
        OS << (L.Header ? "simt loop " + valueText(L.Header) : "thread index");
      else
        OS << "loop " << valueText(L.Header);
      OS << ", trip count " << L.TripCountText;
      if (L.MaxTripCount && !L.TripCount)
        OS << " (at most " << *L.MaxTripCount << ")";
      if (L.Line)
        OS << ", line " << L.Line;
      OS << "\n";
    }
    for (const ArrayFootprint &A : N.Arrays) {
      OS << "  array " << A.Name << ": " << A.ElementBytes << "-byte elements, "
         << accessKind(A) << ", " << A.Accesses.size() << " access(es)"
         << (A.Invariant ? ", loop-invariant scalar" : "");
      if (A.GranuleBytes != A.ElementBytes)
        OS << ", granule " << A.GranuleBytes << " bytes";
      if (!A.DimSizes.empty())
        OS << ", delinearised as " << A.Name << "[*][" << join(A.DimSizes, "][")
           << "]";
      OS << "\n";
      for (const AffineAccess &Acc : A.Accesses) {
        OS << "    " << (Acc.IsWrite ? "write" : "read ") << " " << A.Name;
        for (const AffineSubscript &Sub : Acc.Subscripts) {
          std::string Sum;
          for (auto [D, C] : enumerate(Sub.DimCoeffs))
            if (C)
              Sum += (Sum.empty() ? "" : " + ") + std::to_string(C) + "*i" +
                     std::to_string(D);
          if (!Sub.FloorPart.empty())
            Sum += (Sum.empty() ? "" : " + ") + Sub.FloorPart;
          if (!Sub.ParamPart.empty())
            Sum += (Sum.empty() ? "" : " + ") + Sub.ParamPart;
          if (Sub.Constant || Sum.empty())
            Sum += (Sum.empty() ? "" : " + ") + std::to_string(Sub.Constant);
          OS << "[" << Sum << "]";
        }
        if (Acc.SizeInGranules != 1)
          OS << " x" << Acc.SizeInGranules;
        OS << "\n";
      }
      OS << "    elements: " << A.ElementSet << "\n";
      if (!A.ByteRange.empty())
        OS << "    bytes: " << A.ByteRange << "\n";
      std::string Why;
      bool Exact = true;
      if (auto B = N.arrayBytesPerTile(A, Tile, &Why, &Exact))
        OS << "    bytes per tile " << tileText(Tile) << ": "
           << (Exact ? "" : "at most ") << *B << "\n";
    }
    for (const auto *Sites : {&N.Gathers, &N.Scatters})
      for (const IndirectSite &G : *Sites) {
        OS << "  indirect " << (Sites == &N.Scatters ? "store" : "load")
           << (G.Name.empty() ? "" : " of " + G.Name) << ": " << G.Bytes
           << " bytes, " << G.Why;
        if (auto E = N.indirectExecutionsPerTile(G, Tile))
          OS << "; " << *E << " per tile " << tileText(Tile);
        OS << "\n";
      }
    if (N.isExact()) {
      std::string Why;
      OS << "  total bytes per tile " << tileText(Tile) << ": ";
      bool Exact = true;
      if (auto B = N.bytesPerTile(Tile, &Why, &Exact))
        OS << (Exact ? "" : "at most ") << *B << "\n";
      else
        OS << "unknown (" << Why << ")\n";
      if (N.AssumesNoWrap)
        OS << "  assumes: narrow index arithmetic does not wrap\n";
      OS << "  exact: yes\n";
    } else {
      OS << "  exact: no\n";
      for (const FootprintReason &R : N.Reasons)
        OS << "  reason " << footprintIssueName(R.Issue) << ": " << R.Message
           << "\n";
    }
  }
}

json::Array FootprintInfo::toJSON(ArrayRef<uint64_t> Tile) const {
  json::Array Out;
  for (const NestFootprint &N : Nests) {
    json::Array Loops, Arrays, Reasons;
    for (const NestLoop &L : N.Loops) {
      json::Object O{{"depth", L.Depth},
                     {"simt", L.IsSIMT},
                     {"trip_count", L.TripCountText}};
      if (L.MaxTripCount)
        O["max_trip_count"] = *L.MaxTripCount;
      if (L.Line)
        O["line"] = L.Line;
      Loops.push_back(std::move(O));
    }
    for (const ArrayFootprint &A : N.Arrays) {
      json::Object O{
          {"name", A.Name},           {"element_bytes", A.ElementBytes},
          {"access", accessKind(A)},  {"accesses", int64_t(A.Accesses.size())},
          {"invariant", A.Invariant}, {"elements", A.ElementSet},
          {"byte_range", A.ByteRange}};
      if (auto B = N.arrayBytesPerTile(A, Tile))
        O["bytes_per_tile"] = *B;
      Arrays.push_back(std::move(O));
    }
    for (const FootprintReason &R : N.Reasons)
      Reasons.push_back(json::Object{{"kind", footprintIssueName(R.Issue)},
                                     {"message", R.Message}});
    json::Array Gathers, Scatters;
    for (const auto *Sites : {&N.Gathers, &N.Scatters})
      for (const IndirectSite &G : *Sites) {
        json::Object O{{"name", G.Name}, {"bytes", G.Bytes}, {"why", G.Why}};
        if (auto E = N.indirectExecutionsPerTile(G, Tile))
          O["executions_per_tile"] = *E;
        (Sites == &N.Scatters ? Scatters : Gathers).push_back(std::move(O));
      }
    json::Object O{{"kernel", N.Kernel->Entry->getName()},
                   {"region", N.Region->getName()},
                   {"exact", N.isExact()},
                   {"loops", std::move(Loops)},
                   {"arrays", std::move(Arrays)},
                   {"reasons", std::move(Reasons)},
                   {"indirect_loads", std::move(Gathers)},
                   {"indirect_stores", std::move(Scatters)},
                   {"tile", json::Array(Tile)}};
    bool Exact = true;
    if (auto B = N.bytesPerTile(Tile, nullptr, &Exact)) {
      O["bytes_per_tile"] = *B;
      // False when the count bounds the bytes (triangular or runtime-length
      // inner loops, sets too large to enumerate).
      O["bytes_per_tile_exact"] = Exact;
    }
    Out.push_back(std::move(O));
  }
  return Out;
}

PreservedAnalyses FootprintPrinterPass::run(Module &M,
                                            ModuleAnalysisManager &MAM) {
  OS << "prem-footprint: module " << M.getName() << "\n";
  MAM.getResult<FootprintAnalysis>(M).print(OS, footprintTileSizes());
  return PreservedAnalyses::all();
}
