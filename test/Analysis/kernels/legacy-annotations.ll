; Kernels named only in !nvvm.annotations (the pre-LLVM-20 form) and AMDGPU
; kernels are found; device functions and host functions are not kernels.
; RUN: %opt_prem -passes='print<prem-kernels>' -disable-output %s | FileCheck %s

target triple = "nvptx64-nvidia-cuda"

define void @old_style(ptr %p) {
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %idx = zext i32 %tid to i64
  %a = getelementptr float, ptr %p, i64 %idx
  store float 0.0, ptr %a
  ret void
}

define amdgpu_kernel void @amd(ptr %p) {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %idx = zext i32 %tid to i64
  %a = getelementptr float, ptr %p, i64 %idx
  store float 0.0, ptr %a
  ret void
}

define void @helper(ptr %p) {
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.amdgcn.workitem.id.x()

!nvvm.annotations = !{!0}
!0 = !{ptr @old_style, !"kernel", i32 1}

; CHECK: prem-kernels: 2 kernel(s)
; CHECK-NEXT: kernel old_style kind=cuda
; CHECK: simt: thread index (1 read(s) of the x thread index) in old_style
; CHECK-NEXT: thread-index expression: %tid.x
; CHECK-NEXT: kernel amd kind=amdgpu
; CHECK: simt: thread index (1 read(s) of the x thread index) in amd
; CHECK-NOT: kernel helper
