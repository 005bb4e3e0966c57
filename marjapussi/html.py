r"""HTML views of cards and game objects: one renderer for the site, notebooks and widgets.

Every view is plain HTML with ``mp-`` classes; the site's stylesheet
(``docs/assets/marjapussi.css`` and ``widgets.css``) draws them. Text from outside (a
record's comment, a card typed by a reader) is always escaped, and no view holds a
script, an event handler, an inline style or a resource from elsewhere.

Rule names link to their paragraph on the site when a ``root`` is given: the widgets
pass ``"@root@"``, which the site hook and the browser runtime replace with the page's
relative path to the site root. Without a root (notebooks) a rule name is plain text
with its id. A link goes to the page of the rule family being played (``family``, a
``Rules.name``; see ``rule_ids.rule_url``): the views of a deal or a score take it from
their rules.

>>> print(cards_html("HK SA", "en").replace("><", ">\n<"))
<span class="mp-cards">
<span class="mp-card mp-red" data-card="HK">
<span aria-hidden="true">♥K</span>
<span class="mp-sr">king of hearts</span>
</span> <span class="mp-card mp-black" data-card="SA">
<span aria-hidden="true">♠A</span>
<span class="mp-sr">ace of spades</span>
</span>
</span>
>>> rule_link("must-beat", "en", root="@root@")
'<a class="mp-rule" href="@root@/en/rules/guild/#must-beat">Must beat</a>'
>>> rule_link("must-beat", "en", root="@root@", family="huutopussi")
'<a class="mp-rule" href="@root@/en/rules/huutopussi/#huutopussi-trump">Must beat</a>'
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Protocol

from .cards import Card, Pair, Rank, Seat, Suit, parse_cards
from .escaping import escape
from .i18n import (
    SYMBOLS,
    card_name,
    check_lang,
    describe_declaration,
    describe_step,
    describe_verdict,
    pair_name,
    pair_short,
    rule_name,
    ruleset_name,
    seat_name,
    seat_short,
    suit_name,
    t,
)
from .rule_ids import rule_url
from .web.texts import wt

if TYPE_CHECKING:
    from .deal import CardVerdict, Deal, Declaration
    from .rules import Rules
    from .scoring import DealScore, EraStep, ScoreSheet, ScoreStep

__all__ = [
    "ROOT",
    "action_attr",
    "card_html",
    "cards_html",
    "deal_html",
    "era_html",
    "hand_html",
    "hand_parts",
    "outcome_text",
    "rule_link",
    "score_html",
    "sheet_html",
    "sorted_hand",
    "steps_html",
    "suit_html",
    "table_html",
    "table_parts",
    "text_html",
    "trump_html",
    "verdicts_html",
]

ROOT = "@root@"
"""The placeholder for the site root in widget links (replaced by the hook and runtime)."""


class HasDeclarations(Protocol):
    """A deal, or one seat's view of it: anything that lists the declarations made so far
    under its rules."""

    @property
    def declarations(self) -> Sequence[Declaration]: ...

    @property
    def rules(self) -> Rules: ...


@lru_cache(maxsize=1024)
def card_html(card: Card, lang: str) -> str:
    """Draw one card as a small inline card, its suit symbol in red or black; a screen
    reader hears the card's name in ``lang`` instead of the symbol (``i18n.card_name``).
    Kept: a room server draws the same cards in view after view.

    >>> card_html(parse_cards("HK")[0], "fi")  # doctest: +NORMALIZE_WHITESPACE
    '<span class="mp-card mp-red" data-card="HK"><span aria-hidden="true">♥K</span><span
      class="mp-sr">herttakuningas</span></span>'
    """
    colour = "mp-red" if card.suit.is_red else "mp-black"
    return (
        f'<span class="mp-card {colour}" data-card="{card.code}"><span aria-hidden="true">'
        f'{escape(card.symbol)}</span><span class="mp-sr">{escape(card_name(card, lang))}</span></span>'
    )


def cards_html(cards: str | Iterable[Card], lang: str) -> str:
    """Draw several cards (a string such as ``"HK HQ"`` or an iterable of cards)."""
    parsed = parse_cards(cards) if isinstance(cards, str) else list(cards)
    return '<span class="mp-cards">' + " ".join(card_html(c, lang) for c in parsed) + "</span>"


@lru_cache(maxsize=1024)
def suit_html(suit: Suit, lang: str) -> str:
    """Draw a suit symbol in its colour; a screen reader hears the suit's name instead.

    >>> suit_html(Suit.HEARTS, "fi")  # doctest: +NORMALIZE_WHITESPACE
    '<span class="mp-suit mp-red"><span aria-hidden="true">♥</span><span
      class="mp-sr">hertta</span></span>'
    """
    colour = "mp-red" if suit.is_red else "mp-black"
    return (
        f'<span class="mp-suit {colour}"><span aria-hidden="true">{suit.symbol}</span>'
        f'<span class="mp-sr">{escape(suit_name(suit, lang))}</span></span>'
    )


def trump_html(suit: Suit | None, lang: str) -> str:
    """Name the trump suit in words, its symbol beside it for the eye only.

    >>> trump_html(Suit.SPADES, "fi")
    '<span class="mp-suit mp-black" aria-hidden="true">♠</span> pata'
    """
    if suit is None:
        return escape(t("label:none", lang))
    colour = "mp-red" if suit.is_red else "mp-black"
    name = escape(suit_name(suit, lang))
    return f'<span class="mp-suit {colour}" aria-hidden="true">{suit.symbol}</span> {name}'


@lru_cache(maxsize=8192)
def text_html(text: str, lang: str = "en") -> str:
    """Escape a plain text for HTML, drawing its cards and suits (``♥K``, ``♠``) as
    ``card_html`` and ``suit_html`` do: seen as symbols, heard by name (kept: the table's log
    says the same lines in view after view).

    >>> text_html("<b> ♣A", "en")  # doctest: +NORMALIZE_WHITESPACE
    '&lt;b&gt; <span class="mp-card mp-black" data-card="CA"><span aria-hidden="true">♣A</span><span
      class="mp-sr">ace of clubs</span></span>'
    """
    parts = []
    last = 0
    for match in SYMBOLS.finditer(text):
        parts.append(escape(text[last : match.start()]))
        suit = Suit.parse(match.group(1))
        if match.group(2) is None:
            parts.append(suit_html(suit, lang))
        else:
            parts.append(card_html(Card(suit, Rank.parse(match.group(2))), lang))
        last = match.end()
    parts.append(escape(text[last:]))
    return "".join(parts)


def action_attr(action: Mapping[str, Any]) -> str:
    """Write an action object as a ``data-action`` attribute (JSON, HTML-escaped).

    >>> action_attr({"type": "play", "card": "SA"})
    'data-action="{&quot;type&quot;:&quot;play&quot;,&quot;card&quot;:&quot;SA&quot;}"'
    """
    text = json.dumps(action, separators=(",", ":"), ensure_ascii=False)
    return f'data-action="{escape(text, quote=True)}"'


@lru_cache(maxsize=2048)
def rule_link(rule: str, lang: str, root: str | None = None, family: str | None = None) -> str:
    """Name a rule, linked to its paragraph on the site when ``root`` is given: on the page
    of the rule family ``family`` (a ``Rules.name``) when that page treats the rule."""
    name = escape(rule_name(rule, lang))
    if root is None:
        return f'<span class="mp-rule" data-rule="{escape(rule)}">{name}</span>'
    href = escape(f"{root}/{rule_url(rule, check_lang(lang), family)}", quote=True)
    return f'<a class="mp-rule" href="{href}">{name}</a>'


def sorted_hand(cards: Iterable[Card]) -> list[Card]:
    """Order a hand as players hold it: suits ♥ ♦ ♠ ♣, high cards first."""
    return sorted(cards, key=lambda c: (c.suit, -c.rank))


def hand_html(
    cards: Iterable[Card],
    lang: str = "en",
    actions: Mapping[str, Mapping[str, Any]] | None = None,
    label: str | None = None,
    marks: Mapping[str, str] | None = None,
) -> str:
    """Draw a hand as a list of cards; cards with an action become buttons.

    ``actions`` maps card codes to the action object a click sends; ``marks`` maps card
    codes to extra classes (``mp-allowed``, ``mp-barred``, ``mp-refused``, ``mp-picked``).
    A barred card (one the rules refuse, marked when the reader asked to see which cards
    may be played) has a button that says so to screen readers (``aria-disabled``) and
    stays focusable: pressed, it still sends its action, which is answered with the reason.

    >>> html = hand_html(parse_cards("SA S7"), "en", {"SA": {"type": "play", "card": "SA"}})
    >>> print(html.replace("><", ">\\n<").replace(" data-", "\\n  data-"))
    <ul class="mp-hand">
    <li>
    <button type="button" class="mp-card-button"
      data-action="{&quot;type&quot;:&quot;play&quot;,&quot;card&quot;:&quot;SA&quot;}"
      data-focus-key="card-SA">
    <span class="mp-card mp-black"
      data-card="SA">
    <span aria-hidden="true">♠A</span>
    <span class="mp-sr">ace of spades</span>
    </span>
    </button>
    </li>
    <li>
    <span class="mp-card mp-black"
      data-card="S7">
    <span aria-hidden="true">♠7</span>
    <span class="mp-sr">seven of spades</span>
    </span>
    </li>
    </ul>
    >>> 'aria-disabled="true"' in hand_html(parse_cards("SA"), "en", {"SA": {"type": "play", "card": "SA"}},
    ...                                     marks={"SA": "mp-barred mp-refused"})
    True
    """
    return "".join(hand_parts(cards, lang, actions, label, marks))


def hand_parts(
    cards: Iterable[Card],
    lang: str = "en",
    actions: Mapping[str, Mapping[str, Any]] | None = None,
    label: str | None = None,
    marks: Mapping[str, str] | None = None,
) -> list[str]:
    """``hand_html`` as its parts: the list's start, each card's item, the list's end (a room
    server sends the parts that changed: a refused card's mark changes one item, not the hand)."""
    label_attr = f' aria-label="{escape(label)}"' if label else ""
    parts = [f'<ul class="mp-hand"{label_attr}>']
    for card in sorted_hand(cards):
        extra = marks.get(card.code) if marks else None
        action = actions.get(card.code) if actions is not None else None
        parts.append(_hand_item(card, lang, None if action is None else _attr(action), extra))
    parts.append("</ul>")
    return parts


