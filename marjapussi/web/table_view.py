"""The card table as one seat sees it, drawn from what that seat knows.

Every piece here reads an ``analysis.view.SeatView`` (one definition of what a seat, or a
spectator, knows: its own hand, the cards played, the bidding, declarations, asks and
answers), never the deal itself, so a view cannot show what the seat does not see. The
Play widget (the reader against bots, in the browser) and the room server (people and
bots at one table, each phone showing its own seat) both draw their tables with it.

>>> from marjapussi import Deal, Seat
>>> from marjapussi.analysis.view import SeatView
>>> view = SeatView.of(Deal.random(5), Seat.S)
>>> html = table_part(view, "en", you=Seat.S)
>>> html.count('class="mp-hidden-hand"'), 'class="mp-hand"' in html
(3, True)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, Any, cast

from ..actions import (
    Action,
    Answer,
    AskHalf,
    AskWhole,
    Bid,
    Declare,
    Discard,
    Give,
    NameTrump,
    Pass,
    Play,
    Redeal,
    ReturnCards,
    SetContract,
)
from ..analysis.view import SeatView
from ..cards import Card, Seat, Suit, cards_of
from ..deal import PLAYING_SEATS, SIDES, Deal, Phase, Trick
from ..errors import IllegalAction, MarjapussiError
from ..escaping import escape
from ..game import figures_estimated, first_reviewed_trick
from ..html import ROOT, declarations_html, hand_html, rule_link, sheet_html, table_parts, text_html
from ..huutopussi import HuutopussiSheet
from ..i18n import (
    describe_action,
    describe_error,
    game_level_text,
    points_text,
    rule_name,
    seat_name,
    side_label,
)
from ..rules import Rules
from ..scoring import ScoreSheet
from .common import button
from .play_texts import pt
from .texts import wt

if TYPE_CHECKING:
    from ..analysis import Decision
    from ..analysis.auction import AuctionEvaluation, CallValue, Par
    from ..analysis.marriage_par import MarriagePar
    from ..game import Hint, ReviewItem

__all__ = [
    "BIDS_SHOWN",
    "DISCARD_SIZE",
    "action_buttons",
    "action_label",
    "after_action",
    "auction_busy_html",
    "auction_hint_text",
    "auction_line",
    "auction_review_html",
    "card_controls",
    "example_html",
    "exchange_part",
    "family_notes",
    "hint_text",
    "in_card_play",
    "log_label",
    "marriage_family_part",
    "offered",
    "other_bids",
    "pick_size",
    "progress_html",
    "reason_text",
    "recent_html",
    "recent_parts",
    "refusal_html",
    "review_busy_html",
    "review_html",
    "sheet_part",
    "symbols",
    "table_part",
    "table_part_list",
    "tricks_line",
    "trump_steps",
]

BIDS_SHOWN = 6
"""The lowest bids offered as buttons (the bidding moves in small steps)."""
DISCARD_SIZE = 3
"""The cards put away after taking the talon (three-player Huutopussi)."""
PICK_PHASES = (Phase.DISCARD, Phase.GIVE, Phase.RETURN)
"""The phases in which the seat picks cards from its hand before acting: the talon's
discard and both halves of the exchange (vaihto)."""


def pick_size(rules: Rules, phase: Phase) -> int:
    """How many cards the seat picks in a picking phase: three for the discard, the exchange's
    count (``exchange_count``) for the exchange."""
    return DISCARD_SIZE if phase is Phase.DISCARD else rules.exchange_count


def symbols(cards: Sequence[Card]) -> str:
    """Cards as their symbols, in the order given (``♥K ♥Q``)."""
    return " ".join(c.symbol for c in cards)


@lru_cache(maxsize=4096)
def log_label(action: Action, lang: str) -> str:
    """An action as the table log names it; a discard without its cards (they are hidden).
    Kept: every view of a room names the same actions again and again."""
    from ..analysis.review import action_label as card_label

    if isinstance(action, Bid):
        return pt("log-bid", lang, points=action.points) + (f" {action.suit.symbol}" if action.suit else "")
    if isinstance(action, Pass):
        return pt("log-pass", lang)
    if isinstance(action, NameTrump):
        return (
            pt("log-no-trump", lang)
            if action.suit is None
            else pt("log-trump", lang, suit=action.suit.symbol)
        )
    if isinstance(action, Discard):  # another player's discard is seen face down, without its cards
        return pt("log-discard", lang, n=len(action.cards) or DISCARD_SIZE)
    if isinstance(action, Redeal):
        return pt("log-redeal", lang)
    if isinstance(action, (Give, ReturnCards)):  # the exchange: known cards only to its two players
        key = "log-give" if isinstance(action, Give) else "log-return"
        said = pt(key, lang, n=len(action.cards) or DISCARD_SIZE)
        return said + (f": {symbols(action.cards)}" if action.cards else "")
    if isinstance(action, SetContract):
        return pt("log-contract", lang, points=action.points)
    return str(card_label(action, lang))


def action_label(action: Action, lang: str) -> str:
    """The words on the button of an action other than a card."""
    if isinstance(action, Pass):
        return pt("btn-pass", lang)
    if isinstance(action, Bid):
        return pt("btn-bid", lang, points=action.points) + (f" {action.suit.symbol}" if action.suit else "")
    if isinstance(action, Declare):
        return pt("btn-declare", lang, suit=action.suit.symbol)
    if isinstance(action, AskWhole):
        return pt("btn-ask-whole", lang)
    if isinstance(action, AskHalf):
        return pt("btn-ask-half", lang, suit=action.suit.symbol)
    if isinstance(action, Answer):
        return (
            pt("btn-answer-no", lang)
            if action.suit is None
            else pt("btn-answer", lang, suit=action.suit.symbol)
        )
    if isinstance(action, NameTrump):
        return (
            pt("btn-no-trump", lang)
            if action.suit is None
            else pt("btn-trump", lang, suit=action.suit.symbol)
        )
    if isinstance(action, Redeal):
        return pt("btn-redeal", lang)
    if isinstance(action, SetContract):
        return pt("btn-contract", lang, points=action.points)
    return describe_action(action, lang)


def offered(legal: Sequence[Action]) -> list[Action]:
    """The actions offered besides cards and picked cards (discards, the exchange): bids and
    contracts (the lowest as buttons, the rest in a list: ``other_bids``), then declarations,
    asks, answers, passes and trumps as buttons."""
    out: list[Action] = []
    bids: list[Action] = []
    for a in legal:
        if isinstance(a, (Play, Discard, Give, ReturnCards)):
            continue
        (bids if isinstance(a, (Bid, SetContract)) else out).append(a)
    return bids + out


def reason_text(seat: Seat, action: Action, decision: Decision, lang: str) -> str:
    """Why a bot took an action, in words: its seat, the action and the bot's own reasons."""
    why: str = decision.explain(lang)
    return pt("why-text", lang, seat=seat_name(seat, lang), what=log_label(action, lang), why=why)


