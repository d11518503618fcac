// The ground-truth kernels as OpenMP target regions, for the analysis.
#define LD(x) (x)
#define ST(x, v) ((x) = (v))
#define INNER(c, J0, J1, Trip) for (int c = 0; c < (Trip); c++)
#include "truth-kernels.h"

void gemm(float *restrict C, const float *restrict A, const float *restrict B) {
#pragma omp target teams distribute parallel for map(to: A[0:N*N], B[0:N*N]) map(tofrom: C[0:N*N])
  for (int i = 0; i < N; i++) { GEMM_BODY(i, 0, N) }
}
void stencil(float *restrict D, const float *restrict A) {
#pragma omp target teams distribute parallel for map(to: A[0:N*N]) map(from: D[0:N*N])
  for (int i = 1; i < N - 1; i++) { STENCIL_BODY(i, 0, N) }
}
void conv(float *restrict D, const float *restrict A) {
#pragma omp target teams distribute parallel for map(to: A[0:N*N]) map(from: D[0:N*N])
  for (int i = 1; i < N - 1; i++) { CONV_BODY(i, 0, N) }
}
void syrk(float *restrict C, const float *restrict A) {
#pragma omp target teams distribute parallel for map(to: A[0:N*N]) map(tofrom: C[0:N*N])
  for (int i = 0; i < N; i++) { SYRK_BODY(i, 0, N) }
}
void transpose(float *restrict D, const float *restrict A) {
#pragma omp target teams distribute parallel for map(to: A[0:N*N]) map(from: D[0:N*N])
  for (int i = 0; i < N; i++) { TRANSPOSE_BODY(i, 0, N) }
}
void strided(float *restrict D, const float *restrict A, const float *restrict B) {
#pragma omp target teams distribute parallel for map(to: A[0:N*N], B[0:N*N]) map(tofrom: D[0:N*N])
  for (int i = 0; i < N; i++) { STRIDED_BODY(i, 0, N) }
}
void collapse_t(float *restrict D, const float *restrict A) {
#pragma omp target teams distribute parallel for collapse(2) map(to: A[0:N*N]) map(from: D[0:N*N])
  for (int r = 0; r < N; r++)
    for (int c = 0; c < N; c++)
      D[r * N + c] = A[c * N + r];
}
void collapse_st(float *restrict D, const float *restrict A) {
#pragma omp target teams distribute parallel for collapse(2) map(to: A[0:N*N]) map(from: D[0:N*N])
  for (int r = 1; r < N - 1; r++)
    for (int c = 1; c < N - 1; c++)
      D[r * N + c] = A[(r - 1) * N + c] + A[(r + 1) * N + c] +
                     A[r * N + c - 1] + A[r * N + c + 1];
}
