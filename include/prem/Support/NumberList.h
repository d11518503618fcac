//===- NumberList.h - Comma-separated numbers of an option ------*- C++ -*-===//
//
// Part of prem-llvm. Options that take a list (-prem-footprint-tile=32,8,
// -prem-block-size=32,8,1) split it here; each option's parser then says
// what its list must be.
//
//===----------------------------------------------------------------------===//
#ifndef PREM_SUPPORT_NUMBERLIST_H
#define PREM_SUPPORT_NUMBERLIST_H

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <vector>

namespace prem {

/// The whole numbers of "32,8" in order; false when a field is not one.
inline bool splitNumberList(llvm::StringRef Arg, std::vector<uint64_t> &Out) {
  Out.clear();
  llvm::SmallVector<llvm::StringRef, 4> Parts;
  Arg.split(Parts, ',');
  for (llvm::StringRef P : Parts) {
    uint64_t V;
    if (P.trim().getAsInteger(10, V))
      return false;
    Out.push_back(V);
  }
  return true;
}

} // namespace prem

#endif // PREM_SUPPORT_NUMBERLIST_H
