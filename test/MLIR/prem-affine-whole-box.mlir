// A memref the tile only writes, and writes whole (one store, each
// subscript one loop variable or thread index plus what the tile fixes,
// loops that run), needs no copy in; on a GPU its Store phase copies the box
// out, shared by the block's threads, instead of storing element by
// element. A strided store leaves holes: copied in (host), stored by
// elements (GPU).
// RUN: %mlir_prem --pass-pipeline="builtin.module(prem-affine{spm-bytes=2048 mode=sdma})" %s 2>/dev/null | FileCheck %s
// RUN: %mlir_prem --pass-pipeline="builtin.module(prem-affine{spm-bytes=4096 mode=sdma report=-})" %S/Inputs/gpu/planes-launch.mlir -o /dev/null 2>/dev/null | FileCheck --check-prefix=GPU %s
// RUN: %mlir_prem --pass-pipeline="builtin.module(prem-affine{spm-bytes=4096 mode=sdma})" %S/Inputs/gpu/planes-launch.mlir 2>/dev/null | FileCheck --check-prefix=GPUIR %s
// REQUIRES: mlir

// CHECK-LABEL: func.func @interior(
// CHECK-SAME: %[[A:[^:]*]]: memref<64x64xf32>, %[[B:[^:]*]]: memref<64x64xf32>)
// CHECK: call @__prem_enter_mem
// CHECK-NOT: affine.load %[[B]]
// CHECK: call @__prem_enter_comp
// CHECK: call @__prem_enter_mem
// CHECK: affine.store %{{.*}}, %[[B]]
// CHECK: call @__prem_exit_mem
func.func @interior(%A: memref<64x64xf32>, %B: memref<64x64xf32>) {
  affine.for %i = 1 to 63 {
    affine.for %j = 1 to 63 {
      %a = affine.load %A[%i, %j - 1] : memref<64x64xf32>
      %b = affine.load %A[%i, %j + 1] : memref<64x64xf32>
      %s = arith.addf %a, %b : f32
      affine.store %s, %B[%i, %j] : memref<64x64xf32>
    }
  }
  return
}

// CHECK-LABEL: func.func @strided(
// CHECK-SAME: %[[X:[^:]*]]: memref<512xf32>, %[[Y:[^:]*]]: memref<512xf32>)
// CHECK: call @__prem_enter_mem
// CHECK: affine.load %[[Y]]
// CHECK: call @__prem_enter_comp
func.func @strided(%x: memref<512xf32>, %y: memref<512xf32>) {
  affine.for %i = 0 to 256 {
    %a = affine.load %x[%i] : memref<512xf32>
    affine.store %a, %y[2 * %i] : memref<512xf32>
  }
  return
}

// GPU: "load": "box",
// GPU-NEXT: "name": "arg0",
// GPU-NEXT: "store": "none"
// GPU: "load": "none",
// GPU-NEXT: "name": "arg1",
// GPU-NEXT: "store": "box"

// GPUIR: call @__prem_enter_comp
// GPUIR: call @__prem_enter_mem
// GPUIR-NEXT: gpu.barrier
// GPUIR-NEXT: affine.for %[[E:.*]] = #{{.*}} to 512 step 256 {
// GPUIR-NEXT: affine.if
// GPUIR-NEXT: %[[V:.*]] = affine.load %{{.*}}[(%[[E]] floordiv 256) mod 2, (%[[E]] floordiv 16) mod 16, %[[E]] mod 16]
// GPUIR-NEXT: affine.store %[[V]], %arg1[
