// A 3x3 convolution, valid region: out[i][j] = sum in[i+u][j+v] * w[u][v].
func.func @conv2d(%in: memref<102x102xf32>, %w: memref<3x3xf32>, %out: memref<100x100xf32>) attributes {llvm.emit_c_interface} {
  affine.for %i = 0 to 100 {
    affine.for %j = 0 to 100 {
      affine.for %u = 0 to 3 {
        affine.for %v = 0 to 3 {
          %x = affine.load %in[%i + %u, %j + %v] : memref<102x102xf32>
          %k = affine.load %w[%u, %v] : memref<3x3xf32>
          %o = affine.load %out[%i, %j] : memref<100x100xf32>
          %p = arith.mulf %x, %k : f32
          %s = arith.addf %o, %p : f32
          affine.store %s, %out[%i, %j] : memref<100x100xf32>
        }
      }
    }
  }
  return
}
