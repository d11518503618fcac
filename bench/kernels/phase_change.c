// Cost of one phase change on host offload: each of A agents (teams of one
// thread) calls __prem_enter_mem then __prem_enter_comp R times and times
// each call (CLOCK_MONOTONIC). Prints one line per call: "agent ns", the
// enter_mem calls first (they wait for the token under an arbiter), then
// the enter_comp calls. Built with prem-cc, which links the runtime of the
// chosen policy.
//   phase_change AGENTS REPS
#include "prem/prem_rt.h"
#include <omp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#pragma omp declare target
static uint64_t now_ns(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (uint64_t)t.tv_sec * 1000000000u + (uint64_t)t.tv_nsec;
}
#pragma omp end declare target

int main(int argc, char **argv) {
  int agents = argc > 1 ? atoi(argv[1]) : 1;
  int reps = argc > 2 ? atoi(argv[2]) : 1000;
  size_t n = (size_t)agents * reps;
  uint64_t *enter = calloc(n, sizeof(uint64_t)),
           *leave = calloc(n, sizeof(uint64_t));
#pragma omp target teams num_teams(agents) thread_limit(1)                 \
    map(from : enter[0 : n], leave[0 : n])
  {
    int a = omp_get_team_num();
    for (int r = 0; r < reps; r++) {
      uint64_t t0 = now_ns();
      __prem_enter_mem((uint32_t)r);
      uint64_t t1 = now_ns();
      __prem_enter_comp((uint32_t)r);
      uint64_t t2 = now_ns();
      enter[(size_t)a * reps + r] = t1 - t0;
      leave[(size_t)a * reps + r] = t2 - t1;
    }
  }
  for (size_t i = 0; i < n; i++)
    printf("enter %zu %llu\n", i / reps, (unsigned long long)enter[i]);
  for (size_t i = 0; i < n; i++)
    printf("leave %zu %llu\n", i / reps, (unsigned long long)leave[i]);
  return 0;
}
