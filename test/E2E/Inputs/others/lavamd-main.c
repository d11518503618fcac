// Runs bench/kernels/hand-tiled/others/lavamd.cu on the CPU (cuda-emu.h) for
// hand-tiled-others.test, in the block shapes the kernels were written
// for: per kernel (launch), a HASH of its output and its PHASES.
#include "cuda-emu.h"
#define NUMBER_PAR_PER_BOX 24
typedef float fp;
typedef struct { fp v, x, y, z; } FOUR_VECTOR;
typedef struct nei_str { int x, y, z; int number; long offset; } nei_str;
typedef struct box_str { int x, y, z; int number; long offset; int nn; nei_str nei[26]; } box_str;
typedef struct par_str { fp alpha; } par_str;
typedef struct dim_str { int cur_arg; int arch_arg; int cores_arg; int boxes1d_arg;
  long number_par_per_box; long number_boxes; long space_elem; long space_mem;
  long space_mem2; long box_mem; } dim_str;
void kernel_gpu_cuda(par_str, dim_str, box_str *, FOUR_VECTOR *, fp *, FOUR_VECTOR *);
void lavamd_fixed_nn(fp, long, int, const box_str *, const FOUR_VECTOR *, const fp *, FOUR_VECTOR *);
enum { NB = 5, NN = 3 };
static box_str *Box; static FOUR_VECTOR *Rv, *Fv; static fp *Qv;
static par_str Par = {0.5f}; static dim_str Dim;
static void k1(void) { kernel_gpu_cuda(Par, Dim, Box, Rv, Qv, Fv); }
static void k2(void) { lavamd_fixed_nn(0.5f, NB - 1, NN, Box, Rv, Qv, Fv); }
static float *floats(int n) { float *D = data(n), *P = emu_global(4 * n); memcpy(P, D, 4 * n); free(D); return P; }
int main(void) {
  Box = emu_global(sizeof(box_str) * NB);
  for (int b = 0; b < NB; ++b) { Box[b].offset = b * NUMBER_PAR_PER_BOX; Box[b].nn = NN;
    for (int k = 0; k < NN; ++k) Box[b].nei[k].number = (b + k + 1) % NB; }
  Rv = (FOUR_VECTOR *)floats(4 * NB * NUMBER_PAR_PER_BOX); Qv = floats(NB * NUMBER_PAR_PER_BOX);
  Fv = (FOUR_VECTOR *)floats(4 * NB * NUMBER_PAR_PER_BOX);
  Dim.number_boxes = NB;
  emu_expect_no_phases(); // (lavaMD: refused)
  launch(k1, NB, 16); report("lavaMD", (float *)Fv, 4 * NB * NUMBER_PAR_PER_BOX);
  launch(k2, NB, 16); report("lavamd_fixed_nn", (float *)Fv, 4 * NB * NUMBER_PAR_PER_BOX);
  return 0;
}
