"""The course of a game: deal after deal from one seed, the score sheet, the dealer's
rotation, the bots' turns, hints, take-backs, the review and the records.

No HTML and no language text here: the Play widget (``web/play.py``) renders a game for
one reader at a table of bots, and a room server can drive the same game for a table of
people and bots (``Seating``), taking actions from any seat.

A ``Game`` is everything its course is replayed from: the rule choice (a key of
``RULESETS``), the seed, the first deal's number, dealer and opening flag, the finished
deals' actions and the actions of the deal in play. Actions are written two characters
each, the index of the action in the engine's ``legal_actions()`` at that point in base
62, so only legal actions can be stored. Every deal is made in one place
(``Game.start_of_deal``): from the seed, the same cards every time, unless the game names
hands of its own for that deal (``Prepared``: a teacher's position, or a test's twin deal
that differs only in cards a seat cannot see).

``LiveGame`` keeps a game in memory as it goes (a room server's): the same course, each
action pushed on a deal it holds instead of replaying the deal from its start.

>>> game = Game.new("guild", 7)
>>> deal = game.position().deal
>>> deal.dealer == game.first_dealer and not deal.history
True
>>> game = game.push(deal.legal_actions()[0])
>>> len(game.actions), game.position().deal.history == game.fresh_deal().history
(2, True)
"""

from __future__ import annotations

import copy
import random
import threading
from collections import OrderedDict
from collections.abc import Iterable
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Literal, NamedTuple

from .actions import Action, Discard, Give, Play, Redeal, ReturnCards
from .cards import Seat, Suit, cards_of
from .deal import PLAYING_SEATS, Deal, Phase, random_hands
from .huutopussi import AuctionDeal, HuutopussiDeal, HuutopussiSheet
from .record import GameRecord, format_record, new_deal, record_from_deal
from .rules import PAGAT, PRESETS, Rules
from .scoring import ScoreSheet, next_deal_start

if TYPE_CHECKING:
    from .analysis import BotSettings, Decision
    from .analysis.auction import AuctionEvaluation, CallWork, Par, ParWork
    from .analysis.auction_marriage import MarriageWork
    from .analysis.marriage_par import MarriagePar, MarriageParWork

__all__ = [
    "HINT_EXACT_FROM",
    "HINT_LEVEL",
    "HINT_PILOT",
    "HINT_SAMPLES",
    "LEVELS",
    "MARRIAGE_HINT_PILOT",
    "MAX_ACTIONS",
    "MAX_DEALS",
    "MAX_DEAL_NUMBER",
    "MAX_SEED",
    "REVIEW_TRICKS",
    "RULESETS",
    "STOPPED_DEALS",
    "Game",
    "GameError",
    "Hint",
    "LiveGame",
    "Position",
    "Prepared",
    "ReviewItem",
    "ReviewWork",
    "Seating",
    "auction_reviewed",
    "bot_settings",
    "code_of",
    "deal_from_seed",
    "figures_estimated",
    "first_dealer",
    "first_reviewed_trick",
    "has_opening_deal",
    "hint_settings",
    "picked_action",
    "replay",
    "weighed_phases",
]

RULESETS: dict[str, Rules] = {
    "guild": PRESETS["guild"],
    "pagat": PAGAT,
    "pagat-32": PAGAT.replace(deck_size=32),
    "pagat-28": PAGAT.replace(deck_size=28),
    "pagat-simplified": PAGAT.replace(card_values="simplified"),
    "pagat-no-beat": PAGAT.replace(must_beat=False),
    "huutopussi": PRESETS["huutopussi"],
    "huutopussi3": PRESETS["huutopussi3"],
    "huutopussi-marriage": PRESETS["huutopussi-marriage"],
    "huutopussi-marriage3": PRESETS["huutopussi-marriage3"],
}
"""The rule families and variations a game can be played under."""

LEVELS: tuple[str, ...] = ("random", "beginner", "club", "expert")
"""The bots' levels, weakest first."""
HINT_LEVEL = "club"
"""The level of the adviser behind the hints."""
HINT_SAMPLES = 6
"""Deals sampled for a hint where it solves them exactly (``hint_settings``)."""
HINT_EXACT_FROM: dict[str, int] = {"marjapussi": 1, "huutopussi": 3}
"""By rule family, the first trick from which a hint solves each sampled deal exactly with the
compiled core (in Huutopussi's first two tricks a contract's whole deal is still to be searched
in every sample, seconds in the browser: playouts keep those hints quick). A family not named
here, or rules the core does not serve, get the playouts throughout."""
MAX_SEED = 2**31 - 1
MAX_DEAL_NUMBER = 10_000
"""The highest number of a game's first deal (a shared link opens a game at its deal)."""
MAX_DEALS = 60
"""The most deals one game holds."""
MAX_ACTIONS = 200
"""The most actions one deal holds."""
REVIEW_TRICKS = 4
"""Where the pure-Python solver serves the rules, the review weighs a seat's actions in the
last tricks only (a search there is fast); the compiled core weighs the whole deal."""

ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
_DIGIT = {c: i for i, c in enumerate(ALPHABET)}


