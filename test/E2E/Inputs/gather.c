// Kernels with indirect loads, for gather.test: an ELLPACK sparse
// matrix-vector product (x[col[k]]), a permutation (in[perm[i] ^ 1]), an
// in-place gather that reads bytes its own tiles write (a[idx[i]] with a
// written: run by one thread, so the order is the loop's), and rows too long
// for one SIMT iteration's tile (the depth-1 loop is tiled, the gather with
// it), once with accesses outside that loop. Prints a hash of each output.
#include "float-hash.h"
#include <stdio.h>
#include <stdlib.h>

#define N 4096
#define K 12

static void ell(float *restrict y, const float *restrict val,
                const int *restrict col, const float *restrict x) {
#pragma omp target teams distribute parallel for map(to: val[0:N*K], col[0:N*K], x[0:N]) map(from: y[0:N])
  for (int i = 0; i < N; i++) {
    float s = 0.0f;
    for (int k = 0; k < K; k++)
      s += val[i * K + k] * x[col[i * K + k]];
    y[i] = s;
  }
}

static void permute(float *restrict out, const float *restrict in,
                    const int *restrict perm) {
#pragma omp target teams distribute parallel for map(to: in[0:N], perm[0:N]) map(from: out[0:N])
  for (int i = 0; i < N; i++)
    out[i] = 2.0f * in[perm[i] ^ 1] + in[i]; // an index computed from data
}

static void in_place(float *a, const int *restrict idx) {
#pragma omp target teams distribute parallel for num_teams(1) thread_limit(1) map(tofrom: a[0:N]) map(to: idx[0:N])
  for (int i = 0; i < N; i++)
    a[i] = 0.5f * a[idx[i]] + 1.0f;
}

#define ROWS 32
#define COLS 2048

static void rows(float *restrict y, const float *restrict x,
                 const int *restrict col) {
#pragma omp target teams distribute parallel for map(to: x[0:ROWS*COLS], col[0:ROWS*COLS]) map(from: y[0:ROWS*COLS])
  for (int i = 0; i < ROWS; i++)
    for (int k = 0; k < COLS; k++)
      y[i * COLS + k] = 2.0f * x[col[i * COLS + k]] + x[i * COLS + k];
}

// Sparse rows too long for one SIMT iteration's tile, with accesses
// outside the tiled loop: an indirect load before it, the sum stored after
// it (each stretch on global memory in a compatible interval of its own).
static void rowsum(float *restrict y, const float *restrict x,
                   const int *restrict col) {
#pragma omp target teams distribute parallel for map(to: x[0:ROWS*COLS], col[0:ROWS*COLS]) map(from: y[0:ROWS])
  for (int i = 0; i < ROWS; i++) {
    float s = x[col[i]] + x[i * COLS];
    for (int k = 0; k < COLS; k++)
      s += 0.5f * x[col[i * COLS + k]];
    y[i] = s;
  }
}

int main(void) {
  float *val = malloc(N * K * sizeof(float)), *x = malloc(N * sizeof(float));
  float *y = malloc(N * sizeof(float));
  int *col = malloc(N * K * sizeof(int)), *perm = malloc(N * sizeof(int));
  for (int i = 0; i < N * K; i++) {
    val[i] = (float)(i % 31) * 0.125f - 1.5f;
    col[i] = (int)((i * 2654435761u) % N);
  }
  for (int i = 0; i < N; i++) {
    x[i] = (float)(i % 17) * 0.25f;
    perm[i] = (int)((i * 1021u + 7) % N); // 1021 is prime: a permutation
  }
  ell(y, val, col, x);
  printf("ell      %016llx\n", (unsigned long long)hash(y, N));
  permute(y, x, perm);
  printf("permute  %016llx\n", (unsigned long long)hash(y, N));
  // Half the reads are of the element before (written earlier in the same
  // tile), half far away (read before or after its tile writes it).
  for (int i = 0; i < N; i++)
    perm[i] = i % 2 ? i - 1 : (int)((i * 1021u + 7) % N);
  in_place(x, perm);
  printf("in_place %016llx\n", (unsigned long long)hash(x, N));
  float *rx = malloc(ROWS * COLS * sizeof(float));
  float *ry = malloc(ROWS * COLS * sizeof(float));
  int *rcol = malloc(ROWS * COLS * sizeof(int));
  for (int e = 0; e < ROWS * COLS; e++) {
    rx[e] = (float)(e % 37) * 0.5f;
    rcol[e] = (int)((e * 2654435761u >> 3) % (ROWS * COLS));
  }
  rows(ry, rx, rcol);
  printf("rows     %016llx\n", (unsigned long long)hash(ry, ROWS * COLS));
  rowsum(ry, rx, rcol);
  printf("rowsum   %016llx\n", (unsigned long long)hash(ry, ROWS));
  free(rx), free(ry), free(rcol);
  free(val), free(x), free(y), free(col), free(perm);
  return 0;
}
