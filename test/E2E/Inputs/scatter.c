// Kernels with indirect stores, for scatter.test: a permutation scattered
// (out[perm[i]] = ...), stores that overwrite one another (one thread, so
// the last in the loop's order wins), rows too long for one SIMT
// iteration's tile whose columns are scattered (the depth-1 loop is
// tiled), and a row sum scattered after that loop (a store outside the
// tiled loop, on global memory in a compatible interval). With "clash":
// only a kernel whose scattered elements land in what its own tiles read
// (x[idx[i]] with x read by x[i]): those tiles must run on global memory.
// Prints a hash of each output.
#include "float-hash.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define N 4096
#define ROWS 32
#define COLS 2048

static void permute(float *restrict out, const float *restrict in,
                        const int *restrict perm) {
#pragma omp target teams distribute parallel for map(to: in[0:N], perm[0:N]) map(tofrom: out[0:N])
  for (int i = 0; i < N; i++)
    out[perm[i]] = 2.0f * in[i] + 1.0f;
}

static void overwrite(float *restrict out, const float *restrict v,
                      const int *restrict idx) {
#pragma omp target teams distribute parallel for num_teams(1) thread_limit(1) map(to: v[0:N], idx[0:N]) map(tofrom: out[0:N])
  for (int i = 0; i < N; i++)
    out[idx[i]] = v[i] - 0.5f;
}

static void rows(float *restrict y, const float *restrict x,
                 const int *restrict perm) {
#pragma omp target teams distribute parallel for map(to: x[0:ROWS*COLS], perm[0:COLS]) map(tofrom: y[0:ROWS*COLS])
  for (int i = 0; i < ROWS; i++)
    for (int k = 0; k < COLS; k++)
      y[i * COLS + perm[k]] = 3.0f * x[i * COLS + k];
}

static void rowsum(float *restrict y, const float *restrict x,
                   const int *restrict perm) {
#pragma omp target teams distribute parallel for map(to: x[0:ROWS*COLS], perm[0:ROWS]) map(tofrom: y[0:ROWS])
  for (int i = 0; i < ROWS; i++) {
    float s = 0.0f;
    for (int k = 0; k < COLS; k++)
      s += x[i * COLS + k];
    y[perm[i]] = s;
  }
}

static void clash(float *x, float *y, const int *restrict idx) {
#pragma omp target teams distribute parallel for num_teams(1) thread_limit(1) map(tofrom: x[0:N]) map(tofrom: y[0:N]) map(to: idx[0:N])
  for (int i = 0; i < N; i++) {
    y[i] = 2.0f * x[i] + 1.0f;
    x[idx[i]] = 0.25f * y[i];
  }
}

static float *data(int n, int mod) {
  float *p = malloc(n * sizeof(float));
  for (int e = 0; e < n; e++)
    p[e] = (float)(e % mod) * 0.125f - 1.0f;
  return p;
}

// A permutation of 0..n-1 (n a power of two): i * 7 + 3 mod n.
static int *permutation(int n) {
  int *p = malloc(n * sizeof(int));
  for (int e = 0; e < n; e++)
    p[e] = (e * 7 + 3) & (n - 1);
  return p;
}

int main(int argc, char **argv) {
  if (argc > 1 && !strcmp(argv[1], "clash")) {
    // Mostly half the array away (a later or an earlier tile reads it),
    // every 509th element three ahead: the tile reads it after the store.
    float *x = data(N, 23), *y = data(N, 5);
    int *idx = malloc(N * sizeof(int));
    for (int i = 0; i < N; i++)
      idx[i] = i % 509 == 7 && i + 3 < N ? i + 3 : (i + N / 2) % N;
    clash(x, y, idx);
    printf("clash        %016llx %016llx\n", (unsigned long long)hash(x, N),
           (unsigned long long)hash(y, N));
    return 0;
  }
  float *in = data(N, 37), *out = data(N, 3);
  int *perm = permutation(N);
  permute(out, in, perm);
  printf("permute  %016llx\n", (unsigned long long)hash(out, N));

  int *idx = malloc(N * sizeof(int));
  for (int i = 0; i < N; i++)
    idx[i] = (i * 13) % (N / 4); // every target written four times
  overwrite(out, in, idx);
  printf("overwrite    %016llx\n", (unsigned long long)hash(out, N));

  float *x = data(ROWS * COLS, 41), *y = data(ROWS * COLS, 7);
  int *cperm = permutation(COLS);
  rows(y, x, cperm);
  printf("rows         %016llx\n", (unsigned long long)hash(y, ROWS * COLS));

  int *rperm = permutation(ROWS);
  rowsum(y, x, rperm);
  printf("rowsum       %016llx\n", (unsigned long long)hash(y, ROWS));
  return 0;
}
