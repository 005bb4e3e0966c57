"""``legal_actions()``, ``check()`` and ``explain()`` agree at every position.

A seeded run over every preset with every value of every switch (each alone, then
combinations drawn with a fixed seed): random deals are played to the end, and at each
position every action ``legal_actions`` offers must pass ``check``, every candidate
action ``check`` accepts must be offered, and the cards ``explain`` allows must be the
cards offered, each refused card named by the same rule ``check`` gives. A combination
of switches that makes no sense must be refused with ``RulesError``.
"""

from __future__ import annotations

import random
import time
from itertools import combinations
from typing import Any

import pytest

from marjapussi import Deal, Rules, Seat, find_rules
from marjapussi.actions import (
    Action,
    Answer,
    AskHalf,
    AskWhole,
    Bid,
    Declare,
    Discard,
    Give,
    NameTrump,
    Pass,
    Play,
    Redeal,
    ReturnCards,
    SetContract,
)
from marjapussi.cards import Rank, Suit
from marjapussi.deal import Phase
from marjapussi.errors import IllegalAction, RulesError
from marjapussi.huutopussi import MAX_BID, AuctionDeal, HuutopussiDeal
from marjapussi.marriage_trumps import MarriageTrumpDeal, highest_bid
from marjapussi.rules import PRESETS, SWITCHES

# Values to try for each switch; the choices of the text switches are all of them.
VALUES: dict[str, tuple[Any, ...]] = {
    "players": (4, 3),
    "deck_size": (36, 32, 28),
    "scoring": ("guild", "pagat", "huutopussi", "marriage"),
    "card_values": ("original", "simplified"),
    "opening_lead": ("clubs-ace-each-era", "dealer-left", "clubs-ace-first-deal", "bid-winner"),
    "ace_spade_lead": ("later-deals", "every-deal", "never"),
    "first_trick_ace": (True, False),
    "must_beat": (True, False),
    "declare_from_trick": (1, 2, 3, 99),
    "small_trump_lead": (True, False),
    "target": (10, 12, 500),
    "bust_to": (5, 7),
    "target_or_more": (True, False),
    "both_on_target": ("both-to-bust", "tie"),
    "eras_to_win": (1, 2, 3),
    "carry_card_tie": (True, False),
    "min_bid": (56, 60, 65, 50, 40),
    "bid_step": (1, 5),
    "all_pass": ("redeal", "no-trump", "last-must-open", "no-contract"),
    "trump_with_bid": (True, False),
    "double_penalty": (True, False),
    "game_to": (100, 500),
    "molotov_bonus": (0, 60),
    "four_aces": ("redeal", "bonus"),
    "four_aces_bonus": (0, 50),
    # Huutopussi with marriage trumps
    "marriage_values": ("hearts-high", "bridge"),
    "last_trick_bonus": (10, 20),
    "max_bid": (440, 420, 0),
    "first_bidder": ("left", "dealer"),
    "forced_opening": (True, False),
    "exchange_count": (3, 4),
    "raise_when": ("before-return", "after-exchange"),
    "declare_right": ("own-led", "any-won"),
    "ask_lockout": ("basic", "illisoft"),
    "bluff_half_ask": (False, True),
    "declarer_no_trick": ("seat-bid", "side-contract"),
    "defender_rounding": ("none", "nearest-5"),
    "bid_ban": ("minus-500", "minus-250", "below-zero", "off"),
    "redeal_rule": ("sixes-or-low", "four-sixes"),
    "win_tiebreak": ("higher", "declarer"),
}

# Combinations that only make sense together: without a forced opening everyone may
# pass, and then what follows (no contract, or the last player must bid) is tried.
TOGETHER: list[tuple[str, dict[str, Any]]] = [
    (name, {"forced_opening": False, "all_pass": all_pass, **extra})
    for name in ("huutopussi-marriage", "huutopussi-marriage3")
    for all_pass in ("last-must-open", "no-contract")
    for extra in ({}, {"bid_ban": "below-zero"}, {"first_bidder": "dealer"})
]


def test_every_switch_has_values_to_try() -> None:
    assert set(VALUES) == set(SWITCHES)


def _rules_or_none(name: str, **switches: Any) -> Rules | None:
    """The ruleset, or ``None`` when the engine refuses the combination (as it must, by RulesError)."""
    try:
        return find_rules(name, **switches)
    except RulesError:
        return None


