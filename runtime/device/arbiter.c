/*===- arbiter.c - The phase calls, under the policy built in --------------===*
 *
 * Part of prem-llvm. __prem_enter_mem, __prem_enter_comp and __prem_exit_mem
 * (prem_rt.h) record the phase change in the trace and ask the arbitration
 * policy the runtime variant was built with (policies.h), or, in the one
 * built with every policy, the policy the program picks when it runs.
 *
 *===----------------------------------------------------------------------===*/

/* First: it sets the POSIX level for the system headers. */
#include "target.h"

#include "policies.h"
#include "trace.h"

#if !PREM_GPU
#include "host_env.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#endif

#if PREM_ARBITER_LAUNCH
/* The policy is the program's choice when it runs: on a GPU its host writes
 * __prem_arbiter by name before the launch (a prem_arbiter_policy); on host
 * offload PREM_ARBITER names it (Policies.def). Policy "none" when
 * unset. */
__attribute__((weak)) uint32_t __prem_arbiter;

static uint32_t arbiter(void) {
#if !PREM_GPU
  static int Read;
  if (!__atomic_load_n(&Read, __ATOMIC_ACQUIRE)) {
    /* Indexed by prem_arbiter_policy; the list for the message has a
     * ", " before each name. */
    static const char *const Names[] = {
#define PREM_POLICY(Name, Enumerator, Targets, State, Help) #Name,
#include "prem/Policies.def"
    };
    static const char List[] =
#define PREM_POLICY(Name, Enumerator, Targets, State, Help) ", " #Name
#include "prem/Policies.def"
        ;
    const uint32_t Count = sizeof Names / sizeof Names[0];
    const char *Name = getenv("PREM_ARBITER");
    uint32_t Policy = PREM_POLICY_NONE;
    if (Name && *Name) {
      while (Policy < Count && strcmp(Name, Names[Policy]) != 0)
        ++Policy;
      if (Policy == Count) {
        /* Agents that start together all get here: one says it, the
         * others wait for the exit. */
        static int Reported;
        if (__atomic_exchange_n(&Reported, 1, __ATOMIC_RELAXED))
          for (;;)
            pause_briefly();
        fprintf(stderr, "prem: PREM_ARBITER='%s' names no policy (%s)\n", Name,
                List + 2);
        fatal_exit();
      }
    }
    __atomic_store_n(&__prem_arbiter, Policy, __ATOMIC_RELAXED);
    __atomic_store_n(&Read, 1, __ATOMIC_RELEASE);
  }
  return __atomic_load_n(&__prem_arbiter, __ATOMIC_RELAXED);
#else
  return __prem_arbiter; /* written before the launch */
#endif
}

static uint64_t acquire(void) {
  switch (arbiter()) {
  case PREM_POLICY_DEVICE:
    return device_acquire();
  case PREM_POLICY_TDMA:
    return tdma_acquire();
  case PREM_POLICY_HOST:
#if PREM_WITH_HOST
    return host_acquire();
#else
    __builtin_trap();    /* not built for this target */
#endif
  case PREM_POLICY_RTGATE:
#if PREM_WITH_RTGATE
    return rtgate_acquire();
#else
    __builtin_trap();    /* not built for this target */
#endif
  default:
    return 0;
  }
}

static void release(int ExecuteFollows) {
  switch (arbiter()) {
  case PREM_POLICY_DEVICE:
    device_release(ExecuteFollows);
    break;
#if PREM_WITH_HOST
  case PREM_POLICY_HOST:
    host_release(ExecuteFollows);
    break;
#endif
#if PREM_WITH_RTGATE
  case PREM_POLICY_RTGATE:
    rtgate_release(ExecuteFollows);
    break;
#endif
  default:
    break;
  }
}
#elif PREM_ARBITER_DEVICE
static uint64_t acquire(void) { return device_acquire(); }
static void release(int ExecuteFollows) { device_release(ExecuteFollows); }
#elif PREM_ARBITER_HOST
static uint64_t acquire(void) { return host_acquire(); }
static void release(int ExecuteFollows) { host_release(ExecuteFollows); }
#elif PREM_ARBITER_RTGATE
static uint64_t acquire(void) { return rtgate_acquire(); }
static void release(int ExecuteFollows) { rtgate_release(ExecuteFollows); }
#elif PREM_ARBITER_TDMA
static uint64_t acquire(void) { return tdma_acquire(); }
static void release(int ExecuteFollows) { (void)ExecuteFollows; }
#else
/* Policy "none": phase records only. */
static uint64_t acquire(void) { return 0; }
static void release(int ExecuteFollows) { (void)ExecuteFollows; }
#endif

#if !PREM_GPU && !PREM_ARBITER_LAUNCH
/* PREM_ARBITER picks the policy only in a build with
 * -fprem-arbiter=launch. Elsewhere it is ignored, and a run that asks for
 * an arbiter this way would go unprotected without a word: say so once,
 * when the device image is loaded (every linked copy of the runtime
 * registers this; the first prints). Quiet when it names the policy
 * built in. */
#ifdef PREM_ARBITER_NAME
/* runtime/device/CMakeLists.txt names the policy (-DPREM_ARBITER_NAME=tdma
 * beside -DPREM_ARBITER_TDMA=1). */
#define PREM_STRINGIFY(Name) #Name
#define PREM_NAME_STRING(Name) PREM_STRINGIFY(Name)
#define PREM_BUILT_POLICY PREM_NAME_STRING(PREM_ARBITER_NAME)
#else
#define PREM_BUILT_POLICY "none"
#endif
__attribute__((weak)) int __prem_arbiter_warned;
PREM_ONCE __attribute__((constructor)) static void warn_arbiter_ignored(void) {
  const char *Name = getenv("PREM_ARBITER");
  if (!Name || !*Name || strcmp(Name, PREM_BUILT_POLICY) == 0 ||
      __atomic_exchange_n(&__prem_arbiter_warned, 1, __ATOMIC_RELAXED))
    return;
  fprintf(stderr,
          "prem: PREM_ARBITER='%s' ignored: this program was built with the "
          "policy '" PREM_BUILT_POLICY "' (-fprem-arbiter=launch picks one "
          "when it runs)\n",
          Name);
}
#endif

/* The memory phase is recorded once the token is held and its end before
 * the token goes: in the trace, memory phases of different agents never
 * overlap under an arbiter. */
void __prem_enter_mem(uint32_t interval) {
  uint64_t At = acquire();
  trace_phase(interval, PREM_PHASE_MEMORY, At);
}

void __prem_enter_comp(uint32_t interval) {
  trace_phase(interval, PREM_PHASE_COMPUTE, 0);
  release(1);
}

void __prem_exit_mem(uint32_t interval) {
  trace_phase(interval, PREM_PHASE_DONE, 0);
  release(0);
}
