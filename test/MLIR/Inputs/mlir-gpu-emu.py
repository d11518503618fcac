#!/usr/bin/env python3
"""The MLIR path's GPU kernels run on the CPU: a kernel of one .mlir file
(a gpu.launch or a gpu.func with known_block_size and known_grid_size) as
written and after prem-affine in each mode, lowered with the upstream NVVM
pipeline to LLVM IR (cubin-format=llvm: the device module's bitcode), made
host IR by test/E2E/Inputs/nvptx-on-host.py and run by
test/E2E/Inputs/cuda-emu.h: every thread a pthread, the block barrier a
barrier of the block's threads, workgroup memory one copy per kernel (the
blocks run in turn), and with EMU_GUARD=1 global memory inaccessible while
thread 0 is not in a memory phase (a transformed kernel that touches it
outside one stops with status 3). Prints per variant:

  <kernel> <variant>: bit-equal, memory M execute E outside O

(the phases thread 0 entered) and exits 1 on any difference or failure.
Argument k's element e is ((e * 7 + k * 13) % 17) / 8, as in mlir-e2e.py.
"""
import argparse
import importlib.util
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
E2E_INPUTS = os.path.join(HERE, "..", "..", "E2E", "Inputs")
C_TYPE = {"f32": "float", "f64": "double", "i32": "int", "i64": "long"}


def _load(script):
    """A script of this folder as a module: mlir-e2e.py (its drivers' hash
    and filling), gpu-ptx.py (MLIR's string escapes)."""
    spec = importlib.util.spec_from_file_location(
        script[:-3].replace("-", "_"), os.path.join(HERE, script))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
BYTES = {"f32": 4, "f64": 8, "i32": 4, "i64": 8}


def run(cmd, **kw):
    r = subprocess.run(cmd, capture_output=True, text=True, **kw)
    if r.returncode:
        sys.exit("mlir-gpu-emu: %s failed (%d):\n%s%s" % (
            " ".join(cmd[:2]), r.returncode, r.stdout[-2000:], r.stderr[-3000:]))
    return r.stdout


def bitcode(lowered, out):
    """The device module's bitcode in the gpu.binary of a cubin-format=llvm
    lowering."""
    m = re.search(r'offload = "((?:[^"\\]|\\.)*)"', open(lowered).read(), re.S)
    if not m:
        sys.exit("mlir-gpu-emu: no offload object in " + lowered)
    data = _load("gpu-ptx.py").mlir_string_bytes(m.group(1))
    with open(out, "wb") as f:
        f.write(data)


def signature(outlined):
    """Name, block, grid and memref arguments of the outlined kernel (a
    gpu.func with known_block_size and known_grid_size)."""
    m = re.search(r"gpu\.func @(\w+)\((.*?)\)\s*(?:workgroup\(.*?\)\s*)?kernel "
                  r"attributes \{(.*?)\}", outlined, re.S)
    if not m:
        sys.exit("mlir-gpu-emu: no kernel gpu.func")
    name, params, attrs = m.groups()
    sizes = {}
    for key in ("known_block_size", "known_grid_size"):
        a = re.search(key + r" = array<i32: (\d+), (\d+), (\d+)>", attrs)
        if not a:
            sys.exit("mlir-gpu-emu: kernel @%s has no %s" % (name, key))
        sizes[key] = [int(x) for x in a.groups()]
    args = [([int(d) for d in s.rstrip("x").split("x")], e) for s, e in
            re.findall(r"memref<((?:\d+x)+)(f32|f64|i32|i64)>", params)]
    return name, sizes["known_block_size"], sizes["known_grid_size"], args


