//===- prem_gpu.cpp - libprem_gpu: the rtgate state on a CUDA GPU
//----------===//
//
// Part of prem-llvm (design §3b, runtime/host/; API in prem/prem_gpu.h).
// The device runtime's rtgate policy (runtime/device/policy_rtgate.c) finds its
// state through each module's weak global __prem_gate; this allocates the
// state in device memory, fills it as the runtime expects (prem_gate in
// prem_rt.h) and writes its address into the modules. CUDA driver API only,
// so that driver-API programs need no CUDA runtime; the runtime-API entry
// point lives in prem_gpu_cudart.cpp.
//
//===----------------------------------------------------------------------===//

#include "prem/prem_gpu.h"
#include "prem_gpu_report.h"

#include <cstddef>
#include <cstdio>
#include <cstdlib>

struct prem_gpu_gate {
  CUcontext Context;
  CUdeviceptr State;
  CUstream Reader; // non-blocking: prem_gpu_gate_read does not wait for
                   // the kernels
  uint64_t BytesPerPeriod;
};

// What the driver says of an error; a few names of our own for a driver
// that says nothing (CUDA's stub library answers every call, including
// cuGetErrorString, with CUDA_ERROR_STUB_LIBRARY).
static const char *fallbackName(CUresult R) {
  switch (R) {
  case CUDA_ERROR_INVALID_VALUE:
    return "CUDA_ERROR_INVALID_VALUE";
  case CUDA_ERROR_OUT_OF_MEMORY:
    return "CUDA_ERROR_OUT_OF_MEMORY";
  case CUDA_ERROR_NOT_INITIALIZED:
    return "CUDA_ERROR_NOT_INITIALIZED";
  case CUDA_ERROR_STUB_LIBRARY:
    return "CUDA_ERROR_STUB_LIBRARY (libcuda is CUDA's stub: no NVIDIA "
           "driver is installed)";
  case CUDA_ERROR_SYSTEM_DRIVER_MISMATCH:
    return "CUDA_ERROR_SYSTEM_DRIVER_MISMATCH";
  case CUDA_ERROR_NO_DEVICE:
    return "CUDA_ERROR_NO_DEVICE";
  case CUDA_ERROR_INVALID_CONTEXT:
    return "CUDA_ERROR_INVALID_CONTEXT";
  case CUDA_ERROR_NOT_FOUND:
    return "CUDA_ERROR_NOT_FOUND";
  default:
    return "an unknown error";
  }
}

// Declared in prem_gpu_report.h, with premGpuComplain and premGpuCheck.
void premGpuReport(const char *Function, const char *Call, CUresult R) {
  const char *Name = nullptr, *Text = nullptr;
  if (cuGetErrorName(R, &Name) != CUDA_SUCCESS || !Name)
    Name = fallbackName(R);
  if (cuGetErrorString(R, &Text) != CUDA_SUCCESS)
    Text = nullptr;
  std::fprintf(stderr, "prem: %s: %s failed: %s%s%s (code %d)\n", Function,
               Call, Name, Text ? ": " : "", Text ? Text : "", int(R));
}

void premGpuComplain(const char *Function, const char *Message) {
  std::fprintf(stderr, "prem: %s: %s\n", Function, Message);
}

namespace {

// The gate's context current for a scope (pushed when it is not already).
class InContext {
public:
  InContext(const prem_gpu_gate *G, const char *Function) {
    CUcontext Current = nullptr;
    if (cuCtxGetCurrent(&Current) == CUDA_SUCCESS && Current == G->Context) {
      Ok = true;
      return;
    }
    Ok = premGpuCheck(Function, "cuCtxPushCurrent",
                      cuCtxPushCurrent(G->Context));
    Pushed = Ok;
  }
  ~InContext() {
    CUcontext Popped;
    if (Pushed)
      cuCtxPopCurrent(&Popped);
  }
  InContext(const InContext &) = delete;
  InContext &operator=(const InContext &) = delete;
  bool Ok = false;

private:
  bool Pushed = false;
};

bool validGovernor(const char *Function, const prem_gate_governor &Gov) {
  const char *Problem = nullptr;
  if (Gov.scheme > PREM_BUDGET_SMOOTH)
    Problem = "governor.scheme is no prem_budget_scheme (0 NOMINAL, 1 FAIR, "
              "2 GREEDY, 3 SMOOTH)";
  else if (!(Gov.nominal >= 0 && Gov.nominal <= 1))
    Problem = "governor.nominal is not in [0, 1]";
  else if (!(Gov.smoothing >= 0 && Gov.smoothing <= 1))
    Problem = "governor.smoothing is not in [0, 1]";
  else if (!(Gov.e0_ns >= 0) || !(Gov.e1_ns >= 0))
    Problem = "governor.e0_ns and e1_ns must be times (>= 0)";
  if (Problem)
    premGpuComplain(Function, Problem);
  return !Problem;
}

uint64_t budgetFor(uint64_t BytesPerPeriod, double Ratio) {
  return BytesPerPeriod ? uint64_t(Ratio * double(BytesPerPeriod)) : ~0ull;
}

} // namespace