def _configurations() -> list[Rules]:
    found: dict[str, Rules] = {}
    for name in PRESETS:
        for switch, values in VALUES.items():
            for value in values:
                rules = _rules_or_none(name, **{switch: value})
                if rules is not None:
                    found.setdefault(repr(rules), rules)
    for name, switches in TOGETHER:
        rules = find_rules(name, **switches)
        found.setdefault(repr(rules), rules)
    rng = random.Random(2026)
    tries = 0
    while tries < 400:
        tries += 1
        name = rng.choice(list(PRESETS))
        chosen = rng.sample(list(VALUES), rng.randint(2, 6))
        rules = _rules_or_none(name, **{s: rng.choice(VALUES[s]) for s in chosen})
        if rules is not None:
            found.setdefault(repr(rules), rules)
    return list(found.values())


CONFIGURATIONS = _configurations()


def _new_deal(rules: Rules, rng: random.Random, i: int) -> Deal:
    if rules.family == "huutopussi-marriage":
        # Totals before the deal, some under a bidding ban, so that the ban is played too.
        totals = tuple(rng.choice((0, 120, -260, -600)) for _ in range(3 if rules.players == 3 else 2))
        return MarriageTrumpDeal.random(rng, rules, dealer=Seat(i % rules.players), totals=totals)
    if rules.family == "huutopussi":
        return HuutopussiDeal.random(rng, rules, dealer=Seat(i % rules.players))
    return Deal.random(rng, rules, opening=i % 2 == 0, dealer=Seat(i % 4))


def _candidates(deal: Deal, rng: random.Random) -> list[Action]:
    """Actions to put to ``check``: the plausible ones, legal or not, for this phase."""
    hand = deal.hand(deal.to_act)
    out: list[Action] = []
    phase = deal.phase
    if isinstance(deal, AuctionDeal) and phase is Phase.BID:
        out += [Pass(), Redeal(), SetContract(deal.rules.min_bid)]
        low = deal.rules.min_bid
        high = deal.high_bid
        top = highest_bid(deal.rules) if isinstance(deal, MarriageTrumpDeal) else MAX_BID
        for points in {low - 1, low, low + 1, high, high + 1, high + 5, top, top + 5, MAX_BID + 1}:
            out += [Bid(points), *(Bid(points, s) for s in Suit)]
        return out
    if phase in (Phase.GIVE, Phase.RETURN):
        count = deal.rules.exchange_count
        picks = [tuple(rng.sample(hand, count)) for _ in range(4)] + [tuple(hand[: count - 1])]
        other = [c for c in deal.hand(deal.to_act.partner) if c not in hand][:count]
        picks.append(tuple(other))
        return [kind(p) for p in picks for kind in (Give, ReturnCards)] + [Redeal(), Pass(), SetContract(60)]
    if phase is Phase.CONTRACT:
        bid, top = deal.high_bid, highest_bid(deal.rules)
        return [SetContract(p) for p in (bid - 5, bid, bid + 1, bid + 5, top, top + 5)] + [Redeal(), Pass()]
    if phase is Phase.DISCARD:
        picks = [tuple(rng.sample(hand, 3)) for _ in range(6)]
        extra = [Redeal(), SetContract(deal.high_bid)]
        return [Discard(p) for p in picks] + [Discard(tuple(hand[:2])), NameTrump(Suit.HEARTS), *extra]
    if phase is Phase.TRUMP:
        return [NameTrump(s) for s in Suit] + [NameTrump(None), Pass()]
    # Plays of the hand's cards are compared with explain() in _check_position.
    out += [Play(c, True) for c in hand if c.rank in (Rank.KING, Rank.QUEEN)]
    if deal.pending is not None:
        return out + [Answer(s) for s in Suit] + [Answer(None), Play(hand[0])]
    if not deal.trick_cards:
        out += [Declare(s) for s in Suit] + [AskWhole()] + [AskHalf(s) for s in Suit]
        out += [AskHalf(s, r) for s in Suit for r in (Rank.KING, Rank.QUEEN)]
    return [*out, Answer(None), Give(tuple(hand[:3])), SetContract(100)]


def _accepted(deal: Deal, action: Action) -> IllegalAction | None:
    try:
        deal.check(action)
    except IllegalAction as err:
        return err
    return None


