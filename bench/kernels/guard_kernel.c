// A kernel under the "host" policy (GPUguard) on host offload, for
// bench/arbiter.py: one agent (a team of one thread) evaluates a
// polynomial per element, so that its Execute phases are as long as its
// memory phases. With E_MEMORY_NS and E_COMPUTE_NS > 0, or with
// PREM_GUARD_E_MEMORY_NS and PREM_GUARD_E_COMPUTE_NS set (tools/
// prem-calibrate), it starts libprem's time-triggered arbiter first.
//   guard_kernel [E_MEMORY_NS E_COMPUTE_NS]
// Prints "hash H", "kernel_ns T" and, with the arbiter, "windows W" and
// "overruns O".
#include "prem/prem_host.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

#define N (1 << 20)

static uint64_t now_ns(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (uint64_t)t.tv_sec * 1000000000u + (uint64_t)t.tv_nsec;
}

int main(int argc, char **argv) {
  uint64_t e_memory = argc > 2 ? strtoull(argv[1], NULL, 10) : 0;
  uint64_t e_compute = argc > 2 ? strtoull(argv[2], NULL, 10) : 0;
  float *a = malloc(N * sizeof(float)), *b = malloc(N * sizeof(float));
  for (int i = 0; i < N; i++)
    b[i] = (float)(i % 101) * 0.01f;
  prem_guard_arbiter *guard = NULL;
  char name[64];
  if ((e_memory && e_compute) || getenv("PREM_GUARD_E_MEMORY_NS")) {
    snprintf(name, sizeof name, "/prem-guard-%d", (int)getpid());
    guard = prem_guard_start(name, e_memory, e_compute);
    if (!guard) {
      perror("prem_guard_start");
      return 1;
    }
  }
  // Warm-up (maps the data, starts the offload runtime), then the timed run.
  for (int run = 0; run < 2; run++) {
    uint64_t t0 = now_ns();
#pragma omp target teams distribute parallel for num_teams(1) thread_limit(1) \
    map(to : b[0 : N]) map(from : a[0 : N])
    for (int i = 0; i < N; i++) {
      float x = b[i], y = 0.0f;
      for (int k = 0; k < 24; k++)
        y = y * x + 0.5f;
      a[i] = y;
    }
    if (run == 1)
      printf("kernel_ns %llu\n", (unsigned long long)(now_ns() - t0));
  }
  uint64_t h = 14695981039346656037ull;
  const unsigned char *bytes = (const unsigned char *)a;
  for (size_t i = 0; i < N * sizeof(float); i++)
    h = (h ^ bytes[i]) * 1099511628211ull;
  printf("hash %016llx\n", (unsigned long long)h);
  if (guard) {
    prem_guard_stats s = prem_guard_stop(guard);
    printf("windows %llu\noverruns %llu\n", (unsigned long long)s.windows,
           (unsigned long long)s.overruns);
  }
  free(a), free(b);
  return 0;
}
