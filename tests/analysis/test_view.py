"""A seat's view holds what that seat sees and nothing else, by construction."""

from __future__ import annotations

import dataclasses
import random

from marjapussi import Deal, Seat, find_rules, parse_action
from marjapussi.actions import Discard
from marjapussi.analysis.view import HIDDEN_DISCARD, SeatView, _face_down, action_as_seen
from marjapussi.cards import Card, Rank, Suit
from marjapussi.deal import PLAYING_SEATS, Declaration, Phase
from marjapussi.game import RULESETS, Game
from marjapussi.huutopussi import HuutopussiDeal
from marjapussi.randomplay import random_action
from marjapussi.rules import Rules

from .helpers import deal_of, run

PLAIN = (tuple, int, bool, str, type(None), Seat, Suit, Rank, Phase, Card, Rules, Declaration)


def values_in(value: object) -> list[object]:
    """Every value reachable from a view's fields, through tuples and dataclasses."""
    out: list[object] = [value]
    if isinstance(value, tuple):
        for item in value:
            out += values_in(item)
    elif dataclasses.is_dataclass(value) and not isinstance(value, (Rules, Card)):
        for f in dataclasses.fields(value):
            out += values_in(getattr(value, f.name))
    return out


HANDS = (
    "SA S10 SK HA H9 D7 C6 C7 C8",
    "SQ SJ S9 H10 HK D8 D9 C9 C10",
    "S8 S7 S6 HQ HJ DA D10 CA CK",
    "H8 H7 H6 DK DQ DJ D6 CQ CJ",
)
SWAPPED = (
    "SA S10 SK HA H9 D7 C6 C7 C8",
    "SQ SJ S9 H8 H7 D8 D9 C9 C10",
    "S8 S7 S6 HQ HJ DA D10 CA CK",
    "H10 HK H6 DK DQ DJ D6 CQ CJ",
)


def test_two_deals_differing_only_in_hidden_cards_give_the_same_view() -> None:
    # East and West swap hearts North cannot see; the same spade trick is played.
    a = run(deal_of(*HANDS, opening=False), "SA, S9, S6, H8")
    b = run(deal_of(*SWAPPED, opening=False), "SA, S9, S6, H10")
    assert SeatView.of(a, Seat.N) != SeatView.of(b, Seat.N)  # West's card differs: North saw it
    a = run(deal_of(*HANDS, opening=False), "SA, S9, S6, D6")
    b = run(deal_of(*SWAPPED, opening=False), "SA, S9, S6, D6")
    assert a.hands[Seat.E] != b.hands[Seat.E]
    for seat in (Seat.N, Seat.S):
        assert SeatView.of(a, seat) == SeatView.of(b, seat)
    assert SeatView.of(a, Seat.E) != SeatView.of(b, Seat.E)


def test_a_view_holds_plain_values_only_and_no_other_hand() -> None:
    rng = random.Random(3)
    for preset in ("guild", "pagat", "huutopussi", "huutopussi3"):
        rules = find_rules(preset)
        deal = HuutopussiDeal.random(rng, rules) if rules.family == "huutopussi" else Deal.random(rng, rules)
        while not deal.is_over():
            for seat in (Seat.N, Seat.E):
                view = SeatView.of(deal, seat)
                for value in values_in(view):
                    assert isinstance(value, PLAIN) or dataclasses.is_dataclass(value), type(value)
                    assert not isinstance(value, Deal)
                # No number in the view is another seat's hand, now or as dealt.
                hidden = {deal.hands[s] for s in Seat if s != seat} | {
                    deal.initial_hands[s] for s in Seat if s != seat
                }
                hidden = {mask for mask in hidden if mask.bit_count() >= 3}
                assert view.hand == deal.hands[seat]
                assert not hidden & {v for v in values_in(view) if type(v) is int}
            deal.push(random_action(deal, rng))


def test_only_the_seat_to_act_gets_its_legal_actions() -> None:
    deal = Deal.random(8)
    for seat in Seat:
        view = SeatView.of(deal, seat)
        assert bool(view.legal) == (seat == deal.to_act)
    assert list(SeatView.of(deal, deal.to_act).legal) == deal.legal_actions()


