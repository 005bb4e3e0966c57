"""The dispute widget's second way in: build the position by tapping cards.

Instead of pasting a record, the reader taps the hands together (a seat, then its
cards; for three-player Huutopussi also the talon), says who dealt and whether it was
the first deal of an erä, and then taps what was done so far: the Huutopussi bidding,
the discard and trump naming (with marriage trumps: the exchange's three cards each way
and the contract set between them), the cards of the player to act (every one of them, the
refused ones too, since the dispute may be about one) and the declarations, asks and
marriage leads. Everything but a card is offered exactly when the engine's
``legal_actions()`` offers it, after replaying what was built. What was built is written
as a game record (``format_record``) and checked by exactly the same code as a pasted
one, so the output is the same: every card with the duty that forced it, the broken
rule with its link, the score working.

The builder's part of the widget state, ``b``, holds ``rules`` (a key of ``RULESETS``),
``dealer`` and ``seat`` (``N``/``E``/``S``/``W``, or ``T`` for the talon; ``seat`` is the
hand being filled), ``first`` (the first deal of an erä, guild rules), ``hands`` (place →
card codes), ``acts`` (the actions so far, in record notation) and ``pick`` (the cards
picked for a three-player discard or a half of the exchange, not yet made).

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

from ..actions import Action, Bid, Discard, Give, NameTrump, Play, ReturnCards, SetContract, parse_action
from ..cards import Card, Seat, deck, parse_card, parse_cards
from ..deal import PLAYING_SEATS, Deal, Phase
from ..errors import CardParseError, IllegalAction, MarjapussiError
from ..escaping import escape
from ..html import card_html, sorted_hand
from ..huutopussi import AuctionDeal
from ..i18n import describe_action, seat_name, seat_short
from ..record import DealRecord, GameRecord, RecordedAction, format_record, replay
from ..rules import GUILD, PAGAT, PRESETS, Rules
from .common import BadInput, button, field_choice, require_dict
from .play_texts import pt
from .texts import wt

__all__ = ["RULES", "RULESETS", "apply", "check", "initial", "record_text", "salvage", "view"]

RULESETS: dict[str, Rules] = {
    "guild": GUILD,
    "pagat": PAGAT,
    "pagat-32": PAGAT.replace(deck_size=32),
    "pagat-28": PAGAT.replace(deck_size=28),
    "huutopussi": PRESETS["huutopussi"],
    "huutopussi3": PRESETS["huutopussi3"],
    "huutopussi-marriage": PRESETS["huutopussi-marriage"],
    "huutopussi-marriage3": PRESETS["huutopussi-marriage3"],
}
"""The rules a position can be built for: the Play page's families and pack sizes."""
PICKED: dict[Phase, type[Discard] | type[Give] | type[ReturnCards]] = {
    Phase.DISCARD: Discard,
    Phase.GIVE: Give,
    Phase.RETURN: ReturnCards,
}
"""The phases whose action is three cards of the hand, picked one by one, and that action."""
RULES = tuple(RULESETS)
SEATS = ("N", "E", "S", "W")
TALON = "T"
PLACES = (*SEATS, TALON)
MAX_ACTS = 90
"""More than a whole deal's bids, plays, declarations and asks."""
MAX_ACT = 40
BIDS_SHOWN = 6
"""The lowest bids offered as buttons; every other bid the engine offers is in a list."""


def initial() -> dict[str, Any]:
    """An empty builder: guild rules, North deals, the first deal of an erä."""
    return {
        "rules": "guild",
        "dealer": "N",
        "first": True,
        "seat": "N",
        "hands": {place: "" for place in PLACES},
        "acts": [],
        "pick": [],
    }


def _rules(b: Mapping[str, Any]) -> Rules:
    return RULESETS[str(b["rules"])]


def _seats(rules: Rules) -> tuple[str, ...]:
    return tuple(seat.name for seat in PLAYING_SEATS[rules.players])


def places(rules: Rules) -> tuple[str, ...]:
    """The hands to fill: the players' seats, and the talon for three players."""
    return _seats(rules) + ((TALON,) if rules.players == 3 else ())


def size_of(rules: Rules, place: str) -> int:
    """How many cards a place holds: a hand, or the talon's three."""
    return 3 if place == TALON else rules.hand_size


