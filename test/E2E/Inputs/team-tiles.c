// OpenMP target regions for the NVPTX team tiles (team-tiles.test), run on
// the CPU by omp-gpu-emu.h. Blocks of 32 threads (thread_limit), chunks of
// 32 rows, the loops' last chunk shorter. At 16 KiB of shared memory:
// scale's chunk fits (one tile per chunk); gemm's does not, its threads
// tile the column loop together (A's rows, B's columns, C's row block);
// channels' one channel of a chunk does not fit either: the depth-2 loop
// is tiled; rowsum stores each row's sum after its tiled loop (a
// compatible interval); ell gathers x through col; spread scatters its
// rows through a permutation. rownorm is rowsum with a square root
// (libdevice's __nv_sqrtf, a declaration until link time).
#include <math.h>

#define ROWS 200
#define COLS 96
#define CH 3
#define WIDTH 200
#define ENTRIES 160
#define SI 24
#define SJ 21

void scale(float *restrict y, const float *restrict x) {
#pragma omp target teams distribute parallel for thread_limit(32) map(to: x[0:ROWS]) map(tofrom: y[0:ROWS])
  for (int i = 0; i < ROWS; i++)
    y[i] = 2.5f * x[i] + y[i];
}

// The loop's bound a runtime value: the region checks 0 < n before it asks
// for its chunk, a condition every thread of a team decides alike.
void scale_n(int n, float *restrict y, const float *restrict x) {
#pragma omp target teams distribute parallel for thread_limit(32) map(to: x[0:n]) map(tofrom: y[0:n])
  for (int i = 0; i < n; i++)
    y[i] = 2.5f * x[i] + y[i];
}

// A matrix-vector product with the size a runtime value (gesummv's shape):
// on the GPU the worksharing loop steps by the team's threads, so row i of
// A[i*n + j] moves by n times that step; the row length is n.
// From 1 to n - 1, as stencils run: element i + 1 of the chunk's first
// iteration lb is sext(lb + 1), whose offset from the chunk's start must not
// name lb (a team tile knows it only after the runtime's call).
void shift_n(int n, float *restrict y, const float *restrict x) {
#pragma omp target teams distribute parallel for thread_limit(32) map(to: x[0:n]) map(tofrom: y[0:n])
  for (int i = 1; i < n - 1; i++)
    y[i] = 0.5f * x[i] + y[i];
}

// A runtime value's unsigned math, which wraps by definition: u * 3u is
// n here only modulo 2^32 (review of 4f40d1e: its extension spread
// over the product put the tile's interval 2^34 bytes away).
void mirror_u(int n, unsigned u, float *restrict y, const float *restrict x) {
#pragma omp target teams distribute parallel for thread_limit(32) map(to: x[0:n]) map(tofrom: y[0:n])
  for (int i = 1; i < n - 1; i++)
    y[i] = x[(int)(u * 3u) - i];
}

// Rows and columns of separate runtime sizes (bicg's q = A p): the column
// loop is behind a guard of its own (0 < n), which every thread of a team
// decides alike; with n = 0 no thread runs it.
void gemv_mn(int m, int n, float *restrict y, const float *restrict A,
             const float *restrict x) {
#pragma omp target teams distribute parallel for thread_limit(32) map(to: A[0:m*n], x[0:n]) map(from: y[0:m])
  for (int i = 0; i < m; i++) {
    y[i] = 0;
    for (int j = 0; j < n; j++)
      y[i] += A[i * n + j] * x[j];
  }
}

// adi's sweep along rows: the column loop from 1, behind its guard 1 < n.
void sweep_n(int n, float *restrict X, const float *restrict A) {
#pragma omp target teams distribute parallel for thread_limit(32) map(to: A[0:n*n]) map(tofrom: X[0:n*n])
  for (int i = 0; i < n; i++)
    for (int j = 1; j < n; j++)
      X[i * n + j] = X[i * n + j] - X[i * n + j - 1] * A[i * n + j];
}

void gemv_n(int n, float *restrict y, const float *restrict A,
            const float *restrict x) {
#pragma omp target teams distribute parallel for thread_limit(32) map(to: A[0:n*n], x[0:n]) map(from: y[0:n])
  for (int i = 0; i < n; i++) {
    float s = 0;
    for (int j = 0; j < n; j++)
      s += A[i * n + j] * x[j];
    y[i] = s;
  }
}

// The transposed product (gemver's x += A^T y): column i of A[j*n + i],
// which the loop's step moves along; the row length is n.
void gemtv_n(int n, float *restrict y, const float *restrict A,
             const float *restrict x) {
#pragma omp target teams distribute parallel for thread_limit(32) map(to: A[0:n*n], x[0:n]) map(tofrom: y[0:n])
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      y[i] += A[j * n + i] * x[j];
}

