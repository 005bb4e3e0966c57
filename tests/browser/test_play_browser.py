"""The Play page in Chromium: whole deals against bots by keyboard, in every language.

Reuses the fixtures and helpers of test_widgets_browser.py (the one site build, the
shared Chromium, the tab that logs every request, ``act`` which checks that the page
shows exactly what the host's bridge answers for the same state and action).

- In each language a whole deal of every preset is played by keyboard only (the
  fastest bots, pace "at once"); in the guild deal one illegal card is refused with its
  rule's link, one hint is asked, one move taken back, the review shown (computed in the
  worker after the deal, the same as the host's), and the deal's record downloaded and
  replayed by ``python -m marjapussi replay`` to the same score.
- In each language, on a 360-pixel phone and at 1280 pixels, a guild deal played to the
  end by keyboard gets the whole-deal review, which names the reader's costly card of
  the first trick (where the compiled core serves the rules).
- A reload in the middle of a deal resumes the same position; a corrupted saved game
  gives the message and a fresh start; a 360-pixel phone shows the table without
  sideways scrolling, with touch targets of at least 44×44 px; no request leaves
  127.0.0.1.

Screenshots go to artifacts/screenshots/widgets-play-*.png, to be looked at by a person.
"""

from __future__ import annotations

import functools
import json
import random
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import sitekit
from test_widgets_browser import Tab, act, html_difference, open_tab, shot, state_of, wait_live

from marjapussi.actions import Action, Bid, Discard, Give, Play, ReturnCards
from marjapussi.analysis.core import backend
from marjapussi.cards import Seat
from marjapussi.deal import Phase
from marjapussi.game import RULESETS
from marjapussi.randomplay import random_action
from marjapussi.rule_ids import rule_url
from marjapussi.web import bridge, play
from marjapussi.web.play_texts import pt
from marjapussi.web.table_view import BIDS_SHOWN

pytestmark = pytest.mark.browser

PLAY = "#w-play"
LANGUAGES = sitekit.site_languages()
PRESETS = ("guild", "pagat", "huutopussi", "huutopussi3")
READY = f'{PLAY} [data-turn="you"], {PLAY} [data-turn="over"]'
PHONE = {"width": 360, "height": 780}


def play_url(site_url: str, lang: str) -> str:
    return site_url + sitekit.page_url("play", lang)


def press(page: Any, action: dict[str, Any]) -> None:
    """Focus the widget's control that sends ``action`` and press Enter on it."""
    text = json.dumps(action, separators=(",", ":"), ensure_ascii=False)
    assert "'" not in text
    control = page.locator(f"{PLAY} button[data-action='{text}']")
    assert control.count() == 1, f"no single control for {text}"
    control.focus()
    page.keyboard.press("Enter")


def key(page: Any, lang: str, action: dict[str, Any]) -> dict[str, Any]:
    return act(page, PLAY, lang, lambda: press(page, action))


def key_focus(page: Any, lang: str, focus: str) -> dict[str, Any]:
    def do() -> None:
        page.locator(f'{PLAY} [data-focus-key="{focus}"]').focus()
        page.keyboard.press("Enter")

    return act(page, PLAY, lang, do)


def wait_reader(page: Any) -> dict[str, Any]:
    """Wait until the bots have moved and the reader is to act (or the deal is over)."""
    page.wait_for_selector(READY, state="attached", timeout=60_000)
    return dict(state_of(page, PLAY))


def choose(page: Any, field: str, value: str) -> None:
    """Set a select of the form by keyboard: focus it and step with the arrow keys."""
    select = page.locator(f'{PLAY} select[data-action-field="{field}"]')
    values = select.evaluate("s => Array.from(s.options).map(o => o.value)")
    select.focus()
    for _ in range(len(values)):
        if select.input_value() == value:
            return
        here, there = values.index(select.input_value()), values.index(value)
        page.keyboard.press("ArrowDown" if there > here else "ArrowUp")
    assert select.input_value() == value


