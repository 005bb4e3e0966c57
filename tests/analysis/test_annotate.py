"""``python -m marjapussi analyse FILE --annotate [-o OUT]``: the analysis written into the record."""

from __future__ import annotations

import io
import json
import random
from pathlib import Path

import pytest

from marjapussi import Deal, find_rules
from marjapussi.analysis.texts import text
from marjapussi.cli import main
from marjapussi.messages import LANGUAGES
from marjapussi.randomplay import random_action
from marjapussi.record import format_record, from_json, parse_record, record_from_deal, replay

RECORDS = Path(__file__).parents[2] / "examples" / "records"


def _run(*argv: str) -> tuple[int, str]:
    out = io.StringIO()
    status = main(list(argv), out)
    return status, out.getvalue()


@pytest.fixture(scope="module")
def short_record(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A whole seven-trick Pagat deal played at random (quick to analyse, with costly cards)."""
    rng = random.Random(4)
    deal = Deal.random(rng, find_rules("pagat", deck_size=28))
    while not deal.is_over():
        deal.push(random_action(deal, rng))
    path = tmp_path_factory.mktemp("records") / "short.mjp"
    path.write_text(format_record(record_from_deal(deal)), encoding="utf-8")
    return path


@pytest.mark.parametrize("lang", LANGUAGES)
def test_annotate_comments_each_costly_action_and_adds_the_best_line(
    short_record: Path, tmp_path: Path, lang: str
) -> None:
    status, raw = _run("analyse", str(short_record), "--json", "--lang", lang)
    assert status == 0
    findings = json.loads(raw)
    costly = [item for item in findings["deals"][0]["actions"] if item["loss"] > 0]
    assert costly, "random play should cost points somewhere"

    out = tmp_path / f"annotated.{lang}.mjp"
    status, printed = _run("analyse", str(short_record), "--annotate", "-o", str(out), "--lang", lang)
    assert status == 0 and printed == ""
    annotated = parse_record(out.read_text(encoding="utf-8"))
    actions = annotated.deals[0].actions
    for item in costly:
        written = actions[item["index"]]
        assert written.comment == item["text"]  # "♠A? costs 2 points; best ♠7" in the language
        (line,) = written.variations
        assert [str(a.action) for a in line] == item["line"]
        assert line[0].comment == text("best-line", lang)
    assert sum(1 for a in actions if a.variations) == len(costly)
    # It replays to the same score, and the analysis of it finds the same.
    assert replay(annotated).scores == replay(short_record.read_text(encoding="utf-8")).scores
    again = _run("analyse", str(out), "--json", "--lang", lang)
    assert again == (0, raw)


def test_annotate_prints_to_standard_output_and_as_json(short_record: Path) -> None:
    status, printed = _run("analyse", str(short_record), "--annotate", "--lang", "en")
    assert status == 0 and "? costs " in printed and "(" in printed
    status, as_json = _run("analyse", str(short_record), "--annotate", "--json", "--lang", "en")
    assert status == 0
    assert format_record(from_json(as_json)) == printed


def test_annotate_keeps_the_comments_a_record_had() -> None:
    path = RECORDS / "disputed-hand.mjp"
    source = parse_record(path.read_text(encoding="utf-8"))
    status, printed = _run("analyse", str(path), "--annotate", "--lang", "fi")
    assert status == 0
    annotated = parse_record(printed)
    for before, after in zip(source.deals[-1].actions, annotated.deals[-1].actions, strict=True):
        assert before.action == after.action
        if before.comment:
            assert after.comment is not None and after.comment.startswith(before.comment)


def test_annotate_reports_a_file_it_cannot_write(
    short_record: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "missing-folder" / "out.mjp"
    status, _ = _run("analyse", str(short_record), "--annotate", "-o", str(target))
    assert status == 1
    err = capsys.readouterr().err
    assert str(target) in err and "Traceback" not in err


EXAMPLES = sorted(RECORDS.glob("*.mjp"))
QUICK = {"disputed-hand", "illegal-card", "typo", "unclosed"}
"""Analysed in the default run; whole deals (tens of seconds each) are marked slow."""


@pytest.mark.parametrize(
    "path", [pytest.param(p, id=p.stem, marks=() if p.stem in QUICK else pytest.mark.slow) for p in EXAMPLES]
)
def test_annotate_works_on_every_example_record(path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for lang in LANGUAGES:
        status, printed = _run("analyse", str(path), "--annotate", "--lang", lang)
        if status != 0:  # a malformed record or an illegal action: refused with a message
            err = capsys.readouterr().err
            assert err.strip() and "Traceback" not in err
            continue
        annotated = parse_record(printed)
        source = replay(path.read_text(encoding="utf-8"))
        assert replay(annotated).scores == source.scores


@pytest.mark.slow
def test_the_shipped_annotated_deal_is_what_annotate_writes() -> None:
    data = Path(__file__).parents[2] / "marjapussi" / "web" / "data"
    for lang in LANGUAGES:
        source = data / f"guild-first-deal.{lang}.mjp"
        status, printed = _run("analyse", str(source), "--annotate", "--lang", lang)
        assert status == 0
        assert printed == (data / f"guild-first-deal-annotated.{lang}.mjp").read_text(encoding="utf-8")
