/*===- target.h - The runtime's target layer -------------------------------===*
 *
 * Part of prem-llvm. What the device runtime needs of the machine it runs
 * on, the same calls on every target (target.c defines them per target):
 * who the caller is, the clock, waiting, and the read-modify-writes whose
 * ordering must survive the back ends. An agent is a GPU block, or a
 * host-offload thread, where a block is one thread.
 *
 *===----------------------------------------------------------------------===*/

#ifndef PREM_RUNTIME_TARGET_H
#define PREM_RUNTIME_TARGET_H

/* clock_gettime and the POSIX calls of the host-offload runtime: before
 * any system header. */
#define _POSIX_C_SOURCE 199309L

#include "prem/prem_rt.h"

/* The device image of host offload is an ordinary shared object, with
 * libc; GPU code is kept free of it. */
#if defined(__NVPTX__) || defined(__AMDGPU__)
#define PREM_GPU 1
#else
#define PREM_GPU 0
#endif

#if !PREM_GPU
/* What a program runs once (reading its environment, mapping the shared
 * state, the trace and profile at exit) or on the way out (an error). The
 * prem pipeline links the runtime into every module it transforms, where
 * the optimiser and the back end go over it again: optnone spares these
 * functions, most of the runtime's code, both, which is most of what the
 * runtime adds to a compile (issue 27: compile time). */
#define PREM_ONCE __attribute__((cold, noinline, optnone))
#endif

/* Nanoseconds of the trace's clock (prem_trace_record.time_ns). */
uint64_t now_ns(void);
/* The agent, unique per agent: the linear block index on a GPU (x
 * fastest), the thread's number (from 0, in order of first use) on the
 * host. */
uint32_t agent_id(void);
/* The caller's thread within its block (linear, x fastest), and the
 * block's threads. */
uint32_t thread_in_block(void);
uint32_t threads_per_block(void);

/* A short pause in a spin loop. */
void pause_briefly(void);
/* Waits about Ns nanoseconds (on NVPTX; elsewhere a short pause). */
void back_off(uint32_t Ns);

/* *P += V with release ordering, at GPU scope on a GPU. */
void add_release(uint32_t *P, uint32_t V);
/* *P += V, sequentially consistent and, on a GPU, of system scope: for
 * state in host memory. */
void add_seq_cst_sys(uint32_t *P, int32_t V);

#endif /* PREM_RUNTIME_TARGET_H */
