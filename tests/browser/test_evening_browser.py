"""A club night in Chromium (issue 31): a director on a laptop starts the evening from the
club night page, a wall screen shows it, six phones of 360 CSS pixels join by the evening's
link, and with the bot pair that makes the field even two tables play a round of two deals
through the phones' own controls. Each phone goes to its table and back by itself; after
each deal it shows the deal's results at every table side by side and its score card; the
wall screen, between rounds, shows the standings in one screenful at 1280 × 720 and
1920 × 1080 with no text under 24 pixels. Screenshots: the wall screen between rounds,
the director's screen mid-round, a phone with a deal's results."""

from __future__ import annotations

import contextlib
import json
import random
import re
from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from test_rooms_browser import (  # noqa: F401 (table: a fixture)
    RECORD,
    ThreadServer,
    check_phone,
    check_tabs,
    live,
    matches,
    offered,
    phone,
    press,
    table,
)
from test_widgets_browser import SCREENSHOTS, open_tab
from websockets.sync.client import connect

from marjapussi.rooms.evening_texts import et
from marjapussi.rooms.evening_views import PAGE_S, TableState, projector_view, wall_pages

pytestmark = pytest.mark.browser

NAMES = ["Anna", "Pekka", "Liisa", "Olli", "Ville", "Maija"]
CLUB_PAGE = {"fi": "table/club/", "en": "en/table/club/", "ru": "ru/table/club/"}
RESULTS_WORDS = {
    "fi": "tulokset kaikilla pöydillä",
    "en": "the results at every table",
    "ru": "результаты за всеми столами",
}


def role(page: Any) -> str:
    view = page.locator(".mp-room .mp-room-view")
    return str(view.get_attribute("data-role") or "") if view.count() else ""


def step(hub: Any, pages: list[Any], rng: random.Random) -> bool:
    """One person's move at a table, or one phone's press of "the next deal"; ``False`` when
    nothing is left to do."""
    for page in pages:
        if role(page) == "seat" and page.locator('.mp-play-turn[data-turn="you"]').count():
            code = page.evaluate("() => new URLSearchParams(location.search).get('room')")
            room = hub.rooms[code]
            legal = list(room.live.deal.legal_actions()) if room.live.to_act() is not None else []
            choices = [a for a in offered(page) if matches(a, legal)]
            if not choices:
                continue
            before = len(room.live.deal.history)
            press(page, rng.choice(choices))
            page.wait_for_function(
                "(n) => { const v = document.querySelector('.mp-room .mp-room-view');"
                " return !v || v.dataset.role !== 'seat' || +v.dataset.moves !== n; }",
                arg=before,
            )
            return True
    for page in pages:
        if role(page) == "evening-player" and any(a.get("type") == "evening-next" for a in offered(page)):
            press(page, {"type": "evening-next"})
            page.wait_for_function(
                "() => (document.querySelector('.mp-room .mp-room-view') || {}).dataset?.role === 'seat'"
            )
            return True
    return False


SNAPSHOT = (
    "() => { const v = document.querySelector('.mp-room .mp-room-view'); const t = v &&"
    " v.querySelector('.mp-play-turn'); return [v ? v.dataset.role : '', v ? v.dataset.moves || '' : '',"
    " t ? t.dataset.turn : '',"
    " document.querySelectorAll('.mp-room .mp-room-view button').length].join('/'); }"
)


def wait_for_a_change(pages: list[Any]) -> None:
    """Nothing to press: a bot is to act, or a view is on its way; wait until a phone's view
    changes (each phone in turn, a while each)."""
    for page in pages:
        before = page.evaluate(SNAPSHOT)
        try:
            page.wait_for_function(f"(b) => ({SNAPSHOT})() !== b", arg=before, timeout=3000)
            return
        except PlaywrightTimeout:
            continue


def said(page: Any) -> list[str]:
    """What the page's live region was given to say (the recorder of test_rooms_browser)."""
    return [str(w) for w in page.evaluate("() => window.__mpSaid") if w]


def fits_the_wall(page: Any) -> None:
    """One screenful, no text under 24 pixels."""
    tall, seen = page.evaluate("() => [document.documentElement.scrollHeight, innerHeight]")
    assert tall <= seen + 1, (tall, seen)
    small = page.evaluate(
        "() => [...document.querySelectorAll('.mp-room-view *')].filter((e) => e.offsetParent"
        " && [...e.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim())"
        " && parseFloat(getComputedStyle(e).fontSize) < 23.5).map((e) => e.textContent.slice(0, 40))"
    )
    assert not small, small


def end_evening(boss: Any, *others: Any) -> None:
    """End the evening (its tables' bots stop; a failure to is no test's concern) and close the
    director's socket and every other socket or tab."""
    with contextlib.suppress(Exception):
        boss.say({"type": "evening-do", "what": "end"})
    boss.close()
    for other in others:
        other.close()


