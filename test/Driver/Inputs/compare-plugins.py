#!/usr/bin/env python3
"""Compiles the same device code with two builds of the plugin and compares
what they emit, byte for byte.

  compare-plugins.py --clang CLANG [--opt OPT] --plugin A.so --other B.so
                     --src ROOT
                     --runtime EMPTY.bc --out DIR [--only BUILD...]
                     [--everything] [--labels A B] [--ignore REGEX]

Two uses:
- the IR the plugin emits must not depend on the compiler that built it (no
  IRBuilder calls nested as sibling arguments, no isl calls that consume a
  value a sibling argument reads): one plugin built by g++, one by clang++;
- a refactoring changes no behaviour (--everything, the plugin before and
  after): besides the IR, the remarks (YAML), the report (JSON), the
  analyses' printers (print<prem-kernels>, print<prem-footprint>,
  print<prem-tiling>) and what the passes say on stderr, over more builds
  (the suites on AMDGPU too, OpenMP NVPTX with a 4 KiB scratchpad).

Prints one line per build and a summary; exits 1 on the first difference,
naming the build, the output and the first differing line.
"""
import argparse
import json
import difflib
import os
import re
import subprocess
import sys

CUDA_BARE = ["-x", "cuda", "--cuda-gpu-arch=sm_90", "--cuda-device-only",
             "-nocudainc", "-nocudalib", "--cuda-path=/nonexistent",
             "--cuda-feature=+ptx80", "-Wno-unknown-cuda-version"]
HOST = ["-fopenmp", "-fopenmp-targets=x86_64-unknown-linux-gnu",
        "--offload-device-only"]
NVPTX = ["-fopenmp", "--offload-arch=sm_90", "--offload-device-only",
         "-nogpulib", "--cuda-feature=+ptx80"]
AMDGPU = ["-fopenmp", "--offload-arch=gfx90a", "--offload-device-only",
          "-nogpulib"]


def builds(src, everything=False):
    """name -> (source, clang flags, plugin options)."""
    suite_c = os.path.join(src, "bench", "kernels", "suite.c")
    suite_cu = os.path.join(src, "bench", "kernels", "suite.cu")
    emu = ["-include", os.path.join(src, "test", "E2E", "Inputs",
                                    "cuda-builtins.h"), "-DNCOLS=160"]
    t = os.path.join(src, "test", "Transforms")
    out = {}
    for mode in ("cmpt", "dae", "sdma"):
        for size, defs in (("small", ["-DN2=16", "-DN3=8"]),
                           ("medium", ["-DN2=96", "-DN3=24"])):
            out[f"host-suite-{size}-{mode}"] = (
                suite_c, HOST + defs, [f"-prem-mode={mode}"])
        out[f"host-suite-4k-{mode}"] = (
            suite_c, HOST + ["-DN2=96", "-DN3=24"],
            [f"-prem-mode={mode}", "-prem-spm-bytes=4096"])
        out[f"cuda-suite-{mode}"] = (suite_cu, CUDA_BARE + emu,
                                     [f"-prem-mode={mode}"])
        out[f"nvptx-suite-{mode}"] = (
            suite_c, NVPTX + ["-DN2=512"], [f"-prem-mode={mode}",
                                            "-prem-gpu-tiles"])
    out["cuda-suite-rtgate"] = (suite_cu, CUDA_BARE + emu,
                                ["-prem-arbiter=rtgate"])
    out["cuda-suite-best-effort"] = (suite_cu, CUDA_BARE + emu,
                                     ["-prem-best-effort"])
    for name in ("prem-tile-2d.c", "prem-tile-inner.c", "prem-scatter.c",
                 "prem-tile-outside.c", "prem-gather.c"):
        for spm in ("2048", "49152"):
            out[f"{name}-{spm}"] = (os.path.join(t, name), HOST,
                                    [f"-prem-spm-bytes={spm}"])
    out["prem-gpu-tile-inner.c-nvptx"] = (
        os.path.join(t, "prem-gpu-tile-inner.c"), NVPTX, ["-prem-gpu-tiles"])
    out["prem-gpu-tile.c-amdgpu"] = (
        os.path.join(t, "prem-gpu-tile.c"), AMDGPU, ["-prem-gpu-tiles"])
    out["gemm-spm100"] = (os.path.join(t, "Inputs", "gemm64.c"), HOST,
                          ["-prem-spm-bytes=100"])
    # Hand-tiled kernels (issue 29): phases at their own barriers, edge
    # blocks, hoisted loads.
    out["cuda-hand-tiled"] = (
        os.path.join(src, "bench", "kernels", "hand-tiled", "handtiled.cu"),
        CUDA_BARE + emu, [])
    if everything:
        for mode in ("cmpt", "dae", "sdma"):
            out[f"amdgpu-suite-{mode}"] = (
                suite_c, AMDGPU + ["-DN2=512"], [f"-prem-mode={mode}",
                                                 "-prem-gpu-tiles"])
            out[f"nvptx-suite-4k-{mode}"] = (
                suite_c, NVPTX + ["-DN2=512"],
                [f"-prem-mode={mode}", "-prem-gpu-tiles",
                 "-prem-spm-bytes=4096"])
            out[f"cuda-suite-4k-{mode}"] = (
                suite_cu, CUDA_BARE + emu,
                [f"-prem-mode={mode}", "-prem-spm-bytes=4096"])
    return out


