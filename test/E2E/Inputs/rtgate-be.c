// The best-effort side of rtgate-host.test: PASSES passes of a streaming
// scale over M floats (8 bytes moved per element) in 2 teams of one thread
// (2 best-effort agents). Compiled with -fprem-best-effort, its loop polls
// the gate every -fprem-poll-bytes bytes. The passes start once *Go is set
// (the real-time side ran its first step), so that they meet its others.
#include <sched.h>
#include <stdint.h>
#include <stdlib.h>

#define M (1 << 20)
#define PASSES 4

uint64_t run_be(volatile int *Go) {
  float *S = malloc(M * sizeof(float)), *D = malloc(M * sizeof(float));
  for (int i = 0; i < M; i++)
    S[i] = (float)(i % 31) - 7.0f;
#pragma omp target data map(to : S[0 : M]) map(from : D[0 : M])
  {
    while (!*Go)
      sched_yield();
    for (int p = 0; p < PASSES; p++) {
      float Scale = 0.5f + (float)p;
#pragma omp target teams distribute parallel for num_teams(2) thread_limit(1)
      for (int i = 0; i < M; i++)
        D[i] = S[i] * Scale;
    }
  }
  uint64_t h = 14695981039346656037ull;
  const unsigned char *b = (const unsigned char *)D;
  for (size_t i = 0; i < M * sizeof(float); i++)
    h = (h ^ b[i]) * 1099511628211ull;
  free(S), free(D);
  return h;
}
