/*===- policy_tdma.c - Policy "tdma": time-triggered slots -----------------===*
 *
 * Part of prem-llvm (policies.h).
 *
 *===----------------------------------------------------------------------===*/

/* First: it sets the POSIX level for the system headers. */
#include "target.h"

#include "policies.h"

#if !PREM_GPU
#include "host_env.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#endif

#if PREM_WITH_TDMA
/* Policy "tdma" (design §3; the deterministic schedule Sim-D, seed 003,
 * builds in hardware, in software): time is cut into slots of slot_ns, the
 * slot table repeats every `slots` slots, and agent a owns slot a mod slots.
 * An agent starts a memory phase only inside its own slot, and only when
 * budget_ns (its longest memory phase) fits the rest of the slot. No agent
 * talks to another: the clock is the only shared thing. The table is the
 * weak global __prem_tdma (a GPU's host writes it by name before the
 * launch); on host offload PREM_TDMA="slot_ns,slots,budget_ns" sets it. */
__attribute__((weak)) prem_tdma __prem_tdma = {100000, 8, 0, 50000, 0};

#if !PREM_GPU
/* PREM_TDMA="slot_ns,slots,budget_ns[,launch_slot]", strictly: with
 * launch_slot, every agent of the program starts its memory phases in that
 * slot (per launch, not per thread). */
PREM_ONCE static void tdma_parse(const char *Spec, prem_tdma *T) {
  char Want[160];
  snprintf(Want, sizeof Want,
           "slot_ns,slots,budget_ns[,launch_slot] in decimal, slot_ns > 0, "
           "0 < slots <= %u, budget_ns < slot_ns, launch_slot < slots",
           UINT32_MAX);
  const env_value E = {"PREM_TDMA", Spec, Want};
  const char *Next = Spec;
  uint64_t Slot = env_field(&E, &Next, "slot_ns");
  if (*Next++ != ',')
    env_refuse(&E, "slots", "is missing");
  uint64_t Slots = env_field(&E, &Next, "slots");
  if (*Next++ != ',')
    env_refuse(&E, "budget_ns", "is missing");
  uint64_t Budget = env_field(&E, &Next, "budget_ns");
  uint64_t Launch = 0;
  if (*Next == ',') {
    ++Next;
    /* Compared before the + 1: 2^64 - 1 + 1 would be 0, no launch slot. */
    uint64_t Slot0 = env_field(&E, &Next, "launch_slot");
    if (Slot0 >= Slots || Slot0 >= UINT32_MAX)
      env_refuse(&E, "launch_slot", "%llu is not a slot of the table",
                 (unsigned long long)Slot0);
    Launch = Slot0 + 1;
  }
  if (*Next)
    env_refuse(&E, "launch_slot",
               "is followed by '%s' (more than four "
               "fields)",
               Next);
  if (!Slot)
    env_refuse(&E, "slot_ns", "is 0");
  if (!Slots)
    env_refuse(&E, "slots", "is 0");
  if (Slots > UINT32_MAX)
    env_refuse(&E, "slots", "%llu is more than %u", (unsigned long long)Slots,
               UINT32_MAX);
  /* A budget of the whole slot could start only at the nanosecond the slot
   * opens: an agent would wait for ever. */
  if (Budget >= Slot)
    env_refuse(&E, "budget_ns", "%llu is not shorter than slot_ns %llu",
               (unsigned long long)Budget, (unsigned long long)Slot);
  if (Slot > UINT64_MAX / Slots)
    env_refuse(&E, "slot_ns",
               "%llu x slots %llu (a round of the table) does not fit 64 "
               "bits",
               (unsigned long long)Slot, (unsigned long long)Slots);
  T->slot_ns = Slot;
  T->slots = (uint32_t)Slots;
  T->launch_slot = (uint32_t)Launch;
  T->budget_ns = Budget;
}
#endif

#if !PREM_GPU
PREM_ONCE static void read_tdma(void) {
  const char *Spec = getenv("PREM_TDMA");
  if (Spec && *Spec)
    tdma_parse(Spec, &__prem_tdma);
}
#endif

static const prem_tdma *tdma(void) {
#if !PREM_GPU
  /* One agent reads it (and says what is wrong with it, once); the others
   * wait for it. */
  static pthread_once_t Once = PTHREAD_ONCE_INIT;
  pthread_once(&Once, read_tdma);
#endif
  return &__prem_tdma;
}

uint64_t tdma_acquire(void) {
  if (thread_in_block() != 0)
    return 0;
  const prem_tdma *P = tdma();
  uint32_t Me = agent_id();
  for (;;) {
    uint64_t Now = now_ns();
    if (prem_tdma_may_start(P, Me, Now))
      return Now;
    pause_briefly();
  }
}
#endif /* PREM_WITH_TDMA */
