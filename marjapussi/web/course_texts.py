"""The course's and the quiz's own words in Finnish, English and Russian.

Stage names, goals, questions, why a try missed, and the buttons (each exercise's own
hint is in ``course_hints``). The rules' own words (rule names, refusals) come from
``marjapussi.messages``.
Values are ``str.format`` templates.

>>> ct("stage:follow", "fi"), ct("stage:follow", "ru")
('Maan tunnustaminen', 'Ход в масть')
>>> ct("stage-progress", "en", solved=2, total=3, stars=1)
'2 of 3 solved, 1 ★'
"""

from __future__ import annotations

from typing import Any

from ..plurals import fill

__all__ = ["COURSE_TEXTS", "ct"]

COURSE_TEXTS: dict[str, dict[str, str]] = {
    # ---------------------------------------------------------------- frame and buttons
    "course-label": {"fi": "Kurssi", "en": "Course", "ru": "Курс"},
    "quiz-label": {"fi": "Tietovisa", "en": "Quiz", "ru": "Викторина"},
    "exercise-of": {
        "fi": "Tehtävä {n}/{total} · vaihe {stage_n}/{stages}",
        "en": "Exercise {n}\u00a0of\u00a0{total} · stage {stage_n}\u00a0of\u00a0{stages}",
        "ru": "Задание {n}\u00a0из\u00a0{total} · этап {stage_n}\u00a0из\u00a0{stages}",
    },
    "check": {"fi": "Tarkista", "en": "Check", "ru": "Проверить"},
    "hint": {"fi": "Näytä vihje", "en": "Show a hint", "ru": "Показать подсказку"},
    "hint-title": {"fi": "Vihje", "en": "Hint", "ru": "Подсказка"},
    "next-exercise": {"fi": "Seuraava tehtävä", "en": "Next exercise", "ru": "Следующее задание"},
    "prev-exercise": {"fi": "Edellinen tehtävä", "en": "Previous exercise", "ru": "Предыдущее задание"},
    "try-again": {
        "fi": "Yritä uudelleen ja valitse jokin toinen vastaus.",
        "en": "Try again: choose another answer.",
        "ru": "Попробуйте ещё раз: выберите другой ответ.",
    },
    "solved": {"fi": "Oikein!", "en": "Solved!", "ru": "Верно!"},
    "solved-star": {
        "fi": "Ensimmäisellä yrityksellä ja ilman vihjettä, joten saat tähden ★.",
        "en": "Right at the first try and without a hint: a star ★.",
        "ru": "С первой попытки и без подсказки — за это звезда ★.",
    },
    "solved-plain": {
        "fi": "Tehtävä on ratkaistu. Tähden saa, kun vastaus osuu oikeaan ensimmäisellä yrityksellä ilman vihjettä.",
        "en": "The exercise is solved. A star is for solving it with no hint and no wrong try.",
        "ru": "Задание решено. Звезда даётся за решение с первой попытки и без подсказки.",
    },
    "wrong": {"fi": "Ei aivan.", "en": "Not quite.", "ru": "Не совсем."},
    "see-rule": {"fi": "Sääntö:", "en": "The rule:", "ru": "Правило:"},
    "progress": {"fi": "Edistyminen", "en": "Progress", "ru": "Прогресс"},
    "stage-progress": {
        "fi": "{solved}/{total} ratkaistu, {stars} ★",
        "en": "{solved} of {total} solved, {stars} ★",
        "ru": "решено {solved} из {total}, {stars} ★",
    },
    "total-progress": {
        "fi": "Ratkaistu {solved}/{total:exercises} ja kerätty {stars:stars}.",
        "en": "In all {solved} of {total:exercises} solved and {stars:stars} earned.",
        "ru": "Всего решено {solved} из {total:exercises-of}, звёзд: {stars}.",
    },
    "go-stage": {"fi": "Siirry vaiheeseen: {stage}", "en": "Go to stage: {stage}", "ru": "Перейти к этапу «{stage}»"},
    "reset": {"fi": "Aloita alusta", "en": "Reset progress", "ru": "Сбросить прогресс"},
    "reset-done": {
        "fi": "Edistyminen on nollattu, ja kurssi alkaa alusta.",
        "en": "Progress reset. The course starts again from the beginning.",
        "ru": "Прогресс сброшен. Курс начинается сначала.",
    },
    "restored": {
        "fi": "Tallennettu edistyminen on palautettu.",
        "en": "Your saved progress is back.",
        "ru": "Сохранённый прогресс восстановлен.",
    },
    "restored-here": {
        "fi": "Tallennettu edistyminen on palautettu, ja kurssi jatkuu siitä, mihin jäit.",
        "en": "Your saved progress is back, and the course opens where you left it.",
        "ru": "Сохранённый прогресс восстановлен, и курс открыт там, где вы остановились.",
    },
    "progress-corrupt": {
        "fi": "Tallennettua kurssia ei voitu lukea kokonaan, joten se alkaa alusta. "
        "Tallenne on tässä ladattavissa.",
        "en": "The saved course could not be read in full, so it opens at the start. "
        "The saved text is kept here for you to download.",
        "ru": "Сохранённый курс не удалось прочитать полностью, поэтому он открыт с начала. "
        "Сохранённый текст можно скачать здесь.",
    },
    "old-download": {
        "fi": "Lataa tallenne",
        "en": "Download the saved text",
        "ru": "Скачать сохранённый текст",
    },
    "dismiss": {"fi": "Sulje ilmoitus", "en": "Close this note", "ru": "Закрыть сообщение"},
    "dismissed": {"fi": "Ilmoitus suljettu.", "en": "Note closed.", "ru": "Сообщение закрыто."},
    "picked": {"fi": "Valittu", "en": "Picked", "ru": "Выбрано"},
    "pick-help": {
        "fi": "Valitse kortit napauttamalla; toinen napautus poistaa valinnan.",
        "en": "Tap cards to pick them; a second tap takes a card back.",
        "ru": "Нажимайте на карты, чтобы выбрать их; повторное нажатие снимает выбор.",
    },
    "offer-title": {"fi": "Muut vaihtoehdot", "en": "Other moves", "ru": "Другие действия"},
    "course-done": {
        "fi": "Kaikki tehtävät on ratkaistu. Jatka tietovisalla!",
        "en": "Every exercise is solved. Carry on with the quiz!",
        "ru": "Все задания решены. Продолжайте в викторине!",
    },
    "before-totals": {
        "fi": "Eräpisteet ennen jakoa: {ns_name} {ns}, {ew_name} {ew}.",
        "en": "Erä totals before the deal: {ns_name} {ns}, {ew_name} {ew}.",
        "ru": "Счёт эря до сдачи: {ns_name} {ns}, {ew_name} {ew}.",
    },
    "before-game": {
        "fi": "Pisteet ennen jakoa: {ns_name} {ns}, {ew_name} {ew}.",
        "en": "Game totals before the deal: {ns_name} {ns}, {ew_name} {ew}.",
        "ru": "Счёт игры до сдачи: {ns_name} {ns}, {ew_name} {ew}.",
    },
    "era-wins-before": {
        "fi": "Voitetut erät: {ns_name} {ns}, {ew_name} {ew}.",
        "en": "Erä won so far: {ns_name} {ns}, {ew_name} {ew}.",
        "ru": "Выиграно эря: {ns_name} {ns}, {ew_name} {ew}.",
    },
    "misplays-before": {
        "fi": "Aiemmat pelivirheet tässä pelissä: {ns_name} {ns}, {ew_name} {ew}.",
        "en": "Misplays earlier in this game: {ns_name} {ns}, {ew_name} {ew}.",
        "ru": "Ошибки, уже допущенные в этой игре: {ns_name} {ns}, {ew_name} {ew}.",
    },
    "misplay-now": {
        "fi": "Tässä jaossa pelivirheen teki {pair}.",
        "en": "In this deal {pair} made a misplay.",
        "ru": "В этой сдаче ошибку допустила пара {pair}.",
    },
    "variant:molotov_bonus": {
        "fi": "Sovittu molotov-lisä: {value:points}.",
        "en": "Agreed Molotov bonus: {value:points}.",
        "ru": "Оговорённая премия за «Молотов»: {value:points}.",
    },
    "variant:must_beat": {
        "fi": "Muunnelma: ylimenopakkoa ei ole (maata on silti tunnustettava ja valtattava).",
        "en": "Variation: no duty to beat (following suit and trumping still apply).",
        "ru": "Вариант: перебивать не обязательно (ходить в масть и козырять по-прежнему нужно).",
    },
    "variant:deck_size": {
        "fi": "Pakassa on {value:cards}.",
        "en": "The pack has {value:cards}.",
        "ru": "В колоде {value:cards}.",
    },
    "variant:card_values": {
        "fi": "Yksinkertaistetut korttiarvot: ässä ja kymppi 10, kuningas, kuningatar ja sotilas 5.",
        "en": "Simplified card values: ace and ten 10, king, queen and jack 5.",
        "ru": "Упрощённая стоимость карт: туз и десятка по 10, король, дама и валет по 5.",
    },
    "dealer-info": {"fi": "Jakaja: {seat}.", "en": "Dealer: {seat}.", "ru": "Сдающий: {seat}."},
    "bid-info": {
        "fi": "Huudon voitti {seat} {bid} pisteellä.",
        "en": "{seat} won the bidding with a bid of {bid}.",
        "ru": "Торговлю выиграл {seat} с заказом {bid}.",
    },
    "choice:yes": {"fi": "Kyllä", "en": "Yes", "ru": "Да"},
    "choice:no": {"fi": "Ei", "en": "No", "ru": "Нет"},
    "choice:none": {"fi": "Ei kumpikaan", "en": "Neither", "ru": "Ни одна"},
    # ---------------------------------------------------------------- stages
    "stage:cards": {
        "fi": "Kortit ja niiden järjestys",
        "en": "The cards and their order",
        "ru": "Карты и их старшинство",
    },
    "stage:follow": {"fi": "Maan tunnustaminen", "en": "Following suit", "ru": "Ход в масть"},
    "stage:trumping": {"fi": "Valttaaminen", "en": "Trumping", "ru": "Козыряние"},
    "stage:beating": {
        "fi": "Ylittäminen, myös oman parin kortin",
        "en": "Beating the trick, the partner's card too",
        "ru": "Обязанность перебить — даже карту партнёра",
    },
    "stage:first-ace": {
        "fi": "Ensimmäisen tikin ässä",
        "en": "The first trick's ace",
        "ru": "Туз в первой взятке",
    },
    "stage:opening": {"fi": "Jaon ensimmäinen kortti", "en": "The opening lead", "ru": "Первый ход сдачи"},
    "stage:window": {
        "fi": "Milloin saa ilmoittaa",
        "en": "When a declaration is allowed",
        "ru": "Когда можно объявлять",
    },
    "stage:declaring": {
        "fi": "Oman kokonaisen ilmoittaminen",
        "en": "Declaring your own marriage",
        "ru": "Объявление своего марьяжа",
    },
    "stage:asking": {
        "fi": "Kokonaisen ja puolikkaan kysyminen, palaminen",
        "en": "Asking for a whole and a half, and burning",
        "ru": "Вопрос о марьяже и половине, сгорание",
    },
    "stage:small-trump": {
        "fi": "Valtti, pikkuvaltit ja aloitus pikkuvaltin jälkeen",
        "en": "Trumps, small trumps and the lead after one",
        "ru": "Козырь, малые козыри и ход после малого козыря",
    },
    "stage:matit": {
        "fi": "Matit, silmät ja ässät",
        "en": "The matti point: aces and tens, pips, aces",
        "ru": "Матти, глазки и тузы",
    },
    "stage:last-trick": {
        "fi": "Viimeinen tikki ja tikkien katsominen",
        "en": "The last trick and looking back",
        "ru": "Последняя взятка и просмотр взяток",
    },
    "stage:era": {
        "fi": "Erä: tasan 12, putoaminen seitsemään, Porvoo",
        "en": "The erä: exactly 12, bust to 7, Porvoo",
        "ru": "Эря: ровно 12, перебор и возврат к 7, Порвоо",
    },
    "stage:misplay": {"fi": "Pelivirheet", "en": "Misplays", "ru": "Ошибки в игре"},
    "stage:pagat": {
        "fi": "Pagatin säännöt: erot",
        "en": "Pagat's rules: the differences",
        "ru": "Правила Pagat: отличия",
    },
    "stage:huutopussi": {
        "fi": "Huutopussi: huutovaihe, mariinit ja huudon lunastaminen",
        "en": "Huutopussi: the bidding, marriages on lead, the contract",
        "ru": "Хуутопусси: торговля, марьяж при ходе, выполнение заказа",
    },
    "stage:huutopussi-bidding": {
        "fi": "Huutopussi: mitä kannattaa huutaa",
        "en": "Huutopussi: what to bid",
        "ru": "Хуутопусси: что выгодно заказать",
    },
    "stage:huutopussi-marriage": {
        "fi": "Huutopussi kokonaisvalteilla: vaihto, valtti kokonaisesta, tasan sitoumus",
        "en": "Huutopussi with marriage trumps: the exchange, trumps from marriages, exactly the contract",
        "ru": "Хуутопусси с козырем от марьяжа: обмен, козырь от марьяжа, очки ровно по заказу",
    },
    # ---------------------------------------------------------------- goals
    "goal:legal": {
        "fi": "Vuorossa on {seat}. Valitse siirto, jonka säännöt hänelle sallivat.",
        "en": "It is {seat}'s turn. Choose a move the rules allow him.",
        "ru": "Ходит {seat}. Выберите действие, которое ему позволяют правила.",
    },
    "goal:win-cheap": {
        "fi": "Vuorossa on {seat}. Ota tikki niin pienellä kortilla kuin säännöt sallivat.",
        "en": "Take the trick for {seat} as cheaply as the rules allow.",
        "ru": "Ходит {seat}. Возьмите взятку самой младшей картой, какую позволяют правила.",
    },
    "goal:duck": {
        "fi": "Vuorossa on {seat}. Pelaa kortti, joka ei vie tikkiä.",
        "en": "Play a card for {seat} that does not take the trick.",
        "ru": "Ходит {seat}. Сыграйте карту, которая не возьмёт взятку.",
    },
    "goal:all-legal": {
        "fi": "Valitse kaikki kortit, jotka {seat} saa pelata, ja paina Tarkista.",
        "en": "Pick every card {seat} may play, then press Check.",
        "ru": "Выберите все карты, которые {seat} может сыграть, и нажмите «Проверить».",
    },
    "goal:declare-trump": {
        "fi": "Tee nyt maasta {suit} valtti.",
        "en": "Make {suit} trumps now.",
        "ru": "Сделайте {suit} козырем прямо сейчас.",
    },
    "goal:declare-new-trump": {
        "fi": "Tee nyt maasta {suit} uusi valtti.",
        "en": "Make {suit} the new trumps now.",
        "ru": "Сделайте {suit} новым козырем прямо сейчас.",
    },
    "goal:declare-small": {
        "fi": "Tee nyt maasta {suit} pikkuvaltti.",
        "en": "Declare {suit} as a small trump now.",
        "ru": "Объявите {suit} малым козырем прямо сейчас.",
    },
    "goal:no-burn": {
        "fi": "Vuorossa on {seat}. Tee ilmoitus niin, ettei yksikään kokonainen pala.",
        "en": "Make a declaration for {seat} that burns no marriage.",
        "ru": "Объявляет {seat}. Сделайте объявление так, чтобы не сгорел ни один марьяж.",
    },
    "goal:marriage": {
        "fi": "{seat} aloittaa tikin. Ilmoita hänen mariininsa aloittamalla sillä.",
        "en": "{seat} is to lead. Announce his marriage by leading it.",
        "ru": "{seat} ходит первым. Объявите его марьяж прямо при ходе.",
    },
    "goal:redeal": {
        "fi": "Vuorossa on {seat}. Käytä oikeutta, jonka hänen korttinsa antavat.",
        "en": "Use the right that {seat}'s cards give him.",
        "ru": "Карты дают игроку {seat} особое право. Воспользуйтесь им.",
    },
    "goal:bid": {
        "fi": "Vuorossa on {seat}. Mitä hänen kannattaa huutaa?",
        "en": "It is {seat}'s turn to call. What should he bid?",
        "ru": "Ходит {seat}. Что ему выгоднее всего заказать?",
    },
    "goal:discard": {
        "fi": "{seat} otti talon. Valitse kolme poistettavaa korttia ja paina Tarkista.",
        "en": "{seat} has taken the talon. Pick three cards to put away, then press Check.",
        "ru": "{seat} забрал прикуп. Выберите три карты для сброса и нажмите «Проверить».",
    },
    "ask:winner-card": {
        "fi": "Mikä kortti vie tämän tikin?",
        "en": "Which card takes this trick?",
        "ru": "Какая карта берёт эту взятку?",
    },
    "ask:to-act": {"fi": "Kenen vuoro on nyt?", "en": "Whose turn is it now?", "ru": "Чей сейчас ход?"},
    "ask:to-act-bid": {
        "fi": "Huutaminen alkaa. Kuka huutaa ensimmäisenä?",
        "en": "The bidding begins. Who makes the first call?",
        "ru": "Начинается торговля. Кто говорит первым?",
    },
    "ask:to-act-lead": {
        "fi": "Tämä tikki on pelattu. Kuka aloittaa seuraavan?",
        "en": "This trick is over. Who leads the next one?",
        "ru": "Эта взятка сыграна. Кто ходит первым в следующей?",
    },
    "ask:to-act-first": {
        "fi": "Kortit on jaettu. Kuka aloittaa ensimmäisen tikin?",
        "en": "The cards are dealt. Who leads the first trick?",
        "ru": "Карты сданы. Кто ходит первым в первой взятке?",
    },
    "ask:partner": {
        "fi": "Kuka on pelaajan {seat} pari?",
        "en": "Who is {seat}'s partner?",
        "ru": "Кто партнёр игрока {seat}?",
    },
    "ask:next-dealer": {
        "fi": "Jako on pelattu. Kuka jakaa seuraavaksi?",
        "en": "The deal is over. Who deals next?",
        "ru": "Сдача сыграна. Кто сдаёт следующим?",
    },
    "ask:points": {
        "fi": "Montako pistettä {pair} saa tästä jaosta?",
        "en": "How many points does {pair} score for this deal?",
        "ru": "Сколько очков получает пара {pair} за эту сдачу?",
    },
    "ask:matti": {
        "fi": "Kumpi pari saa mattipisteen?",
        "en": "Which pair scores the matti point?",
        "ru": "Какая пара получает очко за матти?",
    },
    "ask:pips": {
        "fi": "Montako silmää {pair} otti?",
        "en": "How many pips did {pair} take?",
        "ru": "Сколько глазков взяла пара {pair}?",
    },
    "ask:era-after": {
        "fi": "Mitkä ovat parin {pair} eräpisteet jaon jälkeen?",
        "en": "What is {pair}'s erä total after the deal?",
        "ru": "Какой счёт эря у пары {pair} после сдачи?",
    },
    "ask:era-winner": {"fi": "Kumpi pari voittaa erän?", "en": "Which pair wins the erä?", "ru": "Какая пара выигрывает эря?"},
    "ask:game-winner": {
        "fi": "Kumpi pari on voittanut pelin tämän jaon jälkeen?",
        "en": "Which pair has won the game after this deal?",
        "ru": "Какая пара выиграла игру после этой сдачи?",
    },
    "ask:window": {
        "fi": "Saako {seat} ilmoittaa nyt?",
        "en": "May {seat} declare now?",
        "ru": "Может ли {seat} сейчас объявлять?",
    },
    "ask:look-back": {
        "fi": "Saako pelaaja nyt katsoa viimeksi pelattua tikkiä?",
        "en": "May a player look at the latest trick now?",
        "ru": "Можно ли сейчас посмотреть последнюю сыгранную взятку?",
    },
    "ask:hand-size": {
        "fi": "Montako korttia kukin pelaaja saa näillä säännöillä?",
        "en": "Under these rules, how many cards does each player get?",
        "ru": "Сколько карт получает каждый игрок по этим правилам?",
    },
    "ask:card-points": {
        "fi": "Montako korttipistettä {pair} otti?",
        "en": "How many card points did {pair} take?",
        "ru": "Сколько очков за карты взяла пара {pair}?",
    },
    "ask:hp-points": {
        "fi": "Montako pistettä {pair} kirjaa tästä jaosta?",
        "en": "What does {pair} score for this deal?",
        "ru": "Сколько очков записывает себе пара {pair} за эту сдачу?",
    },
    "ask:hp-collected": {
        "fi": "Montako pistettä {pair} keräsi?",
        "en": "How many points did {pair} collect?",
        "ru": "Сколько очков набрала пара {pair}?",
    },
    "ask:to-act-exchange": {
        "fi": "Huutovaihe on ohi. Kuka antaa nyt kortteja huutajalle?",
        "en": "The bidding is over. Who now gives cards to the bidder?",
        "ru": "Торговля окончена. Кто теперь отдаёт карты разыгрывающему?",
    },
    "ask:hp-game-winner": {
        "fi": "Kumpi pari voittaa pelin?",
        "en": "Which pair wins the game?",
        "ru": "Какая пара выигрывает игру?",
    },
    # ---------------------------------------------------------------- why a try missed
    "why:wrong": {
        "fi": "Vastaus {answer} ei ole oikea.",
        "en": "{answer} is not the answer.",
        "ru": "Ответ «{answer}» неверен.",
    },
    "why:not-winning": {
        "fi": "{card} ei vie tikkiä.",
        "en": "{card} does not take the trick.",
        "ru": "{card} не берёт взятку.",
    },
    "why:too-dear": {
        "fi": "{card} vie tikin, mutta pienempikin kortti veisi.",
        "en": "{card} takes the trick, but a lower card would take it too.",
        "ru": "{card} берёт взятку, но её взяла бы и карта младше.",
    },
    "why:wins": {"fi": "{card} vie tikin.", "en": "{card} takes the trick.", "ru": "{card} берёт взятку."},
    "why:not-declared": {
        "fi": "Tällä valinnalla maata {suit} ei ilmoiteta.",
        "en": "That did not declare {suit}.",
        "ru": "Так масть {suit} не объявляется.",
    },
    "why:not-declared-any": {
        "fi": "Tällä valinnalla ei synny ilmoitusta.",
        "en": "That declared nothing.",
        "ru": "Так ничего не объявляется.",
    },
    "why:burned": {
        "fi": "Tällä valinnalla kokonainen palaa.",
        "en": "That burned a marriage.",
        "ru": "При этом сгорает марьяж.",
    },
    "why:no-marriage": {
        "fi": "Tavallinen aloitus ei ilmoita mariinia: kortilla on aloitettava niin, että mariini näytetään.",
        "en": "A plain lead announces nothing: the card must be led as a marriage.",
        "ru": "Обычный ход ничего не объявляет: этой картой нужно пойти с показом марьяжа.",
    },
    "why:worse": {
        "fi": "{Call} tuo keskimäärin {loss:points-acc} vähemmän kuin {best}.",
        "en": "{Call} brings {loss:points} less than {best} on average.",
        "ru": "{Call} приносит в среднем на {loss:points} меньше, чем {best}.",
    },
    "call:pass": {"fi": "passi", "en": "a pass", "ru": "пас"},
    "call:bid": {"fi": "huuto {points}", "en": "a bid of {points}", "ru": "заказ {points}"},
    "verdict-title": {
        "fi": "Mitä kukin vaihtoehto tuo",
        "en": "What each call brings",
        "ru": "Что приносит каждый вариант",
    },
    "verdict-method": {
        "fi": (
            "Laskettu sivustoa rakennettaessa {deals:deals-in}, jotka on arvottu sopimaan siihen, "
            "mitä {seat} tietää. Sen jälkeen muut huutavat kätensä laskemalla, ja kortit pelataan "
            "kaikki kädet avoimina. Sattuman rajoissa yhtä hyvä vaihtoehto hyväksytään."
        ),
        "en": (
            "Worked out when the site was built, over {deals:deals} dealt to fit what {seat} "
            "knows: after the call the others bid by counting their hands, and the cards are "
            "played with every hand open. A call as good as the best within chance is accepted."
        ),
        "ru": (
            "Подсчитано при сборке сайта на {deals:deals-in}, разложенных так, чтобы они сходились "
            "с тем, что знает {seat}: дальше остальные торгуются, подсчитывая свои карты, а карты "
            "разыгрываются в открытую. Вариант, не худший лучшего с учётом случайности, засчитывается."
        ),
    },
    "verdict-made": {
        "fi": "{Call}: {side} lunastaa huudon {made:deals-in} (otoksessa {deals:deals}); {balance}.",
        "en": "{Call}: {side} makes it in {made} of {deals:deals}; {balance}.",
        "ru": "{Call}: {side} выполняет заказ в {made:deals-in} из {deals}; {balance}.",
    },
    "verdict-pass": {
        "fi": "{Call}: {balance}.",
        "en": "{Call}: {balance}.",
        "ru": "{Call} — {balance}.",
    },
    "verdict-ahead": {
        "fi": "keskimäärin {side} jää {points:points} vastapuolen edelle",
        "en": "on average {side} ends {points:points} ahead of the other side",
        "ru": "в среднем {side} на {points:points} впереди другой стороны",
    },
    "verdict-behind": {
        "fi": "keskimäärin {side} jää {points:points} vastapuolesta jälkeen",
        "en": "on average {side} ends {points:points} behind the other side",
        "ru": "в среднем {side} на {points:points} позади другой стороны",
    },
    "verdict-best": {
        "fi": "paras",
        "en": "the best",
        "ru": "лучший",
    },
    "verdict-close": {
        "fi": "sattuman rajoissa yhtä hyvä",
        "en": "as good within chance",
        "ru": "не хуже с учётом случайности",
    },
    "why:not-redeal": {
        "fi": "Hänellä olisi oikeus uusjakoon.",
        "en": "He has the right to ask for a redeal.",
        "ru": "У него есть право попросить пересдачу.",
    },
    "why:picked-refused": {
        "fi": "{card} ei ole sallittu.",
        "en": "{card} may not be played.",
        "ru": "{card} играть нельзя.",
    },
    "why:missed": {
        "fi": "Myös {card} on sallittu.",
        "en": "{card} may be played too.",
        "ru": "Можно сыграть и {card}.",
    },
    "why:refused": {
        "fi": "{seat} ei saa {act}: {reason}.",
        "en": "{seat} may not {act}: {reason}.",
        "ru": "{seat} не может {act}: {reason}.",
    },
    # ---------------------------------------------------------------- offered moves
    "offer:declare": {"fi": "Ilmoita {suit}", "en": "Declare {suit}", "ru": "Объявить {suit}"},
    "offer:ask-whole": {"fi": "Kysy kokonaista", "en": "Ask for a marriage", "ru": "Спросить о марьяже"},
    "offer:ask-half": {
        "fi": "Kysy puolikasta {suit}",
        "en": "Ask for the other half of {suit}",
        "ru": "Спросить о половине {suit}",
    },
    "offer:bid": {"fi": "Huuda {points}", "en": "Bid {points}", "ru": "Заказать {points}"},
    "offer:pass": {"fi": "Passaa", "en": "Pass", "ru": "Пас"},
    "offer:contract": {"fi": "Sitoumus {points}", "en": "Contract {points}", "ru": "Окончательный заказ {points}"},
    "offer:trump": {"fi": "Valtiksi {suit}", "en": "Trumps {suit}", "ru": "Козырь {suit}"},
    "offer:no-trump": {"fi": "Ei valttia", "en": "No trumps", "ru": "Без козыря"},
    "offer:marriage": {
        "fi": "Aloita {card} mariinina",
        "en": "Lead {card} as a marriage",
        "ru": "Пойти {card} с показом марьяжа",
    },
    "offer:redeal": {"fi": "Pyydä uusjakoa", "en": "Ask for a redeal", "ru": "Попросить пересдачу"},
    # ---------------------------------------------------------------- the quiz
    "quiz-prompt": {
        "fi": "Mitkä kortit {seat} saa pelata? Valitse ne kaikki ja paina Tarkista.",
        "en": "Which cards may {seat} play? Pick them all, then press Check.",
        "ru": "Какие карты может сыграть {seat}? Выберите их все и нажмите «Проверить».",
    },
    "quiz-score": {
        "fi": "Pisteet: {right}/{asked}",
        "en": "Score: {right} of {asked}",
        "ru": "Счёт: {right} из {asked}",
    },
    "quiz-right": {
        "fi": "Oikein: juuri nämä kortit ovat sallittuja.",
        "en": "Right: exactly these cards are allowed.",
        "ru": "Верно: разрешены именно эти карты.",
    },
    "quiz-wrong": {
        "fi": "Ei aivan. Sallitut kortit ja syyt näkyvät alla.",
        "en": "Not quite. The allowed cards and the reasons are below.",
        "ru": "Не совсем. Разрешённые карты и причины — ниже.",
    },
    "quiz-next": {"fi": "Uusi tilanne", "en": "New position", "ru": "Новая позиция"},
    "quiz-rules": {"fi": "Säännöt", "en": "Rules", "ru": "Правила"},
    "quiz-rules:guild": {"fi": "killan säännöt", "en": "guild rules", "ru": "правила гильдии"},
    "quiz-rules:pagat": {"fi": "Pagatin säännöt", "en": "Pagat rules", "ru": "правила Pagat"},
    "quiz-rules:pagat-no-beat": {
        "fi": "Pagat ilman ylimenopakkoa",
        "en": "Pagat without the duty to beat",
        "ru": "Pagat без обязанности перебить",
    },
    "quiz-rules:pagat-32": {"fi": "Pagat, 32 korttia", "en": "Pagat, 32 cards", "ru": "Pagat, 32 карты"},
    "quiz-rules:huutopussi": {"fi": "huutopussi", "en": "Huutopussi", "ru": "хуутопусси"},
    "quiz-done": {"fi": "Vastattu", "en": "Answered", "ru": "Отвечено"},
    "quiz-reset": {"fi": "Nollaa pisteet", "en": "Reset the score", "ru": "Сбросить счёт"},
    "quiz-reset-done": {
        "fi": "Pisteet on nollattu.",
        "en": "The score is back to zero.",
        "ru": "Счёт сброшен.",
    },
    "quiz-restored": {
        "fi": "Tietovisa jatkuu siitä, mihin se jäi, pisteet mukaan lukien.",
        "en": "The quiz carries on where it was left, score and all.",
        "ru": "Викторина продолжается с того же места, вместе со счётом.",
    },
    "quiz-corrupt": {
        "fi": "Tallennettua tietovisaa ei voitu lukea, joten pisteet alkavat alusta.",
        "en": "The saved quiz could not be read, so the score starts afresh.",
        "ru": "Сохранённую викторину не удалось прочитать, поэтому счёт начинается заново.",
    },
    # ---------------------------------------------------------------- the navigation's progress
    # Read out beside the course's entry in the site's navigation on every page (the
    # short text shown, "12/64 · 5 ★", is the same in every language: see course.nav_summary).
    "nav-progress-label": {
        "fi": "{solved}/{total:exercises} ratkaistu, {stars:stars}",
        "en": "{solved} of {total:exercises} solved, {stars:stars}",
        "ru": "решено заданий: {solved} из {total}, звёзд: {stars}",
    },
}


def ct(key: str, lang: str = "en", **params: Any) -> str:
    """Look up a course text and fill it in (English if the language is unknown)."""
    entry = COURSE_TEXTS[key]
    return fill(entry.get(lang) or entry["en"], lang, **params)