@pytest.mark.parametrize("lang", ["en"])
def test_a_club_night_round_of_two_deals_on_two_tables(
    browser: Any, table: ThreadServer, lang: str  # noqa: F811 (the fixture)
) -> None:
    server = table  # the rooms' in-process server: it runs the club nights too
    hub = server.app.state.hub
    director = open_tab(browser, viewport={"width": 1280, "height": 800}, locale="en-GB")
    wall = open_tab(browser, init=RECORD, viewport={"width": 1280, "height": 720}, locale="en-GB")
    phones = [phone(browser, lang) for _ in NAMES]
    tabs = [director, wall, *phones]
    try:
        page = director.page
        page.goto(server.url + CLUB_PAGE[lang])
        live(page)
        page.wait_for_selector('.mp-room-view[data-role="evening-create"]')
        page.select_option('select[data-action-field="rounds"]', "2")
        page.select_option('select[data-action-field="boards"]', "2")
        page.click('button[data-focus-key="evening-create"]')
        page.wait_for_selector('.mp-room-view[data-role="evening-director"]')
        code = page.evaluate("() => new URLSearchParams(location.search).get('room')")
        assert code and len(code) == 8
        wall.page.goto(server.url + CLUB_PAGE[lang] + f"?room={code}&view=projector")
        wall.page.wait_for_selector('.mp-room-view[data-role="evening-projector"]')
        for tab, name in zip(phones, NAMES, strict=True):
            tab.page.goto(f"{server.url}r/{code}")
            live(tab.page)
            tab.page.wait_for_selector('.mp-room-view[data-role="evening-visitor"]')
            tab.page.fill('input[data-action-field="name"]', name)
            tab.page.keyboard.press("Enter")
            tab.page.wait_for_selector('.mp-room-view[data-role="evening-player"]')
        page.wait_for_function("() => document.querySelectorAll('.mp-evening-members li').length === 6")
        page.click('button[data-focus-key="evening-start-round"]')
        for tab in phones:
            tab.page.wait_for_selector('.mp-room-view[data-role="seat"]')
        evening = hub.evenings[code]
        assert [(t.ns, t.ew) for t in evening.tables] == [("P1", "P2"), ("P3", "bot-pair")]
        for tab, name in zip(phones, NAMES, strict=True):  # each reader told where it sits, once
            member = next(m for m in evening.members.values() if m.name == name)
            at = evening.table_of(member)
            assert at is not None
            a, b = evening.pair_names(member.pair)
            side = et("side-ns" if at[1] else "side-ew", lang)
            told = et("round-you", lang, r=1, n=at[0].number, side=side, mate=b if a == name else a)
            assert said(tab.page).count(told) == 1, said(tab.page)
        rng = random.Random(3)
        shot_director = False
        for _ in range(2000):
            if evening.round_over:
                break
            if not step(hub, [t.page for t in phones], rng):
                wait_for_a_change([t.page for t in phones])
                continue
            if not shot_director and len(evening.results) == 1:
                page.wait_for_selector(".mp-evening-board")
                # the site's fixed header would cover the widget's top in an element's picture
                page.evaluate("() => { document.querySelector('.md-header').style.position = 'static'; }")
                page.locator(".mp-room").screenshot(path=str(SCREENSHOTS / "evening-director-mid-round.png"))
                shot_director = True
        assert evening.round_over
        for tab in phones:
            tab.page.wait_for_selector('.mp-room-view[data-role="evening-player"] .mp-evening-standings')
            check_phone(tab.page)
            assert RESULTS_WORDS[lang] in tab.page.locator(".mp-room").inner_text()
        phones[0].page.locator(".mp-room").screenshot(path=str(SCREENSHOTS / "evening-phone-results.png"))
        wall.page.wait_for_selector(".mp-evening-standings")
        wall.page.wait_for_selector(".mp-evening-next")  # and the next round's tables
        page.wait_for_selector(".mp-evening-next")
        page.screenshot(path=str(SCREENSHOTS / "evening-director-between-rounds.png"), full_page=True)
        fits_the_wall(wall.page)
        wall.page.screenshot(path=str(SCREENSHOTS / "evening-wall-between-rounds-1280.png"))
        wall.page.set_viewport_size({"width": 1920, "height": 1080})
        fits_the_wall(wall.page)
        wall.page.screenshot(path=str(SCREENSHOTS / "evening-wall-between-rounds-1920.png"))
        for tab in phones:  # each deal's results at every table: told once
            words = " | ".join(said(tab.page))
            for board in (1, 2):
                assert words.count(et("results-in", lang, n=board)) == 1, words
        page.click('button[data-focus-key="evening-end"]')
        ended = et("ended", lang)
        for tab in phones:
            tab.page.wait_for_function("(w) => window.__mpSaid.includes(w)", arg=ended)
            assert said(tab.page).count(ended) == 1
        assert not said(wall.page)  # the wall screen speaks to no one
        check_tabs(tabs)
    finally:
        for tab in tabs:
            tab.close()


BIG = [f"{NAMES[i % 6]} {10 + i // 6}" for i in range(60)]
"""Sixty players' names, none inside another."""

SHOWN = """(html) => {
  const body = document.querySelector('.mp-room .mp-widget-body');
  body.innerHTML = html;
  const small = [...body.querySelectorAll('*')].filter((e) => e.offsetParent
    && [...e.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim())
    && parseFloat(getComputedStyle(e).fontSize) < 23.5).map((e) => e.textContent.slice(0, 40));
  const cut = [...body.querySelectorAll('.mp-room-projector-main, .mp-room-projector-side')]
    .filter((e) => e.scrollHeight > e.clientHeight + 1)
    .map((e) => [e.className, e.scrollHeight, e.clientHeight]);
  return [document.documentElement.scrollHeight, innerHeight, small, cut, body.innerText];
}"""
"""Put one page of the wall screen in place and measure it at once (before the next view comes):
the page's height, the window's, the texts under 24 pixels, the columns whose text is cut off
(each column hides what does not fit), and the text shown."""


