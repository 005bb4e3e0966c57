"""Benchmark the bots: seeded duplicate matches per rule family, and time per decision.

Every deal is played twice with the pairs swapped (in three-player Huutopussi three
times, the first level in each seat in turn), so that the cards cancel out; the figure
of a duplicate deal is the first level's deal points minus the second's, averaged over
its plays. Per rule family and pairing (club vs beginner, beginner vs random, club vs
club with a third of the samples, expert vs club, expert's auction from the auction's
evaluation with club's card play vs club) the script prints the mean difference
with its 95% confidence interval, the share of erä (Huutopussi: games) the first level
wins when the same levels play whole erä or games, and the time per decision (median and
95th percentile) in CPython; ``--pyodide`` also times club decisions (``--pyodide-level
expert``: expert's, with the compiled core's WebAssembly module the site's worker loads)
in Pyodide under Node (the same wheel the site ships). The last line is

    club_vs_beginner_ci_low=… beginner_vs_random_ci_low=… expert_vs_club_ci_low=… club_p95_ms_pyodide=…

the lowest lower bound over the families, in deal points, and the slowest family's
95th percentile in Pyodide (``nan`` without ``--pyodide``; ``expert_p95_ms_pyodide`` with
``--pyodide-level expert``), in CPU time of the Node
process (``process.cpuUsage()``; wall time is printed beside it: on a shared machine it
mostly measures the other processes). ``--jobs`` runs families and pairings in parallel
processes; ``--merge LOG...`` prints the summary line from the outputs of earlier runs.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pyodide_runner import run_json  # noqa: E402

from marjapussi import Deal, IllegalAction, Seat, find_rules  # noqa: E402
from marjapussi.analysis.bots import (  # noqa: E402
    AUCTION_DEALS,
    AUCTION_FAMILIES,
    AUCTION_NODE_CAP,
    BotSettings,
    Decision,
    ExpertSettings,
    choose,
)
from marjapussi.analysis.view import SeatView  # noqa: E402
from marjapussi.deal import PLAYING_SEATS  # noqa: E402
from marjapussi.huutopussi import HuutopussiDeal, HuutopussiSheet  # noqa: E402
from marjapussi.marriage_trumps import MarriageSheet, MarriageTrumpDeal  # noqa: E402
from marjapussi.rules import Rules  # noqa: E402
from marjapussi.scoring import ScoreSheet, next_deal_start  # noqa: E402

FAMILIES = ("guild", "pagat", "huutopussi", "huutopussi3", "huutopussi-marriage", "huutopussi-marriage3")


class Player:
    """A level with its settings, timing each decision it makes."""

    def __init__(self, name: str, level: str, settings: BotSettings) -> None:
        self.name = name
        self.level = level
        self.settings = settings
        self.times: list[float] = []
        self.cpu: list[float] = []

    def __call__(self, view: SeatView, rng: random.Random) -> Decision:
        start = time.perf_counter()
        cpu = time.process_time()
        decision = choose(view, self.level, rng, self.settings)
        if len(view.legal) > 1:
            self.times.append(time.perf_counter() - start)
            self.cpu.append(time.process_time() - cpu)
        return decision


def new_deal(rules: Rules, seed: int) -> Deal:
    rng = random.Random(seed)
    dealer = Seat(rng.randrange(rules.players))
    if rules.family == "huutopussi-marriage":
        return MarriageTrumpDeal.random(rng, rules, dealer=dealer)
    if rules.family == "huutopussi":
        return HuutopussiDeal.random(rng, rules, dealer=dealer)
    return Deal.random(rng, rules, dealer=dealer, opening=rng.random() < 0.3)


def play(
    deal: Deal, players: dict[Seat, Player], rng: random.Random, totals: tuple[int, int] | None = None
) -> Deal:
    while not deal.is_over():
        seat = deal.to_act
        deal.play(players[seat](SeatView.of(deal, seat, totals), rng).action)
    return deal


def seatings(rules: Rules) -> list[tuple[Seat, ...]]:
    """The seats of the first level in each play of a duplicate deal."""
    if rules.players == 3:
        return [(Seat.N,), (Seat.E,), (Seat.S,)]
    return [(Seat.N, Seat.S), (Seat.E, Seat.W)]


def side_points(deal: Deal, seats: tuple[Seat, ...]) -> float:
    """The first level's points minus the others' (their mean with three players)."""
    points = deal.result().points
    if deal.rules.players == 3:
        mine = points[seats[0]]
        others = [points[s] for s in PLAYING_SEATS[3] if s not in seats]
        return float(mine - sum(others) / len(others))
    pair = seats[0].pair
    return float(points[pair] - points[1 - pair])


def duplicate(
    rules: Rules, a: Player, b: Player, deals: int, seed: int, start: int = 0,
    stream: Path | None = None,
) -> list[float]:
    """Duplicate deals ``start`` .. ``start + deals - 1``; with ``stream``, each deal's
    figure and the decision times it took are appended to that file as it finishes
    (one JSON line a deal), so an interrupted run still counts (``--merge DIR``)."""
    diffs = []
    for i in range(start, start + deals):
        marks = (len(a.times), len(b.times))
        deal_seed = seed * 1_000_003 + i
        total = 0.0
        plays = seatings(rules)
        for k, seats in enumerate(plays):
            players = {s: (a if s in seats else b) for s in PLAYING_SEATS[rules.players]}
            deal = play(new_deal(rules, deal_seed), players, random.Random(deal_seed * 7 + k))
            total += side_points(deal, seats)
        diffs.append(total / len(plays))
        if stream is not None:
            record = {
                "i": i, "diff": diffs[-1],
                "a_ms": [round(t * 1000, 2) for t in a.times[marks[0]:]],
                "b_ms": [round(t * 1000, 2) for t in b.times[marks[1]:]],
                "a_cpu": [round(t * 1000, 2) for t in a.cpu[marks[0]:]],
            }
            with stream.open("a", encoding="utf-8") as out:
                out.write(json.dumps(record) + "\n")
    return diffs


def era_or_game(rules: Rules, a: Player, b: Player, count: int, seed: int, max_deals: int = 40) -> float:
    """The share of whole erä (Marjapussi) or games (Huutopussi) the first level wins."""
    wins = 0.0
    for g in range(count):
        rng = random.Random(seed * 31 + g)
        seats = seatings(rules)[g % len(seatings(rules))]
        players = {s: (a if s in seats else b) for s in PLAYING_SEATS[rules.players]}
        dealer = Seat(rng.randrange(rules.players))
        if rules.family in ("huutopussi", "huutopussi-marriage"):
            marriage = rules.family == "huutopussi-marriage"
            hp_sheet = MarriageSheet(rules) if marriage else HuutopussiSheet(rules)
            for _ in range(max_deals):
                if marriage:
                    dealt: Deal = MarriageTrumpDeal.random(rng, rules, dealer=dealer, totals=hp_sheet.totals)
                else:
                    dealt = HuutopussiDeal.random(rng, rules, dealer=dealer)
                hp_deal = play(dealt, players, rng)
                hp_sheet.add_deal(hp_deal.result())
                if hp_sheet.over:
                    break
                dealer = next_deal_start(rules, hp_deal, False)[0]
            winner = hp_sheet.winner
            mine = seats[0] if rules.players == 3 else seats[0].pair
            wins += 1.0 if winner == int(mine) else 0.0
            continue
        sheet = ScoreSheet(rules)
        opening = True
        for _ in range(max_deals):
            totals = (sheet.totals[0], sheet.totals[1])
            deal = play(Deal.random(rng, rules, dealer=dealer, opening=opening), players, rng, totals)
            era = sheet.add_deal(deal.result(sheet.carry))
            if era.outcome == "won":
                wins += 1.0 if era.winner == seats[0].pair else 0.0
                break
            if era.outcome == "tie" or sheet.over:
                wins += 0.5
                break
            dealer, opening = next_deal_start(rules, deal, False)
        else:
            wins += 0.5  # no erä won within max_deals: counted as half
    return wins / count if count else math.nan


def legality(rules: Rules, deals: int, seed: int, levels: tuple[str, str], settings: BotSettings) -> int:
    """Play ``deals`` bot deals with every action checked by the engine; return the refusals."""
    refused = 0
    players = [Player(level, level, settings) for level in levels]
    for i in range(deals):
        deal = new_deal(rules, seed * 1_000_003 + i)
        rng = random.Random(i)
        seats = PLAYING_SEATS[rules.players]
        by_seat = {s: players[(k + i) % 2] for k, s in enumerate(seats)}
        try:
            play(deal, by_seat, rng)
        except IllegalAction:
            refused += 1
        if (i + 1) % 1000 == 0 and i + 1 < deals:  # so that a run cut short still counts
            print(f"{rules.name:12} legality {levels[0]}+{levels[1]} so far deals={i + 1} illegal={refused}",
                  flush=True)
    return refused


def ci95(values: list[float]) -> tuple[float, float, float]:
    if not values:
        return math.nan, math.nan, math.nan
    mean = statistics.fmean(values)
    if len(values) < 2:
        return mean, math.nan, math.nan
    half = 1.96 * statistics.stdev(values) / math.sqrt(len(values))
    return mean, mean - half, mean + half


def percentile(values: list[float], q: float) -> float:
    if not values:
        return math.nan
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def position_times(
    families: list[str], samples: list[int], positions: int, seed: int, runtime: str, level: str = "club"
) -> dict[str, dict[str, list[float]]]:
    """Time club (or expert) decisions on the same seeded positions in Pyodide under Node
    or in CPython.

    Returns ms per decision by family and by number of samples (expert: its exactly
    solved deals, searching once ``EXPERT_LEFT`` tricks are left). Both runtimes run the
    same code (``POSITIONS_CODE``), the Pyodide one from the wheel the site ships and, for
    expert, with the compiled core's WebAssembly module the site's worker loads.
    """
    code = POSITIONS_CODE.format(
        families=json.dumps(families), samples=json.dumps(samples), positions=positions, seed=seed,
        bid_method=BotSettings().bid_method, level=level, expert_left=EXPERT_LEFT,
    )
    wasm = ROOT / "build" / "core" / "marjapussi_core.wasm"
    core = wasm if level == "expert" and runtime != "cpython" and wasm.is_file() else None
    result: dict[str, dict[str, list[float]]] = run_json(code, runtime, core) or {}
    return result


# Runs in Pyodide and in CPython: club (or expert) decisions at seeded positions of deals
# played by that level.
POSITIONS_CODE = """
import json, random, time
from marjapussi import Deal, Seat, find_rules
from marjapussi.analysis.bots import BotSettings, ExpertSettings, choose
from marjapussi.analysis.core import backend
from marjapussi.analysis.view import SeatView
from marjapussi.huutopussi import HuutopussiDeal
from marjapussi.marriage_trumps import MarriageTrumpDeal
out = {{}}
for name in {families}:
    rules = find_rules(name)
    out[name] = {{}}
    for samples in {samples}:
        # The playout budget grows with the samples (5 a sample: 60 for the default 12), so
        # that a larger count is timed as it would play, not cut back to the default budget.
        settings = BotSettings(samples=samples, playout_budget=5 * samples, bid_method={bid_method!r})
        if {level!r} == "expert":
            settings = ExpertSettings(exact_samples=samples, exact_tricks_left={expert_left})
            out[name]["backend"] = backend(rules)
        rng = random.Random({seed})
        times = []
        cpu_times = []
        while len(times) < {positions}:
            dealer = Seat(rng.randrange(rules.players))
            if rules.family == "huutopussi-marriage":
                deal = MarriageTrumpDeal.random(rng, rules, dealer=dealer)
            elif rules.family == "huutopussi":
                deal = HuutopussiDeal.random(rng, rules, dealer=dealer)
            else:
                deal = Deal.random(rng, rules, dealer=dealer)
            while not deal.is_over() and len(times) < {positions}:
                view = SeatView.of(deal, deal.to_act)
                start = time.perf_counter()
                cpu = cpu_ms()
                decision = choose(view, {level!r}, rng, settings)
                if len(view.legal) > 1:
                    times.append((time.perf_counter() - start) * 1000)
                    cpu_times.append(cpu_ms() - cpu)
                deal.play(decision.action)
        out[name][str(samples)] = times
        out[name]["cpu" + str(samples)] = cpu_times
