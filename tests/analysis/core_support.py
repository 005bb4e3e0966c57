"""Helpers of the compiled core's tests: building it, the rule sets it serves, positions to
check, and the checks themselves (its moves against the engine's, its values against the
pure-Python solver's).

A check returns the mismatches it found (empty: agreement), so that a test can also
assert that a deliberately broken core is caught.
"""

from __future__ import annotations

import random
import shutil
import subprocess
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from marjapussi import Deal, Rules, find_rules
from marjapussi.actions import Action, Answer, AskHalf, AskWhole, Declare, Play
from marjapussi.analysis import ContractResult, DealPoints, EraUtility, Objective, SolveError, Solver
from marjapussi.analysis.core import (
    H_DECL,
    H_DECLARED,
    INPUT_WORDS,
    CoreLibrary,
    CoreSearch,
    action_of,
    rules_known,
)
from marjapussi.analysis.objectives import ExactContract
from marjapussi.analysis.solver import node_actions
from marjapussi.deal import Phase
from marjapussi.errors import IllegalAction, RulesError
from marjapussi.huutopussi import AuctionDeal, HuutopussiDeal
from marjapussi.marriage_trumps import MarriageTrumpDeal
from marjapussi.randomplay import random_action
from marjapussi.rules import PRESETS

ROOT = Path(__file__).resolve().parents[2]
BUILD_SCRIPT = ROOT / "scripts" / "build_core.sh"


def build_core(out: Path | None = None, cflags: str = "", native_only: bool = False) -> Path | str:
    """Build the core (skipped when up to date); return the native library's path, or why
    it could not be built when clang is not installed (a reason to skip)."""
    if shutil.which("clang") is None:
        return "clang is not installed: scripts/setup.sh installs it"
    command = [str(BUILD_SCRIPT)]
    if out is not None:
        command += ["--out", str(out)]
    if cflags:
        command += ["--cflags", cflags]
    if native_only:
        command.append("--native-only")
    proc = subprocess.run(command, capture_output=True, text=True, check=False)
    if proc.returncode == 2:
        return proc.stderr.strip()
    assert proc.returncode == 0, proc.stdout + proc.stderr
    return (out or ROOT / "build" / "core") / "libmarjapussi_core.so"


def core_presets() -> list[Rules]:
    """The presets the core says it serves (a new family stays on the Python solver)."""
    return [rules for rules in PRESETS.values() if rules_known(rules)]


SWITCH_VALUES: dict[str, tuple[object, ...]] = {
    "players": (4, 3),
    "deck_size": (36, 32, 28),
    "card_values": ("original", "simplified"),
    "opening_lead": ("clubs-ace-each-era", "dealer-left", "clubs-ace-first-deal"),
    "ace_spade_lead": ("later-deals", "every-deal", "never"),
    "first_trick_ace": (True, False),
    "must_beat": (True, False),
    "declare_from_trick": (1, 2, 3),
    "small_trump_lead": (True, False),
    "carry_card_tie": (True, False),
    "all_pass": ("redeal", "no-trump"),
    "trump_with_bid": (True, False),
    "double_penalty": (True, False),
    "molotov_bonus": (0, 60),
    "four_aces": ("redeal", "bonus"),
    "four_aces_bonus": (0, 100),
    "marriage_values": ("hearts-high", "bridge"),
    "last_trick_bonus": (10, 20),
    "declare_right": ("own-led", "any-won"),
    "ask_lockout": ("basic", "illisoft"),
    "bluff_half_ask": (False, True),
    "declarer_no_trick": ("seat-bid", "side-contract"),
    "defender_rounding": ("none", "nearest-5"),
}
"""The switches that change card play or its score, and their values (one at a time)."""

MARRIAGE_SWITCHES = frozenset(
    {"marriage_values", "last_trick_bonus", "declare_right", "ask_lockout", "bluff_half_ask",
     "declarer_no_trick", "defender_rounding"}
)
"""The switches of the marriage family only."""


def variants(rules: Rules) -> list[Rules]:
    """The preset, then each switch value that differs from it, one at a time."""
    out = [rules]
    for name, values in SWITCH_VALUES.items():
        if name in MARRIAGE_SWITCHES and rules.family != "huutopussi-marriage":
            continue
        for value in values:
            if getattr(rules, name) == value:
                continue
            try:
                changed = rules.replace(**{name: value})
            except RulesError:
                continue
            if name == "four_aces" and value == "bonus":
                changed = changed.replace(four_aces_bonus=100)
            if rules_known(changed):  # e.g. three players of the marriage family: not yet
                out.append(changed)
    return out


