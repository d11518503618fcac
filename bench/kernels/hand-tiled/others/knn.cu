// bench/kernels/hand-tiled/others/knn.cu: the style imitated is Rodinia's
// (nn) and a textbook kNN's. Written for this project (a probe of its
// hand-tiled support, issue 29), not copied: the shapes are the
// collection's. Builds without CUDA's headers (-nocudainc -include
// test/E2E/Inputs/cuda-builtins.h). Run on the CPU by
// test/E2E/Inputs/others/knn-main.c (cuda-emu.h) in
// test/E2E/hand-tiled-others.test.
//
// k-nearest-neighbour style (Rodinia nn / a textbook kNN): reference points
// staged through shared memory in tiles of 64; each thread keeps the K best
// distances of its query in a private array sorted by insertion (the
// positions depend on the data, so it stays in local memory); at the end
// the threads whose nearest neighbour is close enough write it out.
// Block: 64; grid: queries / 64; nref a multiple of 64.
#define K 4
#define T 64
#define NREF 128 // the reference set (nref unused: fixed size)
extern "C" __global__ void knn_private(const float *ref, const float *query,
                                       float *out, int nref, float radius) {
  __shared__ float s_ref[T], s_q[T];
  float best[K];
  int tid = threadIdx.x;
  for (int i = 0; i < K; i++) best[i] = 1e30f;
  s_q[tid] = query[blockIdx.x * T + tid];
  __syncthreads();
  float q = s_q[tid];
  for (int t = 0; t < NREF; t += T) {
    s_ref[tid] = ref[t + tid];
    __syncthreads();
    for (int j = 0; j < T; j++) {
      float d = q - s_ref[j];
      d = d < 0 ? -d : d;
      if (d < best[K - 1]) {
        int p = K - 1;
        while (p > 0 && best[p - 1] > d) {
          best[p] = best[p - 1];
          --p;
        }
        best[p] = d;
      }
    }
    __syncthreads();
  }
  if (best[0] < radius)
    out[blockIdx.x * T + tid] = best[0] + best[K - 1];
}
