#!/usr/bin/env python3
"""The end-to-end tests' CUDA suites on a real GPU (issues 25 and 29): the
GPU-style suite (bench/kernels/gpu-style/polybench.cu), the hand-tiled suite
(bench/kernels/hand-tiled/handtiled.cu) and the sets of hand-tiled/others,
each run by its test driver (test/E2E/Inputs/...-main.c) unchanged, on
bench/gpu/on-gpu/cuda-emu.h (the emulator's interface through the CUDA
driver API) in place of the emulator.

  python3 bench/gpu/drivers.py build [--out build-gpu/drivers]
        [--clang CLANG] [--plugin PLUGIN] [--ptxas PTXAS]
  python3 bench/gpu/drivers.py run [--build build-gpu/drivers]
        [--results bench/results]
  python3 bench/gpu/drivers.py render RESULT.json [--results bench/results]
  python3 bench/gpu/drivers.py stubs DRIVER.c KERNELS.cu

build (here, where clang, the plugin and ptxas are): every suite's kernels
to PTX without the plugin and with it in each mode (the device runtime
linked, GPU tiles as by default, arbitration policy none), assembled by
ptxas for sm_90; each driver compiled with the kernels' stubs (generated
from the driver's declarations of the kernels) and linked with libcuda.
Writes OUT/manifest.json.

run (on the GPU machine; needs only the driver's libcuda and python3): each
driver with each build's cubin (PREM_CUBIN); every HASH line of a plugin
build must be the baseline's, bit for bit (the baseline is the GPU's own:
the GPU contracts multiplies and adds as the emulator does not). Writes
RESULTS/<gpu>/drivers-on-gpu.json and .md: per set and mode, equal or the
arrays that differ, and the kernels' summed GPU time against the baseline's
(the tests' sizes are small: launches of a few microseconds, so the times
say little about PREM's cost, except in the set gpu-style-large: the
GPU-style suite at sizes where a launch takes tens of microseconds or more,
timed per kernel). Exit status 1 when a plugin build differs or fails to
run. render draws the tables of a RESULT.json again; stubs prints the C text
build appends to a driver (no GPU, no CUDA needed).
"""
import argparse
import datetime
import json
import os
import re
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import run_gpu  # noqa: E402  (slug_of, geo; no GPU needed to import it)

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
INPUTS = os.path.join(ROOT, "test", "E2E", "Inputs")
CUDA_BARE = ["-x", "cuda", "--cuda-gpu-arch=sm_90", "--cuda-device-only",
             "-nocudainc", "-nocudalib", "--cuda-path=/nonexistent",
             "--cuda-feature=+ptx80", "-Wno-unknown-cuda-version"]
MODES = {"base": None, "sdma": ["-mllvm", "-prem-mode=sdma"],
         "dae": ["-mllvm", "-prem-mode=dae"],
         "cmpt": ["-mllvm", "-prem-mode=cmpt"]}
# The sets of hand-tiled/others with a driver (refusals has none).
OTHERS = ["btree", "dwt", "histo-transpose", "knn", "lavamd", "misc",
          "parboil", "reduce", "rodinia2", "samples", "scan"]


# The GPU-style suite again at sizes where a launch takes tens of
# microseconds to milliseconds (its -D overrides of polybench.h), so that
# the kernels' times say what PREM costs them.
LARGE = {"NI": 1024, "NJ": 1024, "NK": 1024, "NL": 1024, "NM": 1024,
         "N": 2048, "SYRK_M": 1024, "NX": 4096, "NY": 4096, "CM": 1024,
         "CN": 1024, "FDTD_NX": 2048, "FDTD_NY": 2048, "TMAX": 4, "NR": 128,
         "NQ": 128, "NP": 128, "N3": 160, "N1": 1 << 20, "TSTEPS": 4,
         "LU_STEPS": 8}


def sets():
    """name -> (kernel source, driver, include dirs, extra modes, -D flags)."""
    out = {
        "gpu-style": ("bench/kernels/gpu-style/polybench.cu",
                      "test/E2E/Inputs/gpu-style-cuda-main.c",
                      ["bench/kernels/gpu-style"],
                      # the 1-D kernels' launch states its block size
                      {"sdma-bs32": ["-mllvm", "-prem-mode=sdma", "-mllvm",
                                     "-prem-block-size=32"]}, []),
        "gpu-style-large": ("bench/kernels/gpu-style/polybench.cu",
                            "test/E2E/Inputs/gpu-style-cuda-main.c",
                            ["bench/kernels/gpu-style"], {},
                            [f"-D{k}={v}" for k, v in LARGE.items()]),
        "hand-tiled": ("bench/kernels/hand-tiled/handtiled.cu",
                       "test/E2E/Inputs/hand-tiled-main.c", [], {}, []),
    }
    for s in OTHERS:
        out["others-" + s] = (f"bench/kernels/hand-tiled/others/{s}.cu",
                              f"test/E2E/Inputs/others/{s}-main.c", [], {}, [])
    return out


