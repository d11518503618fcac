//===- KernelInfo.cpp - Find GPU kernels and their SIMT loops -------------===//
//
// USAGE:
//   opt -load-pass-plugin build/lib/PremPlugin.so
//       -passes='print<prem-kernels>' -disable-output kernel.ll
//
// A kernel is a CUDA kernel (ptx_kernel calling convention or a "kernel"
// entry in !nvvm.annotations), an AMDGPU kernel (amdgpu_kernel), or an OpenMP
// target entry (__omp_offloading_* defined with external linkage in a device
// module; the host module holds same-named host fallbacks, which are not
// kernels). The work of an OpenMP kernel lives in outlined functions that the
// entry hands to the OpenMP runtime by pointer, so the kernel's regions are
// every defined function reachable through calls or function-pointer
// arguments.
//
// The SIMT loop (seed 001, Sec. 3.2.2) is the loop whose iterations the
// OpenMP runtime hands out to threads: its induction variable starts at the
// lower bound that __kmpc_for_static_init_* (or a distribute variant) writes
// through its fifth argument. Thread-level worksharing (for) is preferred
// over team-level (distribute). CUDA/HIP kernels without such a loop are
// distributed by their x thread index.
//
//===----------------------------------------------------------------------===//

#include "prem/Analysis/KernelInfo.h"
#include "prem/Support/NumberList.h"

#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/IntrinsicsAMDGPU.h"
#include "llvm/IR/IntrinsicsNVPTX.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Debug.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/TargetParser/Triple.h"

#define DEBUG_TYPE "prem-kernels"

using namespace llvm;
using namespace prem;

STATISTIC(NumKernels, "Kernels found");
STATISTIC(NumSIMTLoops, "Kernels with an OpenMP worksharing (SIMT) loop");

namespace {
/// -prem-block-size=X[,Y[,Z]]: threads per block, or the block's shape.
struct BlockSizeParser : public cl::parser<std::vector<unsigned>> {
  using cl::parser<std::vector<unsigned>>::parser;
  bool parse(cl::Option &O, StringRef ArgName, StringRef Arg,
             std::vector<unsigned> &Val) {
    std::vector<uint64_t> Numbers;
    uint64_t Threads = 1;
    bool Valid = splitNumberList(Arg, Numbers) && Numbers.size() <= 3 &&
                 all_of(Numbers, [](uint64_t N) { return N <= 1024; });
    for (uint64_t N : Numbers)
      Threads *= Valid ? N : 1;
    // 0 alone: unknown, as if not given.
    if (!Valid || Threads > 1024 || (!Threads && Numbers.size() > 1))
      return O.error("'" + Arg +
                     "' is not a block size (X[,Y[,Z]] threads, at most "
                     "1024 in all, e.g. 32,8)");
    Val.assign(Numbers.begin(), Numbers.end());
    return false;
  }
};
} // namespace

static cl::opt<std::vector<unsigned>, false, BlockSizeParser> BlockSizeOpt(
    "prem-block-size", cl::value_desc("X[,Y[,Z]]"),
    cl::desc("Threads per block (X), or the block's shape (X,Y[,Z]), to "
             "assume for kernels whose block size is not given by "
             "__launch_bounds__/reqntid/num_threads (0: unknown)"));

/// The block shape assumed for a kernel that reads its y index and states
/// no shape: PolyBench-GPU's usual 32 x 8.
static constexpr unsigned DefaultBlockX = 32, DefaultBlockY = 8;

AnalysisKey KernelAnalysis::Key;

StringRef prem::kernelKindName(KernelKind K) {
  switch (K) {
  case KernelKind::CUDA:
    return "cuda";
  case KernelKind::AMDGPU:
    return "amdgpu";
  case KernelKind::OpenMPTarget:
    return "openmp";
  }
  llvm_unreachable("unknown kernel kind");
}

bool prem::isDeviceModule(const Module &M) {
  Triple T(M.getTargetTriple());
  if (T.isNVPTX() || T.isAMDGPU())
    return true;
  return M.getModuleFlag("openmp-device") != nullptr;
}

static bool isOpenMPEntryName(StringRef Name) {
  return Name.starts_with("__omp_offloading_");
}

