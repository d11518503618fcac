// prem-les in its three modes on gemm tiled by prem-tile (16 rows a tile):
// the Load / Execute / Store phases, and an Execute phase whose every access
// is to the thread's scratchpad.
// RUN: %omp_host_device_ir %S/Inputs/gemm64.c -o %t.ll
// RUN: %opt_prem -passes=prem-tile,prem-les,verify -prem-mode=sdma -prem-spm-bytes=24576 %t.ll -S -o %t.sdma.ll
// RUN: FileCheck %s --check-prefixes=CHECK,SDMA < %t.sdma.ll
// RUN: %opt_prem -passes=prem-tile,prem-les,verify -prem-spm-bytes=24576 %t.ll -S | FileCheck %s --check-prefixes=CHECK,SDMA
// RUN: %opt_prem -passes=prem-tile,prem-les,verify -prem-mode=dae -prem-spm-bytes=24576 %t.ll -S | FileCheck %s --check-prefixes=CHECK,DAE
// RUN: %opt_prem -passes=prem-tile,prem-les,verify -prem-mode=cmpt -prem-spm-bytes=24576 %t.ll -S | FileCheck %s --check-prefix=CMPT
// The Execute phase (the blocks of the loop that are neither copies nor the
// global path) touches nothing but %prem.spm:
// RUN: sed -n '/^for.cond.preheader:/,/^prem.tile:/p' %t.sdma.ll > %t.execute.ll
// RUN: grep -c 'load float, ptr %%prem.spm.addr' %t.execute.ll | FileCheck %s --check-prefix=EXEC-LOADS
// RUN: grep -c 'store float %%[0-9]*, ptr %%prem.spm.addr' %t.execute.ll | FileCheck %s --check-prefix=EXEC-STORES
// RUN: not grep -E '(load|store) .*ptr %%(gep|invariant)' %t.execute.ll
// EXEC-LOADS: 3
// EXEC-STORES: 1

// The scratchpad is a thread-local buffer of the function, not a frame
// buffer: a thread's stack may be smaller than a scratchpad
// (OMP_STACKSIZE; E2E/omp-stacksize.test).
// CHECK: @[[SPM:prem.spm.__omp_offloading_.*_gemm_l[0-9]+.omp_outlined.omp_outlined]] = internal thread_local global [24576 x i8] zeroinitializer, align 64
// CHECK-LABEL: define internal void @__omp_offloading_{{.*}}_gemm_l{{[0-9]+}}.omp_outlined.omp_outlined(
// CHECK: entry:
// CHECK-NEXT: %prem.spm = call align 64 ptr @llvm.threadlocal.address.p0(ptr align 64 @[[SPM]])
// The Execute loop: every access at the same offset in its array's slot.
// CHECK: for.cond.preheader:
// CHECK-NEXT: %prem.k = phi i64 [ 0, %prem.execute ]
// CHECK: %[[C_OFF:prem.off[0-9]*]] = sub i64 %{{[0-9]+}}, %{{[0-9]+}}
// CHECK-NEXT: %[[C_SLOT:[0-9]+]] = add i64 %prem.slot7, %[[C_OFF]]
// CHECK-NEXT: %[[C_ADDR:prem.spm.addr[0-9]*]] = getelementptr i8, ptr %prem.spm, i64 %[[C_SLOT]]
// CHECK-NEXT: load float, ptr %[[C_ADDR]]
// CHECK: store float %{{[0-9]+}}, ptr %prem.spm.addr{{[0-9]*}}, {{.*}}!prem.array
// CHECK: load float, ptr %prem.spm.addr{{[0-9]*}}, {{.*}}!prem.array
// CHECK: load float, ptr %prem.spm.addr{{[0-9]*}}, {{.*}}!prem.array

// SoftDMA: one interval copy per array in, C's written interval out.
// SDMA: prem.load:
// SDMA-NEXT: %[[A_SPM:[0-9]+]] = getelementptr i8, ptr %prem.spm, i64 %prem.slot
// SDMA-NEXT: call void @__prem_copy_1d(ptr %[[A_SPM]], ptr %prem.begin, i64 %prem.length)
// SDMA-NEXT: %[[B_SPM:[0-9]+]] = getelementptr i8, ptr %prem.spm, i64 %prem.slot4
// SDMA-NEXT: call void @__prem_copy_1d(ptr %[[B_SPM]], ptr %prem.begin2, i64 %prem.length3)
// SDMA-NEXT: %[[C_SPM:[0-9]+]] = getelementptr i8, ptr %prem.spm, i64 %prem.slot7
// SDMA-NEXT: call void @__prem_copy_1d(ptr %[[C_SPM]], ptr %prem.begin5, i64 %prem.length6)
// SDMA-NEXT: br label %prem.execute, !prem.block !{{[0-9]+}}, !prem.phase ![[MEMORY:[0-9]+]]
// SDMA: prem.execute:
// SDMA-NEXT: br label %for.cond.preheader, !prem.phase ![[EXECUTE:[0-9]+]]
// SDMA: prem.store:
// SDMA-NEXT: %[[C_OUT:[0-9]+]] = getelementptr i8, ptr %prem.spm, i64 %prem.slot7
// SDMA: call void @__prem_copy_1d(ptr %prem.wbegin, ptr %{{[0-9]+}}, i64 %prem.wlength)
// SDMA-NEXT: br label %prem.store.end, !prem.block !{{[0-9]+}}, !prem.phase ![[MEMORY]]
// SDMA: prem.global:
// SDMA-NEXT: br label %for.cond.preheader.global, !prem.block !{{[0-9]+}}, !prem.phase ![[MEMORY]]
// SDMA-NOT: .load:
// SDMA-NOT: .store:
// SDMA: ![[MEMORY]] = !{i32 0, !"memory"}
// SDMA: ![[EXECUTE]] = !{i32 0, !"execute"}

// With dae the Load phase is the tile stripped to its loads, each copying its
// element to the scratchpad; the Store phase the tile stripped to C's store,
// which writes the final value from the scratchpad.
// DAE: prem.load:
// DAE-NEXT: br label %for.cond.preheader.load
// DAE: prem.store:
// DAE-NEXT: br label %for.cond.preheader.store
// DAE: for.body11.load:
// DAE: %[[A_VAL:[0-9]+]] = load float, ptr %gep.load
// DAE: store float %[[A_VAL]], ptr %prem.spm.addr
// DAE: %[[B_VAL:[0-9]+]] = load float, ptr %gep67.load
// DAE: store float %[[B_VAL]], ptr %prem.spm.addr
// DAE-NOT: fmuladd
// DAE: br i1 %{{.*}}, label %prem.execute, label %for.cond.preheader.load
// DAE: for.body11.store:
// DAE-NOT: load
// DAE: for.cond.cleanup10.store:
// DAE: %[[FINAL:[0-9]+]] = load float, ptr %prem.spm.addr{{[0-9]+}}
// DAE-NEXT: store float %[[FINAL]], ptr %gep69.store
// DAE-NOT: __prem_copy_1d

// The compatible interval: the tile runs unchanged, no scratchpad.
// CMPT-NOT: %prem.spm =
// CMPT: br label %prem.global, !prem.tile
// CMPT-NOT: prem.load:
// CMPT: prem.global:
// CMPT-NEXT: br label %for.cond.preheader.global, !prem.block !{{[0-9]+}}, !prem.phase
