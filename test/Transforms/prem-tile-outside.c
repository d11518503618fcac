// Accesses outside an inner tile's loop (seed 001, Sec. 3.2.3: a compatible
// interval). A row's weight is loaded before its loop and its sum stored
// after it (the optimiser keeps the sum in a register): those two accesses
// are in no tile of the depth-1 loop, so each runs on global memory in a
// memory phase of its own, opened and closed in blocks made for it
// (prem.compat, prem.compat.end). Their interval number is the SIMT
// iteration with PREM_INTERVAL_OUTSIDE (bit 29) set. The tiles hold only
// what the loop touches (a and x, read-only); the sum leaves the tiles
// through the tile latch (LCSSA through the strip-mined loop).
// RUN: %omp_host_device_ir %s -o %t.ll
// RUN: %opt_prem -passes=prem-tile,prem-les,prem-sync,verify -prem-spm-bytes=8192 %t.ll -S -pass-remarks=prem -o %t.out.ll 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: FileCheck %s < %t.out.ll
// gemm with a long k loop: C[i][j] loaded before the k loop and stored
// after it, in each iteration of j; the k loop (depth 2) is tiled.
// RUN: %omp_host_device_ir -DGEMM %s -o %t.gemm.ll
// RUN: %opt_prem -passes=prem-tile,prem-les,prem-sync,verify -prem-spm-bytes=4096 %t.gemm.ll -S -pass-remarks=prem -o %t.gemm.out.ll 2>&1 | FileCheck %s --check-prefix=GEMM-REMARK
// RUN: FileCheck %s --check-prefix=GEMM < %t.gemm.out.ll
// RUN: %opt_prem -passes=prem-tile,prem-les,prem-sync,prem-report,verify -prem-spm-bytes=4096 -prem-report=%t.json %t.gemm.ll -disable-output
// RUN: %python -c "import json, sys; p = json.load(open(sys.argv[1]))['kernels'][0]['prem']; print(p['tile'], p['outside'], [(a['name'], a['written'], a['store']) for a in p['arrays']])" %t.json | FileCheck %s --check-prefix=JSON
// A branch on the row's sum after the loop: whole SIMT iterations cannot be
// tiles (their control flow depends on loaded data), the loop's iterations
// can; both stores run in the compatible interval after the tiles, the
// branch between them.
// RUN: %omp_host_device_ir -DBRANCH %s -o %t.branch.ll
// RUN: %opt_prem -passes=prem-tile,prem-les,prem-sync,verify %t.branch.ll -S -pass-remarks=prem -o %t.branch.out.ll 2>&1 | FileCheck %s --check-prefix=BRANCH-REMARK
// RUN: FileCheck %s --check-prefix=BRANCH < %t.branch.out.ll
// RUN: %opt_prem -passes=prem-tile,prem-les,prem-sync,prem-report,verify -prem-report=%t.branch.json %t.branch.ll -disable-output
// RUN: %python -c "import json, sys; print(json.load(open(sys.argv[1]))['kernels'][0]['prem']['why'])" %t.branch.json | FileCheck %s --check-prefix=BRANCH-WHY
// Sparse rows with an indirect load before the loop and inside it: the one
// before (x[col[r]]) runs on global memory in the compatible interval with
// its index; the loop's are gathered tile by tile (col's interval copied,
// x's elements stored at the "indirect" slot in the Load phase's stripped
// copy, read back in the same order by the Execute phase).
// RUN: %omp_host_device_ir -DGATHER %s -o %t.gather.ll
// RUN: %opt_prem -passes=prem-tile,prem-les,prem-sync,verify -prem-spm-bytes=8192 %t.gather.ll -S -pass-remarks=prem -o %t.gather.out.ll 2>&1 | FileCheck %s --check-prefix=GATHER-REMARK
// RUN: FileCheck %s --check-prefix=GATHER < %t.gather.out.ll
// GATHER-REMARK: remark: {{.*}}kernel __omp_offloading_{{.*}}_sparse_l{{[0-9]+}}: 1 indirect load(s) of x gathered element by element in the Load phase
// GATHER-REMARK: remark: {{.*}}kernel __omp_offloading_{{.*}}_sparse_l{{[0-9]+}}: depth-1 loop tiled, one SIMT iteration and 1024 of its iterations per PREM interval; accesses outside it in compatible intervals of their own: 2 before the depth-1 loop, 1 after the depth-1 loop
// GATHER: prem.compat:
// GATHER-NEXT: call void @__prem_enter_mem(i32 %prem.compat.interval)
// GATHER-NEXT: %arrayidx = getelementptr inbounds i32, ptr %col, i64 %[[R:indvars.iv[0-9]+]]
// GATHER-NEXT: %[[C:[0-9]+]] = load i32, ptr %arrayidx, align 4
// GATHER-NEXT: %[[CX:idxprom[0-9]+]] = sext i32 %[[C]] to i64
// GATHER-NEXT: %[[XA:arrayidx[0-9]+]] = getelementptr inbounds float, ptr %x, i64 %[[CX]]
// GATHER-NEXT: %[[X:[0-9]+]] = load float, ptr %[[XA]], align 4
// GATHER-NOT: prem.array
// GATHER: br label %prem.compat.end, !prem.block
// GATHER: prem.compat.end:
// GATHER-NEXT: call void @__prem_exit_mem(i32 %prem.compat.interval)
// GATHER: %s.{{[0-9]+}}.tile = phi float [ %[[X]], %prem.compat.end ], [ %s.{{[0-9]+}}.next, %prem.tile.latch ]
// GATHER: br i1 %{{[0-9]+}}, label %prem.load, label %prem.global, !prem.tile ![[TILE:[0-9]+]]
// GATHER: prem.load:
// GATHER-NEXT: call void @__prem_enter_mem(
// GATHER-NEXT: getelementptr i8, ptr %prem.spm, i64 %prem.slot
// GATHER-NEXT: call void @__prem_copy_1d(ptr %{{[0-9]+}}, ptr %prem.begin, i64 %prem.length)
// GATHER-NEXT: br label %for.body.load
// GATHER: prem.compat1:
// GATHER: call void @__prem_enter_mem(i32 %prem.compat.interval)
// GATHER: store float %{{.*}}, ptr %arrayidx{{[0-9]+}}, align 4
// GATHER: prem.compat.end2:
// GATHER-NEXT: call void @__prem_exit_mem(i32 %prem.compat.interval)
// The Execute phase: col from its slot, x from the gathered ones.
// GATHER: for.body:
// GATHER-NEXT: %prem.gathered.0 = phi i64 [ 0, %prem.execute ], [ %[[NEXT:[0-9]+]], %for.body ]
// GATHER: load i32, ptr %prem.spm.addr{{[0-9]*}}, align 4, {{.*}}!prem.array
// GATHER: %[[NEXT]] = add i64 %prem.gathered.0, 4
// GATHER-NEXT: %prem.gather.off{{[0-9]*}} = add i64 %prem.slot{{[0-9]+}}, %prem.gathered.0
// GATHER-NEXT: %prem.spm.addr{{[0-9]+}} = getelementptr i8, ptr %prem.spm, i64 %prem.gather.off{{[0-9]*}}
// GATHER-NEXT: load float, ptr %prem.spm.addr{{[0-9]+}}, align 4, {{.*}}!prem.array
// The Load phase's copy: reads the index and x on global memory, stores x
// at the next gathered place.
// GATHER: for.body.load:
// GATHER-NEXT: %prem.gathered.1 = phi i64 [ 0, %prem.load ], [ %[[LNEXT:[0-9]+]], %for.body.load ]
// GATHER: %[[I:[0-9]+]] = load i32, ptr %gep.load, align 4
// GATHER-NEXT: %[[IX:.*]] = sext i32 %[[I]] to i64
// GATHER-NEXT: %[[A:.*]] = getelementptr inbounds float, ptr %x, i64 %[[IX]]
// GATHER-NEXT: %[[V:[0-9]+]] = load float, ptr %[[A]], align 4
// GATHER-NEXT: %[[LNEXT]] = add i64 %prem.gathered.1, 4
// GATHER-NEXT: %prem.gather.off = add i64 %prem.slot{{[0-9]+}}, %prem.gathered.1
// GATHER-NEXT: %prem.spm.addr = getelementptr i8, ptr %prem.spm, i64 %prem.gather.off
// GATHER-NEXT: store float %[[V]], ptr %prem.spm.addr, align 4
// GATHER: ![[TILE]] = !{i32 0, i64 1024, i64 8192, ![[COL:[0-9]+]], ![[IND:[0-9]+]]}
// GATHER-NEXT: ![[COL]] = !{!"col", i1 true, i1 false, i1 false}
// GATHER-NEXT: ![[IND]] = !{!"indirect", i1 true, i1 false, i1 false, i64 0, i64 4, i64 1}

