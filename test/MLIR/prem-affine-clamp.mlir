// Every copy stays inside the memref: a box that is the union of several
// accesses (y[i] read, y[i + 3] written) keeps only bounds of constant
// width, so its last tile's box would run past y's 1000 elements (997 + 3).
// The copies in and out are clamped to the memref's extent.
// RUN: %mlir_prem --pass-pipeline="builtin.module(prem-affine{spm-bytes=400 mode=sdma})" --mlir-print-local-scope %s 2>/dev/null | FileCheck %s
// REQUIRES: mlir

// CHECK-LABEL: func.func @shift(
// CHECK: affine.for %[[T:.*]] = 0 to 997 step 97 {
// CHECK: affine.for %{{.*}} = max affine_map<(d0) -> (d0, 0, 0)>(%[[T]]) to min affine_map<(d0) -> (d0 + 100, 1000)>(%[[T]]) {
// CHECK-NEXT: affine.load %arg0
// CHECK: __prem_enter_comp
// CHECK: __prem_enter_mem
// CHECK-NEXT: affine.for %{{.*}} = max affine_map<(d0) -> (d0, 0, 0)>(%[[T]]) to min affine_map<(d0) -> (d0 + 100, 1000)>(%[[T]]) {
// CHECK-NEXT: affine.load %alloc
// CHECK-NEXT: affine.store %{{.*}}, %arg0
func.func @shift(%y: memref<1000xf32>) {
  affine.for %i = 0 to 997 {
    %a = affine.load %y[%i] : memref<1000xf32>
    affine.store %a, %y[%i + 3] : memref<1000xf32>
  }
  return
}
// A runtime size: the clamp is the memref's memref.dim.
// CHECK-LABEL: func.func @shift_n(
// CHECK-NEXT: %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT: %[[DIM:.*]] = memref.dim %arg0, %[[C0]]
// CHECK: affine.for %{{.*}} = max affine_map<{{.*}}>(%{{.*}}) to min affine_map<(d0, d1, d2) -> ({{.*}}, d2)>(%{{.*}}, %{{.*}}, %[[DIM]]) {
// CHECK-NEXT: affine.load %arg0
func.func @shift_n(%y: memref<?xf32>, %n: index) {
  affine.for %i = 0 to %n {
    %a = affine.load %y[%i] : memref<?xf32>
    affine.store %a, %y[%i + 3] : memref<?xf32>
  }
  return
}
