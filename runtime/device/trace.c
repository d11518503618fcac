/*===- trace.c - The runtime's phase trace ---------------------------------===*
 *
 * Part of prem-llvm (trace.h). The buffer the host reads by name, and on
 * host offload its summary (PREM_TRACE_SUMMARY) and text form
 * (PREM_TRACE_FILE) when the program ends.
 *
 *===----------------------------------------------------------------------===*/

/* First: it sets the POSIX level for the system headers. */
#include "target.h"

#include "trace.h"

#if !PREM_GPU
#include "host_env.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#endif

/* Weak: every translation unit links the runtime, the program keeps one
 * trace. */
__attribute__((weak)) prem_trace_record __prem_trace[PREM_TRACE_CAPACITY];
__attribute__((weak)) uint64_t __prem_trace_count;
/* Off unless the host turns it on (issue 27: a record costs a global atomic
 * per phase change, which the element kernels' short intervals paid on
 * every one): on a GPU the host writes it before the launch
 * (prem_gpu_trace_set), on host offload the environment says
 * (trace_from_environment). A plain load: it does not change while a
 * kernel runs. */
__attribute__((weak)) uint32_t __prem_trace_enabled;

void trace_phase(uint32_t interval, enum prem_phase phase, uint64_t At) {
  if (!__prem_trace_enabled || thread_in_block() != 0)
    return; /* one record per agent */
  uint64_t Slot = __atomic_fetch_add(&__prem_trace_count, 1, __ATOMIC_RELAXED);
  if (Slot >= PREM_TRACE_CAPACITY)
    return;
  prem_trace_record *R = &__prem_trace[Slot];
  R->time_ns = At ? At : now_ns();
  R->agent = agent_id();
  R->interval = (interval & ((1u << PREM_TRACE_PHASE_SHIFT) - 1)) |
                ((uint32_t)phase << PREM_TRACE_PHASE_SHIFT);
}

#if !PREM_GPU
/* Host offload records the trace when something will read it: PREM_TRACE=1
 * (a program that reads __prem_trace itself), PREM_TRACE_SUMMARY or
 * PREM_TRACE_FILE. PREM_TRACE=0 is the default; another value stops the
 * program (host_env.h). */
PREM_ONCE __attribute__((constructor)) static void trace_from_environment(void) {
  const char *Trace = getenv("PREM_TRACE");
  if (Trace && strcmp(Trace, "0") != 0 && strcmp(Trace, "1") != 0) {
    env_value V = {"PREM_TRACE", Trace, "0 or 1"};
    env_refuse(&V, NULL, "is not a switch");
  }
  if ((Trace && strcmp(Trace, "1") == 0) || getenv("PREM_TRACE_SUMMARY") ||
      getenv("PREM_TRACE_FILE"))
    __atomic_store_n(&__prem_trace_enabled, 1, __ATOMIC_RELAXED);
}

/* PREM_TRACE_SUMMARY=1: one line on stderr when the program ends, so that a
 * run shows which phases it went through (the tests check that the
 * scratchpad path ran). Every linked copy of the runtime registers this;
 * the first prints. */
__attribute__((weak)) int __prem_summary_printed;
PREM_ONCE __attribute__((destructor)) static void print_summary(void) {
  if (!getenv("PREM_TRACE_SUMMARY") ||
      __atomic_exchange_n(&__prem_summary_printed, 1, __ATOMIC_RELAXED))
    return;
  uint64_t Count = __prem_trace_count, Memory = 0, Compute = 0, Outside = 0;
  uint32_t Agents = 0;
  for (uint64_t I = 0; I < Count && I < PREM_TRACE_CAPACITY; ++I) {
    uint32_t Phase = __prem_trace[I].interval >> PREM_TRACE_PHASE_SHIFT;
    Memory += Phase == PREM_PHASE_MEMORY;
    Compute += Phase == PREM_PHASE_COMPUTE;
    Outside += Phase == PREM_PHASE_MEMORY &&
               (__prem_trace[I].interval & PREM_INTERVAL_OUTSIDE);
    if (__prem_trace[I].agent + 1 > Agents)
      Agents = __prem_trace[I].agent + 1;
  }
  fprintf(stderr,
          "prem: %llu phase changes (%llu recorded: %llu memory, %llu "
          "execute) by %u agents, %llu memory phases outside tiles\n",
          (unsigned long long)Count,
          (unsigned long long)(Count < PREM_TRACE_CAPACITY
                                   ? Count
                                   : PREM_TRACE_CAPACITY),
          (unsigned long long)Memory, (unsigned long long)Compute, Agents,
          (unsigned long long)Outside);
}

/* PREM_TRACE_FILE=path: the trace as text when the program ends, one record
 * per line: "time_ns agent interval phase" (phase 1 memory, 2 execute, 3
 * done), for tools that decode it. */
__attribute__((weak)) int __prem_trace_written;
PREM_ONCE __attribute__((destructor)) static void write_trace(void) {
  const char *Path = getenv("PREM_TRACE_FILE");
  if (!Path || !*Path ||
      __atomic_exchange_n(&__prem_trace_written, 1, __ATOMIC_RELAXED))
    return;
  FILE *Out = fopen(Path, "w");
  if (!Out) {
    fprintf(stderr, "prem: cannot write the trace '%s'\n", Path);
    return;
  }
  uint64_t Count = __prem_trace_count;
  fprintf(Out, "prem-trace 1 %llu\n", (unsigned long long)Count);
  for (uint64_t I = 0; I < Count && I < PREM_TRACE_CAPACITY; ++I)
    fprintf(Out, "%llu %u %u %u\n", (unsigned long long)__prem_trace[I].time_ns,
            __prem_trace[I].agent,
            __prem_trace[I].interval & ((1u << PREM_TRACE_PHASE_SHIFT) - 1),
            __prem_trace[I].interval >> PREM_TRACE_PHASE_SHIFT);
  fclose(Out);
}
#endif

/* Best-effort polls are recorded as agents from this number on, with the
 * bytes they account for as the interval (not on NVPTX, whose best-effort
 * grid would fill the trace at once: __prem_be_poll). */
#define PREM_BE_AGENT 0x80000000u

void trace_poll(uint64_t Now, uint64_t bytes) {
  if (__prem_trace_enabled &&
      __atomic_load_n(&__prem_trace_count, __ATOMIC_RELAXED) <
          PREM_TRACE_CAPACITY) {
    uint64_t Slot =
        __atomic_fetch_add(&__prem_trace_count, 1, __ATOMIC_RELAXED);
    if (Slot < PREM_TRACE_CAPACITY)
      __prem_trace[Slot] = (prem_trace_record){
          Now, PREM_BE_AGENT | agent_id(),
          (uint32_t)(bytes < (1u << PREM_TRACE_PHASE_SHIFT) - 1
                         ? bytes
                         : (1u << PREM_TRACE_PHASE_SHIFT) - 1) |
              ((uint32_t)PREM_PHASE_MEMORY << PREM_TRACE_PHASE_SHIFT)};
  }
}
