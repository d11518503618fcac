//===- PremComply.cpp - Make kernels best-effort memory agents ------------===//
//
// USAGE:
//   opt -load-pass-plugin build/lib/PremPlugin.so
//       -passes=prem-comply,prem-link-runtime kernel.ll -S
//   prem-cc -fprem-best-effort ... (clang: -mllvm -prem-best-effort)
//
// Design §3b: a co-runner that is not an agent cannot be held back by any
// protocol inside the real-time kernel, so best-effort kernels are compiled
// to comply. Seed 002 (Sec. 5.3) inserted the calls that count a
// best-effort task's memory traffic by hand; here they are inserted
// automatically, and the kernel is otherwise left as written (no tiles, no
// phases).
//
// Each thread keeps a count of the bytes its loops moved: every back-edge of
// a loop adds the bytes of the global loads and stores in that loop's own
// blocks (a static count: a cache hit counts as traffic), and a poll's worth
// for each call that may move memory (its traffic is not known here). When the count
// reaches -prem-poll-bytes the thread calls __prem_be_poll(count), which
// accounts the bytes against the regulation period's budget and waits while
// a real-time block is in a memory phase or the budget is spent
// (runtime/device/policy_rtgate.c). So a best-effort thread moves at most
// about -prem-poll-bytes while a real-time memory phase runs: one poll
// interval. The kernel also polls once at entry, for what it moves outside
// loops; a kernel without a loop that moves memory is bounded by its own
// length, which a remark says.
//
// Holding best effort back during a real-time launch is not enough on a GPU
// with a shared L2: best effort, running between two real-time launches,
// evicts the real-time kernel's lines from the L2, and the next launch
// reads them from DRAM again (measured on the H100:
// bench/results/nvidia-h100-80gb-hbm3/interference-sources.md, gemv 1.65x
// at the median beside a hammer held back during each launch, 1.20x with
// the hammer's accesses streaming). So a best-effort kernel's global loads
// and stores are marked !nontemporal (-prem-be-streaming, on by default):
// AMDGPU's back end makes them non-temporal (evict first); on NVPTX
// prem-streaming-lower makes them ld.cs / st.cs (evict first in L1 and L2)
// at the end of the pipeline, where the optimizer has done with them.
//
//===----------------------------------------------------------------------===//

#include "prem/Transforms/PremComply.h"
#include "prem/Analysis/KernelInfo.h"
#include "prem/Support/LoadSite.h"
#include "prem/Transforms/StreamingLower.h"

#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Debug.h"
#include "llvm/TargetParser/Triple.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"
#include "llvm/Transforms/Utils/PromoteMemToReg.h"

#define DEBUG_TYPE "prem-comply"

using namespace llvm;
using namespace prem;

STATISTIC(NumBestEffortKernels, "Kernels made best-effort agents");
STATISTIC(NumPollSites, "Loops that poll the arbiter");
STATISTIC(NumKernelsWithoutLoops,
          "Best-effort kernels without a loop that moves memory");

static cl::opt<bool>
    BestEffort("prem-best-effort",
               cl::desc("Make the device module's kernels best-effort agents "
                        "of the rtgate arbiter (prem-comply) instead of "
                        "PREM-transforming them"),
               cl::init(false));

static cl::opt<unsigned> PollBytes(
    "prem-poll-bytes",
    cl::desc("Bytes a best-effort thread moves between two polls of the "
             "arbiter (prem-comply)"),
    cl::init(256));

static cl::opt<bool> StreamingAccesses(
    "prem-be-streaming",
    cl::desc("Mark a best-effort kernel's global loads and stores streaming "
             "(evict first), so that they leave the real-time kernels' "
             "lines in the L2 (prem-comply, GPU targets)"),
    cl::init(true));

STATISTIC(NumStreamingAccesses,
          "Best-effort global loads and stores marked streaming");

bool prem::bestEffortRequested() { return BestEffort; }

/// Whether an access may reach DRAM (LoadSite.h).
static bool mayTouchGlobalMemory(const Value *Ptr, const Triple &T) {
  return movesGlobalMemory(Ptr, T.isNVPTX() || T.isAMDGPU());
}

