// A ring of 2^17 floats read by 2^18 iterations through i & (2^17 - 1), a
// mask wider than 16 bits (issue 25): its footprint is i mod 2^17. It was
// taken for i under the no-wrap assumption, and the tiles of the second
// lap read past the ring's end. Prints a hash of the output.
#include "float-hash.h"
#include <stdio.h>
#include <stdlib.h>

#define RING (1 << 17)

void ring(const float *a, float *b) {
#pragma omp target teams distribute parallel for map(to: a[0:RING]) map(tofrom: b[0:2 * RING])
  for (int i = 0; i < 2 * RING; i++)
    b[i] = a[i & (RING - 1)] * 3.0f;
}

int main(void) {
  float *a = malloc(sizeof(float) * RING), *b = malloc(sizeof(float) * 2 * RING);
  for (int i = 0; i < RING; i++)
    a[i] = (i % 31) * 0.125f;
  for (int i = 0; i < 2 * RING; i++)
    b[i] = -2.0f;
  ring(a, b);
  printf("HASH ring %016llx\n", (unsigned long long)hash(b, 2 * RING));
  return 0;
}
