"""Reads ptxas -v output on stdin; prints the number of kernels (entry
functions) compiled and their largest static shared memory (ptxas prints
"N bytes smem" only when a kernel uses some), and fails when one exceeds
argv[1]. With --ptx, reads PTX instead and checks the scratchpad buffers it
declares (in relocatable PTX the OpenMP parallel regions that use them are
called through the runtime, so ptxas cannot attribute them to a kernel)."""
import re
import sys

if sys.argv[1] == "--ptx":
    # The scratchpad buffers declared in PTX (.shared prem_$_spm_$_...).
    budget = int(sys.argv[2])
    sizes = [int(m.group(1)) for m in re.finditer(
        r"\.shared .*prem_\$_spm_\$_\S*\[(\d+)\]", sys.stdin.read())]
    largest = max(sizes, default=0)
    print(f"{len(sizes)} scratchpad buffers, largest {largest} bytes, "
          f"{'within' if largest <= budget else 'OVER'} {budget}")
    sys.exit(0 if sizes and largest <= budget else 1)

budget = int(sys.argv[1])
text = sys.stdin.read()
entries = re.split(r"Compiling entry function", text)[1:]
smem = []
for e in entries:
    # The kernel's own "Used N registers, ..., M bytes smem" line (the
    # device functions it calls get their own properties after it).
    used = re.search(r"Used \d+ registers[^\n]*", e)
    m = re.search(r"(\d+) bytes smem", used.group(0)) if used else None
    smem.append(int(m.group(1)) if m else 0)
largest = max(smem, default=0)
print(f"{len(smem)} kernels compiled, largest static shared memory {largest} "
      f"bytes, {'within' if largest <= budget else 'OVER'} {budget}")
sys.exit(0 if smem and largest <= budget else 1)
