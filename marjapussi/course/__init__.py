"""The course: short stages of exercises whose goals the engine checks.

Each exercise is a game record in ``marjapussi/course/data`` (the record format, with
extra game tags): the position is the record's last deal after its actions, and the
tags say what the reader is asked to do::

    [Exercise "follow-1"]        stable id (the file name)
    [Stage "follow"]             one of STAGES
    [Goal "legal"]               what counts as solved (see GOALS)
    [Practises "follow-suit"]    the rule ids the exercise practises (first: its main rule)
    [Offer "declare H, ask whole"]  actions offered beside the cards (optional)
    [Choices "7 10 12"]          the answers offered for a question goal
    [Solution "S9"]              the intended solution (checked by the tests)
    [Wrong "H6"]                 a typical wrong answer ...
    [WrongRule "follow-suit"]    ... and the rule that explains it
    [Before "9 4"]               erä (or game) totals before the deal, for scoring questions
    [Deals "400"]                deals a bidding verdict stands on, past the build's 200

A ``bid`` goal (seed-004 Huutopussi: "what does this seat bid here?") is graded against a
verdict worked out when the site is built, not by a rule: ``site_hooks/course_verdicts.py``
values every offered call with the auction's evaluation (``analysis.auction``: at least
200 deals consistent with what the seat knows, each played out with all hands open) and
writes ``data/verdicts.json``, which ``verdict`` reads. A call too close to the best to call
(not ``auction.clearly_worse``: within two paired standard errors, or the best ahead in
fewer than six deals) counts as solved (issue 32, Decided 6);
only clear-cut positions become exercises: the record's Solution is the best call and its
Wrong answer lies more than three paired standard errors below it (the build refuses a
position that is not).

Nothing here knows of browsers or languages: ``attempt`` says whether an answer meets
the goal, and if not, which rule explains why (the engine's refusal, or the rule the
goal is about).

>>> ex = exercise("follow-1")
>>> ex.stage, ex.goal, attempt(ex, ex.solution).ok
('follow', 'legal', True)
>>> attempt(ex, ex.wrong).rule
'follow-suit'
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from ..actions import Action, AskHalf, AskWhole, Declare, Discard, Play, Redeal, parse_action
from ..cards import Pair, Seat, Suit, parse_card
from ..deal import Deal
from ..errors import CardParseError, IllegalAction, MarjapussiError
from ..record import GameRecord, new_deal, parse_record
from ..scoring import CARD_POINTS, ScoreSheet, apply_to_totals, count_cards, next_deal_start

__all__ = [
    "GOALS",
    "MEASURES",
    "STAGES",
    "CallVerdict",
    "Exercise",
    "Outcome",
    "Verdict",
    "attempt",
    "exercise",
    "exercises",
    "measure",
    "stage_exercises",
    "verdict",
]

STAGES: tuple[str, ...] = (
    "cards",
    "follow",
    "trumping",
    "beating",
    "first-ace",
    "opening",
    "window",
    "declaring",
    "asking",
    "small-trump",
    "matit",
    "last-trick",
    "era",
    "misplay",
    "pagat",
    "huutopussi",
    "huutopussi-bidding",
    "huutopussi-marriage",
)
"""The stages in course order, each one rule idea."""

GOALS: tuple[str, ...] = (
    "legal",  # do anything the rules allow
    "win-cheap",  # take the trick with the lowest card that takes it
    "duck",  # play a card that does not take the trick
    "all-legal",  # pick every card that may be played
    "declare",  # make the suit of the goal's argument declared (trump or small trump)
    "no-burn",  # declare something and burn nothing
    "marriage",  # announce a marriage by leading it (Huutopussi)
    "redeal",  # ask for a redeal (Huutopussi)
    "discard",  # put three cards away (three-player Huutopussi)
    "ask",  # answer a question: the goal's argument names the measure
    "bid",  # call as well as the build's verdict allows (seed-004 Huutopussi's bidding)
)
"""The kinds of goal (a goal tag is a kind, or ``kind:argument``)."""

MEASURES: tuple[str, ...] = (
    "winner-card",
    "to-act",
    "partner",
    "next-dealer",
    "points",
    "matti",
    "pips",
    "era-after",
    "era-winner",
    "game-winner",
    "window",
    "look-back",
    "hand-size",
    "card-points",
    "hp-points",
    "hp-collected",
    "hp-game-winner",
)
"""What a question may ask (``ask:MEASURE`` or ``ask:MEASURE:NS``)."""

ID = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")


@dataclass(frozen=True)
class Outcome:
    """How an answer went: ``ok``, else ``rule`` explains why and ``why`` names the failure.

    ``why``: ``refused`` (the engine refused the action: ``error`` holds it), ``wrong``
    (a question answered wrongly), ``worse`` (a call that brings clearly less than the
    best, ``verdict``), ``not-winning``, ``too-dear``, ``wins``,
    ``not-declared``, ``burned``, ``no-marriage``, ``not-redeal``, ``picked-refused``
    (``card`` was picked but may not be played), ``missed`` (``card`` may be played too).
    """

    ok: bool
    rule: str | None = None
    why: str = ""
    card: str = ""
    error: IllegalAction | None = None


@dataclass(frozen=True)
class Exercise:
    """One exercise: its record and the tags that say what to do."""

    id: str
    stage: str
    goal: str
    practises: tuple[str, ...]
    offer: tuple[str, ...]
    choices: tuple[str, ...]
    solution: str
    wrong: str
    wrong_rule: str
    record: GameRecord
    tags: dict[str, str] = field(default_factory=dict)

    @property
    def kind(self) -> str:
        """The goal's kind (``ask`` for ``ask:points:NS``)."""
        return self.goal.split(":", 1)[0]

    @property
    def argument(self) -> str:
        """The goal's argument (``points:NS`` for ``ask:points:NS``; empty if none)."""
        return self.goal.partition(":")[2]

    @property
    def rule(self) -> str:
        """The exercise's main rule: what a goal missed is explained by."""
        return self.practises[0]

    def position(self) -> Deal:
        """A fresh deal standing at the exercise's position."""
        rec = self.record.deals[-1]
        opening = True if rec.opening is None else rec.opening
        deal = new_deal(
            self.record.rules, rec.hands, rec.dealer, opening, rec.leader, rec.talon, rec.totals
        )
        # Unchecked: every exercise's record is replayed with the checks by the tests.
        for item in rec.actions:
            deal.push(item.action)
        return deal

    def offered(self, deal: Deal) -> list[Action]:
        """The actions offered as answers: the offer tag's, then the cards in hand."""
        out = [parse_action(text) for text in self.offer]
        if self.kind != "ask" and deal.pending is None and deal.phase.value == "play":
            out += [Play(c) for c in deal.hand(deal.to_act)]
        return out


