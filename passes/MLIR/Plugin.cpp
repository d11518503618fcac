//===- Plugin.cpp - PremMLIRPlugin.so entry point -------------------------===//
//
// Part of prem-llvm. USAGE:
//   mlir-opt-22 --load-pass-plugin=build/lib/PremMLIRPlugin.so
//     --prem-affine="spm-bytes=4096 mode=sdma" k.mlir
// Registers the passes of the MLIR path; nothing else happens here.
//
//===----------------------------------------------------------------------===//

#include "PremAffine.h"

#include "mlir/Tools/Plugins/PassPlugin.h"
#include "llvm/Config/llvm-config.h"

extern "C" LLVM_ATTRIBUTE_WEAK ::mlir::PassPluginLibraryInfo
mlirGetPassPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "PremMLIR", LLVM_VERSION_STRING,
          [] { prem::mlirpath::registerPremAffinePass(); }};
}
