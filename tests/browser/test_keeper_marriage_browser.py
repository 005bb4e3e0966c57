"""The score keeper with Huutopussi with marriage trumps, in Chromium, on a 360-pixel phone,
by keyboard only, in every language: the game is chosen with the arrow keys, a deal (the
digest's example: bid 55, contract 60 after the raise, 102 collected: +60, defenders 28)
is entered with the arrow keys and typed points and added with Enter, a redeal is one
Enter, and nothing scrolls sideways.

Reuses the helpers of test_table_kit_browser.py and the fixtures of test_widgets_browser.py;
every step is checked against the host's bridge by ``act``.
Screenshots go to artifacts/screenshots/table-kit-keeper-marriage-*.png.
"""

from __future__ import annotations

from typing import Any

import pytest
import sitekit
from test_table_kit_browser import KEEPER, go_live, keeper_url, key, kit_tab, shot, small_targets
from test_widgets_browser import Tab, act, focus_key

from marjapussi.web import score_keeper
from marjapussi.web.keeper_facts import MODES
from marjapussi.web.texts import wt

pytestmark = pytest.mark.browser

__all__ = ["kit_tab"]  # a fixture of test_table_kit_browser.py

LANGUAGES = sitekit.site_languages()
MODE = "huutopussi-marriage"


def arrow_to(page: Any, lang: str, name: str, value: str) -> dict[str, Any]:
    """Choose ``value`` in a closed select with the arrow keys, each step sent at once."""
    field = key(page, f"f-{name}")
    field.focus()
    reply: dict[str, Any] = {}
    values = field.evaluate("e => Array.from(e.options).map((o) => o.value)")
    while field.evaluate("e => e.value") != value:
        now = values.index(field.evaluate("e => e.value"))
        step = "ArrowDown" if values.index(value) > now else "ArrowUp"
        reply = act(page, KEEPER, lang, lambda s=step: page.keyboard.press(s))
        field = key(page, f"f-{name}")  # the form is drawn again
        assert focus_key(page) == f"f-{name}"
    return reply


def type_in(page: Any, lang: str, name: str, value: str) -> dict[str, Any]:
    """Type a number into its field and leave it with Tab (the value is sent then)."""
    key(page, f"f-{name}").focus()
    page.keyboard.type(value)
    return act(page, KEEPER, lang, lambda: page.keyboard.press("Tab"))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_marriage_trump_deal_is_kept_by_keyboard_on_a_phone(kit_tab: Tab, site_url: str, lang: str) -> None:
    page = kit_tab.page
    page.set_viewport_size({"width": 360, "height": 740})
    go_live(page, keeper_url(site_url, lang), KEEPER)
    key(page, "s-mode-guild").focus()
    reply: dict[str, Any] = {}
    for _ in range(MODES.index(MODE)):
        reply = act(page, KEEPER, lang, lambda: page.keyboard.press("ArrowDown"))
    assert reply["state"]["mode"] == MODE and focus_key(page) == f"s-mode-{MODE}"
    assert reply["announce"] == wt("sk-game-chosen", lang, mode=wt(f"sk-mode:{MODE}", lang))
    assert key(page, "f-tr").count() == 0 and key(page, "f-ct").is_visible()
    shot(page, f"keeper-marriage-blank-{lang}", KEEPER)
    arrow_to(page, lang, "bid", "55")
    arrow_to(page, lang, "by", "N")
    arrow_to(page, lang, "ct", "60")
    arrow_to(page, lang, "t", "6")
    assert key(page, "f-dn").is_visible()  # the bidder's side took tricks: did he himself?
    arrow_to(page, lang, "l", "N")
    type_in(page, lang, "c", "92")
    assert not key(page, "commit").is_disabled()
    working = page.locator(f"{KEEPER} .mp-keeper-draft .mp-score").text_content() or ""
    assert wt("sk-contract-made", lang, n=60) in working
    shot(page, f"keeper-marriage-working-{lang}", KEEPER)
    key(page, "commit").focus()
    reply = act(page, KEEPER, lang, lambda: page.keyboard.press("Enter"))
    assert reply["announce"].startswith(wt("sk-added", lang, n=1))
    assert score_keeper.sheet_rows(reply["state"])[0][0].score.points == (60, 28)
    key(page, "k-six").focus()
    reply = act(page, KEEPER, lang, lambda: page.keyboard.press("Enter"))
    assert len(reply["state"]["deals"]) == 2 and reply["state"]["deals"][1]["k"] == "six"
    table = page.locator(f"{KEEPER} .mp-keeper-table").text_content() or ""
    assert wt("sk-kind-note:six", lang) in table
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    small = small_targets(page)
    assert not small, f"touch targets under 44 px: {small}"
    shot(page, f"keeper-marriage-added-{lang}", KEEPER)