@lru_cache(maxsize=8192)
def _hand_item(card: Card, lang: str, attr: str | None, extra: str | None) -> str:
    """One card of ``hand_html``: drawn, a button when it has an action (``attr``: its
    ``data-action`` attribute), marked (kept: a hand is drawn again in view after view)."""
    drawn = card_html(card, lang)
    cls = f' class="{escape(extra)}"' if extra else ""
    if attr is not None:
        refused = ' aria-disabled="true"' if extra and "mp-barred" in extra.split() else ""
        drawn = (
            f'<button type="button" class="mp-card-button" {attr}'
            f' data-focus-key="card-{card.code}"{refused}>{drawn}</button>'
        )
    return f"<li{cls}>{drawn}</li>"


def _attr(action: Mapping[str, Any]) -> str:
    """``action_attr``, kept for an action of plain values (a card's: the same in every view)."""
    try:
        return _kept_attr(tuple(action.items()))
    except TypeError:  # a value that cannot be a key
        return action_attr(action)


@lru_cache(maxsize=4096)
def _kept_attr(items: tuple[tuple[str, Any], ...]) -> str:
    return action_attr(dict(items))


@lru_cache(maxsize=1024)
def _hidden_hand(count: int, lang: str) -> str:
    backs = '<span class="mp-card mp-back"></span>' * count
    text = escape(wt("hidden-cards", lang, n=count))
    return (
        f'<p class="mp-hidden-hand"><span aria-hidden="true">{backs}</span> '
        f'<span class="mp-sr">{text}</span></p>'
    )


