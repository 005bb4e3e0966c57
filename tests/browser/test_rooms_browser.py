"""The shared table in Chromium: several browser contexts (phones) in one room.

The room server runs on 127.0.0.1 only, on a socket the test binds itself (so nothing
waits for it to start): in this process (uvicorn in a thread; the test reads the room's
legal actions from its hub), or, for the restart, as ``python -m marjapussi table --fd``
in a child process that the test kills mid-deal and starts again on the same socket and
store (the legal actions then come from the store). The built site is the one every
browser test shares.

- a whole guild deal and a whole Huutopussi deal (this one by keyboard), three people
  (phones of 360 CSS pixels, in Finnish, English and Russian, each joining by the room's
  link) and a bot; every control pressed is one the player's own view offers, and a
  reload mid-trick gives the player the same seat and hand back;
- a network cut mid-trick (a TCP proxy closes the sockets): the page reconnects by
  itself, the seat and hand come back, and the table was told;
- the server killed mid-deal and started again: the pages reconnect by themselves and
  the deal goes on at the same card; neither the killed server nor the one stopped at the
  end leaves a process behind (its bots' workers, ``bots.watch_parent`` and ``close``);
- the site served without a room server: the page says how to start one;
- the server without a site (its own table page): a whole deal on a phone, the rules
  named without links (it has no rules pages to link to);
- a finished Huutopussi deal: each phone's review (fi, en, ru) shows its bidding above its
  card play, the bidding's part capped in the server's bots' pool;
- screenshots of the projector view and the three phones, to be looked at.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import signal
import socket
import subprocess
import sys
import threading
from collections.abc import Callable, Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
import uvicorn
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from processes import children, still_running
from test_widgets_browser import SCREENSHOTS, Tab, open_tab

from marjapussi.actions import Action, Play
from marjapussi.cards import Seat
from marjapussi.rooms.limits import LIMITS
from marjapussi.rooms.room import Room
from marjapussi.rooms.server import TableConfig, create_app
from marjapussi.rooms.store import Store
from marjapussi.rooms.views import refusal_words, render, said_to

pytestmark = pytest.mark.browser

PHONE = {"width": 360, "height": 740}
LOCALES = {"fi": "fi-FI", "en": "en-GB", "ru": "ru-RU"}
TURN_WORDS = {"fi": "Sinun vuorosi", "en": "Your turn", "ru": "Ваш ход"}
ROOM_WORDS = {"fi": "Huone", "en": "Room", "ru": "Комната"}
RECORD = """
  window.__mpSaid = [];
  document.addEventListener("mp:update", (e) => { window.__mpSaid.push(e.detail.announce); });
"""


def listening_socket() -> socket.socket:
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", 0))
    sock.listen(128)
    return sock


class ThreadServer:
    """The room server in this process, in a thread of its own, on a socket bound here."""

    def __init__(self, site: Path | None, db: Path) -> None:
        self.sock = listening_socket()
        self.url = f"http://127.0.0.1:{self.sock.getsockname()[1]}/"
        # the bots at once; a club night's wall screen turns its pages every 2 s, not 12
        limits = replace(LIMITS, bot_pace_s=0.0, wall_page_s=2.0)
        self.app = create_app(TableConfig(db=db, site=site, limits=limits))
        self.server = uvicorn.Server(uvicorn.Config(self.app, log_level="warning", lifespan="on"))
        self.thread = threading.Thread(
            target=lambda: asyncio.run(self.server.serve(sockets=[self.sock])), daemon=True
        )
        self.thread.start()

    def room(self, code: str) -> Room:
        return self.app.state.hub.rooms[code]  # type: ignore[no-any-return]

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=30)
        self.sock.close()


@pytest.fixture(scope="module")
def table(site: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[ThreadServer]:
    server = ThreadServer(site, tmp_path_factory.mktemp("rooms") / "rooms.sqlite3")
    try:
        yield server
    finally:
        server.stop()


def phone(browser: Any, lang: str, **options: Any) -> Tab:
    tab = open_tab(browser, init=RECORD, viewport=PHONE, locale=LOCALES[lang], has_touch=True, **options)
    tab.page.set_default_timeout(30_000)
    return tab


def live(page: Any) -> None:
    page.wait_for_selector(".mp-room[data-state=live]", state="attached")


def record_frames(page: Any, kept: int = 12) -> list[str]:
    """The last ``kept`` WebSocket frames the page sent (">") and received ("<"), each cut to 300
    characters, for a failed wait to show (``wait_or_tell``)."""
    frames: list[str] = []

    def keep(sign: str, payload: Any) -> None:
        frames.append(f"{sign} {str(payload)[:300]}")
        del frames[:-kept]

    def socket(ws: Any) -> None:
        frames.append(f"= socket opened {ws.url}")
        ws.on("framesent", lambda payload: keep(">", payload))
        ws.on("framereceived", lambda payload: keep("<", payload))
        ws.on("close", lambda _ws: frames.append("= socket closed"))

    page.on("websocket", socket)
    return frames


def wait_or_tell(page: Any, selector: str, frames: list[str] | None = None) -> None:
    """Wait for ``selector`` as ``wait_for_selector`` does; when it does not come, fail with what
    the page shows instead: its state, its view's role, what its live regions said last and the
    last frames of its socket (``record_frames``), so that a failure in a busy run says why."""
    try:
        page.wait_for_selector(selector)
    except PlaywrightTimeout as error:
        shown = page.evaluate(
            """() => ({
              state: (document.querySelector('.mp-room') || document.body).getAttribute('data-state'),
              role: (document.querySelector('.mp-room-view') || document.body).getAttribute('data-role'),
              said: Array.from(document.querySelectorAll('[aria-live]')).map((e) => e.textContent.trim()),
            })"""
        )
        lines = "\n".join(frames or [])
        said = f"{selector} not shown; the page: {shown}; its socket's last frames:\n{lines}"
        raise AssertionError(said) from error


def room_page(base: str, lang: str) -> str:
    return base + ("" if lang == "fi" else f"{lang}/") + "table/room/"


def create(page: Any, seats: dict[str, str], rules: str = "guild", mine: str = "S") -> str:
    """Fill in the lobby's form and create a room; return its code. ``mine=""``: the creator
    takes no seat and hosts from the visitor's view."""
    live(page)
    page.select_option('select[data-action-field="r"]', rules)
    for seat, kind in seats.items():
        page.select_option(f'select[data-action-field="{seat}"]', kind)
    page.select_option('select[data-action-field="seat"]', mine)
    page.click('button[data-focus-key="room-create"]')
    page.wait_for_selector(
        '.mp-room-view[data-role="seat"]' if mine else '.mp-room-view[data-role="visitor"] .mp-room-host'
    )
    code = page.evaluate("() => new URLSearchParams(location.search).get('room')")
    assert code and len(code) == 8, page.url
    return str(code)


def sit(page: Any, seat: str, name: str) -> None:
    page.wait_for_selector('.mp-room-view[data-role="visitor"]')
    page.fill('.mp-room-sit input[data-action-field="name"]', name)
    page.click(f'button[data-focus-key="sit-{seat}"]')
    page.wait_for_selector('.mp-room-view[data-role="seat"]')


def moves(page: Any) -> tuple[int, int]:
    view = page.locator(".mp-room-view")
    return int(view.get_attribute("data-deal") or 0), int(view.get_attribute("data-moves") or 0)


