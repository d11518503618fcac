// Issue 29: prem-sync makes a hand-tiled kernel's segments PREM phases at
// its own barriers. The block's number is the interval; each call sits
// between block barriers (the kernel's own one before it where the call
// follows it). stage: its Load from the start (a barrier first), its
// Execute after its first barrier, its Store just before the store (the
// segment's index arithmetic runs in the Execute phase), and the end of
// the memory phase before the return. tree: the reduction loop in the
// Execute phase; memory asked for on the two edges into the store after
// it. rescale: prem-hoist moves the read of w to the start of the segment
// that computes with it, with its address, and a block barrier after it;
// the arithmetic then runs in an Execute phase and the store in a Store
// phase. The PTX is accepted for sm_90 and sm_87.
// RUN: %cuda_bare_ir -include %S/../E2E/Inputs/cuda-builtins.h %s -o %t.ll
// RUN: %opt_prem -passes=prem-tile,prem-les,prem-hoist,prem-sync,verify %t.ll -S -o - | FileCheck %s
// RUN: %clang_prem -O2 %cuda_bare -include %S/../E2E/Inputs/cuda-builtins.h -S %s -o %t.s
// RUN: %if ptxas %{ %ptxas -arch=sm_90 %t.s -o %t.o %}
// RUN: %clang_prem -O2 %cuda_bare -include %S/../E2E/Inputs/cuda-builtins.h --no-offload-arch=sm_90 --cuda-gpu-arch=sm_87 -S %s -o %t.87.s
// RUN: %if ptxas %{ %ptxas -arch=sm_87 %t.87.s -o %t.87.o %}

extern "C" {

// CHECK-LABEL: define {{.*}} @stage(
// CHECK: entry:
// CHECK: %prem.block = add i32
// CHECK: %arrayidx = getelementptr inbounds float, ptr %in
// CHECK-NEXT: call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
// CHECK-NEXT: call void @__prem_enter_mem(i32 %prem.block)
// CHECK-NEXT: call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
// CHECK-NEXT: load float, ptr %arrayidx
// CHECK: load float, ptr %arrayidx7
// CHECK-NEXT: tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
// CHECK-NEXT: call void @__prem_enter_comp(i32 %prem.block)
// CHECK-NEXT: call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
// CHECK-NOT: @__prem
// CHECK: tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
// CHECK-NEXT: %[[V:[0-9]+]] = load float, ptr %arrayidx4
// CHECK-NEXT: %arrayidx19 = getelementptr
// CHECK-NEXT: call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
// CHECK-NEXT: call void @__prem_enter_mem(i32 %prem.block)
// CHECK-NEXT: call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
// CHECK-NEXT: store float %[[V]], ptr %arrayidx19
// CHECK-NEXT: call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
// CHECK-NEXT: call void @__prem_exit_mem(i32 %prem.block)
// CHECK-NEXT: call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
// CHECK-NEXT: ret void
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

// CHECK-LABEL: define {{.*}} @tree(
// CHECK: %cmp = icmp ult i32 %add, %n
// CHECK-NEXT: call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
// CHECK-NEXT: call void @__prem_enter_mem(i32 %prem.block)
// CHECK-NEXT: call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
// CHECK-NEXT: br i1 %cmp
// CHECK: cond.end:
// CHECK: tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
// CHECK-NEXT: call void @__prem_enter_comp(i32 %prem.block)
// CHECK-NEXT: call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
// CHECK: br i1 %cmp6.not31, label %[[SKIP:[a-z._]+]], label %for.body
// CHECK: [[SKIP]]:
// CHECK-NEXT: call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
// CHECK-NEXT: call void @__prem_enter_mem(i32 %prem.block)
// CHECK-NEXT: call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
// CHECK-NEXT: br label %for.cond.cleanup
// CHECK: for.body:
// CHECK-NOT: @__prem
// CHECK: if.end:
// CHECK-NEXT: tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
// CHECK-NOT: @__prem
// CHECK: br i1 %cmp6.not, label %[[DONE:[a-z._]+]], label %for.body
// CHECK: [[DONE]]:
// CHECK-NEXT: call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
// CHECK-NEXT: call void @__prem_enter_mem(i32 %prem.block)
// CHECK-NEXT: call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
// CHECK-NEXT: br label %for.cond.cleanup
// CHECK: if.end19:
// CHECK-NEXT: call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
// CHECK-NEXT: call void @__prem_exit_mem(i32 %prem.block)
// CHECK-NEXT: call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
// CHECK-NEXT: ret void
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

// CHECK-LABEL: define {{.*}} @rescale(
// CHECK: call void @__prem_enter_mem(i32 %prem.block)
// CHECK: tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
// CHECK-NEXT: %[[W:[a-z0-9.]+]] = getelementptr inbounds float, ptr %w
// CHECK-NEXT: %[[X:[0-9]+]] = load float, ptr %[[W]]
// CHECK-NEXT: call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
// CHECK-NEXT: call void @__prem_enter_comp(i32 %prem.block)
// CHECK-NEXT: call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
// CHECK: %[[S:[0-9]+]] = load float, ptr %arrayidx7
// CHECK-NEXT: fadd contract float %[[X]], %[[S]]
// CHECK: call void @__prem_enter_mem(i32 %prem.block)
// CHECK-NEXT: call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
// CHECK-NEXT: store float
__global__ void __launch_bounds__(128) rescale(const float *in, const float *w,
                                               float *out) {
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

} // extern "C"
