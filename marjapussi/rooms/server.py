"""The room server: a Starlette application on uvicorn, its sockets through ``websockets``.

Routes:

- ``/rooms/ws``: the WebSocket of the table page (``hub.Hub`` answers it);
- ``/rooms/qr/CODE.svg``: the QR code of a room's link, drawn by ``segno`` for any
  well-formed code (held or not), at most ``Limits.qr_burst`` at once per address;
- ``/r/CODE``: a room's short link (the QR code's text): to the table page at that room,
  in the language the browser asks for (a club night's code too);
- ``/evening/CODE/results.csv`` (its notes in ``?lang=``), ``/evening/CODE/print`` (``?lang=``), and
  ``/evening/CODE/table/ROUND/TABLE.mjp``: a club night's archive (``evenings``): the
  results as CSV, a printable A4 results page, each table's round as a record once the
  round is over;
- with a built site (``site``): the site itself, whose Table page holds the room widget,
  with cache lifetimes and gzip (``files``);
  without: ``/`` is a self-contained table page (``?lang=fi|en|ru``) and
  ``/rooms/static/`` its scripts and styles (the site's own files, shipped in the wheel).

No HTTP or WebSocket framing is written here: Starlette, uvicorn and websockets do it.

>>> from marjapussi.rooms.clock import ManualClock
>>> app = create_app(TableConfig(db=":memory:", clock=ManualClock(), run_timer=False))
>>> sorted(r.path for r in app.routes)[:3]
['/', '/evening/{code}/print', '/evening/{code}/results.csv']
"""

from __future__ import annotations

import asyncio
import csv
import io
from collections.abc import AsyncIterator
from concurrent.futures import Executor
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path

import segno
from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, RedirectResponse, Response
from starlette.routing import BaseRoute, Mount, Route, WebSocketRoute
from starlette.types import ASGIApp, Message, Receive, Scope, Send
from starlette.websockets import WebSocket, WebSocketDisconnect

from ..escaping import escape
from ..messages import LANGUAGES
from ..web.room_frame import SCRIPT, frame
from .bots import BotRunner
from .clock import Clock, SystemClock
from .codes import normal_code
from .evening import Evening
from .evening_views import archive_rows, print_page
from .evenings import ClubHub
from .files import SiteFiles
from .hub import Connection
from .limits import LIMITS, Limits
from .store import Store
from .texts import rt
from .views import room_link

__all__ = ["TABLE_MARK", "TableConfig", "create_app", "static_root", "table_page"]

TABLE_PAGE = {"fi": "table/room/", "en": "en/table/room/", "ru": "ru/table/room/"}
"""The Table page of the built site, in each language."""

TABLE_MARK = "mp-table=1"
"""The cookie every page of this server carries: the Table page's script (room.js) opens its
WebSocket only where it finds it, so a copy of the site on a plain host tries no connection,
logs no failed one and leaves its notice of how to start a server as the only word on it."""


class _MarkPages:
    """ASGI middleware: a page (``text/html``) this server sends sets ``TABLE_MARK``; other
    files (long-cached scripts and styles) are left as they are."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def marked(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                if any(k.lower() == b"content-type" and v.startswith(b"text/html") for k, v in headers):
                    cookie = f"{TABLE_MARK}; Path=/; Max-Age=31536000; SameSite=Lax".encode()
                    message = {**message, "headers": [*headers, (b"set-cookie", cookie)]}
            await send(message)

        await self.app(scope, receive, marked)


@dataclass
class TableConfig:
    """How the server runs: its store, the site it serves, the address in its links, the clock."""

    db: str | Path
    site: Path | None = None
    public_url: str = ""
    """The address phones reach the server by (``--lan``); empty: the address each device used."""
    clock: Clock = field(default_factory=SystemClock)
    limits: Limits = LIMITS
    executor: Executor | None = None
    """Where the bots think (a process pool in the command line); ``None``: the loop's threads."""
    synchronous: str = "NORMAL"
    """The store's sync to the disk (``store``): ``NORMAL`` survives a killed server, ``FULL`` a
    power cut as well."""
    run_timer: bool = True
    """Run the rooms' timer (grace periods, bots, heartbeats); a test drives ``hub.run_due`` itself."""


def static_root() -> Path:
    """The folder of the table page's scripts and styles: the wheel's copy of the site's assets,
    or, in a source checkout, the site's ``docs/assets``."""
    here = Path(__file__).resolve().parent
    for root in (here / "static", here.parents[1] / "docs" / "assets"):
        if (root / SCRIPT.removeprefix("assets/")).is_file():
            return root
    raise FileNotFoundError("the table page's scripts are missing (docs/assets/table/room.js)")


def _language(request: Request) -> str:
    asked = request.query_params.get("lang", "")
    if asked in LANGUAGES:
        return asked
    for part in request.headers.get("accept-language", "").split(","):
        code = part.split(";")[0].strip()[:2].lower()
        if code in LANGUAGES:
            return code
    return "fi"


