// Inner tiles of an OpenMP NVPTX team's chunk (-prem-gpu-tiles; seed 001,
// Algorithm 2, lines 8-12): gemm's chunk of 32 rows needs 320 KiB (all of
// B), so the block's threads tile the column loop together, 12 columns per
// PREM interval (the scratchpad less the OpenMP device runtime's shared
// memory): A's 32 rows, B's 12 columns (a 2-D transfer) and C's
// 32 x 12 block (stored back by rows). Each thread runs its one row of a
// full chunk; the region is versioned before __kmpc_for_static_init on a
// full chunk and a block of the stated 32 threads, other chunks run the
// original code in one memory phase.
// RUN: %omp_nvptx_device_ir %s -o %t.ll
// RUN: %opt_prem -passes=prem-tile,prem-les,prem-sync,verify -prem-gpu-tiles %t.ll -S -pass-remarks=prem -o %t.sdma.ll 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: FileCheck %s < %t.sdma.ll
// RUN: %opt_prem -passes=prem-tile,prem-les,prem-sync,prem-report,verify -prem-gpu-tiles -prem-report=%t.json %t.ll -disable-output
// RUN: %python -c "import json, sys; p = json.load(open(sys.argv[1]))['kernels'][0]['prem']; print(p['tile'], p['intervals'], p['scratchpad_bytes_per_tile'], [(a['name'], a.get('transfer'), a['store'], a['unique_bytes']) for a in p['arrays']])" %t.json | FileCheck %s --check-prefix=REPORT
// RUN: %opt_prem -passes=prem-tile,prem-les,prem-sync,verify -prem-gpu-tiles -prem-mode=dae %t.ll -S | FileCheck %s --check-prefix=DAE
// The whole pipeline under clang, to PTX that ptxas accepts:
// RUN: %clang_prem -O2 -fopenmp --offload-arch=sm_90 --offload-device-only -nogpulib %nvptx_feature -S %s -o %t.s -mllvm -prem-gpu-tiles
// RUN: FileCheck %s --check-prefix=PTX < %t.s
// RUN: %if ptxas %{ %ptxas -c -arch=sm_90 %t.s -o %t.o %}
// RUN: %clang_prem -O2 -fopenmp --offload-arch=sm_87 --offload-device-only -nogpulib %nvptx_feature -S %s -o %t.87.s -mllvm -prem-gpu-tiles
// RUN: %if ptxas %{ %ptxas -c -arch=sm_87 %t.87.s -o %t.87.o %}
// Refused, with the reason, and the module byte for byte as it was: a
// schedule that gives a thread two rows, an inner loop some rows skip, a
// trip count that differs between rows (threads would meet different
// barriers).
// RUN: %omp_nvptx_device_ir -DREFUSED %s -o %t.refused.ll
// RUN: %opt_prem -passes=prem-tile,prem-les,prem-sync -prem-gpu-tiles -pass-remarks-missed=prem %t.refused.ll -S -o %t.refused.out.ll 2>&1 | FileCheck %s --check-prefix=REFUSED
// RUN: %opt_prem -passes=verify %t.refused.ll -S -o %t.refused.plain.ll
// RUN: cmp %t.refused.plain.ll %t.refused.out.ll
#define N 256
#define M 512
#ifndef REFUSED
void gemm(float *restrict C, const float *restrict A, const float *restrict B) {
#pragma omp target teams distribute parallel for thread_limit(32) map(to: A[0:N*N], B[0:N*N]) map(tofrom: C[0:N*N])
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      float s = 0;
      for (int k = 0; k < N; k++)
        s += A[i * N + k] * B[k * N + j];
      C[i * N + j] = s;
    }
}
#else
void chunked(float *restrict y, const float *restrict A) {
#pragma omp target teams distribute parallel for thread_limit(32) schedule(static, 2) map(to: A[0:N*M]) map(from: y[0:N])
  for (int i = 0; i < N; i++) {
    float s = 0;
    for (int j = 0; j < M; j++)
      s += A[i * M + j];
    y[i] = s;
  }
}
void half(float *restrict y, const float *restrict A) {
#pragma omp target teams distribute parallel for thread_limit(32) map(to: A[0:N*M]) map(from: y[0:N])
  for (int i = 0; i < N; i++) {
    float s = 0;
    if (i & 1)
      for (int j = 0; j < M; j++)
        s += A[i * M + j];
    y[i] = s;
  }
}
void triangle(float *restrict y, const float *restrict A) {
#pragma omp target teams distribute parallel for thread_limit(32) map(to: A[0:N*M]) map(from: y[0:N])
  for (int i = 0; i < N; i++) {
    float s = 0;
    for (int j = 0; j < M - (i & 7); j++)
      s += A[i * M + j];
    y[i] = s;
  }
}
#endif

