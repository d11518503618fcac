// PolyBench fdtd-2d: a time loop around four nests, one indexed by the
// time step (fict[t]).
func.func @fdtd_2d(%ex: memref<60x70xf32>, %ey: memref<60x70xf32>, %hz: memref<60x70xf32>, %fict: memref<5xf32>) attributes {llvm.emit_c_interface} {
  %half = arith.constant 0.5 : f32
  %c7 = arith.constant 0.7 : f32
  affine.for %t = 0 to 5 {
    affine.for %j = 0 to 70 {
      %f = affine.load %fict[%t] : memref<5xf32>
      affine.store %f, %ey[0, %j] : memref<60x70xf32>
    }
    affine.for %i = 1 to 60 {
      affine.for %j = 0 to 70 {
        %e = affine.load %ey[%i, %j] : memref<60x70xf32>
        %h0 = affine.load %hz[%i, %j] : memref<60x70xf32>
        %h1 = affine.load %hz[%i - 1, %j] : memref<60x70xf32>
        %d = arith.subf %h0, %h1 : f32
        %m = arith.mulf %half, %d : f32
        %n = arith.subf %e, %m : f32
        affine.store %n, %ey[%i, %j] : memref<60x70xf32>
      }
    }
    affine.for %i = 0 to 60 {
      affine.for %j = 1 to 70 {
        %e = affine.load %ex[%i, %j] : memref<60x70xf32>
        %h0 = affine.load %hz[%i, %j] : memref<60x70xf32>
        %h1 = affine.load %hz[%i, %j - 1] : memref<60x70xf32>
        %d = arith.subf %h0, %h1 : f32
        %m = arith.mulf %half, %d : f32
        %n = arith.subf %e, %m : f32
        affine.store %n, %ex[%i, %j] : memref<60x70xf32>
      }
    }
    affine.for %i = 0 to 59 {
      affine.for %j = 0 to 69 {
        %h = affine.load %hz[%i, %j] : memref<60x70xf32>
        %x1 = affine.load %ex[%i, %j + 1] : memref<60x70xf32>
        %x0 = affine.load %ex[%i, %j] : memref<60x70xf32>
        %y1 = affine.load %ey[%i + 1, %j] : memref<60x70xf32>
        %y0 = affine.load %ey[%i, %j] : memref<60x70xf32>
        %dx = arith.subf %x1, %x0 : f32
        %dy = arith.subf %y1, %y0 : f32
        %s = arith.addf %dx, %dy : f32
        %m = arith.mulf %c7, %s : f32
        %n = arith.subf %h, %m : f32
        affine.store %n, %hz[%i, %j] : memref<60x70xf32>
      }
    }
  }
  return
}
