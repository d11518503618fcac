// More loop and data shapes: reverse and strided SIMT loops, fields of an
// array of structs, byte arrays, runtime sizes, a pointer captured by
// reference, and a collapsed loop nest.
// RUN: %omp_host_device_ir %s -o %t.ll
// RUN: %opt_prem -passes='print<prem-footprint>' -disable-output %t.ll | FileCheck %s
// RUN: %opt_prem -passes='print<prem-footprint>' -prem-footprint-tile=1,16 -disable-output %t.ll | FileCheck %s --check-prefix=TILE
// RUN: %opt_prem -passes='print<prem-footprint>' -prem-footprint-tile=64 -disable-output %t.ll | FileCheck %s --check-prefix=COLLAPSE
#define N 64
struct P { float x, y, z; };

void reverse(float *restrict A, const float *restrict B) {
#pragma omp target teams distribute parallel for map(to: B[0:N]) map(from: A[0:N])
  for (int i = N - 1; i >= 0; i--)
    A[i] = B[N - 1 - i];
}
// CHECK-LABEL: kernel __omp_offloading_{{.*}}_reverse_l
// CHECK: read  B[1*i0]
// CHECK: write A[-1*i0 + 63]
// CHECK: total bytes per tile [1]: 8

void strided(double *restrict A, const double *restrict B) {
#pragma omp target teams distribute parallel for map(to: B[0:2*N]) map(from: A[0:N])
  for (int i = 0; i < 2 * N; i += 2)
    A[i / 2] = B[i] + B[i + 1];
}
// CHECK-LABEL: kernel __omp_offloading_{{.*}}_strided_l
// CHECK: array B: 8-byte elements, read, 2 access(es)
// CHECK-NEXT: read  B[2*i0]
// CHECK-NEXT: read  B[2*i0 + 1]
// CHECK: bytes per tile [1]: 16
// CHECK: total bytes per tile [1]: 24

// Only the fields read count: x and z of each 12-byte struct.
void aos(struct P *restrict p, float *restrict out) {
#pragma omp target teams distribute parallel for map(to: p[0:N]) map(from: out[0:N])
  for (int i = 0; i < N; i++)
    out[i] = p[i].x + p[i].z;
}
// CHECK-LABEL: kernel __omp_offloading_{{.*}}_aos_l
// CHECK: array p: 4-byte elements, read, 2 access(es)
// CHECK-NEXT: read  p[3*i0]
// CHECK-NEXT: read  p[3*i0 + 2]
// CHECK: bytes per tile [1]: 8

void gray(unsigned char *restrict img, const unsigned char *restrict rgb) {
#pragma omp target teams distribute parallel for map(to: rgb[0:N*N*3]) map(from: img[0:N*N])
  for (int i = 0; i < N * N; i++)
    img[i] = (rgb[3 * i] + rgb[3 * i + 1] + rgb[3 * i + 2]) / 3;
}
// CHECK-LABEL: kernel __omp_offloading_{{.*}}_gray_l
// CHECK: array rgb: 1-byte elements, read, 3 access(es)
// CHECK: total bytes per tile [1]: 4

// A runtime row length is a runtime stride: the arrays are delinearised into
// rows of n elements, and a tile of 1 row x 16 columns is at most 16
// elements of each whatever n is (fewer if n < 16).
void runtime_n(float *restrict A, const float *restrict B, int n) {
#pragma omp target teams distribute parallel for map(to: B[0:n*n]) map(from: A[0:n*n])
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      A[i * n + j] = B[i * n + j] * 2;
}
// CHECK-LABEL: kernel __omp_offloading_{{.*}}_runtime_n_l
// CHECK: array B: 4-byte elements, read, 1 access(es), delinearised as B[*][(zext i31 (trunc i64 %n to i31) to i64)]
// CHECK-NEXT: read  B[1*i0][1*i1]
// CHECK-NEXT: elements: [n0, simt_n, simt_lb] -> { B[o0, o1] : simt_lb <= o0 < simt_n + simt_lb and 0 <= o1 < n0 }
// CHECK: exact: yes
// TILE-LABEL: kernel __omp_offloading_{{.*}}_runtime_n_l
// TILE: total bytes per tile [1,16]: at most 128

// The 5-point stencil with a runtime row length: in two dimensions the five
// reads still merge. A tile of one row and 16 columns reads 16 elements of
// the rows above and below and 18 of its own row (with both halo columns):
// 50 elements, 200 bytes.
void stencil_n(const float *restrict A, float *restrict B, int n) {
#pragma omp target teams distribute parallel for map(to: A[0:n*n]) map(from: B[0:n*n])
  for (int i = 1; i < n - 1; i++)
    for (int j = 1; j < n - 1; j++)
      B[i * n + j] = 0.2f * (A[i * n + j] + A[i * n + j - 1] + A[i * n + j + 1] +
                             A[(i - 1) * n + j] + A[(i + 1) * n + j]);
}
// CHECK-LABEL: kernel __omp_offloading_{{.*}}_stencil_n_l
// CHECK: array A: 4-byte elements, read, 5 access(es), delinearised as A[*]
// CHECK: exact: yes
// TILE-LABEL: kernel __omp_offloading_{{.*}}_stencil_n_l
// TILE: array A:
// TILE: bytes per tile [1,16]: at most 200
// TILE: array B:
// TILE: bytes per tile [1,16]: at most 64