def table_html(
    hands: Mapping[Seat, Sequence[Card] | int],
    trick: Sequence[tuple[Seat, Card]],
    lang: str = "en",
    **options: Any,
) -> str:
    """Draw the card table: four seats around it, partners opposite, the trick in the middle.

    ``hands`` maps seats to their cards, or to a number of face-down cards. A seat
    missing from ``hands`` is drawn without a hand. The ``options`` are those of
    ``table_parts`` (``to_act``, ``trump``, ``trick_number``, ``winner``, ``you``,
    ``actions``, ``marks``, ``names``): ``actions`` apply to the hand of
    ``to_act`` and ``marks`` to any card shown (see ``hand_html``). ``winner`` marks who took a finished
    trick; ``you`` marks the reader's seat; ``names`` adds who sits at a seat (plain text).

    >>> from marjapussi.cards import Seat
    >>> html = table_html({Seat.S: parse_cards("SA")}, [(Seat.N, parse_cards("SK")[0])], "en",
    ...                   to_act=Seat.E, trick_number=3)
    >>> "Trick 3" in html and 'mp-seat-E mp-to-act' in html
    True
    """
    return "".join(table_parts(hands, trick, lang, **options))


def table_parts(
    hands: Mapping[Seat, Sequence[Card] | int],
    trick: Sequence[tuple[Seat, Card]],
    lang: str = "en",
    *,
    to_act: Seat | None = None,
    trump: Suit | None = None,
    trick_number: int | None = None,
    winner: Seat | None = None,
    you: Seat | None = None,
    actions: Mapping[str, Mapping[str, Any]] | None = None,
    marks: Mapping[str, str] | None = None,
    names: Mapping[Seat, str] | None = None,
) -> list[str]:
    """``table_html`` as its parts in order (each seat's name, its hand, the trick...): a room
    server sends only the parts that changed since the view before."""
    lang = check_lang(lang)
    parts = [_table_head(lang)]
    for seat in Seat:
        player = names.get(seat, "") if names else ""
        parts.append(_seat_head(seat, lang, seat == to_act, seat == you, player))
        hand = hands.get(seat)
        if isinstance(hand, int):
            parts.append(_hidden_hand(hand, lang))
        elif hand is not None:
            acting = seat == to_act
            parts.extend(hand_parts(hand, lang, actions if acting else None, _hand_label(seat, lang), marks))
        parts.append("</div>")
    parts.extend(_trick_parts(tuple(trick), lang, trump, trick_number, winner))
    return parts


