// CUDA shapes the thread-block tiles must refuse: each kernel gets a remark
// with the reason and comes out of the pipeline byte for byte as it went in.
// a branch on loaded data:
// RUN: %cuda_bare_ir -I %S/Inputs -DDATA_BRANCH %s -o %t.data.ll
// RUN: %opt_prem -passes=verify %t.data.ll -S -o %t.data.plain.ll
// RUN: %opt_prem -passes=prem-tile,prem-les,prem-sync,prem-link-runtime,verify %t.data.ll -S -o %t.data.after.ll -pass-remarks-missed=prem 2>&1 | FileCheck %s --check-prefix=DATA_BRANCH
// RUN: cmp %t.data.plain.ll %t.data.after.ll
// DATA_BRANCH: kernel k not transformed: control flow in the kernel depends on loaded data

// a bounds guard that is not affine in the thread index (the threads that
// pass it need not form one range):
// RUN: %cuda_bare_ir -I %S/Inputs -DSQUARE_GUARD %s -o %t.square.ll
// RUN: %opt_prem -passes=verify %t.square.ll -S -o %t.square.plain.ll
// RUN: %opt_prem -passes=prem-tile,prem-les,prem-sync,prem-link-runtime,verify %t.square.ll -S -o %t.square.after.ll -pass-remarks-missed=prem 2>&1 | FileCheck %s --check-prefix=SQUARE_GUARD
// RUN: cmp %t.square.plain.ll %t.square.after.ll
// SQUARE_GUARD: kernel k not transformed: the bounds guard is not affine in the thread index

// a store under a condition other than the guard:
// RUN: %cuda_bare_ir -I %S/Inputs -DCONDITIONAL %s -o %t.cond.ll
// RUN: %opt_prem -passes=verify %t.cond.ll -S -o %t.cond.plain.ll
// RUN: %opt_prem -passes=prem-tile,prem-les,prem-sync,prem-link-runtime,verify %t.cond.ll -S -o %t.cond.after.ll -pass-remarks-missed=prem 2>&1 | FileCheck %s --check-prefix=CONDITIONAL
// RUN: cmp %t.cond.plain.ll %t.cond.after.ll
// CONDITIONAL: kernel k not transformed: an access runs only under a condition

// a guard whose bound differs between the threads of a block (not a thread
// index): threads of one block could take different paths:
// RUN: %cuda_bare_ir -I %S/Inputs -DTHREAD_BOUND %s -o %t.tb.ll
// RUN: %opt_prem -passes=verify %t.tb.ll -S -o %t.tb.plain.ll
// RUN: %opt_prem -passes=prem-tile,prem-les,prem-sync,prem-link-runtime,verify %t.tb.ll -S -o %t.tb.after.ll -pass-remarks-missed=prem 2>&1 | FileCheck %s --check-prefix=THREAD_BOUND
// RUN: cmp %t.tb.plain.ll %t.tb.after.ll
// THREAD_BOUND: kernel k not transformed: the bounds guard is not affine in the thread index, or not alike in every thread of a block, or may wrap around

// an unsigned guard that wraps at the block's first thread (i - 1 >= w - 2,
// i.e. i == 0 || i > w - 2: both corners of block 0 pass it, the threads
// between do not):
// RUN: %cuda_bare_ir -I %S/Inputs -DWRAPS %s -o %t.wrap.ll
// RUN: %opt_prem -passes=verify %t.wrap.ll -S -o %t.wrap.plain.ll
// RUN: %opt_prem -passes=prem-tile,prem-les,prem-sync,prem-link-runtime,verify %t.wrap.ll -S -o %t.wrap.after.ll -pass-remarks-missed=prem 2>&1 | FileCheck %s --check-prefix=WRAPS
// RUN: cmp %t.wrap.plain.ll %t.wrap.after.ll
// WRAPS: kernel k not transformed: the bounds guard is not affine in the thread index, or not alike in every thread of a block, or may wrap around

// one block's data larger than shared memory, and a column loop whose trip
// count differs between the block's threads (its tiles could not be
// block-wide):
// RUN: %cuda_bare_ir -I %S/Inputs -DTHREAD_TRIP %s -o %t.trip.ll
// RUN: %opt_prem -passes=verify %t.trip.ll -S -o %t.trip.plain.ll
// RUN: %opt_prem -passes=prem-tile,prem-les,prem-sync,prem-link-runtime,verify %t.trip.ll -S -o %t.trip.after.ll -pass-remarks-missed=prem 2>&1 | FileCheck %s --check-prefix=THREAD_TRIP
// RUN: cmp %t.trip.plain.ll %t.trip.after.ll
// THREAD_TRIP: kernel k not transformed: a block's chunk of 256 iterations needs {{[0-9]+}} bytes of scratchpad (byte intervals), more than the 49152 available; depth-1 loop: in a thread block the tiled loop's trip count (or that of a loop around it) may differ between threads{{$}}

#include "cuda-bare.h"

extern "C" __global__ void __launch_bounds__(256)
k(const float *__restrict__ x, float *__restrict__ y, float *__restrict__ z,
  int m) {
  int i = BLOCK_X * BLOCK_DIM_X + THREAD_X;
#if defined(DATA_BRANCH)
  if (i < m && x[i] > 0.0f)
    y[i] = 1.0f;
#elif defined(SQUARE_GUARD)
  if (i * i < m)
    y[i] = x[i];
#elif defined(CONDITIONAL)
  if (i < m) {
    y[i] = x[i];
    if (i % 3 == 0)
      z[i] = 1.0f;
  }
#elif defined(THREAD_BOUND)
  int lim = (THREAD_X & 1) ? m : m - 1;
  if (i < lim)
    y[i] = 2.0f * x[i];
#elif defined(WRAPS)
  if ((unsigned)i - 1u >= (unsigned)m - 2u)
    y[i] = 0.0f;
#elif defined(THREAD_TRIP)
  if (i < m)
    for (int j = 0; j < 256 + THREAD_X; j++)
      y[i * 512 + j] = x[i * 512 + j];
#endif
}