def _check_position(deal: Deal, rng: random.Random) -> list[Action]:
    legal = deal.legal_actions()
    assert legal, f"nothing legal at {deal.position_text()}"
    # An auction offers hundreds of bids and a discard hundreds of triples: check the
    # first, the last and a seeded sample of them; every offer elsewhere.
    sample = legal if len(legal) <= 24 else [legal[0], legal[-1], *rng.sample(legal, 20)]
    for action in sample:
        err = _accepted(deal, action)
        assert err is None, f"{action} offered but refused ({err.rule}) at {deal.position_text()}"
    offered = set(legal)
    for action in _candidates(deal, rng):
        err = _accepted(deal, action)
        assert (err is None) == (action in offered), (
            f"{action}: check {'accepts' if err is None else 'refuses'} it, legal_actions "
            f"{'offers' if action in offered else 'does not offer'} it, at {deal.position_text()}"
        )
    verdicts = deal.explain()
    if deal.phase is Phase.PLAY and deal.pending is None:
        # Each card of the hand: explain() allows it ⇔ check() accepts it ⇔ it is offered,
        # and a refused card is refused by the same rule in explain() and check().
        plays = {a.card for a in legal if isinstance(a, Play) and not a.marriage}
        assert [v.card for v in verdicts] == deal.hand(deal.to_act)
        for verdict in verdicts:
            err = _accepted(deal, Play(verdict.card))
            assert verdict.allowed == (verdict.card in plays), deal.position_text()
            assert (err is None) == verdict.allowed, deal.position_text()
            assert err is None or err.rule == verdict.rule, deal.position_text()
        marriages = {a.card for a in legal if isinstance(a, Play) and a.marriage}
        assert marriages <= plays
    else:
        assert not any(v.allowed for v in verdicts)
    return legal


def _playout(deal: Deal, rng: random.Random) -> int:
    positions = 0
    while not deal.is_over():
        legal = _check_position(deal, rng)
        positions += 1
        deal.push(rng.choice(legal))
    assert deal.legal_actions() == []
    return positions


def test_configurations_cover_every_preset_and_switch_value() -> None:
    for name in PRESETS:
        assert any(r.name == name for r in CONFIGURATIONS)
    for switch, values in VALUES.items():
        seen = {getattr(r, switch) for r in CONFIGURATIONS}
        # Every value the engine accepts in some preset is tried.
        accepted = {v for v in values for n in PRESETS if _rules_or_none(n, **{switch: v}) is not None}
        assert seen >= accepted, switch


@pytest.mark.parametrize("block", range(4))
def test_legal_actions_check_and_explain_agree(block: int) -> None:
    """About 1,400 deals in all (12 per ruleset, in 4 blocks), every position of each checked.

    Huutopussi with marriage trumps has as many rulesets as the other families together
    (its switches are many), and plays 6 deals each.
    """
    rng = random.Random(9000 + block)
    start = time.process_time()
    deals = positions = 0
    for i, rules in enumerate(CONFIGURATIONS):
        if i % 4 != block:
            continue
        for k in range(6 if rules.family == "huutopussi-marriage" else 12):
            positions += _playout(_new_deal(rules, rng, k), rng)
            deals += 1
    assert deals >= 300 and positions > 10 * deals
    print(f"block {block}: {deals} deals, {positions} positions, {time.process_time() - start:.1f} s of CPU")


def test_nonsense_combinations_are_refused_with_the_conflict_named() -> None:
    for name, switches, named in (
        ("guild", {"scoring": "huutopussi"}, "scoring=huutopussi"),
        ("pagat", {"opening_lead": "bid-winner"}, "opening_lead=bid-winner"),
        ("guild", {"min_bid": 60}, "min_bid=60"),
        ("huutopussi", {"ace_spade_lead": "every-deal"}, "ace_spade_lead=every-deal"),
        ("huutopussi", {"small_trump_lead": True}, "small_trump_lead=yes"),
        ("huutopussi3", {"declare_from_trick": 1}, "declare_from_trick=1"),
        ("huutopussi", {"scoring": "guild"}, "scoring=guild"),
        ("guild", {"card_values": "simplified"}, "card_values=simplified"),
        ("guild", {"bust_to": 12}, "bust_to=12"),
        ("guild", {"declare_from_trick": 9}, "declare_from_trick=9"),
    ):
        with pytest.raises(RulesError) as info:
            find_rules(name, **switches)
        assert info.value.what == "conflict"
        for lang in ("fi", "en", "ru"):
            from marjapussi.i18n import describe_error

            assert named in describe_error(info.value, lang)


def test_switch_values_from_python_are_type_checked() -> None:
    wrong: list[dict[str, Any]] = [
        {"must_beat": "no"},
        {"must_beat": 1},
        {"target": 12.0},
        {"target": True},
        {"scoring": 3},
    ]
    for switches in wrong:
        with pytest.raises(RulesError) as info:
            find_rules("guild", **switches)
        assert info.value.what == "type" and next(iter(switches)) in str(info.value)
    assert find_rules("guild", must_beat=False).must_beat is False


def test_pairs_of_switches_are_refused_cleanly_or_accepted() -> None:
    """No combination of two switch values raises anything but ``RulesError``."""
    for a, b in combinations(VALUES, 2):
        for va in VALUES[a]:
            for vb in VALUES[b][:2]:
                for name in ("guild", "huutopussi3", "huutopussi-marriage3"):
                    _rules_or_none(name, **{a: va, b: vb})
