// prem-tile on gemm (host offload): the worksharing loop is strip-mined into
// tiles of 16 rows (A's rows 16 x 256 B + all of B 16 KiB + C's rows 4 KiB =
// 24 KiB), each tile versioned between the scratchpad path (the loop,
// re-entered with the carried state, tagged for prem-les) and the global path
// (a copy), with the byte intervals and the fit/alias check in the tile header.
// RUN: %omp_host_device_ir %S/Inputs/gemm64.c -o %t.ll
// RUN: %opt_prem -passes=prem-tile,verify -prem-spm-bytes=24576 %t.ll -S -o - -pass-remarks=prem 2>%t.remarks | FileCheck %s
// RUN: FileCheck %s --check-prefix=REMARK < %t.remarks
// Too small a scratchpad for one element of A and one of B (a 64-byte slot
// each), the depth-2 loop's iteration: left alone, byte for byte.
// RUN: %opt_prem -passes=prem-tile -prem-spm-bytes=100 %t.ll -S -o %t.untouched.ll -pass-remarks-missed=prem 2>&1 | FileCheck %s --check-prefix=MISSED
// RUN: %opt_prem -passes=verify %t.ll -S -o %t.plain.ll
// RUN: cmp %t.plain.ll %t.untouched.ll
// Every host-offload thread keeps a scratchpad per tiled kernel: not a
// huge one.
// RUN: %opt_prem -passes=prem-tile -prem-spm-bytes=4000000 %t.ll -disable-output -pass-remarks-missed=prem 2>&1 | FileCheck %s --check-prefix=STACK
// STACK: not transformed: a scratchpad of 4000000 bytes is too large for a host-offload thread, which keeps one per tiled kernel (at most 1048576)

// REMARK: remark: {{.*}}kernel __omp_offloading_{{.*}}_gemm_l{{[0-9]+}}: worksharing loop tiled, 16 SIMT iterations per PREM interval
// MISSED: remark: {{.*}}kernel __omp_offloading_{{.*}}_gemm_l{{[0-9]+}} not transformed: one SIMT iteration needs 16896 bytes of scratchpad (byte intervals), more than the 100 available; one iteration of the depth-1 loop needs 576 bytes of scratchpad (byte intervals), more than the 100 available; one iteration of the depth-2 loop needs 128 bytes of scratchpad (byte intervals), more than the 100 available{{$}}

// CHECK-LABEL: define internal void @__omp_offloading_{{.*}}_gemm_l{{[0-9]+}}.omp_outlined.omp_outlined(
// CHECK: for.cond.preheader.preheader:
// The thread's chunk (known here) in as many tiles as tiles of 16 would
// make, of equal size, rounded up to a multiple of 4 where that is at most 16.
// CHECK: %[[TRIPS:[0-9]+]] = add nuw nsw i64 %{{[0-9]+}}, 1
// CHECK-NEXT: %[[UP:[0-9]+]] = add i64 %[[TRIPS]], 15
// CHECK-NEXT: %[[T16:[0-9]+]] = udiv i64 %[[UP]], 16
// CHECK-NEXT: %prem.tiles = call i64 @llvm.umax.i64(i64 %[[T16]], i64 1)
// CHECK-NEXT: %[[M1:[0-9]+]] = sub i64 %prem.tiles, 1
// CHECK-NEXT: %[[UP2:[0-9]+]] = add i64 %[[TRIPS]], %[[M1]]
// CHECK-NEXT: %[[EVEN:[0-9]+]] = udiv i64 %[[UP2]], %prem.tiles
// CHECK-NEXT: %[[R3:[0-9]+]] = add i64 %[[EVEN]], 3
// CHECK-NEXT: %[[R:[0-9]+]] = and i64 %[[R3]], -4
// CHECK-NEXT: %[[FITS:[0-9]+]] = icmp ule i64 %[[R]], 16
// CHECK-NEXT: %prem.size = select i1 %[[FITS]], i64 %[[R]], i64 %[[EVEN]]
// CHECK-NEXT: br label %prem.tile
// The scratchpad path: the original loop, entered from prem.load with the
// carried induction variable, leaving after prem.n iterations.
// CHECK: for.cond.preheader:
// CHECK-NEXT: %prem.k = phi i64 [ 0, %prem.load ], [ %prem.k.next, %for.cond.cleanup ]
// CHECK-NEXT: %[[IV:[a-z.0-9]+]] = phi i64 [ %[[IV]].tile, %prem.load ], [ %[[NEXT:[a-z.0-9]+]], %for.cond.cleanup ]
// CHECK: %prem.k.next = add i64 %prem.k, 1
// CHECK-NEXT: %[[LAST:[0-9]+]] = icmp eq i64 %prem.k.next, %prem.n
// CHECK-NEXT: br i1 %[[LAST]], label %prem.store, label %for.cond.preheader
// CHECK: load float, ptr %{{.*}}, !prem.array ![[C_ACCESS:[0-9]+]]
// CHECK: store float %{{.*}}, ptr %{{.*}}, !prem.array ![[C_ACCESS]]
// CHECK: load float, ptr %{{.*}}, !prem.array ![[A_ACCESS:[0-9]+]]
// CHECK: load float, ptr %{{.*}}, !prem.array ![[B_ACCESS:[0-9]+]]

