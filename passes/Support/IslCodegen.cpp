//===- IslCodegen.cpp - isl expressions as LLVM IR ------------------------===//
//
// Part of prem-llvm. isl builds the expressions (isl::ast_build, as Polly's
// IslExprBuilder does); this file only lowers the handful of operators a
// minimum, maximum or emptiness test of an affine set can contain.
//
//===----------------------------------------------------------------------===//

#include "prem/Support/IslCodegen.h"
#include "prem/Support/IslSet.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/StringExtras.h"

using namespace llvm;
using namespace prem;

namespace {

/// Whether Op is one of the operators Ts.
template <typename... Ts> bool isOneOf(const isl::ast_expr_op &Op) {
  return (Op.isa<Ts>().is_true() || ...);
}

/// Lowers one isl::ast_expr to i64 (arithmetic) or i1 (conditions).
class ExprLowering {
public:
  ExprLowering(const StringMap<Value *> &Params, IRBuilderBase &B)
      : Params(Params), B(B) {}

  /// Whether lower() handles E, with values for the parameters in Known.
  static bool lowerable(const isl::ast_expr &E, const StringSet<> &Known) {
    if (E.isa<isl::ast_expr_int>().is_true()) {
      isl::val V = E.as<isl::ast_expr_int>().val();
      bool OK = V.is_int().is_true();
      isl::val Limit(V.ctx(), INT64_MAX);
      return OK && V.abs().le(Limit).is_true();
    }
    if (E.isa<isl::ast_expr_id>().is_true())
      return Known.contains(E.as<isl::ast_expr_id>().id().name());
    if (!E.isa<isl::ast_expr_op>().is_true())
      return false;
    isl::ast_expr_op Op = E.as<isl::ast_expr_op>();
    if (isOneOf<isl::ast_expr_op_call, isl::ast_expr_op_access,
                isl::ast_expr_op_member, isl::ast_expr_op_address_of>(Op))
      return false;
    isl::size N = Op.n_arg();
    if (N.is_error())
      return false;
    for (unsigned I = 0; I < unsigned(N); ++I)
      if (!lowerable(Op.arg(I), Known))
        return false;
    return unsigned(N) > 0;
  }

  /// Null when the expression uses something this lowering does not know.
  Value *lower(const isl::ast_expr &E) {
    if (E.isa<isl::ast_expr_int>().is_true()) {
      isl::val V = E.as<isl::ast_expr_int>().val();
      return V.is_int().is_true() ? B.getInt64(V.get_num_si()) : nullptr;
    }
    if (E.isa<isl::ast_expr_id>().is_true()) {
      auto It = Params.find(E.as<isl::ast_expr_id>().id().name());
      return It == Params.end() ? nullptr : It->second;
    }
    if (E.isa<isl::ast_expr_op>().is_true())
      return lowerOp(E.as<isl::ast_expr_op>());
    return nullptr;
  }

private:
  const StringMap<Value *> &Params;
  IRBuilderBase &B;

