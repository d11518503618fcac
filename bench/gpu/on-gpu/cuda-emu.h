// The interface of the end-to-end tests' CUDA emulator
// (test/E2E/Inputs/cuda-emu.h) on a real GPU, through the CUDA driver API:
// the tests' drivers (gpu-style-cuda-main.c, hand-tiled-main.c,
// others/SET-main.c) run unchanged, their kernels from the cubin named by
// PREM_CUBIN. bench/gpu/drivers.py builds and runs them (issues 25, 29: the
// suites bit for bit on a GPU).
//
// A driver launches a kernel through a function of no arguments that calls
// the kernel by name; here that name is a stub (drivers.py generates them
// from the driver's declarations) that calls gpu_launch() with the
// arguments' addresses. The driver's arrays stay in host memory: before each
// launch every array an argument points to is copied to the device, after
// it back (the host copy is the truth, so drivers that change inputs between
// launches work as in the emulator). An array is one of emu_global's, or the
// start of a malloc'd block (its usable size). A launch is timed alone with
// events (PREM_REPEAT=R: the median of R launches from the same inputs);
// the totals per kernel are printed at exit ("TIME <kernel> <launches>
// <microseconds>").
#ifndef PREM_GPU_CUDA_EMU_H
#define PREM_GPU_CUDA_EMU_H

#include "emu-data.h"
#include "float-hash.h"

#include <cuda.h>
#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void gpuCheck(CUresult R, const char *What) {
  if (R == CUDA_SUCCESS)
    return;
  const char *Name = "?";
  cuGetErrorName(R, &Name);
  fprintf(stderr, "on-gpu: %s: %s\n", What, Name);
  exit(2);
}
#define GPU_CHECK(Call) gpuCheck((Call), #Call)

// What the emulator counts; a GPU run counts nothing (the drivers print them).
static long MemPhases, ComputePhases, Exits, OutsidePhases;

static CUmodule Module;
static CUevent Start, Stop;
static void gpuReport(void);
static void gpuInit(void) {
  if (Module)
    return;
  const char *Cubin = getenv("PREM_CUBIN");
  if (!Cubin || !*Cubin) {
    fprintf(stderr, "on-gpu: PREM_CUBIN does not name a cubin\n");
    exit(2);
  }
  CUdevice Device;
  CUcontext Context;
  GPU_CHECK(cuInit(0));
  GPU_CHECK(cuDeviceGet(&Device, 0));
  GPU_CHECK(cuDevicePrimaryCtxRetain(&Context, Device));
  GPU_CHECK(cuCtxSetCurrent(Context));
  GPU_CHECK(cuModuleLoad(&Module, Cubin));
  GPU_CHECK(cuEventCreate(&Start, CU_EVENT_DEFAULT));
  GPU_CHECK(cuEventCreate(&Stop, CU_EVENT_DEFAULT));
  char Name[256];
  int SMs;
  GPU_CHECK(cuDeviceGetName(Name, sizeof Name, Device));
  GPU_CHECK(cuDeviceGetAttribute(
      &SMs, CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT, Device));
  printf("DEVICE %s|%d\n", Name, SMs);
  atexit(gpuReport);
}

// Host arrays and their device copies. emu_global's are looked up by
// containment; a malloc'd block by its start, and its size checked at each
// launch (a freed block's address comes back with another size).
#define GPU_MAX_ARRAYS 4096
static struct {
  char *Host;
  size_t Bytes;
  CUdeviceptr Device;
  int FromMalloc;
} Arrays[GPU_MAX_ARRAYS];
static unsigned NumArrays;

static void *emu_global(size_t Bytes) {
  gpuInit();
  void *P = calloc(1, Bytes);
  if (!P || NumArrays == GPU_MAX_ARRAYS)
    abort();
  Arrays[NumArrays].Host = P;
  Arrays[NumArrays].Bytes = Bytes;
  GPU_CHECK(cuMemAlloc(&Arrays[NumArrays].Device, Bytes));
  Arrays[NumArrays++].FromMalloc = 0;
  return P;
}

static unsigned gpuArrayOf(char *P) {
  for (unsigned I = 0; I < NumArrays; ++I)
    if (!Arrays[I].FromMalloc && P >= Arrays[I].Host &&
        P < Arrays[I].Host + Arrays[I].Bytes)
      return I;
  size_t Bytes = malloc_usable_size(P);
  for (unsigned I = 0; I < NumArrays; ++I)
    if (Arrays[I].FromMalloc && P == Arrays[I].Host) {
      if (Arrays[I].Bytes != Bytes) {
        GPU_CHECK(cuMemFree(Arrays[I].Device));
        GPU_CHECK(cuMemAlloc(&Arrays[I].Device, Bytes));
        Arrays[I].Bytes = Bytes;
      }
      return I;
    }
  if (NumArrays == GPU_MAX_ARRAYS)
    abort();
  Arrays[NumArrays].Host = P;
  Arrays[NumArrays].Bytes = Bytes;
  GPU_CHECK(cuMemAlloc(&Arrays[NumArrays].Device, Bytes));
  Arrays[NumArrays].FromMalloc = 1;
  return NumArrays++;
}

// Host variables that are the module's __constant__ arrays (a driver
// defines them for the emulator; the stubs register them): copied to the
// module's before each launch.
#define GPU_MAX_SYMBOLS 16
static struct {
  const char *Name;
  void *Host;
} Symbols[GPU_MAX_SYMBOLS];
static unsigned NumSymbols;
static void gpu_symbol(const char *Name, void *Host) {
  if (NumSymbols == GPU_MAX_SYMBOLS)
    abort();
  Symbols[NumSymbols].Name = Name;
  Symbols[NumSymbols++].Host = Host;
}

