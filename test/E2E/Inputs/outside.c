// Kernels whose tiled loop has accesses outside it, for outside.test: the
// optimiser keeps a row's sum in a register and stores it after the loop,
// or loads a value once before it (the loop's tile and the accesses after
// it may touch one array). Those accesses run on global memory in
// compatible intervals of their own, before and after the tiled loop. Rows
// too long for one SIMT iteration's tile, so the depth-1 loop (or, in deep
// and gemm, the depth-2 loop) is tiled. Prints a hash of each output.
#include "float-hash.h"
#include <stdio.h>
#include <stdlib.h>

#define ROWS 24
#define COLS 3000

// A weight loaded before the loop, the sum stored after it.
static void rowsum(float *restrict y, const float *restrict a,
                   const float *restrict x, const float *restrict w) {
#pragma omp target teams distribute parallel for map(to: a[0:ROWS*COLS], x[0:COLS], w[0:ROWS]) map(from: y[0:ROWS])
  for (int i = 0; i < ROWS; i++) {
    float s = w[i];
    for (int j = 0; j < COLS; j++)
      s += a[i * COLS + j] * x[j];
    y[i] = s;
  }
}

// The sum overwrites the first element of the row the tiles read.
static void in_row(float *restrict b, const float *restrict x) {
#pragma omp target teams distribute parallel for map(to: x[0:COLS]) map(tofrom: b[0:ROWS*COLS])
  for (int i = 0; i < ROWS; i++) {
    float s = 0.0f;
    for (int j = 1; j < COLS; j++)
      s += b[i * COLS + j] * x[j];
    b[i * COLS] = s;
  }
}

// Two stores and a load after the loop.
static void pair_after(float *restrict y, const float *restrict a,
                       const float *restrict w) {
#pragma omp target teams distribute parallel for map(to: a[0:ROWS*COLS], w[0:ROWS]) map(from: y[0:2*ROWS])
  for (int i = 0; i < ROWS; i++) {
    float s = 0.0f;
    for (int j = 0; j < COLS; j++)
      s += a[i * COLS + j];
    y[2 * i] = s;
    y[2 * i + 1] = s * w[i];
  }
}

// Which element the sum goes to depends on it: a branch on loaded data
// after the loop (whole SIMT iterations cannot be tiles; the loop's can).
static void branch_after(float *restrict y, const float *restrict a,
                         const float *restrict x) {
#pragma omp target teams distribute parallel for map(to: a[0:ROWS*COLS], x[0:COLS]) map(tofrom: y[0:2*ROWS])
  for (int i = 0; i < ROWS; i++) {
    float s = 0.0f;
    for (int j = 0; j < COLS; j++)
      s += a[i * COLS + j] * x[j];
    if (s > 0.0f)
      y[2 * i] = s;
    else
      y[2 * i + 1] = -0.5f * s;
  }
}

#define PLANES 8
#define DEPTH 600

// One iteration of q reads PLANES * DEPTH floats (19 KiB): the p loop is
// tiled, and the sum is stored after it, in q's iteration.
static void deep(float *restrict b, const float *restrict a) {
#pragma omp target teams distribute parallel for map(to: a[0:ROWS*PLANES*DEPTH]) map(from: b[0:ROWS*ROWS])
  for (int r = 0; r < ROWS; r++)
    for (int q = 0; q < ROWS; q++) {
      float s = 0.0f;
#pragma clang loop unroll(disable)
      for (int p = 0; p < PLANES; p++)
        for (int k = 0; k < DEPTH; k++)
          s += a[(q * PLANES + p) * DEPTH + k] * (float)(r + 1);
      b[r * ROWS + q] = s;
    }
}

#define NI 16
#define NJ 20
#define NK 1500

// gemm with a long k: C[i][j] is loaded before the k loop and stored after
// it (the optimiser keeps it in a register), the k loop is tiled.
static void gemm(float *restrict c, const float *restrict a,
                 const float *restrict b) {
#pragma omp target teams distribute parallel for map(to: a[0:NI*NK], b[0:NK*NJ]) map(tofrom: c[0:NI*NJ])
  for (int i = 0; i < NI; i++)
    for (int j = 0; j < NJ; j++) {
      float acc = 0.5f * c[i * NJ + j];
      for (int k = 0; k < NK; k++)
        acc += a[i * NK + k] * b[k * NJ + j];
      c[i * NJ + j] = acc;
    }
}

static float *data(int n, int mod) {
  float *p = malloc(n * sizeof(float));
  for (int e = 0; e < n; e++)
    p[e] = (float)(e % mod) * 0.125f - 1.0f;
  return p;
}

int main(void) {
  float *a = data(ROWS * COLS, 37), *x = data(COLS, 17), *w = data(ROWS, 5);
  float *y = data(2 * ROWS, 3), *b = data(ROWS * COLS, 29);
  rowsum(y, a, x, w);
  printf("rowsum       %016llx\n", (unsigned long long)hash(y, ROWS));
  in_row(b, x);
  printf("in_row       %016llx\n", (unsigned long long)hash(b, ROWS * COLS));
  pair_after(y, a, w);
  printf("pair_after   %016llx\n", (unsigned long long)hash(y, 2 * ROWS));
  int positive = 0;
  for (int i = 0; i < ROWS; i++) {
    float s = 0.0f;
    for (int j = 0; j < COLS; j++)
      s += a[i * COLS + j] * x[j];
    positive += s > 0.0f;
  }
  branch_after(y, a, x);
  printf("branch_after %016llx (%d of %d rows positive)\n",
         (unsigned long long)hash(y, 2 * ROWS), positive, ROWS);
  float *d = data(ROWS * PLANES * DEPTH, 41), *e = data(ROWS * ROWS, 7);
  deep(e, d);
  printf("deep         %016llx\n", (unsigned long long)hash(e, ROWS * ROWS));
  float *ga = data(NI * NK, 23), *gb = data(NK * NJ, 19), *gc = data(NI * NJ, 11);
  gemm(gc, ga, gb);
  printf("gemm         %016llx\n", (unsigned long long)hash(gc, NI * NJ));
  free(a), free(x), free(w), free(y), free(b), free(d), free(e);
  free(ga), free(gb), free(gc);
  return 0;
}