def _data_dir() -> Path:
    return Path(__file__).resolve().parent / "data"


def _split(value: str, sep: str = " ") -> tuple[str, ...]:
    return tuple(w.strip() for w in value.split(sep) if w.strip())


def _read(path: Path) -> Exercise:
    record = parse_record(path.read_text(encoding="utf-8"))
    tags = dict(record.tags)
    ident = tags.get("Exercise", "")
    if ident != path.name[:-4] or not ID.fullmatch(ident):
        raise ValueError(f"{path.name}: the Exercise tag must be the file name, got {ident!r}")
    stage = tags.get("Stage", "")
    if stage not in STAGES:
        raise ValueError(f"{path.name}: unknown stage {stage!r}")
    goal = tags.get("Goal", "")
    if goal.split(":", 1)[0] not in GOALS:
        raise ValueError(f"{path.name}: unknown goal {goal!r}")
    if goal.startswith("ask:") and goal.split(":")[1] not in MEASURES:
        raise ValueError(f"{path.name}: unknown measure in {goal!r}")
    practises = _split(tags.get("Practises", ""))
    if not practises:
        raise ValueError(f"{path.name}: no Practises tag")
    return Exercise(
        ident,
        stage,
        goal,
        practises,
        _split(tags.get("Offer", ""), ","),
        _split(tags.get("Choices", "")),
        tags.get("Solution", ""),
        tags.get("Wrong", ""),
        tags.get("WrongRule", ""),
        record,
        tags,
    )


@cache
def exercises() -> tuple[Exercise, ...]:
    """Every exercise, in course order: by stage, then by number within the stage."""
    found = [_read(p) for p in _data_dir().iterdir() if p.name.endswith(".mjp")]
    return tuple(sorted(found, key=lambda e: (STAGES.index(e.stage), _natural(e.id))))


def _natural(name: str) -> tuple[Any, ...]:
    return tuple(int(p) if p.isdigit() else p for p in re.split(r"(\d+)", name))


