"""The finished-trick views follow push and pop: a trick taken back is not shown again."""

from __future__ import annotations

import random

from marjapussi import Deal, find_rules
from marjapussi.huutopussi import HuutopussiDeal
from marjapussi.randomplay import random_playout


def test_a_trick_replayed_differently_after_pop_shows_its_new_cards() -> None:
    deal = Deal.random(3)
    for _ in range(4):
        deal.push(deal.legal_actions()[0])
    first = deal.tricks[-1]
    for _ in range(4):
        deal.pop()
    for _ in range(4):
        deal.push(deal.legal_actions()[-1])
    assert deal.tricks[-1].cards != first.cards
    assert [c.index for c in deal.tricks[-1].cards] == list(deal._tricks[-1][2])


def test_huutopussi_score_reads_the_last_trick_actually_played() -> None:
    # score_contract reads the last trick's winner from the trick views.
    for seed in range(20):
        rng = random.Random(seed)
        deal = HuutopussiDeal.random(rng, find_rules("huutopussi", all_pass="no-trump"))
        random_playout(deal, rng)
        deal.tricks  # noqa: B018 - build the views
        played = len(deal.history)
        for _ in range(4):
            deal.pop()
        while len(deal.history) < played:
            deal.push(deal.legal_actions()[-1])
        fresh = deal.copy_start()
        for _, action in deal.history:
            fresh.push(action)
        assert deal.result() == fresh.result()
