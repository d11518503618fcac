// A store under an scf.if whose condition reads what the tile stored: dae
// refuses it (its stripped copies would re-run the condition on other
// data); cmpt and sdma transform it.
func.func @k(%A: memref<8xf32>, %B: memref<8xf32>) attributes {llvm.emit_c_interface} {
  %three = arith.constant 3.0 : f32
  %one = arith.constant 1.0 : f32
  affine.for %i = 0 to 8 {
    %fi = arith.index_cast %i : index to i32
    %f = arith.sitofp %fi : i32 to f32
    affine.store %f, %A[0] : memref<8xf32>
    %v = affine.load %A[0] : memref<8xf32>
    %c = arith.cmpf olt, %v, %three : f32
    scf.if %c {
      affine.store %one, %B[%i] : memref<8xf32>
    }
  }
  return
}
