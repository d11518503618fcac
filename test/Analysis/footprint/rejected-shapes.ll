; Shapes whose footprint cannot be exact get a reason each, never a crash:
; atomics, volatile accesses, memory intrinsics, irreducible cycles, a CUDA
; grid-stride loop (unknown trip count) and a 2-D thread block. A store
; through a base pointer loaded inside the nest (pointer chasing) is exact:
; an indirect store, one element per execution, with what makes it indirect.
; RUN: %opt_prem -passes='print<prem-footprint>' -disable-output %s | FileCheck %s
; RUN: %opt_prem -passes='print<prem-footprint>' -disable-output %s -pass-remarks-analysis=prem 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK

target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @atomic(ptr %sum, ptr %x) {
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %i = zext i32 %tid to i64
  %p = getelementptr float, ptr %x, i64 %i
  %v = load float, ptr %p
  %old = atomicrmw fadd ptr %sum, float %v monotonic
  ret void
}
; CHECK-LABEL: kernel atomic region atomic
; CHECK: exact: no
; CHECK-NEXT: reason Atomic: atomic read-modify-write

define ptx_kernel void @volatile_store(ptr %x) {
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %i = zext i32 %tid to i64
  %p = getelementptr float, ptr %x, i64 %i
  store volatile float 0.0, ptr %p
  ret void
}
; CHECK-LABEL: kernel volatile_store region volatile_store
; CHECK: exact: no
; CHECK-NEXT: reason Volatile: volatile store

define ptx_kernel void @copy_row(ptr %dst, ptr %src) {
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %i = zext i32 %tid to i64
  %off = mul i64 %i, 256
  %d = getelementptr i8, ptr %dst, i64 %off
  %s = getelementptr i8, ptr %src, i64 %off
  call void @llvm.memcpy.p0.p0.i64(ptr %d, ptr %s, i64 256, i1 false)
  ret void
}
; CHECK-LABEL: kernel copy_row region copy_row
; CHECK: exact: no
; CHECK-NEXT: reason UnknownCall: memory intrinsic is not modelled

define ptx_kernel void @irreducible(ptr %x, i1 %c) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %i = zext i32 %tid to i64
  %p = getelementptr float, ptr %x, i64 %i
  br i1 %c, label %a, label %b
a:
  store float 1.0, ptr %p
  br label %b
b:
  %v = load volatile i1, ptr %x
  br i1 %v, label %a, label %exit
exit:
  ret void
}
; CHECK-LABEL: kernel irreducible region irreducible
; CHECK: exact: no
; CHECK-NEXT: reason IrreducibleControlFlow: the function has irreducible control flow
; CHECK-NEXT: reason Volatile: volatile load

define ptx_kernel void @grid_stride(ptr %x, i32 %n) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ctaid = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %ntid = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %nctaid = call i32 @llvm.nvvm.read.ptx.sreg.nctaid.x()
  %base = mul nsw i32 %ctaid, %ntid
  %start = add nsw i32 %base, %tid
  %stride = mul nsw i32 %ntid, %nctaid
  %enter = icmp slt i32 %start, %n
  br i1 %enter, label %loop, label %exit
loop:
  %iv = phi i32 [ %start, %entry ], [ %next, %loop ]
  %idx = sext i32 %iv to i64
  %p = getelementptr float, ptr %x, i64 %idx
  store float 0.0, ptr %p
  %next = add nsw i32 %iv, %stride
  %more = icmp slt i32 %next, %n
  br i1 %more, label %loop, label %exit
exit:
  ret void
}
; The stride delinearises (row k of gridDim*blockDim elements, column
; tid + block offset), but the trip count stays unknown.
; CHECK-LABEL: kernel grid_stride region grid_stride
; CHECK: depth 1: loop %loop, trip count unknown
; CHECK: array x: 4-byte elements, write, 1 access(es), delinearised as x[*][(sext i32 (%nctaid * %ntid) to i64)]
; CHECK-NEXT: write x[1*i1][1*i0 + 1*p0]
; CHECK: exact: no
; CHECK-NEXT: reason UnknownTripCount: trip count of the loop at %loop is not computable
; CHECK-NOT: reason