class Scripted:
    """A device that talks to the server over its WebSocket, without a browser."""

    def __init__(self, url: str) -> None:
        self.stack = contextlib.ExitStack()
        # max_queue=None: every message is taken off the socket as it comes, read or not; with a
        # bounded queue (16) a device that was sent more views than it read stopped reading, and
        # closing it waited close_timeout (10 s) for the server's close frame behind them
        self.socket = self.stack.enter_context(
            connect(url.replace("http://", "ws://") + "rooms/ws", max_queue=None)
        )
        self.kept: dict[str, Any] = {}

    def say(self, message: dict[str, Any], taken: Callable[[], bool] | None = None) -> dict[str, Any]:
        """Send a message; return the view that answers it (keeping what the server hands over).

        The server answers a device's messages in turn, each with a view (coalesced with the
        views before it that were not sent yet), so on a fresh socket the first view is the
        answer. On one that has heard more than it read (a director's, while others join), the
        answer is the first view once ``taken()`` holds: the condition the message brings about
        on the server, which holds before its answer is sent, however late any earlier view
        comes; or a refusal (a view not ``ok``). What has already come is passed over first,
        without waiting."""
        with contextlib.suppress(TimeoutError):
            while True:
                self.heard(self.socket.recv(timeout=0))
        self.socket.send(json.dumps(message))
        while True:
            view = self.heard(self.socket.recv(timeout=30))
            if view is not None and (taken is None or taken() or not view.get("ok", True)):
                return view

    def join(self, lang: str, code: str, name: str) -> dict[str, Any]:
        """Say hello to the evening ``code`` and join it as ``name``; the answer to the join."""
        self.say({"type": "hello", "lang": lang, "room": code, "token": "", "host": "", "view": ""})
        return self.say({"type": "evening-join", "evening": code, "name": name, "partner": ""},
                        lambda: "token" in self.kept)  # fmt: skip

    def heard(self, text: str | bytes) -> dict[str, Any] | None:
        """Keep what the server hands over, answer its heartbeat; a view, returned."""
        heard = json.loads(text)
        if heard.get("type") == "keep":
            self.kept.update(heard)
        elif heard.get("type") == "ping":
            self.socket.send(json.dumps({"type": "pong"}))
        elif heard.get("type") == "view":
            return dict(heard)
        return None

    def close(self) -> None:
        self.stack.close()


def wall_pages_fit(page: Any, hub: Any, code: str, lang: str, sizes: list[tuple[int, int]]) -> set[str]:
    """Every page of the wall screen at each size: one screenful, no text under 24 pixels; the
    text of all its pages."""
    evening = hub.evenings[code]
    states = {t.number: TableState(t.number, 1, 10, False) for t in evening.tables}  # the longest lines
    seen = set()
    pages = wall_pages(evening)
    assert pages > 1
    for width, height in sizes:
        page.set_viewport_size({"width": width, "height": height})
        for k in range(pages):
            html = projector_view(evening, states, lang, k * PAGE_S + 1.0, "http://127.0.0.1:8000")
            tall, inner, small, cut, text = page.evaluate(SHOWN, html)
            assert tall <= inner + 1, (width, height, k, tall, inner)
            assert not small, small
            assert not cut, (width, height, k, cut)
            assert et("page-n", lang, n=k + 1, of=pages) in text
            seen.add(text)
    return seen