def variant_id(rules: Rules) -> str:
    """A test id: the rule set as records write it."""
    return rules.spec().replace(" ", "_")


def start(rules: Rules, rng: random.Random) -> Deal:
    """A new deal of these rules (a first or a later deal of a Marjapussi erä)."""
    if rules.family == "huutopussi":
        return HuutopussiDeal.random(rng, rules)
    if rules.family == "huutopussi-marriage":
        return MarriageTrumpDeal.random(rng, rules)
    return Deal.random(rng, rules, opening=rng.random() < 0.5)


def trump_phase(seed: int) -> HuutopussiDeal | None:
    """A four-player Huutopussi deal whose bid winner is to name trumps (``None``: this
    seed's auction ended otherwise)."""
    rng = random.Random(seed)
    deal = HuutopussiDeal.random(rng, find_rules("huutopussi"))
    while deal.phase is Phase.BID:
        deal.push(random_action(deal, rng))
    return deal if deal.phase is Phase.TRUMP else None


def in_play(deal: Deal) -> bool:
    """Whether the deal waits for card play (or an answer), where the core searches."""
    if isinstance(deal, AuctionDeal) and deal.hp_phase is not Phase.PLAY:
        return False
    return not deal.is_over()


def playout(rules: Rules, seed: int) -> Iterator[Deal]:
    """Every position of a random playout where the core would search (the same deal
    object, moved on after each)."""
    rng = random.Random(seed)
    deal = start(rules, rng)
    while not deal.is_over():
        if in_play(deal):
            yield deal
        deal.push(random_action(deal, rng))


def moves_mismatch(search: CoreSearch, deal: Deal) -> str | None:
    """The core's moves against the engine's ``node_actions`` at one position."""
    core = [action_of(code) for code in search.moves(deal)]
    engine = node_actions(deal)
    if core == engine:
        return None
    return f"{deal.rules.spec()}: {deal.position_text()}: core {core} engine {engine}"


def objectives(rules: Rules, rng: random.Random) -> list[Objective]:
    """The objectives the solvers are compared on for a rule set."""
    if rules.family == "huutopussi":
        return [ContractResult()]
    if rules.family == "huutopussi-marriage":
        return [ExactContract()]
    before = (rng.randrange(0, rules.target), rng.randrange(0, rules.target))
    return [DealPoints(), EraUtility(before), DealPoints(carried=rng.randrange(1, 3))]


def position(rules: Rules, seed: int, first: int = 3, last: int = 8) -> Deal | None:
    """A random position after ``first`` to ``last`` tricks (fewer in small packs): at a trick
    start (declarations open there), inside a trick, at an answer, or where a marriage may
    be led; declarations, asks and marriage leads played on the way. ``None``: the deal
    was redealt."""
    rng = random.Random(seed)
    deal = start(rules, rng)
    n = rules.tricks_per_deal
    after = min(rng.randint(first, last), n - 1)
    extra = rng.randrange(0, rules.players)
    while not deal.is_over():
        ready = deal.pending is not None or len(deal.trick_cards) >= extra or rng.random() < 0.25
        leads = isinstance(deal, HuutopussiDeal) and in_play(deal) and bool(deal.marriage_leads())
        if in_play(deal) and len(deal._tricks) >= after and (ready or leads):
            return deal
        chance = {"huutopussi": 0.25, "huutopussi-marriage": 0.95}.get(rules.family, 0.6)
        deal.push(random_action(deal, rng, chance))
    return None


@dataclass
class Compared:
    """How many positions a value check compared, what it found, and how many of them
    offered declarations or asks, answers, or marriage leads among the actions valued."""

    positions: int
    mismatches: list[str]
    declaring: int = 0
    answering: int = 0
    marriage_leads: int = 0


def count_kinds(found: Compared, deal: Deal) -> None:
    """Count the kinds of actions a compared position offered."""
    actions = node_actions(deal)
    found.declaring += any(isinstance(a, (Declare, AskWhole, AskHalf)) for a in actions)
    found.answering += any(isinstance(a, Answer) for a in actions)
    found.marriage_leads += any(isinstance(a, Play) and a.marriage for a in actions)


