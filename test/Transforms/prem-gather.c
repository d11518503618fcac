// Indirect loads (issue 3: "indirect accesses fall back to dae for that
// array"). in[perm[i]] has no interval: prem-tile gives the tile one more
// slot, "indirect", of one 4-byte element per execution (64 iterations:
// perm 256 + out 256 + 256 = 768 bytes in 1 KiB). In dae and sdma alike the
// Load phase runs a copy of the tile stripped to the gather and stores each
// element at the next place of that slot; the Execute phase, whose control
// flow is the same, reads them back in the same order. out is written, and
// the arrays may alias, so out's slot holds its whole interval (loaded even
// though the loop never reads out) and an element the gather finds inside
// it is read from there; the header checks that out's interval starts and
// ends on a 4-byte boundary (no element straddles it).
// RUN: %omp_host_device_ir %s -o %t.ll
// RUN: %opt_prem -passes=prem-tile,prem-les,prem-sync,verify -prem-mode=sdma -prem-spm-bytes=1024 %t.ll -S -o - -pass-remarks=prem 2>%t.remarks | FileCheck %s --check-prefix=SDMA
// RUN: FileCheck %s --check-prefix=REMARK < %t.remarks
// RUN: %opt_prem -passes=prem-tile,prem-les,prem-sync,verify -prem-mode=dae -prem-spm-bytes=1024 %t.ll -S -o - | FileCheck %s --check-prefix=DAE
// RUN: %opt_prem -passes=prem-tile,prem-les,prem-sync,verify -prem-mode=cmpt -prem-spm-bytes=1024 %t.ll -S -o - | FileCheck %s --check-prefix=CMPT
// RUN: %opt_prem -passes=prem-tile,prem-les,prem-sync,prem-report,verify -prem-spm-bytes=1024 -prem-report=%t.json %t.ll -disable-output
// RUN: FileCheck %s --check-prefix=JSON < %t.json
// On NVPTX (-prem-gpu-tiles), blocks of 32 threads: each thread gathers its
// iteration's element, at slot + thread * 4 (one execution each), and the
// scratchpad path also needs the block to have the 32 threads the slot is
// sized for, at least one per iteration of the team's chunk.
// RUN: %clang_prem -O2 -fopenmp --offload-arch=sm_90 --offload-device-only -nogpulib %nvptx_feature -DGPU -S %s -o %t.s -mllvm -prem-gpu-tiles -mllvm -prem-spm-bytes=1024 -Rpass=prem 2>&1 | FileCheck %s --check-prefix=GPUREMARK
// RUN: FileCheck %s --check-prefix=PTX < %t.s
// RUN: %if ptxas %{ %ptxas -c -arch=sm_90 %t.s -o %t.sm90.o %}
// RUN: %clang_prem -O2 -fopenmp --offload-arch=sm_87 --offload-device-only -nogpulib %nvptx_feature -DGPU -S %s -o %t.sm87.s -mllvm -prem-gpu-tiles -mllvm -prem-spm-bytes=1024
// RUN: %if ptxas %{ %ptxas -c -arch=sm_87 %t.sm87.s -o %t.sm87.o %}
// RUN: %omp_nvptx_device_ir -DGPU %s -o %t.nvptx.ll
// RUN: %opt_prem -passes=prem-tile,prem-les,prem-sync,verify -prem-gpu-tiles -prem-spm-bytes=1024 %t.nvptx.ll -S -o - | FileCheck %s --check-prefix=GPU
// GPUREMARK: remark: {{.*}}1 indirect load(s) of {{.*}} gathered element by element
// PTX: .shared .align 64 .b8 prem_$_spm_$___omp_offloading_{{.*}}_permute_l{{[0-9]+}}_omp_outlined_omp_outlined[384];
// GPU: [[THREADS:%[0-9]+]] = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
// GPU-NEXT: [[T64:%[0-9]+]] = zext i32 [[THREADS]] to i64
// GPU-NEXT: [[FULL:%[0-9]+]] = icmp eq i64 [[T64]], 32
// GPU-NEXT: [[ENOUGH:%[0-9]+]] = icmp ule i64 %prem.n, [[T64]]
// GPU-NEXT: [[PRE:%[0-9]+]] = and i1 [[FULL]], [[ENOUGH]]
// GPU: %prem.fits = and i1 %{{[0-9]+}}, %{{[0-9]+}}
// GPU: call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
// GPU: !{!"indirect", i1 true, i1 false, i1 false, i64 0, i64 4, i64 32}
#define N 64
#ifdef GPU
#define BLOCK thread_limit(32)
#else
#define BLOCK
#endif
void permute(float *restrict out, const float *restrict in,
             const int *restrict perm) {
#pragma omp target teams distribute parallel for BLOCK map(to: in[0:N], perm[0:N]) map(from: out[0:N])
  for (int i = 0; i < N; i++)
    out[i] = 2.0f * in[perm[i]];
}

