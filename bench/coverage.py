#!/usr/bin/env python3
"""Coverage of the GPU-style suite (issue 25) and the hand-tiled suite
(issue 29): how many kernels the plugin transforms in each front end, and
why it refuses the others.

  python3 bench/coverage.py [--plugin build/lib/PremPlugin.so] [--clang clang]
                            [--front-end NAME ...] [--no-write]

Compiles bench/kernels/gpu-style/polybench.cu (CUDA on NVPTX, sm_90) and
polybench.c (OpenMP offload: host offload, NVPTX, NVPTX with
-prem-gpu-tiles), and bench/kernels/hand-tiled/handtiled.cu (CUDA that
stages its data in shared memory itself: the cuda-hand-tiled front end,
transformed when prem-sync gives its barrier segments phases) through the
plugin, device code only, at the suite's
default sizes (bench/kernels/gpu-style/polybench.h), and reads what the
plugin says: its JSON report (-prem-report: each kernel, transformed or
not, the reason, the footprint's reasons) and the optimisation record
(-fsave-optimization-record: each prem-tile refusal's remark name, the
kind in PREM_TILE_REFUSALS, passes/Transforms/Tile/NestTiler.h).

Prints per front end: kernels transformed / total and the percentage, and
a table of refusals: the remark name, for `NotExact` the footprint's
reason (its remark name in prem-footprint, and what it is about), the
count and the kernels. A compile that fails (the plugin crashes or reports
an error) is reported as such, and each kernel is then compiled on its own
(every other kernel's body left out) so that the others are still counted
and the failing ones named: they count as `CompileFailed`.

Writes bench/results/<machine>/gpu-style-coverage.json and .md
(results_file.py), with the plugin's checksum and the sources' commit.
"""
import argparse
import collections
import concurrent.futures
import glob
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)
import results_file  # noqa: E402

SUITE = os.path.join(HERE, "kernels", "gpu-style")
CUDA_BUILTINS = os.path.join(ROOT, "test", "E2E", "Inputs", "cuda-builtins.h")

# Front ends: (name, source, clang flags). CUDA is compiled without CUDA's
# headers, as the tests do (the emulated runs need the kernels' IR free of
# libdevice); --cuda-path uses an installation's headers instead.
DEVICE = ["-O2", "-g", "-S", "-emit-llvm", "-Wno-unknown-cuda-version",
          "-I", SUITE]
CUDA_BARE = ["-x", "cuda", "--cuda-gpu-arch=sm_90", "--cuda-device-only",
             "-nocudainc", "-nocudalib", "--cuda-path=/nonexistent",
             "--cuda-feature=+ptx80", "-include", CUDA_BUILTINS]
OMP_HOST = ["-fopenmp", "-fopenmp-targets=x86_64-unknown-linux-gnu",
            "--offload-device-only"]
OMP_NVPTX = ["-fopenmp", "--offload-arch=sm_90", "--offload-device-only",
             "-nogpulib", "--cuda-feature=+ptx80"]
FRONT_ENDS = {
    "cuda": ("polybench.cu", CUDA_BARE),
    "omp-host": ("polybench.c", OMP_HOST),
    "omp-nvptx": ("polybench.c", OMP_NVPTX),
    "omp-nvptx-tiles": ("polybench.c", OMP_NVPTX + ["-mllvm", "-prem-gpu-tiles"]),
    # Issue 29: kernels that stage their data in shared memory themselves.
    "cuda-hand-tiled": ("../hand-tiled/handtiled.cu", CUDA_BARE),
    # The same, in the styles of other collections (Rodinia, Parboil, SHOC,
    # the CUDA samples): one source per collection.
    "cuda-hand-tiled-others": ("../hand-tiled/others/*.cu", CUDA_BARE),
}

# A kernel function of the suite: a CUDA kernel, or a C function holding a
# target region; the body ends at the first `}` in column 0.
FUNCTION = re.compile(r"^(?:__global__ )?void (\w+)\((?:[^{;]|\n)*?\) \{\n"
                      r"(?:.*\n)*?\}\n", re.M)
