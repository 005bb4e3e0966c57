#!/usr/bin/env bash
# Set everything up, then serve the site at http://127.0.0.1:${PORT:-8000}/ with live reload.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

./scripts/setup.sh

PORT="${PORT:-8000}"
export NO_MKDOCS_2_WARNING=1
echo "serve: the site will be at http://127.0.0.1:${PORT}/ (Ctrl-C to stop)"
exec .venv/bin/python -m mkdocs serve --dev-addr "127.0.0.1:${PORT}"
