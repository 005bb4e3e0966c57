"""Rule links: every widget links a rule on the page of the rule family being played, and
the score working of a deal links each rule once.

A refusal to follow suit in Huutopussi goes to the Huutopussi page (its paragraph on play),
not to the guild page; the same for Pagat Marjapussi; whatever widget shows it: Play,
which-card, the trick stepper, the dispute page, the course and the scoring widget.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from marjapussi.course import exercises
from marjapussi.rule_ids import RULE_PAGES, rule_url
from marjapussi.web import bridge, play, trick_stepper

from .test_play_widget import bots, new_game, play_deal, reader_move
from .webkit import LANGS, call

ROOT = Path(__file__).resolve().parents[2]
RECORDS = ROOT / "examples" / "records"
LINK = re.compile(r'<a class="mp-rule" href="@root@/([^"]*)">')
PAGES = {"guild": "rules/guild", "pagat": "rules/pagat", "huutopussi": "rules/huutopussi"}
PAGES["huutopussi3"] = PAGES["huutopussi"]
PAGES["huutopussi-marriage"] = PAGES["huutopussi-marriage3"] = "rules/huutopussi-marriage"
"""The rules page of each preset, as the site has them."""
NAMED_LINK = re.compile(r'<a class="mp-rule" href="@root@/[^"]*">[^<]*</a>')


def links(html: str) -> list[str]:
    """The site addresses of the rule links of a view (``en/rules/pagat/#pagat-lead``)."""
    return LINK.findall(html)


def assert_family_links(htmls: list[str], family: str, lang: str) -> int:
    """Every rule link of ``htmls`` goes to ``family``'s page; return how many there were."""
    prefix = "" if lang == "fi" else f"{lang}/"
    page = f"{prefix}{PAGES[family]}/#"
    found = [href for html in htmls for href in links(html)]
    wrong = sorted({href for href in found if not href.startswith(page)})
    assert not wrong, f"{family} in {lang}: links to other pages: {wrong}"
    return len(found)


def refusals(state: dict[str, Any], lang: str) -> list[str]:
    """The Play views of refusing each card the rules refuse the reader now."""
    deal = play.position(state).deal
    out: list[str] = []
    if deal.pending is not None:  # an answer is due: no card is played now
        return out
    for verdict in deal.explain():
        if not verdict.allowed:
            reply = call("play", lang, state, {"type": "play", "card": verdict.card.code})
            assert reply["ok"] and reply["state"]["refused"] == verdict.card.code
            out.append(reply["html"])
    return out


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("r", ["huutopussi", "huutopussi3", "pagat"])
def test_the_play_page_links_the_rules_of_the_family_played(r: str, lang: str) -> None:
    family = play.RULESETS[r].name
    htmls: list[str] = []
    rng = random.Random(3)
    reply = bots(new_game(r, lang, seed=12))
    for _ in range(60):
        state = reply["state"]
        htmls.append(reply["html"])
        deal = play.position(state).deal
        if deal.is_over():
            break
        htmls += refusals(state, lang)
        reply = bots(reader_move(reply, rng, lang), lang)
    deal = play.position(reply["state"]).deal
    assert deal.is_over() and deal.tricks
    assert assert_family_links(htmls, family, lang) > 3


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("r", ["guild", "pagat", "huutopussi"])
def test_the_end_of_a_deal_links_each_rule_once(r: str, lang: str) -> None:
    reply = play_deal(new_game(r, lang, seed=4), 1, lang=lang)
    after = re.search(r'<div class="mp-play-after".*', reply["html"], re.S)
    assert after is not None
    shown = Counter(NAMED_LINK.findall(after.group(0)))
    assert shown and max(shown.values()) == 1, shown


@pytest.mark.parametrize("lang", LANGS)
def test_which_card_under_pagat_links_the_pagat_page(lang: str) -> None:
    state = bridge.initial_state("which-card", "pagat")
    deal_cards = re.findall(r'data-focus-key="card-([A-Z0-9]+)"', bridge.render("which-card", "pagat", lang))
    htmls = [call("which-card", lang, state, {"type": "play", "card": c})["html"] for c in deal_cards]
    assert assert_family_links(htmls, "pagat", lang) > 0


@pytest.mark.parametrize("lang", LANGS)
def test_the_dispute_page_links_the_huutopussi_page(lang: str) -> None:
    text = (RECORDS / "huutopussi-deal.mjp").read_text(encoding="utf-8")
    whole = call("dispute", lang, bridge.initial_state("dispute"), {"type": "check", "text": text})
    illegal = text.replace("2. CA C9 C6 C8", "2. CA DQ C6 C8")  # West holds clubs: follow suit
    refused = call("dispute", lang, bridge.initial_state("dispute"), {"type": "check", "text": illegal})
    assert 'data-card="DQ"' in refused["html"]  # West's clubs are shown as what he could play
    assert assert_family_links([whole["html"], refused["html"]], "huutopussi", lang) > 3


@pytest.mark.parametrize("lang", LANGS)
def test_the_trick_stepper_links_a_pagat_deal_to_the_pagat_page(lang: str) -> None:
    reply = play_deal(new_game("pagat", lang, seed=6), 1, lang=lang)
    state = reply["state"]
    pos = play.position(state)
    name = trick_stepper.play_name(
        state["r"], state["seed"], pos.number, pos.dealer.name, int(pos.opening), state["a"]
    )
    stepper = {"rec": name, "n": 0, "view": "all"}
    htmls = []
    for n in range(trick_stepper.total(name) + 1):
        reply = call("trick-stepper", lang, {**stepper, "n": n}, {"type": "view", "view": "all"})
        htmls.append(reply["html"])
    assert assert_family_links(htmls, "pagat", lang) > 10


@pytest.mark.parametrize("lang", LANGS)
def test_the_course_links_the_page_of_its_exercises_family(lang: str) -> None:
    for ex in exercises():
        family = ex.position().rules.name
        if family == "guild":
            continue
        state = {"ex": ex.id}
        deal = ex.position()
        htmls = []
        for card in deal.hand(deal.to_act):
            reply = call("course", lang, state, {"type": "answer", "answer": card.code})
            htmls.append(reply["html"])
        assert_family_links(htmls, family, lang)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("args", ["pagat", "huutopussi"])
def test_the_scoring_widget_links_its_familys_page(args: str, lang: str) -> None:
    state = bridge.initial_state("scoring", args)
    htmls = [bridge.render("scoring", args, lang)]
    for pair in ("NS", "EW"):
        htmls.append(call("scoring", lang, state, {"type": "all", "pair": pair})["html"])
    assert assert_family_links(htmls, args, lang) > 0


def test_a_rule_the_familys_page_does_not_treat_keeps_its_own_page() -> None:
    assert rule_url("misplay", "en", "pagat") == f"en/{RULE_PAGES['misplay']}/#misplay"
    assert rule_url("follow-suit", "en", "guild") == "en/rules/guild/#follow-suit"
    assert rule_url("follow-suit", "en", None) == "en/rules/guild/#follow-suit"
    assert rule_url("follow-suit", "en", "a-family-of-tomorrow") == "en/rules/guild/#follow-suit"
