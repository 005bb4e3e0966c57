"""The bots: full games of every preset without an illegal action, seeded, explained."""

from __future__ import annotations

import dataclasses
import random
import string

import pytest

from marjapussi import Deal, Seat, find_rules, parse_cards
from marjapussi.actions import Bid, Pass, Play, parse_action
from marjapussi.analysis.bots import LEVELS, BotSettings, Decision, _distinct, choose, play_deal, play_game
from marjapussi.analysis.reasons import REASONS, explain
from marjapussi.analysis.view import SeatView
from marjapussi.deal import PLAYING_SEATS
from marjapussi.huutopussi import HuutopussiDeal
from marjapussi.messages import LANGUAGES
from marjapussi.rule_ids import RULE_IDS
from marjapussi.rules import Rules

from .helpers import deal_of, run

PRESETS = ["guild", "pagat", "huutopussi", "huutopussi3"]
FAST = BotSettings(samples=3, bid_samples=3, discard_candidates=2)


def new_deal(rules: Rules, rng: random.Random) -> Deal:
    if rules.family == "huutopussi":
        return HuutopussiDeal.random(rng, rules)
    return Deal.random(rng, rules)


def levels_for(rules: Rules, a: str, b: str) -> dict[Seat, str]:
    return {seat: (a if i % 2 == 0 else b) for i, seat in enumerate(PLAYING_SEATS[rules.players])}


@pytest.mark.parametrize("preset", PRESETS)
def test_beginner_and_random_play_whole_games_without_an_illegal_action(preset: str) -> None:
    """``play_deal`` plays each decision with the engine's checked ``play``."""
    rules = find_rules(preset)
    for seed in range(2):
        sheet = play_game(rules, levels_for(rules, "beginner", "random"), random.Random(seed), max_deals=40)
        assert sheet.rows


@pytest.mark.parametrize("preset", PRESETS)
def test_club_plays_whole_deals_without_an_illegal_action(preset: str) -> None:
    rules = find_rules(preset)
    settings = dict.fromkeys(PLAYING_SEATS[rules.players], FAST)
    rng = random.Random(preset)
    for _ in range(2):
        deal = new_deal(rules, rng)
        play_deal(deal, levels_for(rules, "club", "beginner"), rng, settings)
        assert deal.is_over()


@pytest.mark.parametrize("level", LEVELS)
def test_a_seed_gives_the_same_decisions(level: str) -> None:
    def decisions(seed: int) -> list[Decision]:
        out: list[Decision] = []
        deal = Deal.random(5, find_rules("pagat"))
        play_deal(
            deal,
            dict.fromkeys(Seat, level),
            random.Random(seed),
            dict.fromkeys(Seat, FAST),
            on_decision=lambda seat, view, d: out.append(d),
        )
        return out

    first = decisions(3)
    assert first == decisions(3)
    if level == "random":
        assert [d.action for d in first] != [d.action for d in decisions(4)]


def test_every_decision_is_explained_in_three_languages_without_codes() -> None:
    seen: set[str] = set()
    for preset in PRESETS:
        rules = find_rules(preset)
        rng = random.Random(11)
        for level_pair in (("beginner", "random"), ("club", "beginner")):
            deal = new_deal(rules, rng)

            def check(seat: Seat, view: SeatView, decision: Decision) -> None:
                seen.add(decision.reason)
                assert decision.action in view.legal
                for lang in LANGUAGES:
                    text = decision.explain(lang)
                    assert text.strip() and "{" not in text and "}" not in text
                    assert not any(f" {rule} " in f" {text} " for rule in RULE_IDS if "-" in rule)
                    assert "Seat." not in text and "Suit." not in text and "Card." not in text

            play_deal(deal, levels_for(rules, *level_pair), rng, dict.fromkeys(Seat, FAST), check)
    assert {"club", "only-card", "win-cheap", "lead-master", "random"} <= seen


def test_the_reasons_catalogue_is_complete_with_the_same_fields() -> None:
    for key, entry in REASONS.items():
        assert set(entry) == set(LANGUAGES), key
        fields = [
            {name for _, name, _, _ in string.Formatter().parse(entry[lang]) if name} for lang in LANGUAGES
        ]
        assert fields[0] == fields[1] == fields[2], key


def test_the_club_explanation_says_what_the_card_does_and_what_it_expects() -> None:
    card = parse_cards("SA")[0]
    facts = {"why": "lead-master", "why_params": {"card": card}, "samples": 12, "value": 0.75}
    decision = Decision(Play(card), "club", facts)
    assert explain(decision, "en") == (
        "leads ♠A, the highest card left in its suit: the best on average over 12 deals that fit"
        " what the table has shown (0.8 points expected for its side)"
    )
    assert explain(decision, "fi").startswith("aloittaa kortilla ♠A, maansa korkeimmalla")
    assert "(kokeiltu 12 jakoa; odotettu tulos 0,8 pistettä)" in explain(decision, "fi")
    minus = Decision(Play(card), "club", {**facts, "value": -1.25})
    assert explain(minus, "ru").startswith("ходит с ♠A") and "−1,2 очка" in explain(minus, "ru")


