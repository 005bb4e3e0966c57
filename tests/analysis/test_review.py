"""``python -m marjapussi analyse``: every record of examples/records in three languages."""

from __future__ import annotations

import io
import json
import random
from pathlib import Path

import pytest

from marjapussi import Deal, find_rules
from marjapussi.analysis import solve
from marjapussi.analysis.core import ENVIRONMENT, backend
from marjapussi.analysis.review import PYTHON_EXACT_TRICKS, action_label, exact_from_trick, review_deal
from marjapussi.analysis.texts import TEXTS, text
from marjapussi.cli import main
from marjapussi.messages import LANGUAGES
from marjapussi.randomplay import random_action

RECORDS = sorted((Path(__file__).parents[2] / "examples" / "records").glob("*.mjp"))
QUICK = {"disputed-hand", "illegal-card"}
"""Records analysed in the default run; the full deals (tens of seconds each) are marked slow."""
PARAMS = [
    pytest.param(p, id=p.stem, marks=() if p.stem in QUICK else pytest.mark.slow) for p in RECORDS
]


def _run(*argv: str) -> tuple[int, str]:
    out = io.StringIO()
    status = main(list(argv), out)
    return status, out.getvalue()


def test_there_are_records_to_analyse() -> None:
    assert len(RECORDS) >= 4


@pytest.mark.parametrize("path", PARAMS)
def test_analyse_every_record_in_every_language(path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, raw = _run("analyse", str(path), "--json", "--lang", "en")
    if status != 0:
        # A record with an illegal action: refused with the replay's translated message.
        for lang in LANGUAGES:
            assert _run("analyse", str(path), "--lang", lang)[0] == 1
            err = capsys.readouterr().err
            assert err.strip() and "Traceback" not in err
        return
    view = json.loads(raw)
    assert view["ok"] and view["deals"]
    for deal in view["deals"]:
        for item in deal["actions"]:
            assert item["loss"] == item["best_value"] - item["value"] >= 0
            assert item["values"][item["action"]] == item["value"]
            assert max(item["values"].values()) == item["best_value"]
            assert bool(item["line"]) == (item["loss"] > 0)
    for lang in LANGUAGES:
        status, shown = _run("analyse", str(path), "--lang", lang)
        assert status == 0
        assert text("header", lang) in shown
        costly = [i for d in view["deals"] for i in d["actions"] if i["loss"] > 0]
        # Each costly action is marked ("?") with its cost, the best action and the line.
        assert shown.count("? ") >= len(costly)
        if costly:
            assert text("line", lang, line="").strip() in shown


def test_a_costly_card_is_marked_with_its_cost_and_the_best_card() -> None:
    rng = random.Random(4)
    deal = Deal.random(rng, find_rules("pagat", deck_size=28))  # seven tricks: quick to review
    while not deal.is_over():
        deal.push(random_action(deal, rng))
    reviews = review_deal(deal)
    assert len(reviews) == len(deal.history)
    costly = [r for r in reviews if r.loss > 0]
    assert costly, "random play should make some costly choice"
    for r in costly:
        label = action_label(r.action, "en")
        line = text("costs", "en", action=label, loss=r.loss, best=action_label(r.best, "en"))
        assert line.startswith(f"{label}? costs {r.loss} point")
        assert r.line[0] == r.best
    # The review's values are the solver's at that position.
    walk = deal.copy_start()
    for _, action in deal.history[: reviews[-1].index]:
        walk.push(action)
    assert solve(walk).values == reviews[-1].values


def test_every_analysis_text_is_in_three_languages() -> None:
    for key, entry in TEXTS.items():
        assert set(entry) == set(LANGUAGES), key
        assert all(entry[lang].strip() for lang in LANGUAGES), key


def test_analyse_refuses_an_unreadable_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.mjp"
    bad.write_text("[Rules \"guild\"]\n[Deal \"1\"]\n[N \"SA\"]\n", encoding="utf-8")
    for lang in LANGUAGES:
        assert _run("analyse", str(bad), "--lang", lang)[0] == 1
        err = capsys.readouterr().err
        assert err.strip() and "Traceback" not in err


@pytest.mark.parametrize("lang", LANGUAGES)
def test_analyse_on_rules_the_python_solver_serves_estimates_the_early_tricks_and_says_so(
    lang: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Where the pure-Python solver serves the rules (here the core is hidden), a
    whole-record analysis searches the last
    tricks to the end and looks two tricks ahead before them (a search from the first card
    would take it hours), marks those values inexact and says from which trick it is exact."""
    monkeypatch.setenv(ENVIRONMENT, "off")
    rules = find_rules("huutopussi-marriage")
    first = exact_from_trick(rules)
    assert first == rules.tricks_per_deal - PYTHON_EXACT_TRICKS + 1
    record = str(RECORDS[0].parent / "huutopussi-marriage-deal.mjp")
    assert main(["analyse", record, "--json", "--lang", lang]) == 0
    view = json.loads(capsys.readouterr().out)
    assert view["backend"] == "python" and view["exact_from_trick"] == first
    items = view["deals"][0]["actions"]
    assert {i["exact"] for i in items if i["trick"] < first} == {False}
    assert {i["exact"] for i in items if i["trick"] >= first} == {True}
    assert main(["analyse", record, "--lang", lang]) == 0
    printed = capsys.readouterr().out
    assert text("estimated", lang, trick=first) in printed


def test_with_the_core_the_marriage_family_is_exact_from_the_first_trick(
    capsys: pytest.CaptureFixture[str],
) -> None:
    if backend(find_rules("huutopussi-marriage")) != "core":
        pytest.skip("the compiled core is not built (scripts/setup.sh builds it)")
    assert exact_from_trick(find_rules("huutopussi-marriage")) == 1
    assert exact_from_trick(find_rules("huutopussi-marriage3")) == 1
    record = str(RECORDS[0].parent / "huutopussi-marriage-deal.mjp")
    assert main(["analyse", record, "--json"]) == 0
    view = json.loads(capsys.readouterr().out)
    assert view["backend"] == "core" and view["exact_from_trick"] == 1
    assert {i["exact"] for i in view["deals"][0]["actions"]} == {True}
