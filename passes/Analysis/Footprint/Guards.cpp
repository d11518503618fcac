//===- Guards.cpp - The conditions an access runs under -------------------===//
//
// An access under an if (fdtd-2d's `if (i == 0) ey[..] = fict[t]; else
// ey[..] = ey[..] - .. hz[(i - 1) * NY + j]`) touches its bytes only where
// the branches on its way go its way. Counted over its loops' whole domain,
// its footprint would be over-estimated: hz[-NY + j] for i = 0, outside the
// array. Where every condition on the way is an affine comparison of the
// nest's dimensions and parameters, it becomes part of the access's domain
// (seed 001's Sec. 3.1 models only accesses that run on every iteration;
// isl takes the conditions as they come, as Polly's domain generation does
// for affine branches).
//
// Only the branches of the access's own loop body count: a branch of an
// inner loop is that loop's business (its trip count), and one whose other
// way leaves the body (a loop's test, a kernel's bounds guard or early
// return) is the iteration space's, which the loops and the thread block's
// guard model already. prem-tile then checks that the access runs exactly
// where its guards go its way (TileLegality: runsExactlyUnder).
//
//===----------------------------------------------------------------------===//

#include "NestBuilder.h"
#include "prem/Support/IslSet.h"

#include "llvm/IR/Dominators.h"
#include "llvm/IR/PatternMatch.h"

using namespace llvm;
using namespace llvm::PatternMatch;
using namespace prem;
using namespace prem::footprint;

/// Whether the edge's other way leaves the body the access is in: out of
/// its loop; or, in a thread-index kernel's body (no loop), straight to a
/// return from a branch before the kernel's first memory access (its
/// bounds guard, which the thread block's check models: every thread of a
/// block on the scratchpad path passes it). A return further on is a
/// condition like any other.
static bool leavesBody(const BasicBlock *From, const BasicBlock *Other,
                       const Loop *In, const DominatorTree &DT) {
  if (In)
    return !In->contains(Other);
  auto TouchesMemory = [](const BasicBlock *BB) {
    return any_of(*BB,
                  [](const Instruction &I) { return I.mayReadOrWriteMemory(); });
  };
  if (!isa<ReturnInst>(Other->getTerminator()) || TouchesMemory(Other))
    return false;
  for (const DomTreeNode *N = DT.getNode(From); N; N = N->getIDom())
    if (TouchesMemory(N->getBlock()))
      return false;
  return true;
}

bool prem::comparesLowBits(const ICmpInst &Cmp) {
  const Value *X;
  const APInt *Mask;
  return any_of(Cmp.operands(), [&](const Value *Side) {
    return match(Side, m_And(m_Value(X), m_APInt(Mask))) && Mask->isMask();
  });
}

/// A thread-index kernel's early return is its bounds guard only where no
/// test of its condition is of low bits (comparesLowBits).
static bool testsLowBits(const Value *Cond) {
  const Value *X, *Y;
  if (match(Cond, m_LogicalAnd(m_Value(X), m_Value(Y))) ||
      match(Cond, m_LogicalOr(m_Value(X), m_Value(Y))))
    return testsLowBits(X) || testsLowBits(Y);
  if (match(Cond, m_Not(m_Value(X))))
    return testsLowBits(X);
  auto *Cmp = dyn_cast<ICmpInst>(Cond);
  return Cmp && comparesLowBits(*Cmp);
}

