"""The dispute page's builder for Huutopussi and Pagat's short packs, in Chromium.

The fixtures are those of test_widgets_browser.py (the built site on 127.0.0.1, Debian's
Chromium, ``act`` comparing the page with the host's bridge after every reply).

- three-player Huutopussi is built by keyboard on a 360-pixel phone in Finnish: the three
  hands and the talon, the dealer, the bidding (a bid from the list too), the discard,
  trump naming, then a card against the rules, refused with its rule linked;
- in every language, at 360 and 1280 pixels, the bidding and the discard render with no
  sideways scroll and every control at least 44 px, and Pagat's 28-card pack shows 28 cards.

Screenshots go to artifacts/screenshots/table-kit-dispute-hp-*.png, to be looked at by a person.
"""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import urlsplit

import pytest
import sitekit
from test_table_kit_browser import dispute_url, go_live, kit_tab, press, shot
from test_widgets_browser import act, clicker, state_of

from marjapussi.actions import Bid, Discard, NameTrump, Play
from marjapussi.cards import Seat, deck
from marjapussi.errors import IllegalAction
from marjapussi.huutopussi import HuutopussiDeal
from marjapussi.rule_ids import rule_url
from marjapussi.rules import find_rules
from marjapussi.web import bridge
from marjapussi.web.texts import wt

pytestmark = pytest.mark.browser

__all__ = ["kit_tab"]  # a fixture of test_table_kit_browser.py

LANGUAGES = sitekit.site_languages()
DISPUTE = "#w-dispute-disputed-hand"


def scripted_deal() -> tuple[HuutopussiDeal, list[Any], Any]:
    """A three-player deal, the actions up to the second card, and a card then refused.

    The bidding: the lowest bid, a bid from the list (not a button), then passes.
    """
    rules = find_rules("huutopussi3")
    for seed in range(100):
        deal = HuutopussiDeal.random(seed, rules, dealer=Seat.S)
        plan: list[Any] = []
        low = deal.lowest_bids(1)[0]
        plan.append(low)
        deal.push(low)
        listed = [a for a in deal.legal_actions() if isinstance(a, Bid)][8]
        plan.append(listed)
        deal.push(listed)
        for _ in range(2):
            plan.append(deal.legal_actions()[0])  # pass
            deal.push(plan[-1])
        discard = next(a for a in deal.legal_actions() if isinstance(a, Discard))
        plan.append(discard)
        deal.push(discard)
        trump = next(a for a in deal.legal_actions() if isinstance(a, NameTrump))
        plan.append(trump)
        deal.push(trump)
        lead = Play(next(iter(sorted(deal.hand(deal.to_act), key=lambda c: c.index))))
        lead = deal.check(lead) if deal.legal_play_mask() >> lead.card.index & 1 else None
        if lead is None:
            continue
        plan.append(lead)
        deal.push(lead)
        refused = None
        for card in deal.hand(deal.to_act):
            try:
                deal.check(Play(card))
            except IllegalAction:
                refused = card
                break
        if refused is not None:
            return HuutopussiDeal.random(seed, rules, dealer=Seat.S), plan, refused
    raise AssertionError("no scripted deal")


def test_three_player_huutopussi_built_by_keyboard_on_a_phone(kit_tab: Any, site_url: str) -> None:
    lang = "fi"
    page = kit_tab.page
    page.set_viewport_size({"width": 360, "height": 740})
    go_live(page, dispute_url(site_url, lang), DISPUTE)
    deal, plan, refused = scripted_deal()
    act(page, DISPUTE, lang, press(page, DISPUTE, "mode-build"))
    act(page, DISPUTE, lang, press(page, DISPUTE, "b-rules-huutopussi3"))
    act(page, DISPUTE, lang, press(page, DISPUTE, "b-dealer-S"))
    for seat in (Seat.N, Seat.E, Seat.S):
        if state_of(page, DISPUTE)["b"]["seat"] != seat.name:
            act(page, DISPUTE, lang, press(page, DISPUTE, f"b-seat-{seat.name}"))
        for card in deal.hand(seat):
            act(page, DISPUTE, lang, press(page, DISPUTE, f"b-card-{card.code}"))
    assert state_of(page, DISPUTE)["b"]["seat"] == "T"
    shot(page, "dispute-hp-talon-360-fi", DISPUTE)
    reply = act(page, DISPUTE, lang, press(page, DISPUTE, "b-rest"))  # the talon takes the rest
    assert reply["announce"] == wt("db-hands-done", lang)
    talon = {c.code for c in deck(36) if deal.talon >> c.index & 1}
    assert set(reply["state"]["b"]["hands"]["T"].split()) == talon
    shot(page, "dispute-hp-bidding-360-fi", DISPUTE)
    for action in plan:
        if isinstance(action, Bid) and f'data-focus-key="b-play-bid-{action.points}"' not in reply["html"]:
            page.locator(f'{DISPUTE} [data-focus-key="b-bid-list"]').select_option(str(action))
            reply = act(page, DISPUTE, lang, press(page, DISPUTE, "b-bid-other"))
        elif isinstance(action, Discard):
            for card in action.cards:
                act(page, DISPUTE, lang, press(page, DISPUTE, f"b-pick-{card.code}"))
            shot(page, "dispute-hp-discard-360-fi", DISPUTE)
            reply = act(page, DISPUTE, lang, press(page, DISPUTE, "b-discard"))
        else:
            reply = act(page, DISPUTE, lang, press(page, DISPUTE, f"b-play-{str(action).replace(' ', '-')}"))
        assert reply["ok"], reply["announce"]
    assert reply["state"]["b"]["acts"] == [str(a) for a in plan]
    reply = act(page, DISPUTE, lang, press(page, DISPUTE, f"b-play-{refused.code}"))
    assert wt("dp-bad", lang) in reply["announce"]
    shown = page.locator(DISPUTE).text_content() or ""
    assert wt("db-refused-stop", lang) in shown
    link = page.locator(f"{DISPUTE} .mp-dispute-rule a.mp-rule")
    # linked on the Huutopussi page, where its paragraph on play states the duties
    duties = {rule_url(rule, lang, "huutopussi3") for rule in ("follow-suit", "must-trump", "must-beat")}
    href = urlsplit(link.evaluate("a => a.href"))
    assert any(f"{href.path}#{href.fragment}".endswith(url) for url in duties), href
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    shot(page, "dispute-hp-refused-360-fi", DISPUTE)


