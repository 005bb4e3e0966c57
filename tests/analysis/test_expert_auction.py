"""The expert's auction from the auction's evaluation (issue 32, Decided 7): in each auction
family, where its switch is on, the call with the best mean of ``analysis.call_work`` (the
hint's construction), legal, the same for the same seed, said in three languages; where the
switch is off, club's call."""

from __future__ import annotations

import dataclasses
import random
import subprocess
import sys
from collections.abc import Callable
from typing import Any

import pytest

from marjapussi import Deal, find_rules
from marjapussi.actions import Redeal
from marjapussi.analysis import bots
from marjapussi.analysis.auction import DealsSetAside, SampledWork
from marjapussi.analysis.bots import (
    AUCTION_EVALUATED,
    AUCTION_FAMILIES,
    AUCTION_NEED_NODES,
    AUCTION_PACE_NODES,
    AUCTION_SLICE_NODES,
    Decision,
    ExpertSettings,
    auction_family,
    choose,
)
from marjapussi.analysis.call_work import call_work
from marjapussi.analysis.core import backend
from marjapussi.analysis.reasons import REASONS
from marjapussi.analysis.view import SeatView
from marjapussi.deal import Phase
from marjapussi.huutopussi import HuutopussiDeal
from marjapussi.marriage_trumps import MarriageTrumpDeal
from marjapussi.messages import LANGUAGES


@pytest.fixture(autouse=True)
def fresh_pace(monkeypatch: pytest.MonkeyPatch) -> None:
    """No pace taken by an earlier test: each test's decisions take their own
    (``bots._auction_pace``, kept for the process)."""
    monkeypatch.setattr(bots, "_auction_pace", {})


WEIGHED = {
    "huutopussi": (Phase.BID, Phase.TRUMP),
    "huutopussi-marriage": (Phase.BID, Phase.GIVE, Phase.RETURN, Phase.DISCARD),
}


def settings(family: str, on: bool) -> ExpertSettings:
    """Small budgets (one deal a call), so that a test stays quick; the switch as asked; no
    deadline (the same call for a seed however loaded the machine)."""
    return ExpertSettings(
        samples=3, bid_samples=3, discard_candidates=2, exact_samples=3,
        auction_families=frozenset({family} if on else ()), auction_deals=1, auction_seconds=None,
    )


def positions(family: str, count: int, phases: tuple[Phase, ...] = ()) -> list[SeatView]:
    """Calls of beginner-played deals that the evaluation weighs, with a choice (of ``phases``
    where given)."""
    rules = find_rules(family)
    rng = random.Random(f"expert-auction:{family}")
    out: list[SeatView] = []
    while len(out) < count:
        deal: Deal
        if rules.family == "huutopussi-marriage":
            deal = MarriageTrumpDeal.random(rng, rules)
        else:
            deal = HuutopussiDeal.random(rng, rules)
        while not deal.is_over() and deal.phase is not Phase.PLAY and len(out) < count:
            view = SeatView.of(deal, deal.to_act)
            choices = [a for a in view.legal if not isinstance(a, Redeal)]
            if view.phase in (phases or WEIGHED[rules.family]) and len(choices) > 1:
                out.append(view)
            deal.play(choose(view, "beginner", rng).action)
    return out


def expected(view: SeatView, seed: int, family: str) -> Decision:
    """What the evaluation itself says, built as the hint builds it, with the seed the bot
    draws first from its generator; where every deal dealt was set aside (its search past
    ``auction_node_cap``), club's call with what is left of the generator."""
    s = settings(family, True)
    rng = random.Random(seed)
    seed_drawn = rng.getrandbits(63)
    work = call_work(
        view, seed_drawn, pilot=1, marriage_pilot=1, max_deals=s.auction_deals, node_cap=s.auction_node_cap
    )
    try:
        return Decision(work.finish().best.call, "expert-auction")
    except DealsSetAside:
        return choose(view, "club", rng, s)


@pytest.mark.parametrize("family", AUCTION_FAMILIES)
def test_with_the_switch_on_expert_calls_the_evaluations_best_the_same_for_a_seed(family: str) -> None:
    rules = find_rules(family)
    if backend(rules) != "core":
        pytest.skip("the compiled core is not built")
    assert auction_family(rules) == family
    on = settings(family, True)
    weighed = 0
    for k, view in enumerate(positions(family, 3)):
        decision = choose(view, "expert", random.Random(k), on)
        assert decision.action in view.legal
        assert decision == choose(view, "expert", random.Random(k), on)
        want = expected(view, k, family)
        assert (decision.action, decision.reason) == (want.action, want.reason)
        weighed += decision.reason == "expert-auction"
        if decision.reason == "expert-auction":
            assert decision.params["samples"] == 1 and decision.params["calls"] >= 2
        for lang in LANGUAGES:
            text = decision.explain(lang)
            assert text.strip() and "{" not in text and "Bid(" not in text and "Pass(" not in text, text
    assert weighed  # at least one call of the family is the evaluation's


