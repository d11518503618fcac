// collapse(2) nests as GPU programmers write them (issue 25): the collapsed
// induction variable is split by a division (i = iv / NJ), so every
// subscript has a floor term. Extents that are no multiple of anything,
// lower bounds of 1, runtime sizes; a collapse(3) stencil, whose middle
// index is a division of a remainder. Prints a hash of every output.
#include "float-hash.h"
#include <stdio.h>
#include <stdlib.h>

#define NI 70
#define NJ 50
#define NK 40
#define NP 12

void gemm(float *C, const float *A, const float *B) {
#pragma omp target teams distribute parallel for collapse(2) map(to: A[0:NI*NK], B[0:NK*NJ]) map(tofrom: C[0:NI*NJ])
  for (int i = 0; i < NI; i++)
    for (int j = 0; j < NJ; j++) {
      float s = C[i * NJ + j] * 0.5f;
      for (int k = 0; k < NK; k++)
        s += 1.5f * A[i * NK + k] * B[k * NJ + j];
      C[i * NJ + j] = s;
    }
}

void jacobi(float *Bo, const float *Ai) {
#pragma omp target teams distribute parallel for collapse(2) map(to: Ai[0:NI*NJ]) map(tofrom: Bo[0:NI*NJ])
  for (int i = 1; i < NI - 1; i++)
    for (int j = 1; j < NJ - 1; j++)
      Bo[i * NJ + j] = 0.2f * (Ai[i * NJ + j] + Ai[i * NJ + j - 1] +
                               Ai[i * NJ + j + 1] + Ai[(i + 1) * NJ + j] +
                               Ai[(i - 1) * NJ + j]);
}

// Transposed read: B's column i for row i of C (a 2-D slot per tile).
void transpose(float *C, const float *B) {
#pragma omp target teams distribute parallel for collapse(2) map(to: B[0:NI*NJ]) map(tofrom: C[0:NI*NJ])
  for (int i = 0; i < NJ; i++)
    for (int j = 0; j < NI; j++)
      C[i * NI + j] += B[j * NJ + i];
}

void scale(float *X, int n, int m) {
#pragma omp target teams distribute parallel for collapse(2) map(tofrom: X[0:n*m])
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      X[i * m + j] = X[i * m + j] * 3.0f + 1.0f;
}

// collapse(3): j = 1 + (iv % 100) / 10, two floor terms per subscript.
void heat3(float *Bo, const float *Ai) {
#pragma omp target teams distribute parallel for collapse(3) map(to: Ai[0:NP*NP*NP]) map(tofrom: Bo[0:NP*NP*NP])
  for (int i = 1; i < NP - 1; i++)
    for (int j = 1; j < NP - 1; j++)
      for (int k = 1; k < NP - 1; k++)
        Bo[(i * NP + j) * NP + k] =
            0.125f * (Ai[((i + 1) * NP + j) * NP + k] +
                      Ai[((i - 1) * NP + j) * NP + k] +
                      Ai[(i * NP + j + 1) * NP + k] +
                      Ai[(i * NP + j - 1) * NP + k] +
                      Ai[(i * NP + j) * NP + k + 1] +
                      Ai[(i * NP + j) * NP + k - 1]) +
            0.25f * Ai[(i * NP + j) * NP + k];
}

int main(void) {
  float *A = malloc(sizeof(float) * NI * NK), *B = malloc(sizeof(float) * NK * NJ);
  float *C = malloc(sizeof(float) * NI * NJ), *X = malloc(sizeof(float) * NI * NJ);
  float *Y = malloc(sizeof(float) * NI * NJ), *T = malloc(sizeof(float) * NI * NJ);
  float *P = malloc(sizeof(float) * NP * NP * NP), *Q = malloc(sizeof(float) * NP * NP * NP);
  for (int i = 0; i < NP * NP * NP; i++) {
    P[i] = (i % 19) * 0.125f;
    Q[i] = (i % 3) * 1.0f;
  }
  for (int i = 0; i < NI * NK; i++) A[i] = (i % 17) * 0.25f;
  for (int i = 0; i < NK * NJ; i++) B[i] = (i % 13) * 0.5f;
  for (int i = 0; i < NI * NJ; i++) {
    C[i] = (i % 7) * 1.0f;
    X[i] = (i % 11) * 0.3f;
    Y[i] = 0;
    T[i] = (i % 5) * 0.1f;
  }
  gemm(C, A, B);
  jacobi(Y, X);
  transpose(T, X);
  scale(X, NI, NJ);
  heat3(Q, P);
  printf("HASH gemm %016llx\n", (unsigned long long)hash(C, NI * NJ));
  printf("HASH jacobi %016llx\n", (unsigned long long)hash(Y, NI * NJ));
  printf("HASH transpose %016llx\n", (unsigned long long)hash(T, NI * NJ));
  printf("HASH scale %016llx\n", (unsigned long long)hash(X, NI * NJ));
  printf("HASH heat3 %016llx\n", (unsigned long long)hash(Q, NP * NP * NP));
  return 0;
}
