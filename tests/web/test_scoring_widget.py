"""The scoring widget agrees with marjapussi.scoring on played deals, and shows every step."""

from __future__ import annotations

import random

import pytest

from marjapussi import Deal, Seat, find_rules
from marjapussi.huutopussi import HuutopussiDeal
from marjapussi.i18n import rule_name
from marjapussi.randomplay import random_playout
from marjapussi.scoring import apply_to_totals
from marjapussi.web import scoring

from .webkit import LANGS, call, check_html


@pytest.mark.parametrize("mode", ["guild", "pagat"])
@pytest.mark.parametrize("seed", range(40))
def test_totals_match_the_package_on_played_deals(mode: str, seed: int) -> None:
    state = scoring.check({**scoring.initial(mode), "b0": seed % 9, "b1": (seed * 7) % 9})
    rules = scoring.rules_of(state)
    deal = random_playout(Deal.random(seed, rules), random.Random(seed))
    state = scoring.check({**state, **scoring._from_deal(deal)})
    result = scoring.compute(state)
    expected = deal.result()
    assert result.notes == []
    assert result.score.points == expected.points
    assert result.score.tricks_won[0] > 0 or expected.tricks_won[0] == 0
    assert [(s.rule, s.pair, s.points) for s in result.score.steps] == [
        (s.rule, s.pair, s.points) for s in expected.steps
    ]
    era = apply_to_totals(rules, (state["b0"], state["b1"]), expected.points, expected.tricks_won)
    assert result.era == era


def test_play_out_fills_a_whole_deal() -> None:
    state = scoring.initial("")
    reply = call("scoring", "en", state, {"type": "play-out"})
    new = reply["state"]
    assert new["seed"] != state["seed"]
    rules = scoring.rules_of(new)
    deal = random_playout(Deal.random(new["seed"], rules), random.Random(new["seed"]))
    assert scoring.compute(new).score.points == deal.result().points
    assert reply["announce"].startswith("This deal:")


@pytest.mark.parametrize("lang", LANGS)
def test_every_step_is_shown(lang: str) -> None:
    html = scoring.view(scoring.initial(""), lang)
    check_html(html)
    for rule in ("matti-point", "last-trick", "trump", "small-trump", "era-total"):
        assert rule_name(rule, lang) in html, rule
    assert html.count('class="mp-take ') == 36


def test_porvoo_when_a_pair_took_nothing() -> None:
    state = scoring.initial("")
    reply = call("scoring", "en", state, {"type": "all", "pair": "NS"})
    result = scoring.compute(reply["state"])
    assert result.era.after[1] == 0
    assert any(s.rule == "porvoo" for s in result.era.steps)
    assert "Porvoo" in reply["html"] or "porvoo" in reply["html"]
    # East–West's small trump could not have been made without a trick
    assert any("cannot declare" in n for n in result.notes)


def test_twelve_bust_and_both_on_twelve() -> None:
    state = scoring.initial("")  # NS 2, EW 3 in this deal
    assert scoring.compute({**state, "b0": 10, "b1": 5}).era.outcome == "won"
    bust = scoring.compute({**state, "b0": 11, "b1": 5}).era
    assert bust.after[0] == 7 and bust.outcome is None
    both = scoring.compute({**state, "b0": 10, "b1": 9}).era
    assert both.after == (7, 7) and both.outcome is None


def test_toggling_a_card_moves_it_and_its_points() -> None:
    state = scoring.initial("")
    before = scoring.compute(state).score
    ns = int(state["ns"], 16)
    card = "DA" if not ns & (1 << (1 * 9 + 8)) else "HA"
    reply = call("scoring", "fi", state, {"type": "toggle", "card": card})
    after = scoring.compute(reply["state"]).score
    assert reply["state"]["ns"] != state["ns"]
    assert after.matit != before.matit
    assert "kuka" not in reply["announce"].lower()
    again = call("scoring", "fi", reply["state"], {"type": "toggle", "card": card})
    assert again["state"] == state


def test_settings_form() -> None:
    state = scoring.initial("")
    action = {"type": "set", "trump": "-", "small-D": "-", "last": "S", "b0": 3, "b1": 4}
    reply = call("scoring", "en", state, action)
    assert reply["ok"]
    new = reply["state"]
    assert (new["trump"], new["small"], new["last"], new["b0"], new["b1"]) == ("", "----", "S", 3, 4)
    steps = scoring.compute(new).score.steps
    assert [s.rule for s in steps] == ["matti-point", "last-trick"]
    # the first later marriage becomes the trump when none was named
    new2 = call("scoring", "en", new, {"type": "set", "small-C": "E"})["state"]
    assert [(s.rule, s.points) for s in scoring.compute(new2).score.steps][2:] == [("trump", 2)]
    assert not call("scoring", "en", state, {"type": "set", "b0": 12})["ok"]
    assert not call("scoring", "en", state, {"type": "set", "trump": "X"})["ok"]


def test_pagat_mode() -> None:
    state = scoring.initial("pagat")
    result = scoring.compute(state)
    assert result.score.card_points[0] + result.score.card_points[1] == 120
    simplified = call("scoring", "en", state, {"type": "set", "values": "simplified"})["state"]
    assert sum(scoring.compute(simplified).score.card_points) == 140
    assert not call("scoring", "en", state, {"type": "set", "b0": 10})["ok"]  # target 10: 0–9 before
    html = scoring.view(state, "en")
    check_html(html)
    assert rule_name("pagat-scoring", "en") in html


@pytest.mark.parametrize("double", [0, 1])
@pytest.mark.parametrize("seed", range(30))
def test_contracts_match_the_package_on_played_deals(seed: int, double: int) -> None:
    rules = find_rules("huutopussi", double_penalty=bool(double))
    deal = HuutopussiDeal.random(seed, rules, dealer=Seat.W)
    random_playout(deal, random.Random(seed))
    if deal.redeal is not None:
        return
    state = scoring.check({**scoring.initial("huutopussi"), **scoring._from_contract(deal), "dbl": double})
    result = scoring.compute(state)
    expected = deal.result()
    assert result.era is None and result.notes == []
    assert result.score.points == expected.points
    assert result.score.made == expected.made
    assert [(s.rule, s.pair, s.points) for s in result.score.steps] == [
        (s.rule, s.pair, s.points) for s in expected.steps
    ]


def test_example_nine_in_the_contract_mode() -> None:
    state = scoring.initial("huutopussi")
    assert scoring.compute(state).score.points[1] == -60  # East–West bid 60, collected 56
    doubled = call("scoring", "en", state, {"type": "set", "dbl": "1"})
    assert doubled["ok"] and scoring.compute(doubled["state"]).score.points[1] == -120
    made = call("scoring", "en", state, {"type": "set", "bid": 56})
    assert scoring.compute(made["state"]).score.points[1] == 56
    assert not call("scoring", "en", state, {"type": "set", "bid": 55})["ok"]
    assert not call("scoring", "en", state, {"type": "set", "bid": 231})["ok"]
    html = scoring.view(state, "fi")
    check_html(html)
    assert rule_name("contract", "fi") in html and 'data-action-field="bid"' in html


def test_contract_play_out() -> None:
    state = scoring.initial("huutopussi")
    reply = call("scoring", "ru", state, {"type": "play-out"})
    assert reply["ok"] and reply["state"]["seed"] != state["seed"]
    assert rule_name("contract", "ru") in reply["html"]