prem_gpu_gate_config prem_gpu_gate_defaults(void) {
  prem_gpu_gate_config C = {};
  C.period_ns = 100000;
  C.watchdog_ns = 100000000;
  C.governor.scheme = PREM_BUDGET_NOMINAL;
  C.governor.nominal = 1.0;
  C.governor.smoothing = 0.3;
  return C;
}

prem_gpu_gate *prem_gpu_gate_create(const prem_gpu_gate_config *Cfg) {
  static const char *const F = "prem_gpu_gate_create";
  prem_gpu_gate_config C = Cfg ? *Cfg : prem_gpu_gate_defaults();
  if (!C.period_ns || !C.watchdog_ns) {
    premGpuComplain(F, "period_ns and watchdog_ns must be > 0 (start from "
                       "prem_gpu_gate_defaults())");
    return nullptr;
  }
  if (!validGovernor(F, C.governor))
    return nullptr;
  if (!premGpuCheck(F, "cuInit", cuInit(0)))
    return nullptr;
  CUcontext Context = nullptr;
  if (!premGpuCheck(F, "cuCtxGetCurrent", cuCtxGetCurrent(&Context)))
    return nullptr;
  if (!Context) {
    premGpuComplain(
        F, "no current CUDA context (create one, or make the primary "
           "context current: cuDevicePrimaryCtxRetain and "
           "cuCtxSetCurrent, or in a CUDA runtime program cudaFree(0))");
    return nullptr;
  }

  prem_gate State = {};
  State.magic = PREM_GATE_MAGIC;
  State.rt_max_in_memory = C.rt_max_in_memory;
  State.phase_gating = C.phase_gating ? 1 : 0;
  State.watchdog_ns = C.watchdog_ns;
  State.period_ns = C.period_ns;
  State.be_bytes_per_period = C.be_bytes_per_period;
  State.be_budget = budgetFor(C.be_bytes_per_period, C.governor.nominal);
  State.be_ratio = C.governor.nominal;
  State.governor = C.governor;

  // malloc, not new: the library needs no C++ runtime, so C programs link
  // it as they are.
  auto *G = static_cast<prem_gpu_gate *>(std::malloc(sizeof(prem_gpu_gate)));
  if (!G) {
    premGpuComplain(F, "out of host memory");
    return nullptr;
  }
  *G = {Context, 0, nullptr, C.be_bytes_per_period};
  if (premGpuCheck(F, "cuMemAlloc", cuMemAlloc(&G->State, sizeof State)) &&
      premGpuCheck(F, "cuStreamCreate",
                   cuStreamCreate(&G->Reader, CU_STREAM_NON_BLOCKING)) &&
      premGpuCheck(F, "cuMemcpyHtoD",
                   cuMemcpyHtoD(G->State, &State, sizeof State)))
    return G;
  if (G->Reader)
    cuStreamDestroy(G->Reader);
  if (G->State)
    cuMemFree(G->State);
  std::free(G);
  return nullptr;
}

