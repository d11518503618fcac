//===- Delinearize.cpp - Arrays indexed with a runtime stride -------------===//
//
// A[i*n + j] with n a runtime value has no affine byte offset. Polly's
// recipe (llvm/Analysis/Delinearization.h) finds the array's dimension
// sizes from the strides of the accesses and divides each access into
// subscripts (seed 001 has none for runtime sizes). Two things keep GPU code
// from it: index math is done in 32 bits and sign-extended, which hides the
// products from SCEV; and a row index that comes from the thread
// (blockIdx.y * blockDim.y + threadIdx.y) is no loop, so its stride is no
// recurrence step. Both are handled here. A 2-D result is then laid out
// virtually (ArrayFootprint::VirtualRowBytes), so that its byte sets stay
// affine and prem-tile can copy it as rows.
//
//===----------------------------------------------------------------------===//

#include "NestBuilder.h"
#include "prem/Support/IslSet.h"

#include "llvm/Analysis/Delinearization.h"
#include "llvm/Analysis/ScalarEvolutionDivision.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Operator.h"

using namespace llvm;
using namespace prem;
using namespace prem::footprint;

namespace {

/// The offset with its extensions pushed down to the leaves: sext(a*b + c)
/// becomes sext(a)*sext(b) + sext(c), {a,+,b} becomes {sext(a),+,sext(b)}.
/// Only for accesses whose narrow index math, loop counters included,
/// cannot wrap (narrowMathFlagged): then every value it computes is the
/// wide one. A zext is read as a sext where what it extends is not
/// negative (then zext(m) and sext(m) are one term).
class WidenIndexMath : public SCEVRewriteVisitor<WidenIndexMath> {
  using Base = SCEVRewriteVisitor<WidenIndexMath>;

public:
  explicit WidenIndexMath(ScalarEvolution &SE) : Base(SE) {}

