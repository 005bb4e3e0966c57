"""Turn the engine's data (rule ids, verdicts, errors, score steps) into sentences.

>>> from marjapussi.cards import Seat
>>> rule_name("must-beat", "fi"), rule_name("must-beat", "ru")
('Ylimenopakko', 'Обязанность перебить')
>>> seat_name(Seat.W, "en")
'West'
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from .cards import Card, Pair, Rank, Seat, Suit
from .marriage_messages import MARRIAGE_EXPECTED
from .messages import CATALOGUE, LANGUAGES
from .outside_text import excerpt
from .plurals import count_text, fill

if TYPE_CHECKING:
    from .deal import CardVerdict, Declaration
    from .errors import MarjapussiError
    from .scoring import ScoreStep

__all__ = [
    "LANGUAGES",
    "card_name",
    "check_lang",
    "count_text",
    "describe_action",
    "describe_declaration",
    "describe_error",
    "describe_step",
    "describe_verdict",
    "display_language",
    "fill",
    "game_level_text",
    "holder_name",
    "is_named_rule",
    "names_text",
    "pair_name",
    "pair_short",
    "points_text",
    "rule_name",
    "ruleset_name",
    "seat_name",
    "seat_short",
    "set_display_language",
    "side_code",
    "side_label",
    "spoken",
    "suit_name",
    "switch_text",
    "t",
]


_DISPLAY = {"lang": "en"}


def set_display_language(lang: str) -> None:
    """Choose the language of ``_repr_html_`` views in notebooks (fi, en or ru)."""
    _DISPLAY["lang"] = check_lang(lang)


def display_language() -> str:
    """The language ``_repr_html_`` views use (``set_display_language``)."""
    return _DISPLAY["lang"]


def check_lang(lang: str) -> str:
    """Return ``lang`` if it is one of fi, en, ru; else English."""
    return lang if lang in LANGUAGES else "en"


def t(key: str, lang: str = "en", **params: Any) -> str:
    """Look up a message and fill it in (``plurals.fill``). Unknown keys raise ``KeyError``."""
    entry = CATALOGUE[key]
    lang = check_lang(lang)
    return fill(entry.get(lang) or entry["en"], lang, **params)


def points_text(n: float, lang: str = "en") -> str:
    """A number of points with the noun in the right form: 1 point, 2 pistettä, 5 очков.

    >>> points_text(1, "en"), points_text(3, "fi"), points_text(2, "ru"), points_text(11, "ru")
    ('1 point', '3 pistettä', '2 очка', '11 очков')
    >>> points_text(1.5, "fi"), points_text(1.5, "ru")
    ('1,5 pistettä', '1,5 очка')
    """
    return count_text(n, "points", check_lang(lang))


def rule_name(rule: str, lang: str = "en") -> str:
    """The short name of a rule id in a language (the id itself if it has none)."""
    key = f"rule:{rule}"
    return t(key, lang) if key in CATALOGUE else rule


def is_named_rule(rule: str | None) -> bool:
    """Whether a refusal's code is a rule of the game with a name (and a paragraph) for
    readers: ``follow-suit`` is; ``not-in-hand`` and ``deal-over`` are not, and are never
    shown as a rule.

    >>> is_named_rule("follow-suit"), is_named_rule("not-in-hand"), is_named_rule(None)
    (True, False, False)
    """
    return rule is not None and f"rule:{rule}" in CATALOGUE


def ruleset_name(rules: Any, lang: str = "en") -> str:
    """A ruleset as a reader names it, never by its code: the preset and any changed switch.

    >>> from marjapussi.rules import find_rules
    >>> ruleset_name(find_rules("guild"), "fi"), ruleset_name(find_rules("huutopussi3"), "ru")
    ('killan säännöt', 'хуутопусси втроём')
    >>> ruleset_name(find_rules("pagat", deck_size=32), "en")
    'Pagat Marjapussi; changed: pack size: 32'
    """
    key = f"preset:{rules.name}"
    name = t(key, lang) if key in CATALOGUE else str(rules.name)
    changes = [switch_text(switch, value, lang) for switch, value in rules.changed_switches().items()]
    return t("preset:changed", lang, name=name, changes=", ".join(changes)) if changes else name


def switch_text(switch: str, value: Any, lang: str = "en") -> str:
    """A switch and its value in words, never their codes: "card values: simplified (140 …)".

    >>> switch_text("opening_lead", "dealer-left", "fi"), switch_text("must_beat", False, "ru")
    ('jaon aloittaja: jakajan vasen naapuri', 'обязанность перебить: нет')
    """
    if isinstance(value, bool):
        shown = t("yes" if value else "no", lang)
    elif isinstance(value, str):
        shown = t(f"switch-value:{switch}:{value}", lang)
    else:
        shown = str(value)
    return t("switch-change", lang, name=t(f"switch-name:{switch}", lang), value=shown)


@lru_cache(maxsize=1024)
def seat_name(seat: Seat, lang: str = "en") -> str:
    """A seat's name: Pohjoinen / North / Север (kept: every view names the seats again)."""
    return t(f"seat:{Seat(seat).name}", lang)


