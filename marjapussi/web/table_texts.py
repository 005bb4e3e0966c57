"""The words of issue 14's additions to the table kit, fi/en/ru: the dispute page's
tap-to-build position (``db-``) and the score keeper's redeals and passed-out deals.

Kept in their own module so that the shared catalogues are not edited line by line;
``texts`` merges this dictionary into its own at the end.
"""

from __future__ import annotations

__all__ = ["TABLE_TEXTS"]

TABLE_TEXTS: dict[str, dict[str, str]] = {
    # ---------------------------------------------------------------- dispute: two ways in
    "dp-mode-paste": {"fi": "Liitä kirjaus", "en": "Paste a record", "ru": "Вставить запись"},
    "dp-mode-build": {"fi": "Rakenna napauttamalla", "en": "Build by tapping", "ru": "Ввести вручную"},
    "dp-modes": {"fi": "Tapa syöttää jako", "en": "How to enter the deal", "ru": "Как ввести сдачу"},
    "dp-mode-now-build": {
        "fi": "Rakenna jako: valitse paikka ja napauta sen kortit.",
        "en": "Build the deal: pick a seat and tap its cards.",
        "ru": "Соберите сдачу: выберите место и коснитесь его карт.",
    },
    "dp-mode-now-paste": {
        "fi": "Rakennettu jako on nyt kentässä pelikirjauksena.",
        "en": "The deal built is now in the box as a game record.",
        "ru": "Собранная сдача теперь в поле в виде записи игры.",
    },
    # ---------------------------------------------------------------- dispute: the builder
    "db-rules": {"fi": "Säännöt", "en": "Rules", "ru": "Правила"},
    "db-dealer": {"fi": "Jakaja", "en": "Dealer", "ru": "Сдающий"},
    "db-dealer-is": {"fi": "Jakaja: {seat}.", "en": "Dealer: {seat}.", "ru": "Сдающий: {seat}."},
    "db-first": {
        "fi": "Erän ensimmäinen jako (ristiässä aloittaa)",
        "en": "First deal of an erä (the ace of clubs leads)",
        "ru": "Первая сдача эря (ходят с туза треф)",
    },
    "db-first-yes": {
        "fi": "Erän ensimmäinen jako: ristiässä aloittaa.",
        "en": "First deal of an erä: the ace of clubs leads.",
        "ru": "Первая сдача эря: ходят с туза треф.",
    },
    "db-first-no": {
        "fi": "Myöhempi jako: aloittaja pelaa ässän tai padan.",
        "en": "A later deal: the leader leads an ace, or else a spade.",
        "ru": "Следующая сдача: первый ход с туза, иначе с пики.",
    },
    "db-hands-title": {"fi": "Kädet", "en": "The hands", "ru": "Карты на руках"},
    "db-hand-of": {"fi": "Täytettävä käsi", "en": "The hand being filled", "ru": "Какую руку заполнять"},
    "db-hand-of-seat": {"fi": "Pelaajan {seat} kortit", "en": "{seat}'s cards", "ru": "Карты: {seat}"},
    "db-pack": {"fi": "Pakan kortit", "en": "The cards of the pack", "ru": "Карты колоды"},
    "db-tap": {
        "fi": "Napauta kortit, jotka ovat pelaajalla {seat}. Kirjain kortissa kertoo, kenellä se jo on; "
        "napautus siirtää sen.",
        "en": "Tap the cards {seat} holds. A letter on a card says who has it already; a tap moves it.",
        "ru": "Коснитесь карт, которые на руке у игрока {seat}. Буква на карте — у кого она уже; "
        "касание переносит её.",
    },
    "db-count": {
        "fi": "{seat}: {n}/{size:cards}.",
        "en": "{seat}: {n}/{size:cards}.",
        "ru": "{seat}: {n} из {size:cards-of}.",
    },
    "db-card-in": {
        "fi": "{card}: {seat} ({n}/{size}).",
        "en": "{card}: {seat} ({n}/{size}).",
        "ru": "{card}: {seat} ({n}/{size}).",
    },
    "db-card-out": {
        "fi": "{card} pois pelaajalta {seat}.",
        "en": "{card} taken out of {seat}'s hand.",
        "ru": "{card} убрана с руки игрока {seat}.",
    },
    "db-hand-full": {
        "fi": "Pelaajalla {seat} on jo {n:cards}: poista ensin jokin.",
        "en": "{seat} already holds {n:cards}: take one out first.",
        "ru": "У игрока {seat} уже {n:cards}: сначала уберите одну.",
    },
    "db-hands-done": {
        "fi": "Kaikki kädet ovat valmiit: napauta nyt pelatut kortit järjestyksessä.",
        "en": "Every hand is complete: now tap the cards played, in order.",
        "ru": "Все руки собраны: теперь коснитесь сыгранных карт по порядку.",
    },
    "db-hands-locked": {
        "fi": "Käsiä ei voi muuttaa, kun kortteja on pelattu: peru ensin pelatut.",
        "en": "The hands cannot change once cards are played: undo the plays first.",
        "ru": "Руки нельзя менять, когда карты уже сыграны: сначала отмените ходы.",
    },
    "db-rest": {"fi": "Loput kortit: {seat}", "en": "The rest to {seat}", "ru": "Остальные: {seat}"},
    "db-rest-no": {
        "fi": "Jäljellä olevat kortit eivät täytä juuri pelaajan {seat} kättä ({n:cards}).",
        "en": "The cards left do not make up exactly {seat}'s hand ({n:cards}).",
        "ru": "Оставшиеся карты не составляют ровно руку игрока {seat} ({n:cards}).",
    },
    "db-clear": {"fi": "Aloita alusta", "en": "Start again", "ru": "Начать заново"},
    "db-cleared": {
        "fi": "Kädet ja pelatut kortit tyhjennettiin.",
        "en": "The hands and the plays are cleared.",
        "ru": "Руки и ходы очищены.",
    },
    "db-plays-title": {"fi": "Pelatut kortit", "en": "The plays so far", "ru": "Сыгранные ходы"},
    "db-to-play": {
        "fi": "Vuorossa: {seat}. Napauta kortti, jonka hän pelasi, myös kiistelty.",
        "en": "To act: {seat}. Tap the card that was played, the disputed one too.",
        "ru": "Ходит {seat}. Коснитесь сыгранной карты, в том числе спорной.",
    },
    "db-refused-stop": {
        "fi": "Viimeinen kortti rikkoi sääntöä (katso alta). Peru se jatkaaksesi toisella kortilla.",
        "en": "The last card broke a rule (see below). Undo it to go on with another card.",
        "ru": "Последняя карта нарушила правило (см. ниже). Отмените её, чтобы продолжить другой картой.",
    },
    "db-play-no": {
        "fi": "Tähän ei voi lisätä siirtoa.",
        "en": "No action can be added here.",
        "ru": "Сюда нельзя добавить ход.",
    },
    "db-not-in-hand": {
        "fi": "Korttia {card} ei ole pelaajalla {seat}.",
        "en": "{seat} does not hold {card}.",
        "ru": "У игрока {seat} нет карты {card}.",
    },
    "db-undo": {"fi": "Peru viimeisin", "en": "Undo the last one", "ru": "Отменить последний"},
    "db-undone": {
        "fi": "Viimeisin siirto peruttiin.",
        "en": "The last action is undone.",
        "ru": "Последний ход отменён.",
    },
    "db-nothing-to-undo": {"fi": "Ei mitään peruttavaa.", "en": "Nothing to undo.", "ru": "Нечего отменять."},
    "db-as-record": {"fi": "Pelikirjauksena", "en": "As a game record", "ru": "В виде записи игры"},
    # ---------------------------------------------------------------- score keeper: Huutopussi's redeals
    "sk-redeals": {
        "fi": "Uusjako yhdellä napautuksella",
        "en": "A redeal in one tap",
        "ru": "Пересдача одним касанием",
    },
    "sk-kind-add:aces": {
        "fi": "Uusjako: neljä ässää samassa kädessä",
        "en": "Redeal: four aces in one hand",
        "ru": "Пересдача: четыре туза на одной руке",
    },
    "sk-kind-add:none": {
        "fi": "Uusjako: kädessä ei pistekorttia",
        "en": "Redeal: a hand with no counting card",
        "ru": "Пересдача: на руке нет карт с очками",
    },
    "sk-kind-add:pass": {
        "fi": "Uusjako: kaikki passasivat",
        "en": "Redeal: all four passed",
        "ru": "Пересдача: все четверо спасовали",
    },
    "sk-kind": {"fi": "Huuto", "en": "Contract", "ru": "Заказ"},
    "sk-kind:bid": {"fi": "Huuto pelattiin", "en": "A bid was played", "ru": "Сыгран заказ"},
    "sk-kind:open": {
        "fi": "Kaikki passasivat: pelattiin ilman valttia",
        "en": "All passed: played with no trump",
        "ru": "Все спасовали: играли без козыря",
    },
    "sk-kind-note:aces": {
        "fi": "Uusjako (neljä ässää samassa kädessä): ei pisteitä.",
        "en": "Redeal (four aces in one hand): no points.",
        "ru": "Пересдача (четыре туза на одной руке): без очков.",
    },
    "sk-kind-note:none": {
        "fi": "Uusjako (kädessä ei pistekorttia): ei pisteitä.",
        "en": "Redeal (a hand with no counting card): no points.",
        "ru": "Пересдача (на руке нет карт с очками): без очков.",
    },
    "sk-kind-note:pass": {
        "fi": "Uusjako (kaikki passasivat): ei pisteitä; seuraava jakaja jakaa.",
        "en": "Redeal (all four passed): no points; the next dealer deals.",
        "ru": "Пересдача (все спасовали): без очков; сдаёт следующий игрок.",
    },
    "sk-kind-note:open": {
        "fi": "Kaikki passasivat, ja jako pelattiin ilman valttia: kumpikin pari saa ottamansa pisteet.",
        "en": "All passed and the deal was played with no trump: each pair scores what it took.",
        "ru": "Все спасовали, сдачу сыграли без козыря: каждая пара получает взятые очки.",
    },
}

