"""Bad input gets only the package's own errors, never a traceback, and nothing is lost."""

from __future__ import annotations

import contextlib
import io
import json
from collections.abc import Iterator
from importlib import resources
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from marjapussi import ScoreSheet, SheetError, find_rules
from marjapussi.cli import main
from marjapussi.errors import CardParseError, RecordError
from marjapussi.i18n import describe_error
from marjapussi.record import format_record, from_json, parse_record, to_json

LANGS = ("fi", "en", "ru")
# Records shipped inside the package, so that these tests run inside Pyodide as well.
DATA = resources.files("marjapussi.web") / "data"
GUILD_RECORD = (DATA / "guild-first-deal.en.mjp").read_text(encoding="utf-8")
HP3_HEAD = (
    '[Rules "huutopussi3"]\n\n[Deal "1"]\n[Dealer "E"]\n'
    '[N "H10 HQ H6 DK DJ S10 SQ S6 CA CK CJ"]\n'
    '[E "H9 DA D10 DQ S9 S8 CQ C9 C8 C7 C6"]\n'
    '[S "HA HJ H7 D9 D8 D7 D6 SA SK SJ S7"]\n'
    '[Talon "HK H8 C10"]\n\n'
)
HEAD = GUILD_RECORD.split("{The first deal")[0]


# ---------------------------------------------------------------- the text form


@pytest.mark.parametrize("digit", ["²", "①", "٦٠", "６０"])
def test_a_bid_in_other_digits_is_a_record_error(digit: str) -> None:
    with pytest.raises(CardParseError):
        from marjapussi import parse_action

        parse_action(f"bid {digit}")
    with pytest.raises(RecordError) as info:
        parse_record(HP3_HEAD + f"   bid {digit}\n")
    assert info.value.expected == "action"


def test_a_deal_number_in_other_digits_is_a_record_error() -> None:
    with pytest.raises(RecordError) as info:
        parse_record(HEAD.replace('[Deal "1"]', '[Deal "١"]'))
    assert info.value.expected == "deal number"


def test_a_two_card_discard_is_refused_and_a_discard_prints_back_to_itself() -> None:
    with pytest.raises(RecordError):
        parse_record(HP3_HEAD + "   bid 60, pass, pass, discard H9 H8\n")
    record = parse_record(HP3_HEAD + "   pass, bid 60, pass, pass, discard S8 H9 H8, trump C\n")
    text = format_record(record)
    assert "discard H8 H9 S8" in text
    assert format_record(parse_record(text)) == text


@pytest.mark.parametrize("comments", ["{} {}", "{}", "{a} {} {b}", "{ } {  }"])
def test_empty_comments_print_back_to_the_same_record(comments: str) -> None:
    text = HEAD + comments + "\n1. CA " + comments + " C7 C9 C8\n"
    first = format_record(parse_record(text))
    assert format_record(parse_record(first)) == first
    again = parse_record(first)
    assert parse_record(text).deals[0].comment == again.deals[0].comment
    assert parse_record(text).deals[0].actions[0].comment == again.deals[0].actions[0].comment


def test_a_bad_card_is_reported_at_its_column_however_the_hand_is_spaced() -> None:
    spaced = HEAD.replace('[N "HK H8 H6 DJ D9 D8 S6 C10 C8"]', '[ N   "HK  H8   H6 DJ D9 D8 S6 XX C8"]')
    with pytest.raises(RecordError) as info:
        parse_record(spaced)
    line = spaced.split("\n")[info.value.line - 1]
    assert line[info.value.column - 1 : info.value.column + 1] == "XX"
    talon = HP3_HEAD.replace('[Talon "HK H8 C10"]', '[Talon  "HK   H8 Q10"]')
    with pytest.raises(RecordError) as info:
        parse_record(talon)
    line = talon.split("\n")[info.value.line - 1]
    assert line[info.value.column - 1 : info.value.column + 2] == "Q10"


def test_a_record_of_a_hundred_thousand_comments_or_actions_parses_whole() -> None:
    # How the parse time grows with the record's length is a figure of
    # scripts/bench_engine.py (its "parse" lines), not a timed test.
    large = 100_000
    record = parse_record(HEAD + "{c} " * large)
    assert record.deals[0].comment == " ".join(["c"] * large)
    record = parse_record(HEAD + "CA " * large)
    actions = record.deals[0].actions
    assert len(actions) == large
    assert actions[-1].column == 3 * (large - 1) + 1
    assert {str(a.action) for a in actions} == {str(actions[0].action)}


