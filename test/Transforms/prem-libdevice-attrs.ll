; prem-libdevice-attrs: on NVPTX, a declaration of libdevice (an __nv_ name)
; with no pointer among its parameters and result touches no memory; those
; that write through pointers (sincos), definitions, other names and other
; targets are left as they are.
; RUN: %opt_prem -passes=prem-libdevice-attrs,verify %s -S -o - | FileCheck %s
; RUN: sed 's/nvptx64-nvidia-cuda/x86_64-unknown-linux-gnu/' %s | %opt_prem -passes=prem-libdevice-attrs -S -o - | FileCheck %s --check-prefix=HOST
; Under clang, before the simplification pipeline: with a call of sqrtf in
; its loop (the declaration __nv_sqrtf, libdevice being linked later), the
; loop's step, which __kmpc_for_static_init wrote, is no longer a load in
; every iteration, and the OpenMP worksharing loop is tiled. The PTX is
; accepted by ptxas.
; RUN: %clang_prem -O2 -fopenmp --offload-arch=sm_90 --offload-device-only -nogpulib %nvptx_feature -S %S/Inputs/libdevice-sqrt.c -o %t.s -mllvm -prem-gpu-tiles -mllvm -prem-spm-bytes=4096 -Rpass=prem -Rpass-missed=prem 2>&1 | FileCheck %s --check-prefix=REMARK
; RUN: FileCheck %s --check-prefix=PTX < %t.s
; RUN: %if ptxas %{ %ptxas -c -arch=sm_90 %t.s -o %t.sm90.o %}
; RUN: %clang_prem -O2 -fopenmp --offload-arch=sm_87 --offload-device-only -nogpulib %nvptx_feature -S %S/Inputs/libdevice-sqrt.c -o %t.sm87.s -mllvm -prem-gpu-tiles -mllvm -prem-spm-bytes=4096
; RUN: %if ptxas %{ %ptxas -c -arch=sm_87 %t.sm87.s -o %t.sm87.o %}

target triple = "nvptx64-nvidia-cuda"

declare float @__nv_sqrtf(float)
declare double @__nv_pow(double, double)
declare i32 @__nv_popc(i32)
declare void @__nv_sincosf(float, ptr, ptr)
declare ptr @__nv_pointer_result(i32)
declare float @sqrtf(float)

define float @__nv_fabsf(float %x) {
  %r = call float @llvm.fabs.f32(float %x)
  ret float %r
}

declare float @llvm.fabs.f32(float)

define float @use(float %x, double %y, i32 %n, ptr %s, ptr %c) {
  %a = call float @__nv_sqrtf(float %x)
  %b = call double @__nv_pow(double %y, double %y)
  %p = call i32 @__nv_popc(i32 %n)
  call void @__nv_sincosf(float %x, ptr %s, ptr %c)
  %q = call ptr @__nv_pointer_result(i32 %n)
  %r = call float @sqrtf(float %x)
  %f = call float @__nv_fabsf(float %x)
  ret float %a
}

; CHECK: declare float @__nv_sqrtf(float) [[PURE:#[0-9]+]]
; CHECK: declare double @__nv_pow(double, double) [[PURE]]
; CHECK: declare i32 @__nv_popc(i32) [[PURE]]
; CHECK: declare void @__nv_sincosf(float, ptr, ptr){{$}}
; CHECK: declare ptr @__nv_pointer_result(i32){{$}}
; CHECK: declare float @sqrtf(float){{$}}
; CHECK: define float @__nv_fabsf(float %x) {
; CHECK: attributes [[PURE]] = { nofree nosync nounwind willreturn memory(none) }

; HOST: declare float @__nv_sqrtf(float){{$}}
; HOST: declare double @__nv_pow(double, double){{$}}

; REMARK: libdevice-sqrt.c:[[#]]:{{[0-9]+}}: remark: kernel {{.*}}_rownorm_l{{[0-9]+}}: {{.*}}tiled
; REMARK-NOT: not transformed
; PTX: call.uni (retval0), __nv_sqrtf
