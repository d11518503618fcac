// The co-runners of bench/gpu/isolation.py, written as GPU programmers
// write them (nothing here knows of PREM). build.py compiles this file as
// it is (the co-runner no in-kernel protocol can hold back) and with
// -prem-best-effort (prem-comply: the same kernels, polling the rtgate
// arbiter as they move memory).
//
// extern "C": the runner finds kernels by name.

extern "C" {

// The memory hammer of bench/gpu/run_gpu.py: a grid-stride copy, 32 bytes
// per thread and iteration.
__global__ void hammer(const float4 *a, float4 *b, unsigned long long n,
                       int iters) {
  for (int it = 0; it < iters; ++it)
    for (unsigned long long i =
             blockIdx.x * (unsigned long long)blockDim.x + threadIdx.x;
         i < n; i += (unsigned long long)gridDim.x * blockDim.x)
      b[i] = a[i];
}

} // extern "C"
