"""The game record format: round trip, JSON form, errors with line and column, replay."""

from __future__ import annotations

import contextlib
import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from marjapussi import IllegalAction, RecordError, find_rules
from marjapussi.randomplay import random_game
from marjapussi.record import format_record, from_json, parse_record, replay, to_json

SMALL = """[Rules "guild"]
[Event "Club night"]

[Deal "1"]
[Dealer "W"]
[Opening "yes"]
[N "HA H10 HK HQ HJ H9 H8 H7 H6"]
[E "DA D10 DK DQ DJ D9 D8 D7 D6"]
[S "SA S10 SK SQ SJ S9 S8 S7 S6"]
[W "CA C10 CK CQ CJ C9 C8 C7 C6"]

{West holds every club.}
1. CA {The ace of clubs opens the erä.} H6 D6 S6
2. C6 H7 D7 S7
"""


def test_canonical_text_round_trips() -> None:
    record = parse_record(SMALL)
    assert format_record(record) == SMALL
    assert record.deals[0].comment == "West holds every club."
    assert record.deals[0].actions[0].comment == "The ace of clubs opens the erä."
    assert record.tags == [("Event", "Club night")]


def test_json_form_has_the_same_content() -> None:
    record = parse_record(SMALL)
    data = json.loads(to_json(record))
    assert data["deals"][0]["actions"][0] == {"action": "CA", "comment": "The ace of clubs opens the erä."}
    assert format_record(from_json(to_json(record))) == SMALL


@pytest.mark.parametrize("seed", range(6))
def test_whole_random_games_round_trip_and_replay(seed: int) -> None:
    rules = find_rules("pagat") if seed % 2 else find_rules("guild")
    record, sheet = random_game(seed, rules)
    text = format_record(record)
    again = parse_record(text)
    assert format_record(again) == text
    assert format_record(from_json(to_json(again))) == text
    rep = replay(again)
    assert rep.sheet.totals == sheet.totals and rep.sheet.winner == sheet.winner
    for played, written in zip(rep.deals, again.deals, strict=True):
        assert [a for _, a in played.history] == [item.action for item in written.actions]


def test_non_canonical_input_is_accepted() -> None:
    text = SMALL.replace("1. CA", "1.ca").replace("C6 H7 D7 S7", "♣6, h7; D7 s7")
    assert format_record(parse_record(text)) == SMALL


@pytest.mark.parametrize(
    ("change", "line", "column", "expected"),
    [
        (('[Event "Club night"]', '[Event "Club night]'), 2, 20, "quoted value"),
        (('[Event "Club night"]', "[Event Club]"), 2, 8, "quoted value"),
        (("1. CA", "1. CX"), 13, 4, "action"),
        (("{West holds every club.}", "{West holds every club."), 12, 1, "comment end"),
        (('[N "HA H10', '[N "HA H1'), 7, 8, "card"),
        (('[Rules "guild"]', '[Rules "bridge"]'), 1, 1, "rules"),
        (('[Dealer "W"]', '[Dealer "Q"]'), 5, 1, "seat"),
        (("2. C6 H7", '2. C6 [Dealer "N"] H7'), 14, 7, "deal header"),
    ],
)
def test_malformed_records_say_where_and_what(
    change: tuple[str, str], line: int, column: int, expected: str
) -> None:
    with pytest.raises(RecordError) as info:
        parse_record(SMALL.replace(*change))
    err = info.value
    assert (err.line, err.column) == (line, column)
    assert err.expected == expected
    for lang in ("fi", "en", "ru"):
        from marjapussi.i18n import describe_error

        assert str(line) in describe_error(err, lang)


def test_illegal_action_in_a_record_names_rule_and_trick() -> None:
    bad = SMALL.replace("2. C6 H7 D7 S7", "2. C6 H7 D7 S7\n3. C7 HJ")
    rec = parse_record(bad)
    rep = replay(rec)
    assert rep.last.trick_number == 3
    worse = SMALL.replace("1. CA {The ace of clubs opens the erä.} H6", "1. C6 H6")
    with pytest.raises(IllegalAction) as info:
        replay(parse_record(worse))
    assert info.value.rule == "opening-lead-clubs-ace"
    assert info.value.trick == 1
    assert info.value.deal == 1  # type: ignore[attr-defined]
    assert info.value.line == 13  # type: ignore[attr-defined]


