// Accesses under affine conditions in OpenMP loops (issue 25): a triangle
// written under k < i, fdtd-2d's first row from a scalar and the others
// from a difference with the row above, and seidel's red-black colour
// ((i + j) & 1 == c) over a collapse(2) nest, and rows written from the
// row above under if (i > 0). Prints a hash of every output.
#include "float-hash.h"
#include <stdio.h>
#include <stdlib.h>

#define N 64
#define NX 40
#define NY 50

void lower(const float *A, float *B) {
#pragma omp target teams distribute parallel for map(to: A[0:N*N]) map(tofrom: B[0:N*N])
  for (int i = 0; i < N; i++)
    for (int k = 0; k < N; k++)
      if (k < i)
        B[i * N + k] = A[i * N + k];
}

void fdtd(const float *fict, float *ey, const float *hz, int t) {
#pragma omp target teams distribute parallel for map(to: fict[0:8], hz[0:NX*NY]) map(tofrom: ey[0:NX*NY])
  for (int i = 0; i < NX; i++)
    for (int j = 0; j < NY; j++) {
      if (i == 0)
        ey[j] = fict[t];
      else
        ey[i * NY + j] = ey[i * NY + j] - 0.5f * (hz[i * NY + j] - hz[(i - 1) * NY + j]);
    }
}

void seidel(int color, float *A) {
#pragma omp target teams distribute parallel for collapse(2) map(tofrom: A[0:N*N])
  for (int i = 1; i < N - 1; i++)
    for (int j = 1; j < N - 1; j++)
      if (((i + j) & 1) == color)
        A[i * N + j] = (A[(i - 1) * N + j] + A[(i + 1) * N + j] + A[i * N + j - 1] +
                        A[i * N + j + 1] + A[i * N + j]) * 0.2f;
}

// Masks wider than a byte: (i & 1023) == 0 is i mod 1024 = 0, and a[i &
// 1023] a ring of 1024 (both were read as i: the writes at 1024, 2048 and
// 3072 were lost, and the ring's reads left the slot).
#define M 4096
void every1024(const float *a, float *b) {
#pragma omp target teams distribute parallel for map(to: a[0:M]) map(tofrom: b[0:M])
  for (int i = 0; i < M; i++)
    if ((i & 1023) == 0)
      b[i] = a[i] + 1.0f;
}

void ring1024(const float *a, float *b) {
#pragma omp target teams distribute parallel for map(to: a[0:1024]) map(tofrom: b[0:M])
  for (int i = 0; i < M; i++)
    b[i] = a[i & 1023] * 2.0f;
}

// Rows of 8192 floats: one SIMT iteration (two rows, 64 KiB) does not fit
// the scratchpad, so the depth-1 loop is tiled, inside the if. (At depth 0
// the if makes the row loop's accesses conditional: row 0 would be written
// from the 32 KiB before A.)
#define W 8192
#define R 8
void above(const float *A, float *B) {
#pragma omp target teams distribute parallel for map(to: A[0:R*W]) map(tofrom: B[0:R*W])
  for (int i = 0; i < R; i++)
    if (i > 0)
      for (int j = 0; j < W; j++)
        B[i * W + j] = A[(i - 1) * W + j] + 1.0f;
}

