//===- TileLegality.cpp - What prem-tile may tile -------------------------===//
//
// The checks that decide whether a nest (or a loop inside it, Algorithm 2,
// lines 8-12, of seed 001) can be tiled, and at what agent: a host thread, a
// CUDA thread block, an OpenMP team's chunk. Each returns the reason it
// cannot, empty when it can; none changes the IR.
//
//===----------------------------------------------------------------------===//

#include "NestTiler.h"
#include "prem/Support/IslSet.h"
#include "prem/Transforms/PremTile.h"

#include "llvm/ADT/SetVector.h"
#include "llvm/Analysis/CFG.h"
#include "llvm/Analysis/PostDominators.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/IntrinsicsNVPTX.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/PatternMatch.h"
#include "llvm/TargetParser/Triple.h"

#define DEBUG_TYPE "prem-tile"

using namespace llvm;
using namespace prem;
using namespace prem::tile;
using namespace llvm::PatternMatch;

/// The state a loop carries across iterations must be re-entered tile by
/// tile; a value computed from loaded data deciding control flow would make
/// the Load phase (run before the tile) unable to know what the tile reads.
static bool controlDependsOnLoads(
    ArrayRef<BasicBlock *> Blocks,
    function_ref<bool(const BasicBlock *)> Branches = [](const BasicBlock *) {
      return true;
    }) {
  SmallPtrSet<const BasicBlock *, 16> In(Blocks.begin(), Blocks.end());
  SmallVector<const Value *, 16> Work;
  for (BasicBlock *BB : Blocks) {
    if (!Branches(BB))
      continue;
    const Instruction *T = BB->getTerminator();
    if (auto *Br = dyn_cast<BranchInst>(T)) {
      if (Br->isConditional())
        Work.push_back(Br->getCondition());
    } else if (auto *Sw = dyn_cast<SwitchInst>(T)) {
      Work.push_back(Sw->getCondition());
    } else if (!isa<ReturnInst, UnreachableInst>(T)) {
      return true; // indirectbr, callbr, invoke: not a plain loop body
    }
  }
  SmallPtrSet<const Value *, 32> Seen;
  while (!Work.empty()) {
    auto *I = dyn_cast<Instruction>(Work.pop_back_val());
    if (!I || !In.count(I->getParent()) || !Seen.insert(I).second)
      continue;
    if (I->mayReadFromMemory())
      return true;
    append_range(Work, I->operands());
  }
  return false;
}
Refusal NestTiler::legality() {
  const SIMTInfo &SIMT = Nest.Kernel->SIMT;
  if (BlockTile && SIMT.K == SIMTInfo::Kind::ThreadIndex) {
    ThreadBlock = true;
    if (!Nest.isExact())
      return notExact();
    Refusal Why = threadBlockLegality();
    return Why ? Why : accessLegality(RegionStart);
  }
  if (SIMT.K != SIMTInfo::Kind::WorksharingLoop)
    return {Refusal::NoWorksharingLoop,
            SIMT.Reason.empty()
                ? std::string("the kernel has no worksharing loop to tile")
                : "the kernel has no worksharing loop to tile: " + SIMT.Reason};
  if (!Nest.isExact())
    return notExact();
  L = LI.getLoopFor(SIMT.LoopHeader);
  if (!L || L->getHeader() != SIMT.LoopHeader)
    return {Refusal::LoopShape, "the worksharing loop is not a natural loop"};
  IV = SIMT.InductionPhi;
  if (Refusal Why = BlockTile ? blockTileLegality() : stripMineLegality())
    return Why;
  return accessLegality(BlockTile ? SIMT.WorksharingCall
                                  : L->getLoopPredecessor()->getTerminator());
}
/// The blocks of L, or of F when there is no loop (a thread block's kernel).
static SmallVector<BasicBlock *, 16> blocksOf(Loop *L, Function &F) {
  SmallVector<BasicBlock *, 16> Blocks;
  if (L)
    append_range(Blocks, L->blocks());
  else
    for (BasicBlock &BB : F)
      Blocks.push_back(&BB);
  return Blocks;
}
/// The loop at depth Depth (1 or 2), tiled within one iteration of each
/// loop around it: strip-mining keeps the order of iterations, so this
/// needs no dependence test either.
Refusal NestTiler::innerLegality(unsigned Depth) {
  // A block's inner tiles hold every thread's iterations: their intervals
  // are sized for the block's threads.
  if (ThreadBlock && !Nest.Kernel->SIMT.BlockSize)
    return {Refusal::KernelShape,
            "tiles of a thread block's inner loop need its block size "
            "(__launch_bounds__ or -prem-block-size)"};
  if (Depth == 1) {
    SIMTLoop = L;
    SIMTIV = IV;
  }
  if (BlockTile && !ThreadBlock)
    if (Refusal Why = teamTileLegality())
      return Why;
  // In a thread block (ThreadBlock) each thread runs the kernel once: the
  // depth-1 loop is one of the function's outermost loops.
  Loop *Parent = Depth == 1 ? SIMTLoop : Depth1Loop;
  const NestLoop *Inner = nullptr;
  for (const NestLoop &NL : Nest.Loops)
    if (NL.Depth == Depth) {
      if (Inner)
        return {Refusal::NoInnerLoop,
                formatv("more than one loop at depth {0}", Depth).str()};
      Inner = &NL;
    }
  if (!Inner)
    return {Refusal::NoInnerLoop, "no inner loop to tile"};
  Loop *LD = LI.getLoopFor(Inner->Header);
  if ((!Parent && !ThreadBlock) || !LD || LD->getHeader() != Inner->Header ||
      LD->getParentLoop() != Parent)
    return {Refusal::LoopShape,
            formatv("the depth-{0} loop is not a natural loop inside the {1}",
                    Depth,
                    Depth == 1 ? ThreadBlock ? "kernel" : "worksharing loop"
                               : "depth-1 loop")
                .str()};
  // The depth-1 iteration of a depth-2 tile is counted by an induction
  // variable of that loop (made when transforming if it has none).
  if (Depth == 2 && (!Parent->getLoopPreheader() || !Parent->getLoopLatch()))
    return {Refusal::LoopShape,
            "the depth-1 loop has no preheader or more than one latch"};
  TileDepth = Depth;
  if (Refusal Why = outsideLegality(LD))
    return Why;
  if (Depth == 1)
    Depth1Loop = LD;
  L = LD;
  IV = nullptr;
  Refusal Why = stripMineLegality();
  if (!Why && BlockTile)
    Why = blockUniformLegality();
  if (Why)
    return {Why.Kind, formatv("depth-{0} loop: ", Depth).str() + Why.Text};
  return accessLegality(L->getLoopPredecessor()->getTerminator());
}
/// A value every thread of a block has: built from the kernel's arguments
/// and the registers of the block and the grid, never the thread index.
static bool blockUniform(const SCEV *S) {
  return !SCEVExprContains(S, [](const SCEV *E) {
    auto *U = dyn_cast<SCEVUnknown>(E);
    if (!U || isa<Argument, Constant>(U->getValue()))
      return false;
    auto *Read = dyn_cast<IntrinsicInst>(U->getValue());
    switch (Read ? Read->getIntrinsicID() : Intrinsic::not_intrinsic) {
    case Intrinsic::nvvm_read_ptx_sreg_ctaid_x:
    case Intrinsic::nvvm_read_ptx_sreg_ctaid_y:
    case Intrinsic::nvvm_read_ptx_sreg_ctaid_z:
    case Intrinsic::nvvm_read_ptx_sreg_ntid_x:
    case Intrinsic::nvvm_read_ptx_sreg_ntid_y:
    case Intrinsic::nvvm_read_ptx_sreg_ntid_z:
    case Intrinsic::nvvm_read_ptx_sreg_nctaid_x:
    case Intrinsic::nvvm_read_ptx_sreg_nctaid_y:
    case Intrinsic::nvvm_read_ptx_sreg_nctaid_z:
      return false;
    default:
      return true;
    }
  });
}
/// An inner tile of a thread block is block-wide: its phases have block
/// barriers, so every thread must run the same tiles. On the scratchpad
/// path every thread passes the bounds guard; the tiled loop must run once
/// per iteration of the loops around it (once per thread at depth 1), and
/// its trip count and theirs be the same in every thread.
Refusal NestTiler::blockUniformLegality() {
  if (!ThreadBlock) {
    // A team's threads each run one iteration of the SIMT loop (its trip
    // counts of inner loops may depend on that iteration). A loop its own
    // guard may skip (for (j = 0; j < ny; j++) with ny a runtime value)
    // runs exactly where its trip count is positive: with the trip count
    // the same in every thread (below), every thread runs it or none does.
    auto SameInEveryThread = [&](const SCEV *S) {
      return SE.isLoopInvariant(S, SIMTLoop) && blockUniform(S);
    };
    for (Loop *In = L; In != SIMTLoop; In = In->getParentLoop()) {
      BasicBlock *Latch = In->getParentLoop()->getLoopLatch();
      BasicBlock *Entered = In->getHeader();
      // (Its operands too the same in every thread: a uniform trip count
      // e - b says nothing of b < e where b or e wraps by definition.)
      if (BranchInst *Guard = firstTripGuard(*In, SE)) {
        auto *Test = cast<ICmpInst>(Guard->getCondition());
        if (SameInEveryThread(SE.getSCEV(Test->getOperand(0))) &&
            SameInEveryThread(SE.getSCEV(Test->getOperand(1))))
          Entered = Guard->getParent();
      }
      if (!Latch || !DT.dominates(Entered, Latch))
        return {Refusal::NotUniform,
                "in a team's chunk the tiled loop must run in every "
                "iteration of the loop around it"};
      if (!SameInEveryThread(SE.getBackedgeTakenCount(In)))
        return {Refusal::NotUniform,
                "in a team's chunk the tiled loop's trip count (or that of a "
                "loop around it) may differ between threads"};
    }
    return {};
  }
  const PostDominatorTree &PDT = FAM.getResult<PostDominatorTreeAnalysis>(F);
  if (!runsUnconditionally(L->getHeader(), &PDT))
    return {Refusal::NotUniform,
            "in a thread block the tiled loop must run on every path "
            "through the kernel"};
  for (Loop *In = L; In; In = In->getParentLoop())
    if (!blockUniform(SE.getBackedgeTakenCount(In)))
      return {Refusal::NotUniform,
              "in a thread block the tiled loop's trip count (or that of a "
              "loop around it) may differ between threads"};
  return {};
}

