//===- prem_host.cpp - libprem: schedule, token, watchdog, calibration ----===//
//
// Part of prem-llvm (design §3, runtime/host/; API in prem/prem_host.h).
// The token is the device runtime's (runtime/device/policy_device.c): the same
// ticket lock, so CPU tasks and GPU blocks or host-offload threads queue in
// one line. Times use CLOCK_MONOTONIC, the clock of the host-offload trace.
//
//===----------------------------------------------------------------------===//

#include "prem/prem_host.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <pthread.h>
#include <sched.h>
#include <string>
#include <sys/mman.h>
#include <sys/stat.h>
#include <thread>
#include <time.h>
#include <unistd.h>
#include <vector>

namespace {

uint64_t nowNs() {
  timespec T;
  clock_gettime(CLOCK_MONOTONIC, &T);
  return uint64_t(T.tv_sec) * 1000000000u + uint64_t(T.tv_nsec);
}

template <typename T> std::atomic_ref<T> atomic(T &V) {
  return std::atomic_ref<T>(V);
}

} // namespace

// Seed 001, Eq. 2: the phase that is too short for its share of the
// schedule is stretched to p_other/p_this times the other one; Eq. 3: what
// the stretch adds is idle time.
prem_budgets prem_schedule(double TMemory, double TCompute, double PMemory) {
  double PCompute = 1.0 - PMemory;
  prem_budgets B;
  if (TCompute / TMemory <= PCompute / PMemory) {
    B.e_memory = TMemory;
    B.e_compute = PCompute / PMemory * TMemory;
  } else {
    B.e_memory = PMemory / PCompute * TCompute;
    B.e_compute = TCompute;
  }
  B.idle = (B.e_memory + B.e_compute) - (TMemory + TCompute);
  return B;
}

// Sec. 4.2: "we enforce the length of the longest PREM phase to both".
prem_budgets prem_schedule_fair(double TMemory, double TCompute) {
  double E = std::max(TMemory, TCompute);
  return {E, E, 2 * E - (TMemory + TCompute)};
}

double prem_interval_bound(prem_budgets B, double S) {
  return B.e_memory + B.e_compute + 2 * S;
}

void prem_token_init(prem_token *T) { *T = prem_token{}; }

uint32_t prem_token_acquire(prem_token *T, uint32_t Agent) {
  uint32_t Ticket = atomic(T->next).fetch_add(1, std::memory_order_relaxed);
  while (atomic(T->serving).load(std::memory_order_acquire) != Ticket)
    sched_yield();
  atomic(T->granted_ns).store(nowNs(), std::memory_order_relaxed);
  atomic(T->holder).store(Agent + 1, std::memory_order_release);
  return Ticket;
}

// Takes the token from Holder (1 + agent) and serves the next ticket. The
// same compare-and-swap as the device runtime's: of the holder releasing
// and a watchdog taking the token back, one only moves the line on.
static bool takeFrom(prem_token *T, uint32_t Holder) {
  if (!atomic(T->holder).compare_exchange_strong(Holder, 0,
                                                 std::memory_order_acq_rel))
    return false;
  atomic(T->serving).fetch_add(1, std::memory_order_release);
  return true;
}

int prem_token_release(prem_token *T, uint32_t Agent) {
  return takeFrom(T, Agent + 1);
}

struct prem_watchdog {
  prem_token *Token;
  uint64_t BudgetNs;
  prem_overrun_fn Overrun;
  void *Ctx;
  std::atomic<bool> Stop{false};
  uint64_t Recoveries = 0;
  std::thread Thread;

  void run() {
    // Polling at a fraction of the budget bounds how late an overrun is
    // seen: at most budget / 8 after it happened.
    auto Period =
        std::chrono::nanoseconds(std::max<uint64_t>(BudgetNs / 8, 1000));
    while (!Stop.load(std::memory_order_relaxed)) {
      uint32_t Holder = atomic(Token->holder).load(std::memory_order_acquire);
      uint64_t Granted =
          atomic(Token->granted_ns).load(std::memory_order_relaxed);
      uint64_t Now = nowNs();
      if (Holder && Now > Granted && Now - Granted > BudgetNs &&
          takeFrom(Token, Holder)) {
        atomic(Token->recoveries).fetch_add(1, std::memory_order_relaxed);
        ++Recoveries;
        if (Overrun)
          Overrun(Holder - 1, Now - Granted, Ctx);
      }
      std::this_thread::sleep_for(Period);
    }
  }
};