def test_a_talon_or_a_west_seat_outside_three_player_huutopussi_is_refused() -> None:
    with pytest.raises(RecordError) as info:
        parse_record(HEAD.replace('[Opening "yes"]', '[Opening "yes"]\n[Talon "HA"]'))
    assert info.value.found == "[Talon]"
    with pytest.raises(RecordError):
        parse_record(HP3_HEAD.replace('[Dealer "E"]', '[Dealer "W"]'))
    with pytest.raises(RecordError):
        parse_record(HP3_HEAD.replace('[Talon "HK H8 C10"]', '[W "HK H8 C10"]'))


def test_huutopussi_records_refuse_marjapussi_tags() -> None:
    for tag in ('[Opening "yes"]', '[Leader "N"]', '[Misplay "NS"]'):
        with pytest.raises(RecordError):
            parse_record(HP3_HEAD.replace('[Dealer "E"]', '[Dealer "E"]\n' + tag))


# ---------------------------------------------------------------- the JSON forms

NASTY: list[Any] = [
    "1e400",
    "[1e400]",
    '{"format": Infinity}',
    "NaN",
    "-Infinity",
    "[" + "9" * 5000 + "]",
    "[" * 50_000 + "]" * 50_000,
    '{"a":' * 5000 + "1" + "}" * 5000,
    b"\xff\xfe\xfa",
    b'{"format": "marjapussi-record/1"}',
    "[1.5]",
    "",
    "null",
    "[]",
    '"text"',
]


@pytest.mark.parametrize("text", NASTY, ids=range(len(NASTY)))
def test_json_readers_raise_only_their_own_errors(text: Any) -> None:
    with pytest.raises(RecordError) as info:
        from_json(text)
    for lang in LANGS:
        assert describe_error(info.value, lang)
    with pytest.raises(SheetError) as sheet_info:
        ScoreSheet.from_json(text)
    for lang in LANGS:
        assert describe_error(sheet_info.value, lang)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.recursive(
        st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=5),
        lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
        max_leaves=20,
    )
)
def test_any_json_value_gives_only_the_readers_errors(value: Any) -> None:
    text = json.dumps(value)
    with contextlib.suppress(RecordError):
        from_json(text)
    with contextlib.suppress(SheetError):
        ScoreSheet.from_json(text)


def _record_json() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(to_json(parse_record(GUILD_RECORD)))
    return data


def _refused(change: Any) -> str:
    data = _record_json()
    change(data)
    with pytest.raises(RecordError) as info:
        from_json(json.dumps(data))
    return describe_error(info.value, "en")


def test_json_values_the_text_form_cannot_hold_are_refused_with_the_field_named() -> None:
    deal = lambda d: d["deals"][0]  # noqa: E731
    cases = [
        (lambda d: deal(d)["actions"][0].__setitem__("comment", 5), "deals[0].actions[0].comment"),
        (lambda d: deal(d)["actions"][0].__setitem__("comment", "a\nb"), "deals[0].actions[0].comment"),
        (lambda d: deal(d)["actions"][0].__setitem__("comment", "a {b}"), "deals[0].actions[0].comment"),
        (lambda d: deal(d).__setitem__("comment", ""), "deals[0].comment"),
        (lambda d: d["tags"].append(["a]b", "x"]), "tags[3]"),
        (lambda d: d["tags"].append(["two words", "x"]), "tags[3]"),
        (lambda d: d["tags"].append(["Deal", "2"]), "tags[3]"),
        (lambda d: d["tags"].append(["Note", "line\nbreak"]), "tags[3]"),
        (lambda d: deal(d)["tags"].append(["Dealer", "S"]), "deals[0].tags[0]"),
        (lambda d: deal(d).__setitem__("talon", ["CA", "CK", "CQ"]), "deals[0].talon"),
        (lambda d: deal(d).__setitem__("number", 1.0), "whole numbers"),
        (lambda d: deal(d).__setitem__("number", True), "deals[0].number"),
        (lambda d: deal(d).__setitem__("opening", "yes"), "deals[0].opening"),
        (lambda d: deal(d)["hands"].__setitem__("N", "HK H8"), "deals[0].hands.N"),
        (
            lambda d: deal(d)["actions"][0].__setitem__("action", "discard SA SK"),
            "deals[0].actions[0].action",
        ),
        (lambda d: deal(d).__setitem__("extra", 1), "deals[0].extra"),
        (lambda d: d.__setitem__("rules", "guild scoring=huutopussi"), "rules"),
    ]
    for change, field in cases:
        message = _refused(change)
        assert field in message, (field, message)