def offered(page: Any) -> list[dict[str, Any]]:
    """The actions of the enabled buttons of a page's room view."""
    texts = page.eval_on_selector_all(
        ".mp-room .mp-widget-body button[data-action]:not([disabled])",
        "(buttons) => buttons.map((b) => b.getAttribute('data-action'))",
    )
    return [json.loads(t) for t in texts]


def matches(action: dict[str, Any], legal: list[Action]) -> bool:
    if action.get("type") == "play":
        return any(
            isinstance(a, Play)
            and a.card.code == action["card"]
            and a.marriage == bool(action.get("marriage"))
            for a in legal
        )
    if action.get("type") == "act":
        return action["code"] in {str(a) for a in legal}
    return False


def press(page: Any, action: dict[str, Any], keyboard: bool = False) -> None:
    """Press the button of the page's room view that carries ``action`` (a tap, or with
    ``keyboard`` the focus moved to it and Enter)."""
    texts = page.eval_on_selector_all(
        ".mp-room .mp-widget-body button[data-action]", "(bs) => bs.map((b) => b.getAttribute('data-action'))"
    )
    index = next(i for i, t in enumerate(texts) if json.loads(t) == action)
    button = page.locator(".mp-room .mp-widget-body button[data-action]").nth(index)
    if keyboard:
        button.focus()
        page.keyboard.press("Enter")
    else:
        button.click()


def play_on(
    watch: Any,
    pages: dict[Seat, Any],
    legal_now: Callable[[], tuple[Seat | None, list[Action]]],
    rng: random.Random,
    stop: Callable[[int], bool] = lambda n: False,
    keyboard: bool = False,
) -> int:
    """Play the deal in progress: wait until a person is to act (the bots move by themselves),
    then press a legal control of that person's own view; return the actions pressed."""
    pressed = 0
    while True:
        watch.wait_for_function(
            "() => { const v = document.querySelector('.mp-room-view');"
            " return v && !v.querySelector('.mp-play-turn[data-turn=bot]'); }"
        )
        seat, legal = legal_now()
        if seat is None or stop(pressed):
            return pressed
        page = pages[seat]
        page.wait_for_selector('.mp-play-turn[data-turn="you"]')
        choices = [a for a in offered(page) if matches(a, legal)]
        assert choices, (seat, offered(page), legal)
        deal, before = moves(page)
        press(page, rng.choice(choices), keyboard)
        watch.wait_for_function(
            "([deal, n]) => { const v = document.querySelector('.mp-room-view');"
            " return v && (+v.dataset.deal !== deal || +v.dataset.moves > n); }",
            arg=[deal, before],
        )
        pressed += 1


REFUSED_VIEW = r"""([html, card]) => {
  // The live view against the view the server renders whole with the refusal (its links made
  // the page's own, as room.js does): the same markup, but for the focus marks the page adds.
  const live = document.querySelector(".mp-room-view").cloneNode(true);
  for (const el of [live, ...live.querySelectorAll("*")]) {
    el.removeAttribute("data-focus-visible-added");
    el.classList.remove("focus-visible");
    if (el.getAttribute("class") === "") el.removeAttribute("class");
  }
  const root = document.querySelector(".mp-room").getAttribute("data-root") || ".";
  const whole = document.createElement("template");
  const path = /^\.\.?(\/\.\.)*\/?$/.test(root) ? root.replace(/\/$/, "") : ".";
  whole.innerHTML = html.split("@root@").join(path);
  const note = live.querySelector(".mp-play-refused");
  const focused = document.activeElement;
  return {
    same: live.outerHTML === whole.content.querySelector(".mp-room-view").outerHTML,
    marked: [...live.querySelectorAll("li.mp-refused [data-card]")].map((e) => e.dataset.card),
    note: note ? note.textContent : null,
    afterTable: !!note && note.previousElementSibling.classList.contains("mp-play-table"),
    said: document.querySelector(".mp-room .mp-widget-status").textContent.trim(),
    focus: focused ? focused.getAttribute("data-focus-key") : null,
    disabled: focused ? focused.disabled || focused.getAttribute("aria-disabled") : null,
  };
}"""


@pytest.mark.parametrize("lang", ["fi", "en", "ru"])
def test_a_refused_card_looks_and_sounds_as_the_view_rendered_whole_with_it(
    browser: Any, table: ThreadServer, lang: str
) -> None:
    """A card the rules refuse, pressed by keyboard, is answered by what the page puts into the
    view it has: the card's item marked, the note after the table, the words in the live
    region. The view then is the one the server renders whole with the refusal, the card keeps
    the focus and stays a control; a second refused card replaces the first, and the player's
    card clears both."""
    tab = phone(browser, lang)
    try:
        frames = record_frames(tab.page, kept=4)
        tab.page.goto(room_page(table.url, lang))
        code = create(tab.page, {"N": "random", "E": "random", "W": "random"})
        room = table.room(code)
        hub = table.app.state.hub

        def legal_now() -> tuple[Seat | None, list[Action]]:
            seat = room.live.to_act()
            return seat, ([] if seat is None else list(room.live.deal.legal_actions()))

        def barred() -> list[str]:
            deal = room.live.deal
            legal = {a.card.code for a in deal.legal_actions() if isinstance(a, Play)}
            return [c.code for c in deal.hand(Seat.S) if c.code not in legal]

        def refused_here() -> bool:
            deal = room.live.deal
            return deal.to_act is Seat.S and deal.phase.name == "PLAY" and len(barred()) >= 2

        play_on(tab.page, {Seat.S: tab.page}, legal_now, random.Random(8), stop=lambda n: refused_here())
        assert refused_here(), "the deal ended before a card to refuse"
        tab.page.wait_for_selector('.mp-play-turn[data-turn="you"]')
        (conn,) = [c for c in hub.connections if c.room == code]
        for card in barred()[:2]:
            said = tab.page.evaluate("() => window.__mpSaid.length")
            press(tab.page, {"type": "play", "card": card}, keyboard=True)
            tab.page.wait_for_function("(n) => window.__mpSaid.length > n", arg=said)
            base = hub.public_url or conn.base
            whole = render(room, conn.viewer, hub.clock.now(), base, hub.limits, hub.rule_root)
            seen = tab.page.evaluate(REFUSED_VIEW, [whole, card])
            words = said_to(conn.viewer, refusal_words(room, conn.viewer.ui.refused, lang))
            assert seen["same"], (card, seen)
            assert seen["marked"] == [card] and seen["afterTable"] and seen["note"], seen
            assert seen["said"] == words and seen["focus"] == f"card-{card}" and not seen["disabled"], seen
            assert frames[-1].startswith('< {"type":"refused"'), frames  # no view was sent
        before = moves(tab.page)
        legal = next(a for a in legal_now()[1] if isinstance(a, Play))
        press(tab.page, {"type": "play", "card": legal.card.code}, keyboard=True)
        tab.page.wait_for_function(
            "(n) => +document.querySelector('.mp-room-view').dataset.moves > n", arg=before[1]
        )
        assert tab.page.locator(".mp-room-view .mp-refused, .mp-room-view .mp-play-refused").count() == 0
        check_tabs([tab])
    finally:
        tab.close()


LOST_WORDS = {
    "fi": "Yhteys pöytäpalvelimeen katkesi",
    "en": "The connection to the table server was lost",
    "ru": "Связь с сервером стола потеряна",
}


