// PolyBench 2mm: tmp = A * B; D = tmp * C (two nests, the first imperfect).
func.func @two_mm(%A: memref<60x80xf32>, %B: memref<80x70xf32>, %C: memref<70x50xf32>, %D: memref<60x50xf32>, %tmp: memref<60x70xf32>) attributes {llvm.emit_c_interface} {
  %zero = arith.constant 0.0 : f32
  affine.for %i = 0 to 60 {
    affine.for %j = 0 to 70 {
      affine.store %zero, %tmp[%i, %j] : memref<60x70xf32>
      affine.for %k = 0 to 80 {
        %a = affine.load %A[%i, %k] : memref<60x80xf32>
        %b = affine.load %B[%k, %j] : memref<80x70xf32>
        %t = affine.load %tmp[%i, %j] : memref<60x70xf32>
        %p = arith.mulf %a, %b : f32
        %s = arith.addf %t, %p : f32
        affine.store %s, %tmp[%i, %j] : memref<60x70xf32>
      }
    }
  }
  affine.for %i = 0 to 60 {
    affine.for %j = 0 to 50 {
      affine.for %k = 0 to 70 {
        %t = affine.load %tmp[%i, %k] : memref<60x70xf32>
        %c = affine.load %C[%k, %j] : memref<70x50xf32>
        %d = affine.load %D[%i, %j] : memref<60x50xf32>
        %p = arith.mulf %t, %c : f32
        %s = arith.addf %d, %p : f32
        affine.store %s, %D[%i, %j] : memref<60x50xf32>
      }
    }
  }
  return
}
