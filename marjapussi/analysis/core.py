"""The compiled search core: which backend serves a rule set, the library, the position's encoding.

The search of card play also exists as one freestanding C file beside this module
(``core.c``), built by ``scripts/build_core.sh`` (run by ``scripts/setup.sh``) into a
native library for CPython (``build/core/libmarjapussi_core.so``, loaded with ``ctypes``)
and a WebAssembly module for the browser (``build/core/marjapussi_core.wasm``, whose
exports a Pyodide host hands to ``use_wasm``). Both are build products, not part of the
package: where neither is present, ``backend`` says ``"python"`` and the pure-Python
solver serves every rule set with the same results.

>>> from marjapussi import find_rules
>>> backend(find_rules("guild")) in ("core", "python")
True

``backend(rules)`` is ``"core"`` when the library is loaded and the core knows these rules
(every preset and switch that existed when it was written: ``CORE_PRESETS``); a rule set
it does not know stays on the pure-Python solver. The environment variable
``MARJAPUSSI_CORE`` set to ``off`` hides the library (the fallback's tests), or names
another library file.

``CoreSearch`` is one solver's use of the core: it encodes a position (the engine's
``Deal`` or ``HuutopussiDeal`` and the bound objective) into a buffer of 32-bit words laid
out as ``core.c``'s ``H_`` fields, calls the core once per search, never once per node,
and decodes the answer. The buffer also holds the core's transposition table, kept
between the searches of one deal as the Python solver keeps its own.
"""

from __future__ import annotations

import os
import struct
import sys
import threading
from dataclasses import dataclass, fields
from pathlib import Path
from typing import Any

from ..actions import ANSWER_NO, ANSWERS, ASK_HALVES, ASK_WHOLE, DECLARES, PLAYS, Action, AskHalf, Play
from ..cards import ALL_CARDS, Rank, Suit
from ..deal import SIDES, Deal
from ..huutopussi import HuutopussiDeal
from ..rules import PRESETS, Rules
from .objectives import (
    ContractResult,
    DealPoints,
    EraUtility,
    Evaluator,
    ExactContract,
    ImpossiblePosition,
    Objective,
    declaration_points,
)

__all__ = [
    "CAPACITY_PROBLEMS",
    "CORE_PRESETS",
    "CoreError",
    "CoreLibrary",
    "CoreSearch",
    "SearchUnfinished",
    "action_of",
    "backend",
    "library",
    "nodes_visited",
    "use_wasm",
]

ROOT = Path(__file__).resolve().parents[2]
BUILD_DIR = ROOT / "build" / "core"
NATIVE_NAME = "libmarjapussi_core.so"
WASM_NAME = "marjapussi_core.wasm"
ENVIRONMENT = "MARJAPUSSI_CORE"

CORE_PRESETS: tuple[str, ...] = (
    "guild", "pagat", "huutopussi", "huutopussi3", "huutopussi-marriage", "huutopussi-marriage3",
)
"""The presets the core knows, with every switch they had when it was written."""

CORE_SWITCHES: frozenset[str] = frozenset(
    {
        "players", "deck_size", "scoring", "card_values", "opening_lead", "ace_spade_lead",
        "first_trick_ace", "must_beat", "declare_from_trick", "small_trump_lead", "target",
        "bust_to", "target_or_more", "both_on_target", "eras_to_win", "carry_card_tie",
        "min_bid", "bid_step", "all_pass", "trump_with_bid", "double_penalty", "game_to",
        "molotov_bonus", "four_aces", "four_aces_bonus",
        # the marriage family (four players): card play and its count ...
        "marriage_values", "last_trick_bonus", "declare_right", "ask_lockout", "bluff_half_ask",
        "declarer_no_trick", "defender_rounding",
        # ... and the auction and exchange, which the search never sees
        "max_bid", "forced_opening", "first_bidder", "exchange_count", "raise_when", "bid_ban",
        "redeal_rule", "win_tiebreak",
    }
)
"""The switches the core knows; a switch added later must keep its preset's value."""

