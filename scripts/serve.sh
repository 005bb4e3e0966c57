#!/usr/bin/env bash
# Set everything up, build the site (only when its inputs changed since the last build) and
# serve it with the shared table's rooms from one process (python -m marjapussi table --site)
# at http://127.0.0.1:${PORT:-8000}/.
#
#   ./scripts/serve.sh          the built site and the rooms, on this machine only
#   ./scripts/serve.sh --lan    the same on this machine's local network address, printed
#                               with a QR code, so that phones on the same Wi-Fi can join
#                               (the default route's address, else the only one there is;
#                               with several and no default route, it lists them: then
#   ./scripts/serve.sh --lan --host ADDR    names the one the phones' network reaches)
#   ./scripts/serve.sh --dev    MkDocs' live reload for writing pages (no build first), with
#                               the room server beside it on port PORT+1 (--lan works too)
#
# The rooms are kept in SQLite (ROOMS_DB, default ~/.local/share/marjapussi/rooms.sqlite3):
# stop the server and start it again, and every room goes on where it was.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

dev=0
lan=()
given_host=()
while [ "$#" -gt 0 ]; do
    case "$1" in
        --dev) dev=1 ;;
        --lan) lan=(--lan) ;;
        --host) [ "$#" -ge 2 ] || { echo "serve: --host needs an address" >&2; exit 2; }
                given_host=(--host "$2"); shift ;;
        --host=*) given_host=(--host "${1#--host=}") ;;
        -h|--help) sed -n '2,/^[^#]/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "serve: unknown option $1 (try --lan, --host ADDR, --dev)" >&2; exit 2 ;;
    esac
    shift
done

./scripts/setup.sh

PORT="${PORT:-8000}"
PY=.venv/bin/python
db=()
if [ -n "${ROOMS_DB:-}" ]; then db=(--db "$ROOMS_DB"); fi
export NO_MKDOCS_2_WARNING=1

if [ "$dev" = 1 ]; then
    host="${given_host[1]:-127.0.0.1}"
    if [ "${#lan[@]}" -gt 0 ]; then
        host="$("$PY" -c '
import sys
from marjapussi.rooms.cli import NoLanAddress, lan_address
try:
    print(lan_address(sys.argv[1] or None))
except NoLanAddress as err:
    sys.exit(str(err))
' "${given_host[1]:-}")" || exit 2
    fi
    table_port=$((PORT + 1))
    "$PY" -m marjapussi table --host "$host" --port "$table_port" "${lan[@]}" "${db[@]}" &
    table_pid=$!
    trap 'kill "$table_pid" 2>/dev/null || true' EXIT INT TERM
    export MARJAPUSSI_TABLE_SERVER="http://${host}:${table_port}"
    echo "serve: the site will be at http://${host}:${PORT}/ with live reload, the rooms at ${MARJAPUSSI_TABLE_SERVER} (Ctrl-C to stop)"
    "$PY" -m mkdocs serve --dev-addr "${host}:${PORT}"
    exit $?
fi

# The site is built only when its inputs changed since the last build (scripts/site_build.py
# keeps their hash in build/site.sha256); a failed build keeps the last site.
if ! "$PY" scripts/site_build.py --site site; then
    if [ ! -f site/index.html ]; then exit 1; fi
    echo "serve: serving the last site built instead" >&2
fi
exec "$PY" -m marjapussi table --site site --port "$PORT" "${given_host[@]}" "${lan[@]}" "${db[@]}"