def lost_in_view(page: Any, lang: str) -> None:
    """With the table in view on a phone, a lost connection is said inside the screen."""
    page.locator(".mp-room .mp-table").scroll_into_view_if_needed()
    page.wait_for_function(
        "(w) => (document.querySelector('.mp-room .mp-widget-status') || {}).textContent.startsWith(w)",
        arg=LOST_WORDS[lang],
    )
    top, bottom, height, seen = page.evaluate(
        "() => { const r = document.querySelector('.mp-room .mp-widget-status').getBoundingClientRect();"
        " return [r.top, r.bottom, r.height, innerHeight]; }"
    )
    assert height > 0 and top >= 0 and bottom <= seen, (lang, top, bottom, seen)


def check_tabs(tabs: list[Tab]) -> None:
    """No tab made a request that failed or left 127.0.0.1, or met a script error."""
    for tab in tabs:
        tab.log.check()
        assert not tab.errors, tab.errors


def check_phone(page: Any) -> None:
    """A 360-pixel phone: no sideways scrolling, every control at least 44 pixels high."""
    wide = page.evaluate("() => document.documentElement.scrollWidth")
    assert wide <= PHONE["width"], wide
    small = page.eval_on_selector_all(
        ".mp-room .mp-widget-body button:not(.md-code__button)",  # Material's copy buttons are its own
        "(bs) => bs.filter((b) => b.offsetParent && b.getBoundingClientRect().height < 43.5)"
        ".map((b) => b.textContent)",
    )
    assert not small, small


def test_a_whole_guild_deal_three_people_in_three_languages_a_bot_and_a_reload(
    browser: Any, table: ThreadServer
) -> None:
    host, en, ru = phone(browser, "fi"), phone(browser, "en"), phone(browser, "ru")
    projector = open_tab(browser, init=RECORD, viewport={"width": 1280, "height": 800}, locale="en-GB")
    tabs = [host, en, ru, projector]
    try:
        host.page.goto(room_page(table.url, "fi"))
        code = create(host.page, {"N": "random", "E": "person", "S": "person", "W": "person"})
        # The others join by the room's link, each in the language their browser asks for.
        for tab, seat, name in ((en, "E", "Bea"), (ru, "W", "Саша")):
            tab.page.goto(f"{table.url}r/{code}")
            lang = tab.page.evaluate("() => document.documentElement.lang")
            assert lang == ("en" if tab is en else "ru") and f"room={code}" in tab.page.url
            live(tab.page)
            sit(tab.page, seat, name)
        projector.page.goto(room_page(table.url, "en") + f"?room={code}&view=projector")
        projector.page.wait_for_selector('.mp-room-view[data-role="projector"]')
        # A public screen: nothing to press on it (Decided 1), the code and the QR code large.
        assert projector.page.locator(".mp-room-view :is(button, form, textarea)").count() == 0
        assert projector.page.locator(".mp-room-invite-small .mp-room-qr").is_visible()
        room = table.room(code)
        pages = {Seat.S: host.page, Seat.E: en.page, Seat.W: ru.page}

        def legal_now() -> tuple[Seat | None, list[Action]]:
            seat = room.live.to_act()
            return seat, ([] if seat is None else list(room.live.deal.legal_actions()))

        rng = random.Random(4)
        # Play into the deal until a person is to act mid-trick, then that person reloads.
        play_on(
            host.page,
            pages,
            legal_now,
            rng,
            stop=lambda n: n >= 5 and bool(room.live.deal.table) and room.live.deal.to_act in pages,
        )
        seat = room.live.deal.to_act
        assert seat is not None and room.live.deal.table
        page = pages[seat]
        hand = sorted(c.code for c in room.live.deal.hand(seat))
        page.reload()
        page.wait_for_selector('.mp-room-view[data-role="seat"] .mp-play-turn[data-turn="you"]')
        shown = sorted(
            page.eval_on_selector_all(".mp-you .mp-hand [data-card]", "(s) => s.map((e) => e.dataset.card)")
        )
        assert shown == hand
        for tab, lang in ((host, "fi"), (en, "en"), (ru, "ru")):
            text = tab.page.locator(".mp-room").inner_text()
            assert ROOM_WORDS[lang] in text, (lang, text[:200])
            check_phone(tab.page)
        for tab, name in (
            (host, "rooms-phone-fi.png"),
            (en, "rooms-phone-en.png"),
            (ru, "rooms-phone-ru.png"),
        ):
            tab.page.locator(".mp-room").screenshot(path=str(SCREENSHOTS / name))
        projector.page.screenshot(path=str(SCREENSHOTS / "rooms-projector.png"), full_page=True)
        # No hand but the seat's own on any phone; none on the projector.
        for seat_, tab in zip((Seat.S, Seat.E, Seat.W), (host, en, ru), strict=True):
            mine = {c.code for c in room.live.deal.hand(seat_)}
            others = {c.code for s in Seat if s != seat_ for c in room.live.deal.hand(s)}
            cards = set(
                tab.page.eval_on_selector_all(".mp-room [data-card]", "(s) => s.map((e) => e.dataset.card)")
            )
            assert mine <= cards and not others & cards
        held = {c.code for s in Seat for c in room.live.deal.hand(s)}
        assert not held & set(
            projector.page.eval_on_selector_all(".mp-room [data-card]", "(s) => s.map((e) => e.dataset.card)")
        )
        play_on(host.page, pages, legal_now, rng)
        for tab in (host, en, ru, projector):
            tab.page.wait_for_selector(".mp-play-after")
            # The rules' links of the score lead into the site, from this page's place in it.
            hrefs = tab.page.eval_on_selector_all(".mp-room-view a.mp-rule", "(a) => a.map((e) => e.href)")
            assert hrefs and all(h.startswith(table.url) and "@root@" not in h for h in hrefs), hrefs
        assert projector.page.locator(".mp-room-view :is(button, form, textarea)").count() == 0
        projector.page.screenshot(path=str(SCREENSHOTS / "rooms-projector-after.png"), full_page=True)
        assert "Jako on pelattu" in host.page.locator(".mp-room").inner_text()
        assert "The deal is over" in en.page.locator(".mp-room").inner_text()
        assert "Сдача сыграна" in ru.page.locator(".mp-room").inner_text()
        check_tabs(tabs)
    finally:
        for tab in tabs:
            tab.close()


def test_a_whole_huutopussi_deal_with_three_people_and_a_bot_by_keyboard(
    browser: Any, table: ThreadServer
) -> None:
    tabs = [phone(browser, "en"), phone(browser, "en"), phone(browser, "en")]
    try:
        tabs[0].page.goto(room_page(table.url, "en"))
        code = create(
            tabs[0].page, {"N": "person", "E": "person", "S": "person", "W": "random"}, "huutopussi", "N"
        )
        for tab, seat in ((tabs[1], "E"), (tabs[2], "S")):
            tab.page.goto(room_page(table.url, "en") + f"?room={code}")
            sit(tab.page, seat, "")
        room = table.room(code)
        pages = {Seat.N: tabs[0].page, Seat.E: tabs[1].page, Seat.S: tabs[2].page}

        def legal_now() -> tuple[Seat | None, list[Action]]:
            seat = room.live.to_act()
            return seat, ([] if seat is None else list(room.live.deal.legal_actions()))

        play_on(tabs[0].page, pages, legal_now, random.Random(8), keyboard=True)
        for tab in tabs:
            tab.page.wait_for_selector(".mp-play-after")
            tab.log.check()
            assert not tab.errors, tab.errors
    finally:
        for tab in tabs:
            tab.close()