@lru_cache(maxsize=8)
def _table_head(lang: str) -> str:
    return f'<div class="mp-table" role="group" aria-label="{escape(wt("table", lang))}">'


@lru_cache(maxsize=64)
def _hand_label(seat: Seat, lang: str) -> str:
    return wt("hand-of", lang, seat=seat_name(seat, lang))


@lru_cache(maxsize=4096)
def _seat_head(seat: Seat, lang: str, to_act: bool, you: bool, player: str) -> str:
    """A seat of ``table_parts`` up to its hand: its name, who sits there, the badges (kept)."""
    classes = f"mp-seat mp-seat-{seat.name}"
    if to_act:
        classes += " mp-to-act"
    if you:
        classes += " mp-you"
    name = escape(seat_name(seat, lang))
    badges = ""
    if you:
        badges += f' <span class="mp-badge mp-badge-you">{escape(wt("you", lang))}</span>'
    if to_act:
        badges += f' <span class="mp-badge">{escape(t("label:to-act", lang))}</span>'
    if player:
        name += f' <span class="mp-player">{escape(player)}</span>'
    return f'<div class="{classes}"><p class="mp-seat-name">{name}{badges}</p>'


@lru_cache(maxsize=4096)
def _trick_parts(
    trick: tuple[tuple[Seat, Card], ...],
    lang: str,
    trump: Suit | None,
    trick_number: int | None,
    winner: Seat | None,
) -> tuple[str, ...]:
    """The middle of ``table_parts``: the trick's number, the trump, the cards played to it and
    who took it, as parts (kept: every view of the table shows the same)."""
    parts = ['<div class="mp-trick">']
    if trick_number is not None:
        parts.append(f'<p class="mp-trick-title">{escape(wt("trick-n", lang, n=trick_number))}</p>')
    parts.append(f'<p class="mp-trump">{escape(t("label:trump", lang))}: {trump_html(trump, lang)}</p>')
    if trick:
        parts.append('<ol class="mp-trick-cards">')
        for seat, card in trick:
            won = " mp-wins" if seat == winner else ""
            parts.append(
                f'<li class="mp-played mp-from-{seat.name}{won}">'
                f'<span class="mp-played-by">{escape(seat_name(seat, lang))}</span> '
                f"{card_html(card, lang)}</li>"
            )
        parts.append("</ol>")
        if winner is not None:
            parts.append(
                f'<p class="mp-trick-winner">'
                f"{escape(wt('takes-trick', lang, seat=seat_name(winner, lang)))}</p>"
            )
    else:
        parts.append(f'<p class="mp-trick-empty">{escape(wt("trick-empty", lang))}</p>')
    parts.append("</div></div>")
    return tuple(parts)


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def verdict_text(verdict: CardVerdict, lang: str, seat: Seat | None = None) -> str:
    """Say in a sentence why a card of ``seat`` is allowed or not (plain text, not escaped)."""
    return describe_verdict(verdict, lang, seat)


def verdicts_html(deal: Deal, lang: str = "en", root: str | None = None) -> str:
    """List each card of the hand to act: allowed or not, why, and the rule (linked).

    >>> from marjapussi import Deal
    >>> deal = Deal.from_text("N: CA C10 CK CQ CJ C9 C8 C7 C6 / E: SA S10 SK SQ SJ S9 S8 S7 S6 /"
    ...                       " S: HA H10 HK HQ HJ H9 H8 H7 H6 / W: DA D10 DK DQ DJ D9 D8 D7 D6")
    >>> html = verdicts_html(deal, "en")
    >>> html.count("mp-refused"), html.count("mp-allowed")
    (8, 1)
    """
    lang = check_lang(lang)
    caption = escape(wt("verdicts-caption", lang, seat=seat_name(deal.to_act, lang)))
    items = []
    for verdict in sorted(deal.explain(), key=lambda v: (v.card.suit, -v.card.rank)):
        cls = "mp-allowed" if verdict.allowed else "mp-refused"
        word = wt("verdict-allowed" if verdict.allowed else "verdict-refused", lang)
        rule = ""
        if verdict.rule is not None:
            rule = f" ({rule_link(verdict.rule, lang, root, deal.rules.name)})"
        items.append(
            f'<li class="{cls}">{card_html(verdict.card, lang)} <strong>{escape(word)}</strong>: '
            f"{text_html(verdict_text(verdict, lang, deal.to_act), lang)}{rule}</li>"
        )
    return (
        f'<div class="mp-verdicts"><p class="mp-verdicts-title">{caption}</p><ul>'
        + "".join(items)
        + "</ul></div>"
    )


def _pair_head(pair: Pair, lang: str) -> str:
    short = escape(pair_short(pair, lang))
    return f'<abbr title="{escape(pair_name(pair, lang))}">{short}</abbr>'