def hand_size(b: Mapping[str, Any]) -> int:
    return _rules(b).hand_size


def _hands(b: Mapping[str, Any]) -> dict[str, list[Card]]:
    raw = b["hands"]
    return {place: parse_cards(raw[place]) if raw.get(place) else [] for place in PLACES}


def complete(b: Mapping[str, Any]) -> bool:
    """Whether every hand (and the talon) holds its cards."""
    rules = _rules(b)
    hands = _hands(b)
    return all(len(hands[place]) == size_of(rules, place) for place in places(rules))


def _who(place: str, lang: str) -> str:
    return wt("db-talon", lang) if place == TALON else seat_name(Seat[place], lang)


def _short(place: str, lang: str) -> str:
    """A place's letter on a card of the pack: the seat's letter in the language, or the talon's."""
    return wt("db-letter-talon", lang) if place == TALON else seat_short(Seat[place], lang)


def check(value: Any) -> dict[str, Any]:
    """Check the builder's part of a state; raise ``BadInput`` if any field is wrong.

    The ``detail`` says what was wrong (``rules``, ``twice``, ``hand``, ``too-many``,
    ``not-offered`` …), for the message that ``dispute.recover`` gives.
    """
    data = require_dict(value)
    if data.get("rules") not in RULES:
        raise BadInput("bad-state", "rules")
    name = str(data["rules"])
    rules = RULESETS[name]
    dealer = field_choice(data.get("dealer"), _seats(rules))
    seat = field_choice(data.get("seat"), places(rules))
    first = data.get("first")
    if not isinstance(first, bool):
        raise BadInput("bad-state", "first")
    raw = require_dict(data.get("hands"))
    if not set(SEATS) <= set(raw) <= set(PLACES):
        raise BadInput("bad-state", "hands")
    pack = set(deck(rules.deck_size))
    seen: set[Card] = set()
    hands: dict[str, str] = {}
    for place in PLACES:
        text = raw.get(place, "")
        size = size_of(rules, place) if place in places(rules) else 0
        if not isinstance(text, str) or len(text) > 4 * max(size, 1):
            raise BadInput("bad-state", "hand")
        try:
            cards = parse_cards(text) if text.strip() else []
        except CardParseError as err:
            raise BadInput("bad-state", "hand") from err
        if seen & set(cards) or len(set(cards)) != len(cards):
            raise BadInput("bad-state", "twice")
        if len(cards) > size or not set(cards) <= pack:
            raise BadInput("bad-state", "hand")
        seen |= set(cards)
        hands[place] = " ".join(c.code for c in cards)
    acts = data.get("acts")
    if not isinstance(acts, list):
        raise BadInput("bad-state", "acts")
    if len(acts) > MAX_ACTS:
        raise BadInput("bad-state", "too-many")
    for act in acts:
        if not isinstance(act, str) or len(act) > MAX_ACT:
            raise BadInput("bad-state", "acts")
        try:
            parse_action(act)
        except CardParseError as err:
            raise BadInput("bad-state", "acts") from err
    pick = data.get("pick", [])
    if not isinstance(pick, list) or len(pick) > 3 or not all(isinstance(c, str) for c in pick):
        raise BadInput("bad-state", "pick")
    try:
        picked = [parse_card(c) for c in pick]
    except CardParseError as err:
        raise BadInput("bad-state", "pick") from err
    if len(set(picked)) != len(picked):
        raise BadInput("bad-state", "twice")
    checked = {
        "rules": name,
        "dealer": dealer,
        "first": first,
        "seat": seat,
        "hands": hands,
        "acts": list(acts),
        "pick": [c.code for c in picked],
    }
    if acts and not complete(checked):
        raise BadInput("bad-state", "acts")
    if picked:
        deal = _walk(checked)[0] if complete(checked) else None
        if (
            deal is None
            or deal.phase not in PICKED
            or not all(c in deal.hand(deal.to_act) for c in picked)
        ):
            raise BadInput("bad-state", "pick")
    elif acts:
        _walk(checked)
    return checked


