"""The command line: check a record, replay it with reasons, and ask what is legal.

``python -m marjapussi replay FILE`` prints every deal trick by trick, each compulsory
card with its reason, the declarations and the full score working.
``python -m marjapussi legal FILE`` prints what may be done at the record's end and why
every other card may not. ``python -m marjapussi rules`` lists presets and switches.
``--json`` gives machine-readable output; ``--lang fi|en|ru`` the messages' language.
The exit status is 1 for an invalid record or an illegal action, 2 for a usage error.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from dataclasses import fields
from typing import Any, TextIO, cast

from .cards import Seat
from .deal import Deal
from .errors import IllegalAction, MarjapussiError
from .huutopussi import AuctionDeal, HuutopussiSheet
from .i18n import (
    LANGUAGES,
    describe_error,
    describe_verdict,
    game_level_text,
    rule_name,
    seat_name,
    side_code,
    side_label,
    t,
)
from .outside_text import well_formed
from .record import Replay, parse_record, replay
from .replay_views import replay_views
from .rules import PRESETS, Rules, switch_applies
from .switches import switch_help

__all__ = ["main"]


def _default_lang() -> str:
    env = os.environ.get("LANG", "")[:2].lower()
    return env if env in LANGUAGES else "en"


class UnreadableFile(Exception):
    """A record file that is not text the command can read: ``binary`` or ``encoding``."""

    def __init__(self, problem: str) -> None:
        super().__init__(problem)
        self.problem = problem


# Bytes that Latin-1 (and Windows-1252) give the letters of Finnish and Swedish text:
# ä ö å é and their capitals. A file that is not UTF-8 and uses only these beyond ASCII
# is read as Latin-1, as an old Windows editor saved it; any other is refused.
_LATIN1_LETTERS = frozenset(b"\xe4\xf6\xe5\xe9\xc4\xd6\xc5\xc9")


def decode_record(data: bytes) -> tuple[str, str]:
    """Decode a record file; return the text and the encoding it was read in.

    UTF-8 (with or without a byte-order mark) and UTF-16 with a byte-order mark are read
    as they are, a lone surrogate in them as U+FFFD (``well_formed``); a Latin-1 file whose
    only non-ASCII bytes are Finnish or Swedish letters is read as Latin-1. Anything else
    raises ``UnreadableFile``.

    >>> decode_record("♣A".encode("utf-8"))
    ('♣A', 'utf-8')
    >>> decode_record("{Päättö}".encode("latin-1"))
    ('{Päättö}', 'latin-1')
    >>> decode_record(b"{\\xed\\xa0\\x80}")
    ('{�}', 'utf-8')
    """
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        try:
            return well_formed(data.decode("utf-16", "surrogatepass")), "utf-16"
        except UnicodeDecodeError:
            raise UnreadableFile("encoding") from None
    if b"\x00" in data:
        raise UnreadableFile("binary")
    try:
        return well_formed(data.decode("utf-8-sig", "surrogatepass")), "utf-8"
    except UnicodeDecodeError:
        pass
    if all(b < 0x80 or b in _LATIN1_LETTERS for b in data):
        return data.decode("latin-1"), "latin-1"
    raise UnreadableFile("encoding")


def _read(path: str) -> tuple[str, str]:
    if path == "-":
        stream = getattr(sys.stdin, "buffer", None)
        if stream is None:  # a text stream may carry lone surrogates (surrogateescape)
            return well_formed(sys.stdin.read()), "utf-8"
        return decode_record(stream.read())
    with open(path, "rb") as handle:
        return decode_record(handle.read())


# Control characters (C0 and C1, DEL) a record may carry in its comments or tags; a
# terminal would obey them (an escape sequence can retitle or clear it), so text output
# shows each as a visible code point such as <U+001B> instead. Line breaks stay.
_CONTROLS = {c: f"<U+{c:04X}>" for c in (*range(0x20), *range(0x7F, 0xA0)) if c != 0x0A}


def neutralise(text: str) -> str:
    """Replace control characters (except the line break) by a visible code point.

    >>> neutralise("a\x1b]0;owned\x07b")
    'a<U+001B>]0;owned<U+0007>b'
    """
    return text.translate(_CONTROLS)


# Suit symbols as the record's letters, for a console whose encoding has no ♣.
_SUIT_LETTERS = str.maketrans(
    {"♣": "C", "♦": "D", "♥": "H", "♠": "S", "–": "-", "—": "-", "…": "...", "·": "|"}
)


class _SafeText:
    """A text stream wrapper that neutralises control characters and writes what the
    stream's encoding cannot hold as ``?`` (a console that has no ♣)."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream
        encoding = getattr(stream, "encoding", None) or "utf-8"
        self.encoding = encoding

    def write(self, text: str) -> int:
        text = neutralise(text)
        try:
            text.encode(self.encoding)
        except (UnicodeEncodeError, LookupError):
            text = text.translate(_SUIT_LETTERS)
            text = text.encode(self.encoding, "replace").decode(self.encoding, "replace")
        return self.stream.write(text)

    def flush(self) -> None:
        self.stream.flush()