Side = Pair | Seat


def _side_head(side: Side, lang: str) -> str:
    """A column head for a scoring side: a pair, or a player of three-player Huutopussi."""
    if isinstance(side, Seat):
        name = seat_name(side, lang)
        return f'<abbr title="{escape(name)}">{escape(seat_short(side, lang))}</abbr>'
    return _pair_head(side, lang)


def _sides(count: int) -> tuple[Side, ...]:
    """The scoring sides in column order: NS and EW, or the three players N, E and S."""
    return (Seat.N, Seat.E, Seat.S) if count == 3 else (Pair.NS, Pair.EW)


def _points_cells(step: ScoreStep, sides: Sequence[Side] = (Pair.NS, Pair.EW)) -> str:
    cells = []
    for side in sides:
        mine = step.pair is not None and type(step.pair) is type(side) and step.pair == side
        value = str(step.points) if mine else ""
        if mine and step.points > 0:
            value = f"+{step.points}"
        cells.append(f'<td class="mp-num">{escape(value)}</td>')
    return "".join(cells)


def _rule_links(steps: Sequence[ScoreStep], lang: str, root: str | None, family: str | None) -> list[str]:
    """Each step's rule, named and linked at the rule's first step only ("" at the others)."""
    named: set[str] = set()
    links = []
    for step in steps:
        links.append("" if step.rule in named else rule_link(step.rule, lang, root, family))
        named.add(step.rule)
    return links


def steps_html(
    steps: Iterable[ScoreStep],
    lang: str = "en",
    root: str | None = None,
    totals: Sequence[int] | None = None,
    caption: str | None = None,
    family: str | None = None,
) -> str:
    """Show score working as a table: each step's rule (linked) and why, and the points per pair.

    A rule is named (and linked, on the page of the rule family ``family``) at its first
    step only: a deal that scores several steps under one rule links it once.

    >>> from marjapussi.scoring import ScoreStep
    >>> html = steps_html([ScoreStep("last-trick", Pair.NS, 1, {"seat": Seat.S})], "en")
    >>> '<th scope="col">Step</th>' in html, "+1" in html
    (True, True)
    """
    lang = check_lang(lang)
    steps = list(steps)
    three = (totals is not None and len(totals) == 3) or any(isinstance(s.pair, Seat) for s in steps)
    sides = _sides(3 if three else 2)
    cap = escape(caption if caption is not None else wt("score-caption", lang))
    head = (
        f'<thead><tr><th scope="col">{escape(wt("col-working", lang))}</th>'
        + "".join(f'<th scope="col" class="mp-num">{_side_head(side, lang)}</th>' for side in sides)
        + "</tr></thead>"
    )
    rows = []
    for step, link in zip(steps, _rule_links(steps, lang, root, family), strict=True):
        rule = f'<span class="mp-step-rule">{link}</span> ' if link else ""
        rows.append(
            f'<tr class="mp-step mp-step-{escape(step.rule)}"><td>'
            f"{rule}{escape(describe_step(step, lang))}</td>"
            f"{_points_cells(step, sides)}</tr>"
        )
    foot = ""
    if totals is not None:
        foot = (
            f'<tfoot><tr><th scope="row">{escape(wt("col-total", lang))}</th>'
            + "".join(f'<td class="mp-num">{total}</td>' for total in totals)
            + "</tr></tfoot>"
        )
    return (
        f'<div class="mp-table-wrap"><table class="mp-steps"><caption>{cap}</caption>{head}<tbody>'
        + "".join(rows)
        + f"</tbody>{foot}</table></div>"
    )


def score_html(score: DealScore, lang: str = "en", root: str | None = None) -> str:
    """Show a deal's score: what each pair took, then every step and the deal points.

    >>> from marjapussi import Deal
    >>> from marjapussi.randomplay import random_playout
    >>> import random
    >>> deal = random_playout(Deal.random(3), random.Random(3))
    >>> html = score_html(deal.result(), "fi")
    >>> "Matit" in html and "Yhteensä" in html
    True
    """
    lang = check_lang(lang)
    rows = [("col-tricks", score.tricks_won)]
    if score.rules.scoring == "guild":
        rows += [("col-matit", score.matit), ("col-pips", score.pips), ("col-aces", score.aces)]
    elif score.rules.scoring == "marriage":  # cards, the last trick and marriages together
        rows += [("col-collected", score.card_points)]
    else:
        rows += [("col-card-points", score.card_points)]
    sides = _sides(len(score.points))
    body = "".join(
        f'<tr><th scope="row">{escape(wt(key, lang))}</th>'
        + "".join(f'<td class="mp-num">{value}</td>' for value in values)
        + "</tr>"
        for key, values in rows
    )
    heads = "".join(f'<th scope="col">{_side_head(side, lang)}</th>' for side in sides)
    caption = wt("counts-caption" if len(sides) == 2 else "counts-caption-players", lang)  # three play alone
    counts = (
        f'<div class="mp-table-wrap"><table class="mp-counts"><caption>{escape(caption)}'
        f"</caption><thead><tr><td></td>{heads}</tr></thead><tbody>{body}</tbody></table></div>"
    )
    return (
        '<div class="mp-score">'
        + counts
        + steps_html(score.steps, lang, root, totals=score.points, family=score.rules.name)
        + "</div>"
    )


