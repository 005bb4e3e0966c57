"""The words of the Play page's widget (a table against bots), in Finnish, English, Russian.

Kept apart from ``texts`` so that the shared catalogue is not edited. Values are
``str.format`` templates; a refusal or a bot's move speaks of the player in the third
person.

>>> pt("hint", "fi"), pt("picked", "en", n=2)
('Vihje', 'Cards picked for the discard: 2 of 3.')
"""

from __future__ import annotations

from typing import Any

from ..plurals import fill

__all__ = ["PLAY_TEXTS", "pt"]

PLAY_TEXTS: dict[str, dict[str, str]] = {
    "label": {
        "fi": "Pelaa botteja vastaan",
        "en": "Play against bots",
        "ru": "Игра против ботов",
    },
    # ---------------------------------------------------------------- set-up
    "setup": {"fi": "Uusi peli", "en": "A new game", "ru": "Новая игра"},
    "rules": {"fi": "Säännöt", "en": "Rules", "ru": "Правила"},
    "rules:guild": {"fi": "Killan marjapussi", "en": "Guild Marjapussi", "ru": "Марьяпусси гильдии"},
    "rules:pagat": {"fi": "Pagatin marjapussi", "en": "Pagat Marjapussi", "ru": "Марьяпусси по Pagat"},
    "rules:pagat-32": {
        "fi": "Pagatin marjapussi, 32 korttia",
        "en": "Pagat Marjapussi, 32 cards",
        "ru": "Марьяпусси по Pagat, 32 карты",
    },
    "rules:pagat-28": {
        "fi": "Pagatin marjapussi, 28 korttia",
        "en": "Pagat Marjapussi, 28 cards",
        "ru": "Марьяпусси по Pagat, 28 карт",
    },
    "rules:pagat-simplified": {
        "fi": "Pagatin marjapussi, yksinkertaistetut korttipisteet",
        "en": "Pagat Marjapussi, simplified card points",
        "ru": "Марьяпусси по Pagat, упрощённые очки за карты",
    },
    "rules:pagat-no-beat": {
        "fi": "Pagatin marjapussi ilman ylimenopakkoa",
        "en": "Pagat Marjapussi without must beat",
        "ru": "Марьяпусси по Pagat без обязанности перебить",
    },
    "rules:huutopussi": {
        "fi": "Huutopussi, neljä pelaajaa",
        "en": "Huutopussi, four players",
        "ru": "Хуутопусси вчетвером",
    },
    "rules:huutopussi3": {
        "fi": "Huutopussi, kolme pelaajaa ja talo",
        "en": "Huutopussi, three players and the talon",
        "ru": "Хуутопусси втроём, с прикупом",
    },
    "rules:huutopussi-marriage": {
        "fi": "Huutopussi kokonaisvalteilla, neljä pelaajaa",
        "en": "Huutopussi with marriage trumps, four players",
        "ru": "Хуутопусси с козырем от марьяжа, вчетвером",
    },
    "rules:huutopussi-marriage3": {
        "fi": "Huutopussi kokonaisvalteilla, kolme pelaajaa ja talo",
        "en": "Huutopussi with marriage trumps, three players and the talon",
        "ru": "Хуутопусси с козырем от марьяжа, втроём, с прикупом",
    },
    "level": {"fi": "Bottien taso", "en": "The bots' level", "ru": "Уровень ботов"},
    "level:random": {"fi": "Satunnainen", "en": "Random", "ru": "Случайный"},
    "level:beginner": {"fi": "Aloittelija", "en": "Beginner", "ru": "Новичок"},
    "level:club": {"fi": "Kerhopelaaja", "en": "Club player", "ru": "Клубный игрок"},
    "level:expert": {"fi": "Mestari", "en": "Expert", "ru": "Эксперт"},
    "seat": {"fi": "Oma paikkasi", "en": "Your seat", "ru": "Ваше место"},
    "seat-note": {
        "fi": (
            "Kolmen pelaajan huutopussissa Lännen paikka jää tyhjäksi; jos valitset sen, istut Etelän "
            "paikalla."
        ),
        "en": "In three-player Huutopussi the West seat stays empty; choose it and you sit South.",
        "ru": "В хуутопусси втроём место Запада пустует; выбрав его, вы сядете на Юг.",
    },
    "seed": {"fi": "Sekoitusnumero", "en": "Shuffle number", "ru": "Номер тасовки"},
    "seed-refused": {
        "fi": "Sekoitusnumeron pitää olla kokonaisluku väliltä 0–{high}.",
        "en": "The shuffle number must be a whole number from 0 to {high}.",
        "ru": "Номер тасовки должен быть целым числом от 0 до {high}.",
    },
    "pace": {"fi": "Bottien tahti", "en": "The bots' pace", "ru": "Темп ботов"},
    "pace:0": {"fi": "Heti", "en": "At once", "ru": "Сразу"},
    "pace:300": {"fi": "Nopea", "en": "Fast", "ru": "Быстро"},
    "pace:700": {"fi": "Rauhallinen", "en": "Steady", "ru": "Спокойно"},
    "pace:1200": {"fi": "Hidas", "en": "Slow", "ru": "Медленно"},
    "show-legal": {
        "fi": "Merkitse kortit, jotka saa pelata",
        "en": "Mark the cards that may be played",
        "ru": "Отмечать карты, которыми можно ходить",
    },
    "allow-back": {"fi": "Salli siirron peruminen", "en": "Allow take-backs", "ru": "Разрешить отмену ходов"},
    "deal-new": {"fi": "Jaa kortit", "en": "Deal the cards", "ru": "Сдать карты"},
    "resume": {
        "fi": "Palaa keskeneräiseen peliin",
        "en": "Back to the game in progress",
        "ru": "Вернуться к начатой игре",
    },
    "resumed": {"fi": "Peli jatkuu.", "en": "The game goes on.", "ru": "Игра продолжается."},
    "setup-open": {
        "fi": "Uusi peli tai asetukset",
        "en": "New game or settings",
        "ru": "Новая игра или настройки",
    },
    "setup-shown": {
        "fi": "Valitse säännöt ja asetukset ja jaa kortit.",
        "en": "Choose the rules and settings, then deal.",
        "ru": "Выберите правила и настройки и сдайте карты.",
    },
    "settings-saved": {"fi": "Asetukset tallennettu.", "en": "Settings saved.", "ru": "Настройки сохранены."},
    "new-game": {
        "fi": "Uusi peli alkaa (sekoitus nro {number}).",
        "en": "A new game begins (shuffle no. {number}).",
        "ru": "Начинается новая игра (тасовка № {number}).",
    },
    # ---------------------------------------------------------------- the table
    "head": {"fi": "{rules}, botit: {level}", "en": "{rules}, bots: {level}", "ru": "{rules}, боты: {level}"},
    "deal-n": {
        "fi": "Jako {n} (sekoitus nro {number})",
        "en": "Deal {n} (shuffle no. {number})",
        "ru": "Сдача {n} (тасовка № {number})",
    },
    "dealer": {"fi": "Jakaja: {seat}", "en": "Dealer: {seat}", "ru": "Сдаёт: {seat}"},
    "hinted": {"fi": "pelattu vihjein", "en": "played with hints", "ru": "сыграно с подсказками"},
    "your-turn": {"fi": "Sinun vuorosi.", "en": "Your turn.", "ru": "Ваш ход."},
    # what a screen reader hears when a deal ends: each side's deal points
    "deal-result": {
        "fi": "Jako on pelattu. Jaon pisteet: {sides}.",
        "en": "The deal is over. Deal points: {sides}.",
        "ru": "Сдача сыграна. Очки за сдачу: {sides}.",
    },
    "side-points": {"fi": "{side} {points}", "en": "{side} {points}", "ru": "{side}: {points}"},
    "bot-turn": {"fi": "Vuorossa: {seat}.", "en": "{seat} to act.", "ru": "Ходит: {seat}."},
    "actions": {"fi": "Toimintasi", "en": "Your actions", "ru": "Ваши действия"},
    "did": {"fi": "{seat}: {what}", "en": "{seat}: {what}", "ru": "{seat}: {what}"},
    "log-bid": {"fi": "huuto {points}", "en": "bid {points}", "ru": "заказ {points}"},
    "log-pass": {"fi": "passi", "en": "pass", "ru": "пас"},
    "log-trump": {"fi": "valtti {suit}", "en": "trumps {suit}", "ru": "козырь {suit}"},
    "log-no-trump": {"fi": "ei valttia", "en": "no trumps", "ru": "без козыря"},
    # the log's entries follow "You:" as well as "East:": what happened, with no verb in a person
    "log-discard": {
        "fi": "{n:cards} poistettu",
        "en": "{n:cards} discarded",
        "ru": "{n:cards} — в сброс",
    },
    "log-redeal": {"fi": "uusjakoa pyydetty", "en": "redeal requested", "ru": "просьба о пересдаче"},
    "you-did": {"fi": "Sinä: {what}.", "en": "You: {what}.", "ru": "Вы: {what}."},
    "log": {"fi": "Viimeiset siirrot", "en": "The last moves", "ru": "Последние ходы"},
    "tricks-taken": {"fi": "Tikit: {tricks}", "en": "Tricks taken: {tricks}", "ru": "Взятки: {tricks}"},
    "contract": {
        "fi": "Huudon voitti {seat}: {bid}",
        "en": "{seat} won the bidding: {bid}",
        "ru": "Торговлю выиграл {seat}: {bid}",
    },
    "bidding-high": {
        "fi": "Korkein huuto tähän asti: {seat}, {bid}. Huutaminen jatkuu.",
        "en": "Highest bid so far: {seat}, {bid}. The bidding goes on.",
        "ru": "Пока самый высокий заказ — {bid}, его сделал {seat}. Торговля продолжается.",
    },
    "bidding-open": {
        "fi": "Kukaan ei ole vielä huutanut. Huutaminen jatkuu.",
        "en": "Nobody has bid yet. The bidding goes on.",
        "ru": "Заказов пока нет. Торговля продолжается.",
    },
    "not-your-turn": {
        "fi": "Nyt ei ole sinun vuorosi.",
        "en": "It is not your turn now.",
        "ru": "Сейчас не ваш ход.",
    },
    "not-card-time": {
        "fi": "Kortteja ei vielä pelata: ensin huudetaan tai valitaan.",
        "en": "No card is played yet: the bidding or a choice comes first.",
        "ru": "Карты пока не разыгрываются: сначала торговля или выбор.",
    },
    "not-offered": {
        "fi": "Sääntöjen mukaan tätä ei voi tehdä nyt.",
        "en": "The rules do not allow that now.",
        "ru": "Правила сейчас этого не позволяют.",
    },
    "btn-pass": {"fi": "Passi", "en": "Pass", "ru": "Пас"},
    "btn-bid": {"fi": "Huuda {points}", "en": "Bid {points}", "ru": "Заказать {points}"},
    "btn-declare": {
        "fi": "Ilmoita kokonainen {suit}",
        "en": "Declare the marriage {suit}",
        "ru": "Объявить марьяж {suit}",
    },
    "btn-ask-whole": {
        "fi": "Kysy parilta kokonaista",
        "en": "Ask whether the partner holds a marriage",
        "ru": "Спросить партнёра о марьяже",
    },
    "btn-ask-half": {
        "fi": "Kysy puolikasta {suit}",
        "en": "Ask for the other half {suit}",
        "ru": "Спросить вторую половину {suit}",
    },
    "btn-answer": {"fi": "Vastaa: {suit}", "en": "Answer: {suit}", "ru": "Ответить: {suit}"},
    "btn-answer-no": {"fi": "Vastaa: ei ole", "en": "Answer: none", "ru": "Ответить: нет"},
    "btn-trump": {"fi": "Valtiksi {suit}", "en": "Trumps: {suit}", "ru": "Козырь: {suit}"},
    "btn-no-trump": {"fi": "Ei valttia", "en": "No trumps", "ru": "Без козыря"},
    "btn-redeal": {"fi": "Pyydä uusjakoa", "en": "Ask for a redeal", "ru": "Попросить пересдачу"},
    "btn-marriage-lead": {
        "fi": "Näytä mariini aloittamalla kortilla {card}",
        "en": "Show the marriage by leading {card}",
        "ru": "Показать марьяж, сходив {card}",
    },
    "btn-discard": {
        "fi": "Poista valitut ({n}/3)",
        "en": "Discard the picked cards ({n}/3)",
        "ru": "Сбросить выбранные ({n}/3)",
    },
    "picked": {
        "fi": "Poistettaviksi valittu: {n}/3.",
        "en": "Cards picked for the discard: {n} of 3.",
        "ru": "Выбрано для сброса: {n} из 3.",
    },
    "pick-three": {
        "fi": "Valitse ensin kolme korttia poistettaviksi.",
        "en": "Pick three cards to discard first.",
        "ru": "Сначала выберите три карты для сброса.",
    },
    # ---------------------------------------------------------------- Huutopussi with marriage trumps
    "auction-final": {
        "fi": (
            "Passi on lopullinen: passannut ei enää huuda. Huuto nousee viisi pistettä kerrallaan, "
            "enintään {max}. Kun muut ovat passanneet, viimeksi huutanut voittaa huudon."
        ),
        "en": (
            "A pass is final: whoever passes bids no more. Bids go up in fives, to {max} at most. "
            "When all the others have passed, the last to bid wins the bidding."
        ),
        "ru": (
            "Пас окончателен: спасовавший больше не заказывает. Заказ растёт с шагом 5, "
            "не выше {max}. Когда все остальные спасовали, торговлю выигрывает последний заказавший."
        ),
    },
    "auction-forced": {
        "fi": "Ensimmäinen puhuja {seat} ei saa passata, vaan huutaa vähintään {min}.",
        "en": "The first to speak, {seat}, may not pass and must bid at least {min}.",
        "ru": "Первый по очереди, {seat}, не может спасовать и должен заказать не меньше {min}.",
    },
    "auction-ban": {
        "fi": (
            "Huutokielto: {seats}. Puoli, jonka pisteet ovat {limit}, ei huuda; jos sen on "
            "avattava, se huutaa tasan {min}."
        ),
        "en": (
            "Bidding ban: {seats}. A side whose total is {limit} may not bid; if it must open, "
            "it bids exactly {min}."
        ),
        "ru": (
            "Запрет заказывать: {seats}. Сторона, у которой {limit}, не заказывает; если ей "
            "выпало открывать торговлю, она заказывает ровно {min}."
        ),
    },
    "ban-limit:minus-500": {"fi": "−500 tai vähemmän", "en": "−500 or less", "ru": "−500 очков или меньше"},
    "ban-limit:minus-250": {"fi": "−250 tai vähemmän", "en": "−250 or less", "ru": "−250 очков или меньше"},
    "ban-limit:below-zero": {"fi": "alle nollan", "en": "below zero", "ru": "меньше нуля очков"},
    "exchange-give": {
        "fi": "Vaihto: {partner} antaa huutajalle ({seat}) {n:cards-acc} kuvapuoli alaspäin.",
        "en": "The exchange: {partner} gives the bidder, {seat}, {n:cards} face down.",
        "ru": "Обмен: {partner} передаёт разыгрывающему ({seat}) {n:cards-acc} рубашкой вверх.",
    },
    "exchange-contract": {
        "fi": "{seat} asettaa sitoumuksen: vähintään huuto {bid}, enintään {max}, viiden pisteen välein.",
        "en": "{seat} sets the contract: the bid of {bid} or more, up to {max}, in steps of 5.",
        "ru": "{seat} называет окончательный заказ: от {bid} до {max}, с шагом 5.",
    },
    "exchange-return": {
        "fi": "Vaihto: huutaja {seat} antaa parilleen ({partner}) takaisin {n:cards-acc}.",
        "en": "The exchange: the bidder, {seat}, gives {partner} {n:cards} back.",
        "ru": "Обмен: разыгрывающий ({seat}) возвращает партнёру ({partner}) {n:cards-acc}.",
    },
    "exchange-discard": {
        "fi": "{seat} poistaa kolme korttia kuvapuoli alaspäin (ei ässiä eikä kymppejä).",
        "en": "{seat} puts three cards away face down (no aces or tens).",
        "ru": "{seat} сбрасывает три карты рубашкой вверх (не тузы и не десятки).",
    },
    "exchange-you-give": {
        "fi": "Parisi {seat} voitti huudon. Valitse {n:cards-acc}, jotka annat hänelle.",
        "en": "Your partner {seat} won the bidding. Pick {n:cards} to give them.",
        "ru": "Торговлю выиграл ваш партнёр {seat}. Выберите {n:cards-acc}, чтобы передать ему.",
    },
    "exchange-you-return": {
        "fi": "Valitse {n:cards-acc}, jotka annat takaisin parillesi {seat} (myös saaduista).",
        "en": "Pick {n:cards} to give back to your partner {seat} (the ones you got may be among them).",
        "ru": "Выберите {n:cards-acc}, чтобы вернуть партнёру {seat} (можно и из полученных).",
    },
    "exchange-got": {
        "fi": "Sait pariltasi: {cards}.",
        "en": "Your partner gave you: {cards}.",
        "ru": "Партнёр передал вам: {cards}.",
    },
    "exchange-gave": {
        "fi": "Annoit parillesi: {cards}.",
        "en": "You gave your partner: {cards}.",
        "ru": "Вы передали партнёру: {cards}.",
    },
    "exchange-back": {
        "fi": "Huutaja antoi takaisin: {cards}.",
        "en": "The bidder gave back: {cards}.",
        "ru": "Разыгрывающий вернул: {cards}.",
    },
    "exchange-you-back": {
        "fi": "Annoit takaisin: {cards}.",
        "en": "You gave back: {cards}.",
        "ru": "Вы вернули: {cards}.",
    },
    "exchange-hidden": {
        "fi": "Vaihdetut kortit näkevät vain huutaja ja hänen parinsa.",
        "en": "Only the bidder and his partner see the cards exchanged.",
        "ru": "Карты обмена видят только разыгрывающий и его партнёр.",
    },
    "btn-give": {
        "fi": "Anna valitut ({n}/{of})",
        "en": "Give the picked cards ({n}/{of})",
        "ru": "Передать выбранные ({n}/{of})",
    },
    "btn-return": {
        "fi": "Anna valitut takaisin ({n}/{of})",
        "en": "Give the picked cards back ({n}/{of})",
        "ru": "Вернуть выбранные ({n}/{of})",
    },
    "btn-contract": {
        "fi": "Sitoumus {points}",
        "en": "Contract {points}",
        "ru": "Окончательный заказ {points}",
    },
    "picked-exchange": {
        "fi": "Vaihtoon valittu: {n}/{of}.",
        "en": "Cards picked for the exchange: {n} of {of}.",
        "ru": "Выбрано для обмена: {n} из {of}.",
    },
    "pick-exchange": {
        "fi": "Valitse ensin {n:cards-acc} vaihtoon.",
        "en": "Pick {n:cards} for the exchange first.",
        "ru": "Сначала выберите для обмена {n:cards-acc}.",
    },
    "log-give": {
        "fi": "{n:cards} annettu huutajalle",
        "en": "{n:cards} given to the bidder",
        "ru": "{n:cards} — разыгрывающему",
    },
    "log-return": {
        "fi": "{n:cards} annettu takaisin",
        "en": "{n:cards} given back",
        "ru": "{n:cards} — обратно партнёру",
    },
    "log-contract": {
        "fi": "sitoumus {points}",
        "en": "contract {points}",
        "ru": "окончательный заказ {points}",
    },
    "contract-set": {
        "fi": "Huutaja {seat}: huuto {bid}, sitoumus {contract}.",
        "en": "The bidder, {seat}: bid {bid}, contract {contract}.",
        "ru": "Разыгрывающий {seat}: заказ в торговле {bid}, окончательный {contract}.",
    },
    "trump-none": {
        "fi": "Ei vielä valttia. Voitetun tikin jälkeen ilmoitettu kokonainen tekee maastaan valtin.",
        "en": "No trumps yet. A marriage declared after a won trick makes its suit trumps.",
        "ru": "Козыря пока нет. Марьяж, объявленный после взятой взятки, делает свою масть козырем.",
    },
    "trump-none-done": {
        "fi": "Kokonaista ei ilmoitettu, joten jako pelattiin ilman valttia.",
        "en": "No marriage was declared, so the deal was played without trumps.",
        "ru": "Марьяж не объявляли, поэтому сдача сыграна без козыря.",
    },
    "trump-since": {
        "fi": "Valtti nyt: {suit}, tikistä {trick} alkaen.",
        "en": "Trumps now: {suit}, since trick {trick}.",
        "ru": "Козырь сейчас: {suit}, начиная со взятки {trick}.",
    },
    "trump-from": {
        "fi": "Valtti vaihtuu: {suit} tikistä {trick} alkaen.",
        "en": "Trumps change: {suit} from trick {trick} on.",
        "ru": "Козырь меняется: {suit} начиная со взятки {trick}.",
    },
    "trump-was": {"fi": "Aiemmin: {history}.", "en": "Before: {history}.", "ru": "Раньше: {history}."},
    "trump-step": {
        "fi": "{suit} tikistä {trick}",
        "en": "{suit} from trick {trick}",
        "ru": "{suit} со взятки {trick}",
    },
    "talon-shown": {
        "fi": "Talo, jonka {seat} näytti ja otti: {cards}.",
        "en": "The talon {seat} showed and took: {cards}.",
        "ru": "Прикуп, который {seat} показал и взял: {cards}.",
    },
    "window-own-led": {
        "fi": (
            "Voitit tikin, jonka itse aloitit: ennen seuraavaa lähtökorttiasi saat yhden yrityksen, "
            "joko oman kokonaisen tai kysymyksen parille. Ei-vastaus käyttää yrityksen, ja kortin "
            "pelaaminen ohittaa sen."
        ),
        "en": (
            "You won a trick you led: before your next lead you have one try, your own marriage or "
            "a question to your partner. A no uses it up; playing a card skips it."
        ),
        "ru": (
            "Вы взяли взятку, в которую ходили сами: до следующего хода у вас одна попытка — свой "
            "марьяж или вопрос партнёру. Ответ «нет» её расходует, ход картой её пропускает."
        ),
    },
    "window-any": {
        "fi": (
            "Voitit tikin: ennen seuraavaa lähtökorttiasi saat yhden yrityksen, joko oman kokonaisen "
            "tai kysymyksen parille. Ei-vastaus käyttää yrityksen, ja kortin pelaaminen ohittaa sen."
        ),
        "en": (
            "You won a trick: before your next lead you have one try, your own marriage or a question "
            "to your partner. A no uses it up; playing a card skips it."
        ),
        "ru": (
            "Вы взяли взятку: до следующего хода у вас одна попытка — свой марьяж или вопрос "
            "партнёру. Ответ «нет» её расходует, ход картой её пропускает."
        ),
    },
    "lock-own": {
        "fi": "Tässä jaossa et enää saa ilmoittaa kokonaista omasta kädestäsi: kysymys esti sen.",
        "en": "This deal you may no longer declare a marriage from your own hand: an ask barred it.",
        "ru": "В этой сдаче вы больше не можете объявить марьяж со своей руки: это запретил вопрос.",
    },
    "lock-whole": {
        "fi": "Tässä jaossa et enää saa kysyä pariltasi kokonaista: kysymys esti sen.",
        "en": "An ask has closed the question of a marriage to your partner for the rest of this deal.",
        "ru": "В этой сдаче вы больше не можете спросить партнёра о марьяже: это запретил вопрос.",
    },
    "lock-denied": {
        "fi": "Puolikasta kysyttiin jo turhaan, eikä sitä kysytä uudestaan: {suits}.",
        "en": "A half your side already asked for in vain, not asked again: {suits}.",
        "ru": "Половину в этих мастях ваша пара уже спрашивала безуспешно, повторно не спрашивают: {suits}.",
    },
    "estimate-note": {
        "fi": "Tässä pelissä nämä luvut ovat vain karkeita arvioita.",
        "en": "In this game these figures are rough estimates.",
        "ru": "В этой игре эти цифры — лишь приблизительные оценки.",
    },
    # ---------------------------------------------------------------- hints and reasons
    "hint": {"fi": "Vihje", "en": "Hint", "ru": "Подсказка"},
    "hint-more": {"fi": "Näytä kortti", "en": "Show the card", "ru": "Показать карту"},
    "hint-duty": {
        "fi": "Kaikki kortit eivät nyt käy: {rule}. Sallitut maat: {suits}.",
        "en": "Not every card may be played now: {rule}. The suits allowed: {suits}.",
        "ru": "Сейчас можно ходить не любой картой: {rule}. Разрешённые масти: {suits}.",
    },
    "hint-suit": {
        "fi": "Mieti maata {suit}.",
        "en": "Think about the suit {suit}.",
        "ru": "Подумайте о масти {suit}.",
    },
    "hint-think": {
        "fi": "Katso kättäsi ja mieti, mitä parisi tarvitsee.",
        "en": "Look at your hand and think about what your side needs.",
        "ru": "Посмотрите на свои карты и подумайте, что нужно вашей паре.",
    },
    "hint-card": {
        "fi": "Kerhopelaaja valitsisi: {what}. Perustelu: {why}.",
        "en": "A club player would choose: {what}. Why: {why}.",
        "ru": "Клубный игрок выбрал бы: {what}. Почему: {why}.",
    },
    "hint-refine": {
        "fi": "Punnitse lisää jakoja",
        "en": "Weigh more deals",
        "ru": "Оценить на большем числе сдач",
    },
    "hint-auction-busy": {
        "fi": "Huutoja punnitaan: {deals:deals} valmiina.",
        "en": "Weighing the calls: {deals:deals} done.",
        "ru": "Заказы оцениваются (уже на {deals:deals-in}).",
    },
    "hint-auction": {
        "fi": "Paras vaihtoehto: {call}. Sillä {balance}.",
        "en": "The best call: {call}. With it {balance}.",
        "ru": "Лучший выбор: {call}. С ним {balance}.",
    },
    "hint-exchange": {
        "fi": "Paras valinta: {call}. Silloin {balance}.",
        "en": "The best choice: {call}. Then {balance}.",
        "ru": "Лучший вариант: {call}. Тогда {balance}.",
    },
    "hint-auction-next": {
        "fi": "Seuraavaksi paras: {call}, keskimäärin {loss} vähemmän.",
        "en": "Next best: {call}, {loss} less on average.",
        "ru": "Следующий по качеству: {call}, в среднем на {loss} меньше.",
    },
    "hint-auction-close": {
        "fi": "Seuraavaksi paras: {call}, ero on liian pieni ratkaistavaksi.",
        "en": "Next best: {call}, too close to call.",
        "ru": "Следующий по качеству: {call}, разница слишком мала, чтобы судить.",
    },
    "hint-auction-deals": {
        "fi": "Vihjeen pohjana on {deals:deals} (kortit pelattu kaikki kädet avoimina).",
        "en": "The hint stands on {deals:deals} (the cards played with every hand open).",
        "ru": "Подсказка основана на {deals:deals-in} (карты разыграны в открытую).",
    },
    "hint-auction-so-far": {
        "fi": "Vihjeen pohjana on toistaiseksi vasta {deals:deals}; lisää jakoja punnitaan"
        " (kortit pelattu kaikki kädet avoimina).",
        "en": "These figures are from {deals:deals} so far; more are being weighed"
        " (the cards played with every hand open).",
        "ru": "Пока цифры основаны лишь на {deals:deals-in}, оценка продолжается"
        " (карты разыграны в открытую).",
    },
    "why-button": {
        "fi": "Miksi {seat} pelasi {card}?",
        "en": "Why did {seat} play {card}?",
        "ru": "Почему {seat} сыграл {card}?",
    },
    "why-text": {
        "fi": "{seat} – {what}: {why}",
        "en": "{seat} – {what}: {why}",
        "ru": "{seat} — {what}: {why}",
    },
    "why-hidden": {"fi": "Perustelu piilotettu.", "en": "Reason hidden.", "ru": "Объяснение скрыто."},
    # ---------------------------------------------------------------- take-backs
    "back-card": {
        "fi": "Peru viimeisin siirtosi",
        "en": "Take back your last move",
        "ru": "Отменить свой последний ход",
    },
    "back-call": {
        "fi": "Peru viimeisin huutosi tai passisi",
        "en": "Take back your last bid or pass",
        "ru": "Отменить свой последний заказ или пас",
    },
    "back-trick": {
        "fi": "Peru tikin alkuun",
        "en": "Back to the start of the trick",
        "ru": "Назад к началу взятки",
    },
    "back-off": {
        "fi": "Siirtojen peruminen on asetuksissa pois päältä.",
        "en": "Take-backs are turned off in the settings.",
        "ru": "Отмена ходов выключена в настройках.",
    },
    "back-none": {
        "fi": "Peruttavaa ei ole.",
        "en": "There is nothing to take back.",
        "ru": "Отменять нечего.",
    },
    "taken-back": {
        "fi": "Peruttu siirtoja: {n}.",
        "en": "Moves taken back: {n}.",
        "ru": "Отменено ходов: {n}.",
    },
    # ---------------------------------------------------------------- after the deal
    "deal-over": {"fi": "Jako on pelattu", "en": "The deal is over", "ru": "Сдача сыграна"},
    "deal-not-over": {
        "fi": "Jako on vielä kesken.",
        "en": "The deal is not over yet.",
        "ru": "Сдача ещё не закончена.",
    },
    "download": {
        "fi": "Lataa jako tiedostona (.mjp)",
        "en": "Download the deal (.mjp)",
        "ru": "Скачать сдачу (.mjp)",
    },
    "open-stepper": {
        "fi": "Avaa jako tikki tikiltä pelikirjaussivulla",
        "en": "Open the deal trick by trick on the game records page",
        "ru": "Открыть сдачу по взяткам на странице записей игр",
    },
    "review": {"fi": "Arvioi pelini", "en": "Review my play", "ru": "Разбор моей игры"},
    "review-shown": {
        "fi": "Arvio näkyy alla.",
        "en": "The review is shown below.",
        "ru": "Разбор показан ниже.",
    },
    "review-title": {"fi": "Arvio", "en": "Review", "ru": "Разбор"},
    "review-scope": {
        "fi": (
            "Arvio käy läpi siirtosi tikistä {first} alkaen ja näkee kaikki kortit. Aiempia tikkejä "
            "se ei arvioi, jotta laskenta pysyy nopeana."
        ),
        "en": (
            "The review weighs your moves from trick {first} on with every hand in view (which "
            "keeps the search quick); earlier tricks are not weighed."
        ),
        "ru": (
            "Разбор оценивает ваши ходы со взятки {first}, с открытыми картами всех игроков. Более "
            "ранние взятки не оцениваются, чтобы расчёт шёл быстро."
        ),
    },
    "review-scope-all": {
        "fi": (
            "Arvio käy läpi jokaisen siirtosi koko jaosta (kortit, ilmoitukset, kysymiset ja "
            "vastaukset) ja näkee kaikkien pelaajien kortit."
        ),
        "en": (
            "The review weighs every move of yours in the whole deal (cards, declarations, asking "
            "and answers) with every hand in view."
        ),
        "ru": (
            "Разбор оценивает каждый ваш ход за всю сдачу (карты, объявления, вопросы партнёру и "
            "ответы), с открытыми картами всех игроков."
        ),
    },
    "review-busy": {
        "fi": "Arviota lasketaan. Voit jatkaa sillä välin; arvio ilmestyy tähän, kun se on valmis.",
        "en": "The review is being worked out. Carry on meanwhile: it appears here when it is ready.",
        "ru": "Разбор ещё считается. Можно продолжать: он появится здесь, когда будет готов.",
    },
    "review-ready": {
        "fi": "Arvio on valmis ja näkyy alla.",
        "en": "The review is ready and shown below.",
        "ru": "Разбор готов и показан ниже.",
    },
    "review-clean": {
        "fi": "Yksikään arvioiduista siirroistasi ei maksanut pisteitä.",
        "en": "None of the moves weighed cost you points.",
        "ru": "Ни один из оценённых ходов не стоил вам очков.",
    },
    "review-item": {
        "fi": "Tikki {trick}: {what} maksoi {loss}; parempi olisi ollut {better}.",
        "en": "Trick {trick}: {what} cost {loss}; better was {better}.",
        "ru": "Взятка {trick}: {what} — потеря {loss}; лучше было {better}.",
    },
    # ---------------------------------------------------------------- the review of the bidding
    "review-auction-title": {"fi": "Huutovaihe", "en": "The bidding", "ru": "Торговля"},
    "review-cards-title": {"fi": "Korttipeli", "en": "The card play", "ru": "Розыгрыш карт"},
    "review-auction-none": {
        "fi": "Tässä jaossa sinulla ei ollut huutovaiheessa valinnanvaraa: jokainen vuorosi oli pakotettu.",
        "en": "You had no choice to make in this deal's bidding: every call of yours was forced.",
        "ru": "В торговле этой сдачи выбора у вас не было: каждый ваш ход был вынужденным.",
    },
    "review-auction-method": {
        "fi": (
            "Jokainen huutosi ja passisi on punnittu {deals:deals-in}, jotka on arvottu sopimaan "
            "siihen, mitä silloin tiesit. Sen jälkeen muut huutavat kätensä laskemalla, ja kortit "
            "pelataan kaikki kädet avoimina, kuten bridgeohjelmatkin olettavat."
        ),
        "en": (
            "Each of your calls is weighed over {deals:deals} dealt to fit what you knew then: "
            "after it the others bid by counting their hands, and the cards are played with "
            "every hand open, as bridge programs assume."
        ),
        "ru": (
            "Каждый ваш заказ и пас оценён на {deals:deals-in}, разложенных так, чтобы они "
            "сходились с тем, что вы тогда знали: дальше остальные торгуются, подсчитывая свои "
            "карты, а карты разыгрываются в открытую, как принято в программах для бриджа."
        ),
    },
    "review-exchange-title": {
        "fi": "Huutovaihe ja vaihto",
        "en": "The bidding and the exchange",
        "ru": "Торговля и обмен",
    },
    "review-exchange-method": {
        "fi": (
            "Jokainen huutosi ja jokainen korttivalintasi on punnittu {deals:deals-in}, jotka "
            "on arvottu sopimaan siihen, mitä silloin tiesit. Sen jälkeen muut huutavat kätensä "
            "laskemalla, vaihto ja sopimus noudattavat bottien nyrkkisääntöjä, ja kortit pelataan "
            "kaikki kädet avoimina, kuten bridgeohjelmatkin olettavat."
        ),
        "en": (
            "Each of your calls and each choice of cards you made is weighed over {deals:deals} "
            "dealt to fit what you knew then: after it the others bid by counting their hands, "
            "the exchange and the contract follow the bots' rules of thumb, and the cards are "
            "played with every hand open, as bridge programs assume."
        ),
        "ru": (
            "Каждый ваш заказ и каждый выбор карт оценён на {deals:deals-in}, разложенных так, "
            "чтобы они сходились с тем, что вы тогда знали: дальше остальные торгуются, "
            "подсчитывая свои карты, обмен и заказ идут по простым правилам ботов, а карты "
            "разыгрываются в открытую, как принято в программах для бриджа."
        ),
    },
    "review-exchange-busy": {
        "fi": "Huutojasi ja vaihtoasi punnitaan vielä. Korttipelin arvio on jo alla.",
        "en": "Your calls and your exchange are still being weighed. The card play's review is below.",
        "ru": "Ваши заказы и обмен ещё оцениваются. Разбор розыгрыша уже ниже.",
    },
    "review-auction-busy": {
        "fi": "Huutojasi punnitaan vielä. Korttipelin arvio on jo alla.",
        "en": "Your calls are still being weighed. The review of the card play is below already.",
        "ru": "Ваши заказы ещё оцениваются. Разбор розыгрыша уже ниже.",
    },
    "review-auction-ready": {
        "fi": "Huutovaiheen arvio on valmis.",
        "en": "The review of the bidding is ready.",
        "ru": "Разбор торговли готов.",
    },
    "review-call-best": {
        "fi": "{call}: paras vaihtoehto. Sillä {balance} ({deals:deals}).",
        "en": "{call}: the best choice. With it {balance} ({deals:deals}).",
        "ru": "{call}: лучший выбор. С ним {balance} ({deals:deals}).",
    },
    "balance-ahead": {
        "fi": "puolesi jää keskimäärin {points:points} muiden edelle",
        "en": "your side ends {points:points} ahead of the others on average",
        "ru": "ваша сторона в среднем на {points:points} впереди остальных",
    },
    "balance-behind": {
        "fi": (
            "puolesi jää keskimäärin {points:points} muista jälkeen, eikä mikään muu vaihtoehto "
            "ollut parempi"
        ),
        "en": "your side ends {points:points} behind the others on average, and no other call did better",
        "ru": (
            "ваша сторона в среднем на {points:points} позади остальных, и ни один другой выбор не "
            "был лучше"
        ),
    },
    "review-call-close": {
        "fi": (
            "{call}: yhtä hyvä kuin {best} sattuman rajoissa; ero on liian pieni ratkaistavaksi "
            "({deals:deals})."
        ),
        "en": "{call}: as good as {best} within chance, too close to call ({deals:deals}).",
        "ru": (
            "{call}: с учётом случайности не хуже, чем «{best}»: разница слишком мала, чтобы "
            "судить ({deals:deals})."
        ),
    },
    "review-call-costs": {
        "fi": "{call} maksoi keskimäärin {loss}; parempi olisi ollut {best} ({deals:deals}).",
        "en": "{call} cost {loss} on average; better was {best} ({deals:deals}).",
        "ru": "{call} — в среднем потеря {loss}; лучше было «{best}» ({deals:deals}).",
    },
    "review-call-made": {
        "fi": "Valinnalla ”{call}” puolesi lunastaa {made:deals-in} huudon {bid} (otoksessa {deals:deals}).",
        "en": "After “{call}” your side makes {bid} in {made} of {deals:deals}.",
        "ru": "При выборе «{call}» ваша сторона выполняет заказ {bid} в {made:deals-in} из {deals}.",
    },
    # the example deal beside a call's figures (issue 32, Decided 6), behind a disclosure
    "example-summary": {
        "fi": "Esimerkkijako valinnalle ”{call}”",
        "en": "An example deal for “{call}”",
        "ru": "Пример сдачи для выбора «{call}»",
    },
    "example-made": {
        "fi": "Tässä jaossa puolesi saa pelaajana kasaan {points:points}, joten huuto {bid} lunastetaan.",
        "en": "In this deal your side collects {points:points} declaring, so the bid of {bid} is made.",
        "ru": (
            "В этой сдаче ваша сторона, играя заказ, набирает {points:points}, так что заказ {bid} "
            "выполнен."
        ),
    },
    "example-failed": {
        "fi": (
            "Tässä jaossa puolesi saa pelaajana kasaan vain {points:points}, joten huuto {bid} jää "
            "lunastamatta."
        ),
        "en": (
            "In this deal your side collects only {points:points} declaring, so the bid of {bid} is not "
            "made."
        ),
        "ru": (
            "В этой сдаче ваша сторона, играя заказ, набирает лишь {points:points}, так что заказ {bid} "
            "не выполнен."
        ),
    },
    "example-contract-made": {
        "fi": "Tässä jaossa huuto {bid} lunastetaan.",
        "en": "In this deal the bid of {bid} is made.",
        "ru": "В этой сдаче заказ {bid} выполнен.",
    },
    "example-contract-failed": {
        "fi": "Tässä jaossa huuto {bid} jää lunastamatta.",
        "en": "In this deal the bid of {bid} is not made.",
        "ru": "В этой сдаче заказ {bid} не выполнен.",
    },
    "example-ahead": {
        "fi": "Tässä jaossa puolesi jää valinnalla ”{call}” {points:points} muiden edelle.",
        "en": "In this deal, after “{call}”, your side ends {points:points} ahead of the others.",
        "ru": "В этой сдаче при выборе «{call}» ваша сторона на {points:points} впереди остальных.",
    },
    "example-behind": {
        "fi": "Tässä jaossa puolesi jää valinnalla ”{call}” {points:points} muista jälkeen.",
        "en": "In this deal, after “{call}”, your side ends {points:points} behind the others.",
        "ru": "В этой сдаче при выборе «{call}» ваша сторона на {points:points} позади остальных.",
    },
    "example-level": {
        "fi": "Tässä jaossa puolesi on valinnalla ”{call}” tasoissa muiden kanssa.",
        "en": "In this deal, after “{call}”, your side ends level with the others.",
        "ru": "В этой сдаче при выборе «{call}» ваша сторона наравне с остальными.",
    },
    "example-hands": {
        "fi": "Muiden kädet sellaisina kuin ne jaettiin:",
        "en": "The other hands as they were dealt:",
        "ru": "Руки остальных игроков в том виде, в каком их сдали:",
    },
    "example-talon": {"fi": "Talo", "en": "Talon", "ru": "Прикуп"},
    "review-par": {
        "fi": (
            "Avoimin kortein {side} olisi voinut huutaa {contract} ja lunastaa sen: {seat} pelaajana, "
            "valttina {suit}, kasaan {points:points}."
        ),
        "en": (
            "With every hand open, {side} could have bid and made {contract}: {seat} playing it in "
            "{suit} trumps, {points:points} collected."
        ),
        "ru": (
            "В открытую лучший выполнимый заказ стороны «{side}» — {contract}: играет {seat}, "
            "козырь {suit}, набрано {points:points}."
        ),
    },
    "review-par-marriage": {
        "fi": (
            "Avoimin kortein {side} olisi voinut huutaa {contract} ja lunastaa sen: {seat} pelaajana, "
            "kortit vaihdettuina bottien tapaan, kasaan {points:points}."
        ),
        "en": (
            "With every hand open, {side} could have bid and made {contract}: {seat} declaring, "
            "the cards exchanged as the bots do, {points:points} collected."
        ),
        "ru": (
            "В открытую лучший выполнимый заказ стороны «{side}» — {contract}: играет {seat}, "
            "картами обменялись так, как это делают боты, набрано {points:points}."
        ),
    },
    "review-par-none": {
        "fi": "Avoimin kortein {side} ei olisi lunastanut yhtään huutoa (parhaimmillaan {points:points}).",
        "en": "With every hand open, {side} could have made no bid ({points:points} at best).",
        "ru": "В открытую сторона «{side}» не выполнила бы ни одного заказа (не больше {points:points}).",
    },
    "next": {"fi": "Seuraava jako", "en": "Next deal", "ru": "Следующая сдача"},
    "next-deal": {"fi": "Jako {n} alkaa.", "en": "Deal {n} begins.", "ru": "Начинается сдача {n}."},
    "new-game-button": {"fi": "Uusi peli", "en": "New game", "ru": "Новая игра"},
    "sheet": {"fi": "Pistelista", "en": "Score sheet", "ru": "Лист счёта"},
    "deal-no": {"fi": "Jako", "en": "Deal", "ru": "Сдача"},
    "total": {"fi": "Yhteensä", "en": "Total", "ru": "Итого"},
    "game-over": {"fi": "Peli on päättynyt.", "en": "The game is over.", "ru": "Игра окончена."},
    "game-won": {
        "fi": "Peli päättyi: voittaja {side}.",
        "en": "The game is over: {side} won.",
        "ru": "Игра окончена, победитель: {side}.",
    },
    # ---------------------------------------------------------------- the saved game
    "restored": {
        "fi": "Keskeneräinen peli palautettu.",
        "en": "The game in progress is back.",
        "ru": "Начатая игра восстановлена.",
    },
    "restore-failed": {
        "fi": (
            "Tallennettua peliä ei voitu lukea ({why}), joten alkaa uusi peli. Vanhan tekstin voi "
            "ladata talteen."
        ),
        "en": (
            "The saved game could not be read ({why}), so a new game starts. The old text can be downloaded."
        ),
        "ru": (
            "Сохранённую игру не удалось прочитать ({why}), поэтому начинается новая. Старый "
            "текст можно скачать."
        ),
    },
    "restore-replaced": {
        "fi": "Linkin jako korvasi tallennetun pelin. Tallennetun pelin voi ladata talteen.",
        "en": "The linked deal has taken the place of the saved game. The saved game can be downloaded.",
        "ru": "Сдача по ссылке заменила сохранённую игру. Сохранённую игру можно скачать.",
    },
    "why:not-json": {"fi": "teksti on rikki", "en": "the text is broken", "ru": "текст повреждён"},
    "why:version": {
        "fi": "se on tallennettu toisella versiolla",
        "en": "it was saved by another version",
        "ru": "она сохранена другой версией",
    },
    "why:fields": {
        "fi": "sen tiedot eivät sovi sääntöihin",
        "en": "its contents do not fit the rules",
        "ru": "её данные не согласуются с правилами",
    },
    "why:too-long": {"fi": "se on liian pitkä", "en": "it is too long", "ru": "она слишком длинная"},
    "old-download": {"fi": "Lataa vanha teksti", "en": "Download the old text", "ru": "Скачать старый текст"},
    "dismiss": {"fi": "Sulje ilmoitus", "en": "Close this note", "ru": "Закрыть сообщение"},
    "dismissed": {"fi": "Ilmoitus suljettu.", "en": "Note closed.", "ru": "Сообщение закрыто."},
}


def pt(key: str, lang: str = "en", **params: Any) -> str:
    """Look up a text of the Play widget and fill it in (English if the language is unknown)."""
    entry = PLAY_TEXTS[key]
    return fill(entry.get(lang) or entry["en"], lang, **params)
