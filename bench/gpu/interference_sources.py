#!/usr/bin/env python3
"""What of a held-back best-effort co-runner still slows a real-time kernel
(issue 26), run half: runs on the GPU machine beside isolation.py and uses
its pieces. isolation.py found real-time (RT) launches 1.1x to 1.9x slower
at the median beside a compliant hammer that was held back for the whole
launch (launch grants), so not from traffic during the launch. Two causes
remain, and each case here isolates one:

  alone             the RT kernel released periodically, as in isolation.py;
  alone_l2_flushed  the same, with 128 MiB written on the RT stream before
                    each release: the RT kernel finds none of its lines in
                    the L2, which is what a co-runner running in the gap
                    leaves it;
  held_back         beside the compliant hammer whose blocks wait in the
                    gate for the whole case (another RT stream's flag up
                    throughout): resident, polling, moving nothing;
  hammer_cached     beside the compliant hammer under launch grants, built
                    with -prem-be-streaming=0: its loads and stores keep the
                    L2 (what prem-comply made before it marked them);
  hammer_compliant  the same with the hammer as prem-comply makes it: its
                    loads and stores streaming (ld.cs / st.cs, evict first
                    in the L2); isolation.py's case;
  hammer_read       the same traffic, reads only (corunners.cu's
                    hammer_read through prem-comply): no dirty line of the
                    co-runner's is left in the L2 for the RT kernel's
                    misses to write back;
  hammer_cleaned    hammer_compliant, and once the flag is up, before the
                    lead, a kernel reads 64 MiB with ld.cs on the RT stream:
                    evict-first lines go first, so the hammer's dirty lines
                    are written back before the RT launch rather than
                    during it.

If alone_l2_flushed is as slow as hammer_cached and held_back is as fast as
alone, what remains is the L2's content, not the arbiter; hammer_compliant
says how much of it the streaming marks give back.

  python3 bench/gpu/interference_sources.py --build build-gpu \\
      --results bench/results [--launches 300] [--only KERNEL...]

Writes RESULTS/<gpu>/interference-sources.json and .md.
"""
import argparse
import os
import statistics
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import isolation as iso  # noqa: E402
import run_gpu  # noqa: E402
from isolation import cp, np  # noqa: E402

KERNELS = ["jacobi2d", "gemm", "gemver", "gemv", "saxpy", "spmv"]
FLUSH_BYTES = 128 << 20  # over twice the H100's 50 MiB L2
CASES = ["alone", "alone_l2_flushed", "held_back", "hammer_cached",
         "hammer_compliant", "hammer_read", "hammer_cleaned"]
# case -> (build, kernel, clean the L2 in the lead)
CO_RUNNERS = {"hammer_cached": ("corunners-be-cached", "hammer", False),
              "hammer_compliant": ("corunners-be", "hammer", False),
              "hammer_read": ("corunners-be", "hammer_read", False),
              "hammer_cleaned": ("corunners-be", "hammer", True)}
CLEAN_BYTES = 64 << 20
CLEAN_SRC = r"""
extern "C" __global__ void clean(const float4 *buf, unsigned long long n,
                                 float *sink) {
  float acc = 0.0f;
  for (unsigned long long i = blockIdx.x * (unsigned long long)blockDim.x +
                              threadIdx.x;
       i < n; i += (unsigned long long)gridDim.x * blockDim.x) {
    float x, y, z, w;
    asm volatile("ld.global.cs.v4.f32 {%0, %1, %2, %3}, [%4];"
                 : "=f"(x), "=f"(y), "=f"(z), "=f"(w) : "l"(buf + i));
    acc += x + y + z + w;
  }
  if (acc != acc)
    sink[0] = acc;
}
"""


