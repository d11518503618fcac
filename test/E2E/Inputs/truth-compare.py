"""Compare print<prem-footprint> bytes per tile with traced bytes.

Usage: truth-compare.py ANALYSIS.txt TRACE.txt [--only-analysed]
Every (kernel, array) of the trace must appear in the analysis. The analysis
counts the worst tile; the trace measured every tile (with --only-analysed, kernels the analysis did not see are skipped:
the CUDA set has no syrk). An exact count must
equal the traced worst one; a count marked 'at most' (a bound, e.g. the box
of a triangular loop) must not be below it. Prints one line per pair and
'N passed, N failed'.
"""
import re
import sys

analysis = {}
kernel = array = None
for line in open(sys.argv[1]):
    m = re.match(r"kernel __omp_offloading_[0-9a-f]+_[0-9a-f]+_(\w+)_l\d+ region",
                 line)
    if m:
        kernel = m.group(1)
        continue
    m = re.match(r"kernel _Z(\d+)(\w+) region", line)  # a CUDA kernel
    if m:
        kernel = m.group(2)[: int(m.group(1))]
        continue
    m = re.match(r"\s+array (\w+):", line)
    if m:
        array = m.group(1)
        continue
    m = re.match(r"\s+bytes per tile \[[\d,]+\]: (at most )?(\d+)", line)
    if m and kernel and array:
        analysis[(kernel, array)] = (int(m.group(2)), bool(m.group(1)))

passed = failed = 0
kernels = {k for k, _ in analysis}
for line in open(sys.argv[2]):
    kernel, array, traced = line.split()
    traced = int(traced)
    if kernel not in kernels and "--only-analysed" in sys.argv:
        continue
    got = analysis.get((kernel, array))
    if got is None:
        ok, text = False, "no count"
    else:
        count, bound = got
        ok = count >= traced if bound else count == traced
        text = ("at most " if bound else "") + str(count)
    passed += ok
    failed += not ok
    print(f"{'ok  ' if ok else 'FAIL'} {kernel} {array}: analysis {text}, traced {traced}")
print(f"{passed} passed, {failed} failed")
sys.exit(1 if failed or not passed else 0)
