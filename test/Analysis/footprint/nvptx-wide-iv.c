// On NVPTX, a worksharing loop whose row is read and written in place keeps
// its induction variable twice: the i32 IV, and an i64 PHI of its sign
// extensions that the row's address uses, which SCEV sees as an unknown.
// The footprint takes the i64 PHI as the sign extension of the i32 IV (each
// incoming value is the sext of the IV's), so the nest is exact, as on host
// offload (before: "the SIMT loop has no affine induction variable").
// RUN: %omp_nvptx_device_ir %s -o %t.ll
// RUN: FileCheck %s --check-prefix=IR < %t.ll
// RUN: %opt_prem -passes='print<prem-footprint>' -disable-output %t.ll | FileCheck %s
#define N 64

void mvt(const float *restrict A, float *restrict x1,
         const float *restrict y1) {
#pragma omp target teams distribute parallel for map(to: A[0:N*N], y1[0:N]) map(tofrom: x1[0:N])
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      x1[i] = x1[i] + A[i * N + j] * y1[j];
}

// The two IVs of the SIMT loop's header.
// IR: [[WIDE:%[0-9a-z.]+]] = phi i64 [ [[START:%[0-9a-z.]+]], %{{[0-9a-z.]+}} ], [ [[NEXT:%[0-9a-z.]+]], %{{[0-9a-z.]+}} ]
// IR-NEXT: phi i32

// CHECK: depth 0: simt loop {{.*}}, trip count simt_n (at most 64)
// CHECK: array {{.*}}: 4-byte elements, read-write
// CHECK: elements: [simt_n, simt_lb] -> { {{.*}}[o] : simt_lb <= o < simt_n + simt_lb }
// CHECK: elements: [simt_n, simt_lb] -> { {{.*}}[o] : 64simt_lb <= o < 64simt_n + 64simt_lb }
// CHECK-NOT: not exact
