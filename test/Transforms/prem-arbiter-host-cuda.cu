// The "host" arbitration policy (GPUguard) on NVPTX: a block's memory phase
// is announced in host memory mapped for the device (__prem_guard), with
// system-scope atomics written in PTX (LLVM 22 drops an atomicrmw's scope
// on NVPTX) and system-scope acquire loads of the arbiter's epoch. Each
// block keeps its state in 24 bytes of shared memory, which the default
// scratchpad budget leaves free: a block whose tile needs the whole 48 KiB
// is one tile without the policy; under it, its column loop is tiled
// instead (all 188 columns in one tile, without y, whose sums are stored
// after the loop in a compatible interval of their own), so ptxas never
// sees more than 48 KiB of static shared memory.
// RUN: %clang_prem -O2 %cuda_bare -I %S/Inputs -S %s -o %t.none.s -Rpass=prem -Rpass-missed=prem 2>&1 | FileCheck %s --check-prefix=NONE
// RUN: %clang_prem -O2 %cuda_bare -I %S/Inputs -mllvm -prem-arbiter=host -S %s -o %t.s -Rpass=prem -Rpass-missed=prem 2>&1 | FileCheck %s --check-prefix=HOST
// RUN: FileCheck %s < %t.s
// RUN: %if ptxas %{ %ptxas -arch=sm_90 -v %t.s -o %t.o 2>&1 | %python %S/../Driver/Inputs/max-smem.py 49152 %}
// RUN: %if ptxas %{ %ptxas -arch=sm_90 -v %t.none.s -o %t.none.o 2>&1 | %python %S/../Driver/Inputs/max-smem.py 49152 %}
// RUN: %clang_prem -O2 %cuda_bare -I %S/Inputs --no-offload-arch=sm_90 --cuda-gpu-arch=sm_87 -mllvm -prem-arbiter=host -S %s -o %t.87.s
// RUN: %if ptxas %{ %ptxas -arch=sm_87 %t.87.s -o %t.87.o %}
// The runtime with every policy (-prem-arbiter=launch): the host picks one
// by writing __prem_arbiter before the launch; it keeps the same room.
// RUN: %clang_prem -O2 %cuda_bare -I %S/Inputs -mllvm -prem-arbiter=launch -S %s -o %t.launch.s -Rpass=prem 2>&1 | FileCheck %s --check-prefix=HOST-LAUNCH
// RUN: FileCheck %s --check-prefix=LAUNCH < %t.launch.s
// RUN: %if ptxas %{ %ptxas -arch=sm_90 %t.launch.s -o %t.launch.o %}
#include "cuda-bare.h"

// 32 rows of A, x and y: 8576 bytes.
extern "C" __global__ void __launch_bounds__(32)
gemv(const float *__restrict__ A, const float *__restrict__ x,
     float *__restrict__ y, int m) {
  int i = BLOCK_X * BLOCK_DIM_X + THREAD_X;
  if (i < m) {
    float s = 0.0f;
    for (int j = 0; j < 64; j++)
      s += A[i * 64 + j] * x[j];
    y[i] = s;
  }
}

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

// NONE: remark: kernel gemv: thread block tiled, 32 threads per PREM interval
// NONE: remark: kernel gemv_full: thread block tiled, 64 threads per PREM interval
// HOST: remark: kernel gemv: thread block tiled, 32 threads per PREM interval
// HOST-LAUNCH: remark: kernel gemv_full: depth-1 loop tiled, one thread block and 188 of its iterations per PREM interval; accesses outside it in compatible intervals of their own: 1 after the depth-1 loop
// HOST: remark: kernel gemv_full: depth-1 loop tiled, one thread block and 188 of its iterations per PREM interval; accesses outside it in compatible intervals of their own: 1 after the depth-1 loop

// The block's state, and the guard's address the host writes by name.
// CHECK-DAG: .shared .align 8 .b8 BlockState[24];
// CHECK-DAG: .weak .global .align 8 .u64 __prem_guard;
// CHECK-LABEL: .entry gemv(
// CHECK: call.uni __prem_enter_mem,
// CHECK-LABEL: .entry gemv_full(
// CHECK: call.uni __prem_enter_mem,
// CHECK: ret;
// CHECK-LABEL: .func __prem_enter_mem(
// CHECK: mov.u64 {{%rd[0-9]+}}, %gridid;
// CHECK: ld.volatile.shared.b64 {{%rd[0-9]+}}, [BlockState];
// Wait for a kernel window (the epoch), announce (in_memory, system
// scope), look at the CPU's side (cpu_in_memory, 20 bytes in), all
// sequentially consistent; the trace gets the grant's time.
// CHECK: fence.sc.sys;
// CHECK-NEXT: ld.acquire.sys.b64
// CHECK: fence.sc.sys;
// CHECK-NEXT: atom.add.acq_rel.sys.u32
// CHECK: fence.sc.sys;
// CHECK-NEXT: ld.acquire.sys.b32 {{%r[0-9]+}}, [{{%rd[0-9]+}}+20];
// CHECK: mov.u64 {{%rd[0-9]+}}, %globaltimer;
// CHECK: trap;
// Giving memory back: the announcement withdrawn.
// CHECK-LABEL: .func __prem_enter_comp(
// CHECK: atom.add.acq_rel.sys.u32
// CHECK-LABEL: .func __prem_exit_mem(
// CHECK: atom.add.acq_rel.sys.u32

// LAUNCH-DAG: .weak .global .align 4 .u32 __prem_arbiter;
// LAUNCH-DAG: .weak .global .align 8 .b8 __prem_token[24];
// LAUNCH-DAG: .weak .global .align 8 .b8 __prem_tdma[32]
// LAUNCH-DAG: .weak .global .align 8 .u64 __prem_guard;
// LAUNCH-DAG: .shared .align 8 .b8 BlockState[24];
// LAUNCH-DAG: ld.global.b32 {{%r[0-9]+}}, [__prem_arbiter];
