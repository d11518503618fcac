; On a GPU the SIMT dimension of a tile is a multiple of the block size; a
; kernel of unknown block size, or with an inexact footprint, gets no plan.
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
; CHECK: kernel rowsum (128 thread(s) per tile, 49152 bytes of scratchpad)
; CHECK-NEXT: candidate [128,64]: 33280 bytes, 4.06 bytes/iteration
; CHECK-NEXT: chosen [128,64]: 33280 bytes per tile, 4.06 bytes per iteration, the fewest of 1 maximal tiling(s)
; CHECK-NEXT: intervals: 1
; CHECK: kernel unknown_block (0 thread(s) per tile, 49152 bytes of scratchpad)
; CHECK-NEXT: no tiling: the block size is unknown (state it with __launch_bounds__, thread_limit or -prem-block-size)
; CHECK: kernel atomic (128 thread(s) per tile, 49152 bytes of scratchpad)
; CHECK-NEXT: no tiling: the footprint is not exact (atomic read-modify-write)

; USER: kernel unknown_block (64 thread(s) per tile, 49152 bytes of scratchpad)
; USER-NEXT: candidate [64]: 256 bytes, 4.00 bytes/iteration