/// Whether a call may move global memory: calls with memory effects other
/// than the thread's own (inaccessible) state, except the poll itself and
/// the intrinsics that only read registers or synchronise.
static bool callMayMoveMemory(const CallBase &Call) {
  if (isa<DbgInfoIntrinsic>(Call) || !Call.mayReadOrWriteMemory() ||
      Call.onlyAccessesInaccessibleMemory())
    return false;
  if (const Function *Callee = Call.getCalledFunction()) {
    StringRef Name = Callee->getName();
    if (Name == "__prem_be_poll" || Name.starts_with("llvm.nvvm.barrier") ||
        Name.starts_with("llvm.nvvm.bar.") ||
        Name.starts_with("llvm.nvvm.read.ptx.sreg") ||
        Name.starts_with("llvm.amdgcn.s.barrier") ||
        Name.starts_with("llvm.lifetime") ||
        Name.starts_with("llvm.assume") || Name.starts_with("__kmpc_"))
      return false;
  }
  return true;
}

/// Bytes the accesses of BB move per execution.
static uint64_t bytesMoved(const BasicBlock &BB, const Triple &T) {
  const DataLayout &DL = BB.getDataLayout();
  uint64_t Bytes = 0;
  for (const Instruction &I : BB) {
    const Value *Ptr = getLoadStorePointerOperand(&I);
    Type *Ty = nullptr;
    if (auto *L = dyn_cast<LoadInst>(&I))
      Ty = L->getType();
    else if (auto *S = dyn_cast<StoreInst>(&I))
      Ty = S->getValueOperand()->getType();
    else if (auto *RMW = dyn_cast<AtomicRMWInst>(&I)) {
      Ptr = RMW->getPointerOperand();
      Ty = RMW->getValOperand()->getType();
    } else if (auto *CX = dyn_cast<AtomicCmpXchgInst>(&I)) {
      Ptr = CX->getPointerOperand();
      Ty = CX->getNewValOperand()->getType();
    } else if (auto *MT = dyn_cast<MemTransferInst>(&I)) {
      // A copy reads and writes its length; an unknown one counts a poll's
      // worth, so that it polls at every iteration at least.
      auto *Len = dyn_cast<ConstantInt>(MT->getLength());
      Bytes += Len ? 2 * Len->getZExtValue() : PollBytes;
      continue;
    } else if (auto *MS = dyn_cast<MemSetInst>(&I)) {
      auto *Len = dyn_cast<ConstantInt>(MS->getLength());
      Bytes += Len ? Len->getZExtValue() : PollBytes;
      continue;
    } else if (auto *Call = dyn_cast<CallBase>(&I)) {
      // What a call moves is not known here (a callee's loop polls with its
      // own count, which starts again at every call; asynchronous and bulk
      // copies, inline assembly): a poll's worth, so that a loop around it
      // polls at every iteration.
      if (callMayMoveMemory(*Call))
        Bytes += PollBytes;
      continue;
    }
    if (Ptr && Ty && mayTouchGlobalMemory(Ptr, T))
      Bytes += DL.getTypeStoreSize(Ty).getFixedValue();
  }
  return Bytes;
}

/// Bytes one iteration of L moves in its own blocks (subloops poll for
/// themselves).
static uint64_t bytesPerIteration(const Loop &L, const LoopInfo &LI,
                                  const Triple &T) {
  uint64_t Bytes = 0;
  for (const BasicBlock *BB : L.blocks())
    if (LI.getLoopFor(BB) == &L)
      Bytes += bytesMoved(*BB, T);
  return Bytes;
}

namespace {
/// Rewrites one function: a per-thread byte count, bumped at the
/// back-edges, and the polls.
class PollInserter {
  Function &F;
  FunctionCallee Poll;
  AllocaInst *Count = nullptr;
  Type *I64;

public:
  explicit PollInserter(Function &F)
      : F(F), I64(Type::getInt64Ty(F.getContext())) {
    Module &M = *F.getParent();
    Poll = M.getOrInsertFunction("__prem_be_poll", Type::getVoidTy(M.getContext()),
                                 I64);
    IRBuilder<> B(&*F.getEntryBlock().getFirstInsertionPt());
    Count = B.CreateAlloca(I64, nullptr, "prem.be.bytes");
    B.CreateStore(ConstantInt::get(I64, 0), Count);
  }

