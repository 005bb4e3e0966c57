"""The widget words of the analysis views (best card here, alternative lines, the "which
card" verdict), in Finnish, English and Russian; merged into ``texts.TEXTS`` so that ``wt``
finds them. Kept apart so the analysis views and the other widgets grow without treading
on each other.

A record's variation is called an *alternative line* (vaihtoehtoinen jatko, другое
продолжение): "variation" already names the rule variations.
"""

from __future__ import annotations

ANALYSIS_TEXTS: dict[str, dict[str, str]] = {
    # ------------------------------------------------------------ best card here
    "best-ask": {"fi": "Paras kortti tässä", "en": "Best card here", "ru": "Лучшая карта здесь"},
    "best-hide": {"fi": "Piilota arvot", "en": "Hide the values", "ru": "Скрыть оценки"},
    "best-title": {
        "fi": "Jokaisen sallitun siirron arvo avoimin kortein puolelle {side} ({seat} vuorossa)",
        "en": "The value of each legal action with every hand open, for {side} ({seat} to act)",
        "ru": "Оценка каждого разрешённого хода в открытую, для стороны {side} (ходит {seat})",
    },
    "best-exact": {
        "fi": "Arvot ovat tarkkoja: kaikki pelaavat tästä jaon loppuun parhaalla mahdollisella "
        "tavalla, ja jokaista siirtoa verrataan parhaaseen.",
        "en": "The values are exact: everybody plays the best possible way from here to the end "
        "of the deal, and each action is compared with the best one.",
        "ru": "Оценки точные: все играют наилучшим образом отсюда до конца сдачи, и каждый ход "
        "сравнивается с лучшим.",
    },
    "best-estimate": {
        "fi": "Arvot ovat arvioita: näin aikaisessa vaiheessa haku ulottuu vain {tricks:tricks} "
        "eteenpäin ja laskee vain siihen mennessä varmat pisteet. Tarkat arvot näytetään, kun "
        "jäljellä on enintään {left:tricks}.",
        "en": "The values are estimates: this early in the deal the search looks only {tricks:tricks} "
        "ahead and counts only the points certain by then. Exact values are shown once "
        "no more than {left:tricks} are left.",
        "ru": "Оценки приблизительные: так рано в сдаче глубина поиска — лишь {tricks:tricks}, "
        "и считаются только очки, гарантированные к тому моменту. Точные оценки показываются, "
        "когда остаётся не больше {left:tricks-of}.",
    },
    "best-top": {"fi": "paras", "en": "best", "ru": "лучший"},
    "best-loses": {
        "fi": "menettää {loss:points-acc} parhaaseen verrattuna",
        "en": "loses {loss:points} against the best",
        "ru": "теряет {loss:points} по сравнению с лучшим",
    },
    "best-none": {
        "fi": "Tätä kohtaa ei voitu punnita.",
        "en": "This position could not be weighed.",
        "ru": "Эту позицию не удалось оценить.",
    },
    "best-none-over": {
        "fi": "Jako on päättynyt: valittavaa ei enää ole.",
        "en": "The deal is over: there is nothing left to choose.",
        "ru": "Сдача окончена: выбирать больше нечего.",
    },
    "best-none-bidding": {
        "fi": "Nyt on huutovaihe, ja valitaan huuto eikä korttia. Parhaat kortit näytetään, "
        "kun kortteja pelataan.",
        "en": "The bidding is on: the choice now is a call, not a card. The best cards are shown "
        "once the cards are played.",
        "ru": "Идёт торговля: сейчас выбирают заказ или пас, а не карту. Лучшие карты будут "
        "показаны, когда начнётся розыгрыш.",
    },
    "best-shown": {
        "fi": "Paras siirto: {best}",
        "en": "Best action: {best}",
        "ru": "Лучший ход: {best}",
    },
    # ------------------------------------------------------------ alternative lines
    "line-here": {
        "fi": "Vaihtoehtoinen jatko tämän siirron sijaan:",
        "en": "An alternative line instead of this action:",
        "ru": "Другое продолжение вместо этого хода:",
    },
    "line-enter": {
        "fi": "Siirry vaihtoehtoiseen jatkoon {i}",
        "en": "Step into alternative line {i}",
        "ru": "Перейти к другому продолжению {i}",
    },
    "line-inside": {
        "fi": "Vaihtoehtoinen jatko (taso {depth}) siirron {action} sijaan: siirto {k}/{total}",
        "en": "Alternative line (level {depth}) instead of {action}: action {k} of {total}",
        "ru": "Другое продолжение (уровень {depth}) вместо хода {action}: ход {k} из {total}",
    },
    "line-leave": {
        "fi": "Takaisin pääjatkoon",
        "en": "Back to the main line",
        "ru": "Назад к основной линии",
    },
    "line-leave-one": {
        "fi": "Takaisin edelliseen jatkoon",
        "en": "Back to the line before",
        "ru": "Назад к прежнему продолжению",
    },
    "line-entered": {
        "fi": "Vaihtoehtoinen jatko: {what}",
        "en": "Alternative line: {what}",
        "ru": "Другое продолжение: {what}",
    },
    "line-left": {
        "fi": "Takaisin: {what}",
        "en": "Back: {what}",
        "ru": "Назад: {what}",
    },
    # ------------------------------------------------------------ which card: was there a better one
    "which-best-yes": {
        "fi": "Avoimin kortein {card} oli paras sallittu kortti: mikään muu ei ole parempi puolelle {side}.",
        "en": "With every hand open, {card} was a best legal card: none brings {side} more.",
        "ru": "В открытую {card} — лучшая из разрешённых карт: ни одна другая не даёт стороне {side} больше.",
    },
    "which-best-no": {
        "fi": "Avoimin kortein olisi ollut parempi sallittu kortti: {best}. Kortti {card} menettää "
        "{loss:points-acc} siihen verrattuna, kun kaikki pelaavat tästä eteenpäin parhaalla tavalla.",
        "en": "With every hand open, a better legal card existed: {best}. {card} loses {loss:points} "
        "against it when everybody plays the best way from here on.",
        "ru": "В открытую была карта лучше: {best}. Карта {card} теряет {loss:points} по сравнению с ней, "
        "если дальше все играют наилучшим образом.",
    },
}