/// Kernels named in the legacy !nvvm.annotations form
/// {ptr @f, !"kernel", i32 1}.
static SmallPtrSet<const Function *, 8> annotatedCUDAKernels(const Module &M) {
  SmallPtrSet<const Function *, 8> Result;
  const NamedMDNode *MD = M.getNamedMetadata("nvvm.annotations");
  if (!MD)
    return Result;
  for (const MDNode *Op : MD->operands()) {
    if (Op->getNumOperands() < 3)
      continue;
    auto *FnMD = dyn_cast_or_null<ValueAsMetadata>(Op->getOperand(0).get());
    auto *Key = dyn_cast_or_null<MDString>(Op->getOperand(1).get());
    if (!FnMD || !Key || Key->getString() != "kernel")
      continue;
    if (auto *F = dyn_cast<Function>(FnMD->getValue()))
      Result.insert(F);
  }
  return Result;
}

static std::optional<KernelKind>
classifyKernel(const Function &F, bool DeviceModule,
               const SmallPtrSetImpl<const Function *> &Annotated) {
  if (F.isDeclaration())
    return std::nullopt;
  bool OpenMPName = isOpenMPEntryName(F.getName());
  switch (F.getCallingConv()) {
  case CallingConv::PTX_Kernel:
    return OpenMPName ? KernelKind::OpenMPTarget : KernelKind::CUDA;
  case CallingConv::AMDGPU_KERNEL:
    return OpenMPName ? KernelKind::OpenMPTarget : KernelKind::AMDGPU;
  default:
    break;
  }
  if (Annotated.contains(&F))
    return OpenMPName ? KernelKind::OpenMPTarget : KernelKind::CUDA;
  // Host-offload device modules: entries are ordinary functions; outlined
  // helpers share the prefix but have local linkage.
  if (DeviceModule && OpenMPName && !F.hasLocalLinkage())
    return KernelKind::OpenMPTarget;
  return std::nullopt;
}

/// Entry plus every defined function reachable through a call or through a
/// function pointer passed as a call argument (how outlined OpenMP regions
/// reach the runtime).
static SmallVector<Function *, 4> collectRegions(Function &Entry) {
  SetVector<Function *> Regions;
  Regions.insert(&Entry);
  for (unsigned Idx = 0; Idx < Regions.size(); ++Idx) {
    for (Instruction &I : instructions(*Regions[Idx])) {
      auto *CB = dyn_cast<CallBase>(&I);
      if (!CB)
        continue;
      if (Function *Callee = CB->getCalledFunction())
        if (!Callee->isDeclaration())
          Regions.insert(Callee);
      for (Value *Arg : CB->args())
        if (auto *Fn = dyn_cast<Function>(Arg->stripPointerCasts()))
          if (!Fn->isDeclaration())
            Regions.insert(Fn);
    }
  }
  return SmallVector<Function *, 4>(Regions.begin(), Regions.end());
}

/// 2 for thread-level worksharing, 1 for team-level, 0 otherwise. The host
/// runtime hands out distribute chunks through __kmpc_for_static_init_* too,
/// with a distribute schedule (kmp_distribute_static{_chunked} = 92, 91).
static unsigned worksharingLevel(const CallBase &CB) {
  const Function *Callee = CB.getCalledFunction();
  if (!Callee)
    return 0;
  StringRef Name = Callee->getName();
  if (Name.starts_with("__kmpc_distribute_static_init_"))
    return 1;
  if (Name.starts_with("__kmpc_dist_for_static_init_"))
    return 2;
  if (!Name.starts_with("__kmpc_for_static_init_"))
    return 0;
  if (CB.arg_size() > 2)
    if (auto *Sched = dyn_cast<ConstantInt>(CB.getArgOperand(2)))
      if (Sched->getZExtValue() == 91 || Sched->getZExtValue() == 92)
        return 1;
  return 2;
}

static const Value *stripIntCasts(const Value *V) {
  while (auto *Cast = dyn_cast<CastInst>(V)) {
    if (!Cast->getType()->isIntegerTy() ||
        !Cast->getOperand(0)->getType()->isIntegerTy())
      break;
    V = Cast->getOperand(0);
  }
  return V;
}

