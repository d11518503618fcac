/*===- policy_device.c - Policy "device": a ticket token -------------------===*
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
#endif

#if PREM_WITH_DEVICE
/* Policy "device" (design §3): one memory token in global memory, so that
 * one agent (a GPU block, a host-offload thread) at a time is in a memory
 * phase. A ticket lock: agents are served in the order they asked, so none
 * starves and the wait is bounded by the memory phases queued before it.
 * Weak, so that every module of a program shares one token. Thread 0 of a
 * block acts for the block; prem-sync's barriers hold the other threads. */
__attribute__((weak)) prem_token __prem_token;

/* On host offload, PREM_TOKEN_SHM names the token libprem put in shared
 * memory for CPU tasks to queue in the same line. */
#if !PREM_GPU
static prem_token *Token;
PREM_ONCE static void map_token(void) {
  Token = map_named_shm("PREM_TOKEN_SHM", PREM_SHM_MAGIC_TOKEN, "token",
                        sizeof(prem_token), NULL);
  if (!Token)
    Token = &__prem_token;
}
#endif

static prem_token *token(void) {
#if PREM_GPU
  return &__prem_token;
#else
  /* One agent maps it (and says what is wrong with it, once); the others
   * wait for it. */
  static pthread_once_t Once = PTHREAD_ONCE_INIT;
  pthread_once(&Once, map_token);
  return Token;
#endif
}

/* The holder word names an agent, and a block's number is unique within
 * one kernel only: a block of another kernel sharing the token (a second
 * stream, bench/gpu's arbitrated co-runner) has the same number, and must
 * not read that kernel's hold as its own. So an agent holds the token when
 * its own state says it took it and no watchdog took it back since. On
 * AMDGPU no register names the launch (clang 22 has no dispatch-id
 * builtin), so the holder word alone decides there, as it did on every
 * target before. */
uint64_t device_acquire(void) {
  if (thread_in_block() != 0)
    return 0;
  prem_token *T = token();
  uint32_t Me = agent_id() + 1;
#if defined(__AMDGPU__)
  int Took = 1;
#else
  volatile agent_phase *A = agent_state();
  int Took = A->holds_token;
#endif
  if (Took && __atomic_load_n(&T->holder, __ATOMIC_ACQUIRE) == Me)
    return 0; /* the Store phase after a compatible interval: held already */
  uint32_t Ticket = __atomic_fetch_add(&T->next, 1, __ATOMIC_RELAXED);
  while (__atomic_load_n(&T->serving, __ATOMIC_ACQUIRE) != Ticket)
    pause_briefly();
  /* The grant time first: a watchdog that sees the holder sees its time. */
  __atomic_store_n(&T->granted_ns, now_ns(), __ATOMIC_RELAXED);
  __atomic_store_n(&T->holder, Me, __ATOMIC_RELEASE);
#if !defined(__AMDGPU__)
  A->holds_token = 1;
#endif
  return 0;
}

/* A compare-and-swap on the holder: of this agent and a watchdog taking the
 * token back, one only moves the line on. */
void device_release(int ExecuteFollows) {
  (void)ExecuteFollows;
  if (thread_in_block() != 0)
    return;
#if !defined(__AMDGPU__)
  volatile agent_phase *A = agent_state();
  if (!A->holds_token)
    return;
  A->holds_token = 0;
#endif
  prem_token *T = token();
  uint32_t Me = agent_id() + 1;
  if (__atomic_compare_exchange_n(&T->holder, &Me, 0, /*weak=*/0,
                                  __ATOMIC_ACQ_REL, __ATOMIC_RELAXED))
    add_release(&T->serving, 1);
}
#endif /* PREM_WITH_DEVICE */