/// Writes Size bytes of Data to the module's global Name, which the device
/// runtime defines with that size; NotFound says how to build a module that
/// has it. 0, or -1 with a message.
static int writeModuleGlobal(const char *F, CUmodule Module, const char *Name,
                             const void *Data, size_t Size,
                             const char *NotFound) {
  CUdeviceptr Global;
  size_t Bytes = 0;
  CUresult R = cuModuleGetGlobal(&Global, &Bytes, Module, Name);
  if (R == CUDA_ERROR_NOT_FOUND) {
    std::fprintf(stderr, "prem: %s: the module has no %s: %s\n", F, Name,
                 NotFound);
    return -1;
  }
  if (R != CUDA_SUCCESS) {
    char Call[64]; // (no C++ runtime: plain C consumers link this library)
    std::snprintf(Call, sizeof Call, "cuModuleGetGlobal(\"%s\")", Name);
    premGpuReport(F, Call, R);
    return -1;
  }
  if (Bytes != Size) {
    std::fprintf(stderr,
                 "prem: %s: the module's %s is %zu bytes, not %zu: not the "
                 "prem device runtime's\n",
                 F, Name, Bytes, Size);
    return -1;
  }
  return premGpuCheck(F, "cuMemcpyHtoD", cuMemcpyHtoD(Global, Data, Size)) ? 0
                                                                           : -1;
}

int prem_gpu_gate_attach(prem_gpu_gate *G, CUmodule Module) {
  static const char *const F = "prem_gpu_gate_attach";
  if (!G || !Module) {
    premGpuComplain(F, G ? "no module (NULL)" : "no gate (NULL)");
    return -1;
  }
  InContext Scope(G, F);
  if (!Scope.Ok)
    return -1;
  return writeModuleGlobal(
      F, Module, "__prem_gate", &G->State, sizeof G->State,
      "it was not built with -prem-arbiter=rtgate or -prem-best-effort "
      "(prem-cc -fprem-arbiter=rtgate, -fprem-best-effort), or has no kernel "
      "the PREM passes changed");
}

int prem_gpu_gate_realtime(prem_gpu_gate *G, const prem_gate_governor *Gov) {
  static const char *const F = "prem_gpu_gate_realtime";
  if (!G || !Gov) {
    premGpuComplain(F, G ? "no governor (NULL)" : "no gate (NULL)");
    return -1;
  }
  if (!validGovernor(F, *Gov))
    return -1;
  InContext Scope(G, F);
  if (!Scope.Ok)
    return -1;
  uint64_t Budget = budgetFor(G->BytesPerPeriod, Gov->nominal);
  double Ratio = Gov->nominal;
  bool Ok = premGpuCheck(F, "cuMemcpyHtoD",
                         cuMemcpyHtoD(G->State + offsetof(prem_gate, governor),
                                      Gov, sizeof *Gov)) &&
            premGpuCheck(F, "cuMemcpyHtoD",
                         cuMemcpyHtoD(G->State + offsetof(prem_gate, be_ratio),
                                      &Ratio, sizeof Ratio)) &&
            premGpuCheck(F, "cuMemcpyHtoD",
                         cuMemcpyHtoD(G->State + offsetof(prem_gate, be_budget),
                                      &Budget, sizeof Budget));
  return Ok ? 0 : -1;
}

static int flag(prem_gpu_gate *G, CUstream Stream, unsigned Slot,
                unsigned char Value, const char *F) {
  if (!G) {
    premGpuComplain(F, "no gate (NULL)");
    return -1;
  }
  if (Slot >= sizeof(((prem_gate *)nullptr)->rt_active)) {
    std::fprintf(stderr,
                 "prem: %s: slot %u is not a real-time stream's "
                 "(0 to 7)\n",
                 F, Slot);
    return -1;
  }
  InContext Scope(G, F);
  if (!Scope.Ok)
    return -1;
  return premGpuCheck(
             F, "cuMemsetD8Async",
             cuMemsetD8Async(G->State + offsetof(prem_gate, rt_active) + Slot,
                             Value, 1, Stream))
             ? 0
             : -1;
}

int prem_gpu_gate_begin(prem_gpu_gate *G, CUstream Stream, unsigned Slot) {
  return flag(G, Stream, Slot, 1, "prem_gpu_gate_begin");
}

int prem_gpu_gate_end(prem_gpu_gate *G, CUstream Stream, unsigned Slot) {
  return flag(G, Stream, Slot, 0, "prem_gpu_gate_end");
}

