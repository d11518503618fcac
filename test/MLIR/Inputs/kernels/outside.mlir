// A time loop whose one step does not fit 4 KiB: its two nests are the
// intervals, and the access between them (s[t] = A[t][t]) runs as a
// compatible interval of its own.
func.func @outside(%A: memref<64x64xf32>, %B: memref<64x64xf32>, %s: memref<4xf32>) attributes {llvm.emit_c_interface} {
  %one = arith.constant 1.0 : f32
  %half = arith.constant 0.5 : f32
  affine.for %t = 0 to 4 {
    %v = affine.load %A[%t, %t] : memref<64x64xf32>
    affine.store %v, %s[%t] : memref<4xf32>
    affine.for %i = 0 to 64 {
      affine.for %j = 0 to 64 {
        %a = affine.load %A[%i, %j] : memref<64x64xf32>
        %b = arith.addf %a, %one : f32
        affine.store %b, %B[%i, %j] : memref<64x64xf32>
      }
    }
    affine.for %i = 0 to 64 {
      affine.for %j = 0 to 64 {
        %b = affine.load %B[%i, %j] : memref<64x64xf32>
        %a = arith.mulf %b, %half : f32
        affine.store %a, %A[%i, %j] : memref<64x64xf32>
      }
    }
  }
  return
}