void NestBuilder::findGuards(const Instruction &I, AffineAccess &A) {
  const BasicBlock *BB = I.getParent();
  const Loop *In = LI.getLoopFor(BB);
  // Innermost first, as the walk up the dominator tree meets them.
  SmallVector<std::pair<const BranchInst *, unsigned>, 2> Guards;
  const DomTreeNode *Node = DT.getNode(BB);
  while (Node && Node->getIDom() &&
         (!In || Node->getBlock() != In->getHeader())) {
    Node = Node->getIDom();
    const BasicBlock *D = Node->getBlock();
    auto *Br = dyn_cast<BranchInst>(D->getTerminator());
    // (A branch of an inner loop: that loop's own; it ends where its
    // exits meet.)
    if (LI.getLoopFor(D) != In || !Br || !Br->isConditional() ||
        Br->getSuccessor(0) == Br->getSuccessor(1))
      continue;
    for (unsigned S : {0u, 1u})
      if (DT.dominates(BasicBlockEdge(D, Br->getSuccessor(S)), BB) &&
          (!leavesBody(D, Br->getSuccessor(1 - S), In, DT) ||
           (!In && testsLowBits(Br->getCondition()))))
        Guards.push_back({Br, S});
  }
  if (Guards.empty())
    return;
  std::reverse(Guards.begin(), Guards.end());
  SmallVector<std::string, 2> Cs, Violations;
  bool Assumes = Aff.AssumesNoWrap;
  Aff.UncheckedNoWrap = false;
  for (auto [Br, S] : Guards) {
    std::string Why;
    auto C = conditionText(Br->getCondition(), S == 0, Why, &Violations);
    if (!C) {
      A.ConditionWhy = "the condition at " + valueText(Br->getCondition()) +
                       " is not affine: " + Why;
      break;
    }
    Cs.push_back(std::move(*C));
  }
  // The conditions decide which bytes the tile copies back: they are read
  // without the no-wrap assumption (a test of (unsigned)(i - 1) held at
  // i = 0 in the model, and the Store phase wrote back bytes the tile
  // never wrote).
  Aff.AssumesNoWrap = Assumes;
  A.Guards.assign(Guards.begin(), Guards.end());
  if (!A.ConditionWhy.empty())
    return;
  if (Aff.UncheckedNoWrap || !neverOutside(A, Violations)) {
    A.ConditionWhy = "a condition on the way may wrap (" +
                     valueText(Guards.back().first->getCondition()) +
                     "): C's unsigned arithmetic, or a cast of a value "
                     "that may not fit";
    return;
  }
  A.Condition = join(Cs, " and ");
}

/// Whether no point of the access's domain (its loops' bounds, the guards
/// aside) meets one of Violations.
bool NestBuilder::neverOutside(const AffineAccess &A,
                               ArrayRef<std::string> Violations) {
  if (Violations.empty())
    return true;
  unsigned NumDims = A.LoopOfDepth.size();
  auto Domain = domainText(A, NumDims);
  if (!Domain)
    return false;
  SmallVector<std::string, 4> Dims;
  for (unsigned D = 0; D < NumDims; ++D)
    Dims.push_back("i" + std::to_string(D));
  if (std::string Bounds = iterationBounds(); !Bounds.empty())
    *Domain += " and " + Bounds;
  IslQuota Quota(Ctx, islSmallQuota());
  isl::set Wraps = parseSet(Ctx, paramList() + " -> { [" + join(Dims, ", ") +
                                     "] : " + *Domain + " and (" +
                                     join(Violations, " or ") + ") }");
  return !Quota.failed() && !Wraps.is_null() && Wraps.is_empty().is_true();
}

/// "(F) < lo or (F) > hi": where Bits bits do not hold the value of F.
static std::string outsideBits(const std::string &F, unsigned Bits,
                               bool Unsigned) {
  APInt Lo = Unsigned ? APInt::getZero(Bits) : APInt::getSignedMinValue(Bits);
  APInt Hi =
      Unsigned ? APInt::getMaxValue(Bits) : APInt::getSignedMaxValue(Bits);
  return "(" + F + ") < " + toString(Lo, 10, !Unsigned) + " or (" + F + ") > " +
         toString(Hi, 10, !Unsigned);
}

