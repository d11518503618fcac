//===- PTXAccess.cpp - Global loads and stores as inline PTX --------------===//

#include "prem/Support/PTXAccess.h"

#include "llvm/IR/DataLayout.h"
#include "llvm/IR/DerivedTypes.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/Instructions.h"

#include <optional>
#include <string>

using namespace llvm;
using namespace prem;

namespace {
/// How an accessed type travels through PTX registers: Lanes words of type
/// Word (PTX type Suffix, inline-asm constraint Constraint).
struct RegisterForm {
  StringRef Suffix;
  char Constraint;
  Type *Word;
  unsigned Lanes;
};
} // namespace

static std::optional<RegisterForm> registerForm(Type *Ty, const DataLayout &DL,
                                                PTXLanes Lanes) {
  LLVMContext &C = Ty->getContext();
  if (Ty->isFloatTy())
    return RegisterForm{"f32", 'f', Ty, 1};
  if (Ty->isDoubleTy())
    return RegisterForm{"f64", 'd', Ty, 1};
  if (Ty->isIntegerTy(64))
    return RegisterForm{"b64", 'l', Ty, 1};
  if (Ty->isPointerTy()) {
    // (Pointers into the shared or local space can be 32 bits wide.)
    switch (DL.getPointerSizeInBits(Ty->getPointerAddressSpace())) {
    case 64:
      return RegisterForm{"b64", 'l', Type::getInt64Ty(C), 1};
    case 32:
      return RegisterForm{"b32", 'r', Type::getInt32Ty(C), 1};
    default:
      return std::nullopt;
    }
  }
  if (Ty->isIntegerTy(32))
    return RegisterForm{"b32", 'r', Ty, 1};
  if (Ty->isIntegerTy(16))
    return RegisterForm{"b16", 'h', Ty, 1};
  if (Ty->isIntegerTy(8)) // PTX has no 8-bit registers
    return RegisterForm{"u8", 'h', Type::getInt16Ty(C), 1};
  // Vectors travel as the words of their bits (float4 as .v4.b32); vectors
  // of pointers cannot be bit-cast.
  auto *VTy = dyn_cast<FixedVectorType>(Ty);
  if (Lanes != PTXLanes::Vectors || !VTy ||
      VTy->getElementType()->isPointerTy())
    return std::nullopt;
  uint64_t Bytes = DL.getTypeStoreSize(Ty).getFixedValue();
  if (Bytes != DL.getTypeAllocSize(Ty).getFixedValue())
    return std::nullopt; // padded (<3 x float>)
  switch (Bytes) {
  case 16:
    return RegisterForm{"v4.b32", 'r', Type::getInt32Ty(C), 4};
  case 8:
    return RegisterForm{"b64", 'l', Type::getInt64Ty(C), 1};
  case 4:
    return RegisterForm{"b32", 'r', Type::getInt32Ty(C), 1};
  case 2:
    return RegisterForm{"b16", 'h', Type::getInt16Ty(C), 1};
  default:
    return std::nullopt;
  }
}

/// Whether an access of Ty at alignment A can be one PTX access: PTX needs
/// the address aligned to the access's size.
static bool alignedEnough(Type *Ty, Align A, const DataLayout &DL) {
  return A.value() >= DL.getTypeStoreSize(Ty).getFixedValue();
}

/// "$First, ..." or "{$First, ..., $(First+Lanes-1)}" for a vector form.
static std::string registerList(unsigned First, unsigned Lanes) {
  std::string S;
  for (unsigned I = 0; I < Lanes; ++I)
    S += (I ? ", $" : "$") + std::to_string(First + I);
  return Lanes == 1 ? S : "{" + S + "}";
}