def after_action(deal: Deal, lang: str, you: Seat | None = None) -> list[str]:
    """What a screen reader is told after an action, beyond the action itself, in order:
    who took the trick it finished, the deal's result once it is over, then "your turn"
    when the next action is ``you``'s (all of it public).

    >>> from marjapussi import Deal
    >>> deal = Deal.from_text("N: CA C10 CK CQ CJ C9 C8 C7 C6 / E: SA S10 SK SQ SJ S9 S8 S7 S6 /"
    ...                       " S: HA H10 HK HQ HJ H9 H8 H7 H6 / W: DA D10 DK DQ DJ D9 D8 D7 D6")
    >>> for call in ("CA", "S6", "H6"):
    ...     _ = deal.play(call)
    >>> after_action(deal, "en", you=Seat.N)
    []
    >>> _ = deal.play("D6")
    >>> after_action(deal, "en", you=Seat.N)
    ['North takes the trick.', 'Your turn.']
    """
    said = []
    last = deal.last_trick
    if deal.history and last is not None and not deal.trick_cards:
        seat, action = deal.history[-1]
        if isinstance(action, Play) and last.plays[-1] == (seat, action.card):
            said.append(wt("takes-trick", lang, seat=seat_name(last.winner, lang)) + ".")
    if deal.is_over():
        said.append(deal_result_text(deal, lang))
    elif you is not None and deal.to_act == you:
        said.append(pt("your-turn", lang))
    return said


def deal_result_text(deal: Deal, lang: str) -> str:
    """The end of a deal in one sentence: each side's deal points."""
    try:
        points = deal.result().points
    except MarjapussiError:  # a deal that ends without a score (a redeal): only that it is over
        return pt("deal-over", lang) + "."
    sides = ", ".join(
        pt("side-points", lang, side=side_label(deal.rules, i, lang), points=points_text(p, lang))
        for i, p in enumerate(points)
    )
    return pt("deal-result", lang, sides=sides)


def in_card_play(view: SeatView) -> bool:
    """Tell whether the deal waits for a card (not for a call, an answer, trumps or a discard)."""
    return view.phase is Phase.PLAY


def card_controls(
    view: SeatView, *, mark_legal: bool = False, pick: Sequence[str] = ()
) -> tuple[dict[str, dict[str, Any]], dict[str, str]]:
    """The actions of the seat's cards and their marks: each card plays when the deal waits
    for the seat's card (with ``mark_legal``, ``mp-allowed`` on the legal ones and
    ``mp-barred`` on the others, which ``html.hand_html`` marks ``aria-disabled``), or is
    picked for a discard (``mp-picked``)."""
    actions: dict[str, dict[str, Any]] = {}
    marks: dict[str, str] = {}
    if not view.legal or view.spectator:
        return actions, marks
    if in_card_play(view) and view.pending is None:
        allowed = {a.card.code for a in view.legal if isinstance(a, Play) and not a.marriage}
        for card in view.hand_cards:
            actions[card.code] = {"type": "play", "card": card.code}
            if mark_legal:
                marks[card.code] = "mp-allowed" if card.code in allowed else "mp-barred"
    elif view.phase in PICK_PHASES:
        for card in view.hand_cards:
            actions[card.code] = {"type": "pick", "card": card.code}
            if card.code in pick:
                marks[card.code] = "mp-picked"
    return actions, marks


