/*===- trace.h - The runtime's phase trace ---------------------------------===*
 *
 * Part of prem-llvm. The trace of prem_rt.h (__prem_trace): one record per
 * phase change of an agent, and on host offload and AMDGPU one per
 * best-effort poll.
 *
 *===----------------------------------------------------------------------===*/

#ifndef PREM_RUNTIME_TRACE_H
#define PREM_RUNTIME_TRACE_H

#include "prem/prem_rt.h"

/* The calling agent's phase change of interval, by thread 0 of its block.
 * At = when the phase began (0: now); a policy that decides on the clock
 * records the time it decided at. */
void trace_phase(uint32_t interval, enum prem_phase phase, uint64_t At);

/* A best-effort poll granted at Now, for bytes, while there is room. */
void trace_poll(uint64_t Now, uint64_t bytes);

#endif /* PREM_RUNTIME_TRACE_H */
