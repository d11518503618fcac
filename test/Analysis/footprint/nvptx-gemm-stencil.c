// The same footprints on an NVPTX OpenMP device module, where each thread
// steps through the SIMT loop by the number of threads: the SIMT dimension is
// the value of the induction variable, so a block iteration is still a
// contiguous range of rows and the counts match the host-offload ones.
// RUN: %omp_nvptx_device_ir %s -o %t.ll
// RUN: %opt_prem -passes='print<prem-footprint>' -disable-output %t.ll | FileCheck %s
// RUN: %opt_prem -passes='print<prem-footprint>' -prem-footprint-tile=4 -disable-output %t.ll | FileCheck %s --check-prefix=TILE4
#define N 64

void gemm(float *restrict C, const float *restrict A, const float *restrict B) {
#pragma omp target teams distribute parallel for map(to: A[0:N*N], B[0:N*N]) map(tofrom: C[0:N*N])
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      float s = C[i * N + j];
      for (int k = 0; k < N; k++)
        s += A[i * N + k] * B[k * N + j];
      C[i * N + j] = s;
    }
}

void stencil(const float *restrict A, float *restrict B) {
#pragma omp target teams distribute parallel for map(to: A[0:N*N]) map(from: B[0:N*N])
  for (int i = 1; i < N - 1; i++)
    for (int j = 1; j < N - 1; j++)
      B[i * N + j] = 0.2f * (A[i * N + j] + A[i * N + j - 1] + A[i * N + j + 1] +
                             A[(i - 1) * N + j] + A[(i + 1) * N + j]);
}

// Rows of a runtime length n: the SIMT loop's step (the threads) times n
// is what row i moves by; divided by the step, the row length is n. (The
// region truncates n, passed as an i64: a leaf of the index arithmetic.)
void gemv(int n, float *restrict y, const float *restrict A,
          const float *restrict x) {
#pragma omp target teams distribute parallel for map(to: A[0:n*n], x[0:n]) map(from: y[0:n])
  for (int i = 0; i < n; i++) {
    float s = 0;
    for (int j = 0; j < n; j++)
      s += A[i * n + j] * x[j];
    y[i] = s;
  }
}

// The same with long counters: the step is as wide as the offsets.
void gemvl(long n, float *restrict y, const float *restrict A,
           const float *restrict x) {
#pragma omp target teams distribute parallel for map(to: A[0:n*n], x[0:n]) map(from: y[0:n])
  for (long i = 0; i < n; i++) {
    float s = 0;
    for (long j = 0; j < n; j++)
      s += A[i * n + j] * x[j];
    y[i] = s;
  }
}

// Its transpose: the step moves along a row (column i of A[j*n + i]), a
// term that is no dimension.
void gemtv(int n, float *restrict y, const float *restrict A,
           const float *restrict x) {
#pragma omp target teams distribute parallel for map(to: A[0:n*n], x[0:n]) map(tofrom: y[0:n])
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      y[i] += A[j * n + i] * x[j];
}

// From 1, up to a runtime bound: x[i] of the chunk's first iteration lb is
// sext(lb + 1), and its offset from the chunk's start is a constant (not
// sext(lb + 1) - sext(lb), a runtime value naming lb that prem-tile could
// not compute before the runtime's call).
void shift(int n, float *restrict y, const float *restrict x) {
#pragma omp target teams distribute parallel for map(to: x[0:n]) map(tofrom: y[0:n])
  for (int i = 1; i < n - 1; i++)
    y[i] = 0.5f * x[i] + y[i];
}

// Only the bound's extension splits: (int)(u * 3u) is unsigned math that
// wraps by definition, and stays a parameter of the value it has.
void mirror(int n, unsigned u, float *restrict y, const float *restrict x) {
#pragma omp target teams distribute parallel for map(to: x[0:n]) map(tofrom: y[0:n])
  for (int i = 1; i < n - 1; i++)
    y[i] = x[(int)(u * 3u) - i];
}

