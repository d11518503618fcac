// Algorithm 2, lines 8-12: when one SIMT iteration does not fit (syr2k: rows
// 0..i of A and B), prem-tile strip-mines the depth-1 loop within each SIMT
// iteration instead (no reordering, so no dependence test), and A and B,
// read through two access shapes each (rows i and j), get one interval per
// shape rather than one spanning rows j to i.
// RUN: %omp_host_device_ir %s -o %t.ll
// RUN: %opt_prem -passes=prem-tile,prem-les,prem-sync,verify -prem-spm-bytes=8192 %t.ll -S -pass-remarks=prem -o %t.out.ll 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: FileCheck %s < %t.out.ll
#define N 64
void syr2k(float *restrict C, const float *restrict A, const float *restrict B) {
#pragma omp target teams distribute parallel for map(to: A[0:N*N], B[0:N*N]) map(tofrom: C[0:N*N])
  for (int i = 0; i < N; i++)
    for (int j = 0; j <= i; j++) {
      float s = C[i * N + j];
      for (int k = 0; k < N; k++)
        s += A[j * N + k] * B[i * N + k] + B[j * N + k] * A[i * N + k];
      C[i * N + j] = s;
    }
}

// REMARK: remark: {{.*}}kernel __omp_offloading_{{.*}}_syr2k_l{{[0-9]+}}: depth-1 loop tiled, one SIMT iteration and 14 of its iterations per PREM interval

// The tile loop sits inside the worksharing loop, around the j loop; the
// tile's bounds count j's iterations from 0.
// CHECK-LABEL: define internal void @__omp_offloading_{{.*}}_syr2k_l{{[0-9]+}}.omp_outlined.omp_outlined(
// CHECK: for.cond.preheader:
// CHECK: for.body.lr.ph:
// CHECK: br label %prem.tile
// CHECK: prem.tile:
// CHECK-NEXT: %prem.done = phi i64 [ 0, %for.body.lr.ph ], [ %prem.done.next, %prem.tile.latch ]
// CHECK: %prem.n = call i64 @llvm.umin.i64(i64 %{{[0-9]+}}, i64 14)
// CHECK: br i1 %prem.fits, label %prem.load, label %prem.global, !prem.tile ![[TILE:[0-9]+]]
// CHECK: prem.load:
// CHECK-NEXT: call void @__prem_enter_mem(
// CHECK: prem.execute:
// CHECK-NEXT: call void @__prem_enter_comp(
// CHECK: prem.tile.latch:
// CHECK: br i1 %{{[0-9]+}}, label %for.cond.cleanup, label %prem.tile
// CHECK: ![[TILE]] = !{i32 0, i64 14, i64 {{[0-9]+}}, ![[C:[0-9]+]], ![[A1:[0-9]+]], ![[A2:[0-9]+]], ![[B1:[0-9]+]], ![[B2:[0-9]+]]}
// CHECK-NEXT: ![[C]] = !{!"C", i1 true, i1 true,
// CHECK-NEXT: ![[A1]] = !{!"A#1", i1 true, i1 false, i1 false}
// CHECK-NEXT: ![[A2]] = !{!"A#2", i1 true, i1 false, i1 false}
// CHECK-NEXT: ![[B1]] = !{!"B#1", i1 true, i1 false, i1 false}
// CHECK-NEXT: ![[B2]] = !{!"B#2", i1 true, i1 false, i1 false}
