// prem_demo.c - the example program of the README's main job.
//
// Five OpenMP target regions of the shapes PREM is about (a dense product, a
// stencil, a gather and a scatter through an index array, and atomic
// updates, which the plugin must leave alone), run on whatever offload device
// is present (host offload here). Prints a checksum per kernel in
// hexadecimal floating point so that two builds compare bit for bit.
#include <stdio.h>
#include <stdlib.h>

#define N 256

static void gemm(float *restrict C, const float *restrict A,
                 const float *restrict B) {
#pragma omp target teams distribute parallel for map(to: A[0:N*N], B[0:N*N]) map(tofrom: C[0:N*N])
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      float s = C[i * N + j];
      for (int k = 0; k < N; k++)
        s += A[i * N + k] * B[k * N + j];
      C[i * N + j] = s;
    }
}

static void jacobi2d(const float *restrict A, float *restrict B) {
#pragma omp target teams distribute parallel for map(to: A[0:N*N]) map(tofrom: B[0:N*N])
  for (int i = 1; i < N - 1; i++)
    for (int j = 1; j < N - 1; j++)
      B[i * N + j] = 0.2f * (A[i * N + j] + A[i * N + j - 1] + A[i * N + j + 1] +
                             A[(i - 1) * N + j] + A[(i + 1) * N + j]);
}

static void gather(const float *restrict x, const int *restrict idx,
                   float *restrict y) {
#pragma omp target teams distribute parallel for map(to: x[0:N*N], idx[0:N*N]) map(from: y[0:N*N])
  for (int i = 0; i < N * N; i++)
    y[i] = x[idx[i]];
}

static void scatter(const float *restrict x, const int *restrict idx,
                    float *restrict y) {
#pragma omp target teams distribute parallel for map(to: x[0:N*N], idx[0:N*N]) map(from: y[0:N*N])
  for (int i = 0; i < N * N; i++)
    y[idx[i]] = x[i];
}

static void histogram(const int *restrict idx, int *restrict count) {
#pragma omp target teams distribute parallel for map(to: idx[0:N*N]) map(tofrom: count[0:N])
  for (int i = 0; i < N * N; i++) {
#pragma omp atomic
    count[idx[i] % N]++;
  }
}

static double checksum(const float *v, int n) {
  double s = 0;
  for (int i = 0; i < n; i++)
    s += v[i] * (double)((i % 7) + 1);
  return s;
}

int main(void) {
  float *A = malloc(sizeof(float) * N * N), *B = malloc(sizeof(float) * N * N);
  float *C = malloc(sizeof(float) * N * N), *D = malloc(sizeof(float) * N * N);
  int *idx = malloc(sizeof(int) * N * N), *count = calloc(N, sizeof(int));
  if (!A || !B || !C || !D || !idx || !count)
    return 1;
  for (int i = 0; i < N * N; i++) {
    A[i] = (float)((i * 7) % 13) / 13.0f;
    B[i] = (float)((i * 5) % 11) / 11.0f;
    C[i] = 0.5f;
    D[i] = 0.0f;
    idx[i] = (i * 31) % (N * N);
  }
  gemm(C, A, B);
  printf("gemm     %a\n", checksum(C, N * N));
  jacobi2d(A, D);
  printf("jacobi2d %a\n", checksum(D, N * N));
  gather(A, idx, D);
  printf("gather   %a\n", checksum(D, N * N));
  scatter(B, idx, D); // idx is a permutation: no two stores meet
  printf("scatter  %a\n", checksum(D, N * N));
  histogram(idx, count);
  double h = 0;
  for (int i = 0; i < N; i++)
    h += count[i] * (double)(i + 1);
  printf("histogram %a\n", h);
  free(A), free(B), free(C), free(D), free(idx), free(count);
  return 0;
}