static int gpuCompareTimes(const void *A, const void *B) {
  float X = *(const float *)A, Y = *(const float *)B;
  return (X > Y) - (X < Y);
}

#define GPU_MAX_KERNELS 256
static struct {
  const char *Name;
  CUfunction Function;
  long Launches;
  double Microseconds;
} Kernels[GPU_MAX_KERNELS];
static unsigned NumKernels;
static void gpuReport(void) {
  for (unsigned I = 0; I < NumKernels; ++I)
    printf("TIME %s %ld %.3f\n", Kernels[I].Name, Kernels[I].Launches,
           Kernels[I].Microseconds);
}

static unsigned GridX = 1, GridY = 1, GridZ = 1, BlockX = 1, BlockY = 1,
                BlockZ = 1;
static int Launching;

// A launch of the kernel Name with Count arguments, IsPointer[i] saying
// which are pointers into the driver's arrays, with DynamicShared bytes of
// dynamic shared memory.
static void gpu_launch(const char *Name, void **Args, const char *IsPointer,
                       int Count, unsigned DynamicShared) {
  gpuInit();
  if (!Launching) {
    fprintf(stderr, "on-gpu: %s called outside a launch\n", Name);
    exit(2);
  }
  unsigned K = 0;
  while (K < NumKernels && strcmp(Kernels[K].Name, Name))
    ++K;
  if (K == NumKernels) {
    if (NumKernels == GPU_MAX_KERNELS)
      abort();
    Kernels[K].Name = Name;
    GPU_CHECK(cuModuleGetFunction(&Kernels[K].Function, Module, Name));
    ++NumKernels;
  }
  for (unsigned S = 0; S < NumSymbols; ++S) {
    CUdeviceptr At;
    size_t Bytes;
    GPU_CHECK(cuModuleGetGlobal(&At, &Bytes, Module, Symbols[S].Name));
    GPU_CHECK(cuMemcpyHtoD(At, Symbols[S].Host, Bytes));
  }
  CUdeviceptr Pointers[64];
  unsigned Used[64], NumUsed = 0;
  if (Count > 64)
    abort();
  for (int I = 0; I < Count; ++I) {
    if (!IsPointer[I])
      continue;
    char *P = *(char **)Args[I];
    if (!P) {
      Pointers[I] = 0;
      Args[I] = &Pointers[I];
      continue;
    }
    unsigned A = gpuArrayOf(P);
    Pointers[I] = Arrays[A].Device + (size_t)(P - Arrays[A].Host);
    Args[I] = &Pointers[I];
    int Seen = 0;
    for (unsigned U = 0; U < NumUsed; ++U)
      Seen |= Used[U] == A;
    if (!Seen)
      Used[NumUsed++] = A;
  }
  // PREM_REPEAT=R: the launch R times, each from the same inputs (copied
  // again: a kernel may update its arrays in place), and its time the
  // median (the first launch of a kernel also loads its code).
  static int Repeat;
  if (!Repeat) {
    const char *R = getenv("PREM_REPEAT");
    Repeat = R && atoi(R) > 0 && atoi(R) <= 99 ? atoi(R) : 1;
  }
  float Times[99];
  for (int Rep = 0; Rep < Repeat; ++Rep) {
    for (unsigned U = 0; U < NumUsed; ++U)
      GPU_CHECK(cuMemcpyHtoD(Arrays[Used[U]].Device, Arrays[Used[U]].Host,
                             Arrays[Used[U]].Bytes));
    GPU_CHECK(cuEventRecord(Start, 0));
    GPU_CHECK(cuLaunchKernel(Kernels[K].Function, GridX, GridY, GridZ, BlockX,
                             BlockY, BlockZ, DynamicShared, 0, Args, NULL));
    GPU_CHECK(cuEventRecord(Stop, 0));
    GPU_CHECK(cuEventSynchronize(Stop));
    GPU_CHECK(cuEventElapsedTime(&Times[Rep], Start, Stop));
  }
  qsort(Times, Repeat, sizeof *Times, gpuCompareTimes);
  ++Kernels[K].Launches;
  Kernels[K].Microseconds += 1000.0 * Times[Repeat / 2];
  for (unsigned U = 0; U < NumUsed; ++U)
    GPU_CHECK(cuMemcpyDtoH(Arrays[Used[U]].Host, Arrays[Used[U]].Device,
                           Arrays[Used[U]].Bytes));
}

// A launch of a Gx x Gy x Gz grid of Bx x By x Bz blocks: Kernel calls the
// kernel's stub, which launches it with this shape.
static void launch3d(void (*Kernel)(void), unsigned Gx, unsigned Gy,
                     unsigned Gz, unsigned Bx, unsigned By, unsigned Bz) {
  GridX = Gx, GridY = Gy, GridZ = Gz, BlockX = Bx, BlockY = By, BlockZ = Bz;
  Launching = 1;
  Kernel();
  Launching = 0;
}
static void launch(void (*Kernel)(void), unsigned Blocks, unsigned Threads) {
  launch3d(Kernel, Blocks, 1, 1, Threads, 1, 1);
}
// The emulator's guard: nothing to guard here.
static void emu_expect_no_phases(void) {}

// The emulator's HASH line (no phase counts on a GPU).
static void report(const char *Name, const float *Out, int n) {
  printf("HASH %s %016llx\n", Name, (unsigned long long)hash(Out, n));
}

#endif
