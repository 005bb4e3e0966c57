"""Why a bot did what it did, in Finnish, English and Russian.

Every ``Decision`` names one of these messages and carries its facts (cards, suits,
points). Sentences speak of the player in the third person and start with the verb, so
a page can put the player's name in front: "North — takes the trick cheaply with ♠K".
Cards and suits are written with their symbols, so no template declines a suit name.

>>> from marjapussi import parse_card
>>> from marjapussi.actions import PLAYS
>>> from marjapussi.analysis.bots import Decision
>>> card = parse_card("SA")
>>> explain(Decision(PLAYS[card.index], "duck-keep", {"card": parse_card("S7"), "kept": card}), "en")
'does not take the trick: plays ♠7 and keeps ♠A for later'
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..cards import Card, Suit
from ..i18n import check_lang, fill

if TYPE_CHECKING:
    from .bots import Decision

__all__ = ["REASONS", "explain"]

REASONS: dict[str, dict[str, str]] = {
    "random": {
        "fi": "valitsee sallituista siirroista sattumanvaraisesti",
        "en": "picks one of the allowed moves at random",
        "ru": "выбирает наугад один из разрешённых ходов",
    },
    "only-card": {
        "fi": "pelaa kortin {card}, koska muuta korttia ei saa pelata",
        "en": "plays {card}, the only card it may play",
        "ru": "играет {card}: другой карты сыграть нельзя",
    },
    "lead-master": {
        "fi": "aloittaa kortilla {card}, maansa korkeimmalla jäljellä olevalla kortilla",
        "en": "leads {card}, the highest card left in its suit",
        "ru": "ходит с {card} — это старшая из оставшихся карт масти",
    },
    "lead-low": {
        "fi": "aloittaa pienellä kortilla {card} ja säästää ässät ja kympit",
        "en": "leads a low card, {card}, and saves its aces and tens",
        "ru": "ходит с младшей карты {card}, приберегая тузы и десятки",
    },
    "win-cheap": {
        "fi": "ottaa tikin halvimmalla riittävällä kortilla {card}",
        "en": "takes the trick cheaply with {card}",
        "ru": "берёт взятку самой дешёвой подходящей картой {card}",
    },
    "win-to-declare": {
        "fi": "ottaa tikin kortilla {card}, jotta voi sen jälkeen ilmoittaa {suit}-kokonaisen",
        "en": "takes the trick with {card} so that it can declare its {suit} marriage next",
        "ru": "берёт взятку картой {card}, чтобы затем объявить марьяж {suit}",
    },
    "partner-wins": {
        "fi": "antaa parin kortin voittaa ja pelaa pienen kortin {card}",
        "en": "lets the partner's card win and plays a low card, {card}",
        "ru": "оставляет взятку партнёру и кладёт младшую карту {card}",
    },
    "partner-wins-points": {
        "fi": "antaa kortin {card} tikkiin, jonka pari on voittamassa",
        "en": "adds {card} to the trick its partner is winning",
        "ru": "добавляет {card} во взятку, которую берёт партнёр",
    },
    "duck": {
        "fi": "ei voi voittaa tikkiä ja pelaa pienimmän korttinsa {card}",
        "en": "cannot take the trick and plays its lowest card, {card}",
        "ru": "не может взять взятку и играет самую младшую карту {card}",
    },
    "duck-keep": {
        "fi": "ei ota tikkiä: pelaa kortin {card} ja säästää kortin {kept} myöhemmäksi",
        "en": "does not take the trick: plays {card} and keeps {kept} for later",
        "ru": "не берёт взятку: играет {card} и бережёт {kept} на потом",
    },
    "declare": {
        "fi": "ilmoittaa kokonaisen {cards}",
        "en": "declares the marriage {cards}",
        "ru": "объявляет марьяж {cards}",
    },
    "ask-half": {
        "fi": "pitää kädessään kortin {card} ja kysyy, onko parilla toinen puolikas",
        "en": "holds {card} and asks whether the partner holds the other half",
        "ru": "держит {card} и спрашивает, нет ли у партнёра второй половины",
    },
    "ask-whole": {
        "fi": "kysyy pariltaan kokonaista, koska omaa ei ole",
        "en": "has no marriage of its own and asks the partner for one",
        "ru": "своего марьяжа нет, поэтому спрашивает партнёра о марьяже",
    },
    "answer-yes": {
        "fi": "vastaa totuudenmukaisesti: kyllä, {suit}",
        "en": "answers truthfully: yes, {suit}",
        "ru": "отвечает честно: да, {suit}",
    },
    "answer-no": {
        "fi": "vastaa totuudenmukaisesti: ei",
        "en": "answers truthfully: no",
        "ru": "отвечает честно: нет",
    },
    "marriage-lead": {
        "fi": "näyttää mariinin {cards} aloittaessaan; se on arvoltaan {points:points}",
        "en": "shows the marriage {cards} as it leads, worth {points:points}",
        "ru": "показывает марьяж {cards}, делая ход; он стоит {points:points}",
    },
    "bid": {
        "fi": "huutaa {points}: odottaa saavansa noin {expected:points}",
        "en": "bids {points}: about {expected:points} expected",
        "ru": "заказывает {points}: ожидаемый итог — примерно {expected:points}",
    },
    "pass-low": {
        "fi": "passaa: odottaa noin {expected:points}, mikä ei riitä huutoon {next}",
        "en": "passes: about {expected:points} expected, not enough for {next}",
        "ru": "пасует: ожидаемый итог — примерно {expected:points}, для заказа {next} этого мало",
    },
    "pass-partner": {
        "fi": "passaa, koska huuto on jo parilla",
        "en": "passes, as the partner already holds the bid",
        "ru": "пасует: заказ уже за партнёром",
    },
    "redeal": {
        "fi": "pyytää uusjakoa, koska kädessä ei ole yhtään pistekorttia",
        "en": "asks for a redeal, as no card in its hand counts",
        "ru": "просит пересдачу: на руке нет ни одной карты с очками",
    },
    "trump": {
        "fi": "valitsee valtiksi {suit}: odottaa saavansa noin {expected:points}",
        "en": "names {suit} trumps: about {expected:points} expected",
        "ru": "назначает козырем {suit}: рассчитывает примерно на {expected:points}",
    },
    "discard": {
        "fi": "poistaa kortit {cards} ja pitää ässät ja mariinit",
        "en": "puts {cards} away and keeps its aces and marriages",
        "ru": "сбрасывает {cards}, оставляя тузы и марьяжи",
    },
    "lead-card": {
        "fi": "aloittaa kortilla {card}",
        "en": "leads {card}",
        "ru": "ходит с {card}",
    },
    "win-with": {
        "fi": "ottaa tikin kortilla {card}",
        "en": "takes the trick with {card}",
        "ru": "берёт взятку картой {card}",
    },
    "trump-named": {
        "fi": "valitsee valtiksi {suit}",
        "en": "names {suit} trumps",
        "ru": "назначает козырем {suit}",
    },
    "club": {
        "fi": "{why}: keskimäärin paras valinta jaoissa, jotka sopivat pöydän tapahtumiin (kokeiltu"
        " {samples:deals}; odotettu tulos {value:points})",
        "en": "{why}: the best on average over {samples:deals} that fit what the table has shown"
        " ({value:points} expected for its side)",
        "ru": "{why}: в среднем это лучший выбор в сдачах, совместимых с тем, что было видно"
        " за столом (проверено сдач: {samples}; ожидаемый итог — {value:points})",
    },
    # --- club's auction: an estimate high enough on average, a contract too often lost ----
    "pass-risky": {
        "fi": "passaa: odottaa keskimäärin noin {expected:points}, mutta huuto {next} jäisi liian usein"
        " lunastamatta",
        "en": "passes: about {expected:points} expected on average, but a bid of {next} would fall short"
        " too often",
        "ru": "пасует: в среднем ожидается около {expected:points}, но заказ {next} слишком часто"
        " оказался бы невыполненным",
    },
    # --- club with the erä totals in view (guild and pagat rules) -----------------------
    "club-era": {
        "fi": "{why}: eräpisteet ovat {ours}–{theirs} ja erän voittaa tasan {target}, joten tämä"
        " vei keskimäärin lähimmäs erävoittoa jaoissa, jotka sopivat pöydän tapahtumiin (kokeiltu"
        " {samples:deals})",
        "en": "{why}: with the erä totals at {ours}–{theirs} and exactly {target} winning the erä,"
        " this came closest to winning it on average over {samples:deals} that fit what the table"
        " has shown",
        "ru": "{why}: счёт эря {ours}–{theirs}, а эря выигрывает ровно {target}; в сдачах,"
        " совместимых с тем, что было видно за столом, этот ход в среднем вернее всего вёл к победе"
        " в эря (проверено сдач: {samples})",
    },
    # --- club's auction with a partner: deals that fit the calls, played out -----------
    "bid-sampled": {
        "fi": "huutaa {points}: odottaa parille noin {expected:points}, kun huutoihin sopivia jakoja"
        " pelattiin loppuun ({samples:deals})",
        "en": "bids {points}: about {expected:points} expected for its pair, from {samples:deals} that"
        " fit the calls so far, played to the end",
        "ru": "заказывает {points}: паре в среднем достанется около {expected:points} — столько вышло"
        " в разыгранных до конца сдачах, совместимых с ходом торговли (проверено сдач: {samples})",
    },
    "pass-sampled": {
        "fi": "passaa: odottaa parille noin {expected:points} huutoihin sopivissa jaoissa"
        " ({samples:deals}), mikä ei riitä huutoon {next}",
        "en": "passes: about {expected:points} expected for its pair over {samples:deals} that fit the"
        " calls so far, not enough for {next}",
        "ru": "пасует: в сдачах, совместимых с ходом торговли, паре достанется около {expected:points}"
        " (проверено сдач: {samples}), а для заказа {next} этого мало",
    },
    "trump-sampled": {
        "fi": "valitsee valtiksi {suit}: pari saa sillä noin {expected:points}, kun huutoihin sopivat"
        " jaot ({samples:deals}) pelattiin loppuun jokaisella valtilla",
        "en": "names {suit} trumps: its pair can expect about {expected:points} with them, from"
        " {samples:deals} that fit the calls, each played out with every trump",
        "ru": "назначает козырем {suit}: с этим козырем паре достанется около {expected:points} — так"
        " выходит в сдачах, совместимых с ходом торговли, если разыграть каждую со всеми козырями"
        " (проверено сдач: {samples})",
    },
    # --- expert: every sampled deal solved exactly -------------------------------------
    "expert": {
        "fi": "{why}: paras yhteistulos jaoissa, jotka sopivat pöydän tapahtumiin, kun jokainen"
        " ratkaistiin tarkasti kaikki kädet auki (kokeiltu {samples:deals}; odotettu tulos"
        " {value:points})",
        "en": "{why}: the best total over {samples:deals} that fit what the table has shown, each"
        " solved exactly with every hand open ({value:points} expected for its side)",
        "ru": "{why}: лучший общий итог в сдачах, совместимых с тем, что было видно за столом, если"
        " каждую точно решить в открытую (проверено сдач: {samples}; ожидаемый итог — {value:points})",
    },
    "expert-era": {
        "fi": "{why}: eräpisteet ovat {ours}–{theirs} ja erän voittaa tasan {target}, joten tämä"
        " vei lähimmäs erävoittoa jaoissa, jotka sopivat pöydän tapahtumiin, kun jokainen"
        " ratkaistiin tarkasti kaikki kädet auki (kokeiltu {samples:deals})",
        "en": "{why}: with the erä totals at {ours}–{theirs} and exactly {target} winning the erä,"
        " this came closest to winning it over {samples:deals} that fit what the table has shown,"
        " each solved exactly with every hand open",
        "ru": "{why}: счёт эря {ours}–{theirs}, а эря выигрывает ровно {target}; в сдачах,"
        " совместимых с тем, что было видно за столом, если каждую точно решить в открытую, этот"
        " ход вернее всего вёл к победе в эря (проверено сдач: {samples})",
    },
    "expert-as-club": {
        "fi": "{why} (tarkka laskenta ei vielä tunne näitä sääntöjä, joten pelaa kuten kerhopelaaja)",
        "en": "{why} (the exact search does not know these rules yet, so it plays as the club player)",
        "ru": "{why} (точный перебор ещё не знает этих правил, поэтому играет как клубный игрок)",
    },
}
"""The explanations, by reason id: ``str.format`` templates in fi, en and ru."""


def _fmt(value: Any) -> Any:
    if isinstance(value, Card):
        return value.symbol
    if isinstance(value, Suit):
        return value.symbol
    if isinstance(value, (list, tuple)):
        return " ".join(str(_fmt(v)) for v in value)
    return value


def explain(decision: Decision, lang: str = "en") -> str:
    """Say why a bot made ``decision``, in the given language."""
    lang = check_lang(lang)
    entry = REASONS[decision.reason]
    params: dict[str, Any] = {}
    for name, value in decision.params.items():
        if name == "why":
            from .bots import Decision as Inner

            inner = Inner(decision.action, value, decision.params.get("why_params", {}))
            params["why"] = explain(inner, lang)
        elif name == "why_params":
            continue
        else:
            params[name] = _fmt(value)
    return fill(entry[lang], lang, **params)