  Value *lowerOp(const isl::ast_expr_op &Op) {
    isl::size N = Op.n_arg();
    if (N.is_error())
      return nullptr;
    SmallVector<Value *, 3> Args;
    for (unsigned I = 0; I < unsigned(N); ++I) {
      Value *V = lower(Op.arg(I));
      if (!V)
        return nullptr;
      Args.push_back(V);
    }
    auto Fold = [&](auto Combine) {
      Value *R = Args[0];
      for (Value *V : ArrayRef(Args).drop_front())
        R = Combine(R, V);
      return R;
    };
    if (isOneOf<isl::ast_expr_op_and, isl::ast_expr_op_and_then>(Op))
      return Fold([&](Value *L, Value *R) { return B.CreateAnd(L, R); });
    if (isOneOf<isl::ast_expr_op_or, isl::ast_expr_op_or_else>(Op))
      return Fold([&](Value *L, Value *R) { return B.CreateOr(L, R); });
    if (isOneOf<isl::ast_expr_op_max>(Op))
      return Fold([&](Value *L, Value *R) {
        return B.CreateBinaryIntrinsic(Intrinsic::smax, L, R);
      });
    if (isOneOf<isl::ast_expr_op_min>(Op))
      return Fold([&](Value *L, Value *R) {
        return B.CreateBinaryIntrinsic(Intrinsic::smin, L, R);
      });
    if (isOneOf<isl::ast_expr_op_minus>(Op))
      return B.CreateNeg(Args[0]);
    if (isOneOf<isl::ast_expr_op_add>(Op))
      return B.CreateAdd(Args[0], Args[1]);
    if (isOneOf<isl::ast_expr_op_sub>(Op))
      return B.CreateSub(Args[0], Args[1]);
    if (isOneOf<isl::ast_expr_op_mul>(Op))
      return B.CreateMul(Args[0], Args[1]);
    if (isOneOf<isl::ast_expr_op_div, isl::ast_expr_op_pdiv_q>(Op))
      return B.CreateSDiv(Args[0], Args[1]);
    if (isOneOf<isl::ast_expr_op_pdiv_r, isl::ast_expr_op_zdiv_r>(Op))
      return B.CreateSRem(Args[0], Args[1]);
    if (isOneOf<isl::ast_expr_op_fdiv_q>(Op)) {
      // Floor division: truncating division rounds towards zero, so step
      // down when the signs differ and the division is not exact.
      Value *Q = B.CreateSDiv(Args[0], Args[1]);
      Value *R = B.CreateSRem(Args[0], Args[1]);
      Value *Inexact = B.CreateICmpNE(R, B.getInt64(0));
      Value *SignsDiffer =
          B.CreateICmpSLT(B.CreateXor(Args[0], Args[1]), B.getInt64(0));
      return B.CreateSub(
          Q, B.CreateZExt(B.CreateAnd(Inexact, SignsDiffer), B.getInt64Ty()));
    }
    if (isOneOf<isl::ast_expr_op_cond, isl::ast_expr_op_select>(Op))
      return B.CreateSelect(Args[0], Args[1], Args[2]);
    if (isOneOf<isl::ast_expr_op_eq>(Op))
      return B.CreateICmpEQ(Args[0], Args[1]);
    if (isOneOf<isl::ast_expr_op_le>(Op))
      return B.CreateICmpSLE(Args[0], Args[1]);
    if (isOneOf<isl::ast_expr_op_lt>(Op))
      return B.CreateICmpSLT(Args[0], Args[1]);
    if (isOneOf<isl::ast_expr_op_ge>(Op))
      return B.CreateICmpSGE(Args[0], Args[1]);
    if (isOneOf<isl::ast_expr_op_gt>(Op))
      return B.CreateICmpSGT(Args[0], Args[1]);
    return nullptr;
  }
};

/// The parameter set Context over the parameters of Set.
isl::set contextFor(isl::set Context, const isl::set &Set) {
  if (Context.is_null())
    return Context;
  return Context.align_params(Set.space());
}

} // namespace

std::optional<ByteIntervalExprs>
ByteIntervalExprs::build(isl::ctx Ctx, const std::string &SetText,
                         const std::string &Context, const StringSet<> &Known,
                         std::string &Why) {
  // Every attempt (depth) and every pitch tried builds the slots' byte sets
  // again, and so do nests of one shape. The expressions come from fresh
  // reads, so a kept one is what a new build would give.
  struct Built {
    std::optional<ByteIntervalExprs> Exprs;
    std::string Why;
    /// Every expression was built: a failure is then the expressions'
    /// own (no code form), not isl's (a quota may end a computation with
    /// another error than isl_error_quota, a parser's syntax error).
    bool Complete = false;
  };
  SmallVector<StringRef, 8> Names(Known.keys());
  sort(Names);
  std::string Key =
      "byte-interval " + join(Names, ",") + "\n" + Context + "\n" + SetText;
  auto Result = keptResult<Built>(
      Ctx, Key,
      [&] {
        Built B;
        B.Exprs = buildAfresh(Ctx, SetText, Context, Known, B.Why, B.Complete);
        return B;
      },
      [](const Built &B) { return B.Complete; });
  if (!Result->Exprs)
    Why = Result->Why;
  return Result->Exprs;
}

