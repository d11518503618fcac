// The "rtgate" arbitration policy on NVPTX (real-time first, design §3b):
// a real-time kernel never waits for best-effort work. Thread 0 of each
// block acts for it; with launch grants alone (the host raises the
// stream's flag around each launch: the GPU default) it does nothing. With
// a governor registered (governor.work, 152 bytes
// into prem_gate) it starts the launch's progress when its %gridid is new;
// with phase_gating (24 bytes in) it announces each memory phase in
// rt_in_memory (16 bytes in), with K (rt_max_in_memory, 20 bytes in) by a
// compare-and-swap that waits only for other real-time blocks. Without the
// arbiter's state (__prem_gate null, or no magic) the kernel says so and
// traps. Whether a block is in memory is its own state in shared memory
// (24 bytes, as under "device" and "host"), which the scratchpad budget
// leaves free.
// RUN: %clang_prem -O2 %cuda_bare -I %S/Inputs -mllvm -prem-arbiter=rtgate -S %s -o %t.s -Rpass=prem 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: FileCheck %s < %t.s
// RUN: %if ptxas %{ %ptxas -arch=sm_90 -v %t.s -o %t.o 2>&1 | %python %S/../Driver/Inputs/max-smem.py 49152 %}
// RUN: %clang_prem -O2 %cuda_bare -I %S/Inputs --no-offload-arch=sm_90 --cuda-gpu-arch=sm_87 -mllvm -prem-arbiter=rtgate -S %s -o %t.87.s
// RUN: %if ptxas %{ %ptxas -arch=sm_87 %t.87.s -o %t.87.o %}
// (On AMDGPU the policy is refused when linking: prem-arbiter-host-amdgpu.ll.)
#include "gemv-block.cuh"

// REMARK: remark: kernel gemv: thread block tiled, 64 threads per PREM interval

// CHECK-DAG: .weak .global .align 8 .u64 __prem_gate;
// CHECK-DAG: .shared .align 8 .b8 BlockState[24];
// CHECK-LABEL: .func __prem_enter_mem(
// CHECK: mov.u32 {{%r[0-9]+}}, %tid.x;
// CHECK: ld.global.b64 [[G:%rd[0-9]+]], [__prem_gate];
// CHECK: setp.eq.b64 {{%p[0-9]+}}, {{%rd[0-9]+}}, 3550336520597687632;
// Launch grants alone (neither phase gating nor a governor): nothing more.
// CHECK: ld.b32 {{%r[0-9]+}}, [[[G]]+24];
// CHECK: ld.b64 {{%rd[0-9]+}}, [[[G]]+152];
// CHECK: mov.u64 {{%rd[0-9]+}}, %gridid;
// CHECK: ld.volatile.shared.b32 {{%r[0-9]+}}, [BlockState+16];
// CHECK: ld.b64 {{%rd[0-9]+}}, [[[G]]+152];
// CHECK: mov.u64 {{%rd[0-9]+}}, %gridid;
// CHECK: atom.relaxed.sys.cas.b64 {{%rd[0-9]+}}, [[[G]]+88],
// CHECK: ld.b32 {{%r[0-9]+}}, [[[G]]+24];
// CHECK: ld.b32 {{%r[0-9]+}}, [[[G]]+20];
// CHECK: atom.add.u32 {{%r[0-9]+}}, [[[G]]+16], 1;
// CHECK: nanosleep.u32 64;
// CHECK: atom.relaxed.sys.cas.b32 {{%r[0-9]+}}, [[[G]]+16],
// CHECK: st.volatile.shared.b32 [BlockState+16], 1;
// CHECK: call.uni (retval0), vprintf,
// CHECK: trap;
// CHECK-LABEL: .func __prem_enter_comp(
// CHECK: atom.add.u32 {{%r[0-9]+}}, [{{%rd[0-9]+}}+16], -1;
// CHECK-LABEL: .func __prem_exit_mem(
// CHECK: atom.add.u32 {{%r[0-9]+}}, [{{%rd[0-9]+}}+16], -1;
// The tile done: progress for the budget computation (rt_done, 104 in).
// CHECK: atom.add.u64 {{%rd[0-9]+}}, [{{%rd[0-9]+}}+104], 1;