MAX_CARRIED = 4
"""The most carried game points the core's era table holds (more: the Python solver)."""

# The header's layout: core.c's H_ enum (the tests compare the two).
VERSION = 5
HEADER_WORDS = 512
CORE_WORDS = 160
UDIM_MAX = 8 + MAX_CARRIED
UTILITY_AT = HEADER_WORDS + CORE_WORDS
UTILITY_WORDS = UDIM_MAX * UDIM_MAX * 4
ERA_CACHE_WORDS = UDIM_MAX**4 * 4 * 2
RESUME_WORDS = 8192
"""Where ``mp_value`` stopped when its node budget ran out (core.c's ``Resume``)."""
ENTRY_BYTES = 16
MAX_ACTIONS = 64
MAX_LINE = 128
INPUT_WORDS = 96
"""The header's input words (the caller writes them; the rest is the core's answer)."""

H_VERSION, H_TT_LOG2, H_RESET, H_TRACE_WORDS, H_LINE_WANTED, H_NODE_BUDGET = 0, 1, 2, 3, 4, 5
H_MT_SCORING, H_MT_VALUES = 6, 7
H_DECLARER, H_CONTRACT, H_LAST_BONUS, H_DECLARER_WON = 37, 38, 39, 94
H_PLAYERS, H_TRICKS, H_DECK, H_HP, H_MUST_BEAT, H_FIRST_TRICK_ACE = 8, 9, 10, 11, 12, 13
H_DECLARE_FROM, H_SMALL_TRUMP_LEAD, H_CLUBS_ACE_LEAD, H_ACE_SPADE_LEAD = 14, 15, 16, 17
H_MT, H_OWN_LEAD = 18, 19
H_KIND, H_GUILD, H_SIMPLIFIED, H_CARRIED, H_LOW, H_HIGH = 20, 21, 22, 23, 24, 25
H_BID, H_BIDDER_SIDE, H_DOUBLE, H_MOLOTOV, H_BONUS = 26, 27, 28, 29, 30
H_DISCARD_SIDE, H_DISCARD_POINTS, H_ASK_RULES, H_PENDING_CARD = 33, 34, 35, 36
H_HANDS, H_TAKEN, H_DISCARDED, H_TRICK_N, H_TRICK, H_LEADER, H_TO_ACT, H_DONE = 40, 48, 54, 56, 57, 61, 62, 63
H_TRUMP, H_DECLARED, H_BURNED, H_WINDOW = 64, 65, 66, 67
H_PENDING_ASKER, H_PENDING_HALF, H_PENDING_SUIT, H_LEAD_DUTY = 68, 69, 70, 71
H_WON, H_DECL, H_MARRIAGES, H_LAST_SIDE, H_PATH_N, H_PATH = 72, 75, 77, 80, 81, 82
MAX_PATH = 12
H_STATUS, H_NODES_LO, H_NODES_HI, H_N_ACTIONS, H_BEST, H_VALUE, H_LINE_N = 96, 97, 98, 99, 100, 101, 102
H_MAXIMISER, H_TRACE_LEN, H_TRACE_FULL, H_TRACE_AT, H_ERROR_LINE = 103, 104, 105, 106, 107
H_ACTIONS, H_VALUES, H_LINE = 128, 192, 256

KIND_POINTS, KIND_ERA, KIND_CONTRACT, KIND_EXACT = 1, 2, 3, 4

ERRORS: dict[int, str] = {
    -1: "buffer",
    -2: "version",
    -3: "rules",
    -4: "objective",
    -5: "position",
    -6: "over",
    -7: "table",
    -9: "resume",
}
E_UNFINISHED = -8
"""The call's node budget ran out first (not an error: ``SearchUnfinished``)."""
"""The core's error codes (negative results)."""

MIN_TT_LOG2, MAX_TT_LOG2 = 4, 18
"""The table's size bounds (log2 of its entries; 16 bytes an entry, 4 MiB at most)."""

MAX_WASM_BYTES = 32 * 1024 * 1024
"""The most memory the WebAssembly module may grow to."""