class GameError(ValueError):
    """A game that cannot be replayed: a bad action code, an unfinished deal, a deal after the end."""


def bot_settings() -> BotSettings:
    """The club bot's budget in the browser: a move stays well under 250 ms in Pyodide."""
    from .analysis import BotSettings

    return BotSettings(samples=10, playout_budget=120, bid_samples=8)


def hint_settings(rules: Rules, trick: int) -> BotSettings:
    """How the adviser behind the hints thinks at ``trick``: where the compiled core serves the
    rules (from ``HINT_EXACT_FROM``), the exact value of every action in ``HINT_SAMPLES`` deals
    dealt to fit what the reader's seat has seen (``analysis.sampler``), as bridge programs
    advise; elsewhere the club bot's playouts (``bot_settings``). Either way the adviser sees
    what the seat sees and no more.

    >>> from marjapussi.rules import PRESETS
    >>> hint_settings(PRESETS["guild"], 1).evaluator in ("solver", "playout")
    True
    """
    from .analysis import BotSettings
    from .analysis.core import backend

    first = HINT_EXACT_FROM.get(rules.family)
    if first is None or trick < first or backend(rules) != "core":
        return bot_settings()
    return BotSettings(
        samples=HINT_SAMPLES, playout_budget=0, evaluator="solver", depth_tricks=None, solver_from_trick=1,
        bid_samples=8,
    )


# ---------------------------------------------------------------------- action codes


