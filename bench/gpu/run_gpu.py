#!/usr/bin/env python3
"""GPU harness, run half (runs on the GPU machine: CUDA driver and CuPy, no
clang, no network). Loads the cubins bench/gpu/build.py made and measures,
per kernel of the CUDA suite, the baseline and each PREM mode side by side:

  python3 bench/gpu/run_gpu.py --build build-gpu --results OUT [--launches 1000]
                               [--size small|medium|large] [--arbitrated]
                               [--only KERNEL...] [--variants VARIANT...]

- correctness: every PREM variant's output equals the baseline's bit for bit
  (and the baseline agrees with a NumPy reference, to 1e-3 of the
  output's largest magnitude); the runtime's trace
  shows how many blocks took the scratchpad path;
- time in isolation: min, median, p99, max over --launches launches, each
  timed with CUDA events, variants interleaved in rounds so drift hits all;
- time under interference: the same while a memory-bound copy kernel runs on
  another stream (grid-stride over 2 x 512 MiB) and host-to-device copies run
  on a third; policy "none" (no arbiter: the co-runners do not take part in
  PREM, so this measures what the transformation alone does);
- with --arbitrated, time beside the variant's own co-runner (suite.cu's
  corunner): in sdma-device its blocks go through the same token as the
  measured kernel's (the co-runners go through the arbiter); not yet run on
  a GPU;
- micro-benchmarks: the cost of one phase change (prem-sync's calls and
  barriers, policy none) and the SoftDMA Load-phase bandwidth as a fraction
  of a device-to-device copy's, in the same run;
- one phase timeline (sdma gemv) from the trace, as SVG drawn by
  tools/prem-report (its timeline_svg, as `prem-report --trace T --svg F`).

Sizes (the rows or elements a launch covers; N, the row length, is fixed at
compile time so that a block's rows fit shared memory): small, one block (one
PREM tile); medium, one block per SM; large (the default), 4 blocks of rows
per SM and 128 of elements. gemvt's columns are fixed at compile time
(NCOLS). Writes RESULTS/<gpu>/gpu-suite.json and .md (large), or
gpu-suite-<size>.json and .md.
"""
import argparse
import datetime
import json
import math
import os
import platform
import statistics
import sys
import time

try:
    import numpy as np
    import cupy as cp
except ImportError:  # --merge needs neither: it runs where there is no GPU
    np = cp = None

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import prem_tools  # noqa: E402  (bench/prem_tools.py)

ROWS, THREADS, N, NSMALL, TAPS, NCOLS, ELL_K, CHANNELS, NLONG = (
    32, 256, 256, 64, 16, 16384, 16, 4, 2048)
PHASE_SHIFT = 30
TRACE_CAPACITY = 65536

HAMMER_SRC = r"""
extern "C" __global__ void hammer(const float4 *a, float4 *b,
                                  unsigned long long n, int iters) {
  for (int it = 0; it < iters; ++it)
    for (unsigned long long i = blockIdx.x * (unsigned long long)blockDim.x +
                                threadIdx.x;
         i < n; i += (unsigned long long)gridDim.x * blockDim.x)
      b[i] = a[i];
}
"""


def f32(rng, *shape):
    return (rng.random(shape, dtype=np.float32) - 0.5).astype(np.float32)


SIZES = {  # blocks per SM of the row kernels and of the element kernels
    "small": None, "medium": (1, 8), "large": (4, 128)}