def _error_json(err: MarjapussiError, lang: str) -> dict[str, Any]:
    data: dict[str, Any] = {"ok": False, "error": type(err).__name__, "message": describe_error(err, lang)}
    if isinstance(err, IllegalAction):
        data.update(
            rule=err.rule,
            seat=err.seat.name if err.seat is not None else None,
            action=None if err.action is None else str(err.action),
            trick=err.trick,
            deal=getattr(err, "deal", None),
            line=getattr(err, "line", None),
            column=getattr(err, "column", None),
        )
    for key in ("line", "column", "expected", "found"):
        if hasattr(err, key) and key not in data:
            data[key] = getattr(err, key)
    return data


def _illegal_text(err: MarjapussiError, lang: str) -> str:
    message = describe_error(err, lang)
    if isinstance(err, IllegalAction) and getattr(err, "deal", None) is not None:
        if err.trick is None:
            where = t("label:error-in-deal", lang, deal=err.deal)
        else:
            where = t("label:illegal-in-record", lang, deal=err.deal, trick=err.trick)
        pos = f" ({t('label:at', lang, line=err.line, column=err.column)})" if err.line else ""
        return f"{where}{pos}:\n  {message}"
    return message


def _verdict_for_play(deal: Deal, card_code: str, lang: str) -> str | None:
    for verdict in deal.explain():
        if verdict.card.code == card_code and verdict.rule is not None:
            return describe_verdict(verdict, lang, deal.to_act) + f" [{verdict.rule}]"
    return None


def _print_replay(views: list[dict[str, Any]], rep: Replay, lang: str, out: TextIO) -> None:
    print(f"{t('label:rules', lang)}: {rep.record.rules.spec()}", file=out)
    for view in views:
        dealer = seat_name(Seat[view["dealer"]], lang)
        # A Huutopussi deal that stops in its auction has no leader yet.
        leader = "" if view["leader"] is None else (
            f", {t('label:leader', lang)} {seat_name(Seat[view['leader']], lang)}")
        deal = f"{t('label:deal', lang)} {view['deal']}"
        print(f"\n== {deal} ({t('label:dealer', lang)} {dealer}{leader})", file=out)
        for seat in Seat:
            print(f"   {seat.name}: {' '.join(view['hands'][seat.name])}", file=out)
        if view.get("comment"):
            print(f"   {{{view['comment']}}}", file=out)
        current = 0
        for item in view["actions"]:
            if item["play"] and item["trick"] != current:
                current = item["trick"]
                print(f"{t('label:trick', lang)} {current}:", file=out)
            who = seat_name(Seat[item["seat"]], lang)
            line = f"   {who:<10} {item['action']}"
            if item["reason"]:
                line += f"  — {item['reason']} [{item['rule']}]"
            if item["comment"]:
                line += f"  {{{item['comment']}}}"
            print(line, file=out)
        for text in view["declarations"]:
            print(f"   {t('label:declaration', lang)}: {text}", file=out)
        if view["score"] is not None:
            print(f"-- {t('label:deal-points', lang)}:", file=out)
            for step in view["score"]["steps"]:
                print(f"   {step['text']}", file=out)
            pts = view["score"]["points"]
            rules = rep.record.rules
            shown = ", ".join(f"{side_label(rules, i, lang)} {p}" for i, p in enumerate(pts.values()))
            print(f"   = {shown}", file=out)
        if view["era"] is not None:
            print(f"-- {t('label:totals', lang)}:", file=out)
            for text in view["era"]["steps"]:
                print(f"   {text}", file=out)
            before, after = view["era"]["before"], view["era"]["after"]
            print(f"   {before[0]}–{before[1]} → {after[0]}–{after[1]}", file=out)
    sheet = rep.sheet
    if sheet.winner is not None:
        winner = side_label(rep.record.rules, int(sheet.winner), lang)
        print(f"\n{t('label:game-winner', lang)}: {winner}", file=out)
    elif isinstance(sheet, HuutopussiSheet) and sheet.level:
        print(f"\n{game_level_text(sheet, lang)}", file=out)
    print(f"\n{t('label:record-ok', lang)}.", file=out)


