#!/usr/bin/env python3
"""SM partitions through CUDA green contexts (driver API, CUDA 12.4+), for
bench/gpu/isolation.py's residency cases (issue 26; docs/arbitration.md,
"Residency"): a held-back best-effort block keeps its SM's thread slots,
registers and shared memory, which no DRAM arbiter gives back; a green
context confines the co-runner's blocks to a group of SMs.

  python3 bench/gpu/green.py [--sms 16]     # probe: prints what it found

The probe launches a kernel that records %smid per block on a stream of a
green context of N SMs and on the remaining SMs' context, and says how many
distinct SMs each used (a partition that does not hold reads as more than
N), and whether a module loaded in the primary context launches there.

Only the driver's C entry points are used, through ctypes: CuPy wraps
neither green contexts nor their streams. A CUdevResource is an opaque
struct whose size changed across CUDA releases; this code reads only its
type and smCount (offsets 0 and 96, stable since 12.4) and asks for one
group, so it never steps through an array of them.
"""
import argparse
import ctypes
import sys

CU_DEV_RESOURCE_TYPE_SM = 1
CU_GREEN_CTX_DEFAULT_STREAM = 1
CU_STREAM_NON_BLOCKING = 1
# Room for one CUdevResource whatever its size in the installed driver
# (144 bytes in CUDA 12.4 to 13.0).
RESOURCE_BYTES = 4096
SM_COUNT_OFFSET = 96


class CudaError(RuntimeError):
    pass


def _driver():
    try:
        return ctypes.CDLL("libcuda.so.1")
    except OSError as e:
        raise CudaError(f"no CUDA driver: {e}") from e


def _check(cu, what, status):
    if status != 0:
        name = ctypes.c_char_p()
        cu.cuGetErrorName(status, ctypes.byref(name))
        raise CudaError(f"{what}: {name.value.decode() if name.value else status}")


def _sm_count(resource):
    return ctypes.c_uint.from_buffer(resource, SM_COUNT_OFFSET).value


class SmPartition:
    """Two green contexts on device 0: one of at least `sms` SMs (rounded up
    to the GPU's granularity by cuDevSmResourceSplitByCount) and one of the
    SMs left. The primary context must exist already (CuPy made it)."""

    def __init__(self, sms, device=0):
        cu = self.cu = _driver()
        for fn in ("cuDeviceGetDevResource", "cuDevSmResourceSplitByCount",
                   "cuDevResourceGenerateDesc", "cuGreenCtxCreate",
                   "cuGreenCtxStreamCreate"):
            if not hasattr(cu, fn):
                raise CudaError(f"the driver has no {fn} (green contexts "
                                "need CUDA 12.4 or later)")
        dev = ctypes.c_int()
        _check(cu, "cuDeviceGet", cu.cuDeviceGet(ctypes.byref(dev), device))
        whole = ctypes.create_string_buffer(RESOURCE_BYTES)
        _check(cu, "cuDeviceGetDevResource",
               cu.cuDeviceGetDevResource(dev, whole, CU_DEV_RESOURCE_TYPE_SM))
        self.total = _sm_count(whole)
        group = ctypes.create_string_buffer(RESOURCE_BYTES)
        rest = ctypes.create_string_buffer(RESOURCE_BYTES)
        groups = ctypes.c_uint(1)
        _check(cu, f"cuDevSmResourceSplitByCount({sms})",
               cu.cuDevSmResourceSplitByCount(group, ctypes.byref(groups),
                                              whole, rest, 0, sms))
        if groups.value != 1:
            raise CudaError(f"no group of {sms} SMs in {self.total}")
        self.sms, self.rest_sms = _sm_count(group), _sm_count(rest)
        self.contexts = {}
        for label, res in (("group", group), ("rest", rest)):
            desc = ctypes.c_void_p()
            _check(cu, "cuDevResourceGenerateDesc",
                   cu.cuDevResourceGenerateDesc(ctypes.byref(desc), res, 1))
            ctx = ctypes.c_void_p()
            _check(cu, "cuGreenCtxCreate",
                   cu.cuGreenCtxCreate(ctypes.byref(ctx), desc, dev,
                                       CU_GREEN_CTX_DEFAULT_STREAM))
            self.contexts[label] = ctx
        self._streams = []

    def stream(self, which, priority=0):
        """A non-blocking stream of the group's ("group") or the other SMs'
        ("rest") green context, as a CuPy ExternalStream."""
        import cupy as cp
        s = ctypes.c_void_p()
        _check(self.cu, "cuGreenCtxStreamCreate",
               self.cu.cuGreenCtxStreamCreate(ctypes.byref(s),
                                              self.contexts[which],
                                              CU_STREAM_NON_BLOCKING,
                                              priority))
        self._streams.append(s)
        return cp.cuda.ExternalStream(s.value)


SMID_SRC = r"""
extern "C" __global__ void smid(unsigned *out) {
  unsigned s;
  asm volatile("mov.u32 %0, %%smid;" : "=r"(s));
  if (threadIdx.x == 0)
    out[blockIdx.x] = s;
  unsigned long long t0, t;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t0));
  do {  // long enough that the blocks spread over every SM they may use
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
  } while (t - t0 < 20000);
}
"""


def sms_used(stream, blocks=2048):
    """How many distinct SMs a grid launched on stream ran on."""
    import cupy as cp
    fn = cp.RawKernel(SMID_SRC, "smid")
    out = cp.zeros(blocks, cp.uint32)
    fn((blocks,), (128,), (out,), stream=stream)
    stream.synchronize()
    return len(set(out.get().tolist()))


def probe(sms):
    import cupy as cp
    cp.cuda.runtime.free(0)  # the primary context first
    whole = cp.cuda.Stream(non_blocking=True)
    part = SmPartition(sms)
    report = {"total_sms": part.total, "group_sms": part.sms,
              "rest_sms": part.rest_sms,
              "used_primary": sms_used(whole)}
    for which in ("group", "rest"):
        s = part.stream(which)
        report[f"used_{which}"] = sms_used(s)
        # Events of the primary context on a green stream, timed against
        # one on a primary stream: what isolation.py's windows need.
        a, b = cp.cuda.Event(), cp.cuda.Event()
        a.record(whole)
        b.record(s)
        b.synchronize()
        report[f"cross_event_ms_{which}"] = cp.cuda.get_elapsed_time(a, b)
    return report


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--sms", type=int, default=16)
    args = ap.parse_args()
    try:
        r = probe(args.sms)
    except CudaError as e:
        sys.exit(f"green.py: {e}")
    print(" ".join(f"{k}={v}" for k, v in r.items()))
    ok = r["used_group"] <= r["group_sms"] and r["used_rest"] <= r["rest_sms"]
    print("partition holds" if ok else "PARTITION DOES NOT HOLD")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