def start(page: Any, lang: str, r: str, seed: int) -> dict[str, Any]:
    """Fill the set-up form by keyboard and deal."""
    if page.locator(f'{PLAY} [data-focus-key="setup-go"]').count() == 0:
        key_focus(page, lang, "setup")
    choose(page, "r", r)
    choose(page, "level", "random")
    choose(page, "pace", "0")
    seed_box = page.locator(f'{PLAY} [data-focus-key="setup-seed"]')
    seed_box.focus()
    page.keyboard.press("Control+A")
    page.keyboard.type(str(seed))
    seen = page.evaluate("window.__mpUpdates.length")
    page.locator(f'{PLAY} [data-focus-key="setup-go"]').focus()
    page.keyboard.press("Enter")  # the bots may move at once: see ``send``
    page.wait_for_function(f"window.__mpUpdates.length > {seen}")
    assert page.evaluate(f"window.__mpUpdates[{seen}].detail.ok")
    state = wait_reader(page)
    assert state["stage"] == "play" and state["r"] == r and state["seed"] == seed
    return state


def controls(action: Action) -> list[dict[str, Any]]:
    if isinstance(action, Play):
        out: dict[str, Any] = {"type": "play", "card": action.card.code}
        if action.marriage:
            out["marriage"] = True
        return [out]
    if isinstance(action, (Discard, Give, ReturnCards)):  # picks and a press, like the discard
        return [{"type": "pick", "card": c.code} for c in action.cards] + [{"type": "discard"}]
    return [{"type": "act", "code": str(action)}]


def send(page: Any, action: dict[str, Any]) -> None:
    """Press the control of ``action`` and wait for its answer.

    The bots may move at once after it (pace "at once"), so the view is not compared
    with the bridge's here (``key`` does that where no bot follows): only the answer's
    ``ok`` and the action the runtime sent are checked.
    """
    seen = page.evaluate("window.__mpUpdates.length")
    press(page, action)
    page.wait_for_function(f"window.__mpUpdates.length > {seen}")
    update = page.evaluate(f"window.__mpUpdates[{seen}]")
    assert update["detail"]["action"] == action and update["detail"]["ok"], update


def move(page: Any, lang: str, rng: random.Random) -> None:
    state = wait_reader(page)
    deal = play.position(state).deal
    steps = controls(random_action(deal, rng, 0.7))
    for step in steps[:-1]:  # picks for a discard: no bot moves in between
        key(page, lang, step)
    send(page, steps[-1])


def finish_deal(page: Any, lang: str, seed: int) -> dict[str, Any]:
    rng = random.Random(seed)
    for _ in range(200):
        state = wait_reader(page)
        if play.position(state).deal.is_over():
            return state
        move(page, lang, rng)
    raise AssertionError("the deal did not end")


def finish(opened: Tab) -> None:
    try:
        opened.log.check()
        assert not opened.errors, opened.errors
    finally:
        opened.close()


def open_play(browser: Any, site_url: str, lang: str, **options: Any) -> Tab:
    opened = open_tab(browser, **options)
    opened.page.goto(play_url(site_url, lang))
    wait_live(opened.page, PLAY)
    return opened


class Screens:
    """Browser contexts by their options (a screen's size, touch), each shared by a module's
    tests that open the Play page so: the engine's files come from the context's cache, as on
    a reader's second page, not from the network each time. Each test opens a tab of its own,
    with nothing kept from the tabs before it (a saved game would be restored)."""

    def __init__(self, browser: Any) -> None:
        self.browser = browser
        self.contexts: dict[str, Any] = {}

    def open_play(self, site_url: str, lang: str, **options: Any) -> Tab:
        key = json.dumps(options, sort_keys=True)
        if key not in self.contexts:
            settings = {"viewport": {"width": 1280, "height": 900}, "service_workers": "block", **options}
            self.contexts[key] = self.browser.new_context(**settings)
        opened = open_tab(self.browser, context=self.contexts[key], init="localStorage.clear();")
        opened.page.goto(play_url(site_url, lang))
        wait_live(opened.page, PLAY)
        return opened

    def close(self) -> None:
        for context in self.contexts.values():
            context.close()


@pytest.fixture(scope="module")
def screens(browser: Any) -> Iterator[Screens]:
    shared = Screens(browser)
    try:
        yield shared
    finally:
        shared.close()


