#!/usr/bin/env python3
"""The MLIR path on the host: run time of each kernel of
test/MLIR/Inputs/kernels/ lowered as written and after prem-affine in each
mode, measured side by side in one run.

  python3 bench/mlir_host.py [--spm 4096,49152] [--repeat 20] [--rounds 3]

Each build is the one test/MLIR/e2e-kernels.test checks (the runtime's
policy "none": a phase call records nothing unless a trace is asked for);
its driver calls the kernel once (memrefs hashed: every variant must be
bit-equal to the baseline) and then times --repeat more calls. The rounds
interleave the variants; the best round counts. Writes
bench/results/<machine>/mlir-host.{json,md}.
"""
import argparse
import importlib.util
import math
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)
import results_file  # noqa: E402

KERNELS = [("gemm", "gemm", ""), ("2mm", "two_mm", ""), ("atax", "atax", ""),
           ("bicg", "bicg", ""), ("jacobi-2d", "jacobi_2d", ""),
           ("conv2d", "conv2d", ""), ("fdtd-2d", "fdtd_2d", ""),
           ("matmul-linalg", "matmul", "func.func(convert-linalg-to-affine-loops)")]


def e2e_module():
    path = os.path.join(ROOT, "test", "MLIR", "Inputs", "mlir-e2e.py")
    spec = importlib.util.spec_from_file_location("mlir_e2e", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--spm", default="4096,49152")
    p.add_argument("--modes", default="cmpt,dae,sdma")
    p.add_argument("--repeat", type=int, default=20)
    p.add_argument("--rounds", type=int, default=3)
    p.add_argument("--prem", default=os.path.join(ROOT, "build"))
    p.add_argument("--results", default=os.path.join(HERE, "results"))
    a = p.parse_args()
    e2e = e2e_module()
    tools = "/usr/lib/llvm-22/bin"
    variants = ["baseline"] + ["%s-%s" % (m, s) for m in a.modes.split(",")
                               for s in a.spm.split(",")]
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for stem, func, pre in KERNELS:
            out = os.path.join(tmp, stem)
            os.makedirs(out)
            cfg = argparse.Namespace(
                mlir_opt=os.path.join(tools, "mlir-opt"),
                mlir_translate=os.path.join(tools, "mlir-translate"),
                clang=os.path.join(tools, "clang"),
                plugin=os.path.join(a.prem, "lib", "PremMLIRPlugin.so"),
                kernel=os.path.join(ROOT, "test", "MLIR", "Inputs", "kernels",
                                    stem + ".mlir"),
                out=out, pre=pre)
            with open(cfg.kernel) as f:
                args = e2e.signature(f.read(), func)
            with open(os.path.join(out, "driver.c"), "w") as f:
                f.write(e2e.driver(func, args, a.repeat))
            runtime = os.path.join(a.prem, "lib",
                                   "prem-rt-x86_64-unknown-linux-gnu.bc")
            for v in variants:
                pipeline = None
                if v != "baseline":
                    mode, spm = v.split("-")
                    pipeline = "prem-affine{spm-bytes=%s mode=%s}" % (spm, mode)
                e2e.build(cfg, pipeline, os.path.join(out, v),
                          [] if v == "baseline" else [runtime])
            best, hashes = {}, {}
            for _ in range(a.rounds):
                for v in variants:
                    r = subprocess.run([os.path.join(out, v)], capture_output=True,
                                       text=True, check=True)
                    ns = float(re.search(r"TIME (\d+)", r.stdout).group(1))
                    best[v] = min(best.get(v, math.inf), ns)
                    hashes[v] = [l for l in r.stdout.splitlines()
                                 if l.startswith("arg")]
            for v in variants:
                rows.append({"kernel": stem, "variant": v,
                             "bit_equal": hashes[v] == hashes["baseline"],
                             "us": round(best[v] / 1000, 1),
                             "ratio": round(best[v] / best["baseline"], 3)})
            print(stem, " ".join("%s %.2f" % (r["variant"], r["ratio"])
                                 for r in rows if r["kernel"] == stem), flush=True)
    geo = {}
    for v in variants[1:]:
        ratios = [r["ratio"] for r in rows if r["variant"] == v]
        geo[v] = round(math.exp(sum(map(math.log, ratios)) / len(ratios)), 3)
    result = results_file.new_result("mlir-host", repeat=a.repeat,
                                     rounds=a.rounds, rows=rows, geomean=geo)
    _, info = results_file.machine()
    md = ["# MLIR path on the host (bench/mlir_host.py)", "",
          "Machine: %s, %s cores; %s. Each kernel of test/MLIR/Inputs/kernels "
          "lowered as written (baseline) and after prem-affine (mode-spm), "
          "runtime policy none, one thread; best of %d rounds of %d calls, "
          "all variants in the same run. Ratio: time / baseline time."
          % (info["cpu"], info["cores"], result["date"], a.rounds, a.repeat), "",
          "| kernel | baseline (us) | " + " | ".join(variants[1:]) + " |",
          "| --- | ---: | " + " | ".join("---:" for _ in variants[1:]) + " |"]
    for stem, _, _ in KERNELS:
        mine = {r["variant"]: r for r in rows if r["kernel"] == stem}
        md.append("| %s | %.1f | %s |" % (stem, mine["baseline"]["us"], " | ".join(
            ("%.2f" % mine[v]["ratio"]) + ("" if mine[v]["bit_equal"] else " (DIFFERENT)")
            for v in variants[1:])))
    md.append("| geometric mean | | " + " | ".join("%.2f" % geo[v] for v in variants[1:]) + " |")
    stem = results_file.write(a.results, "mlir-host", result, md)
    print("\n".join(md))
    print("wrote", stem + ".{json,md}")
    if not all(r["bit_equal"] for r in rows):
        sys.exit(1)


if __name__ == "__main__":
    main()
