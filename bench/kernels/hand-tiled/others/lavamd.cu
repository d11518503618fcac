// bench/kernels/hand-tiled/others/lavamd.cu: the style imitated is Rodinia's
// (lavaMD). Written for this project (a probe of its hand-tiled support,
// issue 29), not copied: the shapes are the collection's. Builds without
// CUDA's headers (-nocudainc -include test/E2E/Inputs/cuda-builtins.h). Run
// on the CPU by test/E2E/Inputs/others/lavamd-main.c (cuda-emu.h) in
// test/E2E/hand-tiled-others.test.
//
// Rodinia lavaMD kernel_gpu_cuda: structs passed by value (par_str,
// dim_str), one block per box, the home box's particles in shared memory,
// a loop over the neighbour boxes whose count is read from the box list,
// per-thread while loops striding by NUMBER_THREADS, forces accumulated
// in global memory in the compute loop. exp() replaced by a polynomial
// (no libdevice here). Block: NUMBER_THREADS.
#define NUMBER_PAR_PER_BOX 24
#define NUMBER_THREADS 16
typedef float fp;
typedef struct { fp x, y, z; } THREE_VECTOR;
typedef struct { fp v, x, y, z; } FOUR_VECTOR;
typedef struct nei_str { int x, y, z; int number; long offset; } nei_str;
typedef struct box_str { int x, y, z; int number; long offset; int nn; nei_str nei[26]; } box_str;
typedef struct par_str { fp alpha; } par_str;
typedef struct dim_str { int cur_arg; int arch_arg; int cores_arg; int boxes1d_arg;
  long number_par_per_box; long number_boxes; long space_elem; long space_mem;
  long space_mem2; long box_mem; } dim_str;

__device__ static inline fp pexp(fp x) { // exp(-u) for small u, enough here
  return 1.0f / (1.0f + x + 0.5f * x * x + x * x * x / 6.0f);
}

