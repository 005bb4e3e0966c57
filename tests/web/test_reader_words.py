"""What a reader sees is in the reader's language and true: no codes, no erä in Pagat.

Each test here stands for a defect found by reading the site as a reader does: a deal view
that printed the preset code ("Säännöt: guild"), Pagat outputs that spoke of an erä (Pagat
has none), a "10 or more" variation announced as "exactly 10", and code comments left in
English on the Finnish and Russian pages.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from marjapussi import Deal, find_rules
from marjapussi.html import deal_html, era_html, sheet_html
from marjapussi.i18n import describe_step, ruleset_name
from marjapussi.rules import PRESETS, Rules
from marjapussi.scoring import ScoreSheet, apply_to_totals

ROOT = Path(__file__).resolve().parents[2]
LANGS = ("fi", "en", "ru")
ERA_WORDS = {"fi": r"\berä\w*", "en": r"\berä\b", "ru": r"\bэря\b"}


def _text(html: str) -> str:
    return re.sub(r"<[^>]+>", " ", html)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_a_deal_view_names_its_ruleset_in_the_readers_language(preset: str, lang: str) -> None:
    rules = find_rules(preset)
    if rules.family != "marjapussi":
        from marjapussi import Seat
        from marjapussi.huutopussi import HuutopussiDeal
        from marjapussi.marriage_trumps import MarriageTrumpDeal

        kind = HuutopussiDeal if rules.family == "huutopussi" else MarriageTrumpDeal
        deal: Deal = kind.random(3, rules, dealer=Seat.W)
    else:
        deal = Deal.random(3, rules)
    shown = re.search(r'<p class="mp-deal-rules">(.*?)</p>', deal_html(deal, lang))
    assert shown is not None
    name = shown.group(1)
    assert name.lower() == ruleset_name(rules, lang).lower()
    # never the code the record writes ("guild", "huutopussi3", "pagat deck_size=32")
    assert name.lower() != preset or preset == "huutopussi"  # Huutopussi's name is its code
    assert "huutopussi3" not in name and "=" not in name


def test_a_changed_switch_is_said_in_words() -> None:
    name = ruleset_name(find_rules("guild", must_beat=False), "fi")
    assert name.startswith("killan säännöt; muutettu: ylimenopakko") and name.endswith(" ei")
    assert "must_beat" not in name


@pytest.mark.parametrize("lang", LANGS)
def test_pagat_views_speak_of_the_game_not_of_an_erä(lang: str) -> None:
    pagat = find_rules("pagat")
    era = apply_to_totals(pagat, (8, 3), (2, 1), (5, 4))
    assert era.outcome == "won"
    sheet = ScoreSheet(pagat)
    sheet.add((8, 1), (5, 4))
    sheet.add((2, 1), (5, 4))
    for html in (era_html(era, lang), sheet_html(sheet, lang)):
        assert not re.search(ERA_WORDS[lang], _text(html), re.I), _text(html)
    guild = era_html(apply_to_totals(find_rules("guild"), (10, 3), (2, 1), (5, 4)), lang)
    assert re.search(ERA_WORDS[lang], _text(guild), re.I)  # the guild rules do have an erä


@pytest.mark.parametrize("lang", LANGS)
def test_ten_or_more_is_not_announced_as_exactly_ten(lang: str) -> None:
    rules = find_rules("pagat", target_or_more=True)
    era = apply_to_totals(rules, (9, 5), (3, 1), (5, 4))
    won = [describe_step(s, lang) for s in era.steps if s.detail.get("why") == "target"]
    assert len(won) == 1 and "12" in won[0]
    exactly = {"fi": "tasan", "en": "exactly", "ru": "ровно"}[lang]
    assert exactly not in won[0]
    assert not re.search(ERA_WORDS[lang], won[0], re.I)


def _comments(page: str) -> list[str]:
    blocks = re.findall(r"^```python\n(.*?)^```", page, re.M | re.S)
    return [c.strip() for block in blocks for c in re.findall(r"#\s*(.+)$", block, re.M)]


@pytest.mark.parametrize("lang", ["fi", "ru"])
@pytest.mark.parametrize("page", ["api", "record-format"])
def test_code_comments_are_written_in_the_pages_language(page: str, lang: str) -> None:
    english = {c for c in _comments((ROOT / "docs" / f"{page}.en.md").read_text(encoding="utf-8"))
               if len(re.findall(r"[a-z]{3,}", c)) >= 3}
    ours = _comments((ROOT / "docs" / f"{page}.{lang}.md").read_text(encoding="utf-8"))
    assert not english & set(ours), english & set(ours)


# ------------------------------------------------------------------ rules described in words (issue 23)
def _variants() -> list[tuple[str, str, Any]]:
    """Every preset with each switch changed to each value it can take there (one step for numbers)."""
    from typing import get_args, get_type_hints

    from marjapussi.errors import RulesError
    from marjapussi.rules import SWITCHES

    hints = get_type_hints(Rules)
    found = []
    for preset, base in sorted(PRESETS.items()):
        found.append((preset, "", None))
        for switch in SWITCHES:
            now = getattr(base, switch)
            values = get_args(hints[switch]) or ((not now,) if isinstance(now, bool) else (now + 1, now - 1))
            for value in values:
                try:
                    if value != now:
                        find_rules(preset, **{switch: value})
                        found.append((preset, switch, value))
                except RulesError:
                    continue
    return found


def _codes(lang: str) -> list[str]:
    """What the record writes that a reader must not meet: presets' keys, switches, their values."""
    from typing import get_args, get_type_hints

    from marjapussi.rules import SWITCHES

    values = {v for hint in get_type_hints(Rules).values() for v in get_args(hint) if isinstance(v, str)}
    words = {*PRESETS, *SWITCHES, *values} - {"marjapussi", "huutopussi"}
    if lang == "en":  # an English word may be a value too ("never", "original"): only the codes
        words = {w for w in words if re.search(r"[-_\d]", w) or w in ("pagat", "huutopussi3")}
    return sorted(words)