def transformed(report):
    """The kernels prem-tile or prem-les transformed, from -prem-report."""
    with open(report) as f:
        return sorted(k["name"] for k in json.load(f).get("kernels", [])
                      if k.get("prem", {}).get("transformed"))


DECL = re.compile(r"^void\s+(\w+)\s*\(([^;{]*)\)\s*;", re.M)


def split_params(text):
    """A declaration's parameter list, split at its top-level commas."""
    params, depth, cur = [], 0, ""
    for c in text:
        if c == "," and depth == 0:
            params.append(cur.strip())
            cur = ""
            continue
        depth += c in "(["
        depth -= c in ")]"
        cur += c
    if cur.strip() and cur.strip() != "void":
        params.append(cur.strip())
    return params


def kernel_bodies(cu):
    """Kernel name -> the text of its body, for each __global__ function."""
    out = {}
    for m in re.finditer(r"__global__\s+void\s+(\w+)\s*\(", cu):
        at = cu.index("{", m.end())
        depth = 0
        for i in range(at, len(cu)):
            depth += cu[i] == "{"
            depth -= cu[i] == "}"
            if depth == 0:
                out[m.group(1)] = cu[at:i + 1]
                break
    return out


def stubs(driver_text, cu_text):
    """C text, appended to the driver's: a definition of each kernel the
    driver declares that launches it on the GPU; host definitions of the
    module's __constant__ arrays the driver declares extern, registered to
    be copied before each launch. A kernel with an extern __shared__ array
    gets the bytes of the driver's host array of that name (the emulator's
    one copy) as dynamic shared memory."""
    bodies = kernel_bodies(cu_text)
    dynamic = re.findall(r"extern\s+__shared__\s+\w+\s+(\w+)\s*\[\s*\]",
                         cu_text)
    out = ["", "// Generated by bench/gpu/drivers.py: the kernels' stubs."]
    for m in re.finditer(r"^extern\s+(\w+)\s+(\w+)\s*\[\s*\]\s*;",
                         driver_text, re.M):
        if re.search(r"__constant__\s+" + m.group(1) + r"\s+" + m.group(2) +
                     r"\b", cu_text):
            out += [f"{m.group(1)} {m.group(2)}[65536 / sizeof({m.group(1)})];",
                    f"__attribute__((constructor)) static void "
                    f"register_{m.group(2)}(void) {{ gpu_symbol(\"{m.group(2)}\", "
                    f"{m.group(2)}); }}"]
    kernels = []
    for m in DECL.finditer(driver_text):
        name = m.group(1)
        if name not in bodies:
            continue
        params = split_params(m.group(2))
        for p in params:
            if "*" not in p and re.search(r"\w\s+\w+$", p) and \
                    p.split()[-1] not in ("int", "long", "float", "double",
                                          "unsigned", "char", "short", "bool"):
                sys.exit(f"drivers.py: {name}: a named parameter '{p}' "
                         "(the drivers declare types only)")
        args = ", ".join(f"{p} a{i}" if "(*" not in p else p
                         for i, p in enumerate(params)) or "void"
        addrs = ", ".join(f"&a{i}" for i in range(len(params)))
        ptrs = ", ".join("1" if "*" in p else "0" for p in params)
        used = [n for n in dynamic if re.search(r"\b" + n + r"\b", bodies[name])]
        dyn = " + ".join(f"(unsigned)sizeof({n})" for n in used) or "0"
        out += [f"void {name}({args}) {{",
                f"  void *Args[] = {{{addrs or '0'}}};",
                f"  static const char IsPointer[] = {{{ptrs or '0'}}};",
                f"  gpu_launch(\"{name}\", Args, IsPointer, {len(params)}, {dyn});",
                "}"]
        kernels.append(name)
    return "\n".join(out) + "\n", kernels


def run(cmd, **kw):
    """cmd, or the script's end with its message where it fails."""
    r = subprocess.run(cmd, capture_output=True, text=True, **kw)
    if r.returncode:
        sys.exit(os.path.basename(sys.argv[0]) + ": failed: " + " ".join(cmd) +
                 "\n" + r.stderr[-4000:])
    return r


