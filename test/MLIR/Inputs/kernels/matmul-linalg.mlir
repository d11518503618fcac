// linalg.matmul, lowered by --convert-linalg-to-affine-loops before
// prem-affine (the test's --pre).
func.func @matmul(%A: memref<96x72xf32>, %B: memref<72x88xf32>, %C: memref<96x88xf32>) attributes {llvm.emit_c_interface} {
  linalg.matmul ins(%A, %B : memref<96x72xf32>, memref<72x88xf32>) outs(%C : memref<96x88xf32>)
  return
}
