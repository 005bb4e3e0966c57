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
        "fi": "{action}? maksaa {loss:points}; paras {best}",
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
        "fi": "{side} menetti huonoilla siirroilla yhteensä {lost:points}.",
        "en": "{side} lost {lost:points} in all by weaker actions.",
        "ru": "{side}: из-за слабых ходов потеряно всего {lost:points}.",
    },
    "estimated": {
        "fi": "Näitä sääntöjä analysoi hitaampi Python-haku: siirrot ennen tikkiä {trick} on "
        "arvioitu katsomalla kaksi tikkiä eteenpäin, ja vasta siitä alkaen arvot ovat tarkkoja.",
        "en": "These rules are analysed by the slower search in Python: actions before trick {trick} "
        "are estimated by looking two tricks ahead; from that trick on the values are exact.",
        "ru": "Эти правила разбирает более медленный поиск на Python: ходы до взятки {trick} "
        "оценены на две взятки вперёд, точные значения — начиная с неё.",
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
}


def text(key: str, lang: str = "en", **params: Any) -> str:
    """Fill in one of the analysis's sentences in a language."""
    lang = check_lang(lang)
    return fill(TEXTS[key][lang], lang, **params)
