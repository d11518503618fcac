// The prem-llvm kernel suite: PolyBench-style OpenMP offload kernels (and an
// ELLPACK sparse matrix-vector product, for indirect loads), each a
// `target teams distribute parallel for` over its outermost loop. One source
// for the end-to-end tests (built with and without the plugin, outputs
// compared bit for bit) and the benchmarks.
//
// Sizes: -DN2=... for 2-D kernels, -DN3=... for 3-D ones (default: the large
// size of the tests). The program runs every kernel (or those named on the
// command line), and prints per kernel a hash of its output bytes.
//   suite [kernel...]       run, print "name hash"
//   suite -t [reps] [k...]  also time each kernel's target regions (best of
//                           reps runs, data mapping included), in ns
//   suite -c [k...]         also check the outputs against each kernel's
//                           sequential reference on the host: "name hash
//                           ok|FAIL largest-relative-difference"
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#ifndef N2
#define N2 96
#endif
#ifndef N3
#define N3 24
#endif

#define OFFLOAD teams distribute parallel for

typedef float real;

static real *array(size_t n, unsigned seed) {
  real *a = malloc(n * sizeof(real));
  uint32_t x = seed * 2654435761u + 1;
  for (size_t i = 0; i < n; i++) {
    x = x * 1664525u + 1013904223u;
    a[i] = (real)((x >> 8) % 1000) / 250.0f - 2.0f;
  }
  return a;
}

static uint64_t hash(const real *a, size_t n, uint64_t h) {
  const unsigned char *b = (const unsigned char *)a;
  for (size_t i = 0; i < n * sizeof(real); i++)
    h = (h ^ b[i]) * 1099511628211ull;
  return h;
}

static uint64_t now_ns(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (uint64_t)t.tv_sec * 1000000000u + t.tv_nsec;
}

/* Time spent in target regions (data mapping included), not in setup. */
static uint64_t elapsed_ns;

/* -c: each kernel also runs its reference, sequential code on the host that
 * computes the same outputs from the same inputs in the same order of
 * operations, and check() keeps the largest difference from it, relative
 * to max(1, |reference|). */
static int checking;
static double check_error;
#define CHECK_TOLERANCE 1e-5

static void check(const real *out, const real *ref, size_t n) {
  for (size_t i = 0; i < n; i++) {
    double d = fabs((double)out[i] - (double)ref[i]) /
               fmax(1.0, fabs((double)ref[i]));
    if (d > check_error || d != d)
      check_error = d != d ? INFINITY : d;
  }
}

#define H0 14695981039346656037ull
enum { N = N2, M = N3 };

static uint64_t gemm(void) {
  real *A = array(N * N, 1), *B = array(N * N, 2), *C = array(N * N, 3);
  real alpha = 1.5f, beta = 1.2f;
  uint64_t t0 = now_ns();
#pragma omp target OFFLOAD map(to: A[0:N*N], B[0:N*N]) map(tofrom: C[0:N*N])
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      real s = 0;
      for (int k = 0; k < N; k++)
        s += A[i * N + k] * B[k * N + j];
      C[i * N + j] = alpha * s + beta * C[i * N + j];
    }
  elapsed_ns += now_ns() - t0;
#ifdef SUITE_FAULT /* a wrong result, for the test that the checker fails */
  C[N + 1] += 0.5f;
#endif
  if (checking) {
    real *R = array(N * N, 3);
    for (int i = 0; i < N; i++)
      for (int j = 0; j < N; j++) {
        real s = 0;
        for (int k = 0; k < N; k++)
          s += A[i * N + k] * B[k * N + j];
        R[i * N + j] = alpha * s + beta * R[i * N + j];
      }
    check(C, R, N * N);
    free(R);
  }
  uint64_t h = hash(C, N * N, H0);
  free(A), free(B), free(C);
  return h;
}

static uint64_t mm2(void) {
  real *A = array(N * N, 4), *B = array(N * N, 5), *C = array(N * N, 6),
       *D = array(N * N, 7), *T = array(N * N, 8);
  uint64_t t0 = now_ns();
#pragma omp target OFFLOAD map(to: A[0:N*N], B[0:N*N]) map(from: T[0:N*N])
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      real s = 0;
      for (int k = 0; k < N; k++)
        s += 1.5f * A[i * N + k] * B[k * N + j];
      T[i * N + j] = s;
    }
