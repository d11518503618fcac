/*===- prem_rt.c - The prem-llvm device runtime ---------------------------===*
 *
 * Part of prem-llvm. One source for every target and arbitration policy;
 * clang compiles it to bitcode per triple and policy (runtime/device/
 * CMakeLists.txt: -DPREM_ARBITER_DEVICE, _TDMA, ... for the policies of
 * include/prem/Policies.def; nothing for "none") and the prem pipeline
 * links what a module uses (-prem-arbiter).
 * Kept free of libc except on the host, where the device image is an
 * ordinary shared object.
 *
 *===----------------------------------------------------------------------===*/

/* clock_gettime on the host. */
#define _POSIX_C_SOURCE 199309L

#include "prem/prem_rt.h"

#if defined(__NVPTX__)
#define PREM_GPU 1
static uint64_t now_ns(void) {
  uint64_t T;
  __asm__ volatile("mov.u64 %0, %%globaltimer;" : "=l"(T));
  return T;
}
static uint32_t agent_id(void) { return __nvvm_read_ptx_sreg_ctaid_x(); }
static uint32_t thread_in_block(void) { return __nvvm_read_ptx_sreg_tid_x(); }
static uint32_t threads_per_block(void) {
  return __nvvm_read_ptx_sreg_ntid_x();
}
#elif defined(__AMDGPU__)
#define PREM_GPU 1
static uint64_t now_ns(void) {
  /* The steady counter (s_memrealtime / s_sendmsg_rtn) runs at 100 MHz. */
  return __builtin_readsteadycounter() * 10;
}
static uint32_t agent_id(void) { return __builtin_amdgcn_workgroup_id_x(); }
static uint32_t thread_in_block(void) {
  return __builtin_amdgcn_workitem_id_x();
}
static uint32_t threads_per_block(void) {
  return __builtin_amdgcn_workgroup_size_x();
}
#else
#define PREM_GPU 0
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <sched.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
static uint64_t now_ns(void) {
  struct timespec T;
  clock_gettime(CLOCK_MONOTONIC, &T);
  return (uint64_t)T.tv_sec * 1000000000u + (uint64_t)T.tv_nsec;
}
/* Each host-offload thread is an agent; number them on first use. */
static uint32_t agent_id(void) {
  static uint32_t Next;
  static _Thread_local uint32_t Id;
  if (!Id)
    Id = __atomic_add_fetch(&Next, 1, __ATOMIC_RELAXED);
  return Id - 1;
}
static uint32_t thread_in_block(void) { return 0; }
static uint32_t threads_per_block(void) { return 1; }
#endif

/* Weak: every translation unit links the runtime, the program keeps one
 * trace. */
__attribute__((weak)) prem_trace_record __prem_trace[PREM_TRACE_CAPACITY];
__attribute__((weak)) uint64_t __prem_trace_count;

/* At = when the phase began (0: now); a policy that decides on the clock
 * records the time it decided at. */
static void record(uint32_t interval, enum prem_phase phase, uint64_t At) {
  if (thread_in_block() != 0)
    return; /* one record per agent */
  uint64_t Slot = __atomic_fetch_add(&__prem_trace_count, 1, __ATOMIC_RELAXED);
  if (Slot >= PREM_TRACE_CAPACITY)
    return;
  prem_trace_record *R = &__prem_trace[Slot];
  R->time_ns = At ? At : now_ns();
  R->agent = agent_id();
  R->interval = (interval & ((1u << PREM_TRACE_PHASE_SHIFT) - 1)) |
                ((uint32_t)phase << PREM_TRACE_PHASE_SHIFT);
}

#if !PREM_GPU
/* PREM_TRACE_SUMMARY=1: one line on stderr when the program ends, so that a
 * run shows which phases it went through (the tests check that the
 * scratchpad path ran). Every linked copy of the runtime registers this;
 * the first prints. */
__attribute__((weak)) int __prem_summary_printed;
__attribute__((destructor)) static void print_summary(void) {
  if (!getenv("PREM_TRACE_SUMMARY") ||
      __atomic_exchange_n(&__prem_summary_printed, 1, __ATOMIC_RELAXED))
    return;
  uint64_t Count = __prem_trace_count, Memory = 0, Compute = 0, Outside = 0;
  uint32_t Agents = 0;
  for (uint64_t I = 0; I < Count && I < PREM_TRACE_CAPACITY; ++I) {
    uint32_t Phase = __prem_trace[I].interval >> PREM_TRACE_PHASE_SHIFT;
    Memory += Phase == PREM_PHASE_MEMORY;
    Compute += Phase == PREM_PHASE_COMPUTE;
    Outside += Phase == PREM_PHASE_MEMORY &&
               (__prem_trace[I].interval & PREM_INTERVAL_OUTSIDE);
    if (__prem_trace[I].agent + 1 > Agents)
      Agents = __prem_trace[I].agent + 1;
  }
  fprintf(stderr,
          "prem: %llu phase changes (%llu recorded: %llu memory, %llu "
          "execute) by %u agents, %llu memory phases outside tiles\n",
          (unsigned long long)Count,
          (unsigned long long)(Count < PREM_TRACE_CAPACITY
                                   ? Count
                                   : PREM_TRACE_CAPACITY),
          (unsigned long long)Memory, (unsigned long long)Compute, Agents,
          (unsigned long long)Outside);
}

/* PREM_TRACE_FILE=path: the trace as text when the program ends, one record
 * per line: "time_ns agent interval phase" (phase 1 memory, 2 execute, 3
 * done), for tools that decode it. */
__attribute__((weak)) int __prem_trace_written;
__attribute__((destructor)) static void write_trace(void) {
  const char *Path = getenv("PREM_TRACE_FILE");
  if (!Path || !*Path ||
      __atomic_exchange_n(&__prem_trace_written, 1, __ATOMIC_RELAXED))
    return;
  FILE *Out = fopen(Path, "w");
  if (!Out) {
    fprintf(stderr, "prem: cannot write the trace '%s'\n", Path);
    return;
  }
  uint64_t Count = __prem_trace_count;
  fprintf(Out, "prem-trace 1 %llu\n", (unsigned long long)Count);
  for (uint64_t I = 0; I < Count && I < PREM_TRACE_CAPACITY; ++I)
    fprintf(Out, "%llu %u %u %u\n", (unsigned long long)__prem_trace[I].time_ns,
            __prem_trace[I].agent,
            __prem_trace[I].interval & ((1u << PREM_TRACE_PHASE_SHIFT) - 1),
            __prem_trace[I].interval >> PREM_TRACE_PHASE_SHIFT);
  fclose(Out);
}
#endif

#if PREM_GPU
/* Load profile records in device memory, where the host reads them after
 * the kernel (prem_rt.h). Weak, as the trace is. */
__attribute__((weak)) prem_prof_record __prem_prof_records[PREM_PROF_CAPACITY];
__attribute__((weak)) uint64_t __prem_prof_count;

void __prem_prof_load(const prem_prof_site *site, uint64_t lane,
                      const void *address) {
  uint64_t Slot = __atomic_fetch_add(&__prem_prof_count, 1, __ATOMIC_RELAXED);
  if (Slot < PREM_PROF_CAPACITY)
    __prem_prof_records[Slot] = (prem_prof_record){
        (uint64_t)(uintptr_t)site, lane, (uint64_t)(uintptr_t)address};
}
#else
/* Load profile records, appended under a spin lock (each thread's records
 * stay in its program order, which is what the profile tool needs) and
 * written when the program ends. Weak, like the trace: one buffer for every
 * linked copy of the runtime. */
typedef struct prof_record {
  const prem_prof_site *site;
  uint64_t lane;
  uint64_t address;
} prof_record;
__attribute__((weak)) prof_record *__prem_prof_records;
__attribute__((weak)) uint64_t __prem_prof_count, __prem_prof_capacity;
__attribute__((weak)) char __prem_prof_lock, __prem_prof_written;

