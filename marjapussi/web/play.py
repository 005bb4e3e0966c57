"""Widget "play": the reader at a table with bots in the other seats, deal after deal through a game.

The course of the game (its deals, the sheet, the bots' decisions, hints, take-backs,
the review, the records) is the model ``marjapussi.game``: the widget reads a state into
a ``Game`` (``game_of``), asks the model, renders its answers and writes them back.

State (every field checked, the position always re-derived by replaying the engine):

- ``v`` (the format version), ``r`` (a key of ``game.RULESETS``), ``seed`` (the game's deals
  come from it), ``seat`` (the reader's), ``level`` (the bots'), ``pace`` (milliseconds
  between bot moves), ``legal`` (mark the legal cards), ``back`` (take-backs allowed);
- ``stage``: ``setup`` (the form) or ``play`` (the table);
- ``k0``, ``d0``, ``o0``: the game's first deal number, dealer and opening flag (a shared
  link opens a game at its deal);
- ``done``: the finished deals' actions; ``a``: the current deal's actions, in the
  model's action codes (two characters each, so only legal actions can be stored);
- ``hm``: one ``0``/``1`` per deal, ``1`` when hints were used in it; ``hint`` (0–2, the
  hint shown now), ``why`` (the index of the bot action whose reason is shown, or -1),
  ``refused`` (the card just refused, shown with its rule), ``pick`` (cards picked for a
  discard), ``rev`` (the review is shown); ``old``/``problem``: a saved game that could
  not be read, kept for download.

The bots move one action per round trip: a reply whose next player is a bot carries
``then`` (``follow_up``), an action the page sends after ``pace`` milliseconds. So does
the work that takes longer than a click may wait, in slices: the review after the deal
(in seed-004 Huutopussi its bidding too, ``AUCTION_REVIEW_DEALS``; in the marriage family
its bidding and exchange, ``MARRIAGE_REVIEW_DEALS``), and the hint during the bidding (and
the marriage family's exchange), which weighs the calls (``analysis.auction``,
``analysis.auction_marriage``) for ``HINT_SECONDS`` a press with a progress line: its
figures so far show (said as such) as soon as one deal is weighed and refine until the
time is up, then the hint names the best call with its figures.

>>> state = initial("")
>>> state["stage"], state["r"], state["seat"]
('setup', 'guild', 'S')
>>> state, _ = apply(state, {"type": "new", "r": "guild", "seed": 7, "seat": "S",
...     "level": "random", "pace": 0}, "en")
>>> state["stage"], bool(position(state).deal.legal_actions())
('play', True)
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from ..actions import Action, Bid, Pass, Play
from ..analysis.view import SeatView
from ..cards import Card, Seat
from ..deal import PLAYING_SEATS, Deal, Phase
from ..errors import IllegalAction, MarjapussiError
from ..escaping import escape
from ..game import (
    LEVELS,
    MAX_ACTIONS,
    MAX_DEAL_NUMBER,
    MAX_DEALS,
    MAX_SEED,
    RULESETS,
    Game,
    GameError,
    Position,
    ReviewItem,
    ReviewWork,
    Seating,
    auction_reviewed,
    has_opening_deal,
    picked_action,
)
from ..html import ROOT, score_html, text_html
from ..huutopussi import AuctionDeal
from ..i18n import describe_error, seat_name
from ..rules import Rules
from .common import BadInput, button, field_choice, field_int, field_text, kept_text_note, require_dict
from .play_texts import pt
from .table_view import (
    PICK_PHASES,
    action_buttons,
    after_action,
    auction_busy_html,
    auction_hint_text,
    auction_line,
    auction_review_html,
    card_controls,
    declarations_part,
    example_html,
    family_notes,
    hint_text,
    log_label,
    offered,
    pick_size,
    progress_html,
    reason_text,
    recent_html,
    refusal_html,
    review_busy_html,
    review_html,
    sheet_part,
    table_part,
    tricks_line,
)
from .trick_stepper import play_name

if TYPE_CHECKING:
    from ..analysis.auction import CallWork
    from ..analysis.auction_marriage import MarriageWork

__all__ = [
    "AUCTION_REVIEW_DEALS",
    "FIELDS",
    "HINT_DEALS",
    "HINT_SECONDS",
    "MARRIAGE_REVIEW_DEALS",
    "STORE",
    "VERSION",
    "apply",
    "auction_deals",
    "check",
    "follow_up",
    "game_of",
    "initial",
    "position",
    "review_items",
    "review_work",
    "view",
]

KIND = "play"
DEFAULT_ARGS = ""
VERSION = 1
STORE = "marjapussi-play"

PACES: tuple[int, ...] = (0, 300, 700, 1200)
DEFAULT_PACE = 700
MAX_OLD = 200_000
FIELDS = (
    "r",
    "seed",
    "seat",
    "level",
    "pace",
    "legal",
    "back",
    "stage",
    "k",
    "dealer",
    "open",
    "a1",
    "a2",
    "a3",
    "a4",
)
"""The fields of a share link: the rules, the seed, the seats, the deal and its actions."""
SHARE_CHUNK = 40
PROBLEMS = ("not-json", "version", "fields", "too-long", "replaced")
REVIEW_SLICE_NODES = 1_000_000
"""The compiled core's node budget of one review slice, the longest a reader's click waits
while the review is worked out (a position that needs more goes on in later slices): the core
visits roughly 5 to 10 million nodes a second in the browser's worker, and the longest slice
measured in Chromium was 190 to 260 ms (scripts/bench_site.py --play)."""
AUCTION_REVIEW_DEALS: dict[int, int] = {4: 12, 3: 6}
"""By the number of players, the deals each of the reader's calls is weighed over in the
review (seed-004 Huutopussi; ``analysis.auction``): each deal takes one to three open-card
searches of a whole deal, a fraction of a second each in the browser's worker with four
players, seconds with three (eleven tricks)."""
MARRIAGE_REVIEW_DEALS: dict[int, int] = {4: 4, 3: 3}
"""The same for the marriage family's bids and exchanges (``analysis.auction_marriage``;
on so few deals ``auction.clearly_worse`` calls no difference clear: the review gives the
figures and finds no call costly, as the page says):
each deal takes a search per declaring seat (a bid) or per candidate set of cards (an
exchange), a second or so each in the browser's worker. Measured in Chromium on a 360-pixel
phone (tests/browser/test_play_auction_marriage_browser.py, one deal in fi/en/ru, the shared
2-core machine under heavy load): the review of two calls, the card play's included, ready
15 to 27 s after the press; a hint's first figures (one deal) in 3.4 to 5.7 s."""
HINT_SECONDS = 2.0
"""A press of the hint during the bidding weighs the calls this long (the worker's time in
its slices), or until ``HINT_DEALS`` deals are weighed; a second press as long again. Its
figures so far show as soon as one deal is weighed (``hint-auction-so-far``). Measured in
Chromium on a 360-pixel phone (tests/browser/test_play_auction_marriage_browser.py, the
first four deals where South has a call, the shared 2-core machine): four players, the
first figures 0.3 to 2.0 s after the press at a load of about 2 (before: 2.4 to 3.7 s, all
at once when the time was up), 1.2 to 9.1 s at a load of 13; three players 0.8 to 29 s at
a load of 13. What a first deal costs is its open-card searches (one per declaring seat:
0.002 to 1 s each natively with four players, up to 3 s with three; sampling and the
worker's slicing take some 10%), so a deal whose searches are long still holds the first
figures back."""
HINT_DEALS = 12
"""The most deals one press of the hint during the bidding weighs."""


