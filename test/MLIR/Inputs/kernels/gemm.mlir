// C += A * B (PolyBench gemm without alpha/beta), 100x80, k 90: 96.8 KB.
func.func @gemm(%A: memref<100x90xf32>, %B: memref<90x80xf32>, %C: memref<100x80xf32>) attributes {llvm.emit_c_interface} {
  affine.for %i = 0 to 100 {
    affine.for %j = 0 to 80 {
      affine.for %k = 0 to 90 {
        %a = affine.load %A[%i, %k] : memref<100x90xf32>
        %b = affine.load %B[%k, %j] : memref<90x80xf32>
        %c = affine.load %C[%i, %j] : memref<100x80xf32>
        %p = arith.mulf %a, %b : f32
        %s = arith.addf %c, %p : f32
        affine.store %s, %C[%i, %j] : memref<100x80xf32>
      }
    }
  }
  return
}
