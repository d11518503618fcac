/*===- prem_rt.h - The prem-llvm device runtime ABI -----------------------===*
 *
 * Part of prem-llvm. What transformed kernels call (design §3). The runtime
 * is compiled to bitcode per target (nvptx64-nvidia-cuda, amdgcn-amd-amdhsa,
 * the host-offload triple) and linked into transformed device modules.
 *
 * Arbitration policy "none": a phase call only records the phase change in
 * the trace buffer (barriers, where an agent is a GPU block, are emitted by
 * prem-sync around the call). Other policies implement the same two calls.
 *
 *===----------------------------------------------------------------------===*/

#ifndef PREM_PREM_RT_H
#define PREM_PREM_RT_H

#include <stdint.h>

/* CUDA and HIP sources call the runtime from device code. */
#if defined(__CUDA__) || defined(__HIP__)
#define PREM_RT_DEVICE __device__
#else
#define PREM_RT_DEVICE
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* A memory phase (Load, Store, or a compatible interval) of interval n
 * begins: the caller may use global memory until __prem_enter_comp. */
PREM_RT_DEVICE void __prem_enter_mem(uint32_t interval);
/* An Execute phase of interval n begins: scratchpad only. */
PREM_RT_DEVICE void __prem_enter_comp(uint32_t interval);
/* Interval n is done (after its Store phase, or after the global path):
 * the caller's memory phase ends and no Execute phase follows. */
PREM_RT_DEVICE void __prem_exit_mem(uint32_t interval);

/* Set in the number of a compatible interval that holds accesses outside
 * an inner tile's loop (a sum stored after it, a value loaded before it),
 * not a tile: traces and counts tell the two apart. */
#define PREM_INTERVAL_OUTSIDE (1u << 29)

/* Transfer descriptors of SoftDMA phases (the transfer kinds of seed 003).
 * On a GPU the threads of the calling block share the copy (consecutive
 * threads on consecutive addresses); on the host the calling thread copies.
 * Regions must not overlap. */
PREM_RT_DEVICE void __prem_copy_1d(void *dst, const void *src, uint64_t bytes);
/* rows x width bytes; each row starts pitch bytes after the previous one. */
PREM_RT_DEVICE void __prem_copy_2d(void *dst, uint64_t dst_pitch,
                                   const void *src, uint64_t src_pitch,
                                   uint64_t width, uint64_t rows);
/* The same, for a Load phase's copies when L1 bypass is on
 * (-prem-profile-use): each byte is read once, so on a GPU the loads skip
 * the L1 when that moves fewer bytes from memory (seed 000's rule with
 * U = 1 and R = 0: unless the interval is whole 128-byte lines), decided
 * per copy (per row of a 2-D one). */
PREM_RT_DEVICE void __prem_copy_1d_streaming(void *dst, const void *src,
                                             uint64_t bytes);
PREM_RT_DEVICE void __prem_copy_2d_streaming(void *dst, uint64_t dst_pitch,
                                             const void *src,
                                             uint64_t src_pitch,
                                             uint64_t width, uint64_t rows);
/* count elements of elem_bytes: dst[i] = src[offsets[i]] (offsets in
 * elements). */
PREM_RT_DEVICE void __prem_copy_gather(void *dst, const void *src,
                                       const uint64_t *offsets, uint64_t count,
                                       uint64_t elem_bytes);
/* The inverse: dst[offsets[i]] = src[i]. */
PREM_RT_DEVICE void __prem_copy_scatter(void *dst, const void *src,
                                        const uint64_t *offsets, uint64_t count,
                                        uint64_t elem_bytes);

/* The trace: one record per phase change, while there is room. */
enum prem_phase {
  PREM_PHASE_MEMORY = 1,  /* __prem_enter_mem */
  PREM_PHASE_COMPUTE = 2, /* __prem_enter_comp */
  PREM_PHASE_DONE = 3     /* __prem_exit_mem */
};
typedef struct prem_trace_record {
  uint64_t time_ns;  /* %globaltimer on NVPTX, s_memrealtime on AMDGPU,
                        CLOCK_MONOTONIC on the host */
  uint32_t agent;    /* block (GPU) or thread (host) */
  uint32_t interval; /* low 30 bits; phase in the top 2 bits */
} prem_trace_record;

