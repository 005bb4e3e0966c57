"""The table kit in Chromium: the score keeper and the dispute page, in every language.

The fixtures and helpers are those of test_widgets_browser.py (the built site, served on
127.0.0.1, Debian's Chromium, ``act`` comparing the page with the host's bridge). Each
test opens its own browser context, so local storage starts empty unless the test
fills it.

- both pages are complete before Pyodide starts;
- deals are entered by keyboard, undone and edited, and the page shows exactly what
  ``marjapussi.web.bridge`` says for the same state and action;
- a reload opens the saved sheet; a corrupted or old saved sheet gives the message in
  the page's language and the old text as a download, and a fresh sheet;
- export (JSON and text) downloads what the bridge exports, and import reads it back;
- the dispute page refuses a card with its rule, linked to the paragraph in the page's
  language;
- on a 360-pixel phone nothing scrolls sideways and every control is at least 44 px;
  held sideways (640 × 360) the sheet is readable; printed, only the sheet shows;
- no request leaves 127.0.0.1.

Screenshots go to artifacts/screenshots/table-kit-*.png, to be looked at by a person.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
import sitekit
from test_widgets_browser import (
    BOOT_MS,
    Tab,
    act,
    checked,
    clicker,
    focus_key,
    open_tab,
    release,
    state_of,
    status_of,
)

from marjapussi.errors import RecordError
from marjapussi.i18n import describe_error
from marjapussi.record import parse_record
from marjapussi.rule_ids import RULE_PAGES
from marjapussi.web import score_keeper
from marjapussi.web.texts import wt

pytestmark = pytest.mark.browser

LANGUAGES = sitekit.site_languages()
KEEPER = "#w-score-keeper"
DISPUTE = "#w-dispute-disputed-hand"
SCREENSHOTS = sitekit.ROOT / "artifacts" / "screenshots"
STORE = score_keeper.STORE


def keeper_url(site_url: str, lang: str) -> str:
    return site_url + sitekit.page_url("table/score-keeper", lang)


def dispute_url(site_url: str, lang: str) -> str:
    return site_url + sitekit.page_url("table/dispute", lang)


@pytest.fixture
def kit_tab(browser: Any) -> Iterator[Tab]:
    yield from checked(open_tab(browser, accept_downloads=True))


def go_live(page: Any, url: str, selector: str) -> None:
    page.goto(url)
    page.wait_for_selector(f"{selector}[data-runtime=live]", state="attached", timeout=BOOT_MS)
    # a widget kept in storage shows its body once its kept state is back (early.js)
    page.wait_for_function(
        """(sel) => { const body = document.querySelector(sel + ' > .mp-widget-body');
                      return !body || getComputedStyle(body).visibility !== 'hidden'; }""",
        arg=selector,
        timeout=BOOT_MS,
    )


def wait_update(page: Any, count: int) -> dict[str, Any]:
    """Wait for the widget's ``count``-th reply since the page loaded and return its detail."""
    page.wait_for_function(f"window.__mpUpdates.length >= {count}", timeout=BOOT_MS)
    detail: dict[str, Any] = page.evaluate(f"window.__mpUpdates[{count - 1}].detail")
    return detail


def stored(page: Any) -> Any:
    text = page.evaluate(f"localStorage.getItem({json.dumps(STORE)})")
    return None if text is None else json.loads(text)


def shot(page: Any, name: str, selector: str | None = None, full: bool = False) -> None:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    style = ".md-header, .md-tabs, .md-top { visibility: hidden !important; }"
    path = str(SCREENSHOTS / f"table-kit-{name}.png")
    if selector:
        page.locator(selector).screenshot(path=path, animations="disabled", style=style)
    else:
        page.screenshot(path=path, full_page=full, animations="disabled", style=style)


def key(page: Any, name: str) -> Any:
    return page.locator(f'{KEEPER} [data-focus-key="{name}"]')


