"""The words of a club night's screens (``evening_views``), in Finnish, English and Russian.

The director is "illan vetäjä" / "the director" / "ведущий вечера", a round "kierros" /
"round" / "тур", a deal of the evening (a board) "jako" / "deal" / "сдача", as the
glossary has them. A refusal speaks of the player, never to "you". Values are templates
(``plurals.fill``).

>>> et("table-n", "fi", n=3), et("refuse:evening-busy", "en")
('Pöytä 3', 'A table is still playing this round.')
"""

from __future__ import annotations

from typing import Any

from ..plurals import fill

__all__ = ["EVENING_REFUSALS", "EVENING_TEXTS", "et"]

EVENING_TEXTS: dict[str, dict[str, str]] = {
    "evening-n": {"fi": "Kerhoilta {code}", "en": "Club night {code}", "ru": "Клубный вечер {code}"},
    "lobby-evening": {
        "fi": "Kerhoilta: monta pöytää, samat jaot kaikilla pöydillä, tulokset rinnakkain",
        "en": "A club night: several tables, the same deals at every table, the results side by side",
        "ru": "Клубный вечер: несколько столов, одни и те же сдачи за всеми столами, результаты рядом",
    },
    "create-evening": {"fi": "Aloita kerhoilta", "en": "Start a club night", "ru": "Начать клубный вечер"},
    "rounds": {"fi": "Kierroksia", "en": "Rounds", "ru": "Туров"},
    "format": {"fi": "Muoto", "en": "Format", "ru": "Формат"},
    "format:deals": {
        "fi": "Samat jaot kaikilla pöydillä (neljän pelaajan säännöt)",
        "en": "The same deals at every table (four-player rules)",
        "ru": "Одни и те же сдачи за всеми столами (правила для четырёх)",
    },
    "format:games": {
        "fi": "Pelit: jokainen pöytä pelaa oman pelinsä",
        "en": "Games: each table plays a game of its own",
        "ru": "Игры: каждый стол играет свою игру",
    },
    "deals-games": {
        "fi": "Jakoja kierroksella (0: koko peli)",
        "en": "Deals a round (0: the whole game)",
        "ru": "Сдач за тур (0: вся игра)",
    },
    "you-at-3": {
        "fi": "Pöytä {n}, vastassa {a} ja {b}",
        "en": "Table {n}, against {a} and {b}",
        "ru": "Стол {n}, против {a} и {b}",
    },
    "bye": {
        "fi": "Sinulla on tällä kierroksella vapaakierros: se lasketaan voitoksi.",
        "en": "You have a bye this round: it counts as a win.",
        "ru": "В этом туре у вас свободный тур: он засчитывается как победа.",
    },
    "col-side": {"fi": "Pelaaja tai pari", "en": "Player or pair", "ru": "Игрок или пара"},
    "col-games": {"fi": "Pelejä", "en": "Games", "ru": "Игр"},
    "col-wins": {"fi": "Voittoja", "en": "Wins", "ru": "Побед"},
    "col-diff": {"fi": "Piste-ero", "en": "Points difference", "ru": "Разница очков"},
    "game-over-at": {
        "fi": "Pöytä {t} pelasi pelinsä.",
        "en": "Table {t} has played its game.",
        "ru": "Стол {t} сыграл свою игру.",
    },
    "boards": {"fi": "Jakoja kierroksella", "en": "Deals a round", "ru": "Сдач за тур"},
    "minutes": {
        "fi": "Kierroksen aika minuutteina",
        "en": "Time for a round, in minutes",
        "ru": "Время на тур, в минутах",
    },
    "bots": {
        "fi": "Botit täyttävät parittoman joukon ja poissa olevien paikat",
        "en": "Bots fill an odd field and the seats of absent players",
        "ru": "Боты дополняют нечётное число пар и занимают места отсутствующих",
    },
    "guild-note": {
        "fi": "Killan säännöt pelataan sellaisinaan: cupin tasapelin ratkaiseva laistokierros ei ole mukana.",
        "en": "The guild's rules are played as they are, without the laistokierros that settles a cup tie.",
        "ru": "Правила гильдии играются как есть: «laistokierros», решающий ничью в кубке, не играется.",
    },
    "join-evening": {"fi": "Liity kerhoiltaan", "en": "Join the club night", "ru": "Войти в клубный вечер"},
    "your-name": {"fi": "Nimesi", "en": "Your name", "ru": "Ваше имя"},
    "partner": {
        "fi": "Parisi nimi (tyhjä: illan vetäjä etsii sinulle parin)",
        "en": "Your partner's name (empty: the director finds you a partner)",
        "ru": "Имя партнёра (пусто: ведущий вечера подберёт вам партнёра)",
    },
    "join-go": {"fi": "Liity", "en": "Join", "ru": "Войти"},
    "joined": {
        "fi": "{name} liittyi iltaan.",
        "en": "{name} joined the evening.",
        "ru": "{name} присоединяется к вечеру.",
    },
    "evening-code": {
        "fi": "Liity koodilla {code} tai osoitteessa {link}",
        "en": "Join with the code {code} or at {link}",
        "ru": "Войдите по коду {code} или по адресу {link}",
    },
    "projector-link": {"fi": "Seinänäyttö", "en": "The wall screen", "ru": "Экран на стене"},
    "director": {"fi": "Illan vetäjä", "en": "The director", "ru": "Ведущий вечера"},
    "players": {"fi": "Pelaajat", "en": "Players", "ru": "Игроки"},
    "no-players": {
        "fi": "Kukaan ei ole vielä liittynyt.",
        "en": "Nobody has joined yet.",
        "ru": "Пока никто не присоединился.",
    },
    "pair-of": {"fi": "pari {pair}", "en": "pair {pair}", "ru": "пара {pair}"},
    "no-pair": {"fi": "ilman paria", "en": "no partner yet", "ru": "пока без партнёра"},
    "absent": {"fi": "poissa", "en": "away", "ru": "отсутствует"},
    "do-absent": {"fi": "Poissa / paikalla", "en": "Away / here", "ru": "Нет / здесь"},
    "do-remove": {"fi": "Poista", "en": "Remove", "ru": "Убрать"},
    "do-invite": {"fi": "Uusi puhelinkoodi", "en": "New phone code", "ru": "Новый код для телефона"},
    "no-phone": {"fi": "ei vielä puhelinta", "en": "no phone yet", "ru": "телефона пока нет"},
    "add-player": {"fi": "Lisää pelaaja", "en": "Add a player", "ru": "Добавить игрока"},
    "add-name": {"fi": "Pelaajan nimi", "en": "The player's name", "ru": "Имя игрока"},
    "add-mate": {
        "fi": "Pari illan pelaajista",
        "en": "A partner among the players here",
        "ru": "Партнёр из игроков вечера",
    },
    "add-mate-none": {
        "fi": "ei vielä (pari etsitään myöhemmin)",
        "en": "none yet (found later)",
        "ru": "пока нет (подберём позже)",
    },
    "add-partner": {
        "fi": "tai uuden parin nimi",
        "en": "or a new partner's name",
        "ru": "или имя нового партнёра",
    },
    "added": {
        "fi": "{name} lisättiin iltaan.",
        "en": "{name} has been added to the evening.",
        "ru": "Игрок {name} добавлен в вечер.",
    },
    "added-2": {
        "fi": "{a} ja {b} lisättiin iltaan parina.",
        "en": "{a} and {b} have been added to the evening as a pair.",
        "ru": "Игроки {a} и {b} добавлены в вечер парой.",
    },
    "claim-for": {
        "fi": "Pelaajakoodi, jolla {name} ottaa paikkansa puhelimella:",
        "en": "The player code by which {name} takes the place on a phone:",
        "ru": "Код, по которому игрок {name} займёт своё место с телефона:",
    },
    "claim-help": {
        "fi": "Puhelimella avataan ilta (illan koodi {code} tai QR-koodi) ja kirjoitetaan "
        "pelaajakoodi kohtaan ”Lisäsikö illan vetäjä sinut?”. Koodi toimii kerran, ja se näkyy "
        "vain tässä ja nyt.",
        "en": "On the phone: open the evening (its code {code}, or the QR code) and enter the "
        "player code under “Did the director add you?”. It works once and is shown only here, now.",
        "ru": "На телефоне откройте вечер (код вечера {code} или QR-код) и введите код игрока в разделе "
        "«Вас добавил ведущий вечера?». Код действует один раз и показывается только здесь и сейчас.",
    },
    "claim-legend": {
        "fi": "Lisäsikö illan vetäjä sinut?",
        "en": "Did the director add you?",
        "ru": "Вас добавил ведущий вечера?",
    },
    "claim-field": {"fi": "Pelaajakoodi", "en": "Player code", "ru": "Код игрока"},
    "claim-go": {"fi": "Ota paikkani", "en": "Take my place", "ru": "Занять своё место"},
    "claimed": {
        "fi": "{name} otti paikkansa puhelimella.",
        "en": "{name} has taken the place on a phone.",
        "ru": "Игрок {name} занял своё место с телефона.",
    },
    "do-rename": {"fi": "Uusi nimi", "en": "New name", "ru": "Новое имя"},
    "do-rename-go": {"fi": "Vaihda nimi", "en": "Rename", "ru": "Переименовать"},
    "do-pair": {"fi": "Parita", "en": "Pair them", "ru": "Составить пару"},
    "pair-a": {"fi": "Pelaaja", "en": "Player", "ru": "Игрок"},
    "pair-b": {"fi": "ja pelaaja", "en": "with player", "ru": "с игроком"},
    "start-round": {"fi": "Aloita kierros {n}", "en": "Start round {n}", "ru": "Начать тур {n}"},
    "end-evening": {"fi": "Päätä ilta", "en": "End the evening", "ru": "Завершить вечер"},
    "correct": {"fi": "Korjaa tulos", "en": "Correct a result", "ru": "Исправить результат"},
    "correct-round": {"fi": "Kierros", "en": "Round", "ru": "Тур"},
    "correct-table": {"fi": "Pöytä", "en": "Table", "ru": "Стол"},
    "correct-board": {"fi": "Jako", "en": "Deal", "ru": "Сдача"},
    "correct-ns": {"fi": "Pohjoinen–Etelä", "en": "North–South", "ru": "Север–Юг"},
    "correct-ew": {"fi": "Itä–Länsi", "en": "East–West", "ru": "Восток–Запад"},
    "correct-share": {
        "fi": "Luvut ovat prosentteja (jako jäi pelaamatta)",
        "en": "The numbers are percentages (the deal was not played)",
        "ru": "Числа — проценты (сдача не сыграна)",
    },
    "correct-note": {"fi": "Perustelu", "en": "Note", "ru": "Пояснение"},
    "round-n": {"fi": "Kierros {n}/{of}", "en": "Round {n} of {of}", "ru": "Тур {n} из {of}"},
    "before-first": {
        "fi": "Ilta alkaa, kun illan vetäjä aloittaa ensimmäisen kierroksen.",
        "en": "The evening begins when the director starts the first round.",
        "ru": "Вечер начнётся, когда ведущий вечера начнёт первый тур.",
    },
    "between": {
        "fi": "Kierros on pelattu. Seuraava alkaa, kun illan vetäjä aloittaa sen.",
        "en": "The round is over. The next begins when the director starts it.",
        "ru": "Тур сыгран. Следующий начнётся, когда его начнёт ведущий вечера.",
    },
    "last-over": {
        "fi": "Viimeinen kierros on pelattu: tilanne on illan lopputulos.",
        "en": "The last round is over: the standings are the evening's result.",
        "ru": "Последний тур сыгран: таблица — итог вечера.",
    },
    "qr": {
        "fi": "QR-koodi illan linkistä",
        "en": "QR code of the evening's link",
        "ru": "QR-код ссылки на вечер",
    },
    "ended": {"fi": "Ilta on päättynyt.", "en": "The evening has ended.", "ru": "Вечер завершён."},
    "table-n": {"fi": "Pöytä {n}", "en": "Table {n}", "ru": "Стол {n}"},
    "you-at": {
        "fi": "Pöytä {n}, {side}, parina {mate}, vastassa {a} ja {b}",
        "en": "Table {n}, {side}, with {mate}, against {a} and {b}",
        "ru": "Стол {n}, {side}, в паре с {mate}, против {a} и {b}",
    },
    "played-at": {
        "fi": "Kierros {r} on pelattu: pöytä {n}, {side}, parina {mate}, vastassa {a} ja {b}",
        "en": "Round {r}, now over: table {n}, {side}, with {mate}, against {a} and {b}",
        "ru": "Тур {r} сыгран: стол {n}, {side}, в паре с {mate}, против {a} и {b}",
    },
    "played-at-3": {
        "fi": "Kierros {r} on pelattu: pöytä {n}, vastassa {a} ja {b}",
        "en": "Round {r}, now over: table {n}, against {a} and {b}",
        "ru": "Тур {r} сыгран: стол {n}, против {a} и {b}",
    },
    "side-ns": {"fi": "Pohjoinen–Etelä", "en": "North–South", "ru": "Север–Юг"},
    "side-ew": {"fi": "Itä–Länsi", "en": "East–West", "ru": "Восток–Запад"},
    "bot-player": {"fi": "botti", "en": "a bot", "ru": "бот"},
    "sit-out": {
        "fi": "Pidät tämän kierroksen taukoa.",
        "en": "You sit out this round.",
        "ru": "В этом туре вы отдыхаете.",
    },
    "time-left": {
        "fi": "Aikaa jäljellä: {t} min",
        "en": "Time left: {t} min",
        "ru": "Осталось времени: {t} мин",
    },
    "time-out": {
        "fi": "Aika on lopussa: meneillään oleva jako pelataan loppuun.",
        "en": "Time is up: the deal in play is finished.",
        "ru": "Время вышло: текущая сдача доигрывается.",
    },
    "to-table": {"fi": "Pöytääsi", "en": "To your table", "ru": "К своему столу"},
    "to-evening": {"fi": "Illan tulokset", "en": "The evening's results", "ru": "Результаты вечера"},
    "review-board": {
        "fi": "Arvioi pelini jaossa {n}",
        "en": "Review my play in deal {n}",
        "ru": "Разбор моей игры в сдаче {n}",
    },
    "review-short": {"fi": "Arvioi", "en": "Review", "ru": "Разбор"},
    "review-ready": {
        "fi": "Arvio jaosta {n} on valmis.",
        "en": "Your review of deal {n} is ready.",
        "ru": "Разбор сдачи {n} готов.",
    },
    "review-of": {
        "fi": "Jako {n}, pöytä {t}: oma pelisi",
        "en": "Deal {n} at table {t}: your own play",
        "ru": "Сдача {n}, стол {t}: ваша игра",
    },
    "next-board": {"fi": "Seuraava jako", "en": "The next deal", "ru": "Следующая сдача"},
    "board-n": {"fi": "Jako {n}", "en": "Deal {n}", "ru": "Сдача {n}"},
    "playing-board": {"fi": "pelaa jakoa {n}", "en": "playing deal {n}", "ru": "играет сдачу {n}"},
    "trick-n": {"fi": "tikki {n}", "en": "trick {n}", "ru": "взятка {n}"},
    "table-done": {"fi": "valmis", "en": "done", "ru": "сыграл"},
    "table-waits": {
        "fi": "odottaa seuraavaa jakoa",
        "en": "waiting for the next deal",
        "ru": "ждёт следующую сдачу",
    },
    "away-at": {"fi": "poissa: {who}", "en": "away: {who}", "ru": "нет на месте: {who}"},
    "results-of": {
        "fi": "Jako {n}: tulokset kaikilla pöydillä",
        "en": "Deal {n}: the results at every table",
        "ru": "Сдача {n}: результаты за всеми столами",
    },
    "still-playing": {"fi": "pelaa vielä", "en": "still playing", "ru": "ещё играет"},
    "open-cards": {
        "fi": "Avoimin kortein: Pohjoinen–Etelä {ns}, Itä–Länsi {ew}",
        "en": "Open cards: North–South {ns}, East–West {ew}",
        "ru": "В открытую: Север–Юг {ns}, Восток–Запад {ew}",
    },
    "open-cards-working": {
        "fi": "Avoimin kortein: lasketaan vielä",
        "en": "Open cards: being worked out",
        "ru": "В открытую: ещё считается",
    },
    "open-cards-none": {
        "fi": "Avoimin kortein: ei arvoa. {why}",
        "en": "Open cards: none. {why}",
        "ru": "В открытую: значения нет. {why}",
    },
    "open-cards-none-at": {
        "fi": "Pöytä {t}, avoimin kortein: ei arvoa. {why}",
        "en": "Table {t}, open cards: none. {why}",
        "ru": "Стол {t}, в открытую: значения нет. {why}",
    },
    "open-cards-help": {
        "fi": "Avoimin kortein: mitä kumpikin puoli saa, kun kaikki kädet tunnetaan "
        "ja jokainen pelaa parhaansa",
        "en": "Open cards: what each side scores when every hand is known and everyone plays their best",
        "ru": "В открытую: сколько получает каждая сторона, когда все руки известны "
        "и все играют лучшим образом",
    },
    "open-cards-at": {
        "fi": "Pöytä {t}, avoimin kortein: Pohjoinen–Etelä {ns}, Itä–Länsi {ew}",
        "en": "Table {t}, open cards: North–South {ns}, East–West {ew}",
        "ru": "Стол {t}, в открытую: Север–Юг {ns}, Восток–Запад {ew}",
    },
    "open-cards-working-at": {
        "fi": "Pöytä {t}, avoimin kortein: lasketaan vielä",
        "en": "Table {t}, open cards: being worked out",
        "ru": "Стол {t}, в открытую: ещё считается",
    },
    "open-why:not-served": {
        "fi": "Palvelimen haku ei vielä osaa näitä sääntöjä.",
        "en": "The server's search does not know these rules yet.",
        "ru": "Поиск на сервере пока не знает этих правил.",
    },
    "open-why:too-long": {
        "fi": "Jako on liian työläs laskettavaksi.",
        "en": "The deal takes too long to work out.",
        "ru": "Эту сдачу слишком долго просчитывать.",
    },
    "open-why:no-play": {
        "fi": "Jaossa ei pelattu yhtään korttia.",
        "en": "No card was played in the deal.",
        "ru": "В этой сдаче не сыграно ни одной карты.",
    },
    "open-why:failed": {
        "fi": "Laskenta ei onnistunut.",
        "en": "The working out failed.",
        "ru": "Расчёт не удался.",
    },
    "col-table": {"fi": "Pöytä", "en": "Table", "ru": "Стол"},
    "col-ns": {"fi": "Pohjoinen–Etelä", "en": "North–South", "ru": "Север–Юг"},
    "col-ew": {"fi": "Itä–Länsi", "en": "East–West", "ru": "Восток–Запад"},
    "col-progress": {"fi": "Pelin kulku", "en": "Progress", "ru": "Ход игры"},
    "col-progress-tools": {
        "fi": "Pelin kulku ja työkalut",
        "en": "Progress and tools",
        "ru": "Ход игры и действия",
    },
    "col-points": {"fi": "Pisteet", "en": "Points", "ru": "Очки"},
    "col-score": {"fi": "Ero P–E", "en": "NS difference", "ru": "Разница С–Ю"},
    "col-percent": {"fi": "P–E %", "en": "NS %", "ru": "С–Ю %"},
    "col-note": {"fi": "Huomautus", "en": "Note", "ru": "Примечание"},
    "col-rank": {"fi": "Sija", "en": "Place", "ru": "Место"},
    "col-pair": {"fi": "Pari", "en": "Pair", "ru": "Пара"},
    "col-boards": {"fi": "Jakoja", "en": "Deals", "ru": "Сдач"},
    "col-mean": {"fi": "Keskiarvo %", "en": "Mean %", "ru": "Среднее %"},
    "standings": {"fi": "Tilanne", "en": "Standings", "ru": "Положение"},
    "no-standings": {
        "fi": "Tilanne näkyy, kun ensimmäinen jako on pelattu kaikilla pöydillä.",
        "en": "The standings show once the first deal has been played at every table.",
        "ru": "Положение появится, когда первая сдача будет сыграна за всеми столами.",
    },
    "tables": {"fi": "Pöydät", "en": "Tables", "ru": "Столы"},
    "your-card": {"fi": "Oma tuloskorttisi", "en": "Your score card", "ru": "Ваша карточка результатов"},
    "no-games-card": {
        "fi": "Pelisi tulokset näkyvät tässä, kun pöytäsi on pelannut pelinsä.",
        "en": "Your games' results show here once your table has played its game.",
        "ru": "Результаты ваших игр появятся здесь, когда ваш стол доиграет свою игру.",
    },
    "game-won": {"fi": "Voitto", "en": "Won", "ru": "Победа"},
    "game-drawn": {"fi": "Tasapeli", "en": "Drawn", "ru": "Ничья"},
    "game-lost": {"fi": "Tappio", "en": "Lost", "ru": "Поражение"},
    "game-bye": {
        "fi": "Vapaakierros: voitto ilman pisteitä",
        "en": "A bye: a win by 0 points",
        "ru": "Свободный тур: победа без очков",
    },
    "round-short": {"fi": "Kierros {n}", "en": "Round {n}", "ru": "Тур {n}"},
    "no-card": {
        "fi": "Tuloksesi näkyvät tässä jaon jälkeen.",
        "en": "Your results show here after each deal.",
        "ru": "Ваши результаты появятся здесь после каждой сдачи.",
    },
    "archive": {"fi": "Illan arkisto", "en": "The evening's archive", "ru": "Архив вечера"},
    "archive-csv": {"fi": "Tulokset (CSV)", "en": "The results (CSV)", "ru": "Результаты (CSV)"},
    "archive-print": {
        "fi": "Tulostettava tulossivu (A4)",
        "en": "A printable results page (A4)",
        "ru": "Страница результатов для печати (A4)",
    },
    "archive-table": {
        "fi": "Kierros {r}, pöytä {t} (tiedosto)",
        "en": "Round {r}, table {t} (record)",
        "ru": "Тур {r}, стол {t} (запись)",
    },
    "round-started": {
        "fi": "Kierros {n} alkoi.",
        "en": "Round {n} has begun.",
        "ru": "Тур {n} начался.",
    },
    "board-over": {
        "fi": "Pöytä {t} pelasi jaon {n}.",
        "en": "Table {t} has played deal {n}.",
        "ru": "Стол {t} сыграл сдачу {n}.",
    },
    "corrected": {
        "fi": "Illan vetäjä korjasi pöydän {t} jaon {n}: {note}",
        "en": "The director corrected deal {n} at table {t}: {note}",
        "ru": "Ведущий вечера исправил сдачу {n} за столом {t}: {note}",
    },
    "page-title": {
        "fi": "Kerhoillan tulokset",
        "en": "Club night results",
        "ru": "Результаты клубного вечера",
    },
    "do-bot": {
        "fi": "Botti pelaamaan pelaajan {name} paikalle",
        "en": "Put a bot in {name}'s seat",
        "ru": "Посадить бота на место игрока {name}",
    },
    "do-unbot": {
        "fi": "Anna paikka takaisin pelaajalle {name}",
        "en": "Give {name} the seat back",
        "ru": "Вернуть место игроку {name}",
    },
    "bot-for": {
        "fi": "botti pelaa pelaajan {name} puolesta",
        "en": "a bot plays for {name}",
        "ru": "бот играет за игрока {name}",
    },
    "bot-for-you": {
        "fi": "Illan vetäjä pani botin pelaamaan puolestasi. Voit palata paikallesi milloin tahansa.",
        "en": "The director has put a bot in your seat. You can take the seat back whenever you like.",
        "ru": "Ведущий вечера посадил на ваше место бота. Вы можете вернуться на своё место в любой момент.",
    },
    "take-seat": {"fi": "Palaan paikalleni", "en": "Take my seat back", "ru": "Вернуться на своё место"},
    "bot-put": {
        "fi": "Illan vetäjä pani botin pelaamaan pelaajan {name} paikalle.",
        "en": "The director put a bot in {name}'s seat.",
        "ru": "Ведущий вечера посадил бота на место игрока {name}.",
    },
    "seat-back": {
        "fi": "{name} palasi paikalleen.",
        "en": "{name} has the seat back.",
        "ru": "{name} снова на своём месте.",
    },
    "to-table-n": {"fi": "Pöytään {n}", "en": "To table {n}", "ru": "К столу {n}"},
    "back-to-evening": {"fi": "Takaisin iltaan", "en": "Back to the evening", "ru": "Назад к вечеру"},
    "rewound-note": {
        "fi": "Pöytä {t}, jako {n}: illan vetäjä perui {m:moves-acc}",
        "en": "Table {t}, deal {n}: the director took back {m:moves-acc}",
        "ru": "Стол {t}, сдача {n}: ведущий вечера отменил {m:moves-acc}",
    },
    "notes": {"fi": "Huomautukset", "en": "Notes", "ru": "Примечания"},
    "page-n": {"fi": "Sivu {n}/{of}", "en": "Page {n} of {of}", "ru": "Страница {n} из {of}"},
    "your-records": {
        "fi": "Pöytiesi pelikirjaukset",
        "en": "Your tables' records",
        "ru": "Записи ваших столов",
    },
    "round-you": {
        "fi": "Kierros {r} alkoi: pöytäsi on {n}, {side}, parinasi {mate}.",
        "en": "Round {r} has begun: your table is {n}, {side}, with {mate}.",
        "ru": "Тур {r} начался: ваш стол {n}, {side}, в паре с {mate}.",
    },
    "round-you-3": {
        "fi": "Kierros {r} alkoi: pöytäsi on {n}, vastassa {a} ja {b}.",
        "en": "Round {r} has begun: your table is {n}, against {a} and {b}.",
        "ru": "Тур {r} начался: ваш стол {n}, против {a} и {b}.",
    },
    "round-out": {
        "fi": "Kierros {r} alkoi: pidät tämän kierroksen taukoa.",
        "en": "Round {r} has begun: you sit out this round.",
        "ru": "Тур {r} начался: в этом туре вы отдыхаете.",
    },
    "own-result": {
        "fi": "Jako {n} on pelattu: pöytäsi tulos on näytöllä.",
        "en": "Deal {n} is over: your table's result is on the screen.",
        "ru": "Сдача {n} сыграна: результат вашего стола на экране.",
    },
    "next-tables": {
        "fi": "Kierroksen {n} pöydät",
        "en": "Round {n}: the tables",
        "ru": "Столы тура {n}",
    },
    "next-may-change": {
        "fi": "Pöydät on jaettu nyt paikalla olevien kesken: myöhässä tuleva tai poissaolevaksi "
        "merkitty pelaaja voi vielä muuttaa niitä.",
        "en": "These tables are seated from those here now: someone who arrives late or is marked "
        "absent can still change them.",
        "ru": "Рассадка по тем, кто здесь сейчас: опоздавший или отмеченный как отсутствующий "
        "игрок ещё может её изменить.",
    },
    "next-after-games": {
        "fi": "Kierroksen {n} pöydät selviävät, kun tämän kierroksen kaikki pelit on pelattu.",
        "en": "Round {n}'s tables are known once every game of this round is over.",
        "ru": "Столы тура {n} станут известны, когда закончатся все игры этого тура.",
    },
    "next-you": {
        "fi": "Seuraava kierros: pöytä {n}, {side}, parina {mate}, vastassa {a} ja {b}",
        "en": "Next round: table {n}, {side}, with {mate}, against {a} and {b}",
        "ru": "Следующий тур: стол {n}, {side}, в паре с {mate}, против {a} и {b}",
    },
    "next-you-3": {
        "fi": "Seuraava kierros: pöytä {n}, vastassa {a} ja {b}",
        "en": "Next round: table {n}, against {a} and {b}",
        "ru": "Следующий тур: стол {n}, против {a} и {b}",
    },
    "next-you-out": {
        "fi": "Pidät seuraavan kierroksen taukoa.",
        "en": "You sit out next round.",
        "ru": "В следующем туре вы отдыхаете.",
    },
    "next-you-bye": {
        "fi": "Seuraavalla kierroksella sinulla on vapaakierros: se lasketaan voitoksi.",
        "en": "Next round you have a bye: it counts as a win.",
        "ru": "В следующем туре у вас свободный тур: он засчитывается как победа.",
    },
    "next-out": {
        "fi": "Taukoa pitää: {who}",
        "en": "Sitting out: {who}",
        "ru": "Отдыхают: {who}",
    },
    "next-bye": {
        "fi": "Vapaakierros (lasketaan voitoksi): {who}",
        "en": "A bye (it counts as a win): {who}",
        "ru": "Свободный тур (засчитывается как победа): {who}",
    },
    "results-in": {
        "fi": "Jako {n}: kaikkien pöytien tulokset ovat valmiit.",
        "en": "Deal {n}: the results of every table are in.",
        "ru": "Сдача {n}: результаты всех столов готовы.",
    },
}