/// A header PHI of L whose value on entry to L satisfies Starts.
static PHINode *phiStartingAt(const Loop &L,
                              function_ref<bool(const Value *)> Starts) {
  for (PHINode &Phi : L.getHeader()->phis())
    for (unsigned I = 0, E = Phi.getNumIncomingValues(); I != E; ++I)
      if (!L.contains(Phi.getIncomingBlock(I)) &&
          Starts(Phi.getIncomingValue(I)))
        return &Phi;
  return nullptr;
}

/// Whether L's exit test depends on a value loaded from Ptr (a chunk loop
/// ends at the chunk's upper bound, which the runtime wrote there), looking
/// through arithmetic and phis.
static bool exitDependsOnLoadOf(const Loop &L, const Value *Ptr) {
  Ptr = Ptr->stripPointerCasts();
  SmallVector<const Value *, 16> Work;
  for (BasicBlock *BB : L.blocks())
    if (L.isLoopExiting(BB))
      if (auto *Br = dyn_cast<BranchInst>(BB->getTerminator());
          Br && Br->isConditional())
        Work.push_back(Br->getCondition());
  SmallPtrSet<const Value *, 32> Seen;
  while (!Work.empty()) {
    auto *I = dyn_cast<Instruction>(Work.pop_back_val());
    if (!I || !Seen.insert(I).second || Seen.size() > 64)
      continue;
    if (auto *Load = dyn_cast<LoadInst>(I)) {
      if (Load->getPointerOperand()->stripPointerCasts() == Ptr)
        return true;
      continue;
    }
    if (isa<BinaryOperator, CastInst, CmpInst, SelectInst, PHINode,
            IntrinsicInst>(I))
      append_range(Work, I->operands());
  }
  return false;
}

/// The outermost loop whose header PHI starts from a load of the lower bound
/// the runtime call wrote (the call's 5th argument in every static-init
/// variant), and that PHI.
static std::pair<Loop *, PHINode *> findWorksharingLoop(CallBase &Init,
                                                        LoopInfo &LI) {
  if (Init.arg_size() < 5)
    return {nullptr, nullptr};
  const Value *LowerBoundPtr = Init.getArgOperand(4)->stripPointerCasts();
  auto StartsAtLowerBound = [&](const Value *V) {
    // (Through a freeze too: the runtime wrote a defined value there, which
    // freeze gives back unchanged. InstCombine freezes the bound of some
    // collapse(2) nests without an inner loop.)
    V = stripIntCasts(V);
    if (auto *Freeze = dyn_cast<FreezeInst>(V))
      V = stripIntCasts(Freeze->getOperand(0));
    auto *Load = dyn_cast<LoadInst>(V);
    return Load &&
           Load->getPointerOperand()->stripPointerCasts() == LowerBoundPtr;
  };
  Loop *Best = nullptr;
  PHINode *BestPhi = nullptr;
  for (Loop *L : LI.getLoopsInPreorder()) {
    if (Best && Best->contains(L))
      continue;
    if (PHINode *Phi = phiStartingAt(*L, StartsAtLowerBound);
        Phi && (!Best || L->getLoopDepth() < Best->getLoopDepth())) {
      Best = L;
      BestPhi = Phi;
    }
  }
  // Chunked schedules (schedule(static, c): kmp_sch_static_chunked = 33,
  // kmp_distribute_static_chunked = 91) walk each chunk in an inner loop that
  // starts at the chunk loop's IV: that loop visits the iteration values one
  // by one and is the SIMT loop. Only one level, and only for those: an
  // inner loop of an unchunked loop that starts at its IV (for j = i ...)
  // is the user's triangular loop.
  auto *Schedule = dyn_cast<ConstantInt>(Init.getArgOperand(2));
  bool Chunked = Init.arg_size() > 5 && Schedule &&
                 (Schedule->getZExtValue() == 33 ||
                  Schedule->getZExtValue() == 91);
  auto StartsAtBestPhi = [&](const Value *V) {
    return stripIntCasts(V) == BestPhi;
  };
  if (Best && Chunked)
    for (Loop *Sub : Best->getSubLoops())
      if (PHINode *Phi = phiStartingAt(*Sub, StartsAtBestPhi);
          Phi && exitDependsOnLoadOf(*Sub, Init.getArgOperand(5))) {
        Best = Sub;
        BestPhi = Phi;
        break;
      }
  return {Best, BestPhi};
}