/// Accesses outside the tiled loop (a row sum's store after it, a value
/// loaded before it) are in none of its tiles: each stretch of them, before
/// and after the loop within one iteration of the loop around it (or in the
/// thread block's kernel), runs on global memory in a compatible interval
/// of its own (Sec. 3.2.3). So that each stretch is entered and left once,
/// the tiled loop (and each loop around it that has such stretches) must
/// run in every iteration of the loop around it, and every access outside
/// be before it or after it on every path.
Refusal NestTiler::outsideLegality(Loop *Tiled) {
  Outside.clear();
  const PostDominatorTree &PDT = FAM.getResult<PostDominatorTreeAnalysis>(F);
  unsigned Depth = TileDepth;
  for (Loop *Inner = Tiled; Inner != SIMTLoop;
       Inner = Inner->getParentLoop(), --Depth) {
    Loop *Outer = Inner->getParentLoop();
    OutsideStretch Stretch{Inner, Outer, Depth};
    BasicBlock *Pre = Inner->getLoopPredecessor();
    // A loop its guard may skip: the stretch before it ends at the guard.
    // (Whatever the guard tests where one thread runs the stretch; where a
    // block or a team does, it must be the loop's own test of its first
    // iteration, which is alike in all their threads where the trip count
    // is.)
    Stretch.Guard = ThreadBlock || BlockTile ? firstTripGuard(*Inner, SE)
                                             : loopGuard(*Inner);
    if (Stretch.Guard)
      Pre = Stretch.Guard->getParent();
    BasicBlock *Exit = Inner->getUniqueExitBlock();
    BasicBlock *Exiting = Inner->getExitingBlock();
    for (BasicBlock *BB : blocksOf(Outer, F)) {
      if (Inner->contains(BB))
        continue;
      unsigned Accesses = count_if(*BB, [](Instruction &I) {
        return I.mayReadOrWriteMemory() && !touchesNoProgramData(I);
      });
      if (!Accesses)
        continue;
      bool InBody = Outer || DT.dominates(BodyStart, BB);
      if (InBody && Exit && Exiting && DT.dominates(Exit, BB))
        Stretch.After += Accesses;
      else if (InBody && Pre && PDT.dominates(Pre, BB))
        Stretch.Before += Accesses;
      else
        return {Refusal::OutsideAccess,
                formatv("an access outside the depth-{0} loop runs neither "
                        "before nor after it on every path",
                        Depth)
                    .str()};
    }
    if (!Stretch.Before && !Stretch.After)
      continue;
    // (The header, not the predecessor: a guard's branch may enter the loop
    // with no preheader between.)
    BasicBlock *Start = Outer ? Outer->getHeader() : BodyStart;
    if (!Pre ||
        !PDT.dominates(Stretch.Guard ? Pre : Inner->getHeader(), Start) ||
        (Outer && (!Outer->getLoopLatch() ||
                   !DT.dominates(Exit, Outer->getLoopLatch()))))
      return {Refusal::OutsideAccess,
              formatv("accesses outside the depth-{0} loop need it to run in "
                      "every iteration of the {1}",
                      Depth, Outer ? "loop around it" : "kernel")
                  .str()};
    Outside.push_back(Stretch);
  }
  return {};
}

Refusal NestTiler::stripMineLegality() {
  // A missing preheader is made when transforming (not here: a loop left
  // alone must stay byte for byte as it was).
  if (!L->getLoopPredecessor() || !L->getLoopLatch() ||
      L->getExitingBlock() != L->getLoopLatch() || !L->getUniqueExitBlock())
    return {Refusal::LoopShape,
            "the worksharing loop has more than one exit or more than one "
            "entry"};
  if (!TileDepth) {
    auto *AR = dyn_cast<SCEVAddRecExpr>(SE.getSCEV(IV));
    if (!AR || AR->getLoop() != L || !AR->getStepRecurrence(SE)->isOne())
      return {Refusal::LoopShape, "the worksharing loop does not step by one"};
  }
  const SCEV *BTC = SE.getBackedgeTakenCount(L);
  if (isa<SCEVCouldNotCompute>(BTC))
    return {Refusal::UnknownTripCount,
            "the worksharing loop's trip count is not known at its start"};
  Type *I64 = Type::getInt64Ty(F.getContext());
  TripCount = SE.getAddExpr(SE.getNoopOrZeroExtend(BTC, I64), SE.getOne(I64));
  for (PHINode &Phi : L->getHeader()->phis())
    if (Phi.getNumIncomingValues() != 2)
      return {Refusal::LoopShape,
              "a header phi of the worksharing loop has unexpected edges"};
  return {};
}
/// The function's return block when it has exactly one.
BasicBlock *prem::tile::uniqueReturnBlock(Function &F) {
  BasicBlock *Ret = nullptr;
  for (BasicBlock &BB : F)
    if (isa<ReturnInst>(BB.getTerminator())) {
      if (Ret)
        return nullptr;
      Ret = &BB;
    }
  return Ret;
}

/// The blocks reachable from From without passing Stop, in function order.
SmallVector<BasicBlock *, 16>
prem::tile::blocksFrom(Function &F, BasicBlock *From, BasicBlock *Stop) {
  SmallPtrSet<BasicBlock *, 16> Reached;
  SmallVector<BasicBlock *, 16> Work{From};
  while (!Work.empty()) {
    BasicBlock *BB = Work.pop_back_val();
    if (BB == Stop || !Reached.insert(BB).second)
      continue;
    append_range(Work, successors(BB));
  }
  SmallVector<BasicBlock *, 16> Blocks;
  for (BasicBlock &BB : F)
    if (Reached.contains(&BB))
      Blocks.push_back(&BB);
  return Blocks;
}

