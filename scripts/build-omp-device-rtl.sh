#!/usr/bin/env bash
# Builds LLVM's OpenMP device runtime for NVPTX (libomptarget-nvptx.bc and
# the archive libompdevice.a that clang's offload link asks for), which
# Debian does not ship, from the upstream source of Debian's own
# llvm-toolchain-22 package, with clang-22 (issue 25: OpenMP offload to
# NVPTX, run on a GPU). Cached: a second run only prints where it is.
# Not run by the README's two commands.
#
#   scripts/build-omp-device-rtl.sh [CACHE]     (default /var/cache/prem-llvm)
#
# Prints the directory that holds the runtime. Link an OpenMP NVPTX program
# with it:
#   clang-22 -fopenmp --offload-arch=sm_90 --cuda-path=/usr/local/cuda \
#     --libomptarget-nvptx-bc-path=DIR/libomptarget-nvptx.bc \
#     -Xoffload-linker -LDIR prog.c
#
# The source is the orig tarball of the source package whose version is the
# installed clang-22's, fetched with `apt-get source` (a deb-src entry for
# the suite that ships clang-22 is added when there is none) or, where the
# registry serves the tarball only from Debian's main pool, from there; its
# SHA-256 is checked against the source package's record. Only what the
# runtime's CMakeLists.txt compiles is extracted (openmp/device,
# offload/include/Shared, libc/shared) and compiled as it compiles it: for
# nvptx64-nvidia-cuda, -flto, each file to bitcode, linked into one.
set -euo pipefail

CACHE=${1:-/var/cache/prem-llvm}
LLVM_BIN=/usr/lib/llvm-22/bin
die() { echo "build-omp-device-rtl: $*" >&2; exit 1; }

[[ -x $LLVM_BIN/clang++ ]] || die "clang-22 is not installed (scripts/install-deps.sh)"
VERSION=$(dpkg-query -W -f='${Version}' clang-22 2>/dev/null) ||
  die "clang-22 is not a Debian package here"
UPSTREAM=${VERSION#*:}
UPSTREAM=${UPSTREAM%%-*}
OUT=$CACHE/omp-device-$UPSTREAM
if [[ -f $OUT/libomptarget-nvptx.bc && -f $OUT/libompdevice.a ]]; then
  echo "$OUT"
  exit 0
fi

SUDO=""
if [[ $(id -u) -ne 0 ]]; then SUDO="sudo"; fi
SRC=$CACHE/src
TARBALL=llvm-toolchain-22_$UPSTREAM.orig.tar.xz
$SUDO mkdir -p "$SRC" "$OUT"
$SUDO chown "$(id -u):$(id -g)" "$SRC" "$OUT"

# The tarball's SHA-256 in the source record of clang-22's version.
expected_sha256() {
  apt-cache showsrc llvm-toolchain-22 2>/dev/null |
    awk -v f="$TARBALL" -v v="$VERSION" '
      /^Version:/ {ver = $2} /^Checksums-Sha256:/ {s = 1; next}
      /^[A-Z]/ {s = 0} s && ver == v && $3 == f {print $1; exit}'
}
if [[ -z $(expected_sha256) ]]; then
  # deb-src for the suite clang-22 came from: the archive line under its
  # installed version in the policy.
  LINE=$(apt-cache policy clang-22 | awk -v v="$VERSION" '
    $1 == "***" && $2 == v {getline; print; exit}
    $1 == v {getline; print; exit}')
  URI=$(awk '{print $2}' <<<"$LINE")
  SUITE=$(awk '{split($3, s, "/"); print s[1]}' <<<"$LINE")
  [[ -n $URI && -n $SUITE ]] || die "cannot tell which suite ships clang-22 $VERSION"
  echo "build-omp-device-rtl: adding deb-src $URI $SUITE" >&2
  printf 'Types: deb-src\nURIs: %s\nSuites: %s\nComponents: main\nSigned-By: /usr/share/keyrings/debian-archive-keyring.gpg\n' \
    "$URI" "$SUITE" | $SUDO tee /etc/apt/sources.list.d/prem-llvm-src.sources >/dev/null
  $SUDO apt-get update -qq
fi
SHA256=$(expected_sha256)
[[ -n $SHA256 ]] || die "no source record of llvm-toolchain-22 $VERSION"

if [[ ! -f $SRC/$TARBALL ]]; then
  (cd "$SRC" && apt-get source --download-only -qq "llvm-toolchain-22=$VERSION" >/dev/null 2>&1) || true
fi
if [[ ! -f $SRC/$TARBALL ]]; then
  POOL=http://deb.debian.org/debian/pool/main/l/llvm-toolchain-22
  echo "build-omp-device-rtl: apt-get source failed; fetching $POOL/$TARBALL" >&2
  curl -fsS -o "$SRC/$TARBALL.part" "$POOL/$TARBALL" || die "cannot fetch $TARBALL"
  mv "$SRC/$TARBALL.part" "$SRC/$TARBALL"
fi
echo "$SHA256  $SRC/$TARBALL" | sha256sum -c --quiet - ||
  die "$TARBALL does not match the source package's SHA-256"

TOP=llvm-toolchain-22_$UPSTREAM
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
tar -xJf "$SRC/$TARBALL" -C "$WORK" "$TOP/openmp/device" \
  "$TOP/offload/include/Shared" "$TOP/libc/shared"
ROOT=$WORK/$TOP
SOURCES=$(sed -n 's|^ *${CMAKE_CURRENT_SOURCE_DIR}/src/\([A-Za-z]*\.cpp\)$|\1|p' \
  "$ROOT/openmp/device/CMakeLists.txt")
[[ -n $SOURCES ]] || die "no source list in openmp/device/CMakeLists.txt"

# openmp/device/CMakeLists.txt's options, and a Release build's.
FLAGS=(--target=nvptx64-nvidia-cuda -O3 -DNDEBUG -std=c++17 -flto
       -fvisibility=hidden -nogpulib -nostdlibinc -fno-rtti -fno-exceptions
       -fconvergent-functions -Wno-unknown-cuda-version
       -mllvm -vectorize-slp=false --cuda-feature=+ptx63
       -DSHARED_SCRATCHPAD_SIZE=512 -I "$ROOT/openmp/device/include"
       -I "$ROOT/libc" -I "$ROOT/offload/include")
BCS=()
for F in $SOURCES; do
  "$LLVM_BIN/clang++" "${FLAGS[@]}" -c "$ROOT/openmp/device/src/$F" \
    -o "$WORK/${F%.cpp}.bc"
  BCS+=("$WORK/${F%.cpp}.bc")
done
"$LLVM_BIN/llvm-link" "${BCS[@]}" -o "$WORK/libomptarget-nvptx.bc"
rm -f "$WORK/libompdevice.a"
"$LLVM_BIN/llvm-ar" rcs "$WORK/libompdevice.a" "$WORK/libomptarget-nvptx.bc"
mv "$WORK/libompdevice.a" "$WORK/libomptarget-nvptx.bc" "$OUT/"
echo "$OUT"