/// The constant stored to Ptr last before Call in Call's block, if any.
static std::optional<int64_t> constantStoredBefore(const CallBase &Call,
                                                   const Value *Ptr) {
  Ptr = Ptr->stripPointerCasts();
  for (const Instruction *I = Call.getPrevNode(); I; I = I->getPrevNode()) {
    if (auto *SI = dyn_cast<StoreInst>(I)) {
      if (SI->getPointerOperand()->stripPointerCasts() != Ptr)
        continue;
      if (auto *C = dyn_cast<ConstantInt>(SI->getValueOperand()))
        return C->getSExtValue();
      return std::nullopt;
    }
    if (auto *CB = dyn_cast<CallBase>(I); CB && !isa<IntrinsicInst>(CB))
      return std::nullopt; // may write the bound
  }
  return std::nullopt;
}

/// Which thread-index register (0: x, 1: y, 2: z) V reads, if it reads one.
static std::optional<unsigned> registerThreadDim(const Value *V) {
  auto *II = dyn_cast<IntrinsicInst>(V);
  switch (II ? II->getIntrinsicID() : Intrinsic::not_intrinsic) {
  case Intrinsic::nvvm_read_ptx_sreg_tid_x:
  case Intrinsic::amdgcn_workitem_id_x:
    return 0;
  case Intrinsic::nvvm_read_ptx_sreg_tid_y:
  case Intrinsic::amdgcn_workitem_id_y:
    return 1;
  case Intrinsic::nvvm_read_ptx_sreg_tid_z:
  case Intrinsic::amdgcn_workitem_id_z:
    return 2;
  default:
    return std::nullopt;
  }
}

static bool isThreadIndexX(const Value *V) {
  return registerThreadDim(V) == 0;
}

std::optional<unsigned> SIMTInfo::threadIndexDim(const Value *V) const {
  for (auto [Dim, Reads] : enumerate(threadIndexReadsByDim()))
    if (is_contained(*Reads, V))
      return unsigned(Dim);
  return std::nullopt;
}

/// The shape of a block whose kernel reads its y or z index: the one the
/// user states (-prem-block-size=X,Y[,Z]); else, for a 2-D kernel, 32 wide
/// and as many rows as the block size allows (8 when it is unknown). A 3-D
/// kernel without a stated shape has none (its footprint says so).
static std::optional<std::array<unsigned, 3>>
blockShapeOf(const SIMTInfo &Info) {
  if (BlockSizeOpt.size() >= 2)
    return std::array<unsigned, 3>{BlockSizeOpt[0], BlockSizeOpt[1],
                                   BlockSizeOpt.size() == 3 ? BlockSizeOpt[2]
                                                            : 1u};
  if (!Info.ThreadIndexReadsZ.empty())
    return std::nullopt;
  if (!Info.BlockSize)
    return std::array<unsigned, 3>{DefaultBlockX, DefaultBlockY, 1};
  if (*Info.BlockSize % DefaultBlockX)
    return std::nullopt;
  return std::array<unsigned, 3>{DefaultBlockX, *Info.BlockSize / DefaultBlockX,
                                 1};
}

static std::optional<unsigned> parseUnsignedAttr(const Function &F,
                                                 StringRef Name) {
  Attribute A = F.getFnAttribute(Name);
  if (!A.isValid() || !A.isStringAttribute())
    return std::nullopt;
  // "nvvm.maxntid"="256" or "256,1,1": the product is the thread count.
  unsigned Product = 1;
  SmallVector<StringRef, 3> Parts;
  A.getValueAsString().split(Parts, ',');
  for (StringRef P : Parts) {
    unsigned V;
    if (P.trim().getAsInteger(10, V) || V == 0)
      return std::nullopt;
    Product *= V;
  }
  return Product;
}

/// Threads per block stated by the kernel or by the user. reqntid is exact;
/// maxntid (__launch_bounds__) is what clang also uses to size the block.
static std::optional<unsigned> blockSizeOf(const Function &Entry) {
  for (StringRef Attr :
       {"nvvm.reqntid", "nvvm.maxntid", "omp_target_thread_limit"})
    if (auto V = parseUnsignedAttr(Entry, Attr))
      return V;
  // AMDGPU states "min,max"; only a fixed size is usable.
  Attribute A = Entry.getFnAttribute("amdgpu-flat-work-group-size");
  if (A.isValid() && A.isStringAttribute()) {
    auto [Min, Max] = A.getValueAsString().split(',');
    unsigned Size;
    if (Min == Max && !Min.getAsInteger(10, Size) && Size)
      return Size;
  }
  return std::nullopt;
}