#if defined(BRANCH)
#define N 64
#define M 4096
void branch(float *restrict y, const float *restrict A,
            const float *restrict x) {
#pragma omp target teams distribute parallel for map(to: A[0:N*M], x[0:M]) map(tofrom: y[0:2*N])
  for (int i = 0; i < N; i++) {
    float s = 0.0f;
    for (int j = 0; j < M; j++)
      s += A[i * M + j] * x[j];
    if (s > 0.0f)
      y[2 * i] = s;
    else
      y[2 * i + 1] = -0.5f * s;
  }
}
#elif defined(GATHER)
#define N 64
#define M 16384
void sparse(float *restrict y, const float *restrict x,
            const int *restrict col) {
#pragma omp target teams distribute parallel for map(to: x[0:N*M], col[0:N*M]) map(from: y[0:N])
  for (int r = 0; r < N; r++) {
    float s = x[col[r]];
    for (int k = 0; k < M; k++)
      s += x[col[r * M + k]];
    y[r] = s;
  }
}
#elif !defined(GEMM)
#define N 64
#define M 4096
void rowsum(float *restrict y, const float *restrict A,
            const float *restrict x, const float *restrict w) {
#pragma omp target teams distribute parallel for map(to: A[0:N*M], x[0:M], w[0:N]) map(from: y[0:N])
  for (int i = 0; i < N; i++) {
    float s = w[i];
    for (int j = 0; j < M; j++)
      s += A[i * M + j] * x[j];
    y[i] = s;
  }
}
#else
#define NI 16
#define NJ 20
#define NK 1500
void gemm(float *restrict c, const float *restrict a, const float *restrict b) {
#pragma omp target teams distribute parallel for map(to: a[0:NI*NK], b[0:NK*NJ]) map(tofrom: c[0:NI*NJ])
  for (int i = 0; i < NI; i++)
    for (int j = 0; j < NJ; j++) {
      float acc = 0.5f * c[i * NJ + j];
      for (int k = 0; k < NK; k++)
        acc += a[i * NK + k] * b[k * NJ + j];
      c[i * NJ + j] = acc;
    }
}
#endif