void __prem_prof_load(const prem_prof_site *site, uint64_t lane,
                      const void *address) {
  while (__atomic_test_and_set(&__prem_prof_lock, __ATOMIC_ACQUIRE))
    ;
  if (__prem_prof_count == __prem_prof_capacity) {
    uint64_t Capacity = __prem_prof_capacity ? 2 * __prem_prof_capacity : 4096;
    prof_record *Grown =
        realloc(__prem_prof_records, Capacity * sizeof(prof_record));
    if (!Grown) {
      fprintf(stderr, "prem: out of memory for the load profile\n");
      abort();
    }
    __prem_prof_records = Grown;
    __prem_prof_capacity = Capacity;
  }
  __prem_prof_records[__prem_prof_count++] =
      (prof_record){site, lane, (uint64_t)(uintptr_t)address};
  __atomic_clear(&__prem_prof_lock, __ATOMIC_RELEASE);
}

/* The raw profile (format in tools/prem-profile): the sites, numbered in
 * order of first use, then one line per record. */
__attribute__((destructor)) static void write_profile(void) {
  if (!__prem_prof_count ||
      __atomic_exchange_n(&__prem_prof_written, 1, __ATOMIC_RELAXED))
    return;
  const char *Path = getenv("PREM_PROFILE_FILE");
  if (!Path || !*Path)
    Path = __prem_prof_records[0].site->output;
  FILE *Out = fopen(Path, "w");
  if (!Out) {
    fprintf(stderr, "prem: cannot write the load profile '%s'\n", Path);
    return;
  }
  const prem_prof_site **Sites = NULL;
  uint32_t NumSites = 0;
  fprintf(Out, "prem-raw-profile 1\n");
  for (uint64_t I = 0; I < __prem_prof_count; ++I) {
    const prem_prof_site *S = __prem_prof_records[I].site;
    uint32_t Id = 0;
    while (Id < NumSites && Sites[Id] != S)
      ++Id;
    if (Id == NumSites) {
      Sites = realloc(Sites, (NumSites + 1) * sizeof(*Sites));
      if (!Sites)
        abort();
      Sites[NumSites++] = S;
      fprintf(Out, "S %u %s %s %u %u %u %u %016llx\n", Id, S->kernel,
              *S->file ? S->file : "-", S->line, S->column, S->ordinal,
              S->bytes, (unsigned long long)S->shape_hash);
    }
    fprintf(Out, "R %u %llu %llx\n", Id,
            (unsigned long long)__prem_prof_records[I].lane,
            (unsigned long long)__prem_prof_records[I].address);
  }
  free(Sites);
  fclose(Out);
}
#endif

#if !PREM_GPU
/* The POSIX shared-memory object that the environment variable Var names
 * (libprem creates it: a prem_shm_header, then the state at its
 * state_offset), checked and mapped; returns the state, NULL when Var is
 * unset. One that is named but cannot be used stops the program with what
 * is wrong with it: the arbiter it stands for would be missing, and a
 * state that is not one would fault or hang the program. *HeaderOut gets
 * the header (for the owner's pid and heartbeat). */
/* An environment value the runtime cannot use stops the program: "prem:
 * VAR='value': [field ]<what is wrong>[ (want ...)]". */
__attribute__((format(printf, 5, 0))) static _Noreturn void
refuse_value(const char *Var, const char *Value, const char *Field,
             const char *Want, const char *Why, va_list Args) {
  fprintf(stderr, "prem: %s='%s': ", Var, Value);
  if (Field)
    fprintf(stderr, "%s ", Field);
  vfprintf(stderr, Why, Args);
  if (Want)
    fprintf(stderr, " (want %s)", Want);
  fputc('\n', stderr);
  _Exit(1); /* from inside a parallel region: no atexit handlers */
}

__attribute__((format(printf, 3, 4))) static _Noreturn void
shm_refuse(const char *Var, const char *Name, const char *Why, ...) {
  va_list Args;
  va_start(Args, Why);
  refuse_value(Var, Name, NULL, NULL, Why, Args);
}

__attribute__((unused)) static void *
map_named_shm(const char *Var, uint64_t Magic, const char *What,
              size_t Bytes, prem_shm_header **HeaderOut) {
  const char *Name = getenv(Var);
  if (!Name || !*Name)
    return NULL;
  int Fd = shm_open(Name, O_RDWR, 0);
  if (Fd < 0)
    shm_refuse(Var, Name, "cannot open the shared-memory object (%s)",
               strerror(errno));
  /* The size first: a page mapped past the object's end faults. */
  struct stat St;
  if (fstat(Fd, &St) != 0)
    shm_refuse(Var, Name, "cannot read its size (%s)", strerror(errno));
  uint64_t Size = (uint64_t)St.st_size;
  const char *Maker = Magic == PREM_SHM_MAGIC_GUARD ? "prem_guard_start"
                                                    : "prem_token_open_shared";
  if (Size < sizeof(prem_shm_header))
    shm_refuse(Var, Name,
               "size %llu byte%s: too small for a prem %s object (its "
               "header alone takes %u; libprem's %s makes them)",
               (unsigned long long)Size, Size == 1 ? "" : "s", What,
               (unsigned)sizeof(prem_shm_header), Maker);
  void *P = mmap(NULL, (size_t)Size, PROT_READ | PROT_WRITE, MAP_SHARED, Fd, 0);
  close(Fd);
  if (P == MAP_FAILED)
    shm_refuse(Var, Name, "cannot map it (%s)", strerror(errno));
  prem_shm_header *H = (prem_shm_header *)P;
  uint64_t Seen = __atomic_load_n(&H->magic, __ATOMIC_ACQUIRE);
  if (Seen != Magic)
    shm_refuse(Var, Name,
               "magic 0x%016llx: not a prem %s object (want 0x%016llx; "
               "libprem's %s makes them)",
               (unsigned long long)Seen, What, (unsigned long long)Magic,
               Maker);
  if (H->version != PREM_SHM_VERSION)
    shm_refuse(Var, Name,
               "version %u: this runtime reads version %u (libprem and the "
               "program's runtime differ)",
               H->version, PREM_SHM_VERSION);
  if (H->size != Size)
    shm_refuse(Var, Name, "size %llu in the header, but the object has %llu",
               (unsigned long long)H->size, (unsigned long long)Size);
  if (H->state_offset < sizeof(prem_shm_header) ||
      H->state_offset % 64 != 0 || H->state_offset > Size)
    shm_refuse(Var, Name,
               "state_offset %u is not past the header, 64-byte aligned and "
               "within the object's %llu bytes",
               H->state_offset, (unsigned long long)Size);
  if (Size - H->state_offset != Bytes)
    shm_refuse(Var, Name,
               "size %llu: after state_offset %u a prem %s takes %u bytes, "
               "not %llu",
               (unsigned long long)Size, H->state_offset, What,
               (unsigned)Bytes, (unsigned long long)(Size - H->state_offset));
  pid_t Owner = (pid_t)H->owner_pid;
  if (Owner <= 0)
    shm_refuse(Var, Name, "owner pid %d is no process", (int)Owner);
  if (kill(Owner, 0) != 0 && errno == ESRCH)
    shm_refuse(Var, Name, "left behind by a dead %s (pid %d)",
               Magic == PREM_SHM_MAGIC_GUARD ? "arbiter" : "owner",
               (int)Owner);
  if (Magic == PREM_SHM_MAGIC_GUARD) {
    uint64_t Beat = __atomic_load_n(&H->heartbeat_ns, __ATOMIC_RELAXED);
    uint64_t Now = now_ns();
    if (Now > Beat && Now - Beat > PREM_SHM_STALE_NS)
      shm_refuse(Var, Name,
                 "heartbeat %.1f s old: its arbiter (pid %d) does not run "
                 "(a pid taken by another process, or a stopped arbiter)",
                 (double)(Now - Beat) / 1e9, (int)Owner);
  }
  if (HeaderOut)
    *HeaderOut = H;
  return (char *)P + H->state_offset;
}
#endif