def _legal_view(deal: Deal, lang: str) -> dict[str, Any]:
    auction = None
    if isinstance(deal, AuctionDeal):
        auction = {
            "high_bid": deal.high_bid or None,
            "bidder": None if deal.bidder is None else deal.bidder.name,
            "min_next": next((b.points for b in deal.lowest_bids(1)), None),
        }
        contract = getattr(deal, "contract", 0)
        if contract:
            auction["contract"] = contract
    return {
        "auction": auction,
        "position": deal.position_text(),
        "trick": deal.trick_number,
        "to_act": deal.to_act.name,
        "phase": deal.phase.value,
        "trump": None if deal.trump_suit is None else deal.trump_suit.letter,
        "table": [[s.name, c.code] for s, c in deal.table],
        "hand": [c.code for c in sorted(deal.hand(deal.to_act), key=lambda c: (c.suit, -c.rank))],
        "legal": [str(a) for a in deal.legal_actions()],
        "cards": [
            {
                "card": v.card.code,
                "allowed": v.allowed,
                "rule": v.rule,
                "rule_name": None if v.rule is None else rule_name(v.rule, lang),
                "reason": describe_verdict(v, lang, deal.to_act),
            }
            for v in deal.explain()
        ],
    }


# Actions that come in long runs: bids, contracts and the cards of an exchange or discard.
_RUNS = ("bid ", "contract ", "give ", "return ", "discard ")


def _short_legal(legal: list[str]) -> str:
    """List legal actions, folding a long run of bids into "bid 60 … bid 230" (and so the
    contracts, and the cards one may give, return or put away)."""
    out = [a for a in legal if not a.startswith(_RUNS)]
    for head in _RUNS:
        run = [a for a in legal if a.startswith(head)]
        out += run if len(run) <= 4 else [f"{run[0]} … {run[-1]}"]
    return ", ".join(out) or "-"


def _print_legal(view: dict[str, Any], lang: str, out: TextIO) -> None:
    table = " ".join(card for _, card in view["table"]) or "-"
    trump = view["trump"] or t("label:none", lang)
    auction = view.get("auction")
    if view["phase"] not in ("play", "answer", "done") and auction is not None:
        high = auction["high_bid"]
        bidder = seat_name(Seat[auction["bidder"]], lang) if auction["bidder"] else "-"
        line = f"{t('label:auction', lang)} · {t('label:bid', lang)}: {high or '-'} ({bidder})"
        if auction.get("contract"):
            line += f" · {t('label:contract', lang)}: {auction['contract']}"
        print(line, file=out)
    else:
        print(
            f"{t('label:trick', lang)} {view['trick']} · {t('label:trump', lang)}: {trump} · "
            f"{t('label:table', lang)}: {table}",
            file=out,
        )
    print(
        f"{t('label:to-act', lang)}: {seat_name(Seat[view['to_act']], lang)} ({' '.join(view['hand'])})",
        file=out,
    )
    print(f"{t('label:legal', lang)}: {_short_legal(view['legal'])}", file=out)
    for item in view["cards"]:
        mark = t("allowed", lang) if item["allowed"] else t("refused", lang)
        rule = f" [{item['rule']}]" if item["rule"] else ""
        print(f"   {item['card']:<4} {mark}: {item['reason']}{rule}", file=out)