/// The value stored to the memory a pointer argument of Call points to, in
/// Call's block before it.
Value *prem::tile::storedBefore(CallBase *Call, unsigned ArgNo) {
  Value *Slot = Call->getArgOperand(ArgNo)->stripPointerCasts();
  for (Instruction *I = Call->getPrevNode(); I; I = I->getPrevNode())
    if (auto *St = dyn_cast<StoreInst>(I))
      if (St->getPointerOperand()->stripPointerCasts() == Slot)
        return St->getValueOperand();
  return nullptr;
}
/// OpenMP's kernel environment says how the kernel runs: ExecMode (third
/// byte of its configuration) 2 is SPMD, every thread runs the user code.
static bool isSPMDKernel(const Function &Entry) {
  const GlobalVariable *Env = Entry.getParent()->getNamedGlobal(
      (Entry.getName() + "_kernel_environment").str());
  if (!Env || !Env->hasInitializer())
    return false;
  auto *Config =
      dyn_cast<ConstantStruct>(Env->getInitializer()->getAggregateElement(0u));
  if (!Config || Config->getNumOperands() < 3)
    return false;
  auto *ExecMode = dyn_cast<ConstantInt>(Config->getOperand(2));
  return ExecMode && ExecMode->getZExtValue() == 2;
}
/// Whether V is the same in every thread of a team: built, without memory
/// or calls, from constants and the parallel region's arguments other than
/// the two thread-id pointers an outlined region starts with (its captured
/// values and the team's chunk bounds are the team's).
static bool teamUniform(const Value *V, unsigned Depth = 0) {
  if (isa<Constant>(V))
    return true;
  if (auto *A = dyn_cast<Argument>(V))
    return A->getArgNo() >= 2;
  auto *I = dyn_cast<Instruction>(V);
  if (!I || Depth > 8 ||
      !(isa<CastInst, BinaryOperator, CmpInst, SelectInst, FreezeInst>(I)))
    return false;
  return all_of(I->operands(),
                [&](const Value *Op) { return teamUniform(Op, Depth + 1); });
}

/// Whether every thread of a team that enters the region reaches BB, or
/// none does: the blocks before it are in no loop and branch on
/// team-uniform conditions only.
bool NestTiler::reachedByWholeTeam(BasicBlock &BB) const {
  SmallVector<BasicBlock *, 8> Work(predecessors(&BB));
  SmallPtrSet<BasicBlock *, 8> Seen;
  while (!Work.empty()) {
    BasicBlock *P = Work.pop_back_val();
    if (!Seen.insert(P).second)
      continue;
    if (P == &BB || LI.getLoopFor(P))
      return false;
    auto *Br = dyn_cast<BranchInst>(P->getTerminator());
    if (!Br || (Br->isConditional() && !teamUniform(Br->getCondition())))
      return false;
    append_range(Work, predecessors(P));
  }
  return true;
}

/// A region behind a guard is closed at the return block (closeTeamRegion):
/// the path that skips it must join it there and nowhere before, and the
/// return block must take no value from the region (a phi there would see
/// the scratchpad path's and the global path's copies).
Refusal NestTiler::guardedRegionShape(BasicBlock &Start) const {
  if (!ReturnBlock->phis().empty())
    return {Refusal::KernelShape,
            "the parallel region's return block merges values (a phi), and "
            "its worksharing loop is behind a guard"};
  SmallVector<BasicBlock *, 16> Blocks = blocksFrom(F, &Start, ReturnBlock);
  SmallPtrSet<const BasicBlock *, 16> Region(llvm::from_range, Blocks);
  for (const BasicBlock *BB : Blocks)
    if (BB != &Start && any_of(predecessors(BB), [&](const BasicBlock *P) {
          return !Region.contains(P);
        }))
      return {Refusal::KernelShape,
              "the path that skips the worksharing loop (its guard) joins "
              "the region before the return"};
  return {};
}

/// Seed 001, Sec. 3.2.2 on a GPU: one interval per parallel-region call of
/// an SPMD kernel, covering the team's chunk of the worksharing loop (the
/// bounds the region hands to __kmpc_for_static_init), so that every thread
/// of the block takes part in its phases and barriers.
Refusal NestTiler::blockTileLegality() {
  CallBase *Init = Nest.Kernel->SIMT.WorksharingCall;
  Function *Callee = Init->getCalledFunction();
  if (!Callee || !Callee->getName().starts_with("__kmpc_for_static_init") ||
      Init->arg_size() < 9)
    return {Refusal::KernelShape,
            "GPU tiles need a parallel worksharing loop "
            "(__kmpc_for_static_init) in the kernel's parallel region"};
  // (First: in a generic kernel (teams distribute with a parallel for
  // inside) only the team's main thread runs the code around the region,
  // so the tests below would not name what stops it.)
  if (!isSPMDKernel(*Nest.Kernel->Entry))
    return {Refusal::KernelShape,
            "GPU tiles need an SPMD kernel (every thread runs the parallel "
            "region)"};
  // Every thread must reach the phases, or none: the bounds are computed in
  // the function's entry block, or behind conditions every thread of the
  // team decides alike (the zero-trip guard of a loop of runtime bounds,
  // if (0 < n)), and nothing returns before the loop ends.
  if (Init->getParent() != &F.getEntryBlock() &&
      !reachedByWholeTeam(*Init->getParent()))
    return {Refusal::KernelShape,
            "GPU tiles need the worksharing loop's bounds in the region's "
            "entry block, or behind conditions on the region's arguments "
            "only"};
  ReturnBlock = uniqueReturnBlock(F);
  if (!ReturnBlock ||
      !isPotentiallyReachable(Init, &ReturnBlock->front(), nullptr, &DT, &LI))
    return {Refusal::KernelShape,
            "GPU tiles need a parallel region with one return, which the "
            "worksharing loop reaches"};
  if (Init->getParent() != &F.getEntryBlock())
    if (Refusal Why = guardedRegionShape(*Init->getParent()))
      return Why;
  if (!allThreadsRunRegion())
    return {Refusal::KernelShape,
            "GPU tiles need every thread of the block in the parallel region "
            "(no num_threads clause)"};
  TileLower = storedBefore(Init, 4);
  TileUpper = storedBefore(Init, 5);
  if (!TileLower || !TileUpper)
    return {Refusal::KernelShape,
            "the bounds of the team's chunk are not visible before "
            "__kmpc_for_static_init"};
  // The tile is the region from the bounds on: an access of it outside the
  // loop (one the optimiser hoisted out of it, x[t] read by every
  // iteration) is in no slot, and would run in the Execute phase. (The
  // chunk's bounds, read back from the thread's own stack, are not memory
  // other agents see.)
  auto OnStack = [](const Value *Ptr) {
    return isa<AllocaInst>(getUnderlyingObject(Ptr));
  };
  auto InNoTile = [&](const Instruction &I) {
    if (!I.mayReadOrWriteMemory())
      return false;
    // A memset or memcpy moves data, intrinsic or not.
    if (auto *Copy = dyn_cast<MemTransferInst>(&I))
      return !OnStack(Copy->getRawDest()) || !OnStack(Copy->getRawSource());
    if (auto *Set = dyn_cast<MemSetInst>(&I))
      return !OnStack(Set->getRawDest());
    if (auto *Call = dyn_cast<CallBase>(&I)) {
      // The runtime's calls (bounds, barriers) and markers are no data.
      const Function *Callee = Call->getCalledFunction();
      return !Callee || !(Callee->isIntrinsic() ||
                          Callee->getName().starts_with("__kmpc_"));
    }
    const Value *Ptr = getLoadStorePointerOperand(&I);
    return !Ptr || !OnStack(Ptr);
  };
  for (BasicBlock &BB : F) {
    if (L->contains(&BB))
      continue;
    // The rest of the call's own block, and every block after it; and,
    // where the call is behind a guard, the blocks of the path that skips
    // it (only those before the call are no tile's, as the call's own
    // block before it is).
    auto From = &BB == Init->getParent() ? std::next(Init->getIterator())
                                         : BB.begin();
    bool After = &BB == Init->getParent() ||
                 isPotentiallyReachable(Init, &BB.front(), nullptr, &DT, &LI);
    if (!After && DT.dominates(&BB, Init->getParent()))
      continue;
    for (const Instruction &I : make_range(From, BB.end()))
      if (InNoTile(I))
        return {Refusal::OutsideAccess,
                After ? "a load or store of the team's chunk lies outside the "
                        "worksharing loop (hoisted out of it), where no tile "
                        "holds it"
                      : "a load or store lies on the path that skips the "
                        "worksharing loop (its zero-trip guard), where no "
                        "tile holds it"};
  }
  return {};
}

