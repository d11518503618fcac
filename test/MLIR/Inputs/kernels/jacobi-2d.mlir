// PolyBench jacobi-2d: a time loop around two stencil nests. One time step
// does not fit, so its two nests are the intervals.
func.func @jacobi_2d(%A: memref<90x90xf32>, %B: memref<90x90xf32>) attributes {llvm.emit_c_interface} {
  %c = arith.constant 0.2 : f32
  affine.for %t = 0 to 4 {
    affine.for %i = 1 to 89 {
      affine.for %j = 1 to 89 {
        %a0 = affine.load %A[%i, %j] : memref<90x90xf32>
        %a1 = affine.load %A[%i, %j - 1] : memref<90x90xf32>
        %a2 = affine.load %A[%i, %j + 1] : memref<90x90xf32>
        %a3 = affine.load %A[%i + 1, %j] : memref<90x90xf32>
        %a4 = affine.load %A[%i - 1, %j] : memref<90x90xf32>
        %s1 = arith.addf %a0, %a1 : f32
        %s2 = arith.addf %s1, %a2 : f32
        %s3 = arith.addf %s2, %a3 : f32
        %s4 = arith.addf %s3, %a4 : f32
        %v = arith.mulf %c, %s4 : f32
        affine.store %v, %B[%i, %j] : memref<90x90xf32>
      }
    }
    affine.for %i = 1 to 89 {
      affine.for %j = 1 to 89 {
        %b0 = affine.load %B[%i, %j] : memref<90x90xf32>
        %b1 = affine.load %B[%i, %j - 1] : memref<90x90xf32>
        %b2 = affine.load %B[%i, %j + 1] : memref<90x90xf32>
        %b3 = affine.load %B[%i + 1, %j] : memref<90x90xf32>
        %b4 = affine.load %B[%i - 1, %j] : memref<90x90xf32>
        %s1 = arith.addf %b0, %b1 : f32
        %s2 = arith.addf %s1, %b2 : f32
        %s3 = arith.addf %s2, %b3 : f32
        %s4 = arith.addf %s3, %b4 : f32
        %v = arith.mulf %c, %s4 : f32
        affine.store %v, %A[%i, %j] : memref<90x90xf32>
      }
    }
  }
  return
}
