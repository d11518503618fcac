// An OpenMP NVPTX kernel whose entry no longer calls __kmpc_target_init has
// had the OpenMP device runtime inlined into it: clang without
// -foffload-lto links the runtime into the device module before it is
// optimised (-mlink-builtin-bitcode), and what is left of the worksharing
// loop is the runtime's arithmetic. The kernel is left alone with a remark
// that says how to compile it (test/Driver/omp-nvptx-link.c shows it with
// the real runtime, where that is built). Here the call is renamed away;
// the same kernel with its call is tiled.
// RUN: %omp_nvptx_device_ir %s -o %t.ll
// RUN: sed -e 's/@__kmpc_target_init(/@renamed_init(/g' %t.ll > %t.inlined.ll
// RUN: %opt_prem -passes=prem-tile,verify -prem-gpu-tiles -pass-remarks=prem -pass-remarks-missed=prem %t.ll -disable-output 2>&1 | FileCheck %s --check-prefix=TILED
// RUN: %opt_prem -passes=prem-tile,verify -prem-gpu-tiles -pass-remarks=prem -pass-remarks-missed=prem %t.inlined.ll -S -o %t.out.ll 2>&1 | FileCheck %s --check-prefix=INLINED
// RUN: %opt_prem -passes=verify %t.inlined.ll -S -o %t.plain.ll
// RUN: cmp %t.plain.ll %t.out.ll
// At -Oz the runtime's entry stays a call, but to a definition in the
// module: refused the same way.
// RUN: sed -e 's/^declare i32 @__kmpc_target_init(ptr, ptr).*/define i32 @__kmpc_target_init(ptr %%e, ptr %%l) { ret i32 -1 }/' %t.ll > %t.defined.ll
// RUN: %opt_prem -passes=prem-tile,verify -prem-gpu-tiles -pass-remarks=prem -pass-remarks-missed=prem %t.defined.ll -disable-output 2>&1 | FileCheck %s --check-prefix=INLINED
// An ompx_bare kernel has no kernel environment and never calls the
// runtime's entry: it is not taken for one with the runtime inlined.
// RUN: %omp_nvptx_device_ir -DBARE %s -o %t.bare.ll
// RUN: %opt_prem -passes=prem-tile,verify -prem-gpu-tiles -pass-remarks=prem -pass-remarks-missed=prem %t.bare.ll -disable-output 2>&1 | FileCheck %s --check-prefix=BARE

// BARE-NOT: device runtime was linked
// BARE: remark: {{.*}}kernel __omp_offloading_{{.*}}_bare_l{{[0-9]+}} not transformed
// BARE-NOT: device runtime was linked
// TILED: remark: {{.*}}kernel __omp_offloading_{{.*}}_saxpy_l[[#@LINE+5]]: worksharing loop tiled
// INLINED: remark: {{.*}}kernel __omp_offloading_{{.*}}_saxpy_l[[#@LINE+4]] not transformed: the kernel has no worksharing loop to tile: the OpenMP device runtime was linked into the module before PREM ran, which then sees the runtime's code in place of its calls: compile with -foffload-lto, which links it after
#define N 4096

void saxpy(float a, const float *x, float *y) {
#pragma omp target teams distribute parallel for map(to: x[0:N])            \
    map(tofrom: y[0:N])
  for (int i = 0; i < N; i++)
    y[i] = a * x[i] + y[i];
}

#ifdef BARE
#include <ompx.h>
void bare(float a, const float *x, float *y) {
#pragma omp target teams ompx_bare num_teams(N / 128) thread_limit(128)     \
    map(to: x[0:N]) map(tofrom: y[0:N])
  {
    int i = ompx_block_id_x() * ompx_block_dim_x() + ompx_thread_id_x();
    if (i < N)
      y[i] += a * x[i];
  }
}
#endif