std::optional<std::string>
NestBuilder::conditionText(const Value *Cond, bool Holds, std::string &Why,
                           SmallVectorImpl<std::string> *Violations) {
  const Value *X, *Y;
  // (&& and || as clang writes them: and/or of i1, or a select.)
  bool And = match(Cond, m_LogicalAnd(m_Value(X), m_Value(Y)));
  if (And || match(Cond, m_LogicalOr(m_Value(X), m_Value(Y)))) {
    auto L = conditionText(X, Holds, Why, Violations);
    auto R = L ? conditionText(Y, Holds, Why, Violations) : std::nullopt;
    if (!R)
      return std::nullopt;
    // De Morgan: !(a && b) is !a || !b.
    return "(" + *L + (And == Holds ? " and " : " or ") + *R + ")";
  }
  if (match(Cond, m_Not(m_Value(X))))
    return conditionText(X, !Holds, Why, Violations);
  auto *Cmp = dyn_cast<ICmpInst>(Cond);
  if (!Cmp || !Cmp->getOperand(0)->getType()->isIntegerTy()) {
    Why = "not a comparison of integers";
    return std::nullopt;
  }
  CmpInst::Predicate P =
      Holds ? Cmp->getPredicate() : Cmp->getInversePredicate();
  const SCEV *Sides[2] = {SE.getSCEV(Cmp->getOperand(0)),
                          SE.getSCEV(Cmp->getOperand(1))};
  // The forms are the values as integers, without wrapping (as for
  // subscripts). An unsigned comparison is the signed one where its sides
  // have one sign: so clang marks it (samesign), or neither is negative.
  if (CmpInst::isUnsigned(P)) {
    if (!Cmp->hasSameSign() && !(SE.isKnownNonNegative(Sides[0]) &&
                                 SE.isKnownNonNegative(Sides[1]))) {
      Why = "an unsigned comparison of values that may be negative";
      return std::nullopt;
    }
    P = ICmpInst::getSignedPredicate(P);
  }
  std::string Texts[2];
  for (unsigned K : {0, 1}) {
    // x & (2^k - 1), a parity or a colour (seidel's (i + j) & 1): isl's
    // mod, which is the low bits of x whatever its sign. (The form's own
    // low bits (Affinator::lowBits) need a form of the dimensions only.)
    const Value *X;
    const APInt *Mask;
    const SCEV *Side = Sides[K];
    std::string Mod;
    if (match(Cmp->getOperand(K), m_And(m_Value(X), m_APInt(Mask))) &&
        Mask->isMask() && Mask->getActiveBits() <= 16) {
      Side = SE.getSCEV(const_cast<Value *>(X));
      Mod = std::to_string(Mask->getZExtValue() + 1);
    }
    AffineError Err;
    SmallVector<Affinator::CastRange, 2> Casts;
    if (Violations)
      Aff.CastRanges = &Casts;
    auto Form = Aff.translateIndex(
        Side, Aff.noteBitOps(Mod.empty() ? Cmp->getOperand(K) : X), Err);
    Aff.CastRanges = nullptr;
    if (!Form) {
      Why = Err.Message;
      return std::nullopt;
    }
    // The comparison reads the side's bits: they are its form where the
    // form fits them (none to check where every sum and product is nsw,
    // as C's signed arithmetic is), and each cast, division or min/max on
    // the way reads its operand's bits where that fits them
    // (Affinator::CastRanges). Low bits are the form's where every step
    // below is a sum or product.
    if (Violations) {
      if (Mod.empty() && Aff.mayWrap(Side))
        Violations->push_back(outsideBits(
            Form->text(), Side->getType()->getScalarSizeInBits(), false));
      for (const Affinator::CastRange &C : Casts)
        Violations->push_back(
            outsideBits(C.Operand.text(), C.Bits, C.Unsigned));
    }
    Texts[K] = Mod.empty() ? Form->text()
                           : "(" + Form->text() + ") mod " + Mod;
  }
  const std::string &L = Texts[0], &R = Texts[1];
  switch (P) {
  case CmpInst::ICMP_EQ:
    return "(" + L + ") = (" + R + ")";
  case CmpInst::ICMP_NE:
    return "((" + L + ") < (" + R + ") or (" + L + ") > (" + R + "))";
  case CmpInst::ICMP_SLT:
    return "(" + L + ") < (" + R + ")";
  case CmpInst::ICMP_SLE:
    return "(" + L + ") <= (" + R + ")";
  case CmpInst::ICMP_SGT:
    return "(" + L + ") > (" + R + ")";
  case CmpInst::ICMP_SGE:
    return "(" + L + ") >= (" + R + ")";
  default:
    Why = "an unexpected predicate";
    return std::nullopt;
  }
}

std::optional<isl::set> NestBuilder::whereTaken(const BranchInst &Br,
                                                bool Holds,
                                                const std::string &Space) {
  // The sets already built name the parameters they do: a test that needs
  // another one is not looked at; nor is one whose forms rest on the
  // no-wrap assumption, which the footprint's sets may make (the C source's
  // index math) but a test of C's unsigned arithmetic breaks at will.
  auto Params = Aff.ParamNames;
  bool Assumes = Aff.AssumesNoWrap;
  setChainFor(Br);
  std::string Why;
  SmallVector<std::string, 4> Violations;
  Aff.UncheckedNoWrap = false;
  auto Taken = conditionText(Br.getCondition(), Holds, Why, &Violations);
  bool NewParam = Aff.ParamNames.size() != Params.size();
  Aff.ParamNames = std::move(Params);
  Aff.AssumesNoWrap = Assumes;
  if (!Taken || NewParam || Aff.UncheckedNoWrap)
    return std::nullopt;
  IslQuota Quota(Ctx, islSmallQuota());
  if (!Violations.empty()) {
    isl::set Wraps =
        parseSet(Ctx, Space + "(" + join(Violations, " or ") + ") }");
    if (Quota.failed() || Wraps.is_null() || !Wraps.is_empty().is_true())
      return std::nullopt;
  }
  isl::set Where = parseSet(Ctx, Space + "(" + *Taken + ") }");
  if (Quota.failed() || Where.is_null())
    return std::nullopt;
  return Where;
}

