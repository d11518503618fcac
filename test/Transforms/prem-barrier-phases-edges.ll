; Issue 29, from a review: a branch with both edges to one block (IR that
; SimplifyCFG has not folded). dup: the block has no other predecessor, so
; the call goes before its store. dup_join: the block is also entered from
; elsewhere; a call on one of the two edges (SplitEdge splits one) would
; miss the other, so the call goes before the branch.
; RUN: %opt_prem -passes=prem-sync,verify -S %s -o - | FileCheck %s
target triple = "nvptx64-nvidia-cuda"

@s = internal addrspace(3) global [64 x float] undef, align 4
@u = internal addrspace(3) global [64 x float] undef, align 4

; CHECK-LABEL: define ptx_kernel void @dup(
; CHECK: store:
; CHECK-NEXT: %gp = getelementptr
; CHECK-NEXT: call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
; CHECK-NEXT: call void @__prem_enter_mem(
; CHECK-NEXT: call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
; CHECK-NEXT: store float %x, ptr %gp
define ptx_kernel void @dup(ptr %g, i32 %c) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %sp = getelementptr float, ptr addrspace(3) @s, i32 %t
  store float 1.0, ptr addrspace(3) %sp
  call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %x = load float, ptr addrspace(3) %sp
  %k = icmp sgt i32 %c, 0
  br i1 %k, label %store, label %store

store:
  %gp = getelementptr float, ptr %g, i32 %t
  store float %x, ptr %gp
  ret void
}

; CHECK-LABEL: define ptx_kernel void @dup_join(
; CHECK: mid:
; CHECK-NEXT: %k = icmp
; CHECK-NEXT: call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
; CHECK-NEXT: call void @__prem_enter_mem(
; CHECK-NEXT: call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
; CHECK-NEXT: br i1 %k, label %store, label %store
define ptx_kernel void @dup_join(ptr %g, i32 %c, i32 %d) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %sp = getelementptr float, ptr addrspace(3) @u, i32 %t
  store float 1.0, ptr addrspace(3) %sp
  call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %x = load float, ptr addrspace(3) %sp
  %j = icmp sgt i32 %d, 0
  br i1 %j, label %mid, label %store

mid:
  %k = icmp sgt i32 %c, 0
  br i1 %k, label %store, label %store

store:
  %gp = getelementptr float, ptr %g, i32 %t
  store float %x, ptr %gp
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32)
