"""Checks a host-offload trace of one agent under the "host" policy with
windows of E_MEMORY_NS and E_COMPUTE_NS: an agent never starts a memory
phase in a kernel window it has computed in, so consecutive intervals start
at least E_COMPUTE_NS apart (the CPU's window lies between them).
Prints the interval count and the shortest start-to-start distance.

  guard-check.py TRACE E_MEMORY_NS E_COMPUTE_NS
"""
import sys

path, e_memory, e_compute = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
with open(path) as f:
    records = [tuple(map(int, line.split())) for line in f.readlines()[1:]]
starts, open_interval = [], False
for time, _, _, phase in records:
    if phase == 1 and not open_interval:
        starts.append(time)
        open_interval = True
    elif phase == 3:
        open_interval = False
gaps = [b - a for a, b in zip(starts, starts[1:])]
shortest = min(gaps)
print(f"{len(starts)} intervals; shortest start-to-start "
      f"{'>=' if shortest >= e_compute else '<'} E_compute")
sys.exit(0 if shortest >= e_compute else 1)
