#!/usr/bin/env python3
"""Property test of the thread-block tiles: random CUDA kernels (a thread per
row, a bounds guard, no loop or one or two loops in it, random affine reads,
writes each thread owns) built without the plugin and with it in each mode
and at several shared-memory budgets, run on the CPU by the emulator
(cuda-emu.h), outputs compared bit for bit; see transform-random-cuda.test.

  random-cuda.py --clang CLANG --plugin PLUGIN --runtime EMPTY.bc
                 --inputs DIR --out DIR --seeds S... [--kernels K]

A smaller budget than a block's data makes the plugin tile the depth-1 loop
and, below one of its iterations, the depth-2 loop, the block's threads
together. Every block but the last is full; the last is partial (the
original code in one memory phase). Threads never write an element another
thread reads or writes (a thread's writes are in its row, or in its column of
an array with a column per thread), so the baseline has one right answer.
Some row writes are scatters: the element's place in the row read from a
permutation array (p[...]), so each thread still writes only its own row.
"""
import argparse
import concurrent.futures
import os
import random
import re
import subprocess
import sys

CUDA = ["-x", "cuda", "--cuda-gpu-arch=sm_90", "--cuda-device-only",
        "-nocudainc", "-nocudalib", "--cuda-path=/nonexistent",
        "--cuda-feature=+ptx80", "-Wno-unknown-cuda-version"]
# (mode, -prem-spm-bytes or None: the target's 48 KiB)
VARIANTS = [("cmpt", None), ("dae", None), ("sdma", None), ("dae", 4096),
            ("sdma", 4096), ("cmpt", 1024), ("dae", 1024), ("sdma", 1024),
            ("sdma", 256)]
TILED = re.compile(r"kernel (k\d+): (thread block|depth-1 loop|depth-2 loop) "
                   r"tiled")
PHASES = re.compile(r"PHASES (k\d+) memory (\d+) execute (\d+) done (\d+) "
                    r"outside (\d+)")