/// The scratchpad path of a team's inner tiles needs each thread of the
/// block to run exactly one iteration of the chunk, so that all meet the
/// same barriers: a chunk of as many iterations as the block has threads,
/// which schedule(static) and schedule(static, 1) hand out one each. The
/// footprint is counted for the stated block size.
Refusal NestTiler::teamTileLegality() {
  const SIMTInfo &SIMT = Nest.Kernel->SIMT;
  if (!SIMT.BlockSize)
    return {Refusal::KernelShape,
            "inner tiles of a team's chunk need the block size stated "
            "(thread_limit or -prem-block-size)"};
  if (auto Trip = simtIterations(); Trip && *Trip < *SIMT.BlockSize)
    return {Refusal::KernelShape,
            formatv("inner tiles of a team's chunk need chunks of {0} "
                    "iterations, one per thread: the loop has {1}",
                    *SIMT.BlockSize, *Trip)
                .str()};
  CallBase *Init = SIMT.WorksharingCall;
  auto *Schedule = dyn_cast<ConstantInt>(Init->getArgOperand(2));
  auto *Chunk = dyn_cast<ConstantInt>(Init->getArgOperand(8));
  // (kmp_sch_static_chunked with chunk 1, kmp_sch_static.)
  bool OneEach = Schedule && Chunk &&
                 ((Schedule->getZExtValue() == 33 && Chunk->isOne()) ||
                  Schedule->getZExtValue() == 34);
  if (!OneEach)
    return {Refusal::KernelShape,
            "inner tiles of a team's chunk need schedule(static) or "
            "schedule(static, 1), which give each thread one iteration of a "
            "full chunk"};
  return {};
}

/// Every call that runs the region hands it to all threads: no if clause
/// that could serialise it, no num_threads clause.
bool NestTiler::allThreadsRunRegion() const {
  bool Seen = false;
  for (const Use &U : F.uses()) {
    auto *Call = dyn_cast<CallBase>(U.getUser());
    const Function *Callee = Call ? Call->getCalledFunction() : nullptr;
    if (!Callee || Callee->getName() != "__kmpc_parallel_60" ||
        Call->arg_size() < 6 || Call->getArgOperand(5) != &F)
      return false;
    auto *If = dyn_cast<ConstantInt>(Call->getArgOperand(2));
    auto *NumThreads = dyn_cast<ConstantInt>(Call->getArgOperand(3));
    if (!If || !If->isOne() || !NumThreads || !NumThreads->isMinusOne())
      return false;
    Seen = true;
  }
  return Seen;
}
/// The comparisons of a bounds guard Cond (the branch to the body taken when
/// Cond is true, or when it is false if Inverted): a comparison, or the
/// leaves of a && (|| when Inverted) of comparisons, as clang writes them
/// (and i1, or select i1 a, i1 b, i1 false). False when Cond is anything
/// else, or has more leaves than a guard written by hand would.
static bool guardTests(Value *Cond, bool Inverted,
                       SmallVectorImpl<GuardTest> &Tests) {
  Value *A, *B;
  if (Inverted ? match(Cond, m_LogicalOr(m_Value(A), m_Value(B)))
               : match(Cond, m_LogicalAnd(m_Value(A), m_Value(B))))
    return guardTests(A, Inverted, Tests) && guardTests(B, Inverted, Tests);
  auto *Cmp = dyn_cast<ICmpInst>(Cond);
  if (!Cmp || !Cmp->getOperand(0)->getType()->isIntegerTy() ||
      Tests.size() == 8)
    return false;
  Tests.push_back({Cmp, Inverted});
  return true;
}

bool prem::tile::registersNonNegative(const SCEV *S, ScalarEvolution &SE) {
  if (SE.isKnownNonNegative(S))
    return true;
  return !SCEVExprContains(S, [](const SCEV *E) {
    if (auto *C = dyn_cast<SCEVConstant>(E))
      return C->getAPInt().isNegative();
    if (auto *U = dyn_cast<SCEVUnknown>(E)) {
      auto *Read = dyn_cast<IntrinsicInst>(U->getValue());
      return !Read || !Read->getCalledFunction()->getName().starts_with(
                          "llvm.nvvm.read.ptx.sreg.");
    }
    return !isa<SCEVAddExpr, SCEVMulExpr, SCEVCastExpr>(E);
  });
}

/// A side of a guard comparison the block's corners bound: affine in the
/// thread index (one term per thread dimension, a positive constant
/// multiple of it small enough not to wrap over a block, under at most a
/// widening cast), the rest the same in every thread of the block (else
/// threads of one block could take different paths), and, under an
/// unsigned comparison, not negative (i - 1 <u n - 2 wraps at i = 0: its
/// passing threads are no range). Dims gets a bit per thread dimension
/// used. With one dimension in a comparison the threads that pass an
/// ordering comparison form one range of it, so checking the block's first
/// and last thread checks them all (emitFullBlockCheck; != is not one range
/// and is checked otherwise).
static bool cornerBoundedSide(const SCEV *S, const SIMTInfo &SIMT,
                              bool Unsigned, unsigned &Dims,
                              ScalarEvolution &SE) {
  auto DimsOf = [&](const SCEV *X) {
    unsigned Used = 0;
    SCEVExprContains(X, [&](const SCEV *E) {
      if (auto *U = dyn_cast<SCEVUnknown>(E))
        if (auto D = SIMT.threadIndexDim(U->getValue()))
          Used |= 1u << *D;
      return false;
    });
    return Used;
  };
  if (auto *Cast = dyn_cast<SCEVIntegralCastExpr>(S);
      Cast && !isa<SCEVTruncateExpr>(Cast))
    S = Cast->getOperand(0);
  unsigned Width = S->getType()->getScalarSizeInBits();
  // The thread dimension of a term c * tid, c > 0 and c * 1024 below the
  // sign bit (0 when it is no such term).
  auto TermDim = [&](const SCEV *T) -> unsigned {
    if (auto *Mul = dyn_cast<SCEVMulExpr>(T);
        Mul && Mul->getNumOperands() == 2 &&
        isa<SCEVConstant>(Mul->getOperand(0))) {
      const APInt &C = cast<SCEVConstant>(Mul->getOperand(0))->getAPInt();
      if (C.isNegative() || C.getActiveBits() + 10 >= Width)
        return 0;
      T = Mul->getOperand(1);
    }
    return isa<SCEVUnknown>(T) ? DimsOf(T) : 0;
  };
  auto Uniform = [&](const SCEV *X) {
    return blockUniform(X) && (!Unsigned || registersNonNegative(X, SE));
  };
  unsigned Used = DimsOf(S);
  Dims |= Used;
  if (!Used)
    return blockUniform(S);
  if (TermDim(S))
    return true;
  auto *Add = dyn_cast<SCEVAddExpr>(S);
  if (!Add)
    return false;
  unsigned Terms = 0;
  for (const SCEV *Op : Add->operands()) {
    unsigned D = DimsOf(Op);
    if (!D) {
      if (!Uniform(Op))
        return false;
      continue;
    }
    if (TermDim(Op) != D || (Terms & D))
      return false;
    Terms |= D;
  }
  return true;
}