def _record(b: Mapping[str, Any], acts: list[str]) -> GameRecord:
    rules = _rules(b)
    hands = _hands(b)
    seats = {Seat[name]: hands[name] for name in _seats(rules)}
    talon = hands[TALON] if rules.players == 3 else None
    opening = bool(b["first"]) if b["rules"] == "guild" else None
    number = 1 if b["first"] or rules.family != "marjapussi" else 2
    actions = [RecordedAction(parse_action(act)) for act in acts]
    deal = DealRecord(number, Seat[b["dealer"]], seats, opening, actions=actions, talon=talon)
    return GameRecord(rules, [], [deal])


def record_text(b: Mapping[str, Any]) -> str:
    """The record of what was built ('' while a hand is still short of cards)."""
    if not complete(b):
        return ""
    return format_record(_record(b, b["acts"]))


def _card_time(deal: Deal) -> bool:
    """Whether a tapped card is a play now (Huutopussi: not during the bidding, discard or exchange)."""
    return not isinstance(deal, AuctionDeal) or deal.hp_phase is Phase.PLAY


def _walk(b: Mapping[str, Any], lenient: bool = False) -> tuple[Deal, bool, int]:
    """Replay what was built: the deal, whether the last card was refused, and how many acts held.

    The start is the record's own (the same ``replay`` as a pasted record). Every act but a
    card must be one the engine offered; a card must be in the hand of the player to act,
    and only the last one may be against the rules. A forged list raises ``BadInput``
    (``not-offered``), or with ``lenient`` stops before the first act that does not hold.
    """
    try:
        deal = replay(_record(b, [])).last
    except MarjapussiError as err:
        raise BadInput("bad-state", "hand") from err
    acts = b["acts"]
    for index, text in enumerate(acts):
        act = parse_action(text)
        fault = deal.is_over()
        if not fault and isinstance(act, Play) and not act.marriage:
            fault = not _card_time(deal) or act.card not in deal.hand(deal.to_act)
            if not fault:
                try:
                    act = deal.check(act)
                except IllegalAction:
                    if index == len(acts) - 1:
                        return deal, True, index + 1
                    fault = True
        elif not fault:
            fault = act not in deal.legal_actions()
        if fault:
            if lenient:
                return deal, False, index
            raise BadInput("bad-state", "not-offered")
        deal.push(act)
    return deal, False, len(acts)


def _position(b: Mapping[str, Any]) -> tuple[Deal | None, bool]:
    """The deal after the plays so far, and whether the last one was refused."""
    if not complete(b):
        return None, False
    deal, refused, _ = _walk(b)
    return deal, refused


def salvage(value: Any) -> dict[str, Any]:
    """What holds of a damaged builder: the rules, the dealer, every card that fits, the acts up
    to the first that does not hold. The result passes ``check``."""
    data = value if isinstance(value, dict) else {}
    fresh = initial()
    name = data.get("rules")
    fresh["rules"] = name if isinstance(name, str) and name in RULES else "guild"
    rules = _rules(fresh)
    if data.get("dealer") in _seats(rules):
        fresh["dealer"] = data["dealer"]
    if isinstance(data.get("first"), bool):
        fresh["first"] = data["first"]
    found = data.get("hands")
    raw: dict[str, Any] = found if isinstance(found, dict) else {}
    pack = set(deck(rules.deck_size))
    seen: set[Card] = set()
    for place in places(rules):
        text = raw.get(place)
        kept: list[Card] = []
        for word in text.split()[: 4 * size_of(rules, place)] if isinstance(text, str) else []:
            try:
                card = parse_card(word)
            except CardParseError:
                continue
            if card in pack and card not in seen and len(kept) < size_of(rules, place):
                kept.append(card)
                seen.add(card)
        fresh["hands"][place] = " ".join(c.code for c in sorted_hand(kept))
    if data.get("seat") in places(rules):
        fresh["seat"] = data["seat"]
    listed = data.get("acts")
    acts: list[Any] = listed if isinstance(listed, list) else []
    if complete(fresh):
        good: list[str] = []
        for act in acts[:MAX_ACTS]:
            if not isinstance(act, str) or len(act) > MAX_ACT:
                break
            try:
                parse_action(act)
            except CardParseError:
                break
            good.append(act)
        fresh["acts"] = good
        held = _walk(fresh, lenient=True)[2]
        fresh["acts"] = good[:held]
    return check(fresh)


