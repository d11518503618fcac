/*===- prem_host.h - libprem, the host side of PREM arbitration -----------===*
 *
 * Part of prem-llvm (design §3, runtime/host/). The schedule of seed 001's
 * GPUguard (Sec. 3.3, Equations 2 and 3), the memory token shared with the
 * device runtime's "device" policy, a watchdog that takes the token back
 * from a holder that overran its budget, and the budget calibration of
 * seed 001's footnote 11. C API; the library is C++.
 *
 *===----------------------------------------------------------------------===*/

#ifndef PREM_PREM_HOST_H
#define PREM_PREM_HOST_H

#include "prem/prem_rt.h"

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Phase budgets of a PREM interval under a system schedule (seed 001,
 * Eq. 2) and the idle time it adds (Eq. 3). Times in any one unit. */
typedef struct prem_budgets {
  double e_memory, e_compute, idle;
} prem_budgets;

/* The best-case schedule for a memory share p_memory in (0, 1): the phases
 * are stretched only as far as the share demands (Eq. 2). */
prem_budgets prem_schedule(double t_memory, double t_compute,
                           double p_memory);
/* The fair 50/50 schedule of Sec. 4.2: both phases get the longer one. */
prem_budgets prem_schedule_fair(double t_memory, double t_compute);
/* Upper bound of one interval with a synchronization cost s per phase
 * change: E_memory + E_compute + 2 s (Sec. 3.3). */
double prem_interval_bound(prem_budgets b, double s);

/* The memory token (layout shared with the device runtime, prem_rt.h).
 * agent: any number unique among the token's users; CPU tasks take numbers
 * above the GPU's or the host-offload threads'. */
void prem_token_init(prem_token *t);
/* Waits for the token (FIFO); returns the ticket served. */
uint32_t prem_token_acquire(prem_token *t, uint32_t agent);
/* Gives the token back; 0 when the caller did not hold it (a watchdog took
 * it back meanwhile), else 1. */
int prem_token_release(prem_token *t, uint32_t agent);

/* Host offload: the token in the POSIX shared-memory object name (created,
 * zeroed when new), and PREM_TOKEN_SHM set so that the device runtime of
 * this process, and of programs started from it, uses it. The object
 * begins with a prem_shm_header (prem_rt.h) naming this process, which the
 * runtime checks; the token follows it. A token of that name whose
 * creator still runs is shared; one whose creator died is taken over.
 * NULL on failure: errno EEXIST when the name is taken by an object that
 * is no prem token. Call before the first target region. */
prem_token *prem_token_open_shared(const char *name);
void prem_token_close_shared(prem_token *t, const char *name);

/* The watchdog: when the holder has had the token for more than budget_ns,
 * the token goes to the next agent and overrun() (if any) hears of it.
 * Returns the number of recoveries. */
typedef void (*prem_overrun_fn)(uint32_t agent, uint64_t held_ns, void *ctx);
typedef struct prem_watchdog prem_watchdog;
prem_watchdog *prem_watchdog_start(prem_token *t, uint64_t budget_ns,
                                   prem_overrun_fn overrun, void *ctx);
uint64_t prem_watchdog_stop(prem_watchdog *w);

/* The "host" policy's arbiter (GPUguard, seed 001 Sec. 3.3), host offload:
 * a thread that alternates a memory window of e_memory_ns for the
 * offloaded kernel and one of e_compute_ns for the CPU, in the
 * shared-memory object name (PREM_GUARD_SHM is set for the device runtime).
 * The object begins with a prem_shm_header (prem_rt.h) naming this
 * process, with a heartbeat the arbiter moves every millisecond; the
 * state follows it (prem_guard_state). A guard of that name whose arbiter
 * died is taken over; NULL (errno EBUSY) when its arbiter still runs, or
 * (EEXIST) when the name is taken by an object that is no prem guard.
 * Start it before the first target region. With a budget of 0 both come
 * from PREM_GUARD_E_MEMORY_NS and PREM_GUARD_E_COMPUTE_NS (NULL when unset);
 * prem_guard_stop writes its statistics to PREM_GUARD_STATS when set: this
 * is how tools/prem-calibrate drives a program. */
typedef struct prem_guard_arbiter prem_guard_arbiter;
prem_guard_arbiter *prem_guard_start(const char *name, uint64_t e_memory_ns,
                                     uint64_t e_compute_ns);
/* A CPU task's memory phase: waits for the CPU's window (and for the
 * kernel's agents to be out of memory); returns when the window ends (ns,
 * CLOCK_MONOTONIC) so that the task can fit its phase. End it with
 * prem_guard_cpu_exit_mem. */
uint64_t prem_guard_cpu_enter_mem(prem_guard_arbiter *g);
void prem_guard_cpu_exit_mem(prem_guard_arbiter *g);
/* The shared state (prem_rt.h) the kernel's agents look at: on a GPU, map
 * it for the device and write its device address to the kernel module's
 * __prem_guard before the launch (docs/arbitration.md). */
prem_guard *prem_guard_state(prem_guard_arbiter *g);
/* late_*: how long after its timer expired each window opened (the
 * arbiter's share of the agents' response), over the run. recoveries: the
 * times the kernel's agents stayed in memory through four kernel windows
 * in a row and 100 ms (a crashed or stuck agent), after which CPU tasks
 * stopped waiting for them until they were out of memory again. */
typedef struct prem_guard_stats {
  uint64_t windows, overruns;
  uint64_t late_median_ns, late_p99_ns, late_max_ns;
  uint64_t recoveries;
} prem_guard_stats;
prem_guard_stats prem_guard_stop(prem_guard_arbiter *g);

/* A CPU task under the "tdma" policy: it owns slot (agent mod slots) of the
 * same table as the kernels (prem_tdma in prem_rt.h, PREM_TDMA on host
 * offload) and waits for it with budget_ns left; returns the time it
 * decided at (CLOCK_MONOTONIC, the host-offload trace's clock). */
uint64_t prem_tdma_cpu_enter_mem(const prem_tdma *table, uint32_t agent);

/* Throttle threads (MemGuard's, as seed 001 Sec. 5 reuses them): one
 * thread pinned to each of the given CPU cores keeps it busy without
 * touching memory during the kernel's memory windows, so that no other task
 * there competes for DRAM, and sleeps through the CPU's windows. With
 * realtime they run under SCHED_FIFO (root): they then keep the core from
 * every normal task, so keep the arbiter's own thread off those cores.
 * Otherwise they run at normal priority and only compete for the core.
 * NULL on failure. */
typedef struct prem_throttle prem_throttle;
prem_throttle *prem_throttle_start(prem_guard_arbiter *g, const int *cores,
                                   int count, int realtime);
/* Stops them; returns the kernel windows they held their cores in (summed
 * over threads), and whether they ran under SCHED_FIFO. */
typedef struct prem_throttle_stats {
  uint64_t windows_throttled;
  int realtime;
} prem_throttle_stats;
prem_throttle_stats prem_throttle_stop(prem_throttle *t);

/* Budget calibration (seed 001, footnote 11): run(budget_ns, ctx) runs the
 * workload once under a watchdog of that budget and returns how many
 * synchronizations failed (recoveries); the budget grows by factor from
 * start_ns until a run has none, up to max_ns. Returns the budget, or 0
 * when max_ns was reached with failures left. */
typedef uint64_t (*prem_workload_fn)(uint64_t budget_ns, void *ctx);
uint64_t prem_calibrate(prem_workload_fn run, void *ctx, uint64_t start_ns,
                        double factor, uint64_t max_ns);

#ifdef __cplusplus
}
#endif

#endif /* PREM_PREM_HOST_H */