#pragma omp target OFFLOAD map(to: T[0:N*N], C[0:N*N]) map(tofrom: D[0:N*N])
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      real s = D[i * N + j] * 1.2f;
      for (int k = 0; k < N; k++)
        s += T[i * N + k] * C[k * N + j];
      D[i * N + j] = s;
    }
  elapsed_ns += now_ns() - t0;
  if (checking) {
    real *RT = array(N * N, 8), *RD = array(N * N, 7);
    for (int i = 0; i < N; i++)
      for (int j = 0; j < N; j++) {
        real s = 0;
        for (int k = 0; k < N; k++)
          s += 1.5f * A[i * N + k] * B[k * N + j];
        RT[i * N + j] = s;
      }
    for (int i = 0; i < N; i++)
      for (int j = 0; j < N; j++) {
        real s = RD[i * N + j] * 1.2f;
        for (int k = 0; k < N; k++)
          s += RT[i * N + k] * C[k * N + j];
        RD[i * N + j] = s;
      }
    check(T, RT, N * N), check(D, RD, N * N);
    free(RT), free(RD);
  }
  uint64_t h = hash(D, N * N, hash(T, N * N, H0));
  free(A), free(B), free(C), free(D), free(T);
  return h;
}

static uint64_t mm3(void) {
  real *A = array(N * N, 9), *B = array(N * N, 10), *C = array(N * N, 11),
       *D = array(N * N, 12), *E = array(N * N, 13), *F = array(N * N, 14),
       *G = array(N * N, 15);
  uint64_t t0 = now_ns();
#pragma omp target OFFLOAD map(to: A[0:N*N], B[0:N*N]) map(from: E[0:N*N])
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      real s = 0;
      for (int k = 0; k < N; k++)
        s += A[i * N + k] * B[k * N + j];
      E[i * N + j] = s;
    }
#pragma omp target OFFLOAD map(to: C[0:N*N], D[0:N*N]) map(from: F[0:N*N])
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      real s = 0;
      for (int k = 0; k < N; k++)
        s += C[i * N + k] * D[k * N + j];
      F[i * N + j] = s;
    }
#pragma omp target OFFLOAD map(to: E[0:N*N], F[0:N*N]) map(from: G[0:N*N])
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      real s = 0;
      for (int k = 0; k < N; k++)
        s += E[i * N + k] * F[k * N + j];
      G[i * N + j] = s;
    }
  elapsed_ns += now_ns() - t0;
  if (checking) {
    real *R[3] = {array(N * N, 13), array(N * N, 14), array(N * N, 15)};
    const real *In[3][2] = {{A, B}, {C, D}, {R[0], R[1]}};
    for (int m = 0; m < 3; m++)
      for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++) {
          real s = 0;
          for (int k = 0; k < N; k++)
            s += In[m][0][i * N + k] * In[m][1][k * N + j];
          R[m][i * N + j] = s;
        }
    check(G, R[2], N * N);
    free(R[0]), free(R[1]), free(R[2]);
  }
  uint64_t h = hash(G, N * N, H0);
  free(A), free(B), free(C), free(D), free(E), free(F), free(G);
  return h;
}

static uint64_t atax(void) {
  real *A = array(N * N, 16), *x = array(N, 17), *t = array(N, 18),
       *y = array(N, 19);
  uint64_t t0 = now_ns();
#pragma omp target OFFLOAD map(to: A[0:N*N], x[0:N]) map(from: t[0:N])
  for (int i = 0; i < N; i++) {
    real s = 0;
    for (int j = 0; j < N; j++)
      s += A[i * N + j] * x[j];
    t[i] = s;
  }
#pragma omp target OFFLOAD map(to: A[0:N*N], t[0:N]) map(from: y[0:N])
  for (int j = 0; j < N; j++) {
    real s = 0;
    for (int i = 0; i < N; i++)
      s += A[i * N + j] * t[i];
    y[j] = s;
  }
  elapsed_ns += now_ns() - t0;
  if (checking) {
    real *rt = array(N, 18), *ry = array(N, 19);
    for (int i = 0; i < N; i++) {
      real s = 0;
      for (int j = 0; j < N; j++)
        s += A[i * N + j] * x[j];
      rt[i] = s;
    }
    for (int j = 0; j < N; j++) {
      real s = 0;
      for (int i = 0; i < N; i++)
        s += A[i * N + j] * rt[i];
      ry[j] = s;
    }
    check(y, ry, N);
    free(rt), free(ry);
  }
  uint64_t h = hash(y, N, H0);
  free(A), free(x), free(t), free(y);
  return h;
}