def table_part(
    view: SeatView,
    lang: str,
    *,
    you: Seat | None,
    actions: Mapping[str, Mapping[str, Any]] | None = None,
    marks: Mapping[str, str] | None = None,
    shown: Mapping[Seat, int] | None = None,
    names: Mapping[Seat, str] | None = None,
) -> str:
    """The card table: the seat's own cards, the others face down (or, ``shown``, the hands of a
    room whose hands are open), the trick on the table, or the last one taken; ``names``:
    who sits where."""
    return "".join(
        table_part_list(view, lang, you=you, actions=actions, marks=marks, shown=shown, names=names)
    )


def table_part_list(
    view: SeatView,
    lang: str,
    *,
    you: Seat | None,
    actions: Mapping[str, Mapping[str, Any]] | None = None,
    marks: Mapping[str, str] | None = None,
    shown: Mapping[Seat, int] | None = None,
    names: Mapping[Seat, str] | None = None,
) -> list[str]:
    """``table_part`` as its parts in order (``html.table_parts``)."""
    over = view.phase is Phase.DONE
    hands: dict[Seat, list[Card] | int] = {}
    for seat in view.seats:
        if shown is not None and seat in shown:
            hands[seat] = cards_of(shown[seat])
        elif seat == view.seat and not view.spectator:
            hands[seat] = view.hand_cards
        else:
            hands[seat] = view.counts[seat]
    trick = list(view.trick)
    winner = None
    number: int | None = view.trick_number
    if not trick and view.tricks:
        leader, cards, winner = view.tricks[-1]
        number = len(view.tricks)
        trick = Trick(number, leader, cards, winner).plays
    if not (in_card_play(view) or view.tricks or trick):  # the bidding (or a redeal): no trick yet
        number = None
    return table_parts(
        hands,
        trick,
        lang,
        to_act=None if over else view.to_act,
        trump=None if view.trump < 0 else Suit(view.trump),
        trick_number=number,
        winner=winner,
        you=you,
        actions=actions or None,
        marks=marks or {},
        names=names,
    )


def refusal_html(
    err: IllegalAction, lang: str, rules: Rules, root: str | None = ROOT, said: str | None = None
) -> str:
    """Why a card was refused, with a link to its rule (named once) on the page of the rules
    played; with ``root`` None (no site to link to), the rule is named unlinked. ``said``: the
    refusal in words (``describe_error``'s, in ``lang``) when the caller has them already."""
    said = describe_error(err, lang) if said is None else said
    named = f" ({rule_name(err.rule, lang)})"
    for tail in (named + ".", named):  # the link below names the rule once
        if said.endswith(tail):
            said = said[: -len(tail)] + ("." if tail.endswith(".") else "")
            break
    return (
        f'<p class="mp-play-refused" data-rule="{escape(err.rule)}">{text_html(said, lang)} '
        f"({rule_link(err.rule, lang, root, rules.name)})</p>"
    )


def action_buttons(view: SeatView, lang: str, pick: Sequence[str] = ()) -> str:
    """The seat's buttons for what is not a card: calls, declarations, asks, answers, trumps,
    a marriage shown on lead, the discard; empty when the seat has nothing to do."""
    if not view.legal or view.spectator:
        return ""
    choices = offered(view.legal)
    bids = [a for a in choices if isinstance(a, (Bid, SetContract))]
    buttons = [
        button(action_label(a, lang), {"type": "act", "code": str(a)}, f"act-{a}")
        for a in bids[:BIDS_SHOWN] + choices[len(bids) :]
    ]
    if in_card_play(view) and view.pending is None:
        for lead in (a for a in view.legal if isinstance(a, Play) and a.marriage):
            text = pt("btn-marriage-lead", lang, card=lead.card.symbol)
            lead_action = {"type": "play", "card": lead.card.code, "marriage": True}
            buttons.append(button(text, lead_action, f"lead-{lead.card.code}"))
    if view.phase is Phase.DISCARD:
        buttons.append(
            button(
                pt("btn-discard", lang, n=len(pick)),
                {"type": "discard"},
                "discard",
                disabled=len(pick) != DISCARD_SIZE,
            )
        )
    elif view.phase in (Phase.GIVE, Phase.RETURN):
        size = pick_size(view.rules, view.phase)
        key = "btn-give" if view.phase is Phase.GIVE else "btn-return"
        buttons.append(
            button(
                pt(key, lang, n=len(pick), of=size),
                {"type": "discard"},
                "discard",
                disabled=len(pick) != size,
            )
        )
    if not buttons:
        return ""
    return (
        f'<div class="mp-controls mp-play-actions" role="group" '
        f'aria-label="{escape(pt("actions", lang))}">{"".join(buttons)}</div>'
    ) + other_bids(view.legal, lang)


