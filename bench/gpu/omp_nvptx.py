#!/usr/bin/env python3
"""OpenMP offload to NVPTX on a real GPU (issue 25): the GPU-style OpenMP
suite (bench/kernels/gpu-style/polybench.c, its own main) built for sm_90
without the plugin and with it in each mode (OpenMP GPU tiles on,
-prem-gpu-tiles), run with OMP_TARGET_OFFLOAD=MANDATORY; every output
array must hash as the baseline's.

  python3 bench/gpu/omp_nvptx.py build [--out build-gpu/omp-nvptx]
  python3 bench/gpu/omp_nvptx.py run [--build build-gpu/omp-nvptx]
        [--results bench/results]

build (here): LLVM's OpenMP device runtime for NVPTX, which Debian does
not ship, from scripts/build-omp-device-rtl.sh (cached); the programs
(-foffload-lto, as prem-cc compiles OpenMP offload to a GPU) at
the suite's test sizes and at drivers.py's large sizes; and the offload
runtime the programs load (libomptarget, libomp, libLLVM and what they
need beyond glibc and libstdc++), packed as libs.tar.xz (about 46 MB: carry
OUT within the device's 64 MiB).

run (GPU machine, python3 only): unpacks the libraries, gives libomptarget
the libcuda.so it opens where the driver installed only libcuda.so.1, runs
each program, and writes RESULTS/<gpu>/omp-nvptx-on-gpu.json and .md: per
size and mode, bit-equal or the arrays that differ, and the program's wall
time over the baseline's (whole runs: data generation and transfers
included). Exit status 1 when a plugin build differs or fails to run.
"""
import datetime
import json
import os
import shutil
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
import drivers  # noqa: E402  (sizes, running and judging programs, tables)

MODES = {"base": None, "sdma": "sdma", "dae": "dae", "cmpt": "cmpt"}
SIZES = {"test": [], "large": [f"-D{k}={v}" for k, v in drivers.LARGE.items()]}
LIBS = ["/usr/lib/llvm-22/lib/libomptarget.so.22.1",
        "/usr/lib/llvm-22/lib/libomp.so.5"]


run = drivers.run


def needed_libraries(paths):
    """name -> file of paths and of the libraries they need, by ldd, beyond
    glibc's and libstdc++'s (the GPU machine's own are newer); each under
    the name it is needed by."""
    system = ("libc.so", "libm.so", "libgcc_s.so", "libstdc++.so",
              "ld-linux", "linux-vdso", "libpthread.so", "libdl.so", "librt.so")
    out = {os.path.basename(p): p for p in paths}
    for p in paths:
        for line in run(["ldd", p]).stdout.splitlines():
            parts = line.split()
            if "=>" in parts and len(parts) >= 3 and parts[2].startswith("/"):
                if not parts[0].startswith(system):
                    out[parts[0]] = os.path.realpath(parts[2])
    return out


def build(args):
    out = os.path.abspath(args.out)
    os.makedirs(out, exist_ok=True)
    rtl = run(["bash", os.path.join(ROOT, "scripts", "build-omp-device-rtl.sh")]
              ).stdout.strip().splitlines()[-1]
    src = os.path.join(ROOT, "bench", "kernels", "gpu-style", "polybench.c")
    programs = {}
    for size, defines in SIZES.items():
        for mode, prem in MODES.items():
            exe = os.path.join(out, f"polybench.{size}.{mode}")
            # -foffload-lto: the OpenMP device runtime comes at the device
            # link, after PREM (without it clang links the runtime first and
            # PREM finds its worksharing calls inlined).
            cmd = [args.clang, "-O2", "-fopenmp", "--offload-arch=sm_90",
                   "-foffload-lto",
                   "--cuda-path=" + args.cuda,
                   "--libomptarget-nvptx-bc-path=" +
                   os.path.join(rtl, "libomptarget-nvptx.bc"),
                   "-Xoffload-linker", "-L" + rtl, src, "-lm", "-o", exe] + defines
            if prem:
                cmd += ["-fpass-plugin=" + args.plugin, "-mllvm",
                        "-prem-mode=" + prem, "-mllvm", "-prem-gpu-tiles"]
            run(cmd)
            programs[f"{size}.{mode}"] = os.path.basename(exe)
            print("built", exe, flush=True)
    # The offload runtime, packed.
    stage = os.path.join(out, "libs")
    shutil.rmtree(stage, ignore_errors=True)
    os.makedirs(stage)
    for name, path in sorted(needed_libraries(LIBS).items()):
        shutil.copyfile(path, os.path.join(stage, name))
    run(["tar", "cJf", os.path.join(out, "libs.tar.xz"), "-C", stage, "."],
        env=dict(os.environ, XZ_OPT="-T2"))
    shutil.rmtree(stage)
    commit = subprocess.run(["git", "-C", ROOT, "rev-parse", "--short", "HEAD"],
                            capture_output=True, text=True).stdout.strip()
    with open(os.path.join(out, "manifest.json"), "w") as f:
        json.dump({"programs": programs, "commit": commit}, f, indent=1)
    print("wrote", os.path.join(out, "manifest.json"))


def gpu_name():
    try:
        r = subprocess.run(["nvidia-smi", "--query-gpu=name",
                            "--format=csv,noheader"], capture_output=True,
                           text=True)
    except FileNotFoundError:
        return "no GPU"
    return r.stdout.strip().splitlines()[0] if r.returncode == 0 and \
        r.stdout.strip() else "no GPU"