def test_json_round_trip_loses_nothing() -> None:
    shipped = [DATA / f"{name}.{lang}.mjp" for name in ("guild-first-deal", "example-deal") for lang in LANGS]
    shipped += sorted((DATA / "positions").iterdir(), key=lambda p: p.name)[:6]
    texts = [p.read_text(encoding="utf-8") for p in shipped] + [HP3_HEAD + "   pass, bid 60, pass, pass\n"]
    for text in texts:
        record = parse_record(text)
        again = from_json(to_json(record))
        assert format_record(again) == format_record(record)
        assert to_json(again) == to_json(record)


@pytest.mark.parametrize(
    ("row", "field"),
    [
        ({"points": "12", "tricks_won": [5, 4]}, "points"),
        ({"points": [True, 2], "tricks_won": [5, 4]}, "points"),
        ({"points": [1, 2, 3], "tricks_won": [5, 4]}, "points"),
        ({"points": [1, 2], "tricks_won": [5, 9]}, "tricks_won"),
        ({"points": [1, 2], "tricks_won": [5, 4], "misplay": "ns"}, "misplay"),
        ({"points": [1, 2], "tricks_won": [5, 4], "carry_out": 1}, "carry_out"),
        ({"points": [1, 2], "tricks_won": [5, 4], "note": "x"}, "keys"),
        ([1, 2], "keys"),
    ],
)
def test_a_sheet_row_is_never_coerced(row: Any, field: str) -> None:
    text = json.dumps(
        {
            "format": "marjapussi-sheet/1",
            "rules": "guild",
            "rows": [{"points": [0, 1], "tricks_won": [4, 5]}, {"points": [0, 1], "tricks_won": [4, 5]}, row],
        }
    )
    with pytest.raises(SheetError) as info:
        ScoreSheet.from_json(text)
    assert (info.value.problem, info.value.row, info.value.field) == ("row", 3, field)
    assert info.value.text == text  # the refused text is kept, unchanged
    for lang in LANGS:
        message = describe_error(info.value, lang)
        assert "row-" not in message and field not in message.split(":")[0]
        assert "3" in message


def test_a_fraction_in_a_sheet_is_refused_not_truncated() -> None:
    text = json.dumps(
        {
            "format": "marjapussi-sheet/1",
            "rules": "guild",
            "rows": [{"points": [1.5, 2], "tricks_won": [5, 4]}],
        }
    )
    with pytest.raises(SheetError) as info:
        ScoreSheet.from_json(text)
    assert info.value.problem == "not-json" and info.value.text == text


def test_the_sheet_message_promises_nothing_untrue() -> None:
    for lang in LANGS:
        message = describe_error(SheetError("format"), lang)
        assert "new sheet" not in message and "uusi" not in message.lower()


# ---------------------------------------------------------------- the command line


def _cli(args: list[str], stdout: io.TextIOBase | None = None) -> tuple[int, str, str]:
    out = stdout or io.StringIO()
    err = io.StringIO()
    with contextlib.redirect_stderr(err):
        status = main(args, out=out)  # type: ignore[arg-type]
    printed = out.getvalue() if isinstance(out, io.StringIO) else ""
    return status, printed, err.getvalue()


def test_cli_reads_latin_1_and_utf_16_and_refuses_binary(tmp_path: Path) -> None:
    text = GUILD_RECORD.replace("Club room", "Kerhohuone Pörssi")
    latin = tmp_path / "latin.mjp"
    latin.write_bytes(text.encode("latin-1"))
    status, out, err = _cli(["replay", str(latin), "--lang", "fi"])
    assert status == 0 and "Latin-1" in err
    utf16 = tmp_path / "utf16.mjp"
    utf16.write_bytes(text.encode("utf-16"))
    assert _cli(["replay", str(utf16), "--lang", "en"])[0] == 0
    binary = tmp_path / "binary.mjp"
    binary.write_bytes(bytes(range(256)))
    cyrillic = tmp_path / "cp1251.mjp"
    cyrillic.write_bytes(GUILD_RECORD.replace("ä", "a").replace("Club room", "Клуб").encode("cp1251"))
    for path in (binary, cyrillic):
        for lang in LANGS:
            status, out, err = _cli(["replay", str(path), "--lang", lang])
            assert status == 1 and str(path) in err and "Traceback" not in err
        status, out, _ = _cli(["replay", str(path), "--json", "--lang", "en"])
        assert status == 1 and json.loads(out)["ok"] is False


