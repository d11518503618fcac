#!/usr/bin/env python3
"""Build the kernel suite for host offload without the plugin and with it in
each PREM mode, at one data size, and run every build.

Sizes: small (every loop one tile), medium (most loops several tiles) and
large (PolyBench's standard dataset as the seeds use it, N = 1024 for the
2-D kernels, 128 for the 3-D ones; benchmarks only, a run takes minutes).
Every build checks each kernel's outputs against its sequential reference
(suite -c), and the PREM builds' outputs must equal the baseline's bit for
bit.

Shared by the end-to-end test (test/E2E/suite-modes.test) and the host-offload
benchmark (bench/host_offload.py). Builds run in parallel; each build's report
(-prem-report) and phase summary (PREM_TRACE_SUMMARY) are kept.
"""
import argparse
import concurrent.futures
import json
import os
import re
import subprocess
import sys

MODES = ["cmpt", "dae", "sdma"]
SIZES = {"small": ["-DN2=16", "-DN3=8"], "medium": ["-DN2=96", "-DN3=24"],
         "large": ["-DN2=1024", "-DN3=128"]}
OFFLOAD = ["-O2", "-fopenmp", "-fopenmp-targets=x86_64-unknown-linux-gnu"]
SUMMARY = re.compile(r"prem: (\d+) phase changes \((\d+) recorded: (\d+) memory, "
                     r"(\d+) execute\) by (\d+) agents")


def build(clang, plugin, source, out, size, mode, extra, prem_extra=()):
    """Compile (plugin options, prem_extra among them, at the compile step
    only) and link."""
    exe = os.path.join(out, f"suite-{size}-{mode or 'base'}")
    cflags = OFFLOAD + SIZES[size] + extra
    if mode:
        obj = exe + ".o"
        subprocess.run([clang, *cflags, f"-fpass-plugin={plugin}",
                        "-mllvm", f"-prem-mode={mode}",
                        "-mllvm", f"-prem-report={exe}.json", *prem_extra,
                        "-c", source, "-o", obj], check=True)
        subprocess.run([clang, *OFFLOAD, obj, "-lm", "-o", exe], check=True)
    else:
        subprocess.run([clang, *cflags, source, "-lm", "-o", exe], check=True)
    return exe


def run(exe, args=()):
    env = dict(os.environ, OMP_TARGET_OFFLOAD="MANDATORY",
               PREM_TRACE_SUMMARY="1")
    p = subprocess.run([exe, *args], env=env, check=True, capture_output=True,
                       text=True)
    m = SUMMARY.search(p.stderr)
    phases = None
    if m:
        total, recorded, memory, execute, agents = map(int, m.groups())
        phases = {"changes": total, "memory": memory, "execute": execute,
                  "agents": agents, "recorded": recorded,
                  "complete": total == recorded}
    return p.stdout, phases


def hashes(checked):
    """[(kernel, hash)] of a `suite -c` run."""
    return [tuple(line.split()[:2]) for line in checked.splitlines()]


def unchecked(size, build, checked):
    """Prints the kernels of a `suite -c` run that differ from their
    reference; True when there are any."""
    bad = [line.split() for line in checked.splitlines()
           if line.split()[2] != "ok"]
    for name, _, _, error in bad:
        print(f"{size}: {build}: {name} DIFFERS FROM ITS REFERENCE "
              f"(relative difference {error})")
    return bool(bad)


def build_all(clang, plugin, source, out, size, extra=(), prem_extra=()):
    os.makedirs(out, exist_ok=True)
    with concurrent.futures.ThreadPoolExecutor(max_workers=os.cpu_count()) as pool:
        jobs = {m: pool.submit(build, clang, plugin, source, out, size, m,
                               list(extra), list(prem_extra))
                for m in [None] + MODES}
        return {m: j.result() for m, j in jobs.items()}


# Suite kernel names as main() prints them, by the C function that runs them
# (the function names the OpenMP kernels).
FUNCTION = {"gemm": "gemm", "2mm": "mm2", "3mm": "mm3", "atax": "atax",
            "bicg": "bicg", "mvt": "mvt", "gesummv": "gesummv",
            "spmv": "spmv", "gemver": "gemver", "syrk": "syrk", "syr2k": "syr2k",
            "covariance": "covariance", "correlation": "correlation",
            "conv2d": "conv2d", "conv3d": "conv3d", "jacobi-2d": "jacobi2d",
            "fdtd-2d": "fdtd2d", "doitgen": "doitgen"}