def _encode(index: int) -> str:
    return ALPHABET[index // 62] + ALPHABET[index % 62]


def _decode(code: str, at: int) -> int:
    try:
        return _DIGIT[code[at]] * 62 + _DIGIT[code[at + 1]]
    except (KeyError, IndexError):
        raise GameError("action code") from None


def code_of(deal: Deal, action: Action) -> str:
    """The two-character code of a legal action in the deal's position."""
    return _encode(deal.legal_actions().index(action))


def picked_action(deal: Deal, picked: Iterable[str]) -> Action | None:
    """The legal action that puts away exactly the cards picked (by their codes): the talon's
    discard or either half of the exchange; ``None`` if no legal action does (a discard keeps
    aces and tens, for instance)."""
    chosen = set(picked)
    return next(
        (
            a
            for a in deal.legal_actions()
            if isinstance(a, (Discard, Give, ReturnCards)) and {c.code for c in a.cards} == chosen
        ),
        None,
    )


def replay(deal: Deal, codes: str) -> Deal:
    """Push the actions written in ``codes`` onto ``deal``; ``GameError`` for a bad code."""
    if len(codes) % 2 or len(codes) > 2 * MAX_ACTIONS:
        raise GameError("actions")
    for at in range(0, len(codes), 2):
        deal.push(_action_at(deal, codes, at))
    return deal


def _action_at(deal: Deal, codes: str, at: int) -> Action:
    """The legal action written at ``codes[at:at + 2]`` in the deal's position."""
    if deal.is_over():
        raise GameError("after the end")
    legal = deal.legal_actions()
    index = _decode(codes, at)
    if index >= len(legal):
        raise GameError("not legal")
    return legal[index]


# ---------------------------------------------------------------------- the deals


def _deal_rng(seed: int, number: int) -> random.Random:
    return random.Random(f"marjapussi-play:{seed}:{number}")


def first_dealer(rules: Rules, seed: int) -> Seat:
    """The dealer of a game's first deal, drawn from the seed."""
    seats = PLAYING_SEATS[rules.players]
    return seats[_deal_rng(seed, -1).randrange(len(seats))]


def has_opening_deal(rules: Rules) -> bool:
    """Tell whether a deal can be an opening deal (Marjapussi's first of an erä; the
    Huutopussi families have none)."""
    return rules.family == "marjapussi"


def deal_from_seed(
    rules: Rules, seed: int, number: int, dealer: Seat, opening: bool, totals: tuple[int, ...] | None = None
) -> Deal:
    """Deal number ``number`` of the game of ``seed`` (the same cards every time).

    ``totals``: each side's game total before the deal, which Huutopussi with marriage
    trumps reads (the bid ban); the other families ignore it.
    """
    rng = _deal_rng(seed, number)
    if rules.family == "huutopussi":
        return HuutopussiDeal.random(rng, rules, dealer=dealer)
    if rules.family == "huutopussi-marriage":  # its module loads where such a deal is played
        from .marriage_trumps import MarriageTrumpDeal

        return MarriageTrumpDeal.random(rng, rules, dealer=dealer, totals=totals)
    return Deal(random_hands(rng, rules), rules, dealer, opening)


@dataclass(frozen=True)
class Prepared:
    """Deal number ``number`` dealt from given hands instead of the seed.

    ``hands``: each seat's cards as a card mask, in seat order (a seat out of play: 0); in
    three-player Huutopussi the talon is the cards no hand holds.
    """

    number: int
    hands: tuple[int, int, int, int]

    @classmethod
    def of(cls, deal: Deal, number: int) -> Prepared:
        """The hands ``deal`` was dealt, as deal number ``number``."""
        h = deal.initial_hands
        return cls(number, (h[0], h[1], h[2], h[3]))

    def deal(self, rules: Rules, dealer: Seat, opening: bool, totals: tuple[int, ...] | None = None) -> Deal:
        """The deal before its first action (``InvalidDeal`` for hands the rules refuse)."""
        seats = PLAYING_SEATS[rules.players]
        hands = {s: cards_of(self.hands[s]) for s in seats}
        return new_deal(rules, hands, dealer, opening, totals=totals)


def _new_sheet(rules: Rules) -> ScoreSheet | HuutopussiSheet:
    if rules.family == "huutopussi-marriage":
        from .marriage_trumps import MarriageSheet

        return MarriageSheet(rules)
    return HuutopussiSheet(rules) if rules.family == "huutopussi" else ScoreSheet(rules)


def _totals(sheet: ScoreSheet | HuutopussiSheet) -> tuple[int, ...] | None:
    """The game totals a deal of Huutopussi with marriage trumps starts from (the bid ban
    reads them); ``None`` for the other families."""
    return sheet.totals if sheet.rules.family == "huutopussi-marriage" else None


def _add(sheet: ScoreSheet | HuutopussiSheet, deal: Deal) -> bool:
    """Add a finished deal to the sheet; tell whether an erä was won with it."""
    if isinstance(sheet, HuutopussiSheet):
        sheet.add_deal(deal.result())
        return False
    era = sheet.add_deal(deal.result(sheet.carry))
    return era.outcome == "won"


# ---------------------------------------------------------------------- the game


@dataclass
class Position:
    """A game replayed: the finished deals, the sheet, the deal in play.

    ``sheet`` holds the finished deals; ``final`` also the deal in play once it is over.
    ``number``, ``dealer`` and ``opening`` are the deal in play's.
    """

    rules: Rules
    deals: list[Deal]
    sheet: ScoreSheet | HuutopussiSheet
    final: ScoreSheet | HuutopussiSheet
    deal: Deal
    number: int
    dealer: Seat
    opening: bool

    @property
    def game_over(self) -> bool:
        """Tell whether the game ended with the deal in play."""
        return self.final.over

    def deal_result(self) -> Any:
        """The (finished) deal in play scored as the sheet scores it, with the points carried
        from earlier ties (``scoring.DealScore``, or ``huutopussi.ContractScore``)."""
        return self.deal.result(self.sheet.carry if isinstance(self.sheet, ScoreSheet) else 0)

    @property
    def has_next_deal(self) -> bool:
        """Tell whether another deal follows the deal in play (it is over, the game is not)."""
        return self.deal.is_over() and not self.game_over and len(self.deals) + 1 < MAX_DEALS


class ReviewItem(NamedTuple):
    """A seat's action that cost points double-dummy, and the better one."""

    at: int
    """The action's index in the deal's history."""
    trick: int
    action: Action
    better: Action
    loss: float
    """The points it cost (a fraction where the solver weighs chances)."""


@dataclass(frozen=True)
class Hint:
    """What a hint tells, as data (the front end puts it in words).

    ``kind`` is ``duty`` (a duty leaves only some cards: ``rule`` names it, ``suits`` are
    the suits allowed), ``suit`` (the suit the adviser would play), ``decision`` (the
    second hint: the adviser's whole ``decision``, with its reasons) or ``think`` (a first
    hint outside the card play: nothing to point at).
    """

    kind: Literal["duty", "suit", "decision", "think"]
    rule: str = ""
    suits: tuple[Suit, ...] = ()
    decision: Decision | None = None
    estimated: bool = False
    """The decision's figures are estimates under these rules (``figures_estimated``)."""


@dataclass(frozen=True)
class Game:
    """A game as it is replayed: its start and its actions (see the module's docstring)."""

    ruleset: str
    """A key of ``RULESETS``."""
    seed: int
    first_number: int
    first_dealer: Seat
    first_opening: bool
    done: tuple[str, ...] = ()
    """The finished deals' action codes."""
    actions: str = ""
    """The action codes of the deal in play."""
    prepared: tuple[Prepared, ...] = ()
    """Deals dealt from given hands instead of the seed."""

    @classmethod
    def new(cls, ruleset: str, seed: int) -> Game:
        """A new game of ``seed`` under ``RULESETS[ruleset]``, before its first action."""
        rules = RULESETS[ruleset]
        return cls(ruleset, seed, 0, first_dealer(rules, seed), has_opening_deal(rules))

    @property
    def rules(self) -> Rules:
        """The rules the game is played under."""
        return RULESETS[self.ruleset]

    def start_of_deal(
        self, number: int, dealer: Seat, opening: bool, totals: tuple[int, ...] | None = None
    ) -> Deal:
        """Deal ``number`` of the game before its first action: the one place a game's deals are
        made (``totals``: the sides' game totals before it, read by the marriage family's bid ban)."""
        for prepared in self.prepared:
            if prepared.number == number:
                return prepared.deal(self.rules, dealer, opening, totals)
        return deal_from_seed(self.rules, self.seed, number, dealer, opening, totals)

    def position(self) -> Position:
        """The game replayed (cached and shared, read only: copy before changing)."""
        return _position(self)

    def fresh_deal(self) -> Deal:
        """The deal in play replayed anew, for changing."""
        pos = self.position()
        return replay(
            self.start_of_deal(pos.number, pos.dealer, pos.opening, _totals(pos.sheet)), self.actions
        )

    def deal_at(self, index: int) -> Deal:
        """The deal in play as it was before its action number ``index`` (a new copy)."""
        pos = self.position()
        walk = self.start_of_deal(pos.number, pos.dealer, pos.opening, _totals(pos.sheet))
        for _, act in pos.deal.history[:index]:
            walk.push(act)
        return walk

    def to_act(self) -> Seat | None:
        """The seat to act in the deal in play; ``None`` once it is over."""
        deal = self.position().deal
        return None if deal.is_over() else deal.to_act

    def push(self, action: Action) -> Game:
        """The game after a legal action of the seat to act (``ValueError`` for any other)."""
        return replace(self, actions=self.actions + code_of(self.position().deal, action))

    def next_deal(self) -> Game | None:
        """The game at the start of its next deal; ``None`` when no deal follows this one."""
        if not self.position().has_next_deal:
            return None
        following = replace(self, done=(*self.done, self.actions), actions="")
        try:
            following.position()
        except GameError:
            return None
        return following

    def take_back(self, seat: Seat, whole_trick: bool = False) -> tuple[Game, int] | None:
        """The game with the deal in play taken back to before ``seat``'s last action (or, with
        ``whole_trick``, to the start of that action's trick), and the number of actions
        taken back; ``None`` when the seat has not acted in this deal."""
        deal = self.position().deal
        history = deal.history
        mine = [i for i, (who, _) in enumerate(history) if who == seat]
        if not mine:
            return None
        cut = mine[-1]
        if whole_trick:
            walk = deal.copy_start()
            starts = []
            for i, (_, act) in enumerate(history):
                if not walk.table:
                    starts.append(i)
                walk.push(act)
            cut = max((s for s in starts if s <= cut), default=0)
        return replace(self, actions=self.actions[: 2 * cut]), len(history) - cut

    def decision(self, level: str, index: int | None = None, settings: BotSettings | None = None) -> Decision:
        """The decision of a bot of ``level`` for the seat to act in the deal in play (or, with
        ``index``, before its action number ``index``): seeded, so the same every time.
        ``settings``: the club bot's (default ``bot_settings()``)."""
        from .analysis import SeatView, choose

        deal = self.fresh_deal() if index is None else self.deal_at(index)
        pos = self.position()
        rng = random.Random(f"marjapussi-play-bot:{self.seed}:{pos.number}:{len(deal.history)}")
        if level == "club" and settings is None:
            settings = bot_settings()
        # The erä totals before this deal: the club bot values a Marjapussi outcome by them.
        sheet = pos.sheet
        totals = (sheet.totals[0], sheet.totals[1]) if isinstance(sheet, ScoreSheet) else None
        return choose(
            SeatView.of(deal, deal.to_act, totals=totals), level, rng, settings
        )

    def advice(self) -> Decision:
        """The decision of the adviser behind the hints for the seat to act (``hint_settings``;
        kept for the last games asked: a view shows the hint again with every reply)."""
        from .analysis.core import backend

        return _advice(self, backend(self.rules))

    def hint(self, level: int) -> Hint:
        """The hint for the seat to act: ``level`` 1 a nudge, 2 the adviser's decision."""
        if level >= 2:
            return Hint("decision", decision=self.advice(), estimated=figures_estimated(self.rules))
        deal = self.fresh_deal()
        if deal.phase is not Phase.PLAY or not deal.hand(deal.to_act):
            return Hint("think")
        verdicts = deal.explain()
        refused = [v for v in verdicts if not v.allowed]
        suits = tuple(sorted({v.card.suit for v in verdicts if v.allowed}))
        if refused:
            return Hint("duty", rule=refused[0].rule or "", suits=suits)
        decision = self.advice()
        if isinstance(decision.action, Play):
            return Hint("suit", suits=(decision.action.card.suit,))
        return Hint("think")

    def review(self, seat: Seat) -> tuple[ReviewItem, ...]:
        """``seat``'s actions in the (finished) deal in play that cost points double-dummy: from
        the first card where the compiled core serves the rules, in the last tricks elsewhere
        (``first_reviewed_trick``)."""
        return self.review_work(seat).finish()

    def review_work(self, seat: Seat, auction_deals: int = 0) -> ReviewWork:
        """``seat``'s review of the deal in play as work done a position at a time (shared:
        asked again, the same work, as far as it has got). ``auction_deals``: the deals each
        of the seat's calls is weighed over, where the bidding is reviewed
        (``auction_reviewed``; 0: the card play only)."""
        return _review_work(self, seat, auction_deals)

    def auction_work(self) -> CallWork | MarriageWork | None:
        """The evaluation of the call of the seat to act (seed-004 Huutopussi's bidding or
        trumps; the marriage family's bidding and exchange, the three-player discard too;
        where the compiled core serves the rules), worked out a piece at a time by whoever
        steps it (the Play page's hint): shared per game, seeded by the game, the deal and
        the call's place (Decided 5). ``None`` where no call is to be made or the bidding is
        not evaluated."""
        deal = self.position().deal
        if deal.is_over() or deal.phase not in weighed_phases(deal.rules) or not auction_reviewed(deal.rules):
            return None
        if len([a for a in deal.legal_actions() if not isinstance(a, Redeal)]) < 2:
            return None
        return _auction_work(self)

    def auction_seed(self) -> str:
        """The sampling seed of the call to make now (``analysis.auction.evaluation_seed``):
        the game's seed, the deal's number and the call's place in the deal (Decided 5)."""
        from .analysis.auction import evaluation_seed

        pos = self.position()
        return evaluation_seed(self.seed, pos.number, len(pos.deal.history))

    def record_text(self) -> str:
        """The game so far as a record (``.mjp``): every finished deal and the deal in play if over."""
        pos = self.position()
        record = GameRecord(pos.rules)
        number = 1
        for deal in [*pos.deals, *([pos.deal] if pos.deal.is_over() else [])]:
            record_from_deal(deal, number, record)
            number += 1
        return format_record(record)

    def deal_record_text(self) -> str:
        """The deal in play alone as a record."""
        return format_record(record_from_deal(self.position().deal, 1))


@lru_cache(maxsize=8)
def _advice(game: Game, backend: str) -> Decision:
    """The adviser's decision (``backend``, which decides how it thinks, is part of the key)."""
    deal = game.position().deal
    return game.decision(HINT_LEVEL, settings=hint_settings(deal.rules, deal.trick_number))


@lru_cache(maxsize=32)
def _position(game: Game) -> Position:
    number = game.first_number + len(game.done)
    # The finished deals depend on the hands prepared for them only (a cache key without the rest).
    earlier = tuple(p for p in game.prepared if p.number < number)
    deals, sheet, dealer, opening = _finished(replace(game, actions="", prepared=earlier))
    deal = replay(game.start_of_deal(number, dealer, opening, _totals(sheet)), game.actions)
    final = _final_sheet(game.rules, deals, deal, sheet)
    return Position(game.rules, list(deals), sheet, final, deal, number, dealer, opening)


def _final_sheet(
    rules: Rules, deals: tuple[Deal, ...], deal: Deal, sheet: ScoreSheet | HuutopussiSheet
) -> ScoreSheet | HuutopussiSheet:
    """The sheet with the deal in play added once it is over (else ``sheet``, the finished deals')."""
    if not deal.is_over():
        return sheet
    final = _new_sheet(rules)
    for finished in [*deals, deal]:
        _add(final, finished)
    return final


@lru_cache(maxsize=8)
def _finished(
    game: Game,
) -> tuple[tuple[Deal, ...], ScoreSheet | HuutopussiSheet, Seat, bool]:
    """The finished deals of a game replayed, their sheet, and the next deal's dealer and
    opening flag (cached apart, so that an action replays only the deal in play).

    Built on the game without its last finished deal (cached too), so that going on to the
    next deal replays one deal, not all of them: a long game stays quick (sixty deals of the
    marriage family, whose every action weighs many bids and exchanges)."""
    rules = game.rules
    if not game.done:
        return (), _new_sheet(rules), game.first_dealer, game.first_opening
    number = game.first_number + len(game.done) - 1
    prepared = tuple(p for p in game.prepared if p.number < number)
    earlier = replace(game, done=game.done[:-1], prepared=prepared)
    deals, before, dealer, opening = _finished(earlier)
    sheet = copy.deepcopy(before)  # the cached sheet stays as it was
    deal = replay(game.start_of_deal(number, dealer, opening, _totals(sheet)), game.done[-1])
    if not deal.is_over():
        raise GameError("unfinished deal")
    won = _add(sheet, deal)
    dealer, opening = next_deal_start(rules, deal, won)
    if sheet.over:  # the game ended with this deal: no deal may follow it
        raise GameError("after the game")
    return (*deals, deal), sheet, dealer, opening and has_opening_deal(rules)


def figures_estimated(rules: Rules) -> bool:
    """Whether the analysis behind hints and the review only estimates under these rules: the
    marriage family's search is bounded (issue 24, Decided 3) where the compiled core does
    not serve it (``analysis.core.backend``; with the core it is exact, issue 32). Every
    front end says so with its figures."""
    if rules.family != "huutopussi-marriage":
        return False
    from .analysis.core import backend

    return backend(rules) != "core"


def auction_reviewed(rules: Rules) -> bool:
    """Whether the bidding and the choice of trumps (seed-004 Huutopussi) or the bidding and
    the exchange (the marriage family) are weighed under these rules: where the compiled
    core serves them (a whole deal's search by the pure-Python solver takes minutes)."""
    if rules.family not in ("huutopussi", "huutopussi-marriage"):
        return False
    from .analysis.core import backend

    return backend(rules) == "core"


def weighed_phases(rules: Rules) -> tuple[Phase, ...]:
    """The phases whose decisions the auction's evaluation weighs under ``rules``: the
    bidding and the trumps (seed-004 Huutopussi); the bidding, the cards given and given
    back and the three-player discard (the marriage family)."""
    if rules.family == "huutopussi-marriage":
        return (Phase.BID, Phase.GIVE, Phase.RETURN, Phase.DISCARD)
    return (Phase.BID, Phase.TRUMP)


HINT_PILOT = 2
"""The deals that set a hint's jump bids (its first figures come quickly; the review's use
``analysis.auction.PILOT_DEALS``)."""
MARRIAGE_HINT_PILOT = 1
"""The same in the marriage family, whose searches take longer (each deal's candidates
need one search per declaring seat, each a second or so in the browser's worker)."""


@lru_cache(maxsize=8)
def _auction_work(game: Game) -> CallWork | MarriageWork:
    from .analysis.call_work import call_work
    from .analysis.view import SeatView

    deal = game.position().deal
    view = SeatView.of(deal, deal.to_act)
    return call_work(view, game.auction_seed(), pilot=HINT_PILOT, marriage_pilot=MARRIAGE_HINT_PILOT)


STOPPED_DEALS = 2
"""The fewest deals a call cut short by ``ReviewWork.stop`` is shown on: one deal has no
paired standard error, so every difference would read as a finding (issue 32, Decided 6)."""


def first_reviewed_trick(rules: Rules) -> int:
    """The first trick the review weighs: the first, where the compiled core serves the rules
    (``analysis.core.backend``: the whole deal is searched in a moment), else the last
    ``REVIEW_TRICKS``."""
    from .analysis.core import backend

    if backend(rules) == "core":
        return 1
    return max(1, rules.tricks_per_deal - REVIEW_TRICKS + 1)


class ReviewWork:
    """A seat's review of the deal in play, weighed one position at a time.

    ``positions`` are the seat's choices the review weighs (the history's indices: its
    cards, declarations, asks, answers and marriage leads, from ``first_reviewed_trick``
    on, wherever it had more than one legal action); ``step`` solves the next one, so that
    a front end can spread the work over slices between a reader's actions (the Play
    page's worker does); ``finish`` solves the rest. One solver serves every position, so
    the later ones reuse what the earlier searches stored. With ``auction_deals``
    (``auction_reviewed``), the seat's calls (``calls_at``: seed-004 Huutopussi's bids and
    trumps, the marriage family's bids and exchanges) are then weighed one piece at a time
    (``calls``, over that many deals each) and the deal's par worked out (``par``): the
    bidding's part, shown before the card play. ``Game.review_work`` shares one
    per game and seat (a lock keeps two threads from stepping it at once).

    >>> game = Game.new("guild", 7)
    >>> work = game.review_work(Seat.S)
    >>> work.total, work.complete, work.finish()
    (0, True, ())
    """

    def __init__(self, game: Game, seat: Seat, auction_deals: int = 0) -> None:
        pos = game.position()
        deal = pos.deal
        first = first_reviewed_trick(deal.rules)
        walk = deal.copy_start()
        positions = []
        for index, (who, act) in enumerate(deal.history):
            playing = not (isinstance(walk, AuctionDeal) and walk.hp_phase is not Phase.PLAY)
            if playing and who == seat and walk.trick_number >= first and len(walk.legal_actions()) > 1:
                positions.append(index)
            walk.push(act)
        self.positions: tuple[int, ...] = tuple(positions)
        self.items: list[ReviewItem] = []
        self.done = 0
        """How many of ``positions`` are solved."""
        self.calls_at: tuple[int, ...] = ()
        """The seat's calls weighed (their indices in the history): where ``auction_deals``
        and ``auction_reviewed``, every bid, pass, choice of trumps and (the marriage family)
        set of cards given, given back or put away it had a choice in."""
        self.calls: list[AuctionEvaluation] = []
        """The weighed calls' figures, in the order made."""
        self.par: tuple[Par | MarriagePar, ...] | None = None
        """The deal's open-card par, once worked out (only where calls are weighed):
        ``auction.par``'s, or in the marriage family ``marriage_par.marriage_par``'s."""
        self.auction_deals = auction_deals
        self.cut = False
        """Whether ``stop`` ended the bidding's part before every call was weighed on all its
        deals and the par worked out."""
        self.marriage = deal.rules.family == "huutopussi-marriage"
        """Whether the calls are the marriage family's (weighed by ``auction_marriage``, the par
        by ``marriage_par``)."""
        if auction_deals > 0 and auction_reviewed(deal.rules):
            from .analysis.auction import auction_decisions
            from .analysis.auction_marriage import marriage_auction_decisions

            decisions = marriage_auction_decisions(deal) if self.marriage else auction_decisions(deal)
            self.calls_at = tuple(i for i, who, _ in decisions if who == seat)
        self._seed = (game.seed, pos.number)
        self._deal = deal
        self._call_work: CallWork | MarriageWork | None = None
        self._par_work: ParWork | MarriageParWork | None = None
        self._history = tuple(deal.history)
        self._walk = deal.copy_start()
        self._solver: Any = None
        self._tries = 0
        """Slices spent on the position being solved (``step``'s node budget grows with them)."""
        self._lock = threading.Lock()

    @property
    def total(self) -> int:
        """How many positions the review weighs."""
        return len(self.positions)

    @property
    def cards_complete(self) -> bool:
        """Tell whether every position of the card play is solved."""
        return self.done >= len(self.positions)

    @property
    def auction_complete(self) -> bool:
        """Tell whether every call is weighed and the par worked out (or nothing is to be, or
        ``stop`` ended the work)."""
        if self.cut:
            return True
        if len(self.calls) < len(self.calls_at):
            return False
        return not self.calls_at or self.par is not None

    def stop(self) -> None:
        """Weigh no more of the bidding (a time limit is reached, as in a room): the call under
        way keeps the deals valued so far where they are at least ``STOPPED_DEALS`` (its
        figures say on how many), else it is left out; the calls not begun are left out, and
        so is the par if it is not worked out. ``cut`` tells whether anything was left short.
        The card play is untouched (``finish_cards``)."""
        with self._lock:
            if self.auction_complete:
                return
            if self._call_work is not None and self._call_work.deals >= STOPPED_DEALS:
                self.calls.append(self._call_work.result())
            self._call_work = None
            self._par_work = None
            self.calls_at = self.calls_at[: len(self.calls)]
            self.cut = True

    @property
    def complete(self) -> bool:
        """Tell whether the whole review is worked out."""
        return self.cards_complete and self.auction_complete

    def auction_progress(self) -> tuple[int, int]:
        """How far the bidding's part has got, in searches' worth of work: (done, total)."""
        if not self.calls_at:
            return 0, 0
        per_call = self.auction_deals
        total = per_call * len(self.calls_at) + 1
        done = per_call * len(self.calls)
        if self._call_work is not None and len(self.calls) < len(self.calls_at):
            done += min(self._call_work.deals, per_call - 1)
        return min(done + (self.par is not None), total), total

    def step(self, node_budget: int = 0) -> bool:
        """Do the next piece of the review; return whether it is complete: first the card
        play a position at a time, then each call one piece of its evaluation at a time
        (``analysis.auction.CallWork``), then the par one search at a time.

        ``node_budget`` (0: none) bounds the compiled core's work in this step: a position
        that needs more is left for the next step, which goes on from what the core's
        table keeps (its budget doubles every third try on one position, so each position
        is solved in the end however its table fares in between)."""
        with self._lock:
            if self.complete:
                return True
            if self.cards_complete:
                self._auction_step(node_budget)
                return self.complete
            return self._card_step(node_budget)

    def _auction_step(self, node_budget: int) -> None:
        from .analysis.auction import CallWork, ParWork, evaluation_seed
        from .analysis.auction_marriage import MarriageWork
        from .analysis.marriage_par import MarriageParWork
        from .analysis.objectives import SolveError
        from .analysis.sampler import ImpossibleConstraints
        from .analysis.view import SeatView

        if len(self.calls) < len(self.calls_at):
            if self._call_work is None:
                index = self.calls_at[len(self.calls)]
                walk = self._deal.copy_start()
                for _, act in self._history[:index]:
                    walk.push(act)
                seat, own = self._history[index]
                seed = evaluation_seed(self._seed[0], self._seed[1], index)
                view = SeatView.of(walk, seat)
                try:
                    kind = MarriageWork if self.marriage else CallWork
                    self._call_work = kind(view, seed, own, max_deals=self.auction_deals)
                except (SolveError, ImpossibleConstraints):  # nothing to weigh: the call is left out
                    self.calls_at = tuple(i for i in self.calls_at if i != index)
                    return
            try:
                if self._call_work.step(node_budget):
                    self.calls.append(self._call_work.result())
                    self._call_work = None
            except ImpossibleConstraints:  # no deal fits what the seat knew: the call is left out
                self.calls_at = tuple(i for i in self.calls_at if i != self.calls_at[len(self.calls)])
                self._call_work = None
            return
        if self._par_work is None:
            if self.marriage:
                from .marriage_trumps import MarriageTrumpDeal

                assert isinstance(self._deal, MarriageTrumpDeal)
                self._par_work = MarriageParWork(self._deal)
            else:
                assert isinstance(self._deal, HuutopussiDeal)
                self._par_work = ParWork(self._deal)
        work = self._par_work
        if work.step(node_budget):
            self.par = tuple(work.result())
            self._par_work = None

    def _card_step(self, node_budget: int) -> bool:
        from .analysis.core import SearchUnfinished
        from .analysis.solver import Solver

        index = self.positions[self.done]
        walk = self._walk
        while len(walk.history) < index:
            walk.push(self._history[len(walk.history)][1])
        if self._solver is None:
            self._solver = Solver(None, 100_000)
        act = self._history[index][1]
        budget = node_budget << (self._tries // 3) if node_budget > 0 else 0
        try:
            result = self._solver.solve(walk, node_budget=budget)
        except SearchUnfinished:
            self._tries += 1
            return False
        self._tries = 0
        value = result.values.get(act)
        if value is not None and result.best is not None and result.value - value > 0:
            loss = result.value - value
            self.items.append(ReviewItem(index, walk.trick_number, act, result.best, loss))
        self.done += 1
        if self.cards_complete:
            self._solver = None  # its table is not needed any more
        return self.complete

    def finish(self) -> tuple[ReviewItem, ...]:
        """Work out what is left; the seat's actions that cost points, in the order played."""
        while not self.step():
            pass
        return tuple(self.items)

    def finish_cards(self) -> tuple[ReviewItem, ...]:
        """Solve what is left of the card play only; its costly actions, in the order played."""
        while not self.cards_complete:
            self.step()
        return tuple(self.items)


_WORKS: OrderedDict[tuple[Game, Seat, str, int], ReviewWork] = OrderedDict()
_WORKS_LOCK = threading.Lock()
WORKS_KEPT = 8
"""The reviews kept (the last games asked about)."""


def _review_work(game: Game, seat: Seat, auction_deals: int = 0) -> ReviewWork:
    from .analysis.core import backend

    key = (game, seat, backend(game.rules), auction_deals)  # the backend decides the review's scope
    with _WORKS_LOCK:
        work = _WORKS.get(key)
        if work is not None:
            _WORKS.move_to_end(key)
            return work
    made = ReviewWork(game, seat, auction_deals)
    with _WORKS_LOCK:
        work = _WORKS.setdefault(key, made)
        while len(_WORKS) > WORKS_KEPT:
            _WORKS.popitem(last=False)
    return work


# ---------------------------------------------------------------------- a game kept live


class LiveGame:
    """A game kept in memory as it goes (a room server's): ``Game``'s course, with the deal
    in play held here and each action pushed on it.

    ``Game.position`` replays the deal in play for every new action, and its caches are
    shared by every game of the process; a room holds its game for hours, among many.
    Here an action costs one step of the engine. ``game`` is always the ``Game`` of the
    same course, so whatever else is wanted (hints, decisions, the review, the records)
    is asked of it.

    >>> live = LiveGame(Game.new("guild", 7))
    >>> live.push(live.deal.legal_actions()[0])
    >>> live.game.position().deal.history == live.deal.history
    True
    """

    game: Game
    deal: Deal
    """The deal in play (this object's own, changed by ``push``)."""

    def __init__(self, game: Game) -> None:
        self.reset(game)

    def reset(self, game: Game) -> None:
        """Go on from ``game`` instead (a take-back, a rewind, the next deal): replayed once."""
        self._start = game.position()
        self.game = game
        self.deal = game.fresh_deal()
        self._final: ScoreSheet | HuutopussiSheet | None = None

    @property
    def position(self) -> Position:
        """The game as ``Game.position`` gives it, with the deal held here (read only)."""
        start = self._start
        if self._final is None and self.deal.is_over():
            self._final = _final_sheet(start.rules, tuple(start.deals), self.deal, start.sheet)
        final = start.sheet if self._final is None else self._final
        return Position(
            start.rules, start.deals, start.sheet, final, self.deal, start.number, start.dealer, start.opening
        )

    def to_act(self) -> Seat | None:
        """The seat to act in the deal in play; ``None`` once it is over."""
        return None if self.deal.is_over() else self.deal.to_act

    def push(self, action: Action) -> None:
        """Push a legal action of the seat to act (``ValueError`` for any other)."""
        code = code_of(self.deal, action)
        self.deal.push(action)
        self.game = replace(self.game, actions=self.game.actions + code)

    def push_code(self, code: str) -> Action:
        """Push the action written as ``code`` (``GameError`` for a bad or illegal code)."""
        if len(code) != 2:
            raise GameError("action code")
        action = _action_at(self.deal, code, 0)
        self.deal.push(action)
        self.game = replace(self.game, actions=self.game.actions + code)
        return action

    def next_deal(self) -> bool:
        """Go on to the next deal; ``False`` when none follows the deal in play."""
        following = self.game.next_deal()
        if following is None:
            return False
        self.reset(following)
        return True


# ---------------------------------------------------------------------- the seats


@dataclass(frozen=True)
class Seating:
    """Who plays each seat of a game: a person (``None``) or a bot of a level of ``LEVELS``."""

    levels: tuple[tuple[Seat, str | None], ...]

    @classmethod
    def one_person(cls, rules: Rules, person: Seat, level: str) -> Seating:
        """One person at ``person`` and bots of ``level`` in the other seats (the Play page)."""
        return cls(tuple((s, None if s == person else level) for s in PLAYING_SEATS[rules.players]))

    def level_of(self, seat: Seat) -> str | None:
        """The level of the bot at ``seat``; ``None`` for a person."""
        return dict(self.levels).get(seat)

    def bot_to_act(self, game: Game) -> str | None:
        """The level of the bot to act in the game's deal in play; ``None`` when a person is to
        act or the deal is over."""
        seat = game.to_act()
        return None if seat is None else self.level_of(seat)