def _next_short(b: Mapping[str, Any], after: str) -> str:
    rules = _rules(b)
    hands = _hands(b)
    order = places(rules)
    at = order.index(after) if after in order else -1
    ring = order[at + 1 :] + order[: at + 1]
    return next((place for place in ring if len(hands[place]) < size_of(rules, place)), after)


def _joined(hands: Mapping[str, list[Card]]) -> dict[str, str]:
    return {place: " ".join(c.code for c in sorted_hand(cards)) for place, cards in hands.items()}


def _fresh(b: Mapping[str, Any]) -> dict[str, Any]:
    return {**b, "hands": dict(b["hands"]), "acts": list(b["acts"]), "pick": list(b.get("pick", []))}


def _change_rules(b: Mapping[str, Any], name: str) -> dict[str, Any]:
    """The builder under other rules: the cards that still fit stay where they were."""
    new = _fresh(b)
    new["rules"] = name
    rules = RULESETS[name]
    pack = set(deck(rules.deck_size))
    hands = _hands(b)
    kept = {place: [] for place in PLACES}  # type: dict[str, list[Card]]
    for place in places(rules):
        kept[place] = [c for c in hands[place] if c in pack][: size_of(rules, place)]
    new["hands"] = _joined(kept)
    new["acts"], new["pick"] = [], []
    if new["dealer"] not in _seats(rules):
        new["dealer"] = "N"
    if new["seat"] not in places(rules):
        new["seat"] = _next_short(new, places(rules)[-1])
    return new


def apply(b: dict[str, Any], action: Mapping[str, Any], lang: str) -> tuple[dict[str, Any], str]:
    """Apply a builder action (``b-...``); return the new builder and a sentence to announce."""
    kind = action.get("type")
    new = _fresh(b)
    rules = _rules(b)
    if kind == "b-rules":
        name = field_choice(action.get("rules"), RULES, "bad-action")
        return _change_rules(b, name), pt(f"rules:{name}", lang)
    if kind == "b-dealer":
        new["dealer"] = field_choice(action.get("seat"), _seats(rules), "bad-action")
        new["acts"], new["pick"] = [], []
        return new, wt("db-dealer-is", lang, seat=seat_name(Seat[new["dealer"]], lang))
    if kind == "b-first":
        new["first"] = not b["first"]
        new["acts"], new["pick"] = [], []
        return new, wt("db-first-yes" if new["first"] else "db-first-no", lang)
    if kind == "b-seat":
        new["seat"] = field_choice(action.get("seat"), places(rules), "bad-action")
        return new, _count_text(new, new["seat"], lang)
    if kind == "b-card":
        return _card(b, new, _card_of(action, rules), lang)
    if kind == "b-rest":
        hands = _hands(b)
        seat = b["seat"]
        size = size_of(rules, seat)
        placed = {c for cards in hands.values() for c in cards}
        rest = [c for c in deck(rules.deck_size) if c not in placed]
        if b["acts"] or not rest or len(rest) + len(hands[seat]) != size:
            key = "db-rest-no-talon" if seat == TALON else "db-rest-no"
            return new, wt(key, lang, seat=_who(seat, lang), n=size)
        new["hands"] = {**new["hands"], seat: " ".join(c.code for c in sorted_hand(hands[seat] + rest))}
        return new, wt("db-hands-done", lang)
    if kind == "b-play":
        return _play(b, new, action, lang)
    if kind == "b-pick":
        card = _card_of(action, rules)
        deal, refused = _position(b)
        if deal is None or refused or deal.phase not in PICKED or card not in deal.hand(deal.to_act):
            return new, wt("db-play-no", lang)
        if card.code in new["pick"]:
            new["pick"].remove(card.code)
        elif len(new["pick"]) < 3:
            new["pick"].append(card.code)
        else:
            return new, wt("db-pick-full", lang)
        return new, wt("db-picked", lang, card=card.symbol, n=len(new["pick"]))
    if kind == "b-discard":
        deal, refused = _position(b)
        picked = set(b.get("pick", []))
        chosen = None
        phase = None if deal is None or refused else deal.phase
        if deal is not None and phase in PICKED and len(picked) == 3:
            chosen = next(
                (
                    a
                    for a in deal.legal_actions()
                    if isinstance(a, PICKED[phase]) and {c.code for c in a.cards} == picked
                ),
                None,
            )
        if chosen is None:
            exchange = phase in PICKED and phase is not Phase.DISCARD
            return new, wt(f"db-pick-three:{phase}" if exchange else "db-pick-three", lang)
        new["acts"].append(str(chosen))
        new["pick"] = []
        return new, _capital(describe_action(chosen, lang)) + "."
    if kind == "b-undo":
        if not b["acts"]:
            return new, wt("db-nothing-to-undo", lang)
        new["acts"].pop()
        new["pick"] = []
        return new, wt("db-undone", lang)
    if kind == "b-clear":
        fresh = initial()
        fresh.update(rules=b["rules"], dealer=b["dealer"], first=b["first"])
        return fresh, wt("db-cleared", lang)
    raise BadInput("bad-action")


