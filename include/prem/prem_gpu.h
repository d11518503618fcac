/*===- prem_gpu.h - libprem_gpu, the host side of rtgate on CUDA ----------===*
 *
 * Part of prem-llvm (design §3b, runtime/host/prem_gpu.cpp). The state of
 * the "rtgate" arbiter (prem_gate in prem_rt.h) in GPU memory, and handing
 * its address to every CUDA module that uses it: modules with a real-time
 * kernel (-prem-arbiter=rtgate, prem-cc -fprem-arbiter=rtgate) and modules
 * with best-effort kernels (-prem-best-effort, prem-cc -fprem-best-effort)
 * each have a weak global __prem_gate, and a kernel launched while it is
 * unset stops with a message and traps. C API; the library is C++.
 *
 * Built when CMake finds the CUDA toolkit. Link with
 *   -lprem_gpu -lcuda -lstdc++
 * (prem-cc does this for CUDA programs built with -fprem-arbiter=rtgate or
 * -fprem-best-effort; CMake: target PremLLVM::prem_gpu).
 *
 *   prem_gpu_gate *g = prem_gpu_gate_create(NULL);   // current context
 *   prem_gpu_gate_attach(g, rt_module);               // cuModuleLoad'ed
 *   prem_gpu_gate_attach(g, be_module);
 *   prem_gpu_gate_best_effort(be_kernel);             // each BE kernel
 *   prem_gpu_gate_realtime(g, &governor);             // optional
 *   ... best-effort launches on their streams; each real-time launch:
 *   prem_gpu_gate_begin(g, rt_stream, 0);
 *   cuLaunchKernel(rt_kernel, ..., rt_stream, ...);
 *   prem_gpu_gate_end(g, rt_stream, 0);
 *   prem_gpu_gate_stats s = prem_gpu_gate_stop(g);
 *
 * Every function reports a failed CUDA call on stderr, naming the call and
 * the driver's error, and returns NULL or -1; none aborts.
 *
 *===----------------------------------------------------------------------===*/

#ifndef PREM_PREM_GPU_H
#define PREM_PREM_GPU_H

#include "prem/prem_rt.h"

#include <cuda.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct prem_gpu_gate prem_gpu_gate;

/* The gate's parameters (prem_gate in prem_rt.h). Start from
 * prem_gpu_gate_defaults() and change what you need. */
typedef struct prem_gpu_gate_config {
  uint64_t period_ns;           /* regulation period (> 0; 100000) */
  uint64_t watchdog_ns;         /* the longest a best-effort poll waits:
                                   then it goes on and counts a recovery
                                   (a real-time agent stuck, a flag never
                                   lowered) (> 0; 100000000) */
  uint64_t be_bytes_per_period; /* best-effort bytes a period allows at
                                   ratio 1; 0 (default): no byte budget,
                                   best effort only yields to real-time
                                   memory phases */
  uint32_t rt_max_in_memory;    /* K: real-time blocks in a memory phase at
                                   once; 0 (default): no limit. Only with
                                   phase_gating */
  uint32_t phase_gating;        /* 1: best effort also holds back while a
                                   real-time block announces a memory phase
                                   (exact, but every block's announcement
                                   meets on one cache line); 0 (default):
                                   launch grants only (prem_gpu_gate_begin) */
  prem_gate_governor governor;  /* the budget computation: work 0
                                   (default) keeps the nominal ratio
                                   (1.0), smoothing 0.3; see
                                   prem_gpu_gate_realtime */
} prem_gpu_gate_config;

/* The defaults above. */
prem_gpu_gate_config prem_gpu_gate_defaults(void);

/* Allocates the state in the calling thread's current CUDA context
 * (cuMemAlloc), fills it from cfg (NULL: the defaults) and copies it to
 * the device: magic, the parameters, a budget of nominal x
 * be_bytes_per_period (none without a byte budget) and a ratio of nominal.
 * The gate keeps that context and makes it current itself in the calls
 * below. Runtime-API programs: make the primary context current first
 * (cudaSetDevice then cudaFree(0)). NULL, with a message, when there is no
 * driver, device or current context, when the allocation or the copy
 * fails, or when cfg is out of range (period_ns or watchdog_ns 0, scheme
 * unknown, nominal or smoothing outside [0, 1], e0_ns or e1_ns negative). */