// The tile header: carried state, the tile's length, the intervals.
// CHECK: prem.tile:
// CHECK-NEXT: %prem.done = phi i64 [ 0, %for.cond.preheader.preheader ], [ %prem.done.next, %prem.tile.latch ]
// CHECK-NEXT: %prem.interval = phi i32 [ 0, %for.cond.preheader.preheader ], [ %{{[0-9]+}}, %prem.tile.latch ]
// CHECK-NEXT: %[[IV]].tile = phi i64 [ %{{[0-9]+}}, %for.cond.preheader.preheader ], [ %[[IV]].next, %prem.tile.latch ]
// CHECK-NEXT: %[[LEFT:[0-9]+]] = sub i64 %[[TRIPS]], %prem.done
// CHECK-NEXT: %prem.n = call i64 @llvm.umin.i64(i64 %[[LEFT]], i64 %prem.size)
// CHECK: %prem.interval1 = freeze i32 %prem.interval, !prem.value
// A's interval: 256 bytes per row from the tile's first row.
// CHECK: %[[A_FIRST:[0-9]+]] = mul i64 256, %[[IV]].tile
// CHECK: %[[A_BEGIN:[0-9]+]] = getelementptr i8, ptr %A, i64 %[[A_FIRST]]
// CHECK-NEXT: %prem.begin = freeze ptr %[[A_BEGIN]], !prem.value
// CHECK-NEXT: %prem.length = freeze i64 %{{[0-9]+}}, !prem.value
// CHECK-NEXT: %prem.slot = freeze i64 0, !prem.value
// All of B, whatever the tile.
// CHECK: %prem.begin2 = freeze ptr %B, !prem.value
// CHECK-NEXT: %prem.length3 = freeze i64 16384, !prem.value
// CHECK: %prem.begin5 = freeze ptr %{{[0-9]+}}, !prem.value
// C is written in every byte of its interval: a written interval too.
// CHECK: %prem.wbegin = freeze ptr %{{[0-9]+}}, !prem.value
// CHECK: %prem.wlength = freeze i64 %{{[0-9]+}}, !prem.value
// CHECK: icmp ule i64 %{{[0-9]+}}, 24576
// CHECK: br i1 %prem.fits, label %prem.load, label %prem.global, !prem.tile ![[TILE:[0-9]+]]
// CHECK: prem.load:
// CHECK-NEXT: br label %for.cond.preheader, !prem.block ![[LOAD:[0-9]+]]
// CHECK: prem.store:
// CHECK-NEXT: br label %prem.tile.latch, !prem.block ![[STORE:[0-9]+]]
// CHECK: prem.global:
// CHECK-NEXT: br label %for.cond.preheader.global, !prem.block ![[GLOBAL:[0-9]+]]
// Both paths meet with the carried state; the next tile or the loop's exit.
// CHECK: prem.tile.latch:
// CHECK-NEXT: %[[IV]].next = phi i64 [ %[[NEXT]], %prem.store ], [ %[[NEXT]].global, %for.cond.cleanup.global ]
// CHECK-NEXT: %prem.done.next = add i64 %prem.done, %prem.n
// CHECK: br i1 %{{[0-9]+}}, label %omp.loop.exit, label %prem.tile
// The global path: the same loop, untagged.
// CHECK: for.cond.preheader.global:
// CHECK-NEXT: %prem.k.global = phi i64 [ 0, %prem.global ]
// CHECK-NOT: !prem.array
// CHECK: {{^}$}}

// CHECK: ![[C_ACCESS]] = !{i32 0, i32 2}
// CHECK: ![[A_ACCESS]] = !{i32 0, i32 0}
// CHECK: ![[B_ACCESS]] = !{i32 0, i32 1}
// CHECK: ![[TILE]] = !{i32 0, i64 16, i64 24576, ![[A:[0-9]+]], ![[B:[0-9]+]], ![[C:[0-9]+]]}
// CHECK-NEXT: ![[A]] = !{!"A", i1 true, i1 false, i1 false}
// CHECK-NEXT: ![[B]] = !{!"B", i1 true, i1 false, i1 false}
// CHECK-NEXT: ![[C]] = !{!"C", i1 true, i1 true, i1 true}
// CHECK-NEXT: ![[LOAD]] = !{i32 0, !"load"}
// CHECK-NEXT: ![[STORE]] = !{i32 0, !"store"}
// CHECK-NEXT: ![[GLOBAL]] = !{i32 0, !"global"}
