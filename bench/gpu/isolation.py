#!/usr/bin/env python3
"""Isolation on a real GPU (issue 26; design §3b), run half: runs on the GPU
machine (CUDA driver and CuPy, no clang). Loads what bench/gpu/build.py made
and measures, per real-time kernel of the CUDA suite, the untransformed
baseline and the sdma build under the rtgate arbiter side by side:

  python3 bench/gpu/isolation.py --build build-gpu --results bench/results
                                 [--launches 1000] [--only KERNEL...]
                                 [--k K] [--smoke] [--be-sms N]
                                 [--rt-partition] [--stem STEM]

Each real-time (RT) kernel is released periodically (a gap kernel of one
thread waits, on the same stream, as long as the baseline's median launch,
so the RT task uses about half the GPU's time) on a stream of the highest
priority, and each launch is timed with CUDA events, in four cases:

  (a) alone;
  (b) beside the memory hammer (bench/gpu/corunners.cu) compiled as a
      best-effort agent by prem-comply (-prem-best-effort);
  (c) beside a real best-effort kernel compiled the same way (the suite's
      gemvlong, rows of 2048 floats, a grid that fills the GPU);
  (d) beside the unmodified hammer, which no in-kernel protocol can hold
      back: reported, not counted in the headline.

The co-runner runs as a sequence of launches of a few milliseconds on its
own stream, enqueued before the RT launches so that it outlasts them; an RT
launch counts when it ran inside the co-runner's window. Best-effort
throughput retained = the co-runner's median launch time alone / its median
launch time inside the RT window. Every rtgate output is compared bit for bit
with the baseline's, alone and beside the compliant hammer.

Also measured: what polling costs a best-effort kernel alone (the hammer
and gemvlong as written / through prem-comply at -prem-poll-bytes 64, 256
(the default) and 1024), and, with --k K, case (b) again with at most K
real-time blocks in memory at once.

With --be-sms N, every co-runner runs on a stream of a green context of N
SMs (bench/gpu/green.py): the SMs where its held-back blocks can sit. With
--rt-partition as well, the RT kernel runs on the other SMs' green context
(in every case, alone included); the untransformed baseline is then also
timed alone on the whole GPU, for what the partition costs. Best-effort
throughput retained is always against the co-runner alone on the whole GPU.

The arbiter's state (prem_gate, include/prem/prem_rt.h) is made here the
way libprem's prem_gpu_gate_create does it, in device memory, and its
address written to each module's __prem_gate.

Writes RESULTS/<gpu>/isolation.json and .md; the JSON's "headline" holds
rt_overhead_geomean, rt_p99_sensitivity_geomean,
rt_worst_sensitivity_geomean and be_throughput_retained_geomean.
"""
import argparse
import json
import os
import statistics
import sys

try:
    import numpy as np
    import cupy as cp
except ImportError:  # --render needs neither: it runs where there is no GPU
    np = cp = None

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import run_gpu  # noqa: E402  (kernels(), summary(), result_header(), write_json(), geo())

RT_KERNELS = ["gemv", "jacobi2d", "gemm", "gemver", "gesummv", "mvt", "spmv",
              "saxpy"]
GATE_MAGIC = 0x3145544147524D50


def gate_dtype():
    """prem_gate of include/prem/prem_rt.h, field by field (same layout on
    x86-64 and nvptx64)."""
    dtype = np.dtype([
        ("magic", "<u8"), ("rt_active", "u1", (8,)), ("rt_in_memory", "<u4"),
        ("rt_max_in_memory", "<u4"), ("phase_gating", "<u4"), ("rt_changes", "<u4"),
        ("watchdog_ns", "<u8"), ("period_ns", "<u8"),
        ("be_bytes_per_period", "<u8"), ("be_period", "<u8"), ("be_used", "<u8"),
        ("be_budget", "<u8"), ("be_ratio", "<f8"), ("rt_launch", "<u8"),
        ("rt_start_ns", "<u8"), ("rt_done", "<u8"), ("be_polls", "<u8"),
        ("be_waits", "<u8"), ("recoveries", "<u8"), ("budget_period", "<u8"),
        ("scheme", "<u4"), ("concurrent", "<u4"), ("work", "<u8"),
        ("deadline_ns", "<u8"), ("e0_ns", "<f8"), ("e1_ns", "<f8"),
        ("nominal", "<f8"), ("smoothing", "<f8"), ("stuck_since", "<u8")])
    assert dtype.itemsize == 208
    return dtype


