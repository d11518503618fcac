// bench/kernels/gpu-style/polybench.cu's correlation_kernel2 cut down
// (found by bench/coverage.py, issue 25). The kernel states no block size;
// a store under a branch on loaded data after its loop refuses a tile of
// the whole block, so tiles of the loop (depth 1) were tried, and
// prem-tile crashed emitting their header (an interval in the unknown
// block size, which the footprint of a block's inner tile does not take).
// A block's inner tiles now need the block size stated: refused, with the
// reason; with -prem-block-size=32 the same kernel is tiled (75 iterations
// per interval, the store in a compatible interval after the loop) and is
// bit for bit the baseline's on the CUDA emulation (gpu-style-cuda.test).
// RUN: %cuda_bare_ir -I %S/Inputs %s -o %t.ll
// RUN: %opt_prem -passes=prem-tile,prem-les,prem-sync,verify %t.ll -S -pass-remarks=prem -pass-remarks-missed=prem -o %t.prem.ll 2>&1 | FileCheck %s
// RUN: %opt_prem -passes=prem-tile,prem-les,prem-sync,verify -prem-block-size=32 %t.ll -S -pass-remarks=prem -o %t.bs32.ll 2>&1 | FileCheck %s --check-prefix=STATED
#include "cuda-bare.h"

// CHECK: kernel deviation not transformed: {{.*}}; tiles of a thread block's inner loop need its block size (__launch_bounds__ or -prem-block-size)
// STATED: kernel deviation: depth-1 loop tiled, one thread block and 75 of its iterations per PREM interval
extern "C" __global__ void deviation(float *sd, float *data) {
  int j = BLOCK_X * BLOCK_DIM_X + THREAD_X;
  if (j < 66) {
    sd[j] = 0.0f;
    for (int i = 0; i < 75; i++)
      sd[j] += data[i * 66 + j];
    if (sd[j] <= 0.005f)
      sd[j] = 1.0f;
  }
}