define ptx_kernel void @pointer_chase(ptr %rows) {
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %i = zext i32 %tid to i64
  %rp = getelementptr ptr, ptr %rows, i64 %i
  %row = load ptr, ptr %rp
  store float 0.0, ptr %row
  ret void
}
; CHECK-LABEL: kernel pointer_chase region pointer_chase
; CHECK: indirect store of row: 4 bytes, base pointer %row is computed inside the nest; 1 per tile [1]
; CHECK: exact: yes

; REMARK: remark: <unknown>:0:0: footprint of kernel 'atomic' is not exact: atomic read-modify-write
; REMARK: remark: <unknown>:0:0: footprint of kernel 'volatile_store' is not exact: volatile store
; REMARK: remark: <unknown>:0:0: footprint of kernel 'copy_row' is not exact: memory intrinsic is not modelled
; REMARK: remark: <unknown>:0:0: footprint of kernel 'irreducible' is not exact: the function has irreducible control flow
; REMARK: remark: <unknown>:0:0: footprint of kernel 'grid_stride' is not exact: trip count of the loop at %loop is not computable

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.nctaid.x()
declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1)

; A 2-D block: threads with the same x index but different y touch different
; rows. Of no stated shape it is taken as 32 x 8 (-prem-block-size=X,Y
; states another), its threads numbered t = x + 32 y: x[64 y + x] is
; x[t + 32 floor(t/32)].
define ptx_kernel void @block2d(ptr %x) {
  %tx = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ty = call i32 @llvm.nvvm.read.ptx.sreg.tid.y()
  %row = mul nuw nsw i32 %ty, 64
  %i = add nuw nsw i32 %row, %tx
  %idx = zext i32 %i to i64
  %p = getelementptr float, ptr %x, i64 %idx
  store float 0.0, ptr %p
  ret void
}
; CHECK-LABEL: kernel block2d region block2d
; CHECK: depth 0: thread index, trip count 256
; CHECK: write x[1*i0 + 32*floor((0 + 1*i0)/32)]
; CHECK: exact: yes

; A 3-D block of no stated shape: its z index is refused, not undercounted.
define ptx_kernel void @block3d(ptr %x) {
  %tx = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %tz = call i32 @llvm.nvvm.read.ptx.sreg.tid.z()
  %plane = mul nuw nsw i32 %tz, 4096
  %i = add nuw nsw i32 %plane, %tx
  %idx = zext i32 %i to i64
  %p = getelementptr float, ptr %x, i64 %idx
  store float 0.0, ptr %p
  ret void
}
; CHECK-LABEL: kernel block3d region block3d
; CHECK: exact: no
; CHECK-NEXT: reason NonAffineSubscript: subscript depends on threadIdx.z: state the shape of the kernel's 3-D blocks with -prem-block-size=X,Y,Z

; A lane id (threads of different warps share it) is named as the source
; names it, not as IR.
define ptx_kernel void @lane(ptr %x) {
  %tx = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ln = call i32 @llvm.nvvm.read.ptx.sreg.laneid()
  %i = add nuw nsw i32 %ln, %tx
  %idx = zext i32 %i to i64
  %p = getelementptr float, ptr %x, i64 %idx
  store float 0.0, ptr %p
  ret void
}
; CHECK-LABEL: kernel lane region lane
; CHECK: exact: no
; CHECK-NEXT: reason NonAffineSubscript: subscript depends on the lane id (a thread index of a block of unknown shape, a lane or a warp id), which is not modelled

; An array whose name is an isl keyword still gets its set.
define ptx_kernel void @keyword(ptr %and) {
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %i = zext i32 %tid to i64
  %p = getelementptr float, ptr %and, i64 %i
  store float 0.0, ptr %p
  ret void
}
; CHECK-LABEL: kernel keyword region keyword
; CHECK: elements: [ntid] -> { and_[o] : 0 <= o < ntid }
; CHECK: exact: yes

declare i32 @llvm.nvvm.read.ptx.sreg.tid.y()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.z()
declare i32 @llvm.nvvm.read.ptx.sreg.laneid()
