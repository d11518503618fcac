// Two barriers in the two arms of a branch on the thread: each thread meets
// one of them (undefined in CUDA, whose __syncthreads is aligned). The
// emulator must stop rather than pair them (cuda-emu.h: barrier sites).
extern "C" __global__ void two_sites(float *out) {
  __shared__ float s[64];
  s[threadIdx.x] = threadIdx.x;
  if (threadIdx.x < 32)
    __syncthreads();
  else
    __syncthreads();
  out[threadIdx.x] = s[63 - threadIdx.x];
}