@functools.cache
def illegal_seed() -> tuple[int, str, str]:
    """A guild seed where the reader, at his first turn, holds a card the rules refuse."""
    for seed in range(1, 60):
        reply = json.loads(
            bridge.handle(
                json.dumps(
                    {
                        "widget": "play",
                        "lang": "en",
                        "state": bridge.initial_state("play", ""),
                        "action": {"type": "new", "r": "guild", "seed": seed, "level": "random", "pace": 0},
                    }
                )
            )
        )
        while "then" in reply:
            reply = json.loads(
                bridge.handle(
                    json.dumps(
                        {
                            "widget": "play",
                            "lang": "en",
                            "state": reply["state"],
                            "action": reply["then"]["action"],
                        }
                    )
                )
            )
        deal = play.position(reply["state"]).deal
        refused = [v for v in deal.explain() if not v.allowed]
        if refused:
            return seed, refused[0].card.code, str(refused[0].rule)
    raise AssertionError("no seed with a refused card")


def show_review(page: Any, lang: str) -> dict[str, Any]:
    """Press "review my play" by keyboard after a deal and wait for the whole review: the
    worker computes it in slices after the deal (a "being computed" state in the review's
    place meanwhile); once it is in view, it is exactly what the host's bridge
    shows for the same state, the keyboard focus is on the review, and the scope says
    whether the whole deal was weighed (the compiled core) or the last tricks."""
    page.locator(f'{PLAY} [data-focus-key="review"]').focus()
    page.keyboard.press("Enter")
    page.wait_for_selector(f"{PLAY} [data-review]", state="attached", timeout=60_000)
    assert page.locator(f"{PLAY} .mp-play-review").count() == 1
    # the slices swap in the review's place alone: the button under the score stays the
    # same node, never leaving the page under the reader's pointer
    following = page.locator(f'{PLAY} [data-focus-key="next"]')
    if following.count():
        following.evaluate("el => { el.__mpOld = true; }")
    stage, words = page.locator(f"{PLAY} .mp-play-review").evaluate(
        "el => [el.getAttribute('data-review'), el.textContent]")
    if stage == "busy":  # still being computed: it says so (in one look, as the slices go on)
        assert pt("review-busy", lang) in words
    page.wait_for_selector(f'{PLAY} [data-review="ready"]', state="attached", timeout=60_000)
    if following.count():
        assert following.evaluate("el => el.__mpOld === true"), "the next deal's button was put in new"
    state = dict(state_of(page, PLAY))
    assert state["rev"] == 1
    play.review_items(state)  # the host's review of the card play, computed whole
    message = {"widget": "play", "lang": lang, "state": state, "action": {"type": "review"}}
    reply = json.loads(bridge.handle(json.dumps(message)))
    root = page.locator(PLAY).get_attribute("data-root") or "."
    # the card play's part (the bidding's, in seed-004 Huutopussi, goes on in later slices:
    # test_play_auction_browser.py reads it)
    difference = html_difference(page, PLAY, reply["html"].replace("@root@", root), ".mp-play-review-cards")
    assert not difference, f"the review differs from the bridge's:\n{difference}"
    focused = page.evaluate("document.activeElement && document.activeElement.getAttribute('data-focus-key')")
    assert focused == "review"
    whole = backend(RULESETS[state["r"]]) == "core"
    scope = pt("review-scope-all", lang) if whole else pt("review-scope", lang, first=6)
    assert scope in (page.locator(f"{PLAY} .mp-play-review").text_content() or "")
    return state


@functools.cache
def first_trick_seed() -> tuple[int, str]:
    """A guild seed whose deal, played as ``finish_deal`` plays it against random bots, has
    the reader's costly first-trick card in the review; and the item's words (English)."""
    for seed in range(1, 80):
        reply = json.loads(bridge.handle(json.dumps({
            "widget": "play", "lang": "en", "state": bridge.initial_state("play", ""),
            "action": {"type": "new", "r": "guild", "seed": seed, "level": "random", "pace": 0},
        })))
        rng = random.Random(seed)
        for _ in range(400):
            state = reply["state"]
            then = reply.get("then", {}).get("action")
            if then and then["type"] == "bot":
                action = then
            elif not play.position(state).deal.is_over():
                steps = controls(random_action(play.position(state).deal, rng, 0.7))
                for step in steps[:-1]:
                    state = json.loads(bridge.handle(json.dumps(
                        {"widget": "play", "lang": "en", "state": state, "action": step})))["state"]
                action = steps[-1]
            else:
                break
            reply = json.loads(bridge.handle(json.dumps(
                {"widget": "play", "lang": "en", "state": state, "action": action})))
        first = [item for item in play.review_items(reply["state"]) if item.trick == 1]
        if first:
            return seed, first[0].action.card.symbol  # type: ignore[attr-defined]
    raise AssertionError("no seed whose first trick cost the reader points")