def other_bids(legal: Sequence[Action], lang: str) -> str:
    """The bids or contracts above the lowest ones (``BIDS_SHOWN`` buttons), in a list with a
    button of its own: a player may jump as far as the rules allow."""
    bids = [a for a in legal if isinstance(a, (Bid, SetContract))]
    more = bids[BIDS_SHOWN:]
    if not more:
        return ""
    contract = isinstance(more[0], SetContract)
    options = "".join(
        f'<option value="{escape(str(a))}">{escape(action_label(a, lang))}</option>' for a in more
    )
    other = wt("db-other-contract" if contract else "db-other-bid", lang)
    press = wt("db-contract-this" if contract else "db-bid-this", lang)
    return (
        '<form class="mp-form mp-play-bid-form" data-action=\'{"type":"act"}\'>'
        f'<label class="mp-field">{escape(other)} '
        f'<select data-action-field="code" data-focus-key="bid-list">{options}</select></label>'
        f'<button type="submit" class="mp-button" data-focus-key="bid-other">{escape(press)}</button></form>'
    )


def _side_names(rules: Rules, lang: str) -> list[str]:
    n = 3 if rules.players == 3 else 2
    return [side_label(rules, i, lang) for i in range(n)]


def tricks_line(view: SeatView, lang: str) -> str:
    """The tricks each side has taken in the deal."""
    rules = view.rules
    sides = SIDES[rules.players]
    counts = [0] * (3 if rules.players == 3 else 2)
    for _, _, winner in view.tricks:
        counts[sides[winner]] += 1
    names = _side_names(rules, lang)
    text = ", ".join(f"{names[i]} {counts[i]}" for i in range(len(counts)))
    return f'<p class="mp-play-tricks">{escape(pt("tricks-taken", lang, tricks=text))}</p>'


def auction_line(view: SeatView, lang: str) -> str:
    """Huutopussi: who holds the highest bid while the bidding goes on, who won it once it is
    over; empty in Marjapussi."""
    if view.rules.family == "marjapussi":
        return ""
    if view.phase is Phase.BID:
        text = (
            pt("bidding-open", lang)
            if view.bidder is None
            else pt("bidding-high", lang, seat=seat_name(view.bidder, lang), bid=view.high_bid)
        )
    elif view.bidder is not None and not _contract(view):  # a set contract: said with the bid
        text = pt("contract", lang, seat=seat_name(view.bidder, lang), bid=view.high_bid)
    else:
        return ""
    return f'<p class="mp-play-contract">{escape(text)}</p>'


def _note(text: str, cls: str = "mp-play-note") -> str:
    return f'<p class="{cls}">{escape(text)}</p>'


def _contract(view: SeatView) -> int:
    """The contract the bidder set (the last ``SetContract`` in the history), else 0."""
    return next((a.points for _, a in reversed(view.history) if isinstance(a, SetContract)), 0)


def trump_steps(view: SeatView) -> list[tuple[Suit, int]]:
    """Huutopussi with marriage trumps: each suit that became trumps, with the trick it is
    trumps from (the trick after the one whose winner declared it)."""
    return [(d.suit, d.after_trick + 1) for d in view.declarations if d.suit is not None]


def family_notes(seen: SeatView, deal: Deal, lang: str) -> str:
    """The marriage family's notes for a seat's view of ``deal`` (empty for other families):
    the bidding's rules, the exchange, the talon shown then taken, the trumps in force, the
    chance to declare and what the asks barred. The bidding ban and the bars are public (the
    totals are on the sheet, the asks said aloud). The Play page and the rooms show them."""
    if deal.rules.family != "huutopussi-marriage":
        return ""
    from ..marriage_trumps import MarriageTrumpDeal  # loaded once such a deal is played

    assert isinstance(deal, MarriageTrumpDeal)
    banned = [s for s in PLAYING_SEATS[deal.rules.players] if deal.banned >> s & 1]
    return marriage_family_part(seen, lang, banned=banned, talon=deal.talon_shown, bars=deal.burned)