static uint64_t bicg(void) {
  real *A = array(N * N, 20), *r = array(N, 21), *p = array(N, 22),
       *s = array(N, 23), *q = array(N, 24);
  uint64_t t0 = now_ns();
#pragma omp target OFFLOAD map(to: A[0:N*N], r[0:N]) map(from: s[0:N])
  for (int j = 0; j < N; j++) {
    real acc = 0;
    for (int i = 0; i < N; i++)
      acc += r[i] * A[i * N + j];
    s[j] = acc;
  }
#pragma omp target OFFLOAD map(to: A[0:N*N], p[0:N]) map(from: q[0:N])
  for (int i = 0; i < N; i++) {
    real acc = 0;
    for (int j = 0; j < N; j++)
      acc += A[i * N + j] * p[j];
    q[i] = acc;
  }
  elapsed_ns += now_ns() - t0;
  if (checking) {
    real *rs = array(N, 23), *rq = array(N, 24);
    for (int j = 0; j < N; j++) {
      real acc = 0;
      for (int i = 0; i < N; i++)
        acc += r[i] * A[i * N + j];
      rs[j] = acc;
    }
    for (int i = 0; i < N; i++) {
      real acc = 0;
      for (int j = 0; j < N; j++)
        acc += A[i * N + j] * p[j];
      rq[i] = acc;
    }
    check(s, rs, N), check(q, rq, N);
    free(rs), free(rq);
  }
  uint64_t h = hash(q, N, hash(s, N, H0));
  free(A), free(r), free(p), free(s), free(q);
  return h;
}

static uint64_t mvt(void) {
  real *A = array(N * N, 25), *x1 = array(N, 26), *x2 = array(N, 27),
       *y1 = array(N, 28), *y2 = array(N, 29);
  uint64_t t0 = now_ns();
#pragma omp target OFFLOAD map(to: A[0:N*N], y1[0:N]) map(tofrom: x1[0:N])
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      x1[i] = x1[i] + A[i * N + j] * y1[j];
#pragma omp target OFFLOAD map(to: A[0:N*N], y2[0:N]) map(tofrom: x2[0:N])
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      x2[i] = x2[i] + A[j * N + i] * y2[j];
  elapsed_ns += now_ns() - t0;
  if (checking) {
    real *r1 = array(N, 26), *r2 = array(N, 27);
    for (int i = 0; i < N; i++)
      for (int j = 0; j < N; j++) {
        r1[i] = r1[i] + A[i * N + j] * y1[j];
        r2[i] = r2[i] + A[j * N + i] * y2[j];
      }
    check(x1, r1, N), check(x2, r2, N);
    free(r1), free(r2);
  }
  uint64_t h = hash(x2, N, hash(x1, N, H0));
  free(A), free(x1), free(x2), free(y1), free(y2);
  return h;
}

static uint64_t gesummv(void) {
  real *A = array(N * N, 30), *B = array(N * N, 31), *x = array(N, 32),
       *y = array(N, 33);
  uint64_t t0 = now_ns();
#pragma omp target OFFLOAD map(to: A[0:N*N], B[0:N*N], x[0:N]) map(from: y[0:N])
  for (int i = 0; i < N; i++) {
    real t = 0, u = 0;
    for (int j = 0; j < N; j++) {
      t += A[i * N + j] * x[j];
      u += B[i * N + j] * x[j];
    }
    y[i] = 1.5f * t + 1.2f * u;
  }
  elapsed_ns += now_ns() - t0;
  if (checking) {
    real *ry = array(N, 33);
    for (int i = 0; i < N; i++) {
      real t = 0, u = 0;
      for (int j = 0; j < N; j++) {
        t += A[i * N + j] * x[j];
        u += B[i * N + j] * x[j];
      }
      ry[i] = 1.5f * t + 1.2f * u;
    }
    check(y, ry, N);
    free(ry);
  }
  uint64_t h = hash(y, N, H0);
  free(A), free(B), free(x), free(y);
  return h;
}

/* ELLPACK sparse matrix-vector product: ELL_K stored entries per row, x read
 * through their column indices (indirect loads, gathered per tile). */
