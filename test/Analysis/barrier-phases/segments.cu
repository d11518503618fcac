// Issue 29: prem-barrier-phases cuts a hand-tiled kernel at its block
// barriers and says which phase each segment becomes, or why the kernel is
// left alone: one kernel per segment class and per refusal. prem-sync
// then asks the arbiter where the phase changes (Transforms/
// prem-barrier-phases.cu checks the code).
// RUN: %cuda_bare_ir -g -include %S/../../E2E/Inputs/cuda-builtins.h %s -o %t.ll
// RUN: %opt_prem -passes='print<prem-barrier-phases>' -disable-output %t.ll | FileCheck %s
// RUN: %opt_prem -passes='print<prem-barrier-phases>' -prem-spm-bytes=100 -disable-output %t.ll | FileCheck %s --check-prefix=SMALL
// RUN: %opt_prem -passes=prem-tile,prem-les,prem-sync,verify -pass-remarks=prem -pass-remarks-missed=prem -disable-output %t.ll 2>&1 | FileCheck %s --check-prefix=REMARK

extern "C" {

// Load (into shared memory and a register), Execute, Store.
// CHECK-LABEL: kernel stage (shared memory 512 bytes): 3 segment(s)
// CHECK-NEXT: segment 0 after the kernel's start: load (memory phase), global loads 2, stores 0
// CHECK-NEXT: segment 1 after the barrier at line [[@LINE+8]]: execute (execute phase), global loads 0, stores 0, after segment(s) 0
// CHECK-NEXT: segment 2 after the barrier at line [[@LINE+10]]: store (memory phase), global loads 0, stores 1, after segment(s) 1, ends the kernel
__global__ void __launch_bounds__(128) stage(const float *in, const float *scale,
                                             float *out) {
  __shared__ float s[128];
  int i = blockIdx.x * 128 + threadIdx.x;
  s[threadIdx.x] = in[i];
  float k = scale[blockIdx.x];
  __syncthreads();
  float v = s[127 - threadIdx.x] * k;
  s[threadIdx.x] = v;
  __syncthreads();
  out[i] = s[threadIdx.x];
}
// CHECK-NEXT: call __prem_enter_mem (segment 0) before line {{[0-9]+}}: load in %entry, with a barrier before
// CHECK-NEXT: call __prem_enter_comp (segment 1) before
// CHECK-NEXT: call __prem_enter_mem (segment 2) before line {{[0-9]+}}: store in %entry, with a barrier before
// CHECK-NEXT: call __prem_exit_mem (the kernel's end) before line {{[0-9]+}}: ret in %entry, with a barrier before

// A segment that computes with what it reads: a memory phase (a compatible
// interval).
// CHECK-LABEL: kernel mixed (shared memory 512 bytes): 2 segment(s)
// CHECK-NEXT: segment 0 after the kernel's start: mixed (memory phase), global loads 1, stores 0
// CHECK-NEXT: segment 1 after the barrier at line [[@LINE+6]]: store (memory phase), global loads 0, stores 1, after segment(s) 0, ends the kernel
// CHECK-NEXT: call __prem_enter_mem (segment 0)
// CHECK-NEXT: call __prem_exit_mem (the kernel's end)
__global__ void mixed(const float *in, float *out) {
  __shared__ float s[128];
  s[threadIdx.x] = in[blockIdx.x * 128 + threadIdx.x] * 2.0f;
  __syncthreads();
  out[blockIdx.x * 128 + threadIdx.x] = s[127 - threadIdx.x];
}

// A tree over blockDim.x / 2: the loop's barrier is met by every thread
// (the block size is the block's), its segments touch global memory only
// on the way out (the store after the loop), so memory is asked for on
// the edges that leave it, and the loop runs in the Execute phase.
// CHECK-LABEL: kernel tree (shared memory 1024 bytes): 3 segment(s)
// CHECK-NEXT: segment 0 after the kernel's start: load (memory phase)
// CHECK-NEXT: segment 1 after the barrier at line [[@LINE+12]]: store (memory phase), global loads 0, stores 1, after segment(s) 0, ends the kernel, memory only on the paths that need it
// CHECK-NEXT: segment 2 after the barrier at line [[@LINE+15]]: store (memory phase), global loads 0, stores 1, after segment(s) 1 2, ends the kernel, memory only on the paths that need it
// CHECK-NEXT: call __prem_enter_mem (segment 0)
// CHECK-NEXT: call __prem_enter_comp (segment 1) before
// CHECK-NEXT: call __prem_enter_mem (segment 1) on the edge
// CHECK-NEXT: call __prem_enter_mem (segment 2) on the edge
// CHECK-NEXT: call __prem_exit_mem
// CHECK-NOT: call
__global__ void tree(const float *in, float *out, unsigned n) {
  __shared__ float s[256];
  unsigned t = threadIdx.x, i = blockIdx.x * blockDim.x + t;
  s[t] = i < n ? in[i] : 0.0f;
  __syncthreads();
  for (unsigned h = blockDim.x / 2; h > 0; h >>= 1) {
    if (t < h)
      s[t] += s[t + h];
    __syncthreads();
  }
  if (t == 0)
    out[blockIdx.x] = s[0];
}

// A tile loop: after its second barrier the Store of one tile and the
// Load of the next (load-store).
// CHECK-LABEL: kernel tiles (shared memory 512 bytes): 3 segment(s)
// CHECK: segment 2 after the barrier at line {{[0-9]+}}: load-store (memory phase), global loads 1, stores 1, after segment(s) 1, ends the kernel
__global__ void tiles(const float *in, float *out, int n) {
  __shared__ float s[128];
  for (int t = 0; t < n; ++t) {
    s[threadIdx.x] = in[t * 128 + threadIdx.x];
    __syncthreads();
    float v = s[127 - threadIdx.x] * 2.0f;
    __syncthreads();
    out[t * 128 + threadIdx.x] = v;
  }
}

// Global atomics stay refused.
// CHECK-LABEL: kernel global_atomic 
// CHECK-SAME: (shared memory 256 bytes): refused (GlobalAtomic): an atomic operation on global memory at line [[@LINE+5]]
__global__ void global_atomic(const unsigned *in, unsigned *count) {
  __shared__ unsigned s[64];
  s[threadIdx.x] = in[threadIdx.x];
  __syncthreads();
  atomicAdd(count, s[63 - threadIdx.x]);
}

// The graph decides how much memory a phase touches.
// CHECK-LABEL: kernel data_control 
// CHECK-SAME: (shared memory 256 bytes): refused (ControlOnGlobalData): the branch at line [[@LINE+5]] depends on data loaded from global memory
__global__ void data_control(const int *first, const int *edges, int *out) {
  __shared__ int s[64];
  int sum = 0;
  s[threadIdx.x] = 0;
  for (int e = first[threadIdx.x]; e < first[threadIdx.x + 1]; ++e)
    sum += edges[e];
  __syncthreads();
  out[threadIdx.x] = sum + s[63 - threadIdx.x];
}

// Threads past n leave before the barrier the others wait at.
// CHECK-LABEL: kernel early_return 
// CHECK-SAME: (shared memory 512 bytes): refused (BarrierDivergent): the barrier at line [[@LINE+7]] is not met by every thread: the branch at line [[@LINE+4]] depends on the thread and does not rejoin before it
__global__ void early_return(const float *in, float *out, int n) {
  __shared__ float s[128];
  int i = blockIdx.x * 128 + threadIdx.x;
  if (i >= n)
    return;
  s[threadIdx.x] = in[i];
  __syncthreads();
  out[i] = s[127 - threadIdx.x];
}

// A call prem-sync cannot see into.
// CHECK-LABEL: kernel calls 
// CHECK-SAME: (shared memory 512 bytes): refused (Call): a call to helper at line [[@LINE+8]]
__device__ __attribute__((noinline)) float helper(const float *p) {
  return p[0] * 2.0f;
}
__global__ void calls(const float *in, float *out) {
  __shared__ float s[128];
  s[threadIdx.x] = in[threadIdx.x];
  __syncthreads();
  out[threadIdx.x] = helper(in) + s[127 - threadIdx.x];
}

// A barrier of part of the block (bar.sync 1, 64).
// CHECK-LABEL: kernel partial_barrier 
// CHECK-SAME: (shared memory 512 bytes): refused (PartialBarrier): a barrier of part of the block at line [[@LINE+6]]
__global__ void partial_barrier(const float *in, float *out) {
  __shared__ float s[128];
  s[threadIdx.x] = in[threadIdx.x];
  __syncthreads();
  if (threadIdx.x < 64)
    __nvvm_barrier_sync_cnt(1, 64);
  out[threadIdx.x] = s[127 - threadIdx.x];
}

// prem-hoist: a segment that computes with a global read is mixed; when
// the read can run at the segment's start and frees enough computation
// (here 12 rounds of arithmetic), it moves there (Transforms/
// prem-barrier-phases.cu shows the code).
// CHECK-LABEL: kernel rescale
// CHECK: segment 1 after the barrier at line {{[0-9]+}}: mixed (memory phase), global loads 1, stores 1, after segment(s) 0, ends the kernel, 1 global load(s) can move to its start
__global__ void rescale(const float *in, const float *w, float *out) {
  __shared__ float s[128];
  int t = threadIdx.x, i = blockIdx.x * 128 + t;
  s[t] = in[i];
  __syncthreads();
  float x = w[i] + s[127 - t];
#pragma unroll
  for (int n = 0; n < 12; ++n)
    x = x * x * 0.5f + 0.25f;
  out[i] = x;
}

// Not moved: a store before the read may write what it reads (out and w
// may be the same array).
// CHECK-LABEL: kernel rescale_after_store
// CHECK: segment 1 after the barrier at line {{[0-9]+}}: mixed (memory phase), global loads 1, stores 2, after segment(s) 0, ends the kernel{{$}}
__global__ void rescale_after_store(const float *in, const float *w,
                                    float *out) {
  __shared__ float s[128];
  int t = threadIdx.x, i = blockIdx.x * 128 + t;
  s[t] = in[i];
  __syncthreads();
  out[i] = 0.0f;
  float x = w[i] + s[127 - t];
#pragma unroll
  for (int n = 0; n < 12; ++n)
    x = x * x * 0.5f + 0.25f;
  out[i + 1] = x;
}

// Not moved: on one path from the segment's start to the read another
// pair of barriers orders a neighbour's write before it (the read is in
// two segments).
// CHECK-LABEL: kernel rescale_after_barriers
// CHECK-NOT: can move
// CHECK-LABEL: kernel rescale_guarded
__global__ void rescale_after_barriers(float *g, float *out, int c) {
  __shared__ float s[128];
  int t = threadIdx.x, i = blockIdx.x * 128 + t;
  s[t] = t;
  __syncthreads();
  if (c) {
    __syncthreads();
    g[blockIdx.x * 128 + (t + 1) % 128] = s[(t + 1) % 128] + 100.0f;
    __syncthreads();
  }
  float x = g[i];
#pragma unroll
  for (int n = 0; n < 12; ++n)
    x = x * x * 0.5f + 0.25f;
  out[i] = x;
}

// Not moved: the read runs only in some threads (it could fault where
// the others would not read).
// CHECK: segment 1 after the barrier at line {{[0-9]+}}: mixed (memory phase), global loads 1, stores 1, after segment(s) 0, ends the kernel{{$}}
__global__ void rescale_guarded(const float *in, const float *w, float *out,
                                int n) {
  __shared__ float s[128];
  int t = threadIdx.x, i = blockIdx.x * 128 + t;
  s[t] = in[i];
  __syncthreads();
  if (i < n) {
    float x = w[i] + s[127 - t];
#pragma unroll
    for (int k = 0; k < 12; ++k)
      x = x * x * 0.5f + 0.25f;
    out[i] = x;
  }
}

} // extern "C"