def test_the_server_killed_mid_deal_and_started_again_goes_on_at_the_same_card(
    browser: Any, site: Path, tmp_path: Path
) -> None:
    sock = listening_socket()
    db = tmp_path / "rooms.sqlite3"
    command = [
        sys.executable,
        "-m",
        "marjapussi",
        "table",
        "--site",
        str(site),
        "--db",
        str(db),
        "--fd",
        str(sock.fileno()),
        "--bot-pace",
        "0",
        "--bot-workers",
        "1",
    ]

    def start() -> subprocess.Popen[str]:
        return subprocess.Popen(
            command, pass_fds=[sock.fileno()], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True
        )

    base = f"http://127.0.0.1:{sock.getsockname()[1]}/"
    server = start()
    tab = phone(browser, "en")
    try:
        tab.page.goto(room_page(base, "en"))
        code = create(tab.page, {"N": "random", "E": "random", "S": "person", "W": "random"})

        def legal_now() -> tuple[Seat | None, list[Action]]:
            room = Room.from_events(code, Store(db).rooms(since=0)[code])
            seat = room.live.to_act()
            return seat, ([] if seat is None else list(room.live.deal.legal_actions()))

        rng = random.Random(2)
        play_on(tab.page, {Seat.S: tab.page}, legal_now, rng, stop=lambda n: n >= 3)
        tab.page.wait_for_selector('.mp-play-turn[data-turn="you"]')
        before = tab.page.locator(".mp-room .mp-table").inner_html()
        deal, count = moves(tab.page)
        workers = children(server.pid)
        assert workers, "the bots' worker was not started"
        server.kill()
        server.wait(timeout=30)
        assert not still_running(workers, within_s=60.0), "a killed server left a bot worker running"
        tab.page.wait_for_selector('.mp-room[data-connection="lost"]')
        lost_in_view(tab.page, "en")
        server = start()
        tab.page.wait_for_selector('.mp-room[data-connection="open"]', timeout=60_000)
        tab.page.wait_for_selector('.mp-play-turn[data-turn="you"]')
        assert moves(tab.page) == (deal, count)
        assert tab.page.locator(".mp-room .mp-table").inner_html() == before
        play_on(tab.page, {Seat.S: tab.page}, legal_now, rng, stop=lambda n: n >= 2)
        assert moves(tab.page)[1] > count or moves(tab.page)[0] > deal
        assert not tab.errors, tab.errors
        # Stopped as Ctrl-C stops it, the server waits for its bots' workers: none is left.
        workers = children(server.pid)
        assert workers
        server.send_signal(signal.SIGINT)
        server.wait(timeout=60)
        assert not still_running(workers, within_s=30.0), "a stopped server left a bot worker running"
    finally:
        tab.close()
        server.kill()
        server.wait(timeout=30)
        sock.close()


def test_the_hosts_view_comes_back_after_a_reload_and_a_restart(
    browser: Any, site: Path, tmp_path: Path
) -> None:
    """A teacher off a seat (the host's own view, with the tools and every hand) and a seated
    host who chose to see every hand: after a reload, and after the server is killed and
    started again, both pages come back as they were by themselves."""
    sock = listening_socket()
    db = tmp_path / "rooms.sqlite3"
    command = [
        sys.executable, "-m", "marjapussi", "table", "--site", str(site), "--db", str(db),
        "--fd", str(sock.fileno()), "--bot-pace", "0", "--bot-workers", "1",
    ]  # fmt: skip

    def start() -> subprocess.Popen[str]:
        return subprocess.Popen(
            command, pass_fds=[sock.fileno()], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True
        )

    base = f"http://127.0.0.1:{sock.getsockname()[1]}/"
    server = start()
    teacher, seated = phone(browser, "fi"), phone(browser, "ru")
    tabs = [teacher, seated]
    try:
        teacher.page.goto(room_page(base, "fi"))
        create(teacher.page, {"N": "person", "E": "random", "S": "person", "W": "random"}, mine="")
        teacher.page.click('button[data-focus-key="watch"]')
        teacher.page.click('button[data-focus-key="pause"]')  # no stand-in plays the deal out
        teacher.page.wait_for_selector('button[data-focus-key="pause"][aria-pressed="true"]')
        seated.page.goto(room_page(base, "ru"))
        create(seated.page, {"N": "random", "E": "random", "S": "person", "W": "random"})
        # The bots have played up to the seated host: the view holds still while it is pressed.
        seated.page.wait_for_selector('.mp-play-turn[data-turn="you"]')
        seated.page.click('button[data-focus-key="hands"]')
        seated.page.wait_for_selector('button[data-focus-key="hands"][aria-pressed="true"]')

        def every_hand(page: Any, role: str) -> None:
            page.wait_for_selector(f'.mp-room-view[data-role="{role}"] .mp-room-teach')
            if role == "seat":
                page.wait_for_selector('button[data-focus-key="hands"][aria-pressed="true"]')
            # Every hand open: waited for, as the view that shows them may still be on its way
            # (a busy run once counted a seat's view before its table had come: no hand at all).
            counts = """() => [document.querySelectorAll('.mp-room .mp-table ul.mp-hand').length,
                               document.querySelectorAll('.mp-room .mp-hidden-hand').length]"""
            try:
                page.wait_for_function(f"() => ({counts})().join() === '4,0'")
            except PlaywrightTimeout as error:
                hands, hidden = page.evaluate(counts)
                view = page.locator(".mp-room-view").first.inner_text()[:600]
                raise AssertionError((role, hands, hidden, view)) from error

        def check() -> None:
            every_hand(teacher.page, "spectator")
            every_hand(seated.page, "seat")

        check()
        for tab in tabs:
            tab.page.reload()
        check()
        server.kill()
        server.wait(timeout=30)
        for tab, lang in ((teacher, "fi"), (seated, "ru")):
            tab.page.wait_for_selector('.mp-room[data-connection="lost"]')
            lost_in_view(tab.page, lang)
        server = start()
        for tab in tabs:
            tab.page.wait_for_selector('.mp-room[data-connection="open"]', timeout=60_000)
        check()
        check_tabs(tabs)
    finally:
        for tab in tabs:
            tab.close()
        server.kill()
        server.wait(timeout=30)
        sock.close()


PROJECTORS = ({"width": 1024, "height": 768}, {"width": 1280, "height": 800}, {"width": 1920, "height": 1080})


def resize(page: Any, size: dict[str, int]) -> None:
    """Resize the window and wait until the page has been laid out and painted at that size
    (two animation frames: a resize observer's work is done before the first)."""
    page.set_viewport_size(size)
    page.wait_for_function(f"innerWidth === {size['width']} && innerHeight === {size['height']}")
    page.evaluate("() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")