# ---------------------------------------------------------------------- the game


def game_of(state: Mapping[str, Any]) -> Game:
    """The game of a checked state, as the model holds it."""
    return Game(
        state["r"],
        state["seed"],
        state["k0"],
        Seat[state["d0"]],
        bool(state["o0"]),
        tuple(state["done"]),
        state["a"],
    )


def position(state: Mapping[str, Any]) -> Position:
    """Replay a checked state's game (shared, read only: copy before changing)."""
    try:
        return game_of(state).position()
    except GameError as err:
        raise BadInput("bad-state", str(err)) from None


def _seating(state: Mapping[str, Any]) -> Seating:
    """The reader at their seat, bots of the chosen level at the others."""
    return Seating.one_person(RULESETS[state["r"]], _reader(state), state["level"])


# ---------------------------------------------------------------------- state


def initial(args: str) -> dict[str, Any]:
    """The first state: the set-up form for the rules named by ``args`` (guild by default)."""
    name = args.strip() or "guild"
    if name not in RULESETS:
        raise ValueError(f"play: unknown rules {name!r}; known: {', '.join(RULESETS)}")
    return _new_state(name, 1, "S", "club", DEFAULT_PACE, False, True, stage="setup")


def _new_state(
    r: str, seed: int, seat: str, level: str, pace: int, legal: bool, back: bool, stage: str = "play"
) -> dict[str, Any]:
    game = Game.new(r, seed)
    if Seat[seat] not in PLAYING_SEATS[game.rules.players]:
        seat = "S"
    return {
        "v": VERSION,
        "r": r,
        "seed": seed,
        "seat": seat,
        "level": level,
        "pace": pace,
        "legal": int(legal),
        "back": int(back),
        "stage": stage,
        "k0": game.first_number,
        "d0": game.first_dealer.name,
        "o0": int(game.first_opening),
        "done": [],
        "a": "",
        "hm": "0",
        "hint": 0,
        "why": -1,
        "refused": "",
        "pick": [],
        "rev": 0,
        "old": "",
        "problem": "",
    }


def _flag(value: Any, key: str = "bad-state") -> int:
    if value in (True, 1, "1", "true"):
        return 1
    if value in (False, 0, "0", "false", "", None):
        return 0
    raise BadInput(key, "flag")


def _seat_of(value: Any, rules: Rules, key: str = "bad-state") -> str:
    seat = field_choice(value, [s.name for s in PLAYING_SEATS[rules.players]], key)
    return seat