prem_watchdog *prem_watchdog_start(prem_token *T, uint64_t BudgetNs,
                                   prem_overrun_fn Overrun, void *Ctx) {
  auto *W = new prem_watchdog;
  W->Token = T;
  W->BudgetNs = BudgetNs;
  W->Overrun = Overrun;
  W->Ctx = Ctx;
  W->Thread = std::thread([W] { W->run(); });
  return W;
}

uint64_t prem_watchdog_stop(prem_watchdog *W) {
  W->Stop.store(true);
  W->Thread.join();
  uint64_t Recoveries = W->Recoveries;
  delete W;
  return Recoveries;
}

// Seed 001, footnote 11: the phase budgets are raised until no
// synchronization fails.
uint64_t prem_calibrate(prem_workload_fn Run, void *Ctx, uint64_t StartNs,
                        double Factor, uint64_t MaxNs) {
  if (Factor <= 1.0 || StartNs == 0)
    return 0;
  for (double Budget = double(StartNs); Budget <= double(MaxNs);
       Budget *= Factor)
    if (Run(uint64_t(Budget), Ctx) == 0)
      return uint64_t(Budget);
  return 0;
}

// Where the state begins in a shared-memory object, after its header
// (prem_shm_header, prem_rt.h): a page, so that the state stays
// page-aligned for a GPU that registers it.
static size_t stateOffset() {
  long Page = sysconf(_SC_PAGESIZE);
  return Page > 4096 ? size_t(Page) : 4096;
}

static prem_shm_header *headerOf(void *State) {
  return reinterpret_cast<prem_shm_header *>(static_cast<char *>(State) -
                                             stateOffset());
}

// Creates the shared-memory object Name for a state of Bytes behind a
// header of kind Magic (owner: this process), maps it, and names it in the
// environment variable Var, where the device runtime looks (host_env.c,
// map_named_shm, which checks the header). An object of that name already
// there is
//  - a prem object of the kind whose owner is alive: shared when Share (a
//    token several processes queue on), else refused (EBUSY: two arbiters
//    on one guard);
//  - one whose owner died (for a guard, or whose heartbeat stopped
//    PREM_SHM_STALE_NS ago): taken over, its state zeroed;
//  - anything else: left alone (EEXIST).
// Returns the state (zeroed when new); nullptr on failure, with errno set.
static void *createNamedShm(const char *Name, uint64_t Magic, size_t Bytes,
                            const char *Var, bool Share) {
  const size_t Offset = stateOffset(), Size = Offset + Bytes;
  int Fd = shm_open(Name, O_RDWR | O_CREAT | O_EXCL, 0600);
  bool New = Fd >= 0;
  if (!New) {
    if (errno != EEXIST || (Fd = shm_open(Name, O_RDWR, 0)) < 0)
      return nullptr;
    struct stat St;
    if (fstat(Fd, &St) != 0 || uint64_t(St.st_size) != Size) {
      close(Fd);
      errno = EEXIST;
      return nullptr;
    }
  } else if (ftruncate(Fd, Size) != 0) {
    int Error = errno;
    close(Fd);
    shm_unlink(Name);
    errno = Error;
    return nullptr;
  }
  void *P = mmap(nullptr, Size, PROT_READ | PROT_WRITE, MAP_SHARED, Fd, 0);
  int Error = errno;
  close(Fd);
  if (P == MAP_FAILED) {
    if (New)
      shm_unlink(Name);
    errno = Error;
    return nullptr;
  }
  auto *H = static_cast<prem_shm_header *>(P);
  void *State = static_cast<char *>(P) + Offset;
  if (!New) {
    if (atomic(H->magic).load(std::memory_order_acquire) != Magic ||
        H->version != PREM_SHM_VERSION || H->state_offset != Offset ||
        H->size != Size) {
      munmap(P, Size);
      errno = EEXIST;
      return nullptr;
    }
    // A guard's arbiter also moves its heartbeat: a pid that runs but a
    // heartbeat that stopped is a pid taken by another process since.
    uint64_t Beat = atomic(H->heartbeat_ns).load(std::memory_order_relaxed),
             Now = nowNs();
    bool Alive = H->owner_pid > 0 &&
                 (kill(H->owner_pid, 0) == 0 || errno != ESRCH) &&
                 (Magic != PREM_SHM_MAGIC_GUARD || Now <= Beat ||
                  Now - Beat <= PREM_SHM_STALE_NS);
    if (Alive && !Share) {
      munmap(P, Size);
      errno = EBUSY;
      return nullptr;
    }
    if (Alive) {
      setenv(Var, Name, 1);
      return State;
    }
    // Left behind by a process that died: ours now.
    atomic(H->magic).store(0, std::memory_order_relaxed);
    std::memset(State, 0, Bytes);
  }
  H->version = PREM_SHM_VERSION;
  H->state_offset = uint32_t(Offset);
  H->size = Size;
  H->owner_pid = int32_t(getpid());
  H->reserved = 0;
  atomic(H->heartbeat_ns)
      .store(Magic == PREM_SHM_MAGIC_GUARD ? nowNs() : 0,
             std::memory_order_relaxed);
  atomic(H->magic).store(Magic, std::memory_order_release); // last
  setenv(Var, Name, 1);
  return State;
}