def check_projector(page: Any, over: bool) -> None:
    """One screenful read across a room: no vertical scroll; whose turn (or the deal's result),
    the trump and the sheet's totals inside the screen; no text under 24 pixels."""
    page.wait_for_selector('.mp-room-view[data-role="projector"] .mp-room-projector-side .mp-play-sheet')
    tall, seen = page.evaluate("() => [document.documentElement.scrollHeight, innerHeight]")
    assert tall <= seen, (page.url, tall, seen)
    parts = [".mp-trump", ".mp-play-sheet tr:last-child", ".mp-room-code"]
    parts += [".mp-play-after .mp-counts tr:last-child"] if over else [".mp-play-turn"]
    for part in parts:
        box = page.locator(f".mp-room-view {part}").last.bounding_box()
        assert box and box["height"] > 0 and box["y"] >= 0 and box["y"] + box["height"] <= seen, (part, box)
    # Nothing cut off at the side either: the sheet's and the result's tables fit their column.
    cut = page.evaluate(
        "() => [...document.querySelectorAll('.mp-room-view :is(.mp-room-projector-main,"
        " .mp-room-projector-side) table')].filter((t) => t.offsetParent && t.getBoundingClientRect().right"
        " > t.closest('[class^=mp-room-projector-]').getBoundingClientRect().right + 1)"
        ".map((t) => t.className + ' ' + t.getBoundingClientRect().right + ' > '"
        " + t.closest('[class^=mp-room-projector-]').getBoundingClientRect().right)"
    )
    assert not cut, cut
    small = page.evaluate(
        "() => [...document.querySelectorAll('.mp-room-view *')].filter((e) => e.offsetParent"
        " && e.getClientRects().length && e.getBoundingClientRect().width > 2"
        " && [...e.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim())"
        " && parseFloat(getComputedStyle(e).fontSize) < 24).map((e) => e.className + ': ' + e.textContent)"
    )
    assert not small, small[:5]


def test_the_projector_fits_one_screen_at_three_sizes_in_three_languages(
    browser: Any, table: ThreadServer
) -> None:
    """Mid-deal and after a deal, guild and Huutopussi, at 1024 × 768, 1280 × 800 and 1920 × 1080,
    in Finnish, English and Russian; the invitation large while a seat is free, small after."""
    maker = phone(browser, "en")
    tabs = [maker]
    try:
        rooms = []
        for rules in ("guild", "huutopussi"):
            # Mid-deal: a seat is free (no one sits at North), and the bots wait for it.
            maker.page.goto(room_page(table.url, "en"))
            kinds = {"N": "person", "E": "random", "S": "person", "W": "random"}
            rooms.append((create(maker.page, kinds, rules), False, rules))
            # After a deal: four bots play it to its end.
            maker.page.goto(room_page(table.url, "en"))
            code = create(maker.page, dict.fromkeys("NESW", "random"), rules, mine="")
            rooms.append((code, True, rules))
        # One projector window, loaded once a room and language and resized to each size (the
        # layout is CSS's alone: a window resized is laid out as one opened at that size).
        screen = open_tab(browser, init=RECORD, viewport=PROJECTORS[0], locale="en-GB")
        tabs.append(screen)
        for code, over, rules in rooms:
            for lang in LOCALES:
                screen.page.goto(room_page(table.url, lang) + f"?room={code}&view=projector")
                if over:
                    screen.page.wait_for_selector(".mp-room-view .mp-play-after")
                for size in PROJECTORS:
                    resize(screen.page, size)
                    check_projector(screen.page, over)
                    invite = "small" if over else "big"
                    assert screen.page.locator(f".mp-room-invite-{invite} .mp-room-qr").is_visible()
                    if size["width"] == 1024:
                        shot = f"rooms-projector-{rules}-{lang}-{'after' if over else 'mid'}.png"
                        screen.page.screenshot(path=str(SCREENSHOTS / shot))
        check_tabs(tabs)
    finally:
        for tab in tabs:
            tab.close()


def test_on_a_wide_screen_the_hosts_tools_sit_beside_the_table(browser: Any, table: ThreadServer) -> None:
    """At 1200 pixels and wider the teacher's tools start beside the table, in the first
    screen, not 1,232 pixels down; the host's view links the projector's."""
    laptop = open_tab(browser, init=RECORD, viewport={"width": 1280, "height": 800}, locale="en-GB")
    try:
        laptop.page.goto(room_page(table.url, "en"))
        create(laptop.page, {"N": "person", "E": "random", "S": "person", "W": "random"}, mine="")
        laptop.page.click('button[data-focus-key="watch"]')
        laptop.page.wait_for_selector('.mp-room-view[data-role="spectator"] .mp-room-teach')
        tools, cards, seen = laptop.page.evaluate(
            "() => { const at = (s) => { const r = document.querySelector(s).getBoundingClientRect();"
            " return [r.left + scrollX, r.top + scrollY, r.right + scrollX, r.bottom + scrollY]; };"
            " return [at('.mp-room-teach'), at('.mp-room .mp-table'), innerHeight]; }"
        )
        # Beside the table (to its right, side by side), and starting in the first screen.
        assert tools[0] >= cards[2] and tools[1] < cards[3] and cards[1] < tools[3], (tools, cards)
        assert tools[1] < seen, (tools, seen)
        assert laptop.page.locator('.mp-room-teach a[data-focus-key="projector"]').is_visible()
        laptop.page.screenshot(path=str(SCREENSHOTS / "rooms-teacher-wide.png"))
        check_tabs([laptop])
    finally:
        laptop.close()


class Proxy:
    """A TCP proxy on 127.0.0.1 in front of the room server, whose connections the test can cut
    (Playwright's offline switch leaves open WebSockets alone)."""

    def __init__(self, target: str) -> None:
        self.target = int(target.rstrip("/").rsplit(":", 1)[1])
        self.sock = listening_socket()
        self.url = f"http://127.0.0.1:{self.sock.getsockname()[1]}/"
        self.links: list[socket.socket] = []
        self.lock = threading.Lock()
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while True:
            try:
                client, _ = self.sock.accept()
            except OSError:
                return
            server = socket.create_connection(("127.0.0.1", self.target))
            with self.lock:
                self.links += [client, server]
            for a, b in ((client, server), (server, client)):
                threading.Thread(target=self._pump, args=(a, b), daemon=True).start()

    @staticmethod
    def _pump(source: socket.socket, sink: socket.socket) -> None:
        try:
            while data := source.recv(65536):
                sink.sendall(data)
        except OSError:
            pass
        finally:
            for end in (source, sink):
                with contextlib.suppress(OSError):
                    end.shutdown(socket.SHUT_RDWR)

    def cut(self) -> None:
        """Cut every open connection, as a phone's lost Wi-Fi does."""
        with self.lock:
            links, self.links = self.links, []
        for link in links:
            with contextlib.suppress(OSError):
                link.shutdown(socket.SHUT_RDWR)
            link.close()

    def close(self) -> None:
        self.sock.close()
        self.cut()


def test_a_cut_network_mid_trick_gives_the_seat_back(browser: Any, table: ThreadServer) -> None:
    proxy = Proxy(table.url)
    tab, watcher = phone(browser, "fi"), phone(browser, "en")
    try:
        tab.page.goto(room_page(proxy.url, "fi"))
        code = create(tab.page, {"N": "random", "E": "random", "S": "person", "W": "random"})
        watcher.page.goto(room_page(table.url, "en") + f"?room={code}")
        watcher.page.click('button[data-focus-key="watch"]')
        watcher.page.wait_for_selector('.mp-room-view[data-role="spectator"]')
        room = table.room(code)

        def legal_now() -> tuple[Seat | None, list[Action]]:
            seat = room.live.to_act()
            return seat, ([] if seat is None else list(room.live.deal.legal_actions()))

        rng = random.Random(6)
        play_on(
            tab.page, {Seat.S: tab.page}, legal_now, rng, stop=lambda n: n >= 2 and bool(room.live.deal.table)
        )
        tab.page.wait_for_selector('.mp-play-turn[data-turn="you"]')
        hand = sorted(c.code for c in room.live.deal.hand(Seat.S))
        proxy.cut()
        tab.page.wait_for_selector('.mp-room[data-connection="lost"]')
        watcher.page.wait_for_function("() => window.__mpSaid.includes('South has dropped out.')")
        watcher.page.wait_for_function("() => window.__mpSaid.includes('South is back at the table.')")
        tab.page.wait_for_selector('.mp-room[data-connection="open"]', timeout=60_000)
        tab.page.wait_for_selector('.mp-room-view[data-role="seat"] .mp-play-turn[data-turn="you"]')
        shown = tab.page.eval_on_selector_all(
            ".mp-you .mp-hand [data-card]", "(s) => s.map((e) => e.dataset.card)"
        )
        assert sorted(shown) == hand and room.players[Seat.S].sockets == 1
        play_on(tab.page, {Seat.S: tab.page}, legal_now, rng, stop=lambda n: n >= 1)
        assert not tab.errors and not watcher.errors, (tab.errors, watcher.errors)
    finally:
        tab.close()
        watcher.close()
        proxy.close()


