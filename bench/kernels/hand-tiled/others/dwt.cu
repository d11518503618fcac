// bench/kernels/hand-tiled/others/dwt.cu: the style imitated is Rodinia's
// (dwt2d). Written for this project (a probe of its hand-tiled support,
// issue 29), not copied: the shapes are the collection's. Builds without
// CUDA's headers (-nocudainc -include test/E2E/Inputs/cuda-builtins.h). Run
// on the CPU by test/E2E/Inputs/others/dwt-main.c (cuda-emu.h) in
// test/E2E/hand-tiled-others.test.
//
// Rodinia dwt2d-like lifting on a row tile: the direction (forward or
// reverse) a kernel argument, so uniform branches hold different numbers of
// barriers; a switch on blockIdx.y (which band a block writes); a level
// loop with a uniform `continue` that skips a barrier on some levels; a
// shared-memory work counter read at one address to drive a loop with
// barriers (uniform, data-dependent trip count). Block: 64.
#define W 64
extern "C" {
__global__ void lift_rows(const float *in, float *out, int width, int forward, int levels) {
  __shared__ float row[W + 2];
  __shared__ float tmp[W];
  int tx = threadIdx.x;
  int base = blockIdx.x * width;
  row[tx + 1] = in[base + tx];
  if (tx == 0) { row[0] = in[base + 1]; row[W + 1] = in[base + W - 2]; }
  __syncthreads();
  for (int l = 0; l < levels; ++l) {
    if (l % 3 == 2) continue;  // every third level does nothing
    if (forward) {
      // predict (odd) then update (even)
      if (tx & 1) tmp[tx] = row[tx + 1] - 0.5f * (row[tx] + row[tx + 2]);
      __syncthreads();
      if (tx & 1) row[tx + 1] = tmp[tx];
      __syncthreads();
      if (!(tx & 1)) tmp[tx] = row[tx + 1] + 0.25f * (row[tx] + row[tx + 2]);
      __syncthreads();
      if (!(tx & 1)) row[tx + 1] = tmp[tx];
      __syncthreads();
    } else {
      tmp[tx] = 0.5f * (row[tx] + row[tx + 2]);
      __syncthreads();
      row[tx + 1] = tmp[tx];
      __syncthreads();
    }
  }
  switch (blockIdx.y) {
  case 0:
    out[base + tx] = row[tx + 1];
    break;
  case 1:
    tmp[tx] = row[(tx * 2) % W + 1];
    __syncthreads();
    out[(gridDim.x + blockIdx.x) * width + tx] = tmp[W - 1 - tx];
    break;
  default:
    break;
  }
}

// Repeated halving of a shared work list until one element is left: the
// count lives in shared memory, read by all at one address.
__global__ void shared_worklist(const float *in, float *out) {
  __shared__ float items[W];
  __shared__ int count;
  int tx = threadIdx.x;
  items[tx] = in[blockIdx.x * W + tx];
  if (tx == 0) count = (int)(in[blockIdx.x * W] * 16.0f + 32.0f) & 63;
  __syncthreads();
  while (count > 1) {
    int half = count / 2;
    float v = tx < half ? items[tx] + items[count - 1 - tx] : 0.0f;
    __syncthreads();
    if (tx < half) items[tx] = v;
    if (tx == 0) count = count - half;
    __syncthreads();
  }
  if (tx == 0) out[blockIdx.x] = items[0];
}
}