// REMARK: remark: {{.*}}kernel __omp_offloading_{{.*}}_rowsum_l{{[0-9]+}}: depth-1 loop tiled, one SIMT iteration and 1024 of its iterations per PREM interval; accesses outside it in compatible intervals of their own: 1 before the depth-1 loop, 1 after the depth-1 loop

// CHECK-LABEL: define internal void @__omp_offloading_{{.*}}_rowsum_l{{[0-9]+}}.omp_outlined.omp_outlined(
// CHECK: omp.inner.for.body:
// CHECK-NEXT: %[[I:indvars.iv[0-9]+]] = phi i64
// CHECK-NEXT: %[[T:[0-9]+]] = trunc i64 %[[I]] to i32
// CHECK-NEXT: %[[LOW:[0-9]+]] = and i32 %[[T]], 536870911
// CHECK-NEXT: %[[NUM:[0-9]+]] = or i32 %[[LOW]], 536870912
// CHECK-NEXT: %prem.compat.interval = freeze i32 %[[NUM]], !prem.value
// CHECK-NEXT: br label %prem.compat
// The weight, in its own memory phase before the tiles:
// CHECK: prem.compat:
// CHECK-NEXT: call void @__prem_enter_mem(i32 %prem.compat.interval)
// CHECK-NEXT: %arrayidx = getelementptr inbounds float, ptr %w, i64 %[[I]]
// CHECK-NEXT: %[[W:[0-9]+]] = load float, ptr %arrayidx
// CHECK: br label %prem.compat.end, !prem.block
// CHECK: prem.compat.end:
// CHECK-NEXT: call void @__prem_exit_mem(i32 %prem.compat.interval)
// CHECK-NEXT: br label %prem.tile
// CHECK: prem.tile:
// CHECK-NEXT: %prem.done = phi i64 [ 0, %prem.compat.end ], [ %prem.done.next, %prem.tile.latch ]
// CHECK: %s.{{[0-9]+}}.tile = phi float [ %[[W]], %prem.compat.end ], [ %s.{{[0-9]+}}.next, %prem.tile.latch ]
// CHECK: prem.tile.latch:
// CHECK: %.lcssa.tile = phi float [ %[[SUM:[0-9]+]], %prem.store.end ], [ %{{[0-9]+}}, %for.body.global ]
// CHECK-NEXT: call void @__prem_exit_mem(i32 %prem.interval{{[0-9]*}})
// CHECK: br i1 %{{[0-9]+}}, label %prem.compat1, label %prem.tile, !prem.block
// The sum, in its own memory phase after the tiles:
// CHECK: prem.compat1:
// CHECK-NEXT: %.lcssa = phi float [ %.lcssa.tile, %prem.tile.latch ]
// CHECK-NEXT: call void @__prem_enter_mem(i32 %prem.compat.interval)
// CHECK-NEXT: br label %for.cond.cleanup, !prem.block
// CHECK: for.cond.cleanup:
// CHECK-NEXT: %arrayidx{{[0-9]+}} = getelementptr inbounds float, ptr %y, i64 %[[I]]
// CHECK-NEXT: store float %.lcssa, ptr %arrayidx
// CHECK: br label %prem.compat.end2
// CHECK: prem.compat.end2:
// CHECK-NEXT: call void @__prem_exit_mem(i32 %prem.compat.interval)
// CHECK-NEXT: br i1 %exitcond{{[0-9.a-z]*}}, label %omp.loop.exit, label %omp.inner.for.body
// The Execute phase loads from the scratchpad only.
// CHECK: for.body:
// CHECK-NOT: load
// CHECK: load float, ptr %prem.spm.addr,
// CHECK-NOT: load
// CHECK: load float, ptr %prem.spm.addr{{[0-9]+}},
// CHECK-NOT: load
// CHECK: br i1 %{{[0-9]+}}, label %prem.store, label %for.body