def periodic(fn, grid, block, args, count, gap_fn, gap_ns, stream,
             gate=None, flush=None, clean=None):
    """isolation.periodic with an optional L2 flush before each release, or
    an evict-first read (clean: (kernel, grid, args)) once the flag is
    up."""
    def flush_l2(s):
        cp.cuda.runtime.memsetAsync(flush.data.ptr, 1, FLUSH_BYTES, s.ptr)

    def clean_l2(s):
        clean[0]((clean[1],), (1024,), clean[2], stream=s)
    return iso.periodic(fn, grid, block, args, count, gap_fn, gap_ns, stream,
                        gate, flush_l2 if flush is not None else None,
                        clean_l2 if clean is not None else None)


def times(events):
    events[-1][1].synchronize()
    return [cp.cuda.get_elapsed_time(s, e) * 1000.0 for s, e in events]


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--build", default="build-gpu")
    ap.add_argument("--results", required=True)
    ap.add_argument("--launches", type=int, default=300)
    ap.add_argument("--only", nargs="*")
    args = ap.parse_args()
    if cp is None:
        sys.exit("interference_sources.py: needs NumPy and CuPy")
    manifest = run_gpu.load_manifest(args.build)
    gpu, sms, slug = run_gpu.device()

    def load(cubin):
        return cp.RawModule(path=os.path.join(args.build, cubin))
    base = load(manifest["variants"]["baseline"]["cubin"])
    rtg = load(manifest["isolation"]["rt-rtgate"]["cubin"])
    modules = {build: load(manifest["isolation"][build]["cubin"])
               for build, _, _ in CO_RUNNERS.values()}
    gate = iso.Gate()
    for m in (rtg, *modules.values()):
        gate.attach(m)
    clean_buf = cp.ones(CLEAN_BYTES // 4, cp.float32)
    clean_sink = cp.zeros(1, cp.float32)
    clean = (cp.RawKernel(CLEAN_SRC, "clean"), sms * 2,
             (clean_buf, np.uint64(CLEAN_BYTES // 16), clean_sink))
    gap_fn = cp.RawKernel(iso.GAP_SRC, "gap")
    stream = iso.rt_stream()
    flush = cp.empty(FLUSH_BYTES, cp.uint8)
    n = (512 << 20) // 16
    ha, hb = cp.ones(n * 4, cp.float32), cp.empty(n * 4, cp.float32)
    hammer_args = (ha, hb, np.uint64(n), np.int32(3))
    hammers = {case: iso.BestEffort("hammer-be",
                                    modules[build].get_function(kernel),
                                    sms // 2, 1024, hammer_args,
                                    2 * n * 16 * 3)
               for case, (build, kernel, _) in CO_RUNNERS.items()}
    for h in hammers.values():
        h.alone = h.alone_us()
    specs, sizes = run_gpu.kernels(sms, "large")
    result = {**run_gpu.result_header("interference-sources", gpu, sms),
              "sizes": sizes, "launches": args.launches,
              "flush_bytes": FLUSH_BYTES,
              "hammer_alone_us": {k: h.alone for k, h in hammers.items()},
              "kernels": {}}
    print(f"{gpu}: hammer alone {result['hammer_alone_us']}", flush=True)
    count = args.launches
    for name in args.only or KERNELS:
        grid, block, make = specs[name]
        host_args, _, _ = make(np.random.default_rng(7))
        fns = {"baseline": base.get_function(name),
               "rtgate": rtg.get_function(name)}
        devs = {b: tuple(run_gpu.to_device(host_args)) for b in fns}
        cp.cuda.runtime.deviceSynchronize()
        gate.reset()
        warm = times(periodic(fns["baseline"], grid, block, devs["baseline"],
                              30, gap_fn, 0, stream))
        gap_ns = int(statistics.median(warm) * 1000)
        entry = {"gap_us": gap_ns / 1000.0, "builds": {}}
        for b, fn in fns.items():
            rt = (fn, grid, block, devs[b])
            rec = {}
            gate.reset()
            times(periodic(*rt, 10, gap_fn, gap_ns, stream))
            rec["alone"] = times(periodic(*rt, count, gap_fn, gap_ns, stream))
            rec["alone_l2_flushed"] = times(periodic(
                *rt, count, gap_fn, gap_ns, stream, flush=flush))
            # Held back throughout: another RT stream's byte of the flag is
            # up before the hammer starts and falls after the RT launches;
            # the watchdog is set far beyond the case.
            gate.reset(watchdog_ns=30_000_000_000)
            gate.flag(hammers["hammer_compliant"].stream, 1, slot=1)
            be_ev = hammers["hammer_compliant"].launch_times(2)
            rec["held_back"] = times(periodic(*rt, count, gap_fn, gap_ns,
                                              stream))
            gate.flag(stream, 0, slot=1)
            be_ev[-1][1].synchronize()
            held = gate.read()
            rec["held_back_recoveries"] = int(held["recoveries"])
            for case, h in hammers.items():
                gate.reset()
                window = count * 3 * gap_ns / 1000.0
                cleaning = clean if CO_RUNNERS[case][2] else None

                def release(*a, cleaning=cleaning):
                    return periodic(*a, clean=cleaning)
                rt_t, be_t, _ = iso.run_case(rt, h, count, gap_fn, gap_ns,
                                             stream, window, gate, release)
                rec[case] = rt_t
                rec[case + "_be_retained"] = (
                    h.alone / statistics.median(be_t) if be_t else None)
            summ = {}
            for case in CASES:
                if rec[case]:
                    summ[case] = run_gpu.summary(rec[case])
            for case in CASES[1:]:
                if case in summ:
                    summ[case]["vs_alone_median"] = (
                        summ[case]["median_us"] / summ["alone"]["median_us"])
                    summ[case]["vs_alone_p99"] = (
                        summ[case]["p99_us"] / summ["alone"]["p99_us"])
            summ["held_back_recoveries"] = rec["held_back_recoveries"]
            for case in CO_RUNNERS:
                summ[case + "_be_retained"] = rec[case + "_be_retained"]
            entry["builds"][b] = summ
            print(f"{name} {b}: " + " | ".join(
                f"{c} {summ[c]['median_us']:.1f}/{summ[c]['p99_us']:.1f}"
                for c in CASES if c in summ)
                + " | be kept " + " ".join(
                    f"{summ[c + '_be_retained']}" for c in CO_RUNNERS),
                flush=True)
        result["kernels"][name] = entry
        run_gpu.write_json(args.results, slug, "interference-sources", result)
    render(result, args.results, slug)


def render(result, results, slug):
    m = result["machine"]
    md = [f"# What slows a real-time kernel beside a held-back co-runner: "
          f"{m['gpu']} ({m['sms']} SMs)", "",
          f"{result['date']}; sizes {result['sizes']}; {result['launches']} "
          "launches per kernel, build and case; bench/gpu/"
          "interference_sources.py (its docstring defines the cases). "
          "Median / p99 in microseconds, and the median's ratio to alone.",
          "", "| kernel | build | " + " | ".join(CASES) + " | be kept ("
          + " / ".join(CO_RUNNERS) + ") |",
          "|---|---|" + "---|" * (len(CASES) + 1)]
    for k, e in result["kernels"].items():
        for b, s in e["builds"].items():
            cells = []
            for c in CASES:
                if c not in s:
                    cells.append("-")
                    continue
                r = f"{s[c]['median_us']:.1f} / {s[c]['p99_us']:.1f}"
                if "vs_alone_median" in s[c]:
                    r += f" ({s[c]['vs_alone_median']:.2f})"
                cells.append(r)
            kept = " / ".join(
                f"{s[c + '_be_retained']:.2f}" if s[c + "_be_retained"] else "n/a"
                for c in CO_RUNNERS)
            md.append(f"| {k} | {b} | " + " | ".join(cells) + f" | {kept} |")
    out = os.path.join(results, slug)
    with open(os.path.join(out, "interference-sources.md"), "w") as f:
        f.write("\n".join(md) + "\n")
    print("\n".join(md), flush=True)


if __name__ == "__main__":
    main()
