// y = 2x in an outlined gpu.func of 128 threads (known_block_size), each
// block over 2048 consecutive elements, 16 per thread.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @scale(%x: memref<8192xf32>, %y: memref<8192xf32>) kernel attributes {known_block_size = array<i32: 128, 1, 1>, known_grid_size = array<i32: 4, 1, 1>} {
      %tx = gpu.thread_id x
      %bx = gpu.block_id x
      affine.for %k = 0 to 16 {
        %v = affine.load %x[%bx * 2048 + %k * 128 + %tx] : memref<8192xf32>
        %w = arith.addf %v, %v : f32
        affine.store %w, %y[%bx * 2048 + %k * 128 + %tx] : memref<8192xf32>
      }
      gpu.return
    }
  }
}