// REMARK: remark: {{.*}}kernel __omp_offloading_{{.*}}_permute_l{{[0-9]+}}: 1 indirect load(s) of in gathered element by element in the Load phase (dae for them: they have no interval to copy)
// REMARK: remark: {{.*}}kernel __omp_offloading_{{.*}}_permute_l{{[0-9]+}}: worksharing loop tiled, 64 SIMT iterations per PREM interval

// The Execute phase: the count of gathered bytes, and the element's place:
// its own in the indirect slot, or out's slot if it lies in out's interval.
// SDMA: @[[SPM:prem.spm.__omp_offloading_.*_permute_l[0-9]+.omp_outlined.omp_outlined]] = internal thread_local global [768 x i8] zeroinitializer, align 64
// SDMA-LABEL: define internal void @__omp_offloading_{{.*}}_permute_l{{[0-9]+}}.omp_outlined.omp_outlined(
// SDMA: %prem.spm = call align 64 ptr @llvm.threadlocal.address.p0(ptr align 64 @[[SPM]])
// SDMA: omp.inner.for.body:
// SDMA-NEXT: %prem.gathered.0 = phi i64 [ 0, %prem.execute ], [ [[NEXT:%[0-9]+]], %omp.inner.for.body ]
// SDMA: [[INDEX:%[0-9]+]] = load i32, ptr %prem.spm.addr{{[0-9]+}}, align 4
// SDMA-NEXT: %idxprom5 = sext i32 [[INDEX]] to i64
// SDMA-NEXT: %arrayidx6 = getelementptr inbounds float, ptr %in, i64 %idxprom5
// SDMA-NEXT: [[NEXT]] = add i64 %prem.gathered.0, 4
// SDMA-NEXT: [[OWN:%prem.gather.off[0-9]+]] = add i64 %prem.slot6, %prem.gathered.0
// SDMA-NEXT: [[OUT:%[0-9]+]] = ptrtoint ptr %prem.begin2 to i64
// SDMA-NEXT: [[P:%[0-9]+]] = ptrtoint ptr %arrayidx6 to i64
// SDMA-NEXT: [[D:%[0-9]+]] = sub i64 [[P]], [[OUT]]
// SDMA-NEXT: [[INOUT:%[0-9]+]] = add i64 %prem.slot4, [[D]]
// SDMA-NEXT: [[IN:%[0-9]+]] = icmp ult i64 [[D]], %prem.length3
// SDMA-NEXT: [[OFF:%prem.gather.off[0-9]+]] = select i1 [[IN]], i64 [[INOUT]], i64 [[OWN]]
// SDMA-NEXT: [[ADDR:%prem.spm.addr[0-9]+]] = getelementptr i8, ptr %prem.spm, i64 [[OFF]]
// SDMA-NEXT: load float, ptr [[ADDR]], align 4
// The header: the indirect slot after the others, and out's ends 4-aligned.
// SDMA: prem.tile:
// SDMA: %prem.begin2 = freeze ptr [[OUTBEGIN:%[0-9]+]], !prem.value
// SDMA-NEXT: %prem.length3 = freeze i64 [[OUTLEN:%[0-9]+]], !prem.value
// SDMA: [[OUTINT:%[0-9]+]] = ptrtoint ptr [[OUTBEGIN]] to i64
// SDMA: %prem.length5 = freeze i64 256, !prem.value
// SDMA-NEXT: %prem.slot6 = freeze i64 [[S:%[0-9]+]], !prem.value
// SDMA-NEXT: [[USED:%[0-9]+]] = add i64 [[S]], 256
// SDMA-NEXT: [[ENDS:%[0-9]+]] = or i64 [[OUTINT]], [[OUTLEN]]
// SDMA-NEXT: [[LOW:%[0-9]+]] = and i64 [[ENDS]], 3
// SDMA-NEXT: [[ALIGNED:%[0-9]+]] = icmp eq i64 [[LOW]], 0
// SDMA-NEXT: [[SAFE:%[0-9]+]] = and i1 %{{[0-9]+}}, [[ALIGNED]]
// SDMA-NEXT: [[FITS:%[0-9]+]] = icmp ule i64 [[USED]], 768
// SDMA-NEXT: %prem.fits = and i1 [[FITS]], [[SAFE]]
// The Load phase: perm's interval, out's whole interval, then the gather.
// SDMA: prem.load:
// SDMA-NEXT: call void @__prem_enter_mem(i32 %prem.interval1)
// SDMA-NEXT: [[PERMSPM:%[0-9]+]] = getelementptr i8, ptr %prem.spm, i64 %prem.slot{{$}}
// SDMA-NEXT: call void @__prem_copy_1d(ptr [[PERMSPM]], ptr %prem.begin, i64 %prem.length)
// SDMA-NEXT: [[OUTSPM:%[0-9]+]] = getelementptr i8, ptr %prem.spm, i64 %prem.slot4
// SDMA-NEXT: call void @__prem_copy_1d(ptr [[OUTSPM]], ptr %prem.begin2, i64 %prem.length3)
// SDMA-NEXT: br label %omp.inner.for.body.load
// SDMA: omp.inner.for.body.load:
// SDMA-NEXT: %prem.gathered.1 = phi i64 [ 0, %prem.load ], [ [[LNEXT:%[0-9]+]], %omp.inner.for.body.load ]
// SDMA-NOT: store
// SDMA: [[LINDEX:%[0-9]+]] = load i32, ptr %arrayidx.load, align 4
// SDMA-NEXT: %idxprom5.load = sext i32 [[LINDEX]] to i64
// SDMA-NEXT: %arrayidx6.load = getelementptr inbounds float, ptr %in, i64 %idxprom5.load
// SDMA-NEXT: [[V:%[0-9]+]] = load float, ptr %arrayidx6.load, align 4
// SDMA-NEXT: [[LNEXT]] = add i64 %prem.gathered.1, 4
// SDMA-NEXT: %prem.gather.off = add i64 %prem.slot6, %prem.gathered.1
// SDMA-NEXT: %prem.spm.addr = getelementptr i8, ptr %prem.spm, i64 %prem.gather.off
// SDMA-NEXT: store float [[V]], ptr %prem.spm.addr, align 4
// SDMA-NOT: store
// SDMA: br i1 %{{[0-9]+}}, label %prem.execute, label %omp.inner.for.body.load
// SDMA: !{!"perm", i1 true, i1 false, i1 false}
// SDMA-NEXT: !{!"out", i1 false, i1 true, i1 true}
// SDMA-NEXT: !{!"indirect", i1 true, i1 false, i1 false, i64 0, i64 4, i64 1}

