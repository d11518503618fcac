//===- LibPremTest.cpp - Unit tests of libprem ----------------------------===//
//
// Part of prem-llvm. Seed 001's Equations 2 and 3 on worked examples (both
// branches of Eq. 2), the token's FIFO fairness and mutual exclusion under
// contention, the watchdog taking the token back from a holder that never
// gives it up, the calibration of footnote 11, and the header of the
// shared-memory objects libprem makes for the device runtime.
//
//===----------------------------------------------------------------------===//

#include "prem/prem_host.h"

#include <gtest/gtest.h>

#include <atomic>
#include <cerrno>
#include <chrono>
#include <fcntl.h>
#include <string>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <thread>
#include <time.h>
#include <unistd.h>
#include <vector>

namespace {

// Eq. 2, first branch: memory-bound (T_c / T_m = 0.5 <= p_c / p_m = 3), the
// compute phase is stretched to 3 x T_m; Eq. 3: I = (4 + 12) - (4 + 2).
TEST(Schedule, MemoryBoundStretchesCompute) {
  prem_budgets B = prem_schedule(4.0, 2.0, 0.25);
  EXPECT_DOUBLE_EQ(B.e_memory, 4.0);
  EXPECT_DOUBLE_EQ(B.e_compute, 12.0);
  EXPECT_DOUBLE_EQ(B.idle, 10.0);
}

// Eq. 2, second branch: compute-bound (6 > 3), the memory phase is
// stretched to p_m / p_c x T_c = 2; I = 8 - 7.
TEST(Schedule, ComputeBoundStretchesMemory) {
  prem_budgets B = prem_schedule(1.0, 6.0, 0.25);
  EXPECT_DOUBLE_EQ(B.e_memory, 2.0);
  EXPECT_DOUBLE_EQ(B.e_compute, 6.0);
  EXPECT_DOUBLE_EQ(B.idle, 1.0);
}

// At the boundary (T_c / T_m = p_c / p_m) both branches agree and the
// schedule is best-case: no idle time.
TEST(Schedule, BestCaseHasNoIdle) {
  prem_budgets B = prem_schedule(2.0, 6.0, 0.25);
  EXPECT_DOUBLE_EQ(B.e_memory, 2.0);
  EXPECT_DOUBLE_EQ(B.e_compute, 6.0);
  EXPECT_DOUBLE_EQ(B.idle, 0.0);
}

// p_memory = 50%: the shorter phase grows to the longer one, as the fair
// schedule of Sec. 4.2 does.
TEST(Schedule, HalfShareEqualsFair) {
  prem_budgets B = prem_schedule(2.0, 3.0, 0.5);
  prem_budgets F = prem_schedule_fair(2.0, 3.0);
  EXPECT_DOUBLE_EQ(B.e_memory, 3.0);
  EXPECT_DOUBLE_EQ(B.e_compute, 3.0);
  EXPECT_DOUBLE_EQ(B.idle, 1.0);
  EXPECT_DOUBLE_EQ(F.e_memory, B.e_memory);
  EXPECT_DOUBLE_EQ(F.e_compute, B.e_compute);
  EXPECT_DOUBLE_EQ(F.idle, B.idle);
}

// L_interval = E_memory + E_compute + 2 S, with seed 001's S = 5.8 us.
TEST(Schedule, IntervalBoundAddsTwoSynchronizations) {
  prem_budgets B = prem_schedule(10.0, 30.0, 0.25);
  EXPECT_DOUBLE_EQ(prem_interval_bound(B, 5.8), 10.0 + 30.0 + 11.6);
}

// 8 agents x 2000 memory phases: never two holders at once, tickets served
// in the order they were drawn, every agent finishes.
TEST(Token, ExclusiveAndFifo) {
  prem_token T;
  prem_token_init(&T);
  constexpr int Agents = 8, Phases = 2000;
  std::atomic<int> Inside{0}, MaxInside{0};
  std::atomic<uint32_t> LastServed{0};
  std::atomic<bool> OutOfOrder{false};
  std::vector<int> Done(Agents, 0);
  std::vector<std::thread> Threads;
  for (int A = 0; A < Agents; ++A)
    Threads.emplace_back([&, A] {
      for (int P = 0; P < Phases; ++P) {
        uint32_t Ticket = prem_token_acquire(&T, A);
        int Now = ++Inside;
        int Max = MaxInside.load();
        while (Now > Max && !MaxInside.compare_exchange_weak(Max, Now))
          ;
        // Tickets 0, 1, 2, ... in this order: one holder at a time, so the
        // previous holder's ticket is exactly one less.
        if (Ticket != 0 && LastServed.load() != Ticket - 1)
          OutOfOrder = true;
        LastServed = Ticket;
        --Inside;
        EXPECT_EQ(prem_token_release(&T, A), 1);
        ++Done[A];
      }
    });
  for (std::thread &Th : Threads)
    Th.join();
  EXPECT_EQ(MaxInside.load(), 1);
  EXPECT_FALSE(OutOfOrder.load());
  for (int A = 0; A < Agents; ++A)
    EXPECT_EQ(Done[A], Phases);
  EXPECT_EQ(T.next, uint32_t(Agents * Phases));
  EXPECT_EQ(T.serving, T.next);
  EXPECT_EQ(T.holder, 0u);
}

TEST(Token, ReleaseWithoutHoldingIsRefused) {
  prem_token T;
  prem_token_init(&T);
  EXPECT_EQ(prem_token_release(&T, 3), 0);
  prem_token_acquire(&T, 3);
  EXPECT_EQ(prem_token_release(&T, 4), 0);
  EXPECT_EQ(prem_token_release(&T, 3), 1);
  EXPECT_EQ(T.serving, 1u);
}

struct Overruns {
  std::atomic<int> Count{0};
  std::atomic<uint32_t> Agent{~0u};
};

void recordOverrun(uint32_t Agent, uint64_t, void *Ctx) {
  auto *O = static_cast<Overruns *>(Ctx);
  O->Agent = Agent;
  ++O->Count;
}

// A holder that never gives the token back (a crashed client): the
// watchdog takes it back after the budget, the next agent gets it, the
// crashed client's late release changes nothing, and nothing hangs.
TEST(Watchdog, RecoversFromAHolderThatNeverReleases) {
  prem_token T;
  prem_token_init(&T);
  Overruns O;
  prem_watchdog *W =
      prem_watchdog_start(&T, 2000000 /* 2 ms */, recordOverrun, &O);
  prem_token_acquire(&T, 7); // and never released
  auto Start = std::chrono::steady_clock::now();
  std::thread Next([&] {
    prem_token_acquire(&T, 1);
    EXPECT_EQ(prem_token_release(&T, 1), 1);
  });
  Next.join();
  auto Waited = std::chrono::steady_clock::now() - Start;
  EXPECT_GE(Waited, std::chrono::milliseconds(2));
  EXPECT_LT(Waited, std::chrono::seconds(5));
  EXPECT_EQ(prem_watchdog_stop(W), 1u);
  EXPECT_EQ(O.Count.load(), 1);
  EXPECT_EQ(O.Agent.load(), 7u);
  EXPECT_EQ(T.recoveries, 1u);
  EXPECT_EQ(prem_token_release(&T, 7), 0);
  EXPECT_EQ(T.serving, T.next);
}

// A holder within its budget is left alone.
TEST(Watchdog, LeavesHoldersWithinBudget) {
  prem_token T;
  prem_token_init(&T);
  prem_watchdog *W =
      prem_watchdog_start(&T, 1000000000 /* 1 s */, nullptr, nullptr);
  for (int P = 0; P < 100; ++P) {
    prem_token_acquire(&T, 0);
    EXPECT_EQ(prem_token_release(&T, 0), 1);
  }
  EXPECT_EQ(prem_watchdog_stop(W), 0u);
}

// Footnote 11: phases of a workload take 1.0, 2.5 and 3.2 ms; a budget
// below a phase's length fails its synchronization. From 0.5 ms doubling:
// 0.5, 1, 2 fail, 4 ms is the first budget without failures.
uint64_t fakeWorkload(uint64_t BudgetNs, void *) {
  uint64_t Failures = 0;
  for (uint64_t PhaseNs : {1000000u, 2500000u, 3200000u})
    Failures += PhaseNs > BudgetNs;
  return Failures;
}

TEST(Calibration, RaisesTheBudgetUntilNoSynchronizationFails) {
  EXPECT_EQ(prem_calibrate(fakeWorkload, nullptr, 500000, 2.0, 100000000),
            4000000u);
}

TEST(Calibration, GivesUpAtTheLimit) {
  EXPECT_EQ(prem_calibrate(fakeWorkload, nullptr, 500000, 2.0, 3000000), 0u);
  EXPECT_EQ(prem_calibrate(fakeWorkload, nullptr, 500000, 1.0, 100000000), 0u);
}

// The calibration drives a real watchdog: a holder keeps the token 3 ms per
// phase; budgets under that are taken back (failed synchronizations).
uint64_t watchedWorkload(uint64_t BudgetNs, void *) {
  prem_token T;
  prem_token_init(&T);
  prem_watchdog *W = prem_watchdog_start(&T, BudgetNs, nullptr, nullptr);
  for (int P = 0; P < 3; ++P) {
    prem_token_acquire(&T, 0);
    std::this_thread::sleep_for(std::chrono::milliseconds(3));
    prem_token_release(&T, 0);
  }
  return prem_watchdog_stop(W);
}

// The watchdog polls, so a thread starved of its core for the whole 3 ms
// (CI runs two tests on two cores) can miss an overrun and let a short
// budget pass. That is scheduling, not the calibration: the property must
// hold in one of several runs, and a budget over the limit never passes.
TEST(Calibration, ConvergesWithAWatchdog) {
  uint64_t Budget = 0;
  for (int Run = 0; Run < 10 && Budget < 3000000u; ++Run) {
    Budget = prem_calibrate(watchedWorkload, nullptr, 250000, 2.0, 1000000000);
    EXPECT_NE(Budget, 0u);
    EXPECT_LE(Budget, 1000000000u);
  }
  EXPECT_GE(Budget, 3000000u); // no budget under the phase length passes
}

// The GPUguard arbiter alternates kernel and CPU windows on the clock; a
// CPU task enters memory only in a CPU window and learns when it ends.
TEST(Guard, AlternatesWindowsOnTheClock) {
  std::string Name = "/prem-unit-guard-" + std::to_string(getpid());
  prem_guard_arbiter *G = prem_guard_start(Name.c_str(), 200000, 300000);
  ASSERT_NE(G, nullptr);
  ASSERT_NE(getenv("PREM_GUARD_SHM"), nullptr);
  for (int P = 0; P < 5; ++P) {
    uint64_t End = prem_guard_cpu_enter_mem(G);
    timespec T;
    clock_gettime(CLOCK_MONOTONIC, &T);
    uint64_t Now = uint64_t(T.tv_sec) * 1000000000u + uint64_t(T.tv_nsec);
    // In a CPU window: it ends within one CPU window from now (allowing
    // for the scheduler having kept us off the core past its end).
    EXPECT_LE(End, Now + 300000);
    prem_guard_cpu_exit_mem(G);
    std::this_thread::sleep_for(std::chrono::microseconds(600));
  }
  prem_guard_stats S = prem_guard_stop(G);
  // 5 x 600 us over 500 us window pairs makes about 12 windows; a loaded
  // machine stretches them (the arbiter restarts late windows from now).
  EXPECT_GE(S.windows, 2u);
  EXPECT_EQ(S.overruns, 0u); // nothing was in a memory phase
}

// What a GPU's agents read (prem_guard_state, mapped for the device): the
// epoch, and when each window was due to open. A window opens a whole
// window after the one before it, or later, never earlier.
TEST(Guard, PublishesWhenEachWindowWasDue) {
  std::string Name = "/prem-unit-guard-due-" + std::to_string(getpid());
  const uint64_t EMemory = 200000, ECompute = 300000;
  prem_guard_arbiter *G = prem_guard_start(Name.c_str(), EMemory, ECompute);
  ASSERT_NE(G, nullptr);
  prem_guard *S = prem_guard_state(G);
  ASSERT_NE(S, nullptr);
  uint64_t LastEpoch = 0, LastDue = 0;
  int Seen = 0;
  while (Seen < 6) {
    uint64_t Epoch = __atomic_load_n(&S->epoch, __ATOMIC_ACQUIRE);
    uint64_t Due = __atomic_load_n(&S->window_ns, __ATOMIC_RELAXED);
    if (Epoch == LastEpoch ||
        __atomic_load_n(&S->epoch, __ATOMIC_ACQUIRE) != Epoch)
      continue;
    timespec T;
    clock_gettime(CLOCK_MONOTONIC, &T);
    EXPECT_LE(Due, uint64_t(T.tv_sec) * 1000000000u + uint64_t(T.tv_nsec));
    if (Epoch == LastEpoch + 1 && LastDue)
      EXPECT_GE(Due - LastDue, LastEpoch % 2 == 0 ? EMemory : ECompute);
    LastEpoch = Epoch;
    LastDue = Due;
    ++Seen;
  }
  prem_guard_stop(G);
}

// A kernel agent that crashed in a memory phase (its announcement stays)
// does not wedge CPU tasks: after four kernel windows and 100 ms the
// arbiter reports it, and they go on.
TEST(Guard, RecoversFromAKernelAgentThatNeverLeavesMemory) {
  std::string Name = "/prem-unit-guard-wedge-" + std::to_string(getpid());
  prem_guard_arbiter *G = prem_guard_start(Name.c_str(), 100000, 100000);
  ASSERT_NE(G, nullptr);
  __atomic_store_n(&prem_guard_state(G)->in_memory, 1u, __ATOMIC_SEQ_CST);
  std::atomic<bool> Entered{false};
  std::thread Cpu([&] {
    prem_guard_cpu_enter_mem(G);
    prem_guard_cpu_exit_mem(G);
    Entered = true;
  });
  // 100 ms, then the next CPU window; allow a loaded machine 2 s.
  for (int I = 0; I < 200 && !Entered; ++I)
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  bool Recovered = Entered;
  if (!Recovered) // let the thread finish: release the stuck agent
    __atomic_store_n(&prem_guard_state(G)->in_memory, 0u, __ATOMIC_SEQ_CST);
  Cpu.join();
  prem_guard_stats S = prem_guard_stop(G);
  EXPECT_TRUE(Recovered);
  EXPECT_GE(S.recoveries, 1u);
  EXPECT_GE(S.overruns, 4u);
}

// Throttle threads hold their core through the kernel's windows and let
// it go in the CPU's; they stop when asked.
TEST(Throttle, HoldsItsCoreInKernelWindows) {
  std::string Name = "/prem-unit-throttle-" + std::to_string(getpid());
  prem_guard_arbiter *G = prem_guard_start(Name.c_str(), 200000, 200000);
  ASSERT_NE(G, nullptr);
  int Core = 0;
  // A thread at normal priority may not get its core for the whole 200 ms
  // on a loaded machine (CI's two cores run two tests at once): try again.
  prem_throttle_stats S{};
  for (int Run = 0; Run < 10 && S.windows_throttled == 0; ++Run) {
    prem_throttle *T = prem_throttle_start(G, &Core, 1, /*realtime=*/0);
    ASSERT_NE(T, nullptr);
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
    S = prem_throttle_stop(T);
    // 200 ms hold about 500 kernel windows, never many more.
    EXPECT_LE(S.windows_throttled, 2000u);
    EXPECT_EQ(S.realtime, 0);
  }
  prem_guard_stop(G);
  EXPECT_GE(S.windows_throttled, 1u);
}

// A CPU task under tdma starts only in its own slot with its budget left.
TEST(Tdma, CpuTaskWaitsForItsSlot) {
  prem_tdma Table{};
  Table.slot_ns = 200000; // 4 slots of 200 us, a 50 us budget
  Table.slots = 4;
  Table.budget_ns = 50000;
  for (int P = 0; P < 20; ++P) {
    uint64_t At = prem_tdma_cpu_enter_mem(&Table, 6); // slot 2
    EXPECT_EQ(At / Table.slot_ns % Table.slots, 2u);
    EXPECT_LE(At % Table.slot_ns + Table.budget_ns, Table.slot_ns);
  }
}

// The shared-memory objects libprem makes for the device runtime begin with
// a prem_shm_header (prem_rt.h), the state a page further on.
const prem_shm_header *headerBefore(const void *State) {
  long Page = sysconf(_SC_PAGESIZE);
  return reinterpret_cast<const prem_shm_header *>(
      static_cast<const char *>(State) - (Page > 4096 ? Page : 4096));
}

pid_t deadPid() {
  pid_t Child = fork();
  if (Child == 0)
    _exit(0);
  waitpid(Child, nullptr, 0); // reaped: kill(Child, 0) fails with ESRCH
  return Child;
}

TEST(SharedMemory, TokenObjectHasAHeader) {
  std::string Name = "/prem-unit-token-" + std::to_string(getpid());
  prem_token *T = prem_token_open_shared(Name.c_str());
  ASSERT_NE(T, nullptr);
  const prem_shm_header *H = headerBefore(T);
  EXPECT_EQ(H->magic, PREM_SHM_MAGIC_TOKEN);
  EXPECT_EQ(H->version, PREM_SHM_VERSION);
  EXPECT_EQ(H->size, H->state_offset + sizeof(prem_token));
  EXPECT_EQ(H->owner_pid, getpid());
  ASSERT_NE(getenv("PREM_TOKEN_SHM"), nullptr);
  EXPECT_EQ(std::string(getenv("PREM_TOKEN_SHM")), Name);
  EXPECT_EQ(T->next, 0u);
  // A second open while the creator lives shares the token.
  T->next = 3;
  prem_token *Again = prem_token_open_shared(Name.c_str());
  ASSERT_NE(Again, nullptr);
  EXPECT_EQ(Again->next, 3u);
  munmap(const_cast<prem_shm_header *>(headerBefore(Again)), H->size);
  prem_token_close_shared(T, Name.c_str());
  EXPECT_LT(shm_open(Name.c_str(), O_RDONLY, 0), 0); // unlinked
}

// An object of that name that is no prem token is left alone.
TEST(SharedMemory, TokenRefusesAForeignObject) {
  std::string Name = "/prem-unit-foreign-" + std::to_string(getpid());
  int Fd = shm_open(Name.c_str(), O_RDWR | O_CREAT | O_EXCL, 0600);
  ASSERT_GE(Fd, 0);
  ASSERT_EQ(write(Fd, "not prem", 8), 8);
  errno = 0;
  EXPECT_EQ(prem_token_open_shared(Name.c_str()), nullptr);
  EXPECT_EQ(errno, EEXIST);
  struct stat St;
  ASSERT_EQ(fstat(Fd, &St), 0);
  EXPECT_EQ(St.st_size, 8); // untouched
  close(Fd);
  shm_unlink(Name.c_str());
}

// One left behind by a process that died is taken over, its state zeroed.
TEST(SharedMemory, TokenTakesOverADeadOwnersObject) {
  std::string Name = "/prem-unit-dead-" + std::to_string(getpid());
  prem_token *T = prem_token_open_shared(Name.c_str());
  ASSERT_NE(T, nullptr);
  auto *H = const_cast<prem_shm_header *>(headerBefore(T));
  H->owner_pid = deadPid();
  T->next = 7;
  prem_token *Again = prem_token_open_shared(Name.c_str());
  ASSERT_NE(Again, nullptr);
  EXPECT_EQ(Again->next, 0u);
  EXPECT_EQ(headerBefore(Again)->owner_pid, getpid());
  EXPECT_EQ(T->next, 0u); // the same object, seen through the first map
  munmap(const_cast<prem_shm_header *>(headerBefore(Again)), H->size);
  prem_token_close_shared(T, Name.c_str());
}

// The guard's header names the arbiter, whose heartbeat moves while it
// runs; a second arbiter on the same name is refused.
TEST(SharedMemory, GuardHeaderHeartbeatAndOneArbiter) {
  std::string Name = "/prem-unit-guard-header-" + std::to_string(getpid());
  prem_guard_arbiter *G = prem_guard_start(Name.c_str(), 100000, 100000);
  ASSERT_NE(G, nullptr);
  const prem_shm_header *H = headerBefore(prem_guard_state(G));
  EXPECT_EQ(H->magic, PREM_SHM_MAGIC_GUARD);
  EXPECT_EQ(H->version, PREM_SHM_VERSION);
  EXPECT_EQ(H->size, H->state_offset + sizeof(prem_guard));
  EXPECT_EQ(H->owner_pid, getpid());
  EXPECT_EQ(H->state_offset % 4096, 0u);
  uint64_t First = __atomic_load_n(&H->heartbeat_ns, __ATOMIC_RELAXED);
  EXPECT_NE(First, 0u);
  uint64_t Later = First;
  // At least every millisecond; allow a loaded machine 2 s.
  for (int I = 0; I < 200 && Later == First; ++I) {
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
    Later = __atomic_load_n(&H->heartbeat_ns, __ATOMIC_RELAXED);
  }
  EXPECT_GT(Later, First);
  errno = 0;
  EXPECT_EQ(prem_guard_start(Name.c_str(), 100000, 100000), nullptr);
  EXPECT_EQ(errno, EBUSY);
  prem_guard_stop(G);
}

// A guard left behind by an arbiter that died is taken over; so is one
// whose pid runs but whose heartbeat stopped long ago (the pid reused).
TEST(SharedMemory, GuardTakesOverALeftBehindObject) {
  std::string Name = "/prem-unit-guard-left-" + std::to_string(getpid());
  for (bool DeadPid : {true, false}) {
    prem_guard_arbiter *G = prem_guard_start(Name.c_str(), 100000, 100000);
    ASSERT_NE(G, nullptr);
    size_t Size = headerBefore(prem_guard_state(G))->size;
    // What a killed arbiter leaves: the object, mapped here once more.
    int Fd = shm_open(Name.c_str(), O_RDWR, 0);
    ASSERT_GE(Fd, 0);
    void *Copy = mmap(nullptr, Size, PROT_READ | PROT_WRITE, MAP_SHARED, Fd, 0);
    close(Fd);
    ASSERT_NE(Copy, MAP_FAILED);
    prem_guard_stop(G); // unmaps and unlinks
    Fd = shm_open(Name.c_str(), O_RDWR | O_CREAT | O_EXCL, 0600);
    ASSERT_GE(Fd, 0);
    ASSERT_EQ(write(Fd, Copy, Size), ssize_t(Size));
    close(Fd);
    munmap(Copy, Size);
    // Its owner: a pid that is gone, or this process with a heartbeat of
    // 20 s ago (the object of a dead arbiter whose pid is ours now).
    Fd = shm_open(Name.c_str(), O_RDWR, 0);
    auto *H = static_cast<prem_shm_header *>(
        mmap(nullptr, Size, PROT_READ | PROT_WRITE, MAP_SHARED, Fd, 0));
    close(Fd);
    if (DeadPid)
      H->owner_pid = deadPid();
    else
      H->heartbeat_ns -= 20000000000ull;
    G = prem_guard_start(Name.c_str(), 100000, 100000);
    EXPECT_NE(G, nullptr) << (DeadPid ? "dead pid" : "stale heartbeat");
    if (G) {
      EXPECT_EQ(H->owner_pid, getpid());
      prem_guard_stop(G);
    }
    munmap(H, Size);
    shm_unlink(Name.c_str());
  }
}

} // namespace
