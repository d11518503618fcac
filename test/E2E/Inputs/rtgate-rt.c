// The real-time side of rtgate-host.test: STEPS jacobi-2d steps over N x N
// floats in 4 teams of one thread (4 real-time agents), each point put
// through a few dozen multiply-adds so that the Execute phases, not the
// memory phases, take most of the time. The prem pipeline tiles the row loop
// (-fprem-arbiter=rtgate: each memory phase is announced to the gate).
// *Going is set after the first step.
#include <stdint.h>
#include <stdlib.h>

#define N 256
#define STEPS 4
#define ROUNDS 48

uint64_t run_rt(volatile int *Going) {
  float *A = malloc(N * N * sizeof(float)), *B = malloc(N * N * sizeof(float));
  for (int i = 0; i < N * N; i++) {
    A[i] = (float)(i % 23) * 0.25f;
    B[i] = A[i];
  }
  for (int s = 0; s < STEPS; s++) {
#pragma omp target teams distribute parallel for num_teams(4) thread_limit(1) \
    map(to : A[0 : N * N]) map(tofrom : B[0 : N * N])
    for (int i = 1; i < N - 1; i++)
      for (int j = 1; j < N - 1; j++) {
        float x = 0.2f * (A[i * N + j] + A[i * N + j - 1] + A[i * N + j + 1] +
                          A[(i + 1) * N + j] + A[(i - 1) * N + j]);
        for (int r = 0; r < ROUNDS; r++)
          x = x * 0.96875f + 0.03125f;
        B[i * N + j] = x;
      }
    float *T = A;
    A = B;
    B = T;
    *Going = 1; // the best-effort side starts now
  }
  uint64_t h = 14695981039346656037ull;
  const unsigned char *b = (const unsigned char *)A;
  for (size_t i = 0; i < N * N * sizeof(float); i++)
    h = (h ^ b[i]) * 1099511628211ull;
  free(A), free(B);
  return h;
}