@pytest.mark.parametrize("lang", ["fi", "en", "ru"])
def test_the_wall_screen_pages_thirty_pairs_by_itself_at_both_sizes(
    browser: Any, table: ThreadServer, lang: str  # noqa: F811 (the fixture)
) -> None:
    """Issue 31, Decided 10: thirty pairs (scripted joins) make fifteen tables and thirty rows of
    standings; the wall screen shows them a page at a time, "page 2 of 3", turned by the server
    with no reader's press, every page one screenful at 1280 × 720 and 1920 × 1080 with no text
    under 24 pixels, every table and every player on some page."""
    server = table
    hub = server.app.state.hub
    boss = Scripted(server.url)
    players: list[Scripted] = []
    tabs = []
    try:
        boss.say({"type": "hello", "lang": lang, "room": "", "view": "evening"})
        boss.say({"type": "evening-create", "r": "guild", "format": "deals", "rounds": 2, "boards": 1,
                  "bots": False, "minutes": 60}, lambda: "room" in boss.kept)  # fmt: skip
        code = str(boss.kept["room"])
        for name in BIG:  # each stays connected: no one is away, no bot plays for anyone
            player = Scripted(server.url)
            players.append(player)
            view = player.join(lang, code, name)
            assert view.get("ok", True), view
        boss.say({"type": "evening-do", "what": "round"}, lambda: hub.evenings[code].round == 1)
        evening = hub.evenings[code]
        assert len(evening.tables) == 15
        wall = open_tab(browser, init=RECORD, viewport={"width": 1280, "height": 720})
        tabs.append(wall)
        wall.page.goto(server.url + CLUB_PAGE[lang] + f"?room={code}&view=projector")
        wall.page.wait_for_selector('.mp-room-view[data-role="evening-projector"] .mp-evening-page')
        # the server turns the page by itself, every Limits.wall_page_s (this server's: shorter
        # than a club's PAGE_S, the same turning without the wait)
        turn_ms = (hub.limits.wall_page_s + 8) * 1000
        first = wall.page.get_attribute(".mp-evening-page", "data-page")
        wall.page.wait_for_function(
            "(p) => (document.querySelector('.mp-evening-page') || {}).dataset?.page !== p",
            arg=first, timeout=turn_ms,
        )  # fmt: skip
        if lang == "en":
            wall.page.screenshot(path=str(SCREENSHOTS / "evening-wall-paged-1280.png"))
        shown = " ".join(wall_pages_fit(wall.page, hub, code, lang, [(1280, 720), (1920, 1080)]))
        for number in range(1, 16):
            assert re.search(re.escape(et("table-n", lang, n=number)) + r"(?!\d)", shown), number
        for t in evening.tables:  # the director gives every table's deal a result: the round is over
            boss.say({"type": "evening-do", "what": "correct", "round": 1, "table": t.number, "board": 1,
                      "ns": 50, "ew": 50, "share": True, "note": "—"},
                     lambda number=t.number: hub.evenings[code].finished(1, number, 1))  # fmt: skip
        assert evening.round_over and len(evening.standings()) == 30
        shown = " ".join(wall_pages_fit(wall.page, hub, code, lang, [(1280, 720), (1920, 1080)]))
        for name in BIG:
            assert name in shown, name
        preview = evening.next_round()  # between rounds: the next round's fifteen tables, paged
        assert preview is not None and len(preview.tables) == 15
        assert et("next-tables", lang, n=2) in shown and et("next-may-change", lang) in shown
        for t in preview.tables:
            row = [et("table-n", lang, n=t.number), " & ".join(evening.pair_names(t.ns)),
                   " & ".join(evening.pair_names(t.ew))]  # fmt: skip
            assert re.search(r"\s+".join(re.escape(cell) for cell in row) + r"(?!\d)", shown), row
        assert not said(wall.page)
        if lang == "en":
            wall.page.wait_for_function(
                "() => document.querySelector('.mp-evening-standings')", timeout=turn_ms * wall_pages(evening)
            )
            wall.page.set_viewport_size({"width": 1920, "height": 1080})
            wall.page.wait_for_selector(".mp-evening-next")
            wall.page.screenshot(path=str(SCREENSHOTS / "evening-wall-paged-standings-1920.png"))
        check_tabs(tabs)
    finally:
        end_evening(boss, *players, *tabs)


FIRST_CARD = """() => {
  const seat = '.mp-room-view[data-role="seat"] ';
  const cards = document.querySelectorAll(seat + '.mp-you .mp-hand [data-card]');
  const clock = document.querySelector(seat + '.mp-evening-time');
  const box = (e) => { const r = e.getBoundingClientRect(); return [r.top, r.bottom]; };
  return [cards.length ? box(cards[0]) : null, cards.length ? box(cards[cards.length - 1]) : null,
    clock ? box(clock) : null, innerHeight, scrollY];
}"""
"""Where the seat's first and last cards and the round's time left are in the window, its
height and how far the page is scrolled."""


@pytest.mark.parametrize("lang", ["fi", "en", "ru"])
def test_a_phone_at_its_club_night_table_shows_its_hand_and_the_time_left_in_the_first_screenful(
    browser: Any, table: ThreadServer, lang: str  # noqa: F811 (the fixture)
) -> None:
    """Decided 10, at 360 × 740: a phone that joined by the evening's link is sent to its table
    when the round starts; its own hand's first card and the round's time left are in the
    window at once, with no scrolling past the shared table page's prose."""
    server = table
    boss, mate = Scripted(server.url), Scripted(server.url)
    tab = phone(browser, lang)
    try:
        boss.say({"type": "hello", "lang": lang, "room": "", "view": "evening"})
        boss.say({"type": "evening-create", "r": "guild", "format": "deals", "rounds": 2, "boards": 1,
                  "bots": True, "minutes": 60}, lambda: "room" in boss.kept)  # fmt: skip
        code = str(boss.kept["room"])
        tab.page.goto(f"{server.url}r/{code}")
        live(tab.page)
        tab.page.wait_for_selector('.mp-room-view[data-role="evening-visitor"]')
        tab.page.fill('input[data-action-field="name"]', "Anna")
        tab.page.keyboard.press("Enter")
        tab.page.wait_for_selector('.mp-room-view[data-role="evening-player"]')
        mate.join(lang, code, "Pekka")
        evenings = server.app.state.hub.evenings  # Anna and Pekka against the bot pair:
        boss.say({"type": "evening-do", "what": "round"}, lambda: evenings[code].round == 1)
        seat = '.mp-room-view[data-role="seat"][data-evening="1"]'
        tab.page.wait_for_selector(f"{seat} .mp-you .mp-hand [data-card]")
        card, last, clock, height, scrolled = tab.page.evaluate(FIRST_CARD)
        assert card is not None and card[0] >= 0 and card[1] <= height, (card, height, scrolled)
        assert last is not None and last[1] <= height, (last, height)  # the whole hand, in fact
        assert clock is not None and clock[0] >= 0 and clock[1] <= height, (clock, height)
        assert et("time-left", lang, t=60) in tab.page.locator(".mp-evening-time").inner_text()
        check_phone(tab.page)
        if lang == "en":
            tab.page.screenshot(path=str(SCREENSHOTS / "evening-phone-at-table-360.png"))
        check_tabs([tab])
    finally:
        end_evening(boss, mate, tab)


