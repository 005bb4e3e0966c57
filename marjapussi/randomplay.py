"""Seeded random play: random legal actions, for tests, benchmarks and example positions.

Nothing here reads a clock or the global random state: pass a seed or a
``random.Random``.

>>> deal = random_playout(Deal.random(11), random.Random(11))
>>> deal.is_over(), len(deal.tricks)
(True, 9)
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, cast

from .actions import PLAYS, Action, Discard, Give, Pass, Redeal, ReturnCards, SetContract
from .cards import Rank, Seat
from .deal import Deal, Phase, random_hands
from .huutopussi import AuctionDeal, HuutopussiDeal, HuutopussiSheet
from .record import GameRecord, record_from_deal
from .rules import GUILD, Rules
from .scoring import ScoreSheet, next_deal_start

if TYPE_CHECKING:
    from .marriage_trumps import MarriageTrumpDeal

__all__ = ["random_action", "random_game", "random_playout"]

PASS = Pass()


def random_action(deal: Deal, rng: random.Random, declare_chance: float = 0.5) -> Action:
    """Pick a random legal action; a declaration or ask with the given chance when open.

    In Huutopussi: pass more often than not, else one of the three lowest bids; a
    marriage on lead with the same chance as a declaration. With marriage trumps also a
    redeal now and then when one is allowed, any cards in the exchange, and the bid as
    the contract or a raise of up to 15.
    """
    # Its module is imported where such a deal is played: a page that never plays one never loads it.
    if deal.rules.family == "huutopussi-marriage" and deal.phase is not Phase.PLAY:
        return _random_before_play(cast("MarriageTrumpDeal", deal), rng)
    if isinstance(deal, HuutopussiDeal):
        phase = deal.phase
        if phase is Phase.BID:
            bids = deal.lowest_bids(3)
            if not bids or rng.random() < 0.6:
                return PASS
            return rng.choice(bids)
        if phase in (Phase.DISCARD, Phase.TRUMP):
            return rng.choice(deal.legal_actions())
        if not deal.trick_cards and rng.random() < declare_chance:
            marriages = deal.marriage_leads()
            if marriages:
                return rng.choice(marriages)
    if deal.pending is not None:
        return rng.choice(deal.answers())
    if deal.window and declare_chance and rng.random() < declare_chance:
        options = deal.legal_declarations()
        if options:
            return rng.choice(options)
    mask = deal.legal_play_mask()
    k = int(rng.random() * mask.bit_count())
    while k:
        mask &= mask - 1
        k -= 1
    return PLAYS[(mask & -mask).bit_length() - 1]


REDEAL = Redeal()


def _random_before_play(deal: MarriageTrumpDeal, rng: random.Random) -> Action:
    """A random call, exchange, contract or discard of Huutopussi with marriage trumps,
    drawn without listing every legal action (the exchange alone has hundreds)."""
    from .marriage_trumps import highest_bid

    if rng.random() < 0.2 and deal.is_legal(REDEAL):
        return REDEAL
    phase = deal.phase
    if phase is Phase.BID:
        bids = deal.lowest_bids(3)
        if not bids or (rng.random() < 0.6 and deal.is_legal(PASS)):
            return PASS
        return rng.choice(bids)
    if phase is Phase.CONTRACT:
        top = min(deal.high_bid + 15, highest_bid(deal.rules))
        return SetContract(rng.randrange(deal.high_bid, top + 1, 5))
    hand = deal.hand(deal.to_act)
    if phase is Phase.DISCARD:
        return Discard(tuple(rng.sample([c for c in hand if c.rank < Rank.TEN], 3)))
    cards = tuple(rng.sample(hand, deal.rules.exchange_count))
    return Give(cards) if phase is Phase.GIVE else ReturnCards(cards)


def random_playout(deal: Deal, rng: random.Random, declare_chance: float = 0.5) -> Deal:
    """Play random legal actions (declarations and asks included) to the end of the deal."""
    # The same choices as ``random_action``, with the common case (a card) inlined:
    # this loop is what ``scripts/bench_engine.py`` measures.
    if isinstance(deal, AuctionDeal):
        while not deal.is_over():
            deal.push(random_action(deal, rng, declare_chance))
        return deal
    n_tricks = deal.rules.tricks_per_deal
    tricks = deal._tricks
    push = deal.push
    legal_mask = deal.legal_play_mask
    rand = rng.random
    while len(tricks) < n_tricks:
        if deal.pending is not None or deal.window:
            push(random_action(deal, rng, declare_chance))
            continue
        mask = legal_mask()
        k = int(rand() * mask.bit_count())
        while k:
            mask &= mask - 1
            k -= 1
        push(PLAYS[(mask & -mask).bit_length() - 1])
    return deal


def random_game(
    seed: int, rules: Rules = GUILD, max_deals: int = 40
) -> tuple[GameRecord, ScoreSheet | HuutopussiSheet]:
    """Play a whole random game (dealer rotation and erä included) into a record."""
    rng = random.Random(seed)
    record = GameRecord(rules)
    if rules.family != "marjapussi":
        from .marriage_trumps import MarriageSheet, MarriageTrumpDeal

        marriage = rules.family == "huutopussi-marriage"
        hp_sheet = MarriageSheet(rules) if marriage else HuutopussiSheet(rules)
        dealer = Seat(rng.randrange(rules.players))
        for number in range(1, max_deals + 1):
            hp_deal: AuctionDeal
            if marriage:
                hp_deal = MarriageTrumpDeal.random(rng, rules, dealer=dealer, totals=hp_sheet.totals)
            else:
                hp_deal = HuutopussiDeal.random(rng, rules, dealer=dealer)
            random_playout(hp_deal, rng)
            record_from_deal(hp_deal, number, record)
            hp_sheet.add_deal(hp_deal.result())
            if hp_sheet.over:
                break
            dealer = next_deal_start(rules, hp_deal, False)[0]
        return record, hp_sheet
    sheet = ScoreSheet(rules)
    dealer, opening = Seat(rng.randrange(4)), True
    for number in range(1, max_deals + 1):
        deal = Deal(random_hands(rng, rules), rules, dealer, opening)
        random_playout(deal, rng)
        record_from_deal(deal, number, record)
        era = sheet.add_deal(deal.result(sheet.carry))
        if sheet.over:
            break
        dealer, opening = next_deal_start(rules, deal, era.outcome == "won")
    return record, sheet
