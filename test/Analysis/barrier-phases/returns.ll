; A hand-tiled kernel with two returns (IR that SimplifyCFG has not merged):
; prem-sync would have to end the memory phase once for all of the block's
; threads, so the kernel is refused (Returns). A kernel prem-sync already
; gave phases (the "prem-barrier-phases" attribute) is not analysed again,
; so running prem-sync twice adds nothing.
; RUN: %opt_prem -passes='print<prem-barrier-phases>' -disable-output %s | FileCheck %s
; RUN: %opt_prem -passes=prem-sync,verify -S %s -o %t.once.ll
; RUN: %opt_prem -passes=prem-sync,verify -S %t.once.ll -o %t.twice.ll
; RUN: grep -c "call void @__prem_" %t.once.ll | FileCheck %s --check-prefix=ONCE
; RUN: grep -v ModuleID %t.once.ll > %t.once.body && grep -v ModuleID %t.twice.ll | diff %t.once.body -
; CHECK: kernel two_returns (shared memory 512 bytes): refused (Returns): the kernel returns at block %a and at block %b
; CHECK: kernel staged (shared memory 512 bytes): 2 segment(s)
; ONCE: 2
target triple = "nvptx64-nvidia-cuda"

@s = internal addrspace(3) global [128 x float] undef, align 4
@t = internal addrspace(3) global [128 x float] undef, align 4

define ptx_kernel void @two_returns(ptr %in, ptr %out, i1 %flag) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %idx = zext i32 %tid to i64
  %src = getelementptr float, ptr %in, i64 %idx
  %v = load float, ptr %src
  %dst = getelementptr [128 x float], ptr addrspace(3) @s, i64 0, i64 %idx
  store float %v, ptr addrspace(3) %dst
  call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  br i1 %flag, label %a, label %b
a:
  %w = load float, ptr addrspace(3) %dst
  %o = getelementptr float, ptr %out, i64 %idx
  store float %w, ptr %o
  ret void
b:
  ret void
}

define ptx_kernel void @staged(ptr %in, ptr %out) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %idx = zext i32 %tid to i64
  %src = getelementptr float, ptr %in, i64 %idx
  %v = load float, ptr %src
  %dst = getelementptr [128 x float], ptr addrspace(3) @t, i64 0, i64 %idx
  store float %v, ptr addrspace(3) %dst
  call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %rev = sub i32 127, %tid
  %ridx = zext i32 %rev to i64
  %from = getelementptr [128 x float], ptr addrspace(3) @t, i64 0, i64 %ridx
  %w = load float, ptr addrspace(3) %from
  %o = getelementptr float, ptr %out, i64 %idx
  store float %w, ptr %o
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32)
