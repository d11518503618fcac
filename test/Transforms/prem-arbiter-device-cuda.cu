// The "device" arbitration policy on NVPTX: one ticket token in global
// memory (__prem_token) for every kernel of the program. A block's number
// is unique within its kernel only, so whether a block holds the token is
// kept in the block's own state in shared memory (BlockState, named by
// %gridid and the block's number), not read off the token's holder word: a
// block of another kernel with the same number (a second stream, the
// arbitrated co-runner of bench/gpu) holding the token must not pass for
// this one. The state takes 24 bytes of shared memory, which the scratchpad
// budget leaves free: gemv_full, one tile of 48 KiB without a policy, is
// tiled along its column loop instead.
// RUN: %clang_prem -O2 %cuda_bare -I %S/Inputs -mllvm -prem-arbiter=device -S %s -o %t.s -Rpass=prem 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: FileCheck %s < %t.s
// RUN: %if ptxas %{ %ptxas -arch=sm_90 -v %t.s -o %t.o 2>&1 | %python %S/../Driver/Inputs/max-smem.py 49152 %}
// RUN: %clang_prem -O2 %cuda_bare -I %S/Inputs --no-offload-arch=sm_90 --cuda-gpu-arch=sm_87 -mllvm -prem-arbiter=device -S %s -o %t.87.s
// RUN: %if ptxas %{ %ptxas -arch=sm_87 %t.87.s -o %t.87.o %}
#include "cuda-bare.h"

// 64 rows of 188 floats, x and y: all 48 KiB once the arrays are aligned.
extern "C" __global__ void __launch_bounds__(64)
gemv_full(const float *__restrict__ A, const float *__restrict__ x,
          float *__restrict__ y, int m) {
  int i = BLOCK_X * BLOCK_DIM_X + THREAD_X;
  if (i < m) {
    float s = 0.0f;
    for (int j = 0; j < 188; j++)
      s += A[i * 188 + j] * x[j];
    y[i] = s;
  }
}

// REMARK: remark: kernel gemv_full: depth-1 loop tiled, one thread block and 188 of its iterations per PREM interval; accesses outside it in compatible intervals of their own: 1 after the depth-1 loop

// CHECK-DAG: .weak .global .align 8 .b8 __prem_token[24];
// CHECK-DAG: .shared .align 8 .b8 BlockState[24];
// CHECK-LABEL: .func __prem_enter_mem(
// Thread 0 acts for the block; its state is reset when it names another
// block (another launch, or an earlier block on this multiprocessor).
// CHECK: mov.u32 {{%r[0-9]+}}, %tid.x;
// CHECK: mov.u64 [[GRID:%rd[0-9]+]], %gridid;
// CHECK: shl.b64 {{%rd[0-9]+}}, [[GRID]], 32;
// CHECK: ld.volatile.shared.b64 {{%rd[0-9]+}}, [BlockState];
// CHECK: st.volatile.shared.b64 [BlockState], {{%rd[0-9]+}};
// CHECK: st.volatile.shared.b32 [BlockState+20], 0;
// Held already only when this block took it: its flag first, then the
// holder word (8 bytes in).
// CHECK: ld.volatile.shared.b32 [[TOOK:%r[0-9]+]], [BlockState+20];
// CHECK-NEXT: setp.eq.b32 [[NOTTAKEN:%p[0-9]+]], [[TOOK]], 0;
// CHECK-NEXT: @[[NOTTAKEN]] bra [[QUEUE:\$L__BB[0-9_]+]];
// CHECK: ld.acquire.sys.global.b32 {{%r[0-9]+}}, [__prem_token+8];
// A ticket, then wait to be served (4 bytes in).
// CHECK: [[QUEUE]]:
// CHECK-NEXT: atom.global.add.u32 [[TICKET:%r[0-9]+]], [__prem_token], 1;
// CHECK: ld.acquire.sys.global.b32 {{%r[0-9]+}}, [__prem_token+4];
// CHECK: nanosleep.u32 64;
// The grant's time, the holder word, and the block's flag.
// CHECK: mov.u64 {{%rd[0-9]+}}, %globaltimer;
// CHECK: st.relaxed.sys.global.b64 [__prem_token+16],
// CHECK-NEXT: st.release.sys.global.b32 [__prem_token+8],
// CHECK: st.volatile.shared.b32 [BlockState+20], 1;
// CHECK-LABEL: .func __prem_enter_comp(
// CHECK-LABEL: .func __prem_exit_mem(
// Only a block that took the token gives it back: the flag cleared, then
// a compare-and-swap on the holder word, and the next ticket served.
// CHECK: mov.u64 {{%rd[0-9]+}}, %gridid;
// CHECK: ld.volatile.shared.b32 [[HELD:%r[0-9]+]], [BlockState+20];
// CHECK-NEXT: setp.eq.b32 [[NOTHELD:%p[0-9]+]], [[HELD]], 0;
// CHECK-NEXT: @[[NOTHELD]] bra
// CHECK: st.volatile.shared.b32 [BlockState+20], 0;
// CHECK: atom.acq_rel.sys.global.cas.b32 {{%r[0-9]+}}, [__prem_token+8], {{%r[0-9]+}}, 0;
// CHECK: atom.add.release.gpu.u32