// With a 100-byte scratchpad the staged kernel's 512 bytes leave the runtime
// nothing.
// SMALL: kernel stage (shared memory 512 bytes): refused (ScratchpadFull): the kernel's shared memory (512 bytes) leaves the runtime no room (the scratchpad budget is 100 bytes)

// REMARK-DAG: remark: {{.*}}segments.cu:{{[0-9]+}}:{{[0-9]+}}: kernel stage: segment 0 (from the kernel's start): Load phase (2 global load(s), into shared memory or registers)
// REMARK-DAG: remark: {{.*}}segments.cu:{{[0-9]+}}:{{[0-9]+}}: kernel stage: segment 1 (after this barrier): Execute phase (shared memory and registers only)
// REMARK-DAG: remark: {{.*}}segments.cu:{{[0-9]+}}:{{[0-9]+}}: kernel stage: segment 2 (after this barrier): Store phase (1 global store(s))
// REMARK-DAG: remark: {{.*}}segments.cu:{{[0-9]+}}:{{[0-9]+}}: kernel mixed: segment 0 (from the kernel's start): memory phase, a compatible interval: it computes with a value loaded from global memory at line {{[0-9]+}}
// REMARK-DAG: remark: {{.*}}segments.cu:{{[0-9]+}}:{{[0-9]+}}: kernel global_atomic not transformed: an atomic operation on global memory
// REMARK-DAG: remark: {{.*}}segments.cu:{{[0-9]+}}:{{[0-9]+}}: kernel data_control not transformed: the branch
// REMARK-DAG: remark: {{.*}}segments.cu:{{[0-9]+}}:{{[0-9]+}}: kernel early_return not transformed: the barrier
// REMARK-DAG: remark: {{.*}}segments.cu:{{[0-9]+}}:{{[0-9]+}}: kernel calls not transformed: a call to helper
// REMARK-DAG: remark: {{.*}}segments.cu:{{[0-9]+}}:{{[0-9]+}}: kernel partial_barrier not transformed: a barrier of part of the block
