/*===- policy_rtgate.c - Policy "rtgate": real time first ------------------===*
 *
 * Part of prem-llvm (policies.h; the gate in prem_rt.h). The gate's state,
 * its best-effort side (__prem_be_poll, which prem-comply's kernels call
 * whatever policy a module was built with: in every runtime variant) and
 * its real-time side (the policy's acquire and release).
 *
 *===----------------------------------------------------------------------===*/

/* First: it sets the POSIX level for the system headers. */
#include "target.h"

#include "policies.h"
#include "trace.h"

#if !PREM_GPU
#include "host_env.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#endif

/* The state of policy "rtgate" (prem_rt.h), which best-effort kernels
 * (prem-comply's __prem_be_poll) use whatever policy a module was built
 * with. */
#if PREM_GPU
__attribute__((weak)) prem_gate *__prem_gate;

#if defined(__NVPTX__)
int vprintf(const char *, void *);
#endif

static prem_gate *gate(void) {
  prem_gate *G = __prem_gate;
  if (!G || G->magic != PREM_GATE_MAGIC) {
#if defined(__NVPTX__)
    vprintf("prem: policy rtgate: the arbiter's state was not set up "
            "(__prem_gate; libprem's prem_gpu_gate_attach)\n",
            (void *)0);
#endif
    __builtin_trap();
  }
  return G;
}
#else
/* Host offload: the process's own state, shared by every target region of
 * the device image (weak). PREM_GATE="period_ns,bytes_per_period[,K]"
 * sets the regulation period, the best-effort bytes a period allows (0: no
 * byte budget) and the most real-time agents in memory at once (0: no
 * limit); PREM_GATE_WATCHDOG_NS the watchdog (below). */
__attribute__((weak)) prem_gate __prem_gate_state;
/* Weak as the state is: one initialisation for every translation unit's
 * copy of the runtime. */
__attribute__((weak)) pthread_once_t __prem_gate_once = PTHREAD_ONCE_INIT;

PREM_ONCE static void init_gate(void) {
  prem_gate *G = &__prem_gate_state;
  G->period_ns = 100000;
  G->watchdog_ns = 100000000;
  G->phase_gating = 1;
  G->governor.nominal = 1;
  const char *Spec = getenv("PREM_GATE");
  if (Spec && *Spec) {
    char Want[120];
    snprintf(Want, sizeof Want,
             "period_ns,bytes_per_period[,max_in_memory] in decimal, "
             "period_ns > 0, max_in_memory <= %u",
             UINT32_MAX);
    const env_value E = {"PREM_GATE", Spec, Want};
    const char *Next = Spec;
    G->period_ns = env_field(&E, &Next, "period_ns");
    if (*Next++ != ',')
      env_refuse(&E, "bytes_per_period", "is missing");
    G->be_bytes_per_period = env_field(&E, &Next, "bytes_per_period");
    if (*Next == ',') {
      ++Next;
      uint64_t K = env_field(&E, &Next, "max_in_memory");
      if (K > UINT32_MAX)
        env_refuse(&E, "max_in_memory", "%llu is more than %u",
                   (unsigned long long)K, UINT32_MAX);
      G->rt_max_in_memory = (uint32_t)K;
    }
    if (*Next)
      env_refuse(&E, "max_in_memory",
                 "is followed by '%s' (more than three fields)", Next);
    if (!G->period_ns)
      env_refuse(&E, "period_ns", "is 0");
  }
  /* How long a poll waits before it takes the gate for stuck (a real-time
   * agent that died in memory). A loaded machine can keep a real-time
   * agent off its core longer than the default, so tests that count waits
   * lengthen it. */
  const char *Watchdog = getenv("PREM_GATE_WATCHDOG_NS");
  if (Watchdog && *Watchdog) {
    const env_value E = {"PREM_GATE_WATCHDOG_NS", Watchdog,
                         "nanoseconds in decimal, more than 0"};
    const char *Next = Watchdog;
    G->watchdog_ns = env_field(&E, &Next, "nanoseconds");
    if (*Next)
      env_refuse(&E, "nanoseconds", "is followed by '%s'", Next);
    if (!G->watchdog_ns)
      env_refuse(&E, "nanoseconds", "is 0");
  }
  G->be_budget = G->be_bytes_per_period ? G->be_bytes_per_period : ~0ull;
  G->be_ratio = G->governor.nominal;
  G->magic = PREM_GATE_MAGIC;
}

static prem_gate *gate(void) {
  pthread_once(&__prem_gate_once, init_gate);
  return &__prem_gate_state;
}
#endif

/* The gate orders no data, only time: a best-effort thread that reads it
 * a little stale moves memory for a little longer. So on a GPU its words
 * are relaxed atomics (a sequentially consistent access is a fence.sc of a
 * microsecond, in every poll of the grid); on the host, where they cost
 * little, they are sequentially consistent, which makes the trace check
 * exact. */