@lru_cache(maxsize=1024)
def pair_name(pair: Pair, lang: str = "en") -> str:
    """A pair's name: Pohjoinen–Etelä / North–South / Север–Юг."""
    return t(f"pair:{Pair(pair).name}", lang)


def seat_short(seat: Seat, lang: str = "en") -> str:
    """A seat's letter where space is short, in the reader's language: P / N / С.

    >>> [seat_short(s, "fi") for s in Seat], [seat_short(s, "ru") for s in Seat]
    (['P', 'I', 'E', 'L'], ['С', 'В', 'Ю', 'З'])
    """
    return t(f"seat-short:{Seat(seat).name}", lang)


def pair_short(pair: Pair, lang: str = "en") -> str:
    """A pair's letters where space is short, in the reader's language: P–E / NS / С–Ю."""
    return t(f"pair-short:{Pair(pair).name}", lang)


def side_code(rules: Any, index: int) -> str:
    """The record code of a scoring side: ``NS``/``EW``, or a seat letter for three players."""
    return Seat(index).name if rules.players == 3 else Pair(index).name


def side_label(rules: Any, index: int, lang: str = "en") -> str:
    """The name of a scoring side: a pair, or a player in three-player Huutopussi."""
    return seat_name(Seat(index), lang) if rules.players == 3 else pair_name(Pair(index), lang)


def names_text(names: Sequence[str], lang: str = "en") -> str:
    """Names in a sentence: "A and B", "A, B and C".

    >>> names_text(["Pohjoinen", "Itä", "Etelä"], "fi")
    'Pohjoinen, Itä ja Etelä'
    """
    if len(names) < 2:
        return "".join(names)
    return t("list:and", lang, first=", ".join(names[:-1]), last=names[-1])


def game_level_text(sheet: Any, lang: str = "en") -> str:
    """Say which sides of a Huutopussi sheet are level past the target (``level``) and that
    another deal decides the game.

    >>> from marjapussi.huutopussi import HuutopussiSheet
    >>> from marjapussi.rules import find_rules
    >>> sheet = HuutopussiSheet(find_rules("huutopussi")).add((520, 520))
    >>> game_level_text(sheet, "en").split(": ")[0]
    'North–South and East–West are level past the target (520 points)'
    """
    sides = names_text([side_label(sheet.rules, i, lang) for i in sheet.level], lang)
    return t("game-level", lang, sides=sides, total=sheet.totals[sheet.level[0]])


@lru_cache(maxsize=1024)
def suit_name(suit: Suit, lang: str = "en") -> str:
    """A suit's name in the nominative: hertta / hearts / червы."""
    return t(f"suit:{Suit(suit).letter}", lang)


