// rtgate-host.test's driver: the real-time side (rtgate-rt.c, built with
// -fprem-arbiter=rtgate) on the main thread and the best-effort side
// (rtgate-be.c, built with -fprem-best-effort) on a second host thread, at
// once: the best-effort passes start after the real-time side's first step.
// "best-effort-alone": the best-effort side only. "stuck-flag": the same
// with a real-time stream's flag raised and never lowered (a host that died
// inside a launch), which only the watchdog lets the best-effort side
// past. stdout: the results'
// hashes (compared with the build without the plugin); stderr: the gate's
// counters, read from a target region of this third translation unit
// through the weak __prem_gate_state (prem_rt.h): the device image has one
// for all three when the runtime's weak definitions were merged with this
// one (without the plugin, this one alone: all 0).
#include "prem/prem_rt.h"

#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

uint64_t run_rt(volatile int *Going);
uint64_t run_be(volatile int *Go);

#pragma omp declare target
__attribute__((weak)) prem_gate __prem_gate_state;
#pragma omp end declare target

static uint64_t BE;
static volatile int Going;

static void *best_effort(void *Arg) {
  (void)Arg;
  BE = run_be(&Going);
  return NULL;
}

int main(int argc, char **argv) {
#pragma omp target
  {
  } // loads the device image before either side starts
  if (argc > 1 && strcmp(argv[1], "stuck-flag") == 0) {
#pragma omp target
    { __prem_gate_state.rt_active[0] = 1; }
    Going = 1;
    printf("best-effort %016llx\n", (unsigned long long)run_be(&Going));
  } else if (argc > 1 && strcmp(argv[1], "best-effort-alone") == 0) {
    Going = 1;
    printf("best-effort %016llx\n", (unsigned long long)run_be(&Going));
  } else {
    pthread_t T;
    pthread_create(&T, NULL, best_effort, NULL);
    uint64_t RT = run_rt(&Going);
    pthread_join(T, NULL);
    printf("real-time %016llx\nbest-effort %016llx\n",
           (unsigned long long)RT, (unsigned long long)BE);
  }
  uint64_t Period = 0, Watchdog = 0, Polls = 0, Waits = 0, Recoveries = 0;
#pragma omp target map(from : Period, Watchdog, Polls, Waits, Recoveries)
  {
    Period = __prem_gate_state.period_ns;
    Watchdog = __prem_gate_state.watchdog_ns;
    Polls = __prem_gate_state.be_polls;
    Waits = __prem_gate_state.be_waits;
    Recoveries = __prem_gate_state.recoveries;
  }
  fprintf(stderr,
          "gate state: period %llu ns, watchdog %llu ns, best-effort polls "
          "%llu, waits %llu, watchdog recoveries %llu\n",
          (unsigned long long)Period, (unsigned long long)Watchdog,
          (unsigned long long)Polls, (unsigned long long)Waits,
          (unsigned long long)Recoveries);
  return 0;
}
