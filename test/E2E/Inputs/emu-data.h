// The CUDA test drivers' inputs: n floats in [-1, 1), the same sequence in
// every build of a program, on the emulator (cuda-emu.h) and on a GPU
// (bench/gpu/on-gpu/cuda-emu.h).
#ifndef PREM_TEST_EMU_DATA_H
#define PREM_TEST_EMU_DATA_H
#include <stdlib.h>

static unsigned EmuSeed = 12345;
static float *data(int n) {
  float *P = malloc(sizeof(float) * n);
  for (int I = 0; I < n; ++I) {
    EmuSeed = EmuSeed * 1103515245u + 12345u;
    P[I] = (float)((EmuSeed >> 16) & 0x7fff) / 16384.0f - 1.0f;
  }
  return P;
}
#endif