/// Seed 001, Sec. 3.2.2 for a CUDA kernel: the iterations of a thread block
/// form one interval. The whole kernel is versioned once, before its first
/// memory access, where every thread of the block is; a block whose threads
/// do not all pass the bounds guard (the grid's last) takes the global path.
Refusal NestTiler::threadBlockLegality() {
  const SIMTInfo &SIMT = Nest.Kernel->SIMT;
  if (&F != Nest.Kernel->Entry)
    return {Refusal::KernelShape,
            "the thread index is read outside the kernel function (in a "
            "callee)"};
  ReturnBlock = uniqueReturnBlock(F);
  if (!ReturnBlock)
    return {Refusal::KernelShape, "GPU tiles need a kernel with one return"};
  BasicBlock &Entry = F.getEntryBlock();
  RegionStart = Entry.getTerminator();
  for (Instruction &I : Entry)
    if (I.mayReadOrWriteMemory()) {
      RegionStart = &I;
      break;
    }
  BodyStart = &Entry;
  auto *Br = dyn_cast<BranchInst>(Entry.getTerminator());
  if (RegionStart != Entry.getTerminator() || !Br || !Br->isConditional())
    return {};
  // The bounds guard: if (i < n) { body } with the other way to the return,
  // or if (i >= n) return; or an && of such comparisons (if (i > 0 &&
  // i < n - 1)), an || for a guard that returns when true.
  // A test is part of the bounds guard where the block's corners bound it
  // (cornerBoundedSide): then every thread of a block that passes at its
  // corners passes it.
  auto BoundsTest = [&](const GuardTest &G, unsigned &Dims) -> Refusal {
    Dims = 0;
    const SCEV *Sides[2] = {SE.getSCEV(G.Cmp->getOperand(0)),
                            SE.getSCEV(G.Cmp->getOperand(1))};
    // Under an unsigned comparison a side that may be negative wraps to a
    // large number, except that f <u K, K not negative, holds exactly where
    // 0 <= f < K: a range (clang's i - 1 <u n - 2 for 0 < i < n - 1).
    bool Unsigned[2] = {G.Cmp->isUnsigned(), G.Cmp->isUnsigned()};
    CmpInst::Predicate P =
        G.Inverted ? G.Cmp->getInversePredicate() : G.Cmp->getPredicate();
    for (unsigned Side : {0, 1}) {
      CmpInst::Predicate Less =
          Side ? ICmpInst::getSwappedPredicate(P) : P;
      if ((Less == ICmpInst::ICMP_ULT || Less == ICmpInst::ICMP_ULE) &&
          blockUniform(Sides[1 - Side]) &&
          SE.isKnownNonNegative(Sides[1 - Side]))
        Unsigned[Side] = false;
    }
    if (!cornerBoundedSide(Sides[0], SIMT, Unsigned[0], Dims, SE) ||
        !cornerBoundedSide(Sides[1], SIMT, Unsigned[1], Dims, SE))
      return {Refusal::KernelShape,
              "the bounds guard is not affine in the thread index, or not "
              "alike in every thread of a block, or may wrap around"};
    // Over a block of no stated shape the footprint has no y or z (it
    // refuses their reads); over a 2-D block, i < j passes at the first
    // and the last thread and fails between: emitFullBlockCheck then tests
    // every corner of the block.
    if ((Dims & (Dims - 1)) && !SIMT.BlockShape)
      return {Refusal::KernelShape,
              "a comparison of the bounds guard compares two thread "
              "dimensions of a block of no stated shape"};
    return {};
  };
  int Body = Br->getSuccessor(1) == ReturnBlock   ? 0
             : Br->getSuccessor(0) == ReturnBlock ? 1
                                                  : -1;
  if (Body < 0 || !guardTests(Br->getCondition(), Body == 1, Guards))
    return {Refusal::KernelShape,
            "the kernel's first branch is not a bounds guard (if (i < n) "
            "around the body, else return)"};
  // A later test is made where the full-block check is, before the entry
  // block's branch: its values must exist there, the thread indices aside
  // (replaced by each corner's). clang sinks the reads only a later test
  // uses into its block (blockIdx.x in if (i >= h) return; int j = ...;
  // if (j > i) return;): such a test stays in the body.
  auto AvailableAtCheck = [&](const GuardTest &G) {
    return all_of(G.Cmp->operands(), [&](const Value *Op) {
      return !SCEVExprContains(
          SE.getSCEV(const_cast<Value *>(Op)), [&](const SCEV *E) {
            auto *U = dyn_cast<SCEVUnknown>(E);
            auto *I = U ? dyn_cast<Instruction>(U->getValue()) : nullptr;
            return I && !SIMT.threadIndexDim(I) &&
                   !DT.dominates(I, RegionStart);
          });
    });
  };
  // Guards in a row (if (i >= n) return; if (j >= m) return;, or clang's
  // split of a && whose first test it hoisted) are one guard: each block
  // between computes its test and touches no memory.
  for (BasicBlock *Next = Br->getSuccessor(Body);;) {
    auto *NextBr = dyn_cast<BranchInst>(Next->getTerminator());
    if (!NextBr || !NextBr->isConditional() ||
        !Next->getSinglePredecessor() ||
        any_of(*Next, [](Instruction &I) {
          return I.mayHaveSideEffects() || I.mayReadFromMemory() ||
                 isa<PHINode>(I);
        }))
      break;
    int NextBody = NextBr->getSuccessor(1) == ReturnBlock   ? 0
                   : NextBr->getSuccessor(0) == ReturnBlock ? 1
                                                            : -1;
    SmallVector<GuardTest, 2> More;
    // A test the corners do not bound (seidel's ((i + j) & 1) == color
    // after its bounds) stays in the body: its accesses run under it, as
    // under any condition there.
    if (NextBody < 0 ||
        !guardTests(NextBr->getCondition(), NextBody == 1, More) ||
        Guards.size() + More.size() > 8 ||
        any_of(More, [&](const GuardTest &G) {
          unsigned Dims;
          return bool(BoundsTest(G, Dims)) || !AvailableAtCheck(G);
        }))
      break;
    append_range(Guards, More);
    Br = NextBr;
    Body = NextBody;
    Next = Br->getSuccessor(Body);
  }
  // A test of low bits in the guard's branch (if (i < n && (i & 1) == c))
  // is its accesses' condition in the footprint; the rest bound the block.
  SmallVector<GuardTest, 2> Bounding;
  for (const GuardTest &G : Guards) {
    unsigned Dims;
    if (Refusal Why = BoundsTest(G, Dims); !Why) {
      Bounding.push_back(G);
      GuardRelatesDimensions |= (Dims & (Dims - 1)) != 0;
    } else if (!comparesLowBits(*G.Cmp)) {
      return Why;
    }
  }
  Guards = std::move(Bounding);
  for (const GuardTest &G : Guards)
    GuardBound += guardConstraint(G);
  BodyStart = Br->getSuccessor(Body);
  return {};
}

/// L's guard (Loop::getLoopGuardBranch) when it tests exactly whether L
/// runs a first iteration: its comparison is the latch's, on the value the
/// induction variable has before the first iteration. A stricter guard
/// (if (n > 5) for (i = 0; i < n; i++)) would skip iterations the footprint
/// counts. nullptr otherwise.
BranchInst *prem::tile::loopGuard(const Loop &L) {
  // (Loop::getLoopGuardBranch wants dedicated exits, which the loops of the
  // optimised code prem-tile sees often lack: a guard's skip and the loop's
  // exit meet in the kernel's return block. Or the guard branches into the
  // header itself, with no preheader.)
  BasicBlock *Preheader = L.getLoopPreheader();
  BasicBlock *Into = Preheader ? Preheader : L.getHeader();
  BasicBlock *GuardBB =
      Preheader ? Preheader->getUniquePredecessor() : L.getLoopPredecessor();
  auto *Guard =
      GuardBB ? dyn_cast<BranchInst>(GuardBB->getTerminator()) : nullptr;
  if (!Guard || !Guard->isConditional() || !L.getUniqueExitBlock() ||
      !is_contained(Guard->successors(), Into) ||
      !is_contained(Guard->successors(), L.getUniqueExitBlock()))
    return nullptr;
  return Guard;
}

/// Whether A and B are the same expression once every cast wider than
/// NarrowCastBits is read as its operand, as the footprint reads them.
static bool equalInModel(const SCEV *A, const SCEV *B) {
  auto Strip = [](const SCEV *S) {
    while (auto *C = dyn_cast<SCEVCastExpr>(S)) {
      unsigned Narrowest = std::min(
          C->getType()->getScalarSizeInBits(),
          C->getOperand(0)->getType()->getScalarSizeInBits());
      if (Narrowest <= NarrowCastBits)
        break;
      S = C->getOperand(0);
    }
    return S;
  };
  A = Strip(A);
  B = Strip(B);
  if (A == B)
    return true;
  if (auto *CA = dyn_cast<SCEVConstant>(A))
    if (auto *CB = dyn_cast<SCEVConstant>(B))
      return CA->getAPInt().getSExtValue() == CB->getAPInt().getSExtValue();
  if (A->getSCEVType() != B->getSCEVType() || isa<SCEVCastExpr>(A))
    return false;
  auto *NA = dyn_cast<SCEVNAryExpr>(A);
  auto *NB = dyn_cast<SCEVNAryExpr>(B);
  if (!NA || !NB || NA->getNumOperands() != NB->getNumOperands())
    return false;
  if (auto *ARA = dyn_cast<SCEVAddRecExpr>(A))
    if (ARA->getLoop() != cast<SCEVAddRecExpr>(B)->getLoop())
      return false;
  for (auto [OA, OB] : zip(NA->operands(), NB->operands()))
    if (!equalInModel(OA, OB))
      return false;
  return true;
}