#if !PREM_GPU
/* An environment value that does not parse stops the program: a default in
 * its place would leave the run on a schedule nobody chose. */
typedef struct env_value {
  const char *Var, *Text, *Want;
} env_value;

__attribute__((format(printf, 3, 4), unused)) static _Noreturn void
env_refuse(const env_value *V, const char *Field, const char *Why, ...) {
  va_list Args;
  va_start(Args, Why);
  refuse_value(V->Var, V->Text, Field, V->Want, Why, Args);
}

/* The field of V at *Next: digits only (no sign, space or exponent) up to a
 * comma or the end, and within 64 bits; *Next moves past it. */
__attribute__((unused)) static uint64_t
env_field(const env_value *V, const char **Next, const char *Field) {
  const char *Text = *Next;
  int Length = (int)strcspn(Text, ",");
  if (!Length)
    env_refuse(V, Field, "is empty");
  char *End = (char *)Text;
  errno = 0;
  unsigned long long N =
      Text[0] >= '0' && Text[0] <= '9' ? strtoull(Text, &End, 10) : 0;
  if (End != Text + Length)
    env_refuse(V, Field, "'%.*s' is not an unsigned decimal number", Length,
               Text);
  if (errno == ERANGE)
    env_refuse(V, Field, "%.*s does not fit 64 bits", Length, Text);
  *Next = End;
  return N;
}
#endif

/* Unique per agent: the linear block index on a GPU (agent_id() is x only),
 * the thread number on the host. */
__attribute__((unused)) static uint32_t token_agent(void) {
#if defined(__NVPTX__)
  return __nvvm_read_ptx_sreg_ctaid_x() +
         __nvvm_read_ptx_sreg_nctaid_x() *
             (__nvvm_read_ptx_sreg_ctaid_y() +
              __nvvm_read_ptx_sreg_nctaid_y() * __nvvm_read_ptx_sreg_ctaid_z());
#elif defined(__AMDGPU__)
  return __builtin_amdgcn_workgroup_id_x() +
         __builtin_amdgcn_grid_size_x() / __builtin_amdgcn_workgroup_size_x() *
             (__builtin_amdgcn_workgroup_id_y() +
              __builtin_amdgcn_grid_size_y() /
                  __builtin_amdgcn_workgroup_size_y() *
                  __builtin_amdgcn_workgroup_id_z());
#else
  return agent_id();
#endif
}

__attribute__((unused)) static void pause_briefly(void) {
#if defined(__NVPTX__)
  /* sm_70 and later; the module's target is at least that for PREM. */
  __asm__ volatile("nanosleep.u32 64;");
#elif defined(__AMDGPU__)
  __builtin_amdgcn_s_sleep(1);
#else
  /* Host-offload agents are threads, often more than cores: let the holder
   * run. */
  sched_yield();
#endif
}

/* LLVM 22's NVPTX back end drops the ordering and scope of an atomicrmw
 * (it emits a relaxed, GPU-scope atom; llvm-project#179553 came after 22),
 * so the read-modify-writes that must order memory are PTX there. */
__attribute__((unused)) static void add_release(uint32_t *P, uint32_t V) {
#if defined(__NVPTX__)
  __asm__ volatile("atom.add.release.gpu.u32 %0, [%1], %2;"
                   : "=r"(V)
                   : "l"(P), "r"(V)
                   : "memory");
#else
  __atomic_fetch_add(P, V, __ATOMIC_RELEASE);
#endif
}

/* Sequentially consistent and, on a GPU, of system scope: for state in
 * host memory. */
__attribute__((unused)) static void add_seq_cst_sys(uint32_t *P, int32_t V) {
#if defined(__NVPTX__)
  __asm__ volatile("fence.sc.sys;\n\tatom.add.acq_rel.sys.u32 %0, [%1], %2;"
                   : "=r"(V)
                   : "l"(P), "r"(V)
                   : "memory");
#else
  __scoped_atomic_fetch_add(P, (uint32_t)V, __ATOMIC_SEQ_CST,
                            __MEMORY_SCOPE_SYSTEM);
#endif
}

/* PREM_ARBITER_LAUNCH builds every policy a target has, and the program
 * picks one when it runs (dispatch at the end of this section). */
#define PREM_WITH_DEVICE (PREM_ARBITER_DEVICE || PREM_ARBITER_LAUNCH)
#define PREM_WITH_TDMA (PREM_ARBITER_TDMA || PREM_ARBITER_LAUNCH)
#if (PREM_ARBITER_HOST || PREM_ARBITER_LAUNCH) && !defined(__AMDGPU__)
#define PREM_WITH_HOST 1
#else
#define PREM_WITH_HOST 0
#endif

/* rtgate keeps a block's state in shared memory named by the launch
 * (%gridid), which AMDGPU code cannot name (no dispatch-id builtin). */
#if PREM_ARBITER_RTGATE && defined(__AMDGPU__)
#error "policy rtgate is built for host offload and NVPTX only"
#endif
#if (PREM_ARBITER_RTGATE || PREM_ARBITER_LAUNCH) && !defined(__AMDGPU__)
#define PREM_WITH_RTGATE 1
#else
#define PREM_WITH_RTGATE 0
#endif

#if (PREM_WITH_DEVICE && !defined(__AMDGPU__)) || PREM_WITH_HOST ||          \
    PREM_WITH_RTGATE
/* Where an agent stands under an arbiter: in a memory phase under "host"
 * and "rtgate" (and the epoch of its last Execute phase, +1; 0: none yet),
 * holding the token under "device". */
typedef struct agent_phase {
  uint64_t owner; /* NVPTX: the block instance the state belongs to */
  uint64_t computed_in;
  uint32_t in_memory;
  uint32_t holds_token;
} agent_phase;
_Static_assert(sizeof(agent_phase) == PREM_RT_BLOCK_STATE_BYTES,
               "the passes leave PREM_RT_BLOCK_STATE_BYTES of the scratchpad "
               "for a block's state");

#if defined(__NVPTX__)
/* A block's state lives in its shared memory, which nothing initializes:
 * a state left by an earlier block on the same multiprocessor names that
 * block, and %gridid (unique per launch in a context) with the block's
 * number names this one. The scratchpad budget leaves room for it
 * (PREM_RT_BLOCK_STATE_BYTES). */
static __attribute__((address_space(3), loader_uninitialized))
agent_phase BlockState;

static volatile agent_phase *agent_state(void) {
  uint64_t Grid;
  __asm__("mov.u64 %0, %%gridid;" : "=l"(Grid));
  uint64_t Owner = Grid << 32 | token_agent();
  volatile agent_phase *A = (volatile agent_phase *)&BlockState;
  if (A->owner != Owner) {
    A->owner = Owner;
    A->computed_in = 0;
    A->in_memory = 0;
    A->holds_token = 0;
  }
  return A;
}
#else
static agent_phase *agent_state(void) {
  static _Thread_local agent_phase State;
  return &State;
}
#endif
#endif

#if PREM_WITH_DEVICE
/* Policy "device" (design §3): one memory token in global memory, so that
 * one agent (a GPU block, a host-offload thread) at a time is in a memory
 * phase. A ticket lock: agents are served in the order they asked, so none
 * starves and the wait is bounded by the memory phases queued before it.
 * Weak, so that every module of a program shares one token. Thread 0 of a
 * block acts for the block; prem-sync's barriers hold the other threads. */
__attribute__((weak)) prem_token __prem_token;

/* On host offload, PREM_TOKEN_SHM names the token libprem put in shared
 * memory for CPU tasks to queue in the same line. */
#if !PREM_GPU
static prem_token *Token;
static void map_token(void) {
  Token = map_named_shm("PREM_TOKEN_SHM", PREM_SHM_MAGIC_TOKEN, "token",
                        sizeof(prem_token), NULL);
  if (!Token)
    Token = &__prem_token;
}
#endif

