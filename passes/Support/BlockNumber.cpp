//===- BlockNumber.cpp - A CUDA block's number in its grid ----------------===//
//
// Part of prem-llvm (include/prem/Support/BlockNumber.h).
//
//===----------------------------------------------------------------------===//

#include "prem/Support/BlockNumber.h"

#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/IntrinsicsNVPTX.h"

using namespace llvm;

Value *prem::gridBlockNumber(IRBuilderBase &B) {
  // (One read per statement: the order of the emitted reads must not be
  // the host compiler's order of evaluating arguments.)
  Value *X = B.CreateIntrinsic(Intrinsic::nvvm_read_ptx_sreg_ctaid_x, {});
  Value *Y = B.CreateIntrinsic(Intrinsic::nvvm_read_ptx_sreg_ctaid_y, {});
  Value *Z = B.CreateIntrinsic(Intrinsic::nvvm_read_ptx_sreg_ctaid_z, {});
  Value *GridX = B.CreateIntrinsic(Intrinsic::nvvm_read_ptx_sreg_nctaid_x, {});
  Value *GridY = B.CreateIntrinsic(Intrinsic::nvvm_read_ptx_sreg_nctaid_y, {});
  Value *Plane = B.CreateMul(GridY, Z);
  Value *Row = B.CreateAdd(Y, Plane);
  Value *Rows = B.CreateMul(GridX, Row);
  return B.CreateAdd(X, Rows, "prem.block");
}