def _is_pagat(era: EraStep) -> bool:
    """Pagat has no erä: its steps carry the ``pagat-target`` rule, and a win ends the game."""
    return any(step.rule == "pagat-target" for step in era.steps)


def outcome_text(era: EraStep, lang: str = "en") -> str:
    """Say what a deal's erä step decided: a won erä (or game, in Pagat), a tie, a game lost
    to a third misplay, both pairs back from the target at once, or play goes on.

    >>> from marjapussi.scoring import apply_to_totals
    >>> from marjapussi.rules import GUILD
    >>> outcome_text(apply_to_totals(GUILD, (9, 10), (3, 2), (5, 4)), "en")
    'Both pairs ended the deal on the target at once: both go back to 7, and play goes on.'
    """
    if era.outcome == "won" and era.winner is not None:
        key = "game-winner" if _is_pagat(era) else "outcome-won"
        return wt(key, lang, pair=pair_name(era.winner, lang))
    if era.outcome == "tie":
        return wt("outcome-tie", lang)
    if era.outcome == "game-lost" and era.winner is not None:
        return wt("outcome-game-lost", lang, pair=pair_name(era.winner, lang))
    if era.both_back:
        return wt("outcome-both-back", lang, to=era.after[0])
    return wt("outcome-play-on-or-more" if era.target_or_more else "outcome-play-on", lang)


def _outcome_class(era: EraStep) -> str:
    return era.outcome or ("both-back" if era.both_back else "play-on")


def era_html(era: EraStep, lang: str = "en", root: str | None = None, family: str | None = None) -> str:
    """Show how one deal changed the erä totals: before, the deal, after, and every step
    (its rule linked on the page of the rule family ``family``).

    >>> from marjapussi.scoring import apply_to_totals
    >>> from marjapussi.rules import GUILD
    >>> html = era_html(apply_to_totals(GUILD, (9, 10), (3, 3), (5, 4)), "en")
    >>> "wins the erä" in html and "drops to 7" in html
    True
    """
    lang = check_lang(lang)
    head = (
        f'<thead><tr><th scope="col">{escape(wt("col-pair", lang))}</th>'
        f'<th scope="col">{escape(wt("col-before", lang))}</th>'
        f'<th scope="col">{escape(wt("col-deal", lang))}</th>'
        f'<th scope="col">{escape(wt("col-after", lang))}</th></tr></thead>'
    )
    body = "".join(
        f'<tr><th scope="row">{escape(pair_name(pair, lang))}</th><td class="mp-num">{era.before[pair]}</td>'
        f'<td class="mp-num">{era.points[pair]}</td>'
        f'<td class="mp-num"><strong>{era.after[pair]}</strong></td></tr>'
        for pair in Pair
    )
    table = (
        f'<div class="mp-table-wrap"><table class="mp-era">'
        f"<caption>{escape(wt('game-caption' if _is_pagat(era) else 'era-caption', lang))}</caption>"
        f"{head}<tbody>{body}</tbody></table></div>"
    )
    steps = "".join(
        f"<li>{escape(describe_step(step, lang))}{f' ({link})' if link else ''}</li>"
        for step, link in zip(era.steps, _rule_links(era.steps, lang, root, family), strict=True)
    )
    outcome = (
        f'<p class="mp-outcome mp-outcome-{escape(_outcome_class(era))}">'
        f"{escape(outcome_text(era, lang))}</p>"
    )
    return f'<div class="mp-era-view">{table}<ul class="mp-era-steps">{steps}</ul>{outcome}</div>'