@cache
def _by_id() -> dict[str, Exercise]:
    return {e.id: e for e in exercises()}


def exercise(ident: str) -> Exercise:
    """The exercise with an id; ``KeyError`` for an unknown one."""
    return _by_id()[ident]


def stage_exercises(stage: str) -> tuple[Exercise, ...]:
    """The exercises of one stage, in order."""
    return tuple(e for e in exercises() if e.stage == stage)


# ---------------------------------------------------------------------- questions


def _pair(code: str) -> Pair:
    return Pair[code]


def _pair_or_none(pair: Pair | None) -> str:
    return "none" if pair is None else pair.name


def _totals(ex: Exercise, key: str = "Before") -> tuple[int, int]:
    words = _split(ex.tags.get(key, "0 0"))
    return int(words[0]), int(words[1])


def _era(ex: Exercise, deal: Deal) -> Any:
    score = deal.result()
    return apply_to_totals(
        deal.rules, _totals(ex), score.points, score.tricks_won, ex.record.deals[-1].misplay
    )


def measure(ex: Exercise, deal: Deal | None = None) -> str:
    """The engine's answer to a question exercise, as one of its choices would say it."""
    deal = deal or ex.position()
    name, _, arg = ex.argument.partition(":")
    if name == "winner-card":
        trick = deal.last_trick
        assert trick is not None
        return next(card.code for seat, card in trick.plays if seat == trick.winner)
    if name == "to-act":
        return deal.to_act.name
    if name == "partner":
        return Seat[arg].partner.name
    if name == "next-dealer":
        era = _era(ex, deal)
        return next_deal_start(deal.rules, deal, era.outcome == "won")[0].name
    if name in ("points", "hp-points"):
        return str(deal.result().points[_pair(arg)])
    if name == "hp-collected":
        return str(deal.result().collected[_pair(arg)])
    if name == "matti":
        step = next(s for s in deal.result().steps if s.rule == "matti-point")
        return _pair_or_none(step.pair if isinstance(step.pair, Pair) else None)
    if name == "pips":
        return str(count_cards(deal.taken[_pair(arg)])[1])
    if name == "card-points":
        return str(count_cards(deal.taken[_pair(arg)], CARD_POINTS[deal.rules.card_values])[3])
    if name == "era-after":
        return str(_era(ex, deal).after[_pair(arg)])
    if name == "era-winner":
        era = _era(ex, deal)
        return _pair_or_none(era.winner if era.outcome == "won" else None)
    if name == "game-winner":
        sheet = ScoreSheet(deal.rules)
        sheet.totals = _totals(ex)
        sheet.era_wins = list(_totals(ex, "EraWins"))
        sheet.misplays = list(_totals(ex, "Misplays"))
        sheet.add_deal(deal.result(), ex.record.deals[-1].misplay)
        return _pair_or_none(sheet.winner)
    if name == "hp-game-winner":
        from ..huutopussi import HuutopussiSheet
        from ..marriage_trumps import MarriageSheet

        # with marriage trumps the higher total wins; in seed 004 the bidding pair does
        marriage = deal.rules.family == "huutopussi-marriage"
        hp = MarriageSheet(deal.rules) if marriage else HuutopussiSheet(deal.rules)
        hp.totals = _totals(ex)
        hp.add_deal(deal.result())
        return "none" if hp.winner is None else Pair(hp.winner).name
    if name == "window":
        return "yes" if deal.legal_declarations() else "no"
    if name == "look-back":
        return "no" if deal.trick_cards else "yes"
    if name == "hand-size":
        return str(deal.rules.hand_size)
    raise ValueError(f"unknown measure {name!r}")


# ---------------------------------------------------------------------- verdicts


VERDICTS = "verdicts.json"
"""The build's verdicts of the bidding exercises, in the data folder (see the docstring)."""


@dataclass(frozen=True)
class CallVerdict:
    """What one offered call brought over the verdict's deals: ``mean`` (deal points, the
    seat's side minus the other), ``se`` (the paired standard error of its difference from
    the best call; 0 for the best), ``close`` (the best, or within two paired standard
    errors of it), ``made`` (a bid: in how many deals the seat's side collects at least the
    bid when it declares; ``None`` for a pass)."""

    call: str
    mean: float
    se: float
    close: bool
    made: int | None