def _reader_text(html: str) -> str:
    """The words a reader sees or hears: text and labels, not the record in the text box."""
    html = re.sub(r"<(textarea|pre|code)\b.*?</\1>", " ", html, flags=re.S)
    labels = " ".join(re.findall(r'(?:aria-label|title|alt)="([^"]*)"', html))
    return _text(html) + " " + labels


@pytest.mark.parametrize("lang", LANGS)
def test_no_code_of_the_rules_reaches_a_reader_in_any_rules_description(lang: str) -> None:
    from marjapussi.huutopussi import HuutopussiDeal
    from marjapussi.marriage_trumps import MarriageTrumpDeal
    from marjapussi.record import format_record, record_from_deal
    from marjapussi.web import bridge

    from .webkit import call

    codes = _codes(lang)
    pattern = re.compile(rf"(?<![\w-])({'|'.join(map(re.escape, codes))})(?![\w-])|\w=\w")
    problems = []
    for preset, switch, value in _variants():
        rules = find_rules(preset, **({switch: value} if switch else {}))
        described = ruleset_name(rules, lang)
        deal: Deal = (
            HuutopussiDeal.random(5, rules)
            if rules.family == "huutopussi"
            else MarriageTrumpDeal.random(5, rules)
            if rules.family == "huutopussi-marriage"
            else Deal.random(5, rules)
        )
        shown = [described, _reader_text(deal_html(deal, lang))]
        if switch in ("", "card_values", "opening_lead", "both_on_target", "all_pass"):
            record = format_record(record_from_deal(deal))
            reply = call("dispute", lang, bridge.initial_state("dispute"), {"type": "check", "text": record})
            shown.append(_reader_text(reply["html"]))
        for text in shown:
            for match in pattern.finditer(text):
                problems.append(f"{preset} {switch}={value}: {match.group(0)!r} in …{text[:200]}…")
    assert not problems, f"{len(problems)} codes shown to readers:\n" + "\n".join(sorted(set(problems))[:40])