EVENING_REFUSALS: dict[str, dict[str, str]] = {
    "refuse:evening-table": {
        "fi": "Tämä on kerhoillan pöytä: sen jaot jakaa ilta, ja sinne pääsevät vain sen pelaajat.",
        "en": "This is a club night's table: the evening deals its deals, and only its players may enter.",
        "ru": "Это стол клубного вечера: сдачи раздаёт вечер, и войти могут только его игроки.",
    },
    "refuse:evening-rules": {
        "fi": "Samat jaot kaikilla pöydillä -muoto on vain neljän pelaajan säännöille.",
        "en": "The same-deals format is for the four-player rules only.",
        "ru": "Формат одинаковых сдач — только для правил на четырёх игроков.",
    },
    "refuse:evening-name": {
        "fi": "Pelaajalle tarvitaan nimi.",
        "en": "The player needs a name.",
        "ru": "Игроку нужно имя.",
    },
    "refuse:evening-name-taken": {
        "fi": "Illassa on jo pelaaja tällä nimellä.",
        "en": "The evening already has a player of that name.",
        "ru": "В вечере уже есть игрок с таким именем.",
    },
    "refuse:evening-full": {
        "fi": "Ilta on täynnä.",
        "en": "The evening is full.",
        "ru": "Вечер заполнен.",
    },
    "refuse:evening-over": {
        "fi": "Ilta on jo päättynyt.",
        "en": "The evening has already ended.",
        "ru": "Вечер уже завершён.",
    },
    "refuse:evening-busy": {
        "fi": "Jokin pöytä pelaa vielä tätä kierrosta.",
        "en": "A table is still playing this round.",
        "ru": "Какой-то стол ещё играет этот тур.",
    },
    "refuse:evening-last-round": {
        "fi": "Illan kaikki kierrokset on pelattu.",
        "en": "Every round of the evening has been played.",
        "ru": "Все туры вечера сыграны.",
    },
    "refuse:evening-few": {
        "fi": "Kierrokseen tarvitaan vähintään kaksi paria.",
        "en": "A round needs at least two pairs.",
        "ru": "Для тура нужно не меньше двух пар.",
    },
    "refuse:evening-pair": {
        "fi": "Parin voi muodostaa vain kahdesta pelaajasta, joilla ei vielä ole paria.",
        "en": "A pair can only be made of two players who have no partner yet.",
        "ru": "Пару можно составить только из двух игроков, у которых ещё нет партнёра.",
    },
    "refuse:evening-no-player": {
        "fi": "Illassa ei ole sellaista pelaajaa.",
        "en": "The evening has no such player.",
        "ru": "В вечере нет такого игрока.",
    },
    "refuse:evening-no-table": {
        "fi": "Sillä kierroksella ei ollut sellaista pöytää.",
        "en": "That round had no such table.",
        "ru": "В том туре не было такого стола.",
    },
    "refuse:evening-no-board": {
        "fi": "Sillä kierroksella ei pelattu sitä jakoa.",
        "en": "That deal was not played in that round.",
        "ru": "Эта сдача не игралась в том туре.",
    },
    "refuse:evening-note": {
        "fi": "Korjaukseen tarvitaan perustelu ja joko pisteet tai prosentit.",
        "en": "A correction needs a note and either points or percentages.",
        "ru": "Для исправления нужны пояснение и либо очки, либо проценты.",
    },
    "refuse:evening-not-director": {
        "fi": "Sen voi tehdä vain illan vetäjä.",
        "en": "Only the director can do that.",
        "ru": "Это может сделать только ведущий вечера.",
    },
    "refuse:evening-not-player": {
        "fi": "Sen voi tehdä vain illan pelaaja.",
        "en": "Only a player of the evening can do that.",
        "ru": "Это может сделать только игрок вечера.",
    },
    "refuse:evening-no-board-left": {
        "fi": "Pöydällä ei ole tällä kierroksella enää jakoja pelattavana.",
        "en": "The table has no deals left to play this round.",
        "ru": "У стола в этом туре больше нет сдач.",
    },
    "refuse:evening-no-review": {
        "fi": "Tästä jaosta ei ole arviota: pelaajan pöytä ei ole pelannut sitä tänä iltana loppuun.",
        "en": (
            "There is no review of this deal: the player's table has not played it to its end "
            "this evening."
        ),
        "ru": "Разбора этой сдачи нет: стол игрока в этот вечер её не доиграл.",
    },
    "refuse:evening-board-in-play": {
        "fi": "Pöytä pelaa vielä jakoa.",
        "en": "The table is still playing a deal.",
        "ru": "Стол ещё играет сдачу.",
    },
    "refuse:evening-bot-on": {
        "fi": "Paikalla pelaa jo botti.",
        "en": "A bot already plays that seat.",
        "ru": "На этом месте уже играет бот.",
    },
    "refuse:evening-bot-off": {
        "fi": "Paikalla ei pelaa botti.",
        "en": "No bot plays that seat.",
        "ru": "На этом месте не играет бот.",
    },
    "refuse:evening-rewind-over": {
        "fi": "Jako on jo pelattu: sen tulos on illan tuloksissa, eikä siirtoja voi enää perua.",
        "en": "The deal is over: its result is the evening's, and its moves can no longer be taken back.",
        "ru": "Сдача уже сыграна: её результат вошёл в итоги вечера, и ходы больше нельзя отменить.",
    },
    "refuse:evening-bad-claim": {
        "fi": "Koodilla ei löydy pelaajan paikkaa: koodi on väärä, jo käytetty tai vanhentunut. "
        "Illan vetäjä voi antaa uuden.",
        "en": "That code opens no player's place: it is wrong, already used or too old. "
        "The director can give a new one.",
        "ru": "По этому коду нет места игрока: код неверен, уже использован или устарел. "
        "Ведущий вечера может выдать новый.",
    },
    "refuse:evening-add-partner": {
        "fi": "Pariksi annetaan joko illassa jo oleva pelaaja tai uusi nimi, ei molempia.",
        "en": "A partner is either a player already here or a new name, not both.",
        "ru": "Партнёр — либо игрок, который уже есть в вечере, либо новое имя, но не то и другое сразу.",
    },
    "refuse:evening-same-name": {
        "fi": "Pelaajalla ja hänen parillaan pitää olla eri nimet.",
        "en": "The player and the partner need different names.",
        "ru": "У игрока и партнёра должны быть разные имена.",
    },
    "refuse:evening-no-partners": {
        "fi": "Kolmen pelaajan säännöissä jokainen pelaa yksin: pelaajalla ei ole paria.",
        "en": "In the three-player rules each player plays alone: a player has no partner.",
        "ru": "В правилах на троих каждый играет сам за себя: у игрока нет партнёра.",
    },
    "refuse:no-evening": {
        "fi": "Sillä koodilla ei ole kerhoiltaa.",
        "en": "There is no club night with that code.",
        "ru": "Клубного вечера с таким кодом нет.",
    },
}


def et(key: str, lang: str, **params: Any) -> str:
    """Look up a text of the club night's screens and fill it in (English if the language is unknown)."""
    entry = EVENING_TEXTS.get(key) or EVENING_REFUSALS[key]
    return fill(entry.get(lang, entry["en"]), lang, **params)
