#!/usr/bin/env python3
"""GPU harness, build half (runs here, where clang and the plugin are).

  python3 bench/gpu/build.py [--out build-gpu]

Compiles the CUDA suite (bench/kernels/suite.cu) for sm_90 without the
plugin (baseline), with it in each PREM mode (GPU tiles on, arbitration
policy none), and in sdma with the "device" policy (sdma-device: one block
at a time in a memory phase) and the "tdma" policy (sdma-tdma: the
runtime's default slot table, 8 slots of 100 us), and the
runtime micro-benchmarks (bench/gpu/micro.cu), and the load-profiling
build of bench/gpu/profile_gpu.py (profile.cubin, profile.raw.sites),
and the builds of bench/gpu/isolation.py (the suite's real-time kernels
under the rtgate arbiter; bench/gpu/corunners.cu and the suite as
best-effort co-runners through prem-comply, and as written);
assembles every PTX file
with ptxas (static shared memory within 48 KiB), and writes
OUT/manifest.json: the variants, their cubins, and what the plugin did to
each kernel (from its -prem-report). bench/gpu/run_gpu.py runs them on a
GPU machine with only CUDA and CuPy: carry OUT there.
"""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
# variant -> (mode, arbitration policy)
VARIANTS = {"baseline": (None, None), "cmpt": ("cmpt", "none"),
            "dae": ("dae", "none"), "sdma": ("sdma", "none"),
            "sdma-device": ("sdma", "device"),
            "sdma-tdma": ("sdma", "tdma")}
# name -> (source, mode, arbitration policy, other plugin options)
ISOLATION = {
    "rt-rtgate": ("suite", "sdma", "rtgate", ()),
    "be-suite": ("suite", None, None, ("-prem-best-effort",)),
    "corunners": ("corunners", None, None, ()),
    "corunners-be": ("corunners", None, None, ("-prem-best-effort",)),
    "corunners-be-64": ("corunners", None, None,
                        ("-prem-best-effort", "-prem-poll-bytes=64")),
    "corunners-be-1024": ("corunners", None, None,
                          ("-prem-best-effort", "-prem-poll-bytes=1024")),
    # Compliant, but its loads and stores keep the L2 (no streaming marks):
    # interference_sources.py's reference for what the marks buy.
    "corunners-be-cached": ("corunners", None, None,
                            ("-prem-best-effort", "-prem-be-streaming=0")),
}
SMEM_BUDGET = 49152


def find_ptxas():
    for p in (shutil.which("ptxas"), "/usr/local/cuda/bin/ptxas"):
        if p and os.path.exists(p):
            return p
    return None


def cuda_path(ptxas):
    return os.path.dirname(os.path.dirname(ptxas)) if ptxas else None


def compile_ptx(args, source, out_ptx, mode, report=None, arbiter="none",
                profile=None, extra=()):
    cmd = [args.clang, "-O2", "-x", "cuda", "--cuda-gpu-arch=sm_90",
           "--cuda-device-only", "-Wno-unknown-cuda-version",
           "-I" + os.path.join(ROOT, "include"), "-S", source, "-o", out_ptx]
    if args.cuda_path:
        cmd.append("--cuda-path=" + args.cuda_path)
    if profile:
        cmd += ["-gline-tables-only", "-fpass-plugin=" + args.plugin,
                "-mllvm", "-prem-profile-generate=" + profile]
    if mode:
        cmd += ["-fpass-plugin=" + args.plugin, "-mllvm", "-prem-gpu-tiles",
                "-mllvm", "-prem-mode=" + mode,
                "-mllvm", "-prem-arbiter=" + arbiter]
        if report:
            cmd += ["-mllvm", "-prem-report=" + report]
    for flag in extra:
        cmd += ["-mllvm", flag]
    if extra:
        cmd.append("-fpass-plugin=" + args.plugin)
    subprocess.run(cmd, check=True)


def ptxas(path, ptx, arch, cubin):
    """Assembles; returns {kernel: static shared bytes}."""
    res = subprocess.run([path, "-v", "-arch=" + arch, ptx, "-o", cubin],
                         check=True, capture_output=True, text=True)
    smem, kernel = {}, None
    for line in res.stderr.splitlines():
        m = re.search(r"Compiling entry function '(\w+)'", line)
        if m:
            kernel = m.group(1)
            smem[kernel] = 0
        m = re.search(r"(\d+) bytes smem", line)
        if m and kernel:
            smem[kernel] = int(m.group(1))
    return smem


