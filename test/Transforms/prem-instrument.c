// prem-instrument: before each global load of a worksharing loop, a call
// that records the load's site, the lane (the loop's iteration, standing for
// a GPU thread) and the address. Stack slots and the OpenMP runtime's bounds
// are not profiled; a target region without a worksharing loop, and OpenMP
// NVPTX kernels, are left unchanged with a remark.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %omp_host_device_ir -gline-tables-only %s -o %t/host.ll
// RUN: %opt_prem -passes=prem-instrument -verify-each -prem-profile-generate=%t/k.raw -pass-remarks=prem -pass-remarks-missed=prem -S %t/host.ll -o %t/inst.ll 2> %t/remarks.txt
// RUN: FileCheck %s < %t/inst.ll
// RUN: FileCheck %s --check-prefix=REMARK < %t/remarks.txt
//
// Without the option the pass does nothing.
// RUN: %opt_prem -S %t/host.ll -o %t/plain.ll
// RUN: %opt_prem -passes=prem-instrument -S %t/host.ll -o %t/off.ll
// RUN: cmp %t/plain.ll %t/off.ll
//
// For OpenMP NVPTX the module is unchanged; a remark says where to profile.
// RUN: %omp_nvptx_device_ir -gline-tables-only %s -o %t/nvptx.ll
// RUN: %opt_prem -S %t/nvptx.ll -o %t/nvptx-plain.ll
// RUN: %opt_prem -passes=prem-instrument -prem-profile-generate=%t/k.raw -pass-remarks-missed=prem -S %t/nvptx.ll -o %t/nvptx-inst.ll 2> %t/nvptx-remarks.txt
// RUN: cmp %t/nvptx-plain.ll %t/nvptx-inst.ll
// RUN: FileCheck %s --check-prefix=NVPTX < %t/nvptx-remarks.txt
//
// The prem pipeline only instruments (no PREM transformation) and links the
// runtime's recorder.
// RUN: %opt_prem -passes=prem -prem-profile-generate=%t/k.raw -S %t/host.ll -o %t/pipeline.ll
// RUN: FileCheck %s --check-prefix=PIPELINE < %t/pipeline.ll

#define N 64
void saxpy(float a, float *x, float *y) {
#pragma omp target teams distribute parallel for map(to : x[0 : N]) map(tofrom : y[0 : N])
  for (int i = 0; i < N; i++)
    y[i] = a * x[i] + y[i];
}

void serial(float *x) {
#pragma omp target map(tofrom : x[0 : N])
  x[0] = x[1] + x[2];
}

// The output file, kernel and source names are shared by the sites; each
// site has its line, column, ordinal, size and the kernel's shape hash.
// CHECK: @[[OUT:prem.prof.str]] = private unnamed_addr constant [{{[0-9]+}} x i8] c"{{.*}}k.raw\00"
// CHECK-NEXT: @[[KERNEL:prem.prof.str.1]] = private unnamed_addr constant [{{[0-9]+}} x i8] c"__omp_offloading_{{.*}}_saxpy_l31\00"
// CHECK-NEXT: @[[FILE:prem.prof.str.2]] = private unnamed_addr constant [{{[0-9]+}} x i8] c"{{.*}}prem-instrument.c\00"
// CHECK-NEXT: @[[X:prem.prof.site]] = private constant { ptr, ptr, i32, i32, i32, i32, i64, ptr } { ptr @[[KERNEL]], ptr @[[FILE]], i32 33, i32 16, i32 0, i32 4, i64 [[HASH:-?[0-9]+]], ptr @[[OUT]] }
// CHECK-NEXT: @[[Y:prem.prof.site.3]] = private constant { ptr, ptr, i32, i32, i32, i32, i64, ptr } { ptr @[[KERNEL]], ptr @[[FILE]], i32 33, i32 23, i32 0, i32 4, i64 [[HASH]], ptr @[[OUT]] }
// CHECK-NOT: prem.prof.site
//
// CHECK: define internal void @__omp_offloading_{{.*}}_saxpy_l31{{.*}}omp_outlined{{.*}}omp_outlined(
// CHECK: [[IV:%[a-z.]+]] = phi i64
// CHECK: call void @__prem_prof_load(ptr @[[X]], i64 [[IV]], ptr [[XP:%[a-z0-9.]+]])
// CHECK-NEXT: load float, ptr [[XP]]
// CHECK: call void @__prem_prof_load(ptr @[[Y]], i64 [[IV]], ptr [[YP:%[a-z0-9.]+]])
// CHECK-NEXT: load float, ptr [[YP]]
// CHECK-NOT: __prem_prof_load(ptr
// CHECK: declare void @__prem_prof_load(ptr, i64, ptr)

// REMARK: prem-instrument.c:33:16: kernel __omp_offloading_{{.*}}_saxpy_l31: 2 global loads profiled
// REMARK: prem-instrument.c:38:10: loads of kernel __omp_offloading_{{.*}}_serial_l37 are not profiled: no worksharing loop whose iterations stand for threads

// NVPTX: loads of kernel __omp_offloading_{{.*}}_saxpy_l31 are not profiled: on this target only CUDA kernels are profiled (profile the host-offload build of the same source and use the profile here)

// PIPELINE: @llvm.global_dtors = {{.*}} ptr @write_profile
// PIPELINE-NOT: __prem_enter_mem
// PIPELINE: call void @__prem_prof_load(
// PIPELINE-NOT: __prem_enter_mem
// PIPELINE: define internal void @write_profile()
// PIPELINE-NOT: __prem_enter_mem
// PIPELINE: define internal void @__prem_prof_load(ptr