def test_the_marriage_lead_explanation_states_its_worth_in_good_finnish_and_russian() -> None:
    king, queen = parse_cards("HK HQ")
    decision = Decision(Play(queen, marriage=True), "marriage-lead", {"cards": [queen, king], "points": 40})
    # "se on 40 pistettä arvoinen" mixes cases; "arvoltaan 40 pistettä" reads right for any number
    assert explain(decision, "fi") == "näyttää mariinin ♥Q ♥K aloittaessaan; se on arvoltaan 40 pistettä"
    assert explain(decision, "ru") == "показывает марьяж ♥Q ♥K, делая ход; он стоит 40 очков"
    asked = Decision(parse_action("ask whole"), "ask-whole", {})
    assert explain(asked, "ru") == "своего марьяжа нет, поэтому спрашивает партнёра о марьяже"


def test_unknown_level_and_a_seat_not_to_act_are_refused() -> None:
    deal = Deal.random(2)
    with pytest.raises(ValueError, match="unknown bot level"):
        choose(SeatView.of(deal, deal.to_act), "grandmaster")
    with pytest.raises(ValueError, match="not to act"):
        choose(SeatView.of(deal, deal.to_act.next), "beginner")


# ---------------------------------------------------------------------- the beginner's habits

PAGAT = find_rules("pagat")


def test_beginner_takes_the_trick_with_its_cheapest_winning_card() -> None:
    deal = deal_of(
        "SK HA H9 D7 C6 C7 C8 D6 H6",
        "S7 SQ S9 H10 HK D8 D9 C9 C10",
        "S8 SA S6 HQ HJ DA D10 CA CK",
        "S10 H8 H7 DK DQ DJ CQ CJ SJ",
        PAGAT,
        opening=False,
        leader=Seat.E,
    )
    run(deal, "S7")
    decision = choose(SeatView.of(deal, Seat.S), "beginner", random.Random(1))
    # South must beat ♠7 with ♠8 or ♠A: the cheaper one does it.
    assert decision.action == Play(parse_cards("S8")[0]) and decision.reason == "win-cheap"
    run(deal, "S8")
    decision = choose(SeatView.of(deal, Seat.W), "beginner", random.Random(1))
    # West must beat ♠8 with ♠J or ♠10: the jack, and the ten stays in hand; with ♦K ♦Q
    # in hand, winning also lets him declare.
    assert decision.action == Play(parse_cards("SJ")[0])
    assert explain(decision, "en") == "takes the trick with ♠J so that it can declare its ♦ marriage next"
    run(deal, "SJ")
    decision = choose(SeatView.of(deal, Seat.N), "beginner", random.Random(1))
    assert decision.action == Play(parse_cards("SK")[0])  # the only card that beats ♠J


def test_beginner_declares_when_it_may_and_answers_truthfully() -> None:
    deal = deal_of(
        "SA HA HK HQ D6 D7 D8 D9 CK",
        "S6 S7 S8 S9 SJ SQ SK S10 C7",
        "H8 H9 HJ H10 C8 C9 CJ CQ H6",
        "H7 C6 C10 CA DJ DQ DK D10 DA",
        PAGAT,
        opening=False,
        leader=Seat.N,
    )
    run(deal, "SA, S6, H8, DA")
    decision = choose(SeatView.of(deal, Seat.N), "beginner", random.Random(1))
    assert str(decision.action) == "declare H"
    assert explain(decision, "en") == "declares the marriage ♥K ♥Q"
    run(deal, "declare H, HA, C7, H6, H7")
    decision = choose(SeatView.of(deal, Seat.N), "beginner", random.Random(1))
    assert str(decision.action) == "ask half C"  # ♣Q unseen: the partner may hold it
    run(deal, "ask half C")
    answer = choose(SeatView.of(deal, Seat.S), "beginner", random.Random(1))
    assert str(answer.action) == "answer C" and answer.reason == "answer-yes"


def test_the_playout_budget_bounds_the_samples_of_a_club_decision() -> None:
    deal = Deal.random(12, find_rules("pagat"))  # the first lead: any of nine cards
    view = SeatView.of(deal, deal.to_act)
    candidates = len(_distinct(view))
    assert candidates >= 4
    wide = choose(view, "club", random.Random(1), BotSettings(samples=12, playout_budget=0))
    tight = choose(view, "club", random.Random(1), BotSettings(samples=12, playout_budget=2 * candidates))
    floor = choose(view, "club", random.Random(1), BotSettings(samples=12, playout_budget=1))
    assert (wide.params["samples"], tight.params["samples"], floor.params["samples"]) == (12, 3, 3)
    mid = choose(view, "club", random.Random(1), BotSettings(samples=12, playout_budget=5 * candidates))
    assert mid.params["samples"] == 5


