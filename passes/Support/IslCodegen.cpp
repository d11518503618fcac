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
      return Fold([&](Value *L, Value *R) { return B.CreateBinaryIntrinsic(Intrinsic::smax, L, R); });
    case isl_ast_expr_op_min:
      return Fold([&](Value *L, Value *R) { return B.CreateBinaryIntrinsic(Intrinsic::smin, L, R); });
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

std::optional<ByteInterval>
prem::emitByteInterval(isl_ctx *Ctx, const std::string &SetText,
                       const std::string &Context,
                       const StringMap<Value *> &Params, IRBuilderBase &B) {
  IslQuota Quota(Ctx);
  IslSet Set = parseSet(Ctx, SetText);
  if (!Set.S)
    return std::nullopt;
  isl_set *Known = contextFor(Ctx, Context, Set.S);
  if (!Known)
    return std::nullopt;
  Set.S = isl_set_intersect_params(Set.S, isl_set_copy(Known));
  isl_set *Where = isl_set_params(isl_set_copy(Set.S));

  isl_ast_build *Outer = isl_ast_build_from_context(isl_set_copy(Known));
  isl_ast_expr *ActiveExpr =
      isl_ast_build_expr_from_set(Outer, isl_set_copy(Where));
  isl_ast_build_free(Outer);
  isl_ast_build *Inner =
      isl_ast_build_from_context(isl_set_intersect(Known, Where));
  isl_ast_expr *First =
      isl_ast_build_expr_from_pw_aff(Inner, isl_set_dim_min(Set.copy().release(), 0));
  isl_ast_expr *Last =
      isl_ast_build_expr_from_pw_aff(Inner, isl_set_dim_max(Set.copy().release(), 0));
  isl_ast_build_free(Inner);

  std::optional<ByteInterval> Result;
  if (ActiveExpr && First && Last && !Quota.gaveUp()) {
    ExprLowering Lower(Params, B);
    Value *Active = Lower.lower(ActiveExpr);
    Value *Begin = Lower.lower(First);
    Value *End = Lower.lower(Last);
    // A condition that always holds comes back as the integer 1.
    if (Active && Active->getType()->isIntegerTy(64))
      Active = B.CreateICmpNE(Active, B.getInt64(0));
    if (Active && Begin && End && Active->getType()->isIntegerTy(1) &&
        Begin->getType()->isIntegerTy(64) && End->getType()->isIntegerTy(64)) {
      End = B.CreateAdd(End, B.getInt64(1));
      Value *Zero = B.getInt64(0);
      Result = ByteInterval{Active, B.CreateSelect(Active, Begin, Zero),
                            B.CreateSelect(Active, End, Zero)};
    }
  }
  isl_ast_expr_free(ActiveExpr);
  isl_ast_expr_free(First);
  isl_ast_expr_free(Last);
  return Result;
}

bool prem::hasNoHoles(isl_ctx *Ctx, const std::string &SetText) {
  IslQuota Quota(Ctx);
  IslSet Set = parseSet(Ctx, SetText);
  if (!Set.S)
    return false;
  Set.S = isl_set_reset_tuple_id(Set.S);
  // Bytes whose successor is not in the set end a run; one run per
  // parameter value means no hole.
  isl_multi_aff *Next = isl_multi_aff_read_from_str(Ctx, "{ [b] -> [b + 1] }");
  IslSet Shifted(isl_set_preimage_multi_aff(Set.copy().release(), Next));
  IslSet RunEnds(isl_set_subtract(Set.copy().release(), Shifted.release()));
  IslSet Last(isl_set_lexmin(RunEnds.copy().release()));
  isl_bool Equal = isl_set_is_equal(RunEnds.S, Last.S);
  return Equal == isl_bool_true && !Quota.gaveUp();
}

std::optional<uint64_t> prem::largestInterval(isl_ctx *Ctx,
                                              const std::string &SetText,
                                              const std::string &Context) {
  IslQuota Quota(Ctx);
  IslSet Set = parseSet(Ctx, SetText);
  if (!Set.S)
    return std::nullopt;
  isl_set *Known = contextFor(Ctx, Context, Set.S);
  if (!Known)
    return std::nullopt;
  Set.S = isl_set_intersect_params(Set.S, Known);
  isl_pw_aff *Size = isl_pw_aff_sub(isl_set_dim_max(Set.copy().release(), 0),
                                    isl_set_dim_min(Set.copy().release(), 0));
  // Over every parameter value: the parameters become set dimensions.
  IslSet Sizes(isl_set_from_pw_aff(Size));
  isl_size NParams = isl_set_dim(Sizes.S, isl_dim_param);
  if (NParams < 0)
    return std::nullopt;
  Sizes.S = isl_set_move_dims(Sizes.S, isl_dim_set, 1, isl_dim_param, 0,
                              NParams);
  std::optional<int64_t> Max = maxOfDim(Sizes, 0);
  if (!Max || Quota.gaveUp())
    return std::nullopt;
  return uint64_t(*Max + 1);
}
