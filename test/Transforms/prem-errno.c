// A math function that may set errno (sqrtf under -fmath-errno, the host's
// default): it writes the thread's errno and nothing else (memory(errnomem:
// write)), so the loop is tiled like any other. The Execute phase calls it
// once per iteration, as the loop did; the stripped copies of dae (Load and
// Store phases) compute no values and do not call it.
// RUN: %omp_host_device_ir %s -o %t.ll
// RUN: %opt_prem -passes=prem-tile,prem-les,prem-sync,verify -prem-mode=dae -prem-spm-bytes=2048 %t.ll -S -o %t.dae.ll -pass-remarks=prem 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: FileCheck %s --check-prefix=DAE < %t.dae.ll
// RUN: %opt_prem -passes=prem-tile,prem-les,prem-sync,verify -prem-mode=sdma -prem-spm-bytes=2048 %t.ll -S | FileCheck %s --check-prefix=SDMA
// The Load and Store phases' loops have no call:
// RUN: sed -n '/^omp.inner.for.body.load:/,/^}/p' %t.dae.ll > %t.copies.ll
// RUN: not grep sqrtf %t.copies.ll
// A call that may also write other memory is still refused, the module
// unchanged:
// RUN: %omp_host_device_ir -DOTHER %s -o %t.other.ll
// RUN: %opt_prem -passes=verify %t.other.ll -S -o %t.other.plain.ll
// RUN: %opt_prem -passes=prem-tile,prem-les,prem-sync,verify %t.other.ll -S -o %t.other.after.ll -pass-remarks-missed=prem 2>&1 | FileCheck %s --check-prefix=OTHER
// RUN: cmp %t.other.plain.ll %t.other.after.ll
#include <math.h>
#define N 1024
#ifdef OTHER
#pragma omp declare target
float scale(float);
#pragma omp end declare target
#define F scale
#else
#define F sqrtf
#endif
void stddev(float *restrict sd, const float *restrict q) {
#pragma omp target teams distribute parallel for map(to: q[0:N]) map(from: sd[0:N])
  for (int j = 0; j < N; j++)
    sd[j] = F(q[j] / N) + 0.1f;
}

// REMARK: remark: {{.*}}kernel __omp_offloading_{{.*}}_stddev_l{{[0-9]+}}: worksharing loop tiled, 256 SIMT iterations per PREM interval

// The Execute loop reads q and writes sd in the scratchpad, and sets errno.
// DAE-LABEL: define internal void @__omp_offloading_{{.*}}_stddev_l{{[0-9]+}}.omp_outlined.omp_outlined(
// DAE: omp.inner.for.body:
// DAE-NEXT: %prem.k = phi i64 [ 0, %prem.execute ]
// DAE: load float, ptr %prem.spm.addr{{[0-9]*}}, align 4, {{.*}}!prem.array
// DAE-NEXT: %[[Q:[a-z0-9]+]] = fmul float
// DAE-NEXT: %[[S:[a-z0-9]+]] = call float @sqrtf(float noundef %[[Q]])
// DAE-NEXT: %[[V:[a-z0-9]+]] = fadd float %[[S]],
// DAE: store float %[[V]], ptr %prem.spm.addr{{[0-9]*}}, align 4, {{.*}}!prem.array
// DAE: prem.load:
// DAE-NEXT: call void @__prem_enter_mem(
// DAE-NEXT: br label %omp.inner.for.body.load
// DAE: omp.inner.for.body.global:
// DAE: call float @sqrtf(
// The Load phase copies q element by element, the Store phase sd.
// DAE: omp.inner.for.body.load:
// DAE: %[[E:[0-9]+]] = load float, ptr %arrayidx.load
// DAE: store float %[[E]], ptr %prem.spm.addr
// DAE: omp.inner.for.body.store:
// DAE: %[[W:[0-9]+]] = load float, ptr %prem.spm.addr
// DAE-NEXT: store float %[[W]], ptr %arrayidx{{[0-9]+}}.store

// SDMA: prem.load:
// SDMA-NEXT: call void @__prem_enter_mem(
// SDMA-NEXT: getelementptr i8, ptr %prem.spm, i64 %prem.slot{{$}}
// SDMA-NEXT: call void @__prem_copy_1d(
// SDMA: call float @sqrtf(

// OTHER: not transformed: the footprint is not exact: call to 'scale' may access memory
