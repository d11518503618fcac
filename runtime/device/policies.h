/*===- policies.h - The arbitration policies built into a runtime ----------===*
 *
 * Part of prem-llvm. Each policy of include/prem/Policies.def but "none"
 * has a file, policy_<name>.c, built into the runtime variant of that
 * policy (-DPREM_ARBITER_<NAME>=1) and into the one with every policy
 * (-DPREM_ARBITER_LAUNCH=1); arbiter.c calls the built one around each
 * memory phase.
 *
 * A policy's acquire returns when the calling agent may start a memory
 * phase, with the time it was granted at (0: the trace takes the time of
 * its record); its release ends the agent's memory phase, with
 * ExecuteFollows set when an Execute phase of the same interval follows.
 * Thread 0 of a block acts for the block; prem-sync's barriers hold the
 * other threads.
 *
 *===----------------------------------------------------------------------===*/

#ifndef PREM_RUNTIME_POLICIES_H
#define PREM_RUNTIME_POLICIES_H

#include "prem/prem_rt.h"

/* PREM_ARBITER_LAUNCH builds every policy a target has, and the program
 * picks one when it runs (arbiter.c). */
#define PREM_WITH_DEVICE (PREM_ARBITER_DEVICE || PREM_ARBITER_LAUNCH)
#define PREM_WITH_TDMA (PREM_ARBITER_TDMA || PREM_ARBITER_LAUNCH)

/* GPUguard on AMDGPU (fine-grained host memory) is not written yet. */
#if PREM_ARBITER_HOST && defined(__AMDGPU__)
#error "policy host is built for host offload and NVPTX only"
#endif
#if (PREM_ARBITER_HOST || PREM_ARBITER_LAUNCH) && !defined(__AMDGPU__)
#define PREM_WITH_HOST 1
#else
#define PREM_WITH_HOST 0
#endif

/* rtgate keeps a block's state in shared memory named by the launch
 * (%gridid), which AMDGPU code cannot name (no dispatch-id builtin). */
#if PREM_ARBITER_RTGATE && defined(__AMDGPU__)
#error "policy rtgate is built for host offload and NVPTX only"
#endif
#if (PREM_ARBITER_RTGATE || PREM_ARBITER_LAUNCH) && !defined(__AMDGPU__)
#define PREM_WITH_RTGATE 1
#else
#define PREM_WITH_RTGATE 0
#endif

/* The policies that keep where an agent stands (block_state.c); "device"
 * does on AMDGPU without it (see device_acquire). */
#if (PREM_WITH_DEVICE && !defined(__AMDGPU__)) || PREM_WITH_HOST ||            \
    PREM_WITH_RTGATE
#define PREM_WITH_AGENT_STATE 1
#else
#define PREM_WITH_AGENT_STATE 0
#endif

/* Where an agent stands under an arbiter: in a memory phase under "host"
 * and "rtgate" (and the epoch of its last Execute phase, +1; 0: none yet),
 * holding the token under "device". */
typedef struct agent_phase {
  uint64_t owner; /* NVPTX: the block instance the state belongs to */
  uint64_t computed_in;
  uint32_t in_memory;
  uint32_t holds_token;
} agent_phase;
_Static_assert(sizeof(agent_phase) == PREM_RT_BLOCK_STATE_BYTES,
               "the passes leave PREM_RT_BLOCK_STATE_BYTES of the scratchpad "
               "for a block's state");

/* The calling agent's state: its block's on a GPU, its thread's on the
 * host. */
volatile agent_phase *agent_state(void);

/* Policy "device": a ticket token in global memory (policy_device.c). */
uint64_t device_acquire(void);
void device_release(int ExecuteFollows);

/* Policy "host": GPUguard's windows (policy_host.c). */
uint64_t host_acquire(void);
void host_release(int ExecuteFollows);

/* Policy "tdma": slots of a time-triggered table (policy_tdma.c); nothing
 * to release. */
uint64_t tdma_acquire(void);

/* Policy "rtgate": the real-time side of the gate (policy_rtgate.c). */
uint64_t rtgate_acquire(void);
void rtgate_release(int ExecuteFollows);

#endif /* PREM_RUNTIME_POLICIES_H */