def enter(page: Any, lang: str, *facts: tuple[str, str]) -> dict[str, Any]:
    """Fill in a deal's fields in order, as a reader does: each choice is sent at once."""
    reply: dict[str, Any] = {}
    for name, value in facts:
        field = key(page, f"f-{name}")
        if field.evaluate("e => e.tagName") == "SELECT":
            reply = act(page, KEEPER, lang, lambda f=field, v=value: f.select_option(v))
        else:  # a number typed in: sent when the field is left
            field.fill(value)
            reply = act(page, KEEPER, lang, lambda f=field: f.press("Tab"))
    return reply


def small_targets(page: Any) -> list[str]:
    """The keeper's visible controls smaller than 44 px either way, with their sizes."""
    found: list[str] = page.evaluate(
        """(sel) => Array.from(document.querySelectorAll(sel + ' :is(button, select, summary, .mp-choice)'))
            .filter((e) => e.offsetParent !== null)
            .map((e) => [e.getAttribute('data-focus-key') || e.textContent, e.getBoundingClientRect()])
            .filter(([, r]) => r.height < 44 || r.width < 44)
            .map(([k, r]) => `${k} ${Math.round(r.width)}x${Math.round(r.height)}`)""",
        KEEPER,
    )
    return found


GUILD_DEAL = (("t", "5"), ("l", "N"), ("m", "5"), ("tr", "-"))
"""A guild deal as a table enters it: 5–4 tricks, North last, 5–3 matit, no trumps (2–0)."""


# --- before Pyodide -------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGUAGES)
def test_both_pages_are_complete_before_pyodide_starts(browser: Any, site_url: str, lang: str) -> None:
    opened = open_tab(browser)
    page = opened.page
    held: list[Any] = []
    page.route("**/pyodide/**", lambda route: held.append(route))
    try:
        for url, selector, kind in (
            (keeper_url(site_url, lang), KEEPER, "score-keeper"),
            (dispute_url(site_url, lang), DISPUTE, "dispute"),
        ):
            page.goto(url, wait_until="domcontentloaded")
            root = page.locator(selector)
            assert root.get_attribute("data-widget") == kind and root.get_attribute("data-lang") == lang
            assert root.get_attribute("data-runtime") in (None, "idle", "loading")
            assert root.locator("button[data-action], form[data-action]").count() > 2
            json.loads(root.get_attribute("data-state") or "")
        assert page.locator(f"{DISPUTE} .mp-verdicts li").count() > 3  # the legal view, rendered at build
        page.goto(keeper_url(site_url, lang), wait_until="domcontentloaded")
        assert wt("sk-empty", lang) in (page.locator(f"{KEEPER} .mp-keeper-table").text_content() or "")
        assert not opened.errors, opened.errors
        assert not opened.log.outside()
    finally:
        release(held, opened)


