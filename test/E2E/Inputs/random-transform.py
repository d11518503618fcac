"""Build and run the random affine kernels (random-affine.py's rand-run.c)
without the plugin and with it, in several modes and tile sizes, and compare
the outputs; see transform-random-affine.test."""
import argparse
import concurrent.futures
import os
import re
import subprocess
import sys

OFFLOAD = ["-O2", "-fopenmp", "-fopenmp-targets=x86_64-unknown-linux-gnu"]
# (mode, SIMT iterations per tile or None: as many as fit, scratchpad bytes
# or None: the default). 1 KiB is too small for most SIMT iterations, so the
# depth-1 loop is tiled instead.
VARIANTS = [("cmpt", None, None), ("dae", 1, None), ("sdma", 1, None),
            ("dae", 5, None), ("sdma", 5, None), ("dae", None, None),
            ("sdma", None, None), ("dae", None, 1024), ("sdma", None, 1024)]
ENV = dict(os.environ, OMP_TARGET_OFFLOAD="MANDATORY", OMP_THREAD_LIMIT="1",
           PREM_TRACE_SUMMARY="1")
SUMMARY = re.compile(r"(\d+) memory, (\d+) execute\) by \d+ agents, (\d+) memory "
                     r"phases outside tiles")


def variant_name(variant):
    return ("base" if variant is None else
            f"{variant[0]}-{variant[1] or 'fit'}-{variant[2] or 'default'}")


def build(args, src, inc, exe, variant):
    """Builds src (include paths inc) into exe, without the plugin (variant
    None) or with it in the variant's mode, tile size and scratchpad; the
    plugin's remarks."""
    if variant is None:
        subprocess.run([args.clang, *OFFLOAD, *inc, src, "-o", exe], check=True)
        return ""
    mode, iterations, spm = variant
    opts = ["-mllvm", f"-prem-mode={mode}"]
    if iterations:
        opts += ["-mllvm", f"-prem-tile-iterations={iterations}"]
    if spm:
        opts += ["-mllvm", f"-prem-spm-bytes={spm}"]
    p = subprocess.run([args.clang, *OFFLOAD, *inc, f"-fpass-plugin={args.plugin}",
                        *opts, "-Rpass=prem", "-c", src, "-o", exe + ".o"],
                       check=True, capture_output=True, text=True)
    subprocess.run([args.clang, *OFFLOAD, exe + ".o", "-o", exe], check=True)
    return p.stderr


def build_all(args, build_and_run):
    """build_and_run(args, seed, variant) of the baseline (variant None) and
    every variant of every seed, in parallel: {(seed, variant): result}."""
    jobs = [(s, v) for s in args.seeds for v in [None] + VARIANTS]
    with concurrent.futures.ThreadPoolExecutor(os.cpu_count()) as pool:
        return dict(zip(jobs, pool.map(lambda j: build_and_run(args, *j), jobs)))


def build_and_run(args, seed, variant):
    d = os.path.join(args.out, str(seed))
    exe = os.path.join(d, variant_name(variant))
    remarks = build(args, os.path.join(d, "rand-run.c"), ["-I", args.inputs, "-I", d],
                    exe, variant)
    tiled = remarks.count("loop tiled")
    r = subprocess.run([exe], env=ENV, check=True, capture_output=True, text=True)
    m = SUMMARY.search(r.stderr)
    # (Accesses outside an inner tile's loop: a memory phase each run.)
    memory, execute, outside = map(int, m.groups()) if m else (0, 0, 0)
    return r.stdout, tiled, memory - outside, execute


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--clang", required=True)
    ap.add_argument("--plugin", required=True)
    ap.add_argument("--inputs", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--seeds", type=int, nargs="+", required=True)
    args = ap.parse_args()
    for seed in args.seeds:
        d = os.path.join(args.out, str(seed))
        os.makedirs(d, exist_ok=True)
        subprocess.run([sys.executable, os.path.join(args.inputs, "random-affine.py"),
                        str(seed), "20", d], check=True)
    results = build_all(args, build_and_run)
    builds = tiled = tiles = 0
    for seed in args.seeds:
        base = results[(seed, None)][0]
        kernels = len(base.splitlines())
        for v in VARIANTS:
            out, t, memory, execute = results[(seed, v)]
            builds += 1
            tiled += t
            if out != base:
                print(f"seed {seed} {v}: output DIFFERS from the baseline")
            if v[0] != "cmpt":
                tiles += execute
                if memory != 2 * execute:
                    print(f"seed {seed} {v}: {memory - 2 * execute} tile(s) on "
                          f"the GLOBAL PATH")
    print(f"{len(args.seeds)} seeds x {kernels} kernels: {builds} builds, outputs "
          f"equal to the baseline in every one; {tiled} loops tiled, {tiles} "
          f"tiles on the scratchpad path")


if __name__ == "__main__":
    main()
