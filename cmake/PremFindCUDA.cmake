#===- PremFindCUDA.cmake - the CUDA toolkit of libprem_gpu ---------------===#
#
# Optional: where the CUDA toolkit is found (headers and libcuda, the real
# one or CUDA's stub), libprem_gpu and examples/gate_cuda are built. Looks
# in PREM_CUDA_PATH (the CUDA of ptxas) first. Sets
#   PREM_HAVE_GPU         ON when libprem_gpu is built
#   PREM_CUDA_DRIVER_DIR  the directory of the libcuda linked against
#   PREM_CUDA_STUB_DIR    a directory holding a libcuda.so.1 that is CUDA's
#                         stub library ("" without one)
# The imported targets (CUDA::cuda_driver, CUDA::cudart) are found at the
# top level, so that every directory sees them.
#
#===----------------------------------------------------------------------===#
if(NOT CUDAToolkit_ROOT AND EXISTS "${PREM_CUDA_PATH}")
  set(CUDAToolkit_ROOT "${PREM_CUDA_PATH}")
endif()
find_package(CUDAToolkit QUIET)
set(PREM_HAVE_GPU OFF)
set(PREM_CUDA_DRIVER_DIR "")
set(PREM_CUDA_STUB_DIR "")
if(CUDAToolkit_FOUND AND TARGET CUDA::cuda_driver)
  set(PREM_HAVE_GPU ON)
  get_filename_component(PREM_CUDA_DRIVER_DIR "${CUDA_cuda_driver_LIBRARY}"
    DIRECTORY)
  # Where the driver found is the stub (no NVIDIA driver installed), programs
  # linked against it cannot start: libcuda.so.1 is missing. The tests run
  # them with PREM_CUDA_STUB_DIR on LD_LIBRARY_PATH, whose libcuda.so.1 is
  # the stub: every call fails with CUDA_ERROR_STUB_LIBRARY, as on a machine
  # without a driver, and the program can start and say so.
  find_library(PREM_CUDA_STUB cuda
    PATHS ${CUDAToolkit_LIBRARY_DIR}/stubs ${CUDAToolkit_TARGET_DIR}/lib/stubs
          ${CUDAToolkit_TARGET_DIR}/lib64/stubs
    NO_DEFAULT_PATH)
  if(PREM_CUDA_STUB)
    set(PREM_CUDA_STUB_DIR ${PROJECT_BINARY_DIR}/cuda-stub)
    file(MAKE_DIRECTORY ${PREM_CUDA_STUB_DIR})
    file(CREATE_LINK ${PREM_CUDA_STUB} ${PREM_CUDA_STUB_DIR}/libcuda.so.1
      SYMBOLIC)
  endif()
  message(STATUS "libprem_gpu: CUDA ${CUDAToolkit_VERSION}, "
                 "libcuda ${CUDA_cuda_driver_LIBRARY}")
else()
  message(STATUS "libprem_gpu: not built (no CUDA toolkit found)")
endif()
