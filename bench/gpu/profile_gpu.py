#!/usr/bin/env python3
"""GPU harness, profile half (runs on the GPU machine, beside run_gpu.py):
the L1 load profile of the CUDA suite (issue 5, seed 000 Ch. 3), recorded
on the GPU itself.

  python3 bench/gpu/profile_gpu.py --build build-gpu --out OUT

bench/gpu/build.py built profile.cubin: the suite as written (no PREM
transformation) with prem-instrument's record call before every global load,
the lane being the thread's global x index; and profile.raw.sites, the
sites numbered as in the module's array __prem_prof_sites. For each kernel
this script launches it on small inputs, as many of its first blocks as
the runtime's buffer (PREM_PROF_CAPACITY records) holds every load of,
reads __prem_prof_count and __prem_prof_records back, and turns each record
into a raw-profile line "R site lane address" (a record names its site by
the address of its entry in __prem_prof_sites). It writes OUT/suite.raw, a
raw profile as a host-offload build writes one, and runs tools/prem-profile
on it for the sm_90 and seed000 models (OUT/profile-<model>.json).

Back where clang is, `-fprem-profile-use=OUT/profile-<model>.json` (or
-mllvm -prem-profile-use=) on bench/kernels/suite.cu marks the loads the
profile says to bypass; run_gpu.py can then time that build against the
baseline. Untested on a GPU so far (no GPU was lent to the session that
wrote it); test/E2E/bypass-cuda-profile.test checks everything around it.
"""
import argparse
import os
import subprocess
import sys

import numpy as np
import cupy as cp

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import run_gpu  # noqa: E402  (the suite's kernels and inputs)

CAPACITY = 1 << 20     # PREM_PROF_CAPACITY (include/prem/prem_rt.h)
SITE_BYTES = 48        # sizeof(prem_prof_site) on a 64-bit target
PROFILE_SMS = 2        # sizes as for a 2-SM GPU: every record fits
MODELS = ["sm_90", "seed000"]


def records_of(module, count, name, grid, block, host_args):
    count.fill(0)
    module.get_function(name)((grid,), (block,),
                              tuple(run_gpu.to_device(host_args)))
    cp.cuda.runtime.deviceSynchronize()
    return int(count.get()[0])


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--build", default="build-gpu")
    ap.add_argument("--out", required=True)
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)
    module = cp.RawModule(path=os.path.join(args.build, "profile.cubin"))
    with open(os.path.join(args.build, "profile.raw.sites")) as f:
        sites = f.read()
    count = cp.ndarray((1,), cp.uint64, module.get_global("__prem_prof_count"))
    records = cp.ndarray((CAPACITY, 3), cp.uint64,
                         module.get_global("__prem_prof_records"))
    base = module.get_global("__prem_prof_sites").ptr
    specs, sizes = run_gpu.kernels(PROFILE_SMS)
    rng = np.random.default_rng(7)
    lines = []
    for name, (grid, block, make) in specs.items():
        host_args, _, _ = make(rng)
        # As many of the first blocks as the buffer holds every record of
        # (gemvt's grid is fixed by NCOLS, gemm's blocks load 8192 words).
        per_block = records_of(module, count, name, 1, block, host_args)
        grid = max(1, min(grid, CAPACITY // max(1, per_block)))
        n = records_of(module, count, name, grid, block, host_args)
        if n > CAPACITY:
            sys.exit(f"profile_gpu.py: {name}: {n} records, more than the "
                     f"buffer's {CAPACITY}: use smaller inputs")
        for site, lane, address in records[:n].get().tolist():
            lines.append(f"R {(site - base) // SITE_BYTES} {lane} "
                         f"{address:x}\n")
        print(f"{name}: grid {grid} x {block}, {n} records", flush=True)
    raw = os.path.join(args.out, "suite.raw")
    with open(raw, "w") as f:
        f.write("prem-raw-profile 1\n" + sites + "".join(lines))
    tool = os.path.join(HERE, "..", "..", "tools", "prem-profile")
    for model in MODELS:
        out = os.path.join(args.out, f"profile-{model}.json")
        subprocess.run([sys.executable, tool, raw, "-o", out, "--model",
                        model, "--table"], check=True)
    print(f"wrote {raw} ({sizes}) and the profiles")


if __name__ == "__main__":
    main()