  /// Before Before: count += Bytes; when it reaches the poll size, poll
  /// with it and start again.
  void addBytes(Instruction *Before, uint64_t Bytes, uint64_t Threshold) {
    IRBuilder<> B(Before);
    Value *Old = B.CreateLoad(I64, Count, "prem.be.count");
    Value *New = B.CreateAdd(Old, ConstantInt::get(I64, Bytes), "prem.be.sum");
    B.CreateStore(New, Count);
    Value *Due =
        B.CreateICmpUGE(New, ConstantInt::get(I64, Threshold), "prem.be.due");
    Instruction *Then = SplitBlockAndInsertIfThen(Due, Before, false);
    Then->getParent()->setName("prem.be.poll");
    Before->getParent()->setName("prem.be.latch");
    IRBuilder<> P(Then);
    P.CreateCall(Poll, {New});
    P.CreateStore(ConstantInt::get(I64, 0), Count);
  }

  /// At entry: poll at once with what the kernel moves outside its loops.
  void pollAtEntry(uint64_t Bytes) {
    IRBuilder<> B(Count->getNextNode()->getNextNode());
    B.CreateCall(Poll, {ConstantInt::get(I64, Bytes)});
  }

  void finish() {
    DominatorTree DT(F);
    PromoteMemToReg({Count}, DT);
  }
};
} // namespace

/// Makes F poll; returns the loops that do. Bytes outside loops are added to
/// OutsideBytes.
static unsigned complyFunction(Function &F, LoopInfo &LI, const Triple &T,
                               OptimizationRemarkEmitter &ORE,
                               uint64_t &OutsideBytes, PollInserter &Inserter) {
  for (const BasicBlock &BB : F)
    if (!LI.getLoopFor(&BB))
      OutsideBytes += bytesMoved(BB, T);
  // Decide over the loops as they are, then rewrite.
  SmallVector<std::pair<Loop *, uint64_t>, 8> Sites;
  for (Loop *L : LI.getLoopsInPreorder()) {
    uint64_t Bytes = bytesPerIteration(*L, LI, T);
    if (Bytes)
      Sites.push_back({L, Bytes});
  }
  // Every back-edge is found before any is split: a block that is the latch
  // of two loops would otherwise lose its inner loop's back-edge to the
  // outer loop's split (LoopInfo does not follow the splits).
  SmallVector<std::pair<Instruction *, uint64_t>, 8> BackEdges;
  for (const auto &Site : Sites) {
    Loop *L = Site.first;
    uint64_t Bytes = Site.second;
    SmallVector<BasicBlock *, 2> Latches;
    L->getLoopLatches(Latches);
    for (BasicBlock *Latch : Latches)
      BackEdges.push_back({Latch->getTerminator(), Bytes});
    uint64_t Every = (PollBytes + Bytes - 1) / Bytes;
    LLVM_DEBUG(dbgs() << "prem-comply: " << F.getName() << ": loop at "
                      << L->getHeader()->getName() << " moves " << Bytes
                      << " B per iteration, polls every " << Every << "\n");
    ORE.emit([&] {
      return OptimizationRemark(DEBUG_TYPE, "BestEffortPoll", L->getStartLoc(),
                                L->getHeader())
             << "best-effort loop: moves " << ore::NV("Bytes", Bytes)
             << " bytes per iteration and polls the arbiter every "
             << ore::NV("Iterations", Every) << " iterations";
    });
    ++NumPollSites;
  }
  for (auto [BackEdge, Bytes] : BackEdges)
    Inserter.addBytes(BackEdge, Bytes, PollBytes);
  return Sites.size();
}

/// A function other translation units may define too (an inline or template
/// device function: linkonce_odr, weak_odr) would be merged with their
/// copies when device code is linked (-fgpu-rdc, host offload), and a
/// real-time kernel could end up calling this polling copy: it becomes the
/// module's own. Kernels keep their linkage (they are entry points).
static void keepPollingCopyLocal(Function &F, const KernelInfo &KI) {
  bool Shared = GlobalValue::isInterposableLinkage(F.getLinkage()) ||
                F.hasLinkOnceODRLinkage() || F.hasWeakODRLinkage();
  if (KI.lookup(F) || !Shared)
    return;
  F.setLinkage(GlobalValue::InternalLinkage);
  F.setComdat(nullptr);
}

