// An assumption in a tiled loop (llvm.assume touches no data, so the loop
// is tiled) stays in the Execute phase and in the global-memory copy,
// where its loads see what the loop's saw, and leaves the stripped Load
// and Store copies: there the gathered load it tests is poison (assume of
// poison is undefined behaviour), and a Store copy's loads see the tile's
// final values.
// RUN: %omp_host_device_ir %s -o %t.ll
// RUN: %opt_prem -passes=prem-tile,prem-les,verify -prem-mode=dae %t.ll -S -o - | FileCheck %s
#define N 64
void g(const int *X, const int *idx, int *B) {
#pragma omp target teams distribute parallel for map(to: X[0:N*N], idx[0:N*N]) map(tofrom: B[0:N*N])
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      int v = X[idx[i * N + j]];
      __builtin_assume(v >= 0);
      B[i * N + j] = v / 2;
    }
}

// CHECK-LABEL: define {{.*}}omp_outlined(
// CHECK: {{^}}for.body:
// CHECK: call void @llvm.assume(
// CHECK: {{^}}for.body.global:
// CHECK: call void @llvm.assume(
// CHECK: {{^}}for.body.load:
// CHECK-NOT: llvm.assume
// CHECK: {{^}}for.body.store:
// CHECK-NOT: llvm.assume
// CHECK: {{^}}for.cond.cleanup.store:
