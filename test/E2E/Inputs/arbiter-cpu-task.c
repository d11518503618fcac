// The triad of arbiter-triad.h (8 agents) with a CPU task competing for
// memory through the same arbiter (libprem):
//   arbiter-cpu-task TRACE device   the "device" policy's token, in POSIX
//       shared memory that the device runtime then uses (PREM_TOKEN_SHM),
//       with a watchdog of 1 s against a holder that never lets go;
//   arbiter-cpu-task TRACE host     the "host" policy's arbiter (GPUguard),
//       100 us windows for the kernel and for the CPU;
//   arbiter-cpu-task TRACE tdma     the "tdma" policy's slot table, read
//       from PREM_TDMA like the kernel's runtime does; the CPU task owns
//       the slot of agent 1000.
// The CPU task copies 64 KiB per memory phase until the kernel is done and
// writes its phases as a trace (agent 1000) to TRACE. Prints a hash of the
// kernel's result.
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
static prem_guard_arbiter *guard;
static prem_tdma table;
static int tdma;
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
  // At least one phase, however late the thread starts.
  do {
    uint64_t start = 0;
    if (tdma)
      start = prem_tdma_cpu_enter_mem(&table, CPU_AGENT);
    else if (guard)
      prem_guard_cpu_enter_mem(guard);
    else
      prem_token_acquire(token, CPU_AGENT);
    starts[phases] = start ? start : now_ns();
    memcpy(to, from, sizeof to);
    ends[phases++] = now_ns();
    if (guard)
      prem_guard_cpu_exit_mem(guard);
    else if (!tdma)
      prem_token_release(token, CPU_AGENT);
    usleep(50); // the CPU's own compute phase
  } while (!kernel_done && phases < MAX_PHASES);
  return NULL;
}

int main(int argc, char **argv) {
  if (argc < 3)
    return 2;
  int host = strcmp(argv[2], "host") == 0;
  tdma = strcmp(argv[2], "tdma") == 0;
  unsigned long long slot, slots, budget;
  if (tdma) {
    const char *spec = getenv("PREM_TDMA");
    if (!spec || sscanf(spec, "%llu,%llu,%llu", &slot, &slots, &budget) != 3)
      return 2;
    table.slot_ns = slot;
    table.slots = (uint32_t)slots;
    table.budget_ns = budget;
  }
  char name[64];
  snprintf(name, sizeof name, "/prem-stress-%d", (int)getpid());
  prem_watchdog *watchdog = NULL;
  if (host) {
    guard = prem_guard_start(name, 100000, 100000);
    if (!guard) {
      perror("prem_guard_start");
      return 1;
    }
  } else if (!tdma) {
    token = prem_token_open_shared(name);
    if (!token) {
      perror("prem_token_open_shared");
      return 1;
    }
    prem_token_init(token);
    watchdog = prem_watchdog_start(token, 1000000000, NULL, NULL);
  }
  pthread_t cpu;
  pthread_create(&cpu, NULL, cpu_task, NULL);

  uint64_t h = run_triad();
  kernel_done = 1;
  pthread_join(cpu, NULL);
  uint64_t recoveries = 0;
  if (host) {
    prem_guard_stats stats = prem_guard_stop(guard);
    fprintf(stderr, "arbiter: %llu windows\n",
            (unsigned long long)stats.windows);
  } else if (!tdma) {
    recoveries = prem_watchdog_stop(watchdog);
    prem_token_close_shared(token, name);
  }

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