extern "C" {
__global__ void kernel_gpu_cuda(par_str d_par_gpu, dim_str d_dim_gpu, box_str *d_box_gpu,
                                FOUR_VECTOR *d_rv_gpu, fp *d_qv_gpu, FOUR_VECTOR *d_fv_gpu) {
  int bx = blockIdx.x;
  int tx = threadIdx.x;
  int wtx = tx;
  if (bx < d_dim_gpu.number_boxes) {
    fp a2 = 2.0f * d_par_gpu.alpha * d_par_gpu.alpha;
    int first_i;
    FOUR_VECTOR *rA;
    FOUR_VECTOR *fA;
    __shared__ FOUR_VECTOR rA_shared[NUMBER_PAR_PER_BOX];
    int pointer;
    int k = 0;
    int first_j;
    FOUR_VECTOR *rB;
    fp *qB;
    int j = 0;
    __shared__ FOUR_VECTOR rB_shared[NUMBER_PAR_PER_BOX];
    __shared__ fp qB_shared[NUMBER_PAR_PER_BOX];
    fp r2, u2, vij, fs, fxij, fyij, fzij;
    THREE_VECTOR d;
    first_i = d_box_gpu[bx].offset;
    rA = &d_rv_gpu[first_i];
    fA = &d_fv_gpu[first_i];
    while (wtx < NUMBER_PAR_PER_BOX) {
      rA_shared[wtx] = rA[wtx];
      wtx = wtx + NUMBER_THREADS;
    }
    wtx = tx;
    __syncthreads();
    for (k = 0; k < (1 + d_box_gpu[bx].nn); k++) {
      if (k == 0) pointer = bx;
      else pointer = d_box_gpu[bx].nei[k - 1].number;
      first_j = d_box_gpu[pointer].offset;
      rB = &d_rv_gpu[first_j];
      qB = &d_qv_gpu[first_j];
      while (wtx < NUMBER_PAR_PER_BOX) {
        rB_shared[wtx] = rB[wtx];
        qB_shared[wtx] = qB[wtx];
        wtx = wtx + NUMBER_THREADS;
      }
      wtx = tx;
      __syncthreads();
      while (wtx < NUMBER_PAR_PER_BOX) {
        for (j = 0; j < NUMBER_PAR_PER_BOX; j++) {
          r2 = rA_shared[wtx].v + rB_shared[j].v -
               (rA_shared[wtx].x * rB_shared[j].x + rA_shared[wtx].y * rB_shared[j].y +
                rA_shared[wtx].z * rB_shared[j].z);
          u2 = a2 * r2;
          vij = pexp(u2 < 0 ? -u2 : u2);
          fs = 2 * vij;
          d.x = rA_shared[wtx].x - rB_shared[j].x;
          fxij = fs * d.x;
          d.y = rA_shared[wtx].y - rB_shared[j].y;
          fyij = fs * d.y;
          d.z = rA_shared[wtx].z - rB_shared[j].z;
          fzij = fs * d.z;
          fA[wtx].v += qB_shared[j] * vij;
          fA[wtx].x += qB_shared[j] * fxij;
          fA[wtx].y += qB_shared[j] * fyij;
          fA[wtx].z += qB_shared[j] * fzij;
        }
        wtx = wtx + NUMBER_THREADS;
      }
      wtx = tx;
      __syncthreads();
    }
  }
}

// The same box loop with the neighbour count a kernel argument (all boxes
// have nn neighbours), scalars instead of the structs, a uniform early
// return: no branch on global data.
__global__ void lavamd_fixed_nn(fp alpha, long number_boxes, int nn, const box_str *d_box_gpu,
                                const FOUR_VECTOR *d_rv_gpu, const fp *d_qv_gpu, FOUR_VECTOR *d_fv_gpu) {
  int bx = blockIdx.x, tx = threadIdx.x;
  __shared__ FOUR_VECTOR rA_shared[NUMBER_PAR_PER_BOX], rB_shared[NUMBER_PAR_PER_BOX];
  __shared__ fp qB_shared[NUMBER_PAR_PER_BOX];
  if (bx >= number_boxes) return;
  fp a2 = 2.0f * alpha * alpha;
  long first_i = d_box_gpu[bx].offset;
  for (int w = tx; w < NUMBER_PAR_PER_BOX; w += NUMBER_THREADS) rA_shared[w] = d_rv_gpu[first_i + w];
  FOUR_VECTOR acc[2] = {};
  for (int k = 0; k < 1 + nn; k++) {
    int pointer = k == 0 ? bx : d_box_gpu[bx].nei[k - 1].number;
    long first_j = d_box_gpu[pointer].offset;
    for (int w = tx; w < NUMBER_PAR_PER_BOX; w += NUMBER_THREADS) {
      rB_shared[w] = d_rv_gpu[first_j + w];
      qB_shared[w] = d_qv_gpu[first_j + w];
    }
    __syncthreads();
    for (int w = tx, s = 0; w < NUMBER_PAR_PER_BOX; w += NUMBER_THREADS, ++s)
      for (int j = 0; j < NUMBER_PAR_PER_BOX; j++) {
        fp r2 = rA_shared[w].v + rB_shared[j].v - (rA_shared[w].x * rB_shared[j].x +
                rA_shared[w].y * rB_shared[j].y + rA_shared[w].z * rB_shared[j].z);
        fp u2 = a2 * r2;
        fp vij = pexp(u2 < 0 ? -u2 : u2), fs = 2 * vij;
        acc[s].v += qB_shared[j] * vij;
        acc[s].x += qB_shared[j] * fs * (rA_shared[w].x - rB_shared[j].x);
        acc[s].y += qB_shared[j] * fs * (rA_shared[w].y - rB_shared[j].y);
        acc[s].z += qB_shared[j] * fs * (rA_shared[w].z - rB_shared[j].z);
      }
    __syncthreads();
  }
  for (int w = tx, s = 0; w < NUMBER_PAR_PER_BOX; w += NUMBER_THREADS, ++s)
    d_fv_gpu[first_i + w] = acc[s];
}
}
