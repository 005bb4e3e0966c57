"""Huutopussi with marriage trumps in records and on the command line.

The example records (a deal, a deal whose bidder takes no trick, a game to 500) replay to
the scores their comments give; records round-trip through text and JSON; ``replay``,
``legal`` and ``rules`` speak of the family in three languages; a forged or mistyped
record is refused with its place and rule.
"""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from marjapussi import IllegalAction, RecordError, Seat, find_rules
from marjapussi.cli import main
from marjapussi.i18n import describe_error
from marjapussi.marriage_trumps import MarriageTrumpDeal
from marjapussi.randomplay import random_game
from marjapussi.record import format_record, from_json, parse_record, record_from_deal, replay, to_json

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "records"
DEAL = EXAMPLES / "huutopussi-marriage-deal.mjp"
NO_TRICK = EXAMPLES / "huutopussi-marriage-no-trick.mjp"
GAME = EXAMPLES / "huutopussi-marriage-game.mjp"
LANGS = ("fi", "en", "ru")

# The example records live in the repository, not in the package: inside Pyodide
# (tests/pyodide), which gets only the package and the test modules, they are not there.
pytestmark = pytest.mark.skipif(not DEAL.is_file(), reason="the example records are not here")


def run_cli(*args: str) -> tuple[int, str]:
    out = io.StringIO()
    status = main(list(args), out=out)
    return status, out.getvalue()


def _head(path: Path, lines: int) -> str:
    return "".join(path.read_text(encoding="utf-8").splitlines(keepends=True)[:lines])


# ---------------------------------------------------------------- the example records


def test_the_example_deal_scores_exactly_the_contract() -> None:
    rep = replay(DEAL.read_text(encoding="utf-8"))
    score = rep.scores[0]
    assert score is not None
    assert (score.bid, score.contract, score.collected, score.points) == (55, 60, (136, 134), (60, 134))
    deal = rep.deals[0]
    assert [(d.seat, d.method, d.suit.letter if d.suit else None) for d in deal.declarations] == [
        (Seat.S, "own", "D"),
        (Seat.E, "whole", "C"),
    ]
    assert deal.trump_suit is not None and deal.trump_suit.letter == "C"


def test_the_example_without_a_trick_for_the_bidder() -> None:
    score = replay(NO_TRICK.read_text(encoding="utf-8")).scores[0]
    assert score is not None and score.collected == (130, 140) and score.points == (-110, 140)
    assert score.steps[-1].rule == "no-trick-penalty"


def test_the_example_game_is_what_the_package_plays() -> None:
    record, sheet = random_game(180, find_rules("huutopussi-marriage"))
    record.tags = [("Event", "A game to 500, played at random: random_game(180)")]
    assert GAME.read_text(encoding="utf-8") == format_record(record)
    rep = replay(GAME.read_text(encoding="utf-8"))
    assert rep.sheet.totals == sheet.totals == (-148, 543) and rep.sheet.winner == 1
    redeal = next(i for i, d in enumerate(rep.deals) if d.redeal)
    # A redeal is dealt again by the same dealer; otherwise the deal passes on.
    assert rep.deals[redeal + 1].dealer == rep.deals[redeal].dealer
    assert rep.deals[1].dealer == rep.deals[0].dealer.next