  const SCEV *visitSignExtendExpr(const SCEVSignExtendExpr *E) {
    return extend(E->getOperand(), E->getType(), /*Signed=*/true);
  }
  const SCEV *visitZeroExtendExpr(const SCEVZeroExtendExpr *E) {
    return extend(E->getOperand(), E->getType(), /*Signed=*/false);
  }

private:
  const SCEV *extend(const SCEV *S, Type *Ty, bool Signed) {
    if (auto *Add = dyn_cast<SCEVAddExpr>(S)) {
      SmallVector<const SCEV *, 4> Ops;
      for (const SCEV *Op : Add->operands())
        Ops.push_back(extend(Op, Ty, Signed));
      return SE.getAddExpr(Ops);
    }
    if (auto *Mul = dyn_cast<SCEVMulExpr>(S)) {
      SmallVector<const SCEV *, 4> Ops;
      for (const SCEV *Op : Mul->operands())
        Ops.push_back(extend(Op, Ty, Signed));
      return SE.getMulExpr(Ops);
    }
    if (auto *AR = dyn_cast<SCEVAddRecExpr>(S); AR && AR->isAffine()) {
      const SCEV *Start = extend(AR->getStart(), Ty, Signed);
      const SCEV *Step = extend(AR->getStepRecurrence(SE), Ty, Signed);
      return SE.getAddRecExpr(Start, Step, AR->getLoop(), SCEV::FlagAnyWrap);
    }
    const SCEV *Leaf = isa<SCEVConstant>(S) ? S : visit(S);
    if (Signed || isa<SCEVConstant>(S) || SE.isKnownNonNegative(Leaf))
      return SE.getSignExtendExpr(Leaf, Ty);
    return SE.getZeroExtendExpr(Leaf, Ty);
  }
};

/// The narrow arithmetic V is computed with cannot wrap: every add, sub,
/// mul and shl down to its leaves (arguments, loads, calls, constants,
/// truncations of arguments and loads),
/// through phis (a loop counter's increment), carries nsw (Signed, under a
/// sext) or nuw (under a zext), under which a wrap is poison, and an access
/// to a poison address undefined. (C's signed int arithmetic has nsw;
/// unsigned arithmetic wraps by definition and has no nuw.)
/// V is a sum or product of a GPU's special registers (blockIdx.x *
/// blockDim.x + threadIdx.x, in CUDA's unsigned arithmetic) and constants
/// that are not negative: the footprint assumes such math does not wrap, as
/// prem-tile does for bounds guards (registersNonNegative).
bool registerMath(const Value *V) {
  if (auto *C = dyn_cast<ConstantInt>(V))
    return !C->isNegative();
  if (auto *Read = dyn_cast<IntrinsicInst>(V))
    return Read->getCalledFunction()->getName().starts_with(
        "llvm.nvvm.read.ptx.sreg.");
  auto *BO = dyn_cast<BinaryOperator>(V);
  return BO &&
         (BO->getOpcode() == Instruction::Add ||
          BO->getOpcode() == Instruction::Mul) &&
         registerMath(BO->getOperand(0)) && registerMath(BO->getOperand(1));
}

bool arithmeticFlagged(const Value *V, bool Signed) {
  SmallVector<const Value *, 8> Work{V};
  SmallPtrSet<const Value *, 16> Seen;
  while (!Work.empty()) {
    const Value *W = Work.pop_back_val();
    if (!Seen.insert(W).second)
      continue;
    if (auto *Phi = dyn_cast<PHINode>(W)) {
      append_range(Work, Phi->incoming_values());
      continue;
    }
    // A truncated argument or load is a leaf (OpenMP passes an int n as an
    // i64 and truncates it): SCEV keeps trunc(x) whole. A truncation of
    // arithmetic is not: SCEV folds it into the arithmetic, which may wrap.
    if (auto *Trunc = dyn_cast<TruncInst>(W)) {
      if (isa<Argument, LoadInst>(Trunc->getOperand(0)))
        continue;
      return false;
    }
    const auto *BO = dyn_cast<BinaryOperator>(W);
    if (!BO || registerMath(BO))
      continue;
    switch (BO->getOpcode()) {
    case Instruction::Add:
    case Instruction::Sub:
    case Instruction::Mul:
    case Instruction::Shl:
      if (Signed ? !BO->hasNoSignedWrap() : !BO->hasNoUnsignedWrap())
        return false;
      break;
    case Instruction::Or:
      if (!cast<PossiblyDisjointInst>(BO)->isDisjoint())
        return false;
      break;
    default:
      return false;
    }
    append_range(Work, BO->operands());
  }
  return true;
}

/// Every extension in the address of Access extends arithmetic that cannot
/// wrap (arithmeticFlagged), and the 64-bit index math around them only
/// adds, subtracts, multiplies and shifts (no mask: `and i64 x,
/// 0xffffffff` is unsigned 32-bit math wrapping, widened by LLVM). Values
/// the same in the whole nest are parameters, whatever computes them (n
/// masked to 31 bits where it is known positive).
bool narrowMathFlagged(const Instruction *Access, const Affinator &Aff,
                       ScalarEvolution &SE) {
  const Value *Ptr = getLoadStorePointerOperand(Access);
  if (!Ptr)
    return false;
  SmallVector<const Value *, 8> Work{Ptr};
  SmallPtrSet<const Value *, 16> Seen;
  while (!Work.empty()) {
    const Value *V = Work.pop_back_val();
    if (!Seen.insert(V).second)
      continue;
    if (SE.isSCEVable(V->getType()) &&
        !Aff.isVariant(SE.getSCEV(const_cast<Value *>(V))))
      continue;
    if (isa<TruncInst>(V))
      return false;
    if (auto *GEP = dyn_cast<GEPOperator>(V)) {
      append_range(Work, GEP->operands());
    } else if (isa<SExtInst, ZExtInst>(V)) {
      // (zext nneg extends a value that is not negative: no signed and no
      // unsigned wrap are then alike.)
      const Value *Narrow = cast<CastInst>(V)->getOperand(0);
      bool NonNeg =
          isa<ZExtInst>(V) && cast<PossiblyNonNegInst>(V)->hasNonNeg();
      if (!arithmeticFlagged(Narrow, isa<SExtInst>(V)) &&
          !(NonNeg && arithmeticFlagged(Narrow, /*Signed=*/true)))
        return false;
    }
    if (auto *BO = dyn_cast<BinaryOperator>(V)) {
      switch (BO->getOpcode()) {
      case Instruction::Add:
      case Instruction::Sub:
      case Instruction::Mul:
      case Instruction::Shl:
        break;
      case Instruction::Or:
        if (cast<PossiblyDisjointInst>(BO)->isDisjoint())
          break;
        return false;
      default:
        return false;
      }
      append_range(Work, BO->operands());
    }
  }
  return true;
}

/// The byte offset of Access from Base read with each GEP index that is a
/// `zext nneg` of arithmetic that cannot wrap signed as its sext: the same
/// value (nneg: the extended value is not negative). SCEV distributes a
/// zext over nuw arithmetic, so b[j*m + k] through a sext and b[i*m + k]
/// through a zext nneg (syr2k) would give m two terms, sext(m) and zext(m),
/// and no dimension sizes. nullptr where the address is no chain of GEPs
/// of one index from Base, or has no such index.
const SCEV *signedGEPOffset(const Instruction *Access, const Value *Base,
                            ScalarEvolution &SE) {
  const DataLayout &DL = Access->getModule()->getDataLayout();
  const Value *Ptr = getLoadStorePointerOperand(Access);
  Type *IntTy = DL.getIndexType(Ptr->getType());
  const SCEV *Offset = SE.getZero(IntTy);
  bool Changed = false;
  while (Ptr != Base) {
    auto *GEP = dyn_cast<GEPOperator>(Ptr);
    if (!GEP || GEP->getNumIndices() != 1 ||
        GEP->getOperand(1)->getType() != IntTy)
      return nullptr;
    TypeSize Scale = DL.getTypeAllocSize(GEP->getSourceElementType());
    if (Scale.isScalable())
      return nullptr;
    const Value *Index = GEP->getOperand(1);
    const SCEV *IndexS = SE.getSCEV(const_cast<Value *>(Index));
    if (auto *ZExt = dyn_cast<ZExtInst>(Index);
        ZExt && ZExt->hasNonNeg() &&
        arithmeticFlagged(ZExt->getOperand(0), /*Signed=*/true)) {
      IndexS = SE.getSignExtendExpr(SE.getSCEV(ZExt->getOperand(0)), IntTy);
      Changed = true;
    }
    Offset = SE.getAddExpr(Offset,
                           SE.getMulExpr(IndexS, SE.getConstant(IntTy, Scale)));
    Ptr = GEP->getPointerOperand();
  }
  return Changed ? Offset : nullptr;
}

/// Polly's recipe takes its terms from the steps of loop recurrences, and
/// from products of a recurrence with a parameter. A row picked by the
/// thread is no recurrence: collect the invariant factors of every product
/// with a thread-varying operand too ((blockIdx.y*blockDim.y + threadIdx.y)
/// * n gives n).
void collectThreadStrideTerms(const SCEV *Offset, const Affinator &Aff,
                              ScalarEvolution &SE,
                              SmallVectorImpl<const SCEV *> &Terms) {
  struct Collector {
    const Affinator &Aff;
    ScalarEvolution &SE;
    SmallVectorImpl<const SCEV *> &Terms;
    bool follow(const SCEV *S) {
      auto *Mul = dyn_cast<SCEVMulExpr>(S);
      if (!Mul)
        return true;
      SmallVector<const SCEV *, 4> Invariant;
      bool Varies = false, Runtime = false;
      for (const SCEV *Op : Mul->operands()) {
        if (Aff.isVariant(Op)) {
          Varies = true;
          continue;
        }
        Runtime |= !isa<SCEVConstant>(Op);
        Invariant.push_back(Op);
      }
      if (Varies && Runtime)
        Terms.push_back(SE.getMulExpr(Invariant));
      return true;
    }
    bool isDone() const { return false; }
  } C{Aff, SE, Terms};
  visitAll(Offset, C);
}

} // namespace

