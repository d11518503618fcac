// dae re-runs a tile's control flow in its stripped Load and Store copies,
// without the computation: control that may depend on data (scf.if,
// scf.while, scf.for) is refused in dae, kept in sdma. A box whose first
// index is computed inside the tile is refused in every mode (the copies
// run before the tile). A nest of runtime trip counts gets the tile that
// was measured (only the loops up to the sized one are tiled).
// RUN: %mlir_prem --pass-pipeline="builtin.module(prem-affine{spm-bytes=4096 mode=dae})" --verify-diagnostics %s -o /dev/null
// RUN: %mlir_prem --pass-pipeline="builtin.module(prem-affine{spm-bytes=4096 mode=sdma})" %s -o /dev/null 2>&1 | FileCheck --check-prefix=SDMA %s
// REQUIRES: mlir

func.func @k(%A: memref<8xf32>, %B: memref<8xf32>) {
  %three = arith.constant 3.0 : f32
  %one = arith.constant 1.0 : f32
  // expected-remark@+1 {{prem-affine [DataDependentControl]: 'scf.if' at}}
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
// SDMA: :[[@LINE-12]]:3: remark: prem-affine [Transformed]: one tile of 8 iterations, mode sdma

func.func @symbol_inside(%A: memref<64xf32>, %B: memref<64xf32>) {
  %c0 = arith.constant 0 : index
  // expected-remark@+1 {{prem-affine [FootprintUnknown]: the box of arg0 depends on a value computed inside the tile}}
  affine.for %i = 0 to 32 {
    %d = memref.dim %A, %c0 : memref<64xf32>
    %s = affine.apply affine_map<()[s0] -> (s0 floordiv 4)>()[%d]
    %v = affine.load %A[%i + symbol(%s)] : memref<64xf32>
    affine.store %v, %B[%i] : memref<64xf32>
  }
  return
}
// SDMA: :[[@LINE-8]]:3: remark: prem-affine [FootprintUnknown]: the box of arg0 depends on a value computed inside the tile

func.func @runtime_trips(%A: memref<?x?xf32>, %n: index, %m: index) {
  // expected-remark@+1 {{prem-affine [Transformed]: tiles of 1x1024 iterations, mode dae}}
  affine.for %i = 0 to %n {
    affine.for %j = 0 to %m {
      %a = affine.load %A[%i, %j] : memref<?x?xf32>
      affine.store %a, %A[%i, %j] : memref<?x?xf32>
    }
  }
  return
}
// SDMA: :[[@LINE-8]]:3: remark: prem-affine [Transformed]: tiles of 1x1024 iterations, mode sdma