prem_token *prem_token_open_shared(const char *Name) {
  return static_cast<prem_token *>(createNamedShm(
      Name, PREM_SHM_MAGIC_TOKEN, sizeof(prem_token), "PREM_TOKEN_SHM",
      /*Share=*/true));
}

void prem_token_close_shared(prem_token *T, const char *Name) {
  munmap(headerOf(T), stateOffset() + sizeof(prem_token));
  shm_unlink(Name);
}

struct prem_guard_arbiter {
  std::string Name;
  prem_guard *Guard;
  prem_shm_header *Header; // of Guard's shared-memory object
  uint64_t EMemory, ECompute;
  std::atomic<bool> Stop{false};
  std::atomic<uint64_t> WindowEnd{0};
  // How late each window opened after its timer expired: the arbiter's own
  // share of a kernel's response time. Read once the thread has stopped;
  // reserved before it starts, so that the timed loop never reallocates.
  static constexpr size_t MaxLatenessSamples = 1 << 20;
  std::vector<uint64_t> Lateness;
  // A kernel that stays in memory through this many kernel windows in a row,
  // and this long, has crashed or hangs (its budget is one window; the time
  // keeps an agent the scheduler merely preempted on a loaded machine from
  // counting): CPU tasks stop waiting for it until its agents are out of
  // memory again, so that no client wedges the others.
  static constexpr unsigned WedgeWindows = 4;
  static constexpr uint64_t WedgeNs = 100000000;
  std::atomic<bool> KernelWedged{false};
  uint64_t Recoveries = 0;
  std::thread Thread;