#define PREM_TRACE_CAPACITY 65536u
#define PREM_TRACE_PHASE_SHIFT 30u

/* Located by name from the host (cuModuleGetGlobal, or omp_target_memcpy
 * through a declare-target mapping). count may exceed the capacity: records
 * past it are counted, not stored. */
PREM_RT_DEVICE extern prem_trace_record __prem_trace[PREM_TRACE_CAPACITY];
PREM_RT_DEVICE extern uint64_t __prem_trace_count;
/* Nothing is recorded unless this is not 0: a production run pays no trace.
 * On a GPU the host sets it before a launch (libprem_gpu's
 * prem_gpu_trace_set, or by name); on host offload PREM_TRACE=1,
 * PREM_TRACE_SUMMARY or PREM_TRACE_FILE set it. */
PREM_RT_DEVICE extern uint32_t __prem_trace_enabled;

/* The memory token of the "device" policy (one agent at a time in a memory
 * phase): a ticket lock in global memory, shared with libprem
 * (prem_host.h), whose watchdog may take it back from a holder that
 * overran. On host offload, PREM_TOKEN_SHM=name makes the runtime use the
 * token in that POSIX shared-memory object, so that CPU tasks (libprem)
 * compete for memory through the same token. */
typedef struct prem_token {
  uint32_t next;       /* tickets handed out */
  uint32_t serving;    /* the ticket allowed into memory */
  uint32_t holder;     /* 1 + the holder's agent number; 0: none */
  uint32_t recoveries; /* times a watchdog took the token back */
  uint64_t granted_ns; /* when the holder got it (the trace's clock) */
} prem_token;

PREM_RT_DEVICE extern prem_token __prem_token;

/* The shared state of the "host" policy (GPUguard), in POSIX shared memory
 * named by PREM_GUARD_SHM (libprem's prem_guard_start creates it). Each
 * counter has writers on one side only (in_memory: the kernel's agents;
 * cpu_in_memory: CPU tasks; the rest: the arbiter), so a GPU needs no
 * atomics that are atomic with respect to the host, only system-scope
 * ordering. */
typedef struct prem_guard {
  uint64_t epoch;     /* windows so far; even: the kernel's memory window */
  uint64_t overruns;  /* kernel windows that closed on an open memory phase */
  uint32_t in_memory; /* the kernel's agents in a memory phase now */
  uint32_t cpu_in_memory; /* CPU tasks in a memory phase now */
  uint64_t window_ns;     /* when the current window was due to open
                             (CLOCK_MONOTONIC): its timer's expiry */
} prem_guard;

/* Host offload: the POSIX shared-memory objects that PREM_TOKEN_SHM and
 * PREM_GUARD_SHM name begin with this header, and the prem_token or
 * prem_guard follows at state_offset (a page: the state stays page-aligned
 * for a GPU that registers it, and GPU code sees the state alone). libprem
 * writes the header when it creates the object (prem_token_open_shared,
 * prem_guard_start), magic last; the device runtime checks it before it
 * uses the object, so that a name that is no prem object, or one left
 * behind by an arbiter that died, stops the program with a message rather
 * than a fault or a hang. */
#define PREM_SHM_MAGIC_TOKEN 0x314e454b4f544d50ull /* "PMTOKEN1" */
#define PREM_SHM_MAGIC_GUARD 0x3144524155474d50ull /* "PMGUARD1" */
#define PREM_SHM_VERSION 1u
typedef struct prem_shm_header {
  uint64_t magic;        /* PREM_SHM_MAGIC_TOKEN or _GUARD */
  uint32_t version;      /* PREM_SHM_VERSION */
  uint32_t state_offset; /* where the prem_token or prem_guard begins */
  uint64_t size;         /* of the whole object: state_offset + the state */
  int32_t owner_pid;     /* the process that created it (the arbiter) */
  uint32_t reserved;
  uint64_t heartbeat_ns; /* guard: CLOCK_MONOTONIC, moved by the arbiter at
                            least every PREM_SHM_HEARTBEAT_NS while it runs;
                            token: 0 */
} prem_shm_header;
#define PREM_SHM_HEARTBEAT_NS 1000000ull /* 1 ms */
/* A guard whose heartbeat is this old when a program maps it has no live
 * arbiter (its pid reused, or the arbiter stopped). */