def run_program(exe, env, timeout):
    """A test program's exit status ("timeout" past its time), standard
    output and the end of its standard error."""
    try:
        r = subprocess.run([exe], capture_output=True, text=True, env=env,
                           timeout=timeout)
        return r.returncode, r.stdout, r.stderr[-2000:]
    except subprocess.TimeoutExpired:
        return "timeout", "", ""


def judge(run, base):
    """A plugin build's run against the baseline's: the HASH lines that
    differ, and whether it is bit-equal (both ran to the end, as many
    arrays, at least one, all equal)."""
    differ = [h for h, b in zip(run["hashes"], base["hashes"]) if h != b]
    equal = (run["exit"] == 0 and base["exit"] == 0 and not differ and
             len(run["hashes"]) == len(base["hashes"]) > 0)
    return differ, equal


def what_differs(bad):
    """The "What differs" section: (name, mode, cell) of each build that is
    not bit-equal or did not run."""
    if not bad:
        return []
    md = ["", "## What differs", ""]
    for name, mode, c in bad:
        what = [f"exit {c['exit']}"] + c.get("differ", [])[:8]
        if c["stderr"].strip():
            what.append("stderr: " + c["stderr"].strip()[-300:])
        md.append(f"- {name} {mode}: " + "; ".join(what))
    return md


