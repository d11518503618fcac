// Two reads of x in a gpu.launch: the union of their boxes keeps only bounds
// of constant width, so the last (partial) tile's box runs past x's end; the
// copy is clamped to x's extent.
func.func @k(%x: memref<1000xf32>, %y: memref<1000xf32>) {
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c16, %sy = %c1, %sz = %c1) {
    affine.for %j = 0 to 62 {
      %a = affine.load %x[%j * 16 + %tx] : memref<1000xf32>
      %b = affine.load %x[%j * 16 + %tx + 3] : memref<1000xf32>
      %s = arith.addf %a, %b : f32
      affine.store %s, %y[%j * 16 + %tx] : memref<1000xf32>
    }
    gpu.terminator
  }
  return
}
