//===- AffineForm.h - SCEV to affine forms, for isl -------------*- C++ -*-===//
//
// The footprint analysis's front end (seed 001, Algorithm 1 keeps SCEV's
// start, step and trip count; we keep the whole affine form): an access's
// SCEV becomes a Linear form over the nest's dimensions (i0 the SIMT one)
// and named runtime parameters, which isl reads as text.
//
//===----------------------------------------------------------------------===//

#ifndef PREM_ANALYSIS_FOOTPRINT_AFFINEFORM_H
#define PREM_ANALYSIS_FOOTPRINT_AFFINEFORM_H

#include "prem/Analysis/Footprint.h"
#include "prem/Analysis/KernelInfo.h"

#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"

#include <map>
#include <optional>
#include <string>

namespace prem::footprint {
using namespace llvm;

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

/// V as an operand (%name, or its number).
std::string valueText(const Value *V);
/// The value as a reason names it: in source terms where it can.
std::string sourceText(const Value *V);
/// A loop as a reason names it for its user: by its source line where the
/// module has debug information, by its header block otherwise.
std::string loopText(const Loop *L);
std::string scevText(const SCEV *S);
/// The name the source gives a base pointer: its IR name
/// (-fno-discard-value-names), else the variable debug info binds to it, else
/// argN for the N-th argument of the region function.
std::string sourceName(const Value *Base);

/// isl text of the elements some subscripts touch over a domain:
///   Prefix{ Tuple[o...] : exists i0.., e : Domain and 0 <= e < Units
///                          and o_k = Subscripts[k] (+ e on the last) }
/// e widens the last subscript by the access size. A single flat subscript
/// keeps the output named o.
std::string accessSetText(StringRef Prefix, StringRef Tuple, unsigned NumDims,
                          StringRef Domain, ArrayRef<std::string> Subscripts,
                          int64_t Units);

/// Sums and products of special registers (thread and block indices and
/// sizes) and small non-negative constants, through casts, where no
/// constant scales a grid-wide term: a thread's index, which the footprint
/// takes not to wrap, as CUDA code does (prem-tile's registersNonNegative
/// too). (blockIdx.x * blockDim.x + threadIdx.x) * 60000u wraps once the
/// grid has 35792 threads.
bool isRegisterMath(const SCEV *S);

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
  /// Where set, each step whose reading rests on a value fitting its bits
  /// is listed: a cast read under the no-wrap assumption (its operand), a
  /// division or remainder (its dividend), a min or max (its operand); a
  /// sum or product needs none (it wraps alike in every bit below). A
  /// branch the footprint proves one-way, and a condition that decides
  /// which bytes a tile copies back, must not rest on the assumption,
  /// which C's unsigned arithmetic breaks at will: (unsigned)(i - 1). A
  /// no-wrap assumption that cannot be so listed sets UncheckedNoWrap.
  struct CastRange {
    Linear Operand;
    unsigned Bits;
    bool Unsigned;
  };
  SmallVector<CastRange, 2> *CastRanges = nullptr;
  bool UncheckedNoWrap = false;
  void mustFit(const Linear &Form, unsigned Bits, bool Unsigned) {
    if (CastRanges)
      CastRanges->push_back({Form, Bits, Unsigned});
  }
  /// Whether S computes a sum or product that LLVM does not know to stay
  /// within its bits as a signed value (C's unsigned arithmetic; casts are
  /// checked apart), other than a thread's index (isRegisterMath) or a
  /// value the nest does not change, which is a parameter, its bits and
  /// all.
  bool mayWrap(const SCEV *S) const;

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
  /// A y or z thread-index read of a block whose shape is known: its form
  /// over the block's thread number i0 (SIMTInfo::BlockShape).
  std::optional<Linear> blockIndexForm(const Value *V, unsigned NumDims) const;

  /// Per-thread values other than the x thread index: within a block they
  /// vary, so they are neither dimensions we model nor parameters.
  static bool isOtherThreadIndex(const Value *V);

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
  bool isVariant(const SCEV *S) const;

  /// A load inside the nest that V is computed from (idx[i] ^ 1), if any:
  /// such a subscript is data, as a loaded one is.
  const LoadInst *loadBehind(const Value *V) const;

  bool dependsOnThreadIndex(const Instruction *I) const;

  /// A division or remainder in S of a nest-variant value by a
  /// nest-invariant runtime one: iv / nj, how a collapse(n) loop over a
  /// runtime extent splits its induction variable. That division.
  const BinaryOperator *runtimeDivision(const SCEV *S) const;

  Linear param(const SCEV *S) {
    S = parameterValue(S, SE);
    auto [It, New] = ParamNames.try_emplace(S, "");
    if (New)
      It->second = nameFor(S);
    Linear L(Chain.size());
    L.Params[It->second] = 1;
    return L;
  }

