//===- AffineForm.cpp - SCEV to affine forms ------------------------------===//
//
// Seed 001, Algorithm 1 reads an access's range from its SCEV; here the
// whole SCEV becomes an affine form (Linear) over the nest's dimensions, so
// that isl can count overlapping and 2-D accesses exactly (Footprint.cpp's
// header says why).
//
//===----------------------------------------------------------------------===//

#include "AffineForm.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/DebugInfo.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/IntrinsicsAMDGPU.h"
#include "llvm/IR/IntrinsicsNVPTX.h"
#include "llvm/Support/CheckedArithmetic.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/raw_ostream.h"

#define DEBUG_TYPE "prem-footprint"

using namespace llvm;
using namespace prem;

const SCEV *prem::parameterValue(const SCEV *S, ScalarEvolution &SE) {
  while (isa<SCEVSignExtendExpr>(S) ||
         (isa<SCEVZeroExtendExpr>(S) &&
          SE.isKnownNonNegative(cast<SCEVCastExpr>(S)->getOperand(0))))
    S = cast<SCEVCastExpr>(S)->getOperand(0);
  return S;
}

namespace prem::footprint {
std::string valueText(const Value *V) {
  std::string S;
  raw_string_ostream OS(S);
  V->printAsOperand(OS, false);
  return S;
}

/// A value as a reason names it for its user: a special register by its
/// CUDA name, a value a source variable holds by that variable (with debug
/// information), else by the line that computes it, else as IR.
std::string sourceText(const Value *V) {
  if (auto *II = dyn_cast<IntrinsicInst>(V)) {
    static const std::pair<Intrinsic::ID, const char *> Registers[] = {
        {Intrinsic::nvvm_read_ptx_sreg_tid_x, "threadIdx.x"},
        {Intrinsic::nvvm_read_ptx_sreg_tid_y, "threadIdx.y"},
        {Intrinsic::nvvm_read_ptx_sreg_tid_z, "threadIdx.z"},
        {Intrinsic::nvvm_read_ptx_sreg_laneid, "the lane id"},
        {Intrinsic::nvvm_read_ptx_sreg_warpid, "the warp id"},
        {Intrinsic::amdgcn_workitem_id_y, "the y work-item id"},
        {Intrinsic::amdgcn_workitem_id_z, "the z work-item id"}};
    for (auto [ID, Name] : Registers)
      if (II->getIntrinsicID() == ID)
        return Name;
  }
  SmallVector<DbgVariableRecord *, 2> Records;
  findDbgValues(const_cast<Value *>(V), Records);
  for (DbgVariableRecord *R : Records)
    if (DILocalVariable *Var = R->getVariable(); Var && !Var->getName().empty())
      return "'" + Var->getName().str() + "'";
  if (auto *I = dyn_cast<Instruction>(V))
    if (const DebugLoc &DL = I->getDebugLoc(); DL && DL.getLine())
      return valueText(V) + " (line " + std::to_string(DL.getLine()) + ")";
  return valueText(V);
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
std::string sourceName(const Value *Base) {
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
std::string accessSetText(StringRef Prefix, StringRef Tuple, unsigned NumDims,
                          StringRef Domain, ArrayRef<std::string> Subscripts,
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

bool Affinator::isOtherThreadIndex(const Value *V) {
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

std::optional<Linear> Affinator::blockIndexForm(const Value *V,
                                                unsigned NumDims) const {
  auto [X, Y, Z] = *SIMT.BlockShape;
  Linear Thread(NumDims);
  Thread.Dims[0] = 1;
  // floor(t / D) - M * floor(t / (D * M)): the index that advances every D
  // threads and wraps every M of its own values (none: M = 0).
  auto Digit = [&](int64_t D, int64_t M) {
    Linear Q = D == 1 ? Thread : Linear::floorOf(Thread, D);
    if (M) {
      Linear Wrap = Linear::floorOf(Thread, D * M);
      Wrap *= -M;
      Q += Wrap;
    }
    return Q;
  };
  switch (SIMT.threadIndexDim(V).value_or(3)) {
  case 0:
    return Digit(1, Y * Z > 1 ? X : 0);
  case 1:
    return Digit(X, Z > 1 ? Y : 0);
  case 2:
    return Digit(int64_t(X) * Y, 0);
  default:
    return std::nullopt;
  }
}

bool Affinator::isVariant(const SCEV *S) const {
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

const BinaryOperator *Affinator::runtimeDivision(const SCEV *S) const {
  const BinaryOperator *Found = nullptr;
  SCEVExprContains(S, [&](const SCEV *X) {
    auto *U = dyn_cast<SCEVUnknown>(X);
    auto *Div = U ? dyn_cast<BinaryOperator>(U->getValue()) : nullptr;
    if (Div && Div->isIntDivRem() && !isa<Constant>(Div->getOperand(1)) &&
        isVariant(SE.getSCEV(Div->getOperand(0))) &&
        !isVariant(SE.getSCEV(Div->getOperand(1))))
      Found = Div;
    return Found != nullptr;
  });
  return Found;
}

std::nullopt_t Affinator::runtimeDivisionError(const BinaryOperator *Div,
                                               AffineError &Err) {
  return fail(Err, FootprintIssue::NonAffineSubscript,
              "subscript uses " + sourceText(Div) +
                  ", which divides the induction variable by a runtime "
                  "value, as collapse(n) loops over runtime extents do; not "
                  "modelled yet");
}

const LoadInst *Affinator::loadBehind(const Value *V) const {
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

bool Affinator::dependsOnThreadIndex(const Instruction *I) const {
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
    // (Through phis too: a thread's index merged after an if is still its
    // own, not a value alike in the whole block.)
    if (auto *U = dyn_cast<Instruction>(V))
      append_range(Work, U->operands());
  }
  return false;
}

/// The special register S reads, "" if none.
static StringRef registerName(const SCEV *S) {
  auto *U = dyn_cast<SCEVUnknown>(S);
  auto *Read = U ? dyn_cast<IntrinsicInst>(U->getValue()) : nullptr;
  StringRef Name = Read ? Read->getCalledFunction()->getName() : "";
  return Name.starts_with("llvm.nvvm.read.ptx.sreg.") ||
                 Name.starts_with("llvm.amdgcn.workitem.id.") ||
                 Name.starts_with("llvm.amdgcn.workgroup.id.")
             ? Name
             : "";
}

bool isRegisterMath(const SCEV *S) {
  // A grid-wide term: the block's index or the grid's size.
  auto GridWide = [](const SCEV *E) {
    StringRef Name = registerName(E);
    return Name.contains("ctaid") || Name.contains("nctaid") ||
           Name.contains("workgroup");
  };
  return !SCEVExprContains(S, [&](const SCEV *E) {
    // (Small constants: threadIdx.x * 0x10000001u is no thread's index.)
    if (auto *C = dyn_cast<SCEVConstant>(E))
      return C->getAPInt().isNegative() || C->getAPInt().getActiveBits() > 16;
    if (isa<SCEVUnknown>(E))
      return registerName(E).empty();
    if (auto *Mul = dyn_cast<SCEVMulExpr>(E))
      return isa<SCEVConstant>(Mul->getOperand(0)) &&
             SCEVExprContains(Mul, GridWide);
    return !isa<SCEVAddExpr, SCEVCastExpr>(E);
  });
}

bool Affinator::mayWrap(const SCEV *S) const {
  return SCEVExprContains(S, [&](const SCEV *E) {
    auto *N = dyn_cast<SCEVNAryExpr>(E);
    return N && isa<SCEVAddExpr, SCEVMulExpr, SCEVAddRecExpr>(N) &&
           !N->hasNoSignedWrap() && !isRegisterMath(N) && isVariant(N);
  });
}

bool Affinator::castKeepsValue(const SCEVCastExpr *Cast) const {
  // The innermost value and the narrowest type it passes through.
  const SCEV *Inner = Cast;
  unsigned Bits = Cast->getType()->getScalarSizeInBits();
  bool Signed = isa<SCEVSignExtendExpr>(Cast);
  while (auto *C = dyn_cast<SCEVCastExpr>(Inner)) {
    Inner = C->getOperand(0);
    Bits = std::min(Bits, Inner->getType()->getScalarSizeInBits());
  }
  // Arithmetic of fewer than 32 bits wraps where it will (its range says
  // nothing of the value its form computes).
  unsigned Width = Inner->getType()->getScalarSizeInBits();
  if (Width < 32)
    return false;
  // A zero extension keeps values in [0, 2^w), a sign extension those in
  // [-2^(w-1), 2^(w-1)), w the narrowest width on the way.
  if (Signed) {
    ConstantRange R = SE.getSignedRange(Inner);
    return R.getSignedMin().sge(APInt::getSignedMinValue(Bits).sext(Width)) &&
           R.getSignedMax().sle(APInt::getSignedMaxValue(Bits).sext(Width));
  }
  return SE.getUnsignedRange(Inner).getUnsignedMax().ule(
      APInt::getMaxValue(Bits).zext(Width));
}

bool Affinator::noteBitOps(const Value *V) {
  // Index math and the phis it flows through (an inner loop that starts at
  // i & M); a load ends the walk (a loaded subscript is refused on its
  // own). A computation too large to walk counts as one with bit
  // operations.
  SmallVector<const Value *, 16> Work{V};
  SmallPtrSet<const Value *, 32> Seen;
  bool BitOps = false;
  while (!Work.empty()) {
    auto *I = dyn_cast<Instruction>(Work.pop_back_val());
    // (Through min and max: SCEV reads them, and a clamp of i & M is
    // umin(i & M, K).)
    if (!I || !Seen.insert(I).second || isa<LoadInst>(I) ||
        (isa<CallBase>(I) && !isa<MinMaxIntrinsic>(I)))
      continue;
    if (Seen.size() > 4096)
      return true;
    append_range(Work, I->operands());
    // Arithmetic of 17 to 31 bits in the IR (indvars' i17 induction
    // variable for j < (i & M) + 8) wraps at 2^w as a mask does: its zero
    // extension is the value mod 2^w.
    unsigned Width = I->getType()->isIntegerTy()
                         ? I->getType()->getScalarSizeInBits()
                         : 0;
    if (Width > NarrowCastBits && Width < 32) {
      BitOps = true;
      MaskedTruncs.insert(SE.getSCEV(const_cast<Instruction *>(I)));
    }
    auto *Op = dyn_cast<BinaryOperator>(I);
    if (!Op || !I->getType()->isIntegerTy())
      continue;
    switch (Op->getOpcode()) {
    case Instruction::Or:
      // (or disjoint is an addition, which SCEV sees as one.)
      if (cast<PossiblyDisjointInst>(Op)->isDisjoint())
        continue;
      break;
    case Instruction::And:
      // instcombine's zext of 32-bit index math (zext(i * 64) is
      // and (shl i, 6), 0xFFFFFFC0 in 64 bits) is index math: under the
      // no-wrap assumption as any 32-bit index is.
      if (auto *C = dyn_cast<ConstantInt>(Op->getOperand(1));
          C && Width > 32 && C->getValue().getActiveBits() == 32)
        continue;
      break;
    case Instruction::Xor:
    case Instruction::URem:
    case Instruction::SRem:
      break;
    case Instruction::AShr:
    case Instruction::LShr: {
      // A cast to fewer than 32 bits written as shifts: x[(short)(i + k)]
      // on floats is ashr(shl(i + k, 48), 46), which SCEV reads as
      // sext i18 (4 * ...), wide enough to pass for index math. (At 32
      // bits or more, shl 32; ashr 30 is the sext of ordinary int math.)
      auto *Shl = dyn_cast<BinaryOperator>(Op->getOperand(0));
      auto *Left = Shl && Shl->getOpcode() == Instruction::Shl
                       ? dyn_cast<ConstantInt>(Shl->getOperand(1))
                       : nullptr;
      if (Left && Left->getValue().ult(Width) &&
          Width - Left->getZExtValue() < 32)
        break;
      continue;
    }
    default:
      continue;
    }
    BitOps = true;
    if (!SE.isSCEVable(I->getType()))
      continue;
    // (What a zero extension in it extends: a truncation, or narrow
    // arithmetic SCEV made of one, {trunc i,+,1} of i17.)
    SCEVExprContains(SE.getSCEV(const_cast<Instruction *>(I)),
                     [&](const SCEV *E) {
                       if (auto *Z = dyn_cast<SCEVZeroExtendExpr>(E))
                         if (Z->getOperand(0)->getType()->getScalarSizeInBits() >
                             NarrowCastBits)
                           MaskedTruncs.insert(Z->getOperand(0));
                       return false;
                     });
  }
  return BitOps;
}

std::optional<Linear> Affinator::translateIndex(const SCEV *S, bool BitOps,
                                                AffineError &Err) {
  IndexHasBitOps = BitOps;
  auto L = translate(S, Err);
  IndexHasBitOps = false;
  return L;
}

std::optional<Linear> Affinator::lowBits(const SCEV *E, AffineError &Err) {
  // Sums and products keep the low bits: E's form over the integers,
  // its truncations dropped, has E's low bits.
  LowBitsWidth = E->getType()->getScalarSizeInBits();
  auto X = translate(E, Err);
  LowBitsWidth = 0;
  if (!X)
    return std::nullopt;
  if (!X->Params.empty() || !X->Floors.empty())
    return fail(Err, FootprintIssue::NonAffineSubscript,
                "the low bits of a form with runtime values or floors");
  int64_t Modulus = int64_t(1) << E->getType()->getScalarSizeInBits();
  Linear Quotient = Linear::floorOf(*X, Modulus);
  Quotient *= -Modulus;
  *X += Quotient;
  return X;
}

std::optional<Linear> Affinator::equalIncoming(const PHINode *Phi) {
  if (!Merging.insert(Phi).second)
    return std::nullopt;
  std::optional<Linear> Same;
  for (const Value *In : Phi->incoming_values()) {
    AffineError Ignored;
    const SCEV *InS = SE.isSCEVable(In->getType())
                          ? SE.getSCEV(const_cast<Value *>(In))
                          : nullptr;
    auto L = InS ? translate(InS, Ignored) : std::nullopt;
    // (The phi holds the incoming value's bits: its form where it fits
    // them, as for a side of a comparison.)
    if (L && mayWrap(InS))
      mustFit(*L, In->getType()->getScalarSizeInBits(), false);
    if (!L || (Same && L->text() != Same->text())) {
      Same.reset();
      break;
    }
    Same = std::move(L);
  }
  Merging.erase(Phi);
  return Same;
}

std::optional<Linear> Affinator::translate(const SCEV *S, AffineError &Err) {
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
    unsigned NumVariant = count_if(Rest, [&](auto *X) { return isVariant(X); });
    if (NumVariant != 1 || Rest.size() != 1) {
      // A row of a collapse(n) loop over a runtime extent (A[i*nk + k]
      // with i = iv / nj): a runtime stride, but of a row no
      // delinearisation can give, since the row is no loop's.
      for (const SCEV *X : Rest)
        if (const BinaryOperator *Div = runtimeDivision(X))
          return runtimeDivisionError(Div, Err);
      return fail(Err,
                  NumVariant > 1 ? FootprintIssue::NonAffineSubscript
                                 : FootprintIssue::ParametricStride,
                  NumVariant > 1
                      ? "subscript multiplies loop-variant values: " +
                            scevText(S)
                      : "stride is a runtime value: " + scevText(S));
    }
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
  // Casts of 16 bits or fewer: a truncation keeps the low bits (x & 1 is
  // zext(trunc x to i1), x & 1023 zext(trunc x to i10)), which no
  // assumption makes the value. Where SCEV's ranges show that no bit is
  // lost, the cast is the value; else zero extended low bits are x mod 2^w,
  // as Polly models a truncation; else not modelled. Within such low bits,
  // a cast that keeps at least as many is transparent. (Wider ones fall
  // under the no-wrap assumption below: SCEV writes ordinary index math
  // with them, zext(trunc x to i26) for a quotient by 64 it cannot bound.
  // A wider one of a bit operation the source wrote, x[i & (2^20 - 1)], is
  // low bits too: noteBitOps found it in the IR; any other truncation of a
  // value that passes through one is refused.)
  if (auto *Cast = dyn_cast<SCEVCastExpr>(S)) {
    unsigned Narrowest =
        std::min(Cast->getType()->getScalarSizeInBits(),
                 Cast->getOperand(0)->getType()->getScalarSizeInBits());
    bool ExplicitMask = isa<SCEVZeroExtendExpr>(Cast) &&
                        MaskedTruncs.contains(Cast->getOperand(0));
    if ((Narrowest <= NarrowCastBits || ExplicitMask) &&
        !(LowBitsWidth && Narrowest >= LowBitsWidth) &&
        !castKeepsValue(Cast)) {
      if (isa<SCEVZeroExtendExpr>(Cast) && !LowBitsWidth)
        return lowBits(Cast->getOperand(0), Err);
      return fail(Err, FootprintIssue::NonAffineSubscript,
                  "a value of " + std::to_string(Narrowest) +
                      " bits that may have lost bits: " + scevText(Cast));
    }
    // (Narrow: a truncation, or arithmetic of fewer than 32 bits.)
    if (IndexHasBitOps && isVariant(Cast->getOperand(0)) &&
        SCEVExprContains(Cast, [](const SCEV *E) {
          return isa<SCEVTruncateExpr>(E) ||
                 E->getType()->getScalarSizeInBits() < 32;
        }) &&
        !castKeepsValue(Cast))
      return fail(Err, FootprintIssue::NonAffineSubscript,
                  "the index passes through a bit operation (and, or, xor, "
                  "rem, a narrowing cast written as shifts) whose truncation "
                  "is not modelled: " +
                      scevText(Cast));
    // sext/zext/trunc of index math: assume it does not wrap (Polly does
    // the same and guards with run-time checks; we record the assumption).
    AssumesNoWrap = true;
    auto Operand = translate(Cast->getOperand(0), Err);
    // (A thread's index is taken not to wrap. A cast of a value the nest
    // does not change never comes here: it is a parameter, OpenMP's int n
    // passed as 64 bits among them. A value the nest computes, a quotient
    // of the IV among them, is checked like any other.)
    const SCEV *Leaf = Cast->getOperand(0);
    while (auto *Inner = dyn_cast<SCEVCastExpr>(Leaf))
      Leaf = Inner->getOperand(0);
    if (Operand && !isRegisterMath(Leaf))
      mustFit(*Operand, Narrowest, isa<SCEVZeroExtendExpr>(Cast));
    return Operand;
  }
  if (auto *U = dyn_cast<SCEVUnknown>(S)) {
    const Value *V = U->getValue();
    if (WideIV && V == WideIV) {
      // The IV's sign extension, without wrap as for any cast above.
      AssumesNoWrap = true;
      return translateAddRec(RootIV, Err);
    }
    if (SIMT.BlockShape)
      if (auto L = blockIndexForm(V, N))
        return L;
    if (auto *Phi = dyn_cast<PHINode>(V))
      if (auto L = equalIncoming(Phi))
        return L;
    if (isThreadIndex(V)) {
      Linear L(N);
      L.Dims[0] = 1;
      return L;
    }
    if (auto Dim = SIMT.threadIndexDim(V); Dim && *Dim)
      return fail(Err, FootprintIssue::NonAffineSubscript,
                  std::string("subscript depends on threadIdx.") +
                      "xyz"[*Dim] +
                      ": state the shape of the kernel's 3-D blocks with "
                      "-prem-block-size=X,Y,Z");
    if (isOtherThreadIndex(V))
      return fail(Err, FootprintIssue::NonAffineSubscript,
                  "subscript depends on " + sourceText(V) +
                      " (a thread index of a block of unknown shape, a lane "
                      "or a warp id), which is not modelled");
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
          "subscript is computed (" + sourceText(V) +
              ") from memory loaded inside the nest (from '" +
              sourceName(getUnderlyingObject(Loaded->getPointerOperand())) +
              "')");
    if (auto Quotient = exactDivision(V))
      return Quotient;
    if (auto Split = floorDivision(V))
      return Split;
    if (const BinaryOperator *Div = runtimeDivision(S))
      return runtimeDivisionError(Div, Err);
    if (auto *BO = dyn_cast<BinaryOperator>(V);
        BO && (BO->getOpcode() == Instruction::SDiv ||
               BO->getOpcode() == Instruction::SRem))
      return fail(Err, FootprintIssue::NonAffineSubscript,
                  "subscript divides the induction variable (" +
                      sourceText(V) +
                      "), as collapse(n) loops do; not modelled yet");
    return fail(Err, FootprintIssue::NonAffineSubscript,
                "subscript depends on " + sourceText(V) +
                    ", which SCEV cannot express");
  }
  return fail(Err, FootprintIssue::NonAffineSubscript,
              "subscript is not affine: " + scevText(S));
}

std::optional<Linear> Affinator::minMaxOnSIMTRange(const SCEVMinMaxExpr *MM,
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
  mustFit(*X, MM->getType()->getScalarSizeInBits(),
          isa<SCEVUMaxExpr, SCEVUMinExpr>(MM));
  // The range of a*i0 + b over the SIMT values, and of each floor term of
  // i0 alone (a collapse(2) loop's row i, in k = i .. N-1): each term takes
  // its extremes at the range's ends, their sum bounds the form.
  auto OfSIMT = [](ArrayRef<int64_t> Dims) {
    return all_of(drop_begin(Dims), [](int64_t D) { return D == 0; });
  };
  if (!X->Params.empty() || !OfSIMT(X->Dims) || any_of(X->Floors, [&](auto &F) {
        return !OfSIMT(F.second.first.InnerDims);
      }))
    return Fail();
  // [Lo, Hi] of c * (a*i0 + b) / d (floored where d > 1), or none on
  // overflow.
  auto Range = [&](int64_t A, int64_t B, int64_t D,
                   int64_t Coef) -> std::optional<std::pair<int64_t, int64_t>> {
    auto AtLo = checkedMul(A, *SIMTLo), AtHi = checkedMul(A, *SIMTHi);
    auto Low = AtLo ? checkedAdd(*AtLo, B) : std::nullopt;
    auto High = AtHi ? checkedAdd(*AtHi, B) : std::nullopt;
    if (!Low || !High)
      return std::nullopt;
    int64_t First = divideFloorSigned(*Low, D),
            Last = divideFloorSigned(*High, D);
    auto P = checkedMul(First, Coef), Q = checkedMul(Last, Coef);
    if (!P || !Q)
      return std::nullopt;
    return std::make_pair(std::min(*P, *Q), std::max(*P, *Q));
  };
  auto Whole = Range(X->Dims.empty() ? 0 : X->Dims[0], X->Constant, 1, 1);
  if (!Whole)
    return Fail();
  int64_t Lo = Whole->first, Hi = Whole->second;
  for (auto &[Key, F] : X->Floors) {
    const FloorTerm &T = F.first;
    auto Part = Range(T.InnerDims.empty() ? 0 : T.InnerDims[0], T.InnerConstant,
                      T.Divisor, F.second);
    auto NewLo = Part ? checkedAdd(Lo, Part->first) : std::nullopt;
    auto NewHi = Part ? checkedAdd(Hi, Part->second) : std::nullopt;
    if (!NewLo || !NewHi)
      return Fail();
    Lo = *NewLo;
    Hi = *NewHi;
  }
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

std::string Affinator::nameFor(const SCEV *S) {
  if (RootIV && S == parameterValue(RootIV->getStart(), SE))
    return tileparam::SIMTLower.str();
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

std::optional<Linear> Affinator::floorDivision(const Value *V) {
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
  if (!X || !X->Params.empty() || !nonNegative(*X))
    return std::nullopt;
  mustFit(*X, BO->getType()->getScalarSizeInBits(),
          Op == Instruction::UDiv || Op == Instruction::URem);
  // A division of a remainder: collapse(3) takes j = (iv % (N*M)) / M, with
  // iv % (N*M) = iv - N*M * floor(iv / (N*M)). Where D divides a floor
  // term's coefficient, that term is a whole number of D's:
  // floor((Y + c*f) / D) = floor(Y / D) + (c/D)*f, f an integer.
  Linear Y = *X;
  Y.Floors.clear();
  Linear Q = Linear::floorOf(Y, D);
  for (auto &[Key, F] : X->Floors) {
    // (A remainder below negates what D multiplies back: no INT64_MIN.)
    if (F.second % D || F.second == INT64_MIN)
      return std::nullopt;
    Linear Whole(X->Dims.size());
    Whole.Floors.try_emplace(Key, F.first, F.second / D);
    Q += Whole;
  }
  if (Op == Instruction::SDiv || Op == Instruction::UDiv)
    return Q;
  // X % d = X - d * floor(X / d)
  Q *= -D;
  Q += *X;
  return Q;
}

bool Affinator::nonNegative(const Linear &Form) const {
  // k*x - k*E*floor(x/E) is k*(x mod E), in [0, k*(E-1)] for every integer
  // x (a floor, not C's truncation): such pairs are set aside, and the rest
  // must be non-negative.
  Linear L = Form;
  for (auto &[Key, F] : Form.Floors) {
    int64_t E = F.first.Divisor, C = F.second;
    // (Left in L, a negative coefficient makes the answer no.)
    if (C >= 0 || C == INT64_MIN || C % E)
      continue;
    int64_t K = -(C / E);
    // L -= K*x - K*E*floor(x/E).
    Linear Remainder(F.first.InnerDims.size());
    for (auto [D, A] : enumerate(F.first.InnerDims))
      if (MulOverflow(A, -K, Remainder.Dims[D]))
        return false;
    if (MulOverflow(F.first.InnerConstant, -K, Remainder.Constant))
      return false;
    Remainder.Floors.try_emplace(Key, F.first, -C);
    L += Remainder;
  }
  if (L.Constant < 0)
    return false;
  for (auto [I, C] : enumerate(L.Dims)) {
    if (C < 0)
      return false;
    if (C > 0 && I == 0 && !SIMTNonNegative)
      return false;
  }
  for (auto &[Name, C] : L.Params)
    if (C < 0 || Name != tileparam::SIMTLower || !SIMTNonNegative)
      return false;
  for (auto &[Key, F] : L.Floors) {
    if (F.second < 0)
      return false;
    // floor(y/E) >= 0 needs y >= 0 (a low-bits floor may have y < 0).
    Linear Inner(F.first.InnerDims.size());
    Inner.Dims = F.first.InnerDims;
    Inner.Constant = F.first.InnerConstant;
    if (!nonNegative(Inner))
      return false;
  }
  return true;
}

std::optional<Linear> Affinator::unsignedDivision(const SCEVUDivExpr *Div) {
  auto *RHS = dyn_cast<SCEVConstant>(Div->getRHS());
  if (!RHS || RHS->getAPInt().getSignificantBits() > 62 ||
      RHS->getAPInt().isNonPositive())
    return std::nullopt;
  int64_t D = RHS->getAPInt().getSExtValue();
  // Where the index passes through a bit operation, a remainder may be
  // taken of arithmetic that wraps on purpose (a hash, (i * K) % N): only
  // a dividend whose arithmetic SCEV knows not to wrap (nuw) is its form.
  if (IndexHasBitOps && SCEVExprContains(Div->getLHS(), [](const SCEV *E) {
        auto *N = dyn_cast<SCEVNAryExpr>(E);
        return N && isa<SCEVAddRecExpr, SCEVAddExpr, SCEVMulExpr>(N) &&
               !N->hasNoUnsignedWrap();
      }))
    return std::nullopt;
  AffineError Inner;
  auto X = translate(Div->getLHS(), Inner);
  if (!X || !nonNegative(*X))
    return std::nullopt;
  mustFit(*X, Div->getType()->getScalarSizeInBits(), /*Unsigned=*/true);
  if (X->dividesBy(D)) {
    X->divideExactly(D);
    return X;
  }
  if (!X->Params.empty() || !X->Floors.empty())
    return std::nullopt;
  return Linear::floorOf(*X, D);
}

std::optional<Linear> Affinator::exactDivision(const Value *V) {
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
  // The quotient keeps Bits bits of the dividend's value: at 32 or more the
  // no-wrap assumption of index math covers it (sext(i32 x) written as
  // ashr(shl x, 32), 30); fewer is a narrow cast ((signed char)(i * 5) is
  // ashr(mul i, 5 << 24), 24), whose wrap no assumption excludes, unless
  // the dividend's own arithmetic says it cannot wrap.
  unsigned Bits = BO->getType()->getScalarSizeInBits() - Log2_64(Divisor);
  auto *Dividend = dyn_cast<OverflowingBinaryOperator>(BO->getOperand(0));
  bool Signed = BO->getOpcode() == Instruction::AShr ||
                BO->getOpcode() == Instruction::SDiv;
  if (Bits < 32 && !(Dividend && (Signed ? Dividend->hasNoSignedWrap()
                                         : Dividend->hasNoUnsignedWrap())))
    return std::nullopt;
  AffineError Inner;
  auto L = translate(SE.getSCEV(BO->getOperand(0)), Inner);
  if (!L)
    return std::nullopt;
  if (!L->dividesBy(Divisor))
    return std::nullopt;
  L->divideExactly(Divisor);
  AssumesNoWrap = true;
  UncheckedNoWrap = true;
  return L;
}

namespace {
/// Sign extensions split where they hold the SIMT loop's bound and
/// something else: sext(lb + R) becomes sext(lb) + sext(R), sext(c * lb)
/// becomes c * sext(lb), R kept whole. (lb + R is the IV's own signed
/// index math, which does not wrap; R alone, a runtime value's narrow math,
/// may wrap by definition (unsigned u * 3u) and keeps the value the program
/// computes.)
class BoundExtensionSplitter
    : public SCEVRewriteVisitor<BoundExtensionSplitter> {
  function_ref<bool(const SCEV *)> NamesBound;

public:
  BoundExtensionSplitter(ScalarEvolution &SE,
                         function_ref<bool(const SCEV *)> NamesBound)
      : SCEVRewriteVisitor(SE), NamesBound(NamesBound) {}

  const SCEV *visitSignExtendExpr(const SCEVSignExtendExpr *E) {
    Type *Wide = E->getType();
    const SCEV *Op = E->getOperand();
    if (auto *Mul = dyn_cast<SCEVMulExpr>(Op);
        Mul && Mul->getNumOperands() == 2 &&
        isa<SCEVConstant>(Mul->getOperand(0)) &&
        NamesBound(Mul->getOperand(1))) {
      const SCEV *Factor = SE.getSignExtendExpr(Mul->getOperand(0), Wide);
      const SCEV *Bound = visit(SE.getSignExtendExpr(Mul->getOperand(1), Wide));
      return SE.getMulExpr(Factor, Bound);
    }
    auto *Add = dyn_cast<SCEVAddExpr>(Op);
    if (!Add)
      return E;
    const SCEV *Bound = nullptr;
    SmallVector<const SCEV *, 4> Rest;
    for (const SCEV *Term : Add->operands()) {
      if (!NamesBound(Term)) {
        Rest.push_back(Term);
        continue;
      }
      if (Bound)
        return E;
      Bound = Term;
    }
    if (!Bound)
      return E;
    const SCEV *WideBound = visit(SE.getSignExtendExpr(Bound, Wide));
    const SCEV *WideRest = SE.getSignExtendExpr(SE.getAddExpr(Rest), Wide);
    return SE.getAddExpr(WideBound, WideRest);
  }
};
} // namespace

std::optional<Linear> Affinator::translateAddRec(const SCEVAddRecExpr *AR,
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
    const SCEV *RatioC = SE.getConstant(Start->getType(), *Ratio, true);
    const SCEV *RootStart =
        SE.getTruncateOrSignExtend(RootIV->getStart(), Start->getType());
    const SCEV *Offset =
        SE.getMinusSCEV(Start, SE.getMulExpr(RatioC, RootStart));
    // A[i + 1] in a loop of int i from a runtime bound lb: SCEV keeps
    // sext(lb + 1), whose no-wrap it cannot prove, and the offset
    // sext(lb + 1) - sext(lb) then names the bound, which a GPU tile knows
    // only once the runtime's call has run. The IV's index math does not
    // wrap (int i: nsw; the cast rule assumes the same of all index math
    // that varies with the loop), so an extension splits where it holds
    // the bound, and the bound cancels. What else the start holds keeps
    // its extension: x[(int)(u * 3u) - i] has a runtime value whose
    // unsigned math wraps by definition (review of 4f40d1e: spread over
    // it, the offset was 2^34 bytes off).
    auto NamesBound = [&](const SCEV *S) {
      return SCEVExprContains(S, [&](const SCEV *E) {
        return isa<SCEVUnknown>(E) &&
               SCEVExprContains(RootIV->getStart(),
                                [E](const SCEV *R) { return R == E; });
      });
    };
    if (NamesBound(Offset)) {
      BoundExtensionSplitter Split(SE, NamesBound);
      const SCEV *Wide = SE.getMinusSCEV(
          Split.visit(Start), SE.getMulExpr(RatioC, Split.visit(RootStart)));
      if (!NamesBound(Wide)) {
        Offset = Wide;
        AssumesNoWrap = true;
        UncheckedNoWrap = true;
      }
    }
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

std::optional<int64_t> Affinator::stepRatio(const SCEV *Step,
                                            const SCEV *RootStep) {
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

} // namespace prem::footprint