OFFLOAD_ENTRY = re.compile(r"^__omp_offloading_[0-9a-f]+_[0-9a-f]+_(\w+)_l\d+$")


def kernel_functions(source):
    """[(name, start, body start, end)] of the kernels of a suite source."""
    text = open(source).read()
    found = []
    for m in FUNCTION.finditer(text):
        body = m.group(0)
        if source.endswith(".cu") and not body.startswith("__global__"):
            continue
        if source.endswith(".c") and "#pragma omp target" not in body:
            continue
        found.append((m.group(1), m.start(), m.start() + body.index("{\n"),
                      m.end()))
    return text, found


def only(source, keep, out):
    """`source` with every kernel's body but `keep`'s cut to a declaration
    (callers still compile); the lines stay where they were, so that remarks
    point at the same lines."""
    text, found = kernel_functions(source)
    parts, at = [], 0
    for name, _, body, end in found:
        if name == keep:
            continue
        cut = text[body:end]
        parts += [text[at:body], ";" + "\n" * cut.count("\n")]
        at = end
    parts.append(text[at:])
    with open(out, "w") as f:
        f.write("".join(parts))


def kernel_of(symbol):
    """The suite function of a kernel: its name (CUDA), the function around
    the target region (OpenMP offload entries)."""
    m = OFFLOAD_ENTRY.match(symbol)
    return m.group(1) if m else symbol


def remarks(yaml_file):
    """The optimisation record's remarks: dicts of kind (Passed, Missed,
    Analysis), Pass, Name, Function and the message (every argument's value
    in order). LLVM writes one document per remark in a fixed layout; this
    reads that layout (no YAML library needed)."""
    out = []
    if not os.path.exists(yaml_file):
        return out
    doc = None
    pending = None  # (key, text) of a value continued on the next lines

    def value(v):
        v = v.strip()
        if v.startswith("'") and v.endswith("'") and len(v) > 1:
            return v[1:-1].replace("''", "'")
        return v

    def incomplete(text):
        """A quoted scalar or a flow mapping that goes on on the next line."""
        if text.startswith("{"):
            return not text.endswith("}")
        if not text.startswith("'"):
            return False
        i = 1
        while i < len(text):
            if text[i] == "'":
                if text[i + 1:i + 2] == "'":
                    i += 2
                    continue
                return False
            i += 1
        return True

    def store(key, text):
        if key == "arg":
            doc["args"].append(value(text))
        else:
            doc[key] = value(text)

    for line in open(yaml_file, errors="replace"):
        line = line.rstrip("\n")
        if pending:
            pending[1] += " " + line.strip()
            if not incomplete(pending[1]):
                store(*pending)
                pending = None
            continue
        if line.startswith("--- !"):
            doc = {"kind": line[5:].strip(), "args": []}
            out.append(doc)
            continue
        if doc is None or line == "...":
            continue
        m = re.match(r"^(Pass|Name|Function|DebugLoc):\s*(.*)$", line)
        a = re.match(r"^  - (\w+):\s*(.*)$", line)
        if m:
            key, text = m.group(1), m.group(2)
        elif a:
            key, text = "arg", a.group(2)
        else:
            continue
        if incomplete(text):
            pending = [key, text]
        else:
            store(key, text)
    for doc in out:
        doc["message"] = "".join(doc.pop("args"))
    return out


