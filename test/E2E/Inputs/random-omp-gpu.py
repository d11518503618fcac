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
import argparse
import concurrent.futures
import importlib.util
import os
import random
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
_spec = importlib.util.spec_from_file_location(
    "random_cuda", os.path.join(HERE, "random-cuda.py"))
random_cuda = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(random_cuda)

OMP = ["-fopenmp", "--offload-arch=sm_90", "--offload-device-only",
       "-nogpulib", "--cuda-feature=+ptx80", "-fno-discard-value-names"]
VARIANTS = random_cuda.VARIANTS
TILED = re.compile(r"kernel __omp_offloading_\w+?_(k\d+)_l\d+: "
                   r"(worksharing loop|depth-1 loop|depth-2 loop) tiled")
PHASES = random_cuda.PHASES
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
             f"  for (int i = {k.offset}; i < {k.rows}; i++) {{"]
    indent = "    "
    for loop, trip in zip(k.loops, k.trips):
        if k.rolled:
            lines.append(f"{indent}#pragma unroll 1")
        lines.append(f"{indent}for (int {loop} = 0; {loop} < {trip}; "
                     f"{loop}++) {{")
        indent += "  "
    lines += [indent + s for s in k.body]
    for _ in k.loops:
        indent = indent[:-2]
        lines.append(indent + "}")
    lines += ["  }", "}", ""]
    return "\n".join(lines)


def driver(k, captured):
    """Runs kN's parallel region over its rows, one chunk per block, its
    arrays in the order the region takes them (clang's captures)."""
    n = k.name
    kind = {a: w for a, _, w in k.arrays}
    decls = [f"static {'int' if w == 'perm' else 'float'} *{n}_{a};"
             for a, _, w in k.arrays]
    types = ", ".join("int *" if kind[a] == "perm" else "float *"
                      for a in captured)
    args = ", ".join(f"{n}_{a}" for a in captured)
    run = [f"void omp_region_{n}(int *, int *, long, long, {types});", *decls,
           f"static void run_{n}(void) {{ omp_region_{n}(&Gtid, &Btid, "
           f"chunkLb(), chunkUb(), {args}); }}"]
    main = [f"  {n}_{a} = {'perm' if w == 'perm' else 'data'}({size});"
            for a, size, w in k.arrays]
    main.append(f"  launchRegion(run_{n}, {k.rows - k.offset}, {k.threads}, "
                f"{k.threads});")
    written = [(a, size) for a, size, w in k.arrays if w is True]
    hashes = " ^ ".join(f"hash({n}_{a}, {size})" for a, size in written)
    main.append(f'  printf("HASH {n} %016llx\\n", '
                f"(unsigned long long)({hashes}));")
    main.append(f'  printf("PHASES {n} memory %ld execute %ld done %ld '
                'outside %ld\\n", MemPhases, ComputePhases, Exits, '
                "OutsidePhases);")
    main.append("  MemPhases = ComputePhases = Exits = OutsidePhases = 0;")
    return run, main


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
        f.write('#include "omp-gpu-emu.h"\n#include "float-hash.h"\n\n'
                "#include <stdio.h>\n\n"
                "static int Gtid, Btid;\n\n"
                "// A permutation of 0..n-1 (Fisher-Yates, a fixed seed).\n"
                "static int *perm(int n) {\n"
                "  int *p = malloc(sizeof(int) * n);\n"
                "  for (int e = 0; e < n; e++)\n"
                "    p[e] = e;\n"
                "  for (int e = n - 1; e > 0; e--) {\n"
                "    EmuSeed = EmuSeed * 1103515245u + 12345u;\n"
                "    int r = (int)((EmuSeed >> 16) % (unsigned)(e + 1)), t = p[e];\n"
                "    p[e] = p[r], p[r] = t;\n"
                "  }\n"
                "  return p;\n"
                "}\n\n"
                + "\n".join(run) +
                "\n\nint main(void) {\n" + "\n".join(main) +
                "\n  return 0;\n}\n")