def test_without_a_room_server_the_page_says_how_to_start_one(browser: Any, site_url: str) -> None:
    """On a plain host the page says once that it needs a table server (the notice, not the
    status line as well) and tries no WebSocket, so the console logs no failed connection
    (issue 30, item 16)."""
    tab = phone(browser, "ru")
    console: list[str] = []
    tab.page.on(
        "console", lambda message: message.type == "error" and console.append(message.text)
    )
    try:
        tab.page.goto(room_page(site_url, "ru"))
        tab.page.wait_for_selector('.mp-room[data-connection="none"]')
        text = tab.page.locator(".mp-room").inner_text()
        assert "./scripts/serve.sh --lan" in text and "python -m marjapussi table" in text
        assert text.count("не ответил") == 1, text
        assert tab.page.locator(".mp-room .mp-widget-status").inner_text() == ""
        assert not [url for url in tab.log.urls if "/rooms/ws" in url], tab.log.urls
        tab.page.wait_for_load_state("networkidle")
        assert not console, console
        assert not tab.errors, tab.errors
        check_phone(tab.page)
    finally:
        tab.close()


LESSON = """[Rules "guild"]

[Deal "1"]
[Dealer "E"]
[Opening "yes"]
[N "H8 D10 D6 SA SQ S6 CA CK CQ"]
[E "HQ H7 DJ SK SJ S8 C10 C7 C6"]
[S "HA HK HJ DA D9 D7 S10 S7 CJ"]
[W "H10 H9 H6 DK DQ D8 S9 C9 C8"]

1. CA C6 CJ C8
"""
"""A teacher's prepared position: the guild rules, the first trick played."""


def test_the_teachers_pause_hint_take_back_and_comment_on_a_learners_phone(
    browser: Any, table: ThreadServer, tmp_path: Path
) -> None:
    """The host (on a phone too, in English) watches with every hand; two learners (Finnish,
    Russian) and two bots play. The host pauses the bots, sends the learner to act a hint,
    takes back the learner's card by keyboard and writes a comment: each reaches the
    learner's phone."""
    teacher, fi, ru = phone(browser, "en"), phone(browser, "fi"), phone(browser, "ru")
    tabs = [teacher, fi, ru]
    try:
        teacher.page.goto(room_page(table.url, "en"))
        live(teacher.page)
        for seat, kind in (("N", "person"), ("E", "random"), ("W", "random")):
            teacher.page.select_option(f'select[data-action-field="{seat}"]', kind)
        teacher.page.select_option('select[data-action-field="seat"]', "")
        teacher.page.click('button[data-focus-key="room-create"]')
        teacher.page.wait_for_selector('.mp-room-view[data-role="visitor"] .mp-room-host')
        code = teacher.page.evaluate("() => new URLSearchParams(location.search).get('room')")
        for tab, seat in ((fi, "S"), (ru, "N")):
            tab.page.goto(f"{table.url}r/{code}")
            live(tab.page)
            sit(tab.page, seat, "")
        teacher.page.click('button[data-focus-key="watch"]')
        teacher.page.wait_for_selector('.mp-room-view[data-role="spectator"] .mp-room-teach')
        room = table.room(code)
        pages = {Seat.S: fi.page, Seat.N: ru.page}

        def legal_now() -> tuple[Seat | None, list[Action]]:
            seat = room.live.to_act()
            return seat, ([] if seat is None else list(room.live.deal.legal_actions()))

        def hand_cards(page: Any) -> set[str]:
            return set(
                page.eval_on_selector_all(".mp-room [data-card]", "(s) => s.map((e) => e.dataset.card)")
            )

        # The teacher's own view shows every hand; a learner's only the learner's own.
        held = {s: {c.code for c in room.live.deal.hand(s)} for s in room.settings.seats}
        assert all(cards <= hand_cards(teacher.page) for cards in held.values())
        assert held[Seat.S] <= hand_cards(fi.page) and not held[Seat.N] & hand_cards(fi.page)
        # Play a little, until a learner is to act; then the teacher pauses the bots.
        rng = random.Random(6)
        play_on(teacher.page, pages, legal_now, rng, stop=lambda n: n >= 2 and room.live.deal.to_act in pages)
        learner = room.live.deal.to_act
        assert learner in pages
        page = pages[learner]
        words = {
            Seat.S: ("Isäntä pysäytti botit.", "Isännän vihje", "Isäntä perui 1 siirron", "Isäntä: "),
            Seat.N: ("Ведущий остановил ботов.", "Подсказка ведущего", "Ведущий отменил 1 ход", "Ведущий: "),
        }
        paused, hinted, taken, said = words[learner]
        teacher.page.click('button[data-focus-key="pause"]')
        page.wait_for_function("(w) => window.__mpSaid.includes(w)", arg=paused)
        # A hint to the learner to act, seen on that phone only.
        teacher.page.click('button[data-focus-key="hint"]')
        page.wait_for_selector(".mp-play-hint")
        assert hinted in page.locator(".mp-play-hint").inner_text()
        other = ru.page if page is fi.page else fi.page
        assert other.locator(".mp-play-hint").count() == 0
        # The learner plays a card; the bot after waits for the teacher.
        _, before = moves(page)
        choices = [a for a in offered(page) if matches(a, legal_now()[1])]
        press(page, rng.choice(choices))
        page.wait_for_function(
            "(n) => +document.querySelector('.mp-room-view').dataset.moves > n", arg=before
        )
        if room.live.deal.to_act not in pages:
            page.wait_for_selector('.mp-play-turn[data-turn="paused"]')
        # The teacher takes the card back, by keyboard; every phone says so.
        teacher.page.wait_for_function(
            "(n) => +document.querySelector('.mp-room-view').dataset.moves > n", arg=before
        )
        press(teacher.page, {"type": "back"}, keyboard=True)
        for tab in (fi, ru):
            tab.page.wait_for_function(
                "(n) => +document.querySelector('.mp-room-view').dataset.moves === n", arg=before
            )
        page.wait_for_selector(".mp-room-notice")
        assert taken in page.locator(".mp-room-notice").inner_text()
        assert room.live.deal.to_act == learner
        page.wait_for_selector('.mp-play-turn[data-turn="you"]')
        # A comment from the teacher, typed and sent by keyboard.
        box = teacher.page.locator('.mp-room-comment textarea[data-action-field="text"]')
        box.fill("Follow suit first, then think of the trumps.")
        teacher.page.locator('.mp-room-comment button[type="submit"]').focus()
        teacher.page.keyboard.press("Enter")
        for tab in (fi, ru):
            tab.page.wait_for_selector(".mp-room-comments")
            assert "Follow suit first" in tab.page.locator(".mp-room-comments").inner_text()
        page.wait_for_function("(w) => window.__mpSaid.some((s) => s.startsWith(w))", arg=said)
        for tab in tabs:
            check_phone(tab.page)
        teacher.page.locator(".mp-room").screenshot(path=str(SCREENSHOTS / "rooms-teacher.png"))
        page.locator(".mp-room").screenshot(path=str(SCREENSHOTS / "rooms-learner-after-take-back.png"))
        # A prepared position from a record file the teacher opens: the learner's phone deals it.
        record = tmp_path / "lesson.mjp"
        record.write_text(LESSON, encoding="utf-8")
        teacher.page.set_input_files('.mp-room-position input[type="file"]', str(record))
        teacher.page.wait_for_function(
            "() => document.querySelector('.mp-room-position textarea').value.includes('[Deal')"
        )
        teacher.page.click('button[data-focus-key="position-go"]')
        # A game is in play: the teacher is asked first and told what is lost; the focus sits on
        # the safe answer, and the keyboard reaches the other (Tab, Enter).
        teacher.page.wait_for_selector(".mp-room-confirm")
        assert "are lost" in teacher.page.locator(".mp-room-confirm").inner_text()
        teacher.page.wait_for_function(
            "() => document.activeElement && document.activeElement.closest('.mp-room-confirm')"
            " && document.activeElement.dataset.focusKey === 'position-go'"
        )
        teacher.page.keyboard.press("Tab")
        teacher.page.keyboard.press("Enter")
        page.wait_for_function(
            "() => (document.querySelector('.mp-room-notice') || {}).textContent"
            " && !document.querySelector('.mp-room-comments')"
        )
        assert room.live.deal.history and len(room.live.deal.history) == 4
        # The bots play again once the teacher lets them.
        teacher.page.click('button[data-focus-key="pause"]')
        teacher.page.wait_for_selector('button[data-focus-key="pause"][aria-pressed="false"]')
        page.wait_for_selector(".mp-room-paused", state="detached")
        check_tabs(tabs)
    finally:
        for tab in tabs:
            tab.close()


