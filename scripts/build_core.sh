#!/usr/bin/env bash
# Build the compiled search core (marjapussi/analysis/core.c) with clang:
#   OUT/libmarjapussi_core.so   the native library CPython loads with ctypes
#   OUT/marjapussi_core.wasm    the WebAssembly module the browser's worker instantiates
# OUT is build/core by default (ignored by git; the wheel stays pure Python). The build is
# skipped when the hash of its inputs (the source, this script, the flags, clang's
# version) is unchanged.
#
#   scripts/build_core.sh [--out DIR] [--cflags "-DNO_HISTORY ..."] [--native-only] [--force]
#
# --cflags adds compiler flags to both builds (the tests build a deliberately broken core
# with -DBREAK_MUST_BEAT; the benchmark builds one without a technique, e.g.
# -DNO_QUICK_TRICKS). Exits 2 when clang (or, for the wasm, lld) is missing.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
SOURCE="$ROOT/marjapussi/analysis/core.c"
OUT="$ROOT/build/core"
EXTRA=""
NATIVE_ONLY=0
FORCE=0
while [ $# -gt 0 ]; do
    case "$1" in
        --out) OUT="$2"; shift 2 ;;
        --cflags) EXTRA="$2"; shift 2 ;;
        --native-only) NATIVE_ONLY=1; shift ;;
        --force) FORCE=1; shift ;;
        *) echo "build_core: unknown argument $1" >&2; exit 64 ;;
    esac
done

say() { printf 'build_core: %s\n' "$*"; }
CLANG="${CLANG:-clang}"
command -v "$CLANG" >/dev/null || { say "clang is not installed (scripts/setup.sh installs it)" >&2; exit 2; }
if [ "$NATIVE_ONLY" -eq 0 ] && ! command -v wasm-ld >/dev/null; then
    say "wasm-ld is not installed (Debian's lld; scripts/setup.sh installs it)" >&2
    exit 2
fi

NATIVE_FLAGS=(-O2 -shared -fPIC -Wall -Wextra)
WASM_FLAGS=(--target=wasm32 -O2 -mbulk-memory -nostdlib -Wl,--no-entry -Wl,--export-dynamic -Wl,-z,stack-size=1048576 -Wall -Wextra)
# shellcheck disable=SC2206
EXTRA_FLAGS=($EXTRA)

mkdir -p "$OUT"
STAMP="$OUT/.inputs.sha256"
inputs_hash="$( { cat "$SOURCE" "${BASH_SOURCE[0]}"; echo "$EXTRA $NATIVE_ONLY"; "$CLANG" --version; } | sha256sum | cut -d' ' -f1)"
products=("$OUT/libmarjapussi_core.so")
[ "$NATIVE_ONLY" -eq 1 ] || products+=("$OUT/marjapussi_core.wasm")
fresh=1
for product in "${products[@]}"; do [ -f "$product" ] || fresh=0; done
if [ "$FORCE" -eq 0 ] && [ "$fresh" -eq 1 ] && [ "$(cat "$STAMP" 2>/dev/null || true)" = "$inputs_hash" ]; then
    say "up to date ($OUT)"
    exit 0
fi

"$CLANG" "${NATIVE_FLAGS[@]}" "${EXTRA_FLAGS[@]}" -o "$OUT/libmarjapussi_core.so.part" "$SOURCE"
mv "$OUT/libmarjapussi_core.so.part" "$OUT/libmarjapussi_core.so"
if [ "$NATIVE_ONLY" -eq 0 ]; then
    "$CLANG" "${WASM_FLAGS[@]}" "${EXTRA_FLAGS[@]}" -o "$OUT/marjapussi_core.wasm.part" "$SOURCE"
    mv "$OUT/marjapussi_core.wasm.part" "$OUT/marjapussi_core.wasm"
fi
echo "$inputs_hash" > "$STAMP"
say "built ${products[*]}"