std::string NestBuilder::iterationBounds() const {
  if (!rootLoop() || !SIMTMin || !SIMTMax)
    return "";
  return std::to_string(*SIMTMin) + " <= i0 <= " + std::to_string(*SIMTMax);
}

/// The iteration space as the footprint bounds it, over the nest's
/// parameters, for whereTaken; empty where it is not known.
std::string NestBuilder::iterationSpace() const {
  std::string Bounds = iterationBounds();
  return Bounds.empty() ? "" : paramList() + " -> { [i0] : " + Bounds + " and ";
}

/// A branch of the SIMT loop's body that goes one way on every iteration of
/// the kernel's iteration space: clang rotates `for (k = i; k < NI; k++)`
/// into a test of i < NI before the loop, which collapse(2)'s bounds already
/// imply, yet no LLVM pass folds it (the chunk's bounds come from the
/// OpenMP runtime, which SCEV does not know; KernelInfo does). The other way
/// then joins the loop's exit, and the loop looks as if it ran only under a
/// condition. Only a test of i0 and the nest's parameters counts, for every
/// value of the parameters.
void NestBuilder::findNeverTaken() {
  Loop *Root = rootLoop();
  std::string Space = iterationSpace();
  if (Space.empty())
    return;
  for (BasicBlock *BB : Root->blocks()) {
    auto *Br = dyn_cast<BranchInst>(BB->getTerminator());
    if (LI.getLoopFor(BB) != Root || !Br || !Br->isConditional() ||
        Br->getSuccessor(0) == Br->getSuccessor(1) ||
        !Root->contains(Br->getSuccessor(0)) ||
        !Root->contains(Br->getSuccessor(1)))
      continue;
    for (unsigned S : {0u, 1u})
      if (auto Where = whereTaken(*Br, S == 0, Space);
          Where && Where->is_empty().is_true()) {
        Nest.NeverTaken.push_back({Br, S});
        break;
      }
  }
}

/// The test before a loop of the SIMT loop's body that isl proves is taken
/// exactly where the loop's trip count (the footprint's) is positive.
/// clang guards `for (k = 0; k < i; k++)` with i = iv / NJ by iv > NJ - 1,
/// which no rewriting of SCEV expressions equates with i >= 1.
void NestBuilder::findEntryTests() {
  Loop *Root = rootLoop();
  std::string Space = iterationSpace();
  if (Space.empty())
    return;
  for (NestLoop &NL : Nest.Loops) {
    Loop *L = NL.Depth == 1 ? LI.getLoopFor(NL.Header) : nullptr;
    auto Trip = L ? TripCounts.find(L) : TripCounts.end();
    if (Trip == TripCounts.end())
      continue;
    BasicBlock *Preheader = L->getLoopPreheader();
    BasicBlock *Into = Preheader ? Preheader : L->getHeader();
    BasicBlock *From =
        Preheader ? Preheader->getUniquePredecessor() : L->getLoopPredecessor();
    auto *Br = From ? dyn_cast<BranchInst>(From->getTerminator()) : nullptr;
    if (!Br || !Br->isConditional() || LI.getLoopFor(From) != Root ||
        Br->getSuccessor(0) == Br->getSuccessor(1))
      continue;
    unsigned S = Br->getSuccessor(0) == Into ? 0 : 1;
    if (Br->getSuccessor(S) != Into)
      continue;
    auto Enters = whereTaken(*Br, S == 0, Space);
    if (!Enters)
      continue;
    IslQuota Quota(Ctx, islSmallQuota());
    isl::set Runs = parseSet(Ctx, Space + Trip->second.text() + " >= 1 }");
    if (!Quota.failed() && !Runs.is_null() && Enters->is_equal(Runs).is_true())
      NL.EntryTest = Br;
  }
}
