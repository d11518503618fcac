// The kernels of footprint-pair.c as affine nests.
func.func @smooth(%a: memref<1002xf32>, %b: memref<1000xf32>) {
  affine.for %i = 0 to 1000 {
    %x = affine.load %a[%i] : memref<1002xf32>
    %y = affine.load %a[%i + 2] : memref<1002xf32>
    %s = arith.addf %x, %y : f32
    affine.store %s, %b[%i] : memref<1000xf32>
  }
  return
}
func.func @scale_rows(%A: memref<16x32xf32>, %C: memref<16x32xf32>) {
  %two = arith.constant 2.0 : f32
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 32 {
      %x = affine.load %A[%i, %j] : memref<16x32xf32>
      %y = arith.mulf %two, %x : f32
      affine.store %y, %C[%i, %j] : memref<16x32xf32>
    }
  }
  return
}