prem_gpu_gate *prem_gpu_gate_create(const prem_gpu_gate_config *cfg);

/* Writes the state's address to the module's __prem_gate (cuModuleGetGlobal,
 * cuMemcpyHtoD). Call it for every module with a real-time or best-effort
 * kernel before launching from it. 0, or -1 with a message: a module
 * without __prem_gate was not built with -prem-arbiter=rtgate or
 * -prem-best-effort (prem-cc -fprem-arbiter=rtgate, -fprem-best-effort). */
int prem_gpu_gate_attach(prem_gpu_gate *g, CUmodule module);

/* Policy "tdma" with slots per launch (prem_rt.h, design §3b): writes
 * table to the module's __prem_tdma, so that every block of the module's
 * next launches starts its memory phases in slot table->launch_slot - 1
 * (0: each block in slot "block number mod slots", as before). Give each
 * launch that runs at the same time a module of its own and a slot of its
 * own. Synchronous (cuMemcpyHtoD): call it before the launch. The table is
 * checked first (slot_ns and slots above 0, budget_ns below slot_ns,
 * launch_slot at most slots, a round within 64 bits). 0, or -1 with a
 * message. */
int prem_gpu_tdma_set(CUmodule module, const prem_tdma *table);

/* Turns the module's phase trace on (on != 0) or off (issue 27: nothing is
 * recorded by default, so that a production run pays no global atomic per
 * phase change): writes the module's __prem_trace_enabled. Synchronous: call
 * it before the launches it is for. The records are read from __prem_trace
 * and __prem_trace_count (prem_rt.h). 0, or -1 with a message. */
int prem_gpu_trace_set(CUmodule module, int on);

/* CUDA runtime API programs: attaches the module that holds kernel (the
 * address of a __global__ function, as given to cudaLaunchKernel), through
 * cudaGetFuncBySymbol and cuFuncGetModule. In the library when the CUDA
 * runtime was found at its build (it is for CUDA 12 and 13); it needs the
 * program to link the CUDA runtime (-lcudart), as such programs do. */
int prem_gpu_gate_attach_kernel(prem_gpu_gate *g, const void *kernel);

/* Registers the real-time kernel for the budget computation (seed 002,
 * one cluster; prem_gate_governor in prem_rt.h): writes the governor to
 * the state and restarts the ratio (and the byte budget) at gov->nominal.
 * A best-effort poll computes each regulation period's ratio from it with
 * prem_gate_budget_ratio. Call it before the launches that use the gate
 * (the copy waits for work of the context's blocking streams, as
 * cuMemcpyHtoD does). 0, or -1 with a message (a failed copy, a governor
 * out of range as for prem_gpu_gate_create). */
int prem_gpu_gate_realtime(prem_gpu_gate *g, const prem_gate_governor *gov);

/* A real-time launch's grant, in the order of its stream: begin raises
 * the stream's flag (rt_active[slot] of prem_gate, cuMemsetD8Async on
 * stream) and end lowers it; best-effort kernels hold back while any flag
 * is up. Enqueue begin before and end after each real-time launch (or
 * around a batch of them). slot: 0 to 7, one per real-time stream, so that
 * one stream's end lowers no other's flag. 0, or -1 with a message. */
int prem_gpu_gate_begin(prem_gpu_gate *g, CUstream stream, unsigned slot);
int prem_gpu_gate_end(prem_gpu_gate *g, CUstream stream, unsigned slot);

/* Prepares a best-effort kernel: asks for the largest shared-memory split
 * (CU_FUNC_ATTRIBUTE_PREFERRED_SHARED_MEMORY_CARVEOUT). An SM changes its
 * split of L1 and shared memory only when no block runs there, so a
 * best-effort kernel without shared memory whose blocks wait in the gate
 * would keep SMs split for L1, and the real-time kernel's blocks (a tile of
 * shared memory each) off them, until the watchdog (bench/gpu/
 * isolation.py). 0, or -1 with a message. */