def replayed_points(text: str, tmp_path: Path) -> list[int]:
    path = tmp_path / "deal.mjp"
    path.write_text(text, encoding="utf-8")
    out = subprocess.run(
        [sys.executable, "-m", "marjapussi", "replay", "--json", str(path)],
        capture_output=True,
        text=True,
        check=True,
    )
    return list(json.loads(out.stdout)["deals"][0]["score"]["points"].values())


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_deal_of_every_preset_by_keyboard(
    screens: Screens, site_url: str, screenshots: Path, tmp_path: Path, lang: str
) -> None:
    opened = screens.open_play(site_url, lang)
    page = opened.page
    try:
        seed, card, rule = illegal_seed()
        start(page, lang, "guild", seed)
        wait_reader(page)
        # an illegal card is refused with its rule's link, and stays in the hand
        refused = key(page, lang, {"type": "play", "card": card})
        assert refused["state"]["refused"] == card
        link = page.locator(f"{PLAY} .mp-play-refused a.mp-rule")
        assert link.count() == 1
        assert (link.get_attribute("href") or "").endswith(rule_url(rule, lang).split("/")[-1])
        assert page.locator(f'{PLAY} [data-focus-key="card-{card}"]').count() == 1
        shot(page, screenshots, f"play-refused-{lang}", PLAY)
        # one hint
        hint = key_focus(page, lang, "hint")
        assert hint["state"]["hint"] == 1 and page.locator(f"{PLAY} .mp-play-hint").count() == 1
        # one move, then take it back
        before = wait_reader(page)
        move(page, lang, random.Random(seed))
        wait_reader(page)
        back = key_focus(page, lang, "back-card")
        assert back["state"]["a"] == before["a"]
        state = finish_deal(page, lang, seed)
        deal = play.position(state).deal
        # the review (computed in the worker after the deal), and the record downloaded and
        # replayed to the same score
        show_review(page, lang)
        with page.expect_download() as info:
            page.locator(f'{PLAY} [data-focus-key="download"]').focus()
            page.keyboard.press("Enter")
        download = info.value
        assert download.suggested_filename == "marjapussi-deal.mjp"
        text = Path(download.path()).read_text(encoding="utf-8")
        assert replayed_points(text, tmp_path) == list(deal.result().points)
        shot(page, screenshots, f"play-after-{lang}", PLAY)
        for r in PRESETS[1:]:
            start(page, lang, r, 4)
            state = finish_deal(page, lang, 4)
            assert play.position(state).deal.is_over()
            assert page.locator(f'{PLAY} [data-focus-key="download"]').count() == 1
    finally:
        finish(opened)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("width", [360, 1280])
