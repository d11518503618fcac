// Cost of one phase change on host offload: each of A agents (teams of one
// thread) calls __prem_enter_mem then __prem_enter_comp R times and times
// each call (CLOCK_MONOTONIC). Prints one line per call: "agent ns", the
// enter_mem calls first (they wait for the token under an arbiter), then
// the enter_comp calls. Built with prem-cc, which links the runtime of the
// chosen policy.
//
// Under the host policy (run through prem-guard, which sets PREM_GUARD_SHM)
// every enter_mem waits for the next kernel window, so its cost is the
// window schedule's; what the policy itself costs is its response: from
// the window's timer expiry (prem_guard.window_ns) to the agent in its
// memory phase, seed 001's R_timer (Sec. 4.2.1). Those lines come last,
// "response agent ns", one per enter_mem that returned in the window it
// waited for.
//   phase_change AGENTS REPS
#include "prem/prem_rt.h"
#include <fcntl.h>
#include <omp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#pragma omp declare target
static uint64_t now_ns(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (uint64_t)t.tv_sec * 1000000000u + (uint64_t)t.tv_nsec;
}
#pragma omp end declare target

/* The host policy's shared state, mapped (after the object's header,
 * prem_shm_header); NULL under other policies. */
static prem_guard *map_guard(void) {
  const char *name = getenv("PREM_GUARD_SHM");
  int fd = name ? shm_open(name, O_RDONLY, 0) : -1;
  struct stat st;
  if (fd < 0)
    return NULL;
  if (fstat(fd, &st) != 0 || (size_t)st.st_size < sizeof(prem_shm_header)) {
    close(fd);
    return NULL;
  }
  char *p = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_SHARED, fd, 0);
  close(fd);
  if (p == MAP_FAILED)
    return NULL;
  const prem_shm_header *h = (const prem_shm_header *)p;
  if (h->magic != PREM_SHM_MAGIC_GUARD || h->version != PREM_SHM_VERSION ||
      h->size != (uint64_t)st.st_size ||
      h->state_offset + sizeof(prem_guard) > h->size)
    return NULL; /* the runtime says what is wrong with it */
  return (prem_guard *)(p + h->state_offset);
}

int main(int argc, char **argv) {
  int agents = argc > 1 ? atoi(argv[1]) : 1;
  int reps = argc > 2 ? atoi(argv[2]) : 1000;
  size_t n = (size_t)agents * reps;
  uint64_t *enter = calloc(n, sizeof(uint64_t)),
           *leave = calloc(n, sizeof(uint64_t)),
           *response = calloc(n, sizeof(uint64_t));
  /* Host offload: the target region runs in this process. */
  uintptr_t guard = (uintptr_t)map_guard();
#pragma omp target teams num_teams(agents) thread_limit(1)                     \
    map(from                                                                   \
        : enter [0:n], leave [0:n]) map(tofrom                                 \
                                        : response [0:n]) firstprivate(guard)
  {
    int a = omp_get_team_num();
    const prem_guard *g = (const prem_guard *)guard;
    for (int r = 0; r < reps; r++) {
      uint64_t t0 = now_ns();
      __prem_enter_mem((uint32_t)r);
      uint64_t t1 = now_ns();
      if (g) {
        uint64_t e = __atomic_load_n(&g->epoch, __ATOMIC_ACQUIRE);
        uint64_t due = __atomic_load_n(&g->window_ns, __ATOMIC_RELAXED);
        /* Only where the agent waited for this window and it is still
         * open: then due is its timer's expiry. */
        if (e % 2 == 0 && due > t0 && due <= t1 &&
            __atomic_load_n(&g->epoch, __ATOMIC_ACQUIRE) == e)
          response[(size_t)a * reps + r] = t1 - due;
      }
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
  for (size_t i = 0; i < n; i++)
    if (response[i])
      printf("response %zu %llu\n", i / reps, (unsigned long long)response[i]);
  return 0;
}
