"""The command line: replay, legal and rules, in text and JSON, in three languages."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from marjapussi.cli import main
from marjapussi.randomplay import random_game
from marjapussi.record import format_record

from .test_record import SMALL


def run_cli(*args: str) -> tuple[int, str]:
    out = io.StringIO()
    status = main(list(args), out=out)
    return status, out.getvalue()


@pytest.fixture()
def small(tmp_path: Path) -> Path:
    path = tmp_path / "small.mjp"
    path.write_text(SMALL, encoding="utf-8")
    return path


def test_replay_prints_reasons_in_each_language(small: Path) -> None:
    status, text = run_cli("replay", str(small), "--lang", "fi")
    assert status == 0
    assert "opening-lead-clubs-ace" in text and "Kirjaus on kelvollinen" in text
    _, en = run_cli("replay", str(small), "--lang", "en")
    assert "the erä opens with the ace of clubs" in en and "The record is valid" in en
    _, ru = run_cli("replay", str(small), "--lang", "ru")
    assert "эря начинается с трефового туза" in ru


def test_replay_json_of_a_whole_game(tmp_path: Path) -> None:
    record, sheet = random_game(4)
    path = tmp_path / "game.mjp"
    path.write_text(format_record(record), encoding="utf-8")
    status, text = run_cli("replay", str(path), "--json")
    assert status == 0
    data = json.loads(text)
    assert data["ok"] is True and len(data["deals"]) == len(record.deals)
    assert data["winner"] == (sheet.winner.name if sheet.winner is not None else None)
    first = data["deals"][0]
    assert first["score"]["steps"][0]["rule"] == "matti-point"
    assert first["actions"][0]["rule"] == "opening-lead-clubs-ace"


def test_legal_lists_every_card_with_its_reason(small: Path) -> None:
    status, text = run_cli("legal", str(small), "--json")
    assert status == 0
    data = json.loads(text)
    assert data["to_act"] == "W" and data["trick"] == 3
    assert {c["card"] for c in data["cards"]} == set(data["hand"])
    status, text = run_cli("legal", str(small), "--lang", "ru")
    assert status == 0 and "Ходит" in text


def test_invalid_record_exits_non_zero_with_line_and_column(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "bad.mjp"
    path.write_text(SMALL.replace("1. CA", "1. CX"), encoding="utf-8")
    status, _ = run_cli("replay", str(path), "--lang", "en")
    assert status == 1
    assert "line 13, column 4" in capsys.readouterr().err
    status, text = run_cli("legal", str(path), "--json")
    assert status == 1
    data = json.loads(text)
    assert data["ok"] is False and data["line"] == 13 and data["column"] == 4


def test_illegal_action_reports_rule_and_trick(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "illegal.mjp"
    text = (
        SMALL.replace('[N "HA H10 HK HQ HJ H9 H8 H7 H6"]', '[N "HA H10 HK HQ HJ H9 H8 H7 C6"]')
        .replace('[W "CA C10 CK CQ CJ C9 C8 C7 C6"]', '[W "CA C10 CK CQ CJ C9 C8 C7 H6"]')
        .replace("2. C6 H7 D7 S7\n", "")
        .replace("} H6 D6 S6", "} H7 D6 S6")
    )
    path.write_text(text, encoding="utf-8")
    status, text = run_cli("replay", str(path), "--json")
    data = json.loads(text)
    assert status == 1 and data["rule"] == "follow-suit" and data["trick"] == 1 and data["deal"] == 1
    status, _ = run_cli("replay", str(path), "--lang", "fi")
    err = capsys.readouterr().err
    assert "(Maapakko)" in err and "Pohjoisella on aloitusmaata" in err and "rivi 13, sarake 41" in err


def test_missing_file_exits_non_zero(tmp_path: Path) -> None:
    assert run_cli("replay", str(tmp_path / "nope.mjp"))[0] == 1


def test_rules_lists_presets_and_switches() -> None:
    status, text = run_cli("rules", "--lang", "fi")
    assert status == 0 and "pagat" in text and "must_beat" in text
    data = json.loads(run_cli("rules", "--json")[1])
    assert {"guild", "pagat", "huutopussi", "huutopussi3"} <= set(data["presets"])


def test_module_entry_point_runs(small: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "marjapussi", "legal", str(small)], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr


def test_legal_in_a_huutopussi_auction(tmp_path: Path) -> None:
    from marjapussi import Seat, find_rules
    from marjapussi.huutopussi import HuutopussiDeal
    from marjapussi.record import record_from_deal

    deal = HuutopussiDeal.random(21, find_rules("huutopussi"), dealer=Seat.W)
    deal.play("bid 60")
    path = tmp_path / "auction.mjp"
    path.write_text(format_record(record_from_deal(deal)), encoding="utf-8")
    status, text = run_cli("legal", str(path), "--lang", "en")
    assert status == 0 and "Bidding" in text and "bid 65 … bid 230" in text
    data = json.loads(run_cli("legal", str(path), "--json")[1])
    assert data["phase"] == "bid" and data["auction"] == {"high_bid": 60, "bidder": "N", "min_next": 65}


@pytest.mark.parametrize("lang", ["fi", "en", "ru"])
def test_replay_says_when_both_pairs_are_level_past_the_target(tmp_path: Path, lang: str) -> None:
    """All passed, the deal played with no trump, both pairs on 75 past a target of 60: the
    game goes on (``judge_game``), and the replay says so instead of naming a winner."""
    import random

    from marjapussi import Seat, find_rules
    from marjapussi.actions import Pass
    from marjapussi.huutopussi import HuutopussiDeal
    from marjapussi.i18n import game_level_text, t
    from marjapussi.randomplay import random_playout
    from marjapussi.record import record_from_deal, replay

    rules = find_rules("huutopussi", all_pass="no-trump", game_to=60)
    deal = HuutopussiDeal.random(15, rules, dealer=Seat.W)
    for _ in range(4):
        deal.play(Pass())
    random_playout(deal, random.Random(15))
    assert deal.result().points == (75, 75)
    path = tmp_path / "level.mjp"
    path.write_text(format_record(record_from_deal(deal)), encoding="utf-8")
    sheet = replay(record_from_deal(deal)).sheet
    status, text = run_cli("replay", str(path), "--lang", lang)
    assert status == 0 and game_level_text(sheet, lang) in text
    assert t("label:game-winner", lang) not in text