BranchInst *prem::tile::firstTripGuard(const Loop &L, ScalarEvolution &SE,
                                       bool InModel) {
  BranchInst *Guard = loopGuard(L);
  if (!Guard)
    return nullptr;
  BasicBlock *Into = L.getLoopPreheader() ? L.getLoopPreheader() : L.getHeader();
  ICmpInst *Latch = L.getLatchCmpInst();
  auto *LatchBr = L.getLoopLatch()
                      ? dyn_cast<BranchInst>(L.getLoopLatch()->getTerminator())
                      : nullptr;
  auto *GuardCmp = dyn_cast<ICmpInst>(Guard->getCondition());
  if (!GuardCmp || !Latch || !LatchBr || !LatchBr->isConditional())
    return nullptr;
  // The latch's test for going on (true towards the header), with the
  // recurrence on the left.
  CmpInst::Predicate GoOn = LatchBr->getSuccessor(0) == L.getHeader()
                                ? Latch->getPredicate()
                                : Latch->getInversePredicate();
  const SCEV *IV = SE.getSCEV(Latch->getOperand(0));
  const SCEV *Bound = SE.getSCEV(Latch->getOperand(1));
  if (!isa<SCEVAddRecExpr>(IV)) {
    std::swap(IV, Bound);
    GoOn = CmpInst::getSwappedPredicate(GoOn);
  }
  auto *AR = dyn_cast<SCEVAddRecExpr>(IV);
  if (!AR || AR->getLoop() != &L || !AR->isAffine() ||
      !SE.isLoopInvariant(Bound, &L))
    return nullptr;
  // The latch tests the value of the next iteration; before the first
  // one, that value is the start less a step.
  const SCEV *Before = SE.getMinusSCEV(AR->getStart(), AR->getStepRecurrence(SE));
  // The guard's test for entering (true towards the loop).
  bool EntersOnTrue = Guard->getSuccessor(0) == Into;
  CmpInst::Predicate Enter = EntersOnTrue ? GuardCmp->getPredicate()
                                          : GuardCmp->getInversePredicate();
  // clang tests k + 1 < m as `icmp samesign ult` once it knows both sides
  // have one sign (trmm's for (k = i + 1; k < m; k++)): then it is the
  // signed test.
  if (GuardCmp->hasSameSign() && CmpInst::isUnsigned(Enter) &&
      !CmpInst::isUnsigned(GoOn))
    Enter = ICmpInst::getSignedPredicate(Enter);
  const SCEV *A = SE.getSCEV(GuardCmp->getOperand(0));
  const SCEV *B = SE.getSCEV(GuardCmp->getOperand(1));
  // clang writes 1 < n as n != 1 where a guard above has shown n > 0
  // (adi's for (j = 1; j < n; j++)): with A >= B known there, A != B is
  // A > B.
  if (Enter == CmpInst::ICMP_NE) {
    const BasicBlock *At = Guard->getParent();
    if (SE.isBasicBlockEntryGuardedByCond(At, CmpInst::ICMP_SGE, A, B))
      Enter = CmpInst::ICMP_SGT;
    else if (SE.isBasicBlockEntryGuardedByCond(At, CmpInst::ICMP_SLE, A, B))
      Enter = CmpInst::ICMP_SLT;
  }
  if ((Enter == GoOn && A == Before && B == Bound) ||
      (Enter == CmpInst::getSwappedPredicate(GoOn) && A == Bound &&
       B == Before))
    return Guard;
  // Or it enters when the trip count is positive (if (n > 0), the latch
  // i + 1 == n): where it does not, the footprint's domain 0 <= i < n is
  // empty. (Extensions aside, as the footprint reads its parameters.)
  const SCEV *Taken = SE.getBackedgeTakenCount(&L);
  if (isa<SCEVCouldNotCompute>(Taken) || A->getType() != B->getType())
    return nullptr;
  const SCEV *One = SE.getOne(A->getType());
  const SCEV *Positive = Enter == CmpInst::ICMP_SGT   ? SE.getMinusSCEV(A, B)
                         : Enter == CmpInst::ICMP_SGE ? SE.getAddExpr(
                                                            SE.getMinusSCEV(A, B), One)
                         : Enter == CmpInst::ICMP_SLT ? SE.getMinusSCEV(B, A)
                         : Enter == CmpInst::ICMP_SLE ? SE.getAddExpr(
                                                            SE.getMinusSCEV(B, A), One)
                                                      : nullptr;
  // (As the footprint's parameters: a zext only of what is not negative,
  // else the parameter is zext(n), which the guard's n <= 0 does not make
  // empty.)
  if (!Positive)
    return nullptr;
  const SCEV *Trips = SE.getAddExpr(Taken, SE.getOne(Taken->getType()));
  if (parameterValue(Trips, SE) == parameterValue(Positive, SE))
    return Guard;
  // In the footprint's domain the trip count's extension of index math is
  // its operand (AffineForm's translate), so the domain is empty exactly
  // where the guard's count is not positive.
  return InModel && equalInModel(Trips, Positive) ? Guard : nullptr;
}

bool NestTiler::runsUnconditionally(const BasicBlock *BB,
                                    const PostDominatorTree *PDT) const {
  // Once per iteration of each loop around it, and those loops (or the
  // access) on every path from the body's start to the return (a thread
  // block's kernel) or once per iteration of the tiled loop (an OpenMP
  // nest's tile runs within one iteration of the loops around that, under
  // whatever their bodies test); a loop may be skipped by its own guard
  // (for (k = 0; k < nk; k++) with nk a runtime value), where it would have
  // run no iteration. (Each loop up to the tiled one: an inner loop that an
  // if in the SIMT loop's body skips runs only under that condition, though
  // its body dominates its own latch.)
  const BasicBlock *Cur = BB;
  const Loop *Root =
      ThreadBlock ? nullptr
      : L         ? L
                  : LI.getLoopFor(Nest.Kernel->SIMT.LoopHeader);
  for (Loop *In = LI.getLoopFor(BB); In; In = In->getParentLoop()) {
    if (!runsEveryIteration(Cur, In))
      return false;
    if (In == Root)
      return true;
    Cur = In->getHeader();
    if (BranchInst *Guard = firstTripGuard(*In, SE, /*InModel=*/true))
      Cur = Guard->getParent();
    else if (const BranchInst *Test = entryTest(*In))
      Cur = Test->getParent();
  }
  if (!ThreadBlock)
    return false;
  return DT.dominates(BodyStart, Cur) && PDT->dominates(Cur, BodyStart);
}

const BranchInst *NestTiler::entryTest(const Loop &In) const {
  for (const NestLoop &NL : Nest.Loops)
    if (NL.Header == In.getHeader())
      return NL.EntryTest;
  return nullptr;
}

bool NestTiler::runsEveryIteration(const BasicBlock *BB, const Loop *In) const {
  const BasicBlock *Latch = In->getLoopLatch();
  if (!Latch)
    return false;
  if (DT.dominates(BB, Latch))
    return true;
  if (Nest.NeverTaken.empty() || BB == In->getHeader())
    return false;
  // Some path from the header to the latch avoids BB: does one that takes
  // no edge never taken?
  SmallPtrSet<const BasicBlock *, 16> Seen{BB, In->getHeader()};
  SmallVector<const BasicBlock *, 16> Work{In->getHeader()};
  while (!Work.empty()) {
    const BasicBlock *From = Work.pop_back_val();
    if (From == Latch)
      return false;
    for (auto [K, To] : enumerate(successors(From))) {
      bool Dead = any_of(Nest.NeverTaken, [&, K = K](const auto &E) {
        return E.first == From->getTerminator() && E.second == K;
      });
      if (!Dead && In->contains(To) && Seen.insert(To).second)
        Work.push_back(To);
    }
  }
  return true;
}

/// The footprint's domain of an access with guards holds its guards'
/// conditions (Guards.cpp). That is exact where the first guard runs
/// unconditionally, each guard's way leads to the next guard on every path
/// (no other branch decides in between), and the last one's to the access.
bool NestTiler::runsExactlyUnder(const AffineAccess &Acc,
                                 BasicBlock *BB) const {
  if (Acc.Guards.empty() || !Acc.ConditionWhy.empty())
    return false;
  auto &PDT = FAM.getResult<PostDominatorTreeAnalysis>(F);
  const BasicBlock *First = Acc.Guards.front().first->getParent();
  if (!runsUnconditionally(First, &PDT))
    return false;
  for (auto [K, Guard] : enumerate(Acc.Guards)) {
    const BasicBlock *Taken = Guard.first->getSuccessor(Guard.second);
    const BasicBlock *Next = K + 1 < Acc.Guards.size()
                                 ? Acc.Guards[K + 1].first->getParent()
                                 : BB;
    if (!PDT.dominates(Next, Taken))
      return false;
  }
  return true;
}

