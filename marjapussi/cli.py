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
from typing import Any, TextIO

from .actions import Play
from .cards import Seat
from .deal import Deal
from .errors import IllegalAction, MarjapussiError
from .huutopussi import HuutopussiDeal
from .i18n import (
    LANGUAGES,
    describe_declaration,
    describe_error,
    describe_step,
    describe_verdict,
    rule_name,
    seat_name,
    side_code,
    side_label,
    t,
)
from .record import Replay, parse_record, replay
from .rules import PRESETS, Rules
from .switches import switch_help

__all__ = ["main"]


def _default_lang() -> str:
    env = os.environ.get("LANG", "")[:2].lower()
    return env if env in LANGUAGES else "en"


def _read(path: str) -> str:
    if path == "-":
        return sys.stdin.read()
    with open(path, encoding="utf-8") as handle:
        return handle.read()


def _error_json(err: MarjapussiError, lang: str) -> dict[str, Any]:
    data: dict[str, Any] = {"ok": False, "error": type(err).__name__, "message": describe_error(err, lang)}
    if isinstance(err, IllegalAction):
        data.update(
            rule=err.rule,
            seat=err.seat.name if err.seat is not None else None,
            action=str(err.action),
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
        where = t("label:illegal-in-record", lang, deal=err.deal, trick=err.trick)
        pos = f" ({t('label:at', lang, line=err.line, column=err.column)})" if err.line else ""
        return f"{where}{pos}:\n  {message}"
    return message


def _verdict_for_play(deal: Deal, card_code: str, lang: str) -> str | None:
    for verdict in deal.explain():
        if verdict.card.code == card_code and verdict.rule is not None:
            return describe_verdict(verdict, lang, deal.to_act) + f" [{verdict.rule}]"
    return None


def _replay_views(rep: Replay, lang: str) -> list[dict[str, Any]]:
    """Walk every deal again, collecting each action with its reason (for text and JSON)."""
    views = []
    for rec, deal, score, era in zip(rep.record.deals, rep.deals, rep.scores, rep.eras, strict=True):
        walk = deal.copy_start()
        actions = []
        for i, (seat, action) in enumerate(deal.history):
            reason = None
            rule = None
            if isinstance(action, Play):
                for verdict in walk.explain():
                    if verdict.card == action.card and verdict.rule is not None:
                        reason = describe_verdict(verdict, lang, walk.to_act)
                        rule = verdict.rule
            trick = walk.trick_number
            walk.push(action)
            actions.append(
                {
                    "seat": seat.name,
                    "action": str(action),
                    "play": isinstance(action, Play),
                    "trick": trick,
                    "rule": rule,
                    "reason": reason,
                    "comment": deal.comments.get(i),
                }
            )
        views.append(
            {
                "deal": rec.number,
                "dealer": deal.dealer.name,
                "comment": rec.comment,
                "leader": deal.leader.name,
                "opening": deal.opening,
                "hands": {
                    s.name: [c.code for c in sorted(deal.initial_hand(s), key=lambda c: (c.suit, -c.rank))]
                    for s in Seat
                },
                "actions": actions,
                "tricks": [
                    {
                        "number": tr.number,
                        "leader": tr.leader.name,
                        "cards": [c.code for c in tr.cards],
                        "winner": tr.winner.name,
                    }
                    for tr in deal.tricks
                ],
                "declarations": [describe_declaration(d, lang) for d in deal.declarations],
                "finished": deal.is_over(),
                "score": None
                if score is None
                else {
                    "points": {side_code(rep.record.rules, i): p for i, p in enumerate(score.points)},
                    "steps": [
                        {
                            "rule": s.rule,
                            "pair": None if s.pair is None else side_code(rep.record.rules, int(s.pair)),
                            "points": s.points,
                            "text": describe_step(s, lang),
                        }
                        for s in score.steps
                    ],
                },
                "era": None
                if era is None
                else {
                    "before": list(era.before),
                    "after": list(era.after),
                    "outcome": era.outcome,
                    "winner": None if era.winner is None else era.winner.name,
                    "steps": [describe_step(s, lang) for s in era.steps],
                },
            }
        )
    return views


def _print_replay(views: list[dict[str, Any]], rep: Replay, lang: str, out: TextIO) -> None:
    print(f"{t('label:rules', lang)}: {rep.record.rules.spec()}", file=out)
    for view in views:
        dealer = seat_name(Seat[view["dealer"]], lang)
        leader = seat_name(Seat[view["leader"]], lang)
        print(
            f"\n== {t('label:deal', lang)} {view['deal']} "
            f"({t('label:dealer', lang)} {dealer}, {t('label:leader', lang)} {leader})",
            file=out,
        )
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
    print(f"\n{t('label:record-ok', lang)}.", file=out)


def _legal_view(deal: Deal, lang: str) -> dict[str, Any]:
    auction = None
    if isinstance(deal, HuutopussiDeal):
        auction = {
            "high_bid": deal.high_bid or None,
            "bidder": None if deal.bidder is None else deal.bidder.name,
            "min_next": next((b.points for b in deal.lowest_bids(1)), None),
        }
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


def _short_legal(legal: list[str]) -> str:
    """List legal actions, folding a long run of bids into "bid 60 … bid 230"."""
    bids = [a for a in legal if a.startswith("bid ")]
    if len(bids) <= 4:
        return ", ".join(legal) or "-"
    others = [a for a in legal if not a.startswith("bid ")]
    return ", ".join([*others, f"{bids[0]} … {bids[-1]}"])


def _print_legal(view: dict[str, Any], lang: str, out: TextIO) -> None:
    table = " ".join(card for _, card in view["table"]) or "-"
    trump = view["trump"] or t("label:none", lang)
    auction = view.get("auction")
    if view["phase"] == "bid" and auction is not None:
        high = auction["high_bid"]
        bidder = seat_name(Seat[auction["bidder"]], lang) if auction["bidder"] else "-"
        print(f"{t('label:auction', lang)} · {t('label:bid', lang)}: {high or '-'} ({bidder})", file=out)
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


def _rules_view(lang: str) -> dict[str, Any]:
    return {
        "presets": {name: rules.spec() for name, rules in PRESETS.items()},
        "switches": [
            {
                "name": f.name,
                "default": _value_text(getattr(Rules(), f.name)),
                "help": switch_help(f.name, lang),
            }
            for f in fields(Rules)
            if f.name not in ("name", "family")
        ],
    }


def main(argv: list[str] | None = None, out: TextIO | None = None) -> int:
    """Run the command line; return the exit status."""
    out = out or sys.stdout
    parser = argparse.ArgumentParser(
        prog="python -m marjapussi", description="Marjapussi rules: check records, explain positions."
    )
    sub = parser.add_subparsers(dest="command", required=True)
    for name, helptext in (
        ("replay", "check a record and print it trick by trick with reasons and score working"),
        ("legal", "print what may be done at the end of a record and why other cards may not"),
    ):
        cmd = sub.add_parser(name, help=helptext)
        cmd.add_argument("file", help="the record file ('-' for standard input)")
        cmd.add_argument("--json", action="store_true", help="machine-readable output")
        cmd.add_argument("--lang", choices=LANGUAGES, default=_default_lang())
    cmd = sub.add_parser("rules", help="list the presets and every switch")
    cmd.add_argument("--json", action="store_true")
    cmd.add_argument("--lang", choices=LANGUAGES, default=_default_lang())
    args = parser.parse_args(argv)
    lang: str = args.lang

    if args.command == "rules":
        view = _rules_view(lang)
        if args.json:
            print(json.dumps(view, ensure_ascii=False, indent=2), file=out)
        else:
            print(f"{t('label:presets', lang)}:", file=out)
            for name in view["presets"]:
                changed = {
                    k: _value_text(v)
                    for k, v in vars(PRESETS[name]).items()
                    if k not in ("name", "family") and getattr(PRESETS["guild"], k) != v
                }
                print(f"   {name}: {', '.join(f'{k}={v}' for k, v in changed.items()) or '-'}", file=out)
            print(f"{t('label:switches', lang)}:", file=out)
            for item in view["switches"]:
                print(f"   {item['name']} (guild: {item['default']}): {item['help']}", file=out)
        return 0

    try:
        text = _read(args.file)
    except OSError as err:
        print(f"{args.file}: {err.strerror}", file=sys.stderr)
        return 1
    try:
        rep = replay(parse_record(text))
    except MarjapussiError as err:
        if args.json:
            print(json.dumps(_error_json(err, lang), ensure_ascii=False, indent=2), file=out)
        else:
            print(_illegal_text(err, lang), file=sys.stderr)
        return 1
    if not rep.deals:
        print(t("error:error", lang, text="no deal"), file=sys.stderr)
        return 1
    if args.command == "replay":
        views = _replay_views(rep, lang)
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