def values_mismatch(deal: Deal, objective: Objective) -> str | None:
    """The core's analysis against the pure-Python solver's: every action's value, the best
    action, the value and the principal line (no solver takes three-player Huutopussi with
    no bid: both must refuse it)."""
    try:
        python = Solver(objective, backend="python").solve(deal)
    except SolveError as error:
        try:
            Solver(objective, backend="core").solve(deal)
        except SolveError as same:
            return None if same.problem == error.problem else f"core refused {same.problem}"
        return f"the core solved what the Python solver refused ({error.problem})"
    core = Solver(objective, backend="core").solve(deal)
    if (python.values, python.best, python.value, python.line) == (
        core.values,
        core.best,
        core.value,
        core.line,
    ):
        return None
    return (
        f"{deal.rules.spec()} {objective}: {deal.position_text()}: python {python.values} best {python.best} "
        f"line {python.line}; core {core.values} best {core.best} line {core.line}"
    )


def compare_values(rules: Rules, seeds: range, wanted: int, first: int = 3, last: int = 8) -> Compared:
    """Compare the two solvers on ``wanted`` random positions (one objective each, in turn)."""
    found = Compared(0, [])
    for seed in seeds:
        deal = position(rules, seed, first, last)
        if deal is None:
            continue
        choices = objectives(rules, random.Random(seed))
        mismatch = values_mismatch(deal, choices[seed % len(choices)])
        if mismatch:
            found.mismatches.append(mismatch)
        found.positions += 1
        count_kinds(found, deal)
        if found.positions == wanted:
            break
    return found


def trace_mismatches(search: CoreSearch, deal: Deal, objective: Objective) -> tuple[int, list[str]]:
    """Solve with the core's trace on and compare the moves of every node it visited with
    the engine's (each node's path replayed from the position, checked by ``play``).
    A position no solver takes (three-player Huutopussi with no bid) visits no node."""
    try:
        ev = objective.bind(deal)
    except SolveError:
        return 0, []
    search.forget()
    answer = search.call("mp_solve", deal, objective, ev, trace_words=1 << 21)
    trace = answer.trace
    start = len(deal.history)
    nodes, mismatches, at = 0, [], 0
    while at < len(trace):
        depth = trace[at]
        path = trace[at + 1 : at + 1 + depth]
        count = trace[at + 1 + depth]
        moves = [action_of(code) for code in trace[at + 2 + depth : at + 2 + depth + count]]
        at += 2 + depth + count
        try:
            for code in path:
                deal.play(action_of(code))
            engine: list[Action] = node_actions(deal)
            if moves != engine:
                where = f"{deal.rules.spec()}: {deal.position_text()}"
                mismatches.append(f"{where}: core {moves} engine {engine}")
        except IllegalAction as error:
            mismatches.append(f"{deal.rules.spec()}: the core's path {path} has an illegal action: {error}")
        finally:
            while len(deal.history) > start:
                deal.pop()
        nodes += 1
    return nodes, mismatches


def forgeries(words: list[int], rng: random.Random) -> list[list[int]]:
    """Forged headers from a valid one: each input word set to odd values in turn, then
    random words at random."""
    odd = (-1, -2, 1, 2, 3, 4, 5, 9, 35, 36, 99, 255, 256, 1 << 16, 1 << 30, -(1 << 31), (1 << 31) - 1)
    out = []
    for at in range(INPUT_WORDS):
        for value in rng.sample(odd, 3):
            forged = list(words)
            forged[at] = value
            out.append(forged)
    for _ in range(300):
        forged = list(words)
        for _ in range(rng.randint(1, 4)):
            forged[rng.randrange(INPUT_WORDS)] = rng.choice((*odd, rng.getrandbits(32) - (1 << 31)))
        out.append(forged)
    return out


def declaration_forgeries(words: list[int]) -> list[list[int]]:
    """A Marjapussi header's declaration points set to each pair (0..5 each) that its
    declared suits cannot give: the first marriage gives its pair 2, each later one 1."""
    declared = words[H_DECLARED] & 0xF
    k = declared.bit_count()
    out = []
    for ns in range(6):
        for ew in range(6):
            possible = (ns, ew) == (0, 0) if k == 0 else ns + ew == k + 1 and max(ns, ew) >= 2
            if not possible:
                forged = list(words)
                forged[H_DECL], forged[H_DECL + 1] = ns, ew
                out.append(forged)
    return out


def library_at(path: Path) -> CoreLibrary:
    """A native library loaded from a file (a variant built by a test)."""
    from marjapussi.analysis.core import NativeLibrary

    return NativeLibrary(path)


def guild(**switches: object) -> Rules:
    """The guild rules with some switches changed."""
    return find_rules("guild", **switches)