/// A virtual layout is one-to-one, and its rows are the array's, only where
/// every column lies in its row: 0 <= c < n. The bounds guard's j < n
/// shows it for a thread's column; a loop's k < nk for a column of row
/// length n only when nk <= n, which the tile then checks at run time
/// (ColumnChecks: OpenMP passes a variable-length array's row length apart
/// from the loop's bound, as another value).
Refusal NestTiler::rowLegality(const ArrayFootprint &A,
                               const StringSet<> &Known) {
  std::string Bounds = tilesWithinLoops();
  auto Where = whereColumnsWithin(
      Ctx, accessBytes(A), A.VirtualRowBytes,
      formatv("{0} -> {{ [c] : 0 <= c < {1}*{2} }", paramNames(),
              A.ElementBytes, A.RowLength)
          .str(),
      Bounds);
  isl::set Holds = Where ? parseSet(Ctx, *Where) : isl::set();
  Refusal Leaves{Refusal::ArrayNotCopyable,
                 "array " + A.Name + ": a column may leave its row (runtime "
                                     "row length " + A.RowLength + ")"};
  if (Holds.is_null() || Holds.is_empty())
    return Leaves;
  isl::set All = parseSet(Ctx, Bounds);
  if (isSubset(All.align_params(Holds.space()), Holds))
    return {};
  std::string Why;
  isl::set Point = parseSet(Ctx, paramNames() + " -> { [0] }");
  Point = Point.align_params(Holds.space())
              .intersect_params(Holds.align_params(Point.space()));
  auto Check = ByteIntervalExprs::build(Ctx, toString(Point), Bounds, Known, Why);
  // (The condition's constraints, for the contexts of the rest of the plan.)
  std::string Text = toString(Holds);
  size_t Colon = Text.find(':'), Close = Text.rfind('}');
  if (!Check || Colon == std::string::npos || Close == std::string::npos ||
      Close < Colon)
    return Leaves;
  ColumnChecks.push_back(std::move(*Check));
  ColumnBounds += " and (" + Text.substr(Colon + 1, Close - Colon - 1) + ")";
  return {};
}

Refusal NestTiler::accessLegality(Instruction *ExpandAt) {
  StringSet<> Known{tileparam::SIMTCount,
                    tileparam::SIMTLower,
                    tileparam::Tile1Count,
                    tileparam::Tile1Lower,
                    tileparam::Tile2Count,
                    tileparam::Tile2Lower,
                    "ntid"};
  for (auto &[Name, S] : Nest.Params)
    Known.insert(Name);
  // (First: what they check at run time holds in every context below.)
  for (const ArrayFootprint &A : Nest.Arrays)
    if (A.VirtualRowBytes && !accessBytes(A).empty())
      if (Refusal Why = rowLegality(A, Known))
        return Why;
  // (What every tile checks at run time holds too.)
  std::string Checked = rowLengthBounds() + ColumnBounds;
  std::string Context =
      paramNames() +
      (TileDepth ? formatv(" -> {{ : {0} and tile{1}_n >= 1{2} }",
                           innerTileSIMT(), TileDepth, Checked)
                       .str()
       : ThreadBlock && !Nest.Kernel->SIMT.BlockSize
           ? " -> { : simt_n >= 1 and 1 <= ntid <= 1024" + Checked + " }"
           : " -> { : simt_n >= 1" + Checked + " }");
  for (auto [K, A] : enumerate(Nest.Arrays)) {
    // An inner tile's slots hold what its loop touches; accesses outside
    // that loop stay on global memory (outsideLegality).
    auto InTile = [&](const Instruction *I) {
      return !TileDepth || L->contains(I);
    };
    SmallVector<const Instruction *, 4> Insts;
    bool Written = false;
    for (const AffineAccess &Acc : A.Accesses)
      if (InTile(Acc.Inst)) {
        Insts.push_back(Acc.Inst);
        Written |= Acc.IsWrite;
      }
    if (Insts.empty())
      continue;
    if (accessBytes(A).empty() || (Written && writeBytes(A).empty()))
      return {Refusal::ArrayNotCopyable,
              "array " + A.Name +
                  ": no byte-level footprint (runtime stride or floor "
                  "subscript)"};
    auto *Base = dyn_cast<Instruction>(A.Base);
    if (!isa<Argument, GlobalValue>(A.Base) &&
        !(Base && DT.dominates(Base, ExpandAt)))
      return {Refusal::ArrayNotCopyable,
              "array " + A.Name +
                  ": base pointer not available before the loop"};
    if (!A.Base->getType()->isPointerTy())
      return {Refusal::ArrayNotCopyable,
              "array " + A.Name + ": base is not a pointer"};
    // A written array has one copy (its reads must see its writes); a
    // read-only one may have one per access shape.
    Slot Whole;
    Whole.Array = K;
    Whole.Name = A.Name;
    Whole.Sets.assign(accessBytes(A).begin(), accessBytes(A).end());
    Whole.Translates.assign(A.TranslateBytes[TileDepth].begin(),
                            A.TranslateBytes[TileDepth].end());
    Whole.Insts = Insts;
    Whole.Written = Written;
    Whole.WrittenBytes = Written ? writeBytes(A) : "";
    // isl's hole test (a subtraction) of bytes with more than one floor term
    // (a collapse(3) nest's row and plane) grows numbers for minutes, where
    // its operation quota does not count: such writes are taken to have
    // holes, and are stored element by element. (Terms are counted per
    // subscript: one that two subscripts share counts twice.)
    bool OneFloorAtMost = all_of(A.Accesses, [&](const AffineAccess &Acc) {
      unsigned Terms = 0;
      for (const AffineSubscript &Sub : Acc.Subscripts)
        Terms += Sub.FloorTerms;
      return !Acc.IsWrite || !InTile(Acc.Inst) || Terms <= 1;
    });
    Whole.WriteHasNoHoles = Written && OneFloorAtMost &&
                            hasNoHoles(Ctx, writeBytes(A), Context);
    std::string WholeWhy = prepareSlot(Whole, Context, Known);
    SmallVector<Slot, 2> PerShape;
    if (!Written && A.Groups.size() > 1) {
      for (auto [G, Group] : enumerate(A.Groups)) {
        if (none_of(Group.Insts, InTile))
          continue;
        Slot S;
        S.Array = K;
        S.Name = A.Name + "#" + std::to_string(G + 1);
        const auto &Sets =
            TileDepth ? Group.InnerTileSets[TileDepth - 1] : Group.TileSets;
        S.Sets.assign(Sets.begin(), Sets.end());
        S.Translates.assign(Group.Translates[TileDepth].begin(),
                            Group.Translates[TileDepth].end());
        copy_if(Group.Insts, std::back_inserter(S.Insts), InTile);
        PerShape.push_back(std::move(S));
      }
      // Compared as they would be copied (each shape may be a 2-D transfer
      // of its own: covariance's D[k][i] and D[k][j] are two columns, one
      // wide rectangle together).
      std::string One = tileContext(1);
      auto WholeBytes = WholeWhy.empty() ? slotBytes(Whole, One) : std::nullopt;
      uint64_t Split = 0;
      bool Sized = true;
      for (Slot &S : PerShape) {
        auto Bytes = !S.Sets.empty() && prepareSlot(S, Context, Known).empty()
                         ? slotBytes(S, One)
                         : std::nullopt;
        Sized &= Bytes.has_value();
        Split += alignTo(Bytes.value_or(0), SlotAlign);
      }
      bool SplitWins =
          Sized && (!WholeWhy.empty() ||
                    (WholeBytes && Split < alignTo(*WholeBytes, SlotAlign)));
      if (!SplitWins || PerShape.size() < 2)
        PerShape.clear();
    }
    if (PerShape.empty()) {
      if (!WholeWhy.empty())
        return {Refusal::NoIntervalCode, "array " + A.Name + ": " + WholeWhy};
      PerShape.push_back(std::move(Whole));
    }
    for (Slot &S : PerShape) {
      for (const Instruction *I : S.Insts)
        SlotOf[I] = Slots.size();
      Slots.push_back(std::move(S));
    }
  }
  SmallVector<BasicBlock *, 16> Blocks = blocksOf(L, F);
  if (Refusal Why = indirectLegality(Blocks))
    return Why;
  // A loop inside whose own branches do not depend on loaded data may be
  // tiled instead: the branches then lie outside its tiles.
  auto Inside = [&](const BasicBlock *BB) { return LI.getLoopFor(BB) != L; };
  if (controlDependsOnLoads(Blocks)) {
    DeeperMayDo = !controlDependsOnLoads(Blocks, Inside);
    return {Refusal::ControlOnLoadedData,
            L ? "control flow in the loop depends on loaded data"
              : "control flow in the kernel depends on loaded data"};
  }
  const PostDominatorTree *PDT =
      ThreadBlock ? &FAM.getResult<PostDominatorTreeAnalysis>(F) : nullptr;
  DenseMap<const Instruction *, const AffineAccess *> AccessOf;
  for (const ArrayFootprint &A : Nest.Arrays)
    for (const AffineAccess &Acc : A.Accesses)
      AccessOf[Acc.Inst] = &Acc;
  for (BasicBlock *BB : Blocks)
    for (Instruction &I : *BB) {
      if (!I.mayReadOrWriteMemory() || touchesNoProgramData(I))
        continue;
      auto *Ld = dyn_cast<LoadInst>(&I);
      auto *St = dyn_cast<StoreInst>(&I);
      if ((!Ld || !Ld->isSimple()) && (!St || !St->isSimple()))
        return {Refusal::MemoryOperation,
                "the loop has a memory operation other than a plain load or "
                "store"};
      if (!SlotOf.count(&I))
        return {Refusal::MemoryOperation,
                "an access of the loop is not in the footprint"};
      // The footprint counts an access on every iteration of its loops
      // where its guards' conditions hold: one that runs under other
      // conditions would be over-estimated, and an over-estimated interval
      // could reach outside its array (loads) or write back bytes the tile
      // never wrote (stores).
      const AffineAccess *Acc = AccessOf.lookup(&I);
      if (!runsUnconditionally(BB, PDT) &&
          !(Acc && runsExactlyUnder(*Acc, BB))) {
        // In an OpenMP nest a deeper tile runs within one iteration of
        // this loop, under the branches of its body: the condition may lie
        // there.
        DeeperMayDo = !Inside(BB) || !ThreadBlock;
        return {Refusal::ConditionalAccess,
                Acc && !Acc->ConditionWhy.empty()
                    ? "an access runs only under a condition: " +
                          Acc->ConditionWhy
                    : "an access runs only under a condition that is not "
                      "one affine branch after another (its footprint would "
                      "be over-estimated)"};
      }
    }
  // (SCEVExpander::isSafeToExpandAt refuses values defined earlier in
  // ExpandAt's own block, where a CUDA kernel's block offset is.)
  auto AvailableAt = [&](const SCEV *S) {
    return SCEVExpander(SE, "prem").isSafeToExpand(S) &&
           !SCEVExprContains(S, [&](const SCEV *E) {
             auto *U = dyn_cast<SCEVUnknown>(E);
             auto *I = U ? dyn_cast<Instruction>(U->getValue()) : nullptr;
             return I && !DT.dominates(I, ExpandAt);
           });
  };
  for (auto &[Name, S] : Nest.Params)
    if (Name != tileparam::SIMTLower &&
        ((L && !SE.isLoopInvariant(S, L)) ||
         (ThreadBlock
              ? !AvailableAt(S)
              : !SCEVExpander(SE, "prem").isSafeToExpandAt(S, ExpandAt))))
      return {Refusal::RuntimeValueLate,
              "runtime value " + Name + " cannot be computed before the " +
                  (L ? "loop" : "kernel's first memory access")};
  return {};
}

