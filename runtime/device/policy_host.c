/*===- policy_host.c - Policy "host": GPUguard's windows -------------------===*
 *
 * Part of prem-llvm (policies.h).
 *
 *===----------------------------------------------------------------------===*/

/* First: it sets the POSIX level for the system headers. */
#include "target.h"

#include "policies.h"

#if !PREM_GPU
#include "host_env.h"

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#endif

#if PREM_WITH_HOST
/* Policy "host" (GPUguard, seed 001 Sec. 3.3): libprem's arbiter
 * (prem_guard_start) alternates a memory window of E_memory for the
 * offloaded kernel and one of E_compute for the CPU, counting windows in
 * prem_guard.epoch (even: the kernel's). An agent starts a memory phase only
 * at the start of a kernel window it has not computed in yet, so that each
 * PREM interval takes one window pair (Eq. 2): the Store phase of an
 * interval and the Load phase of the next share a window. The kernel's
 * agents share its window (GPUguard's GPU is one agent; the "device" policy
 * makes them exclusive among themselves). The arbiter counts windows that
 * close with a memory phase still open (overruns). */

#if PREM_GPU
__attribute__((weak)) prem_guard *__prem_guard;

static prem_guard *guard(void) {
  prem_guard *G = __prem_guard;
  if (!G)
    __builtin_trap(); /* launched without the arbiter's state */
  return G;
}
#else
/* The header of the guard's shared-memory object: the arbiter's pid. */
static prem_shm_header *GuardHeader;

static prem_guard *Guard;
PREM_ONCE static void map_guard(void) {
  Guard = map_named_shm("PREM_GUARD_SHM", PREM_SHM_MAGIC_GUARD, "guard",
                        sizeof(prem_guard), &GuardHeader);
  if (!Guard) {
    fprintf(stderr, "prem: policy host needs the arbiter's shared "
                    "memory (PREM_GUARD_SHM, set by prem_guard_start)\n");
    fatal_exit();
  }
}

static prem_guard *guard(void) {
  /* One agent maps it (and says what is wrong with it, once); the others
   * wait for it. */
  static pthread_once_t Once = PTHREAD_ONCE_INIT;
  pthread_once(&Once, map_guard);
  return Guard;
}

/* An agent that has waited for a window for a while (Spins pauses) looks
 * whether the arbiter is still there, about every 100 ms: an arbiter that
 * died (prem-guard killed) opens no window again, and the program would
 * wait for ever. So would one whose heartbeat stopped while its pid lives
 * on (a stopped arbiter, or its pid taken by another process): after
 * PREM_SHM_STALE_NS, as map_named_shm judges a new program's guard. */
static void guard_check_arbiter(uint32_t Spins, uint64_t *LastCheck) {
  if (Spins % 1024 != 0)
    return;
  uint64_t Now = now_ns();
  if (Now - *LastCheck < 100000000)
    return;
  *LastCheck = Now;
  prem_shm_header *H = GuardHeader; /* set before guard() returned */
  uint64_t Beat = __atomic_load_n(&H->heartbeat_ns, __ATOMIC_RELAXED);
  uint64_t Age = Now > Beat ? Now - Beat : 0;
  if (Age <= 100 * PREM_SHM_HEARTBEAT_NS)
    return;
  int Dead = kill((pid_t)H->owner_pid, 0) != 0 && errno == ESRCH;
  if (!Dead && Age <= PREM_SHM_STALE_NS)
    return;
  static int Reported; /* one agent says it */
  if (__atomic_exchange_n(&Reported, 1, __ATOMIC_RELAXED))
    for (;;)
      pause_briefly();
  if (Dead)
    fprintf(stderr,
            "prem: PREM_GUARD_SHM='%s': its arbiter (pid %d) died; no "
            "memory window will open again\n",
            getenv("PREM_GUARD_SHM"), (int)H->owner_pid);
  else
    fprintf(stderr,
            "prem: PREM_GUARD_SHM='%s': heartbeat %.1f s old: its arbiter "
            "(pid %d) does not run (a pid taken by another process, or a "
            "stopped arbiter)\n",
            getenv("PREM_GUARD_SHM"), (double)Age / 1e9, (int)H->owner_pid);
  fatal_exit();
}
#endif

/* The guard may be host memory seen from a GPU: system scope. */
#define load_sys(P)                                                            \
  __scoped_atomic_load_n(P, __ATOMIC_SEQ_CST, __MEMORY_SCOPE_SYSTEM)

/* The window says whose turn it is; announcing before looking at the other
 * side (sequentially consistent, as the CPU tasks' side does in libprem)
 * keeps the kernel and the CPU out of memory together even when one of them
 * overruns its window. */
uint64_t host_acquire(void) {
  if (thread_in_block() != 0)
    return 0;
  volatile agent_phase *A = agent_state();
  if (A->in_memory)
    return 0;
  prem_guard *G = guard();
#if !PREM_GPU
  uint32_t Spins = 0;
  uint64_t LastCheck = now_ns();
#endif
  for (;;) {
    uint64_t E = load_sys(&G->epoch);
    if (E % 2 == 0 && E + 1 > A->computed_in) {
      add_seq_cst_sys(&G->in_memory, 1);
      if (load_sys(&G->cpu_in_memory) == 0 && load_sys(&G->epoch) % 2 == 0) {
        /* The trace gets the time of the grant, not of its record: an agent
         * preempted in between would seem to start memory later. */
        uint64_t Granted = now_ns();
        A->in_memory = 1;
        return Granted;
      }
      add_seq_cst_sys(&G->in_memory, -1);
    }
    pause_briefly();
#if !PREM_GPU
    guard_check_arbiter(++Spins, &LastCheck);
#endif
  }
}

void host_release(int ExecuteFollows) {
  if (thread_in_block() != 0)
    return;
  volatile agent_phase *A = agent_state();
  if (!A->in_memory)
    return;
  prem_guard *G = guard();
  if (ExecuteFollows)
    A->computed_in = load_sys(&G->epoch) + 1;
  add_seq_cst_sys(&G->in_memory, -1);
  A->in_memory = 0;
}
#endif /* PREM_WITH_HOST */