@pytest.mark.parametrize("preset", PRESETS)
def test_club_on_the_solver_plays_a_whole_deal_without_an_illegal_action(preset: str) -> None:
    rules = find_rules(preset)
    on_solver = BotSettings(samples=2, bid_samples=2, evaluator="solver", depth_tricks=1, solver_from_trick=7)
    rng = random.Random(preset + "solver")
    deal = new_deal(rules, rng)
    decisions: list[Decision] = []
    play_deal(
        deal,
        levels_for(rules, "club", "beginner"),
        rng,
        dict.fromkeys(PLAYING_SEATS[rules.players], on_solver),
        on_decision=lambda seat, view, d: decisions.append(d),
    )
    assert deal.is_over()
    assert any(d.reason == "club" for d in decisions)


def _guild_position_south_at_ten() -> Deal:
    """Guild rules, trick 8 under way: ♥ trump (North–South's), North–South have 5 tricks.
    South holds ♥J ♥K; ♥K takes the last trick as well (one more deal point)."""
    deal = deal_of(
        "H9 HQ D6 D9 S6 S7 S9 C10 CA",
        "H6 D7 D8 DK D10 DA SQ SA CQ",
        "H8 HJ HK DQ SK C6 C7 C8 CJ",
        "H7 H10 HA DJ S8 SJ S10 C9 CK",
        dealer=Seat.W,
        opening=False,
    )
    return run(
        deal,
        "CA, CQ, C6, C9, C10, H6, C7, CK, ask half H, answer H, S6, SQ, SK, S10, ask whole, answer no,"
        " S8, S9, SA, H8, ask half D, answer no, CJ, H7, H9, D7, ask whole, answer no, D6, D8, DQ, DJ,"
        " C8, H10, HQ, DA, SJ, S7, D10",
    )


def test_club_at_ten_does_not_take_the_points_that_would_pass_twelve() -> None:
    """Guild: at 10, exactly 12 wins the erä and 13 falls back to 7 (``EraUtility``)."""
    from marjapussi.analysis import DealPoints, EraUtility, solve

    deal = _guild_position_south_at_ten()
    assert deal.to_act == Seat.S
    hj, hk = Play(parse_cards("HJ")[0]), Play(parse_cards("HK")[0])
    # The exact values on the real deal: ♥K is one deal point more, and that point busts.
    points = solve(deal, DealPoints()).values
    era = solve(deal, EraUtility((10, 5))).values
    assert points[hk] > points[hj] and era[hj] > era[hk]
    blind = choose(SeatView.of(deal, Seat.S), "club", random.Random(1))
    at_ten = choose(SeatView.of(deal, Seat.S, totals=(10, 5)), "club", random.Random(1))
    at_zero = choose(SeatView.of(deal, Seat.S, totals=(0, 5)), "club", random.Random(1))
    assert blind.action == hk and at_zero.action == hk
    assert at_ten.action == hj and at_ten.reason == "club-era"
    assert "10–5" in at_ten.explain("en") and "exactly 12" in at_ten.explain("en")
    for lang in LANGUAGES:
        assert "12" in at_ten.explain(lang)


def test_the_view_carries_the_era_totals_and_nothing_else_changes() -> None:
    deal = _guild_position_south_at_ten()
    plain = SeatView.of(deal, Seat.S)
    with_totals = SeatView.of(deal, Seat.S, totals=(10, 5))
    assert plain.totals is None and with_totals.totals == (10, 5)
    assert dataclasses.replace(with_totals, totals=None) == plain


HP3 = find_rules("huutopussi3")


def _hp3_deal(n: str, e: str, s: str, talon: str) -> HuutopussiDeal:
    hands = {Seat.N: parse_cards(n), Seat.E: parse_cards(e), Seat.S: parse_cards(s)}
    return HuutopussiDeal(hands, HP3, dealer=Seat.S, talon=parse_cards(talon))  # type: ignore[arg-type]


def test_club_bids_from_sampled_deals_a_strong_hand_and_passes_a_weak_one() -> None:
    """Three players: the estimate is the points the seat collects in sampled deals."""
    strong = _hp3_deal(
        "HA H10 HK HQ HJ H9 SA S10 DA D10 C6",
        "H6 H7 H8 D6 D7 D8 S6 S7 C7 C8 C9",
        "DK DQ DJ D9 S8 S9 SJ SQ SK CA C10",
        "CK CQ CJ",
    )
    assert strong.to_act == Seat.N
    decision = choose(SeatView.of(strong, Seat.N), "club", random.Random(2))
    assert isinstance(decision.action, Bid) and decision.reason == "bid"
    assert decision.params["expected"] > HP3.min_bid + 20
    weak = _hp3_deal(
        "H6 H7 H8 D6 D7 D8 S6 S7 C7 C8 SJ",
        "HA H10 HK HQ HJ H9 SA S10 DA D10 C6",
        "DK DQ DJ D9 S8 S9 C9 SQ SK CA C10",
        "CK CQ CJ",
    )
    decision = choose(SeatView.of(weak, Seat.N), "club", random.Random(2))
    assert decision.action == Pass() and decision.reason in ("pass-low", "pass-risky")
    assert decision.params["next"] == HP3.min_bid
    for lang in LANGUAGES:
        assert str(HP3.min_bid) in decision.explain(lang)
