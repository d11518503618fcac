#!/usr/bin/env python3
"""Compile-time benchmark: for every suite kernel, clang -O2 (OpenMP host
offload, the whole offload compile) with and without the prem pipeline,
measured side by side in one run, and the share of each prem pass.

  python3 bench/compile_time.py [--reps 5] [--size small|medium|large]
                                [--before OLD/lib/PremPlugin.so
                                 --before-label COMMIT]

Each kernel is compiled on its own: the script cuts bench/kernels/suite.c
into one translation unit per kernel (the shared helpers, that kernel's
function without its sequential reference, a main that calls it). Per
kernel: best-of-reps wall time of
both builds (interleaved), the ratio, the peak resident memory of the
compiler (largest process of the compile, GNU time), and from one
-ftime-report run the seconds each prem pass took in the device compile.
Then the whole suite.c in one compile, as a program is built (every
kernel's device code in one module), best of reps likewise.
With --before, a second plugin (another build's lib/PremPlugin.so, its
prem-rt-*.bc beside it) is measured in the same run, interleaved with the
other two, so that a change's effect is read side by side rather than
across runs on a machine whose speed drifts.
Writes bench/results/<machine>/compile-time-<size>.json and .md.
"""
import argparse
import math
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "kernels"))
sys.path.insert(0, HERE)
import suite_build  # noqa: E402
import results_file  # noqa: E402

ROOT = os.path.dirname(HERE)
PASS_TIME = re.compile(r"^\s*[\d.]+ \([\s\d.]+%\).*?([\d.]+) \([\s\d.]+%\)\s+"
                       r"(prem::\w+|\{anonymous\}::DeviceModulePipeline)$")


def split_suite(source):
    """One translation unit per kernel: (function name, C text)."""
    text = open(source).read()
    kernels = set(suite_build.FUNCTION.values())
    found = [m for m in re.finditer(r"^static uint64_t (\w+)\(void\) \{.*?^\}\n",
                                    text, re.M | re.S) if m.group(1) in kernels]
    helpers = text[:found[0].start()]
    units = {}
    for m in found:
        # Without the sequential reference (suite -c): host code that would
        # weigh on both builds alike and hide the device compile's share.
        body = re.sub(r"^  if \(checking\) \{\n.*?^  \}\n", "", m.group(0),
                      flags=re.M | re.S)
        units[m.group(1)] = (helpers + body +
                             f'int main(void) {{ printf("%016llx\\n", '
                             f'(unsigned long long){m.group(1)}()); return 0; }}\n')
    return units


def compile_once(clang, flags, src, out):
    """Wall seconds and peak RSS (KiB) of one compile."""
    r = subprocess.run(["/usr/bin/time", "-f", "%e %M", clang, *flags, "-c",
                        src, "-o", out], check=True, capture_output=True,
                       text=True)
    wall, rss = r.stderr.strip().splitlines()[-1].split()
    return float(wall), int(rss)


def best_of(clang, builds, src, obj, reps):
    """Per build, the best wall seconds and the largest peak RSS (KiB) of
    reps compiles of src, the builds interleaved."""
    best = {build: (math.inf, 0) for build, _ in builds}
    for _ in range(reps):
        for build, flags in builds:
            wall, rss = compile_once(clang, flags, src, obj)
            best[build] = (min(best[build][0], wall), max(best[build][1], rss))
    return best