def sheet_html(sheet: ScoreSheet, lang: str = "en", root: str | None = None) -> str:
    """Show a score sheet: each deal's points and the erä totals after it, erä wins, misplays.

    >>> from marjapussi.scoring import ScoreSheet
    >>> sheet = ScoreSheet()
    >>> _ = sheet.add((9, 1), (6, 3)); _ = sheet.add((3, 1), (5, 4))
    >>> html = sheet_html(sheet, "en")
    >>> html.count("<tr"), "North–South wins the erä." in html
    (5, True)
    """
    lang = check_lang(lang)
    ns, ew = _pair_head(Pair.NS, lang), _pair_head(Pair.EW, lang)
    pagat = sheet.rules.scoring == "pagat"
    totals = t("label:game-totals" if pagat else "label:totals", lang)
    # Two header rows, the pairs under each group, so that the sheet fits a 360-pixel phone.
    head = (
        '<colgroup><col></colgroup><colgroup span="2"></colgroup><colgroup span="2"></colgroup>'
        f'<thead><tr><th scope="col" rowspan="2">{escape(wt("col-row", lang))}</th>'
        f'<th scope="colgroup" colspan="2">{escape(t("label:deal-points", lang))}</th>'
        f'<th scope="colgroup" colspan="2">{escape(totals)}</th></tr>'
        f'<tr><th scope="col" class="mp-num">{ns}</th><th scope="col" class="mp-num">{ew}</th>'
        f'<th scope="col" class="mp-num">{ns}</th><th scope="col" class="mp-num">{ew}</th></tr></thead>'
    )
    rows = []
    for number, row in enumerate(sheet.rows, 1):
        rows.append(
            f'<tr><th scope="row">{number}</th><td class="mp-num">{row.points[0]}</td>'
            f'<td class="mp-num">{row.points[1]}</td><td class="mp-num">{row.era.after[0]}</td>'
            f'<td class="mp-num">{row.era.after[1]}</td></tr>'
        )
        # What the deal decided, on a line of its own under its numbers: inside the last
        # number's cell it widened that column past a phone's (and a projector's) width.
        if row.era.outcome is not None or row.era.both_back:
            rows.append(
                f'<tr class="mp-sheet-note"><td></td><td colspan="4" class="mp-outcome">'
                f"{escape(outcome_text(row.era, lang))}</td></tr>"
            )
    table = (
        f'<div class="mp-table-wrap"><table class="mp-sheet"><caption>{escape(wt("sheet-caption", lang))}'
        f"</caption>{head}<tbody>{''.join(rows)}</tbody></table></div>"
    )
    era_wins = f"{escape(wt('era-wins', lang))}: {ns} {sheet.era_wins[0]}, {ew} {sheet.era_wins[1]}"
    facts = [] if pagat else [era_wins]
    facts.append(f"{escape(wt('misplays', lang))}: {ns} {sheet.misplays[0]}, {ew} {sheet.misplays[1]}")
    if sheet.winner is not None:
        facts.append(escape(wt("game-winner", lang, pair=pair_name(sheet.winner, lang))))
    elif sheet.tied:
        facts.append(escape(wt("game-tied", lang)))
    items = "".join(f"<li>{f}</li>" for f in facts)
    return f'<div class="mp-sheet-view">{table}<ul class="mp-sheet-facts">{items}</ul></div>'


def declaration_rule(method: str, family: str) -> str:
    """The rule a declaration follows, by how it was made (``own``, ``whole``, ``half``), in
    a rule family (``Rules.family``): the marriage family has rules of its own.

    >>> declaration_rule("half", "guild"), declaration_rule("own", "huutopussi-marriage")
    ('ask-half', 'marriage-own')
    """
    if family == "huutopussi-marriage":
        return {"own": "marriage-own", "whole": "marriage-ask-whole", "half": "marriage-ask-half"}[method]
    return {"own": "declare-own", "whole": "ask-whole", "half": "ask-half"}[method]


def declarations_html(deal: HasDeclarations, lang: str = "en", root: str | None = None) -> str:
    """List the declarations and asks of a deal so far, with what they made and burned (a
    ``Deal``, or what one seat knows of it: ``analysis.view.SeatView``)."""
    lang = check_lang(lang)
    title = f'<p class="mp-list-title">{escape(wt("declarations", lang))}</p>'
    if not deal.declarations:
        return f'<div class="mp-declarations">{title}<p>{escape(wt("no-declarations", lang))}</p></div>'
    items = []
    for decl in deal.declarations:
        rule = declaration_rule(decl.method, deal.rules.family)
        items.append(
            f"<li>{escape(wt('trick-n', lang, n=decl.after_trick))}: "
            f"{escape(describe_declaration(decl, lang))}"
            f" ({rule_link(rule, lang, root, deal.rules.name)})</li>"
        )
    return f'<div class="mp-declarations">{title}<ul>{"".join(items)}</ul></div>'