def compile_suite(clang, plugin, source, flags, out_stem):
    """Compiles one source; returns (ok, stderr, report, remarks)."""
    cmd = [clang, *DEVICE, *flags, f"-fpass-plugin={plugin}",
           "-mllvm", f"-prem-report={out_stem}.json",
           "-fsave-optimization-record",
           f"-foptimization-record-file={out_stem}.yaml",
           source, "-o", out_stem + ".ll"]
    for stale in (".json", ".yaml"):
        if os.path.exists(out_stem + stale):
            os.remove(out_stem + stale)
    p = subprocess.run(cmd, capture_output=True, text=True,
                       cwd=os.path.dirname(out_stem))
    report = None
    if os.path.exists(out_stem + ".json"):
        try:
            with open(out_stem + ".json") as f:
                report = json.load(f)
        except ValueError:
            report = None
    return p.returncode == 0, p.stderr, report, remarks(out_stem + ".yaml")


def failure(stderr):
    """One line saying how a compile failed."""
    errors = [l for l in stderr.splitlines() if "error:" in l]
    if any("Stack dump" in l or "PLEASE submit" in l
           for l in stderr.splitlines()):
        where = [l.strip() for l in stderr.splitlines()
                 if re.search(r"prem::\w", l)]
        top = re.sub(r"^#\d+ 0x[0-9a-f]+ ", "", where[0]) if where else "?"
        return f"crash in {top}"
    return errors[0].strip() if errors else "failed"


FOOTPRINT_CAUSES = [
    (r"y/z thread index", "a y/z thread index (2-D/3-D blocks)"),
    (r"divides the induction variable by a runtime value",
     "collapse(n) over runtime extents"),
    (r"divides the induction variable", "collapse(n): the IV divided"),
    (r"delinearisation failed", "runtime stride: delinearisation failed"),
    (r"trip count .* is not affine", "a trip count not affine"),
    (r"trip count .* is not computable", "a trip count not computable"),
    (r"not affine", "a subscript not affine"),
]


def cause(kernel):
    """For a footprint that is not exact: its first reason's kind and what
    it is about."""
    reasons = kernel.get("footprint", {}).get("reasons", [])
    if not reasons:
        return "?"
    r = reasons[0]
    for pattern, text in FOOTPRINT_CAUSES:
        if re.search(pattern, r["message"]):
            return f"{r['kind']}: {text}"
    return r["kind"]


def array_cause(kernel, reason):
    """For an array without a byte-level footprint: what its element set is
    made of (the footprint's, in the report)."""
    m = re.match(r"array ([\w.#]+):", reason)
    for a in kernel.get("footprint", {}).get("arrays", []) if m else []:
        if a["name"] != m.group(1):
            continue
        if "floor" in a["elements"] or "exists" in a["elements"]:
            return "collapse(n): floor terms"
        if re.search(r"\[o0, o1", a["elements"]):
            return "runtime stride: delinearised, no byte range"
    return "?"


def normalise(reason):
    """A refusal's reason without the values it names (arrays, IR values,
    SCEVs), so that equal reasons group."""
    r = re.sub(r"array [\w.#]+", "array X", reason)
    r = re.sub(r"\s*[\(:]?\s*[\(%{].*$", "", r)
    r = re.sub(r"\b\d+\b", "N", r)
    return r.strip(" :")


def classify(front_end, ok, stderr, report, recs):
    """{kernel: record} from one compile."""
    names = {}
    for r in recs:
        if r.get("Pass") == "prem" and r["kind"] in ("Missed", "Passed"):
            m = re.match(r"kernel (\S+?):? ", r["message"])
            if m:
                names.setdefault(m.group(1), r.get("Name", "?"))
    out = {}
    for k in (report or {}).get("kernels", []):
        prem = k.get("prem", {})
        rec = {"symbol": k["name"], "source": k.get("source"),
               "transformed": bool(prem.get("transformed"))}
        if rec["transformed"]:
            rec["remark"] = names.get(k["name"], "Tiled")
            rec["how"] = prem.get("tile") or prem.get("why", "")
            if "intervals" in prem:
                rec["intervals"] = prem["intervals"]
        else:
            # (A refusal without a remark: before prem-tile had code to
            # point at.)
            rec["remark"] = names.get(k["name"], "(no remark)")
            rec["reason"] = prem.get("reason", "?")
            rec["group"] = normalise(rec["reason"])
            if rec["reason"].startswith("the footprint is not exact"):
                rec["group"] = cause(k)
            elif "no byte-level footprint" in rec["reason"]:
                rec["group"] += ": " + array_cause(k, rec["reason"])
        out[kernel_of(k["name"])] = rec
    if not ok:
        # An error (prem-les' contract checks) names the region it is in.
        for line in stderr.splitlines():
            m = re.search(r"error: .*'(__omp_offloading_\w+?_l\d+)", line) or \
                re.search(r"error: .*'(\w+)'", line)
            if m and kernel_of(m.group(1)) in out:
                rec = out[kernel_of(m.group(1))]
                rec.update(transformed=False, remark="CompileFailed",
                           reason=line.strip(), group=line.strip())
    return out


