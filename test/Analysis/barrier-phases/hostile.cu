// Issue 29, from a hostile probe of the hand-tiled support: kernels whose
// barriers or memory the first version misjudged.
// - private_branch, lanemask_branch: a branch on a thread's own array (an
//   alloca: same address, different contents per thread) or on a lane
//   mask differs between threads; the barrier after it is refused rather
//   than a phase call placed inside it.
// - byval_loop, byval_scale: a struct passed by value is the parameter
//   space, the same in every thread: its fields are neither global data
//   nor make the segment that reads them mixed.
// - tex_weighted, ldcg_weighted: texture fetches and cache-hinted loads
//   are inline assembly LLVM takes as touching no memory; refused
//   (InlineAsm) rather than run in an Execute phase.
// - warp_reduce, fenced: __syncwarp and __threadfence touch no memory.
// - ends_in_execute: a kernel whose last segment computes still ends with
//   __prem_exit_mem (an agent's record ends with its exit).
// At -O0 every local variable lives in an alloca: early_return_tid stays
// refused and guarded_tid's memory call goes before its guard.
// RUN: %cuda_bare_ir -g -include %S/../../E2E/Inputs/cuda-builtins.h %s -o %t.ll
// RUN: %opt_prem -passes='print<prem-barrier-phases>' -disable-output %t.ll | FileCheck %s
// RUN: %clang -O0 -g -Xclang -disable-O0-optnone -S -emit-llvm -Wno-unknown-cuda-version %cuda_bare -include %S/../../E2E/Inputs/cuda-builtins.h %s -o %t.O0.ll
// RUN: %opt_prem -passes='print<prem-barrier-phases>' -disable-output %t.O0.ll | FileCheck %s --check-prefix=O0

