// gate_be.cu - the best-effort module of examples/gate_cuda.c: a memory
// hammer (bench/gpu/run_gpu.py's), written as if PREM did not exist.
// prem-comply makes it poll the rtgate arbiter as it moves memory:
//   prem-cc -O2 -x cuda --cuda-gpu-arch=sm_90 --cuda-device-only -c \
//       -fprem-best-effort examples/gate_be.cu -o be.cubin
extern "C" __global__ void hammer(const float4 *a, float4 *b,
                                  unsigned long long n, int iters) {
  for (int it = 0; it < iters; ++it)
    for (unsigned long long i =
             blockIdx.x * (unsigned long long)blockDim.x + threadIdx.x;
         i < n; i += (unsigned long long)gridDim.x * blockDim.x)
      b[i] = a[i];
}
