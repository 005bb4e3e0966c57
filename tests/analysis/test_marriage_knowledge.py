"""What a seat of Huutopussi with marriage trumps knows, infers and samples.

The seat view's hidden and known cards in every phase (the exchange and the shown talon
included); the facts the inference draws from the exchange, the asks and the answers;
every sampled layout agreeing with every fact; and Decided 4 of issue 24: a seat's view
and a bot's decision are unchanged when the hidden cards, the exchanged ones included,
are permuted consistently with what the seat knows.
"""

from __future__ import annotations

import random

import pytest

from marjapussi import Seat, find_rules
from marjapussi.actions import Discard, Give, ReturnCards
from marjapussi.analysis.bots import BotSettings, choose
from marjapussi.analysis.inference import Knowledge, infer
from marjapussi.analysis.sampler import sample_deals
from marjapussi.analysis.view import HIDDEN_DISCARD, HIDDEN_GIVE, HIDDEN_RETURN, SeatView
from marjapussi.cards import ALL_CARDS, Card, cards_of, indices_of, mask_of, parse_cards
from marjapussi.deal import PLAYING_SEATS, Deal, Phase
from marjapussi.errors import IllegalAction
from marjapussi.marriage_trumps import MarriageTrumpDeal
from marjapussi.randomplay import random_action

PRESETS = ["huutopussi-marriage", "huutopussi-marriage3"]
FAST = BotSettings(samples=3, bid_samples=3, playout_budget=12)
ACES_TENS = mask_of(parse_cards("HA H10 DA D10 SA S10 CA C10"))

HANDS = {
    Seat.N: "HK HQ H7 DA D10 SA S10 CA C6",
    Seat.E: "HA H9 D9 D8 S9 S8 C9 C8 C7",
    Seat.S: "DK DQ D7 SK SQ S7 CK CQ H6",
    Seat.W: "H10 HJ H8 DJ D6 SJ S6 C10 CJ",
}


def marriage_deal(hands: dict[Seat, str] = HANDS) -> MarriageTrumpDeal:
    return MarriageTrumpDeal({s: parse_cards(h) for s, h in hands.items()}, find_rules("huutopussi-marriage"))


def play(deal: Deal, actions: str) -> Deal:
    for text in actions.split(","):
        deal.play(text.strip())
    return deal


def positions(preset: str, seeds: range) -> list[MarriageTrumpDeal]:
    """Seeded random deals stopped at every phase: copies at each action (random play
    with asks and declarations)."""
    rules = find_rules(preset)
    out = []
    for seed in seeds:
        rng = random.Random(seed)
        deal = MarriageTrumpDeal.random(rng, rules)
        while not deal.is_over():
            out.append(replayed(deal))
            deal.play(random_action(deal, rng, declare_chance=0.7))
    return out


def replayed(deal: MarriageTrumpDeal) -> MarriageTrumpDeal:
    copy = deal.copy_start()
    for _, action in deal.history:
        copy.play(action)
    return copy


def facts_hold(know: Knowledge, hands: dict[Seat, int], rest: int) -> list[str]:
    """The facts of ``know`` that the layout ``hands`` (now) and the hidden ``rest`` break."""
    broken = []
    for seat, mask in know.holds.items():
        if hands[seat] & mask != mask:
            broken.append(f"{seat.name} holds")
    for seat, mask in know.lacks.items():
        if hands[seat] & mask:
            broken.append(f"{seat.name} lacks")
    for seat, pair in know.exactly_one:
        if (hands[seat] & pair).bit_count() != 1:
            broken.append(f"{seat.name} exactly one")
    for seat, pair in know.not_both:
        if hands[seat] & pair == pair:
            broken.append(f"{seat.name} not both")
    if rest & know.rest_lacks:
        broken.append("rest")
    return broken


def rest_of(deal: MarriageTrumpDeal) -> int:
    """The hidden rest: the talon before it is taken, else the discard (three players)."""
    if deal.rules.players == 4:
        return 0
    return deal.discarded if deal.bidder is not None and deal.hp_phase is not Phase.BID else deal.talon