// GEMM-REMARK: remark: {{.*}}kernel __omp_offloading_{{.*}}_gemm_l{{[0-9]+}}: depth-2 loop tiled, one iteration of each loop around it and 500 of its iterations per PREM interval; accesses outside it in compatible intervals of their own: 1 before the depth-2 loop, 1 after the depth-2 loop
// GEMM-LABEL: define internal void @__omp_offloading_{{.*}}_gemm_l{{[0-9]+}}.omp_outlined.omp_outlined(
// GEMM: for.cond.preheader:
// GEMM: %prem.compat.interval = freeze i32
// GEMM-NEXT: br label %for.body
// GEMM: for.body:
// GEMM-NEXT: %[[J:indvars.iv[0-9]+]] = phi i64 [ 0, %for.cond.preheader ], [ %{{.*}}, %prem.compat.end2 ]
// GEMM-NEXT: br label %prem.compat
// GEMM: prem.compat:
// GEMM-NEXT: call void @__prem_enter_mem(i32 %prem.compat.interval)
// GEMM: %[[C:[0-9]+]] = load float, ptr %[[CADDR:gep[0-9]*]]
// GEMM: br label %prem.compat.end, !prem.block
// GEMM: prem.compat.end:
// GEMM-NEXT: call void @__prem_exit_mem(i32 %prem.compat.interval)
// GEMM-NEXT: br label %prem.tile
// GEMM: prem.compat1:
// GEMM-NEXT: %.lcssa = phi float [ %.lcssa.tile, %prem.tile.latch ]
// GEMM-NEXT: call void @__prem_enter_mem(i32 %prem.compat.interval)
// GEMM-NEXT: br label %for.cond.cleanup{{[0-9]+}}, !prem.block
// GEMM: for.cond.cleanup{{[0-9]+}}:
// GEMM-NEXT: store float %.lcssa, ptr %[[CADDR]]
// GEMM: prem.compat.end2:
// GEMM-NEXT: call void @__prem_exit_mem(i32 %prem.compat.interval)
// GEMM-NEXT: br i1 %{{.*}}, label %for.cond.cleanup, label %for.body

