#!/usr/bin/env bash
# Set everything up, then run every check: ruff, mypy, and pytest over tests/ and the
# doctests of marjapussi/ (browser tests included). Exits non-zero if any step fails;
# pytest finding no test at all (exit 5) is a failure too.
set -uo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

./scripts/setup.sh || { echo "test: setup failed" >&2; exit 1; }

PY=.venv/bin/python
export NO_MKDOCS_2_WARNING=1
failed=()

step() {
    local name="$1"; shift
    echo
    echo "=== $name: $*"
    "$@"
    local code=$?
    if [ "$code" -ne 0 ]; then
        echo "=== $name failed (exit $code)" >&2
        failed+=("$name")
    fi
    return 0
}

step ruff "$PY" -m ruff check marjapussi site_hooks tests scripts
step mypy "$PY" -m mypy
step pytest "$PY" -m pytest "$@"
# The worked-example notebooks re-run cell by cell: an output that differs from the stored
# one fails (tests/notebooks checks that the stored notebooks are the current build).
step notebooks "$PY" -m pytest --nbval notebooks/fi notebooks/en notebooks/ru -p no:cacheprovider -q

echo
if [ "${#failed[@]}" -ne 0 ]; then
    echo "test: FAILED: ${failed[*]}" >&2
    exit 1
fi
echo "test: all checks passed"
