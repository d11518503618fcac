// bench/kernels/hand-tiled/others/misc.cu: the style imitated is no one
// collection's: hand-optimised CUDA idioms as the CUDA samples and the
// programming guide write them. Written for this project (a probe of its
// hand-tiled support, issue 29), not copied. Builds without CUDA's headers
// (-nocudainc -include test/E2E/Inputs/cuda-builtins.h). Run on the CPU by
// test/E2E/Inputs/others/misc-main.c (cuda-emu.h) in
// test/E2E/hand-tiled-others.test.
//
// Mixed hand-tiled forms: a float4 / __ldg tiled matmul (32 x 8 block,
// each thread loading a float4 of each tile, early return of whole blocks
// outside the matrix), a grid-stride loop over tiles with barriers (the
// loop counter uniform: it steps by whole blocks), a smoothing pass whose
// step count is a kernel argument (2-D 16 x 16 block, ping-pong buffers in
// shared memory), and a kernel whose threads past n return early before a
// barrier (refused: BarrierDivergent) with the same kernel written with the
// guard around the work instead (accepted).
#define TS 32

extern "C" {
// C = A B, n x n (n a multiple of 32); block 8 x 32 (each thread a float4
// of a row of the tile); grid covers (n / 32)^2 blocks, extra blocks return.
__global__ void matmul_float4(const float *__restrict__ A, const float *__restrict__ B,
                              float *__restrict__ C, int n, int tilesPerRow) {
  __shared__ float4 As[TS][TS / 4];
  __shared__ float4 Bs[TS][TS / 4];
  int bid = blockIdx.x;
  if (bid >= tilesPerRow * tilesPerRow) return;
  int by = bid / tilesPerRow, bx = bid % tilesPerRow;
  int tx = threadIdx.x, ty = threadIdx.y;  // tx in [0, 8), ty in [0, 32)
  float4 acc = {0, 0, 0, 0};
  for (int t = 0; t < n / TS; ++t) {
    As[ty][tx] = *(const float4 *)&A[(by * TS + ty) * n + t * TS + tx * 4];
    float4 b;
    b.x = __ldg(&B[(t * TS + ty) * n + bx * TS + tx * 4 + 0]);
    b.y = __ldg(&B[(t * TS + ty) * n + bx * TS + tx * 4 + 1]);
    b.z = __ldg(&B[(t * TS + ty) * n + bx * TS + tx * 4 + 2]);
    b.w = __ldg(&B[(t * TS + ty) * n + bx * TS + tx * 4 + 3]);
    Bs[ty][tx] = b;
    __syncthreads();
#pragma unroll 4
    for (int k = 0; k < TS; ++k) {
      float4 bv = Bs[k][tx];
      float a = ((const float *)As[ty])[k];
      acc.x += a * bv.x; acc.y += a * bv.y; acc.z += a * bv.z; acc.w += a * bv.w;
    }
    __syncthreads();
  }
  *(float4 *)&C[(by * TS + ty) * n + bx * TS + tx * 4] = acc;
}

// out[i] = in[i] + in[i ^ 1] over tiles of blockDim.x, tiles assigned
// round-robin to blocks (grid-stride over tiles). Block: 64.
__global__ void gridstride_pairs(const float *in, float *out, int n) {
  __shared__ float s[256];
  for (int base = blockIdx.x * blockDim.x; base < n; base += gridDim.x * blockDim.x) {
    int i = base + threadIdx.x;
    s[threadIdx.x] = i < n ? in[i] : 0.0f;
    __syncthreads();
    float v = s[threadIdx.x] + s[threadIdx.x ^ 1];
    if (i < n) out[i] = v;
    __syncthreads();
  }
}

// steps Jacobi smoothing steps of a 16 x 16 tile in shared memory (edges
// clamped to the tile), ping-pong buffers. Block 16 x 16.
__global__ void smooth_steps(const float *in, float *out, int w, int steps) {
  __shared__ float buf[2][16][16];
  int tx = threadIdx.x, ty = threadIdx.y;
  int gx = blockIdx.x * 16 + tx, gy = blockIdx.y * 16 + ty;
  buf[0][ty][tx] = in[gy * w + gx];
  __syncthreads();
  int cur = 0;
  for (int s = 0; s < steps; ++s) {
    int l = tx > 0 ? tx - 1 : tx, r = tx < 15 ? tx + 1 : tx;
    int u = ty > 0 ? ty - 1 : ty, d = ty < 15 ? ty + 1 : ty;
    buf[1 - cur][ty][tx] = 0.2f * (buf[cur][ty][tx] + buf[cur][ty][l] + buf[cur][ty][r] +
                                   buf[cur][u][tx] + buf[cur][d][tx]);
    cur = 1 - cur;
    __syncthreads();
  }
  out[gy * w + gx] = buf[cur][ty][tx];
}

// Block: 64. Threads past n return before the barrier.
__global__ void early_return_tid(const float *in, float *out, int n) {
  __shared__ float s[64];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  s[threadIdx.x] = in[i];
  __syncthreads();
  out[i] = s[threadIdx.x] + s[63 - threadIdx.x];
}

// The same, every thread at the barrier.
__global__ void guarded_tid(const float *in, float *out, int n) {
  __shared__ float s[64];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  s[threadIdx.x] = i < n ? in[i] : 0.0f;
  __syncthreads();
  if (i < n) out[i] = s[threadIdx.x] + s[63 - threadIdx.x];
}

// The barrier first, then threads past n leave (after every barrier).
__global__ void return_after_barrier(const float *in, float *out, int n) {
  __shared__ float s[64];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  s[threadIdx.x] = i < n ? in[i] : 0.0f;
  __syncthreads();
  if (i >= n) return;
  float v = s[threadIdx.x] * 2.0f;
  if (v > 1.0f) { out[i] = v; return; }
  out[i] = s[63 - threadIdx.x];
}
}
