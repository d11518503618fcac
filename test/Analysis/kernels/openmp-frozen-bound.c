// A worksharing loop that starts at a frozen lower bound: InstCombine
// freezes the bound __kmpc_for_static_init_4 wrote before a collapse(2) nest
// without an inner loop (the correlation's centring and scaling, as GPU
// ports write it). The runtime wrote a defined value, which freeze gives
// back unchanged: the loop is the SIMT loop, and prem-tile tiles it
// (E2E/gpu-style-omp.test runs it bit for bit). It used to be refused with
// "no loop starts at the lower bound".
// RUN: %omp_host_device_ir %s -o %t.ll
// RUN: FileCheck %s --check-prefix=IR < %t.ll
// RUN: %opt_prem -passes='print<prem-kernels>' -disable-output %t.ll | FileCheck %s
// RUN: %opt_prem -passes=prem-tile,verify -S %t.ll -pass-remarks=prem -o %t.tiled.ll 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: FileCheck %s --check-prefix=TILED < %t.tiled.ll

#define CN 64
#define CM 48

void centre(float *data, float *mean, float *stddev) {
#pragma omp target teams distribute parallel for collapse(2) map(to: mean[0:CM], stddev[0:CM]) map(tofrom: data[0:CN * CM])
  for (int i = 0; i < CN; i++)
    for (int j = 0; j < CM; j++) {
      data[i * CM + j] -= mean[j];
      data[i * CM + j] /= stddev[j];
    }
}

// IR: call void @__kmpc_for_static_init_4({{.*}}, i32 34,
// IR: [[LB:%[-a-zA-Z$._0-9]+]] = load i32, ptr %.omp.lb
// IR-NEXT: [[FR:%[-a-zA-Z$._0-9]+]] = freeze i32 [[LB]]
// IR: sext i32 [[FR]] to i64

// CHECK: kernel __omp_offloading_{{.*}}_centre_l18 kind=openmp
// CHECK: simt: loop %{{[-a-zA-Z$._0-9]+}} in __omp_offloading_{{.*}}_centre_l18.omp_outlined.omp_outlined via __kmpc_for_static_init_4

// REMARK: remark: {{.*}}kernel __omp_offloading_{{.*}}_centre_l18: worksharing loop tiled, 3072 SIMT iterations per PREM interval

// The tiles start where the frozen bound says.
// TILED: define internal void @__omp_offloading_{{.*}}_centre_l18.omp_outlined.omp_outlined(
// TILED: [[START:%[0-9]+]] = sext i32 %.fr to i64
// TILED: prem.tile:
// TILED-NEXT: %prem.done = phi i64
// TILED-NEXT: %prem.interval = phi i32
// TILED-NEXT: %indvars.iv.tile = phi i64 [ [[START]], %omp.inner.for.body.preheader ]
// TILED: %prem.n = call i64 @llvm.umin.i64(i64 {{%[0-9]+}}, i64 3072)
