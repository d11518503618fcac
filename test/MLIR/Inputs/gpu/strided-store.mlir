// Each thread reads x[2t] and x[2t + 1] and writes y[2t + 1]: the box of y
// has holes (the even elements), which the Store phase must not write.
func.func @k(%x: memref<4096xf32>, %y: memref<4096xf32>) {
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c128 = arith.constant 128 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c4, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c128, %sy = %c1, %sz = %c1) {
    affine.for %k = 0 to 4 {
      %a = affine.load %x[%k * 1024 + %bx * 256 + %tx * 2] : memref<4096xf32>
      %b = affine.load %x[%k * 1024 + %bx * 256 + %tx * 2 + 1] : memref<4096xf32>
      %s = arith.addf %a, %b : f32
      affine.store %s, %y[%k * 1024 + %bx * 256 + %tx * 2 + 1] : memref<4096xf32>
    }
    gpu.terminator
  }
  return
}
