#!/usr/bin/env bash
# Installs what prem-llvm needs on Debian (design §7), only where missing.
# Safe to run again; needs root (or sudo) only when something is missing.
# clang-tools-22 is not in the design's list but ships clang-linker-wrapper,
# without which no OpenMP offload program links (clang-22 only recommends it,
# and recommends are not installed here). libgtest-dev: the unit tests of
# libprem (test/unit).
set -euo pipefail

PACKAGES=(clang-22 clang-tools-22 llvm-22-dev llvm-22-tools libpolly-22-dev libmlir-22-dev
          mlir-22-tools libomp-22-dev liboffload-22-dev lld-22
          libclang-rt-22-dev libgtest-dev cmake make g++ python3)

missing=()
for p in "${PACKAGES[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

if ((${#missing[@]} == 0)); then
  echo "prem-llvm: all packages present"
  exit 0
fi

echo "prem-llvm: installing ${missing[*]}"
SUDO=""
if [[ $(id -u) -ne 0 ]]; then SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
