#!/usr/bin/env bash
# Builds everything and runs every test (the lit suite). Exits non-zero when
# any test fails, and ends with a "N passed, N failed" line.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
"$ROOT/scripts/build.sh"

RESULTS="$ROOT/build/test-results.json"
rm -f "$RESULTS"
status=0
/usr/lib/llvm-22/bin/lit -sv -o "$RESULTS" "$ROOT/build/test" || status=$?

python3 - "$RESULTS" <<'PY'
import json, sys
codes = [t["code"] for t in json.load(open(sys.argv[1]))["tests"]]
passed = sum(c in ("PASS", "XFAIL") for c in codes)
skipped = sum(c == "UNSUPPORTED" for c in codes)
failed = len(codes) - passed - skipped
print(f"{passed} passed, {failed} failed, {skipped} skipped")
PY
exit "$status"