def measure(clang, plugin, front_end, work, jobs):
    source_name, flags = FRONT_ENDS[front_end]
    pattern = os.path.join(SUITE, source_name)
    if "*" not in pattern:
        return measure_source(clang, plugin, front_end, pattern, flags, work,
                              jobs)
    # Several sources: their kernels together.
    result = {"compile": "ok", "kernels": {}}
    for source in sorted(glob.glob(pattern)):
        name = f"{front_end}-{os.path.splitext(os.path.basename(source))[0]}"
        part = measure_source(clang, plugin, name, source, flags, work, jobs)
        if part["compile"] != "ok":
            result["compile"] = part["compile"]
        result["kernels"].update(part["kernels"])
    return result


def measure_source(clang, plugin, front_end, source, flags, work, jobs):
    stem = os.path.join(work, front_end)
    ok, stderr, report, recs = compile_suite(clang, plugin, source, flags, stem)
    result = {"compile": "ok" if ok else failure(stderr)}
    kernels = classify(front_end, ok, stderr, report, recs)
    if not ok:
        # Each kernel on its own: the others are counted, the failing named.
        _, found = kernel_functions(source)

        def one(name):
            unit = os.path.join(work, f"{front_end}-{name}{os.path.splitext(source)[1]}")
            only(source, name, unit)
            k_ok, k_err, k_report, k_recs = compile_suite(
                clang, plugin, unit, flags, unit + ".out")
            got = classify(front_end, k_ok, k_err, k_report, k_recs)
            rec = got.get(name)
            if not k_ok and (rec is None or rec["remark"] != "CompileFailed"):
                rec = dict(rec or {}, transformed=False, remark="CompileFailed",
                           reason=failure(k_err))
                rec["group"] = rec["reason"]
            return name, rec

        with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
            for name, rec in pool.map(one, [f[0] for f in found]):
                if rec is not None:
                    kernels[name] = rec
        result["compile_per_kernel"] = True
    result["kernels"] = kernels
    return result


