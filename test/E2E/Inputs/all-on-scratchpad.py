"""Reads a run's phase summary (PREM_TRACE_SUMMARY=1) and fails unless every
tile took the scratchpad path: such a tile has two memory phases (Load,
Store) and one Execute phase, a tile on the global path one memory phase
and none. The compatible intervals of accesses outside an inner tile's loop
(one memory phase each) are counted apart in the summary."""
import re
import sys

text = open(sys.argv[1]).read()
m = re.search(r"(\d+) memory, (\d+) execute", text)
o = re.search(r"(\d+) memory phases outside tiles", text)
outside = int(o[1]) if o else 0
if not m or int(m[2]) == 0 or int(m[1]) != 2 * int(m[2]) + outside:
    sys.exit(f"not every tile on the scratchpad path: {m[0] if m else 'no summary'}"
             f", {outside} outside tiles")
print(f"{m[2]} tiles, all on the scratchpad path; {outside} memory phases "
      "outside tiles")