/// The recipe: collect the parametric terms of all accesses, find one set
/// of dimension sizes, and divide each access into subscripts. The result
/// is accepted only if the subscripts rebuild each offset exactly; then
/// distinct addresses have distinct subscript tuples, so counting tuples
/// never undercounts, even when a subscript leaves its dimension. Returns
/// why it failed.
std::optional<std::string> NestBuilder::delinearize(SmallVectorImpl<RawAccess> &Raws,
                                                    ArrayFootprint &AF) {
  unsigned Size = Raws.front().Size;
  if (any_of(Raws, [&](const RawAccess &R) { return R.Size != Size; }))
    return std::string("accesses of different sizes");
  Type *IntTy = Raws.front().Offset->getType();
  if (any_of(Raws, [&](const RawAccess &R) {
        return R.Offset->getType() != IntTy;
      }))
    return std::string("offsets of different types");
  const SCEV *ElementSize = SE.getConstant(IntTy, Size);
  // Whether the widened try and the virtual layout may read the offsets as
  // the wide math they stand for.
  bool Flagged = all_of(Raws, [&](const RawAccess &R) {
    return narrowMathFlagged(R.A.Inst, Aff, SE);
  });
  // The offsets as they are first (what Polly's recipe expects), then with
  // their extensions pushed to the leaves.
  SmallVector<const SCEV *, 4> Sizes;
  std::optional<std::string> Why =
      subscriptsOf(Raws, AF.Base, ElementSize, false, Sizes);
  if (Why && Flagged &&
      !subscriptsOf(Raws, AF.Base, ElementSize, true, Sizes)) {
    Aff.AssumesNoWrap = true;
    Why.reset();
  }
  if (Why)
    return Why;
  AF.DimSizes.clear();
  for (const SCEV *S : ArrayRef(Sizes).drop_back())
    AF.DimSizes.push_back(scevText(S));
  // (Its copies follow the subscripts: they must be the address's, with no
  // narrow math wrapping on the way, which counting tuples may assume.)
  if (Flagged)
    virtualLayout(Raws, Sizes, Size, AF);
  return std::nullopt;
}

