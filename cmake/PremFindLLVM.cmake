#===- PremFindLLVM.cmake - locate LLVM 22, clang 22 and Polly headers ----===#
#
# find_package(LLVM 22 CONFIG) rejects 22.1.x (LLVM's version file only accepts
# an exact match), so ask without a version and check the major number.
#
#===----------------------------------------------------------------------===#
set(PREM_LLVM_ROOT "/usr/lib/llvm-22" CACHE PATH
    "Prefix of the LLVM 22 installation (Debian: /usr/lib/llvm-22)")
find_package(LLVM CONFIG HINTS ${PREM_LLVM_ROOT}/lib/cmake/llvm)
if(NOT LLVM_FOUND)
  message(FATAL_ERROR "prem-llvm needs LLVM 22 (Debian: apt-get install "
    "llvm-22-dev). Set PREM_LLVM_ROOT to its prefix.")
endif()
if(NOT LLVM_VERSION_MAJOR EQUAL 22)
  message(FATAL_ERROR "prem-llvm needs LLVM 22.x, found ${LLVM_PACKAGE_VERSION} "
    "at ${LLVM_DIR}. Set PREM_LLVM_ROOT to an LLVM 22 prefix.")
endif()
message(STATUS "prem-llvm: LLVM ${LLVM_PACKAGE_VERSION} at ${LLVM_INSTALL_PREFIX}")

# Polly is linked into Debian's libLLVM.so; we need only its headers (isl and
# its C++ bindings). Linking libPolly.a or loading LLVMPolly.so next to the
# plugin would register Polly's cl::opts twice and abort.
find_path(PREM_ISL_INCLUDE_DIR isl/isl-noexceptions.h
  HINTS ${LLVM_INCLUDE_DIRS}/polly ${LLVM_INSTALL_PREFIX}/include/polly
  NO_DEFAULT_PATH)
if(NOT PREM_ISL_INCLUDE_DIR)
  message(FATAL_ERROR "Polly's isl headers not found under "
    "${LLVM_INSTALL_PREFIX}/include/polly (Debian: apt-get install libpolly-22-dev)")
endif()

find_program(PREM_CLANG clang HINTS ${LLVM_TOOLS_BINARY_DIR} NO_DEFAULT_PATH)
if(NOT PREM_CLANG)
  message(FATAL_ERROR "clang 22 not found in ${LLVM_TOOLS_BINARY_DIR} "
    "(Debian: apt-get install clang-22)")
endif()
foreach(tool opt llc FileCheck not split-file lit llvm-dis llvm-link)
  string(TOUPPER ${tool} var)
  string(REPLACE "-" "_" var ${var})
  find_program(PREM_${var} ${tool} HINTS ${LLVM_TOOLS_BINARY_DIR} NO_DEFAULT_PATH)
endforeach()

# ptxas validates generated PTX in tests marked REQUIRES: ptxas.
set(PREM_CUDA_PATH "/usr/local/cuda" CACHE PATH "CUDA installation (optional)")
find_program(PREM_PTXAS ptxas HINTS ${PREM_CUDA_PATH}/bin)