static uint64_t spmv(void) {
  enum { ELL_K = 16 };
  real *val = array(N * ELL_K, 70), *x = array(N, 71), *y = array(N, 72);
  int *col = malloc(N * ELL_K * sizeof(int));
  for (int e = 0; e < N * ELL_K; e++)
    col[e] = (int)((e * 2654435761u >> 4) % (unsigned)N);
  uint64_t t0 = now_ns();
#pragma omp target OFFLOAD map(to: val[0:N*ELL_K], col[0:N*ELL_K], x[0:N]) map(from: y[0:N])
  for (int i = 0; i < N; i++) {
    real s = 0;
    for (int k = 0; k < ELL_K; k++)
      s += val[i * ELL_K + k] * x[col[i * ELL_K + k]];
    y[i] = s;
  }
  elapsed_ns += now_ns() - t0;
  if (checking) {
    real *ry = array(N, 72);
    for (int i = 0; i < N; i++) {
      real s = 0;
      for (int k = 0; k < ELL_K; k++)
        s += val[i * ELL_K + k] * x[col[i * ELL_K + k]];
      ry[i] = s;
    }
    check(y, ry, N);
    free(ry);
  }
  uint64_t h = hash(y, N, H0);
  free(val), free(x), free(y), free(col);
  return h;
}

static uint64_t gemver(void) {
  real *A = array(N * N, 34), *u1 = array(N, 35), *v1 = array(N, 36),
       *u2 = array(N, 37), *v2 = array(N, 38), *w = array(N, 39),
       *x = array(N, 40), *y = array(N, 41), *z = array(N, 42);
  uint64_t t0 = now_ns();
#pragma omp target OFFLOAD map(to: u1[0:N], v1[0:N], u2[0:N], v2[0:N]) map(tofrom: A[0:N*N])
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      A[i * N + j] = A[i * N + j] + u1[i] * v1[j] + u2[i] * v2[j];
#pragma omp target OFFLOAD map(to: A[0:N*N], y[0:N], z[0:N]) map(tofrom: x[0:N])
  for (int i = 0; i < N; i++) {
    real s = x[i];
    for (int j = 0; j < N; j++)
      s += 1.2f * A[j * N + i] * y[j];
    x[i] = s + z[i];
  }
#pragma omp target OFFLOAD map(to: A[0:N*N], x[0:N]) map(tofrom: w[0:N])
  for (int i = 0; i < N; i++) {
    real s = w[i];
    for (int j = 0; j < N; j++)
      s += 1.5f * A[i * N + j] * x[j];
    w[i] = s;
  }
  elapsed_ns += now_ns() - t0;
  if (checking) {
    real *RA = array(N * N, 34), *rx = array(N, 40), *rw = array(N, 39);
    for (int i = 0; i < N; i++)
      for (int j = 0; j < N; j++)
        RA[i * N + j] = RA[i * N + j] + u1[i] * v1[j] + u2[i] * v2[j];
    for (int i = 0; i < N; i++) {
      real s = rx[i];
      for (int j = 0; j < N; j++)
        s += 1.2f * RA[j * N + i] * y[j];
      rx[i] = s + z[i];
    }
    for (int i = 0; i < N; i++) {
      real s = rw[i];
      for (int j = 0; j < N; j++)
        s += 1.5f * RA[i * N + j] * rx[j];
      rw[i] = s;
    }
    check(A, RA, N * N), check(w, rw, N);
    free(RA), free(rx), free(rw);
  }
  uint64_t h = hash(w, N, hash(A, N * N, H0));
  free(A), free(u1), free(v1), free(u2), free(v2), free(w), free(x), free(y),
      free(z);
  return h;
}

static uint64_t syrk(void) {
  real *A = array(N * N, 43), *C = array(N * N, 44);
  uint64_t t0 = now_ns();
#pragma omp target OFFLOAD map(to: A[0:N*N]) map(tofrom: C[0:N*N])
  for (int i = 0; i < N; i++)
    for (int j = 0; j <= i; j++) {
      real s = C[i * N + j] * 1.2f;
      for (int k = 0; k < N; k++)
        s += 1.5f * A[i * N + k] * A[j * N + k];
      C[i * N + j] = s;
    }
  elapsed_ns += now_ns() - t0;
  if (checking) {
    real *R = array(N * N, 44);
    for (int i = 0; i < N; i++)
      for (int j = 0; j <= i; j++) {
        real s = R[i * N + j] * 1.2f;
        for (int k = 0; k < N; k++)
          s += 1.5f * A[i * N + k] * A[j * N + k];
        R[i * N + j] = s;
      }
    check(C, R, N * N);
    free(R);
  }
  uint64_t h = hash(C, N * N, H0);
  free(A), free(C);
  return h;
}