@dataclass(frozen=True)
class Verdict:
    """A bidding exercise's verdict: every offered call's figures, best first, over
    ``deals`` deals, and the hash of the record it was worked out for."""

    deals: int
    record: str
    calls: tuple[CallVerdict, ...]

    @property
    def best(self) -> CallVerdict:
        return self.calls[0]

    def value_of(self, call: str) -> CallVerdict:
        """The figures of one call (``KeyError`` if the verdict has none for it)."""
        for value in self.calls:
            if value.call == call:
                return value
        raise KeyError(call)


def record_hash(ex: Exercise) -> str:
    """The SHA-256 of an exercise's file: a verdict stands for the record it was made for."""
    import hashlib

    return hashlib.sha256((_data_dir() / f"{ex.id}.mjp").read_bytes()).hexdigest()


def _verdicts() -> dict[str, Any]:
    path = _data_dir() / VERDICTS
    # read again when the build has written the file anew
    return _verdicts_of(path.stat().st_mtime_ns if path.exists() else 0)


@cache
def _verdicts_of(stamp: int) -> dict[str, Any]:
    import json

    path = _data_dir() / VERDICTS
    if not stamp or not path.exists():
        return {}
    data = json.loads(path.read_text(encoding="utf-8"))
    return dict(data.get("exercises", {}))


def verdict(ex: Exercise) -> Verdict:
    """The build's verdict of a bidding exercise; ``KeyError`` when the build made none for
    it (``check_all`` reports it)."""
    raw = _verdicts()[ex.id]
    calls = tuple(
        CallVerdict(str(c["call"]), float(c["mean"]), float(c["se"]), bool(c["close"]), c.get("made"))
        for c in raw["calls"]
    )
    return Verdict(int(raw["deals"]), str(raw["record"]), calls)


# ---------------------------------------------------------------------- answers


def parse_answer(ex: Exercise, answer: str) -> Action | str:
    """Read an answer: ``= CHOICE`` for a question, ``pick A B`` for a pick, else an action.

    Raises ``ValueError`` for an answer the exercise does not offer.
    """
    text = " ".join(answer.split())
    if ex.kind == "ask":
        choice = text[2:] if text.startswith("= ") else ""
        if choice not in ex.choices:
            raise ValueError(f"not a choice of {ex.id}: {answer!r}")
        return choice
    if ex.kind in ("all-legal", "discard"):
        words = text.split()
        if not words or words[0] != "pick" or len(words) > 13 or len(set(words)) != len(words):
            raise ValueError(f"not a pick: {answer!r}")
        try:
            cards = tuple(parse_card(w) for w in words[1:])
        except CardParseError:
            raise ValueError(f"not a pick: {answer!r}") from None
        hand = set(ex.position().hand(ex.position().to_act))
        if any(c not in hand for c in cards):
            raise ValueError(f"a card not in hand: {answer!r}")
        return Discard(cards) if ex.kind == "discard" else "pick " + " ".join(c.code for c in cards)
    try:
        action = parse_action(text)
    except CardParseError:
        raise ValueError(f"not an action: {answer!r}") from None
    if action not in ex.offered(ex.position()):
        raise ValueError(f"not offered in {ex.id}: {answer!r}")
    return action


def _wins(deal: Deal, seat: Seat, before: int) -> bool:
    """After ``seat``'s card, whether that card is winning the trick (or won it)."""
    if len(deal.tricks) > before:
        return deal.last_winner == seat
    table = deal.table
    from ..duties import trick_winner_index

    trump = deal.trump_suit
    index = trick_winner_index([c.index for _, c in table], -1 if trump is None else int(trump))
    return table[index][0] == seat


