"""Variations in game records: alternative lines in parentheses, nested, checked by the rules."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

import marjapussi
from marjapussi import IllegalAction, RecordError, find_rules
from marjapussi.deal import Deal
from marjapussi.i18n import EXPECTED, describe_error, expected_text
from marjapussi.randomplay import random_game
from marjapussi.record import (
    MAX_VARIATION_DEPTH,
    GameRecord,
    RecordedAction,
    format_record,
    from_json,
    new_deal,
    parse_record,
    replay,
    to_json,
)

ROOT = Path(__file__).resolve().parents[2]
# The package's copy of examples/records/guild-first-deal.mjp (also there inside Pyodide).
DATA = Path(marjapussi.__file__).parent / "web" / "data"
FIRST = (DATA / "guild-first-deal.en.mjp").read_text(encoding="utf-8")
TRICK_2 = "2. SK SA {Must beat: SA, not S7.} S8 S6"
# East could have led SJ instead of SK; inside that line West could have kept S8 for S10.
WITH_LINES = FIRST.replace(
    TRICK_2,
    "2. SK (SJ {What if East keeps the king?} SA S8 (S10 {Or the ten.}) S6 declare D 3. D6) "
    "SA {Must beat: SA, not S7.} S8 S6",
)


def _lines_of(record: GameRecord) -> list[list[RecordedAction]]:
    return [line for deal in record.deals for item in deal.actions for line in item.variations]


def test_a_variation_replaces_the_action_before_it_and_nests() -> None:
    record = parse_record(WITH_LINES)
    sk = record.deals[0].actions[4]
    assert str(sk.action) == "SK" and len(sk.variations) == 1
    line = sk.variations[0]
    assert [str(a.action) for a in line] == ["SJ", "SA", "S8", "S6", "declare D", "D6"]
    assert line[0].comment == "What if East keeps the king?"
    assert [str(a.action) for a in line[2].variations[0]] == ["S10"]
    assert line[2].variations[0][0].comment == "Or the ten."
    # The main line is untouched, and the variation's positions are those of the text.
    assert [str(a.action) for a in record.deals[0].actions[4:8]] == ["SK", "SA", "S8", "S6"]
    assert (line[0].line, line[0].column) == (16, 8)
    rep = replay(record)
    assert rep.scores[0] is not None and replay(FIRST).scores[0] == rep.scores[0]


def test_the_printed_form_numbers_tricks_inside_a_variation_and_round_trips() -> None:
    record = parse_record(WITH_LINES)
    printed = format_record(record)
    expected = "2. SK (2. SJ {What if East keeps the king?} SA S8 (S10 {Or the ten.}) S6 declare D 3. D6)"
    assert expected in printed
    assert format_record(parse_record(printed)) == printed
    data = json.loads(to_json(record))
    item = data["deals"][0]["actions"][4]
    assert item["action"] == "SK" and item["variations"][0][2]["variations"] == [
        [{"action": "S10", "comment": "Or the ten."}]
    ]
    # A record without variations keeps its old JSON form (no "variations" key at all).
    assert "variations" not in to_json(parse_record(FIRST))
    assert format_record(from_json(to_json(record))) == printed
    assert to_json(from_json(to_json(record))) == to_json(record)


def test_several_variations_of_one_action_keep_their_order() -> None:
    text = FIRST.replace(TRICK_2, "2. SK (SJ) (S9 SA) SA S8 S6")
    record = parse_record(text)
    assert [[str(a.action) for a in line] for line in record.deals[0].actions[4].variations] == [
        ["SJ"],
        ["S9", "SA"],
    ]
    replay(record)
    printed = format_record(record)
    assert "2. SK (2. SJ) (2. S9 SA) SA S8 S6" in printed


@pytest.mark.parametrize(
    ("written", "column", "expected", "found"),
    [
        ("2. SK (SJ SA S8 S6", 7, "variation end", "("),
        ("2. SK () SA S8 S6", 8, "action in the variation", ")"),
        ("2. SK ({Why?} SJ) SA S8 S6", 8, "action in the variation", "{"),
        ("2. SK SA S8 S6)", 15, "action", ")"),
    ],
)
def test_malformed_variations_say_where(written: str, column: int, expected: str, found: str) -> None:
    with pytest.raises(RecordError) as caught:
        parse_record(FIRST.replace(TRICK_2, written))
    assert (caught.value.line, caught.value.column) == (16, column)
    assert (caught.value.expected, caught.value.found) == (expected, found)
    for lang in ("fi", "en", "ru"):
        message = describe_error(caught.value, lang)
        assert "16" in message and expected_text(expected, lang) in message


def test_every_new_expectation_is_translated() -> None:
    keys = ("variation end", "action before the variation", "action in the variation", "shallower variations")
    for key in keys:
        assert set(EXPECTED[key]) == {"fi", "en", "ru"}


def test_a_variation_needs_an_action_before_it() -> None:
    start = FIRST.index("1. CA")
    with pytest.raises(RecordError) as caught:
        parse_record(FIRST[:start] + "(CA) " + FIRST[start:])
    assert caught.value.expected == "action before the variation"


def test_an_unclosed_variation_before_the_next_deal_is_refused() -> None:
    record, _ = random_game(1, find_rules("guild"), max_deals=2)
    text = format_record(record)
    assert '[Deal "2"]' in text
    first_card = text.index("1. ", text.index("[W ")) + 3
    broken = text[: first_card + 3] + " (" + text[first_card + 3 :]
    with pytest.raises(RecordError) as caught:
        parse_record(broken)
    assert caught.value.expected == "variation end"


def test_nesting_is_bounded_in_text_and_json() -> None:
    deep = "2. SK (SJ " * (MAX_VARIATION_DEPTH + 1)
    with pytest.raises(RecordError) as caught:
        parse_record(FIRST.replace(TRICK_2, deep))
    assert caught.value.expected == "shallower variations"
    # Exactly the limit works, and so does its JSON form.
    nested = "SK " + "(SJ " * MAX_VARIATION_DEPTH + ")" * MAX_VARIATION_DEPTH
    record = parse_record(FIRST.replace(TRICK_2, f"2. {nested} SA S8 S6"))
    assert format_record(from_json(to_json(record))) == format_record(record)
    data = json.loads(to_json(record))
    item = data["deals"][0]["actions"][4]
    for _ in range(MAX_VARIATION_DEPTH - 1):
        item = item["variations"][0][0]
    item["variations"][0][0]["variations"] = [[{"action": "SJ", "comment": None}]]
    with pytest.raises(RecordError) as json_caught:
        from_json(json.dumps(data))
    assert getattr(json_caught.value, "problem", "") in ("nesting", "variation-depth")


def test_json_variations_are_checked_like_the_rest() -> None:
    data = json.loads(to_json(parse_record(WITH_LINES)))
    data["deals"][0]["actions"][4]["variations"].append([])
    with pytest.raises(RecordError) as caught:
        from_json(json.dumps(data))
    assert caught.value.field == "deals[0].actions[4].variations[1]"  # type: ignore[attr-defined]
    assert "deals[0].actions[4].variations[1]" in describe_error(caught.value, "fi")
    data["deals"][0]["actions"][4]["variations"] = [[{"action": "Q9", "comment": None}]]
    with pytest.raises(RecordError) as caught:
        from_json(json.dumps(data))
    assert caught.value.field == "deals[0].actions[4].variations[0][0].action"  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("written", "column", "rule"),
    [
        # South holds SA and must beat the jack; S7 is refused inside the variation.
        ("2. SK (SJ S7) SA S8 S6", 11, "must-beat"),
        # In a nested variation: West holds spades, so H10 cannot follow.
        ("2. SK (SJ SA S8 (H10) S6) SA S8 S6", 18, "follow-suit"),
        # A variation that starts from the wrong seat's cards: North has no SK.
        ("2. SK SA S8 (SK) S6", 14, "not-in-hand"),
    ],
)
def test_an_illegal_card_in_a_variation_is_refused_with_its_place(
    written: str, column: int, rule: str
) -> None:
    record = parse_record(FIRST.replace(TRICK_2, written))
    with pytest.raises(IllegalAction) as caught:
        replay(record)
    err = caught.value
    assert (err.line, err.column, err.rule, err.deal) == (16, column, rule, 1)  # type: ignore[attr-defined]


def _random_line(deal: Deal, rng: random.Random, depth: int) -> list[RecordedAction]:
    """A random legal line from the deal's position (nested at random); the deal is restored."""
    line: list[RecordedAction] = []
    for _ in range(rng.randint(1, 6)):
        legal = deal.legal_actions() if not deal.is_over() else []
        if not legal:
            break
        action = rng.choice(legal)
        item = RecordedAction(action, rng.choice([None, "Why not this?", "Ööh — вот так"]))
        if depth < 3 and rng.random() < 0.3:
            item.variations.append(_random_line(deal, rng, depth + 1))
        line.append(item)
        deal.push(action)
    for _ in line:
        deal.pop()
    return line


