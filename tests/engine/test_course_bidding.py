"""The course's bidding exercises (issue 32, Decided 6 and 8): "what does this seat bid
here?" in seed-004 Huutopussi, graded against verdicts the build works out natively with
the auction's evaluation over at least 200 deals a position, on clear-cut positions only.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import marjapussi.course
from marjapussi.actions import Bid, Pass
from marjapussi.course import attempt, check_all, exercise, record_hash, stage_exercises, verdict
from site_hooks import course_verdicts

DATA = Path(marjapussi.course.__file__).resolve().parent / "data"
BIDDING = [e.id for e in stage_exercises("huutopussi-bidding")]


def _lowest(ident: str) -> Bid:
    deal = exercise(ident).position()
    return min((a for a in deal.legal_actions() if isinstance(a, Bid)), key=lambda a: a.points)


def test_the_stage_has_a_clear_pass_a_clear_lowest_bid_and_a_clear_jump() -> None:
    assert len(BIDDING) >= 3
    kinds = set()
    for ident in BIDDING:
        ex = exercise(ident)
        assert ex.kind == "bid" and ex.record.rules.name == "huutopussi"
        solution = ex.offered(ex.position())[[str(a) for a in ex.offered(ex.position())].index(ex.solution)]
        if isinstance(solution, Pass):
            kinds.add("pass")
        elif solution == _lowest(ident):
            kinds.add("lowest")
        else:
            kinds.add("jump")
    assert kinds == {"pass", "lowest", "jump"}


@pytest.mark.parametrize("ident", BIDDING)
def test_each_verdict_stands_on_200_deals_of_this_record_and_is_clear_cut(ident: str) -> None:
    ex = exercise(ident)
    found = verdict(ex)
    assert found.deals >= 200
    assert found.record == record_hash(ex)
    assert sorted(c.call for c in found.calls) == sorted(str(a) for a in ex.offered(ex.position()))
    assert found.best.call == ex.solution and found.best.close
    wrong = found.value_of(ex.wrong)
    assert not wrong.close
    assert found.best.mean - wrong.mean > course_verdicts.CLEAR_SE * wrong.se
    for value in found.calls:  # a call is accepted exactly when it is too close to call
        assert attempt(ex, value.call).ok == value.close
        assert (value.made is None) == (value.call == "pass")


def test_the_verdicts_file_is_the_builds_own_output() -> None:
    data = json.loads((DATA / course_verdicts.VERDICTS.name).read_text(encoding="utf-8"))
    assert data["format"] == course_verdicts.FORMAT and data["deals"] >= 200
    assert sorted(data["exercises"]) == sorted(BIDDING)
    assert check_all() == []


def test_a_wrong_call_is_explained_by_the_rule_the_exercise_practises() -> None:
    for ident in BIDDING:
        ex = exercise(ident)
        outcome = attempt(ex, ex.wrong)
        assert (outcome.ok, outcome.why, outcome.rule) == (False, "worse", ex.wrong_rule)
        with pytest.raises(ValueError):
            attempt(ex, "bid 440")  # not offered


def test_a_changed_record_has_no_verdict_until_the_build_works_it_out_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(marjapussi.course, "record_hash", lambda ex: "0" * 64)
    problems = check_all()
    assert sorted(p.split(":")[0] for p in problems) == sorted(BIDDING)
    assert all("another version of the record" in p for p in problems)
    assert course_verdicts.inputs_key(200) != course_verdicts.inputs_key(199)


def test_fewer_deals_agree_in_direction_with_the_builds_verdict() -> None:
    # The build's own evaluation again, with 24 deals instead of 200 (its sampling seed is the
    # exercise's, so these are the verdict's first deals): the Solution still beats the Wrong
    # answer.
    ident = BIDDING[0]
    ex = exercise(ident)
    small = course_verdicts.evaluate(ex, 24)
    assert small["deals"] == 24
    means = {c["call"]: c["mean"] for c in small["calls"]}
    assert means[ex.solution] > means[ex.wrong]
    big = verdict(ex)
    assert (means[ex.solution] - means[ex.wrong] > 0) == (
        big.value_of(ex.solution).mean - big.value_of(ex.wrong).mean > 0
    )

