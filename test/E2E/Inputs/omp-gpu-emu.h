// OpenMP NVPTX parallel regions on the CPU, on top of the CUDA emulation
// (cuda-emu.h): nvptx-on-host.py makes a target region's parallel region an
// external omp_region_<name>, and a test's main runs it the way an SPMD
// kernel of `teams distribute parallel for` does, one team's chunk per
// block: the distribute schedule hands chunks of as many iterations as the
// block has threads, the last one shorter. Only what the regions call is
// here; the kernel entries' runtime calls abort.
#ifndef PREM_TEST_OMP_GPU_EMU_H
#define PREM_TEST_OMP_GPU_EMU_H

#include "cuda-emu.h"

// The static schedules of a worksharing loop over the block's threads:
// kmp_sch_static_chunked (33) deals chunks round robin, kmp_sch_static
// (34) gives each thread one contiguous part, the first ones a larger one.
void __kmpc_for_static_init_4(void *Loc, int Gtid, int Schedule, int *IsLast,
                              int *Lb, int *Ub, int *Stride, int Incr,
                              int Chunk) {
  (void)Loc, (void)Gtid;
  if (Incr != 1)
    abort();
  int First = *Lb, Last = *Ub, Threads = (int)Ntid, Me = (int)Tid;
  if (Schedule == 33) {
    *Lb = First + Me * Chunk;
    *Ub = *Lb + Chunk - 1;
    *Stride = Threads * Chunk;
    *IsLast = (Last - Last % Chunk - *Lb) % *Stride == 0;
  } else if (Schedule == 34) {
    int Size = Last - First + 1, Each = Size / Threads,
        Extra = Size - Each * Threads;
    *Lb = First + Me * Each + (Me < Extra ? Me : Extra);
    *Ub = *Lb + Each + (Me < Extra) - 1;
    *Stride = Size;
    *IsLast = *Lb <= Last && Last <= *Ub;
  } else {
    abort();
  }
}
void __kmpc_for_static_fini(void *Loc, int Gtid) { (void)Loc, (void)Gtid; }

// libdevice's square root, which OpenMP links only at link time (llvm.sqrt:
// no libm to link, no errno).
float __nv_sqrtf(float X) { return __builtin_elementwise_sqrt(X); }

// The kernel entries (never called: the test runs the regions).
void __kmpc_target_init(void) { abort(); }
void __kmpc_target_deinit(void) { abort(); }
void __kmpc_distribute_static_init_4(void) { abort(); }
void __kmpc_distribute_static_fini(void) { abort(); }
void __kmpc_parallel_60(void) { abort(); }
int __kmpc_global_thread_num(void) { abort(); }

// The chunk of the block now running: [ChunkLb, ChunkUb] of a loop of
// Iterations, chunks of ChunkSize.
static long ChunkSize, Iterations;
static long chunkLb(void) { return (long)Ctaid * ChunkSize; }
static long chunkUb(void) {
  long Ub = chunkLb() + ChunkSize - 1;
  return Ub < Iterations ? Ub : Iterations - 1;
}

// Runs Region (a function calling omp_region_<name> with chunkLb() and
// chunkUb()) for a loop of N iterations in chunks of Chunk, blocks of
// Threads threads.
static void launchRegion(void (*Region)(void), long N, long Chunk,
                         unsigned Threads) {
  Iterations = N;
  ChunkSize = Chunk;
  launch(Region, (unsigned)((N + Chunk - 1) / Chunk), Threads);
}

#endif
