// Three kernels with different reuse for the L1-bypass end-to-end test
// (bypass-profile.test), on 128-byte aligned arrays so that the warp
// accesses, and the U and R derived by hand in the test, do not depend on
// where the offload runtime puts the data:
//   stream:  reads one float of each 64-byte record, never again
//   gemm:    every line of A, B and C is reused many times
//   stencil: a[i-1], a[i], a[i+1] share lines within and across warps
// Prints a hash of each kernel's output.
#include <stdint.h>
#include <stdio.h>

#define NS 256 /* 8 warps */
#define NG 32  /* one warp: i = 0..31 */
#define NJ 258 /* i = 1..256: 8 warps */

typedef struct {
  float value;
  float pad[15];
} record;

#define ALIGNED __attribute__((aligned(128)))
record P[NS] ALIGNED;
float out[NS] ALIGNED;
float A[NG * NG] ALIGNED, B[NG * NG] ALIGNED, C[NG * NG] ALIGNED;
float a[NJ] ALIGNED, b[NJ] ALIGNED;
#pragma omp declare target(P, out, A, B, C, a, b)

static uint64_t hash(const float *x, int n) {
  const unsigned char *c = (const unsigned char *)x;
  uint64_t h = 14695981039346656037ull;
  for (int i = 0; i < n * 4; i++)
    h = (h ^ c[i]) * 1099511628211ull;
  return h;
}

int main(void) {
  for (int i = 0; i < NS; i++)
    P[i].value = (float)(i % 13) * 0.25f;
  for (int i = 0; i < NG * NG; i++) {
    A[i] = (float)(i % 7) - 3.0f;
    B[i] = (float)(i % 5) * 0.5f;
    C[i] = 1.0f;
  }
  for (int i = 0; i < NJ; i++)
    a[i] = (float)(i % 11) * 0.125f;
#pragma omp target update to(P, A, B, C, a)

#pragma omp target teams distribute parallel for
  for (int i = 0; i < NS; i++)
    out[i] = P[i].value * 2.0f;

#pragma omp target teams distribute parallel for
  for (int i = 0; i < NG; i++)
    for (int j = 0; j < NG; j++) {
      float acc = C[i * NG + j];
      for (int k = 0; k < NG; k++)
        acc += A[i * NG + k] * B[k * NG + j];
      C[i * NG + j] = acc;
    }

#pragma omp target teams distribute parallel for
  for (int i = 1; i < NJ - 1; i++)
    b[i] = 0.33333f * (a[i - 1] + a[i] + a[i + 1]);

#pragma omp target update from(out, C, b)
  printf("stream  %016llx\n", (unsigned long long)hash(out, NS));
  printf("gemm    %016llx\n", (unsigned long long)hash(C, NG * NG));
  printf("stencil %016llx\n", (unsigned long long)hash(b + 1, NJ - 2));
  return 0;
}
