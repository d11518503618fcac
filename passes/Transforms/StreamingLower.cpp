//===- StreamingLower.cpp - Streaming accesses become ld.cs / st.cs -------===//
//
// USAGE:
//   opt -load-pass-plugin build/lib/PremPlugin.so
//       -passes=prem-comply,prem-streaming-lower kernel.ll -S
//   (clang -mllvm -prem-best-effort: at the end of the optimizer)
//
// prem-comply marks a best-effort kernel's global loads and stores
// !nontemporal, so that they leave the real-time kernels' lines in the L2.
// The NVPTX back end of LLVM 22 ignores the mark, so here, after the
// optimizer has done with the accesses (it keeps the mark through unrolling,
// LICM and GVN, and a mark it drops only costs the L2 its protection), each
// marked access becomes the inline PTX of clang's __ldcs / __stcs: ld.cs and
// st.cs, evict first in L1 and L2 (Support/PTXAccess.h). float4-sized
// vectors stay one access (.v4.b32). The NVPTX back end joins adjacent
// loads and stores into vector ones (LoadStoreVectorizer, in its own
// pipeline), which it cannot do across inline assembly: so LLVM's
// LoadStoreVectorizer runs here first, on the functions with marks (it
// keeps a mark that all the accesses it joins have), and a float4 that
// SROA split into four floats is one .v4 access again. A marked small memcpy or memmove (a
// float4 or struct assignment, which the back end would expand to plain
// accesses) becomes its loads, then its stores, in the widest words both
// alignments allow. An access with no register form, or less aligned than
// its size, keeps the normal policy, with a remark.
//
// ld.cs through a generic address that turns out local is ld.lu, which may
// drop the line: a generic load is tested with isspacep.global first,
// unless its pointer comes from a kernel's pointer argument, which CUDA and
// OpenMP pass as global memory (NVPTXLowerArgs assumes the same); not a
// by-value argument, whose bytes are in the parameter space. Accesses into
// a thread's stack, a by-value argument or another space's variable
// through a generic pointer (an expanded copy's other side) keep their
// plain form.
// AMDGPU's back end makes the mark non-temporal itself: nothing to do there.
//
//===----------------------------------------------------------------------===//

#include "prem/Transforms/StreamingLower.h"
#include "prem/Support/LoadSite.h"
#include "prem/Support/PTXAccess.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/Transforms/Vectorize/LoadStoreVectorizer.h"
#include "llvm/IR/Module.h"
#include "llvm/TargetParser/Triple.h"

#define DEBUG_TYPE "prem-streaming-lower"

using namespace llvm;
using namespace prem;

STATISTIC(NumLoweredLoads, "Streaming loads rewritten to ld.cs");
STATISTIC(NumLoweredStores, "Streaming stores rewritten to st.cs");
STATISTIC(NumKept, "Streaming accesses with no ld.cs / st.cs form");
STATISTIC(NumCopies, "Streaming memcpy / memmove expanded");

/// Whether I is a load or store of a best-effort kernel's traffic
/// (LoadSite.h): not into a thread's stack, a by-value argument or another
/// space's variable through a generic pointer (an expanded copy's other
/// side).
static bool mayBeGlobal(const Instruction &I) {
  return movesGlobalMemory(getLoadStorePointerOperand(&I), /*GPU=*/true);
}

/// I's pointer as a global one (addrspace(1)) when it comes from a kernel's
/// pointer argument; nullptr when it may be another space's.
static Value *provablyGlobal(Instruction &I) {
  Value *Ptr = getLoadStorePointerOperand(&I);
  if (Ptr->getType()->getPointerAddressSpace() == 1)
    return Ptr;
  auto *Arg = dyn_cast<Argument>(getUnderlyingObject(Ptr));
  if (!Arg || !Arg->getType()->isPointerTy() || Arg->hasByValAttr() ||
      Arg->getParent()->getCallingConv() != CallingConv::PTX_Kernel)
    return nullptr;
  IRBuilder<> B(&I);
  return B.CreateAddrSpaceCast(Ptr, PointerType::get(I.getContext(), 1));
}

