"""The analysis's own sentences, in Finnish, English and Russian (kept apart from the main
catalogue so the two grow without treading on each other).

``text(key, lang, **params)`` fills a template like ``marjapussi.i18n.t``: ``{loss:points}``
is the number with its noun (``2 points``).
"""

from __future__ import annotations

from typing import Any

from ..i18n import check_lang, fill

__all__ = ["TEXTS", "text"]

TEXTS: dict[str, dict[str, str]] = {
    "header": {
        "fi": "Analyysi avoimin kortein: kaikki kädet tunnetaan, ja jokaista siirtoa verrataan "
        "parhaaseen. Arvot ovat pisteitä siirron tekijän puolen kannalta.",
        "en": "Analysis with every hand open: each action is compared with the best one. "
        "Values are points from the side of the player who acts.",
        "ru": "Разбор в открытую: все руки известны, и каждый ход сравнивается с лучшим. "
        "Значения — очки с точки зрения стороны, которая ходит.",
    },
    "deal": {"fi": "Jako {deal}", "en": "Deal {deal}", "ru": "Сдача {deal}"},
    "trick": {"fi": "Tikki {trick}", "en": "Trick {trick}", "ru": "Взятка {trick}"},
    "costs": {
        "fi": "{action}? maksaa {loss:points-acc}; paras {best}",
        "en": "{action}? costs {loss:points}; best {best}",
        "ru": "{action}? стоит {loss:points}; лучше {best}",
    },
    "best": {"fi": "{action}: paras siirto", "en": "{action}: a best action", "ru": "{action}: лучший ход"},
    "forced": {
        "fi": "{action}: ainoa sallittu siirto",
        "en": "{action}: the only legal action",
        "ru": "{action}: единственный разрешённый ход",
    },
    "line": {"fi": "jatko: {line}", "en": "line: {line}", "ru": "продолжение: {line}"},
    "value": {"fi": "arvo {value}", "en": "value {value}", "ru": "значение {value}"},
    "lost": {
        "fi": "{side} menetti huonoilla siirroilla yhteensä {lost:points-acc}.",
        "en": "{side} lost {lost:points} in all by weaker actions.",
        "ru": "{side}: из-за слабых ходов потеряно всего {lost:points}.",
    },
    "estimated": {
        "fi": "Näissä säännöissä arvot ennen tikkiä {trick} ovat karkeita arvioita (haku katsoo vain "
        "kaksi tikkiä eteenpäin); siitä tikistä alkaen ne ovat tarkkoja.",
        "en": "Under these rules the values before trick {trick} are rough estimates (the search looks "
        "only two tricks ahead); from that trick on they are exact.",
        "ru": "По этим правилам значения до взятки {trick} — приблизительные оценки (поиск смотрит "
        "лишь на две взятки вперёд); начиная с неё значения точные.",
    },
    "nothing": {
        "fi": "Kirjauksessa ei ole analysoitavia siirtoja.",
        "en": "The record has no actions to analyse.",
        "ru": "В записи нет ходов для разбора.",
    },
    "declare": {"fi": "ilmoitus {suit}", "en": "declare {suit}", "ru": "объявление {suit}"},
    "ask-whole": {"fi": "kokonaisen kysyminen", "en": "ask for a marriage", "ru": "вопрос о марьяже"},
    "ask-half": {
        "fi": "puolikkaan {suit} kysyminen",
        "en": "ask for the other half in {suit}",
        "ru": "вопрос о второй половине {suit}",
    },
    "answer": {"fi": "vastaus {answer}", "en": "answer {answer}", "ru": "ответ {answer}"},
    "answer-no": {"fi": "ei", "en": "no", "ru": "нет"},
    "marriage-lead": {
        "fi": "{card} ja mariinin näyttäminen",
        "en": "{card} showing the marriage",
        "ru": "{card} с показом марьяжа",
    },
    "error:auction": {
        "fi": "analyysi alkaa vasta huutovaiheen jälkeen",
        "en": "the analysis starts only after the bidding",
        "ru": "разбор начинается только после торговли",
    },
    "error:objective-family": {
        "fi": "tämä tavoite ei sovi tämän pelin pisteisiin",
        "en": "this objective does not fit this game's scoring",
        "ru": "эта цель не подходит к подсчёту очков этой игры",
    },
    "best-line": {
        "fi": "Paras jatko.",
        "en": "The best line.",
        "ru": "Лучшее продолжение.",
    },
    "error:impossible-position": {
        "fi": "tällaista asemaa ei voi syntyä yhdessäkään jaossa: sen kortit tai tikit eivät täsmää",
        "en": "no deal can reach this position: its cards or tricks do not add up",
        "ru": "такая позиция не может возникнуть ни в одной сдаче: её карты или взятки не сходятся",
    },
    "error:no-bidder-three": {
        "fi": "kolmen pelaajan huutopussia ilman huudon voittajaa ei voi analysoida",
        "en": "three-player Huutopussi with nobody winning the bidding cannot be analysed",
        "ru": "хуутопусси втроём без победителя торговли разобрать нельзя",
    },
    "error:auction-family": {
        "fi": "huutovaiheen arvio on tehty vain tavalliselle huutopussille",
        "en": "the bidding is weighed only in plain Huutopussi",
        "ru": "торговля оценивается только в обычном хуутопусси",
    },
    "error:auction-decision": {
        "fi": "pelaajalla ei ole tässä huudettavaa eikä valttia valittavana",
        "en": "the player has no call and no trumps to choose here",
        "ru": "здесь игроку не нужно ни заказывать, ни выбирать козырь",
    },
    "call-pass": {"fi": "passi", "en": "pass", "ru": "пас"},
    "call-bid": {"fi": "huuto {points}", "en": "bid {points}", "ru": "заказ {points}"},
    "call-trump": {"fi": "valtiksi {suit}", "en": "trumps {suit}", "ru": "козыри {suit}"},
    "call-redeal": {"fi": "uusjako", "en": "redeal", "ru": "пересдача"},
    "call-give": {"fi": "anna parille {cards}", "en": "give {cards}", "ru": "отдать {cards}"},
    "call-give-back": {"fi": "palauta {cards}", "en": "give back {cards}", "ru": "вернуть {cards}"},
    "call-discard": {"fi": "poista {cards}", "en": "discard {cards}", "ru": "сбросить {cards}"},
    "bidding": {"fi": "Huutovaihe", "en": "Bidding", "ru": "Торговля"},
    "bidding-method": {
        "fi": "Huudot ja valtit on punnittu arvotuissa jaoissa, jotka sopivat siihen, mitä pelaaja "
        "tiesi, ja kaikkiin aiempiin huutoihin ja passeihin: myöhemmin huudetaan yksinkertaisen "
        "käden laskun mukaan, ja kortit pelataan kaikki kädet avoimina.",
        "en": "Calls and trumps are weighed over deals drawn to fit what the player knew and every "
        "bid and pass before: later calls follow a simple count of the hand, and the cards are "
        "played with every hand open.",
        "ru": "Заказы, пасы и козыри оценены на случайных сдачах, согласных с тем, что знал игрок, "
        "и со всеми прежними заказами и пасами: дальше торгуются по простому подсчёту руки, "
        "а карты разыгрываются в открытую.",
    },
    "bidding-method-marriage": {
        "fi": "Huudot, passit ja vaihdon kortit on punnittu arvotuissa jaoissa, jotka sopivat siihen, "
        "mitä pelaaja tiesi: myöhemmin huudetaan yksinkertaisen käden laskun mukaan, loput korttien "
        "vaihdosta, sitoumus ja poistettavat kortit tehdään bottien nyrkkisäännöillä, ja kortit "
        "pelataan kaikki kädet avoimina.",
        "en": "Bids, passes and the cards of the exchange are weighed over deals drawn to fit what the "
        "player knew: later calls follow a simple count of the hand, the rest of the exchange, the "
        "contract and the discard follow the bots' rules of thumb, and the cards are played with "
        "every hand open.",
        "ru": "Заказы, пасы и карты для обмена оценены на случайных сдачах, согласных с тем, что знал "
        "игрок: дальше торгуются по простому подсчёту руки, остальной обмен картами, заказ и сброс "
        "делаются по простым правилам ботов, а карты разыгрываются в открытую.",
    },
    "call-best": {
        "fi": "{call}: paras vaihtoehto, keskimäärin {mean:points} (otos: {deals:deals})",
        "en": "{call}: the best call, {mean:points} on average (sample: {deals:deals})",
        "ru": "{call}: лучший выбор, в среднем {mean:points} (выборка: {deals:deals})",
    },
    "call-close": {
        "fi": "{call}: ero vaihtoehtoon {best} on liian pieni ratkaistavaksi (otos: {deals:deals})",
        "en": "{call}: too close to call against {best} (sample: {deals:deals})",
        "ru": "{call}: разница с вариантом «{best}» слишком мала, чтобы судить (выборка: {deals:deals})",
    },
    "call-costs": {
        "fi": "{call}? maksaa keskimäärin {loss:points}; parempi {best} (otos: {deals:deals})",
        "en": "{call}? costs {loss:points} on average; better {best} (sample: {deals:deals})",
        "ru": "{call}? в среднем стоит {loss:points}; лучше {best} (выборка: {deals:deals})",
    },
    "call-made": {
        "fi": "saatte kasaan vähintään {bid:points} {made:deals-in} {deals} arvotusta",
        "en": "you make {bid} in {made} of {deals:deals}",
        "ru": "вы набираете не меньше {bid:points} в {made:deals-in} из {deals}",
    },
    "par": {
        "fi": "{side}: avoimin kortein paras lunastuva huuto {contract} ({seat} pelaa, valttina {suit}, "
        "kasaan {points:points})",
        "en": "{side}: with every hand open the best bid made is {contract} ({seat} declares, {suit} "
        "trumps, {points:points} collected)",
        "ru": "{side}: в открытую лучший выполнимый заказ — {contract} (играет {seat}, козыри {suit}, "
        "набрано {points:points})",
    },
    "par-marriage": {
        "fi": "{side}: avoimin kortein paras lunastuva huuto {contract} ({seat} pelaa, kortit vaihdetaan "
        "bottien tapaan, kasaan {points:points})",
        "en": "{side}: with every hand open the best bid made is {contract} ({seat} declares, the cards "
        "exchanged as the bots do, {points:points} collected)",
        "ru": "{side}: в открытую лучший выполнимый заказ — {contract} (играет {seat}, обмен картами как "
        "у ботов, набрано {points:points})",
    },
    "par-none": {
        "fi": "{side}: avoimin kortein yksikään huuto ei lunastu (parhaimmillaan {points:points})",
        "en": "{side}: with every hand open no bid is made ({points:points} at best)",
        "ru": "{side}: в открытую ни один заказ не выполним (не больше {points:points})",
    },
}


def text(key: str, lang: str = "en", **params: Any) -> str:
    """Fill in one of the analysis's sentences in a language."""
    lang = check_lang(lang)
    return fill(TEXTS[key][lang], lang, **params)
