//===- IslCodegen.cpp - isl expressions as LLVM IR ------------------------===//
//
// Part of prem-llvm. isl builds the expressions (isl_ast_build, as Polly's
// IslExprBuilder does); this file only lowers the handful of operators a
// minimum, maximum or emptiness test of an affine set can contain.
//
//===----------------------------------------------------------------------===//

#include "prem/Support/IslCodegen.h"
#include "prem/Support/IslSet.h"

#include "isl/aff.h"
#include "isl/ast.h"
#include "isl/ast_build.h"
#include "isl/ctx.h"
#include "isl/id.h"
#include "isl/ilp.h"
#include "isl/map.h"
#include "isl/set.h"
#include "isl/space.h"
#include "isl/val.h"

using namespace llvm;
using namespace prem;

namespace {

/// Lowers one isl_ast_expr to i64 (arithmetic) or i1 (conditions).
class ExprLowering {
public:
  ExprLowering(const StringMap<Value *> &Params, IRBuilderBase &B)
      : Params(Params), B(B) {}

  /// Whether lower() handles E, with values for the parameters in Known.
  static bool lowerable(isl_ast_expr *E, const StringSet<> &Known) {
    switch (isl_ast_expr_get_type(E)) {
    case isl_ast_expr_int: {
      isl_val *V = isl_ast_expr_int_get_val(E);
      bool OK = isl_val_is_int(V);
      isl_val *Limit = isl_val_int_from_si(isl_val_get_ctx(V), INT64_MAX);
      OK = OK && isl_val_le(isl_val_abs(isl_val_copy(V)), Limit);
      isl_val_free(Limit);
      isl_val_free(V);
      return OK;
    }
    case isl_ast_expr_id: {
      isl_id *Id = isl_ast_expr_id_get_id(E);
      bool OK = Known.contains(isl_id_get_name(Id));
      isl_id_free(Id);
      return OK;
    }
    case isl_ast_expr_op: {
      switch (isl_ast_expr_op_get_type(E)) {
      case isl_ast_expr_op_call:
      case isl_ast_expr_op_access:
      case isl_ast_expr_op_member:
      case isl_ast_expr_op_address_of:
      case isl_ast_expr_op_error:
        return false;
      default:
        break;
      }
      int N = isl_ast_expr_op_get_n_arg(E);
      for (int I = 0; I < N; ++I) {
        isl_ast_expr *A = isl_ast_expr_op_get_arg(E, I);
        bool OK = lowerable(A, Known);
        isl_ast_expr_free(A);
        if (!OK)
          return false;
      }
      return N > 0;
    }
    default:
      return false;
    }
  }

  /// Null when the expression uses something this lowering does not know.
  Value *lower(isl_ast_expr *E) {
    switch (isl_ast_expr_get_type(E)) {
    case isl_ast_expr_int: {
      isl_val *V = isl_ast_expr_int_get_val(E);
      Value *R = nullptr;
      if (isl_val_is_int(V)) {
        long N = isl_val_get_num_si(V);
        R = B.getInt64(N);
      }
      isl_val_free(V);
      return R;
    }
    case isl_ast_expr_id: {
      isl_id *Id = isl_ast_expr_id_get_id(E);
      auto It = Params.find(isl_id_get_name(Id));
      isl_id_free(Id);
      return It == Params.end() ? nullptr : It->second;
    }
    case isl_ast_expr_op:
      return lowerOp(E);
    default:
      return nullptr;
    }
  }

private:
  const StringMap<Value *> &Params;
  IRBuilderBase &B;

  Value *arg(isl_ast_expr *E, int I) {
    isl_ast_expr *A = isl_ast_expr_op_get_arg(E, I);
    Value *V = lower(A);
    isl_ast_expr_free(A);
    return V;
  }

