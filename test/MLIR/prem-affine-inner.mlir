// A band that cannot fit one iteration has its inner nests tried as
// intervals. Whatever of it is not one of them runs as a compatible
// interval (PREM_INTERVAL_OUTSIDE = 536870912): the accesses between the
// nests, and an inner nest that is refused (here a triangular one too big
// for one tile). A reduction that carries a value is one interval when it
// fits whole.
// RUN: %mlir_prem --pass-pipeline="builtin.module(prem-affine{spm-bytes=512 mode=sdma})" --verify-diagnostics %s | FileCheck %s
// REQUIRES: mlir

func.func @inner(%A: memref<64x64xf32>, %s: memref<64xf32>) {
  %z = arith.constant 0.0 : f32
  // expected-remark@+1 {{prem-affine [InnerNests]: one iteration of the innermost band loop touches 16388 bytes, more than the scratchpad's 512; its 2 inner nest(s) are tried as intervals instead, and its 1 access(es) outside them are compatible intervals}}
  affine.for %t = 0 to 64 {
    // expected-remark@+1 {{prem-affine [Transformed]: one tile of 64 iterations, mode sdma: the whole band fits: 256 bytes <= 512}}
    %r = affine.for %i = 0 to 64 iter_args(%acc = %z) -> f32 {
      %a = affine.load %A[%t, %i] : memref<64x64xf32>
      %n = arith.addf %acc, %a : f32
      affine.yield %n : f32
    }
    affine.store %r, %s[%t] : memref<64xf32>
    // expected-remark@+1 {{prem-affine [NotHyperRectangular]: the band cannot be tiled}}
    affine.for %i = 0 to 64 {
      affine.for %j = 0 to affine_map<(d0) -> (d0)>(%i) {
        %a = affine.load %A[%i, %j] : memref<64x64xf32>
        %b = arith.addf %a, %r : f32
        affine.store %b, %A[%j, %i] : memref<64x64xf32>
      }
    }
  }
  return
}
// CHECK-LABEL: func.func @inner(
// CHECK: affine.for %{{.*}} = 0 to 64 {
// CHECK: func.call @__prem_enter_mem
// CHECK: affine.for %{{.*}} = 0 to 64 iter_args
// CHECK: func.call @__prem_exit_mem
// CHECK: %[[OUT:.*]] = arith.constant 536870912 : i32
// CHECK-NEXT: func.call @__prem_enter_mem(%[[OUT]])
// CHECK-NEXT: affine.store
// CHECK-NEXT: func.call @__prem_exit_mem(%[[OUT]])
// CHECK-NEXT: %[[OUT2:.*]] = arith.constant 536870912 : i32
// CHECK-NEXT: func.call @__prem_enter_mem(%[[OUT2]])
// CHECK-NEXT: affine.for %{{.*}} = 0 to 64 {
// CHECK-NEXT: affine.for
// CHECK-NEXT: affine.load %arg0
// CHECK: func.call @__prem_exit_mem(%[[OUT2]])
