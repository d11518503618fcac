// heat-3d's step as a CUDA port writes it: 3-D blocks, one thread per
// point, the z index for the plane. blocks3d-cuda.test runs it on the CPU.
#define N 20

extern "C" __global__ void heat3d(const float *A, float *B) {
  int k = blockIdx.x * blockDim.x + threadIdx.x;
  int j = blockIdx.y * blockDim.y + threadIdx.y;
  int i = blockIdx.z * blockDim.z + threadIdx.z;
  if (i >= 1 && i < N - 1 && j >= 1 && j < N - 1 && k >= 1 && k < N - 1)
    B[(i * N + j) * N + k] =
        0.125f * (A[((i + 1) * N + j) * N + k] - 2.0f * A[(i * N + j) * N + k] +
                  A[((i - 1) * N + j) * N + k]) +
        0.125f * (A[(i * N + j + 1) * N + k] - 2.0f * A[(i * N + j) * N + k] +
                  A[(i * N + j - 1) * N + k]) +
        0.125f * (A[(i * N + j) * N + k + 1] - 2.0f * A[(i * N + j) * N + k] +
                  A[(i * N + j) * N + k - 1]) +
        A[(i * N + j) * N + k];
}