NEXT_YOU = """() => {
  const e = document.querySelector('.mp-room-view[data-role="evening-player"] .mp-evening-next-you');
  if (!e) return null;
  const r = e.getBoundingClientRect();
  return [r.top, r.bottom, innerHeight, parseFloat(getComputedStyle(e).fontSize)];
}"""
"""Where a phone's "next round" line is in the window, the window's height, and its text size."""


def test_the_director_adds_a_player_by_keyboard_whose_phone_says_where_it_sits_next(
    browser: Any, table: ThreadServer  # noqa: F811 (the fixture)
) -> None:
    """On a laptop the director adds a player and a new partner by keyboard during round 1 (a
    name taken first: the refusal is said); the screen shows each a one-time player code.
    The round over, a 360 × 740 phone takes Ville's place with his code, and in its first
    screenful says, large, where he sits in round 2, with Maija."""
    lang = "en"
    server = table
    hub = server.app.state.hub
    boss = open_tab(browser, init=RECORD, viewport={"width": 1280, "height": 800}, locale="en-GB")
    tab = phone(browser, lang)
    players: list[Scripted] = []
    try:
        page = boss.page
        code = director_creates_an_evening(page, server, lang)
        for name in NAMES[:4]:
            player = Scripted(server.url)
            players.append(player)
            player.join(lang, code, name)
        page.wait_for_function("() => document.querySelectorAll('.mp-evening-members li').length === 4")
        page.click('button[data-focus-key="evening-start-round"]')
        page.wait_for_selector(".mp-evening-tables")
        evening = hub.evenings[code]
        assert evening.round == 1
        # by keyboard: a name taken is refused, and said
        page.focus('input[data-focus-key="evening-add-name"]')
        page.keyboard.type("Anna")
        page.keyboard.press("Enter")
        refused = et("refuse:evening-name-taken", lang)
        page.wait_for_function("(w) => window.__mpSaid.includes(w)", arg=refused)
        page.fill('input[data-focus-key="evening-add-name"]', "Ville")
        page.focus('input[data-focus-key="evening-add-partner"]')
        page.keyboard.type("Maija")
        page.keyboard.press("Enter")
        page.wait_for_selector(".mp-evening-claim-code")
        codes = page.locator(".mp-evening-claim-code").all_inner_texts()
        assert len(codes) == 2 and all(re.fullmatch(r"[0-9A-Z]{3}-[0-9A-Z]{3}", c) for c in codes), codes
        page.evaluate("() => { document.querySelector('.md-header').style.position = 'static'; }")
        page.locator(".mp-evening-claims").scroll_into_view_if_needed()
        page.screenshot(path=str(SCREENSHOTS / "evening-director-added-1280.png"))
        # the round's deal given a result by the director (its form): round 1 is over
        page.check('input[data-focus-key="evening-share"]')
        page.fill('input[data-focus-key="evening-ns"]', "50")
        page.fill('input[data-focus-key="evening-ew"]', "50")
        page.fill('input[data-focus-key="evening-note"]', "Time")
        page.click('button[data-focus-key="evening-correct"]')
        page.wait_for_selector(".mp-evening-next")
        assert evening.round_over
        # Ville's phone takes his place with his code
        tab.page.goto(f"{server.url}r/{code}")
        live(tab.page)
        tab.page.wait_for_selector('.mp-room-view[data-role="evening-visitor"]')
        tab.page.fill('input[data-focus-key="evening-claim-code"]', codes[0].lower())
        tab.page.locator(".mp-evening-claim-form").scroll_into_view_if_needed()
        tab.page.screenshot(path=str(SCREENSHOTS / "evening-phone-claim-360.png"))
        tab.page.keyboard.press("Enter")
        tab.page.wait_for_selector('.mp-room-view[data-role="evening-player"] .mp-evening-next-you')
        box = tab.page.evaluate(NEXT_YOU)
        assert box is not None and box[0] >= 0 and box[1] <= box[2], box  # in the first screenful
        assert box[3] >= 19.5, box  # large
        text = tab.page.locator(".mp-evening-next-you").inner_text()
        assert text.startswith("Next round: table ") and "with Maija" in text, text
        assert et("next-may-change", lang) in tab.page.locator(".mp-room").inner_text()
        check_phone(tab.page)
        tab.page.screenshot(path=str(SCREENSHOTS / "evening-phone-next-round-360.png"))
        # the code used leaves the director's screen; Maija's is still there
        page.wait_for_function("() => document.querySelectorAll('.mp-evening-claim-code').length === 1")
        check_tabs([boss, tab])
    finally:
        with contextlib.suppress(Exception):
            page.click('button[data-focus-key="evening-end"]')  # its tables' bots stop
        for player in players:
            player.close()
        boss.close()
        tab.close()


