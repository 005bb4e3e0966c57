#!/usr/bin/env bash
# Set up everything the project needs to build the site and run the tests:
#   .venv (Python packages pinned in requirements.txt, the package itself editable),
#   node_modules (pyodide, and axe-core for the browser tests' accessibility audit, pinned in
#   package-lock.json), the pure-Python wheels the tests inside Pyodide install
#   (tests/pyodide/wheels.txt), Debian's chromium and its headless shell, and Debian's clang
#   and lld (with compiler-rt for the sanitizer tests) to build the compiled search core into
#   build/core.
# Idempotent: each step is skipped when a stamp shows it is already done.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

say() { printf 'setup: %s\n' "$*"; }
fail() { printf 'setup: ERROR: %s\n' "$*" >&2; exit 1; }

hash_of() { cat "$@" | sha256sum | cut -d' ' -f1; }

# pip on this kind of machine is configured with local indexes that may be absent;
# drop its "Location ... is ignored" warnings and keep every other line.
quiet_pip() {
    "$VENV_PY" -m pip "$@" 2> >(grep -v "is ignored: it is neither a file nor a directory" >&2)
}

# --- Python virtual environment -------------------------------------------------------
PYTHON="${PYTHON:-python3}"
command -v "$PYTHON" >/dev/null || fail "$PYTHON not found; install Python 3.11 or newer"
if [ ! -x .venv/bin/python ]; then
    say "creating .venv with $("$PYTHON" --version)"
    "$PYTHON" -m venv .venv || fail "python3 -m venv failed (on Debian: apt-get install python3-venv)"
fi
VENV_PY="$ROOT/.venv/bin/python"

REQ_STAMP=.venv/.requirements.sha256
req_hash="$(hash_of requirements.txt)"
if [ "$(cat "$REQ_STAMP" 2>/dev/null || true)" != "$req_hash" ]; then
    say "installing Python packages from requirements.txt"
    quiet_pip install --quiet --disable-pip-version-check -r requirements.txt \
        || fail "pip install -r requirements.txt failed"
    echo "$req_hash" > "$REQ_STAMP"
    rm -f .venv/.package.sha256
else
    say "Python packages up to date"
fi

PKG_STAMP=.venv/.package.sha256
pkg_hash="$(hash_of pyproject.toml)"
if [ "$(cat "$PKG_STAMP" 2>/dev/null || true)" != "$pkg_hash" ] \
    || ! "$VENV_PY" -c 'import marjapussi' >/dev/null 2>&1; then
    say "installing the marjapussi package (editable)"
    # hatchling is pinned in requirements.txt: build without an isolated build env.
    quiet_pip install --quiet --disable-pip-version-check \
        --no-build-isolation --no-deps -e . || fail "pip install -e . failed"
    echo "$pkg_hash" > "$PKG_STAMP"
else
    say "marjapussi package installed"
fi

# --- npm (pyodide for the browser widgets, axe-core for the browser tests' -------------
# accessibility audit) -------------------------------------------------------------------
command -v npm >/dev/null || fail "npm not found; install Node.js 18 or newer (apt-get install nodejs npm)"
NPM_STAMP=node_modules/.marjapussi-lock.sha256
npm_hash="$(hash_of package.json package-lock.json)"
if [ "$(cat "$NPM_STAMP" 2>/dev/null || true)" != "$npm_hash" ] || [ ! -d node_modules/pyodide ] \
    || [ ! -f node_modules/axe-core/axe.min.js ]; then
    say "installing npm packages (npm ci)"
    npm ci --no-audit --no-fund --loglevel=error || fail "npm ci failed"
    echo "$npm_hash" > "$NPM_STAMP"
else
    say "npm packages up to date"
fi

# --- pure-Python wheels for the package's tests inside Pyodide (tests/pyodide/) -------
PYW_DIR=.venv/pyodide-wheels
PYW_STAMP="$PYW_DIR/.wheels.sha256"
pyw_hash="$(hash_of tests/pyodide/wheels.txt node_modules/pyodide/package.json)"
if [ "$(cat "$PYW_STAMP" 2>/dev/null || true)" != "$pyw_hash" ]; then
    say "downloading the pure-Python wheels of the Pyodide tests"
    pyodide_python="$("$VENV_PY" -c 'import json; print(".".join(json.load(open("node_modules/pyodide/pyodide-lock.json"))["info"]["python"].split(".")[:2]))')" \
        || fail "cannot read Python's version from node_modules/pyodide/pyodide-lock.json"
    rm -rf "$PYW_DIR" && mkdir -p "$PYW_DIR"
    quiet_pip download --quiet --disable-pip-version-check --no-deps --only-binary=:all: \
        --platform any --implementation py --abi none --python-version "$pyodide_python" \
        --dest "$PYW_DIR" -r tests/pyodide/wheels.txt \
        || fail "pip download -r tests/pyodide/wheels.txt failed"
    echo "$pyw_hash" > "$PYW_STAMP"
else
    say "Pyodide test wheels present"
fi

# --- Debian packages: chromium for the browser tests; clang, lld and compiler-rt for the core
APT_UPDATED=0
apt_install() {  # apt_install WHAT PACKAGE...
    local what="$1"; shift
    local SUDO=""
    if [ "$(id -u)" -ne 0 ]; then
        command -v sudo >/dev/null || fail "$what is missing and this is not root: install Debian's $*"
        SUDO="sudo"
    fi
    say "installing Debian's $* (apt-get)"
    if [ "$APT_UPDATED" -eq 0 ]; then
        $SUDO apt-get update -qq || fail "apt-get update failed"
        APT_UPDATED=1
    fi
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "$@" >/dev/null \
        || fail "apt-get install $* failed"
}

if [ ! -x /usr/bin/chromium ]; then
    apt_install /usr/bin/chromium chromium
else
    say "chromium present ($(/usr/bin/chromium --version 2>/dev/null | head -1))"
fi
# The browser tests run in Chromium's headless shell (the same build without the browser's
# windowing layers: 0.6 of the full browser's time for the same checks); the full browser
# stays for the printouts and the benchmarks.
if [ ! -x /usr/bin/chromium-headless-shell ]; then
    apt_install /usr/bin/chromium-headless-shell chromium-headless-shell
else
    say "chromium-headless-shell present"
fi

# The sanitizer tests link clang's compiler-rt (libclang_rt.asan): find it by asking clang.
asan_runtime() { command -v clang >/dev/null && [ -f "$(clang -print-file-name=libclang_rt.asan-x86_64.a)" ]; }
if ! command -v clang >/dev/null || ! command -v wasm-ld >/dev/null || ! asan_runtime; then
    apt_install "clang, lld or compiler-rt" clang lld libclang-rt-dev
else
    say "clang present ($(clang --version | head -1))"
fi

# --- the compiled search core (skipped when its inputs' hash is unchanged) -------------
"$ROOT/scripts/build_core.sh" || fail "building the search core failed (scripts/build_core.sh)"

say "ready"
