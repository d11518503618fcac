// CUDA spellings for kernels compiled without a CUDA installation
// (%cuda_bare): clang's builtins stand for threadIdx and friends.
#define __global__ __attribute__((global))
#define __launch_bounds__(n) __attribute__((launch_bounds(n)))
#define THREAD_X __nvvm_read_ptx_sreg_tid_x()
#define THREAD_Y __nvvm_read_ptx_sreg_tid_y()
#define BLOCK_X __nvvm_read_ptx_sreg_ctaid_x()
#define BLOCK_DIM_X __nvvm_read_ptx_sreg_ntid_x()
