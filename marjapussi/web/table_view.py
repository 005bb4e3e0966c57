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
from typing import TYPE_CHECKING, Any

from ..actions import Action, Answer, AskHalf, AskWhole, Bid, Declare, Discard, NameTrump, Pass, Play, Redeal
from ..analysis.view import SeatView
from ..cards import Card, Seat, Suit, cards_of
from ..deal import SIDES, Phase, Trick
from ..errors import IllegalAction
from ..escaping import escape
from ..game import first_reviewed_trick
from ..html import ROOT, declarations_html, rule_link, sheet_html, table_html
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

if TYPE_CHECKING:
    from ..analysis import Decision
    from ..game import Hint, ReviewItem

__all__ = [
    "BIDS_SHOWN",
    "DISCARD_SIZE",
    "action_buttons",
    "action_label",
    "auction_line",
    "card_controls",
    "hint_text",
    "in_card_play",
    "log_label",
    "offered",
    "reason_text",
    "recent_html",
    "refusal_html",
    "review_busy_html",
    "review_html",
    "sheet_part",
    "table_part",
    "tricks_line",
]

BIDS_SHOWN = 6
"""The lowest bids offered as buttons (the bidding moves in small steps)."""
DISCARD_SIZE = 3
"""The cards put away after taking the talon (three-player Huutopussi)."""


def log_label(action: Action, lang: str) -> str:
    """An action as the table log names it; a discard without its cards (they are hidden)."""
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
    return describe_action(action, lang)


def offered(legal: Sequence[Action]) -> list[Action]:
    """The actions offered as buttons, cards and discards aside: declarations, asks, answers, the
    lowest bids, trumps."""
    out: list[Action] = []
    bids: list[Action] = []
    for a in legal:
        if isinstance(a, (Play, Discard)):
            continue
        if isinstance(a, Bid):
            if len(bids) < BIDS_SHOWN:
                bids.append(a)
            continue
        out.append(a)
    return bids + out


def reason_text(seat: Seat, action: Action, decision: Decision, lang: str) -> str:
    """Why a bot took an action, in words: its seat, the action and the bot's own reasons."""
    why: str = decision.explain(lang)
    return pt("why-text", lang, seat=seat_name(seat, lang), what=log_label(action, lang), why=why)


def in_card_play(view: SeatView) -> bool:
    """Tell whether the deal waits for a card (not for a call, an answer, trumps or a discard)."""
    return view.phase is Phase.PLAY