def _value_text(value: Any) -> str:
    """A switch value as written on a Rules line (yes/no for booleans)."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def _first_preset(switch: str) -> Rules:
    """The first preset a switch applies to: guild, else huutopussi, else huutopussi-marriage."""
    for family, name in (("marjapussi", "guild"), ("huutopussi", "huutopussi")):
        if switch_applies(switch, family):
            return PRESETS[name]
    return PRESETS["huutopussi-marriage"]


def _rules_view(lang: str) -> dict[str, Any]:
    """Every preset with the value of each switch that applies to it, and every switch
    with its value in the first preset it applies to (guild, huutopussi, or
    huutopussi-marriage)."""
    switches = [f.name for f in fields(Rules) if f.name not in ("name", "family")]
    return {
        "presets": {
            name: {s: _value_text(getattr(rules, s)) for s in switches if switch_applies(s, rules.family)}
            for name, rules in PRESETS.items()
        },
        "switches": [
            {
                "name": s,
                "preset": base.name,
                "default": _value_text(getattr(base, s)),
                "help": switch_help(s, lang),
            }
            for s in switches
            for base in [_first_preset(s)]
        ],
    }


def _print_rules(view: dict[str, Any], lang: str, out: TextIO) -> None:
    print(f"{t('label:presets', lang)}:", file=out)
    defaults = {item["name"]: item["default"] for item in view["switches"]}
    for name, values in view["presets"].items():
        changed = [f"{k}={v}" for k, v in values.items() if v != defaults[k]]
        print(f"   {name}: {', '.join(changed) or '-'}", file=out)
    print(f"{t('label:switches', lang)}:", file=out)
    for item in view["switches"]:
        print(f"   {item['name']} ({item['preset']}: {item['default']}): {item['help']}", file=out)


TABLE_NEEDS = ("starlette", "uvicorn", "websockets", "segno")
"""What the room server needs beyond the standard library: the ``table`` extra."""


def _table(argv: list[str], err_out: TextIO) -> int:
    """Hand ``table`` over to the room server's own command line, if its extra is installed."""
    import importlib
    import importlib.util

    missing = [name for name in TABLE_NEEDS if importlib.util.find_spec(name) is None]
    if missing:
        print(
            f"python -m marjapussi table needs the \"table\" extra ({', '.join(missing)} missing):\n"
            '    pip install "marjapussi[table]"',
            file=err_out,
        )
        return 2
    table: Any = importlib.import_module("marjapussi.rooms.cli")
    status: int = table.main(argv)
    return status


