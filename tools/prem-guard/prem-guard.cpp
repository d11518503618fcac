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
// statistics: tools/prem-calibrate drives it that way. A budget is a whole
// number of nanoseconds from 1 to 10 s (MaxWindowNs), in an option or in
// the environment. SIGTERM, SIGINT and SIGHUP are passed on to PROGRAM;
// prem-guard waits for it and stops the arbiter (which removes the
// shared-memory object) as when it ends by itself. SIGKILL cannot be
// passed on: the program gets it from the kernel when prem-guard dies
// (PR_SET_PDEATHSIG), rather than run on with no arbiter. Exits with the
// program's status (128 + the signal when a signal ended it; 2 when it
// cannot be run or the usage is wrong).
//
//===----------------------------------------------------------------------===//

#include "prem/prem_host.h"

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <string>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

static const char Usage[] =
    "usage: prem-guard [--e-memory NS --e-compute NS] -- PROGRAM [ARGS...]\n";

// The longest window a budget may ask for: 10 s. More is a slip of units
// or a wrapped negative number, and such windows would leave the program
// waiting for memory for minutes.
static const uint64_t MaxWindowNs = 10000000000ull;

static int usage() {
  std::fputs(Usage, stderr);
  return 2;
}

static int help() {
  std::printf(
      "%s\n"
      "Runs PROGRAM under libprem's GPUguard arbiter (the \"host\" policy):\n"
      "memory windows of --e-memory NS for the kernel's agents, then\n"
      "windows of --e-compute NS for the CPU, until PROGRAM ends; then\n"
      "prints the windows and overruns on stderr.\n\n"
      "  --e-memory NS   the memory window (nanoseconds)\n"
      "  --e-compute NS  the compute window (nanoseconds)\n\n"
      "Each budget is a whole number of nanoseconds from 1 to %llu (10 s);\n"
      "give both or neither. Without them, PREM_GUARD_E_MEMORY_NS and\n"
      "PREM_GUARD_E_COMPUTE_NS give them (same range), and the arbiter\n"
      "writes its statistics to PREM_GUARD_STATS when that is set.\n"
      "SIGTERM, SIGINT and SIGHUP are passed on to PROGRAM; PROGRAM is\n"
      "killed when prem-guard dies of anything else (SIGKILL). Exit status:\n"
      "PROGRAM's, 128 + the signal when a signal ended it, 2 when PROGRAM\n"
      "cannot be run or the usage is wrong.\n",
      Usage, (unsigned long long)MaxWindowNs);
  return 0;
}

/// A budget: decimal digits only (no sign, space or exponent), from 1 to
/// MaxWindowNs.
static bool parseNs(const char *Text, uint64_t &Out) {
  if (!*Text)
    return false;
  uint64_t V = 0;
  for (const char *P = Text; *P; ++P) {
    if (*P < '0' || *P > '9' || V > MaxWindowNs)
      return false;
    V = V * 10 + uint64_t(*P - '0'); // V <= 10^10 before: no overflow
  }
  if (V == 0 || V > MaxWindowNs)
    return false;
  Out = V;
  return true;
}

/// The message for a budget that parseNs refused; What names the option or
/// the environment variable.
static int badNs(const char *What, const char *Text) {
  std::fprintf(stderr,
               "prem-guard: %s '%s': expected a whole number of nanoseconds "
               "from 1 to %llu (10 s)\n",
               What, Text, (unsigned long long)MaxWindowNs);
  return 2;
}

// The program, for the signal handler: set while the signals are blocked.
static volatile pid_t Child = 0;
static volatile sig_atomic_t Forwarded = 0;
static const int PassedOn[] = {SIGTERM, SIGINT, SIGHUP};

static void passOn(int Sig) {
  if (Child > 0) {
    int Saved = errno;
    kill(Child, Sig);
    errno = Saved;
  }
  Forwarded = Sig;
}