static prem_token *token(void) {
#if PREM_GPU
  return &__prem_token;
#else
  /* One agent maps it (and says what is wrong with it, once); the others
   * wait for it. */
  static pthread_once_t Once = PTHREAD_ONCE_INIT;
  pthread_once(&Once, map_token);
  return Token;
#endif
}

/* The holder word names an agent, and a block's number is unique within
 * one kernel only: a block of another kernel sharing the token (a second
 * stream, bench/gpu's arbitrated co-runner) has the same number, and must
 * not read that kernel's hold as its own. So an agent holds the token when
 * its own state says it took it and no watchdog took it back since. On
 * AMDGPU no register names the launch (clang 22 has no dispatch-id
 * builtin), so the holder word alone decides there, as it did on every
 * target before. */
static uint64_t device_acquire(void) {
  if (thread_in_block() != 0)
    return 0;
  prem_token *T = token();
  uint32_t Me = token_agent() + 1;
#if defined(__AMDGPU__)
  int Took = 1;
#else
  volatile agent_phase *A = agent_state();
  int Took = A->holds_token;
#endif
  if (Took && __atomic_load_n(&T->holder, __ATOMIC_ACQUIRE) == Me)
    return 0; /* the Store phase after a compatible interval: held already */
  uint32_t Ticket = __atomic_fetch_add(&T->next, 1, __ATOMIC_RELAXED);
  while (__atomic_load_n(&T->serving, __ATOMIC_ACQUIRE) != Ticket)
    pause_briefly();
  /* The grant time first: a watchdog that sees the holder sees its time. */
  __atomic_store_n(&T->granted_ns, now_ns(), __ATOMIC_RELAXED);
  __atomic_store_n(&T->holder, Me, __ATOMIC_RELEASE);
#if !defined(__AMDGPU__)
  A->holds_token = 1;
#endif
  return 0;
}

/* A compare-and-swap on the holder: of this agent and a watchdog taking the
 * token back, one only moves the line on. */
static void device_release(int ExecuteFollows) {
  (void)ExecuteFollows;
  if (thread_in_block() != 0)
    return;
#if !defined(__AMDGPU__)
  volatile agent_phase *A = agent_state();
  if (!A->holds_token)
    return;
  A->holds_token = 0;
#endif
  prem_token *T = token();
  uint32_t Me = token_agent() + 1;
  if (__atomic_compare_exchange_n(&T->holder, &Me, 0, /*weak=*/0,
                                  __ATOMIC_ACQ_REL, __ATOMIC_RELAXED))
    add_release(&T->serving, 1);
}
#endif

#if PREM_ARBITER_HOST && defined(__AMDGPU__)
#error "policy host is built for host offload and NVPTX only"
#endif
#if PREM_WITH_HOST
/* Policy "host" (GPUguard, seed 001 Sec. 3.3): libprem's arbiter
 * (prem_guard_start) alternates a memory window of E_memory for the
 * offloaded kernel and one of E_compute for the CPU, counting windows in
 * prem_guard.epoch (even: the kernel's). An agent starts a memory phase only
 * at the start of a kernel window it has not computed in yet, so that each
 * PREM interval takes one window pair (Eq. 2): the Store phase of an
 * interval and the Load phase of the next share a window. The kernel's
 * agents share its window (GPUguard's GPU is one agent; the "device" policy
 * makes them exclusive among themselves). The arbiter counts windows that
 * close with a memory phase still open (overruns). */

#if PREM_GPU
__attribute__((weak)) prem_guard *__prem_guard;

static prem_guard *guard(void) {
  prem_guard *G = __prem_guard;
  if (!G)
    __builtin_trap(); /* launched without the arbiter's state */
  return G;
}
#else
/* The header of the guard's shared-memory object: the arbiter's pid. */
static prem_shm_header *GuardHeader;

static prem_guard *Guard;
static void map_guard(void) {
  Guard = map_named_shm("PREM_GUARD_SHM", PREM_SHM_MAGIC_GUARD, "guard",
                        sizeof(prem_guard), &GuardHeader);
  if (!Guard) {
    fprintf(stderr, "prem: policy host needs the arbiter's shared "
                    "memory (PREM_GUARD_SHM, set by prem_guard_start)\n");
    _Exit(1); /* from inside a parallel region: no atexit handlers */
  }
}

static prem_guard *guard(void) {
  /* One agent maps it (and says what is wrong with it, once); the others
   * wait for it. */
  static pthread_once_t Once = PTHREAD_ONCE_INIT;
  pthread_once(&Once, map_guard);
  return Guard;
}

/* An agent that has waited for a window for a while (Spins pauses) looks
 * whether the arbiter is still there, about every 100 ms: an arbiter that
 * died (prem-guard killed) opens no window again, and the program would
 * wait for ever. */
static void guard_check_arbiter(uint32_t Spins, uint64_t *LastCheck) {
  if (Spins % 1024 != 0)
    return;
  uint64_t Now = now_ns();
  if (Now - *LastCheck < 100000000)
    return;
  *LastCheck = Now;
  prem_shm_header *H = GuardHeader; /* set before guard() returned */
  uint64_t Beat = __atomic_load_n(&H->heartbeat_ns, __ATOMIC_RELAXED);
  if (Now > Beat && Now - Beat > 100 * PREM_SHM_HEARTBEAT_NS &&
      kill((pid_t)H->owner_pid, 0) != 0 && errno == ESRCH) {
    static int Reported; /* one agent says it */
    if (__atomic_exchange_n(&Reported, 1, __ATOMIC_RELAXED))
      for (;;)
        pause_briefly();
    fprintf(stderr,
            "prem: PREM_GUARD_SHM='%s': its arbiter (pid %d) died; no "
            "memory window will open again\n",
            getenv("PREM_GUARD_SHM"), (int)H->owner_pid);
    _Exit(1); /* from inside a parallel region: no atexit handlers */
  }
}
#endif

/* The guard may be host memory seen from a GPU: system scope. */
#define load_sys(P)                                                            \
  __scoped_atomic_load_n(P, __ATOMIC_SEQ_CST, __MEMORY_SCOPE_SYSTEM)

/* The window says whose turn it is; announcing before looking at the other
 * side (sequentially consistent, as the CPU tasks' side does in libprem)
 * keeps the kernel and the CPU out of memory together even when one of them
 * overruns its window. */
static uint64_t host_acquire(void) {
  if (thread_in_block() != 0)
    return 0;
  volatile agent_phase *A = agent_state();
  if (A->in_memory)
    return 0;
  prem_guard *G = guard();
#if !PREM_GPU
  uint32_t Spins = 0;
  uint64_t LastCheck = now_ns();
#endif
  for (;;) {
    uint64_t E = load_sys(&G->epoch);
    if (E % 2 == 0 && E + 1 > A->computed_in) {
      add_seq_cst_sys(&G->in_memory, 1);
      if (load_sys(&G->cpu_in_memory) == 0 && load_sys(&G->epoch) % 2 == 0) {
        /* The trace gets the time of the grant, not of its record: an agent
         * preempted in between would seem to start memory later. */
        uint64_t Granted = now_ns();
        A->in_memory = 1;
        return Granted;
      }
      add_seq_cst_sys(&G->in_memory, -1);
    }
    pause_briefly();
#if !PREM_GPU
    guard_check_arbiter(++Spins, &LastCheck);
#endif
  }
}

static void host_release(int ExecuteFollows) {
  if (thread_in_block() != 0)
    return;
  volatile agent_phase *A = agent_state();
  if (!A->in_memory)
    return;
  prem_guard *G = guard();
  if (ExecuteFollows)
    A->computed_in = load_sys(&G->epoch) + 1;
  add_seq_cst_sys(&G->in_memory, -1);
  A->in_memory = 0;
}
#endif

#if PREM_WITH_TDMA
/* Policy "tdma" (design §3; the deterministic schedule Sim-D, seed 003,
 * builds in hardware, in software): time is cut into slots of slot_ns, the
 * slot table repeats every `slots` slots, and agent a owns slot a mod slots.
 * An agent starts a memory phase only inside its own slot, and only when
 * budget_ns (its longest memory phase) fits the rest of the slot. No agent
 * talks to another: the clock is the only shared thing. The table is the
 * weak global __prem_tdma (a GPU's host writes it by name before the
 * launch); on host offload PREM_TDMA="slot_ns,slots,budget_ns" sets it. */