CAPACITY_PROBLEMS = frozenset({"memory", "trace-full"})
"""The core's failures for want of room, where the pure-Python search may serve instead."""


class CoreError(RuntimeError):
    """The core refused a call (``reason``: its error code by name, e.g. ``rules``,
    ``objective``; or ``memory``, ``trace-full``, ``missing``, ``not-served``) or is not
    there. A position it refuses is ``ImpossiblePosition`` instead, as in Python."""

    def __init__(self, problem: str, reason: str | None = None) -> None:
        super().__init__(f"the search core: {problem}")
        self.problem = problem
        self.reason = reason or problem


class SearchUnfinished(Exception):
    """A search with a node budget ran out of it before it had the answer. The core's table
    keeps what it proved, so the same search again (the same ``CoreSearch``, no other deal
    in between) goes on from there; a front end that searches in slices tries again in its
    next slice. A value search (``mp_value``) keeps its place too: the same call again goes
    on at the node where it stopped, so its tries visit, in all, the nodes of one search
    without a budget (core.c's ``Resume``). Not a ``CoreError``: the pure-Python solver is no
    fallback for it."""

    def __init__(self, nodes: int) -> None:
        super().__init__(f"the search stopped after {nodes} nodes, its budget")
        self.nodes = nodes


# ------------------------------------------------------------------ moves

MARRIAGE_PLAYS: dict[int, Play] = {c.index: Play(c, True) for c in ALL_CARDS}
BLUFFS: tuple[AskHalf, ...] = tuple(AskHalf(Suit(s), r) for s in range(4) for r in (Rank.KING, Rank.QUEEN))
"""The bluff half asks of the marriage family (``bluff_half_ask``), move codes 50-57."""


def action_of(code: int) -> Action:
    """The engine's action for one of the core's move codes.

    >>> action_of(8), action_of(40), action_of(49), action_of(64 + 6)
    (Play(card=Card.parse('HA')), AskWhole(), Answer(suit=None), Play(card=Card.parse('HK'), marriage=True))
    >>> str(action_of(50)), str(action_of(53))
    ('ask half HK', 'ask half DQ')
    """
    if 0 <= code < 36:
        return PLAYS[code]
    if 36 <= code < 40:
        return DECLARES[code - 36]
    if code == 40:
        return ASK_WHOLE
    if 41 <= code < 45:
        return ASK_HALVES[code - 41]
    if 45 <= code < 49:
        return ANSWERS[code - 45]
    if code == 49:
        return ANSWER_NO
    if 50 <= code < 58:
        return BLUFFS[code - 50]
    if 64 <= code < 100:
        return MARRIAGE_PLAYS[code - 64]
    raise CoreError(f"move {code}")


MOVE_CODES: dict[Action, int] = {action_of(code): code for code in (*range(58), *range(64, 100))}
"""The core's move code of each action (``action_of`` turned round)."""


# ------------------------------------------------------------------ libraries


@dataclass
class Buffer:
    """One buffer in the library's memory: its address, size and last user."""

    address: int
    size: int
    owner: object = None


class CoreLibrary:
    """A loaded core (native through ``ctypes``, or WebAssembly exports) and its buffers.

    Buffers are lent to one search at a time and kept for the next (a search that gets
    back the buffer it used last keeps its table).
    """

    kind = "none"

    def __init__(self) -> None:
        self._free: list[Buffer] = []
        self._lock = threading.Lock()

    def call(self, name: str, address: int, size: int) -> int:
        """Call an entry point of the core on a buffer."""
        raise NotImplementedError

    def write(self, address: int, data: bytes) -> None:
        """Write bytes into the library's memory."""
        raise NotImplementedError

    def read(self, address: int, size: int) -> bytes:
        """Read bytes from the library's memory."""
        raise NotImplementedError

    def allocate(self, size: int) -> int | None:
        """New zeroed memory of ``size`` bytes, 64-byte aligned (``None``: no room)."""
        raise NotImplementedError

    def acquire(self, size: int, least: int, owner: object) -> Buffer | None:
        """Lend a buffer of ``size`` bytes, preferring the one ``owner`` used last; where
        memory is short (WebAssembly), the largest free one of at least ``least`` bytes."""
        with self._lock:
            fitting = [b for b in self._free if b.size >= size]
            mine = [b for b in fitting if b.owner == owner]
            chosen = (mine or sorted(fitting, key=lambda b: b.size))[0] if fitting else None
            if chosen is None:
                address = self.allocate(size)
                if address is not None:
                    return Buffer(address, size)
                smaller = sorted((b for b in self._free if b.size >= least), key=lambda b: -b.size)
                if not smaller:
                    return None
                chosen = smaller[0]
            self._free.remove(chosen)
            return chosen

    def release(self, buffer: Buffer) -> None:
        """Take a lent buffer back."""
        with self._lock:
            self._free.append(buffer)