@pytest.mark.parametrize("family", ["huutopussi", "huutopussi-marriage", "huutopussi-marriage3"])
def test_the_trumps_and_the_exchange_are_the_evaluations_too(family: str) -> None:
    """The trumps (seed-004 Huutopussi), the cards given or given back and the three-player
    discard (the marriage family): what the evaluation weighs, the switch on."""
    if backend(find_rules(family)) != "core":
        pytest.skip("the compiled core is not built")
    phases = (Phase.TRUMP,) if family == "huutopussi" else (Phase.GIVE, Phase.RETURN, Phase.DISCARD)
    on = settings(family, True)
    (view,) = positions(family, 1, phases)
    decision = choose(view, "expert", random.Random(7), on)
    want = expected(view, 7, family)
    assert decision.action in view.legal
    assert (decision.action, decision.reason) == (want.action, want.reason)


@pytest.mark.parametrize("family", AUCTION_FAMILIES)
def test_with_the_switch_off_expert_calls_as_club(family: str) -> None:
    off = settings(family, False)
    for k, view in enumerate(positions(family, 2)):
        decision = choose(view, "expert", random.Random(k), off)
        club = choose(view, "club", random.Random(k), off)
        assert decision.action == club.action and decision.action in view.legal
        if backend(view.rules) == "core":  # says that it bids as club here
            assert decision.reason == "expert-bids-as-club" and decision.params["why"] == club.reason
            assert decision.explain("en").endswith("has not yet been shown to do as well under these rules)")
            assert len({decision.explain(lang) for lang in LANGUAGES}) == 3


def test_the_switches_name_auction_families_and_the_reason_has_three_languages() -> None:
    assert set(AUCTION_EVALUATED) <= set(AUCTION_FAMILIES)
    assert set(ExpertSettings().auction_families) == set(AUCTION_EVALUATED)
    assert set(REASONS["expert-auction"]) == set(REASONS["expert-bids-as-club"]) == {"fi", "en", "ru"}
    view = positions("huutopussi", 1)[0]
    call = view.legal[-1]
    decision = Decision(call, "expert-auction", {"call": call, "calls": 4, "samples": 2, "value": 12.5})
    texts = {lang: decision.explain(lang) for lang in LANGUAGES}
    assert texts["en"].startswith(("pass:", "bid ", "trumps ")), texts
    assert "2 deals" in texts["en"] and "4 choices" in texts["en"]
    assert len(set(texts.values())) == 3


class SteppedClock:
    """A stand-in for the wall clock of ``expert``'s auction: it reads ``at(steps, work)``,
    from the steps the auction's work has taken so far (recorded with their node budgets)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, at: Callable[[int, Any], float]) -> None:
        self.budgets: list[int] = []
        self.work: Any = None
        real = SampledWork.step

        def step(work: Any, node_budget: int = 0) -> bool:
            self.work = work
            self.budgets.append(node_budget)
            return real(work, node_budget)

        monkeypatch.setattr(SampledWork, "step", step)
        monkeypatch.setattr(bots, "_auction_clock", lambda: at(len(self.budgets), self.work))


def test_the_auction_stops_at_its_deadline_with_clubs_call_when_no_deal_is_weighed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A clock that runs a quarter of a second a step: the deadline of one second stops the
    work after its fourth step, in steps of ``AUCTION_SLICE_NODES``, before a deal is weighed,
    and the call is club's (with what is left of the generator)."""
    on = dataclasses.replace(settings("huutopussi", True), auction_deals=6, auction_seconds=1.0)
    clock = SteppedClock(monkeypatch, lambda steps, _work: 0.25 * steps)
    monkeypatch.setattr(bots, "_auction_nodes", lambda: 0)  # no pace taken: the deadline alone
    view = positions("huutopussi", 1)[0]
    decision = choose(view, "expert", random.Random(3), on)
    assert clock.budgets == [AUCTION_SLICE_NODES] * 4
    assert clock.work.deals == 0
    rng = random.Random(3)
    rng.getrandbits(63)  # the evaluation's seed, drawn first
    club = choose(view, "club", rng, on)
    assert decision.action == club.action
    assert decision.reason == "expert-auction-no-time" and decision.params["why"] == club.reason


def test_past_its_deadline_the_auction_stands_on_the_deals_weighed(monkeypatch: pytest.MonkeyPatch) -> None:
    """A clock that stands still until the first deal is weighed, then jumps past the
    deadline: the call is the evaluation's best over that one deal of the three aimed at."""
    on = dataclasses.replace(settings("huutopussi", True), auction_deals=3, auction_seconds=1.0)
    SteppedClock(monkeypatch, lambda _steps, work: 5.0 if work is not None and work.deals >= 1 else 0.0)
    view = positions("huutopussi", 1)[0]
    decision = choose(view, "expert", random.Random(4), on)
    assert decision.reason == "expert-auction" and decision.params["samples"] == 1
    assert decision.action in view.legal


