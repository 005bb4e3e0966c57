"""Scoring: matti-point, last-trick, trump, small-trump, porvoo, era-total, game, misplay.

Worked examples 5 and 6 of the rules digest, and the settled ties.
"""

from __future__ import annotations

import pytest

from marjapussi import Pair, ScoreSheet, Seat, SheetError, find_rules, parse_cards
from marjapussi.cards import mask_of
from marjapussi.i18n import describe_step
from marjapussi.scoring import apply_to_totals, compare_matti, count_cards, next_deal_start

from .helpers import deal, run

GUILD = find_rules("guild")


# ---------------------------------------------------------------- matti-point, worked example 5


def test_example_5_more_matit_scores_the_point() -> None:
    assert compare_matti((5, 3), (10, 26), (1, 3)) == ("matit", 0)


def test_example_5_level_matit_go_to_pips() -> None:
    assert compare_matti((4, 4), (21, 15), (2, 2)) == ("pips", 0)


def test_example_5_pips_of_two_kings_three_queens_two_jacks() -> None:
    assert count_cards(mask_of(parse_cards("HK SK HQ SQ DQ HJ SJ")))[1] == 21


def test_example_5_level_pips_go_to_aces() -> None:
    assert compare_matti((4, 4), (18, 18), (1, 3)) == ("aces", 1)


def test_example_5_two_aces_each_nobody_scores() -> None:
    assert compare_matti((4, 4), (18, 18), (2, 2)) == ("tie", None)


def test_whole_pack_has_eight_matit_and_36_pips() -> None:
    full = (1 << 36) - 1
    matit, pips, aces, _ = count_cards(full)
    assert (matit, pips, aces) == (8, 36, 4)


# ---------------------------------------------------------------- a whole deal


def played_deal() -> object:
    d = deal(
        n="CA HK HQ DK DQ SA S10 D6 C6",
        e="C7 C8 S6 S7 S8 D7 D8 H6 H7",
        s="C9 C10 S9 SJ SQ D9 D10 H8 H9",
        w="CJ CQ CK SK DJ DA HJ H10 HA",
    )
    run(d, "CA, C7, C9, CJ, SA, S6, S9, SK, declare H, C6, C8, C10, CQ, ask whole, answer D")
    while not d.is_over():
        d.play(d.legal_actions()[-1] if d.window else next(a for a in d.legal_actions()))
    return d


def test_deal_score_lists_every_step_with_its_rule() -> None:
    d = played_deal()
    score = d.result()  # type: ignore[attr-defined]
    rules = [s.rule for s in score.steps]
    assert rules[0] == "matti-point"
    assert "last-trick" in rules and "trump" in rules and "small-trump" in rules
    trump = next(s for s in score.steps if s.rule == "trump")
    small = next(s for s in score.steps if s.rule == "small-trump")
    assert (trump.pair, trump.points) == (Pair.NS, 2)
    assert (small.pair, small.points) == (Pair.NS, 1)
    assert sum(score.tricks_won) == 9
    assert sum(score.matit) == 8 and sum(score.pips) == 36
    assert sum(score.points) == sum(s.points for s in score.steps if s.pair is not None)
    for lang in ("fi", "en", "ru"):
        assert all(describe_step(s, lang) for s in score.steps)


def test_last_trick_point_goes_to_its_winner() -> None:
    d = played_deal()
    score = d.result()  # type: ignore[attr-defined]
    last = next(s for s in score.steps if s.rule == "last-trick")
    assert last.pair == d.tricks[-1].winner.pair  # type: ignore[attr-defined]
    assert last.points == 1


# ---------------------------------------------------------------- erä totals, worked example 6


def test_example_6_from_9_trump_and_last_trick_win_the_era() -> None:
    step = apply_to_totals(GUILD, (9, 4), (3, 1), (6, 3))
    assert step.after == (12, 5)
    assert step.outcome == "won" and step.winner is Pair.NS


def test_example_6_from_10_three_points_bust_to_7() -> None:
    step = apply_to_totals(GUILD, (10, 4), (3, 1), (6, 3))
    assert step.after == (7, 5)
    assert step.outcome is None
    assert any(s.detail.get("why") == "bust" for s in step.steps)


def test_both_pairs_on_12_both_go_to_7() -> None:
    step = apply_to_totals(GUILD, (10, 9), (2, 3), (4, 5))
    assert step.after == (7, 7)
    assert step.outcome is None


