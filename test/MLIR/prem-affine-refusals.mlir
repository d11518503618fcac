// Each nest prem-affine cannot prove safe is left as it was, with a remark
// naming the reason at the nest.
// RUN: %mlir_prem --pass-pipeline="builtin.module(prem-affine{spm-bytes=16})" --verify-diagnostics %s | FileCheck %s
// REQUIRES: mlir

// CHECK-LABEL: func.func @call(
// CHECK-NEXT: affine.for
// CHECK-NEXT: affine.load
// CHECK-NEXT: func.call @ext
// CHECK-NEXT: }
// CHECK-NEXT: return

func.func private @ext(f32)
func.func @call(%A: memref<64xf32>) {
  // expected-remark@+1 {{prem-affine [NonAffineAccess]: 'func.call' at}}
  affine.for %i = 0 to 64 {
    %a = affine.load %A[%i] : memref<64xf32>
    func.call @ext(%a) : (f32) -> ()
  }
  return
}

// CHECK-LABEL: func.func @indirect(
// CHECK-NEXT: affine.for
// CHECK-NEXT: affine.load
// CHECK-NEXT: arith.index_cast
// CHECK-NEXT: memref.load
// CHECK-NEXT: affine.store
func.func @indirect(%A: memref<64xf32>, %I: memref<64xi32>) {
  // expected-remark@+1 {{prem-affine [NonAffineAccess]: 'memref.load' at}}
  affine.for %i = 0 to 64 {
    %j = affine.load %I[%i] : memref<64xi32>
    %k = arith.index_cast %j : i32 to index
    %a = memref.load %A[%k] : memref<64xf32>
    affine.store %a, %A[%i] : memref<64xf32>
  }
  return
}

func.func @index_elements(%I: memref<64xindex>, %A: memref<64xf32>) {
  // expected-remark@+1 {{prem-affine [ElementType]: arg0 holds elements that are not integers or floats}}
  affine.for %i = 0 to 64 {
    %j = affine.load %I[%i] : memref<64xindex>
    affine.store %j, %I[%i] : memref<64xindex>
  }
  return
}

func.func @view(%A: memref<64x64xf32>) {
  %v = memref.subview %A[0, 0] [32, 32] [1, 1] : memref<64x64xf32> to memref<32x32xf32, strided<[64, 1]>>
  // expected-remark@+1 {{prem-affine [MemRefView]: memref.subview is a view of another memref}}
  affine.for %i = 0 to 32 {
    affine.for %j = 0 to 32 {
      %a = affine.load %v[%i, %j] : memref<32x32xf32, strided<[64, 1]>>
      affine.store %a, %A[%j, %i] : memref<64x64xf32>
    }
  }
  return
}

func.func @carried(%A: memref<64xf32>) -> f32 {
  %z = arith.constant 0.0 : f32
  // expected-remark@+1 {{prem-affine [LoopCarriedValues]: the nest's outermost loop carries values}}
  %s = affine.for %i = 0 to 64 iter_args(%acc = %z) -> f32 {
    %a = affine.load %A[%i] : memref<64xf32>
    %n = arith.addf %acc, %a : f32
    affine.yield %n : f32
  }
  return %s : f32
}

// CHECK-LABEL: func.func @triangular(
// CHECK-NEXT: affine.for
// CHECK-NEXT: affine.for
// CHECK-NEXT: affine.load
// CHECK-NEXT: affine.store
func.func @triangular(%A: memref<64x64xf32>, %B: memref<64x64xf32>) {
  // expected-remark@+1 {{prem-affine [NotHyperRectangular]: the band cannot be tiled}}
  affine.for %i = 0 to 64 {
    affine.for %j = 0 to affine_map<(d0) -> (d0)>(%i) {
      %a = affine.load %A[%i, %j] : memref<64x64xf32>
      affine.store %a, %B[%j, %i] : memref<64x64xf32>
    }
  }
  return
}

func.func @too_big(%A: memref<64xf64>, %B: memref<64xf64>, %C: memref<64xf64>) {
  // expected-remark@+1 {{prem-affine [DoesNotFit]: one iteration of the innermost band loop touches 24 bytes, more than the scratchpad's 16}}
  affine.for %i = 0 to 64 {
    %a = affine.load %A[%i] : memref<64xf64>
    %b = affine.load %B[%i] : memref<64xf64>
    %s = arith.addf %a, %b : f64
    affine.store %s, %C[%i] : memref<64xf64>
  }
  return
}

func.func @in_gpu(%A: memref<64xf32>, %n: index) {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%x = %c1, %y = %c1, %z = %c1)
             threads(%tx, %ty, %tz) in (%u = %n, %v = %c1, %w = %c1) {
    // expected-remark@+1 {{prem-affine [BlockSizeUnknown]: the launch's block size is not a constant}}
    affine.for %i = 0 to 64 {
      %a = affine.load %A[%i] : memref<64xf32>
      affine.store %a, %A[%i] : memref<64xf32>
    }
    gpu.terminator
  }
  return
}

// A runtime trip count: a tile of 4 iterations (one 16-byte box, read and
// written) has a constant box, so the nest is tiled.
// CHECK-LABEL: func.func @runtime_size(
// CHECK: memref.alloc() {alignment = 64 : i64} : memref<4xf32>
// CHECK: affine.for %{{.*}} = 0 to %{{.*}} step 4 {
// CHECK: __prem_enter_comp
func.func @runtime_size(%A: memref<?xf32>, %n: index) {
  // expected-remark@+1 {{prem-affine [Transformed]: tiles of 4 iterations, mode sdma}}
  affine.for %i = 0 to %n {
    %a = affine.load %A[%i] : memref<?xf32>
    %d = arith.addf %a, %a : f32
    affine.store %d, %A[%i] : memref<?xf32>
  }
  return
}

memref.global "private" @g : memref<64xf32> = dense<1.0>
func.func @two_globals() {
  %g1 = memref.get_global @g : memref<64xf32>
  %g2 = memref.get_global @g : memref<64xf32>
  // expected-remark@+1 {{prem-affine [MemRefView]: two memref.get_global of @g are accessed}}
  affine.for %i = 0 to 63 {
    %a = affine.load %g1[%i + 1] : memref<64xf32>
    affine.store %a, %g2[%i] : memref<64xf32>
  }
  return
}

func.func @parallel(%A: memref<64x64xf32>) {
  // expected-remark@+1 {{prem-affine [ParallelLoop]: affine.parallel bands are not transformed}}
  affine.parallel (%i) = (0) to (64) {
    affine.for %j = 0 to 64 {
      %a = affine.load %A[%i, %j] : memref<64x64xf32>
      affine.store %a, %A[%j, %i] : memref<64x64xf32>
    }
  }
  return
}