/// SCEV text with special-register reads named as PTX names them.
static std::string registerText(const SCEV *S) {
  auto Join = [](const SCEVNAryExpr *E, StringRef Op) {
    std::string T = "(";
    for (auto [I, Operand] : enumerate(E->operands()))
      T += (I ? " " + Op.str() + " " : "") + registerText(Operand);
    return T + ")";
  };
  if (auto *Add = dyn_cast<SCEVAddExpr>(S))
    return Join(Add, "+");
  if (auto *Mul = dyn_cast<SCEVMulExpr>(S))
    return Join(Mul, "*");
  if (auto *Cast = dyn_cast<SCEVCastExpr>(S))
    return registerText(Cast->getOperand(0));
  if (auto *U = dyn_cast<SCEVUnknown>(S))
    if (auto *II = dyn_cast<IntrinsicInst>(U->getValue()))
      switch (II->getIntrinsicID()) {
      case Intrinsic::nvvm_read_ptx_sreg_tid_x:
      case Intrinsic::amdgcn_workitem_id_x:
        return "%tid.x";
      case Intrinsic::nvvm_read_ptx_sreg_ntid_x:
        return "%ntid.x";
      case Intrinsic::nvvm_read_ptx_sreg_ctaid_x:
      case Intrinsic::amdgcn_workgroup_id_x:
        return "%ctaid.x";
      case Intrinsic::nvvm_read_ptx_sreg_nctaid_x:
        return "%nctaid.x";
      default:
        break;
      }
  std::string T;
  raw_string_ostream OS(T);
  OS << *S;
  return T;
}

/// The integer expression a thread-index read feeds: follow single users
/// through integer arithmetic and casts (blockIdx.x * blockDim.x + tid).
static std::string threadIndexExpression(Value *Read, ScalarEvolution &SE) {
  Value *V = Read;
  while (V->hasOneUse()) {
    auto *U = dyn_cast<Instruction>(*V->user_begin());
    if (!U || !U->getType()->isIntegerTy())
      break;
    if (!isa<CastInst>(U) &&
        !(isa<BinaryOperator>(U) &&
          is_contained({Instruction::Add, Instruction::Mul, Instruction::Shl,
                        Instruction::Or, Instruction::Sub},
                       U->getOpcode())))
      break;
    V = U;
  }
  return registerText(SE.getSCEV(V));
}