def driver(name, block, grid, args):
    params, call, lines = [], [], ['#include "cuda-emu.h"', ""]
    for k, (shape, elt) in enumerate(args):
        t = C_TYPE[elt]
        params += ["%s *" % t, "%s *" % t, "long"] + ["long"] * (2 * len(shape))
        strides, acc = [], 1
        for d in reversed(shape):
            strides.insert(0, acc)
            acc *= d
        call += ["a%d" % k, "a%d" % k, "0L"] + ["%dL" % d for d in shape] + \
                ["%dL" % s for s in strides]
        lines.append("static %s *a%d;" % (t, k))
    lines.append("void %s(%s);" % (name, ", ".join(params)))
    lines.append("static void run(void) { %s(%s); }" % (name, ", ".join(call)))
    e2e = _load("mlir-e2e.py")
    lines += e2e.FNV_C + ["int main(void) {"]
    for k, (shape, elt) in enumerate(args):
        n = 1
        for d in shape:
            n *= d
        lines.append("  a%d = emu_global(%d);" % (k, n * BYTES[elt]))
        lines.append(e2e.fill_c(k, n, C_TYPE[elt]))
    lines.append("  launch3d(run, %d, %d, %d, %d, %d, %d);" % tuple(grid + block))
    for k, (shape, elt) in enumerate(args):
        n = 1
        for d in shape:
            n *= d
        lines.append('  printf("arg%d %%016llx\\n", fnv(a%d, %d));' % (k, k, n * BYTES[elt]))
    lines.append('  printf("PHASES memory %ld execute %ld outside %ld\\n", MemPhases, '
                 'ComputePhases, OutsidePhases);')
    lines += ["  return 0;", "}"]
    return "\n".join(lines) + "\n"


def build(a, mode, spm, exe):
    mlir = exe + ".mlir"
    if mode:
        run([a.mlir_opt, "--load-pass-plugin=" + a.plugin,
             "--pass-pipeline=builtin.module(prem-affine{spm-bytes=%s mode=%s})"
             % (spm, mode), a.kernel, "-o", mlir])
    else:
        run([a.mlir_opt, a.kernel, "-o", mlir])
    outlined = run([a.mlir_opt, mlir, "--lower-affine", "--gpu-kernel-outlining"])
    with open(exe + ".outlined.mlir", "w") as f:
        f.write(outlined)
    run([a.mlir_opt, exe + ".outlined.mlir",
         "--nvvm-attach-target=chip=sm_90 features=+ptx80",
         "-gpu-lower-to-nvvm-pipeline=cubin-chip=sm_90 cubin-features=+ptx80 "
         "cubin-format=llvm", "-o", exe + ".lowered.mlir"])
    bitcode(exe + ".lowered.mlir", exe + ".bc")
    run([a.llvm_dis, exe + ".bc", "-o", exe + ".ll"])
    with open(exe + ".host.ll", "w") as f:
        f.write(run([sys.executable, os.path.join(E2E_INPUTS, "nvptx-on-host.py"),
                     exe + ".ll"]))
    return outlined


def main():
    p = argparse.ArgumentParser()
    for opt in ("--mlir-opt", "--llvm-dis", "--clang", "--plugin", "--kernel", "--out"):
        p.add_argument(opt, required=True)
    p.add_argument("--modes", default="cmpt,dae,sdma")
    p.add_argument("--spm", default="4096")
    a = p.parse_args()
    os.makedirs(a.out, exist_ok=True)
    variants = [("baseline", None, None)] + [
        ("%s-%s" % (m, s), m, s) for m in a.modes.split(",") for s in a.spm.split(",")]
    want, bad = None, 0
    for variant, mode, spm in variants:
        exe = os.path.join(a.out, variant)
        outlined = build(a, mode, spm, exe)
        name, block, grid, args = signature(outlined)
        with open(exe + ".driver.c", "w") as f:
            f.write(driver(name, block, grid, args))
        run([a.clang, "-O1", "-Wno-override-module", "-I", E2E_INPUTS,
             exe + ".driver.c", exe + ".host.ll", "-lpthread", "-o", exe])
        r = subprocess.run([exe], capture_output=True, text=True,
                           env=dict(os.environ, EMU_GUARD="1"))
        if r.returncode:
            print("%s %s: FAILED (status %d) %s" % (name, variant, r.returncode,
                                                   r.stderr.strip()[-300:]))
            bad += 1
            continue
        hashes = [l for l in r.stdout.splitlines() if l.startswith("arg")]
        phases = re.search(r"PHASES (.*)", r.stdout).group(1)
        if want is None:
            want = hashes
        same = hashes == want
        bad += not same
        print("%s %s: %s, %s" % (name, variant, "bit-equal" if same else "DIFFERENT",
                                 phases))
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
