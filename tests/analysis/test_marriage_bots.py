"""The bots of Huutopussi with marriage trumps: every phase played legally at every level,
seeded, explained in three languages; the exchange and the contract chosen sensibly."""

from __future__ import annotations

import random

import pytest

from marjapussi import Seat, find_rules
from marjapussi.actions import Answer, Bid, Declare, Give, Pass, ReturnCards, SetContract
from marjapussi.analysis.bots import LEVELS, BotSettings, Decision, choose, play_deal, play_game
from marjapussi.analysis.marriage_bots import give_ranking, hand_value
from marjapussi.analysis.view import SeatView
from marjapussi.cards import mask_of, parse_cards
from marjapussi.deal import PLAYING_SEATS
from marjapussi.marriage_trumps import MarriageTrumpDeal
from marjapussi.messages import LANGUAGES
from marjapussi.rule_ids import RULE_IDS

PRESETS = ["huutopussi-marriage", "huutopussi-marriage3"]
FAST = BotSettings(samples=3, bid_samples=3, playout_budget=12)


def check_explained(decision: Decision) -> None:
    for lang in LANGUAGES:
        text = decision.explain(lang)
        assert text.strip() and "{" not in text and "}" not in text, (decision.reason, lang, text)
        assert not any(f" {rule} " in f" {text} " for rule in RULE_IDS if "-" in rule), text
        assert "Seat." not in text and "Suit." not in text and "Card." not in text, text


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize("level", LEVELS)
def test_every_level_plays_whole_deals_legally_in_every_phase(preset: str, level: str) -> None:
    """``play_deal`` plays each decision with the engine's checked ``play``; every phase of
    the family is met across the seeds."""
    rules = find_rules(preset)
    phases: set[str] = set()
    actions: set[type] = set()

    def seen(seat: Seat, view: SeatView, decision: Decision) -> None:
        assert decision.action in view.legal
        phases.add(view.phase.value)
        actions.add(type(decision.action))
        check_explained(decision)

    # The searching levels play four deals, the fast ones ten: at every level the
    # first four seeds already meet every phase of the family.
    for seed in range(4 if level in ("club", "expert") else 10):
        rng = random.Random(seed)
        deal = MarriageTrumpDeal.random(rng, rules)
        levels = dict.fromkeys(PLAYING_SEATS[rules.players], level)
        play_deal(deal, levels, rng, dict.fromkeys(Seat, FAST), seen)
        assert deal.is_over()
    expected = {"bid", "contract", "play"} | ({"give", "return"} if rules.players == 4 else {"discard"})
    assert expected <= phases, phases
    assert {Bid, SetContract} <= actions


@pytest.mark.parametrize("preset", PRESETS)
def test_beginner_and_random_play_whole_games_to_the_end(preset: str) -> None:
    rules = find_rules(preset)
    seats = PLAYING_SEATS[rules.players]
    levels = {seat: ("beginner" if i % 2 == 0 else "random") for i, seat in enumerate(seats)}
    sheet = play_game(rules, levels, random.Random(5), max_deals=40)
    assert sheet.rows


@pytest.mark.parametrize("level", LEVELS)
def test_a_seed_gives_the_same_decisions(level: str) -> None:
    def decisions(seed: int) -> list[Decision]:
        out: list[Decision] = []
        deal = MarriageTrumpDeal.random(5, find_rules("huutopussi-marriage"))
        play_deal(
            deal,
            dict.fromkeys(Seat, level),
            random.Random(seed),
            dict.fromkeys(Seat, FAST),
            on_decision=lambda seat, view, d: out.append(d),
        )
        return out

    assert decisions(3) == decisions(3)


HANDS = {
    Seat.N: "HK HQ H7 DA D10 SA S10 CA C6",
    Seat.E: "HA H9 D9 D8 S9 S8 C9 C8 C7",
    Seat.S: "DK DQ D7 SK SQ S7 CK CQ H6",
    Seat.W: "H10 HJ H8 DJ D6 SJ S6 C10 CJ",
}


def marriage_deal() -> MarriageTrumpDeal:
    return MarriageTrumpDeal({s: parse_cards(h) for s, h in HANDS.items()}, find_rules("huutopussi-marriage"))


def test_the_count_values_marriages_aces_and_the_partner() -> None:
    rules = find_rules("huutopussi-marriage")
    # ♥ marriage 100, ♦A+10 27, ♠A+10 27, ♣A 15, the partner and the exchange 30.
    assert hand_value(mask_of(parse_cards(HANDS[Seat.N])), rules) == 199
    assert hand_value(mask_of(parse_cards(HANDS[Seat.E])), rules) == 15 + 30