TYPED = """() => Object.fromEntries([...document.querySelectorAll(
  '.mp-room-view[data-role="evening-director"] form input[data-focus-key]')]
  .filter((e) => e.type === 'text').map((e) => [e.dataset.focusKey, e.value]))"""
"""What the director's screen's text fields hold now, by focus key."""
KEPT_HOST = "(code) => JSON.parse(localStorage.getItem('marjapussi-rooms')).rooms[code].host"
"""The director's key of an evening, as the page keeps it."""


def test_the_directors_typed_form_survives_views_pushed_by_other_people(
    browser: Any, table: ThreadServer  # noqa: F811 (the fixture)
) -> None:
    """The director types a player and a partner into the add form (and a note into the
    correction form) and has not sent them; meanwhile the server pushes views that other
    people's moves change above the forms: the one-time player codes leave as phones use
    them, a player's phone goes away (its seat's tools come), the round's clock goes and the
    next round's tables come when the round ends. What was typed stays, and pressing Enter
    sends it."""
    lang = "en"
    server = table
    hub = server.app.state.hub
    boss = open_tab(browser, init=RECORD, viewport={"width": 1280, "height": 800}, locale="en-GB")
    players: list[Scripted] = []
    try:
        page = boss.page
        code = director_creates_an_evening(page, server, lang)
        evening = hub.evenings[code]
        for name in NAMES[:4]:
            player = Scripted(server.url)
            players.append(player)
            player.join(lang, code, name)
        page.wait_for_function("() => document.querySelectorAll('.mp-evening-members li').length === 4")
        page.click('button[data-focus-key="evening-start-round"]')
        page.wait_for_selector(".mp-evening-tables")
        page.fill('input[data-focus-key="evening-add-name"]', "Ville")
        page.fill('input[data-focus-key="evening-add-partner"]', "Maija")
        page.click('button[data-focus-key="evening-add"]')
        page.wait_for_function("() => document.querySelectorAll('.mp-evening-claim-code').length === 2")
        codes = page.locator(".mp-evening-claim-code").all_inner_texts()
        # typed, not sent
        page.fill('input[data-focus-key="evening-add-name"]', "Oona")
        page.fill('input[data-focus-key="evening-add-partner"]', "Eero")
        page.fill('input[data-focus-key="evening-note"]', "Late start")
        page.focus('input[data-focus-key="evening-add-partner"]')
        typed = page.evaluate(TYPED)
        assert typed["evening-add-name"] == "Oona" and typed["evening-note"] == "Late start", typed
        for left, claim in ((1, codes[0]), (0, codes[1])):  # a code used leaves; then the codes' part
            claimer = Scripted(server.url)
            players.append(claimer)
            claimer.say({"type": "hello", "lang": lang, "room": code, "token": "", "host": "", "view": ""})
            view = claimer.say({"type": "evening-claim", "evening": code, "code": claim})
            assert view.get("ok", True), view
            page.wait_for_function(
                "(n) => document.querySelectorAll('.mp-evening-claim-code').length === n", arg=left
            )
            assert page.evaluate(TYPED) == typed
        players[0].close()  # Anna's phone goes: her seat's tools come in the tables' list
        page.wait_for_selector('button[data-focus-key^="evening-bot-"]')
        assert page.evaluate(TYPED) == typed
        for t in evening.tables:  # the round ends (a scripted director's correction): no clock,
            helper = Scripted(server.url)  # the next round's tables above the forms
            players.append(helper)
            helper.say({"type": "hello", "lang": lang, "room": code, "token": "",
                        "host": str(boss.page.evaluate(KEPT_HOST, code)), "view": ""})  # fmt: skip
            helper.say({"type": "evening-do", "what": "correct", "round": 1, "table": t.number, "board": 1,
                        "ns": 50, "ew": 50, "share": True, "note": "—"})  # fmt: skip
        page.wait_for_selector(".mp-evening-next")
        assert not page.locator(".mp-evening-time").count()
        assert page.evaluate(TYPED) == typed
        focused = page.evaluate("() => document.activeElement && document.activeElement.dataset.focusKey")
        assert focused == "evening-add-partner", focused
        page.keyboard.press("Enter")  # the add form, sent with what was typed
        page.wait_for_function(
            "() => [...document.querySelectorAll('.mp-evening-members li')]"
            ".some((l) => l.textContent.includes('Oona'))"
        )
        names = {m.name for m in evening.members.values()}
        assert {"Oona", "Eero"} <= names, names
        assert page.input_value('input[data-focus-key="evening-note"]') == "Late start"
        check_tabs([boss])
    finally:
        with contextlib.suppress(Exception):
            boss.page.click('button[data-focus-key="evening-end"]')  # its tables' bots stop
        for player in players:
            player.close()
        boss.close()


def director_creates_an_evening(page: Any, server: Any, lang: str) -> str:
    """The director, on ``page``, creates a same-deals evening of two rounds of one deal on
    the club night's page, by its form; the evening's code."""
    page.goto(server.url + CLUB_PAGE[lang])
    live(page)
    page.wait_for_selector('.mp-room-view[data-role="evening-create"]')
    page.select_option('select[data-action-field="rounds"]', "2")
    page.select_option('select[data-action-field="boards"]', "1")
    page.click('button[data-focus-key="evening-create"]')
    page.wait_for_selector('.mp-room-view[data-role="evening-director"]')
    return str(page.evaluate("() => new URLSearchParams(location.search).get('room')"))


