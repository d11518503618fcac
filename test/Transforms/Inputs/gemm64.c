// gemm at N = 64 for host offload: one SIMT iteration reads a row of A (256
// bytes), all of B (16 KiB) and a row of C, and writes the row of C.
#define N 64
void gemm(float *restrict C, const float *restrict A, const float *restrict B,
          float alpha, float beta) {
#pragma omp target teams distribute parallel for map(to: A[0:N*N], B[0:N*N]) map(tofrom: C[0:N*N])
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      float s = 0;
      for (int k = 0; k < N; k++)
        s += A[i * N + k] * B[k * N + j];
      C[i * N + j] = alpha * s + beta * C[i * N + j];
    }
}
