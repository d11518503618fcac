// bench/kernels/hand-tiled/others/rodinia2.cu: the style imitated is
// Rodinia's (streamcluster, particlefilter). Written for this project (a
// probe of its hand-tiled support, issue 29), not copied: the shapes are the
// collection's. Builds without CUDA's headers (-nocudainc -include
// test/E2E/Inputs/cuda-builtins.h). Run on the CPU by
// test/E2E/Inputs/others/rodinia2-main.c (cuda-emu.h) in
// test/E2E/hand-tiled-others.test.
//
// Rodinia streamcluster pgain (kernel_compute_cost: extern __shared__
// coordinates loaded by thread 0, a tid < num guard around the work, a
// branch on the costs it reads) and particlefilter (normalize_weights:
// shared scalars set by thread 0, a serial CDF in thread 0 of block 0,
// doubles; find_index: a search loop on global data, a barrier at the end).
typedef struct { float weight; float *coord; long assign; float cost; } Point;

__device__ float d_dist(int p1, int p2, int num, int dim, float *coord_d) {
  float retval = 0.0;
  for (int i = 0; i < dim; i++) {
    float tmp = coord_d[(i * num) + p1] - coord_d[(i * num) + p2];
    retval += tmp * tmp;
  }
  return retval;
}
__device__ void cdfCalc(double *CDF, double *weights, int Nparticles) {
  int x;
  CDF[0] = weights[0];
  for (x = 1; x < Nparticles; x++) CDF[x] = weights[x] + CDF[x - 1];
}
__device__ double d_randu(int *seed, int index) {
  int M = 2147483647, A = 1103515245, C = 12345;
  int num = A * seed[index] + C;
  seed[index] = num % M;
  double v = seed[index] / ((double)M);
  return v < 0 ? -v : v;
}

extern "C" {
// Block: 64; shared: dim floats.
__global__ void kernel_compute_cost(int num, int dim, long x, Point *p, int K, int stride,
                                    float *coord_d, float *work_mem_d, int *center_table_d,
                                    bool *switch_membership_d) {
  extern __shared__ float coord_s[];
  const int bid = blockIdx.x + gridDim.x * blockIdx.y;
  const int tid = blockDim.x * bid + threadIdx.x;
  if (threadIdx.x == 0)
    for (int i = 0; i < dim; i++) coord_s[i] = coord_d[i * num + x];
  __syncthreads();
  if (tid < num) {
    float *lower = &work_mem_d[tid * stride];
    float x_cost = 0.0;
    for (int i = 0; i < dim; i++) {
      float t = coord_d[(i * num) + tid] - coord_s[i];
      x_cost += t * t;
    }
    x_cost = x_cost * p[tid].weight;
    float current_cost = p[tid].cost;
    if (x_cost < current_cost) {
      switch_membership_d[tid] = 1;
      lower[K] += x_cost - current_cost;
    } else {
      int assign = p[tid].assign;
      lower[center_table_d[assign]] += current_cost - x_cost;
    }
  }
}

// Block: 64.
__global__ void normalize_weights_kernel(double *weights, int Nparticles, double *partial_sums,
                                         double *CDF, double *u, int *seed) {
  int block_id = blockIdx.x;
  int i = blockDim.x * block_id + threadIdx.x;
  __shared__ double u1, sumWeights;
  if (0 == threadIdx.x) sumWeights = partial_sums[0];
  __syncthreads();
  if (i < Nparticles) weights[i] = weights[i] / sumWeights;
  __syncthreads();
  if (i == 0) {
    cdfCalc(CDF, weights, Nparticles);
    u[0] = (1 / ((double)(Nparticles))) * d_randu(seed, i);
  }
  __syncthreads();
  if (0 == threadIdx.x) u1 = u[0];
  __syncthreads();
  if (i < Nparticles) u[i] = u1 + i / ((double)(Nparticles));
}

// Block: 64.
__global__ void find_index_kernel(double *arrayX, double *arrayY, double *CDF, double *u,
                                  double *xj, double *yj, double *weights, int Nparticles) {
  int block_id = blockIdx.x;
  int i = blockDim.x * block_id + threadIdx.x;
  if (i < Nparticles) {
    int index = -1;
    int x;
    for (x = 0; x < Nparticles; x++) {
      if (CDF[x] >= u[i]) { index = x; break; }
    }
    if (index == -1) index = Nparticles - 1;
    xj[i] = arrayX[index];
    yj[i] = arrayY[index];
  }
  __syncthreads();
}
}