  std::optional<Linear> translate(const SCEV *S, AffineError &Err);

  /// Walks the computation of V (an address, or a side of a condition) for
  /// bit operations: and, or, xor and rem of integers. The truncations that
  /// SCEV writes for them (x & (2^w - 1) is zext(trunc x to iw), (M - i) & M
  /// zext(trunc(-1 - i) to iw)) are recorded: translate reads a zero
  /// extension of one as its operand mod 2^w. True when V passes through a
  /// bit operation, or the walk gave up: then translateIndex reads no other
  /// truncation of a nest-variant value under the no-wrap assumption.
  bool noteBitOps(const Value *V);
  /// translate, for a value whose computation noteBitOps found bit
  /// operations in where BitOps.
  std::optional<Linear> translateIndex(const SCEV *S, bool BitOps,
                                       AffineError &Err);

private:
  ScalarEvolution &SE;
  LoopInfo &LI;
  const SIMTInfo &SIMT;

  /// max/min of a constant and an affine form of the SIMT dimension alone:
  /// over the SIMT iteration space one side may always win, and then the
  /// expression is that side (the trip count max(N-1, i) - i + 1 of a
  /// triangular loop j = i .. N-1, where i < N).
  std::optional<Linear> minMaxOnSIMTRange(const SCEVMinMaxExpr *MM,
                                          AffineError &Err);
  Loop *Root;

  std::nullopt_t fail(AffineError &Err, FootprintIssue I, std::string Msg) {
    Err = {I, std::move(Msg)};
    return std::nullopt;
  }

  std::string nameFor(const SCEV *S);

  /// The reason a subscript that uses Div (runtimeDivision) gets.
  std::nullopt_t runtimeDivisionError(const BinaryOperator *Div,
                                      AffineError &Err);

  /// `X / d` and `X % d` by a positive constant, X an affine form of the
  /// dimensions that cannot be negative (then division truncates like floor):
  /// the split of a collapse(n) loop's induction variable.
  std::optional<Linear> floorDivision(const Value *V);

  /// Every dimension is non-negative (loop counters; the SIMT dimension and
  /// its start simt_lb when its values are known to start at 0 or above), so
  /// is a form with non-negative coefficients and constant.
  bool nonNegative(const Linear &L) const;

  /// X /u d for a constant d: the exact quotient when d divides every
  /// coefficient, else a floor term; either way X must not be negative (an
  /// unsigned division of a negative value is not its quotient).
  std::optional<Linear> unsignedDivision(const SCEVUDivExpr *Div);

  /// `ashr exact X, C` (and lshr/sdiv/udiv exact by a constant) divides X
  /// without remainder; instcombine writes sext(i32 (i+1)*N) * 4 that way
  /// (shl 32, ashr 30), which SCEV does not see through. When every
  /// coefficient of X divides, so does the affine form (no-wrap assumed, as
  /// for sext).
  std::optional<Linear> exactDivision(const Value *V);

  std::optional<Linear> translateAddRec(const SCEVAddRecExpr *AR,
                                        AffineError &Err);

  /// A phi outside the nest's loops whose incoming values have one form
  /// (clang merges b[i]'s index after if (i > 0) b[i] = a[i - 1]; else
  /// b[i] = 0; as a phi of zext nneg i and sext i): that form.
  std::optional<Linear> equalIncoming(const PHINode *Phi);
  /// Whether the values that reach a cast of 16 bits or fewer keep their
  /// value through it (SCEV's ranges).
  bool castKeepsValue(const SCEVCastExpr *Cast) const;
  /// zext(E) for E of w <= 16 bits (zext(trunc X to i1), x & 1): E's form
  /// mod 2^w, where that form is one of the dimensions.
  std::optional<Linear> lowBits(const SCEV *E, AffineError &Err);
  /// While lowBits translates: the bits kept (0: not).
  unsigned LowBitsWidth = 0;
  /// What SCEV zero extends in the bit operations of the accesses'
  /// subscripts: trunc(x to iw), or arithmetic of iw (noteBitOps).
  SmallPtrSet<const SCEV *, 4> MaskedTruncs;
  /// While translateIndex translates a value with bit operations.
  bool IndexHasBitOps = false;
  /// The phis equalIncoming is translating (a cycle of phis has no form).
  SmallPtrSet<const PHINode *, 4> Merging;

  /// K with Step == K * RootStep, K a constant.
  std::optional<int64_t> stepRatio(const SCEV *Step, const SCEV *RootStep);
};

} // namespace prem::footprint

#endif // PREM_ANALYSIS_FOOTPRINT_AFFINEFORM_H
