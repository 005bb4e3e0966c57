"""The facts of a deal as a table knows them, for the score keeper (``score_keeper``).

A deal is entered as what everyone at the table knows, not card by card: the tricks each
side took, who took the last trick, the matit (and, at 4–4, the pips and then the aces)
in the guild rules or the card points in Pagat and Huutopussi, the declarations, a
misplay, and in Huutopussi the contract (with marriage trumps also the contract after the
raise, and whether the bidder took no trick himself). This module says, for each game, which facts
a deal has (``KEYS``), which of them apply under the rules and given the facts already
entered (``shown``), the values each may take (``choices``, ``bounds``), what is still
to fill in (``missing``) and what cannot be true (``problems``); and it scores a
complete deal with the package's own scoring (``score_facts``): the counts are turned
into sets of cards with exactly those counts (``card_split``), so that the working
shown is the engine's.

Facts (each may be ``None`` in a deal being entered, until it is filled in): ``t``
(tricks of North–South, or of North with three players), ``te`` (tricks of East, three
players), ``l`` (the seat that took the last trick), ``m``/``p``/``a`` (North–South's
matit, pips and aces; guild), ``c``/``ce``/``cs`` (card points of North–South, or of
North, East and South with three players, the bidder's with the three cards put away;
``cs`` is entered only when all passed, since the talon then stays out of play),
``tr``/``tb`` (trumps, ``""`` for none, and the pair that declared them), ``sm`` (for
each suit ♥ ♦ ♠ ♣ the pair with a later marriage in it), ``x`` (the pair that misplayed,
guild), ``bid``/``by`` (the contract and the bidder's seat), ``mar`` (marriages on lead,
a seat per suit) and ``k`` (what kind of deal it was: ``""`` a contract played, a
redeal for ``aces``, ``none`` or ``pass`` (with marriage trumps ``six`` or ``high``), or
``open``: all passed and the deal was played with no trump); with marriage trumps also
``ct`` (the contract after the raise) and ``dn`` (1: the bidder took no trick himself).

>>> state = {"mode": "guild", "values": "original", "deck": 36, "tie": 0, "more": 0}
>>> facts = normalise("guild", {**DRAFT, "t": 0})
>>> choices(state, facts)["l"], missing(state, facts)
(['E', 'W'], ['l', 'm', 'tr'])
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from functools import cache, lru_cache
from typing import Any

from ..cards import Pair, Rank, Seat, Suit
from ..deal import SIDES, Declaration
from ..huutopussi import MAX_BID, ContractFacts, on_bid_step, score_contract_facts
from ..marriage_trumps import MarriageFacts, highest_bid, score_marriage_facts
from ..rules import GUILD, HUUTOPUSSI, HUUTOPUSSI3, HUUTOPUSSI_MARRIAGE, HUUTOPUSSI_MARRIAGE3, PAGAT, Rules
from ..scoring import CARD_POINTS, PIPS, DealScore, score_taken
from .common import BadInput, field_choice, field_int, field_text, require_dict

__all__ = [
    "DRAFT",
    "FIXED",
    "KEYS",
    "MARRIAGE_MODES",
    "MODES",
    "REDEALS",
    "THREE_MODES",
    "bounds",
    "card_split",
    "check_facts",
    "choices",
    "contract_mode",
    "missing",
    "normalise",
    "problems",
    "rules_of",
    "score_facts",
    "shown",
    "side_count",
    "total_points",
    "tricks_of",
]

MODES = ("guild", "pagat", "huutopussi", "huutopussi3", "huutopussi-marriage", "huutopussi-marriage3")
"""The games a sheet is kept for: the guild's and Pagat's Marjapussi, Huutopussi for four
and three, and Huutopussi with marriage trumps for four and three."""
MARRIAGE_MODES = ("huutopussi-marriage", "huutopussi-marriage3")
"""The games of Huutopussi with marriage trumps (scored by ``score_marriage_facts``)."""
THREE_MODES = ("huutopussi3", "huutopussi-marriage3")
"""The games of three players, each for himself."""

KEYS = {
    "guild": ("t", "l", "m", "p", "a", "tr", "tb", "sm", "x"),
    "pagat": ("t", "l", "c", "tr", "tb", "sm"),
    "huutopussi": ("k", "bid", "by", "tr", "t", "l", "c", "mar"),
    "huutopussi3": ("k", "bid", "by", "tr", "t", "te", "l", "c", "ce", "cs", "mar"),
    "huutopussi-marriage": ("k", "bid", "by", "ct", "t", "dn", "l", "c", "mar"),
    "huutopussi-marriage3": ("k", "bid", "by", "ct", "t", "te", "l", "c", "ce", "mar"),
}
"""The facts of a deal in each game, in the order the form asks for them."""

FIXED: dict[str, Any] = {
    "t": 5,
    "te": 0,
    "l": "N",
    "m": 5,
    "p": 18,
    "a": 2,
    "c": 60,
    "ce": 0,
    "cs": 0,
    "tr": "",
    "tb": "NS",
    "sm": "----",
    "x": "",
    "bid": 60,
    "by": "N",
    "mar": "----",
    "k": "",
    "ct": 60,
    "dn": 0,
}
"""The values of facts that cannot matter (a redeal's, the pips when the matit are not level)."""

DRAFT: dict[str, Any] = {
    **FIXED,
    **dict.fromkeys(("t", "te", "l", "m", "p", "a", "c", "ce", "cs", "tr", "tb", "bid", "by", "ct")),
}
"""A new deal: every fact blank but those with a natural default (nobody, a contract)."""

REDEALS = {
    "aces": "four-aces",
    "none": "no-counting-card",
    "pass": "all-pass",
    "six": "three-sixes",
    "high": "nothing-high",
}
"""Huutopussi's redeals (the kind of deal ``k``) and the engine's reasons for them (the
last two: Huutopussi with marriage trumps)."""

KINDS = ("", *REDEALS, "open")
RANKS = (Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.JACK)
"""The counting ranks, highest first (20 counting cards in every pack)."""


# ---------------------------------------------------------------------- rules and sides


def rules_of(state: Mapping[str, Any]) -> Rules:
    """The ruleset a sheet is kept under (its game and variations)."""
    mode = state["mode"]
    if mode == "pagat":
        return PAGAT.replace(
            card_values=state["values"],
            carry_card_tie=bool(state["tie"]),
            target_or_more=bool(state["more"]),
            deck_size=state["deck"],
        )
    if mode in MARRIAGE_MODES:
        base = HUUTOPUSSI_MARRIAGE3 if mode in THREE_MODES else HUUTOPUSSI_MARRIAGE
        return base.replace(game_to=state["to"])
    if mode in ("huutopussi", "huutopussi3"):
        base = HUUTOPUSSI3 if mode == "huutopussi3" else HUUTOPUSSI
        return base.replace(
            double_penalty=bool(state["dbl"]),
            molotov_bonus=state["molo"],
            game_to=state["to"],
            all_pass=state["pass"],
            min_bid=state["minbid"],
            bid_step=state["step"],
        )
    return GUILD


def contract_mode(mode: str) -> bool:
    """Tell whether a game's deals are played for a contract (the Huutopussi games)."""
    return mode.startswith("huutopussi")


def side_count(mode: str) -> int:
    """The scoring sides: two pairs, or three players each for himself."""
    return 3 if mode in THREE_MODES else 2


def seats_of(mode: str) -> tuple[str, ...]:
    """The seats at the table, as letters."""
    return ("N", "E", "S") if mode in THREE_MODES else ("N", "E", "S", "W")


def _side(mode: str, seat: str) -> int:
    return SIDES[3 if mode in THREE_MODES else 4][Seat[seat]]


def _values(state: Mapping[str, Any]) -> str:
    return str(state["values"]) if state["mode"] == "pagat" else "original"


def _is_contract(state: Mapping[str, Any], facts: Mapping[str, Any]) -> bool:
    return contract_mode(state["mode"]) and facts.get("k", "") == ""


def tricks_of(state: Mapping[str, Any], facts: Mapping[str, Any]) -> tuple[int, ...] | None:
    """The tricks each side took, or ``None`` while they are not all entered."""
    n = rules_of(state).tricks_per_deal
    t = facts["t"]
    if t is None:
        return None
    if state["mode"] not in THREE_MODES:
        return (t, n - t)
    te = facts["te"]
    return None if te is None else (t, te, n - t - te)


def total_points(values: str) -> int:
    """All the card points in the pack (120, or 140 with the simplified values)."""
    return sum(4 * CARD_POINTS[values][rank] for rank in RANKS)


def _points_of(state: Mapping[str, Any], facts: Mapping[str, Any]) -> tuple[int, ...] | None:
    """The card points of each side (and the talon's, three players all passed), if entered."""
    total = total_points(_values(state))
    c = facts["c"]
    if c is None:
        return None
    if state["mode"] not in THREE_MODES:
        return (c, total - c)
    ce = facts["ce"]
    if ce is None:
        return None
    if _is_contract(state, facts):
        return (c, ce, total - c - ce)
    cs = facts["cs"]
    return None if cs is None else (c, ce, cs, total - c - ce - cs)


def _cards_of(state: Mapping[str, Any], facts: Mapping[str, Any], tricks: Sequence[int]) -> tuple[int, ...]:
    """How many cards each side took (the bidder's three put away included; the talon)."""
    per_trick = 3 if state["mode"] in THREE_MODES else 4
    cards = [per_trick * n for n in tricks]
    if state["mode"] in THREE_MODES:
        if _is_contract(state, facts):
            if facts["by"] is not None:
                cards[_side(state["mode"], facts["by"])] += 3
        else:
            cards.append(3)  # all passed: the talon stays out of play
    return tuple(cards)


# ---------------------------------------------------------------------- cards with given counts


@cache
def _compositions(sides: int, cards: int = 4) -> tuple[tuple[int, ...], ...]:
    """Every way to share ``cards`` cards of one rank among ``sides`` sides."""
    return tuple(c for c in itertools.product(range(cards + 1), repeat=sides) if sum(c) == cards)


@cache
def _best(values: str, rank: int, room: int) -> int:
    """The most card points ``room`` cards of the ranks from ``rank`` on can hold."""
    worth = sorted((CARD_POINTS[values][r] for r in RANKS[rank:] for _ in range(4)), reverse=True)
    return sum(worth[:room])


@lru_cache(maxsize=100_000)  # bounded: a long session at a table must not grow it forever
def _share(
    values: str, rank: int, need: tuple[int, ...], room: tuple[int, ...]
) -> tuple[tuple[int, ...], ...] | None:
    """Share the counting cards of the ranks from ``rank`` on so that side ``i`` gets
    ``need[i]`` card points in at most ``room[i]`` cards; each side's count per rank."""
    if rank == len(RANKS):
        return tuple(() for _ in need) if not any(need) else None
    worth = CARD_POINTS[values][RANKS[rank]]
    for split in _compositions(len(need)):
        left = tuple(n - k * worth for n, k in zip(need, split, strict=True))
        space = tuple(r - k for r, k in zip(room, split, strict=True))
        if min(left) < 0 or min(space) < 0:
            continue
        if any(n > _best(values, rank + 1, r) for n, r in zip(left, space, strict=True)):
            continue
        rest = _share(values, rank + 1, left, space)
        if rest is not None:
            return tuple((k, *more) for k, more in zip(split, rest, strict=True))
    return None


def card_split(
    values: str, deck_size: int, points: Sequence[int], cards: Sequence[int]
) -> tuple[tuple[int, ...], ...] | None:
    """Share the pack's counting cards among sides with these card points and numbers of
    cards (each side's count of aces, tens, kings, queens and jacks), or ``None`` if no
    such sharing exists: the points a table entered are possible exactly then.

    >>> card_split("original", 36, (75, 45), (20, 16))
    ((1, 3, 4, 4, 3), (3, 1, 0, 0, 1))
    >>> card_split("original", 36, (1, 119), (20, 16)) is None  # no card is worth 1
    True
    >>> card_split("original", 36, (100, 20), (4, 32)) is None  # four cards hold at most 44
    True
    """
    if sum(points) != total_points(values) or sum(cards) != deck_size or min(points) < 0:
        return None
    if min(cards) < 0:
        return None
    return _share(values, 0, tuple(points), tuple(cards))


def _masks(split: Sequence[Sequence[int]]) -> tuple[int, ...]:
    """Card masks holding each side's counts per rank (the suits taken in turn)."""
    masks = [0] * len(split)
    for r, rank in enumerate(RANKS):
        suit = 0
        for side, counts in enumerate(split):
            for _ in range(counts[r]):
                masks[side] |= 1 << (suit * 9 + rank)
                suit += 1
    return tuple(masks)


@cache
def _pip_counts() -> dict[int, frozenset[int]]:
    """Each pip count, with the numbers of kings, queens and jacks that can make it."""
    out: dict[int, set[int]] = {}
    for k, q, j in itertools.product(range(5), repeat=3):
        out.setdefault(k * PIPS[Rank.KING] + q * PIPS[Rank.QUEEN] + j * PIPS[Rank.JACK], set()).add(k + q + j)
    return {p: frozenset(n) for p, n in out.items()}


def _pip_ways(p: int) -> tuple[int, int, int]:
    for k, q, j in itertools.product(range(5), repeat=3):
        if k * PIPS[Rank.KING] + q * PIPS[Rank.QUEEN] + j * PIPS[Rank.JACK] == p:
            return k, q, j
    raise ValueError(p)  # pragma: no cover - only pip counts of _pip_counts are asked


def _guild_masks(facts: Mapping[str, Any]) -> tuple[int, int]:
    m, p, a = facts["m"], facts["p"], facts["a"]
    k, q, j = _pip_ways(p)
    ns = _masks([(a, m - a, k, q, j)])[0]
    return ns, ((1 << 36) - 1) & ~ns


# ---------------------------------------------------------------------- what applies, and its values


def shown(state: Mapping[str, Any], facts: Mapping[str, Any]) -> list[str]:
    """The facts that apply to this deal under the rules, given what is entered, in order."""
    mode = state["mode"]
    out: list[str] = []
    for key in KEYS[mode]:
        if key == "k":
            if rules_of(state).all_pass == "no-trump" or facts["k"] == "open":
                out.append(key)  # a contract, or all passed and played: a choice
            if facts["k"] in REDEALS:
                return out
        elif key in ("bid", "by", "ct") or (key == "tr" and mode.startswith("huutopussi")):
            if facts["k"] == "":
                out.append(key)
        elif key == "dn":  # only a bidder whose partner took tricks can have taken none himself
            alone = rules_of(state).declarer_no_trick == "seat-bid"
            if facts["k"] == "" and facts["by"] is not None and alone:
                tricks = tricks_of(state, facts)
                if tricks is not None and tricks[_side(mode, facts["by"])]:
                    out.append(key)
        elif key == "p":
            if facts["m"] == 4:
                out.append(key)
        elif key == "a":
            if facts["m"] == 4 and facts["p"] == 18:
                out.append(key)
        elif key in ("tb", "sm"):
            if facts["tr"]:
                out.append(key)
        elif key == "cs":
            if facts["k"] == "open":
                out.append(key)
        else:
            out.append(key)
    return out


def _with_tricks(mode: str, tricks: tuple[int, ...] | None, letters: Sequence[str]) -> list[str]:
    """The seats (or pairs, by their first seat's letter) whose side took a trick."""
    if tricks is None:
        return list(letters)
    return [s for s in letters if tricks[_side(mode, s)] > 0]


def valid_bids(rules: Rules) -> list[int]:
    """Every amount a bid may name under the rules."""
    if rules.family == "huutopussi-marriage":
        return list(range(rules.min_bid, highest_bid(rules) + 1, 5))
    return [p for p in range(rules.min_bid, MAX_BID + 1) if on_bid_step(rules, p)]


def choices(state: Mapping[str, Any], facts: Mapping[str, Any]) -> dict[str, list[Any]]:
    """The values each chosen fact may take, given the rules and the facts it depends on.

    Card points are typed in: their range is ``bounds``. ``sm`` and ``mar`` give the
    choices of each suit's field.
    """
    mode = state["mode"]
    rules = rules_of(state)
    n = rules.tricks_per_deal
    tricks = tricks_of(state, facts)
    out: dict[str, list[Any]] = {"t": list(range(n + 1))}
    if mode in THREE_MODES:
        out["te"] = list(range(n + 1 - (facts["t"] or 0)))
    out["l"] = _with_tricks(mode, tricks, seats_of(mode))
    if mode == "guild":
        t = facts["t"]
        out["m"] = list(range(9)) if t is None else list(range(max(0, 4 * t - 28), min(8, 4 * t) + 1))
        low, high = (0, 12) if t is None else (max(0, 4 * t - 20), min(12, 4 * t - 4))
        out["p"] = sorted(p for p, counts in _pip_counts().items() if any(low <= c <= high for c in counts))
        out["a"] = list(range(5))
    pairs = _with_tricks(mode, tricks, ("N", "E")) if mode in ("guild", "pagat") else []
    if mode.startswith("huutopussi"):
        out["tr"] = [s.letter for s in Suit]
        out["bid"] = valid_bids(rules)
        out["by"] = list(seats_of(mode))
        if mode in MARRIAGE_MODES:
            out["k"] = ["", "six", "high"]
            out["ct"] = [b for b in out["bid"] if facts["bid"] is None or b >= facts["bid"]]
            out["dn"] = [0, 1]
        else:
            kinds = ["", "aces", "none"]
            kinds += ["open"] if rules.all_pass == "no-trump" else ["pass"]
            out["k"] = kinds
        leaders = list(seats_of(mode))
        if facts["k"] == "" and tricks is not None:
            # A marriage is shown by a side that took a trick, or (plain Huutopussi) by the
            # bidder on his first lead; with marriage trumps only after winning a trick.
            bidder = None if mode in MARRIAGE_MODES else facts["by"]
            leaders = [s for s in leaders if tricks[_side(mode, s)] > 0 or s == bidder]
        out["mar"] = ["-", *leaders]
    else:
        out["tr"] = ["", *(s.letter for s in Suit)]
        out["tb"] = ["NS" if p == "N" else "EW" for p in pairs]
        out["sm"] = ["-", *pairs]
        out["x"] = ["", "NS", "EW"]
    return out


def bounds(state: Mapping[str, Any], facts: Mapping[str, Any], key: str) -> tuple[int, int]:
    """The lowest and highest card points a typed-in field may hold, given the tricks."""
    values = _values(state)
    total = total_points(values)
    tricks = tricks_of(state, facts)
    if tricks is None:
        return 0, total
    cards = _cards_of(state, facts, tricks)
    side = {"c": 0, "ce": 1, "cs": 2}[key]
    others = sum(_best(values, 0, n) for i, n in enumerate(cards) if i != side)
    return max(0, total - others), min(total, _best(values, 0, cards[side]))


def missing(state: Mapping[str, Any], facts: Mapping[str, Any]) -> list[str]:
    """The facts that apply but are not filled in yet, in the form's order."""
    return [key for key in shown(state, facts) if facts[key] is None]


# ---------------------------------------------------------------------- what cannot be true

Problem = tuple[str, dict[str, Any]]


def problems(state: Mapping[str, Any], facts: Mapping[str, Any]) -> list[Problem]:
    """What in a deal's entered facts cannot be true (message keys and their values).

    The form offers only values that fit; these are the refusals of a forged or an old
    deal, each with what the message names. Facts still blank are not judged.
    """
    mode = state["mode"]
    rules = rules_of(state)
    allowed = choices(state, facts)
    here = shown(state, facts)
    out: list[Problem] = []
    kind = facts.get("k", "")
    if "k" in facts and kind not in allowed["k"]:
        return [(f"sk-kind-rules:{kind}", {})]
    if kind in REDEALS:
        return []
    n = rules.tricks_per_deal
    tricks = tricks_of(state, facts)
    if facts["t"] is not None and (facts["t"] > n or (tricks is not None and min(tricks) < 0)):
        return [("sk-bad-tricks", {"n": n})]
    if "bid" in here and facts["bid"] is not None and facts["bid"] not in allowed["bid"]:
        out.append(("sk-bad-bid", {"n": facts["bid"]}))
    if "ct" in here and None not in (facts["ct"], facts["bid"]) and facts["ct"] not in allowed["ct"]:
        out.append(("sk-bad-contract", {"n": facts["ct"], "bid": facts["bid"]}))
    if "tr" in here and mode.startswith("huutopussi") and facts["tr"] == "":
        out.append(("sk-contract-trump", {}))
    if facts["l"] is not None and facts["l"] not in allowed["l"]:
        out.append(("sk-last-no-trick", {"seat": facts["l"]}))
    if mode == "guild":
        out += _guild_problems(facts, tricks, allowed)
    else:
        out += _point_problems(state, facts, tricks)
    if mode in ("guild", "pagat") and tricks is not None:
        for _suit, pair in _declared(facts):
            if tricks[pair] == 0:
                out.append(("sk-declare-no-trick", {"pair": pair.name}))
                break
    if "mar" in here:
        for letter in facts["mar"]:
            if letter != "-" and letter not in allowed["mar"]:
                key = "sk-marriage-no-trick" if mode in MARRIAGE_MODES else "sk-marriage-no-lead"
                out.append((key, {"seat": letter}))
                break
    return out


def _guild_problems(
    facts: Mapping[str, Any], tricks: tuple[int, ...] | None, allowed: Mapping[str, list[Any]]
) -> list[Problem]:
    m, p = facts["m"], facts["p"]
    if m is None or tricks is None:
        return []
    for pair, count in ((Pair.NS, m), (Pair.EW, 8 - m)):
        if count > 4 * tricks[pair]:
            return [("sk-too-many-matit", {"pair": pair.name, "n": count, "t": tricks[pair]})]
    if m == 4 and p is not None and p not in allowed["p"]:
        if p not in _pip_counts():
            return [("sk-bad-pips", {"n": p})]
        return [("sk-pips-tricks", {"pair": "NS", "n": p, "t": tricks[0]})]
    return []


def _point_problems(
    state: Mapping[str, Any], facts: Mapping[str, Any], tricks: tuple[int, ...] | None
) -> list[Problem]:
    values = _values(state)
    total = total_points(values)
    entered = [facts[key] for key in ("c", "ce", "cs") if key in shown(state, facts)]
    for value in entered:  # a number no set of cards is worth
        if value is None:
            continue
        if value > total or _share(values, 0, (value, total - value), (20, 20)) is None:
            return [("sk-bad-points", {"n": value})]
    points = _points_of(state, facts)
    if points is None or tricks is None:
        return []
    if min(points) < 0:
        return [("sk-points-sum", {"sum": sum(v for v in entered if v is not None), "total": total})]
    cards = _cards_of(state, facts, tricks)
    if card_split(values, rules_of(state).deck_size, points, cards) is not None:
        return []
    mode = state["mode"]
    for side, (count, taken) in enumerate(zip(points, cards, strict=False)):
        if taken == 0 and count > 0 and side < side_count(mode):
            three = mode in THREE_MODES
            name = Seat(side).name if three else Pair(side).name
            key = "sk-points-no-trick3" if three else "sk-points-no-trick"
            return [(key, {"seat": name} if three else {"pair": name})]
    return [("sk-points-cards", {})]


def _declared(facts: Mapping[str, Any]) -> list[tuple[Suit, Pair]]:
    """The declarations of a deal in order: trumps first, then the later marriages."""
    out: list[tuple[Suit, Pair]] = []
    if facts["tr"]:
        if facts["tb"] is not None:
            out.append((Suit.parse(facts["tr"]), Pair[facts["tb"]]))
        for suit in Suit:
            letter = facts["sm"][suit]
            if letter != "-" and suit.letter != facts["tr"]:
                out.append((suit, Pair.NS if letter == "N" else Pair.EW))
    return out


# ---------------------------------------------------------------------- reading facts


def normalise(mode: str, facts: Mapping[str, Any]) -> dict[str, Any]:
    """Keep only the facts of ``mode`` and set those that cannot matter to fixed values."""
    out = {key: facts.get(key, DRAFT[key]) for key in KEYS[mode]}
    kind = out.get("k", "")
    if kind in REDEALS:  # a redeal has no facts
        out.update({key: FIXED[key] for key in KEYS[mode] if key != "k"})
        return out
    if kind == "open":  # all passed: no contract and no trump
        out.update({key: FIXED[key] for key in ("bid", "by", "tr")})
    if mode in THREE_MODES and kind == "" and "cs" in out:
        out["cs"] = FIXED["cs"]  # the rest of the pack: worked out, not entered
    if mode == "guild" and out["m"] is not None:
        if out["m"] != 4:
            out["p"], out["a"] = FIXED["p"], min(max(out["m"] // 2, out["m"] - 4), 4)
        elif out["p"] is not None and out["p"] != 18:
            out["a"] = FIXED["a"]
    if "tb" in out and out["tr"] == "" and out["sm"] != FIXED["sm"]:
        # A sheet saved before the form hid them: "no trumps" with later marriages. Its
        # first marriage was scored as the trump, and is read so.
        first = next(suit for suit in Suit if out["sm"][suit] != "-")
        out["tr"], out["tb"] = first.letter, "NS" if out["sm"][first] == "N" else "EW"
    if "tb" in out and out["tr"] == "":
        out["tb"] = FIXED["tb"]
    if "sm" in out and out["tr"]:
        small = list(out["sm"])
        small[Suit.parse(out["tr"])] = "-"
        out["sm"] = "".join(small)
    return out


def _fact(name: str, item: Any, mode: str, rules: Rules, key: str) -> Any:
    """Check one fact's type and range (what fits the others is ``problems``'s)."""
    if item is None and DRAFT[name] is None:
        return None
    if name in ("t", "te"):
        return field_int(item, 0, rules.tricks_per_deal, key)
    if name in ("l", "by"):
        return field_choice(item, seats_of(mode), key)
    if name == "m":
        return field_int(item, 0, 8, key)
    if name == "p":
        return field_int(item, 0, 36, key)
    if name == "a":
        return field_int(item, 0, 4, key)
    if name in ("c", "ce", "cs"):
        return field_int(item, 0, 140, key)
    if name == "tr":
        return "" if item in ("", "-") else field_choice(item, "HDSC", key)
    if name == "tb":
        return field_choice(item, ("NS", "EW"), key)
    if name == "sm":
        return field_text(item, r"[NE-]{4}", key, 4)
    if name == "x":
        return "" if item in ("", "-") else field_choice(item, ("NS", "EW"), key)
    if name in ("bid", "ct"):
        top = highest_bid(rules) if mode in MARRIAGE_MODES else MAX_BID
        return field_int(item, min(HUUTOPUSSI.min_bid, rules.min_bid), top, key)
    if name == "dn":
        return field_int(item, 0, 1, key)
    if name == "mar":
        return field_text(item, r"[NES-]{4}" if mode in THREE_MODES else r"[NESW-]{4}", key, 4)
    return "" if item in (None, "", "-") else field_choice(item, KINDS, key)  # k


def check_facts(
    state: Mapping[str, Any], value: Any, key: str = "bad-state", complete: bool = True
) -> dict[str, Any]:
    """Check one deal's facts from outside: types and ranges, then (for a deal on the
    sheet, ``complete``) that every fact that applies is filled in; ``BadInput`` if not."""
    mode = state["mode"]
    rules = rules_of(state)
    data = require_dict(value, key)
    read = {name: _fact(name, data.get(name), mode, rules, key) for name in KEYS[mode]}
    if complete and None in read.values():  # a deal on the sheet has every fact, fixed or entered
        raise BadInput(key, "blank fact")
    out = normalise(mode, read)
    m, p, a = (out.get(name) for name in ("m", "p", "a"))
    if m is not None and p is not None and a is not None and (not a <= m <= a + 4 or p not in _pip_counts()):
        raise BadInput(key, "matit")
    if complete and missing(state, out):
        raise BadInput(key, "incomplete")
    return out


# ---------------------------------------------------------------------- scoring


def score_facts(state: Mapping[str, Any], facts: Mapping[str, Any], carried: int = 0) -> DealScore:
    """Score one complete deal's facts with the package's own scoring."""
    mode = state["mode"]
    rules = rules_of(state)
    values = _values(state)
    tricks = tricks_of(state, facts)
    assert tricks is not None
    last = Seat[facts["l"]]
    if mode in MARRIAGE_MODES:
        return _score_marriage(state, facts, tricks)
    if mode.startswith("huutopussi"):
        kind = facts["k"]
        sides = side_count(mode)
        masks: tuple[int, ...] = tuple([0] * sides)
        if kind not in REDEALS:
            points = _points_of(state, facts)
            assert points is not None
            split = card_split(values, rules.deck_size, points, _cards_of(state, facts, tricks))
            assert split is not None
            masks = _masks(split)[:sides]
        mar = tuple((Seat[facts["mar"][s]], Suit(s)) for s in range(4) if facts["mar"][s] != "-")
        contract = ContractFacts(
            taken=masks,
            tricks_won=tuple([0] * sides) if kind in REDEALS else tricks,
            last_winner=last,
            bidder=None if kind else Seat[facts["by"]],
            bid=facts["bid"],
            trump=int(Suit.parse(facts["tr"])) if facts["tr"] else -1,
            marriages=mar,
            redeal=REDEALS.get(kind),
        )
        return score_contract_facts(rules, contract)
    if mode == "guild":
        ns, ew = _guild_masks(facts)
    else:
        points = _points_of(state, facts)
        assert points is not None
        split = card_split(values, rules.deck_size, points, _cards_of(state, facts, tricks))
        assert split is not None
        ns, ew = _masks(split)
    declarations = []
    for i, (suit, pair) in enumerate(_declared(facts)):
        seat = pair.seats[0]
        kind = "trump" if i == 0 else "small-trump"
        declarations.append(Declaration(seat, 2, "own", None, suit, kind, seat, ()))
    return score_taken(rules, (ns, ew), tricks, last, declarations, carried)


def _score_marriage(state: Mapping[str, Any], facts: Mapping[str, Any], tricks: tuple[int, ...]) -> DealScore:
    """Score a deal of Huutopussi with marriage trumps with the engine's own scoring.

    With three players the bidder's three cards put away are counted in his card points,
    as the table counts them (they would not count had he won no trick, but then he
    loses twice the bid whatever he collected).
    """
    mode = state["mode"]
    rules = rules_of(state)
    sides = side_count(mode)
    kind = facts["k"]
    if kind in REDEALS:
        zeros = tuple([0] * sides)
        redeal = MarriageFacts(zeros, zeros, Seat.N, None, 0, 0, redeal=REDEALS[kind])
        return score_marriage_facts(rules, redeal)
    points = _points_of(state, facts)
    assert points is not None
    split = card_split("original", rules.deck_size, points, _cards_of(state, facts, tricks))
    assert split is not None
    own = tricks[_side(mode, facts["by"])]
    marriage_facts = MarriageFacts(
        taken=_masks(split)[:sides],
        tricks_won=tricks,
        last_winner=Seat[facts["l"]],
        bidder=Seat[facts["by"]],
        bid=facts["bid"],
        contract=facts["ct"],
        declarer_tricks=0 if facts.get("dn", 0) else own,
        marriages=tuple((Seat[facts["mar"][s]], Suit(s)) for s in range(4) if facts["mar"][s] != "-"),
    )
    return score_marriage_facts(rules, marriage_facts)
