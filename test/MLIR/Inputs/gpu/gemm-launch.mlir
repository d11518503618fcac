// C = A * B in a gpu.launch of 8x8 blocks of 16x16 threads, one element of
// C per thread: tiling k gives each block the A and B panels of its tile in
// workgroup memory, as a hand-tiled CUDA gemm stages them.
func.func @gemm(%A: memref<128x96xf32>, %B: memref<96x128xf32>, %C: memref<128x128xf32>) {
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c8, %gy = %c8, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c16, %sy = %c16, %sz = %c1) {
    affine.for %k = 0 to 96 {
      %a = affine.load %A[%by * 16 + %ty, %k] : memref<128x96xf32>
      %b = affine.load %B[%k, %bx * 16 + %tx] : memref<96x128xf32>
      %c = affine.load %C[%by * 16 + %ty, %bx * 16 + %tx] : memref<128x128xf32>
      %p = arith.mulf %a, %b : f32
      %s = arith.addf %c, %p : f32
      affine.store %s, %C[%by * 16 + %ty, %bx * 16 + %tx] : memref<128x128xf32>
    }
    gpu.terminator
  }
  return
}
