// Nests in a gpu.launch: the block's box (over its threads) in workgroup
// memory, copied in by all the block's threads together (thread t moves
// elements t, t + 256, ... of the buffer, within the tile's box), every
// runtime call between two gpu.barrier, and the Store phase writing only the
// elements the tile wrote (another block may write the rest of the box).
// RUN: %mlir_prem --pass-pipeline="builtin.module(prem-affine{spm-bytes=4096 mode=sdma})" %S/Inputs/gpu/gemm-launch.mlir 2>%t.err | FileCheck %s
// RUN: FileCheck --check-prefix=REMARK %s < %t.err
// RUN: %mlir_prem --pass-pipeline="builtin.module(prem-affine{spm-bytes=4096 mode=cmpt})" %S/Inputs/gpu/scale-func.mlir 2>/dev/null | FileCheck --check-prefix=CMPT %s
// REQUIRES: mlir

// REMARK: gemm-launch.mlir:10:5: remark: prem-affine [Transformed]: tiles of 24 iterations, mode sdma: Algorithm 2: loop 0 of the band takes 24 iterations per tile (the largest whose tile fits: 4096 bytes <= 4096)

// CHECK-DAG: #[[LIN:.*]] = affine_map<(d0, d1, d2) -> (d0 + d1 * 16 + d2 * 256)>
// CHECK-LABEL: func.func @gemm(
// CHECK-SAME: %[[A:[^:]*]]: memref<128x96xf32>, %[[B:[^:]*]]: memref<96x128xf32>, %[[C:[^:]*]]: memref<128x128xf32>)
// CHECK: gpu.launch blocks(%[[BX:.*]], %[[BY:.*]], %{{.*}}) in ({{.*}}) threads(%[[TX:.*]], %[[TY:.*]], %[[TZ:.*]]) in ({{.*}}) workgroup(%[[WA:.*]] : memref<16x24xf32, #gpu.address_space<workgroup>>, %[[WB:.*]] : memref<24x16xf32, #gpu.address_space<workgroup>>, %[[WC:.*]] : memref<16x16xf32, #gpu.address_space<workgroup>>) {
// CHECK-NEXT: %[[T:.*]] = affine.apply #[[LIN]](%[[TX]], %[[TY]], %[[TZ]])
// CHECK-NEXT: affine.for %[[K:.*]] = 0 to 96 step 24 {
// CHECK-NEXT: %[[N:.*]] = affine.apply
// CHECK-NEXT: %[[N32:.*]] = arith.index_cast %[[N]]
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: func.call @__prem_enter_mem(%[[N32]])
// CHECK-NEXT: gpu.barrier
// A's 16x24 panel: 384 elements, 256 threads.
// CHECK-NEXT: affine.for %[[E:.*]] = #{{.*}}(%[[T]]) to 384 step 256 {
// CHECK-NEXT: affine.if #{{.*}}(%[[K]], %[[BY]], %[[E]]) {
// CHECK-NEXT: %[[V:.*]] = affine.load %[[A]][%[[BY]] * 16 + (%[[E]] floordiv 24) mod 16, %[[K]] + %[[E]] mod 24]
// CHECK-NEXT: affine.store %[[V]], %[[WA]][(%[[E]] floordiv 24) mod 16, %[[E]] mod 24]
// CHECK: affine.for %[[E:.*]] = #{{.*}}(%[[T]]) to 384 step 256 {
// CHECK: affine.load %[[B]][%[[K]] + (%[[E]] floordiv 16) mod 24, %[[BX]] * 16 + %[[E]] mod 16]
// CHECK: affine.for %[[E:.*]] = #{{.*}}(%[[T]]) to 256 step 256 {
// CHECK: affine.load %[[C]]
// CHECK: gpu.barrier
// CHECK-NEXT: func.call @__prem_enter_comp(%[[N32]])
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: affine.for %[[KK:.*]] = #{{.*}}(%[[K]]) to #{{.*}}(%[[K]]) {
// CHECK: affine.load %[[WA]]
// CHECK: affine.load %[[WB]]
// CHECK: affine.load %[[WC]]
// CHECK: affine.store %{{.*}}, %[[WC]]
// CHECK: gpu.barrier
// CHECK-NEXT: func.call @__prem_enter_mem(%[[N32]])
// CHECK-NEXT: gpu.barrier
// Store phase: each thread its own element of C, from the buffer.
// CHECK-NEXT: affine.for %{{.*}} = #{{.*}}(%[[K]]) to #{{.*}}(%[[K]]) {
// CHECK-NEXT: %[[F:.*]] = affine.load %[[WC]][symbol(%[[TY]]), symbol(%[[TX]])]
// CHECK-NEXT: affine.store %[[F]], %[[C]][%[[BY]] * 16 + %[[TY]], %[[BX]] * 16 + %[[TX]]]
// CHECK-NEXT: }
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: func.call @__prem_exit_mem(%[[N32]])
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: }
// CHECK-NEXT: gpu.terminator

// An outlined gpu.func: the runtime is declared in its gpu.module.
// CMPT: gpu.module @kernels {
// CMPT-NEXT: func.func private @__prem_exit_mem(i32)
// CMPT-NEXT: func.func private @__prem_enter_mem(i32)
// CMPT: gpu.func @scale(
// CMPT: affine.for %[[K:.*]] = 0 to 16 step 4 {
// CMPT: gpu.barrier
// CMPT-NEXT: func.call @__prem_enter_mem
// CMPT-NEXT: gpu.barrier
// CMPT-NEXT: affine.for
// CMPT: gpu.barrier
// CMPT-NEXT: func.call @__prem_exit_mem
// CMPT-NEXT: gpu.barrier

// The copy of a box that is the union of two reads is clamped to the
// memref's extent (x has 1000 elements; the last tile's box would end at
// 1058).
// RUN: %mlir_prem --pass-pipeline="builtin.module(prem-affine{spm-bytes=900 mode=sdma})" %S/Inputs/gpu/two-reads.mlir 2>/dev/null | FileCheck --check-prefix=CLAMP %s
// CLAMP: #[[SET:.*]] = affine_set<{{.*}} >= 0, -({{.*}}) + 999 >= 0)>
// CLAMP: affine.if #[[SET]](
// CLAMP-NEXT: affine.load %arg0
