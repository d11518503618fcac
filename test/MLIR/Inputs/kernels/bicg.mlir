// PolyBench bicg: s = A^T r and q = A p in one nest.
func.func @bicg(%A: memref<130x120xf32>, %s: memref<120xf32>, %q: memref<130xf32>, %p: memref<120xf32>, %r: memref<130xf32>) attributes {llvm.emit_c_interface} {
  %zero = arith.constant 0.0 : f32
  affine.for %i = 0 to 130 {
    affine.store %zero, %q[%i] : memref<130xf32>
    affine.for %j = 0 to 120 {
      %sj = affine.load %s[%j] : memref<120xf32>
      %ri = affine.load %r[%i] : memref<130xf32>
      %a = affine.load %A[%i, %j] : memref<130x120xf32>
      %m = arith.mulf %ri, %a : f32
      %ns = arith.addf %sj, %m : f32
      affine.store %ns, %s[%j] : memref<120xf32>
      %qi = affine.load %q[%i] : memref<130xf32>
      %pj = affine.load %p[%j] : memref<120xf32>
      %m2 = arith.mulf %a, %pj : f32
      %nq = arith.addf %qi, %m2 : f32
      affine.store %nq, %q[%i] : memref<130xf32>
    }
  }
  return
}