# --- the score keeper -----------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGUAGES)
def test_enter_undo_edit_by_keyboard_and_reload_keeps_the_sheet(
    kit_tab: Tab, site_url: str, lang: str
) -> None:
    page = kit_tab.page
    go_live(page, keeper_url(site_url, lang), KEEPER)
    assert key(page, "commit").is_disabled()  # a new deal is blank: nothing to add yet
    enter(page, lang, ("t", "5"), ("l", "N"), ("m", "5"), ("tr", "-"))
    # the matit: one more for North–South, by keyboard (the form is sent at each change)
    key(page, "f-m").focus()
    act(page, KEEPER, lang, lambda: page.keyboard.press("ArrowDown"))
    assert state_of(page, KEEPER)["draft"]["m"] == 6
    assert focus_key(page) == "f-m"
    key(page, "commit").focus()
    reply = act(page, KEEPER, lang, lambda: page.keyboard.press("Enter"))
    assert reply["ok"] and len(reply["state"]["deals"]) == 1
    assert reply["announce"].startswith(wt("sk-added", lang, n=1))
    assert key(page, "commit").is_disabled() and state_of(page, KEEPER)["draft"]["t"] is None
    # a second deal: trumps to North–South, added by a click
    enter(page, lang, ("t", "5"), ("l", "N"), ("m", "5"), ("tr", "H"), ("tb", "NS"))
    act(page, KEEPER, lang, clicker(page, KEEPER, "commit"))
    assert [r.after for r in score_keeper.sheet_rows(state_of(page, KEEPER))[0]] == [(2, 0), (6, 0)]
    # edit the first deal: East took the last trick; everything after is counted again
    act(page, KEEPER, lang, clicker(page, KEEPER, "edit-0"))
    key(page, "f-l").focus()
    act(page, KEEPER, lang, lambda: page.keyboard.press("ArrowDown"))  # North → East
    key(page, "commit").focus()
    reply = act(page, KEEPER, lang, lambda: page.keyboard.press("Enter"))
    assert [r.after for r in score_keeper.sheet_rows(reply["state"])[0]] == [(1, 1), (5, 1)]
    assert stored(page) == reply["state"]
    shot(page, f"keeper-{lang}", KEEPER)
    # undo the last deal, then reload: the sheet comes back from local storage
    act(page, KEEPER, lang, clicker(page, KEEPER, "undo"))
    before = state_of(page, KEEPER)
    assert len(before["deals"]) == 1
    page.reload()
    detail = wait_update(page, 1)
    assert detail["ok"] and detail["action"]["type"] == "restore"
    assert state_of(page, KEEPER) == before
    assert status_of(page, KEEPER) == wt("sk-restored", lang, n=1)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_corrupted_saved_sheet_gives_a_message_and_the_old_text_to_download(
    browser: Any, site_url: str, lang: str
) -> None:
    old = '{"v": 1, "mode": "guild", "deals": [{"t": 5, "l": "N"'  # cut off in the middle
    opened = open_tab(browser, accept_downloads=True)
    page = opened.page
    page.add_init_script(f"localStorage.setItem({json.dumps(STORE)}, {json.dumps(old)})")
    try:
        page.goto(keeper_url(site_url, lang))
        detail = wait_update(page, 1)
        assert detail["ok"] and detail["action"]["type"] == "restore"
        message = wt("sk-restore-failed", lang, why=wt("sk-why:not-json", lang))
        assert status_of(page, KEEPER) == message
        assert message in (page.locator(f"{KEEPER} .mp-keeper-problem").text_content() or "")
        state = state_of(page, KEEPER)
        assert state["deals"] == [] and state["old"] == old
        assert (
            page.locator(f'{KEEPER} textarea[data-mp-file="marjapussi-old-sheet.txt"]').input_value() == old
        )
        with page.expect_download() as info:
            key(page, "download-old").click()
        assert Path(info.value.path()).read_text(encoding="utf-8") == old
        shot(page, f"keeper-corrupted-{lang}", KEEPER)
        # the message and the old text survive a reload until the reader dismisses them
        page.reload()
        wait_update(page, 1)
        assert state_of(page, KEEPER)["old"] == old
        act(page, KEEPER, lang, clicker(page, KEEPER, "dismiss"))
        assert stored(page)["old"] == "" and page.locator(f"{KEEPER} .mp-keeper-problem").count() == 0
        opened.log.check()
        assert not opened.errors, opened.errors
    finally:
        opened.close()


def test_an_old_format_version_is_not_read_silently(browser: Any, site_url: str) -> None:
    old = json.dumps({"format": "marjapussi-sheet/1", "rules": "guild", "rows": []})
    opened = open_tab(browser)
    page = opened.page
    page.add_init_script(f"localStorage.setItem({json.dumps(STORE)}, {json.dumps(old)})")
    try:
        page.goto(keeper_url(site_url, "ru"))
        wait_update(page, 1)
        assert status_of(page, KEEPER) == wt("sk-restore-failed", "ru", why=wt("sk-why:version", "ru"))
        assert state_of(page, KEEPER)["old"] == old
    finally:
        opened.close()


