//===- StreamingLower.h - Streaming accesses become ld.cs/st.cs -*- C++ -*-===//
//
// Part of prem-llvm. prem-streaming-lower: on NVPTX, the global loads and
// stores prem-comply marked !nontemporal become ld.cs / st.cs.
//
//===----------------------------------------------------------------------===//

#ifndef PREM_TRANSFORMS_STREAMINGLOWER_H
#define PREM_TRANSFORMS_STREAMINGLOWER_H

#include "llvm/IR/PassManager.h"

#include <cstdint>

namespace prem {

/// The longest memcpy / memmove prem-comply marks streaming: it becomes at
/// most four 16-byte loads and stores here.
inline constexpr uint64_t MaxStreamingCopyBytes = 64;

class StreamingLowerPass : public llvm::PassInfoMixin<StreamingLowerPass> {
public:
  llvm::PreservedAnalyses run(llvm::Module &M,
                              llvm::ModuleAnalysisManager &MAM);
};

} // namespace prem

#endif // PREM_TRANSFORMS_STREAMINGLOWER_H
