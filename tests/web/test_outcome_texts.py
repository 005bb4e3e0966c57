"""Every outcome of ``apply_to_totals`` against the words that say it, in three languages.

A deal's erä step ends in one of a few outcomes: play goes on (judged "exactly the target"
or "the target or more"), an erä won (a game won in Pagat), a tie, both pairs back from
the target at once, or (on the sheet) a game lost to a third misplay. Each has its own
sentence, and no view may show a second one that contradicts it: a defect had "both
return to 7" followed by "no pair is exactly on the target". The views are the site's
one erä view (``era_html``: the scoring widget, the trick stepper, the dispute page),
its sheet (``sheet_html``) and the score keeper's rows and announcements.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from marjapussi.cards import Pair
from marjapussi.html import era_html, outcome_text, sheet_html
from marjapussi.i18n import pair_name
from marjapussi.rules import GUILD, PAGAT, Rules, find_rules
from marjapussi.scoring import EraStep, ScoreSheet, apply_to_totals
from marjapussi.web import bridge
from marjapussi.web import score_keeper as sk
from marjapussi.web.texts import wt

from .webkit import LANGS, call

OR_MORE = find_rules("pagat", target_or_more=True)
GUILD_TIE = find_rules("guild", both_on_target="tie")

# (name, rules, totals before, deal points, tricks won, misplay, the text's key and values)
Case = tuple[str, Rules, tuple[int, int], tuple[int, int], tuple[int, int], Pair | None, str, dict[str, Any]]
CASES: list[Case] = [
    ("guild play on", GUILD, (3, 4), (2, 1), (5, 4), None, "outcome-play-on", {}),
    ("guild over 12 to 7", GUILD, (10, 3), (4, 0), (6, 3), None, "outcome-play-on", {}),
    ("guild Porvoo", GUILD, (8, 3), (0, 4), (0, 9), None, "outcome-play-on", {}),
    ("guild misplay", GUILD, (8, 3), (3, 1), (5, 4), Pair.NS, "outcome-play-on", {}),
    ("guild erä won", GUILD, (10, 3), (2, 1), (5, 4), None, "outcome-won", {"pair": Pair.NS}),
    ("guild both on 12", GUILD, (9, 10), (3, 2), (5, 4), None, "outcome-both-back", {"to": 7}),
    ("guild tie switch", GUILD_TIE, (9, 10), (3, 2), (5, 4), None, "outcome-tie", {}),
    ("pagat play on", PAGAT, (3, 4), (2, 1), (5, 4), None, "outcome-play-on", {}),
    ("pagat game won", PAGAT, (8, 3), (2, 1), (5, 4), None, "game-winner", {"pair": Pair.NS}),
    ("pagat tie", PAGAT, (8, 9), (2, 1), (5, 4), None, "outcome-tie", {}),
    ("10 or more play on", OR_MORE, (3, 4), (2, 1), (5, 4), None, "outcome-play-on-or-more", {}),
    ("10 or more won", OR_MORE, (9, 3), (3, 1), (5, 4), None, "game-winner", {"pair": Pair.NS}),
    ("10 or more tie", OR_MORE, (9, 9), (3, 2), (5, 4), None, "outcome-tie", {}),
]
OUTCOME_KEYS = (
    "outcome-play-on",
    "outcome-play-on-or-more",
    "outcome-won",
    "game-winner",
    "outcome-both-back",
    "outcome-tie",
    "outcome-game-lost",
)


def _expected(key: str, values: dict[str, Any], lang: str) -> str:
    filled = {k: pair_name(v, lang) if isinstance(v, Pair) else v for k, v in values.items()}
    return wt(key, lang, **filled)


def _others(expected: str, lang: str) -> list[str]:
    """Every outcome sentence but the expected one (with any pair), as fragments to look for."""
    out = []
    for key in OUTCOME_KEYS:
        template = wt(key, lang)
        # the fixed words of the template before its first field (or all of it)
        fixed = re.split(r"\{[a-z_]+\}", template)
        words = max(fixed, key=len).strip(" .:")
        if words and words not in expected:
            out.append(words)
    return out


def _text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).replace("&#x27;", "'")


def _sheet_text(html: str) -> str:
    """The score keeper's sheet: its table with the rows' notes and the result line."""
    found = re.search(r'<div class="mp-keeper-sheet">.*?</table></div>.*?</p>', html, re.S)
    assert found is not None
    return _text(found.group(0))


def test_the_cases_cover_every_outcome() -> None:
    assert {case[6] for case in CASES} | {"outcome-game-lost"} == set(OUTCOME_KEYS)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("case", CASES, ids=[c[0] for c in CASES])
def test_each_outcome_has_its_own_words_and_no_contradicting_line(case: tuple[Any, ...], lang: str) -> None:
    _, rules, before, points, won, misplay, key, values = case
    era = apply_to_totals(rules, before, points, won, misplay)
    expected = _expected(key, values, lang)
    assert outcome_text(era, lang) == expected
    shown = _text(era_html(era, lang))
    assert expected in shown
    for other in _others(expected, lang):
        assert other not in shown, (other, shown)


@pytest.mark.parametrize("lang", LANGS)
def test_both_pairs_on_twelve_reads_true_on_the_sheet_and_the_game_lost_on_a_third_misplay(lang: str) -> None:
    sheet = ScoreSheet(GUILD)
    sheet.add((4, 3), (5, 4))
    sheet.add((5, 7), (5, 4))  # 9–10
    era = sheet.add((3, 2), (5, 4))  # 12–12: both back to 7
    assert era.both_back and era.after == (7, 7) and era.outcome is None
    shown = _text(sheet_html(sheet, lang))
    assert wt("outcome-both-back", lang, to=7) in shown
    assert wt("outcome-play-on", lang) not in shown
    lost = ScoreSheet(GUILD)
    for _ in range(3):
        last: EraStep = lost.add((2, 1), (5, 4), Pair.EW)
    assert last.outcome == "game-lost"
    expected = wt("outcome-game-lost", lang, pair=pair_name(Pair.NS, lang))
    assert outcome_text(last, lang) == expected and expected in _text(era_html(last, lang))


@pytest.mark.parametrize("lang", LANGS)
def test_the_scoring_widget_says_both_pairs_go_back(lang: str) -> None:
    state = bridge.initial_state("scoring")  # the example deal scores 2–3
    state.update(b0=10, b1=9)
    html = call("scoring", lang, state, {"type": "set", "last": state["last"]})["html"]
    shown = _text(html)
    assert wt("outcome-both-back", lang, to=7) in shown
    assert wt("outcome-play-on", lang) not in shown


@pytest.mark.parametrize("lang", LANGS)
def test_the_score_keeper_says_both_pairs_go_back_and_names_a_pagat_win_a_game(lang: str) -> None:
    state = bridge.initial_state("score-keeper")
    three_small = {"sm-D": "E", "sm-S": "E", "sm-C": "E"}
    deals = [
        {"t": 5, "l": "N", "m": 5, "tr": "H", "tb": "NS", **three_small},  # 4–3
        {"t": 5, "l": "N", "m": 5, "tr": "H", "tb": "NS", **three_small},  # 4–3: 8–6
        {"t": 5, "l": "E", "m": 5, "tr": "H", "tb": "EW"},  # 1–3: 9–9
    ]
    for facts in deals:
        state = call("score-keeper", lang, state, {"type": "draft", **facts, "commit": "add"})["state"]
    assert sk.sheet_rows(state)[1].totals == (9, 9)
    last = {"t": 5, "l": "E", "m": 5, "tr": "H", "tb": "EW", "sm-D": "N", "sm-S": "N"}  # 3–3: 12–12
    reply = call("score-keeper", lang, state, {"type": "draft", **last, "commit": "add"})
    rows, sheet = sk.sheet_rows(reply["state"])
    assert rows[-1].era is not None and rows[-1].era.both_back and sheet.totals == (7, 7)
    shown = _sheet_text(reply["html"])
    assert wt("outcome-both-back", lang, to=7) in shown
    assert wt("outcome-play-on", lang) not in shown
    # Pagat has no erä: a win there is the game's, in the keeper's rows too
    pagat = bridge.initial_state("score-keeper", "pagat")
    for _ in range(2):  # 5 and 5: exactly 10
        deal = {"t": 6, "l": "N", "c": 80, "tr": "H", "tb": "NS", "sm-D": "N", "commit": "add"}
        pagat = call("score-keeper", lang, pagat, {"type": "draft", **deal})["state"]
    rows, sheet = sk.sheet_rows(pagat)
    assert sheet.winner is Pair.NS
    shown = _sheet_text(call("score-keeper", lang, pagat, {"type": "dismiss"})["html"])
    assert wt("game-winner", lang, pair=pair_name(Pair.NS, lang)) in shown
    assert wt("outcome-won", lang, pair=pair_name(Pair.NS, lang)) not in shown
