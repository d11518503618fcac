#!/usr/bin/env python3
"""Checks that the phase counts of a run add up, and says how many tiles
took the scratchpad path.

  phase-counts.py MODE OUTPUT

Reads the counts the CUDA emulation prints per benchmark ("PHASES <name>
memory M execute E done D outside O", cuda-emu.h) or the host-offload
runtime's summary ("prem: ... M memory, E execute) ... O memory phases
outside tiles", PREM_TRACE_SUMMARY=1). A tile on the global path (every
tile in cmpt, a partial block, a failed fit or alias check) is one memory
phase; one on the scratchpad path (dae, sdma) a Load, an Execute and a
Store phase. Compatible intervals of accesses outside a tile's loop are
memory phases of their own ("outside"), and every tile and interval ends
with one "done". So per part: tiles T = D - O and memory M = D + E (the
host summary has no D: T = M - O - E), at most T Execute phases, none in
cmpt. Prints "MODE: T tiles, S on the scratchpad path" and exits 1,
naming the part, when the counts do not add up.
"""
import re
import sys

CUDA = re.compile(r"^PHASES (\S+) memory (\d+) execute (\d+) done (\d+) "
                  r"outside (\d+)")
HOST = re.compile(r"prem: \d+ phase changes \(\d+ recorded: (\d+) memory, "
                  r"(\d+) execute\) by \d+ agents, (\d+) memory phases outside")


def main():
    mode, path = sys.argv[1], sys.argv[2]
    parts = []
    for line in open(path):
        m = CUDA.match(line)
        if m:
            memory, execute, done, outside = (int(x) for x in m.groups()[1:])
            parts.append((m.group(1), memory, execute, done, outside))
        m = HOST.search(line)
        if m:
            memory, execute, outside = (int(x) for x in m.groups())
            parts.append(("program", memory, execute,
                          memory - execute, outside))
    bad = [] if parts else ["no phase counts"]
    tiles = spm = 0
    for name, memory, execute, done, outside in parts:
        t = done - outside
        if memory != done + execute or t < 0 or execute > t or \
                (mode == "cmpt" and execute):
            bad.append(f"{name}: memory {memory} execute {execute} done "
                       f"{done} outside {outside}")
        tiles += t
        spm += execute
    for b in bad:
        print(f"{mode}: PHASE COUNTS DO NOT ADD UP: {b}")
    print(f"{mode}: {tiles} tiles, {spm} on the scratchpad path")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