def test_the_whole_deal_review_covers_the_first_trick(
    screens: Screens, site_url: str, screenshots: Path, lang: str, width: int
) -> None:
    """A deal played to the end by keyboard; the review, computed in the worker while the
    reader looks at the score, names the reader's costly card of the first trick (where the
    compiled core serves the rules) and fits a phone's width."""
    if backend(RULESETS["guild"]) != "core":
        pytest.skip("the compiled core is not built (scripts/build_core.sh)")
    seed, card = first_trick_seed()
    phone = width == 360
    opened = screens.open_play(site_url, lang, viewport={"width": width, "height": 800 if phone else 900},
                               is_mobile=phone, has_touch=phone)
    page = opened.page
    try:
        start(page, lang, "guild", seed)
        finish_deal(page, lang, seed)
        state = show_review(page, lang)
        items = page.locator(f"{PLAY} .mp-play-review-list li")
        first = pt("review-item", lang, trick=1, what=card, better="@", loss="@").split("@")[0]
        assert any(text.startswith(first) for text in items.all_text_contents()), items.all_text_contents()
        assert play.position(state).deal.is_over()
        wide = page.evaluate("document.documentElement.scrollWidth")
        assert wide <= width, f"the page scrolls sideways at {width} px: {wide}"
        page.locator(f"{PLAY} .mp-play-review").scroll_into_view_if_needed()
        shot(page, screenshots, f"play-review-{width}-{lang}")
        shot(page, screenshots, f"play-review-part-{width}-{lang}", f"{PLAY} .mp-play-after")
    finally:
        finish(opened)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_reload_mid_deal_resumes_and_a_corrupted_save_gives_a_message(
    browser: Any, site_url: str, screenshots: Path, lang: str
) -> None:
    opened = open_play(browser, site_url, lang)
    page = opened.page
    try:
        start(page, lang, "huutopussi", 8)
        rng = random.Random(8)
        for _ in range(3):
            move(page, lang, rng)
        state = wait_reader(page)
        page.reload()
        wait_live(page, PLAY)
        page.wait_for_function(
            f"JSON.parse(document.querySelector('{PLAY}').getAttribute('data-state')).a"
            f" === {json.dumps(state['a'])}"
        )
        assert state_of(page, PLAY) == state
        page.evaluate(f"localStorage.setItem({json.dumps(play.STORE)}, '{{broken <b>')")
        page.reload()
        wait_live(page, PLAY)
        message = pt("restore-failed", lang, why=pt("why:not-json", lang))
        status = f"document.querySelector('{PLAY} .mp-widget-status').textContent"
        page.wait_for_function(f"{status}.indexOf({json.dumps(message)}) >= 0")
        assert state_of(page, PLAY)["stage"] == "setup" and state_of(page, PLAY)["problem"] == "not-json"
        assert page.locator(f"{PLAY} b").count() == 0
        assert page.locator(f'{PLAY} [data-mp-download="marjapussi-play-old.json"]').count() == 1
        shot(page, screenshots, f"play-corrupt-{lang}", PLAY)
    finally:
        finish(opened)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_table_fits_a_360_pixel_phone(
    screens: Screens, site_url: str, screenshots: Path, lang: str
) -> None:
    opened = screens.open_play(site_url, lang, viewport=PHONE, is_mobile=True, has_touch=True)
    page = opened.page
    try:
        start(page, lang, "guild", 2)
        wait_reader(page)
        assert page.evaluate("document.documentElement.scrollWidth") <= 360
        sizes = page.evaluate(
            f"Array.from(document.querySelectorAll('{PLAY} button')).filter(b => b.offsetParent)"
            ".map(b => { const r = b.getBoundingClientRect(); return [r.width, r.height]; })"
        )
        assert sizes and all(w >= 44 and h >= 44 for w, h in sizes), sizes
        # the running score sheet fits: nothing of it is cut or scrolls sideways
        sheet = page.evaluate(
            f"""() => {{
              const table = document.querySelector('{PLAY} .mp-play-sheet table');
              const box = document.querySelector('{PLAY} .mp-play-sheet');
              return [table.getBoundingClientRect().right, box.getBoundingClientRect().right,
                      table.parentElement.scrollWidth, table.parentElement.clientWidth];
            }}"""
        )
        assert sheet[0] <= sheet[1] + 0.5 and sheet[2] <= sheet[3], sheet
        shot(page, screenshots, f"play-phone-{lang}", PLAY)
        # the theme's "Back to top", which it shows at the top of the screen when the reader
        # scrolls up, is off where a card table is played: it would cover North's cards
        north = page.locator(f"{PLAY} .mp-seat-N")
        north.evaluate("el => el.scrollIntoView({block: 'start'})")
        page.evaluate("window.scrollBy(0, 400)")
        page.evaluate("window.scrollBy(0, -400)")
        assert page.evaluate("getComputedStyle(document.querySelector('.md-top')).display") == "none"
        covered = page.evaluate(
            f"""() => {{
              const top = document.querySelector('.md-top').getBoundingClientRect();
              return Array.from(document.querySelectorAll('{PLAY} .mp-hand, {PLAY} .mp-hidden-hand'))
                .map(el => el.getBoundingClientRect())
                .filter(r => top.width > 0 && top.height > 0 && r.left < top.right && top.left < r.right
                        && r.top < top.bottom && top.top < r.bottom).length;
            }}"""
        )
        assert covered == 0, "the theme's Back to top button covers a hand"
    finally:
        finish(opened)