def test_export_and_import_json_and_text(kit_tab: Tab, site_url: str, tmp_path: Path) -> None:
    page = kit_tab.page
    lang = "fi"
    go_live(page, keeper_url(site_url, lang), KEEPER)
    enter(page, lang, *GUILD_DEAL)
    act(page, KEEPER, lang, clicker(page, KEEPER, "commit"))
    enter(page, lang, *GUILD_DEAL, ("x", "EW"))
    act(page, KEEPER, lang, clicker(page, KEEPER, "commit"))
    sheet = state_of(page, KEEPER)
    page.locator(f'{KEEPER} [data-focus-key="sum-export"]').click()
    files = {}
    for name in ("download-json", "download-text"):
        with page.expect_download() as info:
            key(page, name).click()
        files[name] = Path(info.value.path()).read_text(encoding="utf-8")
    assert files["download-json"] == score_keeper.export_json(sheet)
    assert files["download-text"] == score_keeper.export_text(sheet, lang)
    # a new game, then the JSON file read back through the file input
    act(page, KEEPER, lang, clicker(page, KEEPER, "new-game"))
    assert state_of(page, KEEPER)["deals"] == []
    json_file = tmp_path / "sheet.json"
    json_file.write_text(files["download-json"], encoding="utf-8")
    page.locator(f'{KEEPER} [data-focus-key="sum-export"]').click()
    reply = act(page, KEEPER, lang, lambda: key(page, "import-file").set_input_files(str(json_file)))
    assert reply["state"]["deals"] == sheet["deals"]
    # and the text pasted into the import box
    act(page, KEEPER, lang, clicker(page, KEEPER, "new-game"))
    page.locator(f'{KEEPER} [data-focus-key="sum-export"]').click()
    key(page, "import-text").fill(files["download-text"])
    reply = act(page, KEEPER, lang, clicker(page, KEEPER, "import"))
    assert reply["state"]["deals"] == sheet["deals"], reply["announce"]


def test_played_with_the_engine_adds_a_pasted_record(kit_tab: Tab, site_url: str) -> None:
    page = kit_tab.page
    go_live(page, keeper_url(site_url, "en"), KEEPER)
    record = (sitekit.ROOT / "examples" / "records" / "guild-first-deal.mjp").read_text(encoding="utf-8")
    page.locator(f'{KEEPER} [data-focus-key="sum-record"]').click()
    key(page, "record-text").fill(record)
    reply = act(page, KEEPER, "en", clicker(page, KEEPER, "record"))
    assert reply["announce"].startswith(wt("sk-record-added", "en", n=1))
    assert score_keeper.sheet_rows(reply["state"])[1].totals == (3, 2)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_phone_portrait_sideways_and_print(kit_tab: Tab, browser: Any, site_url: str, lang: str) -> None:
    page = kit_tab.page
    page.set_viewport_size({"width": 360, "height": 640})
    go_live(page, keeper_url(site_url, lang), KEEPER)
    for _ in range(3):
        enter(page, lang, *GUILD_DEAL)
        act(page, KEEPER, lang, clicker(page, KEEPER, "commit"))
    # the dispute page in a second tab: the keeper's stays live for its screenshots below
    dispute = open_tab(browser, context=page.context)
    try:
        dispute.page.set_viewport_size({"width": 360, "height": 640})
        go_live(dispute.page, dispute_url(site_url, lang), DISPUTE)
        for at, selector in ((page, KEEPER), (dispute.page, DISPUTE)):
            # every part opened (and afterwards closed again as it was)
            was_open = at.locator(f"{selector} details").evaluate_all(
                "els => els.map((e) => { const was = e.open; e.open = true; return was; })")
            width = at.evaluate("document.documentElement.scrollWidth")
            assert width <= 360, f"{at.url} scrolls sideways at 360 px: {width}"
            small = at.evaluate(
                """(sel) => Array.from(document.querySelectorAll(sel + ' :is(button, select, summary)'))
                    .filter((e) => e.offsetParent !== null)
                    .map((e) => [e.getAttribute('data-focus-key'), e.getBoundingClientRect()])
                    .filter(([, r]) => r.height < 44 || r.width < 44)
                    .map(([k, r]) => `${k} ${Math.round(r.width)}x${Math.round(r.height)}`)""",
                selector,
            )
            assert not small, f"touch targets under 44 px: {small}"
            at.locator(f"{selector} details").evaluate_all(
                "(els, was) => els.forEach((e, i) => { e.open = was[i]; })", was_open)
        dispute.log.check()
        assert not dispute.errors, dispute.errors
    finally:
        dispute.close()
    shot(page, f"keeper-360-{lang}", KEEPER)
    page.set_viewport_size({"width": 640, "height": 360})
    assert page.evaluate("document.documentElement.scrollWidth") <= 640
    # found and scrolled in one step in the page: the widget may swap its table in between
    page.locator(f"{KEEPER} .mp-keeper-table").evaluate("table => table.scrollIntoView({block: 'nearest'})")
    shot(page, f"keeper-640-{lang}")
    page.emulate_media(media="print")
    assert page.locator(f"{KEEPER} .mp-keeper-table").is_visible()
    for hidden in (".mp-keeper-draft", ".mp-keeper-more", ".mp-keeper-tools"):
        assert not page.locator(f"{KEEPER} {hidden}").first.is_visible(), hidden
    page.emulate_media(media="screen")


