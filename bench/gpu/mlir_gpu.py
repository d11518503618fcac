#!/usr/bin/env python3
"""The MLIR path on a GPU (issue 28): build here, run where the GPU is.

  python3 bench/gpu/mlir_gpu.py build --out build-mlir-gpu      # here
  python3 bench/gpu/mlir_gpu.py run --build build-mlir-gpu \\
      --results bench/results                                   # GPU machine

build: each GPU kernel of test/MLIR/Inputs/gpu/ (a gpu.launch or a gpu.func
with known_block_size and known_grid_size) as written ("baseline") and after
prem-affine in each mode (spm 4096 and 49152), lowered with the upstream
NVVM pipeline, the runtime's NVPTX bitcode linked (policy none), and
assembled by ptxas for sm_90; OUT/manifest.json lists the cubins with each
kernel's name, grid, block and memref arguments.

run: with CuPy only. Fills each memref argument as mlir-e2e.py does
((e * 7 + k * 13) % 17) / 8), launches every variant, checks that every
memref is bit-equal to the baseline's, and times 50 launches of each
(median, and the ratio to the baseline measured in the same run). Writes
<results>/<device>/mlir-gpu.{json,md}, naming the device.
"""
import argparse
import importlib.util
import json
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
KERNELS = os.path.join(ROOT, "test", "MLIR", "Inputs", "gpu")
MODES = ["cmpt", "dae", "sdma"]
SPMS = [4096, 49152]
ELEMENT = {"f32": ("float32", 4), "f64": ("float64", 8), "i32": ("int32", 4),
           "i64": ("int64", 8)}


def run(cmd):
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode:
        sys.exit("mlir_gpu: %s failed:\n%s" % (" ".join(cmd[:2]), r.stderr[-3000:]))
    return r.stdout


def kernel_signature(outlined):
    """name, grid, block and memref arguments of the outlined gpu.func (the
    emulation test's reading of it)."""
    spec = importlib.util.spec_from_file_location(
        "mlir_gpu_emu", os.path.join(ROOT, "test", "MLIR", "Inputs",
                                     "mlir-gpu-emu.py"))
    emu = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(emu)
    name, block, grid, args = emu.signature(outlined)
    return {"kernel": name, "block": block, "grid": grid,
            "args": [{"shape": shape, "element": elt} for shape, elt in args]}


def build(a):
    tools = "/usr/lib/llvm-22/bin"
    mlir_opt = os.path.join(tools, "mlir-opt")
    plugin = os.path.join(a.prem, "lib", "PremMLIRPlugin.so")
    runtime = os.path.join(a.prem, "lib", "prem-rt-nvptx64-nvidia-cuda.bc")
    os.makedirs(a.out, exist_ok=True)
    manifest = []
    for source in sorted(f for f in os.listdir(KERNELS) if f.endswith(".mlir")):
        stem = source[:-5]
        path = os.path.join(KERNELS, source)
        variants = [("baseline", None, None)] + [
            ("%s-%d" % (m, s), m, s) for m in MODES for s in SPMS]
        entry = None
        for variant, mode, spm in variants:
            base = os.path.join(a.out, "%s-%s" % (stem, variant))
            cmd = [mlir_opt, path]
            if mode:
                cmd = [mlir_opt, "--load-pass-plugin=" + plugin,
                       "--pass-pipeline=builtin.module(prem-affine{spm-bytes=%d "
                       "mode=%s report=%s.json})" % (spm, mode, base), path]
            run(cmd + ["-o", base + ".mlir"])
            outlined = run([mlir_opt, base + ".mlir", "--lower-affine",
                            "--gpu-kernel-outlining"])
            with open(base + ".outlined.mlir", "w") as f:
                f.write(outlined)
            if entry is None:
                entry = kernel_signature(outlined)
                entry.update(source=source, variants={})
            run([mlir_opt, base + ".outlined.mlir",
                 "--nvvm-attach-target=chip=sm_90 features=+ptx80 l=" + runtime,
                 "-gpu-lower-to-nvvm-pipeline=cubin-chip=sm_90 "
                 "cubin-features=+ptx80 cubin-format=isa",
                 "-o", base + ".lowered.mlir"])
            ptx = run([sys.executable, os.path.join(ROOT, "test", "MLIR", "Inputs",
                                                    "gpu-ptx.py"),
                       base + ".lowered.mlir", base + ".ptx.d"]).split()
            run([a.ptxas, "-arch=sm_90", ptx[0], "-o", base + ".cubin"])
            transformed = None
            if mode:
                report = json.load(open(base + ".json"))
                transformed = any(k["prem"]["transformed"]
                                  for k in report["kernels"])
            entry["variants"][variant] = {"cubin": os.path.basename(base) + ".cubin",
                                          "transformed": transformed}
        manifest.append(entry)
        print("%s: %s, %d variants" % (source, entry["kernel"], len(entry["variants"])))
    with open(os.path.join(a.out, "manifest.json"), "w") as f:
        json.dump(manifest, f, indent=2)