def auction_html(deal: Deal, lang: str = "en", root: str | None = None, seat: Seat | None = None) -> str:
    """List a Huutopussi deal's calls (bids and passes), trumps, discards and marriages; as
    ``seat`` knows them when one is given (the cards of an exchange only to the bidder's pair).

    >>> from marjapussi import Seat, find_rules
    >>> from marjapussi.huutopussi import HuutopussiDeal
    >>> deal = HuutopussiDeal.random(4, find_rules("huutopussi"), dealer=Seat.W)
    >>> for call in ("bid 60", "pass", "pass", "pass", "trump S"):
    ...     _ = deal.play(call)
    >>> "60" in auction_html(deal, "fi") and "passi" in auction_html(deal, "fi")
    True
    """
    from .actions import Bid, Discard, Give, NameTrump, Pass, Play, Redeal, ReturnCards, SetContract
    from .i18n import t

    lang = check_lang(lang)
    calls = []
    extra = []
    for seat_of, action in deal.history:
        who = escape(seat_name(seat_of, lang))
        if isinstance(action, Bid):
            suit = f" {suit_html(action.suit, lang)}" if action.suit is not None else ""
            calls.append(f"<li>{who}: {action.points}{suit}</li>")
        elif isinstance(action, Pass):
            calls.append(f"<li>{who}: {escape(t('call:pass', lang))}</li>")
        elif isinstance(action, Redeal):
            calls.append(f"<li>{who}: {escape(t('act:redeal', lang))}</li>")
        elif isinstance(action, Discard):
            extra.append(
                f"<li>{who}: {escape(t('act:discard', lang, cards=''))}{cards_html(action.cards, lang)}</li>"
            )
        elif isinstance(action, (Give, ReturnCards)):
            key = "act:give" if isinstance(action, Give) else "act:return"
            if seat is None or seat in (seat_of, seat_of.partner):
                shown = cards_html(action.cards, lang)
                extra.append(f"<li>{who}: {escape(t(key, lang, cards=''))}{shown}</li>")
            else:  # face down: how many, not which
                hidden = "step-gives-hidden" if isinstance(action, Give) else "step-returns-hidden"
                said = wt(hidden, lang, seat=seat_name(seat_of, lang), count=len(action.cards))
                extra.append(f"<li>{escape(said)}</li>")
        elif isinstance(action, SetContract):
            extra.append(f"<li>{who}: {escape(t('label:contract', lang))} {action.points}</li>")
        elif isinstance(action, NameTrump) and action.suit is not None:
            extra.append(f"<li>{who}: {escape(t('label:trump', lang))} {trump_html(action.suit, lang)}</li>")
        elif isinstance(action, Play) and action.marriage:
            extra.append(
                f"<li>{who}: {escape(rule_name('marriage-on-lead', lang))} {card_html(action.card, lang)}"
                f" ({rule_link('marriage-on-lead', lang, root, deal.rules.name)})</li>"
            )
    rule = "bidding" if deal.rules.family == "huutopussi" else "auction-final-pass"
    title = f'<p class="mp-list-title">{rule_link(rule, lang, root, deal.rules.name)}</p>'
    return f'<div class="mp-auction">{title}<ol>{"".join(calls)}</ol><ul>{"".join(extra)}</ul></div>'


def tricks_html(deal: Deal, lang: str = "en") -> str:
    """List the finished tricks: number, the cards with who played them, and the winner."""
    lang = check_lang(lang)
    items = []
    for trick in deal.tricks:
        cards = " ".join(
            f'<span class="mp-played-by">{escape(seat_short(seat, lang))}</span> {card_html(card, lang)}'
            for seat, card in trick.plays
        )
        winner = escape(wt("takes-trick", lang, seat=seat_name(trick.winner, lang)))
        items.append(f"<li>{cards} — {winner}</li>")
    title = f'<p class="mp-list-title">{escape(wt("tricks-played", lang))}</p>'
    return f'<div class="mp-tricks">{title}<ol>{"".join(items)}</ol></div>'


def deal_html(deal: Deal, lang: str = "en", root: str | None = None) -> str:
    """Show a deal as it stands: the card table, the tricks, the declarations, then either
    what the player to act may play or, at the end, the score working.

    >>> from marjapussi import Deal
    >>> html = deal_html(Deal.random(5), "ru")
    >>> "Игровой стол" in html and "mp-to-act" in html
    True
    """
    lang = check_lang(lang)
    over = deal.is_over()
    current = deal.trick_cards
    last = deal.last_trick
    if not current and last is not None and over:
        trick, winner, number = last.plays, last.winner, last.number
    else:
        trick, winner, number = deal.table, None, deal.trick_number
    hands: dict[Seat, Sequence[Card] | int] = {seat: deal.hand(seat) for seat in Seat}
    parts = [
        '<div class="mp-deal">',
        f'<p class="mp-deal-rules">{escape(_capital(ruleset_name(deal.rules, lang)))}</p>',
        table_html(
            hands,
            trick,
            lang,
            to_act=None if over else deal.to_act,
            trump=deal.trump_suit,
            trick_number=number,
            winner=winner,
        ),
    ]
    if deal.rules.family != "marjapussi":
        parts.append(auction_html(deal, lang, root))
    if deal.tricks:
        parts.append(tricks_html(deal, lang))
    if deal.rules.family != "huutopussi":  # declarations after tricks (not marriages on lead)
        parts.append(declarations_html(deal, lang, root))
    if over:
        parts.append(score_html(deal.result(), lang, root))
    elif deal.pending is None:
        parts.append(verdicts_html(deal, lang, root))
    parts.append("</div>")
    return "".join(parts)