# --- the dispute page -----------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGUAGES)
def test_dispute_page_refuses_a_card_with_its_rule_linked(
    kit_tab: Tab, site_url: str, site: Path, lang: str
) -> None:
    page = kit_tab.page
    go_live(page, dispute_url(site_url, lang), DISPUTE)
    reply = act(page, DISPUTE, lang, clicker(page, DISPUTE, "ex-illegal-card"))
    assert reply["announce"].startswith(wt("dp-bad", lang))
    assert wt("dp-at", lang, line=14, column=10) in status_of(page, DISPUTE).lower()
    assert "follow-suit" not in (page.locator(DISPUTE).text_content() or "")  # named, not coded
    link = page.locator(f"{DISPUTE} .mp-dispute-rule a.mp-rule")
    target = urlsplit(link.evaluate("a => a.href"))
    expected = sitekit.page_url(RULE_PAGES["follow-suit"], lang)
    assert target.path == urlsplit(site_url).path + expected and target.fragment == "follow-suit"
    assert 'id="follow-suit"' in (site / expected / "index.html").read_text(encoding="utf-8")
    shot(page, f"dispute-{lang}", DISPUTE)
    # a pasted record with a mistake in its text: line and column
    text = '[Rules "guild"]\n[Deal "1"]\n[N "SA S5"]\n'
    with pytest.raises(RecordError) as error:
        parse_record(text)
    assert (error.value.line, error.value.column) == (3, 8)
    page.locator(f'{DISPUTE} textarea[data-focus-key="text"]').fill(text)
    reply = act(page, DISPUTE, lang, clicker(page, DISPUTE, "check"))
    assert describe_error(error.value, lang) in reply["announce"]
    assert describe_error(error.value, lang) in (
        page.locator(f"{DISPUTE} .mp-dispute-result").text_content() or ""
    )


# --- the dispute page: building the position by tapping ---------------------------------


def press(page: Any, selector: str, key_name: str) -> Any:
    """Press Enter on a widget control, reached by keyboard focus (no mouse)."""
    def do() -> None:
        page.locator(f'{selector} [data-focus-key="{key_name}"]').focus()
        page.keyboard.press("Enter")
    return do


