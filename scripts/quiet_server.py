"""The static server of the tests and the benchmarks: quiet unless something is wrong.

A browser often closes a connection before a reply is fully sent (a page navigates away,
a service worker cancels a fetch, a cut-off download). ``http.server`` then prints a
``BrokenPipeError`` or ``ConnectionResetError`` traceback, which buried a real traceback
in the test log. ``QuietServer`` says nothing for exactly those two; any other error
still prints its traceback. ``QuietHandler`` serves files without a line per request.

The browser tests import it through ``tests/site/sitekit.py``; ``scripts/bench_site.py``
imports it from beside itself.
"""

from __future__ import annotations

import functools
import http.server
import sys
import threading
from pathlib import Path
from typing import Any

__all__ = ["HUNG_UP", "QuietHandler", "QuietServer", "serve"]

HUNG_UP = (BrokenPipeError, ConnectionResetError)
"""What a client closing its connection early raises while a reply is written."""


class QuietServer(http.server.ThreadingHTTPServer):
    """A threading HTTP server that keeps quiet when a client hangs up (``HUNG_UP``)."""

    daemon_threads = True

    def handle_error(self, request: Any, client_address: Any) -> None:
        if isinstance(sys.exc_info()[1], HUNG_UP):
            return
        super().handle_error(request, client_address)


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    """Serve files from a folder without logging each request."""

    def log_message(self, format: str, *args: Any) -> None:
        pass


def serve(root: Path, handler: type[http.server.SimpleHTTPRequestHandler] = QuietHandler) -> QuietServer:
    """Serve ``root`` on a free port of 127.0.0.1 from a thread; ``shutdown()`` stops it."""
    server = QuietServer(("127.0.0.1", 0), functools.partial(handler, directory=str(root)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server