# ============================================================ dispute builder: Huutopussi, short packs
# The words of the builder's Huutopussi (four and three players) and of pagat's 32- and 28-card
# packs, and of a damaged builder state. Kept in one block at the end, apart from the lines above.
TABLE_TEXTS.update(
    {
        "db-talon": {"fi": "Talo", "en": "Talon", "ru": "Прикуп"},
        "db-letter-talon": {"fi": "T", "en": "T", "ru": "П"},
        "db-tap-talon": {
            "fi": "Napauta ne kolme korttia, jotka jäivät taloon. Kirjain kortissa kertoo, kenellä se jo on; "
            "napautus siirtää sen.",
            "en": "Tap the three cards left in the talon. A letter on a card says where it is already; "
            "a tap moves it.",
            "ru": "Коснитесь трёх карт, оставшихся в прикупе. Буква на карте — где она уже лежит; "
            "касание переносит её.",
        },
        "db-card-out-talon": {
            "fi": "{card} pois talosta.",
            "en": "{card} taken out of the talon.",
            "ru": "{card} убрана из прикупа.",
        },
        "db-talon-full": {
            "fi": "Talossa on jo {n:cards}: poista ensin jokin.",
            "en": "The talon already holds {n:cards}: take one out first.",
            "ru": "В прикупе уже {n:cards}: сначала уберите одну.",
        },
        "db-rest-no-talon": {
            "fi": "Jäljellä olevat kortit eivät ole juuri talon kortit ({n:cards}).",
            "en": "The cards left are not exactly the talon's {n:cards}.",
            "ru": "Оставшиеся карты не совпадают с картами прикупа ({n:cards}).",
        },
        "db-to-call": {
            "fi": "Huutovuorossa: {seat}. Napauta, mitä hän sanoi.",
            "en": "To call: {seat}. Tap what was said.",
            "ru": "В торговле говорит {seat}. Выберите, что было сказано.",
        },
        "db-calls": {"fi": "Mahdolliset huudot", "en": "The calls allowed", "ru": "Возможные заказы и пас"},
        "db-other-bid": {"fi": "Muu huuto", "en": "Another bid", "ru": "Другой заказ"},
        "db-bid-this": {"fi": "Huuda", "en": "Bid", "ru": "Заказать"},
        "db-to-name": {
            "fi": "{seat} voitti huudon ja valitsee valtin: napauta valittu maa.",
            "en": "{seat} won the bidding and names trumps: tap the suit named.",
            "ru": "Торговлю выиграл игрок {seat}, и козырь называет он: выберите названную масть.",
        },
        "db-to-discard": {
            "fi": "{seat} otti talon. Napauta ne kolme korttia, jotka hän poisti, ja sitten poistonappia.",
            "en": "{seat} took the talon. Tap the three cards discarded, then the discard button.",
            "ru": "Прикуп забрал игрок {seat}. Отметьте три сброшенные карты и нажмите кнопку сброса.",
        },
        "db-discard": {
            "fi": "Poista valitut kortit ({n}/3)",
            "en": "Discard the cards picked ({n}/3)",
            "ru": "Сбросить отмеченные карты ({n}/3)",
        },
        "db-picked": {
            "fi": "{card}: valittuna {n}/3.",
            "en": "{card}: {n} of 3 picked.",
            "ru": "{card}: отмечено {n} из 3.",
        },
        "db-pick-full": {
            "fi": "Kolme korttia on jo valittu: poista ensin valinta yhdestä.",
            "en": "Three cards are picked already: unpick one first.",
            "ru": "Уже отмечены три карты: сначала снимите отметку с одной.",
        },
        "db-pick-three": {
            "fi": "Valitse ensin kolme poistettua korttia.",
            "en": "First pick the three cards discarded.",
            "ru": "Сначала отметьте три сброшенные карты.",
        },
        "db-forged": {
            "fi": "Rakennettu jako oli viallinen ({why}). Viallinen osa jätettiin pois, muu säilyi.",
            "en": "The position built was damaged ({why}). The damaged part is left out, the rest is kept.",
            "ru": "Собранная позиция была повреждена ({why}). Повреждённое отброшено, остальное сохранено.",
        },
        "db-forged:rules": {
            "fi": "säännöt, joita rakentaja ei tunne",
            "en": "rules the builder does not know",
            "ru": "правила, которых конструктор не знает",
        },
        "db-forged:twice": {"fi": "sama kortti kahdesti", "en": "one card twice", "ru": "одна карта дважды"},
        "db-forged:hand": {
            "fi": "kädessä liikaa kortteja tai kortti, jota pakassa ei ole",
            "en": "a hand with too many cards or a card not in the pack",
            "ru": "на руке лишние карты или карта не из этой колоды",
        },
        "db-forged:too-many": {
            "fi": "enemmän siirtoja kuin yhteen jakoon mahtuu",
            "en": "more actions than one deal holds",
            "ru": "больше ходов, чем бывает в одной сдаче",
        },
        "db-forged:not-offered": {
            "fi": "siirto, jota säännöt eivät siinä kohdassa tarjonneet",
            "en": "an action the rules did not offer at that point",
            "ru": "ход, которого правила в тот момент не предлагали",
        },
        "db-forged:other": {
            "fi": "kenttä, jota ei voitu lukea",
            "en": "a field that could not be read",
            "ru": "поле, которое не удалось прочитать",
        },
        "dp-now-may": {
            "fi": "{seat} voi nyt:",
            "en": "{seat} may now:",
            "ru": "Сейчас игрок {seat} может:",
        },
        "dp-now-also": {
            "fi": "{seat} voi myös:",
            "en": "{seat} may also:",
            "ru": "Игрок {seat} может также:",
        },
        "dp-now-bids": {
            "fi": "huutaa {low}–{high}",
            "en": "bid {low} to {high}",
            "ru": "заказать от {low} до {high}",
        },
        "dp-marriage-shown": {
            "fi": "mariini näytetty",
            "en": "marriage shown",
            "ru": "марьяж показан",
        },
        "dp-now-discard": {
            "fi": "poistaa kolme korttia",
            "en": "discard three cards",
            "ru": "сбросить три карты",
        },
    }
)