@lru_cache(maxsize=1024)
def card_name(card: Card, lang: str = "en") -> str:
    """A card as it is spoken: herttakuningas / king of hearts / король червей (kept: a
    card is named again in every view that shows it).

    >>> from marjapussi.cards import parse_card
    >>> [card_name(parse_card("C10"), lang) for lang in ("fi", "en", "ru")]
    ['ristikymppi', 'ten of clubs', 'десятка треф']
    """
    suit = t(f"card-suit:{card.suit.letter}", lang)
    return t("card-name", lang, suit=suit, rank=t(f"rank:{card.rank.code}", lang))


SYMBOLS = re.compile(r"([♥♦♠♣])(10|[AKQJ6-9](?![0-9]))?")
"""A card or a suit as a text shows it: ``♥K``, ``♠10``, a lone ``♣``."""


@lru_cache(maxsize=4096)
def spoken(text: str, lang: str = "en") -> str:
    """A plain text as a screen reader should say it: every card and suit symbol named (kept: a
    room's screens are told the same words, one connection after another).

    >>> spoken("Pohjoinen: ♥K, valtti ♠", "fi")
    'Pohjoinen: herttakuningas, valtti pata'
    >>> spoken("South holds ♦9 and ♦A", "en")
    'South holds nine of diamonds and ace of diamonds'
    """

    def name(match: re.Match[str]) -> str:
        suit = Suit.parse(match.group(1))
        if match.group(2) is None:
            return suit_name(suit, lang)
        return card_name(Card(suit, Rank.parse(match.group(2))), lang)

    return SYMBOLS.sub(name, text)


def _fmt(value: Any, lang: str) -> Any:
    if isinstance(value, Card):
        return value.symbol
    if isinstance(value, Suit):
        return value.symbol
    if isinstance(value, Seat):
        return seat_name(value, lang)
    if isinstance(value, Pair):
        return pair_name(value, lang)
    return value


def _params(detail: dict[str, Any], lang: str) -> dict[str, Any]:
    return {k: _fmt(v, lang) for k, v in detail.items()}


def _reason_key(prefix: str, rule: str, detail: dict[str, Any]) -> str:
    # an action made while an answer is awaited: the rule's "waiting" reason
    waiting = "waiting" if detail.get("waiting") else None
    for sub in (detail.get("why"), detail.get("what"), detail.get("waiting"), waiting):
        if sub is not None and f"{prefix}:{rule}:{sub}" in CATALOGUE:
            return f"{prefix}:{rule}:{sub}"
    return f"{prefix}:{rule}"


def holder_name(seat: Seat | None, lang: str = "en") -> str:
    """A seat as the holder of cards in a refusal: Etelällä (on) / South (holds) / (у) Юга.

    >>> holder_name(Seat.S, "fi"), holder_name(Seat.S, "ru"), holder_name(None, "en")
    ('Etelällä', 'Юга', 'the player')
    """
    return t(f"holder:{Seat(seat).name}" if seat is not None else "holder:none", lang)


def describe_verdict(verdict: CardVerdict, lang: str = "en", seat: Seat | None = None) -> str:
    """Say why a card is allowed (and compulsory) or refused, in a language.

    ``seat`` is the player whose card it is: a refusal names him in the third person
    ("South holds ♦…"); without it the refusal speaks of "the player".
    """
    if verdict.rule is None:
        return t("last-card" if verdict.detail.get("last") else "free", lang)
    prefix = "forced" if verdict.allowed else "refuse"
    key = _reason_key(prefix, verdict.rule, verdict.detail)
    if key not in CATALOGUE:
        return rule_name(verdict.rule, lang)
    return t(key, lang, holder=holder_name(seat, lang), **_params(verdict.detail, lang))


