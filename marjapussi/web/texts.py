"""The widgets' own words: buttons, labels and notes, in Finnish, English and Russian.

The rules' words (rule names, refusals, score steps) come from ``marjapussi.messages``;
this small catalogue holds only what the card table and the widgets add around them.
Values are ``str.format`` templates.

>>> wt("table", "fi"), wt("step-next-card", "ru")
('Korttipöytä', 'Следующая карта')
>>> wt("hidden-cards", "en", n=7)
'cards in hand: 7'
"""

from __future__ import annotations

from typing import Any

from ..plurals import fill

__all__ = ["TEXTS", "wt"]

TEXTS: dict[str, dict[str, str]] = {
    # ---------------------------------------------------------------- the card table
    "table": {"fi": "Korttipöytä", "en": "Card table", "ru": "Игровой стол"},
    "hidden-cards": {
        "fi": "kortteja kädessä: {n}",
        "en": "cards in hand: {n}",
        "ru": "карт на руке: {n}",
    },
    "trick-n": {"fi": "Tikki {n}", "en": "Trick {n}", "ru": "Взятка {n}"},
    "trick-empty": {
        "fi": "Pöydässä ei ole vielä kortteja.",
        "en": "No card on the table yet.",
        "ru": "На столе пока нет карт.",
    },
    "takes-trick": {"fi": "{seat} vie tikin", "en": "{seat} takes the trick", "ru": "{seat} берёт взятку"},
    "hand-of": {"fi": "Käsi: {seat}", "en": "{seat}'s hand", "ru": "Рука: {seat}"},
    "you": {"fi": "Sinä", "en": "You", "ru": "Вы"},
    "tricks-played": {"fi": "Pelatut tikit", "en": "Tricks played", "ru": "Сыгранные взятки"},
    "declarations": {"fi": "Ilmoitukset", "en": "Declarations", "ru": "Объявления"},
    "no-declarations": {
        "fi": "Ei ilmoituksia.",
        "en": "No declarations.",
        "ru": "Объявлений нет.",
    },
    # ---------------------------------------------------------------- score working
    "col-working": {"fi": "Vaihe", "en": "Step", "ru": "Шаг"},
    "col-pair": {"fi": "Pari", "en": "Pair", "ru": "Пара"},
    "col-before": {"fi": "Ennen", "en": "Before", "ru": "До"},
    "col-deal": {"fi": "Jaosta", "en": "This deal", "ru": "За сдачу"},
    "col-after": {"fi": "Jälkeen", "en": "After", "ru": "После"},
    "col-total": {"fi": "Yhteensä", "en": "Total", "ru": "Итого"},
    "col-tricks": {"fi": "Tikit", "en": "Tricks", "ru": "Взятки"},
    "col-matit": {"fi": "Matit", "en": "Aces and tens", "ru": "Матти"},
    "col-pips": {"fi": "Silmät", "en": "Pips", "ru": "Глазки"},
    "col-aces": {"fi": "Ässät", "en": "Aces", "ru": "Тузы"},
    "col-card-points": {"fi": "Korttipisteet", "en": "Card points", "ru": "Очки за карты"},
    "col-collected": {"fi": "Kerätyt pisteet", "en": "Collected", "ru": "Набрано"},
    "col-row": {"fi": "Jako", "en": "Deal", "ru": "Сдача"},
    "score-caption": {
        "fi": "Jaon pisteet vaihe vaiheelta",
        "en": "The deal's points step by step",
        "ru": "Очки за сдачу по шагам",
    },
    "counts-caption": {
        "fi": "Mitä kumpikin pari otti",
        "en": "What each pair took",
        "ru": "Что взяла каждая пара",
    },
    "counts-caption-players": {
        "fi": "Mitä kukin pelaaja otti",
        "en": "What each player took",
        "ru": "Что взял каждый игрок",
    },
    "era-caption": {
        "fi": "Eräpisteet ennen ja jälkeen jaon",
        "en": "Erä totals before and after the deal",
        "ru": "Счёт эря до и после сдачи",
    },
    "game-caption": {
        "fi": "Pelipisteet ennen ja jälkeen jaon",
        "en": "Game points before and after the deal",
        "ru": "Игровые очки до и после сдачи",
    },
    "game-totals-before": {
        "fi": "Pelipisteet ennen jakoa",
        "en": "Game points before the deal",
        "ru": "Игровые очки до сдачи",
    },
    "new-game-totals": {"fi": "Uudet pelipisteet", "en": "New game points", "ru": "Новые игровые очки"},
    "sheet-caption": {"fi": "Pistelista", "en": "Score sheet", "ru": "Лист счёта"},
    "era-wins": {"fi": "Voitetut erät", "en": "Erä won", "ru": "Выигранные эря"},
    "misplays": {"fi": "Pelivirheet", "en": "Misplays", "ru": "Ошибки"},
    "outcome-play-on": {
        "fi": "Kumpikaan pari ei ole tasan tavoitteessa: peli jatkuu.",
        "en": "Neither pair is exactly on the target: play goes on.",
        "ru": "Ни одна пара не стоит ровно на цели: игра продолжается.",
    },
    "outcome-won": {
        "fi": "{pair} voittaa erän.",
        "en": "{pair} wins the erä.",
        "ru": "Пара {pair} выигрывает эря.",
    },
    "outcome-play-on-or-more": {
        "fi": "Kumpikaan pari ei ole vielä saavuttanut tavoitetta: peli jatkuu.",
        "en": "Neither pair has reached the target yet: play goes on.",
        "ru": "Ни одна пара ещё не достигла цели: игра продолжается.",
    },
    "outcome-both-back": {
        "fi": (
            "Molemmat parit päätyivät tavoitteeseen samassa jaossa: kumpikin palaa {to} pisteeseen, "
            "ja peli jatkuu."
        ),
        "en": "Both pairs ended the deal on the target at once: both go back to {to}, and play goes on.",
        "ru": "Обе пары вышли на цель в одной сдаче: обе возвращаются к {to}, игра продолжается.",
    },
    "outcome-tie": {
        "fi": "Molemmat parit saavuttivat tavoitteen samassa jaossa: peli päättyy tasan.",
        "en": "Both pairs reached the target in the same deal: the game is a tie.",
        "ru": "Обе пары достигли цели в одной сдаче: игра окончена вничью.",
    },
    "outcome-game-lost": {
        "fi": "{pair} voittaa pelin vastapuolen kolmannen pelivirheen vuoksi.",
        "en": "{pair} wins the game: the other pair made its third misplay.",
        "ru": "Пара {pair} выигрывает игру: соперники ошиблись в третий раз.",
    },
    "game-winner": {
        "fi": "{pair} voittaa pelin.",
        "en": "{pair} wins the game.",
        "ru": "Пара {pair} выигрывает игру.",
    },
    "game-tied": {
        "fi": "Peli päättyi tasan.",
        "en": "The game ended in a tie.",
        "ru": "Игра окончилась вничью.",
    },
    # ---------------------------------------------------------------- verdicts
    "verdicts-caption": {
        "fi": "Mitä {seat} saa pelata",
        "en": "What {seat} may play",
        "ru": "Чем может ходить {seat}",
    },
    "verdict-allowed": {"fi": "sallittu", "en": "allowed", "ru": "можно"},
    "verdict-refused": {"fi": "kielletty", "en": "not allowed", "ru": "нельзя"},
    # ---------------------------------------------------------------- widget frame
    "update": {"fi": "Päivitä", "en": "Update", "ru": "Обновить"},
    "bad-message": {
        "fi": "Toimintoa ei voitu lukea, joten näytetään alkutilanne.",
        "en": "That action could not be read, so the widget starts again.",
        "ru": "Действие не удалось прочитать, поэтому показано начальное положение.",
    },
    "bad-action": {
        "fi": "Tätä toimintoa ei tunnisteta.",
        "en": "That action is not known here.",
        "ru": "Такое действие здесь неизвестно.",
    },
    "bad-state": {
        "fi": "Tilanne oli virheellinen, joten näytetään alkutilanne.",
        "en": "The position was not valid, so the widget starts again.",
        "ru": "Позиция была неверной, поэтому показано начальное положение.",
    },
    "bad-url": {
        "fi": "Linkin tilannetta ei voitu lukea, joten näytetään alkutilanne.",
        "en": "The position in the link could not be read, so the widget starts again.",
        "ru": "Позицию из ссылки не удалось прочитать, поэтому показано начальное положение.",
    },
    "from-url": {
        "fi": "Tilanne avattiin linkistä.",
        "en": "Position opened from the link.",
        "ru": "Позиция открыта по ссылке.",
    },
    "unknown-widget": {
        "fi": "Tuntematon pienoisohjelma.",
        "en": "Unknown widget.",
        "ru": "Неизвестный виджет.",
    },
    "view-from": {"fi": "Näkymä", "en": "View", "ru": "Вид"},
    "view-all": {"fi": "kaikki kädet näkyvissä", "en": "all hands shown", "ru": "все руки открыты"},
    "view-seat": {"fi": "paikalta {seat}", "en": "from {seat}'s seat", "ru": "с места {seat}"},
    # ---------------------------------------------------------------- trick stepper
    "stepper-label": {
        "fi": "Esimerkkijako tikki tikiltä",
        "en": "Example deal, trick by trick",
        "ru": "Пример сдачи по взяткам",
    },
    "step-start": {"fi": "Alkuun", "en": "To the start", "ru": "В начало"},
    "step-prev-trick": {"fi": "Edellinen tikki", "en": "Previous trick", "ru": "Предыдущая взятка"},
    "step-prev-card": {"fi": "Edellinen kortti", "en": "Previous card", "ru": "Предыдущая карта"},
    "step-next-card": {"fi": "Seuraava kortti", "en": "Next card", "ru": "Следующая карта"},
    "step-next-trick": {"fi": "Seuraava tikki", "en": "Next trick", "ru": "Следующая взятка"},
    "step-end": {"fi": "Loppuun", "en": "To the end", "ru": "В конец"},
    "step-of": {
        "fi": "Siirto {n}/{total}",
        "en": "Action {n} of {total}",
        "ru": "Действие {n} из {total}",
    },
    "step-at-start": {
        "fi": "Jako alkaa. {seat} aloittaa.",
        "en": "The deal begins. {seat} leads.",
        "ru": "Сдача начинается. Первым ходит {seat}.",
    },
    "step-calls-first": {
        "fi": "Jako alkaa. {seat} puhuu ensimmäisenä.",
        "en": "The deal begins. {seat} calls first.",
        "ru": "Сдача начинается. Первым в торговле говорит {seat}.",
    },
    "step-bids": {
        "fi": "{seat} huutaa {points}.",
        "en": "{seat} bids {points}.",
        "ru": "{seat} заказывает {points}.",
    },
    "step-passes": {"fi": "{seat} passaa.", "en": "{seat} passes.", "ru": "{seat} пасует."},
    "step-gives": {
        "fi": "{seat} antaa parilleen {count:cards-acc}: {cards}.",
        "en": "{seat} gives the partner {count:cards}: {cards}.",
        "ru": "{seat} отдаёт партнёру {count:cards-acc}: {cards}.",
    },
    "step-gives-hidden": {
        "fi": "{seat} antaa parilleen {count:cards-acc} kuvapuoli alaspäin.",
        "en": "{seat} gives the partner {count:cards} face down.",
        "ru": "{seat} отдаёт партнёру {count:cards-acc} рубашкой вверх.",
    },
    "step-returns": {
        "fi": "{seat} antaa parilleen takaisin {count:cards-acc}: {cards}.",
        "en": "{seat} gives {count:cards} back to the partner: {cards}.",
        "ru": "{seat} возвращает партнёру {count:cards-acc}: {cards}.",
    },
    "step-returns-hidden": {
        "fi": "{seat} antaa parilleen takaisin {count:cards-acc} kuvapuoli alaspäin.",
        "en": "{seat} gives {count:cards} back to the partner face down.",
        "ru": "{seat} возвращает партнёру {count:cards-acc} рубашкой вверх.",
    },
    "step-contract": {
        "fi": "{seat} ilmoittaa sitoumukseksi {points}.",
        "en": "{seat} sets the contract at {points}.",
        "ru": "{seat} назначает окончательный заказ: {points}.",
    },
    "step-other": {"fi": "{seat}: {action}.", "en": "{seat}: {action}.", "ru": "{seat}: {action}."},
    "played": {"fi": "{seat} pelaa {card}", "en": "{seat} plays {card}", "ru": "{seat} ходит {card}"},
    "played-why": {
        "fi": "{seat} pelaa {card} ({why}).",
        "en": "{seat} plays {card}: {why}.",
        "ru": "{seat} ходит {card}: {why}.",
    },
    "next-to-answer": {
        "fi": "{seat} vastaa kysymykseen.",
        "en": "{seat} answers the question.",
        "ru": "{seat} отвечает на вопрос.",
    },
    "asks-whole": {
        "fi": "{seat} kysyy parilta kokonaista.",
        "en": "{seat} asks the partner for a marriage.",
        "ru": "{seat} спрашивает партнёра о марьяже.",
    },
    "asks-half": {
        "fi": "{seat} kysyy parilta puolikasta: {suit}.",
        "en": "{seat} asks the partner for half {suit}.",
        "ru": "{seat} спрашивает партнёра о половине {suit}.",
    },
    "burns-now": {"fi": "Palaa: {what}", "en": "Burned: {what}", "ru": "Сгорает: {what}"},
    "nothing-burns": {"fi": "Mikään ei pala.", "en": "Nothing burns.", "ru": "Ничего не сгорает."},
    "comment": {"fi": "Kommentti", "en": "Comment", "ru": "Комментарий"},
    "legend-declared": {
        "fi": "kultareuna: ilmoitetun maan kuningas tai kuningatar",
        "en": "gold edge: king or queen of a declared suit",
        "ru": "золотая рамка: король или дама объявленной масти",
    },
    "legend-burned": {
        "fi": "katkoviiva: palanut kokonainen, jota ei voi enää ilmoittaa",
        "en": "dashed edge: a burned marriage, which can no longer be declared",
        "ru": "пунктир: сгоревший марьяж, его больше нельзя объявить",
    },
    "why-card": {"fi": "Miksi tämä kortti", "en": "Why this card", "ru": "Почему эта карта"},
    # ---------------------------------------------------------------- which card
    "which-label": {
        "fi": "Minkä kortin saan pelata?",
        "en": "Which card may I play?",
        "ru": "Какой картой можно ходить?",
    },
    "which-prompt": {
        "fi": "Olet {seat}. Valitse kortti kädestäsi.",
        "en": "You are {seat}. Choose a card from your hand.",
        "ru": "Вы — {seat}. Выберите карту из своей руки.",
    },
    "which-lead-prompt": {
        "fi": "Olet {seat} ja aloitat tikin. Valitse kortti.",
        "en": "You are {seat} and lead to the trick. Choose a card.",
        "ru": "Вы — {seat} и ходите во взятку первым. Выберите карту.",
    },
    "which-position": {
        "fi": "Tilanne {n}/{total}",
        "en": "Position {n} of {total}",
        "ru": "Позиция {n} из {total}",
    },
    "which-random-position": {
        "fi": "Satunnainen tilanne",
        "en": "A random position",
        "ru": "Случайная позиция",
    },
    "which-ok": {
        "fi": "{card} on sallittu ({why}).",
        "en": "{card} is allowed: {why}.",
        "ru": "{card} — можно: {why}.",
    },
    "which-no": {
        "fi": "{card} ei ole sallittu: {why}.",
        "en": "{card} is not allowed: {why}.",
        "ru": "{card} — нельзя: {why}.",
    },
    "which-also": {"fi": "Sallitut kortit:", "en": "Allowed cards:", "ru": "Разрешённые карты:"},
    "prev-position": {"fi": "Edellinen tilanne", "en": "Previous position", "ru": "Предыдущая позиция"},
    "next-position": {"fi": "Seuraava tilanne", "en": "Next position", "ru": "Следующая позиция"},
    "new-random": {
        "fi": "Uusi satunnainen tilanne",
        "en": "New random position",
        "ru": "Новая случайная позиция",
    },
    "ruleset": {"fi": "Säännöt", "en": "Rules", "ru": "Правила"},
    "rules:guild": {"fi": "killan säännöt", "en": "guild rules", "ru": "правила гильдии"},
    "rules:pagat": {"fi": "Pagatin marjapussi", "en": "Pagat Marjapussi", "ru": "марьяпусси по Pagat"},
    "rules:pagat-32": {"fi": "Pagat, 32 korttia", "en": "Pagat, 32 cards", "ru": "Pagat, 32 карты"},
    "rules:pagat-ace-spade": {
        "fi": "Pagat, aloitus ässällä tai padalla",
        "en": "Pagat, first lead an ace or a spade",
        "ru": "Pagat, первый ход тузом или пикой",
    },
    "rules:pagat-no-beat": {
        "fi": "Pagat ilman ylimenopakkoa",
        "en": "Pagat, beating not compulsory",
        "ru": "Pagat без обязанности перебить",
    },
    "rules:huutopussi": {"fi": "Huutopussi", "en": "Huutopussi", "ru": "хуутопусси"},
    "duty": {"fi": "Pakko", "en": "Duty", "ru": "Обязанность"},
    "duty:random": {"fi": "satunnainen", "en": "random", "ru": "случайная"},
    # ---------------------------------------------------------------- asking
    "asking-label": {
        "fi": "Ilmoita tai kysy",
        "en": "Declare or ask",
        "ru": "Объявить или спросить",
    },
    "asking-prompt": {
        "fi": "{seat} voitti juuri {n}. tikin. Mitä hän tekee?",
        "en": "{seat} has just won trick {n}. What does he do?",
        "ru": "{seat} только что взял {n}-ю взятку. Что он делает?",
    },
    "choose-declare": {
        "fi": "Ilmoita oma kokonainen {suit}",
        "en": "Declare own marriage {suit}",
        "ru": "Объявить свой марьяж {suit}",
    },
    "choose-ask-whole": {"fi": "Kysy kokonaista", "en": "Ask for a marriage", "ru": "Спросить о марьяже"},
    "choose-ask-half": {
        "fi": "Kysy puolikasta {suit}",
        "en": "Ask for half {suit}",
        "ru": "Спросить о половине {suit}",
    },
    "choose-pass": {"fi": "Älä ilmoita mitään", "en": "Declare nothing", "ru": "Ничего не объявлять"},
    "answer-is": {
        "fi": "{seat} vastaa: {answer}.",
        "en": "{seat} answers: {answer}.",
        "ru": "{seat} отвечает: {answer}.",
    },
    "answer-yes": {"fi": "kyllä, {suit}", "en": "yes, {suit}", "ru": "да, {suit}"},
    "answer-no": {"fi": "ei", "en": "no", "ru": "нет"},
    "answer-other": {
        "fi": "Hän olisi voinut vastata myös: {suits}.",
        "en": "He could also have answered: {suits}.",
        "ru": "Он мог ответить и так: {suits}.",
    },
    "became-trump": {
        "fi": "{suit} on nyt valtti: {pair} saa 2 pistettä.",
        "en": "{suit} is now trumps: {pair} scores 2 points.",
        "ru": "{suit} теперь козырь: пара {pair} получает 2 очка.",
    },
    "became-small": {
        "fi": "{suit} on pikkuvaltti: {pair} saa 1 pisteen. Valtti on yhä {trump}.",
        "en": "{suit} is a small trump: {pair} scores 1 point. Trumps stay {trump}.",
        "ru": "{suit} — малый козырь: пара {pair} получает 1 очко. Козырем остаётся {trump}.",
    },
    "nothing-made": {
        "fi": "Mitään ei ilmoitettu eikä pisteitä tullut.",
        "en": "Nothing was declared and no points were scored.",
        "ru": "Ничего не объявлено, очков нет.",
    },
    "lead-duty": {
        "fi": "Seuraavaksi {seat} aloittaa: hänen on aloitettava maalla {suit}, koska hänellä sitä on.",
        "en": "Next {seat} leads, and must lead {suit} as he holds some.",
        "ru": "Дальше ходит {seat} и должен ходить в {suit}: эта масть у него есть.",
    },
    "lead-free": {
        "fi": "Seuraavaksi {seat} aloittaa vapaasti millä tahansa kortilla.",
        "en": "Next {seat} leads any card he likes.",
        "ru": "Дальше {seat} ходит любой картой.",
    },
    "lead-free-void": {
        "fi": "Seuraavaksi {seat} aloittaa; hänellä ei ole maata {suit}, joten aloitus on vapaa.",
        "en": "Next {seat} leads; he holds no {suit}, so any card will do.",
        "ru": "Дальше ходит {seat}; масти {suit} у него нет, поэтому ход свободный.",
    },
    "try-other": {"fi": "Kokeile toista valintaa", "en": "Try another choice", "ru": "Попробовать другое"},
    "new-hands": {"fi": "Jaa uudet kädet", "en": "Deal new hands", "ru": "Раздать новые руки"},
    "prev-hands": {"fi": "Edelliset kädet", "en": "Previous hands", "ru": "Предыдущие руки"},
    "next-hands": {"fi": "Seuraavat kädet", "en": "Next hands", "ru": "Следующие руки"},
    "hands-n": {"fi": "Kädet {n}/{total}", "en": "Hands {n} of {total}", "ru": "Руки {n} из {total}"},
    "hands-random": {
        "fi": "Satunnaiset kädet",
        "en": "Random hands",
        "ru": "Случайные руки",
    },
    "already-trump": {
        "fi": "Valtti on jo ilmoitettu:",
        "en": "Trumps were already declared:",
        "ru": "Козырь уже объявлен:",
    },
    "no-trump-yet": {
        "fi": "Valttia ei ole vielä ilmoitettu.",
        "en": "No trumps have been declared yet.",
        "ru": "Козырь ещё не объявлен.",
    },
    # ---------------------------------------------------------------- scoring
    "scoring-label": {"fi": "Laske jaon pisteet", "en": "Score a deal", "ru": "Подсчёт очков за сдачу"},
    "taken-by": {"fi": "Kuka otti kortin", "en": "Who took each card", "ru": "Кто взял каждую карту"},
    "card-taken-by": {"fi": "{card}: {pair}", "en": "{card}: {pair}", "ru": "{card}: {pair}"},
    "all-to": {"fi": "Kaikki parille {pair}", "en": "All to {pair}", "ru": "Всё паре {pair}"},
    "play-out": {
        "fi": "Pelaa jako satunnaisesti",
        "en": "Play a deal out at random",
        "ru": "Сыграть сдачу случайно",
    },
    "last-trick-by": {
        "fi": "Viimeisen tikin otti",
        "en": "Last trick taken by",
        "ru": "Последнюю взятку взял",
    },
    "trump-suit": {"fi": "Valttimaa", "en": "Trump suit", "ru": "Козырная масть"},
    "trump-by": {"fi": "Valtin ilmoitti", "en": "Trumps declared by", "ru": "Пара, объявившая козырь"},
    "small-by": {"fi": "Pikkuvaltti {suit}", "en": "Small trump {suit}", "ru": "Малый козырь {suit}"},
    "marriage-by": {"fi": "Kokonainen {suit}", "en": "Marriage {suit}", "ru": "Марьяж {suit}"},
    "nobody": {"fi": "ei kukaan", "en": "nobody", "ru": "никто"},
    "no-trump": {"fi": "ei valttia", "en": "no trumps", "ru": "без козыря"},
    "totals-before": {
        "fi": "Eräpisteet ennen jakoa",
        "en": "Erä totals before the deal",
        "ru": "Счёт эря до сдачи",
    },
    "carried": {"fi": "Siirtyneet pisteet", "en": "Carried points", "ru": "Перенесённые очки"},
    "card-values": {"fi": "Korttien arvot", "en": "Card values", "ru": "Стоимость карт"},
    "values:original": {"fi": "alkuperäiset (120)", "en": "original (120)", "ru": "исходные (120)"},
    "values:simplified": {
        "fi": "yksinkertaistetut (140)",
        "en": "simplified (140)",
        "ru": "упрощённые (140)",
    },
    "carry-tie": {
        "fi": "Tasapeli siirtää pisteen",
        "en": "A tie carries the point",
        "ru": "Ничья переносит очко",
    },
    "or-more": {
        "fi": "Tavoite tai yli voittaa",
        "en": "The target or more wins",
        "ru": "Цель или больше — победа",
    },
    "yes": {"fi": "kyllä", "en": "yes", "ru": "да"},
    "no": {"fi": "ei", "en": "no", "ru": "нет"},
    "whole-tricks": {
        "fi": (
            "Huom.: kummankin parin kortit tulevat kokonaisina tikkeinä, neljä kerrallaan (nyt {a} ja {b})."
        ),
        "en": "Note: each pair's cards come in whole tricks of four ({a} and {b} now).",
        "ru": "Обратите внимание: карты пары идут целыми взятками по четыре (сейчас {a} и {b}).",
    },
    "last-needs-trick": {
        "fi": "Huom.: viimeisen tikin voi ottaa vain pari, jolla on tikkejä, joten sen otti {seat}.",
        "en": "Note: the last trick must go to a pair that took tricks, so {seat} took it.",
        "ru": (
            "Обратите внимание: последнюю взятку может взять только пара, у которой есть взятки, "
            "поэтому её взял {seat}."
        ),
    },
    "decl-needs-trick": {
        "fi": "Huom.: pari ilman tikkejä ei voi ilmoittaa, joten sen ilmoitukset jätettiin pois.",
        "en": "Note: a pair with no trick cannot declare, so its declarations were left out.",
        "ru": "Обратите внимание: пара без взяток не может объявлять, её объявления не учтены.",
    },
    "new-totals": {"fi": "Uudet eräpisteet", "en": "New erä totals", "ru": "Новый счёт эря"},
    "mode:guild": {"fi": "killan säännöt", "en": "guild rules", "ru": "правила гильдии"},
    "mode:pagat": {"fi": "Pagatin säännöt", "en": "Pagat rules", "ru": "правила Pagat"},
    "mode:huutopussi": {"fi": "Huutopussin huuto", "en": "Huutopussi contract", "ru": "заказ в хуутопусси"},
    "bid": {"fi": "Huuto", "en": "Bid", "ru": "Заказ"},
    "marriage-on-lead-by": {
        "fi": "Mariinin {suit} ilmoitti",
        "en": "Marriage {suit} led by",
        "ru": "Марьяж {suit} объявил при ходе",
    },
    "collected-caption": {"fi": "Kerätyt pisteet", "en": "Points collected", "ru": "Набранные очки"},
    "contract-caption": {
        "fi": "Huudon lunastus ja jaon pisteet",
        "en": "The contract and the deal's points",
        "ru": "Выполнение заказа и очки за сдачу",
    },
    "bidders": {"fi": "Huutava pari", "en": "Bidding pair", "ru": "Заказывающая пара"},
    "double-penalty": {"fi": "Kaksinkertainen miinus", "en": "Double penalty", "ru": "Двойной штраф"},
    # ---------------------------------------------------------------- the site as a reader meets it
    # (issue 9, part C: the share button, a duty that left a choice)
    "share-copy": {
        "fi": "Kopioi linkki tähän tilanteeseen",
        "en": "Copy a link to this position",
        "ru": "Скопировать ссылку на эту позицию",
    },
    "chose-among": {
        "fi": "{why}; {seat} sai valita pakon sallimista korteista {cards}",
        "en": "{why}; {seat} chose among the cards this duty allowed: {cards}",
        "ru": "{why}; {seat} выбрал одну из карт, разрешённых этим правилом: {cards}",
    },
}


def wt(key: str, lang: str = "en", **params: Any) -> str:
    """Look up a widget text and fill it in (English if the language is unknown)."""
    entry = TEXTS[key]
    return fill(entry.get(lang) or entry["en"], lang, **params)


# ---------------------------------------------------------------- the table kit (score keeper, dispute)
# Its words live in their own module; they are merged here so that ``wt`` finds them.
from .keeper_texts import KEEPER_TEXTS  # noqa: E402

TEXTS.update(KEEPER_TEXTS)

# ---------------------------------------------------------------- issue 14: building a dispute, redeals
from .table_texts import TABLE_TEXTS  # noqa: E402

TEXTS.update(TABLE_TEXTS)

# ---------------------------------------------------------------- the analysis views (issue 10)
from .analysis_texts import ANALYSIS_TEXTS  # noqa: E402

TEXTS.update(ANALYSIS_TEXTS)