def bot_for(boss: Scripted, hub: Any, evening: Any, name: str) -> None:
    """The director (``boss``) has a bot play ``name``'s seat in this round, wherever it is: a
    person whose phone does not play would hold the table up until the grace period let a
    stand-in take over (a minute and more a round)."""
    ((number, seat),) = [(number, s) for number, at in enumerate(evening.tables, 1)
                         for s, p in hub.rooms[at.room].players.items() if p.name == name]
    boss.say({"type": "evening-do", "what": "bot", "table": number, "seat": seat.name, "on": True})


def play_one_deal_on_a_phone(server: Any, boss: Scripted, mate: Scripted, page: Any, lang: str,
                             name: str, partner: str, path: str = "r/{code}") -> None:
    """A club night of one deal a round, made by ``boss`` (the director, scripted): ``name``
    joins on ``page`` (a phone, at ``path`` of the server, the evening's code filled in) and
    ``partner`` by ``mate``, the round starts, a bot takes the partner's seat, and the phone
    plays the deal to the round's end (the other pair: bots)."""
    hub = server.app.state.hub
    boss.say({"type": "hello", "lang": lang, "room": "", "view": "evening"})
    boss.say({"type": "evening-create", "r": "guild", "format": "deals", "rounds": 2, "boards": 1,
              "bots": True, "minutes": 60})  # fmt: skip
    code = str(boss.kept["room"])
    page.goto(server.url + path.format(code=code))
    live(page)
    page.wait_for_selector('.mp-room-view[data-role="evening-visitor"]')
    page.fill('input[data-action-field="name"]', name)
    page.keyboard.press("Enter")
    page.wait_for_selector('.mp-room-view[data-role="evening-player"]')
    mate.join(lang, code, partner)
    boss.say({"type": "evening-do", "what": "round"})
    page.wait_for_selector('.mp-room-view[data-role="seat"]')
    evening = hub.evenings[code]
    bot_for(boss, hub, evening, partner)
    rng = random.Random(4)
    for _ in range(500):
        if evening.round_over:
            break
        if not step(hub, [page], rng):
            wait_for_a_change([page])
    assert evening.round_over


ON_PHONE = """() => {
  const box = (s) => { const e = document.querySelector(s); if (!e) return null;
    const r = e.getBoundingClientRect();
    return [r.top, r.bottom, parseFloat(getComputedStyle(e).fontSize), e.textContent]; };
  return [box('.mp-evening-next-you'), box('.mp-evening-played'), innerHeight,
    document.activeElement && document.activeElement.dataset.focusKey];
}"""
"""Where a phone's next table and its table just played are, their text sizes and words, the
window's height, and the focused element's focus key."""
FOCUSED = "() => document.activeElement.tagName + ' ' + (document.activeElement.dataset.focusKey || '')"


def test_a_phone_opens_its_own_review_by_keyboard_and_says_the_round_just_played_small(
    browser: Any, table: ThreadServer  # noqa: F811 (the fixture)
) -> None:
    """At 360 × 740: Anna (with Pekka, whose seat a bot plays, against the bot pair) plays the
    round's one deal on her phone. Back at the evening, the deal's results offer her own
    review: by keyboard it opens, with the focus on it, and one press brings the results
    back, the focus on the control that opened it. Between rounds the phone says the next
    table large and, under it, small, that round 1 was played at table 1."""
    lang = "en"
    server = table
    boss, mate = Scripted(server.url), Scripted(server.url)
    tab = phone(browser, lang)
    try:
        play_one_deal_on_a_phone(server, boss, mate, tab.page, lang, "Anna", "Pekka")
        page = tab.page
        opener = '.mp-evening-review-open button[data-focus-key="evening-review-results-1"]'
        page.wait_for_selector(f'.mp-room-view[data-role="evening-player"] {opener}')
        next_you, played, height, _ = page.evaluate(ON_PHONE)
        assert next_you is not None and played is not None
        assert next_you[2] >= 19.5 and played[2] <= 16.5, (next_you, played)  # large, then small
        assert next_you[1] <= played[0] <= height, (next_you, played, height)  # under it, on screen
        assert played[3].startswith("Round 1, now over: table 1, North–South, with Pekka"), played
        check_phone(page)
        page.screenshot(path=str(SCREENSHOTS / "evening-phone-between-rounds-360.png"))
        assert page.locator(opener).inner_text() == et("review-board", lang, n=1)
        page.focus(opener)
        page.keyboard.press("Enter")
        page.wait_for_selector('.mp-evening-review .mp-play-review[data-review="ready"]', timeout=60_000)
        assert page.evaluate(FOCUSED) == "SECTION evening-review-results-1"  # the reader lands on the review
        assert not page.locator(".mp-evening-board").count()
        assert et("review-of", lang, n=1, t=1) in page.locator(".mp-evening-review h2").inner_text()
        check_phone(page)
        page.screenshot(path=str(SCREENSHOTS / "evening-phone-own-review-360.png"))
        page.focus('.mp-evening-review button[data-focus-key="evening-review-results-1"]')
        page.keyboard.press("Enter")  # one press back
        page.wait_for_selector(f'.mp-room-view[data-role="evening-player"] {opener}')
        assert not page.locator(".mp-evening-review").count() and page.locator(".mp-evening-board").count()
        assert page.evaluate(FOCUSED) == "BUTTON evening-review-results-1"  # back on the opener
        check_tabs([tab])
    finally:
        end_evening(boss, mate, tab)


