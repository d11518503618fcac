// How many phase changes a host-offload run recorded: the runtime's
// __prem_trace_count, read back through a declare-target mapping.
#include <stdint.h>
#include <stdio.h>

#pragma omp declare target
uint64_t __prem_trace_count;
#pragma omp end declare target

#define N 4096
static float A[N], B[N];

int main(void) {
  for (int i = 0; i < N; i++)
    A[i] = (float)i;
#pragma omp target teams distribute parallel for map(to : A) map(from : B)
  for (int i = 0; i < N; i++)
    B[i] = 2.0f * A[i];
#pragma omp target update from(__prem_trace_count)
  printf("recorded %llu, B[7] %g\n", (unsigned long long)__prem_trace_count,
         B[7]);
  return 0;
}
