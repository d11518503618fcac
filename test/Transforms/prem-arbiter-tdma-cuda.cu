// The "tdma" arbitration policy on NVPTX: thread 0 of each block waits for
// its slot of the table __prem_tdma (read from %globaltimer). With
// launch_slot (12 bytes in) not 0 the slot is the launch's (launch_slot -
// 1) for every block, so the blocks of a launch run their memory phases
// together (design §3b; the host writes the module's table before the
// launch, libprem_gpu's prem_gpu_tdma_set); with 0, slot "block number mod
// slots" (8 bytes in), as before. The default table: 8 slots of 100 us, a
// 50 us budget, per block. PTX accepted for sm_90 and sm_87.
// RUN: %clang_prem -O2 %cuda_bare -I %S/Inputs -mllvm -prem-arbiter=tdma -S %s -o %t.s
// RUN: FileCheck %s < %t.s
// RUN: %if ptxas %{ %ptxas -arch=sm_90 %t.s -o %t.o %}
// RUN: %clang_prem -O2 %cuda_bare -I %S/Inputs --no-offload-arch=sm_90 --cuda-gpu-arch=sm_87 -mllvm -prem-arbiter=tdma -S %s -o %t.87.s
// RUN: %if ptxas %{ %ptxas -arch=sm_87 %t.87.s -o %t.87.o %}
#include "gemv-block.cuh"

// CHECK: .weak .global .align 8 .b8 __prem_tdma[32] = {160, 134, 1, 0, 0, 0, 0, 0, 8, 0, 0, 0, 0, 0, 0, 0, 80, 195};
// CHECK-LABEL: .func __prem_enter_mem(
// CHECK: mov.u32 {{%r[0-9]+}}, %tid.x;
// CHECK: mov.u64 {{%rd[0-9]+}}, %globaltimer;
// CHECK: ld.global.b32 [[LAUNCH:%r[0-9]+]], [__prem_tdma+12];
// CHECK-NEXT: setp.eq.b32 [[PERBLOCK:%p[0-9]+]], [[LAUNCH]], 0;
// CHECK-NEXT: @[[PERBLOCK]] bra [[BLOCK:\$L__BB[0-9_]+]];
// CHECK: add.s32 {{%r[0-9]+}}, [[LAUNCH]], -1;
// CHECK: [[BLOCK]]:
// CHECK: ld.global.b32 [[SLOTS:%r[0-9]+]], [__prem_tdma+8];
// CHECK-NEXT: rem.u32 {{%r[0-9]+}}, {{%r[0-9]+}}, [[SLOTS]];
// CHECK: ld.global.b64 {{%rd[0-9]+}}, [__prem_tdma];
