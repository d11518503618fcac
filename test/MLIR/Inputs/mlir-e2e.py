#!/usr/bin/env python3
"""End-to-end check of the MLIR path: a kernel lowered as it is, and after
prem-affine in each mode and scratchpad size, called through its C interface
(llvm.emit_c_interface) from a generated C driver, must leave every memref
bit for bit the same. Prints one line per build:

  <func> <mode> <spm>: bit-equal, <E> execute and <M> memory phases, <O>
  outside tiles

(from the runtime's PREM_TRACE_SUMMARY) and exits 1 on any difference.
The driver fills argument k's element e with ((e * 7 + k * 13) % 17) / 8.
"""
import argparse
import os
import re
import subprocess
import sys

ELEMENT = {"f32": "float", "f64": "double", "i32": "int32_t", "i64": "int64_t"}


def signature(text, func):
    m = re.search(r"func\.func @%s\((.*?)\)\s*(attributes|\{)" % re.escape(func),
                  text, re.S)
    if not m:
        sys.exit("mlir-e2e: no func.func @%s" % func)
    args = []
    for shape, elt in re.findall(r"memref<((?:\d+x)+)(f32|f64|i32|i64)>", m.group(1)):
        args.append(([int(d) for d in shape.rstrip("x").split("x")], elt))
    return args


# The drivers' hash of a memref's bytes (FNV-1a), and argument k's filling.
FNV_C = ["static unsigned long long fnv(const void *p, unsigned long n) {",
         "  unsigned long long h = 1469598103934665603ull;",
         "  for (unsigned long i = 0; i < n; i++)",
         "    h = (h ^ ((const unsigned char *)p)[i]) * 1099511628211ull;",
         "  return h;", "}"]


def fill_c(k, n, ctype):
    return "  for (long e = 0; e < %d; e++) a%d[e] = (%s)((e * 7 + %d) %% 17) / 8;" % (
        n, k, ctype, k * 13)


def driver(func, args, repeat=0):
    """The C driver; with repeat, it also times that many more calls and
    prints "TIME <ns per call>" (bench/mlir_host.py)."""
    lines = ["#include <stdint.h>", "#include <stdio.h>", "#include <time.h>", ""]
    ranks = sorted({len(s) for s, _ in args})
    for elt in sorted({e for _, e in args}):
        for r in ranks:
            lines.append("typedef struct { %s *alloc, *align; int64_t off, "
                         "sizes[%d], strides[%d]; } D_%s_%d;" %
                         (ELEMENT[elt], r, r, elt, r))
    params = ", ".join("D_%s_%d *" % (e, len(s)) for s, e in args)
    lines.append("void _mlir_ciface_%s(%s);" % (func, params))
    for k, (shape, elt) in enumerate(args):
        n = 1
        for d in shape:
            n *= d
        lines.append("static %s a%d[%d];" % (ELEMENT[elt], k, n))
    lines += FNV_C + ["int main(void) {"]
    for k, (shape, elt) in enumerate(args):
        n = 1
        for d in shape:
            n *= d
        lines.append(fill_c(k, n, ELEMENT[elt]))
        strides, acc = [], 1
        for d in reversed(shape):
            strides.insert(0, acc)
            acc *= d
        lines.append("  D_%s_%d d%d = {a%d, a%d, 0, {%s}, {%s}};" %
                     (elt, len(shape), k, k, k, ", ".join(map(str, shape)),
                      ", ".join(map(str, strides))))
    lines.append("  _mlir_ciface_%s(%s);" % (func, ", ".join("&d%d" % k for k in range(len(args)))))
    for k in range(len(args)):
        lines.append('  printf("arg%d %%016llx\\n", (unsigned long long)fnv(a%d, sizeof a%d));' % (k, k, k))
    if repeat:
        lines += ["  struct timespec t0, t1;",
                  "  clock_gettime(CLOCK_MONOTONIC, &t0);",
                  "  for (int r = 0; r < %d; r++)" % repeat,
                  "    _mlir_ciface_%s(%s);" % (func, ", ".join("&d%d" % k for k in range(len(args)))),
                  "  clock_gettime(CLOCK_MONOTONIC, &t1);",
                  '  printf("TIME %%.0f\\n", ((t1.tv_sec - t0.tv_sec) * 1e9 + '
                  '(t1.tv_nsec - t0.tv_nsec)) / %d);' % repeat]
    lines += ["  return 0;", "}"]
    return "\n".join(lines) + "\n"


def run(cmd, **kw):
    r = subprocess.run(cmd, capture_output=True, text=True, **kw)
    if r.returncode != 0:
        sys.exit("mlir-e2e: %s failed (%d):\n%s%s" %
                 (" ".join(cmd[:3]), r.returncode, r.stdout[-2000:], r.stderr[-4000:]))
    return r


def build(a, pipeline, exe, extra):
    mlir = exe + ".mlir"
    passes = [x for x in (a.pre, pipeline) if x]
    cmd = [a.mlir_opt, a.kernel]
    if passes:
        cmd = [a.mlir_opt, "--load-pass-plugin=" + a.plugin,
               "--pass-pipeline=builtin.module(%s)" % ",".join(passes), a.kernel]
    run(cmd + ["-o", mlir])
    run([a.mlir_opt, mlir, "--lower-affine", "--convert-scf-to-cf",
         "--convert-to-llvm", "--reconcile-unrealized-casts", "-o", exe + ".llvm.mlir"])
    run([a.mlir_translate, "--mlir-to-llvmir", exe + ".llvm.mlir", "-o", exe + ".ll"])
    run([a.clang, "-O1", "-Wno-override-module", exe + ".ll",
         os.path.join(a.out, "driver.c")] + extra + ["-o", exe])


def main():
    p = argparse.ArgumentParser()
    for opt in ("--mlir-opt", "--mlir-translate", "--clang", "--plugin",
                "--runtime", "--kernel", "--func", "--out"):
        p.add_argument(opt, required=True)
    p.add_argument("--modes", default="cmpt,dae,sdma")
    p.add_argument("--spm", default="4096,49152")
    p.add_argument("--pre", default="",
                   help="passes run before prem-affine, in both builds")
    a = p.parse_args()
    os.makedirs(a.out, exist_ok=True)
    with open(a.kernel) as f:
        args = signature(f.read(), a.func)
    with open(os.path.join(a.out, "driver.c"), "w") as f:
        f.write(driver(a.func, args))
    base = os.path.join(a.out, "base")
    build(a, None, base, [])
    want = run([base]).stdout
    bad = 0
    for mode in a.modes.split(","):
        for spm in a.spm.split(","):
            exe = os.path.join(a.out, "%s-%s" % (mode, spm))
            build(a, "prem-affine{spm-bytes=%s mode=%s}" % (spm, mode), exe,
                  [a.runtime])
            env = dict(os.environ, PREM_TRACE_SUMMARY="1")
            r = run([exe], env=env)
            m = re.search(r"(\d+) memory, (\d+) execute.*?(\d+) memory phases "
                          r"outside tiles", r.stderr)
            phases = ("%s execute and %s memory phases, %s outside tiles" %
                      (m.group(2), m.group(1), m.group(3))
                      if m else "no phase summary")
            same = r.stdout == want
            bad += not same
            print("%s %s %s: %s, %s" % (a.func, mode, spm,
                                        "bit-equal" if same else "DIFFERENT", phases))
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
