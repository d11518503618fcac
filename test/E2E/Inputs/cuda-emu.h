// The CUDA emulation of the end-to-end tests: NVPTX device IR made host IR
// by nvptx-on-host.py runs with each CUDA thread a pthread. A block's
// threads run together (one block at a time, so one copy of each kernel's
// shared memory serves), the block barrier is a pthread barrier, and the
// runtime's cooperative copies split their bytes over the block's threads
// as on the GPU: a tile whose phases lacked a barrier could read bytes
// another thread has not copied yet. Thread 0 counts the phases it enters.
#ifndef PREM_TEST_CUDA_EMU_H
#define PREM_TEST_CUDA_EMU_H

#include "float-hash.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#define EMU_MAX_THREADS 1024

static __thread unsigned Tid;
static unsigned Ctaid, Ntid;
static pthread_barrier_t Barrier;
static long MemPhases, ComputePhases, Exits;
// Memory phases of compatible intervals outside a tile's loop (interval
// numbers with PREM_INTERVAL_OUTSIDE, bit 29).
static long OutsidePhases;

unsigned emu_tid_x(void) { return Tid; }
unsigned emu_tid_y(void) { return 0; }
unsigned emu_tid_z(void) { return 0; }
unsigned emu_ctaid_x(void) { return Ctaid; }
unsigned emu_ctaid_y(void) { return 0; }
unsigned emu_ctaid_z(void) { return 0; }
unsigned emu_ntid_x(void) { return Ntid; }
unsigned emu_ntid_y(void) { return 1; }
unsigned emu_ntid_z(void) { return 1; }
void emu_barrier(int Id) {
  (void)Id;
  pthread_barrier_wait(&Barrier);
}
// The block's or of P: set, wait, read, wait (everyone has read), reset,
// wait (no thread sets the next one's before the reset).
static int BarrierOr;
_Bool emu_barrier_or(int Id, _Bool P) {
  (void)Id;
  if (P)
    __atomic_store_n(&BarrierOr, 1, __ATOMIC_SEQ_CST);
  pthread_barrier_wait(&Barrier);
  _Bool Any = __atomic_load_n(&BarrierOr, __ATOMIC_SEQ_CST);
  pthread_barrier_wait(&Barrier);
  if (Tid == 0)
    __atomic_store_n(&BarrierOr, 0, __ATOMIC_SEQ_CST);
  pthread_barrier_wait(&Barrier);
  return Any;
}

void __prem_enter_mem(unsigned Interval) {
  if (Tid == 0) { // (only thread 0 may store: += 0 in the others races)
    ++MemPhases;
    OutsidePhases += (Interval >> 29) & 1;
  }
}
void __prem_enter_comp(unsigned Interval) {
  (void)Interval;
  if (Tid == 0)
    ++ComputePhases;
}
void __prem_exit_mem(unsigned Interval) {
  (void)Interval;
  if (Tid == 0)
    ++Exits;
}
// A best-effort kernel's polls (prem-comply): every thread's, and the bytes
// they account for; the emulated gate is always open.
static long Polls, PolledBytes;
void __prem_be_poll(unsigned long Bytes) {
  __atomic_fetch_add(&Polls, 1, __ATOMIC_RELAXED);
  __atomic_fetch_add(&PolledBytes, (long)Bytes, __ATOMIC_RELAXED);
}
void __prem_copy_1d(char *Dst, const char *Src, unsigned long Bytes) {
  for (unsigned long I = Tid; I < Bytes; I += Ntid)
    Dst[I] = Src[I];
}
void __prem_copy_2d(char *Dst, unsigned long DstPitch, const char *Src,
                    unsigned long SrcPitch, unsigned long Width,
                    unsigned long Rows) {
  for (unsigned long I = Tid; I < Width * Rows; I += Ntid)
    Dst[I / Width * DstPitch + I % Width] = Src[I / Width * SrcPitch + I % Width];
}

// n floats in [-1, 1), the same sequence in every build of a program.
static unsigned EmuSeed = 12345;
static float *data(int n) {
  float *P = malloc(sizeof(float) * n);
  for (int I = 0; I < n; ++I) {
    EmuSeed = EmuSeed * 1103515245u + 12345u;
    P[I] = (float)((EmuSeed >> 16) & 0x7fff) / 16384.0f - 1.0f;
  }
  return P;
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
static void *thread(void *Arg) {
  Tid = (unsigned)(unsigned long)Arg;
  Body();
  return NULL;
}

static void launch(void (*Kernel)(void), unsigned Blocks, unsigned Threads) {
  if (Threads > EMU_MAX_THREADS)
    abort();
  pthread_t T[EMU_MAX_THREADS];
  Body = Kernel;
  Ntid = Threads;
  pthread_barrier_init(&Barrier, NULL, Threads);
  for (Ctaid = 0; Ctaid < Blocks; ++Ctaid) {
    for (unsigned I = 0; I < Threads; ++I)
      if (pthread_create(&T[I], NULL, thread, (void *)(unsigned long)I))
        abort();
    for (unsigned I = 0; I < Threads; ++I)
      pthread_join(T[I], NULL);
  }
  pthread_barrier_destroy(&Barrier);
}

#endif
