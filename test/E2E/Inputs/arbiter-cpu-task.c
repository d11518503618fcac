// The triad of arbiter-triad.h (8 agents, policy "device") with a CPU task
// competing for memory through the same token: libprem puts the token in
// POSIX shared memory, which the device runtime then uses (PREM_TOKEN_SHM).
// The CPU task copies 64 KiB per memory phase until the kernel is done and
// writes its phases as a trace (agent 1000) to argv[1]; a watchdog with a
// 1 s budget guards against a holder that never lets go. Prints a hash of
// the kernel's result.
#include "arbiter-triad.h"
#include "prem/prem_host.h"

#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define CPU_AGENT 1000u
#define MAX_PHASES 20000

static prem_token *token;
static volatile int kernel_done;
static uint64_t starts[MAX_PHASES], ends[MAX_PHASES];
static int phases;

static uint64_t now_ns(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (uint64_t)t.tv_sec * 1000000000u + (uint64_t)t.tv_nsec;
}

static void *cpu_task(void *arg) {
  (void)arg;
  static char from[65536], to[65536];
  while (!kernel_done && phases < MAX_PHASES) {
    prem_token_acquire(token, CPU_AGENT);
    starts[phases] = now_ns();
    memcpy(to, from, sizeof to);
    ends[phases++] = now_ns();
    prem_token_release(token, CPU_AGENT);
    usleep(50); // the CPU's own compute phase
  }
  return NULL;
}

int main(int argc, char **argv) {
  char name[64];
  snprintf(name, sizeof name, "/prem-stress-%d", (int)getpid());
  token = prem_token_open_shared(name);
  if (!token) {
    perror("prem_token_open_shared");
    return 1;
  }
  prem_token_init(token);
  prem_watchdog *watchdog = prem_watchdog_start(token, 1000000000, NULL, NULL);
  pthread_t cpu;
  pthread_create(&cpu, NULL, cpu_task, NULL);

  uint64_t h = run_triad();
  kernel_done = 1;
  pthread_join(cpu, NULL);
  uint64_t recoveries = prem_watchdog_stop(watchdog);
  prem_token_close_shared(token, name);

  printf("%016llx\n", (unsigned long long)h);
  fprintf(stderr, "cpu task: %d memory phases, %llu watchdog recoveries\n",
          phases, (unsigned long long)recoveries);

  FILE *trace = fopen(argv[1], "w");
  fprintf(trace, "prem-trace 1 %d\n", 2 * phases);
  for (int p = 0; p < phases; p++)
    fprintf(trace, "%llu %u %d 1\n%llu %u %d 3\n",
            (unsigned long long)starts[p], CPU_AGENT, p,
            (unsigned long long)ends[p], CPU_AGENT, p);
  fclose(trace);
  return 0;
}
