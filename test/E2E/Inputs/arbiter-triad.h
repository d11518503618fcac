// The arbiter stress kernel: a triad over 2^20 floats in 8 teams of one
// thread each (8 agents); with a small scratchpad (-fprem-spm=1K) it makes
// about 13000 PREM intervals. Returns a hash of the result.
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define TRIAD_N (1 << 20)

static uint64_t run_triad(void) {
  float *a = malloc(TRIAD_N * sizeof(float)),
        *b = malloc(TRIAD_N * sizeof(float)),
        *c = malloc(TRIAD_N * sizeof(float));
  for (int i = 0; i < TRIAD_N; i++) {
    b[i] = (float)(i % 17) * 0.5f;
    c[i] = (float)(i % 29) - 3.0f;
  }
#pragma omp target teams distribute parallel for num_teams(8) thread_limit(1) \
    map(to : b[0 : TRIAD_N], c[0 : TRIAD_N]) map(from : a[0 : TRIAD_N])
  for (int i = 0; i < TRIAD_N; i++)
    a[i] = b[i] + 1.5f * c[i];
  // Which elements are wrong, should the hash differ from the baseline's
  // (stderr: the comparison is of stdout only).
  size_t Wrong = 0, First = 0;
  for (size_t i = 0; i < TRIAD_N; i++)
    if (a[i] != b[i] + 1.5f * c[i] && Wrong++ == 0)
      First = i;
  if (Wrong)
    fprintf(stderr,
            "triad: %zu elements differ, the first a[%zu] = %a, not %a\n",
            Wrong, First, a[First], b[First] + 1.5f * c[First]);
  uint64_t h = 14695981039346656037ull;
  const unsigned char *bytes = (const unsigned char *)a;
  for (size_t i = 0; i < TRIAD_N * sizeof(float); i++)
    h = (h ^ bytes[i]) * 1099511628211ull;
  free(a), free(b), free(c);
  return h;
}
