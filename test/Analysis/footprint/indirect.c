// indirect access: x[idx[i]] has no affine form. The load is kept apart
// from the arrays, with what makes it indirect, and counted one element per
// execution (what a tile gathers); a store through an index (a scatter)
// the same way (what a tile scatters).
// RUN: %omp_host_device_ir %s -o %t.ll
// RUN: %opt_prem -passes='print<prem-footprint>' -disable-output %t.ll | FileCheck %s
// RUN: %opt_prem -passes='print<prem-footprint>' -prem-footprint-tile=16 -disable-output %t.ll | FileCheck %s --check-prefix=TILE16
// An index computed from loaded data is gathered the same way:
// RUN: %omp_host_device_ir -DXOR %s -o %t.xor.ll
// RUN: %opt_prem -passes='print<prem-footprint>' -disable-output %t.xor.ll | FileCheck %s --check-prefix=XOR
// RUN: %omp_host_device_ir -DSCATTER %s -o %t.scatter.ll
// RUN: %opt_prem -passes='print<prem-footprint>' -disable-output %t.scatter.ll | FileCheck %s --check-prefix=SCATTER
// RUN: %opt_prem -passes='print<prem-kernels>' -disable-output %t.ll | FileCheck %s --check-prefix=KERNELS
#define N 64
void gather(const float *restrict x, const int *restrict idx, float *restrict y) {
#pragma omp target teams distribute parallel for map(to: x[0:N], idx[0:N]) map(from: y[0:N])
  for (int i = 0; i < N; i++)
#if defined(SCATTER)
    y[idx[i]] = x[i];
#elif defined(XOR)
    y[i] = x[idx[i] ^ 1];
#else
    y[i] = x[idx[i]];
#endif
}

// CHECK-LABEL: kernel __omp_offloading_{{.*}}_gather_l{{[0-9]+}} region __omp_offloading_{{.*}}_gather_l{{[0-9]+}}.omp_outlined.omp_outlined
// CHECK: depth 0: simt loop %omp.inner.for.body, trip count simt_n
// CHECK-NEXT: array idx: 4-byte elements, read, 1 access(es)
// CHECK-NEXT: read  idx[1*i0]
// CHECK-NEXT: elements: [simt_n, simt_lb] -> { idx[o] : simt_lb <= o < simt_n + simt_lb }
// CHECK-NEXT: bytes: first { [(4simt_lb)] : simt_n > 0 }, last { [(-1 + 4simt_n + 4simt_lb)] : simt_n > 0 }
// CHECK-NEXT: bytes per tile [1]: 4
// CHECK-NEXT: array y: 4-byte elements, write, 1 access(es)
// CHECK-NEXT: write y[1*i0]
// CHECK-NEXT: elements: [simt_n, simt_lb] -> { y[o] : simt_lb <= o < simt_n + simt_lb }
// CHECK-NEXT: bytes: first { [(4simt_lb)] : simt_n > 0 }, last { [(-1 + 4simt_n + 4simt_lb)] : simt_n > 0 }
// CHECK-NEXT: bytes per tile [1]: 4
// CHECK-NEXT: indirect load of x: 4 bytes, subscript is loaded from memory inside the nest (from 'idx'); 1 per tile [1]
// CHECK-NEXT: total bytes per tile [1]: 12
// CHECK: exact: yes
// TILE16: indirect load of x: 4 bytes, subscript is loaded from memory inside the nest (from 'idx'); 16 per tile [16]
// TILE16-NEXT: total bytes per tile [16]: 192

// XOR: indirect load of x: 4 bytes, subscript is computed (%xor) from memory loaded inside the nest (from 'idx'); 1 per tile [1]
// XOR: exact: yes

// SCATTER: array x: 4-byte elements, read, 1 access(es)
// SCATTER: indirect store of y: 4 bytes, subscript is loaded from memory inside the nest (from 'idx'); 1 per tile [1]
// SCATTER-NEXT: total bytes per tile [1]: 12
// SCATTER: exact: yes

// KERNELS: prem-kernels: 1 kernel(s)
// KERNELS-NEXT: kernel __omp_offloading_{{.*}}_gather_l{{[0-9]+}} kind=openmp
// KERNELS-NEXT: regions: __omp_offloading_{{.*}}_gather_l{{[0-9]+}} __omp_offloading_{{.*}}_gather_l{{[0-9]+}}.omp_outlined __omp_offloading_{{.*}}_gather_l{{[0-9]+}}.omp_outlined.omp_outlined{{$}}
// KERNELS-NEXT: block size: unknown
// KERNELS-NEXT: simt: loop %omp.inner.for.body in __omp_offloading_{{.*}}_gather_l{{[0-9]+}}.omp_outlined.omp_outlined via __kmpc_for_static_init_4
// KERNELS-NEXT: iterations: [0, 63]