class Kernel:
    def __init__(self, rng, name):
        self.name = name
        self.threads = rng.choice([8, 16, 32])
        self.offset = rng.choice([0, 1])
        # Three full blocks and a partial one.
        self.rows = (self.offset + 3 * self.threads +
                     rng.randint(1, self.threads - 1))
        self.blocks = (self.rows - self.offset + self.threads - 1) // self.threads
        depth = rng.choice([0, 1, 1, 2, 2, 2])
        self.trips = [rng.randint(2, 40) for _ in range(depth)]
        self.loops = ["j", "k"][:depth]
        self.rolled = rng.random() < 0.85
        self.arrays = []  # (name, elements, written or "perm")
        reads = [self.read_array(rng, f"a{n}")
                 for n in range(rng.randint(1, 3))]
        statements = []
        for n in range(rng.randint(1, 2)):
            target = self.written_array(rng, f"w{n}")
            terms = [rng.choice(reads) for _ in range(rng.randint(1, 3))]
            value = " + ".join(terms)
            # (Read-modify-write: a scatter's element would be gathered too,
            # which is refused; mostly plain scatters.)
            if rng.random() < (0.15 if re.search(r"\bp\d+\[", target) else 0.6):
                value = f"{target} * 0.5f + {value}"
            statements.append(f"{target} = {value};")
        self.body = statements

    def top(self, coeffs, c0):
        """The largest index an affine access reaches."""
        ci, *cl = coeffs
        return ci * (self.rows - 1) + sum(
            c * (t - 1) for c, t in zip(cl, self.trips)) + c0

    def index(self, coeffs, c0):
        names = ["i"] + self.loops
        parts = [f"{c} * {n}" if c != 1 else n
                 for c, n in zip(coeffs, names) if c]
        if c0:
            parts.append(str(c0))
        return " + ".join(parts) or "0"

    def read_array(self, rng, name):
        """A read-only array: affine in the row and the loops, with
        translates (a stencil's neighbours) around one access."""
        pitch = rng.randint(4, 48)
        coeffs = [rng.choice([0, 1, pitch, pitch])]
        for t in self.trips:
            coeffs.append(rng.choice([0, 1, 1, 2, pitch]))
        base = [rng.randint(0, 3)]
        for _ in range(rng.randint(0, 2)):
            base.append(base[0] + rng.choice([-1, 1, 2, -coeffs[0],
                                              coeffs[0]]))
        # No index below 0: the smallest row is the offset, loops start at 0.
        low = min(base) + coeffs[0] * self.offset
        shift = -low if low < 0 else 0
        offsets = [b + shift for b in base]
        size = max(self.top(coeffs, c) for c in offsets) + 1
        self.arrays.append((name, size, False))
        terms = [f"{name}[{self.index(coeffs, c)}]" for c in offsets]
        return " + ".join(terms) if len(terms) == 1 else f"({' + '.join(terms)})"

    def written_array(self, rng, name):
        """A written array: each thread's elements are its own, in its row
        (i * pitch + an offset below the pitch) or its column (a column per
        thread, rows of more columns than threads)."""
        loop_coeffs, stride = [], 1
        for t in reversed(self.trips):
            c = rng.choice([0, stride, 2 * stride])
            loop_coeffs.insert(0, c)
            stride = max(stride, c * t if c else stride)
        c0 = rng.randint(0, 2)
        span = sum(c * (t - 1) for c, t in zip(loop_coeffs, self.trips)) + c0 + 1
        if self.trips and rng.random() < 0.3:
            # A column per thread: element (offset, i) of rows of `columns`.
            columns = self.rows + rng.randint(0, 5)
            coeffs = [1] + [c * columns for c in loop_coeffs]
            c0 *= columns
            size = span * columns
        else:
            pitch = span + rng.randint(0, 3)
            coeffs = [pitch] + loop_coeffs
            size = pitch * self.rows
            if self.trips and rng.random() < 0.35:
                # A scatter within the row: its place from a permutation of
                # the row's first `span` places.
                perm = f"p{name[1:]}"
                self.arrays.append((perm, span, "perm"))
                self.arrays.append((name, size, True))
                place = self.index([0] + loop_coeffs, c0)
                return f"{name}[{pitch} * i + {perm}[{place}]]"
        self.arrays.append((name, size, True))
        return f"{name}[{self.index(coeffs, c0)}]"

    def source(self):
        params = [f"const int *__restrict__ {n}" if w == "perm"
                  else f"const float *__restrict__ {n}" if not w
                  else f"float *__restrict__ {n}" for n, _, w in self.arrays]
        lines = ['extern "C" __global__ void '
                 f"__launch_bounds__({self.threads})",
                 f"{self.name}({', '.join(params)}, int m) {{",
                 f"  int i = blockIdx.x * blockDim.x + threadIdx.x"
                 f"{' + 1' if self.offset else ''};",
                 "  if (i < m) {", *self.nest("    "), "  }", "}", ""]
        return "\n".join(lines)

    def nest(self, indent):
        """The loops and the statements in them, a row's work."""
        lines = []
        for loop, trip in zip(self.loops, self.trips):
            if self.rolled:
                lines.append(f"{indent}#pragma unroll 1")
            lines.append(f"{indent}for (int {loop} = 0; {loop} < {trip}; "
                         f"{loop}++) {{")
            indent += "  "
        lines += [indent + s for s in self.body]
        for _ in self.loops:
            indent = indent[:-2]
            lines.append(indent + "}")
        return lines

    def driver(self):
        n = self.name
        args = ", ".join(f"{n}_{a}" for a, _, _ in self.arrays)
        types = ", ".join("int *" if w == "perm" else "float *"
                          for _, _, w in self.arrays)
        return self.runner(f"void {n}({types}, int);",
                           f"{n}({args}, {self.rows})",
                           f"launch(run_{n}, {self.blocks}, {self.threads})")

    def runner(self, prototype, call, launch):
        """The emulated program's lines for the kernel: its arrays and
        run_<name> (the call), and main's (allocate, launch, print the
        hash of the written arrays and the phases)."""
        n = self.name
        decls = [f"static {'int' if w == 'perm' else 'float'} *{n}_{a};"
                 for a, _, w in self.arrays]
        run = [prototype, *decls,
               f"static void run_{n}(void) {{ {call}; }}"]
        main = [f"  {n}_{a} = {'perm' if w == 'perm' else 'data'}({size});"
                for a, size, w in self.arrays]
        main.append(f"  {launch};")
        written = [(a, size) for a, size, w in self.arrays if w is True]
        hashes = " ^ ".join(f"hash({n}_{a}, {size})" for a, size in written)
        main.append(f'  printf("HASH {n} %016llx\\n", '
                    f"(unsigned long long)({hashes}));")
        main.append(f'  printf("PHASES {n} memory %ld execute %ld done %ld '
                    'outside %ld\\n", MemPhases, ComputePhases, Exits, '
                    "OutsidePhases);")
        main.append("  MemPhases = ComputePhases = Exits = OutsidePhases = 0;")
        return run, main


