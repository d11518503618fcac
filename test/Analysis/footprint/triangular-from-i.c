// A triangular loop that starts at the SIMT induction variable (j = i .. N-1,
// covariance's shape). Its IV starts at the worksharing loop's IV, as a
// chunk loop's does, but the schedule is not chunked and it does not end at
// the runtime's upper bound: the SIMT loop is the i loop. SCEV writes j's
// trip count with max(N-1, i), which over the iteration space (i <= N-1) is
// N-1: the footprint is exact.
// RUN: %omp_host_device_ir %s -o %t.ll
// RUN: %opt_prem -passes='print<prem-footprint>' -disable-output %t.ll | FileCheck %s
#define N 16
void cov(const float *restrict D, float *restrict C) {
#pragma omp target teams distribute parallel for map(to: D[0:N*N]) map(tofrom: C[0:N*N])
  for (int i = 0; i < N; i++)
    for (int j = i; j < N; j++) {
      float s = 0;
      for (int k = 0; k < N; k++)
        s += D[k * N + i] * D[k * N + j];
      C[i * N + j] = s;
    }
}

// CHECK-LABEL: kernel __omp_offloading_{{.*}}_cov_l{{[0-9]+}}
// CHECK: depth 0: simt loop %for.cond.preheader, trip count simt_n
// CHECK-NEXT: depth 1: loop %{{.*}}, trip count {{.*}}smax{{.*}}
// CHECK-NEXT: depth 2: loop %{{.*}}, trip count 16
// CHECK: exact: yes
