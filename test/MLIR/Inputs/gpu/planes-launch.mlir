// out[k][y][x] = 2 in[k][y][x] + 1 in a gpu.launch of 4x4 blocks of 16x16
// threads, 6 planes: each tile writes its whole box of out (one plane-slab
// of the block's 16x16 square, no hole), so its Store phase copies the box
// out, shared by the block's threads, and nothing of out is copied in.
func.func @planes(%in: memref<6x64x64xf32>, %out: memref<6x64x64xf32>) {
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %two = arith.constant 2.0 : f32
  %one = arith.constant 1.0 : f32
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c4, %gy = %c4, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c16, %sy = %c16, %sz = %c1) {
    affine.for %k = 0 to 6 {
      %v = affine.load %in[%k, %by * 16 + %ty, %bx * 16 + %tx] : memref<6x64x64xf32>
      %m = arith.mulf %v, %two : f32
      %s = arith.addf %m, %one : f32
      affine.store %s, %out[%k, %by * 16 + %ty, %bx * 16 + %tx] : memref<6x64x64xf32>
    }
    gpu.terminator
  }
  return
}
