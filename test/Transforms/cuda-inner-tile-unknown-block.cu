// REPRODUCER, FAILS TODAY (prem-tile crashes): bench/kernels/gpu-style/
// polybench.cu's correlation_kernel2 cut down (found by bench/coverage.py,
// issue 25). The kernel states no block size; a store under a branch on
// loaded data after its loop refuses a tile of the whole block, so tiles of
// the loop (depth 1) are tried, and prem-tile dies emitting the tile
// header: a null condition in ByteIntervalExprs::emit
// (passes/Support/IslCodegen.cpp), from emitUnion in
// NestTiler::emitTileHeader. docs/passes.md says a block's inner tiles need
// the block size stated; with -prem-block-size=32 the same kernel is tiled
// (75 iterations per interval, the store in a compatible interval after
// the loop) and is bit for bit the baseline's on the CUDA emulation
// (gpu-style-cuda.test). Expected: no crash; a refusal naming the unknown
// block size, or tiles that are correct.
// RUN: %cuda_bare_ir -I %S/Inputs %s -o %t.ll
// RUN: %opt_prem -passes=prem-tile,prem-les,prem-sync,verify %t.ll -S -pass-remarks=prem -pass-remarks-missed=prem -o %t.prem.ll 2>&1 | FileCheck %s
// RUN: %opt_prem -passes=prem-tile,prem-les,prem-sync,verify -prem-block-size=32 %t.ll -S -pass-remarks=prem -o %t.bs32.ll 2>&1 | FileCheck %s --check-prefix=STATED
#include "cuda-bare.h"

// CHECK: kernel deviation{{:| not transformed}}
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