#define PREM_SHM_STALE_NS 10000000000ull /* 10 s */

/* On a GPU the state is host memory mapped for the device: before the
 * launch the host writes its device address here by name
 * (cuMemHostRegister with CU_MEMHOSTREGISTER_DEVICEMAP, then
 * cuMemHostGetDevicePointer and cuModuleGetGlobal; docs/arbitration.md).
 * A kernel launched without it traps. */
PREM_RT_DEVICE extern prem_guard *__prem_guard;

/* The slot table of the "tdma" policy: agent a (a GPU block, a host-offload
 * thread) starts memory phases only in slot a mod slots of every round of
 * `slots` slots of slot_ns, and only when budget_ns fits the rest of it.
 * With launch_slot = k + 1 the slot is per launch, not per block (design
 * §3b): every agent of the module starts its memory phases in slot k, so
 * the blocks of a launch run their memory phases together, and the host
 * gives each launch (each module's table) a slot of its own. */
typedef struct prem_tdma {
  uint64_t slot_ns;
  uint32_t slots;
  uint32_t launch_slot; /* 0: slot (agent mod slots); k + 1: slot k */
  uint64_t budget_ns;
  uint64_t reserved2;
} prem_tdma;

PREM_RT_DEVICE extern prem_tdma __prem_tdma;

/* Policy "rtgate" (real-time first, design §3b): the agent is a kernel
 * launch, not a block. A real-time kernel (the prem pipeline with
 * -prem-arbiter=rtgate) never waits for best-effort work. Best-effort
 * kernels (prem-comply) call __prem_be_poll every few hundred bytes they
 * move; it holds them back
 *  - while a real-time launch runs: the host raises rt_active around each
 *    launch of a real-time stream, in the stream's order (libprem's
 *    prem_gpu_gate_begin/_end: stream memory writes, no kernel involved);
 *  - with phase_gating, while any real-time block is in a memory phase
 *    (its blocks announce them in rt_in_memory; at most rt_max_in_memory
 *    at once when that is not 0: memory-centric scheduling's "virtual
 *    memory cores"). This is exact, and the host-offload default; on a GPU
 *    every announcement of every block meets on one cache line, which the
 *    whole best-effort grid polls (measured in bench/gpu/isolation.py);
 *  - and otherwise while their bytes in the current regulation period
 *    exceed its budget, which seed 002's on-line budget computation (FAIR,
 *    GREEDY, SMOOTH; prem_gate_budget_ratio) sets from the real-time
 *    launch's progress. The real-time kernel's blocks run that computation
 *    when a tile ends in a new period (seed 002 runs it on a CPU core), so
 *    that the polls of best-effort kernels stay small.
 * So a best-effort kernel moves memory beside a real-time one for at most
 * one poll interval. A best-effort thread that has waited watchdog_ns in
 * one poll goes on and counts a recovery: a real-time agent is stuck, or
 * never lowered its flag; for the next watchdog_ns every poll goes on at
 * once, so a gate stuck closed halves best effort's speed at worst rather
 * than making every poll wait.
 * The state lives in device memory (libprem's prem_gpu_gate_create) and
 * each module that uses it gets its address in __prem_gate; a kernel
 * launched without it stops with a message. On host offload the state is
 * the process's own, PREM_GATE sets its parameters and
 * PREM_GATE_WATCHDOG_NS its watchdog_ns. */
#define PREM_GATE_MAGIC 0x3145544147524d50ull /* "PMRGATE1" */

enum prem_budget_scheme {
  PREM_BUDGET_NOMINAL = 0, /* the nominal ratio in every period */
  PREM_BUDGET_FAIR = 1,    /* seed 002 Algorithm 3 */
  PREM_BUDGET_GREEDY = 2,  /* Eq. 5.3 */
  PREM_BUDGET_SMOOTH = 3   /* Eq. 5.4 */
};