def table_page(lang: str) -> str:
    """The self-contained table page (no site): the room widget with its scripts and styles."""
    links = " · ".join(
        f'<a href="?lang={code}" hreflang="{code}" lang="{code}">{name}</a>'
        for code, name in (("fi", "Suomi"), ("en", "English"), ("ru", "Русский"))
    )
    return (
        f'<!doctype html><html lang="{lang}"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{escape(rt('label', lang))} · Marjapussi</title>"
        '<link rel="stylesheet" href="/rooms/static/table/standalone.css">'
        '<link rel="stylesheet" href="/rooms/static/marjapussi.css">'
        '<link rel="stylesheet" href="/rooms/static/widgets.css">'
        '<script type="module" src="/rooms/static/table/room.js"></script>'
        '</head><body class="mp-standalone"><header class="mp-standalone-head">'
        f'<strong>Marjapussi</strong><nav aria-label="Language">{links}</nav></header>'
        f'<main class="md-typeset">{frame(lang)}</main></body></html>'
    )


def create_app(config: TableConfig) -> Starlette:
    """The room server's application (see the module docstring)."""
    store = Store(config.db, config.synchronous)
    hub = ClubHub(
        store,
        clock=config.clock,
        limits=config.limits,
        bots=BotRunner(config.executor),
        public_url=config.public_url,
        rule_links=config.site is not None,
    )
    hub.load()

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        timer = asyncio.ensure_future(hub.serve()) if config.run_timer else None
        try:
            yield
        finally:
            if timer is not None:
                timer.cancel()
            hub.bots.close()
            store.close()

    async def socket(websocket: WebSocket) -> None:
        await websocket.accept()
        scheme = "https" if websocket.url.scheme == "wss" else "http"
        base = f"{scheme}://{websocket.headers.get('host', '127.0.0.1')}"

        async def close() -> None:
            await websocket.close()

        address = websocket.client.host if websocket.client is not None else ""
        conn = Connection(websocket.send_text, close, base=base, address=address)
        if not await hub.connect(conn):
            await websocket.close(code=1013)
            return
        try:
            while True:
                message = await websocket.receive()
                if message["type"] == "websocket.disconnect":
                    break
                text = message.get("text")
                await hub.receive(conn, text if text is not None else b"")
        except WebSocketDisconnect:
            pass
        finally:
            await hub.disconnect(conn)

    async def qr(request: Request) -> Response:
        # Any well-formed code is drawn, held or not, so the answer tells no room apart; an
        # address's bucket (``guard``) keeps the drawing cheap.
        code = normal_code(request.path_params["code"])
        if code is None:
            return Response(status_code=404)
        address = request.client.host if request.client is not None else ""
        if not hub.guard.picture(address, hub.clock.now()):
            return Response(status_code=429, headers={"Retry-After": "5"})
        base = config.public_url or f"{request.url.scheme}://{request.headers.get('host', '127.0.0.1')}"
        out = io.BytesIO()
        segno.make(room_link(base, code), error="m").save(out, kind="svg", scale=8, border=2, xmldecl=False)
        return Response(out.getvalue(), media_type="image/svg+xml", headers={"Cache-Control": "no-cache"})

    async def short_link(request: Request) -> Response:
        code = normal_code(request.path_params["code"]) or ""
        lang = _language(request)
        if config.site is not None:
            return RedirectResponse(f"/{TABLE_PAGE[lang]}?room={code}", status_code=303)
        return RedirectResponse(f"/?lang={lang}&room={code}", status_code=303)

    async def own_page(request: Request) -> Response:
        return HTMLResponse(table_page(_language(request)))

    def evening_of(request: Request) -> Evening | None:
        code = normal_code(request.path_params["code"])
        return hub.evening(code) if code is not None else None

    async def evening_csv(request: Request) -> Response:
        evening = evening_of(request)
        if evening is None:
            return Response(status_code=404)
        out = io.StringIO()
        csv.writer(out, lineterminator="\n").writerows(archive_rows(evening, _language(request)))
        headers = {"Content-Disposition": f'attachment; filename="evening-{evening.code}.csv"'}
        return Response(out.getvalue(), media_type="text/csv; charset=utf-8", headers=headers)

    async def evening_print(request: Request) -> Response:
        evening = evening_of(request)
        if evening is None:
            return Response(status_code=404)
        return HTMLResponse(print_page(evening, _language(request)))

    async def evening_table(request: Request) -> Response:
        evening = evening_of(request)
        numbers = [request.path_params[k] for k in ("round", "table")]
        if evening is None or not all(n.isdigit() and len(n) < 5 for n in numbers):
            return Response(status_code=404)
        text = hub.table_record(evening, int(numbers[0]), int(numbers[1]))
        if text is None:
            return Response(status_code=404)
        name = f"evening-{evening.code}-round{numbers[0]}-table{numbers[1]}.mjp"
        headers = {"Content-Disposition": f'attachment; filename="{name}"'}
        return Response(text, media_type="text/plain; charset=utf-8", headers=headers)

    routes: list[BaseRoute] = [
        WebSocketRoute("/rooms/ws", socket),
        Route("/evening/{code}/results.csv", evening_csv),
        Route("/evening/{code}/print", evening_print),
        Route("/evening/{code}/table/{round}/{table}.mjp", evening_table),
        Route("/rooms/qr/{code}.svg", qr),
        Route("/r/{code}", short_link),
    ]
    if config.site is not None:
        routes.append(Mount("/", app=SiteFiles(directory=str(config.site), html=True)))
    else:
        routes.append(Route("/", own_page))
        routes.append(Mount("/rooms/static", app=SiteFiles(directory=str(static_root()))))
    app = Starlette(routes=routes, lifespan=lifespan, middleware=[Middleware(_MarkPages)])
    app.state.hub = hub
    return app
