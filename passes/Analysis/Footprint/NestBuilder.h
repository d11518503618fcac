//===- NestBuilder.h - The footprint of one SIMT loop nest ------*- C++ -*-===//
//
// Builds a NestFootprint: the nest's loops and trip counts, every access as
// an affine form (AffineForm.h), arrays delinearised as Polly does, and the
// isl sets of the bytes a tile touches that prem-tile turns into transfers.
//
//===----------------------------------------------------------------------===//

#ifndef PREM_ANALYSIS_FOOTPRINT_NESTBUILDER_H
#define PREM_ANALYSIS_FOOTPRINT_NESTBUILDER_H

#include "AffineForm.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/IR/Dominators.h"

#include "isl/isl-noexceptions.h"

namespace prem::footprint {

class NestBuilder {
public:
  NestBuilder(NestFootprint &Nest, ScalarEvolution &SE, LoopInfo &LI,
              DominatorTree &DT, isl::ctx Ctx)
      : Nest(Nest), SE(SE), LI(LI), DT(DT), Ctx(Ctx),
        Aff(SE, LI, Nest.Kernel->SIMT, rootLoop()) {}

  void build();

private:
  NestFootprint &Nest;
  ScalarEvolution &SE;
  LoopInfo &LI;
  DominatorTree &DT;
  isl::ctx Ctx;
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
    /// The address passes through a bit operation (Affinator::noteBitOps).
    bool BitOps = false;
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
  /// Guards.cpp: the branches the access runs under, and their conditions
  /// (AffineAccess::Guards, Condition); the chain must be set.
  void findGuards(const Instruction &I, AffineAccess &A);
  /// Cond (or its negation, Holds false) as isl constraints; why not, if
  /// not. With Violations, the forms rest on no assumption: each value
  /// read as a form (a side of a comparison, the operand of a cast) adds
  /// the constraints where its bits would not hold the form, and a reading
  /// that cannot be so checked fails (Affinator::UncheckedNoWrap).
  std::optional<std::string>
  conditionText(const Value *Cond, bool Holds, std::string &Why,
                SmallVectorImpl<std::string> *Violations = nullptr);
  /// The points of Space (isl text of a set of i0 over the nest's
  /// parameters, open after its "and ") where Br's condition is Holds,
  /// read without assumption; nullopt where it cannot be so read.
  std::optional<isl::set> whereTaken(const BranchInst &Br, bool Holds,
                                     const std::string &Space);
  /// "lo <= i0 <= hi": the values the SIMT loop's IV takes (SIMTMin,
  /// SIMTMax), "" where they are not known or there is no SIMT loop.
  std::string iterationBounds() const;
  std::string iterationSpace() const;
  /// Whether no point of A's domain meets one of Violations
  /// (conditionText's).
  bool neverOutside(const AffineAccess &A, ArrayRef<std::string> Violations);
  /// Guards.cpp: NestFootprint::NeverTaken; after the accesses.
  void findNeverTaken();
  /// Guards.cpp: NestLoop::EntryTest; after the accesses.
  void findEntryTests();
  void visit(Instruction &I);
  void finishArrays();
  bool translateAccesses(SmallVectorImpl<RawAccess> &Raws, ArrayFootprint &AF);
  /// Delinearize.cpp: the subscripts of an array indexed with a runtime
  /// stride, and for a 2-D one its virtual layout; why not, if not.
  std::optional<std::string> delinearize(SmallVectorImpl<RawAccess> &Raws,
                                         ArrayFootprint &AF);
  std::optional<std::string> subscriptsOf(SmallVectorImpl<RawAccess> &Raws,
                                          const Value *Base,
                                          const SCEV *ElementSize, bool Widened,
                                          SmallVectorImpl<const SCEV *> &Sizes);
  void dropSIMTStride(SmallVectorImpl<const SCEV *> &Terms);
  void virtualLayout(SmallVectorImpl<RawAccess> &Raws,
                     ArrayRef<const SCEV *> Sizes, unsigned Size,
                     ArrayFootprint &AF);
  std::optional<std::string> domainText(const AffineAccess &A, unsigned NumDims,
                                        bool SymbolicStart = false) const;
  void tileByteSets(ArrayFootprint &AF, ArrayRef<RawAccess> Raws) const;
  static std::string shapeKey(const RawAccess &R);
  std::string paramList() const;
};

} // namespace prem::footprint

#endif // PREM_ANALYSIS_FOOTPRINT_NESTBUILDER_H