__attribute__((weak)) prem_tdma __prem_tdma = {100000, 8, 0, 50000, 0};

#if !PREM_GPU
/* PREM_TDMA="slot_ns,slots,budget_ns[,launch_slot]", strictly: with
 * launch_slot, every agent of the program starts its memory phases in that
 * slot (per launch, not per thread). */
static void tdma_parse(const char *Spec, prem_tdma *T) {
  char Want[160];
  snprintf(Want, sizeof Want,
           "slot_ns,slots,budget_ns[,launch_slot] in decimal, slot_ns > 0, "
           "0 < slots <= %u, budget_ns < slot_ns, launch_slot < slots",
           UINT32_MAX);
  const env_value E = {"PREM_TDMA", Spec, Want};
  const char *Next = Spec;
  uint64_t Slot = env_field(&E, &Next, "slot_ns");
  if (*Next++ != ',')
    env_refuse(&E, "slots", "is missing");
  uint64_t Slots = env_field(&E, &Next, "slots");
  if (*Next++ != ',')
    env_refuse(&E, "budget_ns", "is missing");
  uint64_t Budget = env_field(&E, &Next, "budget_ns");
  uint64_t Launch = 0;
  if (*Next == ',') {
    ++Next;
    Launch = env_field(&E, &Next, "launch_slot") + 1;
    if (Launch > Slots || Launch > UINT32_MAX)
      env_refuse(&E, "launch_slot", "%llu is not a slot of the table",
                  (unsigned long long)(Launch - 1));
  }
  if (*Next)
    env_refuse(&E, "launch_slot", "is followed by '%s' (more than four "
                "fields)", Next);
  if (!Slot)
    env_refuse(&E, "slot_ns", "is 0");
  if (!Slots)
    env_refuse(&E, "slots", "is 0");
  if (Slots > UINT32_MAX)
    env_refuse(&E, "slots", "%llu is more than %u",
                (unsigned long long)Slots, UINT32_MAX);
  /* A budget of the whole slot could start only at the nanosecond the slot
   * opens: an agent would wait for ever. */
  if (Budget >= Slot)
    env_refuse(&E, "budget_ns", "%llu is not shorter than slot_ns %llu",
                (unsigned long long)Budget, (unsigned long long)Slot);
  if (Slot > UINT64_MAX / Slots)
    env_refuse(&E, "slot_ns",
                "%llu x slots %llu (a round of the table) does not fit 64 "
                "bits",
                (unsigned long long)Slot, (unsigned long long)Slots);
  T->slot_ns = Slot;
  T->slots = (uint32_t)Slots;
  T->launch_slot = (uint32_t)Launch;
  T->budget_ns = Budget;
}
#endif

#if !PREM_GPU
static void read_tdma(void) {
  const char *Spec = getenv("PREM_TDMA");
  if (Spec && *Spec)
    tdma_parse(Spec, &__prem_tdma);
}
#endif

static const prem_tdma *tdma(void) {
#if !PREM_GPU
  /* One agent reads it (and says what is wrong with it, once); the others
   * wait for it. */
  static pthread_once_t Once = PTHREAD_ONCE_INIT;
  pthread_once(&Once, read_tdma);
#endif
  return &__prem_tdma;
}

static uint64_t tdma_acquire(void) {
  if (thread_in_block() != 0)
    return 0;
  const prem_tdma *P = tdma();
  uint32_t Me = token_agent();
  for (;;) {
    uint64_t Now = now_ns();
    if (prem_tdma_may_start(P, Me, Now))
      return Now;
    pause_briefly();
  }
}

#endif

/* The state of policy "rtgate" (prem_rt.h), which best-effort kernels
 * (prem-comply's __prem_be_poll) use whatever policy a module was built
 * with. */
#if PREM_GPU
__attribute__((weak)) prem_gate *__prem_gate;

#if defined(__NVPTX__)
int vprintf(const char *, void *);
#endif

static prem_gate *gate(void) {
  prem_gate *G = __prem_gate;
  if (!G || G->magic != PREM_GATE_MAGIC) {
#if defined(__NVPTX__)
    vprintf("prem: policy rtgate: the arbiter's state was not set up "
            "(__prem_gate; libprem's prem_gpu_gate_attach)\n",
            (void *)0);
#endif
    __builtin_trap();
  }
  return G;
}
#else
/* Host offload: the process's own state, shared by every target region of
 * the device image (weak). PREM_GATE="period_ns,bytes_per_period[,K]"
 * sets the regulation period, the best-effort bytes a period allows (0: no
 * byte budget) and the most real-time agents in memory at once (0: no
 * limit). */
__attribute__((weak)) prem_gate __prem_gate_state;
/* Weak as the state is: one initialisation for every translation unit's
 * copy of the runtime. */
__attribute__((weak)) pthread_once_t __prem_gate_once = PTHREAD_ONCE_INIT;

static void init_gate(void) {
  prem_gate *G = &__prem_gate_state;
  G->period_ns = 100000;
  G->watchdog_ns = 100000000;
  G->phase_gating = 1;
  G->governor.nominal = 1;
  const char *Spec = getenv("PREM_GATE");
  if (Spec && *Spec) {
    char Want[120];
    snprintf(Want, sizeof Want,
             "period_ns,bytes_per_period[,max_in_memory] in decimal, "
             "period_ns > 0, max_in_memory <= %u",
             UINT32_MAX);
    const env_value E = {"PREM_GATE", Spec, Want};
    const char *Next = Spec;
    G->period_ns = env_field(&E, &Next, "period_ns");
    if (*Next++ != ',')
      env_refuse(&E, "bytes_per_period", "is missing");
    G->be_bytes_per_period = env_field(&E, &Next, "bytes_per_period");
    if (*Next == ',') {
      ++Next;
      uint64_t K = env_field(&E, &Next, "max_in_memory");
      if (K > UINT32_MAX)
        env_refuse(&E, "max_in_memory", "%llu is more than %u",
                   (unsigned long long)K, UINT32_MAX);
      G->rt_max_in_memory = (uint32_t)K;
    }
    if (*Next)
      env_refuse(&E, "max_in_memory",
                 "is followed by '%s' (more than three fields)", Next);
    if (!G->period_ns)
      env_refuse(&E, "period_ns", "is 0");
  }
  G->be_budget = G->be_bytes_per_period ? G->be_bytes_per_period : ~0ull;
  G->be_ratio = G->governor.nominal;
  G->magic = PREM_GATE_MAGIC;
}

static prem_gate *gate(void) {
  pthread_once(&__prem_gate_once, init_gate);
  return &__prem_gate_state;
}
#endif

/* Best-effort polls go to the trace on host offload only (a GPU's
 * best-effort grid would fill it at once), as agents from this number on,
 * with the bytes they account for as the interval. */
#define PREM_BE_AGENT 0x80000000u

/* The gate orders no data, only time: a best-effort thread that reads it
 * a little stale moves memory for a little longer. So on a GPU its words
 * are relaxed atomics (a sequentially consistent access is a fence.sc of a
 * microsecond, in every poll of the grid); on the host, where they cost
 * little, they are sequentially consistent, which makes the trace check
 * exact. */
#if PREM_GPU
#define GATE_ORDER __ATOMIC_RELAXED
#else
#define GATE_ORDER __ATOMIC_SEQ_CST
#endif
#define gate_load(P) __scoped_atomic_load_n(P, GATE_ORDER, __MEMORY_SCOPE_DEVICE)
#define gate_store(P, V)                                                       \
  __scoped_atomic_store_n(P, V, GATE_ORDER, __MEMORY_SCOPE_DEVICE)
#define gate_add(P, V)                                                         \
  __scoped_atomic_fetch_add(P, V, GATE_ORDER, __MEMORY_SCOPE_DEVICE)

