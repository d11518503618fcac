// Kernels whose tiles read arrays by columns, for transfer-2d.test: atax's
// second product (a column block: rows of the matrix), a column read along a
// band (rows of the diagonal's stride), a read whose rectangle would start
// before its first byte (clipped to its interval), a flat-subscript stencil
// (clipped, its row's halo columns included), a column block written (a 2-D
// slot stored back by rows), every other column written (a 2-D slot stored
// element by element), and doitgen, whose depth-2 loop
// is tiled (one iteration of its depth-1 loop reads all of C4, 6400 bytes)
// with C4 read as a column block. Prints a hash of each output.
#include "float-hash.h"
#include <stdio.h>
#include <stdlib.h>

#define N 256

static void columns(float *restrict y, const float *restrict A,
                    const float *restrict x) {
#pragma omp target teams distribute parallel for map(to: A[0:N*N], x[0:N]) map(from: y[0:N])
  for (int j = 0; j < N; j++) {
    float s = 0.0f;
    for (int i = 0; i < N; i++)
      s += A[i * N + j] * x[i];
    y[j] = s;
  }
}

static void band(float *restrict y, const float *restrict A) {
#pragma omp target teams distribute parallel for map(to: A[0:N*N+2*N]) map(from: y[0:N])
  for (int j = 0; j < N; j++) {
    float s = 0.0f;
    for (int i = 0; i < 3; i++)
      s += A[(j + i) * N + (N - 1 - j)];
    y[j] = s;
  }
}

static void corner(float *restrict y, const float *restrict A) {
#pragma omp target teams distribute parallel for map(to: A[0:N*N+N]) map(from: y[0:N])
  for (int j = 0; j < N; j++)
    y[j] = A[j * N + 5] + A[(j + 1) * N + 2];
}

// Rows of W floats: one SIMT iteration (three rows of A, one of B) does not
// fit 4 KiB, so the j loop is tiled. A is one access shape (a translate
// of i * W + j), and its rectangle must also hold the columns j0 - 1 and
// j1 + 1 that only row i reads; it starts before the first byte read
// (A[i-1][j0]) and ends after the last (A[i+1][j1]): clipped.
#define W 1024
static void stencil(float *restrict B, const float *restrict A) {
#pragma omp target teams distribute parallel for map(to: A[0:8*W]) map(tofrom: B[0:8*W])
  for (int i = 1; i < 7; i++)
    for (int j = 1; j < W - 1; j++)
      B[i * W + j] = A[(i - 1) * W + j] + A[i * W + j - 1] +
                     A[i * W + j + 1] + A[(i + 1) * W + j];
}

// A column block written: both arrays are 2-D slots, and the tile writes
// every byte of B's rectangle, so B is stored back by rows.
static void colwrite(float *restrict B, const float *restrict A) {
#pragma omp target teams distribute parallel for map(to: A[0:N*N]) map(tofrom: B[0:N*N])
  for (int j = 0; j < N; j++)
    for (int i = 0; i < N; i++)
      B[i * N + j] = 2.0f * A[i * N + j] + 1.0f;
}

// Every other column written: B's rectangle holds the odd columns, which
// the tile does not write (and, B being only written, does not load), so B
// is stored element by element; by rows it would overwrite them.
static void colskip(float *restrict B, const float *restrict A) {
#pragma omp target teams distribute parallel for map(to: A[0:N*N]) map(tofrom: B[0:N*N])
  for (int j = 0; j < N / 2; j++)
    for (int i = 0; i < N; i++)
      B[i * N + 2 * j] = A[i * N + j] - 3.0f;
}

#define M 40
static void deep(float *restrict S, const float *restrict A,
                 const float *restrict C4) {
#pragma omp target teams distribute parallel for map(to: A[0:M*M*M], C4[0:M*M]) map(from: S[0:M*M*M])
  for (int r = 0; r < M; r++)
    for (int q = 0; q < M; q++)
      for (int p = 0; p < M; p++) {
        float s = 0.0f;
        for (int k = 0; k < M; k++)
          s += A[(r * M + q) * M + k] * C4[k * M + p];
        S[(r * M + q) * M + p] = s;
      }
}

int main(void) {
  float *A = malloc((N * N + 2 * N) * sizeof(float));
  float *x = malloc(N * sizeof(float)), *y = malloc(N * sizeof(float));
  for (int i = 0; i < N * N + 2 * N; i++)
    A[i] = (float)(i % 97) * 0.25f - 7.0f;
  for (int i = 0; i < N; i++)
    x[i] = (float)(i % 13) * 0.5f;
  columns(y, A, x);
  printf("columns %016llx\n", (unsigned long long)hash(y, N));
  band(y, A);
  printf("band    %016llx\n", (unsigned long long)hash(y, N));
  corner(y, A);
  printf("corner  %016llx\n", (unsigned long long)hash(y, N));
  float *B = calloc(N * N, sizeof(float));
  stencil(B, A);
  printf("stencil %016llx\n", (unsigned long long)hash(B, 8 * W));
  colwrite(B, A);
  printf("colwrite %016llx\n", (unsigned long long)hash(B, N * N));
  colskip(B, A);
  printf("colskip %016llx\n", (unsigned long long)hash(B, N * N));
  free(B);
  float *S = malloc(M * M * M * sizeof(float));
  deep(S, A, A + M * M * M);
  printf("deep    %016llx\n", (unsigned long long)hash(S, M * M * M));
  free(S);
  free(A), free(x), free(y);
  return 0;
}