static uint64_t syr2k(void) {
  real *A = array(N * N, 45), *B = array(N * N, 46), *C = array(N * N, 47);
  uint64_t t0 = now_ns();
#pragma omp target OFFLOAD map(to: A[0:N*N], B[0:N*N]) map(tofrom: C[0:N*N])
  for (int i = 0; i < N; i++)
    for (int j = 0; j <= i; j++) {
      real s = C[i * N + j] * 1.2f;
      for (int k = 0; k < N; k++)
        s += A[j * N + k] * 1.5f * B[i * N + k] + B[j * N + k] * 1.5f * A[i * N + k];
      C[i * N + j] = s;
    }
  elapsed_ns += now_ns() - t0;
  if (checking) {
    real *R = array(N * N, 47);
    for (int i = 0; i < N; i++)
      for (int j = 0; j <= i; j++) {
        real s = R[i * N + j] * 1.2f;
        for (int k = 0; k < N; k++)
          s += A[j * N + k] * 1.5f * B[i * N + k] +
               B[j * N + k] * 1.5f * A[i * N + k];
        R[i * N + j] = s;
      }
    check(C, R, N * N);
    free(R);
  }
  uint64_t h = hash(C, N * N, H0);
  free(A), free(B), free(C);
  return h;
}

static uint64_t covariance(void) {
  real *D = array(N * N, 48), *mean = array(N, 49), *cov = array(N * N, 50);
  uint64_t t0 = now_ns();
#pragma omp target OFFLOAD map(to: D[0:N*N]) map(from: mean[0:N])
  for (int j = 0; j < N; j++) {
    real s = 0;
    for (int i = 0; i < N; i++)
      s += D[i * N + j];
    mean[j] = s / N;
  }
#pragma omp target OFFLOAD map(to: mean[0:N]) map(tofrom: D[0:N*N])
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      D[i * N + j] -= mean[j];
#pragma omp target OFFLOAD map(to: D[0:N*N]) map(tofrom: cov[0:N*N])
  for (int i = 0; i < N; i++)
    for (int j = i; j < N; j++) {
      real s = 0;
      for (int k = 0; k < N; k++)
        s += D[k * N + i] * D[k * N + j];
      cov[i * N + j] = s / (N - 1);
    }
  elapsed_ns += now_ns() - t0;
  if (checking) {
    real *RD = array(N * N, 48), *rm = array(N, 49), *R = array(N * N, 50);
    for (int j = 0; j < N; j++) {
      real s = 0;
      for (int i = 0; i < N; i++)
        s += RD[i * N + j];
      rm[j] = s / N;
    }
    for (int i = 0; i < N; i++)
      for (int j = 0; j < N; j++)
        RD[i * N + j] -= rm[j];
    for (int i = 0; i < N; i++)
      for (int j = i; j < N; j++) {
        real s = 0;
        for (int k = 0; k < N; k++)
          s += RD[k * N + i] * RD[k * N + j];
        R[i * N + j] = s / (N - 1);
      }
    check(mean, rm, N), check(cov, R, N * N);
    free(RD), free(rm), free(R);
  }
  uint64_t h = hash(cov, N * N, hash(mean, N, H0));
  free(D), free(mean), free(cov);
  return h;
}

static uint64_t correlation(void) {
  real *D = array(N * N, 51), *mean = array(N, 52), *sd = array(N, 53),
       *corr = array(N * N, 54);
  uint64_t t0 = now_ns();
#pragma omp target OFFLOAD map(to: D[0:N*N]) map(from: mean[0:N], sd[0:N])
  for (int j = 0; j < N; j++) {
    real s = 0, q = 0;
    for (int i = 0; i < N; i++)
      s += D[i * N + j];
    s /= N;
    for (int i = 0; i < N; i++)
      q += (D[i * N + j] - s) * (D[i * N + j] - s);
    mean[j] = s;
    sd[j] = sqrtf(q / N) + 0.1f;
  }
#pragma omp target OFFLOAD map(to: mean[0:N], sd[0:N]) map(tofrom: D[0:N*N])
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      D[i * N + j] = (D[i * N + j] - mean[j]) / (sqrtf((real)N) * sd[j]);
#pragma omp target OFFLOAD map(to: D[0:N*N]) map(tofrom: corr[0:N*N])
  for (int i = 0; i < N; i++)
    for (int j = i; j < N; j++) {
      real s = 0;
      for (int k = 0; k < N; k++)
        s += D[k * N + i] * D[k * N + j];
      corr[i * N + j] = s;
    }
  elapsed_ns += now_ns() - t0;
  if (checking) {
    real *RD = array(N * N, 51), *rm = array(N, 52), *rs = array(N, 53),
         *R = array(N * N, 54);
    for (int j = 0; j < N; j++) {
      real s = 0, q = 0;
      for (int i = 0; i < N; i++)
        s += RD[i * N + j];
      s /= N;
      for (int i = 0; i < N; i++)
        q += (RD[i * N + j] - s) * (RD[i * N + j] - s);
      rm[j] = s;
      rs[j] = sqrtf(q / N) + 0.1f;
    }
    for (int i = 0; i < N; i++)
      for (int j = 0; j < N; j++)
        RD[i * N + j] = (RD[i * N + j] - rm[j]) / (sqrtf((real)N) * rs[j]);
    for (int i = 0; i < N; i++)
      for (int j = i; j < N; j++) {
        real s = 0;
        for (int k = 0; k < N; k++)
          s += RD[k * N + i] * RD[k * N + j];
        R[i * N + j] = s;
      }
    check(sd, rs, N), check(corr, R, N * N);
    free(RD), free(rm), free(rs), free(R);
  }
  uint64_t h = hash(corr, N * N, hash(sd, N, H0));
  free(D), free(mean), free(sd), free(corr);
  return h;
}