/// One try of the recipe, on the offsets as they are, or widened
/// (WidenIndexMath) and with the strides of thread-picked rows: R.Subs of
/// every access and the dimension sizes (the element size last), or why
/// not.
std::optional<std::string>
NestBuilder::subscriptsOf(SmallVectorImpl<RawAccess> &Raws, const Value *Base,
                          const SCEV *ElementSize, bool Widened,
                          SmallVectorImpl<const SCEV *> &Sizes) {
  Type *IntTy = ElementSize->getType();
  WidenIndexMath Widen(SE);
  SmallVector<const SCEV *, 4> Offsets, Terms;
  Sizes.clear();
  for (RawAccess &R : Raws) {
    const SCEV *Offset = R.Offset;
    if (Widened) {
      const SCEV *Signed = signedGEPOffset(R.A.Inst, Base, SE);
      Offset = Widen.visit(
          Signed && Signed->getType() == Offset->getType() ? Signed : Offset);
    }
    Offsets.push_back(Offset);
    collectParametricTerms(SE, Offset, Terms);
    if (Widened)
      collectThreadStrideTerms(Offset, Aff, SE, Terms);
  }
  if (Widened)
    dropSIMTStride(Terms);
  findArrayDimensions(SE, Terms, Sizes, ElementSize);
  if (Sizes.size() < 2)
    return std::string("no array dimensions found");
  for (auto [R, Offset] : zip(Raws, Offsets)) {
    SmallVector<const SCEV *, 4> Subscripts;
    computeAccessFunctions(SE, Offset, Subscripts, Sizes);
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
    if (!SE.getMinusSCEV(Offset, Rebuilt)->isZero())
      return "the subscripts of " + scevText(R.Offset) + " do not rebuild it";
    Aff.Chain = R.Chain;
    R.Subs.clear();
    for (const SCEV *Sub : Subscripts) {
      AffineError Err;
      auto L = Aff.translateIndex(Sub, R.BitOps, Err);
      if (!L)
        return "subscript " + scevText(Sub) + ": " + Err.Message;
      L->Dims.resize(R.Chain.size(), 0);
      R.Subs.push_back(*L);
    }
  }
  return std::nullopt;
}