bool prem::lowerToPTXLoad(LoadInst &Load, StringRef Operator, PTXLanes Lanes,
                          bool GenericFallback) {
  const DataLayout &DL = Load.getDataLayout();
  Type *Ty = Load.getType();
  std::optional<RegisterForm> RF = registerForm(Ty, DL, Lanes);
  if (!RF || !alignedEnough(Ty, Load.getAlign(), DL) || !Load.isSimple())
    return false;
  Value *Ptr = Load.getPointerOperand();
  bool Global = Ptr->getType()->getPointerAddressSpace() == 1;
  std::string Regs = registerList(0, RF->Lanes);
  std::string Addr = "[$" + std::to_string(RF->Lanes) + "]";
  std::string Op = ("." + Operator + "." + RF->Suffix).str();
  std::string Asm;
  if (Global)
    Asm = "ld.global" + Op + " " + Regs + ", " + Addr + ";";
  else if (GenericFallback)
    Asm = "{ .reg .pred %prem_global; isspacep.global %prem_global, " +
          Addr.substr(1, Addr.size() - 2) + "; @%prem_global ld.global" + Op +
          " " + Regs + ", " + Addr + "; @!%prem_global ld." +
          RF->Suffix.str() + " " + Regs + ", " + Addr + "; }";
  else
    Asm = "ld" + Op + " " + Regs + ", " + Addr + ";";
  std::string Constraints;
  for (unsigned I = 0; I < RF->Lanes; ++I)
    Constraints += std::string("=") + RF->Constraint + ",";
  Constraints += "l";

  SmallVector<Type *, 4> Words(RF->Lanes, RF->Word);
  Type *Result = RF->Lanes == 1 ? RF->Word
                                : StructType::get(Ty->getContext(), Words);
  auto *FTy = FunctionType::get(Result, {Ptr->getType()}, false);
  auto *IA = InlineAsm::get(FTy, Asm, Constraints, /*hasSideEffects=*/false);
  IRBuilder<> B(&Load);
  CallInst *Call = B.CreateCall(FTy, IA, {Ptr}, Load.getName() + "." + Operator);
  // The call only reads memory, so it stays ordered with stores as the load
  // was.
  Call->setOnlyReadsMemory();
  Call->setDoesNotThrow();
  Value *Bits = Call;
  if (RF->Lanes > 1) {
    Value *Vec = PoisonValue::get(FixedVectorType::get(RF->Word, RF->Lanes));
    for (unsigned I = 0; I < RF->Lanes; ++I) {
      Value *Lane = B.CreateExtractValue(Call, I);
      Vec = B.CreateInsertElement(Vec, Lane, B.getInt32(I));
    }
    Bits = Vec;
  }
  Value *Loaded = Bits;
  if (Ty->isPointerTy())
    Loaded = B.CreateIntToPtr(Bits, Ty);
  else if (Ty->isIntegerTy() && Ty != RF->Word)
    Loaded = B.CreateTrunc(Bits, Ty);
  else if (Ty != Bits->getType())
    Loaded = B.CreateBitCast(Bits, Ty);
  Load.replaceAllUsesWith(Loaded);
  Load.eraseFromParent();
  return true;
}

bool prem::lowerToPTXStore(StoreInst &Store, StringRef Operator,
                           PTXLanes Lanes) {
  const DataLayout &DL = Store.getDataLayout();
  Value *Stored = Store.getValueOperand();
  Type *Ty = Stored->getType();
  std::optional<RegisterForm> RF = registerForm(Ty, DL, Lanes);
  if (!RF || !alignedEnough(Ty, Store.getAlign(), DL) || !Store.isSimple())
    return false;
  Value *Ptr = Store.getPointerOperand();
  bool Global = Ptr->getType()->getPointerAddressSpace() == 1;
  IRBuilder<> B(&Store);
  Type *BitsTy = RF->Lanes == 1 ? RF->Word
                                : FixedVectorType::get(RF->Word, RF->Lanes);
  Value *Bits = Stored;
  if (Ty->isPointerTy())
    Bits = B.CreatePtrToInt(Stored, BitsTy);
  else if (Ty->isIntegerTy() && Ty != BitsTy)
    Bits = B.CreateZExt(Stored, BitsTy);
  else if (Ty != BitsTy)
    Bits = B.CreateBitCast(Stored, BitsTy);
  SmallVector<Value *, 5> Operands{Ptr};
  for (unsigned I = 0; I < RF->Lanes; ++I) {
    Value *Lane = RF->Lanes == 1 ? Bits : B.CreateExtractElement(Bits, I);
    Operands.push_back(Lane);
  }
  std::string Asm = (Global ? "st.global." : "st.") + Operator.str() + "." +
                    RF->Suffix.str() + " [$0], " + registerList(1, RF->Lanes) +
                    ";";
  std::string Constraints = "l";
  for (unsigned I = 0; I < RF->Lanes; ++I)
    Constraints += std::string(",") + RF->Constraint;
  Constraints += ",~{memory}";
  SmallVector<Type *, 5> Params;
  for (Value *V : Operands)
    Params.push_back(V->getType());
  auto *FTy = FunctionType::get(B.getVoidTy(), Params, false);
  auto *IA = InlineAsm::get(FTy, Asm, Constraints, /*hasSideEffects=*/true);
  CallInst *Call = B.CreateCall(FTy, IA, Operands);
  Call->setDoesNotThrow();
  Store.eraseFromParent();
  return true;
}