def _add_random_variations(record: GameRecord, rng: random.Random) -> None:
    for rec in record.deals:
        deal = new_deal(record.rules, rec.hands, rec.dealer, True if rec.opening is None else rec.opening)
        for item in rec.actions:
            if rng.random() < 0.15:
                for _ in range(rng.randint(1, 2)):
                    extra = _random_line(deal, rng, 1)
                    if extra:
                        item.variations.append(extra)
            deal.push(item.action)


@pytest.mark.parametrize("seed", range(12))
def test_random_records_with_random_variations_round_trip_and_replay(seed: int) -> None:
    preset = ("guild", "pagat", "huutopussi", "huutopussi3")[seed % 4]
    record, _ = random_game(seed, find_rules(preset), max_deals=3)
    if record.deals and not replay(record).deals[-1].is_over():
        record.deals.pop()  # keep whole deals only, so that every deal can be replayed from its start
    rng = random.Random(seed)
    plain_scores = replay(record).scores
    _add_random_variations(record, rng)
    assert _lines_of(record), "the random record got no variation"
    text = format_record(record)
    again = parse_record(text)
    assert format_record(again) == text  # text -> record -> text
    as_json = to_json(again)
    assert format_record(from_json(as_json)) == text  # text -> JSON -> text
    assert to_json(from_json(as_json)) == as_json  # JSON -> record -> JSON
    assert replay(again).scores == plain_scores  # variations never change the main line's score


@pytest.mark.skipif(not (ROOT / "docs").is_dir(), reason="the site's pages are not here")
@pytest.mark.parametrize("lang", ["fi", "en", "ru"])
def test_the_record_format_page_example_of_alternative_lines_is_valid(lang: str) -> None:
    page = (ROOT / "docs" / f"record-format.{lang}.md").read_text(encoding="utf-8")
    section = page[page.index("{#variations}") :]
    start = section.index("```text\n") + 8
    example = section[start : section.index("\n```", start)]
    assert example.startswith("2. SK (") and "variation" in page[: page.index("{#grammar}") + 2000]
    record = parse_record(FIRST.replace(TRICK_2, example))
    (line,) = record.deals[0].actions[4].variations
    assert [str(a.action) for a in line] == ["SJ", "SA", "S8", "S6"]
    assert [str(a.action) for a in line[2].variations[0]] == ["S10"]
    assert replay(record).scores == replay(FIRST).scores
    assert format_record(parse_record(format_record(record))) == format_record(record)