// C is written outside the tiles only: the tiles read a and b (b[k][j] a
// 2-D transfer: one float of each of 500 rows, where as an interval 48 rows
// of 80 bytes would fit).
// JSON: one SIMT iteration x one iteration of the depth-1 loop x 500 iterations of the depth-2 loop [{'after': 1, 'before': 1, 'loop': 'depth-2'}] [('a', False, 'none'), ('b', False, 'none')]

// BRANCH-REMARK: remark: {{.*}}kernel __omp_offloading_{{.*}}_branch_l{{[0-9]+}}: depth-1 loop tiled, one SIMT iteration and 4096 of its iterations per PREM interval; accesses outside it in compatible intervals of their own: 2 after the depth-1 loop
// BRANCH-WHY: largest tile of iterations of the depth-1 loop, one SIMT iteration at a time (tiles of whole SIMT iterations refused: control flow in the loop depends on loaded data) whose byte intervals fit 49152 bytes
// BRANCH-LABEL: define internal void @__omp_offloading_{{.*}}_branch_l{{[0-9]+}}.omp_outlined.omp_outlined(
// BRANCH: prem.compat:
// BRANCH-NEXT: %.lcssa = phi float [ %.lcssa.tile, %prem.tile.latch ]
// BRANCH-NEXT: call void @__prem_enter_mem(i32 %prem.compat.interval)
// BRANCH-NEXT: br label %for.cond.cleanup
// BRANCH: for.cond.cleanup:
// BRANCH-NEXT: %cmp{{[0-9]+}} = fcmp ogt float %.lcssa, 0.000000e+00
// BRANCH-NEXT: br i1 %cmp{{[0-9]+}}, label %if.then, label %if.else
// BRANCH: if.then:
// BRANCH: store float %.lcssa, ptr %arrayidx
// BRANCH-NEXT: br label %if.end
// BRANCH: if.else:
// BRANCH: store float %mul{{[0-9]+}}, ptr %arrayidx
// BRANCH-NEXT: br label %if.end
// BRANCH: if.end:
// BRANCH: br label %prem.compat.end
// BRANCH: prem.compat.end:
// BRANCH-NEXT: call void @__prem_exit_mem(i32 %prem.compat.interval)
// BRANCH-NEXT: br i1 %exitcond{{[0-9.a-z]*}}, label %omp.loop.exit, label %for.cond.preheader
