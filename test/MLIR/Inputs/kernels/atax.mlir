// PolyBench atax: tmp = A x; y = A^T tmp (one i loop around two j loops).
func.func @atax(%A: memref<120x110xf32>, %x: memref<110xf32>, %y: memref<110xf32>, %tmp: memref<120xf32>) attributes {llvm.emit_c_interface} {
  %zero = arith.constant 0.0 : f32
  affine.for %i = 0 to 120 {
    affine.store %zero, %tmp[%i] : memref<120xf32>
    affine.for %j = 0 to 110 {
      %t = affine.load %tmp[%i] : memref<120xf32>
      %a = affine.load %A[%i, %j] : memref<120x110xf32>
      %v = affine.load %x[%j] : memref<110xf32>
      %p = arith.mulf %a, %v : f32
      %s = arith.addf %t, %p : f32
      affine.store %s, %tmp[%i] : memref<120xf32>
    }
    affine.for %j = 0 to 110 {
      %w = affine.load %y[%j] : memref<110xf32>
      %a = affine.load %A[%i, %j] : memref<120x110xf32>
      %t = affine.load %tmp[%i] : memref<120xf32>
      %p = arith.mulf %a, %t : f32
      %s = arith.addf %w, %p : f32
      affine.store %s, %y[%j] : memref<110xf32>
    }
  }
  return
}
