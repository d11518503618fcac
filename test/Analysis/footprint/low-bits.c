// Subscripts from the low bits of an index (x[i & 7], a ring of eight):
// zext(trunc i to i3) is i mod 8, a floor term, not i (which an assumption
// of no wrapping would have made it: x[0..63] for x[0..7]); up to 16 bits
// (x[i & 1023]), and wider where the source masks the index
// (x[i & (2^20 - 1)]). With a runtime
// value in the masked form, or a sign extension of the low bits
// ((signed char)(i * 5), which clang writes ashr exact (mul i, 5 << 24), 24:
// it wraps from i = 26 on, so it is not x[128 + 5 * i]), it is not
// modelled: refused with the reason.
// RUN: %omp_host_device_ir %s -o %t.ll
// RUN: %opt_prem -passes='print<prem-footprint>' -disable-output %t.ll | FileCheck %s
#define N 64
void ring(const float *restrict x, float *restrict y) {
#pragma omp target teams distribute parallel for map(to: x[0:8]) map(from: y[0:N])
  for (int i = 0; i < N; i++)
    y[i] = x[i & 7];
}

void ring1024(const float *restrict x, float *restrict y) {
#pragma omp target teams distribute parallel for map(to: x[0:1024]) map(from: y[0:4096])
  for (int i = 0; i < 4096; i++)
    y[i] = x[i & 1023];
}

// A mask of 20 bits, beyond the 16 that a cast's own rule covers: read as
// i mod 2^20 too (it was read as i under the no-wrap assumption: x[0..2^21)).
void ring1m(const float *restrict x, float *restrict y) {
#pragma omp target teams distribute parallel for map(to: x[0:1 << 20]) map(from: y[0:1 << 21])
  for (int i = 0; i < (1 << 21); i++)
    y[i] = x[i & ((1 << 20) - 1)];
}

// A reversed ring: instcombine writes (M - i) & M as xor (and i, M), M,
// which SCEV reads as zext(trunc(-1 - i) to i20): (-1 - i) mod 2^20.
void ring1m_reversed(const float *restrict x, float *restrict y) {
#pragma omp target teams distribute parallel for map(to: x[0:1 << 20]) map(from: y[0:1 << 21])
  for (int i = 0; i < (1 << 21); i++)
    y[i] = x[((1 << 20) - 1 - i) & ((1 << 20) - 1)];
}

// Interleaved: 2 * (i & M) becomes and (shl i, 1), M << 1, a truncation of
// (2i)/2 that is not modelled: refused, where the no-wrap assumption read
// it as x[2i].
void ring1m_pairs(const float *restrict x, float *restrict y) {
#pragma omp target teams distribute parallel for map(to: x[0:1 << 21]) map(from: y[0:1 << 21])
  for (int i = 0; i < (1 << 21); i++)
    y[i] = x[2 * (i & ((1 << 20) - 1))];
}

void ring_from(const float *restrict x, float *restrict y, int k) {
#pragma omp target teams distribute parallel for map(to: x[0:8]) map(from: y[0:N])
  for (int i = 0; i < N; i++)
    y[i] = x[(i + k) & 7];
}

void signed_byte(const float *restrict x, float *restrict y) {
#pragma omp target teams distribute parallel for map(to: x[0:256]) map(from: y[0:N])
  for (int i = 0; i < N; i++)
    y[i] = x[128 + (signed char)(i * 5)];
}

// (short)(i + k) on floats: ashr exact (shl (i + k), 48), 46, which SCEV
// reads as sext i18 (4 * ...): wide enough to pass for index math, but the
// cast wraps at 16 bits (past 32767 the index turns negative). Refused,
// from 0 and from 1, floats and doubles (it was taken for x[i + k]).
void short_index(const float *restrict x, float *restrict y, short k) {
#pragma omp target teams distribute parallel for map(to: x[0:65536]) map(from: y[0:N])
  for (int i = 0; i < N; i++)
    y[i] = x[(short)(i + k)];
}

void short_index_from1(const float *restrict x, float *restrict y, short k) {
#pragma omp target teams distribute parallel for map(to: x[0:65536]) map(from: y[0:N])
  for (int i = 1; i < N; i++)
    y[i] = x[(short)(i + k)];
}

void short_index_double(const double *restrict x, double *restrict y, int k) {
#pragma omp target teams distribute parallel for map(to: x[0:65536]) map(from: y[0:N])
  for (int i = 0; i < N; i++)
    y[i] = x[(short)(i + k)];
}

// CHECK-LABEL: kernel __omp_offloading_{{.*}}_ring_l{{[0-9]+}}
// CHECK:       read  x[1*i0 + -8*floor((0 + 1*i0)/8)]
// CHECK-NEXT:  elements: [simt_n, simt_lb] -> { x[o] : {{.*}}0 <= o <= 7{{.*}} }
// CHECK:       exact: yes
// CHECK-LABEL: kernel __omp_offloading_{{.*}}_ring1024_l{{[0-9]+}}
// CHECK:       read  x[1*i0 + -1024*floor((0 + 1*i0)/1024)]
// CHECK-LABEL: kernel __omp_offloading_{{.*}}_ring1m_l{{[0-9]+}}
// CHECK:       read  x[1*i0 + -1048576*floor((0 + 1*i0)/1048576)]
// CHECK-NEXT:  elements: [simt_n, simt_lb] -> { x[o] : {{.*}}0 <= o <= 1048575{{.*}} }
// CHECK-LABEL: kernel __omp_offloading_{{.*}}_ring1m_reversed_l{{[0-9]+}}
// CHECK:       read  x[-1*i0 + -1048576*floor((-1 + -1*i0)/1048576) + -1]
// CHECK-NEXT:  elements: [simt_n, simt_lb] -> { x[o] : {{.*}}0 <= o <= 1048575{{.*}} }
// CHECK-LABEL: kernel __omp_offloading_{{.*}}_ring1m_pairs_l{{[0-9]+}}
// CHECK:       reason NonAffineSubscript: the index passes through a bit operation (and, or, xor, rem, a narrowing cast written as shifts) whose truncation is not modelled
// CHECK-LABEL: kernel __omp_offloading_{{.*}}_ring_from_l{{[0-9]+}}
// CHECK:       reason NonAffineSubscript: the low bits of a form with runtime values or floors
// CHECK-LABEL: kernel __omp_offloading_{{.*}}_signed_byte_l{{[0-9]+}}
// CHECK:       reason NonAffineSubscript: subscript depends on %conv{{[0-9]*}}, which SCEV cannot express
// CHECK-LABEL: kernel __omp_offloading_{{.*}}_short_index_l{{[0-9]+}}
// CHECK:       reason NonAffineSubscript: the index passes through a bit operation (and, or, xor, rem, a narrowing cast written as shifts) whose truncation is not modelled
// CHECK-LABEL: kernel __omp_offloading_{{.*}}_short_index_from1_l{{[0-9]+}}
// CHECK:       reason NonAffineSubscript: the index passes through a bit operation (and, or, xor, rem, a narrowing cast written as shifts) whose truncation is not modelled
// CHECK-LABEL: kernel __omp_offloading_{{.*}}_short_index_double_l{{[0-9]+}}
// CHECK:       reason NonAffineSubscript: the index passes through a bit operation (and, or, xor, rem, a narrowing cast written as shifts) whose truncation is not modelled
