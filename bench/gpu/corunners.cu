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

// The same traffic, reads only: a co-runner that leaves no dirty line in
// the L2 (interference_sources.py asks whether the lines the hammer's
// stores leave cost the real-time kernel their write-back). b is written
// only by a thread whose sum is NaN, which ones never give.
__global__ void hammer_read(const float4 *a, float4 *b, unsigned long long n,
                            int iters) {
  float acc = 0.0f;
  for (int it = 0; it < iters; ++it)
    for (unsigned long long i =
             blockIdx.x * (unsigned long long)blockDim.x + threadIdx.x;
         i < n; i += (unsigned long long)gridDim.x * blockDim.x) {
      float4 v = a[i];
      acc += v.x + v.y + v.z + v.w;
    }
  if (acc != acc)
    b[blockIdx.x * blockDim.x + threadIdx.x] = make_float4(acc, acc, acc, acc);
}

} // extern "C"