class NativeLibrary(CoreLibrary):
    """The native library, loaded with ``ctypes`` (as endplay loads the bridge solver DDS)."""

    kind = "native"

    def __init__(self, path: Path) -> None:
        super().__init__()
        import ctypes

        self._ctypes = ctypes
        self.path = path
        self._lib = ctypes.CDLL(str(path))
        for name in ("mp_solve", "mp_value", "mp_moves"):
            function = getattr(self._lib, name)
            function.argtypes = [ctypes.c_void_p, ctypes.c_uint32]
            function.restype = ctypes.c_int
        self._lib.mp_version.restype = ctypes.c_int
        self.version = int(self._lib.mp_version())
        self._memory: list[Any] = []

    def call(self, name: str, address: int, size: int) -> int:
        return int(getattr(self._lib, name)(address, size))

    def write(self, address: int, data: bytes) -> None:
        self._ctypes.memmove(address, data, len(data))

    def read(self, address: int, size: int) -> bytes:
        return self._ctypes.string_at(address, size)

    def allocate(self, size: int) -> int | None:
        block = (self._ctypes.c_uint64 * ((size + 127) // 8))()
        self._memory.append(block)
        address = self._ctypes.addressof(block)
        return (address + 63) & ~63


class WasmLibrary(CoreLibrary):
    """The WebAssembly module's exports, handed over by a Pyodide host with the JavaScript
    ``Uint8Array`` constructor (to see the module's memory)."""

    kind = "wasm"

    def __init__(self, exports: Any, uint8array: Any) -> None:
        super().__init__()
        self._exports = exports
        self._uint8array = uint8array
        self.version = int(exports.mp_version())
        self._next = (int(exports.mp_heap_base()) + 63) & ~63
        self._view: Any = None

    def _memory(self) -> Any:
        if self._view is None:
            self._view = self._uint8array.new(self._exports.memory.buffer)
        return self._view

    def call(self, name: str, address: int, size: int) -> int:
        return int(getattr(self._exports, name)(address, size))

    def write(self, address: int, data: bytes) -> None:
        self._memory().subarray(address, address + len(data)).assign(data)

    def read(self, address: int, size: int) -> bytes:
        return bytes(self._memory().subarray(address, address + size).to_bytes())

    def allocate(self, size: int) -> int | None:
        address = self._next
        end = address + size
        if end > MAX_WASM_BYTES:
            return None
        memory = self._exports.memory
        have = int(memory.buffer.byteLength)
        if end > have:
            memory.grow((end - have + 65535) // 65536)
            self._view = None
        self._next = (end + 63) & ~63
        return address


_LOADED: dict[str, CoreLibrary | None] = {}
_LOAD_LOCK = threading.Lock()


def library() -> CoreLibrary | None:
    """The core in use: the WebAssembly exports handed to ``use_wasm``, else the native
    library built in the checkout (``None``: not built, hidden, or another version)."""
    setting = os.environ.get(ENVIRONMENT, "")
    if setting.lower() in ("off", "0", "no", "python"):
        return None
    with _LOAD_LOCK:
        if "wasm" in _LOADED:
            return _LOADED["wasm"]
        if setting not in _LOADED:
            _LOADED[setting] = _load_native(Path(setting) if setting else BUILD_DIR / NATIVE_NAME)
        return _LOADED[setting]


def _load_native(path: Path) -> CoreLibrary | None:
    if sys.platform == "emscripten" or not path.is_file():
        return None
    try:
        lib = NativeLibrary(path)
    except (OSError, AttributeError):
        return None
    return lib if lib.version == VERSION else None


def use_wasm(exports: Any, uint8array: Any) -> CoreLibrary | None:
    """Serve the searches with a WebAssembly core (in Pyodide: the instance's exports and
    ``js.Uint8Array``); return it, or ``None`` when it is another version."""
    lib = WasmLibrary(exports, uint8array)
    with _LOAD_LOCK:
        _LOADED["wasm"] = lib if lib.version == VERSION else None
        return _LOADED["wasm"]


def rules_known(rules: Rules) -> bool:
    """Tell whether the core knows these rules: a core preset, every switch it knows of
    any value, any later switch at its preset's value."""
    base = PRESETS.get(rules.name)
    if rules.name not in CORE_PRESETS or base is None or base.family != rules.family:
        return False
    return all(
        f.name in CORE_SWITCHES or getattr(rules, f.name) == getattr(base, f.name)
        for f in fields(rules)
        if f.name not in ("name", "family")
    )


def backend(rules: Rules) -> str:
    """Which backend serves these rules: ``"core"`` (the compiled search) or ``"python"``."""
    return "core" if rules_known(rules) and library() is not None else "python"


def objective_known(objective: Objective) -> bool:
    """Tell whether the core counts this objective (the package's own, in its range)."""
    if type(objective) not in (DealPoints, EraUtility, ContractResult, ExactContract):
        return False
    return not isinstance(objective, (DealPoints, EraUtility)) or 0 <= objective.carried <= MAX_CARRIED


# ------------------------------------------------------------------ the encoding


def _mask_words(mask: int) -> tuple[int, int]:
    """A card mask as two signed 32-bit words, low first."""
    low = mask & 0xFFFFFFFF
    return low - (1 << 32) if low >= 1 << 31 else low, mask >> 32


def encode(
    deal: Deal, objective: Objective | None, ev: Evaluator | None, *, tt_log2: int, reset: bool = False,
    trace_words: int = 0, line: bool = True, node_budget: int = 0, path: tuple[int, ...] = (),
) -> tuple[list[int], list[int]]:
    """The header's input words and the era table for a position (see ``core.c``);
    without an objective, a neutral one (for listing moves only); ``path``: the moves
    ``mp_moves`` makes before it lists the moves (move codes, at most ``MAX_PATH``)."""
    rules = deal.rules
    players = rules.players
    hp = isinstance(deal, HuutopussiDeal)
    mt = rules.family == "huutopussi-marriage"
    sides = SIDES[players]
    h = [0] * INPUT_WORDS
    h[H_VERSION] = VERSION
    h[H_TT_LOG2] = tt_log2
    h[H_RESET] = int(reset)
    h[H_TRACE_WORDS] = trace_words
    h[H_LINE_WANTED] = int(line)
    h[H_NODE_BUDGET] = min(max(int(node_budget), 0), 0x7FFFFFFF)
    h[H_PATH_N] = len(path)
    h[H_PATH : H_PATH + len(path)] = path
    h[H_PLAYERS] = players
    h[H_TRICKS] = rules.tricks_per_deal
    h[H_DECK] = rules.deck_size
    h[H_HP] = int(hp)
    h[H_MUST_BEAT] = int(deal._must_beat)
    h[H_FIRST_TRICK_ACE] = int(deal._first_trick_ace)
    h[H_DECLARE_FROM] = deal._declare_from
    h[H_SMALL_TRUMP_LEAD] = int(deal._small_trump_lead)
    h[H_CLUBS_ACE_LEAD] = int(deal._clubs_ace_lead)
    h[H_ACE_SPADE_LEAD] = int(deal._ace_spade_lead)
    h[H_MT] = int(mt)
    h[H_OWN_LEAD] = int(deal._own_lead_window)
    h[H_ASK_RULES] = int(mt and rules.ask_lockout == "illisoft") | int(mt and rules.bluff_half_ask) << 1
    h[H_PENDING_CARD] = -1
    h[H_LOW], h[H_HIGH] = (-1, 1) if ev is None else (int(ev.low), int(ev.high))
    h[H_BIDDER_SIDE] = -1
    h[H_DISCARD_SIDE] = -1
    h[H_DECLARER] = -1
    utility: list[int] = []
    if mt:
        # Exact contract (neutral when only moves are listed: nobody bid).
        h[H_KIND] = KIND_EXACT
        h[H_SIMPLIFIED] = int(rules.card_values == "simplified")
        h[H_LAST_BONUS] = rules.last_trick_bonus
        # loaded with the family, not before (the widgets' memory snapshot leaves it out)
        from ..marriage_trumps import MARRIAGE_VALUES

        values = MARRIAGE_VALUES[rules.marriage_values]
        h[H_MT_VALUES] = sum(values[Suit(s)] // 4 << (8 * s) for s in range(4))
        rounding = rules.defender_rounding == "nearest-5"
        h[H_MT_SCORING] = int(rules.declarer_no_trick == "seat-bid") | int(rounding) << 1
        bidder = deal.bidder  # type: ignore[attr-defined]
        if isinstance(objective, ExactContract) and ev is not None and bidder is not None:
            h[H_BID] = deal.high_bid  # type: ignore[attr-defined]
            h[H_CONTRACT] = deal.contract  # type: ignore[attr-defined]
            h[H_BIDDER_SIDE] = sides[bidder]
            h[H_DECLARER] = int(bidder)
            h[H_DECLARER_WON] = int(any(winner == bidder for _, winner, _ in deal._tricks))
        for side, points in enumerate(marriage_points(deal, values)):
            h[H_MARRIAGES + side] = points
        if players == 3:
            h[H_DISCARDED], h[H_DISCARDED + 1] = _mask_words(deal.discarded)  # type: ignore[attr-defined]
    elif objective is None or ev is None:
        h[H_KIND] = KIND_CONTRACT if hp else KIND_POINTS
        h[H_GUILD] = int(rules.scoring == "guild" and not mt)
        h[H_SIMPLIFIED] = int(rules.card_values == "simplified" and not mt)
    elif isinstance(objective, ContractResult):
        assert isinstance(deal, HuutopussiDeal)
        h[H_KIND] = KIND_CONTRACT
        h[H_BID] = deal.high_bid
        h[H_BIDDER_SIDE] = ev.bidder_side  # type: ignore[attr-defined]
        h[H_DOUBLE] = int(ev.double)  # type: ignore[attr-defined]
        h[H_MOLOTOV] = ev.molotov  # type: ignore[attr-defined]
        for i, bonus in enumerate(ev.bonus):  # type: ignore[attr-defined]
            h[H_BONUS + i] = bonus
        h[H_DISCARD_SIDE] = ev.discard_side  # type: ignore[attr-defined]
        h[H_DISCARD_POINTS] = ev.discard_points(deal)  # type: ignore[attr-defined]
    else:
        assert isinstance(objective, (DealPoints, EraUtility))
        h[H_KIND] = KIND_ERA if isinstance(objective, EraUtility) else KIND_POINTS
        h[H_GUILD] = int(rules.scoring == "guild")
        h[H_SIMPLIFIED] = int(rules.card_values == "simplified")
        h[H_CARRIED] = objective.carried
        if isinstance(objective, EraUtility):
            dim = 8 + objective.carried
            table = ev.utility  # type: ignore[attr-defined]
            flags = ((False, False), (False, True), (True, False), (True, True))
            utility = [table(ns, ew, f, g) for ns in range(dim) for ew in range(dim) for f, g in flags]
    for seat in range(4):
        h[H_HANDS + 2 * seat], h[H_HANDS + 2 * seat + 1] = _mask_words(deal.hands[seat])
    for side, taken in enumerate(deal.taken):
        h[H_TAKEN + 2 * side], h[H_TAKEN + 2 * side + 1] = _mask_words(taken)
        h[H_WON + side] = deal.tricks_won[side]
    if hp:
        h[H_DISCARDED], h[H_DISCARDED + 1] = _mask_words(deal.discarded)  # type: ignore[attr-defined]
        for seat, suit in deal.marriages:  # type: ignore[attr-defined]
            h[H_MARRIAGES + sides[seat]] += 40 if deal.trump == suit else 20
    trick = deal.trick_cards
    h[H_TRICK_N] = len(trick)
    for i, card in enumerate(trick):
        h[H_TRICK + i] = card
    h[H_LEADER] = int(deal.trick_leader)
    h[H_TO_ACT] = int(deal.to_act)
    tricks = deal._tricks
    h[H_DONE] = len(tricks)
    h[H_TRUMP] = deal.trump
    h[H_DECLARED] = deal.declared
    h[H_BURNED] = deal.burned
    h[H_WINDOW] = int(deal.window)
    h[H_PENDING_ASKER] = -1
    if deal.pending is not None:
        asker, method, suit = deal.pending
        h[H_PENDING_ASKER] = int(asker)
        h[H_PENDING_HALF] = int(method == "half")
        h[H_PENDING_SUIT] = max(suit, 0)
        if mt and method == "half":
            h[H_PENDING_CARD] = deal.asked_card.bit_length() - 1
    h[H_LEAD_DUTY] = deal.lead_suit_duty
    h[H_DECL], h[H_DECL + 1] = (0, 0) if mt else declaration_points(deal)
    h[H_LAST_SIDE] = sides[tricks[-1][1]] if tricks else 0
    return h, utility


def marriage_points(deal: Deal, values: dict[Suit, int]) -> list[int]:
    """The marriage points each side declared so far (the marriage family)."""
    sides = SIDES[deal.rules.players]
    out = [0] * (3 if deal.rules.players == 3 else 2)
    for decl in deal.declarations:
        if decl.suit is not None:
            seat = decl.holder if decl.holder is not None else decl.seat
            out[sides[seat]] += values[decl.suit]
    return out


def _pack(words: list[int]) -> bytes:
    return struct.pack(f"<{len(words)}i", *words)


def _unpack(data: bytes) -> tuple[int, ...]:
    return struct.unpack(f"<{len(data) // 4}i", data)


@dataclass
class CoreAnswer:
    """What one call of the core found (values in the objective's terms)."""

    moves: list[int]
    values: list[int]
    best: int
    value: int
    line: list[int]
    nodes: int
    maximiser: bool
    trace: list[int]


_visited = threading.local()
"""This thread's count of the nodes the core's searches visited (``nodes_visited``)."""


def nodes_visited() -> int:
    """The nodes every search of the core has visited in this thread so far, a search cut
    short by its budget counted to where it stopped: read twice, as a clock is, it gives the
    nodes of the work in between (``bots``: the pace of ``expert``'s auction, in nodes a
    second, measured on the runtime it runs on)."""
    return int(getattr(_visited, "nodes", 0))


def _count(nodes: int) -> None:
    _visited.nodes = nodes_visited() + nodes


class CoreSearch:
    """One solver's use of the core: the table's size, the deal its table holds, the calls."""

    def __init__(self, lib: CoreLibrary, tt_size: int) -> None:
        self.lib = lib
        log2 = max(int(tt_size) - 1, 1).bit_length()
        self.tt_log2 = min(max(log2, MIN_TT_LOG2), MAX_TT_LOG2)
        self._epoch = 0
        self._owner: tuple[object, int] = (self, 0)

    def forget(self) -> None:
        """Start a new table with the next call (another deal or objective)."""
        self._epoch += 1
        self._owner = (self, self._epoch)

    @staticmethod
    def size(tt_log2: int, trace_words: int = 0) -> int:
        """The buffer's bytes for a table of ``2 ** tt_log2`` entries and a trace (core.c's
        ``setup`` lays them out)."""
        words = UTILITY_AT + UTILITY_WORDS + ERA_CACHE_WORDS + RESUME_WORDS + trace_words
        return (words * 4 + 63) // 64 * 64 + (1 << tt_log2) * ENTRY_BYTES

    def fitting_table(self, size: int, trace_words: int) -> int:
        """The largest table (log2 of its entries) up to this search's own that a buffer holds."""
        log2 = self.tt_log2
        while log2 > MIN_TT_LOG2 and self.size(log2, trace_words) > size:
            log2 -= 1
        return log2

    def moves(self, deal: Deal, path: tuple[Action, ...] = ()) -> list[int]:
        """The moves the core generates at a position, as codes (``action_of``); after
        ``path``, the actions the core makes first with its own make-move (at most
        ``MAX_PATH``: for the tests, which compare it with the engine's)."""
        if len(path) > MAX_PATH:
            raise CoreError(f"a path of {len(path)} moves")
        return self.call("mp_moves", deal, None, None, path=tuple(MOVE_CODES[a] for a in path)).moves

    def call(
        self, entry: str, deal: Deal, objective: Objective | None, ev: Evaluator | None, *,
        trace_words: int = 0, line: bool = True, node_budget: int = 0, path: tuple[int, ...] = (),
    ) -> CoreAnswer:
        """Encode the position, call the core's ``entry`` once and decode the answer.

        ``node_budget``: the most nodes the call may visit (0: no limit); past it, the call
        raises ``SearchUnfinished`` and the table keeps what was proved."""
        size = self.size(self.tt_log2, trace_words)
        buffer = self.lib.acquire(size, self.size(MIN_TT_LOG2, trace_words), self._owner)
        if buffer is None:
            raise CoreError("memory")
        try:
            reset = buffer.owner != self._owner
            header, utility = encode(
                deal, objective, ev, tt_log2=self.fitting_table(buffer.size, trace_words), reset=reset,
                trace_words=trace_words, line=line, node_budget=node_budget, path=path,
            )
            self.lib.write(buffer.address, _pack(header))
            if utility:
                self.lib.write(buffer.address + UTILITY_AT * 4, _pack(utility))
            status = self.lib.call(entry, buffer.address, buffer.size)
            buffer.owner = self._owner
            if status == E_UNFINISHED:
                nodes = _unpack(self.lib.read(buffer.address + H_NODES_LO * 4, 8))
                visited = (nodes[0] & 0xFFFFFFFF) | (nodes[1] & 0xFFFFFFFF) << 32
                _count(visited)
                raise SearchUnfinished(visited)
            if status < 0:
                where = _unpack(self.lib.read(buffer.address + H_ERROR_LINE * 4, 4))[0]
                reason = ERRORS.get(status, str(status))
                if reason == "position":
                    raise ImpossiblePosition("core", f"core.c line {where}")
                raise CoreError(f"{reason} (core.c line {where})", reason)
            out = _unpack(self.lib.read(buffer.address + H_STATUS * 4, (H_LINE + MAX_LINE - H_STATUS) * 4))
            trace: list[int] = []
            if trace_words:
                at, length = out[H_TRACE_AT - H_STATUS], out[H_TRACE_LEN - H_STATUS]
                if out[H_TRACE_FULL - H_STATUS]:
                    raise CoreError("trace-full")
                trace = list(_unpack(self.lib.read(buffer.address + at * 4, length * 4)))
        finally:
            self.lib.release(buffer)

        def word(at: int) -> int:
            return out[at - H_STATUS]

        n = word(H_N_ACTIONS)
        searched = (word(H_NODES_LO) & 0xFFFFFFFF) | (word(H_NODES_HI) & 0xFFFFFFFF) << 32
        _count(searched)
        return CoreAnswer(
            moves=[word(H_ACTIONS + i) for i in range(n)],
            values=[word(H_VALUES + i) for i in range(n)],
            best=word(H_BEST),
            value=word(H_VALUE),
            line=[word(H_LINE + i) for i in range(word(H_LINE_N))],
            nodes=searched,
            maximiser=bool(word(H_MAXIMISER)),
            trace=trace,
        )