def device_ir(clang, source, flags, path):
    """The device module as the plugin sees it under clang (the lit
    suite's %..._device_ir): after inlining and loop canonicalisation,
    before unrolling and vectorisation."""
    cmd = [clang, "-O2", "-fno-unroll-loops", "-fno-vectorize",
           "-fno-discard-value-names", "-S", "-emit-llvm", *flags, source,
           "-o", path]
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode:
        sys.exit(f"compare-plugins: {os.path.basename(path)}: clang "
                 f"failed:\n{r.stderr[-2000:]}")


def transform(opt, plugin, ir, options, runtime, path, everything=False):
    """The prem pipeline on ir, as the plugin emits it (no later pass can
    hide an order that depends on the host compiler): {output: lines}."""
    cmd = [opt, "-load-pass-plugin", plugin, "-passes=prem,verify", "-S", ir,
           "-o", path, "-prem-runtime=" + runtime, *options]
    if everything:
        cmd += ["-pass-remarks-output=" + path + ".remarks.yaml",
                "-prem-report=" + path + ".report.json"]
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode:
        sys.exit(f"compare-plugins: {os.path.basename(path)}: opt failed "
                 f"({plugin}):\n{r.stderr[-2000:]}")
    out = {}
    with open(path) as f:
        out["IR"] = f.read().splitlines()
    if not everything:
        return out
    out["stderr"] = r.stderr.splitlines()
    for what in ("remarks.yaml", "report.json"):
        # A build with nothing to report (best-effort code) writes none.
        if os.path.exists(path + "." + what):
            with open(path + "." + what) as f:
                out[what] = f.read().splitlines()
        else:
            out[what] = ["(no file)"]
    cmd = [opt, "-load-pass-plugin", plugin, "-disable-output", ir,
           "-passes=print<prem-kernels>,print<prem-footprint>,"
           "print<prem-tiling>", *options]
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode:
        sys.exit(f"compare-plugins: {os.path.basename(path)}: the printers "
                 f"failed ({plugin}):\n{r.stderr[-2000:]}")
    out["printers"] = (r.stdout + r.stderr).splitlines()
    return out


def without_tiling(out):
    """Drops the report's 'tiling' objects and print<prem-tiling>'s lines."""
    if out.get("report.json", ["(no file)"]) != ["(no file)"]:
        report = json.loads("\n".join(out["report.json"]))
        for k in report.get("kernels", []):
            k.pop("tiling", None)
        out["report.json"] = json.dumps(report, indent=2).splitlines()
    if "printers" in out:
        lines = out["printers"]
        at = next((i for i, l in enumerate(lines)
                   if l.startswith("prem-tiling:")), len(lines))
        out["printers"] = lines[:at]


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--clang", required=True)
    ap.add_argument("--opt", default="opt")
    ap.add_argument("--plugin", required=True)
    ap.add_argument("--other", required=True)
    ap.add_argument("--src", required=True)
    ap.add_argument("--runtime", required=True,
                    help="runtime bitcode for every build (an empty module: "
                    "the comparison is of what the passes emit)")
    ap.add_argument("--out", required=True)
    ap.add_argument("--only", nargs="*", help="these builds only")
    ap.add_argument("--everything", action="store_true",
                    help="more builds, and remarks, report, printers and "
                    "stderr besides the IR")
    ap.add_argument("--labels", nargs=2, default=["g++ build",
                                                  "clang++ build"])
    ap.add_argument("--ignore", metavar="REGEX",
                    help="leave out lines that match (a change meant to "
                    "differ, e.g. a remark's new name)")
    ap.add_argument("--without-tiling", action="store_true",
                    help="leave out the tile decision's own outputs (the "
                    "report's 'tiling' objects, print<prem-tiling>), for a "
                    "change meant to alter them alone")
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)
    n = 0
    for name, (source, flags, options) in builds(args.src,
                                                 args.everything).items():
        if args.only and name not in args.only:
            continue
        ir = os.path.join(args.out, name + ".ll")
        device_ir(args.clang, source, flags, ir)
        a = transform(args.opt, args.plugin, ir, options, args.runtime,
                      os.path.join(args.out, name + ".a.ll"), args.everything)
        b = transform(args.opt, args.other, ir, options, args.runtime,
                      os.path.join(args.out, name + ".b.ll"), args.everything)
        if args.ignore:
            drop = re.compile(args.ignore)
            for out in (a, b):
                for what in out:
                    out[what] = [l for l in out[what] if not drop.search(l)]
        if args.without_tiling:
            for out in (a, b):
                without_tiling(out)
        for what in a:
            if a[what] != b[what]:
                diff = list(difflib.unified_diff(
                    a[what], b[what], args.labels[0], args.labels[1], n=1,
                    lineterm=""))
                print(f"{name}: DIFFERS ({what})")
                print("\n".join(diff[:40]))
                sys.exit(1)
        n += 1
        print(f"{name}: same ({len(a['IR'])} lines"
              + (", remarks, report, printers, stderr)" if args.everything
                 else ")"))
    print(f"{n} builds, the same " +
          ("outputs" if args.everything else "IR") + " from both plugins")


if __name__ == "__main__":
    main()
