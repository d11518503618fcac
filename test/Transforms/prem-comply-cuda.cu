// prem-comply makes a CUDA kernel a best-effort agent of the rtgate arbiter
// (design §3b) without PREM-transforming it: every back-edge of a loop that
// moves memory adds the bytes of that loop's own global loads and stores to
// a per-thread count (an SSA value, no memory), and when the count reaches
// -prem-poll-bytes the thread calls __prem_be_poll(count) and counts from 0.
// The kernel polls once at entry with what it moves outside loops. Loops
// that move no global memory (shared memory, registers) do not count or
// poll; a kernel without a loop that moves memory is bounded by its own
// length, which a remark says.
// RUN: %clang -O2 -fno-unroll-loops -gline-tables-only %cuda_bare -I %S/Inputs -fno-discard-value-names -S -emit-llvm %s -o %t.ll
// RUN: %opt_prem -passes=prem-comply,verify -S %t.ll -o - -pass-remarks=prem-comply 2> %t.remarks | FileCheck %s
// RUN: FileCheck %s --check-prefix=REMARK < %t.remarks
// RUN: %opt_prem -passes=prem-comply,verify -prem-poll-bytes=1024 -S %t.ll -o - | FileCheck %s --check-prefix=POLL1K
// Under clang, -prem-best-effort runs prem-comply instead of the PREM
// pipeline and links the runtime's poll; the PTX assembles for sm_90 and
// sm_87.
// RUN: %clang_prem -O2 %cuda_bare -I %S/Inputs -mllvm -prem-best-effort -S %s -o %t.s
// RUN: FileCheck %s --check-prefix=PTX < %t.s
// RUN: %if ptxas %{ %ptxas -arch=sm_90 %t.s -o %t.o %}
// RUN: %clang_prem -O2 %cuda_bare -I %S/Inputs --no-offload-arch=sm_90 --cuda-gpu-arch=sm_87 -mllvm -prem-best-effort -S %s -o %t.87.s
// RUN: %if ptxas %{ %ptxas -arch=sm_87 %t.87.s -o %t.87.o %}
#include "cuda-bare.h"

#define GRID_DIM_X __nvvm_read_ptx_sreg_nctaid_x()

// A grid-stride copy, 8 bytes per iteration: a poll every 32 iterations.
extern "C" __global__ void copy(const float *__restrict__ a,
                                float *__restrict__ b, int n) {
  for (int i = BLOCK_X * BLOCK_DIM_X + THREAD_X; i < n;
       i += BLOCK_DIM_X * GRID_DIM_X)
    b[i] = a[i];
}

// Shared memory only in the loop: no count, no poll there; the global
// store after it is polled for at entry (4 bytes).
extern "C" __global__ void __launch_bounds__(64)
shared_only(float *__restrict__ out) {
  __attribute__((shared)) float s[64];
  float acc = 0.0f;
  for (int k = 0; k < 64; k++) {
    s[THREAD_X] = acc + k;
    acc += s[(THREAD_X + 1) % 64];
  }
  out[BLOCK_X * 64 + THREAD_X] = acc;
}

// The loads happen in a function the loop calls, whose own count starts
// again at every call: the call counts as a poll's worth, so the loop
// polls at every iteration. The function is inline (linkonce_odr): its
// polling copy becomes the module's own, so that linking device code
// cannot hand it to a real-time kernel of another translation unit.
__attribute__((device, noinline)) inline float element(const float *p,
                                                       int i) {
  return p[i];
}
extern "C" __global__ void __launch_bounds__(64)
sum_through_call(const float *__restrict__ a, float *__restrict__ out,
                 int n) {
  float s = 0.0f;
  for (int i = 0; i < n; i++)
    s += element(a, i);
  out[BLOCK_X * 64 + THREAD_X] = s;
}

// No loop at all.
extern "C" __global__ void scale(float *__restrict__ y) {
  int i = BLOCK_X * BLOCK_DIM_X + THREAD_X;
  y[i] = 2.0f * y[i];
}

// CHECK-LABEL: define {{.*}}void @copy(
// CHECK-NOT: alloca
// CHECK: entry:
// CHECK-NEXT: call void @__prem_be_poll(i64 0)
// CHECK: {{^}}for.body:
// CHECK-NEXT: %prem.be.bytes.0 = phi i64 [ 0, %for.body.lr.ph ], [ %prem.be.bytes.1, %prem.be.latch ]
// CHECK: load float
// CHECK: store float
// CHECK: %prem.be.sum = add i64 %prem.be.bytes.0, 8
// CHECK-NEXT: %prem.be.due = icmp uge i64 %prem.be.sum, 256
// CHECK-NEXT: br i1 %prem.be.due, label %prem.be.poll, label %prem.be.latch
// CHECK: {{^}}prem.be.poll:
// CHECK-NEXT: call void @__prem_be_poll(i64 %prem.be.sum)
// CHECK-NEXT: br label %prem.be.latch
// CHECK: {{^}}prem.be.latch:
// CHECK-NEXT: %prem.be.bytes.1 = phi i64 [ 0, %prem.be.poll ], [ %prem.be.sum, %for.body ]
// CHECK-NEXT: br i1 %cmp, label %for.body, label %for.cond.cleanup

// CHECK-LABEL: define {{.*}}void @shared_only(
// CHECK-NOT: alloca
// CHECK: call void @__prem_be_poll(i64 4)
// CHECK-NOT: __prem_be_poll
// CHECK-LABEL: define {{.*}}void @sum_through_call(
// CHECK: call {{.*}}float @_Z7elementPKfi(
// CHECK: %prem.be.sum = add i64 %prem.be.bytes.0, 256
// CHECK-NEXT: %prem.be.due = icmp uge i64 %prem.be.sum, 256
// CHECK-LABEL: define internal {{.*}}float @_Z7elementPKfi(

// CHECK-LABEL: define {{.*}}void @scale(
// CHECK: call void @__prem_be_poll(i64 8)
// CHECK-NOT: __prem_be_poll
// CHECK: ret void

// POLL1K-LABEL: define {{.*}}void @copy(
// POLL1K: %prem.be.due = icmp uge i64 %prem.be.sum, 1024

// REMARK: remark: {{.*}}prem-comply-cuda.cu:29:3: best-effort loop: moves 8 bytes per iteration and polls the arbiter every 32 iterations
// REMARK: remark: {{.*}}best-effort kernel shared_only has no loop that moves memory: it polls the arbiter once at entry and is bounded by its own length
// REMARK: remark: {{.*}}prem-comply-cuda.cu:{{[0-9]+}}:3: best-effort loop: moves 256 bytes per iteration and polls the arbiter every 1 iterations
// REMARK: remark: {{.*}}best-effort kernel scale has no loop that moves memory: it polls the arbiter once at entry and is bounded by its own length

// The poll, linked from the runtime: one lane per warp waits for the gate
// (a real-time stream's flag, with phase gating a real-time block in
// memory), the others at a warp barrier; the state must be set up.
// PTX: .visible .entry copy(
// PTX: call.uni __prem_be_poll,
// PTX: call.uni __prem_be_poll,
// PTX: .visible .entry shared_only(
// PTX: call.uni __prem_be_poll,
// PTX-NOT: call.uni __prem_be_poll,
// PTX: .visible .entry sum_through_call(
// PTX: .visible .entry scale(
// PTX-LABEL: .func __prem_be_poll(
// PTX: activemask.b32
// PTX: ld.global.b64 {{%rd[0-9]+}}, [__prem_gate];
// PTX: nanosleep.u32
// PTX: bar.warp.sync
// PTX: call.uni (retval0), vprintf,
// PTX: trap;