@pytest.mark.parametrize("level", ["beginner", "club"])
def test_the_forced_opening_is_a_bid_and_a_strong_hand_bids(level: str) -> None:
    deal = marriage_deal()
    first = choose(SeatView.of(deal, deal.to_act), level, random.Random(1), FAST)
    assert isinstance(first.action, Bid) and first.reason == "forced-open"
    deal.play(first.action)
    second = choose(SeatView.of(deal, deal.to_act), "beginner", random.Random(1))
    assert deal.to_act == Seat.E and second.action == Pass()


def test_the_partner_gives_marriages_and_aces_and_the_declarer_keeps_them() -> None:
    deal = marriage_deal()
    for action in ("bid 50", "pass", "pass", "pass"):
        deal.play(action)
    view = SeatView.of(deal, Seat.S)
    decision = choose(view, "beginner")
    assert isinstance(decision.action, Give)
    # South's marriages: ♦ (80) first, then ♣ (60).
    assert mask_of(decision.action.cards) == mask_of(parse_cards("DK DQ CK"))
    ranking = give_ranking(view.hand, view.rules)
    assert {ranking[0], ranking[1]} == {c.index for c in parse_cards("DK DQ")}
    deal.play(decision.action)
    contract = choose(SeatView.of(deal, Seat.N), "beginner")
    assert isinstance(contract.action, SetContract) and contract.action.points >= 50
    deal.play(contract.action)
    back = choose(SeatView.of(deal, Seat.N), "beginner")
    assert isinstance(back.action, ReturnCards)
    kept = deal.hands[Seat.N] & ~mask_of(back.action.cards)
    assert kept & mask_of(parse_cards("HK HQ DK DQ DA SA CA")) == mask_of(parse_cards("HK HQ DK DQ DA SA CA"))
    for d in (decision, contract, back):
        check_explained(d)


def test_club_raises_only_to_a_contract_the_sampled_deals_make() -> None:
    deal = marriage_deal()
    for action in ("bid 50", "pass", "pass", "pass", "give DK DQ CK"):
        deal.play(action)
    decision = choose(SeatView.of(deal, Seat.N), "club", random.Random(2), BotSettings(samples=6))
    assert isinstance(decision.action, SetContract)
    assert decision.reason in ("raise-sampled", "keep-sampled")
    assert decision.params["share"] >= 50
    check_explained(decision)


def test_the_asked_partner_answers_truly_with_the_dearest_marriage() -> None:
    deal = marriage_deal()
    for action in ("bid 50", "pass", "pass", "pass", "give H6 S7 D7", "contract 50", "return H7 H6 D7"):
        deal.play(action)
    # North leads ♠A and wins; West, South and East follow.
    deal.play("SA")
    for _ in range(3):
        deal.play(choose(SeatView.of(deal, deal.to_act), "beginner").action)
    assert deal.tricks[-1].winner == Seat.N
    view = SeatView.of(deal, Seat.N)
    decision = choose(view, "beginner")
    assert isinstance(decision.action, Declare) and decision.action.suit.letter == "H"
    assert decision.reason == "declare-trump"
    check_explained(decision)


def test_an_ask_is_answered_with_the_dearest_suit() -> None:
    hands = dict(HANDS)
    hands[Seat.N], hands[Seat.S] = "H7 H8 D6 DA D10 SA S10 CA C6", "DK DQ HK HQ SK SQ S7 CK CQ"
    hands[Seat.W] = "H10 HJ H6 DJ D7 SJ S6 C10 CJ"
    deal = MarriageTrumpDeal({s: parse_cards(h) for s, h in hands.items()}, find_rules("huutopussi-marriage"))
    for action in ("bid 50", "pass", "pass", "pass", "give S7 SK CK", "contract 50", "return H7 H8 D6"):
        deal.play(action)
    deal.play("SA")
    for _ in range(3):
        deal.play(choose(SeatView.of(deal, deal.to_act), "beginner").action)
    assert deal.tricks[-1].winner == Seat.N
    deal.play("ask whole")
    answer = choose(SeatView.of(deal, Seat.S), "beginner")
    assert isinstance(answer.action, Answer) and answer.action.suit is not None
    assert answer.action.suit.letter == "H"  # ♥ 100 over ♦ 80
    check_explained(answer)


@pytest.mark.parametrize("level", ["beginner", "club"])
def test_a_side_under_the_bid_ban_opens_at_the_lowest_bid_and_then_passes(level: str) -> None:
    hands = {s: parse_cards(h) for s, h in HANDS.items()}
    deal = MarriageTrumpDeal(hands, find_rules("huutopussi-marriage"), totals=(-500, 0))
    opening = choose(SeatView.of(deal, Seat.N), level, random.Random(3), FAST)
    assert opening.action == Bid(50) and opening.reason == "forced-open"
    deal.play(opening.action)
    deal.play("bid 55")
    banned = choose(SeatView.of(deal, Seat.S), level, random.Random(3), FAST)
    assert banned.action == Pass() and banned.reason == "pass-banned"
    check_explained(banned)
