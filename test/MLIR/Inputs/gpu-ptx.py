#!/usr/bin/env python3
"""Writes the PTX of each gpu.binary of a lowered MLIR module
(-gpu-lower-to-nvvm-pipeline with cubin-format=isa) to OUT/<binary>.ptx and
prints the file names: what test/MLIR/gpu-*.test hands to ptxas. Where a
binary has several objects (a target attached before the pipeline, with
bitcode to link, and the pipeline's own), the one that links wins."""
import os
import re
import sys

text = open(sys.argv[1]).read()
out = sys.argv[2]
os.makedirs(out, exist_ok=True)
found = 0
for name, body in re.findall(r'gpu\.binary @(\w+)\s*(?:<[^>]*>\s*)?\[(.*?)\]\s*$', text, re.S | re.M):
    objects = re.findall(r'#gpu\.object<#nvvm\.target<(.*?)>\s*,.*?"((?:[^"\\]|\\.)*)"\s*>',
                         body, re.S)
    if not objects:
        continue
    linked = [o for o in objects if "link" in o[0]]
    raw = (linked or objects)[0][1]
    ptx = re.sub(r'\\([0-9A-Fa-f]{2})', lambda h: chr(int(h.group(1), 16)), raw)
    ptx = ptx.replace('\\\\', '\\').replace('\\"', '"')
    path = os.path.join(out, name + ".ptx")
    with open(path, "w") as f:
        f.write(ptx)
    print(path)
    found += 1
if not found:
    sys.exit("gpu-ptx: no gpu.binary with PTX in " + sys.argv[1])