def test_cli_output_that_cannot_encode_suits_is_written_anyway(tmp_path: Path) -> None:
    stopped = tmp_path / "stopped.mjp"
    stopped.write_text(GUILD_RECORD.split("\n4. ")[0] + "\n", encoding="utf-8")
    raw = io.BytesIO()
    ascii_out = io.TextIOWrapper(raw, encoding="ascii", errors="strict")
    status = main(["legal", str(stopped), "--lang", "ru"], out=ascii_out)
    ascii_out.flush()
    assert status == 0 and b"?" in raw.getvalue() and b"SQ" in raw.getvalue()


def test_cli_no_deal_is_said_in_each_language_and_as_json(tmp_path: Path) -> None:
    empty = tmp_path / "empty.mjp"
    empty.write_text('[Rules "guild"]\n[Event "Nothing yet"]\n', encoding="utf-8")
    messages = set()
    for lang in LANGS:
        status, out, err = _cli(["replay", str(empty), "--lang", lang])
        assert status == 1 and out == ""
        messages.add(err.strip())
        status, out, _ = _cli(["legal", str(empty), "--json", "--lang", lang])
        data = json.loads(out)
        assert status == 1 and data["ok"] is False and data["message"] == err.strip()
    assert len(messages) == 3  # one message, said in three languages


def test_cli_neutralises_control_characters_from_the_record(tmp_path: Path) -> None:
    evil = GUILD_RECORD.replace("{East holds CA and must lead it.}", "{\x1b]0;owned\x07\x1b[2J\x9b31m}")
    path = tmp_path / "evil.mjp"
    path.write_text(evil, encoding="utf-8")
    status, out, _ = _cli(["replay", str(path), "--lang", "en"])
    assert status == 0
    assert not any(ch in out for ch in "\x1b\x07\x9b")
    assert "<U+001B>]0;owned<U+0007>" in out
    status, out, _ = _cli(["replay", str(path), "--json", "--lang", "en"])
    assert "\x1b" not in out and "\x9b" not in out
    assert json.loads(out)["ok"] is True


def test_a_lone_surrogate_is_read_as_a_replacement_character_wherever_text_enters(tmp_path: Path) -> None:
    """Half of a UTF-16 pair cannot be written as UTF-8: each reader takes it as U+FFFD, so
    that everything said back about the text encodes (the web bridge: tests/web)."""
    comment = "{East holds CA and must lead it.}"
    assert comment in GUILD_RECORD
    text = GUILD_RECORD.replace(comment, "{a \ud800 b}")
    record = parse_record(text)
    comments = [a.comment for d in record.deals for a in d.actions if a.comment]
    assert "a \ufffd b" in comments
    format_record(record).encode("utf-8")
    as_json = to_json(parse_record(GUILD_RECORD)).replace("East holds CA", "East \\ud800 holds CA")
    assert "\\ud800" in as_json
    back = from_json(as_json)
    assert any("East \ufffd holds CA" in (a.comment or "") for d in back.deals for a in d.actions)
    with pytest.raises(RecordError) as error:
        parse_record(GUILD_RECORD.replace("[Dealer", "[Dea\udfffler"))
    describe_error(error.value, "fi").encode("utf-8")
    # the command line: a UTF-8 file holding an encoded surrogate, and a text stream
    path = tmp_path / "surrogate.mjp"
    path.write_bytes(GUILD_RECORD.replace(comment, "{a \udc80 b}").encode("utf-8", "surrogatepass"))
    status, out, err = _cli(["replay", str(path), "--json", "--lang", "en"])
    assert status == 0, err
    out.encode("utf-8")
    assert "a \ufffd b" in out
    stdin = io.StringIO(text)  # no .buffer: read as text, as under a surrogateescape locale
    with _stdin(stdin):
        status, out, _ = _cli(["replay", "-", "--json", "--lang", "en"])
    assert status == 0
    out.encode("utf-8")


@contextlib.contextmanager
def _stdin(stream: io.StringIO) -> Iterator[None]:
    import sys

    saved = sys.stdin
    sys.stdin = stream
    try:
        yield
    finally:
        sys.stdin = saved


def test_rules_json_keeps_every_presets_switches() -> None:
    status, out, _ = _cli(["rules", "--json", "--lang", "en"])
    assert status == 0
    view = json.loads(out)
    assert view["presets"]["pagat"]["target"] == "10"
    assert view["presets"]["guild"]["must_beat"] == "yes"
    assert "min_bid" in view["presets"]["huutopussi"] and "min_bid" not in view["presets"]["guild"]
    assert "declare_from_trick" not in view["presets"]["huutopussi3"]
    assert find_rules("huutopussi3").players == int(view["presets"]["huutopussi3"]["players"])
