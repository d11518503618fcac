/*===- host_env.h - What the host-offload runtime reads from outside -------===*
 *
 * Part of prem-llvm. On host offload the policies take their parameters
 * from the environment (PREM_TDMA, PREM_GATE, PREM_GATE_WATCHDOG_NS) and
 * their shared state from POSIX shared-memory objects that libprem makes
 * (PREM_TOKEN_SHM, PREM_GUARD_SHM). What the runtime cannot use stops the
 *program with a message: "prem: VAR='value': [field ]<what is wrong>[ (want
 *...)]".
 *
 *===----------------------------------------------------------------------===*/

#ifndef PREM_RUNTIME_HOST_ENV_H
#define PREM_RUNTIME_HOST_ENV_H

#include "prem/prem_rt.h"

#include <stddef.h>

/* The POSIX shared-memory object that the environment variable Var names
 * (libprem creates it: a prem_shm_header, then the state at its
 * state_offset), checked and mapped; returns the state, NULL when Var is
 * unset. One that is named but cannot be used stops the program with what
 * is wrong with it: the arbiter it stands for would be missing, and a
 * state that is not one would fault or hang the program. *HeaderOut gets
 * the header (for the owner's pid and heartbeat). */
void *map_named_shm(const char *Var, uint64_t Magic, const char *What,
                    size_t Bytes, prem_shm_header **HeaderOut);

/* Stops the program with exit status 1 once the reason is on stderr, from
 * wherever the runtime finds it (inside a parallel region: _Exit), leaving
 * nothing of libomp's behind. */
_Noreturn void fatal_exit(void);

/* An environment value that does not parse stops the program: a default in
 * its place would leave the run on a schedule nobody chose. Want says what
 * would be accepted. */
typedef struct env_value {
  const char *Var, *Text, *Want;
} env_value;

__attribute__((format(printf, 3, 4))) _Noreturn void
env_refuse(const env_value *V, const char *Field, const char *Why, ...);

/* The field of V at *Next: digits only (no sign, space or exponent) up to a
 * comma or the end, and within 64 bits; *Next moves past it. */
uint64_t env_field(const env_value *V, const char **Next, const char *Field);

#endif /* PREM_RUNTIME_HOST_ENV_H */