/* Waits about Ns nanoseconds. */
static void back_off(uint32_t Ns) {
#if defined(__NVPTX__)
  __asm__ volatile("nanosleep.u32 %0;" ::"r"(Ns));
#else
  (void)Ns;
  pause_briefly();
#endif
}

/* A new regulation period for best-effort counts: whoever sees it first
 * starts the count again. Counts of the moment the period turns may be
 * lost: a lenient budget, never a stuck one. */
static void gate_new_period(prem_gate *G, uint64_t Period) {
  uint64_t Seen = gate_load(&G->be_period);
  /* Forward only: a thread that read the clock before another turned the
   * period must not turn it back (and clear its count). */
  if (Seen < Period &&
      __scoped_atomic_compare_exchange_n(&G->be_period, &Seen, Period, 0,
                                         GATE_ORDER, __ATOMIC_RELAXED,
                                         __MEMORY_SCOPE_DEVICE))
    gate_store(&G->be_used, 0);
}

/* Whether best effort must hold back now: a real-time launch running, a
 * real-time block in memory (with phase gating), or the period's byte
 * budget spent. */
static int gate_closed(prem_gate *G, uint64_t Now) {
  if (gate_load((uint64_t *)G->rt_active) ||
      (G->phase_gating && gate_load(&G->rt_in_memory)))
    return 1;
  if (!G->be_bytes_per_period)
    return 0;
  uint64_t P = Now / G->period_ns;
  gate_new_period(G, P);
  uint64_t Used = gate_load(&G->be_used);
  /* Used is period P's count only if the period has not turned since (a
   * thread that read the clock just before the turn); otherwise look again
   * with the clock read anew. */
  if (gate_load(&G->be_period) != P)
    return 1;
  return Used > gate_load(&G->be_budget);
}

/* On a GPU the lanes of a warp that poll together poll as one: their first
 * lane counts the warp's bytes (lanes at one poll site moved alike) and
 * waits for the gate, and the others wait for it at a warp barrier. So
 * the gate's cache line, which the whole best-effort grid polls, sees one
 * load per warp, and the counts one atomic per warp (none without a byte
 * budget). While it waits the lane backs off, up to 8 us: the waiting
 * grid's loads of the one line would otherwise slow the real-time kernel's
 * own accesses to that L2 slice. */
void __prem_be_poll(uint64_t bytes) {
#if defined(__NVPTX__)
  uint32_t Mask = __nvvm_activemask();
  int Leader =
      __nvvm_read_ptx_sreg_laneid() == (uint32_t)__builtin_ctz(Mask);
  bytes *= (uint64_t)__builtin_popcount(Mask);
#else
  int Leader = 1;
#endif
  uint64_t Now = 0;
  if (Leader) {
    prem_gate *G = gate();
    Now = now_ns();
    if (G->be_bytes_per_period) {
      gate_new_period(G, Now / G->period_ns);
      __scoped_atomic_fetch_add(&G->be_used, bytes, __ATOMIC_RELAXED,
                                __MEMORY_SCOPE_DEVICE);
    }
#if !PREM_GPU
    __atomic_fetch_add(&G->be_polls, 1, __ATOMIC_RELAXED);
#endif
    uint64_t Since = Now;
    uint32_t Backoff = 256;
    int Waited = 0;
    for (;;) {
#if !PREM_GPU
      /* The grant's time in the trace is read between two reads of
       * rt_changes, which a real-time agent bumps after it announced a
       * phase and before it takes the phase's start time, and after it
       * took the end time and before it leaves: so a phase that started
       * before the clock read and had not ended by it either kept
       * rt_in_memory above 0 or changed rt_changes meanwhile. When it
       * changed, look again (prem-report --gate: no grant inside a
       * real-time memory phase). */
      uint32_t Changes = gate_load(&G->rt_changes);
#endif
      Now = now_ns();
      if (!gate_closed(G, Now)) {
#if !PREM_GPU
        if (gate_load(&G->rt_changes) != Changes)
          continue;
#endif
        break;
      }
      /* A real-time agent stuck in memory, or a flag never lowered: a poll
       * that waited watchdog_ns goes on and counts it, and so does every
       * poll for watchdog_ns after it (a stuck gate would otherwise cost
       * every poll the whole wait). */
      uint64_t Stuck = gate_load(&G->stuck_since);
      if (Stuck && Now - Stuck < G->watchdog_ns)
        break;
      if (Now - Since > G->watchdog_ns) {
        gate_store(&G->stuck_since, Now);
        __scoped_atomic_fetch_add(&G->recoveries, 1, __ATOMIC_RELAXED,
                                  __MEMORY_SCOPE_DEVICE);
        break;
      }
      Waited = 1;
      back_off(Backoff);
      Backoff = Backoff < 8192 ? 2 * Backoff : Backoff;
    }
    if (Waited)
      __scoped_atomic_fetch_add(&G->be_waits, 1, __ATOMIC_RELAXED,
                                __MEMORY_SCOPE_DEVICE);
  }
#if defined(__NVPTX__)
  __nvvm_bar_warp_sync(Mask);
#else
  if (__atomic_load_n(&__prem_trace_count, __ATOMIC_RELAXED) <
      PREM_TRACE_CAPACITY) {
    uint64_t Slot =
        __atomic_fetch_add(&__prem_trace_count, 1, __ATOMIC_RELAXED);
    if (Slot < PREM_TRACE_CAPACITY)
      __prem_trace[Slot] = (prem_trace_record){
          Now, PREM_BE_AGENT | agent_id(),
          (uint32_t)(bytes < (1u << PREM_TRACE_PHASE_SHIFT) - 1
                         ? bytes
                         : (1u << PREM_TRACE_PHASE_SHIFT) - 1) |
              ((uint32_t)PREM_PHASE_MEMORY << PREM_TRACE_PHASE_SHIFT)};
  }
#endif
}

#if PREM_WITH_RTGATE
/* The real-time side of "rtgate": a block announces its memory phase and
 * never waits for best-effort work; with K set it waits only for other
 * real-time blocks. It also tells the budget computation which launch is
 * running and how far it got (tiles done). */
static uint64_t launch_identity(void) {
#if defined(__NVPTX__)
  uint64_t Grid;
  __asm__ volatile("mov.u64 %0, %%gridid;" : "=l"(Grid));
  return Grid + 1;
#else
  return 1; /* one real-time launch per run (host offload) */
#endif
}

/* The budget of best-effort bytes from the launch's progress, once per
 * regulation period (seed 002, Sec. 5.1), by the first real-time block
 * that ends a tile in it; the nominal budget again once the launch is
 * done. */
static void rtgate_budget(prem_gate *G, uint64_t Done) {
  const prem_gate_governor *Gov = &G->governor;
  if (!G->be_bytes_per_period || !Gov->work)
    return;
  uint64_t Now = now_ns();
  double Q;
  if (Done >= Gov->work) {
    Q = Gov->nominal;
  } else {
    uint64_t Period = Now / G->period_ns;
    uint64_t Seen = gate_load(&G->budget_period);
    if (Seen == Period ||
        !__scoped_atomic_compare_exchange_n(&G->budget_period, &Seen, Period,
                                            0, GATE_ORDER, __ATOMIC_RELAXED,
                                            __MEMORY_SCOPE_DEVICE))
      return;
    double Left = (double)(gate_load(&G->rt_start_ns) + Gov->deadline_ns) -
                  (double)Now;
    Q = prem_gate_budget_ratio(Gov, Left, (double)(Gov->work - Done),
                               (double)G->period_ns, G->be_ratio);
  }
  G->be_ratio = Q;
  gate_store(&G->be_budget,
             (uint64_t)(Q * (double)G->be_bytes_per_period));
  /* The launch's last tile may have ended meanwhile and set the nominal
   * budget, which this period's must not replace. */
  if (Done < Gov->work && gate_load(&G->rt_done) >= Gov->work)
    gate_store(&G->be_budget,
               (uint64_t)(Gov->nominal * (double)G->be_bytes_per_period));
}

