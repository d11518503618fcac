// GPU nests prem-affine leaves as they were, each with a remark: the
// block's phases need a known block size, loops every thread runs alike
// (barriers), boxes that are affine in the thread index, and control the
// stripped Store phase can re-run.
// RUN: %mlir_prem --pass-pipeline="builtin.module(prem-affine{spm-bytes=2048 mode=sdma})" --verify-diagnostics %s | FileCheck %s
// REQUIRES: mlir

// CHECK-NOT: gpu.barrier
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @no_size(%x: memref<64xf32>) kernel {
      %tx = gpu.thread_id x
      // expected-remark@+1 {{prem-affine [BlockSizeUnknown]: the gpu.func has no known_block_size}}
      affine.for %k = 0 to 2 {
        %v = affine.load %x[%k * 32 + %tx] : memref<64xf32>
        affine.store %v, %x[%k * 32 + %tx] : memref<64xf32>
      }
      gpu.return
    }
    gpu.func @divergent(%x: memref<4096xf32>) kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      %tx = gpu.thread_id x
      // expected-remark@+1 {{prem-affine [ThreadDependentLoop]: a bound of the band's loops depends on the thread}}
      affine.for %k = 0 to affine_map<(d0) -> (d0)>(%tx) {
        %v = affine.load %x[%k] : memref<4096xf32>
        affine.store %v, %x[%k + 64] : memref<4096xf32>
      }
      gpu.return
    }
    gpu.func @opaque_index(%x: memref<4096xf32>) kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      %tx = gpu.thread_id x
      %c3 = arith.constant 3 : index
      %i = arith.muli %tx, %c3 : index
      // expected-remark@+1 {{prem-affine [FootprintUnknown]: the box of arg0 depends on the thread otherwise than through an affine function of its index}}
      affine.for %k = 0 to 8 {
        %v = affine.load %x[%k * 192 + symbol(%i)] : memref<4096xf32>
        affine.store %v, %x[%k * 192 + symbol(%i)] : memref<4096xf32>
      }
      gpu.return
    }
    gpu.func @guarded(%x: memref<4096xf32>, %n: index) kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      %tx = gpu.thread_id x
      %in = arith.cmpi ult, %tx, %n : index
      scf.if %in {
        // expected-remark@+1 {{prem-affine [UnderCondition]: the nest runs under a condition or inside another operation}}
        affine.for %k = 0 to 8 {
          %v = affine.load %x[%k * 64 + %tx] : memref<4096xf32>
          affine.store %v, %x[%k * 64 + %tx] : memref<4096xf32>
        }
      }
      gpu.return
    }
    gpu.func @data_control(%x: memref<4096xf32>) kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      %tx = gpu.thread_id x
      %zero = arith.constant 0.0 : f32
      // expected-remark@+1 {{prem-affine [DataDependentControl]: 'scf.if' at}}
      affine.for %k = 0 to 8 {
        %v = affine.load %x[%k * 64 + %tx] : memref<4096xf32>
        %neg = arith.cmpf olt, %v, %zero : f32
        scf.if %neg {
          affine.store %zero, %x[%k * 64 + %tx] : memref<4096xf32>
        }
      }
      gpu.return
    }
  }
}