def _card_of(action: Mapping[str, Any], rules: Rules) -> Card:
    try:
        card = parse_card(str(action.get("card", "")))
    except CardParseError as err:
        raise BadInput("bad-action") from err
    if card not in deck(rules.deck_size):
        raise BadInput("bad-action")
    return card


def _card(b: Mapping[str, Any], new: dict[str, Any], card: Card, lang: str) -> tuple[dict[str, Any], str]:
    """A tap on a card of the pack: into the hand being filled, or out of it."""
    rules = _rules(b)
    if b["acts"]:
        return new, wt("db-hands-locked", lang)
    hands = _hands(b)
    seat = b["seat"]
    size = size_of(rules, seat)
    who = _who(seat, lang)
    if card in hands[seat]:
        hands[seat].remove(card)
        new["hands"] = _joined(hands)
        return new, wt(
            "db-card-out-talon" if seat == TALON else "db-card-out", lang, card=card.symbol, seat=who
        )
    if len(hands[seat]) >= size:
        return new, wt("db-talon-full" if seat == TALON else "db-hand-full", lang, seat=who, n=size)
    for cards in hands.values():
        if card in cards:
            cards.remove(card)
    hands[seat].append(card)
    new["hands"] = _joined(hands)
    said = wt("db-card-in", lang, card=card.symbol, seat=who, n=len(hands[seat]), size=size)
    if len(hands[seat]) == size:
        new["seat"] = _next_short(new, seat)
        if complete(new):
            said += " " + wt("db-hands-done", lang)
    return new, said


def _play(
    b: Mapping[str, Any], new: dict[str, Any], action: Mapping[str, Any], lang: str
) -> tuple[dict[str, Any], str]:
    """An action of the deal: a card (refused ones too), or what the engine offers now."""
    act = action.get("act")
    if not isinstance(act, str) or len(act) > MAX_ACT:
        raise BadInput("bad-action")
    try:
        parsed: Action = parse_action(act)
    except CardParseError as err:
        raise BadInput("bad-action") from err
    deal, refused = _position(b)
    if deal is None or refused or deal.is_over() or len(b["acts"]) >= MAX_ACTS:
        return new, wt("db-play-no", lang)
    if isinstance(parsed, Play) and not parsed.marriage:
        if not _card_time(deal):
            return new, wt("db-play-no", lang)
        if parsed.card not in deal.hand(deal.to_act):
            return new, wt("db-not-in-hand", lang, card=parsed.card.symbol, seat=seat_name(deal.to_act, lang))
    elif parsed not in deal.legal_actions():
        return new, wt("db-play-no", lang)
    new["acts"].append(str(parsed))
    new["pick"] = []
    return new, _capital(_label(parsed, lang)) + "."


def _label(act: Action, lang: str) -> str:
    if isinstance(act, Play) and act.marriage:
        return pt("btn-marriage-lead", lang, card=act.card.symbol)
    return describe_action(act, lang)


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _count_text(b: Mapping[str, Any], seat: str, lang: str) -> str:
    size = size_of(_rules(b), seat)
    return wt("db-count", lang, seat=_who(seat, lang), n=len(_hands(b)[seat]), size=size)


# ---------------------------------------------------------------------- view


