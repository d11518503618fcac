/*===- block_state.c - Where an agent stands under an arbiter --------------===*
 *
 * Part of prem-llvm (agent_state in policies.h), for the policies that keep
 * it: a block's shared memory on NVPTX, a thread-local on the host.
 *
 *===----------------------------------------------------------------------===*/

/* First: it sets the POSIX level for the system headers. */
#include "target.h"

#include "policies.h"

#if PREM_WITH_AGENT_STATE
#if defined(__NVPTX__)
/* A block's state lives in its shared memory, which nothing initializes:
 * a state left by an earlier block on the same multiprocessor names that
 * block, and %gridid (unique per launch in a context) with the block's
 * number names this one. The scratchpad budget leaves room for it
 * (PREM_RT_BLOCK_STATE_BYTES). */
static __attribute__((address_space(3), loader_uninitialized))
agent_phase BlockState;

volatile agent_phase *agent_state(void) {
  uint64_t Grid;
  __asm__("mov.u64 %0, %%gridid;" : "=l"(Grid));
  uint64_t Owner = Grid << 32 | agent_id();
  volatile agent_phase *A = (volatile agent_phase *)&BlockState;
  if (A->owner != Owner) {
    A->owner = Owner;
    A->computed_in = 0;
    A->in_memory = 0;
    A->holds_token = 0;
  }
  return A;
}
#else
volatile agent_phase *agent_state(void) {
  static _Thread_local agent_phase State;
  return &State;
}
#endif
#endif /* PREM_WITH_AGENT_STATE */
