// Algorithm 2, lines 8-12: when one SIMT iteration does not fit (syr2k: rows
// 0..i of A and B), prem-tile strip-mines the depth-1 loop within each SIMT
// iteration instead (no reordering, so no dependence test), and A and B,
// read through two access shapes each (rows i and j), get one interval per
// shape rather than one spanning rows j to i.
// RUN: %omp_host_device_ir %s -o %t.ll
// RUN: %opt_prem -passes=prem-tile,prem-les,prem-sync,verify -prem-spm-bytes=8192 %t.ll -S -pass-remarks=prem -o %t.out.ll 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: FileCheck %s < %t.out.ll
// One level deeper (Algorithm 2 again): doitgen's iteration of q reads all
// of C4 (4 KiB), more than the 2 KiB scratchpad, so its p loop is tiled
// within one iteration of r and of q. 14 iterations fit (1984 bytes), but
// p's 32 iterations would then be tiles of 14, 14 and 4: they are balanced to
// three tiles of 12 (a multiple of 4). 12 iterations read A's row (128
// bytes), C4's columns p..p+11 as 32 rows of 48 bytes (a 2-D slot) and write
// 48 bytes of S (a 64-byte slot): 128 + 1536 + 64 = 1728 bytes. The tile's
// bounds take q's iteration from its induction variable.
// RUN: %omp_host_device_ir -DDOITGEN %s -o %t.doitgen.ll
// RUN: %opt_prem -passes=prem-tile,prem-les,prem-sync,verify -prem-spm-bytes=2048 %t.doitgen.ll -S -pass-remarks=prem -o %t.doitgen.out.ll 2>&1 | FileCheck %s --check-prefix=DEEP-REMARK
// RUN: FileCheck %s --check-prefix=DEEP < %t.doitgen.out.ll
// DEEP-REMARK: remark: {{.*}}kernel __omp_offloading_{{.*}}_doitgen_l{{[0-9]+}}: depth-2 loop tiled, one iteration of each loop around it and 12 of its iterations per PREM interval
// DEEP: for.cond7.preheader:
// DEEP-NEXT: %[[Q:indvars.iv[0-9]+]] = phi i64 [ 0, %for.cond.preheader ]
// DEEP: br label %prem.tile
// DEEP: prem.tile:
// DEEP-NEXT: %prem.done = phi i64 [ 0, %for.cond7.preheader ], [ %prem.done.next, %prem.tile.latch ]
// DEEP: %prem.n = call i64 @llvm.umin.i64(i64 %{{[0-9]+}}, i64 12)
// DEEP: mul i64 128, %[[Q]]
// DEEP: br i1 %prem.fits, label %prem.load, label %prem.global, !prem.tile ![[TILE:[0-9]+]]
// DEEP: prem.load:
// DEEP-NEXT: call void @__prem_enter_mem(
// DEEP-NEXT: getelementptr i8, ptr %prem.spm, i64 %prem.slot{{$}}
// DEEP-NEXT: call void @__prem_copy_1d(ptr %{{[0-9]+}}, ptr %prem.begin, i64 %prem.length)
// DEEP-NEXT: getelementptr i8, ptr %prem.spm, i64 %prem.slot
// DEEP-NEXT: call void @__prem_copy_2d(ptr %{{[0-9]+}}, i64 %prem.rowbytes, ptr %prem.begin2, i64 128, i64 %prem.width, i64 %prem.rows)
// S[r][q][p..p+11] within one iteration of r and q: no hole, one interval.
// DEEP: prem.store:
// DEEP-NEXT: call void @__prem_enter_mem(
// DEEP-NEXT: getelementptr i8, ptr %prem.spm, i64 %prem.slot{{[0-9]+}}
// DEEP-NEXT: ptrtoint ptr %prem.begin{{[0-9]+}} to i64
// DEEP-NEXT: ptrtoint ptr %prem.wbegin to i64
// DEEP-NEXT: sub i64
// DEEP-NEXT: getelementptr i8
// DEEP-NEXT: call void @__prem_copy_1d(ptr %prem.wbegin, ptr %{{[0-9]+}}, i64 %prem.wlength)
// DEEP-NEXT: br label %prem.store.end
// DEEP: prem.tile.latch:
// DEEP: br i1 %{{[0-9]+}}, label %for.cond.cleanup10, label %prem.tile
// DEEP: for.cond.cleanup10:
// DEEP-NEXT: add nuw nsw i64 %[[Q]], 1
// DEEP: ![[TILE]] = !{i32 0, i64 12, i64 1728, ![[A:[0-9]+]], ![[C4:[0-9]+]], ![[S:[0-9]+]]}
// DEEP-NEXT: ![[A]] = !{!"A", i1 true, i1 false, i1 false}
// DEEP-NEXT: ![[C4]] = !{!"C4", i1 true, i1 false, i1 false, i64 128}
// DEEP-NEXT: ![[S]] = !{!"S", i1 false, i1 true, i1 true}
#define N 64
#ifdef DOITGEN
#define M 32
void doitgen(float *restrict S, const float *restrict A,
             const float *restrict C4) {
#pragma omp target teams distribute parallel for map(to: A[0:M*M*M], C4[0:M*M]) map(from: S[0:M*M*M])
  for (int r = 0; r < M; r++)
    for (int q = 0; q < M; q++)
      for (int p = 0; p < M; p++) {
        float s = 0.0f;
        for (int k = 0; k < M; k++)
          s += A[(r * M + q) * M + k] * C4[k * M + p];
        S[(r * M + q) * M + p] = s;
      }
}
#else
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
#endif

// j's trip count (i + 1) is only bounded (by 64), so the tiles stay the
// largest that fit: balancing to the bound would add tiles to short rows.
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