def test_porvoo_no_trick_resets_to_zero() -> None:
    step = apply_to_totals(GUILD, (8, 11), (4, 0), (9, 0))
    assert step.after == (12, 0)
    assert step.outcome == "won"
    porvoo = [s for s in step.steps if s.rule == "porvoo"]
    assert porvoo and porvoo[0].pair is Pair.EW


def test_porvoo_while_the_other_pair_reaches_12() -> None:
    step = apply_to_totals(GUILD, (6, 9), (0, 3), (0, 9))
    assert step.after == (0, 12)
    assert step.winner is Pair.EW


def test_totals_are_judged_after_the_deal_only() -> None:
    # 11 + 3 passes 12 even though 12 was "reached" on the way: it busts.
    assert apply_to_totals(GUILD, (11, 0), (3, 0), (5, 4)).after == (7, 0)


# ---------------------------------------------------------------- game and misplays


def test_game_needs_two_era_wins_and_totals_restart() -> None:
    sheet = ScoreSheet(GUILD)
    sheet.add((9, 1), (6, 3))
    assert sheet.add((3, 1), (5, 4)).outcome == "won"
    assert sheet.totals == (0, 0) and sheet.era_wins == [1, 0]
    assert sheet.winner is None
    sheet.add((12, 0), (9, 0))
    assert sheet.winner is Pair.NS and sheet.over
    with pytest.raises(SheetError):
        sheet.add((1, 1), (4, 5))


def test_misplay_sends_the_offenders_to_porvoo_and_discards_their_points() -> None:
    sheet = ScoreSheet(GUILD)
    sheet.add((5, 2), (5, 4))
    step = sheet.add((3, 2), (6, 3), misplay=Pair.NS)
    assert step.after == (0, 4)
    assert sheet.misplays == [1, 0]
    assert any(s.rule == "misplay" and s.detail.get("discarded") == 3 for s in step.steps)


def test_third_misplay_loses_the_game() -> None:
    sheet = ScoreSheet(GUILD)
    for _ in range(2):
        sheet.add((1, 1), (5, 4), misplay=Pair.EW)
    assert sheet.winner is None
    step = sheet.add((1, 1), (5, 4), misplay=Pair.EW)
    assert step.outcome == "game-lost"
    assert sheet.winner is Pair.NS


def test_sheet_round_trips_through_json_and_refuses_corruption() -> None:
    sheet = ScoreSheet(GUILD)
    sheet.add((9, 1), (6, 3))
    sheet.add((1, 2), (4, 5), misplay=Pair.EW)
    again = ScoreSheet.from_json(sheet.to_json())
    assert again.totals == sheet.totals and again.misplays == sheet.misplays
    for bad in (
        "",
        "{",
        "[]",
        '{"format": "x"}',
        '{"format": "marjapussi-sheet/1", "rows": [{"points": [1]}]}',
        '{"format": "marjapussi-sheet/1", "rules": "chess", "rows": []}',
    ):
        with pytest.raises(SheetError):
            ScoreSheet.from_json(bad)


# ---------------------------------------------------------------- dealer-rotation


def test_dealer_rotation_previous_leader_deals_and_left_leads() -> None:
    d = played_deal()
    dealer, opening = next_deal_start(GUILD, d, era_ended=False)  # type: ignore[arg-type]
    assert dealer is d.leader and opening is False  # type: ignore[attr-defined]
    dealer, opening = next_deal_start(GUILD, d, era_ended=True)  # type: ignore[arg-type]
    assert opening is True


def test_later_deal_is_led_by_the_dealers_left() -> None:
    d = deal(
        n="CA HK HQ DK DQ SA S10 D6 C6",
        e="C7 C8 S6 S7 S8 D7 D8 H6 H7",
        s="C9 C10 S9 SJ SQ D9 D10 H8 H9",
        w="CJ CQ CK SK DJ DA HJ H10 HA",
        dealer=Seat.S,
        opening=False,
    )
    assert d.leader is Seat.W


def test_pagat_deal_passes_to_the_left() -> None:
    rules = find_rules("pagat")
    d = deal(
        n="CA HK HQ DK DQ SA S10 D6 C6",
        e="C7 C8 S6 S7 S8 D7 D8 H6 H7",
        s="C9 C10 S9 SJ SQ D9 D10 H8 H9",
        w="CJ CQ CK SK DJ DA HJ H10 HA",
        rules=rules,
        dealer=Seat.N,
    )
    assert d.leader is Seat.E
    assert next_deal_start(rules, d, False) == (Seat.E, False)