def _choices(b: Mapping[str, Any], lang: str) -> str:
    rules = "".join(
        button(
            pt(f"rules:{name}", lang),
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
        for name in _seats(_rules(b))
    )
    parts = [
        f'<div class="mp-controls mp-db-rules" role="group" aria-label="{escape(wt("db-rules", lang))}">'
        f"{rules}</div>",
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
    rules = _rules(b)
    hands = _hands(b)
    holder = {c: place for place, cards in hands.items() for c in cards}
    tabs = "".join(
        button(
            f"{_who(name, lang)} {len(hands[name])}/{size_of(rules, name)}",
            {"type": "b-seat", "seat": name},
            f"b-seat-{name}",
            pressed=b["seat"] == name,
        )
        for name in places(rules)
    )
    seat = b["seat"]
    current = _who(seat, lang)
    rows = []
    pack = deck(rules.deck_size)
    for suit in sorted({c.suit for c in pack}):
        cells = []
        for card in sorted_hand(c for c in pack if c.suit == suit):
            owner = holder.get(card)
            # no aria-label: the card's spoken name, then whose it is, for screen readers only
            mark = ""
            if owner is not None and owner == seat:
                mark = f'<span class="mp-sr">: {escape(_who(owner, lang))}</span>'
            elif owner is not None:
                short = _short(owner, lang)
                mark = (
                    f' <span class="mp-db-owner" aria-hidden="true">{escape(short)}</span>'
                    f'<span class="mp-sr"> ({escape(_who(owner, lang))})</span>'
                )
            cls = "mp-card-button mp-db-card" + (" mp-db-taken" if owner and owner != seat else "")
            cells.append(
                f'<button type="button" class="{cls}" '
                f'data-action=\'{{"type":"b-card","card":"{card.code}"}}\' '
                f'data-focus-key="b-card-{card.code}" '
                f'aria-pressed="{"true" if owner == seat else "false"}">'
                f"{card_html(card, lang)}{mark}</button>"
            )
        rows.append(f'<div class="mp-db-suit">{"".join(cells)}</div>')
    placed = sum(len(cards) for cards in hands.values())
    tools = button(
        wt("db-rest", lang, seat=current),
        {"type": "b-rest"},
        "b-rest",
        disabled=len(pack) - placed + len(hands[seat]) != size_of(rules, seat) or placed == len(pack),
    )
    tools += button(wt("db-clear", lang), {"type": "b-clear"}, "b-clear")
    tap = wt("db-tap-talon", lang) if seat == TALON else wt("db-tap", lang, seat=current)
    return (
        f'<p class="mp-list-title">{escape(wt("db-hands-title", lang))}</p>'
        f'<div class="mp-controls mp-db-seats" role="group" aria-label="{escape(wt("db-hand-of", lang))}">'
        f"{tabs}</div>"
        f'<p class="mp-note">{escape(tap)}</p>'
        f'<div class="mp-db-grid" role="group" aria-label="{escape(wt("db-pack", lang))}">'
        f"{''.join(rows)}</div>"
        f'<div class="mp-controls">{tools}</div>'
    )


def _act_button(act: Action, lang: str) -> str:
    return button(
        _capital(_label(act, lang)),
        {"type": "b-play", "act": str(act)},
        f"b-play-{str(act).replace(' ', '-')}",
    )


def _bidding_html(deal: Deal, lang: str) -> list[str]:
    """The calls the engine offers: pass, a redeal, the lowest bids, and every other bid in a
    list; or, setting the contract (marriage trumps), the lowest contracts and the rest."""
    seat = seat_name(deal.to_act, lang)
    offered = deal.legal_actions()
    contract = deal.phase is Phase.CONTRACT
    kind = SetContract if contract else Bid
    bids = [a for a in offered if isinstance(a, kind)]
    calls = [a for a in offered if not isinstance(a, kind)]
    shown = "".join(_act_button(a, lang) for a in calls + bids[:BIDS_SHOWN])
    prompt = wt("db-to-contract" if contract else "db-to-call", lang, seat=seat)
    group = wt("db-contracts" if contract else "db-calls", lang)
    parts = [
        f'<p class="mp-note">{escape(prompt)}</p>',
        f'<div class="mp-controls mp-db-calls" role="group" aria-label="{escape(group)}">{shown}</div>',
    ]
    more = bids[BIDS_SHOWN:]
    if more:
        options = "".join(
            f'<option value="{escape(str(a))}">{escape(_capital(describe_action(a, lang)))}</option>'
            for a in more
        )
        other = wt("db-other-contract" if contract else "db-other-bid", lang)
        parts.append(
            f'<form class="mp-form mp-db-bid-form" data-action=\'{{"type":"b-play"}}\'>'
            f'<label class="mp-field">{escape(other)} '
            f'<select data-action-field="act" data-focus-key="b-bid-list">{options}</select></label>'
            f'<button type="submit" class="mp-button" data-focus-key="b-bid-other">'
            f"{escape(wt('db-contract-this' if contract else 'db-bid-this', lang))}</button></form>"
        )
    return parts


def _discard_html(b: Mapping[str, Any], deal: Deal, lang: str) -> list[str]:
    """The bidder's hand with the talon: pick three cards, then discard them; or a half of
    the exchange (marriage trumps): pick the three cards given or returned, then press."""
    seat = seat_name(deal.to_act, lang)
    pick = set(b.get("pick", []))
    cards = "".join(
        f'<button type="button" class="mp-card-button mp-db-card{" mp-picked" if card.code in pick else ""}" '
        f'data-action=\'{{"type":"b-pick","card":"{card.code}"}}\' data-focus-key="b-pick-{card.code}" '
        f'aria-pressed="{"true" if card.code in pick else "false"}">{card_html(card, lang)}</button>'
        for card in sorted_hand(deal.hand(deal.to_act))
    )
    phase = "" if deal.phase is Phase.DISCARD else f":{deal.phase}"
    label = wt(f"db-discard{phase}", lang, n=len(pick))
    go = button(label, {"type": "b-discard"}, "b-discard", disabled=len(pick) != 3)
    return [
        f'<p class="mp-note">{escape(wt(f"db-to-discard{phase}", lang, seat=seat))}</p>',
        f'<div class="mp-db-suit" role="group" '
        f'aria-label="{escape(wt("db-hand-of-seat", lang, seat=seat))}">{cards}</div>',
        f'<div class="mp-controls">{go}</div>',
    ]


def _cards_html(deal: Deal, lang: str) -> list[str]:
    """Every card of the player to act (the refused ones too) and what else the engine offers."""
    seat = seat_name(deal.to_act, lang)
    cards = "".join(
        f'<button type="button" class="mp-card-button mp-db-card" '
        f'data-action=\'{{"type":"b-play","act":"{card.code}"}}\' data-focus-key="b-play-{card.code}">'
        f"{card_html(card, lang)}</button>"
        for card in sorted_hand(deal.hand(deal.to_act))
    )
    others = "".join(
        _act_button(act, lang) for act in deal.legal_actions() if not isinstance(act, Play) or act.marriage
    )
    parts = [f'<p class="mp-note">{escape(wt("db-to-play", lang, seat=seat))}</p>']
    if cards:
        parts.append(
            f'<div class="mp-db-suit" role="group" '
            f'aria-label="{escape(wt("db-hand-of-seat", lang, seat=seat))}">{cards}</div>'
        )
    if others:
        parts.append(f'<div class="mp-controls">{others}</div>')
    return parts


def _plays_html(b: Mapping[str, Any], lang: str) -> str:
    deal, refused = _position(b)
    tools = button(wt("db-undo", lang), {"type": "b-undo"}, "b-undo", disabled=not b["acts"])
    tools += button(wt("db-clear", lang), {"type": "b-clear"}, "b-clear")
    parts = [f'<p class="mp-list-title">{escape(wt("db-plays-title", lang))}</p>']
    if refused:
        parts.append(f'<p class="mp-note">{escape(wt("db-refused-stop", lang))}</p>')
    elif deal is not None and not deal.is_over():
        if deal.phase in (Phase.BID, Phase.CONTRACT):
            parts += _bidding_html(deal, lang)
        elif deal.phase in PICKED:
            parts += _discard_html(b, deal, lang)
        elif deal.phase is Phase.TRUMP:
            seat = seat_name(deal.to_act, lang)
            names = "".join(_act_button(a, lang) for a in deal.legal_actions() if isinstance(a, NameTrump))
            parts.append(f'<p class="mp-note">{escape(wt("db-to-name", lang, seat=seat))}</p>')
            parts.append(f'<div class="mp-controls">{names}</div>')
        else:
            parts += _cards_html(deal, lang)
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
