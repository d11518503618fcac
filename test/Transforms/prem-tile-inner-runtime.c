// Algorithm 2, lines 8-12, where one SIMT iteration's bytes are a runtime
// value: bicg's column j of A over i < nx. No count of whole SIMT
// iterations is known to fit, so prem-tile tiles the depth-1 loop within
// each SIMT iteration, as it does where one iteration is too large (it
// refused the kernel, RuntimeSizes). Each tile checks at run time that
// its intervals fit: 6128 iterations of i read 6128 elements of r and a
// column of A, one element per row (a 2-D slot); s[j] = 0 before the loop
// is an interval of its own. E2E/gpu-style-omp.test runs bicg_1 and adi_2
// (the same shape) bit for bit.
// RUN: %omp_host_device_ir %s -o %t.ll
// RUN: %opt_prem -passes='print<prem-tiling>' -disable-output %t.ll | FileCheck %s --check-prefix=PLAN
// RUN: %opt_prem -passes=prem-tile,prem-les,prem-sync,verify %t.ll -S -pass-remarks=prem -o %t.out.ll 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: FileCheck %s < %t.out.ll
typedef float real;
void bicg_1(int nx, int ny, real A[nx][ny], real r[nx], real s[ny]) {
#pragma omp target teams distribute parallel for map(to: A[0:nx][0:ny], r[0:nx]) map(from: s[0:ny])
  for (int j = 0; j < ny; j++) {
    s[j] = 0;
    for (int i = 0; i < nx; i++)
      s[j] += r[i] * A[i][j];
  }
}
// PLAN:      kernel __omp_offloading_{{.*}}_bicg_1_l{{[0-9]+}}: tiled, the depth-1 loop, 6128 iteration(s) per tile, 49088 bytes of scratchpad
// PLAN-NEXT:   why: largest tile of iterations of the depth-1 loop, one SIMT iteration at a time (one SIMT iteration does not fit)
// PLAN-NEXT:   slot s: interval, 4 bytes, store interval
// PLAN-NEXT:   slot r: interval, 24512 bytes (24512 touched), store none
// PLAN-NEXT:   slot A: 2d (rows 4*vla{{[0-9]*}} bytes apart), 24512 bytes (24512 touched), store none
// REMARK: remark: {{.*}}kernel __omp_offloading_{{.*}}_bicg_1_l{{[0-9]+}}: depth-1 loop tiled, one SIMT iteration and 6128 of its iterations per PREM interval; accesses outside it in compatible intervals of their own: 1 before the depth-1 loop
// CHECK:      prem.tile:
// CHECK-NEXT:   %prem.done = phi i64 [ 0, %for.body.preheader ], [ %prem.done.next, %prem.tile.latch ]
// CHECK:        %prem.n = call i64 @llvm.umin.i64(i64 %{{[0-9]+}}, i64 6128)
// CHECK:        [[SIZE:%[0-9]+]] = icmp ule i64 %{{[0-9]+}}, 49088
// CHECK-NEXT:   %prem.fits = and i1 [[SIZE]], %{{[0-9]+}}
// CHECK-NEXT:   br i1 %prem.fits, label %prem.load, label %prem.global
// CHECK:      prem.load:
// CHECK-NEXT:   call void @__prem_enter_mem(
// CHECK:        call void @__prem_copy_1d(
// CHECK:        call void @__prem_copy_2d(ptr %{{[0-9]+}}, i64 %prem.rowbytes, ptr %prem.begin{{[0-9]*}}, i64 %prem.pitch, i64 %prem.width, i64 %prem.rows)
// CHECK:      prem.store:
// CHECK-NEXT:   call void @__prem_enter_mem(
// CHECK:        call void @__prem_copy_1d(ptr %prem.wbegin,
