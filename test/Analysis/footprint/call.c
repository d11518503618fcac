// call: a function defined elsewhere may touch any memory.
// RUN: %omp_host_device_ir %s -o %t.ll
// RUN: %opt_prem -passes='print<prem-footprint>' -disable-output %t.ll | FileCheck %s
// RUN: %opt_prem -passes='print<prem-kernels>' -disable-output %t.ll | FileCheck %s --check-prefix=KERNELS
// A math function that may set errno (and writes nothing else) touches no
// array: the footprint stays exact.
// RUN: %omp_host_device_ir -DERRNO %s -o %t.errno.ll
// RUN: %opt_prem -passes='print<prem-footprint>' -disable-output %t.errno.ll | FileCheck %s --check-prefix=ERRNO
// ERRNO: array y: 4-byte elements, write, 1 access(es)
// ERRNO: exact: yes
#define N 64
#ifdef ERRNO
#include <math.h>
#define transform sqrtf
#else
#pragma omp declare target
float transform(float v);
#pragma omp end declare target
#endif
void apply(const float *restrict x, float *restrict y) {
#pragma omp target teams distribute parallel for map(to: x[0:N]) map(from: y[0:N])
  for (int i = 0; i < N; i++)
    y[i] = transform(x[i]);
}

// CHECK-LABEL: kernel __omp_offloading_{{.*}}_apply_l{{[0-9]+}} region __omp_offloading_{{.*}}_apply_l{{[0-9]+}}.omp_outlined.omp_outlined
// CHECK: depth 0: simt loop %omp.inner.for.body, trip count simt_n
// CHECK-NEXT: array x: 4-byte elements, read, 1 access(es)
// CHECK-NEXT: read  x[1*i0]
// CHECK-NEXT: elements: [simt_n, simt_lb] -> { x[o] : simt_lb <= o < simt_n + simt_lb }
// CHECK-NEXT: bytes: first { [(4simt_lb)] : simt_n > 0 }, last { [(-1 + 4simt_n + 4simt_lb)] : simt_n > 0 }
// CHECK-NEXT: array y: 4-byte elements, write, 1 access(es)
// CHECK-NEXT: write y[1*i0]
// CHECK-NEXT: elements: [simt_n, simt_lb] -> { y[o] : simt_lb <= o < simt_n + simt_lb }
// CHECK-NEXT: bytes: first { [(4simt_lb)] : simt_n > 0 }, last { [(-1 + 4simt_n + 4simt_lb)] : simt_n > 0 }
// CHECK-NEXT: exact: no
// CHECK-NEXT: reason UnknownCall: call to 'transform' may access memory

// KERNELS: prem-kernels: 1 kernel(s)
// KERNELS-NEXT: kernel __omp_offloading_{{.*}}_apply_l{{[0-9]+}} kind=openmp
// KERNELS-NEXT: regions: __omp_offloading_{{.*}}_apply_l{{[0-9]+}} __omp_offloading_{{.*}}_apply_l{{[0-9]+}}.omp_outlined __omp_offloading_{{.*}}_apply_l{{[0-9]+}}.omp_outlined.omp_outlined{{$}}
// KERNELS-NEXT: block size: unknown
// KERNELS-NEXT: simt: loop %omp.inner.for.body in __omp_offloading_{{.*}}_apply_l{{[0-9]+}}.omp_outlined.omp_outlined via __kmpc_for_static_init_4
// KERNELS-NEXT: iterations: [0, 63]
