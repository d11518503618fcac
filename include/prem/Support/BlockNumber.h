//===- BlockNumber.h - A CUDA block's number in its grid --------*- C++ -*-===//
//
// Part of prem-llvm. The interval number of a thread block's phases: its
// linear number in the grid, x fastest (NVPTX special registers).
//
//===----------------------------------------------------------------------===//
#ifndef PREM_SUPPORT_BLOCKNUMBER_H
#define PREM_SUPPORT_BLOCKNUMBER_H

namespace llvm {
class IRBuilderBase;
class Value;
} // namespace llvm

namespace prem {

/// ctaid.x + nctaid.x * (ctaid.y + nctaid.y * ctaid.z), an i32 named
/// "prem.block".
llvm::Value *gridBlockNumber(llvm::IRBuilderBase &B);

} // namespace prem

#endif // PREM_SUPPORT_BLOCKNUMBER_H
