"""The dispute widget's second way in: build the position by tapping cards.

Instead of pasting a record, the reader taps the four hands together (a seat, then its
cards), says who dealt and whether it was the first deal of an erä, and then taps the
plays so far: the cards of the player to act (every one of them, the refused ones too,
since the dispute may be about one) and the declarations and asks the rules allow at
that point. What was built is written as a game record (``format_record``) and checked
by exactly the same code as a pasted one, so the output is the same: every card with
the duty that forced it, the broken rule with its link, the score working.

The builder's part of the widget state, ``b``, holds ``rules`` (``guild`` or ``pagat``),
``dealer`` and ``seat`` (``N``/``E``/``S``/``W``; ``seat`` is the hand being filled),
``first`` (the first deal of an erä, guild rules), ``hands`` (seat → card codes) and
``acts`` (the actions so far, in record notation).

>>> b = initial()
>>> b, said = apply(b, {"type": "b-card", "card": "SA"}, "en")
>>> b["hands"]["N"], said
('SA', '♠A: North (1/9).')
>>> record_text(b)
''
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..actions import Play, parse_action
from ..cards import Card, Seat, deck, parse_card, parse_cards
from ..deal import Deal
from ..errors import CardParseError
from ..escaping import escape
from ..html import card_html, sorted_hand
from ..i18n import describe_action, ruleset_name, seat_name
from ..record import DealRecord, GameRecord, RecordedAction, format_record
from ..rules import Rules, find_rules
from .common import BadInput, button, field_choice, require_dict
from .texts import wt

__all__ = ["RULES", "apply", "check", "initial", "record_text", "view"]

RULES = ("guild", "pagat")
"""The rules a position can be built for (Huutopussi's bidding is pasted as a record)."""
SEATS = ("N", "E", "S", "W")
MAX_ACTS = 80
"""More than a whole deal's plays, declarations and asks."""


def initial() -> dict[str, Any]:
    """An empty builder: guild rules, North deals, the first deal of an erä."""
    return {
        "rules": "guild",
        "dealer": "N",
        "first": True,
        "seat": "N",
        "hands": {seat: "" for seat in SEATS},
        "acts": [],
    }


def _rules(b: Mapping[str, Any]) -> Rules:
    return find_rules(str(b["rules"]))


def hand_size(b: Mapping[str, Any]) -> int:
    return _rules(b).deck_size // 4


def _hands(b: Mapping[str, Any]) -> dict[str, list[Card]]:
    return {seat: parse_cards(b["hands"][seat]) if b["hands"][seat] else [] for seat in SEATS}


def complete(b: Mapping[str, Any]) -> bool:
    """Whether every hand holds its cards."""
    size = hand_size(b)
    return all(len(cards) == size for cards in _hands(b).values())


def check(value: Any) -> dict[str, Any]:
    """Check the builder's part of a state; raise ``BadInput`` if any field is wrong."""
    data = require_dict(value)
    rules = field_choice(data.get("rules"), RULES)
    dealer = field_choice(data.get("dealer"), SEATS)
    seat = field_choice(data.get("seat"), SEATS)
    first = data.get("first")
    if not isinstance(first, bool):
        raise BadInput("bad-state", "first")
    raw = require_dict(data.get("hands"))
    if set(raw) != set(SEATS):
        raise BadInput("bad-state", "hands")
    size = find_rules(rules).deck_size // 4
    pack = set(deck(find_rules(rules).deck_size))
    seen: set[Card] = set()
    hands: dict[str, str] = {}
    for name in SEATS:
        text = raw[name]
        if not isinstance(text, str) or len(text) > 3 * size + size:
            raise BadInput("bad-state", "hand")
        try:
            cards = parse_cards(text) if text.strip() else []
        except CardParseError as err:
            raise BadInput("bad-state", "hand") from err
        if len(cards) > size or seen & set(cards) or not set(cards) <= pack or len(set(cards)) != len(cards):
            raise BadInput("bad-state", "hand")
        seen |= set(cards)
        hands[name] = " ".join(c.code for c in cards)
    acts = data.get("acts")
    if not isinstance(acts, list) or len(acts) > MAX_ACTS:
        raise BadInput("bad-state", "acts")
    for act in acts:
        if not isinstance(act, str) or len(act) > 20:
            raise BadInput("bad-state", "acts")
        try:
            parse_action(act)
        except CardParseError as err:
            raise BadInput("bad-state", "acts") from err
    checked = {
        "rules": rules,
        "dealer": dealer,
        "first": first,
        "seat": seat,
        "hands": hands,
        "acts": list(acts),
    }
    if acts and not complete(checked):
        raise BadInput("bad-state", "acts")
    return checked


def record_text(b: Mapping[str, Any]) -> str:
    """The record of what was built ('' while a hand is still short of cards)."""
    if not complete(b):
        return ""
    rules = _rules(b)
    hands = {Seat[name]: cards for name, cards in _hands(b).items()}
    actions = [RecordedAction(parse_action(act)) for act in b["acts"]]
    opening = bool(b["first"]) if b["rules"] == "guild" else None
    deal = DealRecord(1 if b["first"] else 2, Seat[b["dealer"]], hands, opening, actions=actions)
    return format_record(GameRecord(rules, [], [deal]))


def _position(b: Mapping[str, Any]) -> tuple[Deal | None, bool]:
    """The deal after the plays so far, and whether the last one was refused."""
    from .dispute import examine

    outcome = examine(record_text(b))
    if outcome.error is not None:
        return None, True
    if outcome.replay is None or not outcome.replay.deals:
        return None, False
    return outcome.replay.last, False


def _next_short(b: Mapping[str, Any], after: str) -> str:
    size = hand_size(b)
    hands = _hands(b)
    order = SEATS[SEATS.index(after) + 1 :] + SEATS[: SEATS.index(after) + 1]
    return next((seat for seat in order if len(hands[seat]) < size), after)


def apply(b: dict[str, Any], action: Mapping[str, Any], lang: str) -> tuple[dict[str, Any], str]:
    """Apply a builder action (``b-...``); return the new builder and a sentence to announce."""
    kind = action.get("type")
    new = {**b, "hands": dict(b["hands"]), "acts": list(b["acts"])}
    size = hand_size(b)
    if kind == "b-rules":
        new["rules"] = field_choice(action.get("rules"), RULES, "bad-action")
        new["acts"] = []
        return new, ruleset_name(_rules(new), lang)
    if kind == "b-dealer":
        new["dealer"] = field_choice(action.get("seat"), SEATS, "bad-action")
        new["acts"] = []
        return new, wt("db-dealer-is", lang, seat=seat_name(Seat[new["dealer"]], lang))
    if kind == "b-first":
        new["first"] = not b["first"]
        new["acts"] = []
        return new, wt("db-first-yes" if new["first"] else "db-first-no", lang)
    if kind == "b-seat":
        new["seat"] = field_choice(action.get("seat"), SEATS, "bad-action")
        return new, _count_text(new, new["seat"], lang)
    if kind == "b-card":
        try:
            card = parse_card(str(action.get("card", "")))
        except CardParseError as err:
            raise BadInput("bad-action") from err
        if card not in deck(_rules(b).deck_size):
            raise BadInput("bad-action")
        if b["acts"]:
            return new, wt("db-hands-locked", lang)
        hands = _hands(b)
        seat = b["seat"]
        if card in hands[seat]:
            hands[seat].remove(card)
            new["hands"] = {s: " ".join(c.code for c in sorted_hand(cs)) for s, cs in hands.items()}
            return new, wt("db-card-out", lang, card=card.symbol, seat=seat_name(Seat[seat], lang))
        if len(hands[seat]) >= size:
            return new, wt("db-hand-full", lang, seat=seat_name(Seat[seat], lang), n=size)
        for cards in hands.values():
            if card in cards:
                cards.remove(card)
        hands[seat].append(card)
        new["hands"] = {s: " ".join(c.code for c in sorted_hand(cs)) for s, cs in hands.items()}
        said = wt(
            "db-card-in",
            lang,
            card=card.symbol,
            seat=seat_name(Seat[seat], lang),
            n=len(hands[seat]),
            size=size,
        )
        if len(hands[seat]) == size:
            new["seat"] = _next_short(new, seat)
            if complete(new):
                said += " " + wt("db-hands-done", lang)
        return new, said
    if kind == "b-rest":
        hands = _hands(b)
        seat = b["seat"]
        placed = {c for cards in hands.values() for c in cards}
        rest = [c for c in deck(_rules(b).deck_size) if c not in placed]
        if b["acts"] or not rest or len(rest) + len(hands[seat]) != size:
            return new, wt("db-rest-no", lang, seat=seat_name(Seat[seat], lang), n=size)
        new["hands"] = {**new["hands"], seat: " ".join(c.code for c in sorted_hand(hands[seat] + rest))}
        return new, wt("db-hands-done", lang)
    if kind == "b-play":
        act = action.get("act")
        if not isinstance(act, str) or len(act) > 20:
            raise BadInput("bad-action")
        deal, refused = _position(b)
        if deal is None or refused or deal.is_over() or len(b["acts"]) >= MAX_ACTS:
            return new, wt("db-play-no", lang)
        try:
            parsed = parse_action(act)
        except CardParseError as err:
            raise BadInput("bad-action") from err
        if isinstance(parsed, Play):
            if parsed.card not in deal.hand(deal.to_act):
                return new, wt(
                    "db-not-in-hand", lang, card=parsed.card.symbol, seat=seat_name(deal.to_act, lang)
                )
        elif parsed not in deal.legal_actions():
            return new, wt("db-play-no", lang)
        new["acts"].append(str(parsed))
        return new, _capital(describe_action(parsed, lang)) + "."
    if kind == "b-undo":
        if not b["acts"]:
            return new, wt("db-nothing-to-undo", lang)
        new["acts"].pop()
        return new, wt("db-undone", lang)
    if kind == "b-clear":
        fresh = initial()
        fresh.update(rules=b["rules"], dealer=b["dealer"], first=b["first"])
        return fresh, wt("db-cleared", lang)
    raise BadInput("bad-action")


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _count_text(b: Mapping[str, Any], seat: str, lang: str) -> str:
    return wt("db-count", lang, seat=seat_name(Seat[seat], lang), n=len(_hands(b)[seat]), size=hand_size(b))


# ---------------------------------------------------------------------- view


def _choices(b: Mapping[str, Any], lang: str) -> str:
    rules = "".join(
        button(
            _capital(ruleset_name(find_rules(name), lang)),
            {"type": "b-rules", "rules": name},
            f"b-rules-{name}",
            pressed=b["rules"] == name,
        )
        for name in RULES
    )
    dealers = "".join(
        button(
            seat_name(Seat[name], lang),
            {"type": "b-dealer", "seat": name},
            f"b-dealer-{name}",
            pressed=b["dealer"] == name,
        )
        for name in SEATS
    )
    parts = [
        f'<div class="mp-controls" role="group" aria-label="{escape(wt("db-rules", lang))}">{rules}</div>',
        f'<div class="mp-controls mp-db-dealer" role="group" aria-label="{escape(wt("db-dealer", lang))}">'
        f'<span class="mp-db-label" aria-hidden="true">{escape(wt("db-dealer", lang))}:</span>'
        f"{dealers}</div>",
    ]
    if b["rules"] == "guild":
        parts.append(
            '<div class="mp-controls">'
            + button(wt("db-first", lang), {"type": "b-first"}, "b-first", pressed=bool(b["first"]))
            + "</div>"
        )
    return "".join(parts)


def _hands_html(b: Mapping[str, Any], lang: str) -> str:
    hands = _hands(b)
    size = hand_size(b)
    holder = {c: seat for seat, cards in hands.items() for c in cards}
    tabs = "".join(
        button(
            f"{seat_name(Seat[name], lang)} {len(hands[name])}/{size}",
            {"type": "b-seat", "seat": name},
            f"b-seat-{name}",
            pressed=b["seat"] == name,
        )
        for name in SEATS
    )
    current = seat_name(Seat[b["seat"]], lang)
    rows = []
    pack = deck(_rules(b).deck_size)
    for suit in sorted({c.suit for c in pack}):
        cells = []
        for card in sorted_hand(c for c in pack if c.suit == suit):
            owner = holder.get(card)
            mark = (
                f'<span class="mp-db-owner" aria-hidden="true">{escape(owner)}</span>'
                if owner and owner != b["seat"]
                else ""
            )
            label = f"{card.symbol}: {seat_name(Seat[owner], lang)}" if owner else card.symbol
            cls = "mp-card-button mp-db-card" + (" mp-db-taken" if owner and owner != b["seat"] else "")
            cells.append(
                f'<button type="button" class="{cls}" '
                f'data-action=\'{{"type":"b-card","card":"{card.code}"}}\' '
                f'data-focus-key="b-card-{card.code}" '
                f'aria-pressed="{"true" if owner == b["seat"] else "false"}" '
                f'aria-label="{escape(label)}">{card_html(card)}{mark}</button>'
            )
        rows.append(f'<div class="mp-db-suit">{"".join(cells)}</div>')
    placed = sum(len(cards) for cards in hands.values())
    tools = button(
        wt("db-rest", lang, seat=current),
        {"type": "b-rest"},
        "b-rest",
        disabled=len(pack) - placed + len(hands[b["seat"]]) != size or placed == len(pack),
    )
    tools += button(wt("db-clear", lang), {"type": "b-clear"}, "b-clear")
    return (
        f'<p class="mp-list-title">{escape(wt("db-hands-title", lang))}</p>'
        f'<div class="mp-controls mp-db-seats" role="group" aria-label="{escape(wt("db-hand-of", lang))}">'
        f"{tabs}</div>"
        f'<p class="mp-note">{escape(wt("db-tap", lang, seat=current))}</p>'
        f'<div class="mp-db-grid" role="group" aria-label="{escape(wt("db-pack", lang))}">'
        f'{"".join(rows)}</div>'
        f'<div class="mp-controls">{tools}</div>'
    )


def _plays_html(b: Mapping[str, Any], lang: str) -> str:
    deal, refused = _position(b)
    tools = button(wt("db-undo", lang), {"type": "b-undo"}, "b-undo", disabled=not b["acts"])
    tools += button(wt("db-clear", lang), {"type": "b-clear"}, "b-clear")
    parts = [f'<p class="mp-list-title">{escape(wt("db-plays-title", lang))}</p>']
    if refused:
        parts.append(f'<p class="mp-note">{escape(wt("db-refused-stop", lang))}</p>')
    elif deal is not None and not deal.is_over():
        seat = deal.to_act
        cards = "".join(
            f'<button type="button" class="mp-card-button mp-db-card" '
            f'data-action=\'{{"type":"b-play","act":"{card.code}"}}\' data-focus-key="b-play-{card.code}" '
            f'aria-label="{escape(_capital(describe_action(Play(card), lang)))}">{card_html(card)}</button>'
            for card in sorted_hand(deal.hand(seat))
        )
        others = "".join(
            button(
                _capital(describe_action(act, lang)),
                {"type": "b-play", "act": str(act)},
                f"b-play-{str(act).replace(' ', '-')}",
            )
            for act in deal.legal_actions()
            if not isinstance(act, Play)
        )
        parts.append(f'<p class="mp-note">{escape(wt("db-to-play", lang, seat=seat_name(seat, lang)))}</p>')
        if cards:
            parts.append(
                f'<div class="mp-db-suit" role="group" '
                f'aria-label="{escape(wt("db-hand-of-seat", lang, seat=seat_name(seat, lang)))}">'
                f"{cards}</div>"
            )
        if others:
            parts.append(f'<div class="mp-controls">{others}</div>')
    parts.append(f'<div class="mp-controls">{tools}</div>')
    return "".join(parts)


def view(b: Mapping[str, Any], lang: str) -> str:
    """The builder's controls: the choices, then the hands or the plays so far."""
    parts = [f'<div class="mp-db">{_choices(b, lang)}']
    parts.append(_plays_html(b, lang) if complete(b) and b["acts"] else _hands_html(b, lang))
    if complete(b) and not b["acts"]:
        parts.append(_plays_html(b, lang))
    text = record_text(b)
    if text:
        parts.append(
            f'<details class="mp-db-record"><summary>{escape(wt("db-as-record", lang))}</summary>'
            f"<pre>{escape(text)}</pre></details>"
        )
    parts.append("</div>")
    return "".join(parts)