def check(state: Any) -> dict[str, Any]:
    """Check a state from outside (or a share link's fields); ``BadInput`` if anything is wrong."""
    data = require_dict(state)
    if "v" not in data and "a1" in data:
        return _from_share(data)
    if data.get("v") != VERSION or isinstance(data.get("v"), bool):
        raise BadInput("bad-state", "version")
    r = field_choice(data.get("r"), RULESETS)
    rules = RULESETS[r]
    out: dict[str, Any] = {"v": VERSION, "r": r}
    out["seed"] = field_int(data.get("seed"), 0, MAX_SEED)
    out["seat"] = _seat_of(data.get("seat"), rules)
    out["level"] = field_choice(data.get("level"), LEVELS)
    out["pace"] = field_int(data.get("pace"), 0, 5000)
    if out["pace"] not in PACES:
        raise BadInput("bad-state", "pace")
    out["legal"] = _flag(data.get("legal"))
    out["back"] = _flag(data.get("back"))
    out["stage"] = field_choice(data.get("stage"), ("setup", "play"))
    out["k0"] = field_int(data.get("k0"), 0, MAX_DEAL_NUMBER)
    out["d0"] = _seat_of(data.get("d0"), rules)
    out["o0"] = _flag(data.get("o0")) if has_opening_deal(rules) else 0
    done = data.get("done")
    if not isinstance(done, list) or len(done) > MAX_DEALS:
        raise BadInput("bad-state", "done")
    out["done"] = [field_text(d, r"(?:[0-9A-Za-z]{2}){0,200}", max_len=2 * MAX_ACTIONS) for d in done]
    out["a"] = field_text(data.get("a"), r"(?:[0-9A-Za-z]{2}){0,200}", max_len=2 * MAX_ACTIONS)
    out["hm"] = field_text(data.get("hm"), r"[01]{1,61}", max_len=61)
    if len(out["hm"]) != len(out["done"]) + 1:
        raise BadInput("bad-state", "hint marks")
    out["hint"] = field_int(data.get("hint"), 0, 2)
    pos = position(out)  # raises BadInput for anything the engine does not accept
    out["why"] = field_int(data.get("why"), -1, len(pos.deal.history) - 1)
    if out["why"] >= 0 and pos.deal.history[out["why"]][0].name == out["seat"]:
        raise BadInput("bad-state", "why")
    refused = data.get("refused")
    out["refused"] = "" if refused == "" else field_text(refused, r"[HDSC](?:10|[6-9JQKA])", max_len=3)
    pick = data.get("pick")
    most = max(pick_size(rules, phase) for phase in PICK_PHASES)
    if not isinstance(pick, list) or len(pick) > most:
        raise BadInput("bad-state", "pick")
    hand = {c.code for c in pos.deal.hand(Seat[out["seat"]])}
    out["pick"] = [field_choice(p, hand) for p in pick]
    if len(set(out["pick"])) != len(out["pick"]):
        raise BadInput("bad-state", "pick")
    out["rev"] = _flag(data.get("rev"))
    old = data.get("old")
    if not isinstance(old, str) or len(old) > MAX_OLD:
        raise BadInput("bad-state", "old")
    out["old"] = old
    problem = data.get("problem")
    out["problem"] = "" if problem == "" else field_choice(problem, PROBLEMS)
    if bool(out["old"]) != bool(out["problem"]):  # an old text is kept only with its problem
        raise BadInput("bad-state", "old")
    return out


def share_code(state: Mapping[str, Any]) -> str:
    """The share code of a checked state: the rules, the seed, the seats and this deal's actions."""
    pos = position(state)
    a = state["a"] if len(state["a"]) <= SHARE_CHUNK * 4 else ""  # too long a deal: its start
    chunks = [a[i : i + SHARE_CHUNK] for i in range(0, SHARE_CHUNK * 4, SHARE_CHUNK)]
    parts = [state["r"], str(state["seed"]), state["seat"], state["level"], str(state["pace"])]
    parts += [str(state["legal"]), str(state["back"]), state["stage"], str(pos.number), pos.dealer.name]
    parts += [str(int(pos.opening))] + [c or "-" for c in chunks]
    return ".".join(parts)


def _from_share(data: Mapping[str, Any]) -> dict[str, Any]:
    r = field_choice(data.get("r"), RULESETS, "bad-url")
    rules = RULESETS[r]
    seed = field_int(data.get("seed"), 0, MAX_SEED, "bad-url")
    seat = _seat_of(data.get("seat"), rules, "bad-url")
    level = field_choice(data.get("level"), LEVELS, "bad-url")
    pace = field_int(data.get("pace"), 0, 5000, "bad-url")
    if pace not in PACES:
        raise BadInput("bad-url", "pace")
    legal, back = _flag(data.get("legal"), "bad-url"), _flag(data.get("back"), "bad-url")
    stage = field_choice(data.get("stage"), ("setup", "play"), "bad-url")
    state = _new_state(r, seed, seat, level, pace, bool(legal), bool(back), stage)
    state["k0"] = field_int(data.get("k"), 0, MAX_DEAL_NUMBER, "bad-url")
    state["d0"] = _seat_of(data.get("dealer"), rules, "bad-url")
    state["o0"] = _flag(data.get("open"), "bad-url")
    if not has_opening_deal(rules):
        state["o0"] = 0
    parts = [data.get(f"a{i}") for i in range(1, 5)]
    if not all(isinstance(p, str) for p in parts):
        raise BadInput("bad-url", "actions")
    state["a"] = "".join(parts)  # type: ignore[arg-type]
    try:
        return check(state)
    except BadInput:
        raise BadInput("bad-url", "actions") from None


# ---------------------------------------------------------------------- the bots


def _reader(state: Mapping[str, Any]) -> Seat:
    return Seat[state["seat"]]


def _bots_turn(state: Mapping[str, Any]) -> bool:
    if state["stage"] != "play":
        return False
    return _seating(state).bot_to_act(game_of(state)) is not None