def test_arrow_keys_move_between_the_cards_and_enter_plays_the_focused_one(
    screens: Screens, site_url: str
) -> None:
    opened = screens.open_play(site_url, "en")
    page = opened.page
    try:
        before = start(page, "en", "pagat", 5)
        hand = f"{PLAY} .mp-hand .mp-card-button:not([disabled])"
        cards = page.locator(hand)
        count = cards.count()
        assert count >= 2
        focused = "document.activeElement.getAttribute('data-focus-key')"
        keys = [cards.nth(i).get_attribute("data-focus-key") for i in range(count)]
        cards.nth(0).focus()
        page.keyboard.press("ArrowRight")
        assert page.evaluate(focused) == keys[1]
        page.keyboard.press("End")
        assert page.evaluate(focused) == keys[-1]
        page.keyboard.press("ArrowRight")  # stays on the last card
        assert page.evaluate(focused) == keys[-1]
        page.keyboard.press("Home")
        assert page.evaluate(focused) == keys[0]
        page.keyboard.press("ArrowLeft")
        assert page.evaluate(focused) == keys[0]
        # Step to a card the rules allow and play it with Enter, by keyboard alone.
        deal = play.position(play.check(before)).deal
        legal = {a.card.code for a in deal.legal_actions() if isinstance(a, Play)}
        target = max(i for i, k in enumerate(keys) if k.removeprefix("card-") in legal)
        for _ in range(target):
            page.keyboard.press("ArrowRight")
        assert page.evaluate(focused) == keys[target]
        code = keys[target].removeprefix("card-")
        seen = page.evaluate("window.__mpUpdates.length")
        page.keyboard.press("Enter")  # the bots may move at once after it: see ``send``
        page.wait_for_function(f"window.__mpUpdates.length > {seen}")
        update = page.evaluate(f"window.__mpUpdates[{seen}]")
        assert update["detail"]["ok"] and update["detail"]["action"] == {"type": "play", "card": code}
        mine = next(a for a in deal.legal_actions() if isinstance(a, Play) and a.card.code == code)
        after = play.position(wait_reader(page)).deal
        assert after.history[len(deal.history)] == (deal.to_act, mine)
    finally:
        finish(opened)


# --- what the reader sees after each action ---------------------------------------------

VIEWPORTS = {"phone": {"width": 360, "height": 780}, "desktop": {"width": 1280, "height": 800}}


def assert_table_in_view(page: Any, when: str) -> None:
    """The table's top is on the screen, below the theme's bar."""
    top, bar, height = page.evaluate(
        f"""() => {{
          const table = document.querySelector('{PLAY} .mp-play-table').getBoundingClientRect();
          const bar = document.querySelector('.md-header').getBoundingClientRect();
          return [table.top, Math.max(0, bar.bottom), innerHeight];
        }}"""
    )
    assert bar - 1 <= top < height, f"after {when}: the table's top at {top} (bar {bar}, screen {height})"


