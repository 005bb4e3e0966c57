"""Widget "scoring": the reader says who took which cards and what was declared; the
widget shows every step of the deal's score and the new erä totals.

The working comes from the package itself (``marjapussi.scoring.score_taken`` and
``apply_to_totals``; ``marjapussi.huutopussi.score_contract_facts`` for a Huutopussi
contract), fed with the cards each pair took instead of a played deal, so the widget
can never disagree with the package. "Play a deal out" fills the taken cards and
declarations from a seeded random playout.

State: ``mode`` (``guild``, ``pagat`` or ``huutopussi``), ``ns`` (the cards North–South
took, as a 36-bit mask in hex; East–West took the rest), ``last`` (the seat that took
the last trick), ``trump`` and ``tby`` (the trump suit and the pair that declared it;
in Huutopussi the suit the bidders named and the bidding pair), ``small`` (for each
suit ♥ ♦ ♠ ♣ the pair with a later marriage in it: ``N``, ``E`` or ``-``), ``b0``/``b1``
(erä totals before the deal), the pagat switches ``values``, ``carry`` (points carried
from ties), ``tie`` and ``more`` (1 or 0), ``seed``, and for Huutopussi ``bid``,
``dbl`` (the double penalty, 1 or 0) and ``mar`` (for each suit the seat that announced
a marriage on lead, or ``-``).

>>> state = initial("")
>>> result = compute(state)
>>> result.score.points, result.era.after, result.era.outcome
((2, 3), (12, 8), 'won')
>>> contract = compute(initial("huutopussi")).score
>>> contract.bid, contract.made, contract.points
(60, False, (94, -60))
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from .. import scoring as core
from ..cards import ALL_CARDS, Pair, Seat, Suit, deck, mask_of
from ..deal import Deal, Declaration
from ..escaping import escape
from ..html import ROOT, action_attr, card_html, era_html, score_html, steps_html
from ..huutopussi import MAX_BID, ContractFacts, HuutopussiDeal, score_contract_facts
from ..i18n import pair_name, pair_short, seat_name, suit_name
from ..randomplay import random_playout
from ..rules import GUILD, HUUTOPUSSI, PAGAT, Rules
from .common import (
    BadInput,
    action_card,
    button,
    field_choice,
    field_int,
    field_text,
    form,
    number_input,
    pair_or_nobody,
    require_dict,
    select,
    suit_selects,
    trump_options,
)
from .texts import wt

if TYPE_CHECKING:
    from ..scoring import DealScore, EraStep

__all__ = ["FIELDS", "Result", "apply", "check", "compute", "initial", "rules_of", "view"]

KIND = "scoring"
DEFAULT_ARGS = ""
MODES = ("guild", "pagat", "huutopussi")
FIELDS = (
    "mode",
    "ns",
    "last",
    "trump",
    "tby",
    "small",
    "b0",
    "b1",
    "values",
    "carry",
    "tie",
    "more",
    "seed",
    "bid",
    "dbl",
    "mar",
)
FULL = mask_of(deck(36))
MAX_SEED = 2**31 - 1
PAIR_LETTER = {"N": Pair.NS, "E": Pair.EW}
SEATS = ("N", "E", "S", "W")
TARGET = {"guild": GUILD.target, "pagat": PAGAT.target, "huutopussi": GUILD.target}
"""The erä target of each mode (the totals before a deal are below it)."""


@lru_cache(maxsize=1)
def _example() -> dict[str, Any]:
    """The taken cards and declarations of the rules pages' example deal."""
    from .common import replay_deal
    from .trick_stepper import _record

    deal = replay_deal(_record("example-deal", "en"))
    return _from_deal(deal)


def _from_deal(deal: Deal) -> dict[str, Any]:
    small = ["-"] * 4
    trump, tby = "", "NS"
    for decl in deal.declarations:
        if decl.suit is None or decl.kind is None:
            continue
        letter = "N" if decl.pair is Pair.NS else "E"
        if decl.kind == "trump":
            trump, tby = decl.suit.letter, decl.pair.name
        else:
            small[decl.suit] = letter
    last = deal.last_trick
    return {
        "ns": f"{deal.taken[0]:09x}",
        "last": last.winner.name if last is not None else "N",
        "trump": trump,
        "tby": tby,
        "small": "".join(small),
    }