print(json.dumps(out))
"""


PAIRINGS = (
    "club_vs_beginner", "beginner_vs_random", "club_vs_club_fewer", "club_solver_vs_club",
    "club_sampled_vs_club_count", "expert_vs_club", "expert_auction_vs_club",
)
BID_MARGIN = BotSettings().bid_margin
BID_SURE = BotSettings().bid_sure
"""``club_sampled``'s margin (``--bid-margin``; set before the processes fork)."""
EXPERT_SAMPLES = ExpertSettings().exact_samples
EXPERT_LEFT = ExpertSettings().exact_tricks_left
"""``expert``'s exactly solved deals per decision and the tricks left when it starts to search
(``--expert-samples``, ``--expert-left``)."""
AUCTION_DEALS_RUN = AUCTION_DEALS
AUCTION_NODE_CAP_RUN = AUCTION_NODE_CAP
"""``expert_auction``'s deals weighed per call and node cap per search (``--auction-deals``,
``--auction-cap``, a power of two)."""


def fewer_settings(club: BotSettings) -> BotSettings:
    return BotSettings(
        samples=max(1, club.samples // 3),
        bid_samples=max(1, club.bid_samples // 3),
        playout_budget=club.playout_budget // 3,
    )


def make_pairing(name: str, samples: int) -> tuple[Player, Player]:
    club = BotSettings(samples=samples)
    if name == "club_vs_beginner":
        return Player("club", "club", club), Player("beginner", "beginner", club)
    if name == "beginner_vs_random":
        return Player("beginner", "beginner", club), Player("random", "random", club)
    if name == "club_vs_club_fewer":
        return Player("club", "club", club), Player("club-fewer", "club", fewer_settings(club))
    if name == "club_sampled_vs_club_count":
        sampled = BotSettings(samples=samples, bid_method="sampled", bid_margin=BID_MARGIN, bid_sure=BID_SURE)
        counting = BotSettings(samples=samples, bid_method="count")
        return Player("club_sampled", "club", sampled), Player("club_count", "club", counting)
    if name == "expert_vs_club":
        # no deadline on the auction (``auction_seconds``): a seed plays the same on any machine
        expert = ExpertSettings(
            samples=samples, exact_samples=EXPERT_SAMPLES, exact_tricks_left=EXPERT_LEFT, auction_seconds=None
        )
        return Player("expert", "expert", expert), Player("club", "club", club)
    if name == "expert_auction_vs_club":
        # expert's auction from the evaluation in every auction family, the gate's switches
        # aside; no exact search in the card play (``exact_tricks_left`` 0), which is club's
        auction = ExpertSettings(
            samples=samples, exact_tricks_left=0, auction_families=frozenset(AUCTION_FAMILIES),
            auction_deals=AUCTION_DEALS_RUN, auction_node_cap=AUCTION_NODE_CAP_RUN, auction_seconds=None,
        )
        return Player("expert_auction", "expert", auction), Player("club", "club", club)
    solver = BotSettings(samples=samples, evaluator="solver", depth_tricks=1, solver_from_trick=6)
    return Player("club-solver", "club", solver), Player("club", "club", club)


Task = tuple[str, int, str, int, int, int, int, int, str]


def run_pairing(task: Task) -> tuple[str, str, float, list[float]]:
    """One family and pairing: the printed line, the CI's lower bound, club's decision times."""
    family, k, name, deals, games, seed, samples, first, stream_dir = task
    rules = find_rules(family)
    a, b = make_pairing(name, samples)
    start = time.perf_counter()
    cpu_start = time.process_time()
    stream = None
    if stream_dir:
        label = name
        if name == "club_sampled_vs_club_count":
            label += f"-m{BID_MARGIN}" + (f"s{round(BID_SURE * 100)}" if BID_SURE else "")
        if name == "expert_vs_club":
            label += f"-x{EXPERT_SAMPLES}l{EXPERT_LEFT}"
        if name == "expert_auction_vs_club":
            label += f"-d{AUCTION_DEALS_RUN}c{AUCTION_NODE_CAP_RUN.bit_length() - 1}"
        stream = Path(stream_dir) / f"{family}.{label}.seed{seed}.from{first}.jsonl"
        stream.parent.mkdir(parents=True, exist_ok=True)
    wins = era_or_game(rules, a, b, games, seed * 100 + k)
    if stream is not None and games:
        with stream.open("a", encoding="utf-8") as out:
            out.write(json.dumps({"games": games, "wins": wins}) + "\n")
    for times in (a.times, b.times, a.cpu, b.cpu):
        times.clear()
    diffs = duplicate(rules, a, b, deals, seed * 100 + k, first, stream)
    mean, low, high = ci95(diffs)
    elapsed = time.perf_counter() - start
    what = "game" if rules.family.startswith("huutopussi") else "erä"
    times_a = [t * 1000 for t in a.times]
    times_b = [t * 1000 for t in b.times]
    cpu_a = [t * 1000 for t in a.cpu]
    line = (
        f"{family:12} {name:20} deals={len(diffs)} mean={mean:+.3f} ci95=[{low:+.3f}, {high:+.3f}] "
        f"{what}_wins={wins:.2f} ({games}) {a.name}_ms median={percentile(times_a, 0.5):.1f} "
        f"p95={percentile(times_a, 0.95):.1f} {b.name}_ms median={percentile(times_b, 0.5):.1f} "
        f"p95={percentile(times_b, 0.95):.1f} {a.name}_cpu_ms median={percentile(cpu_a, 0.5):.1f} "
        f"p95={percentile(cpu_a, 0.95):.1f} decisions={len(times_a)}+{len(times_b)} "
        f"({elapsed:.0f} s, cpu {time.process_time() - cpu_start:.0f} s)"
    )
    return line, name, low, (a.cpu if a.level == "club" else [])


def merge_streams(files: list[Path]) -> list[str]:
    """The pairing lines of streamed runs (``--stream``): every (family, pairing, seed)
    over all its files, each duplicate deal counted once, however the runs were cut."""
    groups: dict[tuple[str, str, str], list[Path]] = {}
    for f in files:
        family, name, seed = f.name.split(".")[:3]
        groups.setdefault((family, name, seed), []).append(f)
    lines = []
    for (family, name, seed), paths in sorted(groups.items()):
        deals: dict[int, dict[str, Any]] = {}
        games: list[tuple[int, float]] = []
        for path in paths:
            for raw in path.read_text(encoding="utf-8").splitlines():
                try:
                    record = json.loads(raw)
                except json.JSONDecodeError:
                    continue  # a line cut by a stopped run
                if "games" in record:
                    games.append((record["games"], record["wins"]))
                else:
                    deals[record["i"]] = record
        diffs = [r["diff"] for r in deals.values()]
        a_ms = [t for r in deals.values() for t in r["a_ms"]]
        b_ms = [t for r in deals.values() for t in r["b_ms"]]
        a_cpu = [t for r in deals.values() for t in r["a_cpu"]]
        mean, low, high = ci95(diffs)
        count = sum(g for g, _ in games)
        wins = sum(g * w for g, w in games) / count if count else math.nan
        what = "game" if family.startswith("huutopussi") else "erä"
        a_name, b_name = name.split("_vs_")
        lines.append(
            f"{family:12} {name:20} deals={len(diffs)} mean={mean:+.3f} ci95=[{low:+.3f}, {high:+.3f}] "
            f"{what}_wins={wins:.2f} ({count}) {a_name}_ms median={percentile(a_ms, 0.5):.1f} "
            f"p95={percentile(a_ms, 0.95):.1f} {b_name}_ms median={percentile(b_ms, 0.5):.1f} "
            f"p95={percentile(b_ms, 0.95):.1f} {a_name}_cpu_ms median={percentile(a_cpu, 0.5):.1f} "
            f"p95={percentile(a_cpu, 0.95):.1f} decisions={len(a_ms)}+{len(b_ms)} "
            f"(streamed, {seed}, {len(paths)} files)"
        )
    return lines


KEPT = (" club_vs_club_fewer ", " club_sampled_vs_club_count", "pyodide club_ms", "cpython club_cpu_ms",
        " legality ")
"""Other lines ``--merge`` passes on."""


def merge(logs: list[str], samples: int) -> int:
    """Print the summary line of earlier runs' outputs (families run in separate processes).

    A directory among the logs is read as ``--stream`` output (``merge_streams``).
    """
    import re

    lows: dict[str, list[float]] = {
        "club_vs_beginner": [], "beginner_vs_random": [], "expert_vs_club": [], "expert_auction_vs_club": [],
    }
    p95s: list[float] = []
    pairing = re.compile(
        r"^(\S+)\s+(club_vs_beginner|beginner_vs_random|expert_vs_club|expert_auction_vs_club)\S*\s"
        r".*?ci95=\[([-+0-9.]+),"
    )
    pyodide = re.compile(rf"^(\S+)\s+pyodide club_cpu_ms samples={samples} .*?p95=([0-9.]+)")
    for log in logs:
        if Path(log).is_dir():
            text = "\n".join(merge_streams(sorted(Path(log).glob("*.jsonl"))))
        else:
            text = Path(log).read_text(encoding="utf-8")
        for line in text.splitlines():
            if m := pairing.match(line):
                lows[m.group(2)].append(float(m.group(3)))
                print(line)
            elif m := pyodide.match(line):
                p95s.append(float(m.group(2)))
                print(line)
            elif any(k in line for k in KEPT):
                print(line)
    print(
        f"club_vs_beginner_ci_low={min(lows['club_vs_beginner'], default=math.nan):.3f} "
        f"beginner_vs_random_ci_low={min(lows['beginner_vs_random'], default=math.nan):.3f} "
        f"expert_vs_club_ci_low={min(lows['expert_vs_club'], default=math.nan):.3f} "
        f"club_p95_ms_pyodide={max(p95s, default=math.nan):.1f}"
    )
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deals", type=int, default=2000, help="duplicate deals per pairing and family")
    parser.add_argument("--games", type=int, default=20, help="whole erä or games per pairing and family")
    parser.add_argument("--families", default=",".join(FAMILIES))
    parser.add_argument("--samples", type=int, default=BotSettings().samples, help="club's samples")
    parser.add_argument("--pairings", default="club_vs_beginner,beginner_vs_random,club_vs_club_fewer")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1,
                        help="run the families and pairings in this many processes")
    parser.add_argument("--deals-for", default="",
                        help="per family or family:pairing, e.g. huutopussi=500,guild:club_vs_beginner=800")
    parser.add_argument("--legality-deals", type=int, default=0,
                        help="also play this many beginner-vs-random deals per family, every action checked")
    parser.add_argument("--legality-club-deals", type=int, default=0, help="the same for club vs beginner")
    parser.add_argument("--pyodide", action="store_true", help="also time club decisions in Pyodide")
    parser.add_argument("--pyodide-positions", type=int, default=40)
    parser.add_argument("--pyodide-samples", default="", help="also time these sample counts, e.g. 6,24")
    parser.add_argument("--pyodide-level", choices=("club", "expert"), default="club",
                        help="the level --pyodide times (expert: with the core's WebAssembly module)")
    parser.add_argument("--first-deal", type=int, default=0,
                        help="start at this duplicate deal (split a pairing over several runs)")
    parser.add_argument("--stream", default="",
                        help="append every finished duplicate deal to DIR/FAMILY.PAIRING.*.jsonl "
                             "(--merge DIR reads them, however the runs were cut)")
    parser.add_argument("--merge", nargs="*", default=None, metavar="LOG",
                        help="print the last line from the output of earlier runs (e.g. one per family)")
    parser.add_argument("--bid-margin", type=int, default=BotSettings().bid_margin,
                        help="club_sampled's margin in club_sampled_vs_club_count")
    parser.add_argument("--bid-sure", type=float, default=BotSettings().bid_sure,
                        help="club_sampled's share of deals that must reach a bid")
    parser.add_argument("--expert-samples", type=int, default=ExpertSettings().exact_samples,
                        help="expert's exactly solved deals per decision in expert_vs_club")
    parser.add_argument("--auction-deals", type=int, default=AUCTION_DEALS,
                        help="expert_auction's deals weighed per call")
    parser.add_argument("--auction-cap", type=int, default=AUCTION_NODE_CAP.bit_length() - 1,
                        help="expert_auction's node cap per search, as a power of two")
    parser.add_argument("--expert-left", type=int, default=ExpertSettings().exact_tricks_left,
                        help="expert searches exactly once at most this many tricks are left")
    args = parser.parse_args(argv)
    global BID_MARGIN, BID_SURE, EXPERT_SAMPLES, EXPERT_LEFT, AUCTION_DEALS_RUN, AUCTION_NODE_CAP_RUN
    BID_MARGIN, BID_SURE = args.bid_margin, args.bid_sure
    EXPERT_SAMPLES, EXPERT_LEFT = args.expert_samples, args.expert_left
    AUCTION_DEALS_RUN, AUCTION_NODE_CAP_RUN = args.auction_deals, 1 << args.auction_cap
    if args.merge is not None:
        return merge(args.merge, args.samples)
    families = [f for f in args.families.split(",") if f]
    club = BotSettings(samples=args.samples)
    fewer = fewer_settings(club)
    lows: dict[str, list[float]] = {
        "club_vs_beginner": [], "beginner_vs_random": [], "expert_vs_club": [], "expert_auction_vs_club": [],
    }
    club_times: list[float] = []
    print(f"bench_bots: {args.deals} duplicate deals and {args.games} erä/games per pairing; "
          f"club samples {club.samples} (fewer: {fewer.samples})")
    overrides = dict(item.split("=") for item in args.deals_for.split(",") if item)
    tasks = []
    for family in families if args.deals or args.games else []:
        for k, name in enumerate(PAIRINGS):
            if name in args.pairings.split(","):
                deals = int(overrides.get(f"{family}:{name}", overrides.get(family, args.deals)))
                tasks.append((family, k, name, deals, args.games, args.seed, args.samples,
                              args.first_deal, args.stream))
    if args.jobs > 1:
        from concurrent.futures import ProcessPoolExecutor

        with ProcessPoolExecutor(args.jobs) as pool:
            results = list(pool.map(run_pairing, tasks))
    else:
        results = [run_pairing(task) for task in tasks]
    for line, name, low, times in results:
        print(line, flush=True)
        if name in lows:
            lows[name].append(low)
        club_times += times
    for family in families:
        rules = find_rules(family)
        for levels, count in ((("beginner", "random"), args.legality_deals),
                              (("club", "beginner"), args.legality_club_deals)):
            if count:
                start = time.perf_counter()
                refused = legality(rules, count, args.seed, levels, club)
                print(f"{family:12} legality {levels[0]}+{levels[1]} deals={count} illegal={refused} "
                      f"({time.perf_counter() - start:.0f} s)", flush=True)
    pyodide_p95 = math.nan
    if args.pyodide:
        level = args.pyodide_level
        default = EXPERT_SAMPLES if level == "expert" else club.samples
        counts = sorted({default, *(int(x) for x in args.pyodide_samples.split(",") if x)})
        timed = position_times(families, counts, args.pyodide_positions, args.seed, "pyodide", level)
        local = position_times(families, counts, args.pyodide_positions, args.seed, "cpython", level)
        p95s = []
        for family, by_count in timed.items():
            if "backend" in by_count:
                print(f"{family:12} {level} in pyodide searches with the {by_count.pop('backend')} backend "
                      f"(cpython: {local.get(family, {}).pop('backend', '?')})")
            for count, times in by_count.items():
                if count.startswith("cpu"):
                    continue
                p95 = percentile(times, 0.95)
                base = local.get(family, {}).get(count, [])
                ratio = statistics.fmean(times) / statistics.fmean(base) if base else math.nan
                own_cpu = by_count.get("cpu" + count, [])
                if int(count) == default:
                    # The Node process's CPU time when measured: on a shared machine wall
                    # time mostly measures the other processes.
                    p95s.append(percentile(own_cpu, 0.95) if own_cpu else p95)
                print(f"{family:12} pyodide {level}_ms samples={count} median={percentile(times, 0.5):.1f} "
                      f"p95={p95:.1f} cpython_same_positions median={percentile(base, 0.5):.1f} "
                      f"p95={percentile(base, 0.95):.1f} pyodide/cpython={ratio:.2f} decisions={len(times)}")
                if own_cpu:
                    print(f"{family:12} pyodide {level}_cpu_ms samples={count} "
                          f"median={percentile(own_cpu, 0.5):.1f} p95={percentile(own_cpu, 0.95):.1f} "
                          "(CPU time of the Node process)")
                cpu = local.get(family, {}).get("cpu" + count, [])
                if cpu:
                    print(f"{family:12} cpython {level}_cpu_ms samples={count} "
                          f"median={percentile(cpu, 0.5):.1f} "
                          f"p95={percentile(cpu, 0.95):.1f} (CPU time, not slowed by other processes); "
                          f"times the ratio: p95 about {percentile(cpu, 0.95) * ratio:.0f} ms in Pyodide")
        if p95s:
            pyodide_p95 = max(p95s)
    cpython = [t * 1000 for t in club_times]
    print(f"cpython club_cpu_ms median={percentile(cpython, 0.5):.1f} p95={percentile(cpython, 0.95):.1f} "
          "(CPU time of club decisions in the matches)")
    print(
        f"club_vs_beginner_ci_low={min(lows['club_vs_beginner'], default=math.nan):.3f} "
        f"beginner_vs_random_ci_low={min(lows['beginner_vs_random'], default=math.nan):.3f} "
        f"expert_vs_club_ci_low={min(lows['expert_vs_club'], default=math.nan):.3f} "
        f"{args.pyodide_level}_p95_ms_pyodide={pyodide_p95:.1f}"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