/// The Load phase gathers what the Execute phase then reads in the same
/// order (the control flow of a tile depends on no loaded data), so each
/// gathered address must be the same in both: computed from the loop's
/// indices and from arrays the loop only reads. An indirect load may still
/// read bytes the tile writes (the arrays may alias): the Execute phase
/// reads those from the written array's slot, which holds the whole
/// interval, so the load must not straddle the slot's ends (aligned to its
/// size, checked against the intervals at run time).
///
/// Scatters the same way round: the Execute phase puts each stored element
/// in the slot, the Store phase replays the addresses and stores them in
/// the same order. A scattered byte the tile also reads or writes through
/// another access would be stale in the scratchpad, and arrays may alias:
/// the Load phase checks every scattered address against the other slots'
/// spans and runs the tile on global memory where one meets them (prem-les).
/// On a GPU the block's threads vote on it (NVPTX only), and each thread's
/// elements have a column of the slot, as gathered ones do. A tile does not
/// both gather and scatter (a gathered element could be one the tile
/// scattered before).
Refusal NestTiler::indirectLegality(ArrayRef<BasicBlock *> Blocks) {
  IndirectStride = 0;
  IndirectThreads = 1;
  TileIndirect.clear();
  // One outside the loop is in a stretch of outsideLegality.
  SmallPtrSet<const BasicBlock *, 16> InLoop(Blocks.begin(), Blocks.end());
  SmallVector<const IndirectSite *, 2> Loads, Stores;
  for (const auto *Sites : {&Nest.Gathers, &Nest.Scatters})
    for (const IndirectSite &G : *Sites) {
      if (InLoop.contains(G.Inst->getParent()))
        (Sites == &Nest.Gathers ? Loads : Stores).push_back(&G);
      else if (Outside.empty())
        return {Refusal::Indirect,
                Sites == &Nest.Gathers
                    ? "an indirect load is outside the tiled loop"
                    : "an indirect store is outside the tiled loop"};
    }
  if (Loads.empty() && Stores.empty())
    return {};
  // A thread's column of the slot is its x index (PremLES.cpp).
  if (Nest.Kernel->SIMT.BlockShape)
    return {Refusal::Indirect,
            "an indirect access (" +
                (Loads.empty() ? Stores : Loads).front()->Why +
                ") in a 2-D or 3-D block: each thread's column of the "
                "gathered or scattered elements is numbered by its x index "
                "alone"};
  if (!Stores.empty()) {
    if (BlockTile && Triple(F.getParent()->getTargetTriple()).isAMDGPU())
      return {Refusal::Indirect,
              "an indirect store (" + Stores.front()->Why +
                  ") in an AMDGPU tile: the block-wide vote on its addresses "
                  "is built for NVPTX only"};
    if (!Loads.empty())
      return {Refusal::Indirect,
              "indirect loads and stores in one tile: a gathered element "
              "could be one the tile scattered before"};
    TileIndirect = Stores;
  } else {
    TileIndirect = Loads;
  }
  bool Scatters = scatters();
  StringRef What = Scatters ? "store" : "load";
  if (BlockTile) {
    if (!Nest.Kernel->SIMT.BlockSize)
      return {Refusal::Indirect,
              ("an indirect " + What + " (" + TileIndirect.front()->Why +
               ") in a block of unknown size: its threads' " +
               (Scatters ? "scattered" : "gathered") +
               " elements would not have a known place")
                  .str()};
    IndirectThreads = *Nest.Kernel->SIMT.BlockSize;
  }
  SmallPtrSet<const Instruction *, 8> Gathered;
  for (const IndirectSite &G : Nest.Gathers)
    Gathered.insert(G.Inst);
  uint64_t Stride = 0;
  for (const IndirectSite *GL : TileIndirect) {
    const IndirectSite &G = *GL;
    if (!isPowerOf2_64(G.Bytes) ||
        getLoadStoreAlignment(G.Inst).value() < G.Bytes)
      return {Refusal::Indirect,
              ("an indirect " + What + " is not aligned to its size").str()};
    SmallVector<const Value *, 8> Work{getLoadStorePointerOperand(G.Inst)};
    SmallPtrSet<const Value *, 16> Seen;
    while (!Work.empty()) {
      auto *I = dyn_cast<Instruction>(Work.pop_back_val());
      if (!I || !InLoop.contains(I->getParent()) || !Seen.insert(I).second)
        continue;
      if (Gathered.contains(I))
        return {Refusal::Indirect, ("the index of an indirect " + What +
                                    " is itself loaded indirectly")
                                       .str()};
      if (isa<LoadInst>(I)) {
        auto It = SlotOf.find(I);
        if (It == SlotOf.end())
          return {Refusal::Indirect,
                  ("the address of an indirect " + What +
                   " depends on a load the footprint does not know")
                      .str()};
        const ArrayFootprint &Index = Nest.Arrays[Slots[It->second].Array];
        if (Index.Written)
          return {Refusal::Indirect,
                  ("the index of an indirect " + What + " is read from " +
                   Index.Name + ", which the loop writes")
                      .str()};
        continue;
      }
      if (I->mayReadOrWriteMemory())
        return {Refusal::Indirect,
                ("the address of an indirect " + What + " depends on a call")
                    .str()};
      append_range(Work, I->operands());
    }
    Stride = std::max<uint64_t>(Stride, G.Bytes);
  }
  IndirectStride = Stride;
  if (!indirectBytes(1))
    return {
        Refusal::Indirect,
        ("an indirect " + What + " is in a loop of unbounded length").str()};
  for (const IndirectSite *G : TileIndirect)
    SlotOf[G->Inst] = Slots.size();
  return {};
}