def _from_contract(deal: HuutopussiDeal) -> dict[str, Any]:
    mar = ["-"] * 4
    for seat, suit in deal.marriages:
        mar[suit] = seat.name
    last = deal.last_trick
    bidder = deal.bidder if deal.bidder is not None else Seat.N
    return {
        "ns": f"{deal.taken[0]:09x}",
        "last": last.winner.name if last is not None else "N",
        "trump": deal.trump_suit.letter if deal.trump_suit is not None else "",
        "tby": bidder.pair.name,
        "bid": deal.high_bid,
        "mar": "".join(mar),
    }


@lru_cache(maxsize=64)
def _contract_playout(seed: int) -> tuple[int, dict[str, Any]]:
    """A seeded Huutopussi deal played out (the first seed from ``seed`` with a contract)."""
    while True:
        deal = HuutopussiDeal.random(seed, HUUTOPUSSI, dealer=Seat.W)
        random_playout(deal, random.Random(seed))
        if deal.redeal is None and deal.bidder is not None:
            return seed, _from_contract(deal)
        seed = (seed * 1103515245 + 12345) % MAX_SEED


HUUTOPUSSI_EXAMPLE = 32
"""The seed of the first Huutopussi deal shown: 60 bid, 56 collected, the contract fails."""


def initial(args: str) -> dict[str, Any]:
    """The first state for ``args`` (``guild``, ``pagat`` or ``huutopussi``; empty: guild)."""
    mode = args.strip() or "guild"
    if mode not in MODES:
        raise ValueError(f"scoring: unknown mode {mode!r}; use one of {', '.join(MODES)}")
    state: dict[str, Any] = {
        "mode": mode,
        **_example(),
        "b0": 10 if mode == "guild" else 8 if mode == "pagat" else 0,
        "b1": 5 if mode != "huutopussi" else 0,
        "values": "original",
        "carry": 0,
        "tie": 0,
        "more": 0,
        "seed": 1,
        "bid": 60,
        "dbl": 0,
        "mar": "----",
    }
    if mode == "huutopussi":
        state["seed"], example = _contract_playout(HUUTOPUSSI_EXAMPLE)
        state.update(example)
    return state


def check(state: Any) -> dict[str, Any]:
    """Check a state from outside; raise ``BadInput`` if any field is wrong."""
    data = require_dict(state)
    mode = field_choice(data.get("mode"), MODES)
    ns = field_text(data.get("ns"), r"[0-9a-f]{1,9}", max_len=9)
    trump = data.get("trump") or ""
    if trump:
        trump = field_choice(trump, "HDSC")
    small = list(field_text(data.get("small"), r"[NE-]{4}", max_len=4))
    if trump:
        small[Suit.parse(trump)] = "-"
    values = field_choice(data.get("values"), ("original", "simplified"))
    target = TARGET[mode]
    return {
        "mode": mode,
        "ns": f"{int(ns, 16) & FULL:09x}",
        "last": field_choice(data.get("last"), SEATS),
        "trump": trump,
        "tby": field_choice(data.get("tby"), ("NS", "EW")),
        "small": "".join(small),
        "b0": field_int(data.get("b0"), 0, target - 1),
        "b1": field_int(data.get("b1"), 0, target - 1),
        "values": values,
        "carry": field_int(data.get("carry"), 0, 20),
        "tie": field_int(data.get("tie"), 0, 1),
        "more": field_int(data.get("more"), 0, 1),
        "seed": field_int(data.get("seed"), 0, MAX_SEED),
        "bid": field_int(data.get("bid"), HUUTOPUSSI.min_bid, MAX_BID),
        "dbl": field_int(data.get("dbl"), 0, 1),
        "mar": field_text(data.get("mar"), r"[NESW-]{4}", max_len=4),
    }


def rules_of(state: Mapping[str, Any]) -> Rules:
    """The ruleset the state is scored under."""
    if state["mode"] == "pagat":
        return PAGAT.replace(
            card_values=state["values"],
            carry_card_tie=bool(state["tie"]),
            target_or_more=bool(state["more"]),
        )
    if state["mode"] == "huutopussi":
        return HUUTOPUSSI.replace(double_penalty=bool(state["dbl"]))
    return GUILD


# ---------------------------------------------------------------------- the score


@dataclass
class Result:
    """The score of a state, the erä step (not in Huutopussi), and notes on what was corrected."""

    score: DealScore
    era: EraStep | None
    notes: list[str] = field(default_factory=list)
    counts: tuple[int, int] = (0, 0)


