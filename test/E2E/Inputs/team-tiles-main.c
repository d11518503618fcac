// Runs the parallel regions of Inputs/team-tiles.c on the CPU
// (omp-gpu-emu.h): chunks of 32 rows on blocks of 32 threads, the last
// chunk of each loop 8 rows (its block takes the original code); with
// "small", blocks of 16 threads, smaller than the kernels state, which
// therefore never run tiles. Prints a hash of each output and the phases
// thread 0 entered.
#include "omp-gpu-emu.h"

#include <string.h>

#define ROWS 200
#define COLS 96
#define CH 3
#define WIDTH 200
#define ENTRIES 160
#define SI 24
#define SJ 21

// (Argument order: clang's captures of each region.)
void omp_region_scale(int *, int *, long, long, float *, const float *);
void omp_region_gemm(int *, int *, long, long, const float *, const float *,
                     float *);
void omp_region_channels(int *, int *, long, long, float *, const float *);
void omp_region_rowsum(int *, int *, long, long, const float *, float *);
void omp_region_rownorm(int *, int *, long, long, const float *, float *);
void omp_region_ell(int *, int *, long, long, const float *, const float *,
                    const int *, float *);
void omp_region_spread(int *, int *, long, long, float *, const int *,
                       const float *);
void omp_region_pick(int *, int *, long, long, float *, const float *,
                     const int *);
void omp_region_place(int *, int *, long, long, float *, const int *,
                      const float *);

void omp_region_symm(int *, int *, long, long, const float *, const float *,
                     float *);

void omp_region_scale_n(int *, int *, long, long, long, float *,
                        const float *);
void omp_region_shift_n(int *, int *, long, long, long, float *, const float *);
void omp_region_mirror_u(int *, int *, long, long, long, float *,
                         const float *, long);
void omp_region_gemv_mn(int *, int *, long, long, long, float *, long,
                        const float *, const float *);
void omp_region_sweep_n(int *, int *, long, long, long, float *,
                        const float *);
void omp_region_gemv_n(int *, int *, long, long, long, const float *,
                       const float *, float *);
void omp_region_gemtv_n(int *, int *, long, long, long, float *,
                        const float *, const float *);

static float *X, *Y, *A, *B, *Out;
static long M, N, U;
static int *Index;
static int Gtid, Btid;

static void symm(void) {
  omp_region_symm(&Gtid, &Btid, chunkLb(), chunkUb(), A, B, Out);
}
static void scale(void) {
  omp_region_scale(&Gtid, &Btid, chunkLb(), chunkUb(), Y, X);
}
static void scale_n(void) {
  omp_region_scale_n(&Gtid, &Btid, chunkLb(), chunkUb(), N, Y, X);
}
static void shift_n(void) {
  omp_region_shift_n(&Gtid, &Btid, chunkLb(), chunkUb(), N, Y, X);
}
static void mirror_u(void) {
  omp_region_mirror_u(&Gtid, &Btid, chunkLb(), chunkUb(), N, Y, X, U);
}
static void gemv_mn(void) {
  omp_region_gemv_mn(&Gtid, &Btid, chunkLb(), chunkUb(), M, Y, N, A, X);
}
static void sweep_n(void) {
  omp_region_sweep_n(&Gtid, &Btid, chunkLb(), chunkUb(), N, Out, A);
}
static void gemv_n(void) {
  omp_region_gemv_n(&Gtid, &Btid, chunkLb(), chunkUb(), N, A, X, Y);
}
static void gemtv_n(void) {
  omp_region_gemtv_n(&Gtid, &Btid, chunkLb(), chunkUb(), N, Y, A, X);
}
static void gemm(void) {
  omp_region_gemm(&Gtid, &Btid, chunkLb(), chunkUb(), A, B, Out);
}
static void channels(void) {
  omp_region_channels(&Gtid, &Btid, chunkLb(), chunkUb(), Out, A);
}
static void rowsum(void) {
  omp_region_rowsum(&Gtid, &Btid, chunkLb(), chunkUb(), A, Y);
}
static void rownorm(void) {
  omp_region_rownorm(&Gtid, &Btid, chunkLb(), chunkUb(), A, Y);
}
static void ell(void) {
  omp_region_ell(&Gtid, &Btid, chunkLb(), chunkUb(), A, X, Index, Y);
}
static void spread(void) {
  omp_region_spread(&Gtid, &Btid, chunkLb(), chunkUb(), Out, Index, A);
}
static void pick(void) {
  omp_region_pick(&Gtid, &Btid, chunkLb(), chunkUb(), Y, X, Index);
}
static void place(void) {
  omp_region_place(&Gtid, &Btid, chunkLb(), chunkUb(), Y, Index, X);
}

