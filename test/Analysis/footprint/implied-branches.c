// Branches that the iteration space decides (issue 25: symm as GPU ports
// write it). Under collapse(2), clang guards the second k loop by i < NI,
// which the bounds imply: the edge that skips it is never taken. It guards
// the first by iv > NJ - 1, which is the loop's trip count i = iv / NJ
// being positive, written otherwise: that test is the loop's entry test.
// Before, the second loop's accesses looked conditional (refused). Where the
// bounds do not decide (a runtime n), or a test is not the trip count's,
// nothing is recorded.
// RUN: %omp_host_device_ir %s -o %t.ll
// RUN: %opt_prem -passes='print<prem-footprint>' -disable-output %t.ll | FileCheck %s
// RUN: %omp_nvptx_device_ir %s -o %t.nvptx.ll
// RUN: %opt_prem -passes='print<prem-footprint>' -disable-output %t.nvptx.ll | FileCheck %s
#define NI 24
#define NJ 21

void symm(float *restrict C, const float *restrict A,
          const float *restrict B) {
#pragma omp target teams distribute parallel for collapse(2) map(to: A[0:NI*NI], B[0:NI*NJ]) map(tofrom: C[0:NI*NJ])
  for (int i = 0; i < NI; i++)
    for (int j = 0; j < NJ; j++) {
      float acc = 0;
      for (int k = 0; k < i; k++)
        acc += A[i * NI + k] * B[k * NJ + j];
      for (int k = i; k < NI; k++)
        acc += A[k * NI + i] * B[k * NJ + j];
      C[i * NJ + j] = 0.5f * C[i * NJ + j] + 1.5f * acc;
    }
}
// CHECK-LABEL: kernel __omp_offloading_{{.*}}_symm_l
// CHECK: depth 1: loop {{.*}}, entered where its trip count is positive
// CHECK: never taken: %{{[a-z0-9.]+}} -> %{{[a-z0-9.]+}}
// CHECK-NOT: never taken
// CHECK: exact: yes

// With a runtime extent, i < n is not implied: no edge is dead. The test
// n > i is the loop's entry test (its trip count n - i is positive): n,
// which OpenMP passes as 64 bits that the kernel truncates, is read as the
// parameter n0, as everywhere in the footprint; no arithmetic on the way
// may wrap (the test is read without the no-wrap assumption, which would
// read (unsigned)(i - 1) as i - 1: see wraps below).
void symm_n(int n, float *restrict C, const float *restrict A,
            const float *restrict B) {
#pragma omp target teams distribute parallel for collapse(2) map(to: A[0:NI*NI], B[0:NI*NJ]) map(tofrom: C[0:NI*NJ])
  for (int i = 0; i < NI; i++)
    for (int j = 0; j < NJ; j++) {
      float acc = 0;
      for (int k = i; k < n; k++)
        acc += A[k * NI + i] * B[k * NJ + j];
      C[i * NJ + j] = acc;
    }
}
// CHECK-LABEL: kernel __omp_offloading_{{.*}}_symm_n_l
// CHECK: depth 1: loop {{.*}}, entered where its trip count is positive
// CHECK-NOT: never taken
// CHECK: exact: yes

// The test of a wrapping unsigned value: (unsigned)(i - 1) < i + 8 fails
// at i = 0 only. Read under the no-wrap assumption it would hold always,
// and the loop's stores would count at i = 0 too (the Store phase wrote
// back bytes the tile never wrote: a miscompile a review found).
void wraps(float *restrict out, const float *restrict in) {
#pragma omp target teams distribute parallel for map(to: in[0:64]) map(tofrom: out[0:64*8])
  for (int i = 0; i < 64; i++) {
    long prev = (unsigned)(i - 1);
    if (prev < (long)i + 8)
#pragma nounroll
      for (int k = 0; k < 8; k++)
        out[i * 8 + k] = in[i] + k;
  }
}
// CHECK-LABEL: kernel __omp_offloading_{{.*}}_wraps_l
// CHECK-NOT: entered where
// CHECK-NOT: never taken
// CHECK: exact:

// A test that is stricter than the trip count's: i = 1 runs no loop
// though its trip count is 1. The loop runs under a condition.
void strict(float *restrict C, const float *restrict A) {
#pragma omp target teams distribute parallel for collapse(2) map(to: A[0:NI*NI]) map(tofrom: C[0:NI*NJ])
  for (int i = 0; i < NI; i++)
    for (int j = 0; j < NJ; j++) {
      float acc = 0;
      if (i > 1)
        for (int k = 0; k < i; k++)
          acc += A[i * NI + k];
      C[i * NJ + j] = acc;
    }
}
// CHECK-LABEL: kernel __omp_offloading_{{.*}}_strict_l
// CHECK-NOT: entered where
// CHECK-NOT: never taken
// CHECK: exact: yes
