#!/usr/bin/env python3
"""Writes the PTX of each gpu.binary of a lowered MLIR module
(-gpu-lower-to-nvvm-pipeline with cubin-format=isa) to OUT/<binary>.ptx and
prints the file names: what test/MLIR/gpu-*.test hands to ptxas. Where a
binary has several objects (a target attached before the pipeline, with
bitcode to link, and the pipeline's own), the one that links wins."""
import os
import re
import sys


def mlir_string_bytes(raw):
    """The bytes of an MLIR string attribute's body as printed: \\XX is a
    byte in hex, a backslash before any other character is that character
    (mlir-gpu-emu.py reads bitcode with this too)."""
    data, i = bytearray(), 0
    while i < len(raw):
        if raw[i] == "\\":
            h = raw[i + 1:i + 3]
            if re.fullmatch(r"[0-9A-Fa-f]{2}", h):
                data.append(int(h, 16))
                i += 3
                continue
            data.append(ord(raw[i + 1]))
            i += 2
            continue
        data.append(ord(raw[i]))
        i += 1
    return bytes(data)


def main():
    text = open(sys.argv[1]).read()
    out = sys.argv[2]
    os.makedirs(out, exist_ok=True)
    found = 0
    for name, body in re.findall(r'gpu\.binary @(\w+)\s*(?:<[^>]*>\s*)?\[(.*?)\]\s*$',
                                 text, re.S | re.M):
        objects = re.findall(
            r'#gpu\.object<#nvvm\.target<(.*?)>\s*,.*?"((?:[^"\\]|\\.)*)"\s*>',
            body, re.S)
        if not objects:
            continue
        linked = [o for o in objects if "link" in o[0]]
        ptx = mlir_string_bytes((linked or objects)[0][1])
        path = os.path.join(out, name + ".ptx")
        with open(path, "wb") as f:
            f.write(ptx)
        print(path)
        found += 1
    if not found:
        sys.exit("gpu-ptx: no gpu.binary with PTX in " + sys.argv[1])


if __name__ == "__main__":
    main()