def paced(monkeypatch: pytest.MonkeyPatch, seconds_a_step: float) -> SteppedClock:
    """A stand-in clock that runs ``seconds_a_step`` a step of the auction's work, and a
    stand-in count of the core's nodes: ``AUCTION_SLICE_NODES`` a step."""
    clock = SteppedClock(monkeypatch, lambda steps, _work: seconds_a_step * steps)
    monkeypatch.setattr(bots, "_auction_nodes", lambda: AUCTION_SLICE_NODES * len(clock.budgets))
    return clock


def test_at_a_pace_too_slow_for_the_deadline_expert_takes_clubs_call_at_once_and_says_why(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The first decision of a family takes the pace after ``AUCTION_PACE_NODES`` nodes (here
    one step of a quarter of a second: 800,000 nodes a second, too slow to reach the family's
    median need within the second) and stops there; the next one takes club's call without a
    step; both say why, in three languages; another family takes its own pace."""
    assert AUCTION_PACE_NODES == AUCTION_SLICE_NODES < AUCTION_NEED_NODES["huutopussi"]
    on = dataclasses.replace(settings("huutopussi", True), auction_deals=2, auction_seconds=1.0)
    clock = paced(monkeypatch, 0.25)
    first, second = positions("huutopussi", 2)
    for view, budgets in ((first, [AUCTION_SLICE_NODES]), (second, [AUCTION_SLICE_NODES])):
        decision = choose(view, "expert", random.Random(5), on)
        assert clock.budgets == budgets  # the second decision made no step
        rng = random.Random(5)
        rng.getrandbits(63)  # the evaluation's seed, drawn first: club's call as after a deadline
        club = choose(view, "club", rng, on)
        assert decision.action == club.action
        assert decision.reason == "expert-auction-no-time" and decision.params["why"] == club.reason
        texts = {lang: decision.explain(lang) for lang in LANGUAGES}
        assert len(set(texts.values())) == 3 and not any("{" in t for t in texts.values()), texts
        assert texts["en"].endswith("needs more time here than a bot's turn has)"), texts["en"]
    assert bots._auction_pace == {"huutopussi": AUCTION_SLICE_NODES / 0.25}
    assert set(REASONS["expert-auction-no-time"]) == {"fi", "en", "ru"}


@pytest.mark.parametrize("family", ["huutopussi", "huutopussi3"])
def test_at_a_pace_that_reaches_the_need_in_time_the_calls_are_the_evaluations_as_without_a_deadline(
    family: str, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A fast pace (a microsecond a step): the pace is taken once, and every call is the one
    the evaluation gives without a deadline for the same seed; another family's slow pace
    does not count."""
    if backend(find_rules(family)) != "core":
        pytest.skip("the compiled core is not built")
    other = "huutopussi-marriage"
    bots._auction_pace[other] = 1.0
    untimed = settings(family, True)
    timed = dataclasses.replace(untimed, auction_seconds=1.0)
    paced(monkeypatch, 1e-6)
    for k, view in enumerate(positions(family, 3)):
        untimed_call = choose(view, "expert", random.Random(k), untimed)
        assert choose(view, "expert", random.Random(k), timed) == untimed_call
    assert set(bots._auction_pace) == {family, other}
    assert bots._in_time(family, 1.0) and not bots._in_time(other, 1.0)


def test_without_a_deadline_no_pace_is_taken_and_none_counts(monkeypatch: pytest.MonkeyPatch) -> None:
    """``auction_seconds=None`` (the strength runs): a slow pace taken before changes nothing,
    and none is taken."""
    if backend(find_rules("huutopussi")) != "core":
        pytest.skip("the compiled core is not built")
    bots._auction_pace["huutopussi"] = 1.0
    untimed = settings("huutopussi", True)
    view = positions("huutopussi", 1)[0]
    decision = choose(view, "expert", random.Random(2), untimed)
    want = expected(view, 2, "huutopussi")
    assert (decision.action, decision.reason) == (want.action, want.reason)
    assert bots._auction_pace == {"huutopussi": 1.0}


def test_seed_004_huutopussi_weighs_its_calls_without_loading_the_marriage_family() -> None:
    """``call_work`` imports the marriage family's weighing at its first call only: the
    browser's first expert call or hint in seed-004 Huutopussi compiles the auction's module
    alone (a fresh interpreter, which has imported nothing of the family)."""
    code = (
        "import random, sys\n"
        "from marjapussi import find_rules\n"
        "from marjapussi.analysis.call_work import call_work\n"
        "from marjapussi.analysis.view import SeatView\n"
        "from marjapussi.huutopussi import HuutopussiDeal\n"
        "deal = HuutopussiDeal.random(random.Random(3), find_rules('huutopussi3'))\n"
        "call_work(SeatView.of(deal, deal.to_act), 0, pilot=1, marriage_pilot=1, max_deals=1)\n"
        "print(sorted(m for m in sys.modules if 'marriage' in m))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]", done.stdout + done.stderr