/// A worksharing loop whose step is a runtime value (OpenMP on a GPU: the
/// threads of the grid, chunks of one) steps row i of A[i*n + j] by n *
/// step, which is the term Polly's recipe collects: divided by the step,
/// the term is the row length n, and the row subscript the loop's own
/// counter, {lb,+,step}. A term that is a constant times the step is a
/// column the loop moves along (A[j*n + i]): no dimension.
void NestBuilder::dropSIMTStride(SmallVectorImpl<const SCEV *> &Terms) {
  if (!Aff.RootIV)
    return;
  const SCEV *Step = Aff.RootIV->getStepRecurrence(SE);
  if (isa<SCEVConstant>(Step) || Terms.empty())
    return;
  // (A long counter's step is as wide as the terms already.)
  Type *Wide = Terms.front()->getType();
  if (SE.getTypeSizeInBits(Step->getType()) > SE.getTypeSizeInBits(Wide))
    return;
  Step = SE.getNoopOrSignExtend(Step, Wide);
  SmallVector<const SCEV *, 4> Kept;
  for (const SCEV *T : Terms) {
    const SCEV *Quotient = nullptr, *Remainder = nullptr;
    if (T->getType() == Step->getType())
      SCEVDivision::divide(SE, T, Step, &Quotient, &Remainder);
    if (!Quotient || !Remainder->isZero() || SE.getMulExpr(Quotient, Step) != T)
      Kept.push_back(T);
    else if (!isa<SCEVConstant>(Quotient))
      Kept.push_back(Quotient);
  }
  Terms.assign(Kept.begin(), Kept.end());
}

/// A[*][n] with n one runtime value: the virtual layout, element (r, c) at
/// byte r * VirtualLayoutRowBytes + c * Size. Other arrays stay as they are.
void NestBuilder::virtualLayout(SmallVectorImpl<RawAccess> &Raws,
                                ArrayRef<const SCEV *> Sizes, unsigned Size,
                                ArrayFootprint &AF) {
  if (Sizes.size() != 2)
    return;
  // zext(n) is n here whatever SCEV knows: the scratchpad path runs only
  // where the row length, expanded sign-extended, is at least 1
  // (NestTiler::rowLengthBounds), and there the two are equal.
  // (The form a trip count already named, if any: then isl sees k < n in
  // the same n.)
  const SCEV *RowLength = Sizes.front();
  if (auto *Ext = dyn_cast<SCEVZeroExtendExpr>(RowLength);
      Ext && !Aff.ParamNames.count(parameterValue(RowLength, SE)))
    RowLength = Ext->getOperand();
  AffineError Err;
  auto Length = Aff.translate(RowLength, Err);
  if (!Length || Length->hasDims() || Length->Constant ||
      Length->Params.size() != 1 || Length->Params.begin()->second != 1)
    return;
  AF.RowLength = Length->Params.begin()->first;
  AF.VirtualRowBytes = ArrayFootprint::VirtualLayoutRowBytes;
  // The elements as rows and columns, for people to read (the sets prem-tile
  // reads are the virtual layout's).
  isl::set Elements;
  auto Readable = [](const Linear &L) {
    std::string T = L.text();
    return StringRef(T).starts_with("0 + ") ? T.substr(4) : T;
  };
  for (RawAccess &R : Raws) {
    R.A.RowColumnText =
        "[" + Readable(R.Subs[0]) + "][" + Readable(R.Subs[1]) + "]";
    auto Domain = domainText(R.A, R.Chain.size());
    if (!Domain) {
      Elements = isl::set();
      break;
    }
    Elements = unite(std::move(Elements),
                     parseSet(Ctx, accessSetText(paramList() + " -> ", AF.Name,
                                                 R.Chain.size(), *Domain,
                                                 {R.Subs[0].text(),
                                                  R.Subs[1].text()},
                                                 1)));
  }
  if (!Elements.is_null())
    AF.Elements = std::move(Elements);
  for (RawAccess &R : Raws) {
    Linear Row = R.Subs[0], Column = R.Subs[1];
    Row *= int64_t(AF.VirtualRowBytes);
    Column *= int64_t(Size);
    Row += Column;
    R.Subs = {Row};
  }
}