void gemm(float *restrict C, const float *restrict A,
          const float *restrict B) {
#pragma omp target teams distribute parallel for thread_limit(32) map(to: A[0:ROWS*COLS], B[0:COLS*COLS]) map(tofrom: C[0:ROWS*COLS])
  for (int i = 0; i < ROWS; i++)
    for (int j = 0; j < COLS; j++) {
      float s = 0;
      for (int k = 0; k < COLS; k++)
        s += A[i * COLS + k] * B[k * COLS + j];
      C[i * COLS + j] = s;
    }
}

void channels(float *restrict out, const float *restrict in) {
#pragma omp target teams distribute parallel for thread_limit(32) map(to: in[0:ROWS*CH*WIDTH]) map(from: out[0:ROWS*CH*WIDTH])
  for (int i = 0; i < ROWS; i++)
#pragma unroll 1
    for (int c = 0; c < CH; c++)
      for (int j = 0; j < WIDTH - 1; j++)
        out[(i * CH + c) * WIDTH + j] =
            in[(i * CH + c) * WIDTH + j] * 0.5f + in[(i * CH + c) * WIDTH + j + 1];
}

void rowsum(float *restrict y, const float *restrict A) {
#pragma omp target teams distribute parallel for thread_limit(32) map(to: A[0:ROWS*WIDTH]) map(from: y[0:ROWS])
  for (int i = 0; i < ROWS; i++) {
    float s = 0;
    for (int j = 0; j < WIDTH; j++)
      s += A[i * WIDTH + j];
    y[i] = s;
  }
}

void rownorm(float *restrict y, const float *restrict A) {
#pragma omp target teams distribute parallel for thread_limit(32) map(to: A[0:ROWS*WIDTH]) map(from: y[0:ROWS])
  for (int i = 0; i < ROWS; i++) {
    float s = 0;
    for (int j = 0; j < WIDTH; j++)
      s += A[i * WIDTH + j] * A[i * WIDTH + j];
    y[i] = sqrtf(s);
  }
}

void ell(float *restrict y, const float *restrict val,
         const int *restrict col, const float *restrict x) {
#pragma omp target teams distribute parallel for thread_limit(32) map(to: val[0:ROWS*ENTRIES], col[0:ROWS*ENTRIES], x[0:ROWS]) map(from: y[0:ROWS])
  for (int i = 0; i < ROWS; i++) {
    float s = 0;
    for (int k = 0; k < ENTRIES; k++)
      s += val[i * ENTRIES + k] * x[col[i * ENTRIES + k]];
    y[i] = s;
  }
}

void spread(float *restrict out, const float *restrict in,
            const int *restrict perm) {
#pragma omp target teams distribute parallel for thread_limit(32) map(to: in[0:ROWS*WIDTH], perm[0:ROWS*WIDTH]) map(from: out[0:ROWS*WIDTH])
  for (int i = 0; i < ROWS; i++)
    for (int j = 0; j < WIDTH; j++)
      out[perm[i * WIDTH + j]] = in[i * WIDTH + j] * 2.0f;
}

void pick(float *restrict y, const float *restrict x, const int *restrict idx) {
#pragma omp target teams distribute parallel for thread_limit(32) map(to: x[0:ROWS], idx[0:ROWS]) map(from: y[0:ROWS])
  for (int i = 0; i < ROWS; i++)
    y[i] = x[idx[i]] + 1.0f;
}

void place(float *restrict y, const float *restrict x, const int *restrict idx) {
#pragma omp target teams distribute parallel for thread_limit(32) map(to: x[0:ROWS], idx[0:ROWS]) map(from: y[0:ROWS])
  for (int i = 0; i < ROWS; i++)
    y[idx[i]] = x[i] * 3.0f;
}

// symm as GPU ports write it (collapse(2), two k loops): clang guards the
// second loop by i < SI, which the bounds imply, and the first by
// iv > SJ - 1, which is i >= 1 in other words; before, the second loop's
// accesses looked conditional and the region was refused.
void symm(float *restrict C, const float *restrict A,
          const float *restrict B) {
#pragma omp target teams distribute parallel for collapse(2) thread_limit(32) map(to: A[0:SI*SI], B[0:SI*SJ]) map(tofrom: C[0:SI*SJ])
  for (int i = 0; i < SI; i++)
    for (int j = 0; j < SJ; j++) {
      float acc = 0;
      for (int k = 0; k < i; k++)
        acc += A[i * SI + k] * B[k * SJ + j];
      for (int k = i; k < SI; k++)
        acc += A[k * SI + i] * B[k * SJ + j];
      C[i * SJ + j] = 0.5f * C[i * SJ + j] + 1.5f * acc;
    }
}