  // Time-triggered: the windows follow the clock, not the agents. The
  // thread waits on the clock itself (sleeping would make the windows as
  // coarse as the scheduler's tick). An arbiter the scheduler kept off its
  // core for a while starts the next window from now: catching up would
  // squeeze the missed windows into no time, and an agent could then meet
  // two kernel windows with no CPU window between.
  void run() {
    uint64_t Next = nowNs();
    unsigned HeldWindows = 0;
    uint64_t HeldSince = 0;
    for (uint64_t Epoch = 0; !Stop.load(std::memory_order_relaxed); ++Epoch) {
      bool Kernel = Epoch % 2 == 0;
      // The timer's expiry, which a late window still counts from when its
      // response time is measured (seed 001 Sec. 4.2.1, R_timer).
      atomic(Guard->window_ns).store(Next, std::memory_order_relaxed);
      uint64_t Now = nowNs();
      if (Epoch && Lateness.size() < MaxLatenessSamples)
        Lateness.push_back(Now > Next ? Now - Next : 0);
      Next = std::max(Next, Now) + (Kernel ? EMemory : ECompute);
      WindowEnd.store(Next, std::memory_order_relaxed);
      atomic(Guard->epoch).store(Epoch, std::memory_order_release);
      // The heartbeat (prem_shm_header): the runtime of a program that
      // waits for a window tells a dead arbiter from a slow one by it.
      atomic(Header->heartbeat_ns).store(Now, std::memory_order_relaxed);
      for (uint64_t T, Beat = Now; (T = nowNs()) < Next;) {
        if (Stop.load(std::memory_order_relaxed))
          return;
        if (T - Beat >= PREM_SHM_HEARTBEAT_NS) {
          atomic(Header->heartbeat_ns).store(T, std::memory_order_relaxed);
          Beat = T;
        }
      }
      bool Held = atomic(Guard->in_memory).load(std::memory_order_acquire);
      if (!Held) {
        HeldWindows = 0;
        KernelWedged.store(false, std::memory_order_release);
      } else if (Kernel) {
        atomic(Guard->overruns).fetch_add(1, std::memory_order_relaxed);
        uint64_t Closed = nowNs();
        if (HeldWindows++ == 0)
          HeldSince = Closed;
        if (HeldWindows >= WedgeWindows && Closed - HeldSince >= WedgeNs &&
            !KernelWedged.load(std::memory_order_relaxed)) {
          ++Recoveries;
          fprintf(stderr,
                  "prem: the kernel's agents held memory through %u kernel "
                  "windows in a row (a crashed or stuck agent); CPU tasks no "
                  "longer wait for them\n",
                  HeldWindows);
          KernelWedged.store(true, std::memory_order_release);
        }
      }
    }
  }
};

static uint64_t envNs(const char *Var) {
  const char *V = getenv(Var);
  return V ? strtoull(V, nullptr, 10) : 0;
}

prem_guard_arbiter *prem_guard_start(const char *Name, uint64_t EMemory,
                                     uint64_t ECompute) {
  if (!EMemory || !ECompute) {
    EMemory = envNs("PREM_GUARD_E_MEMORY_NS");
    ECompute = envNs("PREM_GUARD_E_COMPUTE_NS");
    if (!EMemory || !ECompute)
      return nullptr;
  }
  void *P = createNamedShm(Name, PREM_SHM_MAGIC_GUARD, sizeof(prem_guard),
                           "PREM_GUARD_SHM", /*Share=*/false);
  if (!P)
    return nullptr;
  auto *G = new prem_guard_arbiter;
  G->Name = Name;
  G->Guard = static_cast<prem_guard *>(P);
  G->Header = headerOf(P);
  G->EMemory = EMemory;
  G->ECompute = ECompute;
  G->Lateness.reserve(prem_guard_arbiter::MaxLatenessSamples);
  G->Thread = std::thread([G] { G->run(); });
  return G;
}

// The mirror of the device runtime's acquire (policy_host.c):
// announce, then look at the kernel's side, both sequentially consistent.
uint64_t prem_guard_cpu_enter_mem(prem_guard_arbiter *G) {
  prem_guard *S = G->Guard;
  for (;;) {
    if (atomic(S->epoch).load() % 2 == 1) {
      atomic(S->cpu_in_memory).fetch_add(1);
      uint64_t End = G->WindowEnd.load();
      if ((atomic(S->in_memory).load() == 0 || G->KernelWedged.load()) &&
          atomic(S->epoch).load() % 2 == 1)
        return End;
      atomic(S->cpu_in_memory).fetch_sub(1);
    }
    sched_yield();
  }
}

void prem_guard_cpu_exit_mem(prem_guard_arbiter *G) {
  atomic(G->Guard->cpu_in_memory).fetch_sub(1);
}

prem_guard *prem_guard_state(prem_guard_arbiter *G) { return G->Guard; }

