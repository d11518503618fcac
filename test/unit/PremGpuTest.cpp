//===- PremGpuTest.cpp - Unit tests of libprem_gpu
//-------------------------===//
//
// Part of prem-llvm. Without a usable driver (test/unit/prem-gpu.test runs
// this with CUDA's stub library as libcuda.so.1, whose every call fails),
// every entry point says what failed and returns NULL or -1; arguments out
// of range are refused before any CUDA call. With a GPU (run the binary
// directly), the gate is written to a module's __prem_gate, its state is
// laid out as prem_rt.h says and a module without __prem_gate is refused.
//
//===----------------------------------------------------------------------===//

#include "prem/prem_gpu.h"

#include <gtest/gtest.h>

#include <cstddef>
#include <set>
#include <string>
#include <vector>

using testing::internal::CaptureStderr;
using testing::internal::GetCapturedStderr;

// Whether Text has Part; the text shows when it has not.
#define EXPECT_HAS(Text, Part)                                                 \
  EXPECT_NE(std::string(Text).find(Part), std::string::npos) << (Text)

namespace {

bool haveGpu() {
  int Count = 0;
  return cuInit(0) == CUDA_SUCCESS && cuDeviceGetCount(&Count) == 0 &&
         Count > 0;
}

TEST(PremGpu, Defaults) {
  prem_gpu_gate_config C = prem_gpu_gate_defaults();
  EXPECT_EQ(C.period_ns, 100000u);
  EXPECT_EQ(C.watchdog_ns, 100000000u);
  EXPECT_EQ(C.be_bytes_per_period, 0u);
  EXPECT_EQ(C.rt_max_in_memory, 0u);
  EXPECT_EQ(C.phase_gating, 0u);
  EXPECT_EQ(C.governor.scheme, uint32_t(PREM_BUDGET_NOMINAL));
  EXPECT_EQ(C.governor.work, 0u);
  EXPECT_EQ(C.governor.nominal, 1.0);
  EXPECT_EQ(C.governor.smoothing, 0.3);
}

TEST(PremGpu, CreateWithoutDriverSaysWhichCallFailed) {
  if (haveGpu())
    GTEST_SKIP() << "a CUDA device is present";
  CaptureStderr();
  EXPECT_EQ(prem_gpu_gate_create(nullptr), nullptr);
  std::string Err = GetCapturedStderr();
  EXPECT_HAS(Err, "prem: prem_gpu_gate_create: cuInit failed: ");
  EXPECT_HAS(Err, "(code ");
}

TEST(PremGpu, RefusesConfigurationsOutOfRange) {
  struct Case {
    void (*Change)(prem_gpu_gate_config &);
    const char *Message;
  } Cases[] = {
      {[](prem_gpu_gate_config &C) { C.period_ns = 0; }, "period_ns"},
      {[](prem_gpu_gate_config &C) { C.watchdog_ns = 0; }, "watchdog_ns"},
      {[](prem_gpu_gate_config &C) { C.governor.scheme = 4; }, "scheme"},
      {[](prem_gpu_gate_config &C) { C.governor.nominal = 1.5; }, "nominal"},
      {[](prem_gpu_gate_config &C) { C.governor.nominal = -0.1; }, "nominal"},
      {[](prem_gpu_gate_config &C) { C.governor.smoothing = 2; }, "smoothing"},
      {[](prem_gpu_gate_config &C) { C.governor.e1_ns = -1; }, "e1_ns"},
  };
  for (const Case &K : Cases) {
    prem_gpu_gate_config C = prem_gpu_gate_defaults();
    K.Change(C);
    CaptureStderr();
    EXPECT_EQ(prem_gpu_gate_create(&C), nullptr) << K.Message;
    std::string Err = GetCapturedStderr();
    EXPECT_HAS(Err, "prem: prem_gpu_gate_create: ");
    EXPECT_HAS(Err, K.Message);
    EXPECT_EQ(Err.find("cuInit"), std::string::npos) << Err;
  }
}

TEST(PremGpu, TdmaTablesTheRuntimeCannotKeepAreRefused) {
  // No CUDA call is made for these: a fake module handle is never used.
  CUmodule Fake = reinterpret_cast<CUmodule>(uintptr_t(1));
  const prem_tdma Bad[] = {
      {0, 8, 0, 100, 0},               // no slot length
      {100000, 0, 0, 100, 0},          // no slots
      {100000, 8, 0, 100000, 0},       // a budget of the whole slot
      {100000, 8, 9, 50000, 0},        // a launch slot past the table
      {UINT64_MAX / 2, 4, 0, 100, 0}}; // a round past 64 bits
  for (const prem_tdma &T : Bad) {
    CaptureStderr();
    EXPECT_EQ(prem_gpu_tdma_set(Fake, &T), -1);
    EXPECT_HAS(GetCapturedStderr(), "prem: prem_gpu_tdma_set: the table wants");
  }
  CaptureStderr();
  EXPECT_EQ(prem_gpu_tdma_set(nullptr, &Bad[0]), -1);
  EXPECT_HAS(GetCapturedStderr(), "no module (NULL)");
}

TEST(PremGpu, NullGateIsRefusedNotACrash) {
  CaptureStderr();
  EXPECT_EQ(prem_gpu_gate_attach(nullptr, nullptr), -1);
  prem_gate_governor Gov = prem_gpu_gate_defaults().governor;
  EXPECT_EQ(prem_gpu_gate_realtime(nullptr, &Gov), -1);
  prem_gpu_gate_stats S;
  S.be_waits = 7;
  EXPECT_EQ(prem_gpu_gate_read(nullptr, &S), -1);
  EXPECT_EQ(S.be_waits, 0u);
  EXPECT_EQ(prem_gpu_gate_begin(nullptr, nullptr, 0), -1);
  EXPECT_EQ(prem_gpu_gate_end(nullptr, nullptr, 0), -1);
  EXPECT_EQ(prem_gpu_gate_best_effort(nullptr), -1);
  EXPECT_EQ(prem_gpu_trace_set(nullptr, 1), -1);
  std::string Err = GetCapturedStderr();
  EXPECT_HAS(Err, "prem_gpu_trace_set: no module (NULL)");
  EXPECT_HAS(Err, "prem_gpu_gate_begin: no gate (NULL)");
  EXPECT_HAS(Err, "prem_gpu_gate_end: no gate (NULL)");
  EXPECT_HAS(Err, "prem_gpu_gate_best_effort: no kernel (NULL)");
  EXPECT_HAS(Err, "prem_gpu_gate_attach: no gate (NULL)");
  EXPECT_HAS(Err, "prem_gpu_gate_realtime: no gate (NULL)");
  EXPECT_HAS(Err, "prem_gpu_gate_read: no gate (NULL)");
  prem_gpu_gate_stats Z = prem_gpu_gate_stop(nullptr);
  EXPECT_EQ(Z.be_polls + Z.be_waits + Z.recoveries + Z.rt_done, 0u);
  EXPECT_EQ(prem_gpu_gate_device_ptr(nullptr), CUdeviceptr(0));
}

TEST(PremGpu, PartitionArgumentsAreRefusedBeforeAnyCudaCall) {
  CaptureStderr();
  EXPECT_EQ(prem_gpu_partition_create(0), nullptr);
  EXPECT_EQ(prem_gpu_partition_stream(nullptr, PREM_GPU_BEST_EFFORT), nullptr);
  EXPECT_EQ(prem_gpu_partition_sms(nullptr, PREM_GPU_REALTIME), 0u);
  prem_gpu_partition_destroy(nullptr);
  std::string Err = GetCapturedStderr();
  EXPECT_HAS(Err, "prem: prem_gpu_partition_create: be_sms is 0");
  EXPECT_HAS(Err, "prem: prem_gpu_partition_stream: no partition (NULL)");
  EXPECT_EQ(Err.find("failed"), std::string::npos) << Err;
}

TEST(PremGpu, PartitionWithoutDriverSaysWhichCallFailed) {
  if (haveGpu())
    GTEST_SKIP() << "a CUDA device is present";
  CaptureStderr();
  EXPECT_EQ(prem_gpu_partition_create(16), nullptr);
  EXPECT_HAS(GetCapturedStderr(),
             "prem: prem_gpu_partition_create: cuCtxGetDevice failed: ");
}

// With a GPU: a module with the device runtime's __prem_gate (weak, as
// -prem-arbiter=rtgate and -prem-best-effort emit it) and one without.
const char *const WithGate = ".version 7.0\n.target sm_50\n"
                             ".address_size 64\n"
                             ".weak .global .align 8 .u64 __prem_gate;\n"
                             ".weak .global .align 4 .u32 "
                             "__prem_trace_enabled;\n";
const char *const WithoutGate = ".version 7.0\n.target sm_50\n"
                                ".address_size 64\n"
                                ".visible .global .align 8 .u64 other;\n";

class PremGpuDevice : public testing::Test {
protected:
  void SetUp() override {
    if (!haveGpu())
      GTEST_SKIP() << "no CUDA device";
    CUdevice Dev;
    ASSERT_EQ(cuDeviceGet(&Dev, 0), CUDA_SUCCESS);
    ASSERT_EQ(cuDevicePrimaryCtxRetain(&Context, Dev), CUDA_SUCCESS);
    ASSERT_EQ(cuCtxSetCurrent(Context), CUDA_SUCCESS);
  }
  void TearDown() override {
    CUdevice Dev;
    if (Context && cuDeviceGet(&Dev, 0) == CUDA_SUCCESS)
      cuDevicePrimaryCtxRelease(Dev);
  }
  template <typename T> T at(CUdeviceptr State, size_t Offset) {
    T V;
    EXPECT_EQ(cuMemcpyDtoH(&V, State + Offset, sizeof V), CUDA_SUCCESS);
    return V;
  }
  CUcontext Context = nullptr;
};

TEST_F(PremGpuDevice, AttachWritesTheStateAddress) {
  prem_gpu_gate_config C = prem_gpu_gate_defaults();
  C.be_bytes_per_period = 1000;
  C.rt_max_in_memory = 3;
  C.phase_gating = 1;
  C.governor.nominal = 0.5;
  prem_gpu_gate *G = prem_gpu_gate_create(&C);
  ASSERT_NE(G, nullptr);
  CUdeviceptr State = prem_gpu_gate_device_ptr(G);
  EXPECT_EQ(at<uint64_t>(State, offsetof(prem_gate, magic)), PREM_GATE_MAGIC);
  EXPECT_EQ(at<uint32_t>(State, offsetof(prem_gate, rt_max_in_memory)), 3u);
  EXPECT_EQ(at<uint32_t>(State, offsetof(prem_gate, phase_gating)), 1u);
  EXPECT_EQ(at<uint64_t>(State, offsetof(prem_gate, period_ns)), 100000u);
  EXPECT_EQ(at<uint64_t>(State, offsetof(prem_gate, be_budget)), 500u);
  EXPECT_EQ(at<double>(State, offsetof(prem_gate, be_ratio)), 0.5);

  CUmodule M;
  ASSERT_EQ(cuModuleLoadData(&M, WithGate), CUDA_SUCCESS);
  ASSERT_EQ(prem_gpu_gate_attach(G, M), 0);
  CUdeviceptr Slot;
  size_t Bytes;
  ASSERT_EQ(cuModuleGetGlobal(&Slot, &Bytes, M, "__prem_gate"), CUDA_SUCCESS);
  EXPECT_EQ(at<CUdeviceptr>(Slot, 0), State);

  prem_gate_governor Gov = C.governor;
  Gov.scheme = PREM_BUDGET_GREEDY;
  Gov.work = 42;
  Gov.nominal = 0.25;
  ASSERT_EQ(prem_gpu_gate_realtime(G, &Gov), 0);
  EXPECT_EQ(at<uint64_t>(State, offsetof(prem_gate, governor.work)), 42u);
  EXPECT_EQ(at<uint32_t>(State, offsetof(prem_gate, governor.scheme)),
            uint32_t(PREM_BUDGET_GREEDY));
  EXPECT_EQ(at<uint64_t>(State, offsetof(prem_gate, be_budget)), 250u);

  prem_gpu_gate_stats S;
  ASSERT_EQ(prem_gpu_gate_read(G, &S), 0);
  EXPECT_EQ(S.be_ratio, 0.25);
  EXPECT_EQ(S.be_waits, 0u);
  S = prem_gpu_gate_stop(G);
  EXPECT_EQ(S.be_ratio, 0.25);
  cuModuleUnload(M);
}

// begin and end raise and lower the stream's byte of rt_active in the
// stream's order.
TEST_F(PremGpuDevice, BeginAndEndFlagTheStream) {
  prem_gpu_gate *G = prem_gpu_gate_create(nullptr);
  ASSERT_NE(G, nullptr);
  CUdeviceptr State = prem_gpu_gate_device_ptr(G);
  CUstream S;
  ASSERT_EQ(cuStreamCreate(&S, CU_STREAM_NON_BLOCKING), CUDA_SUCCESS);
  ASSERT_EQ(prem_gpu_gate_begin(G, S, 2), 0);
  ASSERT_EQ(cuStreamSynchronize(S), CUDA_SUCCESS);
  EXPECT_EQ(at<uint64_t>(State, offsetof(prem_gate, rt_active)), uint64_t(1)
                                                                     << 16);
  prem_gpu_gate_stats Stats;
  ASSERT_EQ(prem_gpu_gate_read(G, &Stats), 0);
  EXPECT_EQ(Stats.rt_active, 4u);
  ASSERT_EQ(prem_gpu_gate_end(G, S, 2), 0);
  ASSERT_EQ(cuStreamSynchronize(S), CUDA_SUCCESS);
  EXPECT_EQ(at<uint64_t>(State, offsetof(prem_gate, rt_active)), 0u);
  CaptureStderr();
  EXPECT_EQ(prem_gpu_gate_begin(G, S, 8), -1);
  std::string Err = GetCapturedStderr();
  EXPECT_HAS(Err, "slot 8 is not a real-time stream's (0 to 7)");
  cuStreamDestroy(S);
  Stats = prem_gpu_gate_stop(G);
  EXPECT_EQ(Stats.rt_active, 0u);
}

TEST_F(PremGpuDevice, NoByteBudgetMeansNone) {
  prem_gpu_gate *G = prem_gpu_gate_create(nullptr);
  ASSERT_NE(G, nullptr);
  EXPECT_EQ(
      at<uint64_t>(prem_gpu_gate_device_ptr(G), offsetof(prem_gate, be_budget)),
      ~0ull);
  prem_gpu_gate_stop(G);
}

TEST_F(PremGpuDevice, ModuleWithoutTheGateIsRefused) {
  prem_gpu_gate *G = prem_gpu_gate_create(nullptr);
  ASSERT_NE(G, nullptr);
  CUmodule M;
  ASSERT_EQ(cuModuleLoadData(&M, WithoutGate), CUDA_SUCCESS);
  CaptureStderr();
  EXPECT_EQ(prem_gpu_gate_attach(G, M), -1);
  std::string Err = GetCapturedStderr();
  EXPECT_HAS(Err, "the module has no __prem_gate: it was not built with "
                  "-prem-arbiter=rtgate or -prem-best-effort");
  cuModuleUnload(M);
  prem_gpu_gate_stop(G);
}

// The trace is off until the host turns it on, and a module without the
// device runtime's switch is refused with what it lacks.
TEST_F(PremGpuDevice, TraceSetWritesTheSwitch) {
  CUmodule M;
  ASSERT_EQ(cuModuleLoadData(&M, WithGate), CUDA_SUCCESS);
  CUdeviceptr Switch;
  size_t Bytes;
  ASSERT_EQ(cuModuleGetGlobal(&Switch, &Bytes, M, "__prem_trace_enabled"),
            CUDA_SUCCESS);
  EXPECT_EQ(at<uint32_t>(Switch, 0), 0u);
  ASSERT_EQ(prem_gpu_trace_set(M, 7), 0);
  EXPECT_EQ(at<uint32_t>(Switch, 0), 1u);
  ASSERT_EQ(prem_gpu_trace_set(M, 0), 0);
  EXPECT_EQ(at<uint32_t>(Switch, 0), 0u);
  cuModuleUnload(M);
  ASSERT_EQ(cuModuleLoadData(&M, WithoutGate), CUDA_SUCCESS);
  CaptureStderr();
  EXPECT_EQ(prem_gpu_trace_set(M, 1), -1);
  EXPECT_HAS(GetCapturedStderr(),
             "the module has no __prem_trace_enabled: none of its kernels "
             "was PREM-transformed");
  cuModuleUnload(M);
}

// A grid of one-thread blocks that each record their SM and stay 20 us, so
// that they spread over every SM they may use.
const char *const SmIds = R"(.version 7.0
.target sm_50
.address_size 64
.visible .entry smid(.param .u64 out) {
  .reg .pred %p;
  .reg .b32 %r<3>;
  .reg .b64 %rd<8>;
  ld.param.u64 %rd1, [out];
  cvta.to.global.u64 %rd1, %rd1;
  mov.u32 %r1, %smid;
  mov.u32 %r2, %ctaid.x;
  mul.wide.u32 %rd2, %r2, 4;
  add.s64 %rd3, %rd1, %rd2;
  st.global.u32 [%rd3], %r1;
  mov.u64 %rd4, %globaltimer;
WAIT:
  mov.u64 %rd5, %globaltimer;
  sub.s64 %rd6, %rd5, %rd4;
  setp.lt.u64 %p, %rd6, 20000;
  @%p bra WAIT;
  ret;
}
)";