def pass_times(clang, flags, src):
    r = subprocess.run([clang, *flags, "-ftime-report", "-c", src, "-o",
                        os.devnull], check=True, capture_output=True, text=True)
    times = {}
    for line in r.stderr.splitlines():
        m = PASS_TIME.match(line)
        if m:
            name = m.group(2).replace("prem::", "").replace("{anonymous}::", "")
            times[name] = times.get(name, 0.0) + float(m.group(1))
    return times


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--reps", type=int, default=5)
    ap.add_argument("--size", choices=suite_build.SIZES, default="medium")
    ap.add_argument("--clang", default="/usr/lib/llvm-22/bin/clang")
    ap.add_argument("--plugin", default=os.path.join(ROOT, "build", "lib",
                                                     "PremPlugin.so"))
    ap.add_argument("--before", metavar="PLUGIN",
                    help="another build of the plugin, measured side by side")
    ap.add_argument("--before-label", metavar="TEXT",
                    help="what --before was built from (default: its path)")
    ap.add_argument("--results", default=os.path.join(HERE, "results"))
    args = ap.parse_args()
    if args.before and not os.path.isfile(args.before):
        ap.error(f"--before: no plugin at {args.before}")
    before_label = args.before_label or args.before

    base = suite_build.OFFLOAD + suite_build.SIZES[args.size]
    prem = base + [f"-fpass-plugin={args.plugin}"]
    builds = [("baseline", base), ("prem", prem)]
    if args.before:
        builds.append(("before", base + [f"-fpass-plugin={args.before}"]))
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for name, unit in split_suite(os.path.join(HERE, "kernels",
                                                   "suite.c")).items():
            src = os.path.join(tmp, name + ".c")
            with open(src, "w") as f:
                f.write(unit)
            best = best_of(args.clang, builds, src,
                           os.path.join(tmp, name + ".o"), args.reps)
            row = {
                "kernel": name,
                "baseline_s": best["baseline"][0], "prem_s": best["prem"][0],
                "ratio": round(best["prem"][0] / best["baseline"][0], 3),
                "baseline_peak_rss_kib": best["baseline"][1],
                "prem_peak_rss_kib": best["prem"][1],
                "prem_pass_s": {k: round(v, 4) for k, v in
                                pass_times(args.clang, prem, src).items()}}
            if args.before:
                row["before_s"] = best["before"][0]
                row["before_ratio"] = round(
                    best["before"][0] / best["baseline"][0], 3)
            rows.append(row)
        # The whole file in one compile (every kernel's device code in one
        # module, their sequential references on the host), as users build it.
        whole = {build: wall for build, (wall, _) in best_of(
            args.clang, builds, os.path.join(HERE, "kernels", "suite.c"),
            os.path.join(tmp, "suite.o"), args.reps).items()}
    whole_file = {f"{build}_s": whole[build] for build, _ in builds}
    whole_file["ratio"] = round(whole["prem"] / whole["baseline"], 3)
    if args.before:
        whole_file["before_ratio"] = round(whole["before"] /
                                           whole["baseline"], 3)

    def geometric_mean(key):
        return round(math.exp(sum(math.log(r[key]) for r in rows) /
                              len(rows)), 3)
    geomean = geometric_mean("ratio")
    extra = {}
    if args.before:
        extra = {"before_plugin": before_label,
                 "before_geomean_ratio": geometric_mean("before_ratio")}
    result = results_file.new_result(
        "compile-time", size=args.size, reps=args.reps,
        command="clang " + " ".join(base) + " -c <kernel>.c "
                "[-fpass-plugin=PremPlugin.so]",
        method="best wall time of reps (builds interleaved), peak RSS = "
               "largest process of the compile (GNU time), pass seconds from "
               "-ftime-report",
        kernels=rows, geomean_ratio=geomean, whole_file=whole_file, **extra)
    info = result["machine"]
    passes = ["ReportSnapshotPass", "PremTilePass", "PremLESPass",
              "PremSyncPass", "LinkRuntimePass", "ReportPass"]
    lines = [f"# Compile time, suite size {args.size}", "",
             f"Machine: {info['cpu']}, {info['cores']} cores; {result['date']}. "
             f"`clang -O2` OpenMP host offload, one kernel per compile, best of "
             f"{args.reps}, with and without the plugin in the same run"
             + (f", and with the plugin before the change "
                f"({before_label}), "
                "interleaved" if args.before else "") + ".", "",
             "| kernel | baseline (s) | prem (s) | ratio | "
             + ("before (s) | before ratio | " if args.before else "")
             + "peak RSS base/prem (MiB) | "
             + " | ".join(p.replace("Pass", "") for p in passes) + " |",
             "| --- | ---: | ---: | ---: | "
             + ("---: | ---: | " if args.before else "") + "---: | "
             + " | ".join("---:" for _ in passes) + " |"]
    for r in rows:
        lines.append(
            f"| {r['kernel']} | {r['baseline_s']:.2f} | {r['prem_s']:.2f} | "
            f"{r['ratio']:.2f} | "
            + (f"{r['before_s']:.2f} | {r['before_ratio']:.2f} | "
               if args.before else "")
            + f"{r['baseline_peak_rss_kib'] / 1024:.0f}/"
            f"{r['prem_peak_rss_kib'] / 1024:.0f} | "
            + " | ".join(f"{r['prem_pass_s'].get(p, 0):.3f}" for p in passes) + " |")
    lines.append(f"| geometric mean | | | {geomean:.2f} | "
                 + (f"| {extra['before_geomean_ratio']:.2f} | "
                    if args.before else "") + "| "
                 + " | ".join("" for _ in passes) + " |")
    lines.append(f"| whole suite.c, one compile | {whole['baseline']:.2f} | "
                 f"{whole['prem']:.2f} | {whole_file['ratio']:.2f} | "
                 + (f"{whole['before']:.2f} | {whole_file['before_ratio']:.2f} | "
                    if args.before else "") + "| "
                 + " | ".join("" for _ in passes) + " |")
    lines.append("")
    lines.append("Pass columns: seconds in the device compile "
                 "(ReportSnapshot runs the analyses: kernels, footprint, tiling).")
    stem = results_file.write(args.results, f"compile-time-{args.size}", result,
                              lines)
    print("\n".join(lines))
    print(f"\nwritten: {stem}.json, {stem}.md")


if __name__ == "__main__":
    main()
