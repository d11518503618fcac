"""Reads ptxas -v output on stdin; prints the number of kernels (entry
functions) compiled and their largest static shared memory (ptxas prints
"N bytes smem" only when a kernel uses some), and fails when one exceeds
argv[1]."""
import re
import sys

budget = int(sys.argv[1])
text = sys.stdin.read()
entries = re.split(r"Compiling entry function", text)[1:]
smem = []
for e in entries:
    m = re.search(r"(\d+) bytes smem", e.split("Function properties")[0])
    smem.append(int(m.group(1)) if m else 0)
largest = max(smem, default=0)
print(f"{len(smem)} kernels compiled, largest static shared memory {largest} "
      f"bytes, {'within' if largest <= budget else 'OVER'} {budget}")
sys.exit(0 if smem and largest <= budget else 1)