static uint64_t rtgate_acquire(void) {
  if (thread_in_block() != 0)
    return 0;
  prem_gate *G = gate();
  /* Launch grants alone (the GPU default): the host's flag says it all. */
  if (!G->phase_gating && !G->governor.work)
    return 0;
  volatile agent_phase *A = agent_state();
  if (A->in_memory)
    return 0;
  if (G->governor.work) {
    /* A new launch: its progress starts again. */
    uint64_t Launch = launch_identity();
    uint64_t Seen = gate_load(&G->rt_launch);
    if (Seen != Launch &&
        __scoped_atomic_compare_exchange_n(&G->rt_launch, &Seen, Launch, 0,
                                           GATE_ORDER, __ATOMIC_RELAXED,
                                           __MEMORY_SCOPE_DEVICE)) {
      gate_store(&G->rt_done, 0);
      gate_store(&G->rt_start_ns, now_ns());
    }
  }
  if (!G->phase_gating)
    return 0;
  uint32_t K = G->rt_max_in_memory;
  if (!K) {
    gate_add(&G->rt_in_memory, 1);
  } else {
    for (;;) {
      uint32_t In = gate_load(&G->rt_in_memory);
      if (In < K && __scoped_atomic_compare_exchange_n(
                        &G->rt_in_memory, &In, In + 1, 0, GATE_ORDER,
                        __ATOMIC_RELAXED, __MEMORY_SCOPE_DEVICE))
        break;
      pause_briefly();
    }
  }
#if !PREM_GPU
  gate_add(&G->rt_changes, 1); /* after the announcement, before the time */
#endif
  A->in_memory = 1;
  return now_ns();
}

static void rtgate_release(int ExecuteFollows) {
  if (thread_in_block() != 0)
    return;
  prem_gate *G = gate();
  if (!G->phase_gating && !G->governor.work)
    return;
  volatile agent_phase *A = agent_state();
  if (A->in_memory) {
#if !PREM_GPU
    gate_add(&G->rt_changes, 1); /* after the end's time, before leaving */
#endif
    gate_add(&G->rt_in_memory, (uint32_t)-1);
    A->in_memory = 0;
  }
  if (!ExecuteFollows && G->governor.work)
    rtgate_budget(G, gate_add(&G->rt_done, 1) + 1);
}
#endif

#if PREM_ARBITER_LAUNCH
/* The policy is the program's choice when it runs: on a GPU its host writes
 * __prem_arbiter by name before the launch (a prem_arbiter_policy); on host
 * offload PREM_ARBITER names it (Policies.def). Policy "none" when
 * unset. */
__attribute__((weak)) uint32_t __prem_arbiter;

static uint32_t arbiter(void) {
#if !PREM_GPU
  static int Read;
  if (!__atomic_load_n(&Read, __ATOMIC_ACQUIRE)) {
    /* Indexed by prem_arbiter_policy; the list for the message has a
     * ", " before each name. */
    static const char *const Names[] = {
#define PREM_POLICY(Name, Enumerator, Targets, State, Help) #Name,
#include "prem/Policies.def"
    };
    static const char List[] =
#define PREM_POLICY(Name, Enumerator, Targets, State, Help) ", " #Name
#include "prem/Policies.def"
        ;
    const uint32_t Count = sizeof Names / sizeof Names[0];
    const char *Name = getenv("PREM_ARBITER");
    uint32_t Policy = PREM_POLICY_NONE;
    if (Name && *Name) {
      while (Policy < Count && strcmp(Name, Names[Policy]) != 0)
        ++Policy;
      if (Policy == Count) {
        fprintf(stderr, "prem: PREM_ARBITER='%s' names no policy (%s)\n",
                Name, List + 2);
        _Exit(1); /* from inside a parallel region: no atexit handlers */
      }
    }
    __atomic_store_n(&__prem_arbiter, Policy, __ATOMIC_RELAXED);
    __atomic_store_n(&Read, 1, __ATOMIC_RELEASE);
  }
  return __atomic_load_n(&__prem_arbiter, __ATOMIC_RELAXED);
#else
  return __prem_arbiter; /* written before the launch */
#endif
}

static uint64_t acquire(void) {
  switch (arbiter()) {
  case PREM_POLICY_DEVICE:
    return device_acquire();
  case PREM_POLICY_TDMA:
    return tdma_acquire();
  case PREM_POLICY_HOST:
#if PREM_WITH_HOST
    return host_acquire();
#else
    __builtin_trap();    /* not built for this target */
#endif
  case PREM_POLICY_RTGATE:
#if PREM_WITH_RTGATE
    return rtgate_acquire();
#else
    __builtin_trap(); /* not built for this target */
#endif
  default:
    return 0;
  }
}

static void release(int ExecuteFollows) {
  switch (arbiter()) {
  case PREM_POLICY_DEVICE:
    device_release(ExecuteFollows);
    break;
#if PREM_WITH_HOST
  case PREM_POLICY_HOST:
    host_release(ExecuteFollows);
    break;
#endif
#if PREM_WITH_RTGATE
  case PREM_POLICY_RTGATE:
    rtgate_release(ExecuteFollows);
    break;
#endif
  default:
    break;
  }
}
#elif PREM_ARBITER_DEVICE
static uint64_t acquire(void) { return device_acquire(); }
static void release(int ExecuteFollows) { device_release(ExecuteFollows); }
#elif PREM_ARBITER_HOST
static uint64_t acquire(void) { return host_acquire(); }
static void release(int ExecuteFollows) { host_release(ExecuteFollows); }
#elif PREM_ARBITER_RTGATE
static uint64_t acquire(void) { return rtgate_acquire(); }
static void release(int ExecuteFollows) { rtgate_release(ExecuteFollows); }
#elif PREM_ARBITER_TDMA
static uint64_t acquire(void) { return tdma_acquire(); }
static void release(int ExecuteFollows) { (void)ExecuteFollows; }
#else
/* Policy "none": phase records only. */
static uint64_t acquire(void) { return 0; }
static void release(int ExecuteFollows) { (void)ExecuteFollows; }
#endif

#if !PREM_GPU && !PREM_ARBITER_LAUNCH
/* PREM_ARBITER picks the policy only in a build with
 * -fprem-arbiter=launch. Elsewhere it is ignored, and a run that asks for
 * an arbiter this way would go unprotected without a word: say so once,
 * when the device image is loaded (every linked copy of the runtime
 * registers this; the first prints). Quiet when it names the policy
 * built in. */
#ifdef PREM_ARBITER_NAME
/* runtime/device/CMakeLists.txt names the policy (-DPREM_ARBITER_NAME=tdma
 * beside -DPREM_ARBITER_TDMA=1). */
#define PREM_STRINGIFY(Name) #Name
#define PREM_NAME_STRING(Name) PREM_STRINGIFY(Name)
#define PREM_BUILT_POLICY PREM_NAME_STRING(PREM_ARBITER_NAME)
#else
#define PREM_BUILT_POLICY "none"
#endif
__attribute__((weak)) int __prem_arbiter_warned;
__attribute__((constructor)) static void warn_arbiter_ignored(void) {
  const char *Name = getenv("PREM_ARBITER");
  if (!Name || !*Name || strcmp(Name, PREM_BUILT_POLICY) == 0 ||
      __atomic_exchange_n(&__prem_arbiter_warned, 1, __ATOMIC_RELAXED))
    return;
  fprintf(stderr,
          "prem: PREM_ARBITER='%s' ignored: this program was built with the "
          "policy '" PREM_BUILT_POLICY "' (-fprem-arbiter=launch picks one "
          "when it runs)\n",
          Name);
}
#endif

/* The memory phase is recorded once the token is held and its end before
 * the token goes: in the trace, memory phases of different agents never
 * overlap under an arbiter. */
void __prem_enter_mem(uint32_t interval) {
  uint64_t At = acquire();
  record(interval, PREM_PHASE_MEMORY, At);
}