#if PREM_GPU
#define GATE_ORDER __ATOMIC_RELAXED
#else
#define GATE_ORDER __ATOMIC_SEQ_CST
#endif
#define gate_load(P)                                                           \
  __scoped_atomic_load_n(P, GATE_ORDER, __MEMORY_SCOPE_DEVICE)
#define gate_store(P, V)                                                       \
  __scoped_atomic_store_n(P, V, GATE_ORDER, __MEMORY_SCOPE_DEVICE)
#define gate_add(P, V)                                                         \
  __scoped_atomic_fetch_add(P, V, GATE_ORDER, __MEMORY_SCOPE_DEVICE)

/* A new regulation period for best-effort counts: whoever sees it first
 * starts the count again. Counts of the moment the period turns may be
 * lost: a lenient budget, never a stuck one. */
static void gate_new_period(prem_gate *G, uint64_t Period) {
  uint64_t Seen = gate_load(&G->be_period);
  /* Forward only: a thread that read the clock before another turned the
   * period must not turn it back (and clear its count). */
  if (Seen < Period && __scoped_atomic_compare_exchange_n(
                           &G->be_period, &Seen, Period, 0, GATE_ORDER,
                           __ATOMIC_RELAXED, __MEMORY_SCOPE_DEVICE))
    gate_store(&G->be_used, 0);
}

/* Whether best effort must hold back now: a real-time launch running, a
 * real-time block in memory (with phase gating), or the period's byte
 * budget spent. */
static int gate_closed(prem_gate *G, uint64_t Now) {
  if (gate_load((uint64_t *)G->rt_active) ||
      (G->phase_gating && gate_load(&G->rt_in_memory)))
    return 1;
  if (!G->be_bytes_per_period)
    return 0;
  uint64_t P = Now / G->period_ns;
  gate_new_period(G, P);
  uint64_t Used = gate_load(&G->be_used);
  /* Used is period P's count only if the period has not turned since (a
   * thread that read the clock just before the turn); otherwise look again
   * with the clock read anew. */
  if (gate_load(&G->be_period) != P)
    return 1;
  return Used > gate_load(&G->be_budget);
}

/* On a GPU the lanes of a warp that poll together poll as one: their first
 * lane counts the warp's bytes (lanes at one poll site moved alike) and
 * waits for the gate, and the others wait for it at a warp barrier. So
 * the gate's cache line, which the whole best-effort grid polls, sees one
 * load per warp, and the counts one atomic per warp (none without a byte
 * budget). While it waits the lane backs off, up to 8 us: the waiting
 * grid's loads of the one line would otherwise slow the real-time kernel's
 * own accesses to that L2 slice. */
void __prem_be_poll(uint64_t bytes) {
#if defined(__NVPTX__)
  uint32_t Mask = __nvvm_activemask();
  int Leader = __nvvm_read_ptx_sreg_laneid() == (uint32_t)__builtin_ctz(Mask);
  bytes *= (uint64_t)__builtin_popcount(Mask);
#else
  int Leader = 1;
#endif
  uint64_t Now = 0;
  if (Leader) {
    prem_gate *G = gate();
    Now = now_ns();
    if (G->be_bytes_per_period) {
      gate_new_period(G, Now / G->period_ns);
      __scoped_atomic_fetch_add(&G->be_used, bytes, __ATOMIC_RELAXED,
                                __MEMORY_SCOPE_DEVICE);
    }
#if !PREM_GPU
    __atomic_fetch_add(&G->be_polls, 1, __ATOMIC_RELAXED);
#endif
    uint64_t Since = Now;
    uint32_t Backoff = 256;
    int Waited = 0;
    for (;;) {
#if !PREM_GPU
      /* The grant's time in the trace is read between two reads of
       * rt_changes, which a real-time agent bumps after it announced a
       * phase and before it takes the phase's start time, and after it
       * took the end time and before it leaves: so a phase that started
       * before the clock read and had not ended by it either kept
       * rt_in_memory above 0 or changed rt_changes meanwhile. When it
       * changed, look again (prem-report --gate: no grant inside a
       * real-time memory phase). */
      uint32_t Changes = gate_load(&G->rt_changes);
#endif
      Now = now_ns();
      if (!gate_closed(G, Now)) {
#if !PREM_GPU
        if (gate_load(&G->rt_changes) != Changes)
          continue;
#endif
        break;
      }
      /* A real-time agent stuck in memory, or a flag never lowered: a poll
       * that waited watchdog_ns goes on and counts it, and so does every
       * poll for watchdog_ns after it (a stuck gate would otherwise cost
       * every poll the whole wait). */
      uint64_t Stuck = gate_load(&G->stuck_since);
      if (Stuck && Now - Stuck < G->watchdog_ns)
        break;
      if (Now - Since > G->watchdog_ns) {
        gate_store(&G->stuck_since, Now);
        __scoped_atomic_fetch_add(&G->recoveries, 1, __ATOMIC_RELAXED,
                                  __MEMORY_SCOPE_DEVICE);
        break;
      }
      Waited = 1;
      back_off(Backoff);
      Backoff = Backoff < 8192 ? 2 * Backoff : Backoff;
    }
    if (Waited)
      __scoped_atomic_fetch_add(&G->be_waits, 1, __ATOMIC_RELAXED,
                                __MEMORY_SCOPE_DEVICE);
  }
#if defined(__NVPTX__)
  __nvvm_bar_warp_sync(Mask);
#else
  trace_poll(Now, bytes);
#endif
}

