// Arrays with a runtime row length (A[i * n + j], n an argument; a
// variable-length array), for runtime-rows.test: prem-tile lays them out
// virtually and copies tiles of them as rows n floats apart. Each kernel
// runs at several sizes: ordinary ones, rows of one element, and sizes whose
// columns leave their rows (m > n: a column block reaches into the next
// row), where the tile's run-time checks must send it to the global path.
// Prints a hash of each output.
#include "float-hash.h"
#include <stdio.h>
#include <stdlib.h>

// y = A x over the first m columns of rows n long (bicg's q = A p).
static void rows(int nrows, int m, int n, float *restrict y,
                 const float *restrict A, const float *restrict x) {
#pragma omp target teams distribute parallel for map(to: A[0:nrows*n+m], x[0:m]) map(from: y[0:nrows])
  for (int i = 0; i < nrows; i++) {
    float s = 0.0f;
    for (int j = 0; j < m; j++)
      s += A[i * n + j] * x[j];
    y[i] = s;
  }
}

// The same as a variable-length array: OpenMP passes its row length apart
// from the loop bound.
static void vla(int nrows, int n, float A[nrows][n], float *restrict y,
                const float *restrict x) {
#pragma omp target teams distribute parallel for map(to: A[0:nrows][0:n], x[0:n]) map(from: y[0:nrows])
  for (int i = 0; i < nrows; i++) {
    y[i] = 0.0f;
    for (int j = 0; j < n; j++)
      y[i] += A[i][j] * x[j];
  }
}

// B = 2 A + 1 on an nrows x m block of rows n long, written in place of B's.
static void scale(int nrows, int m, int n, float *restrict B,
                  const float *restrict A) {
#pragma omp target teams distribute parallel for map(to: A[0:nrows*n+m]) map(tofrom: B[0:nrows*n+m])
  for (int i = 0; i < nrows; i++)
    for (int j = 0; j < m; j++)
      B[i * n + j] = 2.0f * A[i * n + j] + 1.0f;
}

static float *filled(int count, int seed) {
  float *a = malloc(sizeof(float) * (count > 0 ? count : 1));
  for (int i = 0; i < count; i++)
    a[i] = (float)((i * 7 + seed) % 23) / 8.0f;
  return a;
}

static void run(int nrows, int m, int n) {
  int size = nrows * n + m;
  float *A = filled(size, 1), *B = filled(size, 2), *x = filled(m + n, 3);
  float *y = filled(nrows, 4);
  rows(nrows, m, n, y, A, x);
  printf("rows %d %d %d %016llx\n", nrows, m, n,
         (unsigned long long)hash(y, nrows));
  if (m == n) {
    vla(nrows, n, (float(*)[n])A, y, x);
    printf("vla %d %d %016llx\n", nrows, n, (unsigned long long)hash(y, nrows));
  }
  scale(nrows, m, n, B, A);
  printf("scale %d %d %d %016llx\n", nrows, m, n,
         (unsigned long long)hash(B, size));
  free(A), free(B), free(x), free(y);
}

int main(void) {
  run(300, 200, 200); // rows of 200 floats, all of them
  run(257, 100, 333); // the first 100 columns of rows of 333
  run(64, 1, 1);      // rows of one element
  run(50, 40, 16);    // columns leave their rows: the global path
  run(3, 0, 5);       // no columns
  return 0;
}