extern "C" {

// CHECK-LABEL: kernel private_branch
// CHECK-SAME: refused (BarrierDivergent)
__global__ void private_branch(const float *in, float *out) {
  __shared__ float s[64];
  float v[4];
  int tid = threadIdx.x;
  s[tid] = in[tid];
  __syncthreads();
  for (int i = 0; i < 4; i++)
    v[(tid + i) & 3] = s[(tid * 5 + i) & 63];
  if (v[0] > 0)
    __syncthreads();
  out[tid] = v[1];
}

// CHECK-LABEL: kernel lanemask_branch
// CHECK-SAME: refused (BarrierDivergent)
__global__ void lanemask_branch(const float *in, float *out) {
  __shared__ float s[64];
  int tid = threadIdx.x;
  s[tid] = in[blockIdx.x * 64 + tid];
  if (__nvvm_read_ptx_sreg_lanemask_lt() == 0)
    __syncthreads();
  out[blockIdx.x * 64 + tid] = s[63 - tid];
}

struct Params {
  int n;
  float scale;
};

// CHECK-LABEL: kernel byval_loop
// CHECK-SAME: 2 segment(s)
__global__ void byval_loop(Params p, const float *in, float *out) {
  __shared__ float s[64];
  int tid = threadIdx.x;
  s[tid] = in[blockIdx.x * 64 + tid];
  __syncthreads();
  float v = 0;
  for (int i = 0; i < p.n; i++)
    v += s[(tid + i) & 63];
  out[blockIdx.x * 64 + tid] = v;
}

// CHECK-LABEL: kernel byval_scale
// CHECK: segment 1 after the barrier at line {{[0-9]+}}: execute (execute phase)
__global__ void byval_scale(Params p, const float *in, float *out) {
  __shared__ float s[64];
  int tid = threadIdx.x;
  s[tid] = in[blockIdx.x * 64 + tid];
  __syncthreads();
  float v = s[tid] * p.scale + s[63 - tid];
  __syncthreads();
  s[tid] = v;
  __syncthreads();
  out[blockIdx.x * 64 + tid] = s[(tid + 1) & 63];
}

typedef unsigned long long cudaTextureObject_t;
__device__ static inline float tex1Dfetch_f(cudaTextureObject_t obj, int x) {
  struct {
    float x, y, z, w;
  } r;
  asm("tex.1d.v4.f32.s32\t{%0, %1, %2, %3}, [%4, {%5}];"
      : "=f"(r.x), "=f"(r.y), "=f"(r.z), "=f"(r.w)
      : "l"(obj), "r"(x));
  return r.x;
}
// CHECK-LABEL: kernel tex_weighted
// CHECK-SAME: refused (InlineAsm): inline assembly that may access memory at line
__global__ void tex_weighted(cudaTextureObject_t features, const float *w,
                             float *out) {
  __shared__ float sw[64];
  sw[threadIdx.x] = w[threadIdx.x];
  __syncthreads();
  float acc = 0;
  for (int k = 0; k < 64; ++k)
    acc += sw[k] * tex1Dfetch_f(features, threadIdx.x * 64 + k);
  out[blockIdx.x * 64 + threadIdx.x] = acc;
}

__device__ static inline float ldcg(const float *p) {
  float r;
  asm("ld.global.cg.f32 %0, [%1];" : "=f"(r) : "l"(p));
  return r;
}
// CHECK-LABEL: kernel ldcg_weighted
// CHECK-SAME: refused (InlineAsm)
__global__ void ldcg_weighted(const float *x, const float *w, float *out) {
  __shared__ float sw[64];
  sw[threadIdx.x] = w[threadIdx.x];
  __syncthreads();
  float acc = 0;
  for (int k = 0; k < 64; ++k)
    acc += sw[k] * ldcg(&x[threadIdx.x * 64 + k]);
  out[blockIdx.x * 64 + threadIdx.x] = acc;
}

// CHECK-LABEL: kernel warp_reduce
// CHECK-SAME: 2 segment(s)
__global__ void warp_reduce(const float *in, float *out) {
  __shared__ float s[64];
  unsigned t = threadIdx.x;
  s[t] = in[blockIdx.x * 64 + t];
  __syncthreads();
  if (t < 32) {
    s[t] += s[t + 32];
    __nvvm_bar_warp_sync(0xffffffff);
    s[t] += s[t ^ 16];
  }
  if (t == 0)
    out[blockIdx.x] = s[0];
}

// CHECK-LABEL: kernel fenced
// CHECK-SAME: 2 segment(s)
__global__ void fenced(const float *in, float *out) {
  __shared__ float s[64];
  s[threadIdx.x] = in[threadIdx.x];
  __nvvm_membar_gl();
  __syncthreads();
  out[threadIdx.x] = s[63 - threadIdx.x];
}

// CHECK-LABEL: kernel ends_in_execute
// CHECK: call __prem_enter_comp (segment 1)
// CHECK-NEXT: call __prem_exit_mem (the kernel's end) before line {{[0-9]+}}: ret
__global__ void ends_in_execute(const float *in, float *out) {
  __shared__ float s[64];
  s[threadIdx.x] = in[threadIdx.x];
  out[threadIdx.x] = 0.0f;
  __syncthreads();
  s[63 - threadIdx.x] *= 2.0f;
}

// O0-LABEL: kernel guarded_tid
// O0: call __prem_enter_mem (segment {{[0-9]+}}) before line [[@LINE+8]]: br
__global__ void guarded_tid(const float *in, float *out, int n) {
  __shared__ float s[64];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  s[threadIdx.x] = i < n ? in[i] : 0.0f;
  __syncthreads();
  float v = s[threadIdx.x] + s[63 - threadIdx.x];
  __syncthreads();
  if (i < n)
    out[i] = v;
}

// O0-LABEL: kernel early_return_tid
// O0-SAME: refused (BarrierDivergent)
__global__ void early_return_tid(const float *in, float *out, int n) {
  __shared__ float s[64];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  s[threadIdx.x] = in[i];
  __syncthreads();
  out[i] = s[threadIdx.x] + s[63 - threadIdx.x];
}

// A loop until no thread changed anything (__syncthreads_or: the same
// answer in every thread): its barriers are met by all.
// CHECK-LABEL: kernel relabel_until_stable
// CHECK-SAME: 4 segment(s)
__global__ void relabel_until_stable(const int *img, int *labels) {
  __shared__ int s_img[128], s_lab[128];
  int tid = threadIdx.x, g = blockIdx.x * blockDim.x + tid;
  s_img[tid] = img[g];
  s_lab[tid] = tid;
  __syncthreads();
  int changed;
  do {
    changed = 0;
    int l = s_lab[tid];
    if (tid > 0 && s_img[tid - 1] == s_img[tid] && s_lab[tid - 1] < l) {
      l = s_lab[tid - 1];
      changed = 1;
    }
    __syncthreads();
    s_lab[tid] = l;
  } while (__nvvm_bar0_or(changed));
  labels[g] = s_lab[tid];
}

// A flag another block sets, polled through a volatile load: threads
// that read it at different times may leave the loop in different
// iterations, so the barrier inside is not met by all.
// CHECK-LABEL: kernel poll_flag
// CHECK-SAME: refused (BarrierDivergent)
__global__ void poll_flag(volatile int *flag, const float *in, float *out) {
  __shared__ float s[64];
  s[threadIdx.x] = in[threadIdx.x];
  while (*flag == 0)
    __syncthreads();
  out[threadIdx.x] = s[63 - threadIdx.x];
}

// A thread's own array walked through a pointer (a phi of addresses):
// its values differ per thread, so the branch on them does; the memory
// call goes before it, not into one side.
// CHECK-LABEL: kernel private_walk
// CHECK: call __prem_enter_mem (segment 1) before line [[@LINE+13]]: br
__global__ void private_walk(const float *in, float *out, int n) {
  __shared__ float s[128];
  int t = threadIdx.x;
  int hist[16];
  for (int j = 0; j < 16; j++)
    hist[j] = (t >> 4) * 3 + j;
  int best = 0;
  for (const int *p = hist; p != hist + n; ++p)
    best = *p > best ? *p : best;
  s[t] = t;
  __syncthreads();
  float x = s[127 - t];
  if (best > 20)
    out[blockIdx.x * 128 + t] = x;
}

// A persistent kernel never returns: refused, as the checks rest on the
// return post-dominating the kernel.
// CHECK-LABEL: kernel persistent
// CHECK-SAME: refused (Returns): the kernel can end without returning
__global__ void persistent(const float *g, float *out) {
  __shared__ float s[128];
  int t = threadIdx.x;
  for (unsigned it = 0;; it++) {
    s[t] = it;
    __syncthreads();
    out[it * 128 + t] = g[it * 128 + t] + s[127 - t];
    __syncthreads();
  }
}

// A helper of the kernel's own file with the barrier inside: its segments
// name the helper's line, where the barrier is written.
__device__ static inline void halve(float *s, unsigned t, unsigned h) {
  if (t < h)
    s[t] += s[t + h];
  __syncthreads();
}
// CHECK-LABEL: kernel with_helper
// CHECK: segment 2 after the barrier at line [[@LINE-3]]
__global__ void with_helper(const float *in, float *out) {
  __shared__ float s[64];
  unsigned t = threadIdx.x;
  s[t] = in[t];
  __syncthreads();
  halve(s, t, 32);
  halve(s, t, 16);
  if (t == 0)
    out[blockIdx.x] = s[0];
}

} // extern "C"
