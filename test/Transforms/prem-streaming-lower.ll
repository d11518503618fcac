; prem-streaming-lower on accesses prem-comply marked !nontemporal, at the
; IR level (the CUDA shapes are in prem-comply-streaming.cu).
; RUN: %opt_prem -passes=prem-streaming-lower,verify %s -S -o - | FileCheck %s
; Found by a hostile review:
;  - a pointer of a 32-bit space travels in a 32-bit register (it was
;    loaded and stored as 8 bytes);
;  - a kernel's by-value argument is in the parameter space, not global
;    memory: its loads stay plain (they were cast to addrspace(1));
;  - a generic pointer into shared memory or a thread's stack keeps a plain
;    access.

target datalayout = "e-p3:32:32-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

%struct.S = type { float, float }

@tile = internal addrspace(3) global [32 x float] undef, align 4

; CHECK-LABEL: define ptx_kernel void @pointers(
; CHECK: %p.cs = call i32 asm "ld.global.cs.b32 $0, [$1];", "=r,l"(ptr addrspace(1) %{{.*}})
; CHECK-NEXT: %{{.*}} = inttoptr i32 %p.cs to ptr addrspace(3)
; CHECK: %[[BITS:.*]] = ptrtoint ptr addrspace(3) %{{.*}} to i32
; CHECK-NEXT: call void asm sideeffect "st.global.cs.b32 [$0], $1;", "l,r,~{memory}"(ptr addrspace(1) %{{.*}}, i32 %[[BITS]])
define ptx_kernel void @pointers(ptr %a, ptr %b) {
  %p = load ptr addrspace(3), ptr %a, align 4, !nontemporal !0
  store ptr addrspace(3) %p, ptr %b, align 4, !nontemporal !0
  ret void
}

; CHECK-LABEL: define ptx_kernel void @by_value(
; CHECK-NOT: addrspacecast ptr %s
; CHECK: %x = load float, ptr %s, align 4
; CHECK: call void asm sideeffect "st.global.cs.f32 [$0], $1;"
define ptx_kernel void @by_value(ptr byval(%struct.S) align 4 %s, ptr %out) {
  %x = load float, ptr %s, align 4, !nontemporal !0
  store float %x, ptr %out, align 4, !nontemporal !0
  ret void
}

; A copy from global memory into shared memory and a thread's stack: the
; global loads are streaming, the other stores plain.
; CHECK-LABEL: define ptx_kernel void @other_sides(
; CHECK: call { i32, i32, i32, i32 } asm "ld.global.cs.v4.b32
; CHECK-NOT: asm sideeffect "st
; CHECK: store <4 x i32> %{{.*}}, ptr %{{.*}}, align 16
; CHECK: ret void
define ptx_kernel void @other_sides(ptr %src, i32 %i) {
  %stack = alloca [4 x float], align 16
  %dst = getelementptr [32 x float], ptr addrspacecast (ptr addrspace(3) @tile to ptr), i32 0, i32 %i
  call void @llvm.memcpy.p0.p0.i64(ptr align 4 %dst, ptr align 4 %src, i64 4, i1 false), !nontemporal !0
  call void @llvm.memcpy.p0.p0.i64(ptr align 16 %stack, ptr align 16 %src, i64 16, i1 false), !nontemporal !0
  %v = load float, ptr %stack, align 16
  store float %v, ptr %dst, align 4
  ret void
}

declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1)

!0 = !{i32 1}