def built_state(name: str, acts: list[str]) -> dict[str, Any]:
    """A builder state with whole hands (dealt by the engine), ``acts`` and one more (to undo)."""
    rules = find_rules("huutopussi3" if name == "huutopussi3" else "huutopussi")
    deal = HuutopussiDeal.random(7, rules, dealer=Seat.N)
    hands = {seat.name: " ".join(c.code for c in deal.hand(seat)) for seat in Seat}
    hands["T"] = " ".join(c.code for c in deck(36) if deal.talon >> c.index & 1)
    for act_text in acts:
        deal.push(deal.check(act_text))
    extra = str(deal.legal_actions()[0])
    b = {
        "rules": name,
        "dealer": "N",
        "first": True,
        "seat": "N",
        "hands": hands,
        "acts": [*acts, extra],
        "pick": [],
    }
    return {"v": 1, "ex": "", "text": "", "mode": "build", "b": b}


def targets_too_small(page: Any) -> list[str]:
    found: list[str] = page.evaluate(
        """(sel) => Array.from(document.querySelectorAll(sel + ' :is(button, select, summary)'))
            .filter((e) => e.offsetParent !== null)
            .map((e) => [e.getAttribute('data-focus-key'), e.getBoundingClientRect()])
            .filter(([, r]) => r.height < 44 || r.width < 44)
            .map(([k, r]) => `${k} ${Math.round(r.width)}x${Math.round(r.height)}`)""",
        DISPUTE,
    )
    return found


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("width", [360, 1280])
def test_bidding_and_discard_render_in_every_language(
    kit_tab: Any, site_url: str, lang: str, width: int
) -> None:
    page = kit_tab.page
    page.set_viewport_size({"width": width, "height": 800})
    go_live(page, dispute_url(site_url, lang), DISPUTE)
    for name, acts, phase in (
        ("huutopussi", ["bid 56", "bid 60"], "bidding"),
        ("huutopussi3", ["bid 56", "pass", "pass"], "discard"),
    ):
        state = built_state(name, acts)
        check = json.loads(
            bridge.handle(
                json.dumps({"widget": "dispute", "lang": lang, "state": state, "action": {"type": "b-undo"}})
            )
        )
        assert check["ok"], check["announce"]
        page.locator(DISPUTE).evaluate("(el, s) => el.setAttribute('data-state', s)", json.dumps(state))
        act(page, DISPUTE, lang, clicker(page, DISPUTE, "mode-build"))
        reply = act(page, DISPUTE, lang, clicker(page, DISPUTE, "b-undo"))
        assert reply["state"]["b"]["acts"] == acts
        text = page.locator(DISPUTE).text_content() or ""
        if phase == "bidding":
            assert wt("db-other-bid", lang) in text and page.locator(f"{DISPUTE} select option").count() > 20
        else:
            assert page.locator(f'{DISPUTE} [data-focus-key^="b-pick-"]').count() == 14
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        assert not targets_too_small(page), targets_too_small(page)
        shot(page, f"dispute-hp-{phase}-{width}-{lang}", DISPUTE)
    reply = act(page, DISPUTE, lang, clicker(page, DISPUTE, "b-rules-pagat-28"))
    assert page.locator(f'{DISPUTE} [data-focus-key^="b-card-"]').count() == 28
    assert not targets_too_small(page), targets_too_small(page)