// dae: out's interval copied whole (the gather may read it), perm element
// by element and the gather in the same stripped copy.
// DAE: prem.load:
// DAE-NEXT: call void @__prem_enter_mem(i32 %prem.interval1)
// DAE-NEXT: [[OUTSPM:%[0-9]+]] = getelementptr i8, ptr %prem.spm, i64 %prem.slot4
// DAE-NEXT: call void @__prem_copy_1d(ptr [[OUTSPM]], ptr %prem.begin2, i64 %prem.length3)
// DAE-NEXT: br label %omp.inner.for.body.load
// DAE: omp.inner.for.body.load:
// DAE: [[I:%[0-9]+]] = load i32, ptr %arrayidx.load, align 4
// DAE: store i32 [[I]], ptr %prem.spm.addr, align 4
// DAE: [[V:%[0-9]+]] = load float, ptr %arrayidx6.load, align 4
// DAE-NEXT: add i64 %prem.gathered.1, 4
// DAE-NEXT: %prem.gather.off = add i64 %prem.slot6, %prem.gathered.1
// DAE-NEXT: [[ADDR:%prem.spm.addr[0-9]+]] = getelementptr i8, ptr %prem.spm, i64 %prem.gather.off
// DAE-NEXT: store float [[V]], ptr [[ADDR]], align 4
// DAE: br i1 %{{[0-9]+}}, label %prem.execute, label %omp.inner.for.body.load
// The Store phase's copy has no gather left.
// DAE: omp.inner.for.body.store:
// DAE-NOT: ptr %in,
// DAE: br i1 %{{[0-9]+}}, label %prem.store.end, label %omp.inner.for.body.store

// cmpt: the tile as it is, in the memory phase; no scratchpad.
// CMPT-NOT: prem.spm
// CMPT-NOT: prem.gathered
// CMPT: !{!"indirect", i1 true, i1 false, i1 false, i64 0, i64 4, i64 1}

// JSON: "arrays": [
// JSON: "name": "indirect",
// JSON-NEXT: "read": true,
// JSON-NEXT: "store": "none",
// JSON-NEXT: "transfer": "gather",
