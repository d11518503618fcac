// Micro-benchmarks of the device runtime (bench/gpu/run_gpu.py): the cost of
// a phase change (policy none: the calls prem-sync emits, with their block
// barriers) and the bandwidth of a SoftDMA Load phase (__prem_copy_1d from
// global memory into shared memory). Built with the plugin, which links the
// runtime into any module that calls it.

#include "prem/prem_rt.h"

#define SPM_BYTES 32768

extern "C" {

// k Load/Execute pairs per block, as prem-sync places them.
__global__ void __launch_bounds__(256) phase_changes(int k) {
  for (int i = 0; i < k; i++) {
    __syncthreads();
    __prem_enter_mem(i);
    __syncthreads();
    __syncthreads();
    __prem_enter_comp(i);
    __syncthreads();
  }
}

// Each block copies its bytes_per_block (at most SPM_BYTES) into shared
// memory, as a Load phase does; one word per block comes back so that the
// copy is used.
__global__ void __launch_bounds__(256)
softdma_load(const char *src, float *sink, unsigned long long bytes_per_block) {
  __shared__ __attribute__((aligned(64))) char spm[SPM_BYTES];
  __prem_copy_1d(spm, src + blockIdx.x * bytes_per_block, bytes_per_block);
  __syncthreads();
  if (threadIdx.x == 0)
    sink[blockIdx.x] = ((float *)spm)[blockIdx.x % (SPM_BYTES / 4)];
}

} // extern "C"