static uint64_t conv2d(void) {
  real *A = array(N * N, 55), *B = array(N * N, 56);
  uint64_t t0 = now_ns();
#pragma omp target OFFLOAD map(to: A[0:N*N]) map(tofrom: B[0:N*N])
  for (int i = 1; i < N - 1; i++)
    for (int j = 1; j < N - 1; j++)
      B[i * N + j] = 0.2f * A[(i - 1) * N + j - 1] + 0.5f * A[(i - 1) * N + j] -
                     0.8f * A[(i - 1) * N + j + 1] - 0.3f * A[i * N + j - 1] +
                     0.6f * A[i * N + j] - 0.9f * A[i * N + j + 1] +
                     0.4f * A[(i + 1) * N + j - 1] + 0.7f * A[(i + 1) * N + j] +
                     0.1f * A[(i + 1) * N + j + 1];
  elapsed_ns += now_ns() - t0;
  if (checking) {
    real *R = array(N * N, 56);
    for (int i = 1; i < N - 1; i++)
      for (int j = 1; j < N - 1; j++)
        R[i * N + j] =
            0.2f * A[(i - 1) * N + j - 1] + 0.5f * A[(i - 1) * N + j] -
            0.8f * A[(i - 1) * N + j + 1] - 0.3f * A[i * N + j - 1] +
            0.6f * A[i * N + j] - 0.9f * A[i * N + j + 1] +
            0.4f * A[(i + 1) * N + j - 1] + 0.7f * A[(i + 1) * N + j] +
            0.1f * A[(i + 1) * N + j + 1];
    check(B, R, N * N);
    free(R);
  }
  uint64_t h = hash(B, N * N, H0);
  free(A), free(B);
  return h;
}

static uint64_t conv3d(void) {
  real *A = array(M * M * M, 57), *B = array(M * M * M, 58);
  uint64_t t0 = now_ns();
#pragma omp target OFFLOAD map(to: A[0:M*M*M]) map(tofrom: B[0:M*M*M])
  for (int i = 1; i < M - 1; i++)
    for (int j = 1; j < M - 1; j++)
      for (int k = 1; k < M - 1; k++)
        B[(i * M + j) * M + k] =
            0.2f * A[((i - 1) * M + j - 1) * M + k - 1] +
            0.5f * A[((i + 1) * M + j - 1) * M + k - 1] -
            0.8f * A[((i - 1) * M + j - 1) * M + k - 1] -
            0.3f * A[((i + 1) * M + j - 1) * M + k - 1] +
            0.6f * A[((i - 1) * M + j) * M + k] +
            0.9f * A[((i + 1) * M + j) * M + k] -
            0.4f * A[((i - 1) * M + j - 1) * M + k + 1] +
            0.7f * A[((i + 1) * M + j - 1) * M + k + 1] +
            0.1f * A[((i - 1) * M + j + 1) * M + k + 1] -
            0.6f * A[((i + 1) * M + j + 1) * M + k + 1];
  elapsed_ns += now_ns() - t0;
  if (checking) {
    real *R = array(M * M * M, 58);
    for (int i = 1; i < M - 1; i++)
      for (int j = 1; j < M - 1; j++)
        for (int k = 1; k < M - 1; k++)
          R[(i * M + j) * M + k] =
              0.2f * A[((i - 1) * M + j - 1) * M + k - 1] +
              0.5f * A[((i + 1) * M + j - 1) * M + k - 1] -
              0.8f * A[((i - 1) * M + j - 1) * M + k - 1] -
              0.3f * A[((i + 1) * M + j - 1) * M + k - 1] +
              0.6f * A[((i - 1) * M + j) * M + k] +
              0.9f * A[((i + 1) * M + j) * M + k] -
              0.4f * A[((i - 1) * M + j - 1) * M + k + 1] +
              0.7f * A[((i + 1) * M + j - 1) * M + k + 1] +
              0.1f * A[((i - 1) * M + j + 1) * M + k + 1] -
              0.6f * A[((i + 1) * M + j + 1) * M + k + 1];
    check(B, R, M * M * M);
    free(R);
  }
  uint64_t h = hash(B, M * M * M, H0);
  free(A), free(B);
  return h;
}