// Conditions of C's unsigned arithmetic, which wraps: (unsigned)(i - 1)
// is 2^32 - 1 at i = 0, and an unsigned product wraps at i = 3. Read
// under the no-wrap assumption they held on every iteration, and the sdma
// Store phase wrote back bytes the iterations where they fail never wrote
// (review findings: wrapguard was miscompiled before the no-wrap-free
// reading of conditions, wraploop and wraprem by the first version of the
// never-taken edges). Now they are refused, or tiled inside the if.
#define WN 64
void wrapguard(const float *in, float *out) {
#pragma omp target teams distribute parallel for map(to: in[0:WN]) map(tofrom: out[0:WN*4])
  for (int i = 0; i < WN; i++)
    if ((long)(unsigned)(i - 1) - (long)i < 0)
      for (int k = 0; k < 4; k++)
        out[i * 4 + k] = in[i] * 2 + k;
}
void wraploop(const float *in, float *out) {
#pragma omp target teams distribute parallel for map(to: in[0:WN]) map(tofrom: out[0:WN*8])
  for (int i = 0; i < WN; i++) {
    long prev = (unsigned)(i - 1);
    if (prev < (long)i + 8)
#pragma nounroll
      for (int k = 0; k < 8; k++)
        out[i * 8 + k] = in[i] + k;
  }
}
void wraprem(const float *in, float *out) {
#pragma omp target teams distribute parallel for map(to: in[0:WN]) map(tofrom: out[0:WN*8])
  for (int i = 0; i < WN; i++)
    if ((int)((unsigned)i * 1000000001u) % 1000000001 == 0)
#pragma nounroll
      for (int k = 0; k < 8; k++)
        out[i * 8 + k] = in[i] + k;
}
// A quotient the kernel truncates: 3000000001 * i / 3 passes 2^31 at
// i = 3, and its truncation is then negative at times. Read as the whole
// quotient, the test held on every iteration (review finding).
void wrapdiv(const float *in, float *out) {
#pragma omp target teams distribute parallel for map(to: in[0:WN]) map(tofrom: out[0:WN*8])
  for (int i = 0; i < WN; i++)
    if ((int)(((long)i * 3000000001L) / 3) > -5)
      for (int k = 0; k < 8; k++)
        out[i * 8 + k] = in[i] + k;
}

int main(void) {
  float *A = malloc(sizeof(float) * N * N), *B = malloc(sizeof(float) * N * N);
  float *S = malloc(sizeof(float) * N * N), *fict = malloc(sizeof(float) * 8);
  float *ey = malloc(sizeof(float) * NX * NY), *hz = malloc(sizeof(float) * NX * NY);
  for (int i = 0; i < N * N; i++) {
    A[i] = (i % 17) * 0.25f;
    B[i] = (i % 7) * 1.0f;
    S[i] = (i % 11) * 0.3f;
  }
  for (int i = 0; i < 8; i++) fict[i] = i * 1.5f;
  for (int i = 0; i < NX * NY; i++) {
    ey[i] = (i % 13) * 0.5f;
    hz[i] = (i % 5) * 0.1f;
  }
  float *a = malloc(sizeof(float) * M), *b = malloc(sizeof(float) * M);
  for (int i = 0; i < M; i++) {
    a[i] = (i % 19) * 0.75f;
    b[i] = -1.0f;
  }
  every1024(a, b);
  printf("HASH every1024 %016llx\n", (unsigned long long)hash(b, M));
  ring1024(a, b);
  printf("HASH ring1024 %016llx\n", (unsigned long long)hash(b, M));
  float *wa = malloc(sizeof(float) * R * W), *wb = malloc(sizeof(float) * R * W);
  for (int i = 0; i < R * W; i++) {
    wa[i] = (i % 23) * 0.5f;
    wb[i] = (i % 29) * -0.25f;
  }
  above(wa, wb);
  printf("HASH above %016llx\n", (unsigned long long)hash(wb, R * W));
  float *win = malloc(sizeof(float) * WN), *wout = malloc(sizeof(float) * WN * 8);
  for (int i = 0; i < WN; i++)
    win[i] = i * 0.5f;
  for (int i = 0; i < WN * 8; i++)
    wout[i] = -1000.0f - i;
  wrapguard(win, wout);
  wraploop(win, wout);
  wraprem(win, wout);
  wrapdiv(win, wout);
  printf("HASH wraps %016llx\n", (unsigned long long)hash(wout, WN * 8));
  lower(A, B);
  fdtd(fict, ey, hz, 3);
  seidel(0, S);
  seidel(1, S);
  printf("HASH lower %016llx\n", (unsigned long long)hash(B, N * N));
  printf("HASH fdtd %016llx\n", (unsigned long long)hash(ey, NX * NY));
  printf("HASH seidel %016llx\n", (unsigned long long)hash(S, N * N));
  return 0;
}