// Kernels of the module loaded in the primary context, launched on a
// partition's stream, run on that side's SMs only, and the two sides hold
// every SM of the device.
TEST_F(PremGpuDevice, PartitionConfinesKernelsToItsSms) {
  CUdevice Dev;
  ASSERT_EQ(cuDeviceGet(&Dev, 0), CUDA_SUCCESS);
  int Total = 0;
  ASSERT_EQ(cuDeviceGetAttribute(&Total, CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT,
                                 Dev),
            CUDA_SUCCESS);
  CaptureStderr();
  EXPECT_EQ(prem_gpu_partition_create(unsigned(Total)), nullptr);
  EXPECT_HAS(GetCapturedStderr(), "leaves no SM for real time");

  prem_gpu_partition *P = prem_gpu_partition_create(16);
  ASSERT_NE(P, nullptr);
  unsigned Be = prem_gpu_partition_sms(P, PREM_GPU_BEST_EFFORT);
  unsigned Rt = prem_gpu_partition_sms(P, PREM_GPU_REALTIME);
  EXPECT_GE(Be, 16u);
  EXPECT_EQ(Be + Rt, unsigned(Total));
  CUmodule M;
  ASSERT_EQ(cuModuleLoadData(&M, SmIds), CUDA_SUCCESS);
  CUfunction Fn;
  ASSERT_EQ(cuModuleGetFunction(&Fn, M, "smid"), CUDA_SUCCESS);
  constexpr unsigned Blocks = 4096;
  CUdeviceptr Out;
  ASSERT_EQ(cuMemAlloc(&Out, Blocks * sizeof(unsigned)), CUDA_SUCCESS);
  for (prem_gpu_side Side : {PREM_GPU_REALTIME, PREM_GPU_BEST_EFFORT}) {
    CUstream S = prem_gpu_partition_stream(P, Side);
    ASSERT_NE(S, nullptr);
    void *Args[] = {&Out};
    ASSERT_EQ(cuLaunchKernel(Fn, Blocks, 1, 1, 1, 1, 1, 0, S, Args, nullptr),
              CUDA_SUCCESS);
    ASSERT_EQ(cuStreamSynchronize(S), CUDA_SUCCESS);
    std::vector<unsigned> Ids(Blocks);
    ASSERT_EQ(cuMemcpyDtoH(Ids.data(), Out, Blocks * sizeof(unsigned)),
              CUDA_SUCCESS);
    std::set<unsigned> Distinct(Ids.begin(), Ids.end());
    EXPECT_EQ(Distinct.size(), Side == PREM_GPU_REALTIME ? Rt : Be)
        << "side " << int(Side);
    cuStreamDestroy(S);
  }
  cuMemFree(Out);
  cuModuleUnload(M);
  prem_gpu_partition_destroy(P);
}

} // namespace