int prem_gpu_tdma_set(CUmodule Module, const prem_tdma *Table) {
  static const char *const F = "prem_gpu_tdma_set";
  if (!Module || !Table) {
    premGpuComplain(F, Module ? "no table (NULL)" : "no module (NULL)");
    return -1;
  }
  // The device runtime divides by both and waits for budget_ns left in a
  // slot: a table it cannot keep is refused here, before any CUDA call.
  if (!Table->slot_ns || !Table->slots || Table->budget_ns >= Table->slot_ns ||
      Table->launch_slot > Table->slots ||
      Table->slot_ns > UINT64_MAX / Table->slots) {
    premGpuComplain(
        F, "the table wants slot_ns > 0, slots > 0, budget_ns < slot_ns, "
           "launch_slot <= slots and slot_ns x slots within 64 bits");
    return -1;
  }
  return writeModuleGlobal(F, Module, "__prem_tdma", Table, sizeof *Table,
                           "it was not built with -prem-arbiter=tdma or "
                           "launch");
}

int prem_gpu_trace_set(CUmodule Module, int On) {
  static const char *const F = "prem_gpu_trace_set";
  if (!Module) {
    premGpuComplain(F, "no module (NULL)");
    return -1;
  }
  uint32_t Enabled = On != 0;
  return writeModuleGlobal(F, Module, "__prem_trace_enabled", &Enabled,
                           sizeof Enabled,
                           "none of its kernels was PREM-transformed (the "
                           "trace comes with the device runtime)");
}

int prem_gpu_gate_best_effort(CUfunction Kernel) {
  static const char *const F = "prem_gpu_gate_best_effort";
  if (!Kernel) {
    premGpuComplain(F, "no kernel (NULL)");
    return -1;
  }
  return premGpuCheck(F, "cuFuncSetAttribute",
                      cuFuncSetAttribute(
                          Kernel,
                          CU_FUNC_ATTRIBUTE_PREFERRED_SHARED_MEMORY_CARVEOUT,
                          CU_SHAREDMEM_CARVEOUT_MAX_SHARED))
             ? 0
             : -1;
}

static int readStats(prem_gpu_gate *G, prem_gpu_gate_stats *Stats,
                     const char *F) {
  *Stats = {};
  prem_gate State;
  if (!premGpuCheck(
          F, "cuMemcpyDtoHAsync",
          cuMemcpyDtoHAsync(&State, G->State, sizeof State, G->Reader)) ||
      !premGpuCheck(F, "cuStreamSynchronize", cuStreamSynchronize(G->Reader)))
    return -1;
  if (State.magic != PREM_GATE_MAGIC) {
    premGpuComplain(
        F, "the state in device memory lost its magic number (a kernel "
           "wrote over it)");
    return -1;
  }
  Stats->be_polls = State.be_polls;
  Stats->be_waits = State.be_waits;
  Stats->recoveries = State.recoveries;
  Stats->be_ratio = State.be_ratio;
  Stats->rt_in_memory = State.rt_in_memory;
  for (unsigned I = 0; I < sizeof State.rt_active; ++I)
    Stats->rt_active |= State.rt_active[I] ? 1u << I : 0;
  Stats->rt_done = State.rt_done;
  return 0;
}

int prem_gpu_gate_read(prem_gpu_gate *G, prem_gpu_gate_stats *Stats) {
  static const char *const F = "prem_gpu_gate_read";
  if (!G || !Stats) {
    premGpuComplain(F, G ? "no place for the statistics (NULL)"
                         : "no gate (NULL)");
    if (Stats)
      *Stats = {};
    return -1;
  }
  InContext Scope(G, F);
  if (!Scope.Ok) {
    *Stats = {};
    return -1;
  }
  return readStats(G, Stats, F);
}

prem_gpu_gate_stats prem_gpu_gate_stop(prem_gpu_gate *G) {
  static const char *const F = "prem_gpu_gate_stop";
  prem_gpu_gate_stats Stats = {};
  if (!G)
    return Stats;
  {
    InContext Scope(G, F);
    if (Scope.Ok) {
      // A kernel that trapped leaves the context unusable: every call below
      // then fails and says so.
      if (premGpuCheck(F, "cuCtxSynchronize", cuCtxSynchronize()))
        readStats(G, &Stats, F);
      premGpuCheck(F, "cuStreamDestroy", cuStreamDestroy(G->Reader));
      premGpuCheck(F, "cuMemFree", cuMemFree(G->State));
    }
  }
  std::free(G);
  return Stats;
}

CUdeviceptr prem_gpu_gate_device_ptr(const prem_gpu_gate *G) {
  return G ? G->State : 0;
}
