// unknown trip count: the inner loop stops at the first zero of a row.
// RUN: %omp_host_device_ir %s -o %t.ll
// RUN: %opt_prem -passes='print<prem-footprint>' -disable-output %t.ll | FileCheck %s
// RUN: %opt_prem -passes='print<prem-kernels>' -disable-output %t.ll | FileCheck %s --check-prefix=KERNELS
// With debug information the reason names the loop by its source line, not
// by an IR block (issue 23 §2).
// RUN: %omp_host_device_ir -gline-tables-only %s -o %t.g.ll
// RUN: %opt_prem -passes='print<prem-footprint>' -disable-output %t.g.ll | FileCheck %s --check-prefix=LINE
// A reason's remark points at a source line even where the instruction it
// is anchored at has none of its own (here the loop's first instruction
// made so): the nearest located instruction's.
// RUN: %python -c "import re,sys; t=open(sys.argv[1]).read(); i=t.index('\nland.rhs:'); j=t.index('getelementptr', i); k=t.index('\n', j); sys.stdout.write(t[:j] + re.sub(r', !dbg ![0-9]+', '', t[j:k]) + t[k:])" %t.g.ll > %t.nodbg.ll
// RUN: %opt_prem -passes='print<prem-footprint>' -disable-output -pass-remarks-analysis=prem-footprint %t.nodbg.ll 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK
#define N 64
void rowlen(const float *restrict A, int *restrict len) {
#pragma omp target teams distribute parallel for map(to: A[0:N*N]) map(from: len[0:N])
  for (int i = 0; i < N; i++) {
    int k = 0;
    while (k < N && A[i * N + k] != 0.0f)
      k++;
    len[i] = k;
  }
}

// CHECK-LABEL: kernel __omp_offloading_{{.*}}_rowlen_l{{[0-9]+}} region __omp_offloading_{{.*}}_rowlen_l{{[0-9]+}}.omp_outlined.omp_outlined
// CHECK: depth 0: simt loop %while.cond.preheader, trip count simt_n
// CHECK-NEXT: depth 1: loop %land.rhs, trip count unknown
// CHECK-NEXT: array A: 4-byte elements, read, 1 access(es)
// CHECK-NEXT: read  A[64*i0 + 1*i1]
// CHECK-NEXT: elements: unknown (a trip count is unknown)
// CHECK-NEXT: array len: 4-byte elements, write, 1 access(es)
// CHECK-NEXT: write len[1*i0]
// CHECK-NEXT: elements: [simt_n, simt_lb] -> { len[o] : simt_lb <= o < simt_n + simt_lb }
// CHECK-NEXT: bytes: first { [(4simt_lb)] : simt_n > 0 }, last { [(-1 + 4simt_n + 4simt_lb)] : simt_n > 0 }
// CHECK-NEXT: exact: no
// CHECK-NEXT: reason UnknownTripCount: trip count of the loop at %land.rhs is not computable

// REMARK: unknown-tripcount.c:[[LOOPLINE:[0-9]+]]:{{[0-9]+}}: footprint of kernel '{{.*}}' is not exact: trip count of the loop at line [[LOOPLINE]] is not computable
// LINE: reason UnknownTripCount: trip count of the loop at line 19 is not computable

// KERNELS: prem-kernels: 1 kernel(s)
// KERNELS-NEXT: kernel __omp_offloading_{{.*}}_rowlen_l{{[0-9]+}} kind=openmp
// KERNELS-NEXT: regions: __omp_offloading_{{.*}}_rowlen_l{{[0-9]+}} __omp_offloading_{{.*}}_rowlen_l{{[0-9]+}}.omp_outlined __omp_offloading_{{.*}}_rowlen_l{{[0-9]+}}.omp_outlined.omp_outlined{{$}}
// KERNELS-NEXT: block size: unknown
// KERNELS-NEXT: simt: loop %while.cond.preheader in __omp_offloading_{{.*}}_rowlen_l{{[0-9]+}}.omp_outlined.omp_outlined via __kmpc_for_static_init_4
// KERNELS-NEXT: iterations: [0, 63]