  Value *lowerOp(isl_ast_expr *E) {
    int N = isl_ast_expr_op_get_n_arg(E);
    SmallVector<Value *, 3> Args;
    for (int I = 0; I < N; ++I) {
      Value *V = arg(E, I);
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
    switch (isl_ast_expr_op_get_type(E)) {
    case isl_ast_expr_op_and:
    case isl_ast_expr_op_and_then:
      return Fold([&](Value *L, Value *R) { return B.CreateAnd(L, R); });
    case isl_ast_expr_op_or:
    case isl_ast_expr_op_or_else:
      return Fold([&](Value *L, Value *R) { return B.CreateOr(L, R); });
    case isl_ast_expr_op_max:
      return Fold([&](Value *L, Value *R) {
        return B.CreateBinaryIntrinsic(Intrinsic::smax, L, R);
      });
    case isl_ast_expr_op_min:
      return Fold([&](Value *L, Value *R) {
        return B.CreateBinaryIntrinsic(Intrinsic::smin, L, R);
      });
    case isl_ast_expr_op_minus:
      return B.CreateNeg(Args[0]);
    case isl_ast_expr_op_add:
      return B.CreateAdd(Args[0], Args[1]);
    case isl_ast_expr_op_sub:
      return B.CreateSub(Args[0], Args[1]);
    case isl_ast_expr_op_mul:
      return B.CreateMul(Args[0], Args[1]);
    case isl_ast_expr_op_div:
    case isl_ast_expr_op_pdiv_q:
      return B.CreateSDiv(Args[0], Args[1]);
    case isl_ast_expr_op_pdiv_r:
    case isl_ast_expr_op_zdiv_r:
      return B.CreateSRem(Args[0], Args[1]);
    case isl_ast_expr_op_fdiv_q: {
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
    case isl_ast_expr_op_cond:
    case isl_ast_expr_op_select:
      return B.CreateSelect(Args[0], Args[1], Args[2]);
    case isl_ast_expr_op_eq:
      return B.CreateICmpEQ(Args[0], Args[1]);
    case isl_ast_expr_op_le:
      return B.CreateICmpSLE(Args[0], Args[1]);
    case isl_ast_expr_op_lt:
      return B.CreateICmpSLT(Args[0], Args[1]);
    case isl_ast_expr_op_ge:
      return B.CreateICmpSGE(Args[0], Args[1]);
    case isl_ast_expr_op_gt:
      return B.CreateICmpSGT(Args[0], Args[1]);
    default:
      return nullptr;
    }
  }
};

/// The parameter set Context over the parameters of Set.
isl_set *contextFor(isl_ctx *Ctx, const std::string &Context, isl_set *Set) {
  isl_set *C = isl_set_read_from_str(Ctx, Context.c_str());
  if (!C)
    return nullptr;
  return isl_set_align_params(C, isl_set_get_space(Set));
}

} // namespace

ByteIntervalExprs::ByteIntervalExprs(ByteIntervalExprs &&O)
    : Active(O.Active), First(O.First), Last(O.Last) {
  O.Active = O.First = O.Last = nullptr;
}

ByteIntervalExprs &ByteIntervalExprs::operator=(ByteIntervalExprs &&O) {
  std::swap(Active, O.Active);
  std::swap(First, O.First);
  std::swap(Last, O.Last);
  return *this;
}

ByteIntervalExprs::~ByteIntervalExprs() {
  isl_ast_expr_free(Active);
  isl_ast_expr_free(First);
  isl_ast_expr_free(Last);
}

std::optional<ByteIntervalExprs>
ByteIntervalExprs::build(isl_ctx *Ctx, const std::string &SetText,
                         const std::string &Context, const StringSet<> &Known,
                         std::string &Why) {
  IslQuota Quota(Ctx);
  IslSet Set = parseSet(Ctx, SetText);
  isl_set *Given = Set.S ? contextFor(Ctx, Context, Set.S) : nullptr;
  if (!Given) {
    Why = "isl cannot read the byte set";
    return std::nullopt;
  }
  Set.S = isl_set_intersect_params(Set.S, isl_set_copy(Given));
  isl_set *Where = isl_set_params(isl_set_copy(Set.S));

  ByteIntervalExprs E;
  isl_ast_build *Outer = isl_ast_build_from_context(isl_set_copy(Given));
  E.Active = isl_ast_build_expr_from_set(Outer, isl_set_copy(Where));
  isl_ast_build_free(Outer);
  isl_ast_build *Inner =
      isl_ast_build_from_context(isl_set_intersect(Given, Where));
  E.First = isl_ast_build_expr_from_pw_aff(
      Inner, isl_set_dim_min(Set.copy().release(), 0));
  E.Last = isl_ast_build_expr_from_pw_aff(
      Inner, isl_set_dim_max(Set.copy().release(), 0));
  isl_ast_build_free(Inner);
  if (Quota.gaveUp() || !E.Active || !E.First || !E.Last) {
    Why = "isl gave up on the byte interval";
    return std::nullopt;
  }
  if (!ExprLowering::lowerable(E.Active, Known) ||
      !ExprLowering::lowerable(E.First, Known) ||
      !ExprLowering::lowerable(E.Last, Known)) {
    char *Text = isl_ast_expr_to_C_str(E.First);
    Why = std::string("the byte interval has no code form (first byte ") +
          (Text ? Text : "?") + ")";
    free(Text);
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

bool prem::hasNoHoles(isl_ctx *Ctx, const std::string &SetText,
                      const std::string &Context) {
  IslQuota Quota(Ctx);
  IslSet Set = parseSet(Ctx, SetText);
  isl_set *Given = Set.S ? contextFor(Ctx, Context, Set.S) : nullptr;
  if (!Given)
    return false;
  Set.S = isl_set_reset_tuple_id(isl_set_intersect_params(Set.S, Given));
  // Bytes whose successor is not in the set end a run; one run per
  // parameter value means no hole.
  isl_multi_aff *Next = isl_multi_aff_read_from_str(Ctx, "{ [b] -> [b + 1] }");
  IslSet Shifted(isl_set_preimage_multi_aff(Set.copy().release(), Next));
  IslSet RunEnds(isl_set_subtract(Set.copy().release(), Shifted.release()));
  IslSet Last(isl_set_lexmin(RunEnds.copy().release()));
  isl_bool Equal = isl_set_is_equal(RunEnds.S, Last.S);
  return Equal == isl_bool_true && !Quota.gaveUp();
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

IntervalLength::IntervalLength(isl_ctx *Ctx, ArrayRef<std::string> SetTexts,
                               const std::string &Context)
    : Ctx(Ctx) {
  // Only the tile-size search needs it (run time checks every tile anyway):
  // a small budget keeps many runtime offsets from costing compile time.
  IslQuota Quota(Ctx, islMaxOperations() / 20);
  isl_pw_aff *First = nullptr, *Last = nullptr;
  for (const std::string &Text : SetTexts) {
    IslSet Set = parseSet(Ctx, Text);
    isl_set *Given = Set.S ? contextFor(Ctx, Context, Set.S) : nullptr;
    if (!Given)
      continue;
    // Parameter values no tile has (an inner tile spans one SIMT
    // iteration) would only add pieces to the minimum and maximum.
    Set.S = isl_set_intersect_params(Set.S, Given);
    isl_pw_aff *Min = isl_set_dim_min(Set.copy().release(), 0);
    isl_pw_aff *Max = isl_set_dim_max(Set.copy().release(), 0);
    First = First ? isl_pw_aff_coalesce(isl_pw_aff_union_min(First, Min)) : Min;
    Last = Last ? isl_pw_aff_coalesce(isl_pw_aff_union_max(Last, Max)) : Max;
  }
  if (First && Last && !Quota.gaveUp()) {
    // One isl call per statement: isl_pw_aff_sub consumes Last, so the
    // space is taken first (as sibling arguments, the order would be the
    // host compiler's: a use after free under clang++).
    isl_space *Params = isl_space_params(isl_pw_aff_get_space(Last));
    isl_pw_aff *One =
        isl_pw_aff_val_on_domain(isl_set_universe(Params), isl_val_one(Ctx));
    isl_pw_aff *Span = isl_pw_aff_sub(Last, First);
    Length = isl_pw_aff_add(Span, One);
  } else {
    isl_pw_aff_free(First);
    isl_pw_aff_free(Last);
  }
}

IntervalLength::~IntervalLength() { isl_pw_aff_free(Length); }

std::optional<uint64_t>
IntervalLength::largest(const std::string &Context) const {
  if (!Length)
    return std::nullopt;
  IslQuota Quota(Ctx);
  isl_set *Given = isl_set_read_from_str(Ctx, Context.c_str());
  if (!Given)
    return std::nullopt;
  isl_pw_aff *L = isl_pw_aff_copy(Length);
  Given = isl_set_align_params(Given, isl_pw_aff_get_space(L));
  L = isl_pw_aff_intersect_params(L, Given);
  // Over every parameter value: the parameters become set dimensions.
  IslSet Lengths(isl_set_from_pw_aff(L));
  isl_size NParams = isl_set_dim(Lengths.S, isl_dim_param);
  if (NParams < 0)
    return std::nullopt;
  Lengths.S =
      isl_set_move_dims(Lengths.S, isl_dim_set, 1, isl_dim_param, 0, NParams);
  if (isl_set_is_empty(Lengths.S) == isl_bool_true)
    return 0;
  std::optional<int64_t> Max = maxOfDim(Lengths, 0);
  if (!Max || Quota.gaveUp())
    return std::nullopt;
  return uint64_t(std::max<int64_t>(*Max, 0));
}