def follow_up(state: Mapping[str, Any]) -> dict[str, Any] | None:
    """The action the page sends next by itself: a bot's move after ``pace`` ms; once the deal
    is over, the next slice of the reader's review at once, until it is complete; or nothing.

    The review is computed while the reader looks at the score, one position a round trip:
    a reader's action in between is answered first (the page drops its pending follow-up
    when the reader acts, and the reply to that action asks for the next slice again)."""
    if _bots_turn(state):
        return {"action": {"type": "bot", "n": len(state["a"]) // 2}, "delay_ms": state["pace"]}
    hint = _hint_work(state)
    if hint is not None and not _hint_done(state, hint):
        return {"action": {"type": "hint-step", "n": len(state["a"]) // 2}, "delay_ms": 0}
    work = review_work(state)
    if work is None or work.complete:
        return None
    return {"action": {"type": "review-step"}, "delay_ms": 0}


# ---------------------------------------------------------------------- actions


def _after_reader(state: dict[str, Any]) -> dict[str, Any]:
    state.update(hint=0, refused="", pick=[], rev=0)
    return state


def _push(state: dict[str, Any], action: Action) -> dict[str, Any]:
    new = dict(state)
    new["a"] = game_of(state).push(action).actions
    return new


def _said(action: Action, seat: Seat, lang: str) -> str:
    return pt("did", lang, seat=seat_name(seat, lang), what=log_label(action, lang))


def _told(state: Mapping[str, Any], said: str, lang: str) -> str:
    """One message for one event, in order: the action (``said``), who took the trick it
    finished, the deal's result, then "your turn" when the reader is to act next."""
    return " ".join([said, *after_action(position(state).deal, lang, _reader(state))])


def apply(state: dict[str, Any], action: Mapping[str, Any], lang: str) -> tuple[dict[str, Any], str]:
    """Answer the reader's (or the page's bot) action; return the new state and an announcement."""
    kind = action.get("type")
    if kind == "restore":
        return _restore(state, action.get("text"), lang)
    if kind == "new":
        return _new(state, action, lang)
    if kind == "setup":
        new = dict(state)
        new["stage"] = "setup"
        return new, pt("setup-shown", lang)
    if kind == "resume":
        new = dict(state)
        new["stage"] = "play"
        return new, pt("resumed", lang)
    if kind == "settings":
        new = dict(state)
        new["pace"] = field_int(action.get("pace"), 0, 5000, "bad-action")
        if new["pace"] not in PACES:
            raise BadInput("bad-action")
        new["legal"] = _flag(action.get("legal"), "bad-action")
        new["back"] = _flag(action.get("back"), "bad-action")
        return new, pt("settings-saved", lang)
    if kind == "dismiss":
        new = dict(state)
        new["old"], new["problem"] = "", ""
        return new, pt("dismissed", lang)
    if kind == "review-step":  # the page's own, possibly late: after a new deal, nothing to do
        return _review_step(state, lang)
    if kind == "hint-step":  # the page's own, possibly late: after the reader acted, nothing to do
        return _hint_step(state, action, lang)
    if state["stage"] != "play":
        raise BadInput("bad-action")
    if kind == "bot":
        return _bot(state, action, lang)
    if kind == "why":
        new = dict(state)
        index = field_int(action.get("i"), -1, MAX_ACTIONS, "bad-action")
        deal = position(state).deal
        if index >= len(deal.history) or (index >= 0 and deal.history[index][0] == _reader(state)):
            raise BadInput("bad-action")
        new["why"] = index
        return new, _why_text(state, index, lang) if index >= 0 else pt("why-hidden", lang)
    if kind == "next":
        return _next(state, lang)
    if kind == "review":
        new = dict(state)
        new["rev"] = 1
        work = review_work(state)
        busy = work is not None and not work.cards_complete
        return new, pt("review-busy" if busy else "review-shown", lang)
    if kind == "hint":
        return _hint(state, lang)
    if kind == "back":
        return _back(state, action, lang)
    deal = position(state).deal
    if deal.is_over() or deal.to_act != _reader(state):
        return dict(state), pt("not-your-turn", lang)
    if kind == "play":
        return _play(state, action, lang)
    if kind == "pick":
        return _pick(state, action, lang)
    if kind == "discard":  # the talon's discard, or either half of the exchange
        return _discard(state, lang)
    if kind == "act":
        return _act(state, action, lang)
    raise BadInput("bad-action")


def _new(state: dict[str, Any], action: Mapping[str, Any], lang: str) -> tuple[dict[str, Any], str]:
    r = field_choice(action.get("r", state["r"]), RULESETS, "bad-action")
    given = action.get("seed")
    if given is None or given == "":  # an emptied number field: keep the shuffle number
        given = state["seed"]
    try:
        seed = field_int(given, 0, MAX_SEED, "bad-action")
    except BadInput:
        return dict(state), pt("seed-refused", lang, high=MAX_SEED)
    rules = RULESETS[r]
    seat = action.get("seat", state["seat"])
    if seat not in [s.name for s in PLAYING_SEATS[rules.players]]:
        field_choice(seat, [s.name for s in Seat], "bad-action")
        seat = "S"
    level = field_choice(action.get("level", state["level"]), LEVELS, "bad-action")
    pace = field_int(action.get("pace", state["pace"]), 0, 5000, "bad-action")
    if pace not in PACES:
        raise BadInput("bad-action")
    legal = _flag(action.get("legal", state["legal"]), "bad-action")
    back = _flag(action.get("back", state["back"]), "bad-action")
    new = _new_state(r, seed, seat, level, pace, bool(legal), bool(back))
    return new, _told(new, pt("new-game", lang, number=seed), lang)


def _bot(state: dict[str, Any], action: Mapping[str, Any], lang: str) -> tuple[dict[str, Any], str]:
    n = field_int(action.get("n"), 0, MAX_ACTIONS, "bad-action")
    game = game_of(state)
    level = _seating(state).bot_to_act(game)
    if n != len(state["a"]) // 2 or level is None:
        return dict(state), ""  # a late bot move after the reader acted: nothing to do
    seat = position(state).deal.to_act
    decision = game.decision(level)
    new = _push(state, decision.action)
    new["why"] = -1
    return new, _told(new, _said(decision.action, seat, lang), lang)


def _play(state: dict[str, Any], action: Mapping[str, Any], lang: str) -> tuple[dict[str, Any], str]:
    from .common import action_card

    card = action_card(action)
    marriage = _flag(action.get("marriage", False), "bad-action")
    deal = game_of(state).fresh_deal()
    if card not in deal.hand(deal.to_act):
        raise BadInput("bad-action")
    play = Play(card, bool(marriage))
    if deal.phase not in (Phase.PLAY,) and not (
        isinstance(deal, AuctionDeal) and deal.hp_phase is Phase.PLAY
    ):
        return dict(state), pt("not-card-time", lang)
    try:
        checked = deal.check(play)
    except IllegalAction as err:
        new = dict(state)
        new["refused"] = card.code
        return new, describe_error(err, lang)
    new = _after_reader(_push(state, checked))
    return new, _told(new, pt("you-did", lang, what=log_label(checked, lang)), lang)


def _act(state: dict[str, Any], action: Mapping[str, Any], lang: str) -> tuple[dict[str, Any], str]:
    text = field_text(action.get("code"), r"[a-z0-9 A-Z+]{1,40}", "bad-action")
    deal = game_of(state).fresh_deal()
    chosen = next((a for a in offered(deal.legal_actions()) if str(a) == text), None)
    if chosen is None:
        return dict(state), pt("not-offered", lang)
    new = _after_reader(_push(state, chosen))
    return new, _told(new, pt("you-did", lang, what=log_label(chosen, lang)), lang)


def _pick(state: dict[str, Any], action: Mapping[str, Any], lang: str) -> tuple[dict[str, Any], str]:
    from .common import action_card

    card = action_card(action)
    deal = position(state).deal
    if deal.phase not in PICK_PHASES or card not in deal.hand(deal.to_act):
        raise BadInput("bad-action")
    size = pick_size(deal.rules, deal.phase)
    new = dict(state)
    pick = list(state["pick"])
    if card.code in pick:
        pick.remove(card.code)
    elif len(pick) < size:
        pick.append(card.code)
    new["pick"] = pick
    if deal.phase is Phase.DISCARD:
        return new, pt("picked", lang, n=len(pick))
    return new, pt("picked-exchange", lang, n=len(pick), of=size)


def _discard(state: dict[str, Any], lang: str) -> tuple[dict[str, Any], str]:
    deal = game_of(state).fresh_deal()
    phase = deal.phase
    if phase not in PICK_PHASES:
        return dict(state), pt("pick-three", lang)
    size = pick_size(deal.rules, phase)
    refusal = pt("pick-three", lang) if phase is Phase.DISCARD else pt("pick-exchange", lang, n=size)
    if len(state["pick"]) != size:
        return dict(state), refusal
    chosen = picked_action(deal, state["pick"])
    if chosen is None:  # the discard keeps aces and tens
        return dict(state), refusal
    new = _after_reader(_push(state, chosen))
    return new, _told(new, pt("you-did", lang, what=log_label(chosen, lang)), lang)


def _hint(state: dict[str, Any], lang: str) -> tuple[dict[str, Any], str]:
    deal = position(state).deal
    if deal.is_over() or deal.to_act != _reader(state):
        return dict(state), pt("not-your-turn", lang)
    new = dict(state)
    new["hint"] = min(2, state["hint"] + 1)
    new["hm"] = state["hm"][:-1] + "1"
    work = _hint_work(new)
    if work is not None and not _hint_done(new, work):
        return new, pt("hint-auction-busy", lang, deals=work.deals)
    return new, _hint_text(new, lang)


def _hint_work(state: Mapping[str, Any]) -> CallWork | MarriageWork | None:
    """The evaluation behind the hint while the reader is to make a call in seed-004
    Huutopussi, or a call or an exchange in the marriage family, and has asked for a hint
    (``Game.auction_work``); ``None`` otherwise."""
    if state["stage"] != "play" or not state["hint"]:
        return None
    deal = position(state).deal
    if deal.is_over() or deal.to_act != _reader(state):
        return None
    return game_of(state).auction_work()


def _hint_done(state: Mapping[str, Any], work: CallWork | MarriageWork) -> bool:
    """Tell whether the hint asked (one press, or two) has weighed enough: ``HINT_DEALS`` deals
    a press, or ``HINT_SECONDS`` a press with at least one deal weighed."""
    presses = state["hint"]
    if work.exhausted:  # every deal dealt was set aside: nothing more to weigh
        return True
    return work.deals >= HINT_DEALS * presses or (work.spent >= HINT_SECONDS * presses and work.deals >= 1)


def _hint_step(state: dict[str, Any], action: Mapping[str, Any], lang: str) -> tuple[dict[str, Any], str]:
    """Weigh the next piece of the hint's calls (the page's follow-up); once the hint has
    weighed enough, say it."""
    n = field_int(action.get("n"), 0, MAX_ACTIONS, "bad-action")
    work = _hint_work(state) if n == len(state["a"]) // 2 else None
    if work is None or _hint_done(state, work):
        return dict(state), ""
    presses = state["hint"]
    if work.spent >= HINT_SECONDS * presses and work.candidates is not None:
        work.stop_sampling()  # the time is up: weigh what is dealt, deal no more
    else:  # (the pilot's deals, which set the jump bids, are always dealt)
        work.extend(HINT_DEALS * presses)
    from ..analysis.auction import DealsSetAside

    weighed = work.deals
    try:
        work.step(REVIEW_SLICE_NODES)
    except DealsSetAside as err:  # every deal dealt was set aside: said, and the hint is done
        return dict(state), describe_error(err, lang)
    if _hint_done(state, work):
        return dict(state), _hint_text(state, lang)
    if not weighed and work.deals:  # the first figures, said once; their refinements are not
        return dict(state), auction_hint_text(work.result(), lang, so_far=True)
    return dict(state), ""


def _back(state: dict[str, Any], action: Mapping[str, Any], lang: str) -> tuple[dict[str, Any], str]:
    if not state["back"]:
        return dict(state), pt("back-off", lang)
    to = field_choice(action.get("to"), ("card", "trick"), "bad-action")
    taken = game_of(state).take_back(_reader(state), whole_trick=to == "trick")
    if taken is None:
        return dict(state), pt("back-none", lang)
    game, count = taken
    new = dict(state)
    new["a"] = game.actions
    new.update(hint=0, refused="", pick=[], rev=0, why=-1)
    return new, pt("taken-back", lang, n=count)


def _next(state: dict[str, Any], lang: str) -> tuple[dict[str, Any], str]:
    pos = position(state)
    if not pos.deal.is_over():
        return dict(state), pt("deal-not-over", lang)
    following = game_of(state).next_deal()
    if following is None:
        return dict(state), pt("game-over", lang)
    new = dict(state)
    new["done"] = list(following.done)
    new["a"] = following.actions
    new["hm"] = state["hm"] + "0"
    new.update(hint=0, refused="", pick=[], rev=0, why=-1)
    return new, _told(new, pt("next-deal", lang, n=len(new["done"]) + 1), lang)


def _restore(state: dict[str, Any], text: Any, lang: str) -> tuple[dict[str, Any], str]:
    if state["stage"] == "play" and isinstance(text, str) and not state["old"]:
        # The page opened a shared deal before the saved game came back: the link wins,
        # and the saved game is kept for download rather than dropped.
        try:
            saved = json.loads(text)
        except (ValueError, RecursionError):
            saved = None
        if saved == state:
            return dict(state), pt("restored", lang)
        new = dict(state)
        new["old"], new["problem"] = text[:MAX_OLD], "replaced"
        return new, pt("restore-replaced", lang)
    fresh = initial("")
    if not isinstance(text, str):
        return fresh, pt("restore-failed", lang, why=pt("why:not-json", lang))
    problem = ""
    if len(text) > MAX_OLD:
        problem = "too-long"
    else:
        try:
            data = json.loads(text)
        except (ValueError, RecursionError):
            data, problem = None, "not-json"
        if not problem:
            if not isinstance(data, dict) or data.get("v") != VERSION:
                problem = "version"
            else:
                try:
                    loaded = check(data)
                except BadInput:
                    problem = "fields"
                else:
                    return loaded, pt("restored", lang)
    fresh["old"] = text[:MAX_OLD]
    fresh["problem"] = problem
    return fresh, pt("restore-failed", lang, why=pt("why:" + problem, lang))


# ---------------------------------------------------------------------- hints, reasons, review


def _why_text(state: Mapping[str, Any], index: int, lang: str) -> str:
    pos = position(state)
    seat, act = pos.deal.history[index]
    return reason_text(seat, act, game_of(state).decision(state["level"], index), lang)


def _hint_text(state: Mapping[str, Any], lang: str) -> str:
    work = _hint_work(state)
    if work is not None and work.exhausted:
        from ..analysis.auction import DealsSetAside

        return describe_error(DealsSetAside(work.set_aside), lang)
    if work is not None:  # the bidding: the evaluation's best call and its figures
        return auction_hint_text(work.result() if work.deals else None, lang)
    return hint_text(game_of(state).hint(state["hint"]), lang)  # an estimate says so itself


def review_items(state: Mapping[str, Any]) -> tuple[ReviewItem, ...]:
    """The reader's actions in the (finished) deal that cost points double-dummy (the card
    play's review, computed now as far as it is not yet; the bidding's part goes on in the
    page's slices)."""
    work = review_work(state)
    return game_of(state).review(_reader(state)) if work is None else work.finish_cards()


def auction_deals(rules: Rules) -> int:
    """The deals each of the reader's calls is weighed over in the review (0: the bidding is
    not reviewed under these rules)."""
    if not auction_reviewed(rules):
        return 0
    deals = MARRIAGE_REVIEW_DEALS if rules.family == "huutopussi-marriage" else AUCTION_REVIEW_DEALS
    return deals[rules.players]


def review_work(state: Mapping[str, Any]) -> ReviewWork | None:
    """The reader's review of the finished deal in play, as far as it is computed; ``None``
    while the deal goes on."""
    if state["stage"] != "play" or not position(state).deal.is_over():
        return None
    return game_of(state).review_work(_reader(state), auction_deals(RULESETS[state["r"]]))


def _review_step(state: dict[str, Any], lang: str) -> tuple[dict[str, Any], str]:
    """Weigh the next position of the reader's review (the page's follow-up: a late one, after
    the deal has changed, finds nothing to do)."""
    work = review_work(state)
    if work is None or work.complete:
        return dict(state), ""
    cards = work.cards_complete
    work.step(REVIEW_SLICE_NODES)
    if not state["rev"]:
        return dict(state), ""
    if not cards and work.cards_complete:
        return dict(state), pt("review-ready", lang)
    if cards and work.complete:
        return dict(state), pt("review-auction-ready", lang)
    return dict(state), ""


# ---------------------------------------------------------------------- the view


def label(lang: str) -> str:
    """The widget's name for screen readers."""
    return pt("label", lang)


def _setup(state: Mapping[str, Any], lang: str) -> str:
    def options(pairs: Sequence[tuple[str, str]], current: str) -> str:
        return "".join(
            f'<option value="{escape(v)}"{" selected" if v == current else ""}>{escape(t)}</option>'
            for v, t in pairs
        )

    rules_opts = options([(k, pt("rules:" + k, lang)) for k in RULESETS], state["r"])
    level_opts = options([(k, pt("level:" + k, lang)) for k in LEVELS], state["level"])
    seat_opts = options([(s.name, seat_name(s, lang)) for s in Seat], state["seat"])
    pace_opts = options([(str(p), pt(f"pace:{p}", lang)) for p in PACES], str(state["pace"]))

    def sel(field: str, text: str, opts: str) -> str:
        return (
            f'<label class="mp-field">{escape(text)} <select data-action-field="{field}" '
            f'data-focus-key="setup-{field}">{opts}</select></label>'
        )

    def box(field: str, text: str) -> str:
        on = " checked" if state[field] else ""
        return (
            f'<label class="mp-field mp-check"><input type="checkbox" data-action-field="{field}" '
            f'data-focus-key="setup-{field}"{on}> {escape(text)}</label>'
        )

    seed = (
        f'<label class="mp-field">{escape(pt("seed", lang))} <input type="number" inputmode="numeric" '
        f'min="0" max="{MAX_SEED}" step="1" value="{state["seed"]}" data-action-field="seed" '
        'data-focus-key="setup-seed"></label>'
    )
    parts = [
        f'<form class="mp-form mp-play-setup" data-action=\'{{"type":"new"}}\'><fieldset>'
        f"<legend>{escape(pt('setup', lang))}</legend>",
        sel("r", pt("rules", lang), rules_opts),
        sel("level", pt("level", lang), level_opts),
        sel("seat", pt("seat", lang), seat_opts),
        seed,
        sel("pace", pt("pace", lang), pace_opts),
        box("legal", pt("show-legal", lang)),
        box("back", pt("allow-back", lang)),
        f'<p class="mp-play-seat-note">{escape(pt("seat-note", lang))}</p>',
        '<button type="submit" class="mp-button mp-primary" data-focus-key="setup-go">'
        f"{escape(pt('deal-new', lang))}</button>",
        "</fieldset></form>",
    ]
    if state["a"] or state["done"]:
        parts.append(
            '<p class="mp-controls">' + button(pt("resume", lang), {"type": "resume"}, "resume") + "</p>"
        )
    return "".join(parts)


def _old_note(state: Mapping[str, Any], lang: str) -> str:
    if not state["old"]:
        return ""
    said = (
        pt("restore-replaced", lang)
        if state["problem"] == "replaced"
        else pt("restore-failed", lang, why=pt("why:" + (state["problem"] or "fields"), lang))
    )
    download, dismiss = pt("old-download", lang), pt("dismiss", lang)
    return kept_text_note(said, state["old"], "marjapussi-play-old.json", download, dismiss, "mp-play-old")


def _bot_reasons(state: Mapping[str, Any], deal: Deal, lang: str) -> str:
    """ "Why?" buttons for the bots' cards of the trick on the table (or the one just taken)."""
    reader = _reader(state)
    history = deal.history
    # The actions of the current trick: from the last trick boundary on.
    start = len(history)
    walk_table = len(deal.table)
    count = 0
    while start > 0 and count < max(walk_table, 0):
        start -= 1
        if isinstance(history[start][1], Play):
            count += 1
    if walk_table == 0 and deal.last_trick is not None:
        n = len(deal.last_trick.plays)
        start, count = len(history), 0
        while start > 0 and count < n:
            start -= 1
            if isinstance(history[start][1], Play):
                count += 1
    items = []
    for i in range(max(start - 0, 0), len(history)):
        seat, act = history[i]
        if seat == reader or not isinstance(act, Play):
            continue
        text = pt("why-button", lang, seat=seat_name(seat, lang), card=act.card.symbol)
        items.append(
            button(
                text, {"type": "why", "i": i}, f"why-{i}", cls="mp-button mp-small", pressed=state["why"] == i
            )
        )
    # Bot auction and declaration actions since the reader's last action.
    if not items:
        return ""
    out = f'<div class="mp-controls mp-play-why">{"".join(items)}</div>'
    if state["why"] >= 0:
        out += f'<p class="mp-play-reason" role="note">{escape(_why_text(state, state["why"], lang))}</p>'
    return out


def view(state: Mapping[str, Any], lang: str) -> str:
    """The widget's body for a checked state."""
    parts = [f'<p class="mp-widget-title">{escape(pt("label", lang))}</p>', _old_note(state, lang)]
    if state["stage"] == "setup":
        parts.append(_setup(state, lang))
        return "".join(parts)
    pos = position(state)
    deal = pos.deal
    reader = _reader(state)
    seen = SeatView.of(deal, reader)  # the table as the reader's seat knows it
    over = deal.is_over()
    my_turn = not over and deal.to_act == reader
    actions, marks = card_controls(seen, mark_legal=bool(state["legal"]), pick=state["pick"])
    if state["refused"]:
        marks[state["refused"]] = (marks.get(state["refused"], "") + " mp-refused").strip()
    head = [
        pt("head", lang, rules=pt("rules:" + state["r"], lang), level=pt("level:" + state["level"], lang)),
        pt("deal-n", lang, n=len(pos.deals) + 1, number=state["seed"]),
        pt("dealer", lang, seat=seat_name(deal.dealer, lang)),
    ]
    if state["hm"][-1] == "1":
        head.append(pt("hinted", lang))
    parts.append(f'<p class="mp-widget-sub mp-play-head">{escape(" · ".join(head))}</p>')
    if not over:
        turn = pt("your-turn", lang) if my_turn else pt("bot-turn", lang, seat=seat_name(deal.to_act, lang))
        whose = "you" if my_turn else "bot"
        parts.append(f'<p class="mp-play-turn" data-turn="{whose}"><strong>{escape(turn)}</strong></p>')
    parts.append('<div class="mp-play-table">')
    parts.append(table_part(seen, lang, you=reader, actions=actions, marks=marks))
    parts.append("</div>")
    if state["refused"] and my_turn:
        try:
            deal.check(Play(_card(state["refused"])))
        except IllegalAction as err:
            parts.append(refusal_html(err, lang, pos.rules))
        except MarjapussiError:
            pass
    parts.append(auction_line(seen, lang))
    parts.append(family_notes(seen, deal, lang))
    if my_turn:
        parts.append(action_buttons(seen, lang, state["pick"]))
    # The tools under the table and its choices: a take-back keeps the table in view.
    tools = []
    if my_turn:
        tools.append(
            button(
                pt("hint", lang) if state["hint"] == 0 else pt(_more_words(state), lang),
                {"type": "hint"},
                "hint",
                disabled=state["hint"] >= 2,
            )
        )
    if state["back"] and not over:
        tools += _back_buttons(state, lang)
    tools.append(button(pt("setup-open", lang), {"type": "setup"}, "setup"))
    parts.append(f'<div class="mp-controls mp-play-tools">{"".join(tools)}</div>')
    if state["hint"] and my_turn:
        parts.append(_hint_html(state, lang))
    parts.append(tricks_line(seen, lang))
    parts.append(declarations_part(seen, lang))
    parts.append(recent_html(seen, lang))
    parts.append(_bot_reasons(state, deal, lang))
    if over:
        parts.append(_after_deal(state, pos, lang))
    parts.append(sheet_part(pos.final, pos.rules, lang))
    return "".join(parts)


def _more_words(state: Mapping[str, Any]) -> str:
    """The second press's words: more deals during the bidding, the card elsewhere."""
    return "hint-refine" if _hint_work(state) is not None else "hint-more"


def _hint_html(state: Mapping[str, Any], lang: str) -> str:
    """The hint shown; during the bidding, while its calls are weighed, how far it got."""
    work = _hint_work(state)
    if work is not None and not _hint_done(state, work):
        busy = escape(pt("hint-auction-busy", lang, deals=work.deals))
        progress = progress_html(work.deals, HINT_DEALS * state["hint"], busy)
        if work.deals:  # the figures so far, said as such, while the weighing goes on
            so_far = text_html(auction_hint_text(work.result(), lang, so_far=True), lang)
            return f'<p class="mp-play-hint" role="note" data-hint="partial">{so_far}</p>{progress}'
        return f'<p class="mp-play-hint" role="note" data-hint="busy">{busy}</p>{progress}'
    example = ""
    if work is not None and work.deals:  # the best call's example deal, a tap away
        evaluation = work.result()
        example = example_html(evaluation.best, evaluation, RULESETS[state["r"]], lang)
    return f'<p class="mp-play-hint" role="note">{text_html(_hint_text(state, lang), lang)}</p>{example}'


def _back_buttons(state: Mapping[str, Any], lang: str) -> list[str]:
    """The take-backs the reader has, in words that fit what they take back: the last bid or
    pass in the bidding, the last move, and the start of the trick when that is further back."""
    game = game_of(state)
    reader = _reader(state)
    one = game.take_back(reader)
    if one is None:
        return []
    mine = [act for seat, act in position(state).deal.history if seat == reader][-1]
    words = "back-call" if isinstance(mine, (Bid, Pass)) else "back-card"
    out = [button(pt(words, lang), {"type": "back", "to": "card"}, "back-card")]
    whole = game.take_back(reader, whole_trick=True)
    if whole is not None and whole[1] > one[1]:
        out.append(button(pt("back-trick", lang), {"type": "back", "to": "trick"}, "back-trick"))
    return out


def _card(code: str) -> Card:
    from ..cards import parse_card

    return parse_card(code)


def _after_deal(state: Mapping[str, Any], pos: Position, lang: str) -> str:
    score = pos.deal_result()
    parts = ['<div class="mp-play-after" data-turn="over">', f"<h2>{escape(pt('deal-over', lang))}</h2>"]
    parts.append(score_html(score, lang, ROOT))
    record = game_of(state).deal_record_text()
    parts.append(
        '<textarea class="mp-hidden-file" readonly hidden data-mp-file="marjapussi-deal.mjp">'
        f"{escape(record)}</textarea>"
    )
    controls = [
        '<button type="button" class="mp-button" data-mp-download="marjapussi-deal.mjp" '
        'data-focus-key="download">'
        f"{escape(pt('download', lang))}</button>",
    ]
    if not state["rev"]:
        controls.append(button(pt("review", lang), {"type": "review"}, "review"))
    if pos.has_next_deal:
        controls.append(button(pt("next", lang), {"type": "next"}, "next", cls="mp-button mp-primary"))
    else:
        controls.append(button(pt("new-game-button", lang), {"type": "setup"}, "new-game"))
    parts.append(f'<div class="mp-controls">{"".join(controls)}</div>')
    if pos.rules.family == "marjapussi":  # the trick stepper replays Marjapussi deals
        parts.append(_stepper_link(state, pos, lang))
    if state["rev"]:
        parts.append(_review_html(state, lang))
    parts.append("</div>")
    return "".join(parts)


def _stepper_link(state: Mapping[str, Any], pos: Position, lang: str) -> str:
    """A link that opens the finished deal in the trick stepper of the game records page."""
    name = play_name(state["r"], state["seed"], pos.number, pos.dealer.name, int(pos.opening), state["a"])
    prefix = "" if lang == "fi" else f"{lang}/"
    href = f"{ROOT}/{prefix}record-format/?w=trick-stepper&p={name}.0.all#{STEPPER_ID}"
    return (
        f'<p><a class="mp-play-stepper" href="{escape(href, quote=True)}">'
        f"{escape(pt('open-stepper', lang))}</a></p>"
    )


STEPPER_ID = "w-trick-stepper-guild-first-deal"
"""The trick stepper on the game records page (the bridge names a widget by its kind and args)."""


REVIEW_LEVEL = 3
"""The review's heading level: under the page's title (h1) and the deal's end (h2)."""


def _review_html(state: Mapping[str, Any], lang: str) -> str:
    work = review_work(state)
    rules = RULESETS[state["r"]]
    if work is None:
        return review_html(review_items(state), rules, lang, level=REVIEW_LEVEL)
    if not work.cards_complete:
        return review_busy_html(work.done, work.total, lang, REVIEW_LEVEL)
    auction = ""
    if work.calls_at:
        if work.auction_complete:
            auction = auction_review_html(
                work.calls, work.par or (), work.auction_deals, rules, lang, REVIEW_LEVEL
            )
        else:
            auction = auction_busy_html(*work.auction_progress(), lang, rules, REVIEW_LEVEL)
    return review_html(tuple(work.items), rules, lang, auction, REVIEW_LEVEL)
