// Kernels written once for the footprint ground-truth test: as OpenMP target
// regions (LD/ST plain accesses) for the analysis, and as a serial program
// (LD/ST record every byte touched) for the truth.
#ifndef N
#define N 48
#endif

// Each body is one SIMT iteration i, running iterations [J0, J1) of its
// first inner loop (counted from 0, as the analysis counts them); the serial
// driver runs a tile of them. The OpenMP kernels run every iteration.
#ifndef INNER
#define INNER(c, J0, J1, Trip) for (int c = (J0); c < (J1) && c < (Trip); c++)
#endif

#define GEMM_BODY(i, J0, J1)                                                   \
  INNER(j, J0, J1, N) {                                                        \
    float s = LD(C[(i) * N + j]);                                              \
    for (int k = 0; k < N; k++)                                                \
      s += LD(A[(i) * N + k]) * LD(B[k * N + j]);                              \
    ST(C[(i) * N + j], s);                                                     \
  }

#define STENCIL_BODY(i, J0, J1)                                                \
  INNER(c, J0, J1, N - 2) {                                                    \
    int j = c + 1;                                                             \
    ST(D[(i) * N + j], 0.2f * (LD(A[(i) * N + j]) + LD(A[(i) * N + j - 1]) +  \
                               LD(A[(i) * N + j + 1]) +                        \
                               LD(A[((i) - 1) * N + j]) +                      \
                               LD(A[((i) + 1) * N + j])));                     \
  }

#define CONV_BODY(i, J0, J1)                                                   \
  INNER(c, J0, J1, N - 2) {                                                    \
    int j = c + 1;                                                             \
    ST(D[(i) * N + j],                                                         \
       0.2f * LD(A[((i) - 1) * N + j - 1]) + 0.5f * LD(A[((i) - 1) * N + j]) - \
           0.8f * LD(A[((i) - 1) * N + j + 1]) - 0.3f * LD(A[(i) * N + j - 1]) + \
           0.6f * LD(A[(i) * N + j]) - 0.9f * LD(A[(i) * N + j + 1]) +         \
           0.4f * LD(A[((i) + 1) * N + j - 1]) +                               \
           0.7f * LD(A[((i) + 1) * N + j]) +                                   \
           0.1f * LD(A[((i) + 1) * N + j + 1]));                               \
  }

#define SYRK_BODY(i, J0, J1)                                                   \
  INNER(j, J0, J1, (i) + 1) {                                                  \
    float s = LD(C[(i) * N + j]);                                              \
    for (int k = 0; k < N; k++)                                                \
      s += LD(A[(i) * N + k]) * LD(A[j * N + k]);                              \
    ST(C[(i) * N + j], s);                                                     \
  }

#define TRANSPOSE_BODY(i, J0, J1)                                              \
  INNER(j, J0, J1, N) { ST(D[(i) * N + j], LD(A[j * N + (i)])); }

// Every third float of a row, and a column two apart: strided, overlapping.
#define STRIDED_BODY(i, J0, J1)                                                \
  INNER(j, J0, J1, N / 3) {                                                    \
    ST(D[(i) * N + 3 * j], LD(A[(i) * N + 3 * j]) + LD(A[(i) * N + 3 * j + 2]) + \
                               LD(B[2 * j * N + (i)]));                        \
  }

// collapse(2) nests, body of flat iteration iv: the compiler splits iv into
// r = iv / W and c = iv % W.
#define COLLAPSE_T_BODY(iv, J0, J1)                                            \
  {                                                                            \
    int r = (iv) / N, c = (iv) % N;                                            \
    ST(D[r * N + c], LD(A[c * N + r]));                                       \
  }

#define COLLAPSE_ST_BODY(iv, J0, J1)                                           \
  {                                                                            \
    int r = (iv) / (N - 2) + 1, c = (iv) % (N - 2) + 1;                        \
    ST(D[r * N + c], LD(A[(r - 1) * N + c]) + LD(A[(r + 1) * N + c]) +        \
                         LD(A[r * N + c - 1]) + LD(A[r * N + c + 1]));         \
  }