@pytest.mark.parametrize("path", [DEAL, NO_TRICK, GAME], ids=lambda p: p.name)
def test_examples_round_trip_text_and_json(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    record = parse_record(text)
    assert format_record(record) == text
    assert format_record(from_json(to_json(record))) == text


@pytest.mark.parametrize(("name", "seed"), [("huutopussi-marriage", 3), ("huutopussi-marriage3", 5)])
def test_random_games_round_trip_with_every_action_kind(name: str, seed: int) -> None:
    rules = find_rules(name, exchange_count=4) if name == "huutopussi-marriage" else find_rules(name)
    record, sheet = random_game(seed, rules)
    text = format_record(record)
    assert format_record(parse_record(text)) == text
    assert format_record(from_json(to_json(record))) == text
    assert replay(text).sheet.totals == sheet.totals
    words = {str(a.action).split()[0] for d in record.deals for a in d.actions}
    assert {"bid", "pass", "contract"} <= words
    assert ("give" in words and "return" in words) if rules.players == 4 else "discard" in words


def test_totals_tag_starts_a_record_mid_game_and_must_agree_later() -> None:
    deal = MarriageTrumpDeal.random(8, find_rules("huutopussi-marriage"), dealer=Seat.W, totals=(-520, 300))
    assert deal.legal_actions()[0].__class__.__name__ == "Bid"  # the forced opening, 50 only
    assert [str(a) for a in deal.legal_actions()] == ["bid 50"]
    record = record_from_deal(deal)
    text = format_record(record)
    assert '[Totals "-520 300"]' in text
    assert parse_record(text).deals[0].totals == (-520, 300)
    assert json.loads(to_json(record))["deals"][0]["totals"] == [-520, 300]
    assert "totals" not in json.loads(to_json(parse_record(DEAL.read_text(encoding="utf-8"))))["deals"][0]
    after_one = " ".join(map(str, replay(GAME.read_text(encoding="utf-8")).scores[0].points))  # type: ignore[union-attr]
    game = GAME.read_text(encoding="utf-8").replace('[Deal "2"]\n', '[Deal "2"]\n[Totals "0 0"]\n')
    with pytest.raises(IllegalAction) as info:
        replay(game)
    assert info.value.rule == "marriage-game" and info.value.detail["expected"] == after_one
    for lang in LANGS:
        assert after_one in describe_error(info.value, lang)
    agreed = GAME.read_text(encoding="utf-8").replace('[Deal "2"]\n', f'[Deal "2"]\n[Totals "{after_one}"]\n')
    assert replay(agreed).sheet.totals == (-148, 543)


# ---------------------------------------------------------------- bad input


@pytest.mark.parametrize(
    ("edit", "expected"),
    [
        (('[Rules "huutopussi-marriage"]', '[Rules "huutopussi-marriage3"]'), "seat in play"),
        (("[Dealer", '[Totals "1 2 3"]\n[Dealer'), "totals"),
        (("[Dealer", '[Opening "yes"]\n[Dealer'), "a Huutopussi deal tag"),
        (("contract 60", "contract sixty"), "action"),
    ],
)
def test_malformed_records_say_where(edit: tuple[str, str], expected: str) -> None:
    text = DEAL.read_text(encoding="utf-8").replace(*edit, 1)
    with pytest.raises(RecordError) as info:
        replay(text)
    assert info.value.expected == expected
    for lang in LANGS:
        assert describe_error(info.value, lang)


def test_totals_belong_to_this_family_only() -> None:
    guild = '[Rules "guild"]\n\n[Deal "1"]\n[Totals "0 0"]\n'
    with pytest.raises(RecordError) as info:
        parse_record(guild)
    assert info.value.expected == "a marriage-trumps tag"


@pytest.mark.parametrize(
    ("old", "new", "rule", "why"),
    [
        ("give H7 D7 C7", "give H7 D7 HA", "partner-exchange", "own-cards"),
        ("contract 60", "contract 62", "contract-raise", "range"),
        ("contract 60", "contract 50", "contract-raise", "range"),
        ("return H7 D7 C7", "return H7 D7 S7", "partner-exchange", "own-cards"),
        ("bid 55, pass, pass", "bid 55, pass, bid 60", "auction-final-pass", None),
        ("   declare D", "   declare H", "marriage-own", "no-marriage"),
        ("give H7 D7 C7", "give H7 D7", "partner-exchange", "own-cards"),
    ],
)
def test_illegal_exchange_raise_and_calls_are_refused_with_the_rule(
    old: str, new: str, rule: str, why: str | None
) -> None:
    text = DEAL.read_text(encoding="utf-8").replace(old, new, 1)
    with pytest.raises(IllegalAction) as info:
        replay(text)
    assert info.value.rule == rule and info.value.deal == 1 and info.value.line
    if why is not None:
        assert info.value.detail["why"] == why
    for lang in LANGS:
        assert describe_error(info.value, lang)


def test_forged_json_records_are_refused() -> None:
    data = json.loads(to_json(parse_record(DEAL.read_text(encoding="utf-8"))))
    for change, problem in (
        ({"totals": [1]}, "totals"),
        ({"totals": ["0", 0]}, "type-int"),
        ({"totals": [True, 0]}, "type-int"),
    ):
        forged = json.loads(json.dumps(data))
        forged["deals"][0].update(change)
        with pytest.raises(RecordError) as info:
            from_json(json.dumps(forged))
        assert info.value.message_id == f"bad-json:{problem}"
        for lang in LANGS:
            assert describe_error(info.value, lang)
    guild = json.loads(to_json(parse_record(_head(EXAMPLES / "guild-first-deal.mjp", 14))))
    guild["deals"][0]["totals"] = [0, 0]
    with pytest.raises(RecordError) as info:
        from_json(json.dumps(guild))
    assert info.value.message_id == "bad-json:totals"
    forged = json.loads(json.dumps(data))
    forged["deals"][0]["actions"][5]["action"] = "give H7 D7"
    with pytest.raises(IllegalAction) as illegal:
        replay(from_json(json.dumps(forged)))
    assert illegal.value.rule == "partner-exchange"


# ---------------------------------------------------------------- the command line


@pytest.mark.parametrize("lang", LANGS)
def test_replay_speaks_of_the_family_in_each_language(lang: str) -> None:
    status, text = run_cli("replay", str(DEAL), "--lang", lang)
    assert status == 0
    words = {
        "fi": ("Sitoumus 60 lunastettu (136 kerätty)", "tasan 60", "Etelä: kokonainen ♦, 80 pistettä"),
        "en": ("Contract 60 made (136 collected)", "exactly 60", "South: marriage ♦, 80 points"),
        "ru": ("Заказ 60 выполнен (набрано 136)", "ровно 60", "Юг: марьяж ♦, 80 очков"),
    }[lang]
    for word in words:
        assert word in text, word
    assert "must-trump" in text and "give H7 D7 C7" in text
    status, text = run_cli("replay", str(NO_TRICK), "--lang", lang)
    assert status == 0 and "-110" in text


def test_replay_json_of_the_example_game() -> None:
    status, text = run_cli("replay", str(GAME), "--json")
    data = json.loads(text)
    assert status == 0 and data["ok"] and data["winner"] == "EW" and len(data["deals"]) == 10
    rules = {step["rule"] for deal in data["deals"] if deal["score"] for step in deal["score"]["steps"]}
    assert {"marriage-deal", "exact-contract", "marriage-redeal"} <= rules


@pytest.mark.parametrize("lang", LANGS)
def test_legal_in_the_exchange_and_after_a_won_trick(tmp_path: Path, lang: str) -> None:
    exchange = tmp_path / "exchange.mjp"
    exchange.write_text(
        _head(DEAL, 10) + "   bid 50, pass, bid 55, pass, pass, give H7 D7 C7\n", encoding="utf-8"
    )
    status, text = run_cli("legal", str(exchange), "--lang", lang)
    assert status == 0 and "contract 55 … contract 440" in text and "55" in text
    status, text = run_cli("legal", str(exchange), "--json", "--lang", lang)
    data = json.loads(text)
    assert data["phase"] == "contract" and data["auction"]["contract"] == 55 and data["to_act"] == "S"
    window = tmp_path / "window.mjp"
    window.write_text(_head(DEAL, 13), encoding="utf-8")
    status, text = run_cli("legal", str(window), "--json", "--lang", lang)
    data = json.loads(text)
    assert status == 0 and {"declare D", "ask whole", "ask half H"} <= set(data["legal"])


@pytest.mark.parametrize("lang", LANGS)
def test_rules_lists_the_presets_and_their_switches(lang: str) -> None:
    status, text = run_cli("rules", "--lang", lang)
    assert status == 0
    assert "huutopussi-marriage:" in text and "huutopussi-marriage3:" in text
    assert "exchange_count (huutopussi-marriage: 3)" in text
    status, text = run_cli("rules", "--json", "--lang", lang)
    data = json.loads(text)
    assert data["presets"]["huutopussi-marriage3"]["players"] == "3"
    assert "bid_step" not in data["presets"]["huutopussi-marriage"]
    assert "exchange_count" not in data["presets"]["huutopussi"]
    names = {item["name"]: item for item in data["switches"]}
    assert names["win_tiebreak"]["preset"] == "huutopussi-marriage" and names["win_tiebreak"]["help"]


def test_an_illegal_raise_exits_with_status_1(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "raise.mjp"
    path.write_text(DEAL.read_text(encoding="utf-8").replace("contract 60", "contract 61"), encoding="utf-8")
    status, _ = run_cli("replay", str(path), "--lang", "en")
    assert status == 1
    err = capsys.readouterr().err
    assert "South may not set the contract at 61" in err and "The contract and the raise" in err