# ---------------------------------------------------------------------- the seat view


def test_the_exchange_is_known_to_the_pair_and_hidden_from_the_opponents_in_every_phase() -> None:
    deal = marriage_deal()
    steps = ["bid 50", "pass", "pass", "pass", "give D7 S7 H6", "contract 60", "return H7 D7 S7", "SA"]
    given, back = mask_of(parse_cards("D7 S7 H6")), mask_of(parse_cards("H7 D7 S7"))
    for i, step in enumerate(steps):
        for seat in Seat:
            view = SeatView.of(deal, seat)
            assert view.hand == deal.hands[seat]
            gave = i > 4
            returned = i > 6
            if seat in (Seat.N, Seat.S):
                assert view.exchange == ((given if gave else 0), (back if returned else 0))
                assert HIDDEN_GIVE not in [a for _, a in view.history]
            else:
                assert view.exchange == (0, 0)
                hidden = [a for _, a in view.history if isinstance(a, (Give, ReturnCards))]
                assert hidden == [HIDDEN_GIVE, HIDDEN_RETURN][: gave + returned]
                # An opponent's unseen cards are every card but his own and those played.
                assert view.unseen == mask_of(ALL_CARDS) & ~deal.hands[seat] & ~view.played
            assert view.contract == (0 if i < 4 else 50 if i < 6 else 60)
            assert view.phase is deal.phase
        deal.play(step)


def test_three_players_see_the_talon_shown_and_not_the_discard() -> None:
    rules = find_rules("huutopussi-marriage3")
    deal = MarriageTrumpDeal.random(4, rules)
    talon = deal.talon
    assert all(SeatView.of(deal, s).shown == 0 for s in PLAYING_SEATS[3])
    deal.play(deal.lowest_bids(1)[0])
    while deal.phase is Phase.BID:
        deal.play("pass")
    bidder = deal.bidder
    assert bidder is not None
    for seat in PLAYING_SEATS[3]:
        view = SeatView.of(deal, seat)
        assert view.shown == talon
        assert view.talon == (talon if seat == bidder else 0)
    while deal.phase is not Phase.PLAY:
        deal.play(deal.legal_actions()[0])
    for seat in PLAYING_SEATS[3]:
        view = SeatView.of(deal, seat)
        discards = [a for _, a in view.history if isinstance(a, Discard)]
        own = Discard(tuple(cards_of(deal.discarded)))
        assert discards == ([own] if seat == bidder else [HIDDEN_DISCARD])
        assert view.discarded == (deal.discarded if seat == bidder else 0)


# ---------------------------------------------------------------------- the inference


def test_the_exchange_tells_the_declarer_and_the_partner_where_the_cards_went() -> None:
    deal = play(marriage_deal(), "bid 50, pass, pass, pass, give D7 S7 H6, contract 60, return H7 D7 S7")
    declarer = infer(SeatView.of(deal, Seat.N))
    assert declarer.holds[Seat.S] == mask_of(parse_cards("H7 D7 S7"))
    partner = infer(SeatView.of(deal, Seat.S))
    # ♦7 and ♠7 came back; ♥6 stays with the declarer.
    assert partner.holds[Seat.N] == mask_of(parse_cards("H6"))
    for seat in (Seat.E, Seat.W):
        assert not any(infer(SeatView.of(deal, seat)).holds.values())


