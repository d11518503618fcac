// On the host a nest under an affine.if is transformed like any other: its
// tiles' phases run only when the condition holds, as the nest did.
func.func @under_if(%A: memref<96x80xf32>, %B: memref<96x80xf32>) attributes {llvm.emit_c_interface} {
  %c5 = arith.constant 5 : index
  affine.if affine_set<()[s0] : (s0 - 1 >= 0)>()[%c5] {
    affine.for %i = 0 to 96 {
      affine.for %j = 0 to 79 {
        %a = affine.load %A[%i, %j + 1] : memref<96x80xf32>
        %b = affine.load %B[%i, %j] : memref<96x80xf32>
        %s = arith.addf %a, %b : f32
        affine.store %s, %B[%i, %j] : memref<96x80xf32>
      }
    }
  }
  return
}
