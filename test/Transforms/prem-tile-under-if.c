// An if in the SIMT loop's body around the depth-1 loop (issue 25). Its
// accesses run only where i > 0, so the worksharing loop's chunks are not
// tiled (a chunk's footprint would hold row -1 of A, and write back row 0
// of B from bytes no iteration wrote); the depth-1 loop is, inside the if:
// its tiles run within one iteration of i, under the if's branch. Outputs
// bit for bit: E2E/conditions.test (above).
// RUN: %omp_host_device_ir %s -o %t.ll
// RUN: %opt_prem -passes=prem-tile,prem-les,prem-sync,verify %t.ll -S -pass-remarks=prem -o %t.out.ll 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: FileCheck %s < %t.out.ll
// A row that fits beside its neighbour (64 floats): the chunks are refused
// for the condition, and the depth-1 loop is tiled inside the if all the
// same.
// RUN: %omp_host_device_ir -DW=64 %s -o %t.small.ll
// RUN: %opt_prem -passes=prem-tile,verify %t.small.ll -disable-output -pass-remarks=prem -pass-remarks-missed=prem 2>&1 | FileCheck %s --check-prefix=SMALL

#ifndef W
#define W 8192
#endif
#define R 8
void above(const float *A, float *B) {
#pragma omp target teams distribute parallel for map(to: A[0:R*W]) map(tofrom: B[0:R*W])
  for (int i = 0; i < R; i++)
    if (i > 0)
      for (int j = 0; j < W; j++)
        B[i * W + j] = A[(i - 1) * W + j] + 1.0f;
}

// REMARK: remark: {{.*}}kernel __omp_offloading_{{.*}}_above_l{{[0-9]+}}: depth-1 loop tiled, one SIMT iteration and 4096 of its iterations per PREM interval
// SMALL: remark: {{.*}}kernel __omp_offloading_{{.*}}_above_l{{[0-9]+}}: depth-1 loop tiled, one SIMT iteration and 64 of its iterations per PREM interval
// SMALL-NOT: chunk

// The if's branch, then the tile loop in the depth-1 loop's preheader.
// CHECK-LABEL: define internal void @__omp_offloading_{{.*}}_above_l{{[0-9]+}}.omp_outlined.omp_outlined(
// CHECK: omp.inner.for.body:
// CHECK: %[[IF:[a-z0-9.]+]] = icmp sgt i64 %indvars.iv{{[0-9]*}}, 0
// CHECK-NEXT: br i1 %[[IF]], label %for.cond.preheader, label %omp.inner.for.inc
// CHECK: for.cond.preheader:
// CHECK: br label %prem.tile
// CHECK: prem.tile:
// CHECK-NEXT: %prem.done = phi i64 [ 0, %for.cond.preheader ], [ %prem.done.next, %prem.tile.latch ]
// CHECK: br i1 %prem.fits, label %prem.load, label %prem.global, !prem.tile
