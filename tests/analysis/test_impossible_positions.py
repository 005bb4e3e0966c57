"""Impossible positions (issue 30, items 18 and 19): one Python check, before either
backend, refuses them with one error, ``ImpossiblePosition`` (a ``SolveError``); the
core's own position errors are the same error; only the core's capacity failures (its
memory, a full trace) fall back to the pure-Python search."""

from __future__ import annotations

import random

import pytest

from marjapussi import Deal, Seat, find_rules
from marjapussi.analysis import (
    ContractResult,
    DealPoints,
    ImpossiblePosition,
    Objective,
    SolveError,
    Solver,
    check_position,
)
from marjapussi.analysis.core import CoreError, CoreLibrary, CoreSearch
from marjapussi.analysis.texts import text
from marjapussi.game import deal_from_seed
from marjapussi.marriage_trumps import MarriageTrumpDeal
from marjapussi.randomplay import random_action
from marjapussi.rules import PRESETS

from .core_support import position


def guild_position() -> Deal:
    deal = position(find_rules("guild"), 21, 4, 4)
    assert deal is not None and not deal.trick_cards and deal.pending is None
    return deal


def lowest(mask: int) -> int:
    return mask & -mask


def forged(deal: Deal, how: str) -> Deal:
    """The position changed so that no deal can reach it."""
    hands = deal.hands
    if how == "card-twice":  # East also holds North's lowest card
        card = lowest(hands[Seat.N])
        hands[Seat.E] = (hands[Seat.E] & ~lowest(hands[Seat.E])) | card
    elif how == "card-outside-pack":  # bit 63 (struct.error in the core's encoding before)
        hands[Seat.N] = (hands[Seat.N] & ~lowest(hands[Seat.N])) | 1 << 63
    elif how == "hand-size":  # a card moved from North to East
        card = lowest(hands[Seat.N])
        hands[Seat.N] &= ~card
        hands[Seat.E] |= card
    elif how == "tricks":  # a trick too many for what the pair took
        deal.tricks_won[0] += 1
    elif how == "to-act":
        deal.to_act = deal.to_act.next
    elif how == "trump":
        deal.trump, deal.declared = 2, 0
    return deal


HOWS = ("card-twice", "card-outside-pack", "hand-size", "tricks", "to-act", "trump")


@pytest.mark.parametrize("how", HOWS)
def test_an_impossible_position_is_refused_alike_by_every_backend(solver_backend: str, how: str) -> None:
    deal = forged(guild_position(), how)
    with pytest.raises(ImpossiblePosition) as caught:
        Solver(DealPoints(), backend=solver_backend).solve(deal)
    assert caught.value.reason == how and isinstance(caught.value, SolveError)
    with pytest.raises(ImpossiblePosition):
        check_position(deal)


def test_the_default_backend_refuses_too_and_a_possible_position_passes() -> None:
    deal = guild_position()
    check_position(deal)
    Solver(DealPoints()).solve(deal)
    with pytest.raises(ImpossiblePosition) as caught:
        Solver(DealPoints()).solve(forged(deal, "card-twice"))
    # What a reader is told (``analyse`` prints the solver's refusals in his language).
    said = {lang: text(f"error:{caught.value.problem}", lang) for lang in ("fi", "en", "ru")}
    assert said["en"] == "no deal can reach this position: its cards or tricks do not add up"
    assert len(set(said.values())) == 3


def test_a_marriage_family_position_is_checked_as_well() -> None:
    rules = find_rules("huutopussi-marriage")
    deal = MarriageTrumpDeal.random(7, rules)
    for action in ("bid 50", "pass", "pass", "pass"):
        deal.play(action)
    while deal.legal_actions() and deal.hp_phase.value != "play":
        deal.play(deal.legal_actions()[0])
    check_position(deal)
    hands = deal.hands
    hands[Seat.W] = (hands[Seat.W] & ~lowest(hands[Seat.W])) | lowest(hands[Seat.N])
    with pytest.raises(ImpossiblePosition) as caught:
        Solver(backend="python").solve(deal)
    assert caught.value.reason == "card-twice"


def test_the_cores_own_position_error_is_the_same_error(core_library: CoreLibrary) -> None:
    deal = forged(guild_position(), "card-twice")
    objective = DealPoints()
    with pytest.raises(ImpossiblePosition) as caught:
        CoreSearch(core_library, 16).call("mp_solve", deal, objective, objective.bind(deal))
    assert caught.value.reason == "core"


def refusing(core_library: CoreLibrary, monkeypatch: pytest.MonkeyPatch, status: int) -> None:
    """Make the core answer every call with an error code."""
    monkeypatch.setattr(core_library, "call", lambda name, address, size: status)


def test_only_capacity_failures_fall_back_to_the_python_search(
    core_library: CoreLibrary, monkeypatch: pytest.MonkeyPatch
) -> None:
    deal = guild_position()
    objective: Objective = DealPoints()
    expected = Solver(objective, backend="python").solve(deal)
    # No memory for a buffer: the Python search serves, with the same answer.
    monkeypatch.setattr(core_library, "acquire", lambda size, least, owner: None)
    solver = Solver(objective)
    assert solver.solve(deal).values == expected.values and solver.used == "python"
    with pytest.raises(CoreError) as caught:
        Solver(objective, backend="core").solve(deal)
    assert caught.value.reason == "memory"
    monkeypatch.undo()
    # The core refusing the position: the same error as the Python check's, no fallback.
    refusing(core_library, monkeypatch, -5)
    with pytest.raises(ImpossiblePosition):
        Solver(objective).solve(deal)
    # Any other refusal is a fault to report, not a reason to search again in Python.
    for status, reason in ((-3, "rules"), (-4, "objective"), (-7, "table")):
        refusing(core_library, monkeypatch, status)
        with pytest.raises(CoreError) as caught:
            Solver(objective).solve(deal)
        assert caught.value.reason == reason


def test_a_huutopussi_position_is_checked_before_its_trump_choice() -> None:
    from .core_support import trump_phase

    deal = trump_phase(3) or trump_phase(4) or trump_phase(5)
    assert deal is not None
    check_position(deal)
    deal.hands[Seat.S] |= lowest(deal.hands[Seat.N])
    with pytest.raises(ImpossiblePosition):
        Solver(ContractResult()).solve(deal)


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_every_position_of_seeded_playouts_passes_the_check(preset: str) -> None:
    rules = PRESETS[preset]
    for seed in range(4):
        rng = random.Random(seed)
        deal = deal_from_seed(rules, seed, 1, Seat.W, seed % 2 == 0)
        checked = 0
        while not deal.is_over():
            check_position(deal)
            deal.push(random_action(deal, rng))
            checked += 1
        check_position(deal)
        assert checked > 0
