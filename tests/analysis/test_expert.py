"""The expert bot: exact search of sampled deals, legal in whole deals of every preset, blind
to the hidden cards, explained in three languages; club's play where the core does not serve."""

from __future__ import annotations

import random

import pytest

from marjapussi import Deal, Seat, find_rules
from marjapussi.analysis.bots import Decision, ExpertSettings, choose, play_deal
from marjapussi.analysis.core import backend
from marjapussi.analysis.sampler import sample_deals
from marjapussi.analysis.view import SeatView
from marjapussi.deal import PLAYING_SEATS, Phase
from marjapussi.huutopussi import HuutopussiDeal
from marjapussi.marriage_trumps import MarriageTrumpDeal
from marjapussi.messages import LANGUAGES
from marjapussi.rule_ids import RULE_IDS
from marjapussi.rules import PRESETS, Rules

SMALL = ExpertSettings(samples=3, bid_samples=3, discard_candidates=2, exact_samples=3, exact_tricks_left=7)
"""Few samples, so that whole deals stay quick; the search is the same."""


def new_deal(rules: Rules, rng: random.Random) -> Deal:
    if rules.family == "huutopussi-marriage":
        return MarriageTrumpDeal.random(rng, rules)
    if rules.family == "huutopussi":
        return HuutopussiDeal.random(rng, rules)
    return Deal.random(rng, rules)


def expert_against_club(rules: Rules) -> dict[Seat, str]:
    return {seat: ("expert" if i % 2 == 0 else "club") for i, seat in enumerate(PLAYING_SEATS[rules.players])}


def assert_explained(decision: Decision) -> None:
    for lang in LANGUAGES:
        text = decision.explain(lang)
        assert text.strip() and "{" not in text and "}" not in text, (decision.reason, lang, text)
        assert not any(f" {rule} " in f" {text} " for rule in RULE_IDS if "-" in rule)
        assert "Seat." not in text and "Suit." not in text and "Card." not in text


@pytest.mark.parametrize("preset", list(PRESETS))
def test_expert_plays_whole_deals_of_every_preset_legally_and_explains_itself(preset: str) -> None:
    """``play_deal`` plays each decision with the engine's checked ``play``; where the core
    serves the rules expert's own exact search decides in the last seven tricks, elsewhere
    club's play, said so."""
    rules = find_rules(preset)
    rng = random.Random(preset)
    seen: set[str] = set()
    levels = expert_against_club(rules)

    def check(seat: Seat, view: SeatView, decision: Decision) -> None:
        assert decision.action in view.legal
        if levels[seat] == "expert" and len(view.legal) > 1:
            seen.add(decision.reason)
        assert_explained(decision)

    for _ in range(2):
        deal = new_deal(rules, rng)
        settings = dict.fromkeys(PLAYING_SEATS[rules.players], SMALL)
        play_deal(deal, levels, rng, settings, check)
        assert deal.is_over()
    if backend(rules) == "core":
        assert "expert" in seen
        assert "expert-as-club" not in seen
    else:
        assert "expert-as-club" in seen and "expert" not in seen


def test_where_the_core_is_hidden_expert_plays_as_club_and_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MARJAPUSSI_CORE", "off")
    view = late_positions("guild", 1)[0][1]
    decision = choose(view, "expert", random.Random(1), SMALL)
    club = choose(view, "club", random.Random(1), SMALL)
    assert decision.reason == "expert-as-club" and decision.action == club.action
    assert decision.explain("en").endswith(
        "(the exact search does not know these rules yet, so it plays as the club player)"
    )
    assert_explained(decision)


def late_positions(preset: str, count: int) -> list[tuple[Deal, SeatView]]:
    """Positions of beginner-played deals in the last seven tricks, with several legal actions."""
    rules = find_rules(preset)
    rng = random.Random(f"expert-positions:{preset}")
    out: list[tuple[Deal, SeatView]] = []
    while len(out) < count:
        deal = new_deal(rules, rng)
        while not deal.is_over():
            view = SeatView.of(deal, deal.to_act)
            left = rules.tricks_per_deal - view.trick_number + 1
            late = deal.phase is Phase.PLAY and left <= SMALL.exact_tricks_left
            if late and len(view.legal) > 1 and rng.random() < 0.3:
                out.append((deal, view))
                break
            deal.play(choose(view, "beginner", rng).action)
    return out


@pytest.mark.parametrize("preset", ["guild", "pagat", "huutopussi", "huutopussi3"])
def test_the_decision_does_not_depend_on_where_the_hidden_cards_lie(preset: str) -> None:
    """Another dealing of the cards the seat cannot see, consistent with all it saw (drawn
    by the sampler, the public history replayed on it), gives the same view and so the
    same decision."""
    for deal, view in late_positions(preset, 3):
        other = sample_deals(view, 1, random.Random(99))[0]
        assert other.hands != deal.hands or len(PLAYING_SEATS[deal.rules.players]) == 3
        assert SeatView.of(other, view.seat) == view
        first = choose(view, "expert", random.Random(5), SMALL)
        again = choose(SeatView.of(other, view.seat), "expert", random.Random(5), SMALL)
        assert first == again
        assert first.reason in ("expert", "only-card") or backend(deal.rules) != "core"


def test_expert_picks_the_best_total_of_the_exact_values() -> None:
    """With the exact values of every sampled deal summed, no legal action totals more."""
    from marjapussi.analysis import solve

    deal, view = late_positions("guild", 1)[0]
    decision = choose(view, "expert", random.Random(3), SMALL)
    worlds = sample_deals(view, SMALL.exact_samples, random.Random(3))
    totals = {a: sum(float(solve(w).values[a]) for w in worlds) for a in view.legal}
    if backend(deal.rules) == "core":
        assert totals[decision.action] == max(totals.values())
        assert decision.params["samples"] == SMALL.exact_samples
