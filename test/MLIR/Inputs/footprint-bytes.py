#!/usr/bin/env python3
"""Prints "<kernel>: <bytes per array...>" from a PREM report, of the LLVM
path (each kernel's tile, from "prem".arrays[].unique_bytes) or of the MLIR
path (each nest's whole footprint), so that footprint-agrees.test can check
that the two paths count the same bytes on the same kernels. With --tile
(MLIR reports): each transformed nest's tile and its boxes' bytes."""
import json
import re
import sys

report = json.load(open(sys.argv[1]))
if len(sys.argv) > 2 and sys.argv[2] == "--tile":
    # The MLIR path's tile: its iterations and its boxes' bytes.
    for k in report["kernels"]:
        p = k["prem"]
        if p["transformed"]:
            print("%s: tile %s: %s" % (k["function"], "x".join(map(str, p["tile"])),
                                       " ".join(str(a["box_bytes"]) for a in p["arrays"])))
    sys.exit(0)
for k in report["kernels"]:
    name = re.sub(r"^__omp_offloading_[0-9a-f]+_[0-9a-f]+_(.*)_l\d+$", r"\1", k["name"])
    if k["kind"].startswith("mlir"):
        print("%s: %s" % (k["function"], " ".join(str(a["bytes"]) for a in k["footprint"]["arrays"])))
    else:
        print("%s: %s" % (name, " ".join(str(a["unique_bytes"]) for a in k["prem"]["arrays"])))
