#!/usr/bin/env bash
# The main job: build the plugin, compile the example OpenMP offload program
# with it for the host-offload target, run it, and print what the plugin found.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
"$ROOT/scripts/build.sh"

CLANG=/usr/lib/llvm-22/bin/clang
OUT="$ROOT/build/example"
mkdir -p "$OUT"
# -g lets the report name arrays as the source does.
OFFLOAD=(-O2 -g -fopenmp -fopenmp-targets=x86_64-unknown-linux-gnu)

# Options reach the plugin through -mllvm at compile time; link separately,
# since -mllvm at link time would be handed to the system linker.
"$CLANG" "${OFFLOAD[@]}" -fpass-plugin="$ROOT/build/lib/PremPlugin.so" \
  -mllvm -prem-report="$OUT/prem-report.json" -Rpass-analysis=prem \
  -c "$ROOT/examples/prem_demo.c" -o "$OUT/prem_demo.o"
"$CLANG" "${OFFLOAD[@]}" "$OUT/prem_demo.o" -o "$OUT/prem_demo"

echo "== running examples/prem_demo.c on the host-offload device"
OMP_TARGET_OFFLOAD=MANDATORY PREM_TRACE_SUMMARY=1 "$OUT/prem_demo"
echo
"$ROOT/tools/prem-report" "$OUT/prem-report.json"
echo
echo "full report: $OUT/prem-report.json"