def test_a_whole_ask_answered_no_says_the_partner_holds_no_undeclared_marriage() -> None:
    hands = dict(HANDS)
    # South keeps no marriage: ♦K and ♣Q go to West for ♦J and ♣J.
    hands[Seat.S], hands[Seat.W] = "DJ DQ D7 SK SQ S7 CK CJ H6", "H10 HJ H8 DK D6 SJ S6 C10 CQ"
    deal = play(
        marriage_deal(hands),
        "bid 50, pass, pass, pass, give S7 H6 D7, contract 50, return H7 C6 D7, SA, S8, SQ, S6, ask whole",
    )
    deal.play("answer no")
    for seat in (Seat.E, Seat.W, Seat.N):
        know = infer(SeatView.of(deal, seat))
        pairs = [pair for who, pair in know.not_both if who == Seat.S]
        # Only the suits whose king and queen the seat has not seen say something.
        for suit in "HDSC":
            kq = mask_of(parse_cards(f"{suit}K {suit}Q"))
            if kq & SeatView.of(deal, seat).unseen == kq:
                assert kq in pairs, (seat, suit)
        assert not facts_hold(know, {s: deal.hands[s] for s in Seat}, 0)


def test_a_half_ask_yes_and_no_are_facts_for_the_opponents() -> None:
    hands = dict(HANDS)
    # North holds ♣Q alone; South holds ♣K. ♥ marriage is with North.
    hands[Seat.N], hands[Seat.S] = "HK HQ H7 DA D10 SA S10 CA CQ", "DK DQ D7 SK SQ S7 CK C6 H6"
    deal = play(
        marriage_deal(hands),
        "bid 50, pass, pass, pass, give S7 H6 D7, contract 50, return H7 H6 D7, SA, S8, SQ, S6",
    )
    assert deal.window
    deal.play("ask half C")
    deal.play("answer C")
    ck, cq = mask_of(parse_cards("CK")), mask_of(parse_cards("CQ"))
    for seat in (Seat.E, Seat.W):
        know = infer(SeatView.of(deal, seat))
        assert know.holds[Seat.N] & cq or (Seat.N, ck | cq) in know.exactly_one
        assert know.holds[Seat.S] & ck or (Seat.S, ck | cq) in know.exactly_one
        other = Seat.W if seat == Seat.E else Seat.E
        assert know.lacks[other] & (ck | cq) == ck | cq
        assert not facts_hold(know, {s: deal.hands[s] for s in Seat}, 0)
    # The same ask answered no: ♣K is with West, so South lacks it.
    hands[Seat.S], hands[Seat.W] = "DK DQ D7 SK SQ S7 CJ C6 H6", "H10 HJ H8 DJ D6 SJ S6 C10 CK"
    deal = play(
        marriage_deal(hands),
        "bid 50, pass, pass, pass, give S7 H6 D7, contract 50, return H7 H6 D7, SA, S8, SQ, S6",
    )
    deal.play("ask half C")
    deal.play("answer no")
    know = infer(SeatView.of(deal, Seat.E))  # West holds ♣K himself
    assert know.lacks[Seat.S] & ck == ck
    assert (Seat.N, ck | cq) in know.exactly_one
    assert not facts_hold(know, {s: deal.hands[s] for s in Seat}, 0)


def test_the_trump_that_changes_is_read_for_the_duties() -> None:
    # After ♥ is made trump, a player who neither follows a led suit nor plays ♥ has none.
    for deal in positions("huutopussi-marriage", range(6)):
        for seat in Seat:
            know = infer(SeatView.of(deal, seat))
            assert not know.contradictions
            assert not facts_hold(know, {s: deal.hands[s] for s in Seat}, 0), (seat, deal.history)


@pytest.mark.parametrize("preset", PRESETS)
def test_every_fact_holds_in_the_true_deal_and_in_every_sampled_layout(preset: str) -> None:
    rng = random.Random(preset)
    seats = PLAYING_SEATS[find_rules(preset).players]
    checked = 0
    for k, deal in enumerate(positions(preset, range(8))):
        if k % 3:
            continue
        for seat in seats:
            view = SeatView.of(deal, seat)
            know = infer(view)
            assert not know.contradictions
            assert not facts_hold(know, {s: deal.hands[s] for s in seats}, rest_of(deal))
            for world in sample_deals(view, 2, rng, knowledge=know):
                assert isinstance(world, MarriageTrumpDeal)
                assert SeatView.of(world, seat) == view
                hands = {s: world.hands[s] for s in seats}
                assert not facts_hold(know, hands, rest_of(world)), (seat, deal.history)
                checked += 1
    assert checked > 100