def test_dispute_position_tapped_by_keyboard_on_a_phone(kit_tab: Tab, site_url: str) -> None:
    lang = "fi"
    page = kit_tab.page
    page.set_viewport_size({"width": 360, "height": 740})
    go_live(page, dispute_url(site_url, lang), DISPUTE)
    act(page, DISPUTE, lang, press(page, DISPUTE, "mode-build"))
    path = sitekit.ROOT / "examples" / "records" / "illegal-card.mjp"
    record = parse_record(path.read_text(encoding="utf-8"))
    deal = record.deals[0]
    for seat, cards in list(deal.hands.items())[:3]:
        if state_of(page, DISPUTE)["b"]["seat"] != seat.name:
            act(page, DISPUTE, lang, press(page, DISPUTE, f"b-seat-{seat.name}"))
        for card in cards:
            act(page, DISPUTE, lang, press(page, DISPUTE, f"b-card-{card.code}"))
    reply = act(page, DISPUTE, lang, press(page, DISPUTE, "b-rest"))
    assert reply["announce"] == wt("db-hands-done", lang)
    shot(page, "dispute-build-hands-360-fi", DISPUTE)
    for item in deal.actions:  # up to the card against the rules: then only undo is offered
        reply = act(page, DISPUTE, lang, press(page, DISPUTE, f"b-play-{item.action}"))
        if wt("dp-bad", lang) in reply["announce"]:
            break
    shown = page.locator(DISPUTE).text_content() or ""
    assert str(item.action) == "H7" and wt("db-refused-stop", lang) in shown
    link = page.locator(f"{DISPUTE} .mp-dispute-rule a.mp-rule")
    assert urlsplit(link.evaluate("a => a.href")).fragment == "follow-suit"
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    shot(page, "dispute-build-plays-360-fi", DISPUTE)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_dispute_builder_fits_a_phone_with_big_targets(kit_tab: Tab, site_url: str, lang: str) -> None:
    page = kit_tab.page
    page.set_viewport_size({"width": 360, "height": 640})
    go_live(page, dispute_url(site_url, lang), DISPUTE)
    act(page, DISPUTE, lang, clicker(page, DISPUTE, "mode-build"))
    act(page, DISPUTE, lang, clicker(page, DISPUTE, "b-card-SA"))
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    small = page.evaluate(
        """(sel) => Array.from(document.querySelectorAll(sel + ' :is(button, select, summary)'))
            .filter((e) => e.offsetParent !== null)
            .map((e) => [e.getAttribute('data-focus-key'), e.getBoundingClientRect()])
            .filter(([, r]) => r.height < 44 || r.width < 44)
            .map(([k, r]) => `${k} ${Math.round(r.width)}x${Math.round(r.height)}`)""",
        DISPUTE,
    )
    assert not small, f"touch targets under 44 px: {small}"
    shot(page, f"dispute-build-360-{lang}", DISPUTE)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_keeper_redeal_in_one_tap_on_a_phone(kit_tab: Tab, site_url: str, lang: str) -> None:
    page = kit_tab.page
    page.set_viewport_size({"width": 360, "height": 740})
    go_live(page, keeper_url(site_url, lang), KEEPER)
    act(page, KEEPER, lang, clicker(page, KEEPER, "s-mode-huutopussi"))  # the game, first
    act(page, KEEPER, lang, lambda: key(page, "s-pass").select_option("no-trump"))  # its variation
    key(page, "k-aces").focus()
    reply = act(page, KEEPER, lang, lambda: page.keyboard.press("Enter"))  # one tap, by keyboard
    assert len(reply["state"]["deals"]) == 1 and reply["state"]["deals"][0]["k"] == "aces"
    assert wt("sk-kind-note:aces", lang) in (page.locator(f"{KEEPER} .mp-keeper-table").text_content() or "")
    # all passed, played with no trump: the kind of deal, the facts, then add
    enter(page, lang, ("k", "open"), ("t", "5"), ("l", "N"), ("c", "60"))
    reply = act(page, KEEPER, lang, clicker(page, KEEPER, "commit"))
    assert score_keeper.sheet_rows(reply["state"])[0][1].score.bidder is None
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    small = page.evaluate(
        """(sel) => Array.from(document.querySelectorAll(sel + ' .mp-keeper-redeals button'))
            .map((e) => e.getBoundingClientRect()).filter((r) => r.height < 44 || r.width < 44).length""",
        KEEPER,
    )
    assert small == 0
    shot(page, f"keeper-redeal-360-{lang}", KEEPER)