def marriage_family_part(
    view: SeatView,
    lang: str,
    *,
    banned: Sequence[Seat] = (),
    talon: int = 0,
    bars: int = 0,
) -> str:
    """What sets Huutopussi with marriage trumps apart, in words at the table: the rules of its
    bidding while it goes on (final passes, the forced opening, the highest bid, the bidding
    ban of ``banned``), the exchange or the talon shown then taken (``talon``), the contract,
    the trumps in force and since which trick, and the seat's chance to declare with what the
    asks have barred (``bars``: the deal's bar bits); empty in the other families."""
    from ..marriage_trumps import highest_bid

    rules = view.rules
    if rules.family != "huutopussi-marriage":
        return ""
    parts: list[str] = []
    phase = view.phase
    if phase is Phase.BID:
        parts.append(_note(pt("auction-final", lang, max=highest_bid(rules))))
        calls = [a for _, a in view.history if isinstance(a, (Bid, Pass))]
        if rules.forced_opening and not calls:
            parts.append(
                _note(pt("auction-forced", lang, seat=seat_name(view.to_act, lang), min=rules.min_bid))
            )
        if banned and rules.bid_ban != "off":
            seats = ", ".join(seat_name(s, lang) for s in banned)
            limit = pt("ban-limit:" + rules.bid_ban, lang)
            parts.append(_note(pt("auction-ban", lang, seats=seats, limit=limit, min=rules.min_bid)))
    bidder = view.bidder
    if bidder is not None and phase is not Phase.BID:
        partner = seat_name(bidder.partner, lang) if rules.players == 4 else ""
        who = seat_name(bidder, lang)
        n = rules.exchange_count
        if talon:
            parts.append(
                _note(pt("talon-shown", lang, seat=who, cards=symbols(cards_of(talon))), "mp-play-talon")
            )
        if phase is Phase.GIVE:
            key = "exchange-you-give" if view.to_act == view.seat and view.legal else "exchange-give"
            parts.append(_note(pt(key, lang, partner=partner, seat=who, n=n), "mp-play-phase"))
        elif phase is Phase.CONTRACT:
            top = highest_bid(rules)
            parts.append(
                _note(pt("exchange-contract", lang, seat=who, bid=view.high_bid, max=top), "mp-play-phase")
            )
        elif phase is Phase.RETURN:
            key = "exchange-you-return" if view.to_act == view.seat and view.legal else "exchange-return"
            parts.append(
                _note(
                    pt(key, lang, partner=partner, seat=partner if key.endswith("you-return") else who, n=n),
                    "mp-play-phase",
                )
            )
        elif phase is Phase.DISCARD:
            parts.append(_note(pt("exchange-discard", lang, seat=who), "mp-play-phase"))
        contract = _contract(view)
        if contract:
            parts.append(_note(pt("contract-set", lang, seat=who, bid=view.high_bid, contract=contract)))
        parts.append(exchange_part(view, lang))
    if phase in (Phase.PLAY, Phase.ANSWER) or (phase is Phase.DONE and view.tricks):
        steps = trump_steps(view)
        if not steps:
            key = "trump-none-done" if phase is Phase.DONE else "trump-none"
            parts.append(_note(pt(key, lang), "mp-play-trump"))
        else:
            suit, since = steps[-1]
            key = "trump-from" if since > view.trick_number and phase is not Phase.DONE else "trump-since"
            text = pt(key, lang, suit=suit.symbol, trick=since)
            if len(steps) > 1:
                history = ", ".join(pt("trump-step", lang, suit=s.symbol, trick=k) for s, k in steps[:-1])
                text += " " + pt("trump-was", lang, history=history)
            parts.append(_note(text, "mp-play-trump"))
    if view.window and view.legal and not view.spectator:
        key = "window-own-led" if rules.declare_right == "own-led" else "window-any"
        parts.append(_note(pt(key, lang)))
    if rules.players == 4 and not view.spectator and phase in (Phase.PLAY, Phase.ANSWER):
        seat = view.seat
        if view.burned == 0xF:
            parts.append(_note(pt("lock-own", lang)))
        if bars >> (16 + seat) & 1:
            parts.append(_note(pt("lock-whole", lang)))
        denied = [Suit(s).symbol for s in range(4) if bars >> (20 + seat.pair * 4 + s) & 1]
        if denied:
            parts.append(_note(pt("lock-denied", lang, suits=" ".join(denied))))
    return f'<div class="mp-play-family">{"".join(parts)}</div>' if parts else ""


def exchange_part(view: SeatView, lang: str) -> str:
    """What the seat knows of the exchange (vaihto): the bidder, the cards received and given
    back; his partner, the cards given and received back; the others, that it is hidden."""
    if view.rules.players != 4 or view.bidder is None or view.spectator:
        return ""
    given, returned = view.exchange
    if not given and not returned:
        done = any(isinstance(a, Give) for _, a in view.history)
        return _note(pt("exchange-hidden", lang)) if done else ""
    parts = []
    if view.seat == view.bidder:
        if given:
            parts.append(pt("exchange-got", lang, cards=symbols(cards_of(given))))
        if returned:
            parts.append(pt("exchange-you-back", lang, cards=symbols(cards_of(returned))))
    else:
        if given:
            parts.append(pt("exchange-gave", lang, cards=symbols(cards_of(given))))
        if returned:
            parts.append(pt("exchange-back", lang, cards=symbols(cards_of(returned))))
    return _note(" ".join(parts), "mp-play-exchange")


def declarations_part(view: SeatView, lang: str, root: str | None = ROOT) -> str:
    """The declarations and asks so far, as the seat knows them (Marjapussi; Huutopussi shows
    a marriage on the lead, in the log); their rules linked from ``root`` (None: unlinked)."""
    if view.rules.family == "huutopussi":
        return ""
    return declarations_html(view, lang, root)


def recent_html(view: SeatView, lang: str, count: int = 6) -> str:
    """The last few actions in words (bids, declarations and asks especially)."""
    return "".join(recent_parts(view, lang, count))


def recent_parts(view: SeatView, lang: str, count: int = 6) -> tuple[str, ...]:
    """``recent_html`` as its parts: the list's start, each action's item, the list's end (a
    room sends the parts that changed: after an action, only its item is new)."""
    items = [_recent_item(seat, act, lang) for seat, act in view.history[-count:]]
    if not items:
        return ()
    return (_recent_head(lang), *items, "</ol>")


