; The runtime's streaming copies (what prem-bypass-lower makes of a Load
; phase's SoftDMA copies when L1 bypass is on), linked by prem-link-runtime:
; on NVPTX their loads are ld.global.cg (behind isspacep.global), on AMDGPU
; agent-scope relaxed atomic loads (glc on gfx90a), chosen per interval (per
; row of a 2-D copy) by seed 000's rule with U = 1 and R = 0: bypass unless
; the interval is whole 128-byte lines. The plain copies keep the L1.
; RUN: rm -rf %t && split-file %s %t
; RUN: %opt_prem -passes=prem-link-runtime,verify %t/nvptx.ll -S -o %t/nvptx.linked.ll
; RUN: llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_90 -mattr=+ptx80 %t/nvptx.linked.ll -o %t/nvptx.s
; RUN: FileCheck %s --check-prefix=PTX < %t/nvptx.s
; RUN: %if ptxas %{ %ptxas -c -arch=sm_90 %t/nvptx.s -o %t/nvptx.o %}
; RUN: %opt_prem -passes=prem-link-runtime,verify %t/amdgpu.ll -S -o %t/amdgpu.linked.ll
; RUN: FileCheck %s --check-prefix=AMDGPU-IR < %t/amdgpu.linked.ll
; RUN: llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx90a %t/amdgpu.linked.ll -o - | FileCheck %s --check-prefix=GFX90A

; PTX-LABEL: .func __prem_copy_1d(
; PTX-NOT: .cg
; PTX-LABEL: .func __prem_copy_1d_streaming(
; PTX: isspacep.global %g, %rd{{[0-9]+}}; @%g ld.global.cg.v4.u32
; PTX: isspacep.global %g, %rd{{[0-9]+}}; @%g ld.global.cg.u32
; PTX-LABEL: .func __prem_copy_2d_streaming(
; PTX: ld.global.cg.u32
; PTX: ld.global.cg.v4.u32

; AMDGPU-IR: define internal void @__prem_copy_1d_streaming(
; AMDGPU-IR: load atomic i32, ptr {{.*}} syncscope("agent") monotonic
; AMDGPU-IR: define internal void @__prem_copy_2d_streaming(
; AMDGPU-IR: load atomic i32, ptr {{.*}} syncscope("agent") monotonic
; GFX90A: flat_load_dword v{{[0-9]+}}, v[{{[0-9]+:[0-9]+}}] glc

;--- nvptx.ll
target triple = "nvptx64-nvidia-cuda"
@spm = internal addrspace(3) global [4096 x i8] poison, align 64

define ptx_kernel void @stream(ptr addrspace(1) %a, i64 %n, i64 %pitch) {
  %src = addrspacecast ptr addrspace(1) %a to ptr
  %dst = addrspacecast ptr addrspace(3) @spm to ptr
  call void @__prem_copy_1d_streaming(ptr %dst, ptr %src, i64 %n)
  call void @__prem_copy_2d_streaming(ptr %dst, i64 64, ptr %src, i64 %pitch, i64 32, i64 16)
  ret void
}

define ptx_kernel void @plain(ptr addrspace(1) %a, i64 %n) {
  %src = addrspacecast ptr addrspace(1) %a to ptr
  %dst = addrspacecast ptr addrspace(3) @spm to ptr
  call void @__prem_copy_1d(ptr %dst, ptr %src, i64 %n)
  ret void
}

declare void @__prem_copy_1d_streaming(ptr, ptr, i64)
declare void @__prem_copy_2d_streaming(ptr, i64, ptr, i64, i64, i64)
declare void @__prem_copy_1d(ptr, ptr, i64)

;--- amdgpu.ll
target triple = "amdgcn-amd-amdhsa"
@spm = internal addrspace(3) global [4096 x i8] poison, align 64

define amdgpu_kernel void @stream(ptr addrspace(1) %a, i64 %n, i64 %pitch) {
  %src = addrspacecast ptr addrspace(1) %a to ptr
  %dst = addrspacecast ptr addrspace(3) @spm to ptr
  call void @__prem_copy_1d_streaming(ptr %dst, ptr %src, i64 %n)
  call void @__prem_copy_2d_streaming(ptr %dst, i64 64, ptr %src, i64 %pitch, i64 32, i64 16)
  ret void
}

declare void @__prem_copy_1d_streaming(ptr, ptr, i64)
declare void @__prem_copy_2d_streaming(ptr, i64, ptr, i64, i64, i64)
