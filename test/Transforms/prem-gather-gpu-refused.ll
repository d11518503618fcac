; A CUDA kernel with an indirect load and no stated block size: each thread
; gathers its own elements into the block's shared memory at a place that
; depends on the block size, so prem-tile leaves the kernel byte for byte as
; it was and says why (with the size, prem-cuda-gather.cu).
; RUN: opt -passes=verify %s -S -o %t.plain.ll
; RUN: %opt_prem -passes=prem-tile,prem-les,prem-sync,prem-link-runtime,verify %s -S -o %t.after.ll -pass-remarks-missed=prem 2>&1 | FileCheck %s
; RUN: cmp %t.plain.ll %t.after.ll
; CHECK: remark: <unknown>:0:0: kernel gather not transformed: an indirect load (subscript is loaded from memory inside the nest (from 'idx')) in a block of unknown size: its threads' gathered elements would not have a known place
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @gather(ptr %y, ptr %x, ptr %idx) {
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %i = zext i32 %tid to i64
  %ip = getelementptr i32, ptr %idx, i64 %i
  %k = load i32, ptr %ip, align 4
  %k64 = sext i32 %k to i64
  %xp = getelementptr float, ptr %x, i64 %k64
  %v = load float, ptr %xp, align 4
  %yp = getelementptr float, ptr %y, i64 %i
  store float %v, ptr %yp, align 4
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
