"""The words of the room server's views, in Finnish, English and Russian.

The table itself speaks with the Play page's words (``web.play_texts``) and the site's
(``web.texts``); here are the rooms' own: the lobby, the seats, the transfer of a seat to
another device, the server's refusals. Values are templates (``plurals.fill``: ``{n:moves}`` a count with its noun); a refusal
speaks of a seat or a player, never to "you".

>>> rt("room-n", "fi", code="ABCD-EFGH"), rt("refuse:seat-taken", "en")
('Huone ABCD-EFGH', 'That seat is taken.')
"""

from __future__ import annotations

from typing import Any

from ..plurals import fill
from ..web.room_frame import FRAME_TEXTS
from .evening_texts import EVENING_REFUSALS

__all__ = ["ROOM_TEXTS", "rt"]

ROOM_TEXTS: dict[str, dict[str, str]] = {
    "label": FRAME_TEXTS["label"],  # the frame's name of the widget, the same words
    # ---------------------------------------------------------------- the lobby
    "lobby-intro": {
        "fi": "Luo huone pöydällesi tai liity huoneeseen sen koodilla.",
        "en": "Create a room for your table, or join one by its code.",
        "ru": "Создайте комнату для своего стола или войдите в комнату по её коду.",
    },
    "create": {"fi": "Uusi huone", "en": "A new room", "ru": "Новая комната"},
    "seat-kind": {"fi": "{seat}", "en": "{seat}", "ru": "{seat}"},
    "kind:person": {"fi": "Pelaaja", "en": "A person", "ru": "Игрок"},
    "kind:bot": {"fi": "Botti: {level}", "en": "Bot: {level}", "ru": "Бот: {level}"},
    "grace": {
        "fi": "Odotus ennen kuin botti pelaa poissa olevan puolesta",
        "en": "Wait before a bot plays for a player who has dropped out",
        "ru": "Ожидание, прежде чем бот сыграет за выбывшего игрока",
    },
    "grace:15": {"fi": "15 s", "en": "15 s", "ru": "15 с"},
    "grace:30": {"fi": "30 s", "en": "30 s", "ru": "30 с"},
    "grace:60": {"fi": "1 min", "en": "1 min", "ru": "1 мин"},
    "grace:120": {"fi": "2 min", "en": "2 min", "ru": "2 мин"},
    "grace:300": {"fi": "5 min", "en": "5 min", "ru": "5 мин"},
    "standin": {
        "fi": "Poissa olevan puolesta pelaavan botin taso",
        "en": "The level of the bot that plays for an absent player",
        "ru": "Уровень бота, который играет за отсутствующего",
    },
    "open": {
        "fi": "Avoimet kädet (harjoitus): kaikkien kortit näkyvät kaikille",
        "en": "Open hands (practice): every hand is shown to everyone",
        "ru": "Открытые карты (тренировка): все руки видны всем",
    },
    "my-seat": {"fi": "Oma paikkasi", "en": "Your seat", "ru": "Ваше место"},
    "my-seat-none": {
        "fi": "Ei paikkaa (vain isäntä tai katsoja)",
        "en": "No seat (host or spectator only)",
        "ru": "Без места (только ведущий или зритель)",
    },
    "name": {"fi": "Nimesi (vapaaehtoinen)", "en": "Your name (optional)", "ru": "Ваше имя (необязательно)"},
    "create-go": {"fi": "Luo huone", "en": "Create the room", "ru": "Создать комнату"},
    "join": {"fi": "Liity huoneeseen", "en": "Join a room", "ru": "Войти в комнату"},
    "room-code": {"fi": "Huoneen koodi", "en": "Room code", "ru": "Код комнаты"},
    "join-go": {"fi": "Liity", "en": "Join", "ru": "Войти"},
    # ---------------------------------------------------------------- a room
    "room-n": {"fi": "Huone {code}", "en": "Room {code}", "ru": "Комната {code}"},
    "link": {"fi": "Linkki huoneeseen", "en": "The room's link", "ru": "Ссылка на комнату"},
    "qr": {
        "fi": "QR-koodi huoneen linkistä",
        "en": "QR code of the room's link",
        "ru": "QR-код ссылки на комнату",
    },
    "invite": {"fi": "Kutsu pelaajia", "en": "Invite players", "ru": "Пригласить игроков"},
    "open-note": {
        "fi": "Tässä huoneessa pelataan avoimin käsin: jokainen näkee kaikkien kortit.",
        "en": "This room plays with open hands: everyone sees every hand.",
        "ru": "В этой комнате играют с открытыми картами: все видят все руки.",
    },
    "seats": {"fi": "Paikat", "en": "The seats", "ru": "Места"},
    "free": {"fi": "vapaa", "en": "free", "ru": "свободно"},
    "player": {"fi": "pelaaja", "en": "a player", "ru": "игрок"},
    "away": {"fi": "poissa", "en": "away", "ru": "нет на связи"},
    "bot-plays": {"fi": "botti pelaa", "en": "a bot plays", "ru": "играет бот"},
    "bot": {"fi": "botti: {level}", "en": "bot: {level}", "ru": "бот: {level}"},
    "sit": {"fi": "Istu paikalle: {seat}", "en": "Sit at {seat}", "ru": "Занять место: {seat}"},
    "sit-name": {"fi": "Nimesi pöydässä", "en": "Your name at the table", "ru": "Ваше имя за столом"},
    "watch": {"fi": "Katsele peliä", "en": "Watch the game", "ru": "Смотреть игру"},
    "projector": {
        "fi": "Projektorinäkymä (uuteen ikkunaan)",
        "en": "Projector view (in a new window)",
        "ru": "Вид для проектора (в новом окне)",
    },
    "reclaim": {
        "fi": "Vaihdatko laitetta?",
        "en": "Changing to another device?",
        "ru": "Переходите на другое устройство?",
    },
    "reclaim-help": {
        "fi": "Kirjoita vanhalla laitteella näkyvä siirtokoodi, niin paikka siirtyy tähän laitteeseen.",
        "en": "Type the transfer code shown on the old device, and the seat moves to this one.",
        "ru": "Введите код переноса, показанный на старом устройстве, и место перейдёт на это.",
    },
    "reclaim-code": {"fi": "Siirtokoodi", "en": "Transfer code", "ru": "Код переноса"},
    "reclaim-go": {"fi": "Siirrä paikka tänne", "en": "Move the seat here", "ru": "Перенести место сюда"},
    "leave": {"fi": "Takaisin alkuun", "en": "Back to the start", "ru": "Назад к началу"},
    "confirm-leave": {
        "fi": "Lähdetäänkö pöydästä? Paikka pysyy sinun tällä laitteella, mutta poissa ollessasi "
        "botti pelaa sen puolesta odotusajan jälkeen.",
        "en": "Leave the table? The seat stays yours on this device, but while you are away a bot "
        "plays it once the room's wait is over.",
        "ru": "Уйти из-за стола? Место остаётся за вами на этом устройстве, но пока вас нет, "
        "по истечении ожидания за него играет бот.",
    },
    "confirm-leave-yes": {"fi": "Lähde pöydästä", "en": "Leave the table", "ru": "Уйти из-за стола"},
    "confirm-stay": {"fi": "Jää pöytään", "en": "Stay at the table", "ru": "Остаться за столом"},
    "move": {
        "fi": "Siirrä paikkani toiselle laitteelle",
        "en": "Move my seat to another device",
        "ru": "Перенести моё место на другое устройство",
    },
    "move-code": {
        "fi": "Siirtokoodi: {code}. Kirjoita se uudella laitteella tämän huoneen sivulla ({minutes} min).",
        "en": "Transfer code: {code}. Type it on the new device, on this room's page ({minutes} min).",
        "ru": "Код переноса: {code}. Введите его на новом устройстве, на странице этой комнаты ({minutes} мин).",
    },
    "host": {
        "fi": "Olet tämän huoneen isäntä: omassa näkymässäsi näkyvät kaikkien kortit, projektorinäkymässä ei.",
        "en": "You host this room: your own view shows every hand, the projector view does not.",
        "ru": "Вы ведущий этой комнаты: в вашем виде видны все руки, в виде для проектора — нет.",
    },
    "tools": {"fi": "Isännän työkalut", "en": "The host's tools", "ru": "Инструменты ведущего"},
    "show-all": {
        "fi": "Näytä kaikkien kortit",
        "en": "Show every hand",
        "ru": "Показать все руки",
    },
    "hands-all": {
        "fi": "Näet nyt kaikkien kortit.",
        "en": "You now see every hand.",
        "ru": "Теперь вам видны все руки.",
    },
    "hands-own": {
        "fi": "Näet nyt vain omat korttisi.",
        "en": "You now see your own hand only.",
        "ru": "Теперь вам видна только ваша рука.",
    },
    "free-seat": {
        "fi": "Vapauta paikka uudelle laitteelle (pelaajan puhelin katosi)",
        "en": "Free a seat for a new device (the player's phone is lost)",
        "ru": "Освободить место для нового устройства (телефон игрока потерян)",
    },
    "free-go": {"fi": "Vapauta paikka", "en": "Free the seat", "ru": "Освободить место"},
    "back-last": {
        "fi": "Peru viimeisin siirto",
        "en": "Take back the last move",
        "ru": "Отменить последний ход",
    },
    "rewind": {
        "fi": "Palaa jaossa kohtaan ennen siirtoa",
        "en": "Go back in the deal to before the move",
        "ru": "Вернуться в сдаче к моменту перед ходом",
    },
    "rewind-go": {"fi": "Palaa tähän kohtaan", "en": "Go back there", "ru": "Вернуться туда"},
    "move-n": {"fi": "{n}. {what}", "en": "{n}. {what}", "ru": "{n}. {what}"},
    "rewound": {
        "fi": "Isäntä perui {n:moves-acc}; jako jatkuu siirrosta {at}.",
        "en": "The host took back {n:moves-acc}; the deal goes on from move {at}.",
        "ru": "Ведущий отменил {n:moves-acc}; сдача продолжается с хода {at}.",
    },
    "pause": {"fi": "Pysäytä botit", "en": "Pause the bots", "ru": "Остановить ботов"},
    "paused": {
        "fi": "Isäntä pysäytti botit.",
        "en": "The host has paused the bots.",
        "ru": "Ведущий остановил ботов.",
    },
    "resumed": {
        "fi": "Botit pelaavat taas.",
        "en": "The bots play again.",
        "ru": "Боты снова играют.",
    },
    "paused-wait": {
        "fi": "Vuorossa: {who}. Isäntä on pysäyttänyt botit.",
        "en": "{who} to act. The host has paused the bots.",
        "ru": "Ходит: {who}. Ведущий остановил ботов.",
    },
    "comment": {
        "fi": "Kommentti koko pöydälle",
        "en": "A comment for the whole table",
        "ru": "Комментарий для всего стола",
    },
    "comment-go": {"fi": "Lähetä kommentti", "en": "Send the comment", "ru": "Отправить комментарий"},
    "comments": {"fi": "Isännän kommentit", "en": "The host's comments", "ru": "Комментарии ведущего"},
    "said": {"fi": "Isäntä: {text}", "en": "The host: {text}", "ru": "Ведущий: {text}"},
    "position": {
        "fi": "Jaa valmis asetelma sekoituksen sijaan",
        "en": "Deal a prepared position instead of a shuffle",
        "ru": "Сдать готовую позицию вместо перетасовки",
    },
    "position-help": {
        "fi": "Uusi peli alkaa asetelmasta, ja pistelista alkaa alusta.",
        "en": "A new game starts from the position, and the score sheet starts anew.",
        "ru": "С позиции начинается новая игра, и лист счёта начинается заново.",
    },
    "position-record": {
        "fi": "Pelikirjaus (liitä tähän)",
        "en": "A game record (paste it here)",
        "ru": "Запись игры (вставьте сюда)",
    },
    "position-file": {
        "fi": "tai avaa pelikirjaustiedosto",
        "en": "or open a record file",
        "ru": "или откройте файл записи",
    },
    "position-go": {"fi": "Jaa tämä asetelma", "en": "Deal this position", "ru": "Сдать эту позицию"},
    "position-exercise": {
        "fi": "tai kurssin tehtävä",
        "en": "or an exercise of the course",
        "ru": "или задание курса",
    },
    "exercise-go": {"fi": "Jaa tämä tehtävä", "en": "Deal this exercise", "ru": "Сдать это задание"},
    "positioned": {
        "fi": "Isäntä jakoi valmiin asetelman; pistelista alkaa alusta.",
        "en": "The host dealt a prepared position; the score sheet starts anew.",
        "ru": "Ведущий сдал готовую позицию; лист счёта начинается заново.",
    },
    "confirm-position": {
        "fi": "Asetelman jakaminen päättää käynnissä olevan pelin: pistelista ({n:deals}) ja "
        "käynnissä olevan jaon {m:moves} menetetään. Jaetaanko silti?",
        "en": "Dealing it ends the game in play: the score sheet ({n:deals}) and the deal in "
        "progress ({m:moves}) are lost. Deal it anyway?",
        "ru": "Сдача позиции закончит текущую игру: пропадут лист счёта ({n:deals}) и текущая "
        "сдача ({m:moves}). Всё равно сдать?",
    },
    "confirm-position-yes": {
        "fi": "Jaa ja aloita alusta",
        "en": "Deal it and start anew",
        "ru": "Сдать и начать заново",
    },
    "confirm-no": {"fi": "Jatka nykyistä peliä", "en": "Keep the game in play", "ru": "Продолжить эту игру"},
    "bad-record": {
        "fi": "Asetelmaa ei voitu jakaa: {why}",
        "en": "The position could not be dealt: {why}",
        "ru": "Позицию не удалось сдать: {why}",
    },
    "comment-back": {"fi": "peruttuun siirtoon", "en": "on a move taken back", "ru": "к отменённому ходу"},
    "hint-send": {"fi": "Lähetä vihje: {who}", "en": "Send {who} a hint", "ru": "Отправить подсказку: {who}"},
    "hint-send-more": {
        "fi": "Näytä kortti: {who}",
        "en": "Show {who} the card",
        "ru": "Показать карту: {who}",
    },
    "hint-sent": {
        "fi": "Vihje lähetetty: {who}.",
        "en": "Hint sent to {who}.",
        "ru": "Подсказка отправлена: {who}.",
    },
    "hint-from": {"fi": "Isännän vihje", "en": "The host's hint", "ru": "Подсказка ведущего"},
    "review-wait": {
        "fi": "Arviota lasketaan…",
        "en": "The review is being worked out…",
        "ru": "Разбор готовится…",
    },
    "review-cut": {
        "fi": (
            "Huutojen punnitsemiseen varattu aika loppui ennen kuin jokainen huutosi ehdittiin "
            "punnita {deals:deals-in}: kunkin kohdalla lukee, montako jakoa sen takana on, ja se, "
            "mihin aika ei riittänyt, jäi pois."
        ),
        "en": (
            "The time set aside for weighing the bidding ran out before each of your calls had "
            "its {deals:deals}: each one above says how many deals it stands on, and whatever "
            "the time did not reach is left out."
        ),
        "ru": (
            "Время, отведённое на оценку торговли, кончилось раньше, чем каждый ваш заказ и пас "
            "удалось оценить на {deals:deals-in}: у каждого выше сказано, на скольких сдачах он "
            "основан, а то, до чего время не дошло, опущено."
        ),
    },
    "review-cut-none": {
        "fi": "Huutojen punnitsemiseen varattu aika loppui ennen kuin yhtäkään huutoasi ehdittiin punnita.",
        "en": "The time set aside for weighing the bidding ran out before any of your calls could be weighed.",
        "ru": "Время, отведённое на оценку торговли, кончилось раньше, чем удалось оценить хоть один ваш заказ или пас.",
    },
    "teacher-view": {
        "fi": "Isännän näkymä: kaikkien kortit",
        "en": "The host's view: every hand",
        "ru": "Вид ведущего: все руки",
    },
    "you-watch": {
        "fi": "Katselet pöytää.",
        "en": "You are watching the table.",
        "ru": "Вы наблюдаете за игрой.",
    },
    "deal-n": {"fi": "Jako {n}", "en": "Deal {n}", "ru": "Сдача {n}"},
    "waiting-for": {
        "fi": "Odotetaan pelaajaa paikalle: {seat}.",
        "en": "Waiting for a player at {seat}.",
        "ru": "Ждём игрока на место: {seat}.",
    },
    "away-wait": {
        "fi": "{who} on poissa. Botti pelaa hänen puolestaan, jos hän ei palaa pian.",
        "en": "{who} has dropped out. A bot plays for them unless they are back soon.",
        "ru": "{who}: нет связи. Если игрок не вернётся вскоре, за него сыграет бот.",
    },
    "to-act": {"fi": "Vuorossa: {who}.", "en": "{who} to act.", "ru": "Ходит: {who}."},
    "who": {"fi": "{seat} ({name})", "en": "{seat} ({name})", "ru": "{seat} ({name})"},
    "so-far": {"fi": "Jako tähän asti", "en": "The deal so far", "ru": "Сдача до этого момента"},
    "record": {
        "fi": "Lataa jako pelikirjauksena",
        "en": "Download the deal as a record",
        "ru": "Скачать сдачу как запись",
    },
    "bots-why": {
        "fi": "Miksi botit pelasivat näin?",
        "en": "Why did the bots play so?",
        "ru": "Почему боты сыграли так?",
    },
    "again": {
        "fi": "Uusi peli samoilla paikoilla",
        "en": "A new game, same seats",
        "ru": "Новая игра, те же места",
    },
    "last-deal": {"fi": "Edellinen jako", "en": "Last deal", "ru": "Прошлая сдача"},
    "last-deal-n": {
        "fi": "Edellinen jako (jako {n})",
        "en": "The last deal (deal {n})",
        "ru": "Прошлая сдача (сдача {n})",
    },
    "last-deal-close": {
        "fi": "Sulje edellinen jako",
        "en": "Close the last deal",
        "ru": "Закрыть прошлую сдачу",
    },
    "ready-go": {"fi": "Olen valmis jatkamaan", "en": "I'm ready to go on", "ru": "Можно продолжать"},
    "ready-undo": {
        "fi": "Odottakaa vielä",
        "en": "Wait, not ready yet",
        "ru": "Подождите, ещё не всё",
    },
    "ready-list": {
        "fi": "Valmiina jatkamaan: {names}.",
        "en": "Ready to go on: {names}.",
        "ru": "Можно продолжать: {names}.",
    },
    "ready-none": {"fi": "ei vielä kukaan", "en": "no one yet", "ru": "пока никто"},
    "ready-waiting": {"fi": "Odotetaan: {names}.", "en": "Waiting for: {names}.", "ru": "Ждём: {names}."},
    "ready-how": {
        "fi": "Seuraava jako alkaa, kun jokainen pelaaja on valmis.",
        "en": "The next deal starts once every player is ready.",
        "ru": "Следующая сдача начнётся, когда все игроки будут готовы.",
    },
    "host-starts": {
        "fi": "Isäntä aloittaa seuraavan jaon.",
        "en": "The host starts the next deal.",
        "ru": "Следующую сдачу начинает ведущий.",
    },
    "next-by": {
        "fi": "Kuka aloittaa seuraavan jaon",
        "en": "Who starts the next deal",
        "ru": "Кто начинает следующую сдачу",
    },
    "next-by:auto": {
        "fi": "Isäntä, jos hän ei istu pöytään; muuten pelaajat yhdessä",
        "en": "The host if the host takes no seat, else the players together",
        "ru": "Ведущий, если он без места; иначе игроки вместе",
    },
    "next-by:host": {"fi": "Isäntä", "en": "The host", "ru": "Ведущий"},
    "next-by:ready": {
        "fi": "Pelaajat, kun kaikki ovat valmiita",
        "en": "The players, once all are ready",
        "ru": "Игроки, когда все готовы",
    },
    "next-by-go": {"fi": "Vaihda", "en": "Change", "ru": "Изменить"},
    "next-by-host-now": {
        "fi": "Nyt isäntä aloittaa seuraavan jaon.",
        "en": "From now on the host starts the next deal.",
        "ru": "Теперь следующую сдачу начинает ведущий.",
    },
    "next-by-ready-now": {
        "fi": "Nyt seuraava jako alkaa, kun kaikki pelaajat ovat valmiita.",
        "en": "From now on the next deal starts once every player is ready.",
        "ru": "Теперь следующая сдача начнётся, когда все игроки будут готовы.",
    },
    "people-only": {
        "fi": "Vain pöydän pelaajat voivat aloittaa seuraavan jaon.",
        "en": "Only the players at the table can start the next deal.",
        "ru": "Следующую сдачу могут начать только игроки за столом.",
    },
    # ---------------------------------------------------------------- announcements
    "created": {
        "fi": "Huone {code} on valmis.",
        "en": "Room {code} is ready.",
        "ru": "Комната {code} готова.",
    },
    "entered": {"fi": "Huone {code}.", "en": "Room {code}.", "ru": "Комната {code}."},
    "sat": {
        "fi": "{who} istuu nyt paikalla {seat}.",
        "en": "{who} now sits at {seat}.",
        "ru": "{who} теперь на месте: {seat}.",
    },
    "you-sat": {"fi": "Istut paikalla {seat}.", "en": "You sit at {seat}.", "ru": "Вы на месте: {seat}."},
    "back": {
        "fi": "{who} on taas pöydässä.",
        "en": "{who} is back at the table.",
        "ru": "{who} снова за столом.",
    },
    "dropped": {"fi": "{who} on poissa.", "en": "{who} has dropped out.", "ru": "{who}: нет связи."},
    "stand-in": {
        "fi": "Botti pelaa paikan {seat} puolesta, kunnes pelaaja palaa.",
        "en": "A bot plays for {seat} until the player comes back.",
        "ru": "Бот играет за место «{seat}», пока игрок не вернётся.",
    },
    "moved-away": {
        "fi": "Paikkasi siirtyi toiselle laitteelle.",
        "en": "Your seat has moved to another device.",
        "ru": "Ваше место перенесено на другое устройство.",
    },
    "freed": {
        "fi": "Isäntä vapautti paikan {seat}: toinen laite voi istua siihen.",
        "en": "The host has freed {seat}: another device may sit there.",
        "ru": "Ведущий освободил место «{seat}»: его может занять другое устройство.",
    },
    "seat-elsewhere": {
        "fi": "Tämä paikka on nyt auki uudemmilla laitteilla, joten tästä laitteesta voi vain katsoa. Kun sivun lataa uudelleen, paikka palaa tänne.",
        "en": "This seat is now open on newer devices, so this one can only watch. Reloading the page brings the seat back here.",
        "ru": "Это место теперь открыто на более новых устройствах, поэтому здесь можно только смотреть. Если перезагрузить страницу, место вернётся сюда.",
    },
    "host-elsewhere": {
        "fi": "Isännän työkalut ovat nyt auki uudemmilla laitteilla, joten tästä laitteesta ne poistuivat. Kun sivun lataa uudelleen, ne palaavat.",
        "en": "The host's tools are now open on newer devices, so they have left this one. Reloading the page brings them back.",
        "ru": "Инструменты ведущего теперь открыты на более новых устройствах, поэтому здесь их больше нет. После перезагрузки страницы они вернутся.",
    },
    "codes-locked": {
        "fi": "Samasta verkko-osoitteesta on tullut liian monta väärää huone- tai siirtokoodia, joten palvelin ei hetkeen ota sieltä koodeja vastaan. Koulun laitteet jakavat usein yhden osoitteen: huoneessa jo olevat jatkavat, ja laite, joka on jo istunut paikallaan, pääsee takaisin. Muut voivat liittyä noin minuutin kuluttua.",
        "en": "Too many wrong room or transfer codes have come from one network address, so for a short while the server takes no codes from it. A school's devices often share one address: those already in the room go on, and a device that has sat at its seat before gets back in. The others can join in a minute or so.",
        "ru": "С одного сетевого адреса пришло слишком много неверных кодов комнаты или переноса, поэтому сервер ненадолго перестал принимать с него коды. Устройства в школе часто выходят в сеть с одного адреса: те, кто уже в комнате, продолжают, а устройство, которое уже сидело на своём месте, вернётся. Остальные смогут войти примерно через минуту.",
    },
    "freed-you": {
        "fi": "Isäntä vapautti paikkasi toiselle laitteelle.",
        "en": "The host has freed your seat for another device.",
        "ru": "Ведущий освободил ваше место для другого устройства.",
    },
    "ready-said": {
        "fi": "{who} on valmis jatkamaan.",
        "en": "{who} is ready to go on.",
        "ru": "{who}: можно продолжать.",
    },
    "ready-back": {
        "fi": "{who} pyytää odottamaan vielä.",
        "en": "{who} asks to wait a little.",
        "ru": "{who} просит немного подождать.",
    },
    "new-game": {"fi": "Uusi peli alkaa.", "en": "A new game begins.", "ru": "Начинается новая игра."},
    # ---------------------------------------------------------------- refusals
    "refuse:bad-message": {
        "fi": "Palvelin ei ymmärtänyt viestiä.",
        "en": "The server could not read that message.",
        "ru": "Сервер не понял это сообщение.",
    },
    "refuse:too-long": {
        "fi": "Viesti oli liian pitkä.",
        "en": "The message was too long.",
        "ru": "Сообщение слишком длинное.",
    },
    "refuse:bad-room-code": {
        "fi": "Huoneen koodissa on kahdeksan merkkiä, esimerkiksi ABCD-EFGH.",
        "en": "A room code has eight characters, for example ABCD-EFGH.",
        "ru": "Код комнаты состоит из восьми знаков, например ABCD-EFGH.",
    },
    "refuse:no-room": {
        "fi": "Tällä koodilla ei ole huonetta.",
        "en": "There is no room with that code.",
        "ru": "Комнаты с таким кодом нет.",
    },
    "refuse:bad-name": {
        "fi": "Nimessä voi olla enintään {n} merkkiä.",
        "en": "A name may have at most {n} characters.",
        "ru": "Имя может быть не длиннее {n} знаков.",
    },
    "refuse:seat-is-bot": {
        "fi": "Tällä paikalla pelaa botti.",
        "en": "A bot plays that seat.",
        "ru": "На этом месте играет бот.",
    },
    "refuse:seat-taken": {
        "fi": "Paikka on jo varattu.",
        "en": "That seat is taken.",
        "ru": "Это место уже занято.",
    },
    "refuse:no-such-seat": {
        "fi": "Tässä pelissä ei ole sellaista paikkaa.",
        "en": "This game has no such seat.",
        "ru": "В этой игре нет такого места.",
    },
    "refuse:bad-reclaim": {
        "fi": "Siirtokoodi on väärä tai vanhentunut.",
        "en": "The transfer code is wrong or has expired.",
        "ru": "Код переноса неверен или устарел.",
    },
    "refuse:not-seated": {
        "fi": "Siihen tarvitaan paikka pöydässä.",
        "en": "That needs a seat at the table.",
        "ru": "Для этого нужно место за столом.",
    },
    "refuse:no-last-deal": {
        "fi": "Edellistä jakoa ei ole vielä pelattu, tai tämä jako on jo ohi.",
        "en": "There is no previous deal to look back at, or this deal is already over.",
        "ru": "Прошлой сдачи ещё нет, или эта сдача уже окончена.",
    },
    "refuse:host-deals": {
        "fi": "Tässä huoneessa seuraavan jaon aloittaa isäntä, ei pelaaja.",
        "en": "In this room the host starts the next deal, not a player.",
        "ru": "В этой комнате следующую сдачу начинает ведущий, а не игрок.",
    },
    "refuse:next-by-same": {
        "fi": "Huone on jo näin asetettu.",
        "en": "The room is already set so.",
        "ru": "Комната уже так настроена.",
    },
    "refuse:not-host": {
        "fi": "Sen voi tehdä vain huoneen isäntä.",
        "en": "Only the room's host can do that.",
        "ru": "Это может сделать только ведущий комнаты.",
    },
    "refuse:bad-rewind": {
        "fi": "Jaossa ei ole sellaista siirtoa, johon palata.",
        "en": "The deal has no such move to go back to.",
        "ru": "В сдаче нет такого хода, к которому можно вернуться.",
    },
    "refuse:paused": {
        "fi": "Botit ovat jo pysähdyksissä.",
        "en": "The bots are paused already.",
        "ru": "Боты уже остановлены.",
    },
    "refuse:not-paused": {
        "fi": "Botit pelaavat jo.",
        "en": "The bots are playing already.",
        "ru": "Боты уже играют.",
    },
    "refuse:bad-comment": {
        "fi": "Kommentissa voi olla 1–{comment} merkkiä.",
        "en": "A comment may have 1 to {comment} characters.",
        "ru": "Комментарий может содержать от 1 до {comment} знаков.",
    },
    "refuse:no-position": {
        "fi": "Asetelmaa ei annettu: liitä pelikirjaus tai valitse tehtävä.",
        "en": "No position was given: paste a record or choose an exercise.",
        "ru": "Позиция не указана: вставьте запись или выберите задание.",
    },
    "refuse:position-rules": {
        "fi": "Pelikirjaus on pelattu eri säännöillä kuin tämän huoneen peli.",
        "en": "The record is played under other rules than this room's game.",
        "ru": "Запись сыграна по другим правилам, чем игра этой комнаты.",
    },
    "refuse:position-unsupported": {
        "fi": "Tämä pöytä ei voi jakaa asetelmaa, koska sen aloittaja poikkeaa sääntöjen omasta.",
        "en": "This table cannot deal the position: its first leader differs from the rules' own.",
        "ru": "Этот стол не может сдать позицию: первый ход в ней не по правилам.",
    },
    "refuse:no-hint": {
        "fi": "Vihjeen voi lähettää vain pelaajalle, jonka vuoro on.",
        "en": "A hint goes only to a player whose turn it is.",
        "ru": "Подсказку можно отправить только игроку, чей сейчас ход.",
    },
    "refuse:hint-all": {
        "fi": "Pelaaja on jo saanut tähän siirtoon kaikki vihjeet.",
        "en": "The player has had every hint for this move already.",
        "ru": "Игрок уже получил все подсказки к этому ходу.",
    },
    "refuse:not-in-room": {
        "fi": "Siihen tarvitaan huone.",
        "en": "That needs a room.",
        "ru": "Для этого нужна комната.",
    },
    "refuse:not-your-turn": {
        "fi": "Nyt ei ole tämän paikan vuoro.",
        "en": "It is not this seat's turn.",
        "ru": "Сейчас ход не этого места.",
    },
    "refuse:deal-over": {
        "fi": "Jako on jo pelattu.",
        "en": "The deal is already over.",
        "ru": "Сдача уже сыграна.",
    },
    "refuse:pick-exchange": {
        "fi": "Valitse ensin vaihtoon menevät kortit.",
        "en": "Pick the cards for the exchange first.",
        "ru": "Сначала выберите карты для обмена.",
    },
    "refuse:not-in-hand": {
        "fi": "Sitä korttia ei ole tässä kädessä.",
        "en": "That card is not in this hand.",
        "ru": "Этой карты нет на руке.",
    },
    "refuse:game-not-over": {
        "fi": "Peli on vielä kesken.",
        "en": "The game is not over yet.",
        "ru": "Игра ещё не окончена.",
    },
    "refuse:reasons-busy": {
        "fi": "Bottien perusteluja lasketaan jo tälle huoneelle; tämän voi kysyä uudelleen hetken päästä.",
        "en": "The bots' reasons are already being worked out for this room; this one can be asked again in a moment.",
        "ru": "Объяснения ботов для этой комнаты уже вычисляются; это можно спросить снова чуть позже.",
    },
    "refuse:too-many-rooms": {
        "fi": "Palvelimella on jo niin monta huonetta kuin se pystyy pitämään. Yritä myöhemmin uudelleen.",
        "en": "The server holds as many rooms as it can. Try again later.",
        "ru": "На сервере уже столько комнат, сколько он может держать. Попробуйте позже.",
    },
    "refuse:room-full": {
        "fi": "Huoneeseen on jo yhdistetty niin monta laitetta kuin se sallii.",
        "en": "The room already has as many devices connected as it allows.",
        "ru": "К комнате уже подключено столько устройств, сколько она допускает.",
    },
    "refuse:room-address-full": {
        "fi": "Tästä verkko-osoitteesta on huoneessa jo niin monta laitetta kuin se sallii.",
        "en": "As many devices from this network address are in the room as it allows.",
        "ru": "С этого сетевого адреса в комнате уже столько устройств, сколько она допускает.",
    },
    "refuse:server-full": {
        "fi": "Palvelimeen on jo yhdistetty niin monta laitetta kuin se sallii. Yritä myöhemmin uudelleen.",
        "en": "The server already has as many devices connected as it allows. Try again later.",
        "ru": "К серверу уже подключено столько устройств, сколько он допускает. Попробуйте позже.",
    },
    "refuse:address-full": {
        "fi": "Tästä osoitteesta on jo yhdistetty niin monta laitetta kuin palvelin sallii. Yritä myöhemmin uudelleen.",
        "en": "As many devices are connected from this address as the server allows. Try again later.",
        "ru": "С этого адреса уже подключено столько устройств, сколько допускает сервер. Попробуйте позже.",
    },
    "refuse:slow-down": {
        "fi": "Viestejä tulee liian tiheään; palvelin jättää ne hetken ajan huomiotta.",
        "en": "Messages are coming too fast; the server skips them for a moment.",
        "ru": "Сообщения приходят слишком часто; сервер ненадолго их пропускает.",
    },
    "refuse:flood": {
        "fi": "Yhteys lähetti aivan liikaa viestejä, joten palvelin sulki sen; sivu yhdistää uudelleen itse.",
        "en": "The connection sent far too many messages, so the server closed it; the page connects again by itself.",
        "ru": "Соединение прислало слишком много сообщений, и сервер его закрыл; страница подключится снова сама.",
    },
    "refuse:too-many-tries": {
        "fi": "Tästä verkko-osoitteesta on tullut liian monta väärää koodia; palvelin ottaa siitä koodeja taas hetken kuluttua.",
        "en": "Too many wrong codes have come from this network address; the server takes codes from it again after a short wait.",
        "ru": "С этого сетевого адреса пришло слишком много неверных кодов; сервер снова примет с него коды чуть позже.",
    },
    "refuse:wrong-codes": {
        "fi": "Yhteys lähetti liian monta väärää koodia, joten palvelin sulki sen; sivu yhdistää uudelleen itse.",
        "en": "The connection sent too many wrong codes, so the server closed it; the page connects again by itself.",
        "ru": "Соединение прислало слишком много неверных кодов, и сервер его закрыл; страница подключится снова сама.",
    },
    "refuse:too-many-new-rooms": {
        "fi": "Tästä laitteesta on luotu lyhyessä ajassa monta huonetta; uuden voi luoda muutaman minuutin kuluttua.",
        "en": "Many rooms have been created from this device in a short time; another can be created in a few minutes.",
        "ru": "С этого устройства за короткое время создано много комнат; новую можно будет создать через несколько минут.",
    },
    "refuse:store-failed": {
        "fi": "Siirtoa ei voitu tallentaa, joten sitä ei tehty. Yritä uudelleen.",
        "en": "The move could not be saved, so it was not made. Try again.",
        "ru": "Ход не удалось сохранить, поэтому он не сделан. Попробуйте ещё раз.",
    },
    "refuse:error": {
        "fi": "Palvelimella meni jotain vikaan; huone jatkuu ennallaan.",
        "en": "Something went wrong on the server; the room goes on as it was.",
        "ru": "На сервере что-то пошло не так; комната продолжает работу как прежде.",
    },
}

ROOM_TEXTS.update(EVENING_REFUSALS)  # a club night's refusals are the rooms' too (``views.refusal``)


def rt(key: str, lang: str, **params: Any) -> str:
    """Look up a text of the rooms and fill it in (English if the language is unknown)."""
    entry = ROOM_TEXTS[key]
    return fill(entry.get(lang, entry["en"]), lang, **params)
