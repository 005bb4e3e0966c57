"""The words of the table kit's widgets (the score keeper and the dispute page), fi/en/ru.

Kept apart from ``texts`` so that the catalogue's other blocks are not edited; ``texts``
merges this dictionary into its own at the end, and ``wt`` looks both up.
"""

from __future__ import annotations

__all__ = ["KEEPER_TEXTS"]

KEEPER_TEXTS: dict[str, dict[str, str]] = {
    # ---------------------------------------------------------------- score keeper
    "sk-label": {"fi": "Pistelista", "en": "Score keeper", "ru": "Лист счёта"},
    "sk-mode:guild": {"fi": "Killan marjapussi", "en": "Guild Marjapussi", "ru": "Марьяпусси гильдии"},
    "sk-mode:pagat": {"fi": "Pagatin marjapussi", "en": "Pagat Marjapussi", "ru": "Марьяпусси по Pagat"},
    "sk-mode:huutopussi": {"fi": "Huutopussi neljälle", "en": "Huutopussi for four", "ru": "Хуутопусси вчетвером"},
    "sk-mode:huutopussi3": {"fi": "Huutopussi kolmelle", "en": "Huutopussi for three", "ru": "Хуутопусси втроём"},
    "sk-mode:huutopussi-marriage": {
        "fi": "Huutopussi kokonaisvalteilla neljälle",
        "en": "Huutopussi with marriage trumps for four",
        "ru": "Хуутопусси с козырем от марьяжа вчетвером",
    },
    "sk-mode:huutopussi-marriage3": {
        "fi": "Huutopussi kokonaisvalteilla kolmelle",
        "en": "Huutopussi with marriage trumps for three",
        "ru": "Хуутопусси с козырем от марьяжа втроём",
    },
    "sk-contract": {
        "fi": "Sitoumus korotuksen jälkeen",
        "en": "Contract after the raise",
        "ru": "Заказ после повышения",
    },
    "sk-need:ct": {"fi": "sitoumus korotuksen jälkeen", "en": "the contract after the raise", "ru": "окончательный заказ после повышения"},
    "sk-need:dn": {"fi": "huutajan omat tikit", "en": "the bidder's own tricks", "ru": "взятки самого разыгрывающего"},
    "sk-marriage-declared-by": {
        "fi": "Kokonaisen {suit} ilmoitti",
        "en": "Marriage {suit} declared by",
        "ru": "Марьяж {suit} объявил",
    },
    "sk-bidder-no-trick": {
        "fi": "Jäikö huutaja itse ilman tikkiä?",
        "en": "Did the bidder himself take no trick?",
        "ru": "Разыгрывающий сам не взял ни одной взятки?",
    },
    "sk-trickless-note": {
        "fi": "Tikittömyyssakko lasketaan tikeistä: tikitön vastapuoli menettää huudon verran, "
        "ja huutaja, joka ei itse saanut tikkiä, menettää puolelleen kaksi kertaa huudon.",
        "en": "The no-trick penalty follows from the tricks: defenders with no trick lose the bid, "
        "and a bidder who took no trick himself loses twice the bid for his side.",
        "ru": "Штраф за игру без взяток следует из взяток: защитники без взяток теряют размер заказа, "
        "а разыгрывающий, сам не взявший ни одной взятки, теряет для своей стороны двойной заказ.",
    },
    "sk-bad-contract": {
        "fi": "Sitoumus {n} ei käy: se on vähintään huuto {bid} ja viidellä jaollinen.",
        "en": "A contract of {n} cannot be: it is at least the bid of {bid}, in steps of 5.",
        "ru": "Заказ {n} невозможен: он не меньше заказа торговли {bid} и кратен 5.",
    },
    "sk-contract-made": {
        "fi": "Sitoumus {n} lunastettiin.",
        "en": "The contract of {n} is made.",
        "ru": "Заказ {n} выполнен.",
    },
    "sk-contract-failed": {
        "fi": "Sitoumus {n} jäi lunastamatta.",
        "en": "The contract of {n} fails.",
        "ru": "Заказ {n} не выполнен.",
    },
    "sk-kind-add:six": {
        "fi": "Uusjako: kolme kuutosta samassa kädessä",
        "en": "Redeal: three sixes in one hand",
        "ru": "Пересдача: три шестёрки на одной руке",
    },
    "sk-kind-add:high": {
        "fi": "Uusjako: kädessä ei sotilasta suurempaa korttia",
        "en": "Redeal: nothing above a jack in one hand",
        "ru": "Пересдача: на руке нет карт старше валета",
    },
    "sk-kind-note:six": {
        "fi": "Uusjako (kolme kuutosta samassa kädessä): ei pisteitä; sama jakaja jakaa uudelleen.",
        "en": "Redeal (three sixes in one hand): no points; the same dealer deals again.",
        "ru": "Пересдача (три шестёрки на одной руке): без очков; сдаёт тот же сдающий.",
    },
    "sk-kind-note:high": {
        "fi": "Uusjako (kädessä ei sotilasta suurempaa korttia): ei pisteitä; sama jakaja jakaa uudelleen.",
        "en": "Redeal (nothing above a jack in one hand): no points; the same dealer deals again.",
        "ru": "Пересдача (на руке нет карт старше валета): без очков; сдаёт тот же сдающий.",
    },
    "sk-kind-rules:six": {
        "fi": "Näillä säännöillä kolme kuutosta ei tuo uusjakoa.",
        "en": "Under these rules three sixes bring no redeal.",
        "ru": "По этим правилам три шестёрки не дают пересдачи.",
    },
    "sk-kind-rules:high": {
        "fi": "Näillä säännöillä käsi ilman sotilasta suurempaa korttia ei tuo uusjakoa.",
        "en": "Under these rules a hand with nothing above a jack brings no redeal.",
        "ru": "По этим правилам рука без карт старше валета не даёт пересдачи.",
    },
    "sk-tricks": {
        "fi": "Tikit ({pair} – vastapuoli)",
        "en": "Tricks ({pair} – the other pair)",
        "ru": "Взятки ({pair} — соперники)",
    },
    "sk-matit": {
        "fi": "Matit ({pair} – vastapuoli)",
        "en": "Aces and tens ({pair} – the other pair)",
        "ru": "Матти ({pair} — соперники)",
    },
    "sk-pips": {
        "fi": "Matit tasan: silmät ({pair} – vastapuoli)",
        "en": "Aces and tens level: pips ({pair} – the other pair)",
        "ru": "Матти поровну: глазки ({pair} — соперники)",
    },
    "sk-aces": {
        "fi": "Silmätkin tasan: ässät ({pair} – vastapuoli)",
        "en": "Pips level too: aces ({pair} – the other pair)",
        "ru": "Глазки тоже поровну: тузы ({pair} — соперники)",
    },
    "sk-points": {
        "fi": "Korttipisteet: {pair} (kaikkiaan {total})",
        "en": "Card points taken by {pair} (of {total})",
        "ru": "Очки за карты у пары {pair} (из {total})",
    },
    "sk-bidder": {"fi": "Huudon voitti", "en": "Bid won by", "ru": "Торговлю выиграл"},
    "sk-misplay": {"fi": "Pelivirheen teki", "en": "Misplay by", "ru": "Ошибку допустила"},
    "sk-misplay-by": {
        "fi": "Pelivirhe: {pair}.",
        "en": "Misplay by {pair}.",
        "ru": "Ошибка пары {pair}.",
    },
    "sk-new-deal": {"fi": "Jako {n}", "en": "Deal {n}", "ru": "Сдача {n}"},
    "sk-editing-deal": {"fi": "Jaon {n} korjaus", "en": "Correcting deal {n}", "ru": "Исправление сдачи {n}"},
    "sk-add": {"fi": "Lisää jako listaan", "en": "Add the deal", "ru": "Записать сдачу"},
    "sk-save": {"fi": "Tallenna korjaus", "en": "Save the correction", "ru": "Сохранить исправление"},
    "sk-show": {"fi": "Näytä laskelma", "en": "Show the working", "ru": "Показать подсчёт"},
    "sk-cancel": {"fi": "Peru korjaus", "en": "Drop the correction", "ru": "Отменить исправление"},
    "sk-undo": {"fi": "Poista viimeisin jako", "en": "Undo the last deal", "ru": "Убрать последнюю сдачу"},
    "sk-new": {"fi": "Uusi peli", "en": "New game", "ru": "Новая игра"},
    "sk-change": {"fi": "Muuta", "en": "Change", "ru": "Изменить"},
    "sk-edit-n": {"fi": "Korjaa jakoa {n}", "en": "Correct deal {n}", "ru": "Исправить сдачу {n}"},
    "sk-remove-n": {"fi": "Poista jako {n}", "en": "Remove deal {n}", "ru": "Убрать сдачу {n}"},
    "sk-empty": {
        "fi": "Listalla ei ole vielä jakoja.",
        "en": "No deal on the sheet yet.",
        "ru": "В листе пока нет сдач.",
    },
    "sk-added": {"fi": "Jako {n} lisättiin.", "en": "Deal {n} added.", "ru": "Сдача {n} записана."},
    "sk-saved": {
        "fi": "Jako {n} korjattiin, ja sen jälkeiset jaot laskettiin uudelleen.",
        "en": "Deal {n} corrected; every deal after it was counted again.",
        "ru": "Сдача {n} исправлена, все следующие сдачи пересчитаны.",
    },
    "sk-editing": {
        "fi": "Korjataan jakoa {n}: muuta tietoja ja tallenna.",
        "en": "Correcting deal {n}: change its facts and save.",
        "ru": "Исправляется сдача {n}: измените данные и сохраните.",
    },
    "sk-cancelled": {
        "fi": "Korjaus peruttiin.",
        "en": "The correction was dropped.",
        "ru": "Исправление отменено.",
    },
    "sk-removed": {
        "fi": "Jako {n} poistettiin, ja lista laskettiin uudelleen.",
        "en": "Deal {n} removed; the sheet was counted again.",
        "ru": "Сдача {n} убрана, лист пересчитан.",
    },
    "sk-nothing": {
        "fi": "Listalla ei ole jakoja.",
        "en": "There is no deal to undo.",
        "ru": "Убирать нечего.",
    },
    "sk-new-game": {
        "fi": "Uusi peli alkoi. Edellisen pelin lista on yhä ladattavissa.",
        "en": "A new game has started. The previous sheet can still be downloaded.",
        "ru": "Началась новая игра. Прежний лист ещё можно скачать.",
    },
    "sk-replaced-note": {
        "fi": "Edellinen pistelista on tallessa alla: lataa se talteen, jos haluat säilyttää sen.",
        "en": "The previous score sheet is kept below: download it if you want to keep it.",
        "ru": "Прежний лист счёта сохранён ниже: скачайте его, если он ещё нужен.",
    },
    "sk-game-over": {
        "fi": "Peli on päättynyt. Aloita uusi peli tai korjaa jotakin jakoa.",
        "en": "The game is over. Start a new game or correct a deal.",
        "ru": "Игра окончена. Начните новую игру или исправьте сдачу.",
    },
    "sk-full": {
        "fi": "Listalle ei mahdu enempää jakoja.",
        "en": "The sheet has no room for more deals.",
        "ru": "В лист больше не поместится ни одна сдача.",
    },
    "sk-not-counted": {
        "fi": "ei laskettu: peli oli jo päättynyt",
        "en": "not counted: the game had already ended",
        "ru": "не засчитано: игра уже закончилась",
    },
    "sk-era-totals": {
        "fi": "Eräpisteet: {ns} {a}, {ew} {b}.",
        "en": "Erä totals: {ns} {a}, {ew} {b}.",
        "ru": "Счёт эря: {ns} {a}, {ew} {b}.",
    },
    "sk-game-totals": {
        "fi": "Pisteet: {sides}.",
        "en": "Totals: {sides}.",
        "ru": "Счёт: {sides}.",
    },
    "sk-era-wins": {
        "fi": "Voitetut erät {a}–{b}.",
        "en": "Erä won {a}–{b}.",
        "ru": "Выиграно эря {a}–{b}.",
    },
    "sk-misplays": {
        "fi": "Pelivirheet {a}–{b}.",
        "en": "Misplays {a}–{b}.",
        "ru": "Ошибки {a}–{b}.",
    },
    "sk-draft-points": {
        "fi": "Tämä jako: {sides}.",
        "en": "This deal: {sides}.",
        "ru": "Эта сдача: {sides}.",
    },
    "sk-made": {
        "fi": "Huuto {bid} lunastettiin.",
        "en": "The bid of {bid} is made.",
        "ru": "Заказ {bid} выполнен.",
    },
    "sk-failed": {
        "fi": "Huuto {bid} jäi lunastamatta.",
        "en": "The bid of {bid} fails.",
        "ru": "Заказ {bid} не выполнен.",
    },
    "sk-bad-tricks": {
        "fi": "Jaossa on vain {n:tricks}.",
        "en": "A deal has only {n:tricks}.",
        "ru": "В сдаче всего {n:tricks}.",
    },
    "sk-last-no-trick": {
        "fi": "{seat} ei voinut ottaa viimeistä tikkiä, koska hänen parinsa ei saanut yhtään tikkiä.",
        "en": "{seat} cannot have taken the last trick: that pair took no trick.",
        "ru": "{seat} не мог взять последнюю взятку: у его пары нет ни одной взятки.",
    },
    "sk-too-many-matit": {
        "fi": "Parin {pair} tikkeihin ({t:tricks}) ei mahdu {n:matit}.",
        "en": "{pair} took {t:tricks}, which cannot hold {n:matit}.",
        "ru": "Во взятки пары {pair} ({t:tricks}) не поместится {n:matit}.",
    },
    "sk-bad-pips": {
        "fi": "{n:pips} on mahdoton summa: sitä ei saa mistään kuninkaiden, kuningattarien ja sotilaiden joukosta.",
        "en": "No set of kings, queens and jacks is worth {n:pips}.",
        "ru": "Никакой набор королей, дам и валетов не даёт {n:pips}.",
    },
    "sk-bad-aces": {
        "fi": "Ässien määrä ei sovi mattien määrään.",
        "en": "That number of aces does not fit the number of aces and tens.",
        "ru": "Такое число тузов не сходится с матти.",
    },
    "sk-bad-points": {
        "fi": "Mikään korttien joukko ei ole arvoltaan {n:card-points}.",
        "en": "No set of cards is worth {n:card-points}.",
        "ru": "Никакой набор карт не стоит {n:card-points}.",
    },
    "sk-points-no-trick": {
        "fi": "{pair} ei saanut tikkejä, joten sillä ei voi olla korttipisteitä.",
        "en": "{pair} took no trick, so it cannot have card points.",
        "ru": "Пара {pair} не взяла ни одной взятки, поэтому очков за карты у неё нет.",
    },
    "sk-declare-no-trick": {
        "fi": "{pair} ei saanut tikkejä, joten se ei voinut ilmoittaa.",
        "en": "{pair} took no trick, so it could not declare.",
        "ru": "Пара {pair} не взяла ни одной взятки и не могла объявлять.",
    },
    "sk-settings": {"fi": "Säännöt ja muunnelmat", "en": "Rules and variations", "ru": "Правила и варианты"},
    "sk-apply": {"fi": "Ota käyttöön", "en": "Apply", "ru": "Применить"},
    "sk-deck": {"fi": "Pakan koko", "en": "Cards in the pack", "ru": "Карт в колоде"},
    "sk-molotov": {"fi": "Molotovin lisäpisteet", "en": "Molotov bonus", "ru": "Премия за «Молотов»"},
    "sk-game-to": {"fi": "Peli päättyy pisteisiin", "en": "Game ends at", "ru": "Игра до"},
    "sk-settings-saved": {
        "fi": "Säännöt: {mode}. Lista laskettiin uudelleen.",
        "en": "Rules: {mode}. The sheet was counted again.",
        "ru": "Правила: {mode}. Лист пересчитан.",
    },
    "sk-mode-locked": {
        "fi": "Pelin sääntöjä ei voi vaihtaa kesken pelin: aloita ensin uusi peli.",
        "en": "The rules cannot change in the middle of a game: start a new game first.",
        "ru": "Правила нельзя сменить посреди игры: сначала начните новую игру.",
    },
    "sk-options-refused": {
        "fi": "Näitä muunnelmia ei voi käyttää tämän listan jakoihin.",
        "en": "These variations do not fit the deals on this sheet.",
        "ru": "Эти варианты не подходят к сдачам в этом листе.",
    },
    "sk-engine": {
        "fi": "Pelattiinko sivustolla? Liitä pelikirjaus",
        "en": "Played on this site? Paste the record",
        "ru": "Играли на этом сайте? Вставьте запись игры",
    },
    "sk-engine-help": {
        "fi": "Sääntömoottori pelaa kirjauksen jaot läpi ja lisää jokaisen valmiin jaon listaan.",
        "en": "The engine replays the record and adds each finished deal to the sheet.",
        "ru": "Движок воспроизводит запись и добавляет в лист каждую законченную сдачу.",
    },
    "sk-record-label": {"fi": "Pelikirjaus", "en": "Game record", "ru": "Запись игры"},
    "sk-record-add": {
        "fi": "Lisää kirjauksen jaot",
        "en": "Add the record's deals",
        "ru": "Добавить сдачи из записи",
    },
    "sk-record-added": {
        "fi": "Kirjauksesta lisättiin {n:deals}.",
        "en": "{n:deals} added from the record.",
        "ru": "Добавлено из записи: {n:deals}.",
    },
    "sk-record-empty": {
        "fi": "Liitä ensin pelikirjaus tekstikenttään.",
        "en": "Paste a game record into the box first.",
        "ru": "Сначала вставьте запись игры в поле.",
    },
    "sk-record-bad": {
        "fi": "Kirjausta ei voitu lisätä: {why}",
        "en": "The record could not be added: {why}",
        "ru": "Запись не удалось добавить: {why}",
    },
    "sk-record-rules": {
        "fi": "Kirjauksen säännöissä on muunnelmia, joita pistelista ei tunne.",
        "en": "The record's rules have variations this score keeper does not know.",
        "ru": "В правилах записи есть варианты, которых этот лист счёта не знает.",
    },
    "sk-record-mode": {
        "fi": "Kirjaus on pelattu eri säännöillä kuin tämä lista.",
        "en": "The record was played under other rules than this sheet.",
        "ru": "Запись сыграна по другим правилам, чем этот лист.",
    },
    "sk-record-unfinished": {
        "fi": "Kirjauksessa ei ole yhtään loppuun pelattua jakoa.",
        "en": "The record has no deal played to the end.",
        "ru": "В записи нет ни одной доигранной сдачи.",
    },
    "sk-export": {
        "fi": "Vie tai tuo lista",
        "en": "Export or import the sheet",
        "ru": "Экспорт и импорт листа",
    },
    "sk-json": {"fi": "Lista JSON-muodossa", "en": "The sheet as JSON", "ru": "Лист в формате JSON"},
    "sk-text": {"fi": "Lista tekstinä", "en": "The sheet as text", "ru": "Лист текстом"},
    "sk-download-json": {
        "fi": "Lataa JSON-tiedosto",
        "en": "Download the JSON file",
        "ru": "Скачать файл JSON",
    },
    "sk-download-text": {
        "fi": "Lataa tekstitiedosto",
        "en": "Download the text file",
        "ru": "Скачать текстовый файл",
    },
    "sk-import": {"fi": "Tuo lista", "en": "Import a sheet", "ru": "Импорт листа"},
    "sk-import-label": {
        "fi": "Liitä tähän viety lista (JSON tai teksti)",
        "en": "Paste an exported sheet here (JSON or text)",
        "ru": "Вставьте сюда выгруженный лист (JSON или текст)",
    },
    "sk-import-go": {"fi": "Tuo", "en": "Import", "ru": "Импортировать"},
    "sk-import-file": {"fi": "Tai valitse tiedosto", "en": "Or choose a file", "ru": "Или выберите файл"},
    "sk-imported": {
        "fi": "Lista tuotiin: {n:deals}.",
        "en": "Sheet imported: {n:deals}.",
        "ru": "Лист импортирован: {n:deals}.",
    },
    "sk-import-failed": {
        "fi": "Listaa ei voitu tuoda: {why}",
        "en": "The sheet could not be imported: {why}",
        "ru": "Лист не удалось импортировать: {why}",
    },
    "sk-restored": {
        "fi": "Tallennettu lista avattiin: {n:deals}.",
        "en": "The saved sheet was opened: {n:deals}.",
        "ru": "Сохранённый лист открыт: {n:deals}.",
    },
    "sk-restore-failed": {
        "fi": "Tallennettua listaa ei voitu lukea ({why}). Aloitettiin uusi lista; vanha teksti on tallessa alla ladattavaksi.",
        "en": "The saved sheet could not be read ({why}). A new sheet was started; the old text is kept below to download.",
        "ru": "Сохранённый лист не удалось прочитать ({why}). Начат новый лист; прежний текст сохранён ниже, его можно скачать.",
    },
    "sk-why:not-json": {
        "fi": "teksti ei ole pistelista",
        "en": "the text is not a score sheet",
        "ru": "текст не является листом счёта",
    },
    "sk-why:version": {
        "fi": "lista on tallennettu toisella versiolla",
        "en": "it was saved by another version",
        "ru": "он сохранён другой версией",
    },
    "sk-why:fields": {
        "fi": "jonkin jaon tiedot ovat virheelliset",
        "en": "the facts of a deal are wrong",
        "ru": "данные какой-то сдачи неверны",
    },
    "sk-why:too-long": {
        "fi": "teksti on liian pitkä",
        "en": "the text is too long",
        "ru": "текст слишком длинный",
    },
    "sk-why:replaced": {
        "fi": "lista korvattiin",
        "en": "the sheet was replaced",
        "ru": "лист заменён",
    },
    "sk-old-text": {"fi": "Vanha teksti", "en": "The old text", "ru": "Прежний текст"},
    "sk-download-old": {
        "fi": "Lataa vanha teksti",
        "en": "Download the old text",
        "ru": "Скачать прежний текст",
    },
    "sk-dismiss": {"fi": "Selvä, piilota", "en": "Done, hide it", "ru": "Понятно, скрыть"},
    "sk-dismissed": {
        "fi": "Ilmoitus piilotettiin.",
        "en": "The notice is hidden.",
        "ru": "Сообщение скрыто.",
    },
    # ---------------------------------------------------------------- score keeper: the game first
    "sk-step-game": {"fi": "1. Mitä peliä pelataan?", "en": "1. Which game?", "ru": "1. Какая игра?"},
    "sk-step-rules": {"fi": "2. Pelin muunnelmat", "en": "2. Its variations", "ru": "2. Варианты правил"},
    "sk-no-variations": {
        "fi": "Killan säännöissä ei ole valittavia muunnelmia.",
        "en": "The guild rules have no variations to choose.",
        "ru": "В правилах гильдии выбирать нечего.",
    },
    "sk-game-chosen": {
        "fi": "Peli: {mode}. Kirjaa ensimmäinen jako alle.",
        "en": "Game: {mode}. Enter the first deal below.",
        "ru": "Игра: {mode}. Ниже запишите первую сдачу.",
    },
    "sk-game-now": {
        "fi": "Peli: {mode}. Peliä ei voi vaihtaa kesken; muunnelmia voi.",
        "en": "Game: {mode}. The game cannot change before it ends; its variations can.",
        "ru": "Игра: {mode}. Игру до конца не сменить, а варианты правил можно.",
    },
    "sk-all-pass": {"fi": "Kun kaikki passaavat", "en": "When all pass", "ru": "Если все спасовали"},
    "sk-all-pass:redeal": {"fi": "jaetaan uudelleen", "en": "deal again", "ru": "пересдача"},
    "sk-all-pass:no-trump": {
        "fi": "pelataan ilman valttia",
        "en": "play with no trump",
        "ru": "играют без козыря",
    },
    "sk-min-bid": {"fi": "Pienin huuto", "en": "Lowest bid", "ru": "Наименьший заказ"},
    "sk-bid-step": {"fi": "Huuto nousee", "en": "Bids rise by", "ru": "Шаг заказа"},
    # ---------------------------------------------------------------- score keeper: a deal filled in
    "sk-choose": {"fi": "– valitse –", "en": "– choose –", "ru": "– выберите –"},
    "sk-missing": {
        "fi": "Täytä vielä: {fields}.",
        "en": "Still to fill in: {fields}.",
        "ru": "Осталось заполнить: {fields}.",
    },
    "sk-need:t": {"fi": "tikit", "en": "the tricks", "ru": "взятки"},
    "sk-need:te": {"fi": "tikit", "en": "the tricks", "ru": "взятки"},
    "sk-need:l": {
        "fi": "viimeisen tikin ottaja",
        "en": "who took the last trick",
        "ru": "кто взял последнюю взятку",
    },
    "sk-need:m": {"fi": "matit", "en": "the aces and tens", "ru": "матти"},
    "sk-need:p": {"fi": "silmät", "en": "the pips", "ru": "глазки"},
    "sk-need:a": {"fi": "ässät", "en": "the aces", "ru": "тузы"},
    "sk-need:c": {"fi": "korttipisteet", "en": "the card points", "ru": "очки за карты"},
    "sk-need:ce": {"fi": "korttipisteet", "en": "the card points", "ru": "очки за карты"},
    "sk-need:cs": {"fi": "korttipisteet", "en": "the card points", "ru": "очки за карты"},
    "sk-need:tr": {"fi": "valtti", "en": "the trumps", "ru": "козырь"},
    "sk-need:tb": {"fi": "valtin ilmoittaja", "en": "who declared trumps", "ru": "кто объявил козырь"},
    "sk-need:bid": {"fi": "huuto", "en": "the bid", "ru": "заказ"},
    "sk-need:by": {"fi": "huudon voittaja", "en": "who won the bidding", "ru": "кто выиграл торговлю"},
    "sk-tricks-of": {"fi": "Tikit: {seat}", "en": "Tricks taken by {seat}", "ru": "Взятки: {seat}"},
    "sk-tricks-rest": {
        "fi": "Tikit: {seat} {n} (loput)",
        "en": "Tricks taken by {seat}: {n} (the rest)",
        "ru": "Взятки: {seat} — {n} (остальные)",
    },
    "sk-points-of": {
        "fi": "Korttipisteet: {seat} (kaikkiaan {total})",
        "en": "Card points taken by {seat} (of {total})",
        "ru": "Очки за карты: {seat} (из {total})",
    },
    "sk-points-rest": {
        "fi": "Korttipisteet: {seat} {n} (loput)",
        "en": "Card points taken by {seat}: {n} (the rest)",
        "ru": "Очки за карты: {seat} — {n} (остальные)",
    },
    "sk-discard-note": {
        "fi": "Huudon voittaja laskee omiin korttipisteisiinsä myös kolme pois laittamaansa korttia.",
        "en": "The bidder's card points include the three cards the bidder put away.",
        "ru": "В очки за карты победителя торговли входят и три сброшенные им карты.",
    },
    "sk-bad-bid": {
        "fi": "Huutoa {n} ei voi tehdä näillä säännöillä.",
        "en": "A bid of {n} is not possible under these rules.",
        "ru": "Заказ {n} по этим правилам невозможен.",
    },
    "sk-contract-trump": {
        "fi": "Huudon voittaja nimeää aina valttimaan.",
        "en": "The bidder always names a trump suit.",
        "ru": "Победитель торговли всегда называет козырную масть.",
    },
    "sk-points-cards": {
        "fi": "Korttipisteet eivät sovi siihen, montako tikkiä kukin otti.",
        "en": "Those card points do not fit the tricks each side took.",
        "ru": "Такие очки за карты не сходятся с числом взяток каждой стороны.",
    },
    "sk-points-sum": {
        "fi": "Korttipisteitä on yhteensä {sum}, mutta koko pakassa on {total}.",
        "en": "The card points add up to {sum}, but the whole pack holds {total}.",
        "ru": "Очков за карты в сумме {sum}, а во всей колоде {total}.",
    },
    "sk-points-no-trick3": {
        "fi": "{seat} ei saanut tikkejä, joten hänellä ei voi olla korttipisteitä.",
        "en": "{seat} took no trick, so that player cannot have card points.",
        "ru": "{seat} не взял ни одной взятки, поэтому очков за карты у него нет.",
    },
    "sk-pips-tricks": {
        "fi": "Parin {pair} tikkeihin ({t:tricks}) ei mahdu neljän matin lisäksi {n:pips}.",
        "en": "{pair} took {t:tricks}, which cannot hold {n:pips} beside four matit.",
        "ru": "Во взятки пары {pair} ({t:tricks}) не поместится {n:pips} вдобавок к четырём матти.",
    },
    "sk-marriage-no-lead": {
        "fi": "{seat} ei ole voinut ilmoittaa mariinia: hän ei huutanut eikä hänen puolensa saanut tikkiä.",
        "en": "{seat} cannot have shown a marriage on lead: that player neither won the bidding nor "
        "took a trick with the side.",
        "ru": "{seat} не мог объявить марьяж при ходе: он не выиграл торговлю, и его сторона не взяла ни "
        "одной взятки.",
    },
    "sk-marriage-no-trick": {
        "fi": "{seat} ei ole voinut ilmoittaa kokonaista: hänen puolensa ei saanut yhtään tikkiä.",
        "en": "{seat} cannot have declared a marriage: that side took no trick.",
        "ru": "{seat} не мог объявить марьяж: его сторона не взяла ни одной взятки.",
    },
    "sk-kind-rules:open": {
        "fi": "Näillä säännöillä jako jaetaan uudelleen, kun kaikki passaavat.",
        "en": "Under these rules a deal everyone passed is dealt again.",
        "ru": "По этим правилам, если все спасовали, сдача пересдаётся.",
    },
    "sk-kind-rules:pass": {
        "fi": "Näillä säännöillä jako pelataan ilman valttia, kun kaikki passaavat.",
        "en": "Under these rules a deal everyone passed is played with no trump.",
        "ru": "По этим правилам, если все спасовали, сдачу играют без козыря.",
    },
    "sk-kind-rules:aces": {
        "fi": "Näillä säännöillä neljä ässää ei tuo uusjakoa.",
        "en": "Under these rules four aces bring no redeal.",
        "ru": "По этим правилам четыре туза не дают пересдачи.",
    },
    "sk-kind-rules:none": {
        "fi": "Näillä säännöillä käsi ilman pistekortteja ei tuo uusjakoa.",
        "en": "Under these rules a hand with no counting card brings no redeal.",
        "ru": "По этим правилам рука без карт с очками не даёт пересдачи.",
    },
    "sk-player-wins": {
        "fi": "{pair} voittaa pelin.",
        "en": "{pair} wins the game.",
        "ru": "{pair} выигрывает игру.",
    },
    "sk-kind-add:pass3": {
        "fi": "Uusjako: kaikki kolme passasivat",
        "en": "Redeal: all three passed",
        "ru": "Пересдача: все трое спасовали",
    },
    "sk-kind-note:pass3": {
        "fi": "Uusjako (kaikki passasivat): ei pisteitä; seuraava jakaja jakaa.",
        "en": "Redeal (all three passed): no points; the next dealer deals.",
        "ru": "Пересдача (все спасовали): без очков; сдаёт следующий сдающий.",
    },
    "sk-kind-note:open3": {
        "fi": "Kaikki passasivat, ja jako pelattiin ilman valttia: kukin pelaaja saa ottamansa pisteet.",
        "en": "All passed and the deal was played with no trump: each player scores what he took.",
        "ru": "Все спасовали, сдачу сыграли без козыря: каждый игрок получает взятые очки.",
    },
    # ---------------------------------------------------------------- dispute page
    "db-to-discard:give": {
        "fi": "{seat} antaa parilleen kolme korttia vaihdossa. Napauta ne ja sitten antonappia.",
        "en": "{seat} gives the partner three cards in the exchange. Tap them, then the give button.",
        "ru": "Игрок {seat} отдаёт партнёру три карты в обмене. Отметьте их и нажмите кнопку.",
    },
    "db-to-discard:return": {
        "fi": "{seat} palauttaa parilleen kolme korttia vaihdossa. Napauta ne ja sitten palautusnappia.",
        "en": "{seat} returns three cards to the partner in the exchange. Tap them, then the return button.",
        "ru": "Игрок {seat} возвращает партнёру три карты в обмене. Отметьте их и нажмите кнопку.",
    },
    "db-discard:give": {
        "fi": "Anna valitut kortit ({n}/3)",
        "en": "Give the cards picked ({n}/3)",
        "ru": "Отдать отмеченные карты ({n}/3)",
    },
    "db-discard:return": {
        "fi": "Palauta valitut kortit ({n}/3)",
        "en": "Return the cards picked ({n}/3)",
        "ru": "Вернуть отмеченные карты ({n}/3)",
    },
    "db-pick-three:give": {
        "fi": "Valitse ensin kolme annettua korttia.",
        "en": "First pick the three cards given.",
        "ru": "Сначала отметьте три отданные карты.",
    },
    "db-pick-three:return": {
        "fi": "Valitse ensin kolme palautettua korttia.",
        "en": "First pick the three cards returned.",
        "ru": "Сначала отметьте три возвращённые карты.",
    },
    "db-to-contract": {
        "fi": "{seat} näki parinsa kortit ja asettaa sitoumuksen (korotus): napauta asetettu sitoumus.",
        "en": "{seat} has seen the partner's cards and sets the contract (the raise): tap the contract set.",
        "ru": "Игрок {seat} увидел карты партнёра и назначает заказ (повышение заказа): выберите назначенный.",
    },
    "db-contracts": {"fi": "Mahdolliset sitoumukset", "en": "The contracts allowed", "ru": "Возможные заказы"},
    "db-other-contract": {"fi": "Muu sitoumus", "en": "Another contract", "ru": "Другой заказ"},
    "db-contract-this": {"fi": "Aseta", "en": "Set", "ru": "Назначить"},
    "dp-label": {"fi": "Riidan ratkaisu", "en": "Settle a dispute", "ru": "Разбор спора"},
    "dp-record": {"fi": "Pelikirjaus", "en": "Game record", "ru": "Запись игры"},
    "dp-check": {"fi": "Tarkista", "en": "Check", "ru": "Проверить"},
    "dp-examples": {"fi": "Esimerkit", "en": "Examples", "ru": "Примеры"},
    "dp-example:disputed-hand": {
        "fi": "Kiistelty kortti",
        "en": "A disputed card",
        "ru": "Спорная карта",
    },
    "dp-example:illegal-card": {
        "fi": "Väärin pelattu kortti",
        "en": "A card played against the rules",
        "ru": "Карта против правил",
    },
    "dp-example:example-deal": {
        "fi": "Koko jako",
        "en": "A whole deal",
        "ru": "Целая сдача",
    },
    "dp-example:huutopussi-marriage-deal": {
        "fi": "Huutopussi kokonaisvalteilla",
        "en": "Huutopussi with marriage trumps",
        "ru": "Хуутопусси с козырем от марьяжа",
    },
    "dp-empty": {
        "fi": "Liitä pelikirjaus ja valitse Tarkista, tai avaa esimerkki.",
        "en": "Paste a game record and choose Check, or open an example.",
        "ru": "Вставьте запись игры и нажмите «Проверить» или откройте пример.",
    },
    "dp-at": {
        "fi": "rivi {line}, sarake {column}",
        "en": "line {line}, column {column}",
        "ru": "строка {line}, столбец {column}",
    },
    "dp-where": {
        "fi": "jako {deal}, tikki {trick}",
        "en": "deal {deal}, trick {trick}",
        "ru": "сдача {deal}, взятка {trick}",
    },
    "dp-broke": {"fi": "Rikottu sääntö", "en": "The rule broken", "ru": "Нарушенное правило"},
    "dp-bad": {
        "fi": "Kirjauksessa on virhe.",
        "en": "The record has a mistake.",
        "ru": "В записи есть ошибка.",
    },
    "dp-ok": {
        "fi": "Jokainen kirjauksen kortti ja ilmoitus on sääntöjen mukainen.",
        "en": "Every card and declaration in the record follows the rules.",
        "ru": "Каждая карта и объявление в записи соответствуют правилам.",
    },
    "dp-checked": {
        "fi": "Kirjaus tarkistettiin.",
        "en": "The record was checked.",
        "ru": "Запись проверена.",
    },
    "dp-deal": {
        "fi": "Jako {n}: jakaja {dealer}, aloittaja {leader}",
        "en": "Deal {n}: dealer {dealer}, leader {leader}",
        "ru": "Сдача {n}: сдаёт {dealer}, первым ходит {leader}",
    },
    "dp-deal-bidding": {
        "fi": "Jako {n}: jakaja {dealer}; huutovaihe on kesken, ja sen voittaja aloittaa",
        "en": "Deal {n}: dealer {dealer}; the bidding is not over, and its winner will lead",
        "ru": "Сдача {n}: сдаёт {dealer}; торговля не закончена, первым пойдёт её победитель",
    },
    "dp-hands": {"fi": "Kädet alussa", "en": "The hands at the start", "ru": "Руки в начале"},
    "dp-plays": {
        "fi": "Kortit ja pakot",
        "en": "Every card and its duty",
        "ru": "Каждая карта и её обязанность",
    },
    "dp-free": {"fi": "vapaa valinta", "en": "free choice", "ru": "свободный выбор"},
    "dp-now": {
        "fi": "Missä kirjaus päättyy",
        "en": "Where the record stops",
        "ru": "Где запись обрывается",
    },
    "dp-deal-over": {
        "fi": "Viimeinen jako on pelattu loppuun.",
        "en": "The last deal has been played to the end.",
        "ru": "Последняя сдача доиграна.",
    },
    "dp-too-long": {
        "fi": "Kirjaus on liian pitkä tarkistettavaksi täällä.",
        "en": "The record is too long to check here.",
        "ru": "Запись слишком длинная для проверки здесь.",
    },
    "dp-winner": {
        "fi": "Pelin voittaja: {side}",
        "en": "Game won by {side}",
        "ru": "Игру выиграла сторона {side}",
    },
}
