// The CUDA emulation of the end-to-end tests: NVPTX device IR made host IR
// by nvptx-on-host.py runs with each CUDA thread a pthread. A block's
// threads run together (one block at a time, so one copy of each kernel's
// shared memory serves), in 1-D, 2-D or 3-D blocks and grids, the block
// barrier is a barrier of the block's threads, the warp barrier (__syncwarp,
// the shuffles) one of a warp's 32 threads, and the
// runtime's cooperative copies split their bytes over the block's (x)
// threads as on the GPU: a tile whose phases lacked a barrier could read
// bytes another thread has not copied yet. Thread 0 counts the phases it
// enters.
//
// With EMU_GUARD=1 in the environment, the arrays a driver allocates with
// emu_global() are inaccessible (mprotect) whenever thread 0 is not in a
// memory phase: a kernel that touches global memory in an Execute phase
// stops with exit status 3. A launch whose kernel enters no phase before
// its first access (one the plugin left alone) runs unguarded. With
// EMU_GUARD=strict only the launches the driver marks with
// emu_expect_no_phases() may: a transformed kernel that touches global
// memory before its first phase call stops too.
#ifndef PREM_TEST_CUDA_EMU_H
#define PREM_TEST_CUDA_EMU_H

#include "emu-data.h"
#include "float-hash.h"

#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#define EMU_MAX_THREADS 1024

// The thread's index in its block (x, y, z, and linear: x fastest), the
// block's index in the grid, and the launch's block and grid sizes. The
// runtime's cooperative copies spread over every thread of the block by its
// linear index (runtime/device/target.c: thread_in_block(),
// threads_per_block()), as on the GPU. Ctaid is each thread's own (the
// threads run the grid's blocks in turn, one block at a time).
static __thread unsigned Tid, TidY, TidZ, LinearTid;
static __thread unsigned Ctaid, CtaidY, CtaidZ;
static unsigned Ntid, NtidY = 1, NtidZ = 1;
static unsigned Nctaid = 1, NctaidY = 1, NctaidZ = 1;
static long MemPhases, ComputePhases, Exits;
// Memory phases of compatible intervals outside a tile's loop (interval
// numbers with PREM_INTERVAL_OUTSIDE, bit 29).
static long OutsidePhases;

unsigned emu_tid_x(void) { return Tid; }
unsigned emu_tid_y(void) { return TidY; }
unsigned emu_tid_z(void) { return TidZ; }
unsigned emu_ctaid_x(void) { return Ctaid; }
unsigned emu_ctaid_y(void) { return CtaidY; }
unsigned emu_ctaid_z(void) { return CtaidZ; }
unsigned emu_ntid_x(void) { return Ntid; }
unsigned emu_ntid_y(void) { return NtidY; }
unsigned emu_ntid_z(void) { return NtidZ; }
unsigned emu_nctaid_x(void) { return Nctaid; }
unsigned emu_nctaid_y(void) { return NctaidY; }
unsigned emu_nctaid_z(void) { return NctaidZ; }