static SIMTInfo findSIMT(KernelRecord &K, FunctionAnalysisManager &FAM) {
  SIMTInfo Info;
  Info.BlockSize = blockSizeOf(*K.Entry);
  if (!Info.BlockSize && !BlockSizeOpt.empty() && BlockSizeOpt[0]) {
    unsigned Threads = 1;
    for (unsigned N : BlockSizeOpt)
      Threads *= N;
    Info.BlockSize = Threads;
  }
  // Dynamic, guided and runtime schedules hand out iterations at run time
  // (__kmpc_dispatch_*): no static block iteration exists.
  const Function *Dispatch = nullptr;
  CallBase *BestCall = nullptr, *OuterCall = nullptr;
  Function *BestFn = nullptr;
  unsigned BestLevel = 0;
  for (Function *F : K.Regions)
    for (Instruction &I : instructions(*F))
      if (auto *CB = dyn_cast<CallBase>(&I)) {
        if (const Function *Callee = CB->getCalledFunction();
            !Dispatch && Callee &&
            Callee->getName().starts_with("__kmpc_dispatch_init"))
          Dispatch = Callee;
        unsigned Level = worksharingLevel(*CB);
        if (Level == 1 && !OuterCall)
          OuterCall = CB;
        if (Level > BestLevel) {
          BestLevel = Level;
          BestCall = CB;
          BestFn = F;
        }
      }
  if (Dispatch) {
    Info.Reason = "the loop schedule is dynamic, guided or runtime ('" +
                  Dispatch->getName().str() +
                  "'): iterations are not assigned statically";
    return Info;
  }
  if (BestCall) {
    // At -O0 induction variables live in allocas, so no loop header has the
    // PHI the SIMT loop is recognised by.
    if (BestFn->hasOptNone()) {
      Info.Reason = ("'" + BestFn->getName() +
                     "' is optnone (compiled at -O0); PREM needs -O1 or higher")
                        .str();
      return Info;
    }
    LoopInfo &LI = FAM.getResult<LoopAnalysis>(*BestFn);
    if (auto [L, Phi] = findWorksharingLoop(*BestCall, LI); L) {
      Info.K = SIMTInfo::Kind::WorksharingLoop;
      Info.Region = BestFn;
      Info.LoopHeader = L->getHeader();
      Info.WorksharingCall = BestCall;
      Info.InductionPhi = Phi;
      // The outermost worksharing call sees the whole iteration space: its
      // bounds are what the enclosing (distribute) level starts from.
      CallBase *Outer = OuterCall ? OuterCall : BestCall;
      Info.GlobalLower = constantStoredBefore(*Outer, Outer->getArgOperand(4));
      Info.GlobalUpper = constantStoredBefore(*Outer, Outer->getArgOperand(5));
      if (!Info.GlobalLower || !Info.GlobalUpper)
        Info.GlobalLower = Info.GlobalUpper = std::nullopt;
      return Info;
    }
    Info.Reason = ("no loop starts at the lower bound of '" +
                   BestCall->getCalledFunction()->getName() + "'")
                      .str();
    return Info;
  }
  for (Function *F : K.Regions)
    for (Instruction &I : instructions(*F))
      if (isThreadIndexX(&I)) {
        Info.K = SIMTInfo::Kind::ThreadIndex;
        Info.Region = F;
        Info.ThreadIndexReads.push_back(&I);
      }
  if (Info.K == SIMTInfo::Kind::ThreadIndex) {
    Info.ThreadIndexExpr = threadIndexExpression(
        Info.ThreadIndexReads.front(),
        FAM.getResult<ScalarEvolutionAnalysis>(*Info.Region));
    for (Instruction &I : instructions(*Info.Region)) {
      auto Dim = registerThreadDim(&I);
      if (Dim == 1u)
        Info.ThreadIndexReadsY.push_back(&I);
      if (Dim == 2u)
        Info.ThreadIndexReadsZ.push_back(&I);
    }
    if (!Info.ThreadIndexReadsY.empty() || !Info.ThreadIndexReadsZ.empty()) {
      Info.BlockShape = blockShapeOf(Info);
      if (Info.BlockShape)
        Info.BlockSize =
            (*Info.BlockShape)[0] * (*Info.BlockShape)[1] * (*Info.BlockShape)[2];
    }
  }
  if (Info.K == SIMTInfo::Kind::None)
    Info.Reason = K.Kind == KernelKind::OpenMPTarget
                      ? "no worksharing loop (__kmpc_*_static_init_*) found"
                      : "the kernel does not read its x thread index";
  return Info;
}

// An OpenMP offload compile to a GPU without -foffload-lto links the
// OpenMP device runtime into the module before it is optimised (clang's
// -mlink-builtin-bitcode): by the time PREM runs, its worksharing calls are
// inlined (or their bodies are there to be mistaken for the kernel's), and
// what is left of a loop's bounds is the runtime's arithmetic. Either the
// runtime's entry __kmpc_target_init is defined in the module (at -Oz it
// stays a call), or a kernel with the runtime's kernel environment (every
// OpenMP kernel but an ompx_bare one) no longer calls it: it was inlined.
static bool runtimeLinked(const Function &Entry) {
  const Module &M = *Entry.getParent();
  const Function *Init = M.getFunction("__kmpc_target_init");
  if (Init && !Init->isDeclaration())
    return true;
  if (!M.getNamedGlobal((Entry.getName() + "_kernel_environment").str()))
    return false;
  for (const Instruction &I : instructions(Entry))
    if (const auto *Call = dyn_cast<CallBase>(&I))
      if (const Function *Callee = Call->getCalledFunction())
        if (Callee->getName() == "__kmpc_target_init")
          return false;
  return true;
}