@lru_cache(maxsize=8)
def _recent_head(lang: str) -> str:
    return f'<ol class="mp-play-log" aria-label="{escape(pt("log", lang))}">'


@lru_cache(maxsize=8192)
def _recent_item(seat: Seat, act: Action, lang: str) -> str:
    """One action of ``recent_html`` (kept: the next views say it again)."""
    said = pt("did", lang, seat=seat_name(seat, lang), what=log_label(act, lang))
    return f"<li>{text_html(said, lang)}</li>"


def sheet_part(
    sheet: ScoreSheet | HuutopussiSheet, rules: Rules, lang: str, root: str | None = ROOT
) -> str:
    """The game's score sheet: the site's erä sheet for Marjapussi, the running totals for
    Huutopussi; rule links from ``root`` (None: unlinked)."""
    if isinstance(sheet, ScoreSheet):  # Marjapussi: the site's one score-sheet renderer
        return f'<div class="mp-play-sheet">{sheet_html(sheet, lang, root)}</div>'
    names = _side_names(rules, lang)
    head = "".join(f'<th scope="col">{escape(n)}</th>' for n in names)
    rows = []
    for i, (points, _bidder) in enumerate(sheet.rows, 1):
        cells = "".join(f"<td>{p}</td>" for p in points)
        rows.append(f'<tr><th scope="row">{i}</th>{cells}</tr>')
    totals = "".join(f"<td><strong>{t}</strong></td>" for t in sheet.totals)
    note = ""
    if sheet.winner is not None:
        note = f'<p class="mp-play-over">{escape(pt("game-won", lang, side=names[sheet.winner]))}</p>'
    elif sheet.level:  # sides level past the target: another deal decides (judge_game)
        note = f'<p class="mp-play-over">{escape(game_level_text(sheet, lang))}</p>'
    return (
        f'<div class="mp-play-sheet"><table class="mp-sheet"><caption>{escape(pt("sheet", lang))}</caption>'
        f'<thead><tr><th scope="col">{escape(pt("deal-no", lang))}</th>{head}</tr></thead>'
        f'<tbody>{"".join(rows)}</tbody><tfoot><tr><th scope="row">{escape(pt("total", lang))}</th>'
        f"{totals}</tr></tfoot></table>{note}</div>"
    )


def hint_text(hint: Hint, lang: str) -> str:
    """A hint of the game model (``Game.hint``) in words: the duty that limits the cards, the
    suit to play, or the adviser's card with its reasons."""
    if hint.kind == "decision" and hint.decision is not None:
        decision = hint.decision
        said = pt("hint-card", lang, what=log_label(decision.action, lang), why=decision.explain(lang))
        return said + (" " + pt("estimate-note", lang) if hint.estimated else "")
    if hint.kind == "duty":
        shown = " ".join(s.symbol for s in hint.suits)
        return pt("hint-duty", lang, rule=rule_name(hint.rule, lang), suits=shown)
    if hint.kind == "suit":
        return pt("hint-suit", lang, suit=hint.suits[0].symbol)
    return pt("hint-think", lang)


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:]


def _balance(mean: float, lang: str) -> str:
    """What a call brings on average, in words: ahead of the others, or behind them."""
    points = abs(round(mean, 1)) + 0.0
    return pt("balance-ahead" if mean >= 0 else "balance-behind", lang, points=points)


def _call_label(call: Action, lang: str) -> str:
    """A weighed call in words: a bid or pass as the log says it, a set of cards of the
    exchange or the discard with its cards named (the log hides them)."""
    if isinstance(call, (Give, ReturnCards, Discard)):
        from ..analysis.review import action_label

        return action_label(call, lang)
    return log_label(call, lang)


def _made_texts(evaluation: AuctionEvaluation, lang: str) -> list[str]:
    """How often the reader's call and the best one are made, where they are bids or trumps."""
    from ..actions import Bid

    out = []
    shown = [evaluation.value_of(evaluation.own)] if evaluation.own is not None else []
    if evaluation.best.call != evaluation.own:
        shown.append(evaluation.best)
    for value in shown:
        if value.made is None:
            continue
        level = value.call.points if isinstance(value.call, Bid) else evaluation.bid_level
        out.append(
            pt("review-call-made", lang, call=_call_label(value.call, lang), bid=level, made=value.made,
               deals=evaluation.deals)
        )
    return out


def call_review_text(evaluation: AuctionEvaluation, lang: str) -> str:
    """One call of the reader's in the review, in words: the best, too close to call, or what
    it cost against the better call; and how often the calls are made."""
    own = evaluation.own
    assert own is not None
    mine = evaluation.value_of(own)
    best = evaluation.best
    n = evaluation.deals
    label = _call_label(own, lang)
    if own == best.call:
        said = pt("review-call-best", lang, call=label, balance=_balance(best.mean, lang), deals=n)
    elif mine.close:
        said = pt("review-call-close", lang, call=label, best=_call_label(best.call, lang), deals=n)
    else:
        loss = points_text(round(best.mean - mine.mean, 1) + 0.0, lang)
        better = _call_label(best.call, lang)
        said = pt("review-call-costs", lang, call=label, loss=loss, best=better, deals=n)
    return " ".join(_sentence(t) for t in [said, *_made_texts(evaluation, lang)])