def use(page: Any, selector: str, touch: bool) -> dict[str, Any]:
    """Tap (phone) or click (desktop) a control of the widget and wait for the answer."""
    seen = page.evaluate("window.__mpUpdates.length")
    control = page.locator(selector)
    if touch:
        control.tap()
    else:
        control.click()
    page.wait_for_function(f"window.__mpUpdates.length > {seen}")
    update: dict[str, Any] = page.evaluate(f"window.__mpUpdates[{seen}]")
    assert update["detail"]["ok"], update
    return update


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("screen", sorted(VIEWPORTS))
def test_the_table_stays_in_view_after_dealing_playing_taking_back_and_the_next_deal(
    screens: Screens, site_url: str, screenshots: Path, screen: str, lang: str
) -> None:
    touch = screen == "phone"
    opened = screens.open_play(site_url, lang, viewport=VIEWPORTS[screen], is_mobile=touch, has_touch=touch)
    page = opened.page
    try:
        page.select_option(f'{PLAY} select[data-action-field="r"]', "pagat-28")
        page.select_option(f'{PLAY} select[data-action-field="level"]', "random")
        page.select_option(f'{PLAY} select[data-action-field="pace"]', "0")
        go = f'{PLAY} [data-focus-key="setup-go"]'
        page.locator(go).scroll_into_view_if_needed()
        use(page, go, touch)
        state = wait_reader(page)
        assert_table_in_view(page, "dealing")
        shot(page, screenshots, f"play-dealt-{screen}-{lang}")
        # a card played from a hand scrolled to the top of the screen
        deal = play.position(state).deal
        card = next(a.card.code for a in deal.legal_actions() if isinstance(a, Play))
        target = f'{PLAY} [data-focus-key="card-{card}"]'
        page.locator(target).evaluate("el => el.scrollIntoView({block: 'start'})")
        use(page, target, touch)
        assert_table_in_view(page, "a card")
        wait_reader(page)
        assert_table_in_view(page, "the bots' cards")
        # a take-back, its button where the reader reaches it
        back = f'{PLAY} [data-focus-key="back-card"]'
        page.locator(back).scroll_into_view_if_needed()
        use(page, back, touch)
        wait_reader(page)
        assert_table_in_view(page, "a take-back")
        # the next deal, from the button under the score
        finish_deal(page, lang, 5)
        following = f'{PLAY} [data-focus-key="next"]'
        page.locator(following).scroll_into_view_if_needed()
        use(page, following, touch)
        wait_reader(page)
        assert_table_in_view(page, "the next deal")
    finally:
        finish(opened)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_hint_asked_at_the_bottom_of_a_phone_screen_comes_into_view(
    screens: Screens, site_url: str, lang: str
) -> None:
    """Issue 30, item 14: the hint appeared below the fold (in Russian wholly off the
    screen), so "Hint" seemed only to relabel itself. The button stays where it was tapped,
    and the hint comes up under it."""
    phone = {"width": 360, "height": 740}
    opened = screens.open_play(site_url, lang, viewport=phone, is_mobile=True, has_touch=True)
    page = opened.page
    try:
        start(page, lang, "guild", 2)
        wait_reader(page)
        hint = f'{PLAY} [data-focus-key="hint"]'
        # the button at the very bottom of the screen, as a reader who scrolled to the table has it
        page.locator(hint).evaluate("el => el.scrollIntoView({block: 'end'})")
        use(page, hint, True)
        box, button, height = page.evaluate(
            f"""() => {{
              const note = document.querySelector('{PLAY} .mp-play-hint').getBoundingClientRect();
              const used = document.querySelector('{hint}').getBoundingClientRect();
              return [[note.top, note.bottom], [used.top, used.bottom], innerHeight];
            }}"""
        )
        assert box[0] >= 0 and box[1] <= height, f"the hint at {box} on a screen of {height}"
        assert button[0] >= 0 and button[1] <= height, f"the Hint button at {button}"
    finally:
        finish(opened)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_bid_above_the_buttons_is_chosen_from_the_list_by_keyboard_on_a_phone(
    screens: Screens, site_url: str, screenshots: Path, lang: str
) -> None:
    """Huutopussi's lowest bids are buttons; a higher one is chosen from the list below them
    (keyboard: the list's End key, then its own button) and is the bid made."""
    opened = screens.open_play(site_url, lang, viewport=PHONE, is_mobile=True, has_touch=True)
    page = opened.page
    try:
        state = start(page, lang, "huutopussi", 3)
        deal = play.position(state).deal
        assert deal.hp_phase is Phase.BID and deal.to_act == Seat.S
        bids = [str(a) for a in deal.legal_actions() if isinstance(a, Bid)]
        listed = page.locator(f'{PLAY} select[data-focus-key="bid-list"]')
        assert listed.evaluate("s => Array.from(s.options).map(o => o.value)") == bids[BIDS_SHOWN:]
        listed.focus()
        page.keyboard.press("End")
        assert listed.input_value() == bids[-1]
        listed.scroll_into_view_if_needed()
        shot(page, screenshots, f"play-bid-list-{lang}", PLAY)
        assert page.evaluate("document.documentElement.scrollWidth") <= 360
        seen = page.evaluate("window.__mpUpdates.length")
        page.locator(f'{PLAY} [data-focus-key="bid-other"]').focus()
        page.keyboard.press("Enter")
        page.wait_for_function(f"window.__mpUpdates.length > {seen}")
        update = page.evaluate(f"window.__mpUpdates[{seen}]")
        assert update["detail"]["action"] == {"type": "act", "code": bids[-1]} and update["detail"]["ok"]
        after = play.position(wait_reader(page)).deal
        assert (Seat.S, Bid(int(bids[-1].split()[1]))) in after.history
    finally:
        finish(opened)
