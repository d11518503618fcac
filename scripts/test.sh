#!/usr/bin/env bash
# Builds everything and runs every test (the lit suite). Exits non-zero when
# any test fails, and ends with a "N passed, N failed" line.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
"$ROOT/scripts/build.sh"

# The plugin's IR must not depend on the compiler that built it: a second
# build with clang++ (the default build uses g++), compared with the first
# on the suites by test/Driver/host-compiler-ir.test.
if command -v clang++-22 >/dev/null; then
  cmake -S "$ROOT" -B "$ROOT/build-clangxx" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DCMAKE_CXX_COMPILER=clang++-22 -DCMAKE_C_COMPILER=clang-22 >/dev/null
  targets=(PremPlugin)
  if [ -f "$ROOT/build-clangxx/passes/MLIR/Makefile" ]; then
    targets+=(PremMLIRPlugin)
  fi
  cmake --build "$ROOT/build-clangxx" -j"$(nproc)" --target "${targets[@]}"
  export PREM_PLUGIN_CLANGXX="$ROOT/build-clangxx/lib/PremPlugin.so"
  export PREM_MLIR_PLUGIN_CLANGXX="$ROOT/build-clangxx/lib/PremMLIRPlugin.so"
fi

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