def test_dealer_rotation_is_checked_between_deals() -> None:
    record, _ = random_game(3, find_rules("guild"))
    assert len(record.deals) > 1
    record.deals[1].dealer = record.deals[1].dealer.next
    with pytest.raises(IllegalAction) as info:
        replay(record)
    assert info.value.rule == "dealer-rotation"


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.text(max_size=300))
def test_any_text_parses_and_prints_back_or_raises_the_parsers_error(text: str) -> None:
    try:
        record = parse_record(text)
    except RecordError:
        return
    printed = format_record(record)
    assert format_record(parse_record(printed)) == printed


TOKENS = st.sampled_from(
    [
        '[Rules "guild"]',
        '[Deal "1"]',
        '[Dealer "N"]',
        '[N "SA"]',
        "SA",
        "H10",
        "ask",
        "whole",
        "half",
        "H",
        "answer",
        "no",
        "declare",
        "{c}",
        "{",
        "}",
        "[",
        "]",
        '"',
        "1.",
        ",",
        "\n",
        " ",
        "bid",
        "60",
        "pass",
        "♠A",
        "+",
        "(",
        ")",
    ]
)


@settings(max_examples=300, deadline=None)
@given(st.lists(TOKENS, max_size=40))
def test_record_like_text_parses_or_raises_the_parsers_error(tokens: list[str]) -> None:
    text = " ".join(tokens)
    try:
        record = parse_record(text)
    except RecordError:
        return
    printed = format_record(record)
    assert format_record(parse_record(printed)) == printed


@settings(max_examples=100, deadline=None)
@given(st.text(max_size=200))
def test_json_reader_raises_only_its_own_error(text: str) -> None:
    with contextlib.suppress(RecordError):
        from_json(text)


# ---------------------------------------------------------------- record flow and messages


def test_missing_dealer_and_late_rules_are_refused() -> None:
    with pytest.raises(RecordError) as info:
        parse_record(SMALL.replace('[Dealer "W"]\n', ""))
    assert info.value.expected == "dealer tag"
    with pytest.raises(RecordError) as info:
        parse_record(SMALL.replace('[Opening "yes"]', '[Rules "pagat"]'))
    assert info.value.expected == "rules before the first deal"


def test_a_deal_error_is_translated_and_points_at_the_hand() -> None:
    from marjapussi.i18n import describe_error

    text = SMALL.replace('[W "CA C10 CK CQ CJ C9 C8 C7 C6"]', '[W "CA C10 CK CQ CJ C9 C8 C7 HA"]')
    with pytest.raises(RecordError) as info:
        parse_record(text)
    assert info.value.line == 10  # the W hand, which holds the second ♥A
    assert "kahdesti" in describe_error(info.value, "fi") and "дважды" in describe_error(info.value, "ru")


def test_braces_in_a_comment_from_code_still_round_trip() -> None:
    record = parse_record(SMALL)
    record.deals[0].actions[0].comment = "a } b { c"
    text = format_record(record)
    assert "{a ) b ( c}" in text
    assert format_record(parse_record(text)) == text


def test_json_errors_say_where() -> None:
    with pytest.raises(RecordError) as info:
        from_json('{"format": "marjapussi-record/1",\n "rules": }')
    assert info.value.line == 2
    with pytest.raises(RecordError) as info:
        from_json('{"format": "marjapussi-record/1", "rules": "guild"}')
    assert "deals" in info.value.found


def test_wrong_dealer_opening_and_unfinished_deals_have_clear_messages() -> None:
    from marjapussi.i18n import describe_error

    record, _ = random_game(3, find_rules("guild"))
    bad = parse_record(format_record(record))
    right = bad.deals[1].dealer
    bad.deals[1].dealer = right.next
    with pytest.raises(IllegalAction) as info:
        replay(bad)
    assert info.value.rule == "dealer-rotation"
    assert "rotation" in describe_error(info.value, "en")
    bad.deals[1].dealer = right
    bad.deals[1].opening = not bad.deals[1].opening
    with pytest.raises(IllegalAction) as info:
        replay(bad)
    assert info.value.detail["why"] == "opening"
    again = parse_record(format_record(record))
    del again.deals[0].actions[-1]
    with pytest.raises(IllegalAction) as info:
        replay(again)
    assert info.value.detail["why"] == "unfinished" and "another deal follows" in describe_error(info.value)
