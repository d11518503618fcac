// Rings of 2^17 floats read through masks wider than 16 bits (issue 25):
// the footprint reads zext(trunc i to i17) of an explicit bit operation as
// i mod 2^17. Read as i under the no-wrap assumption, the tiles of a
// second lap read past the ring's end. The forms instcombine gives them
// (a review found each read as i): a reversed ring (M - i) & M, which
// becomes xor (and i, M), M; an interleaved one, 2 * (i & M), which
// becomes and (shl i, 1), M << 1 (refused: not modelled); the mask in an
// inner loop's start (a phi); and a mask behind a long invariant
// computation; an i17 induction variable from a mask in a loop bound; a
// clamp and a wrapping hash (refused). Prints a hash of each output.
#include "float-hash.h"
#include <stdio.h>
#include <stdlib.h>

#define RING (1 << 17)
#define M (RING - 1)

void ring(const float *a, float *b) {
#pragma omp target teams distribute parallel for map(to: a[0:RING]) map(tofrom: b[0:2 * RING])
  for (int i = 0; i < 2 * RING; i++)
    b[i] = a[i & M] * 3.0f;
}

void reversed(const float *a, float *b) {
#pragma omp target teams distribute parallel for map(to: a[0:RING]) map(tofrom: b[0:2 * RING])
  for (int i = 0; i < 2 * RING; i++)
    b[i] = a[i & M] + a[(RING - 1 - i) & M];
}

void interleaved(const float *a, float *b) {
#pragma omp target teams distribute parallel for map(to: a[0:2 * RING]) map(tofrom: b[0:2 * RING])
  for (int i = 0; i < 2 * RING; i++)
    b[i] = a[2 * (i & M)] - a[2 * (i & M) + 1];
}

void window(const float *a, float *b) {
#pragma omp target teams distribute parallel for map(to: a[0:RING + 8]) map(tofrom: b[0:2 * RING])
  for (int i = 0; i < 2 * RING; i++) {
    float s = 0;
#pragma clang loop unroll(disable)
    for (int j = i & M; j < (i & M) + 8; j++)
      s += a[j];
    b[i] = s;
  }
}

#define S1(h) h = (h * 31u) ^ (h >> 7);
#define S4(h) S1(h) S1(h) S1(h) S1(h)
#define S16(h) S4(h) S4(h) S4(h) S4(h)
void deep(const float *a, float *b, unsigned k, unsigned z) {
#pragma omp target teams distribute parallel for map(to: a[0:RING]) map(tofrom: b[0:2 * RING])
  for (int i = 0; i < 2 * RING; i++) {
    unsigned h = k;
    S16(h) S16(h)
    b[i] = a[(i & M) + (int)(h * z)] * 3.0f;
  }
}

// The mask in an inner loop's bound: indvars makes i & M an i17 induction
// variable, arithmetic that wraps at 2^17 as the mask does.
void bound(const float *a, float *b) {
#pragma omp target teams distribute parallel for map(to: a[0:RING + 8]) map(tofrom: b[0:256])
  for (int i = RING - 128; i < RING + 128; i++) {
    float s = 0;
#pragma clang loop unroll(disable) vectorize(disable)
    for (int j = 0; j < (i & M) + 8; j++)
      s += a[j];
    b[i - (RING - 128)] = s;
  }
}

// A clamp of the mask, umin(i & M, K) (refused: not modelled), and a hash
// that wraps on purpose, (i * K) % N in unsigned (refused: the remainder of
// arithmetic SCEV does not know not to wrap).
void clamp(const float *a, float *b) {
#pragma omp target teams distribute parallel for map(to: a[0:61001]) map(tofrom: b[0:70000])
  for (int i = 62000; i < 132000; i++) {
    int p = i & M;
    b[i - 62000] = a[p < 61000 ? p : 61000] * 3.0f;
  }
}

void hashed(const float *a, float *b) {
#pragma omp target teams distribute parallel for map(to: a[0:1009]) map(tofrom: b[0:3 << 16])
  for (unsigned i = 0; i < (3u << 16); i++)
    b[i] = a[(i * 65586u) % 1009u] * 3.0f;
}

int main(int argc, char **argv) {
  float *a = malloc(sizeof(float) * 2 * RING), *b = malloc(sizeof(float) * 2 * RING);
  for (int i = 0; i < 2 * RING; i++)
    a[i] = (i % 31) * 0.125f + (i & 1023);
#define RUN(f, ...)                                                          \
  for (int i = 0; i < 2 * RING; i++)                                         \
    b[i] = -2.0f;                                                            \
  f(__VA_ARGS__);                                                            \
  printf("HASH " #f " %016llx\n", (unsigned long long)hash(b, 2 * RING));
  RUN(ring, a, b)
  RUN(reversed, a, b)
  RUN(interleaved, a, b)
  RUN(window, a, b)
  RUN(deep, a, b, argc + 12345, argc - 1)
  RUN(bound, a, b)
  RUN(clamp, a, b)
  RUN(hashed, a, b)
  return 0;
}
