#!/usr/bin/env python3
"""Property test of the OpenMP NVPTX team tiles: random-cuda.py's random
kernels written as OpenMP target regions (teams distribute parallel for over
the rows, thread_limit the CUDA kernel's block size), built for sm_90
without the plugin and with it (-prem-gpu-tiles) in each mode and at several
shared-memory budgets, their parallel regions run on the CPU by the emulator
(omp-gpu-emu.h), outputs compared bit for bit; see
transform-random-omp-gpu.test.

  random-omp-gpu.py --clang CLANG --plugin PLUGIN --runtime EMPTY.bc
                    --inputs DIR --out DIR --seeds S... [--kernels K]

A team's chunk is as many rows as the block has threads; where it does not
fit, the block's threads tile the depth-1 loop together, or below one of
its iterations the depth-2 loop, each thread its own row. The loop's last
chunk is shorter: it runs a chunk tile like the others, but the original
code where the others run inner tiles (one memory phase).
"""
import importlib.util
import os
import random
import re
import subprocess

HERE = os.path.dirname(os.path.abspath(__file__))
_spec = importlib.util.spec_from_file_location(
    "random_cuda", os.path.join(HERE, "random-cuda.py"))
random_cuda = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(random_cuda)

OMP = ["-fopenmp", "--offload-arch=sm_90", "--offload-device-only",
       "-nogpulib", "--cuda-feature=+ptx80", "-fno-discard-value-names"]
TILED = re.compile(r"kernel __omp_offloading_\w+?_(k\d+)_l\d+: "
                   r"(worksharing loop|depth-1 loop|depth-2 loop) tiled")
REGION = re.compile(r"define internal void @__omp_offloading_\w+?_(k\d+)_l\d+"
                    r"_omp_outlined_omp_outlined\((.*)\) #\d+ \{")


def source(k):
    """The kernel as a host function with one target region."""
    params, maps = [], []
    for n, size, w in k.arrays:
        params.append(f"const int *restrict {n}" if w == "perm" else
                      f"const float *restrict {n}" if not w else
                      f"float *restrict {n}")
        maps.append(f"map({'tofrom' if w is True else 'to'}: {n}[0:{size}])")
    lines = [f"void {k.name}({', '.join(params)}) {{",
             f"#pragma omp target teams distribute parallel for "
             f"thread_limit({k.threads}) {' '.join(maps)}",
             f"  for (int i = {k.offset}; i < {k.rows}; i++) {{",
             *k.nest("    "), "  }", "}", ""]
    return "\n".join(lines)


def driver(k, captured):
    """Runs kN's parallel region over its rows, one chunk per block, its
    arrays in the order the region takes them (clang's captures)."""
    n = k.name
    kind = {a: w for a, _, w in k.arrays}
    types = ", ".join("int *" if kind[a] == "perm" else "float *"
                      for a in captured)
    args = ", ".join(f"{n}_{a}" for a in captured)
    return k.runner(
        f"void omp_region_{n}(int *, int *, long, long, {types});",
        f"omp_region_{n}(&Gtid, &Btid, chunkLb(), chunkUb(), {args})",
        f"launchRegion(run_{n}, {k.rows - k.offset}, {k.threads}, "
        f"{k.threads})")


def compile_ir(args, d, name, variant):
    stem = os.path.join(d, name)
    cmd = [args.clang, "-O2", *OMP, "-S", "-emit-llvm",
           os.path.join(d, "rand.c"), "-o", stem + ".ll"]
    if variant:
        mode, spm = variant
        cmd += [f"-fpass-plugin={args.plugin}", "-mllvm", "-prem-gpu-tiles",
                "-mllvm", f"-prem-mode={mode}",
                "-mllvm", f"-prem-runtime={args.runtime}", "-Rpass=prem"]
        if spm:
            cmd += ["-mllvm", f"-prem-spm-bytes={spm}"]
    p = subprocess.run(cmd, check=True, capture_output=True, text=True)
    return stem, dict(TILED.findall(p.stderr))


def generate(args, seed, out):
    rng = random.Random(seed)
    kernels = [random_cuda.Kernel(rng, f"k{n}") for n in range(args.kernels)]
    with open(os.path.join(out, "rand.c"), "w") as f:
        f.write(f"// random-omp-gpu.py, seed {seed}\n\n")
        f.write("\n".join(source(k) for k in kernels))
    # The order each region takes its arrays in, from the baseline's IR.
    stem, _ = compile_ir(args, out, "base", None)
    with open(stem + ".ll") as f:
        captured = {m.group(1): [p.split("%")[-1] for p in
                                 m.group(2).split(", ")[4:]]
                    for m in REGION.finditer(f.read())}
    run, main = [], []
    for k in kernels:
        r, m = driver(k, captured[k.name])
        run += r
        main += m
    with open(os.path.join(out, "rand-main.c"), "w") as f:
        f.write(random_cuda.driver_source(
            "omp-gpu-emu.h", ["static int Gtid, Btid;", *run], main))


def build_and_run(args, seed, variant):
    d = os.path.join(args.out, str(seed))
    name = "base" if variant is None else f"{variant[0]}-{variant[1] or 'default'}"
    if variant is None:
        stem, tiled = os.path.join(d, name), {}
    else:
        stem, tiled = compile_ir(args, d, name, variant)
    return random_cuda.run_emulated(args, d, stem), tiled


def main():
    args = random_cuda.arguments()
    for seed in args.seeds:
        generate(args, seed, os.path.join(args.out, str(seed)))
    # The last chunk runs the original code where the others run inner
    # tiles; chunk tiles run it too.
    random_cuda.check(args, random_cuda.build_all(args, build_and_run),
                      ("worksharing loop", "depth-1 loop", "depth-2 loop"),
                      lambda kind: kind is not None and
                      kind.startswith("depth"))


if __name__ == "__main__":
    main()