// REMARK: remark: {{.*}}kernel __omp_offloading_{{.*}}_gemm_l{{[0-9]+}}: depth-1 loop tiled, one team's chunk and 12 of its iterations per PREM interval
// REPORT: one team's chunk of 32 SIMT iterations x 12 iterations of the depth-1 loop 22 46592 [('A', None, 'none', 32768), ('B', '2d', 'none', 12288), ('C', '2d', 'rows', 1536)]

// CHECK: @[[SPM:prem.spm.__omp_offloading_.*_gemm_l[0-9]+_omp_outlined_omp_outlined]] = internal addrspace(3) global [46592 x i8] poison, align 64
// CHECK-LABEL: define internal void @__omp_offloading_{{.*}}_gemm_l{{[0-9]+}}_omp_outlined_omp_outlined(
// The version: a full chunk (clamped to the loop) on a block of 32 threads.
// CHECK: %prem.partial.interval = freeze i32 %conv, !prem.value
// CHECK-NEXT: %prem.lb = sext i32 %conv to i64
// CHECK-NEXT: %prem.ub = sext i32 %conv1 to i64
// CHECK-NEXT: %[[UB:[0-9]+]] = call i64 @llvm.smin.i64(i64 %prem.ub, i64 255)
// CHECK-NEXT: %[[D:[0-9]+]] = sub i64 %[[UB]], %prem.lb
// CHECK-NEXT: %[[LEN:[0-9]+]] = add i64 %[[D]], 1
// CHECK-NEXT: %prem.n = call i64 @llvm.smax.i64(i64 %[[LEN]], i64 0)
// CHECK-NEXT: %[[T:[0-9]+]] = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
// CHECK-NEXT: %[[T64:[0-9]+]] = zext i32 %[[T]] to i64
// CHECK-NEXT: %[[SIZED:[0-9]+]] = icmp eq i64 %[[T64]], 32
// CHECK-NEXT: %[[FULL:[0-9]+]] = icmp eq i64 %prem.n, 32
// CHECK-NEXT: %prem.full = and i1 %[[FULL]], %[[SIZED]]
// CHECK-NEXT: br i1 %prem.full, label %prem.region, label %prem.region.partial
// CHECK: prem.region:
// CHECK-NEXT: call void @__kmpc_for_static_init_4(
// The tiles, in the thread's row: their intervals are the chunk's (its
// first row, not the thread's), 12 columns at a time.
// CHECK: for.cond.preheader:
// CHECK-NEXT: %.omp.iv.042 = phi i32
// CHECK-NEXT: %mul11 = shl nsw i32 %.omp.iv.042, 8
// CHECK-NEXT: br label %prem.tile
// CHECK: prem.tile:
// CHECK: %prem.n1 = call i64 @llvm.umin.i64(i64 %{{[0-9]+}}, i64 12)
// CHECK-NEXT: %prem.lb2 = sext i32 %conv to i64
// CHECK: br i1 %prem.fits, label %prem.load, label %prem.global, !prem.tile
// Every phase block-wide: each thread has one row, so all run the same
// tiles and meet the same barriers.
// CHECK: prem.load:
// CHECK-NEXT: call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
// CHECK-NEXT: call void @__prem_enter_mem(i32 %prem.interval3)
// CHECK-NEXT: call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
// CHECK-NEXT: %[[A_SPM:[0-9]+]] = getelementptr i8, ptr addrspacecast (ptr addrspace(3) @[[SPM]] to ptr), i64 %prem.slot
// CHECK-NEXT: call void @__prem_copy_1d(ptr %[[A_SPM]], ptr %prem.begin, i64 %prem.length)
// CHECK-NEXT: %[[B_SPM:[0-9]+]] = getelementptr i8, ptr addrspacecast (ptr addrspace(3) @[[SPM]] to ptr), i64 %prem.slot6
// CHECK-NEXT: call void @__prem_copy_2d(ptr %[[B_SPM]], i64 %prem.rowbytes, ptr %prem.begin4, i64 1024, i64 %prem.width, i64 %prem.rows)
// CHECK: prem.execute:
// CHECK-NEXT: call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
// CHECK-NEXT: call void @__prem_enter_comp(i32 %prem.interval3)
// CHECK-NEXT: call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
// CHECK: prem.store:
// CHECK-NEXT: call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
// CHECK-NEXT: call void @__prem_enter_mem(i32 %prem.interval3)
// CHECK-NEXT: call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
// CHECK-NEXT: %[[C_SPM:[0-9]+]] = getelementptr i8, ptr addrspacecast (ptr addrspace(3) @[[SPM]] to ptr), i64 %prem.slot12
// CHECK-NEXT: call void @__prem_copy_2d(ptr %prem.begin10, i64 1024, ptr %[[C_SPM]], i64 %prem.rowbytes9, i64 %prem.width8, i64 %prem.rows7)
// CHECK: prem.tile.latch:
// CHECK: call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
// CHECK-NEXT: call void @__prem_exit_mem(i32 %prem.interval3)
// CHECK-NEXT: call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
// The other chunks: the original region in one memory phase.
// CHECK: prem.region.partial:
// CHECK-NEXT: call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
// CHECK-NEXT: call void @__prem_enter_mem(i32 %prem.partial.interval)
// CHECK-NEXT: call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
// CHECK-NEXT: call void @__kmpc_for_static_init_4(
// CHECK-NOT: !prem.array
// CHECK: omp.loop.exit.partial:
// CHECK-NEXT: call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
// CHECK-NEXT: call void @__prem_exit_mem(i32 %prem.partial.interval)
// CHECK-NEXT: call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)