int main(int argc, char **argv) {
  unsigned Threads = argc > 1 && !strcmp(argv[1], "small") ? 16 : 32;
  X = data(ROWS), Y = data(ROWS);
  launchRegion(scale, ROWS, 32, Threads);
  report("scale", Y, ROWS);
  // The same with the bound a runtime value, then with n = 0: every team
  // skips the loop (its guard) and Y stays as it was.
  N = ROWS;
  launchRegion(scale_n, ROWS, 32, Threads);
  report("scale_n", Y, ROWS);
  N = 0;
  launchRegion(scale_n, 32, 32, Threads);
  report("scale_n0", Y, ROWS);
  N = ROWS;
  launchRegion(shift_n, ROWS - 2, 32, Threads);
  report("shift_n", Y, ROWS);
  // u * 3u = 2^32 + ROWS: x[ROWS - i] for i from 1 to ROWS - 2.
  U = 1431655832;
  launchRegion(mirror_u, ROWS - 2, 32, Threads);
  report("mirror_u", Y, ROWS);
  // A runtime row length: n = ROWS rows of ROWS.
  N = ROWS, A = data(ROWS * ROWS);
  launchRegion(gemv_n, ROWS, 32, Threads);
  report("gemv_n", Y, ROWS);
  launchRegion(gemtv_n, ROWS, 32, Threads);
  report("gemtv_n", Y, ROWS);
  // Rows of 120 columns, then of none: every thread skips the column loop.
  M = ROWS, N = 120;
  launchRegion(gemv_mn, ROWS, 32, Threads);
  report("gemv_mn", Y, ROWS);
  N = 0;
  launchRegion(gemv_mn, ROWS, 32, Threads);
  report("gemv_mn0", Y, ROWS);
  // Rows of ROWS, then one row of one element (no column from 1).
  N = ROWS, Out = data(ROWS * ROWS);
  launchRegion(sweep_n, ROWS, 32, Threads);
  report("sweep_n", Out, ROWS * ROWS);
  N = 1;
  launchRegion(sweep_n, 1, 32, Threads);
  report("sweep_n1", Out, ROWS * ROWS);
  A = data(ROWS * COLS), B = data(COLS * COLS), Out = data(ROWS * COLS);
  launchRegion(gemm, ROWS, 32, Threads);
  report("gemm", Out, ROWS * COLS);
  A = data(ROWS * CH * WIDTH), Out = data(ROWS * CH * WIDTH);
  launchRegion(channels, ROWS, 32, Threads);
  report("channels", Out, ROWS * CH * WIDTH);
  A = data(ROWS * WIDTH);
  launchRegion(rowsum, ROWS, 32, Threads);
  report("rowsum", Y, ROWS);
  launchRegion(rownorm, ROWS, 32, Threads);
  report("rownorm", Y, ROWS);
  A = data(ROWS * ENTRIES), Index = malloc(sizeof(int) * ROWS * WIDTH);
  for (int I = 0; I < ROWS * ENTRIES; ++I)
    Index[I] = (I * 37 + I / ENTRIES) % ROWS;
  launchRegion(ell, ROWS, 32, Threads);
  report("ell", Y, ROWS);
  // ROWS * WIDTH = 40000 and 7 are coprime: a permutation.
  A = data(ROWS * WIDTH), Out = data(ROWS * WIDTH);
  for (int I = 0; I < ROWS * WIDTH; ++I)
    Index[I] = (I * 7 + 11) % (ROWS * WIDTH);
  launchRegion(spread, ROWS, 32, Threads);
  report("spread", Out, ROWS * WIDTH);
  // ROWS = 200 and 13 are coprime.
  for (int I = 0; I < ROWS; ++I)
    Index[I] = (I * 13 + 5) % ROWS;
  launchRegion(pick, ROWS, 32, Threads);
  report("pick", Y, ROWS);
  launchRegion(place, ROWS, 32, Threads);
  report("place", Y, ROWS);
  // SI * SJ = 504 iterations: 15 chunks of 32 and one of 24.
  A = data(SI * SI), B = data(SI * SJ), Out = data(SI * SJ);
  launchRegion(symm, SI * SJ, 32, Threads);
  report("symm", Out, SI * SJ);
  return 0;
}
