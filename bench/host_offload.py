#!/usr/bin/env python3
"""Host-offload benchmark: run time of every suite kernel built without the
plugin and with it in each PREM mode, measured side by side in one run.

  python3 bench/host_offload.py [--size small|medium|large] [--reps 10] [--rounds 7]

Builds the suite (bench/kernels/suite_build.py), then, kernel by kernel, runs
the four builds in turn (one process each, so that no kernel runs after
another in the same process), round after round so that machine drift hits
them alike; each run times the kernel's target regions `reps` times and keeps
the best; a kernel's time is the median over rounds of those bests. Prints a table of ratios (mode /
baseline) and their geometric mean, and writes
bench/results/<machine>/host-offload-<size>.json and .md. On a CPU this tells
the cost of the transformation, not its predictability.
"""
import argparse
import math
import os
import statistics
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "kernels"))
sys.path.insert(0, HERE)
import suite_build  # noqa: E402
import results_file  # noqa: E402

ROOT = os.path.dirname(HERE)


def timed(exe, reps, kernel):
    out = subprocess.run([exe, "-t", str(reps), kernel], check=True,
                         capture_output=True,
                         text=True,
                         env=dict(os.environ, OMP_TARGET_OFFLOAD="MANDATORY")).stdout
    times, hashes = {}, {}
    for line in out.splitlines():
        name, h, ns = line.split()
        times[name], hashes[name] = int(ns), h
    return times, hashes


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--size", choices=suite_build.SIZES, default="medium")
    ap.add_argument("--reps", type=int, default=10)
    ap.add_argument("--rounds", type=int, default=7)
    ap.add_argument("--clang", default="/usr/lib/llvm-22/bin/clang")
    ap.add_argument("--plugin", default=os.path.join(ROOT, "build", "lib",
                                                     "PremPlugin.so"))
    ap.add_argument("--out", default=os.path.join(ROOT, "build", "bench",
                                                  "host-offload"))
    ap.add_argument("--results", default=os.path.join(HERE, "results"))
    args = ap.parse_args()

    exes = suite_build.build_all(args.clang, args.plugin,
                                 os.path.join(HERE, "kernels", "suite.c"),
                                 args.out, args.size)
    builds = {"baseline": exes[None], **{m: exes[m] for m in suite_build.MODES}}
    samples = {b: {} for b in builds}
    # One process per kernel and build: kernels run before another would
    # otherwise change its time (caches, the OpenMP thread pool).
    for _ in range(args.rounds):
        for k in suite_build.FUNCTION:
            reference = None
            for b, exe in builds.items():
                times, hashes = timed(exe, args.reps, k)
                if reference is None:
                    reference = hashes
                if hashes != reference:
                    sys.exit(f"{b}: {k}: output differs from the baseline")
                samples[b].setdefault(k, []).append(times[k])
    median = {b: {k: statistics.median(v) for k, v in s.items()}
              for b, s in samples.items()}
    kernels = list(median["baseline"])
    transformed = {}
    for name, t, _ in suite_build.loops(exes["sdma"] + ".json"):
        transformed.setdefault(suite_build.function_of(name), []).append(t)

    rows, ratios = [], {m: [] for m in suite_build.MODES}
    for k in kernels:
        base = median["baseline"][k]
        tiled = transformed.get(suite_build.FUNCTION[k], [])
        row = {"kernel": k, "baseline_ns": base,
               "loops_transformed": sum(tiled), "loops": len(tiled)}
        for m in suite_build.MODES:
            r = median[m][k] / base
            row[m + "_ns"] = median[m][k]
            row[m + "_ratio"] = round(r, 4)
            ratios[m].append(r)
        rows.append(row)
    geomean = {m: round(math.exp(sum(map(math.log, v)) / len(v)), 4)
               for m, v in ratios.items()}
    # What the plugin did to each target loop (the sdma build's report).
    loops = []
    for name, t, r in suite_build.loops(exes["sdma"] + ".json"):
        loop = {"function": suite_build.function_of(name),
                "line": int(name.rsplit("_l", 1)[1]), "transformed": t}
        if t:
            loop.update({key: r.get(key) for key in (
                "tile", "tile_iterations", "intervals",
                "scratchpad_bytes_per_tile", "load_bytes_per_tile",
                "store_bytes_per_tile")})
        else:
            loop["reason"] = r.get("reason", "?")
        loops.append(loop)

    result = results_file.new_result(
        "host-offload", size=args.size, reps=args.reps, rounds=args.rounds,
        method="one process per kernel and build; best of reps per run, "
               "median over rounds; builds interleaved in one run; time = "
               "the kernel's target regions, data mapping included",
        kernels=rows, geomean_ratio=geomean, loops=loops)
    info = result["machine"]
    lines = [f"# Host-offload run time, suite size {args.size}", "",
             f"Machine: {info['cpu']}, {info['cores']} cores ({info['arch']}); "
             f"{result['date']}. Ratio = PREM build / baseline build, same run "
             f"({args.rounds} rounds, best of {args.reps} per round, median).",
             "", "| kernel | loops tiled | baseline (ms) | cmpt | dae | sdma |",
             "| --- | --- | ---: | ---: | ---: | ---: |"]
    for r in rows:
        lines.append(f"| {r['kernel']} | {r['loops_transformed']}/{r['loops']} | "
                     f"{r['baseline_ns'] / 1e6:.3f} | {r['cmpt_ratio']:.3f} | "
                     f"{r['dae_ratio']:.3f} | {r['sdma_ratio']:.3f} |")
    lines.append(f"| geometric mean | | | {geomean['cmpt']:.3f} | "
                 f"{geomean['dae']:.3f} | {geomean['sdma']:.3f} |")
    lines += ["", "Per target loop, what the plugin did (the sdma build's "
              "-prem-report): the tile, the PREM intervals of an agent's "
              "chunk, and bytes per tile.", "",
              "| loop | tile | intervals | scratchpad B | load B | store B |",
              "| --- | --- | ---: | ---: | ---: | ---: |"]
    for lp in loops:
        where = f"{lp['function']}:{lp['line']}"
        if lp["transformed"]:
            tile = lp["tile"] or f"{lp['tile_iterations']} SIMT iterations"
            cells = [lp[k] for k in ("intervals", "scratchpad_bytes_per_tile",
                                     "load_bytes_per_tile",
                                     "store_bytes_per_tile")]
            lines.append(f"| {where} | {tile} | " + " | ".join(
                "-" if c is None else str(c) for c in cells) + " |")
        else:
            lines.append(f"| {where} | not transformed: {lp['reason']} | | "
                         "| | |")
    base_name = results_file.write(args.results, f"host-offload-{args.size}",
                                   result, lines)
    print("\n".join(lines))
    print(f"\nwritten: {base_name}.json, {base_name}.md")


if __name__ == "__main__":
    main()