def test_the_servers_own_table_page_plays_a_deal_and_names_the_rules_unlinked(
    browser: Any, tmp_path: Path
) -> None:
    """``python -m marjapussi table`` without ``--site`` serves its own page: a whole deal on a
    phone against three bots, in each language's words, with the rules named but not linked
    (a link there led to a rules page that server does not have)."""
    server = ThreadServer(None, tmp_path / "rooms.sqlite3")
    tabs: list[Tab] = []
    try:
        for lang, seed in (("fi", 1), ("en", 2), ("ru", 3)):
            tab = phone(browser, lang)
            tabs.append(tab)
            tab.page.goto(f"{server.url}?lang={lang}")
            code = create(tab.page, {"N": "random", "E": "random", "W": "random"})
            room = server.room(code)

            def legal_now(room: Room = room) -> tuple[Seat | None, list[Action]]:
                seat = room.live.to_act()
                return seat, ([] if seat is None else list(room.live.deal.legal_actions()))

            play_on(tab.page, {Seat.S: tab.page}, legal_now, random.Random(seed))
            tab.page.wait_for_selector(".mp-play-after")
            view = tab.page.locator(".mp-room-view")
            assert view.locator("a.mp-rule").count() == 0
            assert view.locator(".mp-play-after .mp-rule").count() > 0
            assert "@root@" not in view.inner_html()
            assert ROOM_WORDS[lang] in tab.page.locator(".mp-room").inner_text()
            check_phone(tab.page)
            tab.page.screenshot(path=str(SCREENSHOTS / f"rooms-own-page-{lang}.png"), full_page=True)
        check_tabs(tabs)
    finally:
        for tab in tabs:
            tab.close()
        server.stop()


def shoot(target: Any, name: str) -> None:
    """A screenshot (of a page's screen, or of one element) into the artifacts, to be looked at."""
    target.screenshot(path=str(SCREENSHOTS / name))


def test_every_phone_lists_who_is_ready_and_a_seat_looks_back_at_the_last_deal(
    browser: Any, table: ThreadServer
) -> None:
    """Issue 33, Decided 5: the creator sits, so the next deal starts once every player is
    ready. On 360-pixel phones (Finnish host at South, English and Russian learners), by
    keyboard: the learners say they are ready (one takes it back and says it again), every
    screen lists who is and whom the table waits for, the host's press deals; during the next
    deal a learner opens the last deal's review and record, and closes them."""
    host, en, ru = phone(browser, "fi"), phone(browser, "en"), phone(browser, "ru")
    projector = open_tab(browser, init=RECORD, viewport={"width": 1280, "height": 800}, locale="en-GB")
    tabs = [host, en, ru, projector]
    try:
        host.page.goto(room_page(table.url, "fi"))
        code = create(host.page, {"N": "random", "E": "person", "S": "person", "W": "person"})
        for tab, seat, name in ((en, "E", "Bea"), (ru, "W", "Саша")):
            tab.page.goto(f"{table.url}r/{code}")
            live(tab.page)
            sit(tab.page, seat, name)
        projector.page.goto(room_page(table.url, "en") + f"?room={code}&view=projector")
        projector.page.wait_for_selector('.mp-room-view[data-role="projector"]')
        room = table.room(code)
        pages = {Seat.S: host.page, Seat.E: en.page, Seat.W: ru.page}

        def legal_now() -> tuple[Seat | None, list[Action]]:
            seat = room.live.to_act()
            return seat, ([] if seat is None else list(room.live.deal.legal_actions()))

        play_on(host.page, pages, legal_now, random.Random(8))
        ready = {"type": "ready", "on": True}
        for tab in (en, ru):
            tab.page.wait_for_selector('.mp-play-after button[data-focus-key="ready"]')
        press(en.page, ready, keyboard=True)
        en.page.wait_for_selector('button[data-focus-key="ready"][data-action*="false"]')
        waiting = (
            (host, "Valmiina jatkamaan: Pohjoinen, Itä (Bea). Odotetaan: Etelä, Länsi (Саша)."),
            (ru, "Можно продолжать: Север, Восток (Bea). Ждём: Юг, Запад (Саша)."),
            (projector, "Ready to go on: North, East (Bea). Waiting for: South, West (Саша)."),
        )
        for tab, words in waiting:
            tab.page.wait_for_function(
                "(w) => (document.querySelector('.mp-room-ready') || {}).textContent === w", arg=words
            )
        for tab in (host, en, ru):
            check_phone(tab.page)
        check_projector(projector.page, over=True)  # the list of who is ready fits in too
        shoot(projector.page, "ready-list-projector-en-1280.png")
        shoot(host.page.locator(".mp-play-after"), "ready-list-phone-fi.png")
        shoot(ru.page.locator(".mp-play-after"), "ready-list-phone-ru.png")
        # Taken back, then said again; the host's own press deals, whoever is waited for.
        press(en.page, {"type": "ready", "on": False}, keyboard=True)
        en.page.wait_for_selector('button[data-focus-key="ready"][data-action*="true"]')
        press(en.page, ready, keyboard=True)
        press(ru.page, ready, keyboard=True)
        for tab in (en, ru):  # each press taken: its own view offers to take it back
            tab.page.wait_for_selector('button[data-focus-key="ready"][data-action*="false"]')
        for tab in tabs:
            tab.page.wait_for_selector('.mp-room-view[data-deal="1"] .mp-room-ready')
        assert room.live.deal.is_over() and room.ready == {Seat.E, Seat.W}
        press(host.page, {"type": "next"}, keyboard=True)
        for tab in tabs:
            tab.page.wait_for_selector('.mp-room-view[data-deal="2"]')
        # During the next deal: the last deal's review and record, on the learner's phone only.
        en.page.wait_for_selector('button[data-focus-key="last"]')
        press(en.page, {"type": "last", "on": True}, keyboard=True)
        en.page.wait_for_selector(".mp-room-last .mp-play-review")
        download = '.mp-room-last button[data-mp-download="marjapussi-last-deal.mjp"]'
        assert en.page.locator(download).is_visible()
        assert "The last deal (deal 1)" in en.page.locator(".mp-room-last h2").inner_text()
        assert ru.page.locator(".mp-room-last").count() == 0
        assert projector.page.locator('.mp-room-view button[data-focus-key="last"]').count() == 0
        check_phone(en.page)
        shoot(en.page.locator(".mp-room-last"), "last-deal-phone-en.png")
        focused = en.page.evaluate("() => document.activeElement.dataset.focusKey")
        assert focused == "last", focused  # the close button takes the place of the one pressed
        en.page.keyboard.press("Enter")
        en.page.wait_for_selector(".mp-room-last", state="detached")
        check_tabs(tabs)
    finally:
        for tab in tabs:
            tab.close()