int prem_gpu_gate_best_effort(CUfunction kernel);

/* What the state counted. be_polls: best-effort polls (the device runtime
 * may count them on host offload only; see prem_gate); be_waits: polls
 * that waited (a real-time launch, a real-time memory phase, the budget);
 * recoveries: polls that waited watchdog_ns and went on; be_ratio:
 * the current period's ratio Q. rt_in_memory: real-time blocks in a memory
 * phase (with phase_gating; 0 once the kernels are done, else a block never
 * left memory); rt_active: bit i set while slot i's flag is up (0 once
 * the streams are done, else a begin without its end); rt_done: tiles the
 * latest real-time launch finished (counted with a governor, work > 0). */
typedef struct prem_gpu_gate_stats {
  uint64_t be_polls, be_waits, recoveries;
  double be_ratio;
  uint32_t rt_in_memory;
  uint32_t rt_active;
  uint64_t rt_done;
} prem_gpu_gate_stats;

/* Reads the statistics now, without waiting for the kernels (a snapshot
 * through a non-blocking stream of its own; synchronize first for final
 * counts). 0, or -1 with a message (*stats then all zero). */
int prem_gpu_gate_read(prem_gpu_gate *g, prem_gpu_gate_stats *stats);

/* Waits for the context's work (cuCtxSynchronize), reads the statistics
 * and frees the state and g. The modules attached must not launch again.
 * On a failed call it says so, returns what it could read (zeros if
 * nothing) and still frees what it can. g may be NULL (all zero). */
prem_gpu_gate_stats prem_gpu_gate_stop(prem_gpu_gate *g);

/* The state's device address (for programs that hand it on themselves,
 * e.g. a Python harness writing __prem_gate with its own CUDA binding);
 * 0 for NULL. */
CUdeviceptr prem_gpu_gate_device_ptr(const prem_gpu_gate *g);

/* SM partitions (green contexts, CUDA 12.4 or later; issue 26). The gate
 * keeps best effort out of DRAM during a real-time launch, but a held-back
 * best-effort block keeps its SM's thread slots, registers and shared
 * memory: real-time blocks cannot start there. On the H100
 * (bench/results/nvidia-h100-80gb-hbm3/isolation-be16-rt116.md) real time
 * on 116 SMs and best effort on 16 took the p99 sensitivity from 1.26 to
 * 1.08 (1.20 in a second run: the shortest kernel's tail), at the cost of
 * best effort's throughput (0.07 of it alone on the whole GPU). */
typedef struct prem_gpu_partition prem_gpu_partition;
typedef enum prem_gpu_side {
  PREM_GPU_REALTIME = 0,
  PREM_GPU_BEST_EFFORT = 1
} prem_gpu_side;

/* Splits the SMs of the current context's device in two green contexts:
 * one of at least be_sms SMs for best effort (rounded up to the GPU's
 * granularity: cuDevSmResourceSplitByCount) and one of the SMs left for
 * real time. Create the gate and load the modules first, in the primary
 * context: the partition's streams run their kernels. NULL, with a
 * message, when be_sms is 0, when it leaves no SM for real time, when the
 * driver has no green contexts, or when a call fails. */
prem_gpu_partition *prem_gpu_partition_create(unsigned be_sms);

/* A new non-blocking stream whose kernels run only on the side's SMs: of
 * the highest priority for real time, the lowest for best effort. The
 * caller destroys it (cuStreamDestroy) before the partition. NULL, with a
 * message, on failure. */
CUstream prem_gpu_partition_stream(prem_gpu_partition *p, prem_gpu_side side);

/* How many SMs the side has (0 for NULL). */
unsigned prem_gpu_partition_sms(const prem_gpu_partition *p,
                                prem_gpu_side side);

/* Destroys the two green contexts and frees p (NULL: nothing). */
void prem_gpu_partition_destroy(prem_gpu_partition *p);

#ifdef __cplusplus
}
#endif

#endif /* PREM_PREM_GPU_H */
