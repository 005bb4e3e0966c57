"""The widget texts are complete in three languages; the renderer's views are sound HTML."""

from __future__ import annotations

import random
import string

import pytest

from marjapussi import Deal, ScoreSheet, Seat, find_rules
from marjapussi.html import (
    deal_html,
    era_html,
    hand_html,
    score_html,
    sheet_html,
    steps_html,
    table_html,
    verdicts_html,
)
from marjapussi.i18n import set_display_language
from marjapussi.randomplay import random_action, random_playout
from marjapussi.scoring import apply_to_totals
from marjapussi.web.texts import TEXTS, wt

from .webkit import LANGS, check_html


def fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


@pytest.mark.parametrize("key", sorted(TEXTS))
def test_every_text_has_three_languages_with_the_same_fields(key: str) -> None:
    entry = TEXTS[key]
    assert set(entry) == set(LANGS), key
    assert all(entry[lang].strip() for lang in LANGS)
    assert fields(entry["fi"]) == fields(entry["en"]) == fields(entry["ru"]), key


def words(template: str) -> str:
    return "".join(literal for literal, _, _, _ in string.Formatter().parse(template))


def test_texts_are_written_for_each_language() -> None:
    same = [
        k
        for k, e in TEXTS.items()
        if e["fi"] == e["en"] == e["ru"] and any(c.isalpha() for c in words(e["en"]))
    ]
    # every widget text is written in each language (the pairs' letters too: P–E, NS, С–Ю)
    assert same == []
    latin_ru = [
        k
        for k, e in TEXTS.items()
        if any(c.isalpha() for c in words(e["ru"]))
        and not any("а" <= c.lower() <= "я" for c in words(e["ru"]))
    ]
    assert latin_ru == []
    assert wt("hand-of", "xx", seat="North") == "North's hand"  # unknown language: English


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("preset", ["guild", "pagat"])
def test_views_of_random_deals_are_sound_html(lang: str, preset: str) -> None:
    rules = find_rules(preset)
    for seed in range(6):
        rng = random.Random(seed)
        deal = Deal.random(seed, rules)
        for _ in range(rng.randrange(40)):
            if deal.is_over():
                break
            deal.push(random_action(deal, rng))
        check_html(deal_html(deal, lang))
        check_html(deal_html(deal, lang, root="@root@"))
        if deal.pending is None and not deal.is_over():
            html = verdicts_html(deal, lang, "@root@")
            check_html(html)
            assert html.count("<li") == len(deal.hand(deal.to_act))
        random_playout(deal, rng)
        score = deal.result()
        check_html(score_html(score, lang))
        check_html(steps_html(score.steps, lang, "@root@", totals=score.points))
        check_html(era_html(apply_to_totals(rules, (5, 11), score.points, score.tricks_won), lang))


def test_table_and_hand() -> None:
    deal = Deal.random(2)
    hands = {seat: (deal.hand(seat) if seat is Seat.S else 9) for seat in Seat}
    html = table_html(hands, [], "fi", to_act=deal.to_act, trick_number=1)
    checker = check_html(html)
    assert len(checker.cards) == 9  # South's cards; the others are backs
    assert html.count("mp-back") == 27
    assert "kortteja kädessä: 9" in html
    assert html.count("mp-seat ") == 4
    cards = deal.hand(deal.to_act)
    hand = hand_html(cards, "en", {c.code: {"type": "play", "card": c.code} for c in cards})
    assert len(check_html(hand).buttons) == 9 and hand.startswith('<ul class="mp-hand">')


def test_the_notebook_hooks_use_the_renderer() -> None:
    deal = random_playout(Deal.random(9), random.Random(9))
    sheet = ScoreSheet()
    era = sheet.add_deal(deal.result())
    set_display_language("fi")
    try:
        for obj in (deal, deal.result(), era, sheet, deal.initial_hand(deal.leader)[0]):
            check_html(obj._repr_html_())
        assert "Korttipöytä" in deal._repr_html_()
        assert "Pistelista" in sheet._repr_html_()
    finally:
        set_display_language("en")
    check_html(sheet_html(sheet, "ru"))


def test_every_text_is_used() -> None:
    from pathlib import Path

    package = Path(__file__).resolve().parents[2] / "marjapussi"
    sources = [package / "html.py", *(p for p in (package / "web").glob("*.py") if p.name != "texts.py")]
    code = "".join(p.read_text(encoding="utf-8") for p in sources)
    dynamic = ("pair-short:", "rules:", "mode:", "values:", "outcome-", "verdict-", "legend-")
    unused = [k for k in TEXTS if f'"{k}"' not in code and f"'{k}'" not in code and not k.startswith(dynamic)]
    assert unused == []


def test_the_packages_escape_matches_the_standard_library() -> None:
    import html

    from marjapussi.escaping import escape

    for text in ("", "plain", "<script>alert('x')</script>", 'a "b" & c', "ä ♠ &amp;", "'\"<>&"):
        assert escape(text) == html.escape(text)
        assert escape(text, quote=False) == html.escape(text, quote=False)


@pytest.mark.parametrize("lang", ["fi", "en", "ru"])
def test_pairs_are_written_as_on_the_pages(lang: str) -> None:
    # where space is short the pairs are the language's own letters (issue 23), as on the pages
    from marjapussi.cards import Pair
    from marjapussi.html import sheet_html
    from marjapussi.i18n import pair_short
    from marjapussi.rules import GUILD
    from marjapussi.scoring import ScoreSheet

    short = {"fi": ("P–E", "I–L"), "en": ("NS", "EW"), "ru": ("С–Ю", "В–З")}[lang]
    assert (pair_short(Pair.NS, lang), pair_short(Pair.EW, lang)) == short
    sheet = ScoreSheet(GUILD)
    sheet.add((3, 2), (5, 4))
    html = sheet_html(sheet, lang)
    assert all(f">{s}</abbr>" in html for s in short), html