#if PREM_WITH_RTGATE
/* The real-time side of "rtgate": a block announces its memory phase and
 * never waits for best-effort work; with K set it waits only for other
 * real-time blocks. It also tells the budget computation which launch is
 * running and how far it got (tiles done). */
static uint64_t launch_identity(void) {
#if defined(__NVPTX__)
  uint64_t Grid;
  __asm__ volatile("mov.u64 %0, %%gridid;" : "=l"(Grid));
  return Grid + 1;
#else
  return 1; /* one real-time launch per run (host offload) */
#endif
}

/* The budget of best-effort bytes from the launch's progress, once per
 * regulation period (seed 002, Sec. 5.1), by the first real-time block
 * that ends a tile in it; the nominal budget again once the launch is
 * done. */
static void rtgate_budget(prem_gate *G, uint64_t Done) {
  const prem_gate_governor *Gov = &G->governor;
  if (!G->be_bytes_per_period || !Gov->work)
    return;
  uint64_t Now = now_ns();
  double Q;
  if (Done >= Gov->work) {
    Q = Gov->nominal;
  } else {
    uint64_t Period = Now / G->period_ns;
    uint64_t Seen = gate_load(&G->budget_period);
    if (Seen == Period || !__scoped_atomic_compare_exchange_n(
                              &G->budget_period, &Seen, Period, 0, GATE_ORDER,
                              __ATOMIC_RELAXED, __MEMORY_SCOPE_DEVICE))
      return;
    double Left =
        (double)(gate_load(&G->rt_start_ns) + Gov->deadline_ns) - (double)Now;
    Q = prem_gate_budget_ratio(Gov, Left, (double)(Gov->work - Done),
                               (double)G->period_ns, G->be_ratio);
  }
  G->be_ratio = Q;
  gate_store(&G->be_budget, (uint64_t)(Q * (double)G->be_bytes_per_period));
  /* The launch's last tile may have ended meanwhile and set the nominal
   * budget, which this period's must not replace. */
  if (Done < Gov->work && gate_load(&G->rt_done) >= Gov->work)
    gate_store(&G->be_budget,
               (uint64_t)(Gov->nominal * (double)G->be_bytes_per_period));
}

uint64_t rtgate_acquire(void) {
  if (thread_in_block() != 0)
    return 0;
  prem_gate *G = gate();
  /* Launch grants alone (the GPU default): the host's flag says it all. */
  if (!G->phase_gating && !G->governor.work)
    return 0;
  volatile agent_phase *A = agent_state();
  if (A->in_memory)
    return 0;
  if (G->governor.work) {
    /* A new launch: its progress starts again. */
    uint64_t Launch = launch_identity();
    uint64_t Seen = gate_load(&G->rt_launch);
    if (Seen != Launch && __scoped_atomic_compare_exchange_n(
                              &G->rt_launch, &Seen, Launch, 0, GATE_ORDER,
                              __ATOMIC_RELAXED, __MEMORY_SCOPE_DEVICE)) {
      gate_store(&G->rt_done, 0);
      gate_store(&G->rt_start_ns, now_ns());
    }
  }
  if (!G->phase_gating)
    return 0;
  uint32_t K = G->rt_max_in_memory;
  if (!K) {
    gate_add(&G->rt_in_memory, 1);
  } else {
    for (;;) {
      uint32_t In = gate_load(&G->rt_in_memory);
      if (In < K && __scoped_atomic_compare_exchange_n(
                        &G->rt_in_memory, &In, In + 1, 0, GATE_ORDER,
                        __ATOMIC_RELAXED, __MEMORY_SCOPE_DEVICE))
        break;
      pause_briefly();
    }
  }
#if !PREM_GPU
  gate_add(&G->rt_changes, 1); /* after the announcement, before the time */
#endif
  A->in_memory = 1;
  return now_ns();
}

void rtgate_release(int ExecuteFollows) {
  if (thread_in_block() != 0)
    return;
  prem_gate *G = gate();
  if (!G->phase_gating && !G->governor.work)
    return;
  volatile agent_phase *A = agent_state();
  if (A->in_memory) {
#if !PREM_GPU
    gate_add(&G->rt_changes, 1); /* after the end's time, before leaving */
#endif
    gate_add(&G->rt_in_memory, (uint32_t)-1);
    A->in_memory = 0;
  }
  if (!ExecuteFollows && G->governor.work)
    rtgate_budget(G, gate_add(&G->rt_done, 1) + 1);
}
#endif /* PREM_WITH_RTGATE */
