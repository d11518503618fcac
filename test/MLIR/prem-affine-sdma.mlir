// sdma: a tile of C += A * B whose boxes fit 768 bytes gets a Load phase
// of box copies (every memref, C too: its copy out writes the whole box),
// an Execute phase on the buffers and a Store phase copying C's box back.
// RUN: %mlir_prem --pass-pipeline="builtin.module(prem-affine{spm-bytes=768 mode=sdma})" %s 2>%t.err | FileCheck %s
// RUN: FileCheck --check-prefix=REMARK %s < %t.err
// REQUIRES: mlir

// REMARK: prem-affine-sdma.mlir:[[@LINE+13]]:3: remark: prem-affine [Transformed]: tiles of 1x10x16 iterations, mode sdma: Algorithm 2: loop 1 of the band takes 10 iterations per tile (the largest whose tile fits: 744 bytes <= 768), outer band loops 1 (one of their iterations does not fit)

// CHECK: func.func private @__prem_exit_mem(i32)
// CHECK: func.func private @__prem_enter_comp(i32)
// CHECK: func.func private @__prem_enter_mem(i32)
// CHECK-LABEL: func.func @gemm(
// CHECK-SAME: %[[A:.*]]: memref<16x16xf32>, %[[B:.*]]: memref<16x16xf32>, %[[C:.*]]: memref<16x16xf32>)
// CHECK: %[[BA:.*]] = memref.alloc() {alignment = 64 : i64} : memref<1x16xf32>
// CHECK: %[[BB:.*]] = memref.alloc() {alignment = 64 : i64} : memref<16x10xf32>
// CHECK: %[[BC:.*]] = memref.alloc() {alignment = 64 : i64} : memref<1x10xf32>
// CHECK: affine.for %[[I:.*]] = 0 to 16 {
// CHECK-NEXT: affine.for %[[J:.*]] = 0 to 16 step 10 {
func.func @gemm(%A: memref<16x16xf32>, %B: memref<16x16xf32>, %C: memref<16x16xf32>) {
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 16 {
      affine.for %k = 0 to 16 {
        %a = affine.load %A[%i, %k] : memref<16x16xf32>
        %b = affine.load %B[%k, %j] : memref<16x16xf32>
        %c = affine.load %C[%i, %j] : memref<16x16xf32>
        %p = arith.mulf %a, %b : f32
        %s = arith.addf %c, %p : f32
        affine.store %s, %C[%i, %j] : memref<16x16xf32>
      }
    }
  }
  return
}
// The tile's number: row i, column tile j / 10 of 2.
// CHECK-NEXT: %[[N:.*]] = affine.apply #{{.*}}(%[[I]], %[[J]])
// CHECK-NEXT: %[[N32:.*]] = arith.index_cast %[[N]] : index to i32
// CHECK-NEXT: call @__prem_enter_mem(%[[N32]])
// Load phase: A's row, B's 16x10 block, C's 1x10 block (the last column
// tile holds 6: the copies' bounds are the box's, clamped to the memref,
// the buffer's the largest).
// CHECK-NEXT: affine.for %[[R:.*]] = max #{{.*}}(%[[I]]) to min #{{.*}}(%[[I]]) {
// CHECK-NEXT: affine.for %[[W:.*]] = max #{{.*}}(%[[I]]) to min #{{.*}}(%[[I]]) {
// CHECK-NEXT: %[[V:.*]] = affine.load %[[A]][%[[R]], %[[W]]]
// CHECK-NEXT: affine.store %[[V]], %[[BA]][%[[R]] - %[[I]], %[[W]]]
// CHECK: affine.for %{{.*}} = max #{{.*}}(%[[J]]) to min #{{.*}}(%[[J]]) {
// CHECK-NEXT: affine.for %{{.*}} = max #{{.*}}(%[[J]]) to min #{{.*}}(%[[J]]) {
// CHECK-NEXT: affine.load %[[B]]
// CHECK-NEXT: affine.store {{.*}}, %[[BB]]
// CHECK: affine.load %[[C]]
// CHECK-NEXT: affine.store {{.*}}, %[[BC]]
// CHECK: call @__prem_enter_comp(%[[N32]])
// Execute phase: the tile on the buffers only.
// CHECK-NEXT: affine.for %[[PI:.*]] = #{{.*}}(%[[I]]) to #{{.*}}(%[[I]]) {
// CHECK-NEXT: affine.for %[[PJ:.*]] = #{{.*}}(%[[J]]) to min #{{.*}}(%[[J]]) {
// CHECK-NEXT: affine.for %[[PK:.*]] = 0 to 16 {
// CHECK-NEXT: affine.load %[[BA]][-%[[I]] + %[[PI]], %[[PK]]]
// CHECK-NEXT: affine.load %[[BB]][%[[PK]], -%[[J]] + %[[PJ]]]
// CHECK-NEXT: affine.load %[[BC]][-%[[I]] + %[[PI]], -%[[J]] + %[[PJ]]]
// CHECK-NEXT: arith.mulf
// CHECK-NEXT: arith.addf
// CHECK-NEXT: affine.store {{.*}}, %[[BC]][-%[[I]] + %[[PI]], -%[[J]] + %[[PJ]]]
// CHECK: call @__prem_enter_mem(%[[N32]])
// Store phase: C's box only.
// CHECK-NEXT: affine.for
// CHECK-NEXT: affine.for
// CHECK-NEXT: %[[O:.*]] = affine.load %[[BC]]
// CHECK-NEXT: affine.store %[[O]], %[[C]]
// CHECK: call @__prem_exit_mem(%[[N32]])
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: memref.dealloc %[[BA]]
// CHECK-NEXT: memref.dealloc %[[BB]]
// CHECK-NEXT: memref.dealloc %[[BC]]