def main(argv: list[str] | None = None, out: TextIO | None = None) -> int:
    """Run the command line; return the exit status.

    Text output goes through a filter that neutralises control characters from the
    record and replaces what the console's encoding cannot show; JSON output escapes
    them itself.
    """
    out = cast(TextIO, _SafeText(out or sys.stdout))
    err_out = cast(TextIO, _SafeText(sys.stderr))
    given = sys.argv[1:] if argv is None else argv
    if given[:1] == ["table"]:
        return _table(given[1:], err_out)
    parser = argparse.ArgumentParser(
        prog="python -m marjapussi", description="Marjapussi rules: check records, explain positions."
    )
    sub = parser.add_subparsers(dest="command", required=True)
    for name, helptext in (
        ("replay", "check a record and print it trick by trick with reasons and score working"),
        ("legal", "print what may be done at the end of a record and why other cards may not"),
        ("analyse", "weigh every card and declaration against the best, all hands open"),
    ):
        cmd = sub.add_parser(name, help=helptext)
        cmd.add_argument("file", help="the record file ('-' for standard input)")
        cmd.add_argument("--json", action="store_true", help="machine-readable output")
        cmd.add_argument("--lang", choices=LANGUAGES, default=_default_lang())
        if name == "analyse":
            cmd.add_argument(
                "--annotate",
                action="store_true",
                help="write the record back with a comment on each costly action and the best line",
            )
            cmd.add_argument("-o", "--output", metavar="OUT", help="with --annotate: the file to write")
            cmd.add_argument(
                "--auction-deals",
                type=int,
                default=None,
                metavar="N",
                help="Huutopussi: deals sampled to weigh each call of the bidding (default 0: not"
                " weighed; 8 gives usable figures in about half a minute of CPU a deal)",
            )
    sub.add_parser("table", help="run the teaching table's room server (the [table] extra; table --help)")
    cmd = sub.add_parser("rules", help="list the presets and every switch")
    cmd.add_argument("--json", action="store_true")
    cmd.add_argument("--lang", choices=LANGUAGES, default=_default_lang())
    from .course.cli import add_command, run  # the course's own command

    add_command(sub, _default_lang())
    args = parser.parse_args(argv)
    lang: str = args.lang
    if args.command == "exercises":
        return run(lang, args.json, out)

    if args.command == "rules":
        view = _rules_view(lang)
        if args.json:
            print(json.dumps(view, ensure_ascii=False, indent=2), file=out)
        else:
            _print_rules(view, lang, out)
        return 0

    try:
        text, encoding = _read(args.file)
    except OSError as err:
        print(f"{args.file}: {err.strerror}", file=err_out)
        return 1
    except UnreadableFile as err:
        message = t(f"error:file-{err.problem}", lang, file=args.file)
        if args.json:
            data = {"ok": False, "error": "UnreadableFile", "message": message}
            print(json.dumps(data, ensure_ascii=False, indent=2), file=out)
        else:
            print(message, file=err_out)
        return 1
    if encoding == "latin-1":
        print(t("note:read-latin-1", lang, file=args.file), file=err_out)
    try:
        rep = replay(parse_record(text))
    except MarjapussiError as err:
        if args.json:
            print(json.dumps(_error_json(err, lang), ensure_ascii=False, indent=2), file=out)
        else:
            print(_illegal_text(err, lang), file=err_out)
        return 1
    if not rep.deals:
        message = t("error:no-deal", lang)
        if args.json:
            data = {"ok": False, "error": "NoDeal", "message": message}
            print(json.dumps(data, ensure_ascii=False, indent=2), file=out)
        else:
            print(message, file=err_out)
        return 1
    if args.command == "analyse":
        from .analysis.review import run_analyse

        # Weighing the bidding samples deals and searches each one for every declarer and
        # trump (about 30 s of CPU a deal at 8 deals a call): the reader asks for it.
        deals = 0 if args.auction_deals is None else max(0, args.auction_deals)
        return run_analyse(rep, lang, args.json, out, sys.stderr, args.annotate, args.output, deals)
    if args.command == "replay":
        views = replay_views(rep, lang)
        if args.json:
            print(
                json.dumps(
                    {
                        "ok": True,
                        "rules": rep.record.rules.spec(),
                        "deals": views,
                        "winner": None
                        if rep.sheet.winner is None
                        else side_code(rep.record.rules, int(rep.sheet.winner)),
                    },
                    ensure_ascii=False,
                    indent=2,
                ),
                file=out,
            )
        else:
            _print_replay(views, rep, lang, out)
        return 0
    if rep.last.is_over():
        done = t("refuse:deal-over", lang)
        if args.json:
            print(json.dumps({"ok": True, "over": True, "message": done}, ensure_ascii=False), file=out)
        else:
            print(done[:1].upper() + done[1:] + ".", file=out)
        return 0
    view = _legal_view(rep.last, lang)
    if args.json:
        print(json.dumps({"ok": True, **view}, ensure_ascii=False, indent=2), file=out)
    else:
        _print_legal(view, lang, out)
    return 0