TOP_OVER = """() => {
  const top = document.querySelector('.md-top');
  if (!top) return [];
  const r = top.getBoundingClientRect();
  if (!r.width || !r.height || getComputedStyle(top).visibility === 'hidden') return [];
  const over = (e) => { const b = e.getBoundingClientRect(); return b.width && b.height
    && b.left < r.right && r.left < b.right && b.top < r.bottom && r.top < b.bottom; };
  return [...document.querySelectorAll('h1, .mp-widget-title, .mp-room button, .mp-room a')]
    .filter(over).map((e) => e.tagName + ' ' + e.textContent.trim().slice(0, 40));
}"""
"""What the theme's "Back to top" button covers, if it is shown: the page's title (its h1, the
view's title) and the room's controls."""


def test_a_phone_reviews_an_earlier_rounds_deal_from_its_score_card_and_hears_when_it_is_ready(
    browser: Any, table: ThreadServer  # noqa: F811 (the fixture)
) -> None:
    """At 360 × 740: Anna plays a deal in each of two rounds. Her score card then offers her own
    review of each: by keyboard the one of round 1 opens (its table's room no longer held: the
    review is rebuilt from the table's stored events), the live region says once that it is
    ready, not the review, and one press brings the score card back with the focus on the
    control that opened it. Scrolled down and back up, the theme's "Back to top" button (shown
    when one scrolls up) never covers the title or a control."""
    lang = "en"
    server = table
    hub = server.app.state.hub
    boss, mate = Scripted(server.url), Scripted(server.url)
    tab = phone(browser, lang)
    try:
        page = tab.page
        play_one_deal_on_a_phone(server, boss, mate, page, lang, "Anna", "Pekka")
        code = str(boss.kept["room"])
        evening = hub.evenings[code]
        first = evening.tables[0].room
        boss.say({"type": "evening-do", "what": "round"})
        page.wait_for_selector('.mp-room-view[data-role="seat"]')
        bot_for(boss, hub, evening, "Pekka")  # as in round 1: his phone does not play
        rng = random.Random(6)
        for _ in range(500):
            if evening.round_over:
                break
            if not step(hub, [page], rng):
                wait_for_a_change([page])
        assert evening.round_over and evening.round == 2
        opener = '.mp-evening-card-review button[data-focus-key="evening-review-card-1"]'
        page.wait_for_selector(f'.mp-room-view[data-role="evening-player"] {opener}')
        assert page.locator('.mp-evening-card-review button').count() == 2  # deal 1's and deal 2's
        assert page.locator(".mp-evening-review-open button").count() == 2  # under each deal's results
        # the theme's "Back to top": scrolled to the bottom, then a little up, Material shows it
        page.evaluate("() => window.scrollTo(0, document.documentElement.scrollHeight)")
        page.wait_for_function("() => scrollY > 200")
        page.evaluate("() => document.querySelector('.mp-evening-card').scrollIntoView({block: 'start'})")
        page.mouse.wheel(0, -60)
        page.wait_for_function("() => !document.querySelector('.md-top').hidden")  # the theme's "show"
        assert page.evaluate(TOP_OVER) == []
        page.screenshot(path=str(SCREENSHOTS / "evening-phone-scrolled-up-360.png"))
        hub.rooms.pop(first)  # as if round 1's table had rested: the server keeps its stored events
        page.focus(opener)
        assert page.locator(opener).get_attribute("aria-label") == et("review-board", lang, n=1)
        before = len(said(page))
        page.keyboard.press("Enter")
        page.wait_for_selector('.mp-evening-review[data-board="1"] .mp-play-review[data-review="ready"]',
                               timeout=60_000)  # fmt: skip
        assert page.evaluate(FOCUSED) == "SECTION evening-review-card-1"  # the reader lands on it
        heard = said(page)[before:]
        ready = et("review-ready", lang, n=1)
        assert heard.count(ready) == 1 and all(len(w) < 80 for w in heard), heard  # once, not the review
        assert page.locator(".mp-room .mp-widget-status").inner_text().strip() == ready
        assert et("review-of", lang, n=1, t=1) in page.locator(".mp-evening-review h2").inner_text()
        check_phone(page)
        page.screenshot(path=str(SCREENSHOTS / "evening-phone-review-round-1-360.png"))
        page.focus('.mp-evening-review button[data-focus-key="evening-review-card-1"]')
        page.keyboard.press("Enter")  # one press back
        page.wait_for_selector(f'.mp-room-view[data-role="evening-player"] {opener}')
        assert page.evaluate(FOCUSED) == "BUTTON evening-review-card-1"  # back on the opener
        check_phone(page)
        page.screenshot(path=str(SCREENSHOTS / "evening-phone-card-reviews-360.png"))
        check_tabs([tab])
    finally:
        end_evening(boss, mate, tab)
