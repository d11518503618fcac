// Runs the CUDA suite (bench/kernels/suite.cu) on the CPU (cuda-emu.h).
// Prints, per kernel, a hash of its outputs (bit for bit) and how many
// phases thread 0 entered.
#include "cuda-emu.h"
#include "float-hash.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef NCOLS
#error "NCOLS: the columns of gemvt, as bench/kernels/suite.cu was built"
#endif
#define N 256
#define NSMALL 64
#define ROWS 32
#define THREADS 256
#define TAPS 16
#define ELL_K 16
#define CHANNELS 4
#define NLONG 2048

void gemv(const float *, const float *, float *, int);
void gemvt(const float *, const float *, float *);
void spmv(const float *, const int *, const float *, float *, int);
void mvt(const float *, const float *, float *, int);
void gesummv(const float *, const float *, const float *, float *, float,
             float, int);
void gemver(float *, const float *, const float *, const float *,
            const float *, int);
void jacobi2d(const float *, float *, int);
void gemm(const float *, const float *, float *, int);
void blend(const float *, const float *, float *, int);
void gemvlong(const float *, const float *, float *, int);
void jacobi1d(const float *, float *, int);
void fir(const float *, const float *, float *, int);
void saxpy(const float *, float *, float, int);
void permute(const float *, const int *, float *, int);
void corunner(const float *, float *, int);

// Rows of the row kernels: four full blocks and a partial one (its threads
// do not all pass the bounds guard: the original code runs there).
enum { M = 4 * ROWS + 5, M2D = 3 * ROWS + 2 + 7, NE = 3 * THREADS + 100 };
static float *A, *B, *C, *X, *Y, *U1, *U2, *V1, *V2;
static int *Col;

static void runGemv(void) { gemv(A, X, Y, M); }
static void runGemvt(void) { gemvt(A, X, Y); }
static void runSpmv(void) { spmv(A, Col, X, Y, M); }
static void runMvt(void) { mvt(A, X, Y, M); }
static void runGesummv(void) { gesummv(A, B, X, Y, 1.5f, -0.5f, M); }
static void runGemver(void) { gemver(A, U1, V1, U2, V2, M); }
static void runJacobi2d(void) { jacobi2d(A, B, M2D); }
static void runGemm(void) { gemm(A, B, C, M); }
static void runBlend(void) { blend(A, B, C, M); }
static void runGemvlong(void) { gemvlong(A, X, Y, M); }
static void runJacobi1d(void) { jacobi1d(A, B, NE); }
static void runFir(void) { fir(X, A, Y, NE); }
static void runSaxpy(void) { saxpy(X, Y, 0.75f, NE); }
static void runPermute(void) { permute(X, Col, Y, NE); }
static void runCorunner(void) { corunner(X, Y, NE); }


static unsigned blocks(int Work, int Threads) {
  return (unsigned)((Work + Threads - 1) / Threads);
}

int main(void) {
  A = data(M * N), X = data(N), Y = data(M);
  launch(runGemv, blocks(M, ROWS), ROWS);
  report("gemv", Y, M);

  A = data(N * NCOLS), X = data(N), Y = data(NCOLS);
  launch(runGemvt, NCOLS / ROWS, ROWS);
  report("gemvt", Y, NCOLS);

  A = data(M * ELL_K), X = data(N), Y = data(M);
  Col = malloc(sizeof(int) * M * ELL_K);
  for (int I = 0; I < M * ELL_K; ++I)
    Col[I] = (int)((I * 37u + 11u) % N);
  launch(runSpmv, blocks(M, ROWS), ROWS);
  report("spmv", Y, M);

  A = data(M * N), X = data(N), Y = data(M);
  launch(runMvt, blocks(M, ROWS), ROWS);
  report("mvt", Y, M);

  A = data(M * N / 2), B = data(M * N / 2), X = data(N / 2), Y = data(M);
  launch(runGesummv, blocks(M, ROWS), ROWS);
  report("gesummv", Y, M);

  A = data(M * N), U1 = data(M), V1 = data(N), U2 = data(M), V2 = data(N);
  launch(runGemver, blocks(M, ROWS), ROWS);
  report("gemver", A, M * N);

  A = data(M2D * N), B = data(M2D * N);
  launch(runJacobi2d, blocks(M2D - 2, ROWS), ROWS);
  report("jacobi2d", B, M2D * N);

  A = data(M * NSMALL), B = data(NSMALL * NSMALL), C = data(M * NSMALL);
  launch(runGemm, blocks(M, ROWS), ROWS);
  report("gemm", C, M * NSMALL);

  A = data(M * CHANNELS * N), B = data(CHANNELS * N), C = data(M * N);
  launch(runBlend, blocks(M, ROWS), ROWS);
  report("blend", C, M * N);

  A = data(M * NLONG), X = data(NLONG), Y = data(M);
  launch(runGemvlong, blocks(M, ROWS), ROWS);
  report("gemvlong", Y, M);

  A = data(NE), B = data(NE);
  launch(runJacobi1d, blocks(NE - 2, THREADS), THREADS);
  report("jacobi1d", B, NE);

  X = data(NE + TAPS), A = data(TAPS), Y = data(NE);
  launch(runFir, blocks(NE, THREADS), THREADS);
  report("fir", Y, NE);

  X = data(NE), Y = data(NE);
  launch(runSaxpy, blocks(NE, THREADS), THREADS);
  report("saxpy", Y, NE);

  X = data(NE), Y = data(NE);
  Col = realloc(Col, sizeof(int) * NE);
  for (int I = 0; I < NE; ++I)
    Col[I] = (int)((I * 11u + 5u) % NE); // a permutation: 11 is coprime to 868
  launch(runPermute, blocks(NE, THREADS), THREADS);
  report("permute", Y, NE);

  X = data(NE), Y = data(NE);
  launch(runCorunner, blocks(NE, THREADS), THREADS);
  report("corunner", Y, NE);
  return 0;
}