def kernels(sms, size="large"):
    """name -> (grid, block, make(rng) -> (args, outputs, reference))."""
    if SIZES[size]:
        m = ROWS * sms * SIZES[size][0]     # rows of the row kernels
        n = THREADS * sms * SIZES[size][1]  # elements of the element kernels
    else:
        m, n = ROWS, THREADS                # one block each
    specs = {}

    def rows(name, make):
        specs[name] = ((m + ROWS - 1) // ROWS, ROWS, make)

    def elems(name, count, make):
        specs[name] = ((count + THREADS - 1) // THREADS, THREADS, make)

    def gemv(rng):
        A, x = f32(rng, m, N), f32(rng, N)
        y = np.zeros(m, np.float32)
        return [A, x, y, np.int32(m)], [2], [A.astype(np.float64) @ x]
    rows("gemv", gemv)

    def gemvt(rng):
        A, x = f32(rng, N, NCOLS), f32(rng, N)
        y = np.zeros(NCOLS, np.float32)
        return [A, x, y], [2], [A.T.astype(np.float64) @ x]
    specs["gemvt"] = (NCOLS // ROWS, ROWS, gemvt)

    def spmv(rng):
        val, x = f32(rng, m, ELL_K), f32(rng, m)
        col = rng.integers(0, m, (m, ELL_K), dtype=np.int32)
        y = np.zeros(m, np.float32)
        ref = (val.astype(np.float64) * x[col]).sum(axis=1)
        return [val, col, x, y, np.int32(m)], [3], [ref]
    rows("spmv", spmv)

    def mvt(rng):
        A, y1, x1 = f32(rng, m, N), f32(rng, N), f32(rng, m)
        return [A, y1, x1, np.int32(m)], [2], [x1 + A.astype(np.float64) @ y1]
    rows("mvt", mvt)

    def gesummv(rng):
        A, B, x = f32(rng, m, N // 2), f32(rng, m, N // 2), f32(rng, N // 2)
        y = np.zeros(m, np.float32)
        ref = 1.5 * (A.astype(np.float64) @ x) + 1.2 * (B.astype(np.float64) @ x)
        return [A, B, x, y, np.float32(1.5), np.float32(1.2), np.int32(m)], [3], [ref]
    rows("gesummv", gesummv)

    def gemver(rng):
        A, u1, v1, u2, v2 = (f32(rng, m, N), f32(rng, m), f32(rng, N),
                             f32(rng, m), f32(rng, N))
        ref = A + np.outer(u1, v1) + np.outer(u2, v2)
        return [A, u1, v1, u2, v2, np.int32(m)], [0], [ref]
    rows("gemver", gemver)

    def jacobi2d(rng):
        A = f32(rng, m, N)
        B = np.zeros((m, N), np.float32)
        ref = B.astype(np.float64).copy()
        ref[1:-1, 1:-1] = 0.2 * (A[1:-1, 1:-1] + A[1:-1, :-2] + A[1:-1, 2:] +
                                 A[2:, 1:-1] + A[:-2, 1:-1])
        return [A, B, np.int32(m)], [1], [ref]
    specs["jacobi2d"] = ((m - 2 + ROWS - 1) // ROWS, ROWS, jacobi2d)

    def gemm(rng):
        A, B = f32(rng, m, NSMALL), f32(rng, NSMALL, NSMALL)
        C = np.zeros((m, NSMALL), np.float32)
        return [A, B, C, np.int32(m)], [2], [A.astype(np.float64) @ B]
    rows("gemm", gemm)

    def blend(rng):
        img, w, out = f32(rng, m, CHANNELS, N), f32(rng, CHANNELS, N), f32(rng, m, N)
        ref = out + (img.astype(np.float64) * w).sum(axis=1)
        return [img, w, out, np.int32(m)], [2], [ref]
    rows("blend", blend)

    def gemvlong(rng):
        A, x = f32(rng, m, NLONG), f32(rng, NLONG)
        y = np.zeros(m, np.float32)
        return [A, x, y, np.int32(m)], [2], [A.astype(np.float64) @ x]
    rows("gemvlong", gemvlong)

    def jacobi1d(rng):
        A = f32(rng, n)
        B = np.zeros(n, np.float32)
        ref = B.astype(np.float64).copy()
        ref[1:-1] = 0.33333 * (A[:-2] + A[1:-1] + A[2:])
        return [A, B, np.int32(n)], [1], [ref]
    elems("jacobi1d", n - 2, jacobi1d)

    def fir(rng):
        x, h = f32(rng, n + TAPS), f32(rng, TAPS)
        y = np.zeros(n, np.float32)
        ref = sum(h[k] * x[k:k + n].astype(np.float64) for k in range(TAPS))
        return [x, h, y, np.int32(n)], [2], [ref]
    elems("fir", n, fir)

    def saxpy(rng):
        x, y = f32(rng, n), f32(rng, n)
        return [x, y, np.float32(2.5), np.int32(n)], [1], [2.5 * x + y.astype(np.float64)]
    elems("saxpy", n, saxpy)

    def permute(rng):
        x = f32(rng, n)
        perm = rng.permutation(n).astype(np.int32)
        y = np.zeros(n, np.float32)
        ref = np.zeros(n, np.float64)
        ref[perm] = 2.0 * x.astype(np.float64)
        return [x, perm, y, np.int32(n)], [2], [ref]
    elems("permute", n, permute)
    return specs, {"rows": m, "elements": n}


def to_device(args):
    return [cp.asarray(a) if isinstance(a, np.ndarray) else a for a in args]


def pct(xs, p):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(math.ceil(p / 100 * len(xs))) - 1)]


def summary(us):
    return {"min_us": min(us), "median_us": statistics.median(us),
            "p99_us": pct(us, 99), "max_us": max(us), "launches": len(us)}


class Trace:
    """A module's phase trace (prem_rt.h), off until switched on (what
    libprem_gpu's prem_gpu_trace_set does)."""

    def __init__(self, module):
        self.count = cp.ndarray((1,), cp.uint64,
                                module.get_global("__prem_trace_count"))
        self.records = cp.ndarray((TRACE_CAPACITY, 2), cp.uint64,
                                  module.get_global("__prem_trace"))
        self.switch = cp.ndarray((1,), cp.uint32,
                                 module.get_global("__prem_trace_enabled"))

    def set(self, on):
        self.switch.fill(1 if on else 0)
        cp.cuda.runtime.deviceSynchronize()

    def reset(self):
        self.count.fill(0)

    def read(self):
        count = int(self.count.get()[0])
        rec = self.records[:min(count, TRACE_CAPACITY)].get()
        time_ns = rec[:, 0].astype(np.int64)
        agent = (rec[:, 1] & 0xffffffff).astype(np.int64)
        word = (rec[:, 1] >> 32).astype(np.int64)
        return count, time_ns, agent, word & ((1 << PHASE_SHIFT) - 1), word >> PHASE_SHIFT


class CoRunner:
    """Work on a stream of its own beside the measured kernel, sized to
    outlast a measurement window."""

    def _time(self, launch):
        s = cp.cuda.Stream(non_blocking=True)
        launch(s)
        s.synchronize()
        t = time.perf_counter()
        launch(s)
        s.synchronize()
        return time.perf_counter() - t

    def _started(self):
        self.done = cp.cuda.Event()
        self.done.record(self.stream)

    def still_running(self):
        return not self.done.done


class Interference(CoRunner):
    """A memory-bound copy kernel on its own stream and host-to-device copies
    on another."""

    def __init__(self, sms):
        self.n = (512 << 20) // 16
        self.a = cp.ones(self.n * 4, cp.float32)
        self.b = cp.empty_like(self.a)
        self.kernel = cp.RawKernel(HAMMER_SRC, "hammer")
        self.grid = sms // 2
        self.stream = cp.cuda.Stream(non_blocking=True)
        self.copy_stream = cp.cuda.Stream(non_blocking=True)
        self.host = cp.cuda.alloc_pinned_memory(64 << 20)
        self.dev = cp.empty(16 << 20, cp.float32)
        # Calibrate one pass and one copy.
        self.pass_s = self._time(lambda s: self.kernel(
            (self.grid,), (1024,), (self.a, self.b, np.uint64(self.n), np.int32(4)),
            stream=s)) / 4
        self.copy_s = self._time(self._copy)

    def _copy(self, s):
        cp.cuda.runtime.memcpyAsync(self.dev.data.ptr, self.host.ptr, 64 << 20,
                                    cp.cuda.runtime.memcpyHostToDevice, s.ptr)

    def start(self, seconds):
        iters = max(4, int(seconds / self.pass_s) + 1)
        self.kernel((self.grid,), (1024,),
                    (self.a, self.b, np.uint64(self.n), np.int32(iters)),
                    stream=self.stream)
        for _ in range(max(2, int(seconds / self.copy_s) + 1)):
            self._copy(self.copy_stream)
        self._started()

    def wait(self):
        self.stream.synchronize()
        self.copy_stream.synchronize()


class ArbitratedInterference(CoRunner):
    """The variant's own co-runner (suite.cu's corunner) launched back to
    back on its own stream: in a variant with an arbiter (sdma-device) its
    blocks go through the same token as the measured kernel's; in the
    others it is an ordinary memory-bound co-runner."""

    def __init__(self, module, sms):
        self.fn = module.get_function("corunner")
        self.n = THREADS * sms * 256
        self.a = cp.ones(self.n, cp.float32)
        self.b = cp.empty_like(self.a)
        self.grid = (self.n + THREADS - 1) // THREADS
        self.stream = cp.cuda.Stream(non_blocking=True)
        self.pass_s = self._time(self._launch)

    def _launch(self, stream):
        self.fn((self.grid,), (THREADS,), (self.a, self.b, np.int32(self.n)),
                stream=stream)

    def start(self, seconds):
        for _ in range(max(2, int(seconds / self.pass_s) + 1)):
            self._launch(self.stream)
        self._started()

    def wait(self):
        self.stream.synchronize()


def time_launches(fn, grid, block, args, count, stream):
    starts = [cp.cuda.Event() for _ in range(count)]
    ends = [cp.cuda.Event() for _ in range(count)]
    for i in range(count):
        starts[i].record(stream)
        fn((grid,), (block,), args, stream=stream)
        ends[i].record(stream)
    ends[-1].synchronize()
    return [cp.cuda.get_elapsed_time(s, e) * 1000.0 for s, e in zip(starts, ends)]


def timeline_svg(path, time_ns, agent, interval, phase, title):
    """The trace drawn by prem-report, as for host-offload traces
    (prem-report --trace T --svg F): the first 48 blocks' phases."""
    records = [tuple(map(int, r)) for r in zip(time_ns, agent, interval, phase)]
    prem_tools.load("prem-report").write_timeline(path, records, title)


def device():
    """(name, SM count, results folder) of the GPU the harness runs on."""
    props = cp.cuda.runtime.getDeviceProperties(0)
    gpu = props["name"]
    gpu = gpu.decode() if isinstance(gpu, bytes) else gpu
    return gpu, props["multiProcessorCount"], slug_of(gpu)


def load_manifest(build):
    """What bench/gpu/build.py wrote: the builds and their kernels."""
    with open(os.path.join(build, "manifest.json")) as f:
        return json.load(f)


def slug_of(gpu):
    """The results folder of a GPU: its name in lower case, dashes between."""
    return "".join(c if c.isalnum() else "-" for c in gpu.lower()).strip("-")


def result_header(benchmark, gpu, sms):
    """What every GPU result file starts with: the benchmark, when, and the
    machine it ran on."""
    return {
        "benchmark": benchmark,
        "date": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
        "machine": {"gpu": gpu, "sms": sms,
                    "driver": cp.cuda.runtime.driverGetVersion(),
                    "runtime": cp.cuda.runtime.runtimeGetVersion(),
                    "cpu": platform.processor() or platform.machine(),
                    "host": platform.platform()}}


def write_json(results, slug, stem, result):
    out_dir = os.path.join(results, slug)
    os.makedirs(out_dir, exist_ok=True)
    with open(os.path.join(out_dir, stem + ".json"), "w") as f:
        json.dump(result, f, indent=1)
    return out_dir


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--build", default="build-gpu")
    ap.add_argument("--results", required=True)
    ap.add_argument("--launches", type=int, default=1000)
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--only", nargs="*", help="these kernels only")
    ap.add_argument("--variants", nargs="*",
                    help="these variants only (baseline is always run)")
    ap.add_argument("--size", choices=list(SIZES), default="large")
    ap.add_argument("--arbitrated", action="store_true",
                    help="also time each variant beside its own co-runner "
                    "(suite.cu's corunner), which goes through the arbiter "
                    "in sdma-device")
    ap.add_argument("--merge", nargs="+", metavar="PARTIAL_JSON",
                    help="measure nothing: join these partial results "
                    "(runs stopped at a time limit) into RESULTS/<gpu>/"
                    "--stem's .json and .md")
    ap.add_argument("--stem", default="gpu-suite-merged")
    ap.add_argument("--traced", action="store_true",
                    help="time the PREM variants with their phase trace "
                    "recorded (a global atomic per phase change; off in a "
                    "production run): results in gpu-suite[-SIZE]-traced")
    args = ap.parse_args()
    if args.merge:
        return merge(args.merge, args.results, args.stem)
    if cp is None:
        sys.exit("run_gpu.py: measuring needs NumPy and CuPy")
    manifest = load_manifest(args.build)
    gpu, sms, slug = device()
    variants = [v for v in manifest["variants"]
                if not args.variants or v == "baseline" or v in args.variants]
    modules = {v: cp.RawModule(path=os.path.join(args.build, e["cubin"]))
               for v, e in manifest["variants"].items()}
    specs, sizes = kernels(sms, args.size)
    sizes["size"] = args.size
    stem = "gpu-suite" if args.size == "large" else f"gpu-suite-{args.size}"
    if args.traced:
        stem += "-traced"
    names = args.only or list(specs)
    stream = cp.cuda.Stream(non_blocking=True)
    result = {
        **result_header("gpu-suite", gpu, sms),
        "arbitration": "none (no arbiter: co-runners are not PREM agents)",
        "trace": ("recorded while timed" if args.traced else
                  "recorded for the correctness launch only; off while "
                  "timed (the default since issue 27)"),
        "sizes": sizes, "launches": args.launches, "rounds": args.rounds,
        "kernels": {}}
    if args.arbitrated:
        result["arbitration"] += ("; 'arbitrated': beside the variant's own "
                                  "co-runner, through the arbiter in "
                                  "sdma-device and sdma-tdma")
    print(f"{gpu}: {sms} SMs; sizes {sizes}", flush=True)

    # Correctness and the trace.
    rng = np.random.default_rng(7)
    inputs = {}
    for name in names:
        grid, block, make = specs[name]
        host_args, outs, refs = make(rng)
        inputs[name] = (host_args, outs)
        entry = {"grid": grid, "block": block, "variants": {}}
        base_out = None
        for v in variants:
            dev = to_device(host_args)
            mod = modules[v]
            trace = Trace(mod) if v != "baseline" else None
            if trace:
                trace.set(True)
                trace.reset()
            mod.get_function(name)((grid,), (block,), tuple(dev), stream=stream)
            stream.synchronize()
            if trace:
                trace.set(args.traced)
            out = [dev[i].get() for i in outs]
            info = {}
            if v == "baseline":
                base_out = out
                # Relative to the output's largest magnitude: a float sum
                # of 2048 products near zero has a large error of its own.
                err = max(float(np.max(np.abs(o.astype(np.float64) - r)) /
                                max(1e-30, float(np.max(np.abs(r)))))
                          for o, r in zip(out, refs))
                info["reference_max_rel_error"] = err
                info["reference_ok"] = err < 1e-3
            else:
                info["bitwise_equal_baseline"] = all(
                    np.array_equal(o.view(np.uint32), b.view(np.uint32))
                    for o, b in zip(out, base_out))
                count, tns, agent, interval, phase = trace.read()
                info["phase_changes"] = count
                info["execute_phases"] = int((phase == 2).sum())
                info["memory_phases"] = int((phase == 1).sum())
                kinfo = manifest["variants"][v].get("kernels", {}).get(name, {})
                info["transformed"] = kinfo.get("transformed", False)
                if not info["transformed"]:
                    info["reason"] = kinfo.get("reason", "")
                if v == "sdma" and name == "gemv" and count:
                    os.makedirs(os.path.join(args.results, slug), exist_ok=True)
                    timeline_svg(os.path.join(args.results, slug,
                                              stem.replace("gpu-suite", "timeline-gemv-sdma") + ".svg"),
                                 tns, agent, interval, phase,
                                 f"gemv, sdma, {gpu}: phases of the first 48 blocks")
                    # Load phase: from enter_mem to enter_comp of the same block.
                    loads = []
                    for b in set(agent.tolist()):
                        sel = np.where(agent == b)[0]
                        sel = sel[np.argsort(tns[sel])]
                        if len(sel) >= 2 and phase[sel[0]] == 1 and phase[sel[1]] == 2:
                            loads.append((tns[sel[1]] - tns[sel[0]]) / 1000.0)
                    if loads:
                        info["load_phase_us_median"] = statistics.median(loads)
            entry["variants"][v] = info
            print(f"  {name:9s} {v:8s} {info}", flush=True)
        result["kernels"][name] = entry

    # Timing: isolation, then under interference (and beside the variant's
    # own co-runner with --arbitrated).
    hammer = Interference(sms)
    settings = ("isolation", "interference")
    corunners = {}
    if args.arbitrated:
        settings += ("arbitrated",)
        corunners = {v: ArbitratedInterference(modules[v], sms)
                     for v in variants}
    for name in names:
        grid, block, _ = specs[name]
        host_args, _ = inputs[name]
        entry = result["kernels"][name]
        fns = {v: modules[v].get_function(name) for v in variants}
        devs = {v: tuple(to_device(host_args)) for v in variants}
        per_round = max(1, args.launches // args.rounds)
        for setting in settings:
            times = {v: [] for v in variants}
            # Warm up each variant.
            for v in variants:
                time_launches(fns[v], grid, block, devs[v], 10, stream)
            for r in range(args.rounds):
                for v in variants:
                    co = {"interference": hammer,
                          "arbitrated": corunners.get(v)}.get(setting)
                    if co:
                        # Ten times the window in isolation (at least 30 us
                        # a launch: Python's launch rate; interference slows
                        # kernels down up to 5x here), plus a margin.
                        iso_us = statistics.median(entry["variants"][v]["isolation"]["_all"])
                        co.start(10e-6 * max(iso_us, 30.0) * per_round + 0.05)
                    t = time_launches(fns[v], grid, block, devs[v], per_round, stream)
                    if co:
                        overlapped = co.still_running()
                        co.wait()
                        if not overlapped:
                            print(f"  warning: {name} {v}: co-runner ended before the window", flush=True)
                    times[v] += t
            for v in variants:
                s = summary(times[v])
                s["_all"] = times[v]
                entry["variants"][v][setting] = s
        for v in variants:
            iso = entry["variants"][v]["isolation"]
            itf = entry["variants"][v]["interference"]
            entry["variants"][v]["sensitivity_worst"] = itf["max_us"] / iso["max_us"]
            entry["variants"][v]["sensitivity_median"] = itf["median_us"] / iso["median_us"]
            if "arbitrated" in entry["variants"][v]:
                arb = entry["variants"][v]["arbitrated"]
                entry["variants"][v]["sensitivity_arbitrated_worst"] = (
                    arb["max_us"] / iso["max_us"])
            if v != "baseline":
                b = entry["variants"]["baseline"]["isolation"]
                entry["variants"][v]["overhead_median"] = iso["median_us"] / b["median_us"]
        line = " ".join(
            f"{v}: iso {entry['variants'][v]['isolation']['median_us']:.1f}/"
            f"{entry['variants'][v]['isolation']['max_us']:.1f} itf "
            f"{entry['variants'][v]['interference']['median_us']:.1f}/"
            f"{entry['variants'][v]['interference']['max_us']:.1f}" for v in variants)
        print(f"  {name:9s} {line}", flush=True)
        for v in variants:
            for setting in settings:
                del entry["variants"][v][setting]["_all"]
            if args.arbitrated:
                print(f"  {name:9s} {v}: beside its own co-runner "
                      f"{entry['variants'][v]['arbitrated']['median_us']:.1f}/"
                      f"{entry['variants'][v]['arbitrated']['max_us']:.1f}, "
                      "worst / worst in isolation "
                      f"{entry['variants'][v]['sensitivity_arbitrated_worst']:.2f}",
                      flush=True)
        # What is measured so far survives a run stopped at its time limit.
        write_json(args.results, slug, stem + ".partial", result)

    # Micro-benchmarks.
    micro = cp.RawModule(path=os.path.join(args.build, manifest["micro"]))
    phases = micro.get_function("phase_changes")
    micro_res = {}
    micro_trace = Trace(micro)
    for traced in (False, True):
        micro_trace.set(traced)
        for blocks, label in ((1, "one_block"), (sms * 8, "full_gpu")):
            micro_trace.reset()
            t0 = statistics.median(time_launches(phases, blocks, 256, (np.int32(0),), 30, stream))
            t1 = statistics.median(time_launches(phases, blocks, 256, (np.int32(1000),), 30, stream))
            micro_res["phase_change_ns_" + label + ("_traced" if traced else "")] = (
                (t1 - t0) * 1000.0 / 2000.0)
    micro_trace.set(False)
    total = 512 << 20
    per_block = 32768
    src = cp.ones(total // 4, cp.float32)
    sink = cp.empty(total // per_block, cp.float32)
    load = micro.get_function("softdma_load")
    t_load = statistics.median(time_launches(
        load, total // per_block, 256, (src, sink, np.uint64(per_block)), 30, stream))
    dst = cp.empty_like(src)
    starts, ends = cp.cuda.Event(), cp.cuda.Event()
    copies = []
    for _ in range(30):
        starts.record(stream)
        cp.cuda.runtime.memcpyAsync(dst.data.ptr, src.data.ptr, total,
                                    cp.cuda.runtime.memcpyDeviceToDevice, stream.ptr)
        ends.record(stream)
        ends.synchronize()
        copies.append(cp.cuda.get_elapsed_time(starts, ends) * 1000.0)
    t_copy = statistics.median(copies)
    micro_res["softdma_load_GBps"] = total / t_load / 1e3
    micro_res["d2d_copy_GBps_read_plus_write"] = 2 * total / t_copy / 1e3
    micro_res["softdma_fraction_of_d2d"] = micro_res["softdma_load_GBps"] / micro_res["d2d_copy_GBps_read_plus_write"]
    print(f"micro: {micro_res}", flush=True)

    result["micro"] = micro_res
    out_dir = render(result, args.results, slug, stem)
    partial = os.path.join(out_dir, stem + ".partial.json")
    if os.path.exists(partial):
        os.remove(partial)


def geo(xs):
    xs = [x for x in xs if x and x > 0]
    return math.exp(sum(map(math.log, xs)) / len(xs)) if xs else None


def sensitivity_p99(x):
    return x["interference"]["p99_us"] / x["isolation"]["p99_us"]


def layout(result):
    """The kernels, the variants, and whether they ran beside their own
    co-runners."""
    names = list(result["kernels"])
    variants = result["kernels"][names[0]]["variants"]
    return names, list(variants), "arbitrated" in variants["baseline"]


def headline(result):
    names, variants, arbitrated = layout(result)
    head = {}
    for v in variants:
        ks = [k for k in names if v == "baseline" or
              result["kernels"][k]["variants"][v].get("transformed")]
        if v != "baseline":
            head[v + "_overhead_geomean"] = geo(
                [result["kernels"][k]["variants"][v]["overhead_median"] for k in ks])
        head[v + "_sensitivity_worst_geomean"] = geo(
            [result["kernels"][k]["variants"][v]["sensitivity_worst"] for k in ks])
        # One launch in a thousand (a first touch, a clock change) sets the
        # worst; the 99th percentile says what a deadline would face.
        head[v + "_sensitivity_p99_geomean"] = geo(
            [sensitivity_p99(result["kernels"][k]["variants"][v]) for k in ks])
        if arbitrated:
            head[v + "_sensitivity_arbitrated_worst_geomean"] = geo(
                [result["kernels"][k]["variants"][v]["sensitivity_arbitrated_worst"]
                 for k in ks])
        if v != "baseline":
            head[v + "_all_bitwise_equal"] = all(
                result["kernels"][k]["variants"][v]["bitwise_equal_baseline"] for k in names)
    return head


def render(result, results_dir, slug, stem):
    """Headlines, RESULTS/<gpu>/STEM.json and the .md table."""
    head = result["headline"] = headline(result)
    print(f"headline: {head}", flush=True)
    out_dir = write_json(results_dir, slug, stem, result)
    names, variants, arbitrated = layout(result)
    m = result["machine"]
    md = [f"# GPU suite on {m['gpu']} ({m['sms']} SMs)", "",
          f"{result['date']}; driver {m['driver']}; sizes {result['sizes']}; "
          f"{result['launches']} launches per kernel and variant, in "
          # Partial results from before "rounds" was recorded ran the default.
          f"{result.get('rounds', 5)} interleaved rounds; arbitration: "
          f"{result['arbitration']}"
          # Results from before issue 27 were timed with the trace on.
          f"; phase trace: {result.get('trace', 'recorded while timed')}.",
          "",
          "Times in microseconds (median / max). overhead = PREM median / "
          "baseline median; sens = worst under interference / worst in "
          "isolation; sens p99 = the same for the 99th percentiles. exec = Execute phases traced (tiles that ran on the "
          "scratchpad) / blocks; * the trace holds the first "
          f"{TRACE_CAPACITY} phase changes only." +
          (" own co-runner: beside the variant's own co-runner "
           "(suite.cu's corunner, through the arbiter in "
           "sdma-device and sdma-tdma); sens own = its worst / "
           "worst in isolation." if arbitrated else ""), "",
          "| kernel | variant | tiled | bit-equal | exec | isolation | interference | overhead | sens | sens p99 |"
          + (" own co-runner | sens own |" if arbitrated else ""),
          "|---|---|---|---|---|---|---|---|---|---|" + ("---|---|" if arbitrated else "")]
    for k in names:
        e = result["kernels"][k]
        for v in variants:
            x = e["variants"][v]
            cut = "*" if x.get("phase_changes", 0) > TRACE_CAPACITY else ""
            md.append("| {} | {} | {} | {} | {} | {:.1f} / {:.1f} | {:.1f} / {:.1f} | {} | {:.2f} | {:.2f} |".format(
                k, v, "" if v == "baseline" else ("yes" if x.get("transformed") else "no"),
                "ref ok" if x.get("reference_ok") else ("yes" if x.get("bitwise_equal_baseline") else ("NO" if v != "baseline" else "ref FAIL")),
                "" if v in ("baseline", "cmpt") else f"{x.get('execute_phases', 0)}{cut}/{e['grid']}",
                x["isolation"]["median_us"], x["isolation"]["max_us"],
                x["interference"]["median_us"], x["interference"]["max_us"],
                "" if v == "baseline" else f"{x['overhead_median']:.2f}",
                x["sensitivity_worst"], sensitivity_p99(x)) + (
                    " {:.1f} / {:.1f} | {:.2f} |".format(
                        x["arbitrated"]["median_us"], x["arbitrated"]["max_us"],
                        x["sensitivity_arbitrated_worst"]) if arbitrated else ""))
    md += ["", "Headline: " + ", ".join(f"{k} {v:.3f}" if isinstance(v, float) else f"{k} {v}"
                                        for k, v in head.items()), ""]
    if result.get("micro"):
        md += ["Micro-benchmarks: " + ", ".join(
            f"{k} {v:.3f}" for k, v in result["micro"].items()), ""]
    with open(os.path.join(out_dir, stem + ".md"), "w") as f:
        f.write("\n".join(md))
    print("\n".join(md))
    return out_dir


def merge(paths, results_dir, stem):
    """Runs stopped at a time limit leave STEM.partial.json: their kernels
    (same build, size and settings) joined into one table."""
    parts = [json.load(open(p)) for p in paths]
    result = parts[0]
    result["date"] = ", ".join(p["date"] for p in parts)
    # A stopped run has checked every kernel but timed only the first ones:
    # an untimed entry never replaces a timed one.
    kernels = {}
    for p in parts:
        kernels.update((k, e) for k, e in p["kernels"].items()
                       if "isolation" in e["variants"]["baseline"])
        result["micro"] = result.get("micro") or p.get("micro")
    result["kernels"] = kernels
    render(result, results_dir, slug_of(result["machine"]["gpu"]), stem)


if __name__ == "__main__":
    main()
