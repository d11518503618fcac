//===- NestBuilder.cpp - The footprint of one nest ------------------------===//
//
// The nest's loops, its accesses as affine forms, delinearisation, and the
// tile's byte sets (isl text) that prem-tile and the counting read.
//
//===----------------------------------------------------------------------===//

#include "NestBuilder.h"
#include "prem/Support/IslSet.h"

#include "llvm/ADT/PostOrderIterator.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Analysis/CFG.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/CheckedArithmetic.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/TargetParser/Triple.h"

#include <numeric>

#define DEBUG_TYPE "prem-footprint"

using namespace llvm;
using namespace prem;
using namespace prem::footprint;

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
    SIMTDim.TripCountText = tileparam::SIMTCount.str();
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
    // (A bound may pass through a bit operation: j < (i & M) + 8.)
    SmallVector<BasicBlock *, 2> Exiting;
    L->getExitingBlocks(Exiting);
    // (Every exit walked: each records the masks it passes through.)
    bool BitOps = false;
    for (BasicBlock *BB : Exiting)
      BitOps |= Aff.noteBitOps(BB->getTerminator());
    if (auto Lin = Aff.translateIndex(TC, BitOps, Err)) {
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
  RA.BitOps = Aff.noteBitOps(Ptr);
  RA.Offset = SE.getMinusSCEV(PtrS, BaseS);
  RA.Chain = Aff.Chain;
  RA.Size = I.getModule()->getDataLayout().getTypeStoreSize(Ty);
  RA.A.IsWrite = IsWrite;
  RA.A.Inst = &I;
  for (Loop *L : Aff.Chain)
    RA.A.LoopOfDepth.push_back(L ? LoopIndex.lookup(L) : 0);
  findGuards(I, RA.A);
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
      touchesNoProgramData(*CB))
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

bool prem::touchesNoProgramData(const Instruction &I) {
  return writesOnlyErrno(I) ||
         isa<AssumeInst, LifetimeIntrinsic, PseudoProbeInst>(I);
}

std::string NestBuilder::paramList() const {
  SmallVector<std::string, 4> Names;
  for (auto &[S, Name] : Aff.ParamNames)
    Names.push_back(Name);
  if (rootLoop()) {
    Names.push_back(tileparam::SIMTCount.str());
    if (none_of(Names, [](auto &N) { return N == tileparam::SIMTLower; }))
      Names.push_back(tileparam::SIMTLower.str());
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
    std::string Lb = tileparam::SIMTLower.str();
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
  if (!A.Condition.empty())
    Cs.push_back(A.Condition);
  return join(Cs, " and ");
}

/// Accesses with equal keys differ only in the constant of their last
/// subscript: translates of each other over the same domain.
std::string NestBuilder::shapeKey(const RawAccess &R) {
  std::string Key;
  for (unsigned D : R.A.LoopOfDepth)
    Key += std::to_string(D) + ",";
  // (Under other conditions, another domain.)
  Key += "?" + R.A.Condition;
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
    isl::set Write;
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
    if (!Write.is_null())
      Written = toString(simplify(std::move(Write)));
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
                                    ArrayFootprint &AF) {
  std::optional<AffineError> Stride;
  const Instruction *StrideAt = nullptr;
  SmallVector<RawAccess, 4> Kept;
  for (RawAccess &R : Raws) {
    Aff.Chain = R.Chain;
    AffineError Err;
    if (auto L = Aff.translateIndex(R.Offset, R.BitOps, Err)) {
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
    if (auto Why = delinearize(Raws, AF)) {
      reason(FootprintIssue::ParametricStride,
             Stride->Message + "; delinearisation failed: " + *Why, StrideAt);
      return false;
    }
  }
  return !Raws.empty();
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
    if (!translateAccesses(Raws, AF))
      continue;
    // (A virtual layout is flat: one subscript, in bytes.)
    bool Flat = AF.DimSizes.empty() || AF.VirtualRowBytes;
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
        Sub.FloorTerms = L.Floors.size();
        Sub.FloorPeriod.assign(L.Dims.size(), 0);
        for (auto &[K, F] : L.Floors) {
          for (auto [D, C] : enumerate(F.first.InnerDims))
            if (C)
              Sub.FloorPeriod[D] =
                  Sub.FloorPeriod[D]
                      ? int64_t(std::lcm(uint64_t(Sub.FloorPeriod[D]),
                                         uint64_t(F.first.Divisor)))
                      : F.first.Divisor;
          // floor(a*i/D) steps by one when i steps by D/a.
          auto Used = make_filter_range(enumerate(F.first.InnerDims),
                                        [](auto P) { return P.value() != 0; });
          if (std::distance(Used.begin(), Used.end()) != 1 ||
              F.first.InnerConstant)
            continue;
          auto [D, A] = *Used.begin();
          if (A > 0 && F.first.Divisor % A == 0)
            if (int64_t Stride = F.second / Unit +
                                 L.Dims[D] / Unit * (F.first.Divisor / A))
              Sub.FloorStrides.push_back(Stride);
        }
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

    isl::set Union;
    std::vector<std::string> ByteTexts;
    bool DomainUnknown = false;
    // The element set is for people to read; unrolled code with many
    // pieces must not make the compile slow for it.
    std::optional<IslQuota> UnionQuota;
    UnionQuota.emplace(Ctx, islSmallQuota());
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
      AF.Elements = isl::set();
      AF.ElementText = "unknown (a trip count is unknown)";
    } else if (UnionTooComplex) {
      AF.Elements = isl::set();
      AF.ElementText = "too complex to print (isl operation limit)";
    } else if (!Union.is_null()) {
      // A virtual layout's elements are its rows' (virtualLayout).
      if (!AF.VirtualRowBytes || AF.Elements.is_null())
        AF.Elements = std::move(Union);
      bool HasFloors = any_of(Raws, [](const RawAccess &R) {
        return any_of(R.Subs,
                      [](const Linear &L) { return !L.Floors.empty(); });
      });
      if (AF.VirtualRowBytes) {
        AF.ByteRange = "rows of " + AF.RowLength + " elements, laid out " +
                       std::to_string(AF.VirtualRowBytes) +
                       " bytes apart in the sets";
      } else if (Flat && HasFloors) {
        AF.ByteRange = "see elements (floor terms)";
      } else if (Flat) {
        // For people to read, like the element set: a small budget.
        IslQuota Quota(Ctx, islSmallQuota());
        std::vector<isl::set> Bytes;
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
  findNeverTaken();
  findEntryTests();

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
    isl::set Bound =
        parseSet(Ctx, "{ [" + join(Dims, ", ") + ", t] : " + join(Cs, " and ") +
                          " and t = " + It->second.text() + " }");
    if (auto Max = maxOfDim(Bound, Depth); Max && *Max > 0)
      NL.MaxTripCount = uint64_t(*Max);
  }
}