// The block barrier, which also ends each block (before its threads start
// the next one). Every thread of a block must meet the same barriers in the
// same order, as on the GPU: a thread at the end of its block while another
// waits in the kernel (a barrier some threads skip) aborts the program,
// naming the block, rather than pairing the two.
enum { EmuInKernel = 1, EmuBlockEnd = 2 };
static pthread_mutex_t BarrierLock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t BarrierDone = PTHREAD_COND_INITIALIZER;
static unsigned BarrierThreads, BarrierWaiting, BarrierKinds;
static unsigned long BarrierGeneration;
// Site: which barrier of the kernel (nvptx-on-host.py numbers them; 0 for
// the emulator's own waits): CUDA's __syncthreads is aligned, every thread
// meets the same one, and threads at two different ones (a barrier in a
// branch some threads skip, each side with its own) abort the program too.
static int BarrierSite, BarrierSitesDiffer;
static void emuWait(unsigned Kind, int Site) {
  pthread_mutex_lock(&BarrierLock);
  BarrierKinds |= Kind;
  if (BarrierWaiting == 0)
    BarrierSite = Site, BarrierSitesDiffer = 0;
  else if (Site != BarrierSite)
    BarrierSitesDiffer = 1;
  if (++BarrierWaiting == BarrierThreads) {
    if (BarrierKinds != Kind) {
      fprintf(stderr,
              "cuda-emu: block (%u, %u, %u): some threads at a barrier, "
              "others at the end of the kernel\n",
              Ctaid, CtaidY, CtaidZ);
      abort();
    }
    if (BarrierSitesDiffer) {
      fprintf(stderr,
              "cuda-emu: block (%u, %u, %u): threads at different "
              "barriers\n",
              Ctaid, CtaidY, CtaidZ);
      abort();
    }
    BarrierWaiting = 0;
    BarrierKinds = 0;
    ++BarrierGeneration;
    pthread_cond_broadcast(&BarrierDone);
  } else {
    unsigned long Generation = BarrierGeneration;
    while (Generation == BarrierGeneration)
      pthread_cond_wait(&BarrierDone, &BarrierLock);
  }
  pthread_mutex_unlock(&BarrierLock);
}
void emu_barrier(int Site) { emuWait(EmuInKernel, Site); }
// The block's count of the threads whose P holds (__syncthreads_count;
// __syncthreads_or and _and are counts too): add, wait, read, wait
// (everyone has read), reset, wait (no thread adds the next one's before
// the reset).
static int BarrierCount;
static int emuBarrierCount(_Bool P) {
  if (P)
    __atomic_fetch_add(&BarrierCount, 1, __ATOMIC_SEQ_CST);
  emuWait(EmuInKernel, 0);
  int Count = __atomic_load_n(&BarrierCount, __ATOMIC_SEQ_CST);
  emuWait(EmuInKernel, 0);
  if (LinearTid == 0)
    __atomic_store_n(&BarrierCount, 0, __ATOMIC_SEQ_CST);
  emuWait(EmuInKernel, 0);
  return Count;
}
_Bool emu_barrier_or(int Id, _Bool P) {
  (void)Id;
  return emuBarrierCount(P) != 0;
}
int emu_barrier_popc(int Id, _Bool P) {
  (void)Id;
  return emuBarrierCount(P);
}
_Bool emu_barrier_and(int Id, _Bool P) {
  (void)Id;
  return emuBarrierCount(P) == (int)(Ntid * NtidY * NtidZ);
}

// Warps: 32 consecutive linear thread indices, as on the GPU, lane = the
// linear index mod 32. The warp barrier (__syncwarp, and the two halves of
// a shuffle) waits for every thread of the warp the block has (its last
// warp may be partial); the threads of a warp run independently otherwise,
// so a kernel that relies on warp lockstep without __syncwarp (the CUDA
// samples' pre-Volta reductions) races here as it may on Volta and later.
// The mask is not modelled: every thread of the warp must arrive.
#define EMU_MAX_WARPS (EMU_MAX_THREADS / 32)
static pthread_mutex_t WarpLock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t WarpDone = PTHREAD_COND_INITIALIZER;
static unsigned WarpWaiting[EMU_MAX_WARPS];
static unsigned long WarpGeneration[EMU_MAX_WARPS];
static void emuWarpWait(void) {
  unsigned Warp = LinearTid / 32, Threads = Ntid * NtidY * NtidZ;
  unsigned InWarp = Threads - Warp * 32 < 32 ? Threads - Warp * 32 : 32;
  pthread_mutex_lock(&WarpLock);
  if (++WarpWaiting[Warp] == InWarp) {
    WarpWaiting[Warp] = 0;
    ++WarpGeneration[Warp];
    pthread_cond_broadcast(&WarpDone);
  } else {
    unsigned long Generation = WarpGeneration[Warp];
    while (Generation == WarpGeneration[Warp])
      pthread_cond_wait(&WarpDone, &WarpLock);
  }
  pthread_mutex_unlock(&WarpLock);
}
void emu_syncwarp(int Mask) {
  (void)Mask;
  emuWarpWait();
}
// __threadfence and __threadfence_block: the threads share one memory.
void emu_membar(void) { __atomic_thread_fence(__ATOMIC_SEQ_CST); }
unsigned emu_laneid(void) { return LinearTid % 32; }
unsigned emu_lanemask_lt(void) { return (1u << LinearTid % 32) - 1; }
// A shuffle: each thread posts V, waits for its warp, reads lane Src's
// (its own V where Src is past the block's last thread), and waits again
// (no thread posts the next shuffle's value before all have read).
static unsigned WarpSlot[EMU_MAX_THREADS];
static unsigned emuShuffle(unsigned V, unsigned Src) {
  WarpSlot[LinearTid] = V;
  emuWarpWait();
  unsigned Base = LinearTid / 32 * 32, Threads = Ntid * NtidY * NtidZ;
  unsigned R = Base + Src < Threads ? WarpSlot[Base + Src] : V;
  emuWarpWait();
  return R;
}
// The source lane of shfl.sync.down by Delta under PTX's c operand
// (segment mask in bits 12:8, clamp in 4:0; __shfl_down_sync's width w
// is mask 32 - w, clamp 31): past the segment's last lane, its own.
static unsigned emuDownLane(unsigned Delta, unsigned C) {
  unsigned Lane = LinearTid % 32, Segment = (C >> 8) & 31, Clamp = C & 31;
  unsigned Max = (Lane & Segment) | (Clamp & ~Segment);
  return Lane + Delta > Max ? Lane : Lane + Delta;
}
int emu_shfl_down_i32(int Mask, int V, int Delta, int C) {
  (void)Mask;
  return (int)emuShuffle((unsigned)V, emuDownLane(Delta, C));
}
float emu_shfl_down_f32(int Mask, float V, int Delta, int C) {
  (void)Mask;
  unsigned U;
  memcpy(&U, &V, 4);
  U = emuShuffle(U, emuDownLane(Delta, C));
  float R;
  memcpy(&R, &U, 4);
  return R;
}
// shfl.sync.idx: lane Src of the thread's segment.
int emu_shfl_idx_i32(int Mask, int V, int Src, int C) {
  (void)Mask;
  unsigned Lane = LinearTid % 32, Segment = (C >> 8) & 31;
  return (int)emuShuffle((unsigned)V, (Lane & Segment) | (Src & ~Segment & 31));
}