def test_burned_marriages_of_other_hands_are_hidden() -> None:
    # Pagat: declarations from trick 1. North wins, asks for a whole marriage and burns his own ♣K ♣Q.
    rules = find_rules("pagat")
    deal = deal_of(
        "SA HA CK CQ D6 D7 D8 D9 H6",
        "S6 S7 S8 S9 SJ SQ SK S10 H7",
        "H8 H9 HJ HQ HK H10 C6 C7 C8",
        "C9 CJ C10 CA DJ DQ DK D10 DA",
        rules,
        opening=False,
        leader=Seat.N,
    )
    run(deal, "SA, S6, H8, C9, ask whole, answer H")
    assert deal.declarations[-1].burned == ((Seat.N, Suit.CLUBS),)
    assert SeatView.of(deal, Seat.N).declarations[-1].burned == ((Seat.N, Suit.CLUBS),)
    assert SeatView.of(deal, Seat.N).burned == 1 << Suit.CLUBS
    for seat in (Seat.E, Seat.S, Seat.W):
        view = SeatView.of(deal, seat)
        assert view.declarations[-1].burned == ()
        assert view.burned == 0


def test_another_players_discard_is_face_down() -> None:
    rules = find_rules("huutopussi3")
    rng = random.Random(5)
    deal = HuutopussiDeal.random(rng, rules, dealer=Seat.S)
    deal.play(parse_action("bid 56"))
    deal.play(parse_action("pass"))
    deal.play(parse_action("pass"))
    assert deal.phase is Phase.DISCARD and deal.to_act == Seat.N
    put_away = tuple(deal.hand(Seat.N)[:3])
    deal.play(Discard(put_away))
    mine = SeatView.of(deal, Seat.N)
    theirs = SeatView.of(deal, Seat.E)
    assert mine.history[-1] == (Seat.N, Discard(put_away))
    assert mine.talon == deal.talon and mine.discarded
    assert theirs.history[-1] == (Seat.N, HIDDEN_DISCARD)
    assert theirs.talon == 0 and theirs.discarded == 0
    assert not theirs.unseen & theirs.hand
    assert theirs.unseen.bit_count() == 36 - 11


def test_a_spectators_view_holds_no_card_and_no_private_fact() -> None:
    """``SeatView.public``: what every seat's view shares and nothing more: no hand, no talon,
    no discard's cards, no burned marriage, no legal action, whoever is to act."""
    for name in ("guild", "huutopussi3"):
        rules = find_rules(name)
        for seed in range(6):
            hp = rules.family == "huutopussi"
            deal = HuutopussiDeal.random(seed, rules) if hp else Deal.random(seed, rules)
            rng = random.Random(seed)
            while not deal.is_over():
                public = SeatView.public(deal)
                assert public.spectator and public.hand == public.dealt == public.talon == 0
                assert public.discarded == public.burned == 0 and public.legal == () and not public.window
                assert all(not isinstance(a, Discard) or a == HIDDEN_DISCARD for _, a in public.history)
                assert all(d.burned == () for d in public.declarations)
                own = SeatView.of(deal, deal.to_act)
                assert (public.trick, public.tricks, public.counts, public.trump) == (
                    own.trick, own.tricks, own.counts, own.trump
                )
                deal.push(random_action(deal, rng, 0.7))



def test_a_views_history_is_each_action_as_its_seat_sees_it_in_every_ruleset() -> None:
    """``SeatView.of`` keeps every action but those that may be hidden as the deal holds it:
    over random deals of every ruleset (discards, the marriage family's exchange), each seat's
    and a spectator's history is ``action_as_seen`` of each action, at every step."""
    hidden = 0
    for ruleset in sorted(RULESETS):
        for seed in range(3):
            game = Game.new(ruleset, seed)
            rng = random.Random(seed)
            while True:
                deal = game.position().deal
                for seat in (*PLAYING_SEATS[deal.rules.players], None):
                    view = SeatView.public(deal) if seat is None else SeatView.of(deal, seat)
                    seen = [(who, action_as_seen(deal, seat, who, a)) for who, a in deal.history]
                    if seat is None:  # a spectator: every discard and exchange face down
                        seen = [(who, _face_down(a)) for who, a in seen]
                    assert list(view.history) == seen, (ruleset, seed, seat, len(deal.history))
                    pairs = zip(view.history, deal.history, strict=True)
                    hidden += sum(a is not b for (_, a), (_, b) in pairs)
                if deal.is_over():
                    break
                game = game.push(random_action(deal, rng, 0.7))
    assert hidden > 0  # some discard or exchange was face down to someone