KernelInfo KernelAnalysis::run(Module &M, ModuleAnalysisManager &MAM) {
  KernelInfo Result;
  Result.IsDeviceModule = isDeviceModule(M);
  auto &FAM = MAM.getResult<FunctionAnalysisManagerModuleProxy>(M).getManager();
  auto Annotated = annotatedCUDAKernels(M);
  Triple T(M.getTargetTriple());
  bool GPU = T.isNVPTX() || T.isAMDGPU();
  for (Function &F : M) {
    auto Kind = classifyKernel(F, Result.IsDeviceModule, Annotated);
    if (!Kind)
      continue;
    KernelRecord K;
    K.Entry = &F;
    K.Kind = *Kind;
    K.Regions = collectRegions(F);
    if (K.Kind == KernelKind::OpenMPTarget && GPU && runtimeLinked(F))
      K.SIMT.Reason = "the OpenMP device runtime was linked into the module "
                      "before PREM ran, which then sees the runtime's code "
                      "in place of its calls: compile with -foffload-lto, "
                      "which links it after";
    else
      K.SIMT = findSIMT(K, FAM);
    ++NumKernels;
    if (K.SIMT.K == SIMTInfo::Kind::WorksharingLoop)
      ++NumSIMTLoops;
    LLVM_DEBUG(dbgs() << "prem-kernels: " << F.getName() << " ("
                      << kernelKindName(K.Kind) << "), " << K.Regions.size()
                      << " region(s)\n");
    Result.Kernels.push_back(std::move(K));
  }
  return Result;
}

const KernelRecord *KernelInfo::lookup(const Function &Entry) const {
  for (const KernelRecord &K : Kernels)
    if (K.Entry == &Entry)
      return &K;
  return nullptr;
}

bool KernelInfo::invalidate(Module &, const PreservedAnalyses &PA,
                            ModuleAnalysisManager::Invalidator &) {
  auto PAC = PA.getChecker<KernelAnalysis>();
  return !PAC.preservedWhenStateless();
}

static std::string lineOf(const Instruction *I) {
  if (const DebugLoc &DL = I->getDebugLoc())
    return (" line " + Twine(DL.getLine())).str();
  return "";
}

void KernelInfo::print(raw_ostream &OS) const {
  OS << "prem-kernels: " << Kernels.size() << " kernel(s)"
     << (IsDeviceModule ? "" : " (not a device module)") << "\n";
  for (const KernelRecord &K : Kernels) {
    OS << "kernel " << K.Entry->getName() << " kind=" << kernelKindName(K.Kind)
       << "\n";
    OS << "  regions:";
    for (const Function *F : K.Regions)
      OS << " " << F->getName();
    OS << "\n";
    const SIMTInfo &S = K.SIMT;
    OS << "  block size: ";
    if (S.BlockSize)
      OS << *S.BlockSize;
    else
      OS << "unknown";
    if (S.BlockShape)
      OS << " (" << (*S.BlockShape)[0] << " x " << (*S.BlockShape)[1] << " x "
         << (*S.BlockShape)[2] << ")";
    OS << "\n";
    switch (S.K) {
    case SIMTInfo::Kind::WorksharingLoop:
      OS << "  simt: loop ";
      S.LoopHeader->printAsOperand(OS, false);
      OS << " in " << S.Region->getName() << " via "
         << S.WorksharingCall->getCalledFunction()->getName()
         << lineOf(&*S.LoopHeader->getFirstNonPHIOrDbg()) << "\n";
      if (S.GlobalLower)
        OS << "  iterations: [" << *S.GlobalLower << ", " << *S.GlobalUpper
           << "]\n";
      break;
    case SIMTInfo::Kind::ThreadIndex:
      OS << "  simt: thread index (" << S.ThreadIndexReads.size()
         << " read(s) of the x thread index) in " << S.Region->getName()
         << "\n";
      OS << "  thread-index expression: " << S.ThreadIndexExpr << "\n";
      break;
    case SIMTInfo::Kind::None:
      OS << "  simt: none (" << S.Reason << ")\n";
      break;
    }
  }
}

PreservedAnalyses KernelPrinterPass::run(Module &M,
                                         ModuleAnalysisManager &MAM) {
  MAM.getResult<KernelAnalysis>(M).print(OS);
  return PreservedAnalyses::all();
}