def build_and_run(args, seed, variant):
    d = os.path.join(args.out, str(seed))
    name = "base" if variant is None else f"{variant[0]}-{variant[1] or 'default'}"
    if variant is None:
        stem, tiled = os.path.join(d, name), {}
    else:
        stem, tiled = compile_ir(args, d, name, variant)
    with open(stem + ".host.ll", "w") as f:
        subprocess.run([sys.executable,
                        os.path.join(args.inputs, "nvptx-on-host.py"),
                        stem + ".ll"], check=True, stdout=f)
    subprocess.run([args.clang, "-O0", "-Wno-override-module", "-c",
                    stem + ".host.ll", "-o", stem + ".o"], check=True)
    subprocess.run([args.clang, "-O1", "-I", args.inputs, "-I", d,
                    os.path.join(d, "rand-main.c"), stem + ".o", "-o", stem,
                    "-lpthread"], check=True)
    r = subprocess.run([stem], capture_output=True, text=True)
    return (r.stdout if r.returncode == 0
            else f"HASH CRASHED (exit status {r.returncode})\n"), tiled


def main():
    ap = argparse.ArgumentParser()
    for opt in ("--clang", "--plugin", "--runtime", "--inputs", "--out"):
        ap.add_argument(opt, required=True)
    ap.add_argument("--seeds", type=int, nargs="+", required=True)
    ap.add_argument("--kernels", type=int, default=20)
    args = ap.parse_args()
    for seed in args.seeds:
        d = os.path.join(args.out, str(seed))
        os.makedirs(d, exist_ok=True)
        generate(args, seed, d)
    jobs = [(s, v) for s in args.seeds for v in [None] + VARIANTS]
    with concurrent.futures.ThreadPoolExecutor(os.cpu_count()) as pool:
        results = dict(zip(jobs, pool.map(lambda j: build_and_run(args, *j),
                                          jobs)))
    builds, kinds, tiles, outside_runs = 0, {}, 0, 0
    for seed in args.seeds:
        base = [l for l in results[(seed, None)][0].splitlines()
                if l.startswith("HASH")]
        for v in VARIANTS:
            out, tiled = results[(seed, v)]
            builds += 1
            if [l for l in out.splitlines() if l.startswith("HASH")] != base:
                print(f"seed {seed} {v}: output DIFFERS from the baseline")
            for kind in tiled.values():
                kinds[kind] = kinds.get(kind, 0) + 1
            if v[0] == "cmpt":
                continue
            # A tile on the scratchpad path enters two memory phases and an
            # Execute phase; the last chunk of inner tiles (and a tile that
            # took the global path) one memory phase, as does each run of
            # the accesses outside an inner tile's loop (counted apart).
            for name, memory, execute, done, outside in PHASES.findall(out):
                memory, execute, done, outside = map(
                    int, (memory, execute, done, outside))
                tiles += execute
                outside_runs += outside
                compatible = done - execute - outside
                expected = 1 if tiled.get(name, "").startswith("depth") else 0
                if (compatible != expected or
                        memory != 2 * execute + compatible + outside):
                    print(f"seed {seed} {v} {name}: {compatible - expected} "
                          f"tile(s) on the GLOBAL PATH or phases unpaired "
                          f"(memory {memory}, execute {execute}, done {done}, "
                          f"outside {outside})")
    print(f"{len(args.seeds)} seeds x {args.kernels} kernels: {builds} builds, "
          "outputs equal to the baseline in every one; tiled: " +
          ", ".join(f"{kinds.get(k, 0)} {k}" for k in
                    ("worksharing loop", "depth-1 loop", "depth-2 loop")) +
          f"; {tiles} tiles on the scratchpad path, {outside_runs} "
          "compatible intervals outside tiled loops")


if __name__ == "__main__":
    main()