@pytest.mark.parametrize("width", [360, 1280])
@pytest.mark.parametrize("lang", LANGUAGES)
def test_keeper_new_sheet_game_first_then_a_blank_deal(
    kit_tab: Tab, site_url: str, lang: str, width: int
) -> None:
    """A new sheet: the game is the first choice (by keyboard), its variations under it; a
    new deal is blank and its "add" waits until the deal is filled in; after adding, the
    next deal is blank again. Screenshots of each step, on a phone and a desktop."""
    page = kit_tab.page
    page.set_viewport_size({"width": width, "height": 900})
    go_live(page, keeper_url(site_url, lang), KEEPER)
    game = page.locator(f"{KEEPER} .mp-keeper-game")
    assert game.is_visible() and game.evaluate("e => !e.closest('details')")
    first = page.evaluate(
        "(sel) => document.querySelector(sel + ' .mp-widget-body').querySelector('form, table, details')"
        ".className",
        KEEPER,
    )
    assert "mp-keeper-game" in first  # the game comes before the sheet and the deal
    shot(page, f"keeper-new-{lang}-{width}", KEEPER)
    # the game by keyboard: from the guild's, two steps down the choices is Huutopussi for four
    key(page, "s-mode-guild").focus()
    act(page, KEEPER, lang, lambda: page.keyboard.press("ArrowDown"))
    reply = act(page, KEEPER, lang, lambda: page.keyboard.press("ArrowDown"))
    assert reply["state"]["mode"] == "huutopussi" and focus_key(page) == "s-mode-huutopussi"
    assert reply["announce"] == wt("sk-game-chosen", lang, mode=wt("sk-mode:huutopussi", lang))
    assert key(page, "s-to").is_visible() and key(page, "s-pass").is_visible()
    assert key(page, "commit").is_disabled()
    why = page.locator(f"{KEEPER} #mp-keeper-why").text_content() or ""
    assert why.startswith(wt("sk-missing", lang, fields="").split("{")[0].rstrip(". "))
    assert (key(page, "commit").get_attribute("aria-describedby") or "") == "mp-keeper-why"
    assert [o for o in key(page, "f-tr").locator("option").all_inner_texts() if o] and (
        key(page, "f-tr").locator('option[value="-"]').count() == 0  # a contract always has a trump
    )
    shot(page, f"keeper-huutopussi-blank-{lang}-{width}", KEEPER)
    reply = enter(page, lang, ("bid", "65"), ("by", "E"), ("tr", "S"), ("t", "3"), ("l", "W"), ("c", "40"))
    assert not key(page, "commit").is_disabled()
    assert page.locator(f"{KEEPER} .mp-keeper-draft .mp-score").is_visible()  # the working, once complete
    reply = act(page, KEEPER, lang, clicker(page, KEEPER, "commit"))
    assert reply["announce"].startswith(wt("sk-added", lang, n=1))
    assert score_keeper.sheet_rows(reply["state"])[0][0].score.points == (40, 90)  # East–West: 80 + 10
    assert key(page, "commit").is_disabled() and reply["state"]["draft"]["bid"] is None
    assert page.locator(f"{KEEPER} .mp-keeper-game").count() == 0  # the game is fixed now
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    small = small_targets(page)
    assert not small, f"touch targets under 44 px: {small}"
    shot(page, f"keeper-huutopussi-added-{lang}-{width}", KEEPER)