// dae: each thread copies its own row's elements of the tile.
// DAE: prem.load:
// DAE: br label %for.cond6.preheader.load
// DAE: prem.execute:
// DAE: prem.store:
// DAE: br label %for.cond6.preheader.store

// PTX: .shared .align 64 .b8 prem_$_spm_$___omp_offloading_{{.*}}gemm{{.*}}[{{[0-9]+}}];
// PTX: bar.sync
// PTX: ld.shared.b32

// REFUSED-DAG: remark: {{.*}}kernel __omp_offloading_{{.*}}_chunked_l{{[0-9]+}} not transformed: a block's chunk of 32 iterations needs 65664 bytes of scratchpad (byte intervals), more than the 46848 available; inner tiles of a team's chunk need schedule(static) or schedule(static, 1), which give each thread one iteration of a full chunk
// REFUSED-DAG: remark: {{.*}}kernel __omp_offloading_{{.*}}_half_l{{[0-9]+}} not transformed: an access runs only under a condition that is not one affine branch after another
// REFUSED-DAG: remark: {{.*}}kernel __omp_offloading_{{.*}}_triangle_l{{[0-9]+}} not transformed: {{.*}}; depth-1 loop: in a team's chunk the tiled loop's trip count (or that of a loop around it) may differ between threads