/* What the budget computation knows of the real-time kernel (seed 002,
 * Sec. 5.1, with one cluster of blocks): its tiles (__prem_exit_mem calls)
 * per launch, how many run at once, a tile's time alone (e0) and beside
 * unregulated best-effort work (e1), and the deadline of a launch from its
 * first memory phase. work == 0: no governor, the nominal ratio holds. */
typedef struct prem_gate_governor {
  uint32_t scheme;     /* prem_budget_scheme */
  uint32_t concurrent; /* M: real-time tiles that run at once */
  uint64_t work;       /* tiles per real-time launch */
  uint64_t deadline_ns;
  double e0_ns, e1_ns;
  double nominal;   /* Q of the first period, and of GREEDY's later ones */
  double smoothing; /* SMOOTH's a (seed 002: 0.3) */
} prem_gate_governor;

typedef struct prem_gate {
  uint64_t magic;            /* PREM_GATE_MAGIC once set up */
  uint8_t rt_active[8];      /* one byte per real-time stream: not 0 while
                                a launch of it runs (set by the host) */
  uint32_t rt_in_memory;     /* real-time blocks in a memory phase now */
  uint32_t rt_max_in_memory; /* K; 0: no limit */
  uint32_t phase_gating;     /* 1: real-time blocks announce their memory
                                phases in rt_in_memory */
  uint32_t rt_changes;       /* host offload: real-time memory phases
                                begun and ended (the time a best-effort
                                poll is granted at, __prem_be_poll) */
  uint64_t watchdog_ns;      /* the longest a best-effort poll waits */
  uint64_t period_ns;        /* regulation period */
  uint64_t be_bytes_per_period; /* best-effort bytes a period allows at
                                   Q = 1; 0: no byte budget */
  uint64_t be_period;        /* the period be_used counts */
  uint64_t be_used;          /* best-effort bytes in it */
  uint64_t be_budget;        /* their budget: Q x be_bytes_per_period */
  double be_ratio;           /* Q of the current period (SMOOTH's y) */
  uint64_t rt_launch;        /* the real-time launch in progress (NVPTX:
                                %gridid + 1) */
  uint64_t rt_start_ns;      /* its first memory phase */
  uint64_t rt_done;          /* its tiles done */
  uint64_t be_polls;   /* polls (host offload only: on a GPU every warp
                          would meet on one counter) */
  uint64_t be_waits;   /* polls that waited */
  uint64_t recoveries; /* polls that found a real-time agent stuck */
  uint64_t budget_period; /* the period be_budget was computed for */
  prem_gate_governor governor;
  uint64_t stuck_since; /* when a poll last waited watchdog_ns: for the next
                           watchdog_ns polls go on without waiting */
} prem_gate;

PREM_RT_DEVICE extern prem_gate *__prem_gate;

/* Best-effort agents (prem-comply): bytes the calling thread moved since its
 * last poll; returns when it may go on moving memory. */
PREM_RT_DEVICE void __prem_be_poll(uint64_t bytes);

/* Seed 002's on-line budget computation, one cluster of blocks: the share
 * Q of the next regulation period (of period_ns) that best-effort work may
 * use so that the real-time launch, with `remaining` tiles left and left_ns
 * to its deadline, still meets it when every tile that meets best-effort
 * traffic takes e1 (Algorithm 3; tmem(t, Q) = Q t inverts Eq. 4.5 for a
 * budget used at once). previous: the last period's Q (SMOOTH). */