// CHECK-LABEL: kernel __omp_offloading_{{.*}}_gemm_l11
// CHECK: array C: 4-byte elements, read-write, 2 access(es)
// CHECK: bytes per tile [1]: 256
// CHECK: array A: 4-byte elements, read, 1 access(es)
// CHECK: bytes: first { [(256simt_lb)] : simt_n > 0 }, last { [(-1 + 256simt_n + 256simt_lb)] : simt_n > 0 }
// CHECK-NEXT: bytes per tile [1]: 256
// CHECK: array B: 4-byte elements, read, 1 access(es)
// CHECK-NEXT: read  B[1*i1 + 64*i2]
// CHECK-NEXT: elements: [simt_n, simt_lb] -> { B[o] : simt_n > 0 and 0 <= o <= 4095 }
// CHECK: bytes per tile [1]: 16384
// CHECK: total bytes per tile [1]: 16896
// CHECK: exact: yes
// CHECK-LABEL: kernel __omp_offloading_{{.*}}_stencil_l22
// CHECK: array A: 4-byte elements, read, 5 access(es)
// CHECK: bytes: first { [(4 + 256simt_lb)] : simt_n > 0 }, last { [(507 + 256simt_n + 256simt_lb)] : simt_n > 0 }
// CHECK-NEXT: bytes per tile [1]: 752
// CHECK: array B: 4-byte elements, write, 1 access(es)
// CHECK: bytes per tile [1]: 248
// CHECK: total bytes per tile [1]: 1000
// CHECK: exact: yes

// Four rows of gemm: A and C grow with the tile, B is shared.
// TILE4-LABEL: kernel __omp_offloading_{{.*}}_gemm_l11
// TILE4: total bytes per tile [4]: 18432
// Four stencil rows read six rows of A (minus the corners), once each.
// TILE4-LABEL: kernel __omp_offloading_{{.*}}_stencil_l22
// TILE4: array A:
// TILE4: bytes per tile [4]: 1520
// TILE4: total bytes per tile [4]: 2512
// CHECK-LABEL: kernel __omp_offloading_{{.*}}_gemv_l
// CHECK: array A: 4-byte elements, read, 1 access(es), delinearised as A[*][(sext i32 (trunc i64 %n to i32) to i64)]
// CHECK-NEXT: read  A[1*i0][1*i1]
// CHECK: exact: yes
// CHECK-LABEL: kernel __omp_offloading_{{.*}}_gemvl_l
// CHECK: array A: 4-byte elements, read, 1 access(es), delinearised as A[*][%n]
// CHECK-NEXT: read  A[1*i0][1*i1]
// CHECK: exact: yes
// CHECK-LABEL: kernel __omp_offloading_{{.*}}_gemtv_l
// CHECK: array A: 4-byte elements, read, 1 access(es), delinearised as A[*][(sext i32 (trunc i64 %n to i32) to i64)]
// CHECK-NEXT: read  A[1*i1][1*i0]
// CHECK: exact: yes
// CHECK-LABEL: kernel __omp_offloading_{{.*}}_shift_l
// CHECK: array x: 4-byte elements, read, 1 access(es)
// CHECK-NEXT: read  x[1*i0 + 1]
// CHECK-NEXT: elements: [simt_n, simt_lb] -> { x[o] : simt_lb < o <= simt_n + simt_lb }
// CHECK: array y: 4-byte elements, read-write, 2 access(es)
// CHECK-NEXT: read  y[1*i0 + 1]
// CHECK-NEXT: write y[1*i0 + 1]
// CHECK: assumes: narrow index arithmetic does not wrap
// CHECK-NEXT: exact: yes
// CHECK-LABEL: kernel __omp_offloading_{{.*}}_mirror_l
// CHECK: array x: 4-byte elements, read, 1 access(es), granule 1 bytes
// CHECK-NEXT: read  x[-4*i0 + 1*p0] x4
// CHECK: array y: 4-byte elements, write, 1 access(es)
// CHECK-NEXT: write y[1*i0 + 1]