// The guard of EMU_GUARD=1: the arrays of emu_global, and whether this
// launch has entered a phase yet.
#define EMU_MAX_GLOBALS 64
static struct { void *At; size_t Bytes; } Globals[EMU_MAX_GLOBALS];
static unsigned NumGlobals;
static int Guarded, GuardStrict, GuardArmed, NoPhasesExpected;
static volatile sig_atomic_t PhasesThisLaunch;
// The next launch's kernel is one the plugin leaves alone (EMU_GUARD=strict).
static void emu_expect_no_phases(void) { NoPhasesExpected = 1; }
static void emuProtect(int Prot) {
  for (unsigned I = 0; I < NumGlobals; ++I)
    mprotect(Globals[I].At, Globals[I].Bytes, Prot);
}
static void emuGuardFault(int Sig, siginfo_t *Info, void *Context) {
  (void)Sig, (void)Context;
  for (unsigned I = 0; I < NumGlobals; ++I) {
    char *At = (char *)Globals[I].At;
    if ((char *)Info->si_addr < At || (char *)Info->si_addr >= At + Globals[I].Bytes)
      continue;
    if (!PhasesThisLaunch && (!GuardStrict || NoPhasesExpected)) {
      // A kernel without phases: run it unguarded.
      emuProtect(PROT_READ | PROT_WRITE);
      return;
    }
    static const char Msg[] =
        "cuda-emu: global memory touched outside a memory phase\n";
    if (write(2, Msg, sizeof Msg - 1) < 0)
      _exit(3);
    _exit(3);
  }
  signal(SIGSEGV, SIG_DFL); // not ours: crash as usual
}
// n bytes of global memory for a kernel, zeroed; guarded under EMU_GUARD.
static void *emu_global(size_t Bytes) {
  size_t Page = (size_t)sysconf(_SC_PAGESIZE);
  Bytes = (Bytes + Page - 1) / Page * Page;
  void *P = mmap(NULL, Bytes, PROT_READ | PROT_WRITE,
                 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (P == MAP_FAILED || NumGlobals == EMU_MAX_GLOBALS)
    abort();
  Globals[NumGlobals].At = P;
  Globals[NumGlobals++].Bytes = Bytes;
  return P;
}
static void emuGuardPhase(int Memory) {
  PhasesThisLaunch = 1;
  if (GuardArmed)
    emuProtect(Memory ? PROT_READ | PROT_WRITE : PROT_NONE);
}

void __prem_enter_mem(unsigned Interval) {
  if (LinearTid == 0)
    emuGuardPhase(1);
  if (LinearTid == 0) { // (only thread 0 may store: += 0 in the others races)
    ++MemPhases;
    OutsidePhases += (Interval >> 29) & 1;
  }
}
void __prem_enter_comp(unsigned Interval) {
  (void)Interval;
  if (LinearTid == 0) {
    emuGuardPhase(0);
    ++ComputePhases;
  }
}
void __prem_exit_mem(unsigned Interval) {
  (void)Interval;
  if (LinearTid == 0) {
    emuGuardPhase(0);
    ++Exits;
  }
}
// A best-effort kernel's polls (prem-comply): every thread's, and the bytes
// they account for; the emulated gate is always open.
static long Polls, PolledBytes;
void __prem_be_poll(unsigned long Bytes) {
  __atomic_fetch_add(&Polls, 1, __ATOMIC_RELAXED);
  __atomic_fetch_add(&PolledBytes, (long)Bytes, __ATOMIC_RELAXED);
}
void __prem_copy_1d(char *Dst, const char *Src, unsigned long Bytes) {
  for (unsigned long I = LinearTid; I < Bytes; I += Ntid * NtidY * NtidZ)
    Dst[I] = Src[I];
}
void __prem_copy_2d(char *Dst, unsigned long DstPitch, const char *Src,
                    unsigned long SrcPitch, unsigned long Width,
                    unsigned long Rows) {
  for (unsigned long I = LinearTid; I < Width * Rows;
       I += Ntid * NtidY * NtidZ)
    Dst[I / Width * DstPitch + I % Width] = Src[I / Width * SrcPitch + I % Width];
}

// Prints a hash of a kernel's output and the phases thread 0 entered (those
// of compatible intervals outside tiles apart), and counts again from 0.
static void report(const char *Name, const float *Out, int n) {
  printf("HASH %s %016llx\n", Name, (unsigned long long)hash(Out, n));
  printf("PHASES %s memory %ld execute %ld done %ld outside %ld\n", Name,
         MemPhases, ComputePhases, Exits, OutsidePhases);
  MemPhases = ComputePhases = Exits = OutsidePhases = 0;
  if (Polls)
    printf("POLLS %s %ld bytes %ld\n", Name, Polls, PolledBytes);
  Polls = PolledBytes = 0;
}

static void (*Body)(void);
// Each thread of the block runs the grid's blocks in turn (x fastest), and
// waits at the end of each for the others.
static void *thread(void *Arg) {
  LinearTid = (unsigned)(unsigned long)Arg;
  Tid = LinearTid % Ntid;
  TidY = LinearTid / Ntid % NtidY;
  TidZ = LinearTid / (Ntid * NtidY);
  for (CtaidZ = 0; CtaidZ < NctaidZ; ++CtaidZ)
    for (CtaidY = 0; CtaidY < NctaidY; ++CtaidY)
      for (Ctaid = 0; Ctaid < Nctaid; ++Ctaid) {
        Body();
        emuWait(EmuBlockEnd, 0);
      }
  return NULL;
}

// A launch of a Gx x Gy x Gz grid of Bx x By x Bz blocks
// (kernel<<<dim3(Gx, Gy, Gz), dim3(Bx, By, Bz)>>>).
static void launch3d(void (*Kernel)(void), unsigned Gx, unsigned Gy,
                     unsigned Gz, unsigned Bx, unsigned By, unsigned Bz) {
  unsigned Threads = Bx * By * Bz;
  if (!Threads || Threads > EMU_MAX_THREADS || !Gx || !Gy || !Gz)
    abort();
  pthread_t T[EMU_MAX_THREADS];
  Body = Kernel;
  Ntid = Bx, NtidY = By, NtidZ = Bz;
  Nctaid = Gx, NctaidY = Gy, NctaidZ = Gz;
  BarrierThreads = Threads;
  if (!Guarded) {
    const char *Guard = getenv("EMU_GUARD");
    GuardStrict = Guard && strcmp(Guard, "strict") == 0;
    Guarded = Guard && (strcmp(Guard, "1") == 0 || GuardStrict) ? 1 : -1;
    if (Guarded == 1) {
      struct sigaction Action;
      memset(&Action, 0, sizeof Action);
      Action.sa_sigaction = emuGuardFault;
      Action.sa_flags = SA_SIGINFO;
      sigaction(SIGSEGV, &Action, NULL);
    }
  }
  PhasesThisLaunch = 0;
  GuardArmed = Guarded == 1;
  if (GuardArmed)
    emuProtect(PROT_NONE);
  for (unsigned I = 0; I < Threads; ++I)
    if (pthread_create(&T[I], NULL, thread, (void *)(unsigned long)I))
      abort();
  for (unsigned I = 0; I < Threads; ++I)
    pthread_join(T[I], NULL);
  GuardArmed = 0;
  NoPhasesExpected = 0;
  emuProtect(PROT_READ | PROT_WRITE);
}

// A 1-D launch: Blocks blocks of Threads threads.
static void launch(void (*Kernel)(void), unsigned Blocks, unsigned Threads) {
  launch3d(Kernel, Blocks, 1, 1, Threads, 1, 1);
}

#endif