def compute(state: Mapping[str, Any], lang: str = "en") -> Result:
    """Score the state with the package's own scoring; notes say what did not add up."""
    rules = rules_of(state)
    ns = int(state["ns"], 16) & FULL
    taken = [ns, FULL & ~ns]
    counts = (taken[0].bit_count(), taken[1].bit_count())
    tricks = [(c + 3) // 4 for c in counts]
    notes: list[str] = []
    if counts[0] % 4 or counts[1] % 4:
        notes.append(wt("whole-tricks", lang, a=counts[0], b=counts[1]))
    last = Seat[state["last"]]
    if tricks[last.pair] == 0:
        last = last.next
        notes.append(wt("last-needs-trick", lang, seat=seat_name(last, lang)))
    if state["mode"] == "huutopussi":
        marriages = [(Seat[state["mar"][s]], Suit(s)) for s in range(4) if state["mar"][s] != "-"]
        trump = Suit.parse(state["trump"]) if state["trump"] else -1
        bidder = Pair[state["tby"]].seats[0]
        facts = ContractFacts(
            taken=tuple(taken),
            tricks_won=tuple(tricks),
            last_winner=last,
            bidder=bidder,
            bid=state["bid"],
            trump=int(trump),
            marriages=tuple(marriages),
        )
        return Result(score_contract_facts(rules, facts), None, notes, counts)
    declarations: list[Declaration] = []
    dropped = False
    wanted: list[tuple[Suit, Pair]] = []
    if state["trump"]:
        wanted.append((Suit.parse(state["trump"]), Pair[state["tby"]]))
    for suit in Suit:
        letter = state["small"][suit]
        if letter != "-" and suit.letter != state["trump"]:
            wanted.append((suit, PAIR_LETTER[letter]))
    seen_trump = False
    for suit, pair in wanted:
        if tricks[pair] == 0:
            dropped = True
            continue
        kind = "small-trump" if seen_trump else "trump"
        seen_trump = True
        seat = pair.seats[0]
        declarations.append(Declaration(seat, 2, "own", None, suit, kind, seat, ()))
    if dropped:
        notes.append(wt("decl-needs-trick", lang))
    carried = state["carry"] if state["mode"] == "pagat" else 0
    score = core.score_taken(rules, taken, tricks, last, declarations, carried)
    era = core.apply_to_totals(rules, (state["b0"], state["b1"]), score.points, score.tricks_won)
    return Result(score, era, notes, counts)


# ---------------------------------------------------------------------- actions


def apply(state: dict[str, Any], action: Mapping[str, Any], lang: str) -> tuple[dict[str, Any], str]:
    """Apply a reader's action; return the new state and a sentence to announce."""
    kind = action.get("type")
    new = dict(state)
    if kind == "toggle":
        card = action_card(action)
        mask = int(state["ns"], 16) ^ card.bit
        new["ns"] = f"{mask:09x}"
        pair = Pair.NS if mask & card.bit else Pair.EW
        said = wt("card-taken-by", lang, card=card.symbol, pair=pair_name(pair, lang))
        return new, f"{said}. {_summary(new, lang)}"
    if kind == "all":
        who = field_choice(action.get("pair"), ("NS", "EW"), "bad-action")
        new["ns"] = f"{FULL if who == 'NS' else 0:09x}"
        new["last"] = who[0]
    elif kind == "play-out":
        new["seed"] = (state["seed"] * 1103515245 + 12345) % MAX_SEED
        if state["mode"] == "huutopussi":
            new["seed"], played = _contract_playout(new["seed"])
            new.update(played)
        else:
            rules = rules_of(state)
            deal = random_playout(Deal.random(new["seed"], rules), random.Random(new["seed"]))
            new.update(_from_deal(deal))
    elif kind == "set":
        for name, choices in (
            ("mode", MODES),
            ("last", SEATS),
            ("tby", ("NS", "EW")),
            ("values", ("original", "simplified")),
        ):
            if name in action:
                new[name] = field_choice(action[name], choices, "bad-action")
        if "trump" in action:
            trump = action["trump"]
            new["trump"] = "" if trump in ("", "-") else field_choice(trump, "HDSC", "bad-action")
        small = list(state["small"])
        for suit in Suit:
            key = f"small-{suit.letter}"
            if key in action:
                small[suit] = field_choice(action[key], ("N", "E", "-"), "bad-action")
        new["small"] = "".join(small)
        mar = list(state["mar"])
        for suit in Suit:
            key = f"mar-{suit.letter}"
            if key in action:
                mar[suit] = field_choice(action[key], ("-", *SEATS), "bad-action")
        new["mar"] = "".join(mar)
        target = TARGET[new["mode"]]
        for name, low, high in (
            ("b0", 0, target - 1),
            ("b1", 0, target - 1),
            ("carry", 0, 20),
            ("tie", 0, 1),
            ("more", 0, 1),
            ("dbl", 0, 1),
            ("bid", HUUTOPUSSI.min_bid, MAX_BID),
        ):
            if name in action:
                new[name] = field_int(action[name], low, high, "bad-action")
        if new["mode"] != state["mode"]:
            new["b0"], new["b1"] = min(new["b0"], target - 1), min(new["b1"], target - 1)
    else:
        raise BadInput("bad-action")
    checked = check(new)
    return checked, _summary(checked, lang)


def _summary(state: Mapping[str, Any], lang: str) -> str:
    result = compute(state, lang)
    a, b = result.score.points
    text = f"{wt('col-deal', lang)}: {pair_name(Pair.NS, lang)} {a}, {pair_name(Pair.EW, lang)} {b}."
    if result.era is not None:
        c, d = result.era.after
        text += f" {wt('new-game-totals' if state['mode'] == 'pagat' else 'new-totals', lang)}: {c}–{d}."
    return text


# ---------------------------------------------------------------------- view


def _card_grid(state: Mapping[str, Any], lang: str) -> str:
    ns = int(state["ns"], 16)
    rows = []
    for suit in Suit:
        buttons = []
        for card in sorted((c for c in ALL_CARDS if c.suit == suit), key=lambda c: -c.rank):
            pair = Pair.NS if ns & card.bit else Pair.EW
            short = pair_short(pair, lang)
            # no aria-label: the card's spoken name, then whose it is, for screen readers only
            buttons.append(
                f'<button type="button" class="mp-take mp-take-{pair.name}" '
                f"{action_attr({'type': 'toggle', 'card': card.code})} "
                f'data-focus-key="take-{card.code}">'
                f"{card_html(card, lang)} "
                f'<span class="mp-take-pair" aria-hidden="true">{escape(short)}</span>'
                f'<span class="mp-sr"> ({escape(pair_name(pair, lang))})</span></button>'
            )
        rows.append(
            f'<div class="mp-take-row"><span class="mp-take-suit">{escape(suit_name(suit, lang))}</span>'
            f"{''.join(buttons)}</div>"
        )
    title = escape(wt("taken-by", lang))
    return (
        f'<div class="mp-take-grid" role="group" aria-label="{title}">'
        f'<p class="mp-list-title">{title}</p>{"".join(rows)}</div>'
    )


def _settings(state: Mapping[str, Any], lang: str) -> str:
    pairs = [("NS", pair_name(Pair.NS, lang)), ("EW", pair_name(Pair.EW, lang))]
    seats = [(s.name, seat_name(s, lang)) for s in Seat]
    fields = [
        select(
            "mode", wt("ruleset", lang), [(m, wt(f"mode:{m}", lang)) for m in MODES], state["mode"], "mode"
        ),
    ]
    suits = trump_options(lang)
    if state["mode"] == "huutopussi":
        someone = [("-", wt("nobody", lang)), *seats]
        fields += [
            number_input("bid", wt("bid", lang), state["bid"], HUUTOPUSSI.min_bid, MAX_BID, "bid"),
            select("tby", wt("bidders", lang), pairs, state["tby"], "tby"),
            select("trump", wt("trump-suit", lang), suits, state["trump"] or "-", "trump"),
            select("last", wt("last-trick-by", lang), seats, state["last"], "last"),
        ]
        fields += suit_selects("mar-", "marriage-on-lead-by", someone, state["mar"], lang, "mar-")
        yes_no = [("0", wt("no", lang)), ("1", wt("yes", lang))]
        fields.append(select("dbl", wt("double-penalty", lang), yes_no, str(state["dbl"]), "dbl"))
    else:
        fields += [
            select("last", wt("last-trick-by", lang), seats, state["last"], "last"),
            select("trump", wt("trump-suit", lang), suits, state["trump"] or "-", "trump"),
            select("tby", wt("trump-by", lang), pairs, state["tby"], "tby"),
        ]
        later = "small-by" if state["mode"] == "guild" else "marriage-by"
        who = pair_or_nobody(lang)
        fields += suit_selects("small-", later, who, state["small"], lang, "small-", skip=state["trump"])
        target = GUILD.target if state["mode"] == "guild" else PAGAT.target
        before_key = "game-totals-before" if state["mode"] == "pagat" else "totals-before"
        totals = number_input(
            "b0", pair_name(Pair.NS, lang), state["b0"], 0, target - 1, "b0"
        ) + number_input("b1", pair_name(Pair.EW, lang), state["b1"], 0, target - 1, "b1")
        fields.append(
            '<fieldset class="mp-subgroup">'
            f"<legend>{escape(wt(before_key, lang))}</legend>{totals}</fieldset>"
        )
        if state["mode"] == "pagat":
            yes_no = [("0", wt("no", lang)), ("1", wt("yes", lang))]
            fields += [
                select(
                    "values",
                    wt("card-values", lang),
                    [(v, wt(f"values:{v}", lang)) for v in ("original", "simplified")],
                    state["values"],
                    "values",
                ),
                number_input("carry", wt("carried", lang), state["carry"], 0, 20, "carry"),
                select("tie", wt("carry-tie", lang), yes_no, str(state["tie"]), "tie"),
                select("more", wt("or-more", lang), yes_no, str(state["more"]), "more"),
            ]
    return form({"type": "set"}, fields, lang, "set")


def view(state: Mapping[str, Any], lang: str) -> str:
    """The widget's body for a state."""
    parts = [
        f'<p class="mp-widget-title">{escape(wt("scoring-label", lang))}</p>',
        f'<p class="mp-widget-sub">{escape(wt("mode:" + state["mode"], lang))}</p>',
    ]
    result = compute(state, lang)
    parts.append(_card_grid(state, lang))
    quick = [
        button(wt("all-to", lang, pair=pair_name(Pair.NS, lang)), {"type": "all", "pair": "NS"}, "all-NS"),
        button(wt("all-to", lang, pair=pair_name(Pair.EW, lang)), {"type": "all", "pair": "EW"}, "all-EW"),
        button(wt("play-out", lang), {"type": "play-out"}, "play-out"),
    ]
    parts.append(f'<div class="mp-controls">{"".join(quick)}</div>')
    parts.append(_settings(state, lang))
    for note in result.notes:
        parts.append(f'<p class="mp-note">{escape(note)}</p>')
    if result.era is None:
        parts.append(_contract_html(state, result, lang))
    else:
        parts.append(score_html(result.score, lang, ROOT))
        parts.append(era_html(result.era, lang, ROOT, result.score.rules.name))
    return "".join(parts)


def _contract_html(state: Mapping[str, Any], result: Result, lang: str) -> str:
    ns = int(state["ns"], 16) & FULL
    cards = [core.count_cards(mask, core.CARD_POINTS["original"])[3] for mask in (ns, FULL & ~ns)]
    tricks = result.score.tricks_won
    rows = "".join(
        f'<tr><th scope="row">{escape(wt(key, lang))}</th>'
        f'<td class="mp-num">{a}</td><td class="mp-num">{b}</td></tr>'
        for key, (a, b) in (("col-tricks", (tricks[0], tricks[1])), ("col-card-points", (cards[0], cards[1])))
    )
    head = "".join(
        f'<th scope="col" class="mp-num">{escape(pair_short(p, lang))}</th>' for p in Pair
    )
    counts = (
        f'<div class="mp-table-wrap"><table class="mp-counts"><caption>{escape(wt("counts-caption", lang))}'
        f"</caption><thead><tr><td></td>{head}</tr></thead><tbody>{rows}</tbody></table></div>"
    )
    score = result.score
    collecting = [step for step in score.steps if step.rule != "contract"]
    contract = [step for step in score.steps if step.rule == "contract"]
    collected = getattr(score, "collected", None) or score.card_points
    family = score.rules.name
    return (
        '<div class="mp-score">'
        + counts
        + steps_html(collecting, lang, ROOT, collected, wt("collected-caption", lang), family)
        + steps_html(contract, lang, ROOT, score.points, wt("contract-caption", lang), family)
        + "</div>"
    )