def describe_action(action: Any, lang: str = "en") -> str:
    """Name an action as the object of "may not …" (``play ♠K``, ``ask for a marriage``)."""
    from .actions import (
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

    if isinstance(action, Play):
        return t("act:play", lang, card=action.card.symbol)
    if isinstance(action, Declare):
        return t("act:declare", lang, suit=action.suit.symbol)
    if isinstance(action, AskWhole):
        return t("act:ask-whole", lang)
    if isinstance(action, AskHalf):
        return t("act:ask-half", lang, suit=action.suit.symbol)
    if isinstance(action, Answer):
        if action.suit is None:
            return t("act:answer-no", lang)
        return t("act:answer", lang, answer=action.suit.symbol)
    if isinstance(action, Bid):
        return t("act:bid", lang, points=action.points)
    if isinstance(action, Pass):
        return t("act:pass", lang)
    if isinstance(action, NameTrump):
        if action.suit is None:
            return t("act:no-trump", lang)
        return t("act:trump", lang, suit=action.suit.symbol)
    if isinstance(action, Discard):
        return t("act:discard", lang, cards=" ".join(c.symbol for c in action.cards))
    if isinstance(action, Redeal):
        return t("act:redeal", lang)
    if isinstance(action, (Give, ReturnCards)):
        key = "act:give" if isinstance(action, Give) else "act:return"
        return t(key, lang, cards=" ".join(c.symbol for c in action.cards))
    if isinstance(action, SetContract):
        return t("act:contract", lang, points=action.points)
    return t("act:other", lang, action=str(action))


OUTSIDE_PARAMS = ("found", "text", "name", "field")
"""The values of an error that quote the reader's input (a token, a card, a switch, a key)."""


def describe_error(error: MarjapussiError, lang: str = "en") -> str:
    """Turn any of the package's errors into a message in a language.

    >>> from marjapussi.errors import RecordError
    >>> print(describe_error(RecordError(1, 1, "deal header", "<script>alert(1)\\x07"), "en"))
    Game record, line 1, column 1: expected [Deal "n"] before the deal, found 'alert(1)'
    """
    from .errors import IllegalAction

    lang = check_lang(lang)
    params = error.params()
    deal_whys = ("dealer", "opening", "unfinished", "totals")  # errors about a whole deal of a record
    if isinstance(error, IllegalAction) and error.detail.get("why") in deal_whys:
        why = error.detail["why"]
        expected = error.detail.get("expected")
        return t(
            f"error:{error.rule}:{why}",
            lang,
            seat=seat_name(error.seat, lang) if error.seat is not None else "?",
            expected=seat_name(expected, lang) if isinstance(expected, Seat) else expected,
            expected_text=t("yes" if expected else "no", lang),
            rule=rule_name(error.rule, lang),
        )
    if isinstance(error, IllegalAction):
        key = _reason_key("refuse", error.rule, error.detail)
        holder = holder_name(error.seat, lang)
        reason = (
            t(key, lang, holder=holder, **_params(error.detail, lang))
            if key in CATALOGUE
            else rule_name(error.rule, lang)
        )
        seat = seat_name(error.seat, lang) if error.seat is not None else "?"
        named = is_named_rule(error.rule) and reason != rule_name(error.rule, lang)
        return t(
            "error:illegal" if named else "error:illegal-plain",
            lang,
            seat=seat,
            act=describe_action(error.action, lang),
            reason=reason,
            rule=rule_name(error.rule, lang),
        )
    key = f"error:{error.message_id}"
    if key not in CATALOGUE:
        return t("error:error", lang, text=excerpt(" ".join(str(a) for a in error.args), 200))
    # What the reader typed is quoted only as a short, clean excerpt (no markup, no controls).
    for name in OUTSIDE_PARAMS:
        if isinstance(params.get(name), str):
            params[name] = excerpt(params[name])
    if error.message_id == "bad-card" or error.message_id == "bad-rules":
        params["what_name"] = t(f"what:{params['what']}", lang)
    elif error.message_id == "bad-record":
        found = params.get("found")
        cause = getattr(error, "cause", None)
        if cause is not None:
            found = describe_error(cause, lang)
            found = found.split(": ", 1)[-1] if cause.message_id == "bad-deal" else found
        params["found_text"] = t("found", lang, found=found) if found else ""
        params["expected"] = expected_text(str(params["expected"]), lang)
    elif error.message_id == "bad-deal":
        sub = f"deal:{params['problem']}"
        params["problem_text"] = t(sub, lang, **params) if sub in CATALOGUE else params["problem"]
    return t(key, lang, **params)


EXPECTED: dict[str, dict[str, str]] = {
    "header": {
        "fi": 'otsikkorivi [Avain "arvo"]',
        "en": 'a header line [Key "value"]',
        "ru": 'строка заголовка [Key "value"]',
    },
    "quoted value": {
        "fi": "lainausmerkeissä oleva arvo",
        "en": "a value in double quotes",
        "ru": "значение в двойных кавычках",
    },
    "end of header": {"fi": "]", "en": "]", "ru": "]"},
    "hand": {
        "fi": 'käsi muodossa [N "SA SK …"]',
        "en": 'a hand such as [N "SA SK …"]',
        "ru": 'рука вида [N "SA SK …"]',
    },
    "card": {
        "fi": "kortti (esim. SA, H10)",
        "en": "a card (such as SA, H10)",
        "ru": "карта (например, SA, H10)",
    },
    "yes or no": {"fi": "yes tai no", "en": "yes or no", "ru": "yes или no"},
    "NS or EW": {"fi": "NS tai EW", "en": "NS or EW", "ru": "NS или EW"},
    "deal number": {"fi": "jaon numero", "en": "a deal number", "ru": "номер сдачи"},
    "dealer tag": {
        "fi": 'jakajan merkintä [Dealer "W"]',
        "en": 'a dealer tag [Dealer "W"]',
        "ru": 'отметка сдающего [Dealer "W"]',
    },
    "rules before the first deal": {
        "fi": "[Rules] ennen ensimmäistä jakoa",
        "en": "[Rules] before the first deal",
        "ru": "[Rules] перед первой сдачей",
    },
    "a Huutopussi deal tag": {
        "fi": "huutopussin jaon merkintä (Opening, Leader ja Misplay eivät kuulu huutopussiin)",
        "en": "a Huutopussi deal tag (Opening, Leader and Misplay do not apply to Huutopussi)",
        "ru": "отметка сдачи хуутопусси (Opening, Leader и Misplay к хуутопусси не относятся)",
    },
    "action": {
        "fi": "siirto (kortti, declare, ask, answer …)",
        "en": "an action (a card, declare, ask, answer …)",
        "ru": "действие (карта, declare, ask, answer …)",
    },
    "comment end": {"fi": "kommentin loppu }", "en": "the end of the comment }", "ru": "конец комментария }"},
    "known key": {"fi": "tunnettu avain", "en": "a known key", "ru": "известный ключ"},
    "deal header": {
        "fi": '[Deal "n"] ennen jakoa',
        "en": '[Deal "n"] before the deal',
        "ru": '[Deal "n"] перед сдачей',
    },
    "seat": {"fi": "paikka N, E, S tai W", "en": "a seat N, E, S or W", "ru": "место N, E, S или W"},
    "rules": {
        "fi": "sääntökokoelma (guild, pagat, …)",
        "en": "a ruleset (guild, pagat, …)",
        "ru": "набор правил (guild, pagat, …)",
    },
    "valid deal": {"fi": "kelvollinen jako", "en": "a valid deal", "ru": "корректная сдача"},
    "json record": {
        "fi": "JSON-muotoinen kirjaus",
        "en": "a record in JSON form",
        "ru": "запись в формате JSON",
    },
    # ------------------------------------------------------------ record variations (issue 10)
    # A variation of a record is called an alternative line (rule variations are another thing).
    "variation end": {
        "fi": "vaihtoehtoisen jatkon loppu )",
        "en": "the end of the alternative line )",
        "ru": "конец другого продолжения )",
    },
    "action before the variation": {
        "fi": "siirto ennen vaihtoehtoista jatkoa (se korvaa juuri sitä edeltävän siirron)",
        "en": "an action before the alternative line (it replaces the action just before it)",
        "ru": "действие перед другим продолжением (оно заменяет действие прямо перед ним)",
    },
    "action in the variation": {
        "fi": "vaihtoehtoisen jatkon ensimmäinen siirto",
        "en": "the first action of the alternative line",
        "ru": "первое действие другого продолжения",
    },
    "shallower variations": {
        "fi": "enintään 8 sisäkkäistä vaihtoehtoista jatkoa",
        "en": "at most 8 alternative lines inside one another",
        "ru": "не больше 8 вложенных друг в друга других продолжений",
    },
}


EXPECTED.update(MARRIAGE_EXPECTED)  # Huutopussi with marriage trumps: its own block


def expected_text(what: str, lang: str) -> str:
    """Translate the parser's word for what it expected (unknown words pass through)."""
    entry = EXPECTED.get(what)
    return entry.get(check_lang(lang), entry["en"]) if entry else what


def describe_step(step: ScoreStep, lang: str = "en") -> str:
    """Say one line of score working in a language."""
    d = step.detail
    if step.pair is None:
        pair = ""
    elif isinstance(step.pair, Seat):
        pair = seat_name(step.pair, lang)
    else:
        pair = pair_name(step.pair, lang)
    if step.rule in MARRIAGE_STEPS:
        return _marriage_step(step, pair, lang)
    if step.rule == "matti-point":
        (a, b), (pa, pb), (aa, ab) = d["matit"], d["pips"], d["aces"]
        return t(f"step:matti-point:{d['decided_by']}", lang, a=a, b=b, pa=pa, pb=pb, aa=aa, ab=ab, pair=pair)
    if step.rule == "last-trick":
        return t("step:last-trick", lang, seat=seat_name(d["seat"], lang), pair=pair)
    if step.rule in ("trump", "small-trump"):
        return t(f"step:{step.rule}", lang, suit=_fmt(d["suit"], lang), pair=pair)
    if step.rule == "huutopussi-scoring":
        if d.get("step") == "cards":
            return t("step:hp-cards", lang, pair=pair, cards=d["cards"])
        return t("step:hp-last-trick", lang, pair=pair, seat=seat_name(d["seat"], lang))
    if step.rule == "marriage-on-lead":
        key = "step:hp-marriage" if d["counts"] else "step:hp-marriage-void"
        return t(
            key,
            lang,
            pair=pair,
            seat=seat_name(d["seat"], lang),
            suit=_fmt(d["suit"], lang),
            points=d["points"],
        )
    if step.rule == "contract":
        if d.get("defenders"):
            return t("step:defenders", lang, pair=pair, points=step.points)
        key = "step:contract-made" if d["made"] else "step:contract-failed"
        return t(key, lang, pair=pair, bid=d["bid"], points=step.points, collected=d["collected"])
    if step.rule == "molotov":
        return t("step:molotov", lang, pair=pair, points=step.points)
    if step.rule == "bidding":
        return t("step:hp-no-contract", lang)
    if step.rule == "huutopussi-redeal":
        return t(f"step:hp-redeal:{d['why']}", lang, pair=pair, points=step.points)
    if step.rule == "pagat-scoring" and "card_points" in d:
        a, b = d["card_points"]
        if step.pair is None:
            carry = t("carry", lang, n=d["carry_out"]) if d.get("carry_out") else ""
            return t("step:cards-tie", lang, a=a, b=b, carry_text=carry)
        return t("step:cards", lang, a=a, b=b, points=step.points, pair=pair)
    if step.rule == "pagat-scoring":
        return t("step:marriage", lang, suit=_fmt(d["suit"], lang), points=step.points, pair=pair)
    if step.rule in ("era-total", "pagat-target"):
        why = d.get("why")
        if why in ("no-trick", "misplay"):
            return t(f"step:porvoo:{why}", lang, pair=pair)
        if why == "tie":
            return t("step:tie", lang)
        if why is None:
            return t("step:era-total", lang, pair=pair, before=d["before"], points=step.points, sum=d["sum"])
        if why == "target" and d.get("total", d.get("target")) != d.get("target"):
            why = "target-or-more"
        key = f"step:{step.rule}:{why}" if f"step:{step.rule}:{why}" in CATALOGUE else f"step:era-total:{why}"
        params = {k: v for k, v in d.items() if k != "why"}
        params.setdefault("total", d.get("target"))
        return t(key, lang, pair=pair, **params)
    if step.rule == "porvoo":
        return t(f"step:porvoo:{d['why']}", lang, pair=pair)
    if step.rule == "misplay":
        if d.get("why") == "third":
            return t("step:misplay:third", lang, pair=pair)
        return t("step:misplay", lang, pair=pair, discarded=d.get("discarded", 0))
    key = f"step:{d.get('step', step.rule)}"
    if key in CATALOGUE:
        return t(
            key,
            lang,
            pair=pair,
            points=step.points,
            **{k: _fmt(v, lang) for k, v in d.items() if k != "step"},
        )
    return f"{rule_name(step.rule, lang)}: {step.points} {pair}".strip()


def describe_declaration(decl: Declaration, lang: str = "en") -> str:
    """Say what a declaration attempt did, with what it made and what burned."""
    seat = seat_name(decl.seat, lang)
    suit = decl.suit.symbol if decl.suit is not None else ""
    asked = decl.asked_suit.symbol if decl.asked_suit is not None else ""
    if decl.method == "own":
        text = t("decl:own", lang, seat=seat, suit=suit)
    else:
        outcome = "yes" if decl.suit is not None else "no"
        text = t(f"decl:{decl.method}-{outcome}", lang, seat=seat, suit=suit, asked=asked)
    if decl.kind is not None:
        text += f" ({t('kind:' + decl.kind, lang)})"
    if decl.burned:
        burned = ", ".join(f"{seat_name(s, lang)} {u.symbol}" for s, u in decl.burned)
        text += f"; {t('label:burned', lang)}: {burned}"
    return text


# ---------------------------------------------------------------- Huutopussi with marriage trumps (issue 24)

MARRIAGE_STEPS = frozenset(
    {
        "marriage-deal",
        "marriage-value",
        "marriage-three",
        "exact-contract",
        "no-trick-penalty",
        "marriage-redeal",
    }
)
"""The rule ids of the score working of Huutopussi with marriage trumps."""


def _marriage_step(step: ScoreStep, pair: str, lang: str) -> str:
    """Say one line of the score working of Huutopussi with marriage trumps."""
    d = step.detail
    kind = d.get("step")
    if step.rule == "marriage-redeal":
        return t(f"step:marriage-redeal:{d['why']}", lang)
    if step.rule == "marriage-deal" and kind == "cards":
        return t("step:hp-cards", lang, pair=pair, cards=d["cards"])
    if step.rule == "marriage-deal":
        seat = seat_name(d["seat"], lang)
        return t("step:marriage-last-trick", lang, pair=pair, seat=seat, points=step.points)
    if step.rule == "marriage-value":
        seat, suit = seat_name(d["seat"], lang), _fmt(d["suit"], lang)
        return t("step:marriage-value", lang, pair=pair, seat=seat, suit=suit, points=step.points)
    if step.rule == "marriage-three":
        key = "step:marriage-discard" if d["counts"] else "step:marriage-discard-void"
        return t(key, lang, pair=pair, cards=d["cards"])
    if step.rule == "no-trick-penalty":
        seat = seat_name(d["seat"], lang) if "seat" in d else ""
        return t(f"step:marriage-no-trick-{d['who']}", lang, pair=pair, seat=seat, points=step.points)
    if kind == "declarer":
        key = "step:marriage-declarer-made" if d["made"] else "step:marriage-declarer-failed"
        contract, collected = d["contract"], d["collected"]
        return t(key, lang, pair=pair, contract=contract, collected=collected, points=step.points)
    if kind == "no-contract":
        return t("step:marriage-no-contract", lang, pair=pair, points=step.points)
    if step.points != d["collected"]:
        collected = d["collected"]
        return t("step:marriage-defenders-rounded", lang, pair=pair, collected=collected, points=step.points)
    return t("step:marriage-defenders", lang, pair=pair, points=step.points)
