// The store is under a loop whose upper bound min(4, s0 - 1) is empty when
// it runs (s0 = 0): the tile writes nothing, so it does not write its box
// whole (a trip count read as unsigned would say 4), and A keeps its values.
func.func @negmin(%A: memref<64xf32>, %B: memref<64xf32>) attributes {llvm.emit_c_interface} {
  %c0 = arith.constant 0 : index
  affine.for %i = 0 to 64 {
    affine.for %k = 0 to min affine_map<()[s0] -> (4, s0 - 1)>()[%c0] {
      %b = affine.load %B[%i] : memref<64xf32>
      affine.store %b, %A[%i] : memref<64xf32>
    }
  }
  return
}
