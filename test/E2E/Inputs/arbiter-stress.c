// Stress for the memory-phase arbiter: a triad over 2^20 floats in 8 teams
// of one thread each (8 agents), with a scratchpad small enough to make
// thousands of PREM intervals. Prints a hash of the result.
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define N (1 << 20)

int main(void) {
  float *a = malloc(N * sizeof(float)), *b = malloc(N * sizeof(float)),
        *c = malloc(N * sizeof(float));
  for (int i = 0; i < N; i++) {
    b[i] = (float)(i % 17) * 0.5f;
    c[i] = (float)(i % 29) - 3.0f;
  }
#pragma omp target teams distribute parallel for num_teams(8) thread_limit(1) \
    map(to : b[0 : N], c[0 : N]) map(from : a[0 : N])
  for (int i = 0; i < N; i++)
    a[i] = b[i] + 1.5f * c[i];
  uint64_t h = 14695981039346656037ull;
  const unsigned char *bytes = (const unsigned char *)a;
  for (size_t i = 0; i < N * sizeof(float); i++)
    h = (h ^ bytes[i]) * 1099511628211ull;
  printf("%016llx\n", (unsigned long long)h);
  free(a), free(b), free(c);
  return 0;
}
