// y[b][t] += A[k][t] * x[k] in a gpu.launch of 16 blocks of 256 threads.
func.func @mv(%A: memref<64x256xf32>, %x: memref<64xf32>, %y: memref<16x256xf32>) {
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c256 = arith.constant 256 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c16, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c256, %sy = %c1, %sz = %c1) {
    affine.for %k = 0 to 64 {
      %a = affine.load %A[%k, %tx] : memref<64x256xf32>
      %v = affine.load %x[%k] : memref<64xf32>
      %o = affine.load %y[%bx, %tx] : memref<16x256xf32>
      %p = arith.mulf %a, %v : f32
      %s = arith.addf %o, %p : f32
      affine.store %s, %y[%bx, %tx] : memref<16x256xf32>
    }
    gpu.terminator
  }
  return
}
