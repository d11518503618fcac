// gate_rt.cu - the real-time module of examples/gate_cuda.c. Built with the
// PREM pipeline under the rtgate arbiter (each block is a PREM interval:
// it announces its memory phases; best-effort kernels hold back meanwhile):
//   prem-cc -O2 -x cuda --cuda-gpu-arch=sm_90 --cuda-device-only -c \
//       -fprem-arbiter=rtgate examples/gate_rt.cu -o rt.cubin
extern "C" __global__ void __launch_bounds__(256)
    saxpy(const float *x, float *y, float a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = a * x[i] + y[i];
}
