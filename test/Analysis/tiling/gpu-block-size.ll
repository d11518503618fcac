; A CUDA kernel's tile is its thread block: of the size it states
; (nvvm.maxntid, -prem-block-size), else of the launch's, the fit checked
; per block at run time. A kernel with an inexact footprint is not tiled.
; RUN: %opt_prem -passes='print<prem-tiling>' -disable-output %s | FileCheck %s
; RUN: %opt_prem -passes='print<prem-tiling>' -prem-block-size=64 -disable-output %s | FileCheck %s --check-prefix=USER

target triple = "nvptx64-nvidia-cuda"

; y[i] = sum_j A[i*64 + j] for one row per thread: 260 bytes per thread.
define ptx_kernel void @rowsum(ptr noalias %y, ptr noalias %A) "nvvm.maxntid"="128" {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %i = zext i32 %tid to i64
  %row = mul nuw nsw i64 %i, 64
  br label %loop
loop:
  %j = phi i64 [ 0, %entry ], [ %j.next, %loop ]
  %s = phi float [ 0.0, %entry ], [ %s.next, %loop ]
  %idx = add nuw nsw i64 %row, %j
  %p = getelementptr inbounds float, ptr %A, i64 %idx
  %v = load float, ptr %p
  %s.next = fadd float %s, %v
  %j.next = add nuw nsw i64 %j, 1
  %done = icmp eq i64 %j.next, 64
  br i1 %done, label %exit, label %loop
exit:
  %q = getelementptr inbounds float, ptr %y, i64 %i
  store float %s.next, ptr %q
  ret void
}

define ptx_kernel void @unknown_block(ptr %x) {
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %i = zext i32 %tid to i64
  %p = getelementptr float, ptr %x, i64 %i
  store float 0.0, ptr %p
  ret void
}

define ptx_kernel void @atomic(ptr %x) "nvvm.maxntid"="128" {
  %old = atomicrmw add ptr %x, i32 1 monotonic
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

; A block of 128 threads is the whole thread index range: one tile of
; 128 rows (32768 bytes of A, 512 of y).
; CHECK: kernel rowsum: tiled, the thread block, 128 thread(s) per tile, 33280 bytes of scratchpad
; CHECK-NEXT: why: one tile per thread block (a full block of threads that all pass the bounds guard)
; CHECK-NEXT: slot A: interval, 32768 bytes (32768 touched), store none
; CHECK-NEXT: slot y: interval, 512 bytes (512 touched), store interval
; CHECK-NEXT: kernel unknown_block: tiled, the thread block, one block of the launch's size per tile
; CHECK-NEXT: why: one tile per thread block; block size unknown, fit checked per block at run time
; CHECK-NEXT: slot x: interval, store interval
; CHECK-NEXT: kernel atomic: not tiled (NotExact): the footprint is not exact: atomic read-modify-write

; USER: kernel unknown_block: tiled, the thread block, 64 thread(s) per tile, 256 bytes of scratchpad
; USER-NEXT: why: one tile per thread block (a full block of threads that all pass the bounds guard)
; USER-NEXT: slot x: interval, 256 bytes (256 touched), store interval