// A runtime inner trip count: exact sets, bytes only for a given tile size,
// and then as a bound (the loop may be shorter than the tile).
void runtime_bound(float *restrict A, int n) {
#pragma omp target teams distribute parallel for map(tofrom: A[0:64*n])
  for (int i = 0; i < 64; i++)
    for (int j = 0; j < n; j++)
      A[i * 64 + j] += 1;
}
// CHECK-LABEL: kernel __omp_offloading_{{.*}}_runtime_bound_l
// CHECK: depth 1: loop %{{.*}}, trip count {{.*}}%n{{.*}}
// CHECK: total bytes per tile [1]: unknown (no tile size given for depth 1 and its trip count {{.*}} is not a compile-time bound)
// CHECK: exact: yes
// TILE-LABEL: kernel __omp_offloading_{{.*}}_runtime_bound_l
// TILE: total bytes per tile [1,16]: at most 64

// Inside a teams region the array pointer is captured by reference.
void captured(float *restrict A) {
#pragma omp target teams map(tofrom: A[0:N*N])
  {
#pragma omp distribute parallel for
    for (int i = 0; i < N; i++)
      for (int j = 0; j < N; j++)
        A[i * N + j] += 1;
  }
}
// CHECK-LABEL: kernel __omp_offloading_{{.*}}_captured_l
// CHECK: array A: 4-byte elements, read-write, 2 access(es)
// CHECK: total bytes per tile [1]: 256

void collapsed(float *restrict A, const float *restrict B) {
#pragma omp target teams distribute parallel for collapse(2) map(to: B[0:N*N]) map(from: A[0:N*N])
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      A[i * N + j] = B[j * N + i];
}
// collapse(2) splits the induction variable by division: floor terms, and
// tile counts bounded over the alignment window ("at most"); a tile of 64
// iterations reads 64 elements of B, one per iteration.
// CHECK-LABEL: kernel __omp_offloading_{{.*}}_collapsed_l
// CHECK: read  B[64*i0 + -4095*floor((0 + 1*i0)/64)]
// CHECK: bytes per tile [1]: at most 4
// CHECK: exact: yes
// COLLAPSE-LABEL: kernel __omp_offloading_{{.*}}_collapsed_l
// COLLAPSE: total bytes per tile [64]: at most 512

// collapse(3) takes j as (iv % 64) / 8: a division of a remainder, whose
// floor terms are whole numbers of 8's, so j = floor(iv/8) - 8*floor(iv/64).
void collapsed3(float *restrict A, const float *restrict B) {
#pragma omp target teams distribute parallel for collapse(3) map(to: B[0:512]) map(from: A[0:512])
  for (int i = 0; i < 8; i++)
    for (int j = 0; j < 8; j++)
      for (int k = 0; k < 8; k++)
        A[(i * 8 + j) * 8 + k] = B[(k * 8 + j) * 8 + i];
}
// A's floor terms cancel: it is written in order.
// CHECK-LABEL: kernel __omp_offloading_{{.*}}_collapsed3_l
// CHECK: read  B[64*i0 + -63*floor((0 + 1*i0)/64) + -504*floor((0 + 1*i0)/8)]
// CHECK: write A[1*i0]
// CHECK: exact: yes
// COLLAPSE-LABEL: kernel __omp_offloading_{{.*}}_collapsed3_l
// COLLAPSE: total bytes per tile [64]: at most 512

// An inner loop from the collapsed row (k = i .. 63): its trip count
// 1 + max(63, i) - i, with i = floor(iv/48). Over the SIMT values (iv <
// 3072) i is at most 63, so max(63, i) is 63: the count 64 - i, whose
// floor term the domain holds as it is.
void lower_sums(float A[64][48], float B[64][48]) {
#pragma omp target teams distribute parallel for collapse(2) map(to: A[0:64][0:48]) map(from: B[0:64][0:48])
  for (int i = 0; i < 64; i++)
    for (int j = 0; j < 48; j++) {
      float s = 0;
      for (int k = i; k < 64; k++)
        s += A[k][j];
      B[i][j] = s;
    }
}
// CHECK-LABEL: kernel __omp_offloading_{{.*}}_lower_sums_l
// CHECK: depth 1: loop %for.body, trip count {{.*}}(63 smax %div){{.*}} (at most 64)
// CHECK: read  A[1*i0 + 48*i1]
// CHECK: elements: [simt_n, simt_lb] -> { A[o] : exists (e0: o <= 3071 and e0 >= 0 and -simt_n - simt_lb + o < 48e0 <= -simt_lb + o) }
// CHECK: exact: yes