GAP_SRC = r"""
extern "C" __global__ void gap(unsigned long long ns) {
  unsigned long long t0, t;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t0));
  do {
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
  } while (t - t0 < ns);
}
"""


class Gate:
    """The rtgate arbiter's state in device memory."""

    def __init__(self):
        self.mem = cp.zeros(gate_dtype().itemsize // 8, cp.uint64)
        self.reset()

    def reset(self, k=0, phase_gating=0, watchdog_ns=10_000_000):
        g = np.zeros(1, gate_dtype())
        g["magic"] = GATE_MAGIC
        g["rt_max_in_memory"] = k
        g["phase_gating"] = phase_gating
        g["watchdog_ns"] = watchdog_ns
        g["period_ns"] = 100_000
        g["be_budget"] = np.iinfo(np.uint64).max
        g["be_ratio"] = 1.0
        g["nominal"] = 1.0
        g["smoothing"] = 0.3
        cp.cuda.runtime.deviceSynchronize()
        self.mem.set(g.view(np.uint64))
        # The copy runs on the null stream, which the RT and co-runner
        # streams (non-blocking) do not wait for.
        cp.cuda.runtime.deviceSynchronize()

    def flag(self, stream, value, slot=0):
        """Byte slot of rt_active (a real-time stream's), in the stream's
        order (what libprem's prem_gpu_gate_begin / _end do)."""
        cp.cuda.runtime.memsetAsync(
            self.mem.data.ptr + gate_dtype().fields["rt_active"][1] + slot,
            value, 1, stream.ptr)

    def attach(self, module):
        ptr = module.get_global("__prem_gate")
        cp.ndarray((1,), cp.uint64, ptr).set(
            np.array([self.mem.data.ptr], np.uint64))

    def read(self):
        cp.cuda.runtime.deviceSynchronize()
        return self.mem.get().view(gate_dtype())[0]


class BestEffort:
    """A best-effort co-runner: fixed-size launches back to back on a stream
    of the lowest priority, each timed with events."""

    def __init__(self, name, fn, grid, block, args, bytes_per_launch,
                 shared_mem=0, stream=None):
        self.name, self.fn, self.grid, self.block = name, fn, grid, block
        self.args, self.bytes = args, bytes_per_launch
        self.shared_mem = shared_mem
        # An SM changes its split of L1 and shared memory only when no
        # block runs there: a co-runner without shared memory, its blocks
        # held back in the gate, would keep the SM split for L1 and the RT
        # kernel's blocks (a tile of shared memory each) off it until the
        # watchdog (measured: RT launches of 0.65 s). Complying co-runners
        # ask for the largest shared-memory split, as libprem's
        # prem_gpu_gate_best_effort does.
        if "-be" in name:
            fn.preferred_shared_memory_carveout = 100
        lo, _ = priorities()
        self.stream = stream or cp.cuda.Stream(non_blocking=True, priority=lo)

    def launch_times(self, count):
        """Launches count times; returns the (start, end) event pairs."""
        events = []
        for _ in range(count):
            s, e = cp.cuda.Event(), cp.cuda.Event()
            s.record(self.stream)
            self.fn((self.grid,), (self.block,), self.args, stream=self.stream,
                    shared_mem=self.shared_mem)
            e.record(self.stream)
            events.append((s, e))
        return events

    def alone_us(self, count=20):
        self.launch_times(3)
        ev = self.launch_times(count)
        ev[-1][1].synchronize()
        return statistics.median(cp.cuda.get_elapsed_time(s, e) * 1000.0
                                 for s, e in ev)


def priorities():
    """(least, greatest) stream priority of the device."""
    try:
        return cp.cuda.runtime.deviceGetStreamPriorityRange()
    except AttributeError:  # older CuPy: CUDA's range on recent GPUs
        return 0, -5


def rt_stream():
    _, hi = priorities()
    return cp.cuda.Stream(non_blocking=True, priority=hi)


LEAD_NS = 20000


def periodic(fn, grid, block, args, count, gap_fn, gap_ns, stream,
             gate=None, after_gap=None, after_flag=None):
    """count releases of the RT kernel, each after a gap; (start, end)
    events of each launch. With gate, the stream's flag is up from LEAD_NS
    before each release to the launch's end (launch-granular grants): the
    lead lets the co-runners' last poll interval, and the dirty lines
    their writes left in the L2, drain before the RT kernel starts.
    after_gap(stream) and after_flag(stream), when given, enqueue more work
    after the gap and after the flag rises (interference_sources.py's L2
    flush and clean)."""
    events = []
    for _ in range(count):
        gap_fn((1,), (1,), (np.uint64(gap_ns),), stream=stream)
        if after_gap:
            after_gap(stream)
        s, e = cp.cuda.Event(), cp.cuda.Event()
        if gate:
            gate.flag(stream, 1)
        if after_flag:
            after_flag(stream)
        # The lead runs in every case, so that every case enqueues the same
        # work (with no co-runner the flag holds nothing back).
        gap_fn((1,), (1,), (np.uint64(LEAD_NS),), stream=stream)
        s.record(stream)
        fn((grid,), (block,), args, stream=stream)
        e.record(stream)
        if gate:
            gate.flag(stream, 0)
        events.append((s, e))
    return events


def run_case(rt, be, count, gap_fn, gap_ns, stream, rt_window_us, gate=None,
             release=None):
    """RT launches beside the co-runner be (None: alone), released by
    release (periodic's signature; periodic by default). Returns (RT launch
    times inside the co-runner's window, co-runner launch times inside the
    RT window, RT launches outside the window)."""
    fn, grid, block, args = rt
    release = release or periodic
    if be is None:
        ev = release(fn, grid, block, args, count, gap_fn, gap_ns, stream,
                     gate)
        ev[-1][1].synchronize()
        return [cp.cuda.get_elapsed_time(s, e) * 1000.0 for s, e in ev], [], 0
    # Enough co-runner work to outlast the RT launches (twice their
    # window), enqueued first.
    # A stream's queue holds about a thousand operations (three a launch
    # here): more co-runner launches would block the host before it
    # enqueues the RT launches, which would then run after the co-runner.
    be_launches = min(300, max(8, int(2 * rt_window_us / be.alone) + 4))
    origin = cp.cuda.Event()
    origin.record(be.stream)
    be_ev = be.launch_times(be_launches)
    ev = release(fn, grid, block, args, count, gap_fn, gap_ns, stream, gate)
    ev[-1][1].synchronize()
    be_ev[-1][1].synchronize()

    def at(e):
        return cp.cuda.get_elapsed_time(origin, e) * 1000.0
    be_spans = [(at(s), at(e)) for s, e in be_ev]
    be_start, be_end = be_spans[0][0], be_spans[-1][1]
    rt_spans = [(at(s), at(e)) for s, e in ev]
    inside = [(a, b) for a, b in rt_spans if a >= be_start and b <= be_end]
    rt_times = [b - a for a, b in inside]
    if not inside:
        return [], [], len(rt_spans)
    w0, w1 = inside[0][0], inside[-1][1]
    be_times = [b - a for a, b in be_spans if a >= w0 and b <= w1]
    outside = len(rt_spans) - len(inside)
    if outside:
        print(f"  warning: {outside} of {len(rt_spans)} RT launches ran "
              "outside the co-runner's window (not counted)", flush=True)
    return rt_times, be_times, outside


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--build", default="build-gpu")
    ap.add_argument("--results", required=True)
    ap.add_argument("--launches", type=int, default=1000)
    ap.add_argument("--only", nargs="*")
    ap.add_argument("--k", type=int, default=0,
                    help="also run case (b) with at most K real-time blocks "
                    "in memory at once")
    ap.add_argument("--lead-us", type=float, default=20.0,
                    help="raise the RT stream's flag this long before each "
                    "release (launch grants)")
    ap.add_argument("--smoke", action="store_true",
                    help="20 launches per case, two kernels: check the set-up")
    ap.add_argument("--render", metavar="JSON",
                    help="measure nothing: write the .md of a result file "
                    "again (RESULTS/<gpu>/STEM.md, STEM from --stem)")
    ap.add_argument("--stem", default="isolation",
                    help="name of the result files (RESULTS/<gpu>/STEM.json, .md)")
    ap.add_argument("--be-sms", type=int, default=0, metavar="N",
                    help="co-runners run on a green context of N SMs")
    ap.add_argument("--rt-partition", action="store_true",
                    help="with --be-sms: the RT kernel runs on the other SMs")
    args = ap.parse_args()
    if args.rt_partition and not args.be_sms:
        ap.error("--rt-partition needs --be-sms")
    if args.render:
        with open(args.render) as f:
            result = json.load(f)
        return render(result, args.results,
                      run_gpu.slug_of(result["machine"]["gpu"]),
                      result["cases"], args.stem)
    if cp is None:
        sys.exit("isolation.py: measuring needs NumPy and CuPy")
    global LEAD_NS
    LEAD_NS = int(args.lead_us * 1000)
    manifest = run_gpu.load_manifest(args.build)
    iso = manifest["isolation"]
    gpu, sms, slug = run_gpu.device()
    count = 20 if args.smoke else args.launches
    names = args.only or (RT_KERNELS[:2] if args.smoke else RT_KERNELS)

    def load(cubin):
        return cp.RawModule(path=os.path.join(args.build, cubin))
    base = load(manifest["variants"]["baseline"]["cubin"])
    rtg = load(iso["rt-rtgate"]["cubin"])
    be_suite = load(iso["be-suite"]["cubin"])
    hammers = {k: load(iso[k]["cubin"]) for k in
               ("corunners", "corunners-be", "corunners-be-64",
                "corunners-be-1024")}
    gate = Gate()
    for m in (rtg, be_suite, hammers["corunners-be"],
              hammers["corunners-be-64"], hammers["corunners-be-1024"]):
        gate.attach(m)
    gap_fn = cp.RawKernel(GAP_SRC, "gap")
    stream = rt_stream()
    part = None
    lo, hi = priorities()
    if args.be_sms:
        import green
        try:
            part = green.SmPartition(args.be_sms)
        except green.CudaError as e:
            sys.exit(f"isolation.py: --be-sms {args.be_sms}: {e}")
        if args.rt_partition:
            stream = part.stream("rest", hi)
        print(f"partition: co-runners on {part.sms} SMs, RT on "
              f"{part.rest_sms if args.rt_partition else part.total}",
              flush=True)

    def be_stream():
        return part.stream("group", lo) if part else None
    specs, sizes = run_gpu.kernels(sms, "large")
    result = {
        **run_gpu.result_header("isolation", gpu, sms),
        "sizes": sizes, "launches": count,
        "policy": "rtgate (real-time first): best-effort kernels compiled "
                  "with prem-comply hold back while the RT stream's flag is "
                  "up (launch grants) or, in the *_phase cases, while an RT "
                  "block announces a memory phase; no byte budget "
                  "(be_bytes_per_period 0); complying co-runners ask for "
                  "the largest shared-memory split",
        "release": "periodic: a gap as long as the baseline's median launch "
                   "before each release; RT stream of the highest priority, "
                   "co-runners of the lowest; launch grants raise the RT "
                   f"stream's flag {LEAD_NS / 1000:g} us before the release",
        "kernels": {}, "polling": {},
        "partition": ({"be_sms": part.sms,
                       "rt_sms": part.rest_sms if args.rt_partition
                       else part.total} if part else None)}

    # Co-runners.
    n = (512 << 20) // 16
    ha, hb = cp.ones(n * 4, cp.float32), cp.empty(n * 4, cp.float32)
    iters = 3  # about 1.5 ms a launch on an H100
    hammer_args = (ha, hb, np.uint64(n), np.int32(iters))

    def hammer(build, stream=None):
        return BestEffort(build, hammers[build].get_function("hammer"),
                          sms // 2, 1024, hammer_args, 2 * n * 16 * iters,
                          stream=stream)
    rng = np.random.default_rng(11)
    # One wave a launch (4 blocks of 32 rows per SM), launched back to
    # back: a grid that took every block slot would keep the RT kernel's
    # blocks off the SMs while its own blocks wait in the gate (measured:
    # launches of seconds, ended by the watchdog), which no DRAM arbiter
    # can help.
    m_be = run_gpu.ROWS * sms * 4
    A = cp.asarray(run_gpu.f32(rng, m_be, run_gpu.NLONG))
    x = cp.asarray(run_gpu.f32(rng, run_gpu.NLONG))
    y = cp.zeros(m_be, cp.float32)
    gemvlong_args = (A, x, y, np.int32(m_be))

    def gemvlong(module, label, stream=None):
        return BestEffort(label, module.get_function("gemvlong"),
                          m_be // run_gpu.ROWS, run_gpu.ROWS, gemvlong_args,
                          m_be * run_gpu.NLONG * 4, stream=stream)
    corunners = {"hammer_compliant": hammer("corunners-be", be_stream()),
                 "gemvlong_compliant": gemvlong(be_suite, "gemvlong-be",
                                                be_stream()),
                 "hammer_unmodified": hammer("corunners", be_stream())}
    for c in corunners.values():
        c.alone = c.alone_us()
        # Throughput retained is against the whole GPU's.
        c.alone_full = (BestEffort(c.name, c.fn, c.grid, c.block, c.args,
                                   c.bytes).alone_us() if part else c.alone)
    result["be_alone_us"] = {k: {"here": c.alone, "whole_gpu": c.alone_full}
                             for k, c in corunners.items()}
    print(f"co-runners alone (us, here / whole GPU): "
          f"{result['be_alone_us']}", flush=True)
    result["be_bitwise_equal"] = be_outputs_equal(
        corunners, hammers["corunners"].get_function("hammer"),
        base.get_function("gemvlong"), gate)
    print(f"best-effort outputs bit-equal: {result['be_bitwise_equal']}",
          flush=True)
    # What polling costs, each kernel alone.
    poll = {}
    for build in ("corunners", "corunners-be-64", "corunners-be",
                  "corunners-be-1024"):
        poll[build] = hammer(build).alone_us(30)
    poll["gemvlong"] = gemvlong(base, "gemvlong").alone_us(30)
    poll["gemvlong-be"] = corunners["gemvlong_compliant"].alone
    result["polling"] = {
        "hammer_us": poll["corunners"],
        "hammer_be_us": {"64": poll["corunners-be-64"],
                         "256": poll["corunners-be"],
                         "1024": poll["corunners-be-1024"]},
        "hammer_cost": {k: poll[b] / poll["corunners"] for k, b in
                        (("64", "corunners-be-64"), ("256", "corunners-be"),
                         ("1024", "corunners-be-1024"))},
        "gemvlong_us": poll["gemvlong"], "gemvlong_be_us": poll["gemvlong-be"],
        "gemvlong_cost": poll["gemvlong-be"] / poll["gemvlong"]}
    print(f"{gpu}: {sms} SMs; polling {result['polling']}", flush=True)
    st = gate.read()
    print(f"gate after polling runs: waits {int(st['be_waits'])} "
          f"recoveries {int(st['recoveries'])}", flush=True)

    # case -> (co-runner, grants, K): "launch", the host raises the RT
    # stream's flag around each launch; "phase", the RT blocks announce
    # each memory phase (the baseline has none: not run).
    cases = {"alone": (None, None, 0),
             "hammer_compliant_ungated": ("hammer_compliant", None, 0),
             "hammer_compliant": ("hammer_compliant", "launch", 0),
             "gemvlong_compliant": ("gemvlong_compliant", "launch", 0),
             "hammer_unmodified": ("hammer_unmodified", "launch", 0),
             "hammer_compliant_phase": ("hammer_compliant", "phase", 0)}
    if args.k:
        cases["hammer_compliant_phase_k"] = ("hammer_compliant", "phase",
                                             args.k)
    result["cases"] = {c: {"co_runner": v[0], "grants": v[1], "k": v[2]}
                       for c, v in cases.items()}
    for name in names:
        grid, block, make = specs[name]
        host_args, outs, _ = make(np.random.default_rng(7))
        entry = {"grid": grid, "block": block, "builds": {}}
        # Correctness: alone, and beside the compliant hammer.
        outputs = {}
        for label, mod, co in (("baseline", base, None),
                               ("rtgate", rtg, None),
                               ("rtgate_beside_hammer", rtg,
                                corunners["hammer_compliant"])):
            gate.reset()
            dev = run_gpu.to_device(host_args)
            # The copies run on the null stream; the RT stream does not
            # wait for it.
            cp.cuda.runtime.deviceSynchronize()
            if co:
                co.launch_times(2)
            mod.get_function(name)((grid,), (block,), tuple(dev), stream=stream)
            cp.cuda.runtime.deviceSynchronize()
            outputs[label] = [dev[i].get() for i in outs]
        entry["bitwise_equal"] = all(
            all(np.array_equal(o.view(np.uint32), b.view(np.uint32))
                for o, b in zip(outputs[label], outputs["baseline"]))
            for label in ("rtgate", "rtgate_beside_hammer"))
        fns = {"baseline": base.get_function(name),
               "rtgate": rtg.get_function(name)}
        devs = {b: tuple(run_gpu.to_device(host_args)) for b in fns}
        cp.cuda.runtime.deviceSynchronize()
        # The release gap: the baseline's median launch alone.
        warm = run_case((fns["baseline"], grid, block, devs["baseline"]),
                        None, 30, gap_fn, 0, stream, 0)[0]
        gap_ns = int(statistics.median(warm) * 1000)
        entry["gap_us"] = gap_ns / 1000.0
        for b in fns:
            run_case((fns[b], grid, block, devs[b]), None, 10, gap_fn, gap_ns,
                     stream, 0)
            entry["builds"][b] = {}
        for case, (co_name, grants, k) in cases.items():
            co = corunners.get(co_name)
            for b in fns:
                if grants == "phase" and b == "baseline":
                    continue
                gate.reset(k=k, phase_gating=int(grants == "phase"))
                window = count * (gap_ns / 1000.0 + 2 * entry["gap_us"])
                rt_t, be_t, outside = run_case(
                    (fns[b], grid, block, devs[b]), co, count, gap_fn, gap_ns,
                    stream, window, gate if grants == "launch" else None)
                st = gate.read()
                rec = run_gpu.summary(rt_t) if rt_t else {"launches": 0}
                rec["outside_window"] = outside
                if co:
                    rec["be_median_us"] = (statistics.median(be_t)
                                           if be_t else None)
                    rec["be_launches_in_window"] = len(be_t)
                    rec["be_throughput_retained"] = (
                        co.alone_full / rec["be_median_us"] if be_t else None)
                    rec["be_waits"] = int(st["be_waits"])
                    rec["recoveries"] = int(st["recoveries"])
                entry["builds"][b][case] = rec
        for b in fns:
            x = entry["builds"][b]
            a = x["alone"]
            for case in list(cases)[1:]:
                c = x.get(case, {})
                if c.get("launches"):
                    c["sensitivity_p99"] = c["p99_us"] / a["p99_us"]
                    c["sensitivity_worst"] = c["max_us"] / a["max_us"]
                    c["sensitivity_median"] = c["median_us"] / a["median_us"]
        entry["overhead"] = (entry["builds"]["rtgate"]["alone"]["median_us"] /
                             entry["builds"]["baseline"]["alone"]["median_us"])
        if args.rt_partition:
            # The baseline alone on the whole GPU: what the partition costs.
            whole = rt_stream()
            t = run_case((fns["baseline"], grid, block, devs["baseline"]),
                         None, count, gap_fn, gap_ns, whole, 0)[0]
            entry["baseline_whole_gpu_median_us"] = statistics.median(t)
            entry["overhead_vs_whole_gpu"] = (
                entry["builds"]["rtgate"]["alone"]["median_us"] /
                entry["baseline_whole_gpu_median_us"])
        result["kernels"][name] = entry
        line = " | ".join(
            f"{b} {case}: {x[case].get('median_us', 0):.1f}/"
            f"{x[case].get('p99_us', 0):.1f}/{x[case].get('max_us', 0):.1f}"
            + (f" be {x[case].get('be_throughput_retained') or 0:.2f}"
               if case != "alone" else "")
            for b, x in entry["builds"].items() for case in cases
            if case in x)
        print(f"{name}: equal {entry['bitwise_equal']} overhead "
              f"{entry['overhead']:.2f}; {line}", flush=True)
        run_gpu.write_json(args.results, slug, args.stem + ".partial", result)
    render(result, args.results, slug, cases, args.stem)
    partial = os.path.join(args.results, slug, args.stem + ".partial.json")
    if os.path.exists(partial):
        os.remove(partial)


def be_outputs_equal(corunners, hammer_as_written, gemvlong_as_written, gate):
    """Whether the best-effort kernels compiled through prem-comply (polls,
    streaming loads and stores) compute what they compute as written, bit
    for bit, the gate open: the hammer's copy, and gemvlong's y."""
    gate.reset()
    equal = {}
    for name, as_written in (("hammer_compliant", hammer_as_written),
                             ("gemvlong_compliant", gemvlong_as_written)):
        c = corunners[name]
        src, dst = c.args[0], (c.args[1] if name.startswith("hammer")
                                else c.args[2])
        if name.startswith("hammer"):
            src[:] = cp.arange(src.size, dtype=cp.float32) * 0.37
        outs = []
        for fn in (as_written, c.fn):
            dst.fill(0)
            fn((c.grid,), (c.block,), c.args, stream=c.stream)
            c.stream.synchronize()
            outs.append(dst.copy())
        equal[name] = bool(cp.array_equal(outs[0].view(cp.uint32),
                                          outs[1].view(cp.uint32)))
        if name.startswith("hammer"):
            equal[name] = equal[name] and bool(cp.array_equal(
                outs[1].view(cp.uint32), src.view(cp.uint32)))
    return equal


COMPLIANT = ("hammer_compliant", "gemvlong_compliant")


def headline(result):
    ks = result["kernels"]

    def over(build, key, cases=COMPLIANT):
        return run_gpu.geo([ks[k]["builds"][build][c].get(key) for k in ks
                    for c in cases if c in ks[k]["builds"][build]])
    head = {
        "rt_overhead_geomean": run_gpu.geo([ks[k]["overhead"] for k in ks]),
        "rt_p99_sensitivity_geomean": over("rtgate", "sensitivity_p99"),
        "rt_worst_sensitivity_geomean": over("rtgate", "sensitivity_worst"),
        "be_throughput_retained_geomean": over("rtgate",
                                               "be_throughput_retained"),
        # How many (kernel, co-runner) pairs had a co-runner launch wholly
        # inside the RT window: the geomean is over these only.
        "be_throughput_retained_pairs": sum(
            ks[k]["builds"]["rtgate"].get(c, {}).get("be_throughput_retained")
            is not None for k in ks for c in COMPLIANT),
        "rt_all_bitwise_equal": all(ks[k]["bitwise_equal"] for k in ks),
        # None: the run predates the check.
        "be_all_bitwise_equal": (all(result["be_bitwise_equal"].values())
                                 if "be_bitwise_equal" in result else None),
        "baseline_p99_sensitivity_geomean": over("baseline", "sensitivity_p99"),
        "baseline_worst_sensitivity_geomean": over("baseline",
                                                   "sensitivity_worst"),
        "baseline_be_throughput_retained_geomean": over(
            "baseline", "be_throughput_retained"),
        "unmodified_hammer_rt_p99_sensitivity_geomean": over(
            "rtgate", "sensitivity_p99", ("hammer_unmodified",)),
        "unmodified_hammer_baseline_p99_sensitivity_geomean": over(
            "baseline", "sensitivity_p99", ("hammer_unmodified",)),
    }
    head["phase_grants_rt_p99_sensitivity_geomean"] = over(
        "rtgate", "sensitivity_p99", ("hammer_compliant_phase",))
    head["phase_grants_be_throughput_retained_geomean"] = over(
        "rtgate", "be_throughput_retained", ("hammer_compliant_phase",))
    if all("overhead_vs_whole_gpu" in ks[k] for k in ks) and ks:
        head["rt_overhead_vs_whole_gpu_geomean"] = run_gpu.geo(
            [ks[k]["overhead_vs_whole_gpu"] for k in ks])
    if any("hammer_compliant_phase_k" in ks[k]["builds"]["rtgate"] for k in ks):
        head["phase_grants_k_rt_p99_sensitivity_geomean"] = over(
            "rtgate", "sensitivity_p99", ("hammer_compliant_phase_k",))
    return head


def render(result, results, slug, cases, stem="isolation"):
    head = result["headline"] = headline(result)
    out = run_gpu.write_json(results, slug, stem, result)
    m = result["machine"]
    md = [f"# Isolation on {m['gpu']} ({m['sms']} SMs)", "",
          f"{result['date']}; driver {m['driver']}; sizes {result['sizes']}; "
          f"{result['launches']} launches per kernel, build and case. "
          f"Policy: {result['policy']}. Release: {result['release']}."
          + (" SM partition (green contexts): co-runners on "
             f"{result['partition']['be_sms']} SMs, the RT kernel on "
             f"{result['partition']['rt_sms']}."
             if result.get("partition") else ""), "",
          "Polling cost of a best-effort kernel alone (time through "
          "prem-comply / as written): hammer " + ", ".join(
              f"{k} B {v:.3f}" for k, v in result["polling"]["hammer_cost"].items())
          + f"; gemvlong (256 B) {result['polling']['gemvlong_cost']:.3f}.", "",
          "RT launch times in microseconds: median / p99 / max over n "
          "launches (those that ran inside the co-runner's window; the "
          "others are not counted). sens = p99 (and worst) beside the "
          "co-runner / alone, same build. be = the co-runner's throughput "
          "beside the RT task / alone, from m of its launches (n/a: none "
          "ran wholly inside the RT task's window).", "",
          "| kernel | build | bit-equal | alone | " + " | ".join(list(cases)[1:]) + " |",
          "|---|---|---|---|" + "---|" * (len(cases) - 1)]
    for k, e in result["kernels"].items():
        for b, x in e["builds"].items():
            a = x["alone"]
            cells = []
            for c in list(cases)[1:]:
                r = x.get(c, {})
                if not r.get("launches"):
                    cells.append("-")
                    continue
                be = r.get("be_throughput_retained")
                cells.append(
                    f"{r['median_us']:.1f} / {r['p99_us']:.1f} / {r['max_us']:.1f} "
                    f"(n {r['launches']}); "
                    f"sens {r['sensitivity_p99']:.2f} ({r['sensitivity_worst']:.2f}); "
                    + (f"be {be:.2f} (m {r['be_launches_in_window']})"
                       if be is not None else "be n/a"))
            md.append(f"| {k} | {b} | {'yes' if e['bitwise_equal'] else 'NO'} | "
                      f"{a['median_us']:.1f} / {a['p99_us']:.1f} / {a['max_us']:.1f} "
                      f"(n {a['launches']}) | "
                      + " | ".join(cells) + " |")
    md += ["", "Headline: " + ", ".join(
        f"{k} {v:.3f}" if isinstance(v, float) else f"{k} {v}"
        for k, v in head.items()), ""]
    with open(os.path.join(out, stem + ".md"), "w") as f:
        f.write("\n".join(md))
    print("\n".join(md), flush=True)


if __name__ == "__main__":
    main()