std::optional<ByteIntervalExprs> ByteIntervalExprs::buildAfresh(
    isl::ctx Ctx, const std::string &SetText, const std::string &Context,
    const StringSet<> &Known, std::string &Why, bool &Complete) {
  IslQuota Quota(Ctx);
  isl::set Set = parseSet(Ctx, SetText);
  isl::set Given =
      Set.is_null() ? isl::set() : contextFor(parseSet(Ctx, Context), Set);
  if (Given.is_null()) {
    Why = "isl cannot read the byte set";
    return std::nullopt;
  }
  Set = Set.intersect_params(Given);
  isl::set Where = Set.params();

  ByteIntervalExprs E;
  E.Active = isl::ast_build::from_context(Given).expr_from(Where);
  isl::ast_build Inner =
      isl::ast_build::from_context(Given.intersect(std::move(Where)));
  E.First = Inner.expr_from(Set.dim_min(0));
  E.Last = Inner.expr_from(Set.dim_max(0));
  if (Quota.gaveUp() || E.Active.is_null() || E.First.is_null() ||
      E.Last.is_null()) {
    Why = "isl gave up on the byte interval";
    return std::nullopt;
  }
  Complete = true;
  if (!ExprLowering::lowerable(E.Active, Known) ||
      !ExprLowering::lowerable(E.First, Known) ||
      !ExprLowering::lowerable(E.Last, Known)) {
    Why = "the byte interval has no code form (first byte " +
          E.First.to_C_str() + ")";
    return std::nullopt;
  }
  return E;
}

ByteInterval ByteIntervalExprs::emit(const StringMap<Value *> &Params,
                                     IRBuilderBase &B) const {
  ExprLowering Lower(Params, B);
  Value *IsActive = Lower.lower(Active);
  // A condition that always holds comes back as the integer 1.
  if (IsActive->getType()->isIntegerTy(64))
    IsActive = B.CreateICmpNE(IsActive, B.getInt64(0));
  Value *Begin = Lower.lower(First);
  Value *End = B.CreateAdd(Lower.lower(Last), B.getInt64(1));
  Value *Zero = B.getInt64(0);
  return {IsActive, B.CreateSelect(IsActive, Begin, Zero),
          B.CreateSelect(IsActive, End, Zero)};
}

bool prem::hasNoHoles(isl::ctx Ctx, const std::string &SetText,
                      const std::string &Context) {
  IslQuota Quota(Ctx);
  isl::set Set = parseSetToMeasure(Ctx, SetText);
  isl::set Given = Set.is_null()
                       ? isl::set()
                       : contextFor(parseSetToMeasure(Ctx, Context), Set);
  if (Given.is_null())
    return false;
  Set = Set.intersect_params(std::move(Given)).reset_tuple_id();
  // Bytes whose successor is not in the set end a run; one run per
  // parameter value means no hole.
  isl::multi_aff Next(Ctx, "{ [b] -> [b + 1] }");
  isl::set Shifted = Set.preimage(std::move(Next));
  isl::set RunEnds = Set.subtract(std::move(Shifted));
  // Two run ends for one parameter value: an emptiness test, which needs
  // no parametric minimum (isl's lexmin of a triangle's bytes over a
  // runtime size grows numbers for minutes before its quota stops it).
  isl::map Before = isl::map::lex_lt(RunEnds.get_space())
                        .intersect_domain(RunEnds)
                        .intersect_range(RunEnds);
  return Before.is_empty().is_true() && !Quota.gaveUp();
}

