#!/usr/bin/env python3
"""Sets of bench/kernels/hand-tiled/others, built and run as
hand-tiled-cuda.test runs the hand-tiled suite, the sets side by side
(for hand-tiled-others.test).

  hand-tiled-others.py --clang CLANG --plugin PLUGIN --src PREM_SRC
      --out DIR --runtime NO_RUNTIME_BC [--modes sdma,dae] [--ptxas PTXAS]
      [--compile-only] SET...

Each SET.cu is compiled without the plugin (DIR/SET.base.ll) and with it in
each mode (DIR/SET.<mode>.ll, its remarks in DIR/SET.<mode>.remarks; -g,
so they name lines), each build verified; the analysis's view of the
baseline goes to DIR/SET.phases (print<prem-barrier-phases>). Each build
is made host IR (nvptx-on-host.py) and linked with
test/E2E/Inputs/others/SET-main.c on cuda-emu.h; the baseline runs
(DIR/SET.base.txt), each plugin build runs with EMU_GUARD=strict (the
drivers mark the kernels the plugin refuses; DIR/SET.<mode>.txt: a global
access outside a memory phase stops it), and its HASH lines must be the baseline's. With --ptxas, the first
mode's PTX with the device runtime must pass ptxas for sm_90. With
--compile-only (a set without a driver) nothing runs.

Prints nothing when everything holds; else what failed, exit status 1.
"""
import argparse
import concurrent.futures
import os
import subprocess
import sys

CUDA_BARE = ["-x", "cuda", "--cuda-gpu-arch=sm_90", "--cuda-device-only",
             "-nocudainc", "-nocudalib", "--cuda-path=/nonexistent",
             "--cuda-feature=+ptx80", "-Wno-unknown-cuda-version"]


class Failed(Exception):
    pass


def run(cmd, out=None, env=None, timeout=120):
    """Runs cmd; its stdout to the file out (else discarded), its stderr
    returned; Failed with cmd and its stderr when it fails."""
    with open(out or os.devnull, "w") as f:
        try:
            p = subprocess.run(cmd, stdout=f, stderr=subprocess.PIPE,
                               text=True, env=env, timeout=timeout)
        except subprocess.TimeoutExpired:
            raise Failed(f"timed out: {' '.join(cmd)}")
    if p.returncode:
        raise Failed(f"exit {p.returncode}: {' '.join(cmd)}\n{p.stderr}")
    return p.stderr


def hashes(path):
    with open(path) as f:
        return [l for l in f if l.startswith("HASH ")]


def one_set(args, name):
    inputs = os.path.join(args.src, "test", "E2E", "Inputs")
    source = os.path.join(args.src, "bench", "kernels", "hand-tiled",
                          "others", name + ".cu")
    stem = os.path.join(args.out, name)
    cuda = ["-O2", *CUDA_BARE, "-include",
            os.path.join(inputs, "cuda-builtins.h")]
    prem = [f"-fpass-plugin={args.plugin}"]
    modes = args.modes.split(",")

    run([args.clang, *cuda, "-S", "-emit-llvm", source, "-o",
         stem + ".base.ll"])
    run(["opt", "-load-pass-plugin", args.plugin,
         "-passes=print<prem-barrier-phases>", "-disable-output",
         stem + ".base.ll"], out=stem + ".phases")
    for mode in modes:
        remarks = run([args.clang, *cuda, *prem, "-g", "-S", "-emit-llvm",
                       source, "-o", f"{stem}.{mode}.ll",
                       "-mllvm", f"-prem-mode={mode}",
                       "-mllvm", f"-prem-runtime={args.runtime}",
                       "-Rpass=prem", "-Rpass-missed=prem",
                       "-fno-caret-diagnostics"])
        with open(f"{stem}.{mode}.remarks", "w") as f:
            f.write(remarks)
        run(["opt", "-passes=verify", "-disable-output", f"{stem}.{mode}.ll"])
    if args.ptxas:
        run([args.clang, *cuda, *prem, "-mllvm", f"-prem-mode={modes[0]}",
             "-S", source, "-o", stem + ".s"])
        run([args.ptxas, "-arch=sm_90", stem + ".s", "-o", stem + ".cubin"])
    if args.compile_only:
        return

    for build in ["base", *modes]:
        host = f"{stem}.{build}.host.ll"
        run([sys.executable, os.path.join(inputs, "nvptx-on-host.py"),
             f"{stem}.{build}.ll"], out=host)
        run([args.clang, "-O0", "-Wno-override-module", "-c", host, "-o",
             f"{stem}.{build}.o"])
        run([args.clang, "-O1", "-I", inputs,
             os.path.join(inputs, "others", name + "-main.c"),
             f"{stem}.{build}.o", "-o", f"{stem}.{build}", "-lpthread",
             "-lm"])
    run([f"{stem}.base"], out=stem + ".base.txt")
    base = hashes(stem + ".base.txt")
    if not base:
        raise Failed("no HASH lines")
    guarded = dict(os.environ, EMU_GUARD="strict")
    for mode in modes:
        run([f"{stem}.{mode}"], out=f"{stem}.{mode}.txt", env=guarded)
        if hashes(f"{stem}.{mode}.txt") != base:
            raise Failed(f"-prem-mode={mode}: outputs differ from the "
                         f"baseline's ({stem}.base.txt, {stem}.{mode}.txt)")


def main():
    ap = argparse.ArgumentParser()
    for a in ("--clang", "--plugin", "--src", "--out", "--runtime"):
        ap.add_argument(a, required=True)
    ap.add_argument("--modes", default="sdma")
    ap.add_argument("--ptxas")
    ap.add_argument("--compile-only", action="store_true")
    ap.add_argument("sets", nargs="+")
    args = ap.parse_args()
    with concurrent.futures.ThreadPoolExecutor(len(args.sets)) as pool:
        jobs = {name: pool.submit(one_set, args, name) for name in args.sets}
    failed = 0
    for name, job in jobs.items():
        try:
            job.result()
        except Failed as e:
            failed += 1
            print(f"hand-tiled-others.py: {name}: {e}", file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