/// A marked memcpy / memmove of constant length becomes its loads, then its
/// stores (so that an overlapping memmove reads everything first), in the
/// widest words that both alignments and the length allow; the new
/// accesses of global memory are appended to Accesses (the other side, a
/// thread's stack or shared memory, stays plain). False when Copy does not
/// qualify.
static bool expandCopy(MemTransferInst &Copy,
                       SmallVectorImpl<Instruction *> &Accesses) {
  auto *Len = dyn_cast<ConstantInt>(Copy.getLength());
  if (!Len || Copy.isVolatile() || !Len->getZExtValue() ||
      Len->getZExtValue() > MaxStreamingCopyBytes)
    return false;
  uint64_t Bytes = Len->getZExtValue();
  uint64_t Word = std::min<uint64_t>(
      {16, Copy.getSourceAlign().valueOrOne().value(),
       Copy.getDestAlign().valueOrOne().value(), Bytes & -Bytes});
  LLVMContext &C = Copy.getContext();
  Type *WordTy = Word == 16 ? static_cast<Type *>(FixedVectorType::get(
                                  Type::getInt32Ty(C), 4))
                            : Type::getIntNTy(C, 8 * Word);
  IRBuilder<> B(&Copy);
  SmallVector<Value *, 8> Words;
  for (uint64_t At = 0; At < Bytes; At += Word) {
    Value *Src = B.CreateConstInBoundsGEP1_64(B.getInt8Ty(),
                                              Copy.getRawSource(), At);
    LoadInst *Load = B.CreateAlignedLoad(WordTy, Src, Align(Word));
    if (mayBeGlobal(*Load))
      Accesses.push_back(Load);
    Words.push_back(Load);
  }
  for (uint64_t At = 0, I = 0; At < Bytes; At += Word, ++I) {
    Value *Dst = B.CreateConstInBoundsGEP1_64(B.getInt8Ty(),
                                              Copy.getRawDest(), At);
    StoreInst *Store = B.CreateAlignedStore(Words[I], Dst, Align(Word));
    if (mayBeGlobal(*Store))
      Accesses.push_back(Store);
  }
  Copy.eraseFromParent();
  ++NumCopies;
  return true;
}

PreservedAnalyses StreamingLowerPass::run(Module &M,
                                          ModuleAnalysisManager &MAM) {
  if (!Triple(M.getTargetTriple()).isNVPTX())
    return PreservedAnalyses::all();
  auto &FAM = MAM.getResult<FunctionAnalysisManagerModuleProxy>(M).getManager();
  bool Changed = false;
  for (Function &F : M) {
    if (F.isDeclaration() || none_of(instructions(F), [](Instruction &I) {
          return I.getMetadata(LLVMContext::MD_nontemporal);
        }))
      continue;
    PreservedAnalyses Vectorized = LoadStoreVectorizerPass().run(F, FAM);
    FAM.invalidate(F, Vectorized);
    SmallVector<Instruction *, 16> Marked;
    SmallVector<MemTransferInst *, 4> Copies;
    for (Instruction &I : instructions(F)) {
      if (!I.getMetadata(LLVMContext::MD_nontemporal))
        continue;
      if ((isa<LoadInst>(I) || isa<StoreInst>(I)) && mayBeGlobal(I))
        Marked.push_back(&I);
      else if (auto *Copy = dyn_cast<MemTransferInst>(&I))
        Copies.push_back(Copy);
    }
    if (Marked.empty() && Copies.empty())
      continue;
    for (MemTransferInst *Copy : Copies)
      if (!expandCopy(*Copy, Marked))
        Copy->setMetadata(LLVMContext::MD_nontemporal, nullptr);
    auto &ORE = FAM.getResult<OptimizationRemarkEmitterAnalysis>(F);
    for (Instruction *I : Marked) {
      if (Value *Global = provablyGlobal(*I))
        I->setOperand(isa<LoadInst>(I) ? 0 : 1, Global);
      bool IsLoad = isa<LoadInst>(I);
      bool Lowered =
          IsLoad ? lowerToPTXLoad(*cast<LoadInst>(I), "cs", PTXLanes::Vectors,
                                  /*GenericFallback=*/true)
                 : lowerToPTXStore(*cast<StoreInst>(I), "cs",
                                   PTXLanes::Vectors);
      if (Lowered) {
        ++(IsLoad ? NumLoweredLoads : NumLoweredStores);
        continue;
      }
      I->setMetadata(LLVMContext::MD_nontemporal, nullptr);
      ORE.emit([&] {
        return OptimizationRemarkMissed(DEBUG_TYPE, "StreamingNotDone", I)
               << "no " << (IsLoad ? "ld.cs" : "st.cs") << " form for a "
               << (IsLoad ? "load" : "store") << " of "
               << ore::NV("Type", getLoadStoreType(I))
               << " at this alignment: it keeps the normal cache policy";
      });
      ++NumKept;
    }
    FAM.invalidate(F, PreservedAnalyses::none());
    Changed = true;
  }
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}