static uint64_t jacobi2d(void) {
  real *A = array(N * N, 59), *B = array(N * N, 60);
  uint64_t t0 = now_ns();
  for (int t = 0; t < 4; t++) {
#pragma omp target OFFLOAD map(to: A[0:N*N]) map(tofrom: B[0:N*N])
    for (int i = 1; i < N - 1; i++)
      for (int j = 1; j < N - 1; j++)
        B[i * N + j] = 0.2f * (A[i * N + j] + A[i * N + j - 1] +
                               A[i * N + j + 1] + A[(i + 1) * N + j] +
                               A[(i - 1) * N + j]);
#pragma omp target OFFLOAD map(to: B[0:N*N]) map(tofrom: A[0:N*N])
    for (int i = 1; i < N - 1; i++)
      for (int j = 1; j < N - 1; j++)
        A[i * N + j] = 0.2f * (B[i * N + j] + B[i * N + j - 1] +
                               B[i * N + j + 1] + B[(i + 1) * N + j] +
                               B[(i - 1) * N + j]);
  }
  elapsed_ns += now_ns() - t0;
  if (checking) {
    real *RA = array(N * N, 59), *RB = array(N * N, 60);
    for (int t = 0; t < 4; t++) {
      for (int i = 1; i < N - 1; i++)
        for (int j = 1; j < N - 1; j++)
          RB[i * N + j] = 0.2f * (RA[i * N + j] + RA[i * N + j - 1] +
                                  RA[i * N + j + 1] + RA[(i + 1) * N + j] +
                                  RA[(i - 1) * N + j]);
      for (int i = 1; i < N - 1; i++)
        for (int j = 1; j < N - 1; j++)
          RA[i * N + j] = 0.2f * (RB[i * N + j] + RB[i * N + j - 1] +
                                  RB[i * N + j + 1] + RB[(i + 1) * N + j] +
                                  RB[(i - 1) * N + j]);
    }
    check(A, RA, N * N);
    free(RA), free(RB);
  }
  uint64_t h = hash(A, N * N, H0);
  free(A), free(B);
  return h;
}

static uint64_t fdtd2d(void) {
  real *ex = array(N * N, 61), *ey = array(N * N, 62), *hz = array(N * N, 63);
  uint64_t t0 = now_ns();
  for (int t = 0; t < 3; t++) {
#pragma omp target OFFLOAD map(to: hz[0:N*N]) map(tofrom: ey[0:N*N])
    for (int i = 1; i < N; i++)
      for (int j = 0; j < N; j++)
        ey[i * N + j] = ey[i * N + j] - 0.5f * (hz[i * N + j] - hz[(i - 1) * N + j]);
#pragma omp target OFFLOAD map(to: hz[0:N*N]) map(tofrom: ex[0:N*N])
    for (int i = 0; i < N; i++)
      for (int j = 1; j < N; j++)
        ex[i * N + j] = ex[i * N + j] - 0.5f * (hz[i * N + j] - hz[i * N + j - 1]);
#pragma omp target OFFLOAD map(to: ex[0:N*N], ey[0:N*N]) map(tofrom: hz[0:N*N])
    for (int i = 0; i < N - 1; i++)
      for (int j = 0; j < N - 1; j++)
        hz[i * N + j] = hz[i * N + j] - 0.7f * (ex[i * N + j + 1] - ex[i * N + j] +
                                                ey[(i + 1) * N + j] - ey[i * N + j]);
  }
  elapsed_ns += now_ns() - t0;
  if (checking) {
    real *rx = array(N * N, 61), *ry = array(N * N, 62),
         *rh = array(N * N, 63);
    for (int t = 0; t < 3; t++) {
      for (int i = 1; i < N; i++)
        for (int j = 0; j < N; j++)
          ry[i * N + j] =
              ry[i * N + j] - 0.5f * (rh[i * N + j] - rh[(i - 1) * N + j]);
      for (int i = 0; i < N; i++)
        for (int j = 1; j < N; j++)
          rx[i * N + j] =
              rx[i * N + j] - 0.5f * (rh[i * N + j] - rh[i * N + j - 1]);
      for (int i = 0; i < N - 1; i++)
        for (int j = 0; j < N - 1; j++)
          rh[i * N + j] =
              rh[i * N + j] - 0.7f * (rx[i * N + j + 1] - rx[i * N + j] +
                                      ry[(i + 1) * N + j] - ry[i * N + j]);
    }
    check(ex, rx, N * N), check(ey, ry, N * N), check(hz, rh, N * N);
    free(rx), free(ry), free(rh);
  }
  uint64_t h = hash(hz, N * N, hash(ey, N * N, hash(ex, N * N, H0)));
  free(ex), free(ey), free(hz);
  return h;
}

