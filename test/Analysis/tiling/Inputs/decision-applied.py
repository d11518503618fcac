#!/usr/bin/env python3
"""print<prem-tiling> prints what prem-tile applies (issue 24).

Runs, on one device module, the printer alone and then the whole prem
pipeline with its report, and checks per kernel that the printed decision
(tiled or not, the loop cut, the tile's iterations and scratchpad bytes, the
reason's name) is what prem-tile's record says it did. Prints one line per
kernel and a count; exits 1 at the first kernel where they differ, or when
no kernel was tiled (a test of nothing)."""
import argparse
import json
import re
import subprocess
import sys

DECIDED = re.compile(
    r"^kernel (?P<name>\S+): (?:tiled, (?P<loop>the [^,]+), "
    r"(?:(?P<iters>\d+) (?:iteration|thread)\(s\) per tile|one block of the "
    r"launch's size per tile)(?:, (?P<bytes>\d+) bytes of scratchpad)?"
    r"(?:, (?P<intervals>\d+) interval\(s\))?"
    r"|not tiled \((?P<refusal>\w+)\): (?P<why>.*))$")


def run(cmd):
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode:
        sys.exit(f"decision-applied: {' '.join(cmd[:3])} failed:\n"
                 f"{r.stderr[-2000:]}")
    return r.stdout


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--opt", required=True)
    ap.add_argument("--plugin", required=True)
    ap.add_argument("--report", required=True)
    ap.add_argument("ir")
    ap.add_argument("options", nargs="*")
    a = ap.parse_args()
    load = [a.opt, "-load-pass-plugin", a.plugin]
    printed = {}
    for line in run(load + ["-passes=print<prem-tiling>", "-disable-output",
                            a.ir] + a.options).splitlines():
        m = DECIDED.match(line)
        if m:
            printed[m["name"]] = m
    run(load + ["-passes=prem", "-disable-output", "-prem-report=" + a.report,
                a.ir] + a.options)
    with open(a.report) as f:
        kernels = json.load(f)["kernels"]
    tiled = 0
    for k in kernels:
        name, rec = k["name"], k.get("prem")
        m = printed.get(name)
        if rec is None or m is None:
            sys.exit(f"{name}: no {'record' if rec is None else 'decision'}")
        applied = rec.get("transformed")
        if applied != (m["refusal"] is None):
            sys.exit(f"{name}: printed {'tiled' if m['refusal'] is None else 'not tiled'}, "
                     f"prem-tile {'tiled' if applied else 'did not'}")
        if not applied:
            if m["why"] != rec.get("reason"):
                sys.exit(f"{name}: printed reason '{m['why']}', applied "
                         f"'{rec.get('reason')}'")
            print(f"{name}: not tiled ({m['refusal']}), as printed")
            continue
        tiled += 1
        for key, field in (("iters", "tile_iterations"),
                           ("bytes", "scratchpad_bytes_per_tile"),
                           ("intervals", "intervals")):
            want = rec.get(field)
            got = int(m[key]) if m[key] else None
            if got != want:
                sys.exit(f"{name}: printed {field} {got}, applied {want}")
        depth = int(m["loop"].split("depth-")[1].split()[0]) \
            if "depth-" in m["loop"] else 0
        # The record names the loop it tiles last ("... x 128 iterations of
        # the depth-2 loop").
        shape = str(rec.get("tile", ""))
        applied_depth = 2 if "depth-2" in shape else 1 if "depth-1" in shape \
            else 0
        if depth != applied_depth:
            sys.exit(f"{name}: printed depth {depth}, applied {applied_depth}")
        print(f"{name}: tiled as printed ({m['loop']}, "
              f"{m['iters'] or 'launch-sized'})")
    if not tiled:
        sys.exit("decision-applied: no kernel tiled")
    print(f"{len(kernels)} kernel(s), {tiled} tiled: as printed")


if __name__ == "__main__":
    main()