def card_controls(
    view: SeatView, *, mark_legal: bool = False, pick: Sequence[str] = ()
) -> tuple[dict[str, dict[str, Any]], dict[str, str]]:
    """The actions of the seat's cards and their marks: each card plays when the deal waits
    for the seat's card (``mp-allowed`` on the legal ones with ``mark_legal``), or is picked
    for a discard (``mp-picked``)."""
    actions: dict[str, dict[str, Any]] = {}
    marks: dict[str, str] = {}
    if not view.legal or view.spectator:
        return actions, marks
    if in_card_play(view) and view.pending is None:
        allowed = {a.card.code for a in view.legal if isinstance(a, Play) and not a.marriage}
        for card in view.hand_cards:
            actions[card.code] = {"type": "play", "card": card.code}
            if mark_legal and card.code in allowed:
                marks[card.code] = "mp-allowed"
    elif view.phase is Phase.DISCARD:
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
    return table_html(
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


def refusal_html(err: IllegalAction, lang: str, rules: Rules) -> str:
    """Why a card was refused, with a link to its rule (named once) on the page of the rules played."""
    said = describe_error(err, lang)
    named = f" ({rule_name(err.rule, lang)})"
    for tail in (named + ".", named):  # the link below names the rule once
        if said.endswith(tail):
            said = said[: -len(tail)] + ("." if tail.endswith(".") else "")
            break
    return (
        f'<p class="mp-play-refused" data-rule="{escape(err.rule)}">{escape(said)} '
        f"({rule_link(err.rule, lang, ROOT, rules.name)})</p>"
    )


def action_buttons(view: SeatView, lang: str, pick: Sequence[str] = ()) -> str:
    """The seat's buttons for what is not a card: calls, declarations, asks, answers, trumps,
    a marriage shown on lead, the discard; empty when the seat has nothing to do."""
    if not view.legal or view.spectator:
        return ""
    buttons = [
        button(action_label(a, lang), {"type": "act", "code": str(a)}, f"act-{a}")
        for a in offered(view.legal)
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
    if not buttons:
        return ""
    return (
        f'<div class="mp-controls mp-play-actions" role="group" '
        f'aria-label="{escape(pt("actions", lang))}">{"".join(buttons)}</div>'
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
    if view.rules.family != "huutopussi":
        return ""
    if view.phase is Phase.BID:
        text = (
            pt("bidding-open", lang)
            if view.bidder is None
            else pt("bidding-high", lang, seat=seat_name(view.bidder, lang), bid=view.high_bid)
        )
    elif view.bidder is not None:
        text = pt("contract", lang, seat=seat_name(view.bidder, lang), bid=view.high_bid)
    else:
        return ""
    return f'<p class="mp-play-contract">{escape(text)}</p>'


def declarations_part(view: SeatView, lang: str) -> str:
    """The declarations and asks so far, as the seat knows them (Marjapussi; Huutopussi shows
    a marriage on the lead, in the log)."""
    if view.rules.family == "huutopussi":
        return ""
    return declarations_html(view, lang, ROOT)


def recent_html(view: SeatView, lang: str, count: int = 6) -> str:
    """The last few actions in words (bids, declarations and asks especially)."""
    items = []
    for seat, act in view.history[-count:]:
        who = seat_name(seat, lang)
        items.append(f"<li>{escape(pt('did', lang, seat=who, what=log_label(act, lang)))}</li>")
    if not items:
        return ""
    return f'<ol class="mp-play-log" aria-label="{escape(pt("log", lang))}">{"".join(items)}</ol>'


def sheet_part(sheet: ScoreSheet | HuutopussiSheet, rules: Rules, lang: str) -> str:
    """The game's score sheet: the site's erä sheet for Marjapussi, the running totals for Huutopussi."""
    if isinstance(sheet, ScoreSheet):  # Marjapussi: the site's one score-sheet renderer
        return f'<div class="mp-play-sheet">{sheet_html(sheet, lang, ROOT)}</div>'
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
        return pt("hint-card", lang, what=log_label(decision.action, lang), why=decision.explain(lang))
    if hint.kind == "duty":
        shown = " ".join(s.symbol for s in hint.suits)
        return pt("hint-duty", lang, rule=rule_name(hint.rule, lang), suits=shown)
    if hint.kind == "suit":
        return pt("hint-suit", lang, suit=hint.suits[0].symbol)
    return pt("hint-think", lang)


def review_html(items: Sequence[ReviewItem], rules: Rules, lang: str) -> str:
    """The review of a seat's play in a finished deal (``Game.review``): the moves that cost
    points double-dummy, and the better ones; its scope said (the whole deal where the
    compiled core serves the rules, the last tricks elsewhere)."""
    from ..analysis.review import action_label

    first = first_reviewed_trick(rules)
    parts = [_review_head("ready", lang)]
    scope = pt("review-scope-all", lang) if first == 1 else pt("review-scope", lang, first=first)
    parts.append(f"<p>{escape(scope)}</p>")
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
    parts.append("</div>")
    return "".join(parts)


def review_busy_html(done: int, total: int, lang: str) -> str:
    """The review's place while it is being computed: what is going on, and how far it got."""
    busy = escape(pt("review-busy", lang))
    return (
        f'{_review_head("busy", lang)}<p class="mp-play-review-busy">{busy}</p>'
        f'<progress class="mp-progress" max="{max(total, 1)}" value="{min(done, total)}" '
        f'aria-label="{busy}"></progress></div>'
    )


def _review_head(stage: str, lang: str) -> str:
    # The review takes the place (and the focus key) of the button that asked for it.
    return (
        f'<div class="mp-play-review" tabindex="-1" data-focus-key="review" data-review="{stage}">'
        f"<h4>{escape(pt('review-title', lang))}</h4>"
    )