int main(int Argc, char **Argv) {
  uint64_t EMemory = 0, ECompute = 0;
  int I = 1;
  for (; I < Argc && std::strcmp(Argv[I], "--") != 0; ++I) {
    if (!std::strcmp(Argv[I], "--help") || !std::strcmp(Argv[I], "-h"))
      return help();
    bool Memory = std::strcmp(Argv[I], "--e-memory") == 0;
    bool Compute = std::strcmp(Argv[I], "--e-compute") == 0;
    if (!Memory && !Compute) {
      std::fprintf(stderr,
                   "prem-guard: unknown option '%s' (the program "
                   "comes after --)\n",
                   Argv[I]);
      return usage();
    }
    if (I + 1 >= Argc || !std::strcmp(Argv[I + 1], "--")) {
      std::fprintf(stderr, "prem-guard: %s needs a value\n", Argv[I]);
      return usage();
    }
    if (!parseNs(Argv[I + 1], Memory ? EMemory : ECompute))
      return badNs(Argv[I], Argv[I + 1]);
    ++I;
  }
  if (bool(EMemory) != bool(ECompute)) {
    std::fprintf(stderr,
                 "prem-guard: %s without %s (give both, or neither "
                 "to take them from PREM_GUARD_E_MEMORY_NS and "
                 "PREM_GUARD_E_COMPUTE_NS)\n",
                 EMemory ? "--e-memory" : "--e-compute",
                 EMemory ? "--e-compute" : "--e-memory");
    return 2;
  }
  if (I + 1 >= Argc) {
    std::fprintf(stderr, "prem-guard: no program to run (give it after --)\n");
    return usage();
  }
  // The environment's budgets, which libprem would read with strtoull (a
  // negative number wraps): checked here as the options are.
  if (!EMemory)
    for (const char *Var :
         {"PREM_GUARD_E_MEMORY_NS", "PREM_GUARD_E_COMPUTE_NS"}) {
      uint64_t Ns;
      const char *Value = std::getenv(Var);
      if (Value && !parseNs(Value, Ns))
        return badNs(Var, Value);
    }

  // From here a signal is passed on to the program. Blocked until the
  // program's pid is known: one that comes before is delivered then. A
  // signal ignored when prem-guard started stays ignored, for the program
  // too (as nohup and shells leave it).
  sigset_t Signals, OldMask;
  sigemptyset(&Signals);
  for (int Sig : PassedOn)
    sigaddset(&Signals, Sig);
  sigprocmask(SIG_BLOCK, &Signals, &OldMask);
  struct sigaction Old[3];
  for (int K = 0; K < 3; ++K) {
    sigaction(PassedOn[K], nullptr, &Old[K]);
    if (Old[K].sa_handler == SIG_IGN)
      continue;
    struct sigaction New;
    std::memset(&New, 0, sizeof(New));
    New.sa_handler = passOn;
    sigemptyset(&New.sa_mask);
    New.sa_flags = SA_RESTART;
    sigaction(PassedOn[K], &New, nullptr);
  }
  std::string Name = "/prem-guard-" + std::to_string(getpid());
  prem_guard_arbiter *Guard = prem_guard_start(Name.c_str(), EMemory, ECompute);
  if (!Guard) {
    std::fprintf(stderr, "prem-guard: cannot start the arbiter (give "
                         "--e-memory and --e-compute, or set "
                         "PREM_GUARD_E_MEMORY_NS and "
                         "PREM_GUARD_E_COMPUTE_NS)\n");
    return 2;
  }
  // A program that cannot be run is told through this pipe (a successful
  // exec closes it): prem-guard says so in one line, with no statistics
  // of a run that never was.
  int ExecError[2];
  if (pipe2(ExecError, O_CLOEXEC) != 0) {
    std::fprintf(stderr, "prem-guard: cannot make a pipe (%s)\n",
                 strerror(errno));
    prem_guard_stop(Guard);
    return 2;
  }
  pid_t Parent = getpid();
  pid_t Pid = fork();
  int NotRun = Pid < 0 ? errno : 0;
  if (Pid == 0) {
    // Killed with prem-guard: a program whose arbiter is gone would run
    // its memory phases unarbitrated (SIGKILL to prem-guard cannot be
    // passed on). The signal comes when the thread that forked ends, this
    // main thread, which lives as long as prem-guard; exec keeps it (a
    // set-user-ID program excepted).
    if (prctl(PR_SET_PDEATHSIG, SIGKILL) != 0) {
      std::perror("prem-guard: prctl(PR_SET_PDEATHSIG)");
      _exit(2);
    }
    // A prem-guard that died before the call is no longer the parent, and
    // nobody waits for this status.
    if (getppid() != Parent)
      _exit(2);
    // The program starts with prem-guard's own dispositions and mask.
    for (int K = 0; K < 3; ++K)
      sigaction(PassedOn[K], &Old[K], nullptr);
    sigprocmask(SIG_SETMASK, &OldMask, nullptr);
    execvp(Argv[I + 1], Argv + I + 1);
    int Error = errno;
    (void)!write(ExecError[1], &Error, sizeof Error);
    _exit(2); // as for bad usage; 126 and 127 would read as a shell's
  }
  Child = Pid;
  sigprocmask(SIG_SETMASK, &OldMask, nullptr);
  close(ExecError[1]);
  if (Pid > 0) {
    ssize_t Read;
    do
      Read = read(ExecError[0], &NotRun, sizeof NotRun);
    while (Read < 0 && errno == EINTR);
    if (Read != sizeof NotRun)
      NotRun = 0; // the program runs (or a signal ended it first)
  }
  close(ExecError[0]);
  int Status = 0;
  pid_t Waited = -1;
  if (Pid > 0)
    do
      Waited = waitpid(Pid, &Status, 0);
    while (Waited < 0 && errno == EINTR);
  if (NotRun) {
    prem_guard_stop(Guard);
    std::fprintf(stderr, "prem-guard: cannot run '%s': %s\n", Argv[I + 1],
                 strerror(NotRun));
    return 2;
  }
  if (Forwarded && Pid > 0)
    std::fprintf(stderr, "prem-guard: passed signal %d (%s) on to %s\n",
                 int(Forwarded), strsignal(Forwarded), Argv[I + 1]);
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
  if (Waited < 0) // no program to wait for
    return Forwarded ? 128 + Forwarded : 2;
  return WIFEXITED(Status) ? WEXITSTATUS(Status) : 128 + WTERMSIG(Status);
}