prem_guard_stats prem_guard_stop(prem_guard_arbiter *G) {
  G->Stop = true;
  G->Thread.join();
  prem_guard_stats Stats{atomic(G->Guard->epoch).load() + 1,
                         atomic(G->Guard->overruns).load(),
                         0,
                         0,
                         0,
                         G->Recoveries};
  if (!G->Lateness.empty()) {
    std::vector<uint64_t> &L = G->Lateness;
    std::sort(L.begin(), L.end());
    Stats.late_median_ns = L[L.size() / 2];
    Stats.late_p99_ns = L[std::min(L.size() - 1, L.size() * 99 / 100)];
    Stats.late_max_ns = L.back();
  }
  // For prem-calibrate, which runs the program with growing budgets.
  if (const char *Path = getenv("PREM_GUARD_STATS"))
    if (FILE *Out = fopen(Path, "w")) {
      fprintf(Out,
              "windows %llu\noverruns %llu\nlate_median_ns %llu\n"
              "late_p99_ns %llu\nlate_max_ns %llu\nrecoveries %llu\n",
              (unsigned long long)Stats.windows,
              (unsigned long long)Stats.overruns,
              (unsigned long long)Stats.late_median_ns,
              (unsigned long long)Stats.late_p99_ns,
              (unsigned long long)Stats.late_max_ns,
              (unsigned long long)Stats.recoveries);
      fclose(Out);
    }
  munmap(G->Header, stateOffset() + sizeof(prem_guard));
  shm_unlink(G->Name.c_str());
  delete G;
  return Stats;
}

struct prem_throttle {
  prem_guard_arbiter *Guard;
  std::atomic<bool> Stop{false};
  std::atomic<uint64_t> Windows{0};
  bool WantRealtime = false;
  std::atomic<int> Realtime{0};
  std::vector<std::thread> Threads;

  void run(int Core) {
    cpu_set_t Set;
    CPU_ZERO(&Set);
    CPU_SET(Core, &Set);
    pthread_setaffinity_np(pthread_self(), sizeof Set, &Set);
    sched_param Param{};
    Param.sched_priority = sched_get_priority_max(SCHED_FIFO);
    if (WantRealtime &&
        pthread_setschedparam(pthread_self(), SCHED_FIFO, &Param) == 0)
      Realtime = 1;
    uint64_t Last = ~uint64_t(0);
    while (!Stop.load(std::memory_order_relaxed)) {
      uint64_t Epoch =
          atomic(Guard->Guard->epoch).load(std::memory_order_acquire);
      if (Epoch % 2 == 0) {
        // The kernel's window: hold the core, reading one cached word.
        if (Epoch != Last) {
          Last = Epoch;
          Windows.fetch_add(1, std::memory_order_relaxed);
        }
        continue;
      }
      // The CPU's window: let the core's other tasks run until it ends.
      uint64_t End = Guard->WindowEnd.load(std::memory_order_relaxed);
      uint64_t Now = nowNs();
      if (End > Now)
        std::this_thread::sleep_for(std::chrono::nanoseconds(End - Now));
      else
        sched_yield();
    }
  }
};

prem_throttle *prem_throttle_start(prem_guard_arbiter *G, const int *Cores,
                                   int Count, int Realtime) {
  if (!G || Count <= 0)
    return nullptr;
  auto *T = new prem_throttle;
  T->Guard = G;
  T->WantRealtime = Realtime;
  for (int I = 0; I < Count; ++I)
    T->Threads.emplace_back([T, Core = Cores[I]] { T->run(Core); });
  return T;
}

prem_throttle_stats prem_throttle_stop(prem_throttle *T) {
  T->Stop = true;
  for (std::thread &Th : T->Threads)
    Th.join();
  prem_throttle_stats Stats{T->Windows.load(), T->Realtime.load()};
  delete T;
  return Stats;
}

// The device runtime's tdma acquire (policy_tdma.c), for a CPU task.
uint64_t prem_tdma_cpu_enter_mem(const prem_tdma *Table, uint32_t Agent) {
  for (;;) {
    uint64_t Now = nowNs();
    if (prem_tdma_may_start(Table, Agent, Now))
      return Now;
    sched_yield();
  }
}
