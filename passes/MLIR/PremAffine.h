//===- PremAffine.h - The prem-affine pass ----------------------*- C++ -*-===//
//
// Part of prem-llvm. USAGE:
//   mlir-opt-22 --load-pass-plugin=build/lib/PremMLIRPlugin.so
//     --prem-affine="spm-bytes=4096 mode=dae report=r.json" k.mlir
//
//===----------------------------------------------------------------------===//

#ifndef PREM_MLIR_PREMAFFINE_H
#define PREM_MLIR_PREMAFFINE_H

namespace prem::mlirpath {
/// Registers prem-affine with mlir-opt's pass registry.
void registerPremAffinePass();
} // namespace prem::mlirpath

#endif