def function_of(kernel_symbol):
    """The C function of an OpenMP kernel symbol
    (__omp_offloading_<dev>_<file>_<function>_l<line>)."""
    rest = kernel_symbol.removeprefix("__omp_offloading_")
    return rest.split("_", 2)[-1].rsplit("_l", 1)[0]


def loops(report_file):
    """(kernel, transformed, record) for every kernel of a report."""
    with open(report_file) as f:
        report = json.load(f)
    for k in report["kernels"]:
        prem = k.get("prem", {})
        yield k["name"], prem.get("transformed", False), prem


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--clang", required=True)
    ap.add_argument("--plugin", required=True)
    ap.add_argument("--source", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--size", choices=SIZES, required=True)
    ap.add_argument("--spm", type=int,
                    help="scratchpad bytes (-prem-spm-bytes) instead of the "
                    "target's default")
    args = ap.parse_args()

    prem_extra = ["-mllvm", f"-prem-spm-bytes={args.spm}"] if args.spm else []
    exes = build_all(args.clang, args.plugin, args.source, args.out, args.size,
                     prem_extra=prem_extra)
    checked, _ = run(exes[None], ["-c"])
    base = hashes(checked)
    failed = unchecked(args.size, "baseline", checked)
    phases = {}
    for mode in MODES:
        checked, phases[mode] = run(exes[mode], ["-c"])
        failed |= unchecked(args.size, mode, checked)
        out = hashes(checked)
        if out != base:
            failed = True
            print(f"{args.size}: {mode}: OUTPUT DIFFERS")
            for b, o in zip(base, out):
                if b != o:
                    print(f"  baseline {' '.join(b)}\n  {mode:8} {' '.join(o)}")
    if not failed:
        print(f"{args.size}: {len(base)} kernels, outputs equal to their "
              "sequential reference, and bit for bit equal to the baseline in "
              f"{' '.join(MODES)}")

    report = list(loops(exes["sdma"] + ".json"))
    done = [r for _, t, r in report if t]
    print(f"{args.size}: {len(done)} of {len(report)} loops transformed")
    for name, t, r in report:
        if not t:
            print(f"{args.size}: not transformed: {function_of(name)}: "
                  f"{r.get('reason', '?')}")
    intervals = sorted({r["intervals"] for r in done if "intervals" in r})
    print(f"{args.size}: intervals per loop: {' '.join(map(str, intervals))}")
    for name, t, r in report:
        if t and "depth-1" in r.get("tile", ""):
            print(f"{args.size}: {function_of(name)}: {r['tile']}")
    for name, t, r in report:
        for a in r.get("arrays", []) if t else []:
            if a.get("transfer") == "2d":
                print(f"{args.size}: {function_of(name)}: {a['name']} as "
                      f"{a.get('rows', '?')} rows {a['pitch']} bytes apart, "
                      f"{a.get('interval_bytes', '?')} bytes per tile")
            if a.get("transfer") == "gather":
                print(f"{args.size}: {function_of(name)}: "
                      f"{a['loads']} indirect load(s) of "
                      f"{' '.join(a['arrays'])} gathered, "
                      f"{a.get('interval_bytes', '?')} bytes per tile")

    # Every tile a phase record: cmpt has one memory phase per tile; dae and
    # sdma a Load, an Execute and a Store phase per tile when the tile takes
    # the scratchpad path (a tile on the global path has one memory phase).
    tiles = phases["cmpt"]["memory"]
    for mode in ("dae", "sdma"):
        p = phases[mode]
        on_spm = p["execute"]
        if not (p["complete"] and phases["cmpt"]["complete"]):
            # The trace buffer keeps the first PREM_TRACE_CAPACITY phase
            # changes only: the counts would compare different prefixes.
            print(f"{args.size}: {mode}: phase counts not checked: the trace "
                  f"buffer kept {p['recorded']} of "
                  f"{p['changes']} phase changes")
            continue
        ok = p["memory"] == tiles + on_spm
        print(f"{args.size}: {mode}: {on_spm} of {tiles} tiles on the "
              f"scratchpad path{'' if ok else ' (PHASE COUNTS INCONSISTENT)'}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