def run_gpu(a):
    import cupy as cp
    import numpy as np

    manifest = json.load(open(os.path.join(a.build, "manifest.json")))
    device = cp.cuda.runtime.getDeviceProperties(0)["name"].decode()
    rows = []
    bad = 0
    for entry in manifest:
        def fresh():
            arrays = []
            for k, arg in enumerate(entry["args"]):
                n = int(np.prod(arg["shape"]))
                dtype = ELEMENT[arg["element"]][0]
                host = (((np.arange(n) * 7 + k * 13) % 17) / 8).astype(dtype)
                arrays.append(cp.asarray(host.reshape(arg["shape"])))
            return arrays

        def params(arrays):
            out = []
            for arr, arg in zip(arrays, entry["args"]):
                shape = arg["shape"]
                strides = [int(np.prod(shape[d + 1:])) for d in range(len(shape))]
                out += [arr, arr, np.int64(0)] + [np.int64(s) for s in shape] + \
                       [np.int64(s) for s in strides]
            return tuple(out)

        results = {}
        for variant, v in entry["variants"].items():
            module = cp.RawModule(path=os.path.join(a.build, v["cubin"]))
            fn = module.get_function(entry["kernel"])
            arrays = fresh()
            fn(tuple(entry["grid"]), tuple(entry["block"]), params(arrays))
            cp.cuda.runtime.deviceSynchronize()
            out = [cp.asnumpy(x).tobytes() for x in arrays]
            times = []
            for _ in range(50):
                arrays = fresh()
                start, stop = cp.cuda.Event(), cp.cuda.Event()
                start.record()
                fn(tuple(entry["grid"]), tuple(entry["block"]), params(arrays))
                stop.record()
                stop.synchronize()
                times.append(cp.cuda.get_elapsed_time(start, stop) * 1000.0)
            results[variant] = (out, sorted(times)[len(times) // 2], v["transformed"])
        base_out, base_us, _ = results["baseline"]
        for variant, (out, us, transformed) in results.items():
            equal = out == base_out
            bad += not equal
            rows.append({"kernel": entry["source"], "variant": variant,
                         "transformed": transformed, "bit_equal": equal,
                         "median_us": round(us, 2),
                         "ratio": round(us / base_us, 3)})
    where = os.path.join(a.results, re.sub(r"[^a-z0-9]+", "-", device.lower()).strip("-"))
    os.makedirs(where, exist_ok=True)
    with open(os.path.join(where, "mlir-gpu.json"), "w") as f:
        json.dump({"device": device, "rows": rows}, f, indent=2)
    with open(os.path.join(where, "mlir-gpu.md"), "w") as f:
        f.write("# MLIR path on %s (bench/gpu/mlir_gpu.py)\n\n" % device)
        f.write("| kernel | variant | transformed | bit-equal | median us | vs baseline |\n")
        f.write("| --- | --- | --- | --- | --- | --- |\n")
        for r in rows:
            f.write("| %s | %s | %s | %s | %.2f | %.3f |\n" % (
                r["kernel"], r["variant"], r["transformed"], r["bit_equal"],
                r["median_us"], r["ratio"]))
    print(open(os.path.join(where, "mlir-gpu.md")).read())
    sys.exit(1 if bad else 0)


def main():
    p = argparse.ArgumentParser()
    sub = p.add_subparsers(dest="what", required=True)
    b = sub.add_parser("build")
    b.add_argument("--out", default="build-mlir-gpu")
    b.add_argument("--prem", default=os.path.join(ROOT, "build"))
    b.add_argument("--ptxas", default="/usr/local/cuda/bin/ptxas")
    r = sub.add_parser("run")
    r.add_argument("--build", default="build-mlir-gpu")
    r.add_argument("--results", default=os.path.join(ROOT, "bench", "results"))
    a = p.parse_args()
    build(a) if a.what == "build" else run_gpu(a)


if __name__ == "__main__":
    main()