# ---------------------------------------------------------------------- Decided 4


def known_places(view: SeatView) -> int:
    """The unseen cards whose place the seat knows: the exchange's and the shown talon."""
    if view.rules.players == 3:
        return view.shown
    given, returned = view.exchange
    if view.bidder is not None and view.seat == view.bidder:
        return returned
    if view.bidder is not None and view.seat == view.bidder.partner:
        return given & ~returned
    return view.shown


def permuted(deal: MarriageTrumpDeal, swap: dict[Card, Card]) -> MarriageTrumpDeal | None:
    """The deal with cards exchanged by ``swap`` everywhere (hands as dealt, the talon, the
    exchange and the discard), replayed with every action checked; ``None`` if refused."""

    def mapped(mask: int) -> list[Card]:
        return [swap.get(c, c) for c in cards_of(mask)]

    seats = PLAYING_SEATS[deal.rules.players]
    talon = mapped(deal.talon) if deal.rules.players == 3 else None
    hands = {s: mapped(deal.initial_hands[s]) for s in seats}
    copy = MarriageTrumpDeal(hands, deal.rules, deal.dealer, talon)
    for _, action in deal.history:
        if isinstance(action, (Give, ReturnCards, Discard)):
            action = type(action)(tuple(swap.get(c, c) for c in action.cards))
        try:
            copy.play(action)
        except IllegalAction:
            return None
    return copy


def place_of(deal: MarriageTrumpDeal, card: int) -> str:
    for s in PLAYING_SEATS[deal.rules.players]:
        if deal.hands[s] >> card & 1:
            return s.name
    return "rest"


@pytest.mark.parametrize("preset", PRESETS)
def test_views_and_decisions_do_not_change_when_hidden_cards_are_permuted(preset: str) -> None:
    """Decided 4: swap cards the seat has not seen between the places it cannot see into
    (the other hands, the exchange's hidden cards, the talon or another's discard), keep
    the swaps the engine accepts for the whole history, and compare the seat's view and
    every level's decision."""
    rng = random.Random(preset)
    rules = find_rules(preset)
    seats = PLAYING_SEATS[rules.players]
    phases: set[Phase] = set()
    compared = 0
    for k, deal in enumerate(positions(preset, range(10))):
        if k % 2:
            continue
        for seat in seats:
            view = SeatView.of(deal, seat)
            movable = indices_of(view.unseen & ~known_places(view))
            swap: dict[Card, Card] = {}
            for _ in range(6):
                a, b = rng.sample(movable, 2) if len(movable) >= 2 else (0, 0)
                pair = {ALL_CARDS[a], ALL_CARDS[b]}
                if a == b or place_of(deal, a) == place_of(deal, b) or pair & set(swap):
                    continue
                trial = {**swap, ALL_CARDS[a]: ALL_CARDS[b], ALL_CARDS[b]: ALL_CARDS[a]}
                if permuted(deal, trial) is not None:
                    swap = trial
            if not swap:
                continue
            other = permuted(deal, swap)
            assert other is not None
            moved = any(other.hands[s] != deal.hands[s] for s in seats if s != seat)
            assert moved or rest_of(other) != rest_of(deal)
            assert SeatView.of(other, seat) == view, (seat, swap)
            compared += 1
            phases.add(deal.phase)
            if deal.to_act == seat and not deal.is_over():
                for level in ("random", "beginner", "club"):
                    first = choose(view, level, random.Random(k), FAST)
                    again = choose(SeatView.of(other, seat), level, random.Random(k), FAST)
                    assert first == again, (level, seat)
    expected = {Phase.BID, Phase.CONTRACT, Phase.PLAY} | (
        {Phase.GIVE, Phase.RETURN} if rules.players == 4 else {Phase.DISCARD}
    )
    assert expected <= phases, phases
    assert compared > 50