def tiles(report):
    """kernel -> what prem-tile and prem-les did, from the report."""
    with open(report) as f:
        r = json.load(f)
    out = {}
    for k in r.get("kernels", []):
        tile = k.get("prem", {})
        out[k["name"]] = {
            "transformed": bool(tile.get("transformed")),
            "reason": tile.get("reason", ""),
            "threads_per_interval": tile.get("tile_iterations"),
            "scratchpad_bytes": tile.get("scratchpad_bytes_per_tile"),
        }
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--clang", default="/usr/lib/llvm-22/bin/clang")
    ap.add_argument("--plugin", default=os.path.join(ROOT, "build", "lib",
                                                     "PremPlugin.so"))
    ap.add_argument("--out", default=os.path.join(ROOT, "build-gpu"))
    args = ap.parse_args()
    px = find_ptxas()
    if not px:
        sys.exit("build.py: ptxas not found (CUDA's bin directory); the GPU "
                 "harness needs it to make cubins")
    args.cuda_path = cuda_path(px)
    os.makedirs(args.out, exist_ok=True)
    suite = os.path.join(ROOT, "bench", "kernels", "suite.cu")
    manifest = {"arch": "sm_90", "variants": {}, "micro": "micro.cubin"}
    for variant, (mode, arbiter) in VARIANTS.items():
        ptx = os.path.join(args.out, variant + ".ptx")
        report = os.path.join(args.out, variant + "-report.json") if mode else None
        compile_ptx(args, suite, ptx, mode, report, arbiter)
        smem = ptxas(px, ptx, "sm_90", os.path.join(args.out, variant + ".cubin"))
        over = {k: b for k, b in smem.items() if b > SMEM_BUDGET}
        if over:
            sys.exit(f"build.py: {variant}: shared memory over budget: {over}")
        entry = {"cubin": variant + ".cubin", "smem": smem}
        if report:
            entry["kernels"] = tiles(report)
        manifest["variants"][variant] = entry
        print(f"{variant:8s} " + " ".join(f"{k}:{b}" for k, b in sorted(smem.items())))
    # The load profile's build (bench/gpu/profile_gpu.py): the suite as
    # written, with prem-instrument's record calls; the compiler writes the
    # sites beside the raw profile's name.
    raw = os.path.join(args.out, "profile.raw")
    compile_ptx(args, suite, os.path.join(args.out, "profile.ptx"), None,
                profile=raw)
    ptxas(px, os.path.join(args.out, "profile.ptx"), "sm_90",
          os.path.join(args.out, "profile.cubin"))
    manifest["profile"] = {"cubin": "profile.cubin",
                           "sites": "profile.raw.sites"}
    # bench/gpu/isolation.py: the suite as real-time kernels under the
    # rtgate arbiter, and best-effort co-runners made to comply by
    # prem-comply (at the default poll size and two others, to measure what
    # polling costs), beside the co-runners as written.
    corunners = os.path.join(HERE, "corunners.cu")
    isolation = {}
    for name, (source, mode, arbiter, extra) in ISOLATION.items():
        src = suite if source == "suite" else corunners
        ptx = os.path.join(args.out, name + ".ptx")
        report = os.path.join(args.out, name + "-report.json") if mode else None
        compile_ptx(args, src, ptx, mode, report, arbiter, extra=extra)
        smem = ptxas(px, ptx, "sm_90", os.path.join(args.out, name + ".cubin"))
        isolation[name] = {"cubin": name + ".cubin", "smem": smem,
                           "flags": ([f"-prem-mode={mode}",
                                      f"-prem-arbiter={arbiter}"]
                                     if mode else []) + list(extra)}
        if report:
            isolation[name]["kernels"] = tiles(report)
        print(f"{name:12s} " + " ".join(f"{k}:{b}" for k, b in sorted(smem.items())))
    manifest["isolation"] = isolation
    micro = os.path.join(args.out, "micro.ptx")
    compile_ptx(args, os.path.join(HERE, "micro.cu"), micro, "sdma")
    ptxas(px, micro, "sm_90", os.path.join(args.out, "micro.cubin"))
    with open(os.path.join(args.out, "manifest.json"), "w") as f:
        json.dump(manifest, f, indent=1)
    for v in (v for v, (mode, _) in VARIANTS.items() if mode):
        done = [k for k, t in manifest["variants"][v]["kernels"].items()
                if t["transformed"]]
        print(f"{v}: {len(done)} kernels tiled: {' '.join(sorted(done))}")
    print("wrote " + os.path.join(args.out, "manifest.json"))


if __name__ == "__main__":
    main()