def subcommands(doc, out):
    """The parsers of build, run and render with their common options
    (out: the build directory's default)."""
    ap = argparse.ArgumentParser(description=doc,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    b = sub.add_parser("build")
    b.add_argument("--out", default=out)
    b.add_argument("--clang", default="/usr/lib/llvm-22/bin/clang")
    b.add_argument("--plugin", default=os.path.join(ROOT, "build", "lib",
                                                    "PremPlugin.so"))
    b.add_argument("--cuda", default="/usr/local/cuda")
    r = sub.add_parser("run")
    r.add_argument("--build", default=out)
    r.add_argument("--results", default=os.path.join(ROOT, "bench", "results"))
    d = sub.add_parser("render")
    d.add_argument("json")
    d.add_argument("--results", default=os.path.join(ROOT, "bench", "results"))
    return ap, sub, b, r


def build(args):
    out = os.path.abspath(args.out)
    os.makedirs(out, exist_ok=True)
    manifest = {"sets": {}}
    cuda_include = os.path.join(args.cuda, "include")
    cuda_stubs = os.path.join(args.cuda, "lib64", "stubs")
    for name, (src, driver, includes, extra, defines) in sets().items():
        if args.only and name not in args.only:
            continue
        src_path = os.path.join(ROOT, src)
        cu_text = open(src_path).read()
        driver_text = open(os.path.join(ROOT, driver)).read()
        modes = dict(MODES, **extra)
        cubins, tiled = {}, []
        for mode, flags in modes.items():
            ptx = os.path.join(out, f"{name}.{mode}.s")
            cubin = os.path.join(out, f"{name}.{mode}.cubin")
            report = os.path.join(out, f"{name}.report.json")
            if args.relink and os.path.exists(cubin):
                cubins[mode] = os.path.basename(cubin)
                if mode == "sdma" and os.path.exists(report):
                    tiled = transformed(report)
                continue
            cmd = [args.clang, "-O2"] + CUDA_BARE + [
                "-include", os.path.join(INPUTS, "cuda-builtins.h"), "-S",
                src_path, "-o", ptx] + defines
            if flags:
                cmd += ["-fpass-plugin=" + args.plugin] + flags
            if mode == "sdma":
                cmd += ["-mllvm", "-prem-report=" + report]
            run(cmd)
            if mode == "sdma":
                tiled = transformed(report)
            run([args.ptxas, "-arch=sm_90", ptx, "-o", cubin])
            cubins[mode] = os.path.basename(cubin)
        # The driver, copied beside its wrapper so that its "cuda-emu.h" is
        # bench/gpu/on-gpu's (a quoted include looks in the includer's own
        # directory first).
        copy = os.path.join(out, f"{name}-main.c")
        shutil.copyfile(os.path.join(ROOT, driver), copy)
        text, kernels = stubs(driver_text, cu_text)
        wrapper = os.path.join(out, f"{name}.gpu.c")
        with open(wrapper, "w") as f:
            # The sizes as #defines after the headers the shim includes
            # (cuda.h names a parameter N).
            f.write('#include "cuda-emu.h"\n' +
                    "".join(f"#define {d[2:].replace('=', ' ', 1)}\n"
                            for d in defines) +
                    f'#include "{name}-main.c"\n' + text)
        exe = os.path.join(out, f"{name}.exe")
        cmd = [args.clang, "-O1", "-w", "-I", out,
               "-I", os.path.join(HERE, "on-gpu"), "-I", INPUTS,
               "-I", cuda_include]
        for inc in includes:
            cmd += ["-I", os.path.join(ROOT, inc)]
        run(cmd + [wrapper, "-o", exe, "-L", cuda_stubs, "-lcuda", "-lm"])
        manifest["sets"][name] = {"exe": os.path.basename(exe),
                                  "cubins": cubins, "kernels": kernels,
                                  "transformed": tiled}
        print(f"{name}: {len(kernels)} kernels, modes {', '.join(cubins)}")
    commit = subprocess.run(["git", "-C", ROOT, "rev-parse", "--short", "HEAD"],
                            capture_output=True, text=True).stdout.strip()
    manifest["commit"] = commit
    old = os.path.join(out, "manifest.json")
    if args.only and os.path.exists(old):  # keep the sets not rebuilt
        manifest["sets"] = dict(json.load(open(old))["sets"], **manifest["sets"])
    with open(os.path.join(out, "manifest.json"), "w") as f:
        json.dump(manifest, f, indent=1)
    print("wrote", os.path.join(out, "manifest.json"))


def parse(stdout):
    hashes, times, device = [], {}, None
    for line in stdout.splitlines():
        if line.startswith("HASH "):
            hashes.append(line)
        elif line.startswith("TIME "):
            _, k, n, us = line.split()
            times[k] = (int(n), float(us))
        elif line.startswith("DEVICE "):
            device = line[7:]
    return hashes, times, device


def run_sets(args):
    build_dir = os.path.abspath(args.build)
    manifest = json.load(open(os.path.join(build_dir, "manifest.json")))
    result = {"commit": manifest.get("commit"), "sets": {},
              "repeat": args.repeat,
              "date": datetime.datetime.now(datetime.timezone.utc)
              .isoformat(timespec="seconds")}
    failed = False
    for name, s in manifest["sets"].items():
        if args.only and name not in args.only:
            continue
        exe = os.path.join(build_dir, s["exe"])
        runs = {}
        for mode, cubin in s["cubins"].items():
            env = dict(os.environ, PREM_CUBIN=os.path.join(build_dir, cubin),
                       PREM_REPEAT=str(args.repeat))
            code, out, err = run_program(exe, env, args.timeout)
            hashes, times, device = parse(out)
            if device:
                result["gpu"], result["sms"] = device.rsplit("|", 1)
            runs[mode] = {"exit": code, "hashes": hashes, "times": times,
                          "stderr": err}
        base = runs["base"]
        entry = {"kernels": len(s["kernels"]), "modes": {},
                 "transformed": s.get("transformed", [])}
        for mode, r in runs.items():
            if mode == "base":
                entry["modes"][mode] = {"exit": r["exit"],
                                        "arrays": len(r["hashes"]),
                                        "gpu_us": sum(t for _, t in r["times"].values()),
                                        "times": r["times"],
                                        "stderr": r["stderr"]}
                continue
            differ, equal = judge(r, base)
            failed |= not equal
            base_us = sum(t for _, t in base["times"].values())
            us = sum(t for _, t in r["times"].values())
            entry["modes"][mode] = {
                "exit": r["exit"], "bit_equal": equal,
                "arrays": len(r["hashes"]), "differ": differ,
                "gpu_us": us, "ratio": us / base_us if base_us else None,
                "times": r["times"], "stderr": r["stderr"]}
        result["sets"][name] = entry
        print(name, {m: (e.get("bit_equal", "base"), e["exit"])
                     for m, e in entry["modes"].items()}, flush=True)
    render(result, args.results)
    return 1 if failed else 0


def render(result, results):
    out_dir = os.path.join(results,
                           run_gpu.slug_of(result.get("gpu", "unknown-gpu")))
    os.makedirs(out_dir, exist_ok=True)
    with open(os.path.join(out_dir, "drivers-on-gpu.json"), "w") as f:
        json.dump(result, f, indent=1)
    modes = sorted({m for e in result["sets"].values() for m in e["modes"]
                    if m != "base"}, key=lambda m: (m != "sdma", m))
    md = [f"# The E2E CUDA suites on {result.get('gpu')} ({result.get('sms')} SMs)",
          "",
          f"{result['date']}; plugin at {result['commit']}; "
          "bench/gpu/drivers.py: each test driver unchanged on the CUDA "
          "driver API (bench/gpu/on-gpu/cuda-emu.h), its kernels from each "
          "build's cubin (ptxas sm_90). A cell: bit-equal to the GPU "
          "baseline (every output array's hash), or what differs; then the "
          "kernels' summed GPU time over the baseline's (the tests' small "
          "sizes: launch-bound, not PREM's cost).", "",
          "| set | kernels | arrays | " + " | ".join(modes) + " |",
          "|---|---:|---:|" + "---|" * len(modes)]
    for name, e in result["sets"].items():
        cells = []
        for m in modes:
            c = e["modes"].get(m)
            if not c:
                cells.append("-")
            elif c["bit_equal"]:
                cells.append(f"equal, {c['ratio']:.2f}x" if c["ratio"] else "equal")
            elif c["exit"] != 0:
                cells.append(f"**exit {c['exit']}**")
            else:
                cells.append(f"**{len(c['differ'])} differ**")
        base = e["modes"]["base"]
        md.append(f"| {name} | {e['kernels']} | {base['arrays']} | " +
                  " | ".join(cells) + " |")
    for name, e in result["sets"].items():
        if name.endswith("-large"):
            md += kernel_table(name, e, modes)
    bad = [(n, m, c) for n, e in result["sets"].items()
           for m, c in e["modes"].items() if m != "base" and not c["bit_equal"]]
    bad += [(n, "base", e["modes"]["base"]) for n, e in result["sets"].items()
            if e["modes"]["base"]["exit"] != 0]
    md += what_differs(bad)
    with open(os.path.join(out_dir, "drivers-on-gpu.md"), "w") as f:
        f.write("\n".join(md) + "\n")
    print("wrote", os.path.join(out_dir, "drivers-on-gpu.md"))


def kernel_table(name, e, modes):
    """Per kernel of a set at its large sizes: its launches' summed time
    alone, each mode's over the baseline's, and the geomean over the
    kernels the plugin transformed."""
    base = e["modes"]["base"].get("times", {})
    modes = [m for m in modes if m in e["modes"]]
    md = ["", f"## {name}: time per kernel", "",
          "Each kernel's launches, one at a time, each timed with events "
          "as the median of its repetitions (each from the same inputs), "
          "summed; a mode's time over the baseline's. tiled: "
          "transformed in sdma (-prem-report).", "",
          "| kernel | tiled | launches | baseline (us) | " +
          " | ".join(modes) + " |", "|---|---|---:|---:|" + "---:|" * len(modes)]
    ratios = {m: [] for m in modes}
    for k, (n, us) in base.items():
        tiled = k in e.get("transformed", [])
        cells = []
        for m in modes:
            t = e["modes"][m].get("times", {}).get(k)
            r = t[1] / us if t and us else None
            if tiled and r:
                ratios[m].append(r)
            cells.append(f"{r:.2f}" if r else "-")
        md.append(f"| {k} | {'yes' if tiled else ''} | {n} | {us:.1f} | " +
                  " | ".join(cells) + " |")
    geomeans = [run_gpu.geo(ratios[m]) for m in modes]
    md.append("| geomean over the tiled kernels | | | | " + " | ".join(
        f"{g:.3f}" if g else "-" for g in geomeans) + " |")
    return md


def main():
    ap, sub, b, r = subcommands(__doc__, "build-gpu/drivers")
    b.add_argument("--ptxas", default=shutil.which("ptxas") or
                   "/usr/local/cuda/bin/ptxas")
    b.add_argument("--only", nargs="*", help="these sets only")
    b.add_argument("--relink", action="store_true",
                   help="keep the cubins there are; build the drivers again")
    r.add_argument("--timeout", type=int, default=120)
    r.add_argument("--only", nargs="*", help="these sets only")
    r.add_argument("--repeat", type=int, default=5,
                   help="each launch this many times, timed by the median")
    t = sub.add_parser("stubs", help="print the stubs of a driver's kernels")
    t.add_argument("driver")
    t.add_argument("cu")
    args = ap.parse_args()
    if args.cmd == "build":
        build(args)
    elif args.cmd == "run":
        sys.exit(run_sets(args))
    elif args.cmd == "stubs":
        print(stubs(open(args.driver).read(), open(args.cu).read())[0], end="")
    else:
        render(json.load(open(args.json)), args.results)


if __name__ == "__main__":
    main()
