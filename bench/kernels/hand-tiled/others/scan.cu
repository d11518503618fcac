// bench/kernels/hand-tiled/others/scan.cu: the style imitated is SHOC's
// (scan), with a connected-components tile and a stream compaction in common
// forms. Written for this project (a probe of its hand-tiled support, issue
// 29), not copied: the shapes are the collection's. Builds without CUDA's
// headers (-nocudainc -include test/E2E/Inputs/cuda-builtins.h). Run on the
// CPU by test/E2E/Inputs/others/scan-main.c (cuda-emu.h) in
// test/E2E/hand-tiled-others.test.
//
// SHOC scan bottom_scan (float4 loads and stores, a volatile extern shared
// scan template-unrolled with a barrier between every read and write, a
// window loop over the block's region, a seed carried in shared memory),
// a tile connected-components pass iterating until __syncthreads_or says
// nothing changed, and a stream compaction with __syncthreads_count.
struct __attribute__((aligned(16))) vec4 { float x, y, z, w; };

template <class T, int blockSize>
__device__ T scanLocalMem(const T val, volatile T *s_data) {
  int idx = threadIdx.x;
  s_data[idx] = 0.0f;
  __syncthreads();
  idx += blockDim.x;
  T t;
  s_data[idx] = val;     __syncthreads();
  t = s_data[idx - 1];   __syncthreads();
  s_data[idx] += t;      __syncthreads();
  t = s_data[idx - 2];   __syncthreads();
  s_data[idx] += t;      __syncthreads();
  t = s_data[idx - 4];   __syncthreads();
  s_data[idx] += t;      __syncthreads();
  t = s_data[idx - 8];   __syncthreads();
  s_data[idx] += t;      __syncthreads();
  t = s_data[idx - 16];  __syncthreads();
  s_data[idx] += t;      __syncthreads();
  if (blockSize > 32) { t = s_data[idx - 32]; __syncthreads(); s_data[idx] += t; __syncthreads(); }
  if (blockSize > 64) { t = s_data[idx - 64]; __syncthreads(); s_data[idx] += t; __syncthreads(); }
  if (blockSize > 128) { t = s_data[idx - 128]; __syncthreads(); s_data[idx] += t; __syncthreads(); }
  return s_data[idx - 1];
}

extern "C" {
extern __shared__ float s_data[];

// Block: 64; shared: 2 * 64 floats; n a multiple of 4 * gridDim.x.
__global__ void bottom_scan(const float *in, float *out, const float *isums, const int n) {
  __shared__ float s_seed;
  int region_size = n / 4 / gridDim.x * 4;
  int block_start = region_size * blockIdx.x;
  int block_stop = (blockIdx.x == gridDim.x - 1) ? n : block_start + region_size;
  int i = block_start + threadIdx.x * 4;
  int window = block_start;
  if (threadIdx.x == 0) s_seed = isums[blockIdx.x];
  __syncthreads();
  const vec4 *in4 = (const vec4 *)in;
  vec4 *out4 = (vec4 *)out;
  while (window < block_stop) {
    vec4 val_4;
    if (i < block_stop) val_4 = in4[i / 4];
    else { val_4.x = 0.0f; val_4.y = 0.0f; val_4.z = 0.0f; val_4.w = 0.0f; }
    val_4.y += val_4.x;
    val_4.z += val_4.y;
    val_4.w += val_4.z;
    float res = scanLocalMem<float, 64>(val_4.w, s_data);
    val_4.x += res + s_seed;
    val_4.y += res + s_seed;
    val_4.z += res + s_seed;
    val_4.w += res + s_seed;
    if (i < block_stop) out4[i / 4] = val_4;
    __syncthreads();
    if (threadIdx.x == blockDim.x - 1) s_seed = val_4.w;
    __syncthreads();
    window += blockDim.x * 4;
    i += blockDim.x * 4;
  }
}

// Block: 128.
__global__ void ccl_tile(const int *img, int *labels) {
  __shared__ int s_img[128], s_lab[128];
  int tid = threadIdx.x, g = blockIdx.x * blockDim.x + tid;
  s_img[tid] = img[g];
  s_lab[tid] = tid;
  __syncthreads();
  int changed;
  do {
    changed = 0;
    int l = s_lab[tid];
    if (tid > 0 && s_img[tid - 1] == s_img[tid] && s_lab[tid - 1] < l) { l = s_lab[tid - 1]; changed = 1; }
    if (tid < blockDim.x - 1 && s_img[tid + 1] == s_img[tid] && s_lab[tid + 1] < l) { l = s_lab[tid + 1]; changed = 1; }
    __syncthreads();
    s_lab[tid] = l;
  } while (__syncthreads_or(changed));
  labels[g] = blockIdx.x * blockDim.x + s_lab[tid];
}

// Block: 128. The kept values of each block, in order, and their count.
__global__ void compact_count(const float *in, float *out, int *counts, int n) {
  __shared__ float s_in[128];
  __shared__ int s_pos[128];
  int tid = threadIdx.x, i = blockIdx.x * blockDim.x + tid;
  s_in[tid] = i < n ? in[i] : 0.0f;
  __syncthreads();
  int keep = s_in[tid] > 0.0f;
  int total = __syncthreads_count(keep);
  s_pos[tid] = keep;
  __syncthreads();
  for (int off = 1; off < blockDim.x; off <<= 1) {
    int t = tid >= off ? s_pos[tid - off] : 0;
    __syncthreads();
    s_pos[tid] += t;
    __syncthreads();
  }
  if (keep) out[blockIdx.x * blockDim.x + s_pos[tid] - 1] = s_in[tid];
  if (tid == 0) counts[blockIdx.x] = total;
}
}
