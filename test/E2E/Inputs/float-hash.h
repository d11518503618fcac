// FNV-1a over the bytes of n floats: two builds of a test program print the
// same hash only when their outputs are equal bit for bit.
#ifndef PREM_TEST_FLOAT_HASH_H
#define PREM_TEST_FLOAT_HASH_H
#include <stddef.h>
#include <stdint.h>

static uint64_t hash(const float *a, int n) {
  uint64_t h = 14695981039346656037ull;
  const unsigned char *bytes = (const unsigned char *)a;
  for (size_t i = 0; i < n * sizeof(float); i++)
    h = (h ^ bytes[i]) * 1099511628211ull;
  return h;
}
#endif
