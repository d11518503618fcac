"""Reads a run's phase summary (PREM_TRACE_SUMMARY=1) and fails unless every
tile took the scratchpad path: such a tile has two memory phases (Load,
Store) and one Execute phase, a tile on the global path one memory phase
and none."""
import re
import sys

m = re.search(r"(\d+) memory, (\d+) execute", open(sys.argv[1]).read())
if not m or int(m[2]) == 0 or int(m[1]) != 2 * int(m[2]):
    sys.exit(f"not every tile on the scratchpad path: {m[0] if m else 'no summary'}")
print(f"{m[2]} tiles, all on the scratchpad path")