ByteInterval prem::emitUnion(ArrayRef<ByteIntervalExprs> Parts,
                             const StringMap<Value *> &Params,
                             IRBuilderBase &B) {
  Value *Active = B.getFalse();
  Value *Begin = B.getInt64(INT64_MAX), *End = B.getInt64(0);
  for (const ByteIntervalExprs &P : Parts) {
    ByteInterval I = P.emit(Params, B);
    Begin = B.CreateSelect(
        I.Active, B.CreateBinaryIntrinsic(Intrinsic::smin, Begin, I.Begin),
        Begin);
    End = B.CreateSelect(
        I.Active, B.CreateBinaryIntrinsic(Intrinsic::smax, End, I.End), End);
    Active = B.CreateOr(Active, I.Active);
  }
  return {Active, B.CreateSelect(Active, Begin, B.getInt64(0)), End};
}

std::shared_ptr<const IntervalLength>
IntervalLength::get(isl::ctx Ctx, ArrayRef<std::string> SetTexts,
                    const std::string &Context) {
  std::string Key = "interval-length " + Context;
  for (const std::string &Text : SetTexts)
    Key += "\n" + Text;
  return keptResult<IntervalLength>(
      Ctx, Key, [&] { return IntervalLength(Ctx, SetTexts, Context); },
      [](const IntervalLength &L) { return !L.Length.is_null(); });
}

IntervalLength::IntervalLength(isl::ctx Ctx, ArrayRef<std::string> SetTexts,
                               const std::string &Context)
    : Ctx(Ctx) {
  // Only the tile-size search needs it (run time checks every tile anyway):
  // a small budget keeps many runtime offsets from costing compile time.
  IslQuota Quota(Ctx, islSmallQuota());
  isl::pw_aff First, Last;
  for (const std::string &Text : SetTexts) {
    // Only ever measured (largest): read to measure.
    isl::set Set = parseSetToMeasure(Ctx, Text);
    isl::set Given = Set.is_null()
                         ? isl::set()
                         : contextFor(parseSetToMeasure(Ctx, Context), Set);
    if (Given.is_null())
      continue;
    // Parameter values no tile has (an inner tile spans one SIMT
    // iteration) would only add pieces to the minimum and maximum.
    Set = Set.intersect_params(std::move(Given));
    widenRange(First, Last, Set);
  }
  if (First.is_null() || Last.is_null() || Quota.gaveUp())
    return;
  isl::set Params = isl::set::universe(Last.space().params());
  isl::pw_aff One(std::move(Params), isl::val::one(Ctx));
  Length = Last.sub(std::move(First)).add(std::move(One));
}

std::optional<uint64_t>
IntervalLength::largest(const std::string &Context) const {
  if (Length.is_null())
    return std::nullopt;
  // The search asks for the same contexts for every slot and size.
  auto It = Largest.find(Context);
  if (It != Largest.end())
    return It->second;
  // (No value is kept only where isl did not fail: unbounded.)
  bool Sure = false;
  std::optional<uint64_t> Max = largestAfresh(Context, Sure);
  if (Sure)
    Largest.try_emplace(Context, Max);
  return Max;
}

std::optional<uint64_t>
IntervalLength::largestAfresh(const std::string &Context, bool &Sure) const {
  IslQuota Quota(Ctx);
  // (Set on the way out, whichever return takes it.)
  auto Done = llvm::make_scope_exit([&] { Sure = !Quota.failed(); });
  isl::set Given = parseSetToMeasure(Ctx, Context);
  if (Given.is_null())
    return std::nullopt;
  Given = Given.align_params(Length.space());
  isl::pw_aff L = Length.intersect_params(std::move(Given));
  // Over every parameter value: the parameters become set dimensions.
  isl::set Lengths = fromPwAff(std::move(L));
  isl::size NParams = Lengths.dim(isl::dim::param);
  if (NParams.is_error())
    return std::nullopt;
  Lengths = moveDims(std::move(Lengths), isl::dim::set, 1, isl::dim::param, 0,
                     unsigned(NParams));
  if (Lengths.is_empty().is_true())
    return 0;
  std::optional<int64_t> Max = maxOfDim(Lengths, 0);
  if (!Max || Quota.gaveUp())
    return std::nullopt;
  return uint64_t(std::max<int64_t>(*Max, 0));
}
