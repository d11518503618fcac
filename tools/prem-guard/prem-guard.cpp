//===- prem-guard.cpp - Run a program under the GPUguard arbiter ----------===//
//
// Part of prem-llvm. The "host" policy's arbiter as a command, the way
// seed 001 runs GPUguard as a system component beside the application:
//
//   prem-guard [--e-memory NS --e-compute NS] -- PROGRAM [ARGS...]
//
// Starts libprem's time-triggered arbiter (prem_guard_start) in shared
// memory, runs PROGRAM with PREM_GUARD_SHM naming it (a program built with
// -fprem-arbiter=host then takes its memory windows from it, unchanged),
// stops the arbiter when the program ends and prints its windows and
// overruns on stderr. Without the budgets, PREM_GUARD_E_MEMORY_NS and
// PREM_GUARD_E_COMPUTE_NS give them, and PREM_GUARD_STATS receives the
// statistics: tools/prem-calibrate drives it that way. Exits with the
// program's status (2 when it cannot be run or the usage is wrong).
//
//===----------------------------------------------------------------------===//

#include "prem/prem_host.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <sys/wait.h>
#include <unistd.h>

static int usage() {
  std::fprintf(stderr, "usage: prem-guard [--e-memory NS --e-compute NS] -- "
                       "PROGRAM [ARGS...]\n");
  return 2;
}

static bool parseNs(const char *Text, uint64_t &Out) {
  char *End = nullptr;
  unsigned long long V = std::strtoull(Text, &End, 10);
  if (!*Text || *End || V == 0)
    return false;
  Out = V;
  return true;
}

int main(int Argc, char **Argv) {
  uint64_t EMemory = 0, ECompute = 0;
  int I = 1;
  for (; I < Argc && std::strcmp(Argv[I], "--") != 0; ++I) {
    bool Memory = std::strcmp(Argv[I], "--e-memory") == 0;
    bool Compute = std::strcmp(Argv[I], "--e-compute") == 0;
    if ((!Memory && !Compute) || I + 1 >= Argc ||
        !parseNs(Argv[I + 1], Memory ? EMemory : ECompute))
      return usage();
    ++I;
  }
  if (I + 1 >= Argc || bool(EMemory) != bool(ECompute))
    return usage();
  std::string Name = "/prem-guard-" + std::to_string(getpid());
  prem_guard_arbiter *Guard = prem_guard_start(Name.c_str(), EMemory, ECompute);
  if (!Guard) {
    std::fprintf(stderr, "prem-guard: cannot start the arbiter (give "
                         "--e-memory and --e-compute, or set "
                         "PREM_GUARD_E_MEMORY_NS and "
                         "PREM_GUARD_E_COMPUTE_NS)\n");
    return 2;
  }
  pid_t Child = fork();
  if (Child == 0) {
    execvp(Argv[I + 1], Argv + I + 1);
    std::perror(Argv[I + 1]);
    _exit(2); // as for bad usage; 126 and 127 would read as a shell's
  }
  int Status = 0;
  if (Child < 0 || waitpid(Child, &Status, 0) < 0)
    Status = 2 << 8;
  prem_guard_stats Stats = prem_guard_stop(Guard);
  std::fprintf(stderr,
               "prem-guard: %llu windows, %llu overruns, %llu recoveries; "
               "windows opened late by %llu ns (median), %llu ns (p99), %llu "
               "ns (max)\n",
               (unsigned long long)Stats.windows,
               (unsigned long long)Stats.overruns,
               (unsigned long long)Stats.recoveries,
               (unsigned long long)Stats.late_median_ns,
               (unsigned long long)Stats.late_p99_ns,
               (unsigned long long)Stats.late_max_ns);
  return WIFEXITED(Status) ? WEXITSTATUS(Status) : 128 + WTERMSIG(Status);
}