def test_the_projector_six_deals_in_fits_one_screen_at_three_sizes_in_three_languages(
    browser: Any, table: ThreadServer
) -> None:
    """Issue 33, Decided 10: six deals into a game (guild and Huutopussi), in the sixth deal (the
    bots paused, someone to act) and after it, at 1024 × 768, 1280 × 800 and 1920 × 1080 in
    Finnish, English and Russian: no vertical scroll; the turn, the trump, the totals and the
    last result in view; no text under 24 pixels; no table cut off at the side."""
    laptop = open_tab(browser, init=RECORD, viewport={"width": 1280, "height": 800}, locale="en-GB")
    tabs = [laptop]
    try:
        rooms = []
        for rules in ("guild", "huutopussi"):
            laptop.page.goto(room_page(table.url, "en"))
            code = create(laptop.page, dict.fromkeys("NESW", "random"), rules, mine="")
            laptop.page.click('button[data-focus-key="watch"]')
            for deal in range(1, 6):
                laptop.page.wait_for_selector(f'.mp-room-view[data-deal="{deal}"] .mp-play-after')
                if deal == 5:  # the sixth deal waits with someone to act
                    laptop.page.click('button[data-focus-key="pause"]')
                    laptop.page.wait_for_selector('button[data-focus-key="pause"][aria-pressed="true"]')
                laptop.page.click('.mp-play-after button[data-focus-key="next"]')
            laptop.page.wait_for_selector('.mp-room-view[data-deal="6"] .mp-play-turn[data-turn="paused"]')
            rooms.append((code, rules))
        screen = open_tab(browser, init=RECORD, viewport=PROJECTORS[0], locale="en-GB")
        tabs.append(screen)

        def check_all(over: bool) -> None:
            for code, rules in rooms:
                for lang in LOCALES:
                    screen.page.goto(room_page(table.url, lang) + f"?room={code}&view=projector")
                    part = ".mp-play-after" if over else ".mp-play-turn"
                    screen.page.wait_for_selector(f'.mp-room-view[data-deal="6"] {part}')
                    for size in PROJECTORS:  # resized, as in the test above
                        resize(screen.page, size)
                        if lang == "fi" or size["width"] == 1024:
                            when = "after" if over else "mid"
                            shoot(screen.page, f"projector-six-{rules}-{lang}-{size['width']}-{when}.png")
                        check_projector(screen.page, over=over)
                        rows = screen.page.locator(".mp-room-view .mp-play-sheet tbody tr").count()
                        assert rows >= (6 if over else 5), rows

        check_all(over=False)
        for code, _ in rooms:  # the bots play the sixth deal out
            laptop.page.goto(room_page(table.url, "en") + f"?room={code}")
            laptop.page.wait_for_selector('button[data-focus-key="pause"][aria-pressed="true"]')
            laptop.page.click('button[data-focus-key="pause"]')
            laptop.page.wait_for_selector('.mp-room-view[data-deal="6"] .mp-play-after')
        assert all(len(table.room(code).live.game.done) == 5 for code, _ in rooms)
        check_all(over=True)
        check_tabs(tabs)
    finally:
        for tab in tabs:
            tab.close()


AUCTION_WORDS = {"fi": "Huutovaihe", "en": "The bidding", "ru": "Торговля"}
CARDS_WORDS = {"fi": "Korttipeli", "en": "The card play", "ru": "Розыгрыш карт"}


def test_a_finished_huutopussi_deal_reviews_each_phones_bidding_above_its_card_play(
    browser: Any, table: ThreadServer
) -> None:
    """Issue 32, Decided 9: each seated phone's review weighs its own calls (in the bots' pool,
    capped) and shows them above the card play, at 360 pixels, in three languages."""
    tabs = {"fi": phone(browser, "fi"), "en": phone(browser, "en"), "ru": phone(browser, "ru")}
    try:
        first = tabs["fi"].page
        first.goto(room_page(table.url, "fi"))
        code = create(first, {"N": "person", "E": "person", "S": "person", "W": "random"}, "huutopussi", "N")
        for lang, seat in (("en", "E"), ("ru", "S")):
            tabs[lang].page.goto(room_page(table.url, lang) + f"?room={code}")
            sit(tabs[lang].page, seat, "")
        room = table.room(code)
        pages = {Seat.N: first, Seat.E: tabs["en"].page, Seat.S: tabs["ru"].page}

        def legal_now() -> tuple[Seat | None, list[Action]]:
            seat = room.live.to_act()
            return seat, ([] if seat is None else list(room.live.deal.legal_actions()))

        play_on(first, pages, legal_now, random.Random(11))
        for seat, (lang, tab) in zip(pages, tabs.items(), strict=True):
            page = tab.page
            page.wait_for_selector(".mp-play-after .mp-play-review[data-review=ready]", timeout=120_000)
            review = room.reviews[seat]
            if not review.bidding:  # every call of this seat was forced: nothing to weigh
                assert page.locator(".mp-play-review-auction").count() == 0
                continue
            auction = page.locator(".mp-play-after .mp-play-review-auction")
            cards = page.locator(".mp-play-after .mp-play-review-cards")
            assert AUCTION_WORDS[lang] in auction.text_content()  # (the headings are set in capitals)
            assert CARDS_WORDS[lang] in cards.text_content()
            assert auction.bounding_box()["y"] < cards.bounding_box()["y"]  # the bidding above
            assert page.locator(".mp-play-review-calls > li").count() == len(review.calls)
            if review.cut:
                assert page.locator(".mp-room-review-cut").is_visible()
            check_phone(page)
            auction.scroll_into_view_if_needed()
            page.locator(".mp-play-after .mp-play-review").screenshot(
                path=str(SCREENSHOTS / f"rooms-review-bidding-{lang}.png")
            )
        assert any(room.reviews[seat].bidding for seat in pages)
        check_tabs(list(tabs.values()))
    finally:
        for tab in tabs.values():
            tab.close()
