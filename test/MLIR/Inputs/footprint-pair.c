// The kernels of footprint-pair.mlir as OpenMP offload regions.
void smooth(float *restrict a, float *restrict b) {
#pragma omp target teams distribute parallel for map(to : a[0:1002]) map(from : b[0:1000])
  for (int i = 0; i < 1000; i++)
    b[i] = a[i] + a[i + 2];
}

void scale_rows(float (*restrict A)[32], float (*restrict C)[32]) {
#pragma omp target teams distribute parallel for map(to : A[0:16]) map(from : C[0:16])
  for (int i = 0; i < 16; i++)
    for (int j = 0; j < 32; j++)
      C[i][j] = 2.0f * A[i][j];
}
