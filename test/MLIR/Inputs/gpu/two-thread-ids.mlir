// The launch's %tx and a gpu.thread_id x are one thread index: out[k][t][t]
// is a diagonal, not a box written whole.
func.func @k(%x: memref<2x8xf32>, %out: memref<2x8x8xf32>) {
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c8, %sy = %c1, %sz = %c1) {
    %t2 = gpu.thread_id x
    affine.for %k = 0 to 2 {
      %v = affine.load %x[%k, %tx] : memref<2x8xf32>
      %w = arith.addf %v, %v : f32
      affine.store %w, %out[%k, %tx, %t2] : memref<2x8x8xf32>
    }
    gpu.terminator
  }
  return
}
