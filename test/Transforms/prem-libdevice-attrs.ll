; prem-libdevice-attrs: on NVPTX, a declaration of one of libdevice's
; functions that take and return no pointer (LibdeviceFunctions.def) touches
; no memory. Those that read or write through pointers (sincos, nan),
; names libdevice does not have (a program's own __nv_ function), other
; signatures (varargs, a pointer in a struct), noreturn declarations,
; definitions and other targets are left as they are; a declaration already
; memory(none) gets the other attributes.
; RUN: %opt_prem -passes=prem-libdevice-attrs,verify %s -S -o - | FileCheck %s
; RUN: sed 's/nvptx64-nvidia-cuda/x86_64-unknown-linux-gnu/' %s | %opt_prem -passes=prem-libdevice-attrs -S -o - | FileCheck %s --check-prefix=OTHER
; RUN: sed 's/nvptx64-nvidia-cuda/amdgcn-amd-amdhsa/' %s | %opt_prem -passes=prem-libdevice-attrs -S -o - | FileCheck %s --check-prefix=OTHER
; Under clang, before the simplification pipeline (E2E/team-tiles.test's
; regions, which it runs bit for bit): with a call of sqrtf in rownorm's
; loop (the declaration __nv_sqrtf, libdevice being linked later), the
; loop's step, which __kmpc_for_static_init wrote, is no longer a load in
; every iteration, and the OpenMP loop is tiled (before: "the SIMT loop has
; no affine induction variable"). ptxas accepts the PTX.
; RUN: %clang_prem -O2 -fopenmp --offload-arch=sm_90 --offload-device-only -nogpulib %nvptx_feature -S %S/../E2E/Inputs/team-tiles.c -o %t.s -mllvm -prem-gpu-tiles -mllvm -prem-spm-bytes=16384 -Rpass=prem -Rpass-missed=prem 2>&1 | FileCheck %s --check-prefix=REMARK
; RUN: FileCheck %s --check-prefix=PTX < %t.s
; RUN: %if ptxas %{ %ptxas -c -arch=sm_90 %t.s -o %t.sm90.o %}
; RUN: %clang_prem -O2 -fopenmp --offload-arch=sm_87 --offload-device-only -nogpulib %nvptx_feature -S %S/../E2E/Inputs/team-tiles.c -o %t.sm87.s -mllvm -prem-gpu-tiles -mllvm -prem-spm-bytes=16384
; RUN: %if ptxas %{ %ptxas -c -arch=sm_87 %t.sm87.s -o %t.sm87.o %}

target triple = "nvptx64-nvidia-cuda"

declare float @__nv_sqrtf(float)
declare double @__nv_pow(double, double)
declare i64 @__nv_umul64hi(i64, i64)
declare float @__nv_logf(float) memory(none)
declare void @__nv_sincosf(float, ptr, ptr)
declare float @__nv_nanf(ptr)
declare void @__nv_tick(i32)
declare float @__nv_user_side(float)
declare float @__nv_expf(float) noreturn
declare float @__nv_sinf(float, ...)
declare i32 @__nv_abs({ ptr, i32 })
declare float @sqrtf(float)

define float @__nv_fabsf(float %x) {
  %r = call float @llvm.fabs.f32(float %x)
  ret float %r
}

declare float @llvm.fabs.f32(float)

define float @use(float %x, double %y, i64 %n, ptr %s, ptr %c) {
  %a = call float @__nv_sqrtf(float %x)
  %b = call double @__nv_pow(double %y, double %y)
  %h = call i64 @__nv_umul64hi(i64 %n, i64 %n)
  %l = call float @__nv_logf(float %x)
  call void @__nv_sincosf(float %x, ptr %s, ptr %c)
  %q = call float @__nv_nanf(ptr %s)
  call void @__nv_tick(i32 1)
  %u = call float @__nv_user_side(float %x)
  %e = call float @__nv_expf(float %x)
  %v = call float (float, ...) @__nv_sinf(float %x, i32 1)
  %w = call i32 @__nv_abs({ ptr, i32 } zeroinitializer)
  %r = call float @sqrtf(float %x)
  %f = call float @__nv_fabsf(float %x)
  ret float %a
}

; CHECK: declare float @__nv_sqrtf(float) [[PURE:#[0-9]+]]
; CHECK: declare double @__nv_pow(double, double) [[PURE]]
; CHECK: declare i64 @__nv_umul64hi(i64, i64) [[PURE]]
; CHECK: declare float @__nv_logf(float) [[PURE]]
; CHECK: declare void @__nv_sincosf(float, ptr, ptr){{$}}
; CHECK: declare float @__nv_nanf(ptr){{$}}
; CHECK: declare void @__nv_tick(i32){{$}}
; CHECK: declare float @__nv_user_side(float){{$}}
; CHECK: declare float @__nv_expf(float) [[NORETURN:#[0-9]+]]
; CHECK: declare float @__nv_sinf(float, ...){{$}}
; CHECK: declare i32 @__nv_abs({ ptr, i32 }){{$}}
; CHECK: declare float @sqrtf(float){{$}}
; CHECK: define float @__nv_fabsf(float %x) {
; CHECK: attributes [[PURE]] = { nofree nosync nounwind willreturn memory(none) }
; CHECK: attributes [[NORETURN]] = { noreturn }

; OTHER: declare float @__nv_sqrtf(float){{$}}
; OTHER: declare double @__nv_pow(double, double){{$}}

; REMARK-NOT: not transformed
; REMARK: team-tiles.c:[[#]]:{{[0-9]+}}: remark: kernel {{.*}}_rownorm_l{{[0-9]+}}: {{.*}}tiled
; REMARK-NOT: not transformed
; The scratchpad, and the Load phase's memory request.
; PTX-LABEL: .entry __omp_offloading_{{.*}}_rownorm_l{{[0-9]+}}(
; PTX: .shared .align {{[0-9]+}} .b8 prem_$_spm_$_{{.*}}rownorm{{.*}}[{{[0-9]+}}];
; PTX: call.uni __prem_enter_mem,
