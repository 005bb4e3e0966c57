#!/usr/bin/env bash
# Set everything up, then run every check: ruff, mypy, pytest over tests/ and the doctests
# of marjapussi/ (browser tests included), and the notebooks under nbval. Exits non-zero if
# any step fails; pytest finding no test at all (exit 5) is a failure too.
#
# pytest runs on two workers (pytest-xdist, -n 2 --dist loadfile: a test file stays on one
# worker with its module fixtures); arguments go to pytest and win, e.g.
#   ./scripts/test.sh -n 0            # one process, no workers
#   ./scripts/test.sh -n 4 -m slow    # four workers, the slow tests
# The site is built once, while ruff and mypy run, before any worker starts; the workers
# copy it (MARJAPUSSI_TEST_SITE, see tests/site/sitekit.py). The notebooks need no site:
# they run under nbval meanwhile, on the side, and their output is shown after pytest's.
# The test files go to the workers longest first (tests/site/conftest.py), so that no worker
# is left alone with a long file at the end.
set -uo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

./scripts/setup.sh || { echo "test: setup failed" >&2; exit 1; }

PY=.venv/bin/python
export NO_MKDOCS_2_WARNING=1
# Python's compiled modules, pytest's rewritten test modules among them, are kept between
# processes and runs, outside the tree (build/ is ignored by git): without them every
# worker, every server and command-line run of the tests and every notebook's kernel
# compiles the same sources again (a machine may set PYTHONDONTWRITEBYTECODE: not here).
unset PYTHONDONTWRITEBYTECODE
export PYTHONPYCACHEPREFIX="${PYTHONPYCACHEPREFIX:-$ROOT/build/pycache}"
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

# The workers' count: two unless the arguments say otherwise (the last -n wins, as in
# pytest).
workers=2
previous=""
for arg in "$@"; do
    case "$previous" in -n|--numprocesses) workers="$arg" ;; esac
    case "$arg" in
        -n?*) workers="${arg#-n}"; workers="${workers#=}" ;;
        --numprocesses=*) workers="${arg#--numprocesses=}" ;;
    esac
    previous="$arg"
done
parallel=(-n "$workers" --dist loadfile --no-loadscope-reorder)

# Build the site once, on the side, while ruff and mypy run; a failed build fails the
# tests that need the site, each with the build's log.
site_dir="$(mktemp -d "${TMPDIR:-/tmp}/marjapussi-test-site.XXXXXX")"
trap 'rm -rf "$site_dir"' EXIT
echo "=== site: building it once for the tests, into $site_dir"
"$PY" tests/site/sitekit.py "$site_dir" &
site_pid=$!

# The worked-example notebooks run once, cell by cell: an output that differs from the
# stored one fails (tests/notebooks checks that their inputs are the current build). They
# run now, beside the site's build, ruff and mypy; their report comes after pytest's. (On a
# busy machine a kernel may take over nbval's default minute to start: it is given five.)
# They run in one process: with two workers a kernel once died at its start ("Kernel died
# before replying to kernel_info"), most likely the known race of kernels started at once by
# two processes (jupyter_client picks a kernel's TCP ports by binding free ones and letting them
# go; within one process it keeps them apart). One process: 23 s against 17-19 s.
notebooks_log="$site_dir.notebooks.log"
notebooks_cmd=("$PY" -m pytest --nbval notebooks/fi notebooks/en notebooks/ru -p no:cacheprovider -q
    --nbval-kernel-startup-timeout 300 -n 0)
trap 'rm -rf "$site_dir" "$notebooks_log"' EXIT
"${notebooks_cmd[@]}" >"$notebooks_log" 2>&1 &
notebooks_pid=$!

step ruff "$PY" -m ruff check marjapussi site_hooks tests scripts
step mypy "$PY" -m mypy
wait "$site_pid" || echo "=== site: the build failed; the site and browser tests will show its log" >&2
export MARJAPUSSI_TEST_SITE="$site_dir"

step pytest "$PY" -m pytest "${parallel[@]}" "$@"

echo
echo "=== notebooks (run beside the site's build): ${notebooks_cmd[*]}"
wait "$notebooks_pid"
notebooks_code=$?
cat "$notebooks_log"
if [ "$notebooks_code" -ne 0 ]; then
    echo "=== notebooks failed (exit $notebooks_code)" >&2
    failed+=("notebooks")
fi

echo
if [ "${#failed[@]}" -ne 0 ]; then
    echo "test: FAILED: ${failed[*]}" >&2
    exit 1
fi
echo "test: all checks passed"