PREM_RT_DEVICE static inline double
prem_gate_budget_ratio(const prem_gate_governor *g, double left_ns,
                       double remaining, double period_ns, double previous) {
  if (g->scheme == PREM_BUDGET_NOMINAL || g->work == 0 || remaining <= 0)
    return g->nominal;
  if (left_ns <= 0)
    return 0;
  double M = g->concurrent ? g->concurrent : 1, e0 = g->e0_ns, e1 = g->e1_ns;
  if (e1 <= e0 || (remaining * e1 - e1) / M + e1 <= left_ns)
    return 1; /* met even if every tile meets full interference */
  double x = ((left_ns - e1) * M - remaining * e0 + e1) / (e1 - e0);
  x = x < 0 ? 0 : (x > remaining ? remaining : x);
  double tmem = x * e1 / M; /* best-effort memory time the deadline allows */
  double q;
  if (g->scheme == PREM_BUDGET_FAIR) {
    q = tmem / left_ns;
  } else {
    double later = g->nominal * (left_ns - period_ns);
    q = (tmem - (later > 0 ? later : 0)) / period_ns;
    if (g->scheme == PREM_BUDGET_SMOOTH) {
      double a = g->smoothing, filtered = a * q + (1 - a) * previous;
      q = q < filtered ? q : filtered;
    }
  }
  return q < 0 ? 0 : (q > 1 ? 1 : q);
}

/* Shared memory a block's state (where the block stands under the device,
 * host and rtgate policies) takes on NVPTX, where it lives in the block's
 * shared memory: the scratchpad budget of the passes leaves it out
 * (prem::runtimeScratchpadBytes), and the runtime checks its state's size
 * against it. */
#define PREM_RT_BLOCK_STATE_BYTES 24u

/* The runtime built with every policy (prem-cc -fprem-arbiter=launch)
 * runs the one __prem_arbiter names: the host of a GPU writes it by name
 * before the launch; on host offload PREM_ARBITER=<policy name> sets it.
 * The policies of include/prem/Policies.def, in its order: PREM_POLICY_NONE
 * (0), PREM_POLICY_DEVICE, PREM_POLICY_TDMA, PREM_POLICY_HOST,
 * PREM_POLICY_RTGATE. */
enum prem_arbiter_policy {
#define PREM_POLICY(Name, Enumerator, Targets, State, Help)                   \
  PREM_POLICY_##Enumerator,
#include "prem/Policies.def"
};
PREM_RT_DEVICE extern uint32_t __prem_arbiter;

/* The rule of the table, for the device runtime and libprem's CPU tasks
 * alike: at time now (ns), may agent start a memory phase? A table is
 * valid when slot_ns > 0, slots > 0, budget_ns <= slot_ns and a round
 * (slot_ns x slots) fits 64 bits (the host-offload runtime refuses other
 * PREM_TDMA tables); the budget is compared with what is left of the slot,
 * which cannot overflow. */
PREM_RT_DEVICE static inline int
prem_tdma_may_start(const prem_tdma *t, uint32_t agent, uint64_t now) {
  uint32_t slot = t->launch_slot ? t->launch_slot - 1 : agent % t->slots;
  return (now / t->slot_ns) % t->slots == slot &&
         t->budget_ns <= t->slot_ns - now % t->slot_ns;
}

/* Load profiling (prem-instrument): one constant site per profiled load,
 * and one call before each execution of it. lane is a GPU thread (on host
 * offload the worksharing iteration stands for one): 32 consecutive lanes
 * make a warp. On host offload the records go to $PREM_PROFILE_FILE, else
 * to output, when the program ends; tools/prem-profile turns them into a
 * profile. On NVPTX the sites are the module's array __prem_prof_sites,
 * described in the file output.sites the compiler writes, and the records
 * stay in __prem_prof_records for the host to read (bench/gpu/
 * profile_gpu.py). */
typedef struct prem_prof_site {
  const char *kernel;
  const char *file; /* "" without debug information */
  uint32_t line, column, ordinal, bytes;
  uint64_t shape_hash; /* of the kernel's load sites */
  const char *output;  /* -prem-profile-generate=FILE */
} prem_prof_site;

PREM_RT_DEVICE void __prem_prof_load(const prem_prof_site *site, uint64_t lane,
                                     const void *address);

/* A GPU's records, in the order each thread made them. count may exceed
 * the capacity: records past it are counted, not stored. */
typedef struct prem_prof_record {
  uint64_t site; /* the address of its entry in __prem_prof_sites */
  uint64_t lane;
  uint64_t address;
} prem_prof_record;
#define PREM_PROF_CAPACITY (1u << 20)

#ifdef __cplusplus
}
#endif

#endif /* PREM_PREM_RT_H */