def attempt(ex: Exercise, answer: str) -> Outcome:
    """Check an answer against the exercise's goal with the engine.

    ``ValueError`` for an answer the exercise does not offer (not a wrong try: a bad one).
    """
    parsed = parse_answer(ex, answer)
    deal = ex.position()
    if ex.kind == "ask":
        if parsed == measure(ex, deal):
            return Outcome(True)
        return Outcome(False, ex.rule, "wrong")
    if ex.kind == "all-legal":
        assert isinstance(parsed, str)
        picked = {parse_card(w) for w in parsed.split()[1:]}
        verdicts = sorted(deal.explain(), key=lambda v: (v.card.suit, -v.card.rank))
        for v in verdicts:
            if v.card in picked and not v.allowed:
                return Outcome(False, v.rule, "picked-refused", v.card.code)
        for v in verdicts:
            if v.allowed and v.card not in picked:
                return Outcome(False, v.rule or ex.rule, "missed", v.card.code)
        return Outcome(True)
    assert not isinstance(parsed, str)
    action = parsed
    seat = deal.to_act
    try:
        deal.check(action)
    except IllegalAction as err:
        return Outcome(False, err.rule, "refused", error=err)
    if ex.kind == "bid":
        value = verdict(ex).value_of(str(action))
        return Outcome(True) if value.close else Outcome(False, ex.rule, "worse")
    tricks = len(deal.tricks)
    burned, declared = deal.burned, deal.declared
    deal.push(action)
    if deal.pending is not None:
        deal.push(deal.answers()[0])
    kind, arg = ex.kind, ex.argument
    if kind in ("legal", "discard"):
        return Outcome(True)
    if kind in ("win-cheap", "duck"):
        assert isinstance(action, Play)
        wins = _wins(deal, seat, tricks)
        if kind == "duck":
            return Outcome(not wins, None if not wins else ex.rule, "" if not wins else "wins")
        if not wins:
            return Outcome(False, "trick-winner", "not-winning")
        cheaper = _cheapest_winner(ex)
        if cheaper is not None and cheaper.card.rank < action.card.rank:
            return Outcome(False, ex.rule, "too-dear")
        return Outcome(True)
    # with marriage trumps an ask burns nothing: it only bars later declarations
    burns = deal.rules.family != "huutopussi-marriage"
    if kind == "declare":
        if deal.is_declared(Suit.parse(arg)) and not declared >> Suit.parse(arg) & 1:
            return Outcome(True)
        if burns and deal.burned != burned:
            return Outcome(False, "burn", "burned")
        return Outcome(False, ex.rule, "not-declared")
    if kind == "no-burn":
        if deal.burned != burned:
            return Outcome(False, "burn", "burned")
        if deal.declared == declared:
            return Outcome(False, ex.rule, "not-declared")
        return Outcome(True)
    if kind == "marriage":
        if isinstance(action, Play) and action.marriage:
            return Outcome(True)
        return Outcome(False, "marriage-on-lead", "no-marriage")
    if kind == "redeal":
        if isinstance(action, Redeal):
            return Outcome(True)
        rule = "marriage-redeal" if deal.rules.family == "huutopussi-marriage" else "huutopussi-redeal"
        return Outcome(False, rule, "not-redeal")
    raise ValueError(f"unknown goal {ex.goal!r}")


def _cheapest_winner(ex: Exercise) -> Play | None:
    deal = ex.position()
    seat = deal.to_act
    tricks = len(deal.tricks)
    best: Play | None = None
    for action in deal.legal_actions():
        if not isinstance(action, Play):
            continue
        deal.push(action)
        if _wins(deal, seat, tricks) and (best is None or action.card.rank < best.card.rank):
            best = action
        deal.pop()
    return best


def is_declaration(action: Action) -> bool:
    """Tell whether an action is a declaration or an ask."""
    return isinstance(action, (Declare, AskWhole, AskHalf))


def check_all() -> list[str]:
    """Check every exercise: solution solves, the wrong answer fails with its rule.

    Returns the problems found (empty when all is well); used by the tests and the CLI.
    """
    problems = []
    for ex in exercises():
        if ex.kind == "bid":
            try:
                found = verdict(ex)
            except KeyError:
                problems.append(f"{ex.id}: no verdict in {VERDICTS} (scripts/course_verdicts.py)")
                continue
            if found.record != record_hash(ex):
                problems.append(f"{ex.id}: its verdict was made for another version of the record")
                continue
            if {c.call for c in found.calls} != {str(a) for a in ex.offered(ex.position())}:
                problems.append(f"{ex.id}: the verdict does not value exactly the offered calls")
                continue
        try:
            good = attempt(ex, ex.solution)
            bad = attempt(ex, ex.wrong)
        except (ValueError, MarjapussiError) as err:
            problems.append(f"{ex.id}: {err}")
            continue
        if not good.ok:
            problems.append(f"{ex.id}: the solution {ex.solution!r} fails ({good.why}, {good.rule})")
        if bad.ok or bad.rule != ex.wrong_rule:
            problems.append(
                f"{ex.id}: the wrong answer {ex.wrong!r} gives {bad.ok} {bad.rule}, not {ex.wrong_rule}"
            )
    return problems