def driver_source(emulator, run, main):
    """The emulated program: the kernels' runners and a main running them."""
    return (f'#include "{emulator}"\n#include "float-hash.h"\n\n'
            "#include <stdio.h>\n\n"
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


def generate(seed, count, out):
    rng = random.Random(seed)
    kernels = [Kernel(rng, f"k{n}") for n in range(count)]
    with open(os.path.join(out, "rand.cu"), "w") as f:
        f.write(f"// random-cuda.py, seed {seed}\n\n")
        f.write("\n".join(k.source() for k in kernels))
    run, main = [], []
    for k in kernels:
        r, m = k.driver()
        run += r
        main += m
    with open(os.path.join(out, "rand-main.c"), "w") as f:
        f.write(driver_source("cuda-emu.h", run, main))


def build_and_run(args, seed, variant):
    d = os.path.join(args.out, str(seed))
    name = "base" if variant is None else f"{variant[0]}-{variant[1] or 'default'}"
    stem = os.path.join(d, name)
    cmd = [args.clang, "-O2", *CUDA, "-include",
           os.path.join(args.inputs, "cuda-builtins.h"), "-S", "-emit-llvm",
           os.path.join(d, "rand.cu"), "-o", stem + ".ll"]
    if variant:
        mode, spm = variant
        cmd += [f"-fpass-plugin={args.plugin}", "-mllvm", f"-prem-mode={mode}",
                "-mllvm", f"-prem-runtime={args.runtime}", "-Rpass=prem"]
        if spm:
            cmd += ["-mllvm", f"-prem-spm-bytes={spm}"]
    p = subprocess.run(cmd, check=True, capture_output=True, text=True)
    return run_emulated(args, d, stem), dict(TILED.findall(p.stderr))


def run_emulated(args, d, stem):
    """Builds stem.ll for the CPU with d's rand-main.c; its output."""
    with open(stem + ".host.ll", "w") as f:
        subprocess.run([sys.executable,
                        os.path.join(args.inputs, "nvptx-on-host.py"),
                        stem + ".ll"], check=True, stdout=f)
    # The kernels as the plugin left them (-O0), the emulator optimised.
    subprocess.run([args.clang, "-O0", "-Wno-override-module", "-c",
                    stem + ".host.ll", "-o", stem + ".o"], check=True)
    subprocess.run([args.clang, "-O1", "-I", args.inputs, "-I", d,
                    os.path.join(d, "rand-main.c"), stem + ".o", "-o", stem,
                    "-lpthread"], check=True)
    r = subprocess.run([stem], capture_output=True, text=True)
    return (r.stdout if r.returncode == 0
            else f"HASH CRASHED (exit status {r.returncode})\n")


def arguments():
    """The command line; a directory for each seed."""
    ap = argparse.ArgumentParser()
    for opt in ("--clang", "--plugin", "--runtime", "--inputs", "--out"):
        ap.add_argument(opt, required=True)
    ap.add_argument("--seeds", type=int, nargs="+", required=True)
    ap.add_argument("--kernels", type=int, default=20)
    args = ap.parse_args()
    for seed in args.seeds:
        os.makedirs(os.path.join(args.out, str(seed)), exist_ok=True)
    return args


def main():
    args = arguments()
    for seed in args.seeds:
        generate(seed, args.kernels, os.path.join(args.out, str(seed)))
    check(args, build_all(args, build_and_run),
          ("thread block", "depth-1 loop", "depth-2 loop"),
          lambda kind: kind is not None)


def build_all(args, build):
    """build(args, seed, variant) of the baseline (variant None) and every
    variant of every seed, in parallel: {(seed, variant): its result}."""
    jobs = [(s, v) for s in args.seeds for v in [None] + VARIANTS]
    with concurrent.futures.ThreadPoolExecutor(os.cpu_count()) as pool:
        return dict(zip(jobs, pool.map(lambda j: build(args, *j), jobs)))


def check(args, results, kinds_shown, runs_partial):
    """Compares every build's hashes with the baseline's and counts the
    phases; runs_partial(kind) says whether a kernel tiled so (None: not
    tiled) runs one chunk or block on the original code, in one memory
    phase."""
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
            # Execute phase; the partial block or chunk (and a tile that
            # took the global path) one memory phase, as does each run of
            # the accesses outside an inner tile's loop (counted apart).
            for name, memory, execute, done, outside in PHASES.findall(out):
                memory, execute, done, outside = map(
                    int, (memory, execute, done, outside))
                tiles += execute
                outside_runs += outside
                compatible = done - execute - outside
                expected = 1 if runs_partial(tiled.get(name)) else 0
                if (compatible != expected or
                        memory != 2 * execute + compatible + outside):
                    print(f"seed {seed} {v} {name}: {compatible - expected} "
                          f"tile(s) on the GLOBAL PATH or phases unpaired "
                          f"(memory {memory}, execute {execute}, done {done}, "
                          f"outside {outside})")
    print(f"{len(args.seeds)} seeds x {args.kernels} kernels: {builds} builds, "
          "outputs equal to the baseline in every one; tiled: " +
          ", ".join(f"{kinds.get(k, 0)} {k}" for k in kinds_shown) +
          f"; {tiles} tiles on the scratchpad path, {outside_runs} "
          "compatible intervals outside tiled loops")

if __name__ == "__main__":
    main()
