// gate_cuda.c - a real-time and a best-effort CUDA module under the rtgate
// arbiter, with libprem_gpu (include/prem/prem_gpu.h), CUDA driver API.
//
//   gate_cuda RT.cubin BE.cubin [BE_SMS]
//
// RT.cubin holds saxpy(const float *x, float *y, float a, int n), built
// with -fprem-arbiter=rtgate (examples/gate_rt.cu); BE.cubin holds
// hammer(const float4 *a, float4 *b, unsigned long long n, int iters),
// built with -fprem-best-effort (examples/gate_be.cu); both files say how.
// The program times saxpy alone, registers it with the gate (its tiles
// per launch, a tile's time, a deadline), runs it beside the hammer on
// another stream (each saxpy launch between prem_gpu_gate_begin and _end,
// which hold the hammer back) and prints the gate's statistics. With BE_SMS,
// the two streams come from an SM partition (prem_gpu_partition_create):
// the hammer's blocks, waiting in the gate, then hold only BE_SMS SMs and
// saxpy runs on the others. Exit status 1,
// with a message, when something fails (no driver, no GPU, a module without the
// gate).
#include "prem/prem_gpu.h"

#include <cuda.h>
#include <stdio.h>
#include <stdlib.h>

static int ok(CUresult r, const char *call) {
  const char *text = NULL;
  if (r == CUDA_SUCCESS)
    return 1;
  if (cuGetErrorString(r, &text) != CUDA_SUCCESS || !text)
    text = "no description (the driver is CUDA's stub, or missing?)";
  fprintf(stderr, "gate_cuda: %s failed: %s (code %d)\n", call, text, (int)r);
  return 0;
}
#define CHECK(call)                                                            \
  do {                                                                         \
    if (!ok((call), #call))                                                    \
      return 1;                                                                \
  } while (0)

// One real-time saxpy launch on stream s, in the gate's slot 0; its time
// in ns.
static int timed(prem_gpu_gate *gate, CUfunction f, int blocks, void **args,
                 CUstream s, double *ns) {
  CUevent t0, t1;
  float ms;
  CHECK(cuEventCreate(&t0, CU_EVENT_DEFAULT));
  CHECK(cuEventCreate(&t1, CU_EVENT_DEFAULT));
  if (prem_gpu_gate_begin(gate, s, 0))
    return 1;
  CHECK(cuEventRecord(t0, s));
  CHECK(cuLaunchKernel(f, blocks, 1, 1, 256, 1, 1, 0, s, args, NULL));
  CHECK(cuEventRecord(t1, s));
  if (prem_gpu_gate_end(gate, s, 0))
    return 1;
  CHECK(cuEventSynchronize(t1));
  CHECK(cuEventElapsedTime(&ms, t0, t1));
  *ns = ms * 1e6;
  cuEventDestroy(t0);
  cuEventDestroy(t1);
  return 0;
}

int main(int argc, char **argv) {
  int be_sms = argc == 4 ? atoi(argv[3]) : 0;
  if ((argc != 3 && argc != 4) || (argc == 4 && be_sms <= 0)) {
    fprintf(stderr, "usage: %s REALTIME.cubin BESTEFFORT.cubin [BE_SMS > 0]\n",
            argv[0]);
    return 2;
  }
  CUdevice dev;
  CUcontext ctx;
  CUmodule rt, be;
  CUfunction saxpy, hammer;
  CHECK(cuInit(0));
  CHECK(cuDeviceGet(&dev, 0));
  CHECK(cuDevicePrimaryCtxRetain(&ctx, dev));
  CHECK(cuCtxSetCurrent(ctx));
  CHECK(cuModuleLoad(&rt, argv[1]));
  CHECK(cuModuleLoad(&be, argv[2]));
  CHECK(cuModuleGetFunction(&saxpy, rt, "saxpy"));
  CHECK(cuModuleGetFunction(&hammer, be, "hammer"));

  // The gate; best effort may move 256 MiB per 100 us period at ratio 1
  // (about an H100's DRAM bandwidth).
  prem_gpu_gate_config cfg = prem_gpu_gate_defaults();
  cfg.be_bytes_per_period = 256u << 20;
  prem_gpu_gate *gate = prem_gpu_gate_create(&cfg);
  if (!gate || prem_gpu_gate_attach(gate, rt) ||
      prem_gpu_gate_attach(gate, be) || prem_gpu_gate_best_effort(hammer))
    return 1;

  int n = 1 << 22, blocks = (n + 255) / 256, sms, per_sm;
  unsigned long long m = (512ull << 20) / 16; // the hammer's float4s
  int iters = 40;
  float alpha = 3.0f;
  CUdeviceptr x, y, a, b;
  CUstream s_rt, s_be;
  CHECK(cuMemAlloc(&x, n * sizeof(float)));
  CHECK(cuMemAlloc(&y, n * sizeof(float)));
  CHECK(cuMemAlloc(&a, m * 16));
  CHECK(cuMemAlloc(&b, m * 16));
  CHECK(cuMemsetD32(x, 0x3f800000, n)); // 1.0f
  CHECK(cuMemsetD32(y, 0x40000000, n)); // 2.0f
  CHECK(cuMemsetD32(a, 0, m * 4));
  prem_gpu_partition *part = NULL;
  if (be_sms) {
    part = prem_gpu_partition_create((unsigned)be_sms);
    if (!part || !(s_rt = prem_gpu_partition_stream(part, PREM_GPU_REALTIME)) ||
        !(s_be = prem_gpu_partition_stream(part, PREM_GPU_BEST_EFFORT)))
      return 1;
    printf("partition: saxpy on %u SMs, the hammer on %u\n",
           prem_gpu_partition_sms(part, PREM_GPU_REALTIME),
           prem_gpu_partition_sms(part, PREM_GPU_BEST_EFFORT));
  } else {
    CHECK(cuStreamCreate(&s_rt, CU_STREAM_NON_BLOCKING));
    CHECK(cuStreamCreate(&s_be, CU_STREAM_NON_BLOCKING));
  }
  void *rt_args[] = {&x, &y, &alpha, &n};
  void *be_args[] = {&a, &b, &m, &iters};

  // saxpy alone (once to load it), then registered: a tile per block (one
  // PREM interval per thread block, prem-cc's remark says), as many at
  // once as fit, a tile alone from its time alone.
  double alone, beside;
  prem_gpu_gate_stats st;
  if (timed(gate, saxpy, blocks, rt_args, s_rt, &alone) ||
      timed(gate, saxpy, blocks, rt_args, s_rt, &alone))
    return 1;
  CHECK(cuDeviceGetAttribute(&sms, CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT,
                             dev));
  CHECK(cuOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, saxpy, 256, 0));
  prem_gate_governor gov = cfg.governor;
  gov.scheme = PREM_BUDGET_FAIR;
  gov.work = blocks;
  gov.concurrent = sms * per_sm < blocks ? sms * per_sm : blocks;
  gov.e0_ns = alone * gov.concurrent / gov.work;
  gov.e1_ns = 2 * gov.e0_ns;                 // assumed: measure yours
  gov.deadline_ns = (uint64_t)(1.5 * alone); // 1.5 x its time alone
  if (prem_gpu_gate_realtime(gate, &gov))
    return 1;

  // The hammer on half the SMs, then saxpy beside it.
  CHECK(cuLaunchKernel(hammer, sms / 2, 1, 1, 1024, 1, 1, 0, s_be, be_args,
                       NULL));
  if (timed(gate, saxpy, blocks, rt_args, s_rt, &beside) ||
      prem_gpu_gate_read(gate, &st)) // the hammer still runs
    return 1;
  CHECK(cuStreamSynchronize(s_be));

  float *host = malloc(n * sizeof(float));
  int wrong = 0;
  CHECK(cuMemcpyDtoH(host, y, n * sizeof(float)));
  for (int i = 0; i < n; i++)
    wrong += host[i] != 11.0f; // 2 + 3 x 3
  free(host);
  unsigned long long done = st.rt_done;
  st = prem_gpu_gate_stop(gate);
  CHECK(cuStreamDestroy(s_rt));
  CHECK(cuStreamDestroy(s_be));
  prem_gpu_partition_destroy(part);
  printf("saxpy: %llu tiles per launch (%llu counted), %d at once; alone "
         "%.1f us, beside the hammer %.1f us (deadline %.1f us); %d wrong "
         "results\n",
         (unsigned long long)gov.work, done, gov.concurrent, alone / 1e3,
         beside / 1e3, gov.deadline_ns / 1e3, wrong);
  printf("gate: %llu best-effort waits, %llu recoveries, ratio %.3f; flags "
         "left up %#x\n",
         (unsigned long long)st.be_waits, (unsigned long long)st.recoveries,
         st.be_ratio, st.rt_active);
  return wrong || st.rt_active ? 1 : 0;
}