def _example_text(value: CallValue, evaluation: AuctionEvaluation, lang: str) -> str:
    """What the call's side got in its example deal: what it collects against the bid and
    whether the bid is made, or (a call with no contract) how far ahead or behind it ends."""
    ex = value.example
    assert ex is not None
    level = value.call.points if isinstance(value.call, Bid) else evaluation.bid_level
    if ex.made is not None and ex.collected is not None:
        return pt("example-made" if ex.made else "example-failed", lang, points=ex.collected, bid=level)
    if ex.made is not None:  # the exchange: whether the contract is made, no count of points
        return pt("example-contract-made" if ex.made else "example-contract-failed", lang, bid=level)
    points = abs(round(ex.score, 1)) + 0.0
    key = "example-level" if points == 0 else "example-ahead" if ex.score > 0 else "example-behind"
    return pt(key, lang, call=_call_label(value.call, lang), points=points)


def example_html(value: CallValue, evaluation: AuctionEvaluation, rules: Rules, lang: str) -> str:
    """One call's example deal (issue 32, Decided 6: ``auction.Example``) behind a native
    disclosure: a ``<details>`` whose summary names the call, opened by a tap or by Enter or
    Space with no script, a screen reader hearing it as collapsed or expanded. Inside, one
    sentence on what the side got in that deal and the other seats' hands as dealt there
    (``hand_html``: each card seen as its symbol and heard by name), the talon too where
    three play. Empty where the call keeps no example."""
    ex = value.example
    if ex is None:
        return ""
    summary = pt("example-summary", lang, call=_call_label(value.call, lang))
    parts = [
        f'<details class="mp-play-example"><summary>{text_html(summary, lang)}</summary>',
        f"<p>{text_html(_example_text(value, evaluation, lang), lang)}</p>",
        f"<p>{escape(pt('example-hands', lang))}</p>",
    ]
    for seat in PLAYING_SEATS[rules.players]:
        if seat != evaluation.seat:
            name = wt("hand-of", lang, seat=seat_name(seat, lang))
            parts.append(f"<p>{escape(name)}</p>{hand_html(cards_of(ex.hands[seat]), lang)}")
    if ex.talon:
        parts.append(f"<p>{escape(pt('example-talon', lang))}</p>{hand_html(cards_of(ex.talon), lang)}")
    parts.append("</details>")
    return "".join(parts)


def auction_review_html(
    calls: Sequence[AuctionEvaluation],
    par: Sequence[Par | MarriagePar],
    deals: int,
    rules: Rules,
    lang: str,
    level: int = 4,
) -> str:
    """The review of the reader's bidding: the one sentence on how a call is weighed, each
    call in words (``call_review_text``) with its example deal a tap away (``example_html``)
    and the deal's open-card par for each side (``level``:
    the review's heading level, this part's one below). In the marriage family the part is
    the bidding's and the exchange's, and its par names no trumps (the marriages make them)."""
    h = level + 1
    kind = _auction_kind(rules)
    parts = [
        '<section class="mp-play-review-auction" data-auction="ready">',
        f"<h{h}>{escape(pt(f'review-{kind}-title', lang))}</h{h}>",
        f'<p class="mp-play-review-method">{escape(pt(f"review-{kind}-method", lang, deals=deals))}</p>',
    ]
    if calls:
        lis = "".join(
            f"<li>{text_html(call_review_text(e, lang), lang)}{_own_example(e, rules, lang)}</li>"
            for e in calls
        )
        parts.append(f'<ul class="mp-play-review-calls">{lis}</ul>')
    else:
        parts.append(f"<p>{escape(pt('review-auction-none', lang))}</p>")
    for p in par:
        side = side_label(rules, p.side, lang)
        if p.contract and kind == "exchange":  # the marriage family's: no trumps to name
            said = pt("review-par-marriage", lang, side=side, contract=p.contract,
                      seat=seat_name(p.seat, lang), points=p.collected)
        elif p.contract:
            said = pt("review-par", lang, side=side, contract=p.contract, seat=seat_name(p.seat, lang),
                      suit=cast("Par", p).trump.symbol, points=p.collected)
        else:
            said = pt("review-par-none", lang, side=side, points=p.collected)
        parts.append(f'<p class="mp-play-par">{text_html(said, lang)}</p>')
    parts.append("</section>")
    return "".join(parts)


def _own_example(evaluation: AuctionEvaluation, rules: Rules, lang: str) -> str:
    """The example deal of the reader's own call in the review (one per call reviewed)."""
    assert evaluation.own is not None
    return example_html(evaluation.value_of(evaluation.own), evaluation, rules, lang)


def _auction_kind(rules: Rules | None) -> str:
    """The words' key of the review's first part: the bidding (seed-004 Huutopussi), or the
    bidding and the exchange (the marriage family)."""
    return "exchange" if rules is not None and rules.family == "huutopussi-marriage" else "auction"


