#!/usr/bin/env bash
# Issue 23 §6: the plugin built with AddressSanitizer and
# UndefinedBehaviorSanitizer (g++, -DPREM_SANITIZE=address,undefined) in
# build-sanitize/, and the lit suite run with it. opt and clang load the
# plugin but are not instrumented, so every process of the run gets the
# sanitizers' runtime through LD_PRELOAD; leaks are not reported (LLVM
# frees its global state at exit only in part), any other report stops the
# process and fails its test. Not part of CI (it takes about three times
# as long as scripts/test.sh).
#
#   bash scripts/sanitize.sh [lit paths or options...]
#   (default: the whole suite; e.g. build-sanitize/test/Transforms)
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
"$ROOT/scripts/install-deps.sh"
BUILD="$ROOT/build-sanitize"
cmake -S "$ROOT" -B "$BUILD" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DPREM_SANITIZE=address,undefined >/dev/null
cmake --build "$BUILD" -j"$(nproc)"
ASAN="$(g++ -print-file-name=libasan.so)"
UBSAN="$(g++ -print-file-name=libubsan.so)"
export LD_PRELOAD="$ASAN:$UBSAN"
export ASAN_OPTIONS=detect_leaks=0:halt_on_error=1:abort_on_error=0
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
if [ "$#" -eq 0 ]; then set -- "$BUILD/test"; fi
exec /usr/lib/llvm-22/bin/lit -sv "$@"
