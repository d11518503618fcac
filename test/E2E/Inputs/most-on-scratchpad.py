"""Reads a run's phase summary (PREM_TRACE_SUMMARY=1) and fails unless at
least the given share of its tiles took the scratchpad path (two memory
phases and one Execute phase each; a tile on the global path has one memory
phase and none)."""
import re
import sys

text = open(sys.argv[1]).read()
share = float(sys.argv[2])
m = re.search(r"(\d+) memory, (\d+) execute", text)
o = re.search(r"(\d+) memory phases outside tiles", text)
if not m:
    sys.exit("no summary")
memory, execute = int(m[1]), int(m[2])
memory -= int(o[1]) if o else 0
tiles = memory - execute  # scratchpad tiles: 2 memory phases, global: 1
if tiles <= 0 or execute < share * tiles:
    sys.exit(f"{execute} of {tiles} tiles on the scratchpad path, "
             f"fewer than {share:.0%}")
print(f"{execute} of {tiles} tiles on the scratchpad path")