void __prem_enter_comp(uint32_t interval) {
  record(interval, PREM_PHASE_COMPUTE, 0);
  release(1);
}

void __prem_exit_mem(uint32_t interval) {
  record(interval, PREM_PHASE_DONE, 0);
  release(0);
}

/* Seed 000's bypass rule (Eq. 3.1) for a copy that reads each byte of
 * [src, src + n) once: U = 1 inside the interval and R = 0, so caching
 * moves the 128-byte lines the interval touches and bypassing the 32-byte
 * sectors. A Load phase's copy decides it per interval (they are known only
 * at run time); it pays unless the interval is whole lines. */
static int bypass_moves_less(const char *src, uint64_t n) {
  uint64_t B = (uint64_t)(uintptr_t)src;
  if (!n)
    return 0;
  uint64_t Lines = (B + n + 127) / 128 - B / 128;
  uint64_t Sectors = (B + n + 31) / 32 - B / 32;
  return 32 * Sectors < 128 * Lines;
}

typedef struct {
  uint32_t x, y, z, w;
} v4;

#if defined(__NVPTX__)
/* clang's __ldcg: ld.global.cg (L2 only), through the generic space when
 * the address is not global memory. The memory clobber keeps the load
 * after the phase's barrier. */
static v4 load_v4(const v4 *P, int Bypass) {
  if (!Bypass)
    return *P;
  v4 R;
  __asm__ volatile("{ .reg .pred %%g; isspacep.global %%g, %4;"
                   " @%%g ld.global.cg.v4.u32 {%0, %1, %2, %3}, [%4];"
                   " @!%%g ld.v4.u32 {%0, %1, %2, %3}, [%4]; }"
                   : "=r"(R.x), "=r"(R.y), "=r"(R.z), "=r"(R.w)
                   : "l"(P)
                   : "memory");
  return R;
}
static uint32_t load_u32(const uint32_t *P, int Bypass) {
  if (!Bypass)
    return *P;
  uint32_t R;
  __asm__ volatile("{ .reg .pred %%g; isspacep.global %%g, %1;"
                   " @%%g ld.global.cg.u32 %0, [%1]; @!%%g ld.u32 %0, [%1]; }"
                   : "=r"(R)
                   : "l"(P)
                   : "memory");
  return R;
}
#elif defined(__AMDGPU__)
/* An agent-scope relaxed atomic load is coherent at the device: it skips
 * the CU's L1 (glc / sc1), as prem-bypass-lower's loads do. */
static v4 load_v4(const v4 *P, int Bypass) {
  if (!Bypass)
    return *P;
  const uint32_t *W = (const uint32_t *)P;
  v4 R = {__scoped_atomic_load_n(W, __ATOMIC_RELAXED, __MEMORY_SCOPE_DEVICE),
          __scoped_atomic_load_n(W + 1, __ATOMIC_RELAXED, __MEMORY_SCOPE_DEVICE),
          __scoped_atomic_load_n(W + 2, __ATOMIC_RELAXED, __MEMORY_SCOPE_DEVICE),
          __scoped_atomic_load_n(W + 3, __ATOMIC_RELAXED, __MEMORY_SCOPE_DEVICE)};
  return R;
}
static uint32_t load_u32(const uint32_t *P, int Bypass) {
  return Bypass
             ? __scoped_atomic_load_n(P, __ATOMIC_RELAXED, __MEMORY_SCOPE_DEVICE)
             : *P;
}
#endif

/* Widest moves where both ends allow them: 16 bytes, else 4, else 1. With
 * Bypass, the wide loads skip the L1. */
static void copy_bytes(char *dst, const char *src, uint64_t n, uint64_t first,
                       uint64_t step, int Bypass) {
#if PREM_GPU
  uint64_t Align = (uint64_t)(uintptr_t)dst | (uint64_t)(uintptr_t)src;
  if ((Align & 15) == 0) {
    uint64_t Vectors = n / 16;
    for (uint64_t I = first; I < Vectors; I += step)
      ((v4 *)dst)[I] = load_v4((const v4 *)src + I, Bypass);
    for (uint64_t I = Vectors * 16 + first; I < n; I += step)
      dst[I] = src[I];
  } else if ((Align & 3) == 0) {
    uint64_t Words = n / 4;
    for (uint64_t I = first; I < Words; I += step)
      ((uint32_t *)dst)[I] = load_u32((const uint32_t *)src + I, Bypass);
    for (uint64_t I = Words * 4 + first; I < n; I += step)
      dst[I] = src[I];
  } else {
    for (uint64_t I = first; I < n; I += step)
      dst[I] = src[I];
  }
#else
  (void)first;
  (void)step;
  (void)Bypass; /* a CPU's caches are not bypassed */
  memcpy(dst, src, n); /* libc picks the widest vector moves */
#endif
}

void __prem_copy_1d(void *dst, const void *src, uint64_t bytes) {
  copy_bytes((char *)dst, (const char *)src, bytes, thread_in_block(),
             threads_per_block(), 0);
}

void __prem_copy_1d_streaming(void *dst, const void *src, uint64_t bytes) {
  copy_bytes((char *)dst, (const char *)src, bytes, thread_in_block(),
             threads_per_block(), bypass_moves_less((const char *)src, bytes));
}

static void copy_rows(void *dst, uint64_t dst_pitch, const void *src,
                      uint64_t src_pitch, uint64_t width, uint64_t rows,
                      int Streaming) {
#if PREM_GPU
  /* Rows of a few words (a column block): the block's threads spread over
   * rows and words together, rather than most of them idle on each row. */
  uint64_t Align = (uint64_t)(uintptr_t)dst | (uint64_t)(uintptr_t)src |
                   dst_pitch | src_pitch | width;
  if ((Align & 3) == 0 && width < 4 * (uint64_t)threads_per_block()) {
    uint64_t Words = width / 4, N = Words * rows;
    for (uint64_t I = thread_in_block(); I < N; I += threads_per_block()) {
      uint64_t R = I / Words, W = I % Words;
      const char *Row = (const char *)src + R * src_pitch;
      ((uint32_t *)((char *)dst + R * dst_pitch))[W] = load_u32(
          (const uint32_t *)Row + W,
          Streaming && bypass_moves_less(Row, width));
    }
    return;
  }
#endif
  for (uint64_t R = 0; R < rows; ++R) {
    const char *Row = (const char *)src + R * src_pitch;
    copy_bytes((char *)dst + R * dst_pitch, Row, width, thread_in_block(),
               threads_per_block(), Streaming && bypass_moves_less(Row, width));
  }
}

void __prem_copy_2d(void *dst, uint64_t dst_pitch, const void *src,
                    uint64_t src_pitch, uint64_t width, uint64_t rows) {
  copy_rows(dst, dst_pitch, src, src_pitch, width, rows, 0);
}

void __prem_copy_2d_streaming(void *dst, uint64_t dst_pitch, const void *src,
                              uint64_t src_pitch, uint64_t width,
                              uint64_t rows) {
  copy_rows(dst, dst_pitch, src, src_pitch, width, rows, 1);
}

static void copy_element(char *dst, const char *src, uint64_t elem_bytes) {
  for (uint64_t B = 0; B < elem_bytes; ++B)
    dst[B] = src[B];
}

void __prem_copy_gather(void *dst, const void *src, const uint64_t *offsets,
                        uint64_t count, uint64_t elem_bytes) {
  for (uint64_t I = thread_in_block(); I < count; I += threads_per_block())
    copy_element((char *)dst + I * elem_bytes,
                 (const char *)src + offsets[I] * elem_bytes, elem_bytes);
}

void __prem_copy_scatter(void *dst, const void *src, const uint64_t *offsets,
                         uint64_t count, uint64_t elem_bytes) {
  for (uint64_t I = thread_in_block(); I < count; I += threads_per_block())
    copy_element((char *)dst + offsets[I] * elem_bytes,
                 (const char *)src + I * elem_bytes, elem_bytes);
}
