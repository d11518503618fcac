// bench/kernels/hand-tiled/others/parboil.cu: the style imitated is
// Parboil's (sgemm, stencil). Written for this project (a probe of its
// hand-tiled support, issue 29), not copied: the shapes are the
// collection's. Builds without CUDA's headers (-nocudainc -include
// test/E2E/Inputs/cuda-builtins.h). Run on the CPU by
// test/E2E/Inputs/others/parboil-main.c (cuda-emu.h) in
// test/E2E/hand-tiled-others.test.
//
// Parboil sgemm (register tiling: a row of C per thread in registers, B's
// tile in shared memory, A read from global memory inside the compute
// loop) and Parboil stencil block2D_hybrid_coarsen_x (2-D block, extern
// __shared__, a register pipeline over z with two barriers per plane,
// halo cells read from global memory under thread-index selects).
#define TILE_N 16
#define TILE_TB_HEIGHT 8
#define TILE_M (TILE_N * TILE_TB_HEIGHT)
#define Index3D(_nx, _ny, _i, _j, _k) ((_i) + (_nx) * ((_j) + (_ny) * (_k)))

extern "C" {
// Block: 16 x 8; grid: m / 128 x n / 16.
__global__ void mysgemmNT(const float *A, int lda, const float *B, int ldb,
                          float *C, int ldc, int k, float alpha, float beta) {
  float c[TILE_N];
  for (int i = 0; i < TILE_N; i++) c[i] = 0.0f;
  int mid = threadIdx.y * blockDim.x + threadIdx.x;
  int m = blockIdx.x * TILE_M + mid;
  int n = blockIdx.y * TILE_N + threadIdx.x;
  __shared__ float b_s[TILE_TB_HEIGHT][TILE_N];
  for (int i = 0; i < k; i += TILE_TB_HEIGHT) {
    float a;
    b_s[threadIdx.y][threadIdx.x] = B[n + (i + threadIdx.y) * ldb];
    __syncthreads();
    for (int j = 0; j < TILE_TB_HEIGHT; j++) {
      a = A[m + (i + j) * lda];
      for (int kk = 0; kk < TILE_N; kk++) c[kk] += a * b_s[j][kk];
    }
    __syncthreads();
  }
  int t = ldc * blockIdx.y * TILE_N + m;
  for (int i = 0; i < TILE_N; i++)
    C[t + i * ldc] = C[t + i * ldc] * beta + alpha * c[i];
}

// Block: bx x by; shared: 2 * bx * by floats; grid: nx / (2 bx) x ny / by.
__global__ void block2D_hybrid_coarsen_x(float c0, float c1, float *A0,
                                         float *Anext, int nx, int ny, int nz) {
  const int i = blockIdx.x * blockDim.x * 2 + threadIdx.x;
  const int i2 = blockIdx.x * blockDim.x * 2 + threadIdx.x + blockDim.x;
  const int j = blockIdx.y * blockDim.y + threadIdx.y;
  const int sh_id = threadIdx.x + threadIdx.y * blockDim.x * 2;
  const int sh_id2 = threadIdx.x + blockDim.x + threadIdx.y * blockDim.x * 2;
  extern __shared__ float sh_A0[];
  sh_A0[sh_id] = 0.0f;
  sh_A0[sh_id2] = 0.0f;
  __syncthreads();
  const bool w_region = i > 0 && j > 0 && (i < (nx - 1)) && (j < (ny - 1));
  const bool w_region2 = j > 0 && (i2 < nx - 1) && (j < ny - 1);
  const bool x_l_bound = (threadIdx.x == 0);
  const bool x_h_bound = ((threadIdx.x + blockDim.x) == (blockDim.x * 2 - 1));
  const bool y_l_bound = (threadIdx.y == 0);
  const bool y_h_bound = (threadIdx.y == (blockDim.y - 1));
  float bottom = 0.0f, bottom2 = 0.0f, top = 0.0f, top2 = 0.0f;
  if ((i < nx) && (j < ny)) {
    bottom = A0[Index3D(nx, ny, i, j, 0)];
    sh_A0[sh_id] = A0[Index3D(nx, ny, i, j, 1)];
  }
  if ((i2 < nx) && (j < ny)) {
    bottom2 = A0[Index3D(nx, ny, i2, j, 0)];
    sh_A0[sh_id2] = A0[Index3D(nx, ny, i2, j, 1)];
  }
  __syncthreads();
  for (int k = 1; k < nz - 1; k++) {
    float a_left_right, a_up, a_down;
    if ((i < nx) && (j < ny)) top = A0[Index3D(nx, ny, i, j, k + 1)];
    if ((i2 < nx) && (j < ny)) top2 = A0[Index3D(nx, ny, i2, j, k + 1)];
    if (w_region) {
      a_up = y_h_bound ? A0[Index3D(nx, ny, i, j + 1, k)] : sh_A0[sh_id + 2 * blockDim.x];
      a_down = y_l_bound ? A0[Index3D(nx, ny, i, j - 1, k)] : sh_A0[sh_id - 2 * blockDim.x];
      a_left_right = x_l_bound ? A0[Index3D(nx, ny, i - 1, j, k)] : sh_A0[sh_id - 1];
      Anext[Index3D(nx, ny, i, j, k)] =
          (top + bottom + a_up + a_down + sh_A0[sh_id + 1] + a_left_right) * c1 - c0 * sh_A0[sh_id];
    }
    if (w_region2) {
      a_up = y_h_bound ? A0[Index3D(nx, ny, i2, j + 1, k)] : sh_A0[sh_id2 + 2 * blockDim.x];
      a_down = y_l_bound ? A0[Index3D(nx, ny, i2, j - 1, k)] : sh_A0[sh_id2 - 2 * blockDim.x];
      a_left_right = x_h_bound ? A0[Index3D(nx, ny, i2 + 1, j, k)] : sh_A0[sh_id2 + 1];
      Anext[Index3D(nx, ny, i2, j, k)] =
          (top2 + bottom2 + a_up + a_down + a_left_right + sh_A0[sh_id2 - 1]) * c1 - c0 * sh_A0[sh_id2];
    }
    __syncthreads();
    bottom = sh_A0[sh_id];
    sh_A0[sh_id] = top;
    bottom2 = sh_A0[sh_id2];
    sh_A0[sh_id2] = top2;
    __syncthreads();
  }
}
}