def auction_busy_html(done: int, total: int, lang: str, rules: Rules | None = None, level: int = 4) -> str:
    """The bidding's part of the review while it is being weighed, and how far it got
    (``rules``: its words, the marriage family's bidding and exchange; ``level``: the review's
    heading level, this part's one below)."""
    kind = _auction_kind(rules)
    busy = escape(pt(f"review-{kind}-busy", lang))
    h = level + 1
    return (
        '<section class="mp-play-review-auction" data-auction="busy">'
        f"<h{h}>{escape(pt(f'review-{kind}-title', lang))}</h{h}><p>{busy}</p>"
        f"{progress_html(done, total, busy)}</section>"
    )


def progress_html(done: int, total: int, label: str) -> str:
    """A progress bar of ``done`` out of ``total`` named ``label`` (already escaped)."""
    return (
        f'<progress class="mp-progress" max="{max(total, 1)}" value="{min(done, total)}" '
        f'aria-label="{label}"></progress>'
    )


def auction_hint_text(evaluation: AuctionEvaluation | None, lang: str, *, so_far: bool = False) -> str:
    """The hint during the bidding: the best call with its figures, the next best and how it
    compares, and how many deals the hint stands on (``None``: nothing is weighed yet).
    ``so_far``: the figures of a hint still weighing, said as such; on one deal they name no
    next best (one deal gives no standard error to compare by: issue 32, Decided 6)."""
    if evaluation is None:
        return pt("hint-auction-busy", lang, deals=0)
    best = evaluation.best
    key = "hint-exchange" if isinstance(best.call, (Give, ReturnCards, Discard)) else "hint-auction"
    said = [pt(key, lang, call=_call_label(best.call, lang), balance=_balance(best.mean, lang))]
    others = [v for v in evaluation.calls if v.call != best.call]
    if others and not (so_far and evaluation.deals < 2):
        second = max(others, key=lambda v: v.mean)
        if second.close:
            said.append(pt("hint-auction-close", lang, call=_call_label(second.call, lang)))
        else:
            loss = points_text(round(best.mean - second.mean, 1) + 0.0, lang)
            said.append(pt("hint-auction-next", lang, call=_call_label(second.call, lang), loss=loss))
    if best.made is not None:
        from ..actions import Bid

        level = best.call.points if isinstance(best.call, Bid) else evaluation.bid_level
        said.append(pt("review-call-made", lang, call=_call_label(best.call, lang), bid=level, made=best.made,
                       deals=evaluation.deals))
    said.append(pt("hint-auction-so-far" if so_far else "hint-auction-deals", lang, deals=evaluation.deals))
    return " ".join(said)


def review_html(
    items: Sequence[ReviewItem], rules: Rules, lang: str, auction: str = "", level: int = 4
) -> str:
    """The review of a seat's play in a finished deal (``Game.review``): the moves that cost
    points double-dummy, and the better ones; its scope said (the whole deal where the
    compiled core serves the rules, the last tricks elsewhere), and that its figures are
    estimates where they are (``figures_estimated``), on every page that draws it.
    ``auction``: the bidding's part (``auction_review_html`` or ``auction_busy_html``),
    shown first, before the card play; ``level``: the review's heading level (its parts' one
    below), for the page it is on."""
    from ..analysis.review import action_label

    note = pt("estimate-note", lang) if figures_estimated(rules) else ""
    first = first_reviewed_trick(rules)
    parts = [_review_head("ready", lang, level)]
    if auction:
        parts.append(auction)
    parts.append('<div class="mp-play-review-cards">')
    if auction:
        parts.append(f"<h{level + 1}>{escape(pt('review-cards-title', lang))}</h{level + 1}>")
    scope = pt("review-scope-all", lang) if first == 1 else pt("review-scope", lang, first=first)
    parts.append(f"<p>{escape(scope)}</p>")
    if note:
        parts.append(f'<p class="mp-play-estimate">{escape(note)}</p>')
    if not items:
        parts.append(f"<p>{escape(pt('review-clean', lang))}</p>")
    else:
        lis = []
        for _index, trick, act, better, loss in items:
            what = pt(
                "review-item",
                lang,
                trick=trick,
                what=action_label(act, lang),
                better=action_label(better, lang),
                loss=points_text(loss, lang),
            )
            lis.append(f"<li>{escape(what)}</li>")
        parts.append(f'<ul class="mp-play-review-list">{"".join(lis)}</ul>')
    parts.append("</div></div>")
    return "".join(parts)


def review_busy_html(done: int, total: int, lang: str, level: int = 4) -> str:
    """The review's place while it is being computed: what is going on, and how far it got
    (``level``: the review's heading level)."""
    busy = escape(pt("review-busy", lang))
    return (
        f'{_review_head("busy", lang, level)}<p class="mp-play-review-busy">{busy}</p>'
        f"{progress_html(done, total, busy)}</div>"
    )


def _review_head(stage: str, lang: str, level: int = 4) -> str:
    # The review takes the place (and the focus key) of the button that asked for it.
    return (
        f'<div class="mp-play-review" tabindex="-1" data-focus-key="review" data-review="{stage}">'
        f"<h{level}>{escape(pt('review-title', lang))}</h{level}>"
    )