/// Marks F's plain global loads and stores, and its small copies of known
/// length, !nontemporal; returns how many.
/// Volatile and atomic accesses keep their caching: their order and
/// visibility are what they are for.
static unsigned markStreaming(Function &F, const Triple &T) {
  if (!StreamingAccesses || (!T.isNVPTX() && !T.isAMDGPU()))
    return 0;
  LLVMContext &C = F.getContext();
  MDNode *NonTemporal = MDNode::get(
      C, ConstantAsMetadata::get(ConstantInt::get(Type::getInt32Ty(C), 1)));
  unsigned Marked = 0;
  for (BasicBlock &BB : F)
    for (Instruction &I : BB) {
      bool Plain = false;
      if (auto *L = dyn_cast<LoadInst>(&I))
        Plain = L->isSimple() && mayTouchGlobalMemory(L->getPointerOperand(), T);
      else if (auto *S = dyn_cast<StoreInst>(&I))
        Plain = S->isSimple() && mayTouchGlobalMemory(S->getPointerOperand(), T);
      else if (auto *MT = dyn_cast<MemTransferInst>(&I))
        // A small copy of known length (a float4 or struct assignment) is
        // a few loads and stores the back end would make plain ones.
        Plain = !MT->isVolatile() && isa<ConstantInt>(MT->getLength()) &&
                cast<ConstantInt>(MT->getLength())->getZExtValue() <=
                    MaxStreamingCopyBytes &&
                (mayTouchGlobalMemory(MT->getRawDest(), T) ||
                 mayTouchGlobalMemory(MT->getRawSource(), T));
      if (!Plain)
        continue;
      I.setMetadata(LLVMContext::MD_nontemporal, NonTemporal);
      ++Marked;
    }
  return Marked;
}

PreservedAnalyses PremComplyPass::run(Module &M, ModuleAnalysisManager &MAM) {
  const KernelInfo &KI = MAM.getResult<KernelAnalysis>(M);
  if (!KI.IsDeviceModule || KI.Kernels.empty())
    return PreservedAnalyses::all();
  Triple T(M.getTargetTriple());
  auto &FAM =
      MAM.getResult<FunctionAnalysisManagerModuleProxy>(M).getManager();
  SetVector<Function *> Done;
  for (const KernelRecord &K : KI.Kernels) {
    unsigned Loops = 0, Streaming = 0;
    uint64_t OutsideBytes = 0;
    for (Function *F : K.Regions) {
      if (F->isDeclaration() || !Done.insert(F))
        continue;
      LoopInfo &LI = FAM.getResult<LoopAnalysis>(*F);
      auto &ORE = FAM.getResult<OptimizationRemarkEmitterAnalysis>(*F);
      PollInserter Inserter(*F);
      Loops += complyFunction(*F, LI, T, ORE, OutsideBytes, Inserter);
      if (F == K.Entry)
        Inserter.pollAtEntry(OutsideBytes);
      Inserter.finish();
      Streaming += markStreaming(*F, T);
      keepPollingCopyLocal(*F, KI);
      FAM.invalidate(*F, PreservedAnalyses::none());
    }
    ++NumBestEffortKernels;
    NumStreamingAccesses += Streaming;
    auto &ORE = FAM.getResult<OptimizationRemarkEmitterAnalysis>(*K.Entry);
    if (Streaming)
      ORE.emit([&] {
        return OptimizationRemark(DEBUG_TYPE, "BestEffortStreaming", K.Entry)
               << "best-effort kernel " << ore::NV("Kernel", K.Entry->getName())
               << ": " << ore::NV("Accesses", Streaming)
               << " global loads, stores and small copies marked streaming "
                  "(evict first), so that they leave the real-time kernels' "
                  "lines in the L2";
      });
    if (!Loops) {
      ++NumKernelsWithoutLoops;
      ORE.emit([&] {
        return OptimizationRemark(DEBUG_TYPE, "BestEffortNoLoop", K.Entry)
               << "best-effort kernel " << ore::NV("Kernel", K.Entry->getName())
               << " has no loop that moves memory: it polls the arbiter once "
                  "at entry and is bounded by its own length";
      });
    }
  }
  return PreservedAnalyses::none();
}