static uint64_t doitgen(void) {
  real *A = array(M * M * M, 64), *C4 = array(M * M, 65),
       *S = array(M * M * M, 66);
  uint64_t t0 = now_ns();
#pragma omp target OFFLOAD map(to: A[0:M*M*M], C4[0:M*M]) map(from: S[0:M*M*M])
  for (int r = 0; r < M; r++)
    for (int q = 0; q < M; q++)
      for (int p = 0; p < M; p++) {
        real s = 0;
        for (int k = 0; k < M; k++)
          s += A[(r * M + q) * M + k] * C4[k * M + p];
        S[(r * M + q) * M + p] = s;
      }
  elapsed_ns += now_ns() - t0;
  if (checking) {
    real *R = array(M * M * M, 66);
    for (int r = 0; r < M; r++)
      for (int q = 0; q < M; q++)
        for (int p = 0; p < M; p++) {
          real s = 0;
          for (int k = 0; k < M; k++)
            s += A[(r * M + q) * M + k] * C4[k * M + p];
          R[(r * M + q) * M + p] = s;
        }
    check(S, R, M * M * M);
    free(R);
  }
  uint64_t h = hash(S, M * M * M, H0);
  free(A), free(C4), free(S);
  return h;
}

static const struct {
  const char *name;
  uint64_t (*run)(void);
} kernels[] = {
    {"gemm", gemm},         {"2mm", mm2},           {"3mm", mm3},
    {"atax", atax},         {"bicg", bicg},         {"mvt", mvt},
    {"gesummv", gesummv},   {"spmv", spmv},         {"gemver", gemver},
    {"syrk", syrk},         {"syr2k", syr2k},       {"covariance", covariance},
    {"correlation", correlation},                   {"conv2d", conv2d},
    {"conv3d", conv3d},     {"jacobi-2d", jacobi2d}, {"fdtd-2d", fdtd2d},
    {"doitgen", doitgen},
};

int main(int argc, char **argv) {
  checking = argc > 1 && !strcmp(argv[1], "-c");
  int timed = argc > 1 && !strcmp(argv[1], "-t");
  int reps = 1, first = 1 + timed + checking;
  if (timed && argc > 2 && atoi(argv[2]) > 0)
    reps = atoi(argv[2]), first++;
  for (size_t k = 0; k < sizeof kernels / sizeof *kernels; k++) {
    int wanted = first >= argc;
    for (int a = first; a < argc; a++)
      wanted |= !strcmp(argv[a], kernels[k].name);
    if (!wanted)
      continue;
    uint64_t best = UINT64_MAX, h = 0;
    check_error = 0;
    for (int r = 0; r < reps; r++) {
      elapsed_ns = 0;
      h = kernels[k].run();
      best = elapsed_ns < best ? elapsed_ns : best;
    }
    if (checking)
      printf("%-12s %016llx %s %.3g\n", kernels[k].name, (unsigned long long)h,
             check_error <= CHECK_TOLERANCE ? "ok" : "FAIL", check_error);
    else if (timed)
      printf("%-12s %016llx %llu\n", kernels[k].name, (unsigned long long)h,
             (unsigned long long)best);
    else
      printf("%-12s %016llx\n", kernels[k].name, (unsigned long long)h);
  }
  return 0;
}