def summary(front_end, result):
    kernels = result["kernels"]
    done = sorted(k for k, r in kernels.items() if r["transformed"])
    total = len(kernels)
    share = 100.0 * len(done) / total if total else 0.0
    refusals = collections.defaultdict(list)
    for k, r in kernels.items():
        if not r["transformed"]:
            refusals[(r["remark"], r.get("group", ""))].append(k)
    return done, total, share, sorted(refusals.items(),
                                      key=lambda x: (-len(x[1]), x[0]))


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--plugin",
                    default=os.path.join(ROOT, "build", "lib", "PremPlugin.so"))
    ap.add_argument("--clang", default=shutil.which("clang-22") or
                    "/usr/lib/llvm-22/bin/clang")
    ap.add_argument("--front-end", action="append", choices=FRONT_ENDS,
                    help="measure only these (default: all)")
    ap.add_argument("--cuda-path",
                    help="compile the CUDA suite with this installation's "
                    "headers and libdevice (default: without, as the tests)")
    ap.add_argument("--jobs", type=int, default=os.cpu_count())
    ap.add_argument("--results", default=os.path.join(HERE, "results"))
    ap.add_argument("--no-write", action="store_true",
                    help="print only; write no result file")
    ap.add_argument("--keep", help="keep the compiles' outputs in this folder")
    ap.add_argument("--plugin-source",
                    help="the commit the plugin was built from, for the "
                    "result (default: this tree's HEAD)")
    args = ap.parse_args()
    plugin = os.path.abspath(args.plugin)
    front_ends = args.front_end or list(FRONT_ENDS)
    if args.cuda_path:
        FRONT_ENDS["cuda"] = ("polybench.cu", [
            "-x", "cuda", "--cuda-gpu-arch=sm_90", "--cuda-device-only",
            f"--cuda-path={args.cuda_path}"])

    work = args.keep or tempfile.mkdtemp(prefix="prem-coverage-")
    os.makedirs(work, exist_ok=True)
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
        jobs = {fe: pool.submit(measure, args.clang, plugin, fe, work, args.jobs)
                for fe in front_ends}
        results = {fe: j.result() for fe, j in jobs.items()}
    if not args.keep:
        shutil.rmtree(work, ignore_errors=True)

    commit = subprocess.run(["git", "-C", ROOT, "rev-parse", "HEAD"],
                            capture_output=True, text=True).stdout.strip()
    digest = hashlib.sha256(open(plugin, "rb").read()).hexdigest()
    md = ["# GPU-style and hand-tiled suites: kernels the plugin transforms",
          "",
          "`python3 bench/coverage.py`: bench/kernels/gpu-style/ (PolyBench "
          "written as GPU ports write it, issue 25) and, as cuda-hand-tiled, "
          "bench/kernels/hand-tiled/ (kernels that stage their data in "
          "shared memory, issue 29) compiled through the "
          "plugin, device code only, default sizes. A refusal is named by its "
          "remark (prem-tile's PREM_TILE_REFUSALS, prem-sync's for "
          "hand-tiled kernels); `NotExact` by the footprint's first "
          "reason.", "",
          f"Plugin `{plugin}` (sha256 {digest[:16]}), built from "
          f"{args.plugin_source or commit}; suite at {commit[:12]}.", ""]
    for fe in front_ends:
        r = results[fe]
        done, total, share, refusals = summary(fe, r)
        r["transformed"], r["total"], r["percent"] = len(done), total, round(share, 1)
        line = f"{fe}: {len(done)} of {total} kernels transformed ({share:.0f}%)"
        if r["compile"] != "ok":
            line += f"; THE WHOLE-FILE COMPILE FAILED: {r['compile']}"
        print(line)
        md += [f"## {fe}: {len(done)} of {total} transformed ({share:.0f}%)", ""]
        if r["compile"] != "ok":
            md += [f"**The compile of the whole file failed**: {r['compile']}. "
                   "Each kernel was then compiled on its own.", ""]
        md += ["| refusal | reason | kernels | which |", "| --- | --- | --- | --- |"]
        for (remark, group), ks in refusals:
            print(f"  {len(ks):3d}  {remark:18} {group}")
            print(f"       {' '.join(sorted(ks))}")
            md.append(f"| {remark} | {group} | {len(ks)} | "
                      f"{', '.join(sorted(ks))} |")
        md += ["", f"Transformed: {', '.join(done) or 'none'}.", ""]
        print(f"  transformed: {' '.join(done) or 'none'}")

    if args.no_write:
        return 0
    result = results_file.new_result(
        "gpu-style-coverage",
        plugin={"path": plugin, "sha256": digest,
                "built_from": args.plugin_source or commit},
        sources_commit=commit,
        clang=subprocess.run([args.clang, "--version"], capture_output=True,
                             text=True).stdout.splitlines()[0],
        flags={fe: FRONT_ENDS[fe][1] for fe in front_ends},
        front_ends=results)
    stem = results_file.write(args.results, "gpu-style-coverage", result, md)
    print(f"wrote {stem}.json and .md")
    return 0


if __name__ == "__main__":
    sys.exit(main())
