//===- PTXAccess.h - Global loads and stores as inline PTX ------*- C++ -*-===//
//
// Part of prem-llvm. The NVPTX back end of LLVM 22 has no IR form of a
// load's or store's cache operator (ld.global.cg, ld.cs, st.cs), so the
// passes that want one (prem-bypass-lower, prem-streaming-lower) replace the
// access by the inline PTX that clang's own __ldcg and __stcs use.
//
//===----------------------------------------------------------------------===//

#ifndef PREM_SUPPORT_PTXACCESS_H
#define PREM_SUPPORT_PTXACCESS_H

#include "llvm/ADT/StringRef.h"

namespace llvm {
class LoadInst;
class StoreInst;
} // namespace llvm

namespace prem {

/// Lanes: 1 for a scalar register form only (what clang's __ldcg takes),
/// up to 4 for PTX's vector forms (.v2, .v4 of 32- and 64-bit words).
enum class PTXLanes { ScalarOnly, Vectors };

/// Replaces Load by `ld<space>.<Operator>.<type>` through its pointer
/// (`.global` for an addrspace(1) pointer, generic otherwise: PTX applies
/// the operator when the address is global). When GenericFallback is set,
/// a generic pointer is tested with isspacep.global first and loads through
/// the generic space without the operator when it is not global memory
/// (for operators that do not take a generic address). False, and Load
/// unchanged, when its type has no register form or it is less aligned than
/// its size (an inline load cannot be split as the back end splits one).
bool lowerToPTXLoad(llvm::LoadInst &Load, llvm::StringRef Operator,
                    PTXLanes Lanes, bool GenericFallback);

/// The same for a store: `st<space>.<Operator>.<type>`.
bool lowerToPTXStore(llvm::StoreInst &Store, llvm::StringRef Operator,
                     PTXLanes Lanes);

} // namespace prem

#endif // PREM_SUPPORT_PTXACCESS_H