def prepare_libs(build_dir, where):
    os.makedirs(where, exist_ok=True)
    run(["tar", "xJf", os.path.join(build_dir, "libs.tar.xz"), "-C", where])
    # libomptarget opens "libomp.so" too: the same file, or libomp finds a
    # second copy of itself and stops the program.
    if not os.path.exists(os.path.join(where, "libomp.so")):
        os.symlink("libomp.so.5", os.path.join(where, "libomp.so"))
    # libomptarget opens "libcuda.so"; a driver may install only .so.1.
    if not any(os.path.exists(os.path.join(d, "libcuda.so"))
               for d in ("/usr/lib/x86_64-linux-gnu", "/usr/lib64", "/usr/lib")):
        cache = subprocess.run(["ldconfig", "-p"], capture_output=True,
                               text=True).stdout
        for line in cache.splitlines():
            if "libcuda.so.1 " in line and "=>" in line:
                os.symlink(line.split("=>")[1].strip(),
                           os.path.join(where, "libcuda.so"))
                break


def run_programs(args):
    build_dir = os.path.abspath(args.build)
    manifest = json.load(open(os.path.join(build_dir, "manifest.json")))
    libs = os.path.abspath(args.libs)
    prepare_libs(build_dir, libs)
    env = dict(os.environ, LD_LIBRARY_PATH=libs + ":" +
               os.environ.get("LD_LIBRARY_PATH", ""),
               OMP_TARGET_OFFLOAD="DEFAULT" if args.allow_host else "MANDATORY")
    result = {"commit": manifest.get("commit"), "gpu": gpu_name(),
              "date": datetime.datetime.now(datetime.timezone.utc)
              .isoformat(timespec="seconds"), "sizes": {}}
    failed = False
    for size in args.sizes or SIZES:
        runs = {}
        for mode in MODES:
            exe = os.path.join(build_dir, manifest["programs"][f"{size}.{mode}"])
            start = time.monotonic()
            code, out, err = drivers.run_program(exe, env, args.timeout)
            hashes = [l for l in out.splitlines() if l.startswith("HASH ")]
            runs[mode] = {"exit": code, "hashes": hashes, "stderr": err,
                          "seconds": time.monotonic() - start}
        base = runs["base"]
        entry = {}
        for mode, r in runs.items():
            differ, equal = drivers.judge(r, base)
            if mode != "base":
                failed |= not equal
            entry[mode] = {"exit": r["exit"], "arrays": len(r["hashes"]),
                           "bit_equal": equal, "differ": differ,
                           "seconds": r["seconds"],
                           "ratio": r["seconds"] / base["seconds"],
                           "stderr": r["stderr"]}
        result["sizes"][size] = entry
        print(size, {m: (e["bit_equal"], e["exit"]) for m, e in entry.items()},
              flush=True)
    render(result, args.results)
    return 1 if failed else 0


def render(result, results):
    out_dir = os.path.join(results, drivers.run_gpu.slug_of(result["gpu"]))
    os.makedirs(out_dir, exist_ok=True)
    with open(os.path.join(out_dir, "omp-nvptx-on-gpu.json"), "w") as f:
        json.dump(result, f, indent=1)
    modes = [m for m in MODES if m != "base"]
    md = [f"# OpenMP offload to NVPTX on {result['gpu']}", "",
          f"{result['date']}; plugin at {result['commit']}; "
          "bench/gpu/omp_nvptx.py: the GPU-style OpenMP suite "
          "(bench/kernels/gpu-style/polybench.c) for sm_90 with LLVM 22's "
          "OpenMP device runtime (scripts/build-omp-device-rtl.sh), "
          "OMP_TARGET_OFFLOAD=MANDATORY, OpenMP GPU tiles on "
          "(-prem-gpu-tiles). A cell: bit-equal to the baseline (every "
          "output array's hash) or what differs, and the program's wall "
          "time over the baseline's.", "",
          "| size | arrays | baseline (s) | " + " | ".join(modes) + " |",
          "|---|---:|---:|" + "---|" * len(modes)]
    bad = []
    for size, e in result["sizes"].items():
        cells = []
        for m in modes:
            c = e[m]
            if c["bit_equal"]:
                cells.append(f"equal, {c['ratio']:.2f}x")
            else:
                cells.append(f"**exit {c['exit']}**" if c["exit"] != 0
                             else f"**{len(c['differ'])} differ**")
                bad.append((size, m, c))
        if e["base"]["exit"] != 0:
            bad.append((size, "base", e["base"]))
        md.append(f"| {size} | {e['base']['arrays']} | "
                  f"{e['base']['seconds']:.2f} | " + " | ".join(cells) + " |")
    md += drivers.what_differs(bad)
    with open(os.path.join(out_dir, "omp-nvptx-on-gpu.md"), "w") as f:
        f.write("\n".join(md) + "\n")
    print("wrote", os.path.join(out_dir, "omp-nvptx-on-gpu.md"))


def main():
    ap, sub, b, r = drivers.subcommands(__doc__, "build-gpu/omp-nvptx")
    r.add_argument("--libs", default="/tmp/prem-omp-libs",
                   help="where the offload runtime is unpacked")
    r.add_argument("--timeout", type=int, default=300)
    r.add_argument("--sizes", nargs="*", choices=list(SIZES),
                   help="these sizes only")
    r.add_argument("--allow-host", action="store_true",
                   help="OMP_TARGET_OFFLOAD=DEFAULT: a machine without a GPU "
                        "runs the host fallback (a check of this script only)")
    args = ap.parse_args()
    if args.cmd == "build":
        build(args)
    elif args.cmd == "run":
        sys.exit(run_programs(args))
    else:
        render(json.load(open(args.json)), args.results)


if __name__ == "__main__":
    main()
