// Inputs and output hashes of the GPU-style suite's drivers (polybench.c's
// main, and test/E2E/Inputs/gpu-style-cuda-main.c for the CUDA kernels
// run on the CPU): the same pseudo-random inputs in every build, and an
// FNV-1a hash of each output array's bytes, so that two builds print the
// same line only when their outputs are equal bit for bit.
#ifndef PREM_GPU_STYLE_DATA_H
#define PREM_GPU_STYLE_DATA_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

static uint32_t data_seed = 20251125u;

// The next value in [lo, hi): a linear congruential sequence, 15 bits.
static double data_next(double lo, double hi) {
  data_seed = data_seed * 1664525u + 1013904223u;
  return lo + (hi - lo) * (double)((data_seed >> 9) & 0x7fff) / 32768.0;
}

// n floats (f) or doubles (d) in [lo, hi).
static float *data_f(size_t n, double lo, double hi) {
  float *p = (float *)malloc(n * sizeof(float));
  for (size_t i = 0; i < n; i++)
    p[i] = (float)data_next(lo, hi);
  return p;
}

static double *data_d(size_t n, double lo, double hi) {
  double *p = (double *)malloc(n * sizeof(double));
  for (size_t i = 0; i < n; i++)
    p[i] = data_next(lo, hi);
  return p;
}

// "HASH <benchmark> <array> <hash>" of an output array of `bytes` bytes.
static void data_report(const char *bench, const char *array, const void *p,
                        size_t bytes) {
  uint64_t h = 14695981039346656037ull;
  const unsigned char *b = (const unsigned char *)p;
  for (size_t i = 0; i < bytes; i++)
    h = (h ^ b[i]) * 1099511628211ull;
  printf("HASH %s %s %016llx\n", bench, array, (unsigned long long)h);
}

#endif
