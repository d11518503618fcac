// GPU nests prem-affine leaves as they were, each with a remark: the
// block's phases need a known block size, loops every thread runs alike
// (barriers), a nest every thread reaches, boxes that are affine in the
// thread index (what is not known to be the same in every thread, such as
// gpu.global_id or gpu.lane_id, is taken to differ), global memory (not
// the kernel's own per-thread memory), workgroup memory left for the
// buffers, and control the stripped Store phase can re-run.
// RUN: %mlir_prem --pass-pipeline="builtin.module(prem-affine{spm-bytes=2048 mode=sdma})" --verify-diagnostics %s | FileCheck %s
// REQUIRES: mlir

// Only @two_nests's first nest has phases.
// CHECK-LABEL: gpu.func @two_nests(
// CHECK-COUNT-8: gpu.barrier
// CHECK-NOT: gpu.barrier
module attributes {gpu.container_module} {
  gpu.module @kernels {
    // The first nest takes the whole scratchpad: none is left for the second.
    gpu.func @two_nests(%x: memref<65536xf32>, %y: memref<65536xf32>) kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
      %tx = gpu.thread_id x
      // expected-remark@+1 {{prem-affine [Transformed]: tiles of 1 iterations}}
      affine.for %k = 0 to 256 {
        %v = affine.load %x[%k * 256 + %tx] : memref<65536xf32>
        affine.store %v, %y[%k * 256 + %tx] : memref<65536xf32>
      }
      // expected-remark@+1 {{prem-affine [ScratchpadFull]: the kernel's workgroup memory (2048 bytes: its own and earlier nests' buffers) leaves none of the scratchpad's 2048}}
      affine.for %k = 0 to 256 {
        %v = affine.load %y[%k * 256 + %tx] : memref<65536xf32>
        affine.store %v, %x[%k * 256 + %tx] : memref<65536xf32>
      }
      gpu.return
    }
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
    gpu.func @global_id(%x: memref<8192xf32>, %y: memref<8192xf32>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
      %g = gpu.global_id x
      // expected-remark@+1 {{prem-affine [FootprintUnknown]: the box of arg0 depends on the thread otherwise than through an affine function of its index}}
      affine.for %k = 0 to 16 {
        %v = affine.load %x[%g * 16 + %k] : memref<8192xf32>
        affine.store %v, %y[%g * 16 + %k] : memref<8192xf32>
      }
      gpu.return
    }
    gpu.func @lane_loop(%x: memref<8192xf32>) kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      %tx = gpu.thread_id x
      %l = gpu.lane_id
      // expected-remark@+1 {{prem-affine [ThreadDependentLoop]}}
      affine.for %k = 0 to %l {
        %v = affine.load %x[%k * 64 + %tx] : memref<8192xf32>
        affine.store %v, %x[%k * 64 + %tx] : memref<8192xf32>
      }
      gpu.return
    }
    gpu.func @branch(%x: memref<8192xf32>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
      %tx = gpu.thread_id x
      %c100 = arith.constant 100 : index
      %in = arith.cmpi ult, %tx, %c100 : index
      cf.cond_br %in, ^body, ^done
    ^body:
      // expected-remark@+1 {{prem-affine [UnderCondition]}}
      affine.for %k = 0 to 64 {
        %v = affine.load %x[%k * 128 + %tx] : memref<8192xf32>
        affine.store %v, %x[%k * 128 + %tx] : memref<8192xf32>
      }
      gpu.return
    ^done:
      gpu.return
    }
    gpu.func @private_memory(%x: memref<64x64xf32>) private(%p : memref<64xf32, #gpu.address_space<private>>) kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      %tx = gpu.thread_id x
      // expected-remark@+1 {{prem-affine [MemRefNotGlobal]: arg1 is not global memory passed to the kernel}}
      affine.for %k = 0 to 64 {
        %v = affine.load %x[%k, %tx] : memref<64x64xf32>
        affine.store %v, %p[%k] : memref<64xf32, #gpu.address_space<private>>
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
