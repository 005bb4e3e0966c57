"""The messages of Huutopussi with marriage trumps, in Finnish, English and Russian.

Kept apart from ``messages`` so that this family's sentences stay in one block: the
catalogue there takes them in (``CATALOGUE.update``). Keys follow the catalogue's
scheme: ``rule:ID`` names a rule, ``refuse:ID:WHY`` says why an action is refused,
``step:…`` is a line of the score working.
"""

from __future__ import annotations

__all__ = ["MARRIAGE_CATALOGUE", "MARRIAGE_EXPECTED"]

MARRIAGE_CATALOGUE: dict[str, dict[str, str]] = {
    # ---------------------------------------------------------------- presets
    "preset:huutopussi-marriage": {
        "fi": "huutopussi kokonaisvalteilla",
        "en": "Huutopussi with marriage trumps",
        "ru": "хуутопусси с козырем от марьяжа",
    },
    "preset:huutopussi-marriage3": {
        "fi": "kolmen pelaajan huutopussi kokonaisvalteilla",
        "en": "three-player Huutopussi with marriage trumps",
        "ru": "хуутопусси с козырем от марьяжа втроём",
    },
    # ---------------------------------------------------------------- rule names
    "rule:marriage-deal": {
        "fi": "Jako ja korttipisteet",
        "en": "The deal and card points",
        "ru": "Сдача и очки за карты",
    },
    "rule:auction-final-pass": {
        "fi": "Huutovaihe: passi on lopullinen",
        "en": "Bidding: a pass is final",
        "ru": "Торговля: пас окончателен",
    },
    "rule:forced-opening": {
        "fi": "Pakollinen avaushuuto",
        "en": "The forced opening bid",
        "ru": "Обязательный первый заказ",
    },
    "rule:max-bid": {"fi": "Suurin huuto", "en": "The highest bid", "ru": "Наибольший заказ"},
    "rule:bid-ban": {"fi": "Huutokielto", "en": "The bidding ban", "ru": "Запрет заказывать"},
    "rule:partner-exchange": {
        "fi": "Korttien vaihto parin kanssa",
        "en": "The exchange with the partner",
        "ru": "Обмен картами с партнёром",
    },
    "rule:contract-raise": {
        "fi": "Sitoumus ja korotus",
        "en": "The contract and the raise",
        "ru": "Повышение заказа",
    },
    "rule:marriage-trump": {
        "fi": "Valtti kokonaisesta",
        "en": "Trumps made by marriages",
        "ru": "Козырь от марьяжа",
    },
    "rule:marriage-window": {
        "fi": "Milloin kokonaisen saa ilmoittaa",
        "en": "When a marriage may be declared",
        "ru": "Когда можно объявить марьяж",
    },
    "rule:marriage-own": {
        "fi": "Oman kokonaisen ilmoittaminen",
        "en": "Declaring one's own marriage",
        "ru": "Объявление своего марьяжа",
    },
    "rule:marriage-ask-whole": {
        "fi": "Kokonaisen kysyminen parilta",
        "en": "Asking the partner for a marriage",
        "ru": "Вопрос партнёру о марьяже",
    },
    "rule:marriage-ask-half": {
        "fi": "Puolikkaan kysyminen parilta",
        "en": "Asking the partner for a half",
        "ru": "Вопрос партнёру о половине марьяжа",
    },
    "rule:marriage-value": {
        "fi": "Kokonaisten arvo",
        "en": "What a marriage is worth",
        "ru": "Стоимость марьяжа",
    },
    "rule:exact-contract": {"fi": "Tasan sitoumus", "en": "Exactly the contract", "ru": "Очки ровно по заказу"},
    "rule:no-trick-penalty": {
        "fi": "Tikitön puoli",
        "en": "A side with no trick",
        "ru": "Сторона без взяток",
    },
    "rule:marriage-game": {"fi": "Peli 500 pisteeseen", "en": "The game to 500", "ru": "Игра до 500 очков"},
    "rule:marriage-redeal": {
        "fi": "Uusjako samalta jakajalta",
        "en": "A redeal by the same dealer",
        "ru": "Пересдача тем же сдающим",
    },
    "rule:marriage-three": {"fi": "Kolme pelaajaa", "en": "Three players", "ru": "Игра втроём"},
    # ---------------------------------------------------------------- refusals: the bidding
    "refuse:auction-final-pass:step": {
        "fi": "huudot ovat viidellä jaollisia lukuja",
        "en": "every bid is a multiple of 5",
        "ru": "каждый заказ кратен 5",
    },
    "refuse:auction-final-pass:too-low": {
        "fi": "alin sallittu huuto on {min}",
        "en": "the lowest bid allowed is {min}",
        "ru": "минимальный заказ — {min}",
    },
    "refuse:auction-final-pass:not-higher": {
        "fi": "huudon on oltava suurempi kuin edellinen ({high})",
        "en": "a bid must be higher than the last one ({high})",
        "ru": "заказ должен быть больше предыдущего ({high})",
    },
    "refuse:auction-final-pass:auction": {
        "fi": "nyt on huutovaihe: vain huuto tai passi käy",
        "en": "the bidding is on: only a bid or a pass will do",
        "ru": "идёт торговля: можно только заказать или спасовать",
    },
    "refuse:auction-final-pass:auction-over": {
        "fi": "huutovaihe ja korttien vaihto ovat jo ohi",
        "en": "the bidding and the exchange are over",
        "ru": "торговля и обмен уже закончены",
    },
    "refuse:max-bid:too-high": {
        "fi": "suurin sallittu huuto on {top}",
        "en": "the highest bid allowed is {top}",
        "ru": "наибольший допустимый заказ — {top}",
    },
    "refuse:bid-ban:banned": {
        "fi": "pelaajan puolen pisteet ovat huutokiellon rajalla tai sen alla, joten se ei saa huutaa",
        "en": "the player's side has a total at or below the ban, so it may not bid",
        "ru": "счёт его стороны на пороге запрета или ниже, поэтому заказывать нельзя",
    },
    "refuse:bid-ban:forced-lowest": {
        "fi": "huutokiellossa oleva puoli saa tehdä vain pakollisen huudon, tasan {min}",
        "en": "a side under the ban may make only the forced bid, exactly {min}",
        "ru": "стороне под запретом можно сделать лишь обязательный заказ, ровно {min}",
    },
    "refuse:forced-opening:first-call": {
        "fi": "huutovaiheen ensimmäinen puhuja ei saa passata, vaan huutaa vähintään {min}",
        "en": "the first to call may not pass and must bid at least {min}",
        "ru": "первый в торговле не может спасовать и заказывает не меньше {min}",
    },
    "refuse:forced-opening:last-seat": {
        "fi": "kaikki muut passasivat, joten viimeisen on huudettava vähintään {min}",
        "en": "everyone else passed, so the last player must bid at least {min}",
        "ru": "все остальные спасовали, поэтому последний должен заказать не меньше {min}",
    },
    "refuse:marriage-trump:no-named-trump": {
        "fi": "huudossa ei nimetä valttia: valtti syntyy vasta kokonaisesta pelin aikana",
        "en": "a bid names no trumps: trumps come only from a marriage declared in play",
        "ru": "в заказе козырь не называют: козырь появляется только от марьяжа в розыгрыше",
    },
    "refuse:marriage-redeal:too-late": {
        "fi": "uusjakoa voi vaatia vain huutovaiheessa (neljällä kuutosella myös korttien vaihdon aikana)",
        "en": "a redeal may be demanded only in the bidding (with four sixes also during the exchange)",
        "ru": "пересдачу можно потребовать только в торговле (при четырёх шестёрках и во время обмена)",
    },
    "refuse:marriage-redeal:not-eligible": {
        "fi": "uusjakoon oikeuttavat vain kolme kuutosta tai käsi, jossa ei ole sotilasta suurempaa korttia",
        "en": "only three sixes, or a hand with nothing above a jack, allow a redeal",
        "ru": "пересдачу дают только три шестёрки или рука без карт старше валета",
    },
    "refuse:marriage-redeal:no-four-sixes": {
        "fi": "uusjakoon oikeuttavat vain kaikki neljä kuutosta saman parin käsissä (kolmen pelaajan pelissä yhdessä kädessä)",
        "en": "only all four sixes in one pair's hands (in one hand when three play) allow a redeal",
        "ru": "пересдачу дают только все четыре шестёрки на руках одной пары (при игре втроём — на одной руке)",
    },
    "refuse:marriage-redeal:first-call": {
        "fi": "uusjakoa vaaditaan omalla ensimmäisellä huutovuorolla",
        "en": "a redeal is demanded on one's first turn to call",
        "ru": "пересдачу требуют на своём первом слове в торговле",
    },
    # ---------------------------------------------------------------- refusals: the exchange
    "refuse:partner-exchange:give-first": {
        "fi": "huutajan pari antaa ensin kortit huutajalle",
        "en": "the bidder's partner first gives cards to the bidder",
        "ru": "сначала партнёр разыгрывающего отдаёт ему карты",
    },
    "refuse:partner-exchange:return-first": {
        "fi": "huutaja antaa nyt kortit takaisin parilleen",
        "en": "the bidder now gives cards back to the partner",
        "ru": "теперь разыгрывающий возвращает карты партнёру",
    },
    "refuse:partner-exchange:own-cards": {
        "fi": "vaihdossa annetaan täsmälleen {count:cards} omasta kädestä",
        "en": "the exchange takes exactly {count:cards} from the player's own hand",
        "ru": "при обмене отдают ровно {count:cards-acc} со своей руки",
    },
    "refuse:contract-raise:contract-first": {
        "fi": "huutaja ilmoittaa ensin sitoumuksen",
        "en": "the bidder first sets the contract",
        "ru": "сначала разыгрывающий называет окончательный заказ",
    },
    "refuse:contract-raise:range": {
        "fi": "sitoumus on viidellä jaollinen luku huudosta {bid} enintään lukuun {top}",
        "en": "the contract is a multiple of 5 from the bid, {bid}, to {top}",
        "ru": "окончательный заказ кратен 5: от выигравшего заказа {bid} до {top}",
    },
    "refuse:marriage-three:three-own-cards": {
        "fi": "poistettavia kortteja on täsmälleen kolme, kaikki omasta kädestä",
        "en": "exactly three cards are discarded, all from the player's own hand",
        "ru": "сбрасывают ровно три карты, и все со своей руки",
    },
    "refuse:marriage-three:aces-tens": {
        "fi": "ässä tai kymppi ei kelpaa poistettavaksi",
        "en": "aces and tens may not be discarded",
        "ru": "тузы и десятки сбрасывать нельзя",
    },
    "refuse:marriage-three:no-asks": {
        "fi": "kolmen pelaajan pelissä ei ole paria, jolta kysyä",
        "en": "with three players there is no partner to ask",
        "ru": "втроём нет партнёра, у которого можно спросить",
    },
    # ---------------------------------------------------------------- refusals: declarations
    "refuse:marriage-window:no-trick": {
        "fi": "kokonaisen saa ilmoittaa vasta voitetun tikin jälkeen",
        "en": "a marriage may be declared only after a won trick",
        "ru": "марьяж объявляют только после взятой взятки",
    },
    "refuse:marriage-window:not-winner": {
        "fi": "edellisen tikin voitti toinen pelaaja",
        "en": "another player won the last trick",
        "ru": "последнюю взятку взял другой игрок",
    },
    "refuse:marriage-window:not-own-lead": {
        "fi": "ilmoittaa saa vain tikin jälkeen, jonka pelaaja itse aloitti ja voitti",
        "en": "a declaration follows only a trick the player led and won himself",
        "ru": "объявлять можно только после взятки, в которую игрок сам сделал ход и которую сам взял",
    },
    "refuse:marriage-window:trick-started": {
        "fi": "seuraava tikki on jo aloitettu",
        "en": "the next trick has already been led",
        "ru": "в следующую взятку уже сделан ход",
    },
    "refuse:marriage-window:one-attempt": {
        "fi": "yhden tikin voitto antaa vain yhden yrityksen",
        "en": "each won trick allows one attempt only",
        "ru": "за каждую взятку можно сделать только одну попытку",
    },
    "refuse:marriage-own:no-marriage": {
        "fi": "{holder} ei ole sekä kuningasta että kuningatarta maasta {suit}",
        "en": "{holder} does not hold both the king and queen of {suit}",
        "ru": "у {holder} нет на руке и короля, и дамы {suit}",
    },
    "refuse:marriage-own:declared": {
        "fi": "maa {suit} on jo ilmoitettu tässä jaossa",
        "en": "{suit} has already been declared in this deal",
        "ru": "масть {suit} в этой сдаче уже объявлена",
    },
    "refuse:marriage-own:locked": {
        "fi": "kysymisen jälkeen omasta kädestä ei saa enää ilmoittaa tässä jaossa",
        "en": "after asking, a marriage may no longer be declared from one's own hand in this deal",
        "ru": "после вопроса партнёру объявлять марьяж со своей руки в этой сдаче больше нельзя",
    },
    "refuse:marriage-ask-whole:locked": {
        "fi": "tässä jaossa tätä paria ei saa enää kysyä kokonaista",
        "en": "the partner may no longer be asked for a marriage in this deal",
        "ru": "в этой сдаче спрашивать партнёра о марьяже больше нельзя",
    },
    "refuse:marriage-ask-whole:waiting": {
        "fi": "ensin on vastattava parin kysymykseen",
        "en": "the partner's question must be answered first",
        "ru": "сначала нужно ответить на вопрос партнёра",
    },
    "refuse:marriage-ask-whole:must-answer": {
        "fi": "vastauksen on oltava tosi: kädessä oleva ilmoittamaton kokonainen on nimettävä, ja ”ei” sopii vain, kun sellaista ei ole",
        "en": "the answer must be true: an undeclared marriage in hand has to be named, and “no” is right only without one",
        "ru": "ответ должен быть правдивым: необъявленный марьяж на руке нужно назвать, а ответ «нет» допустим, только если такого марьяжа нет",
    },
    "refuse:marriage-ask-whole:no-marriage": {
        "fi": "vastaajalla ei ole maan {suit} kuningasta ja kuningatarta",
        "en": "the answer names {suit}, but the king and queen of {suit} are not both in hand",
        "ru": "в ответе названа масть {suit}, но короля и дамы этой масти нет на руке",
    },
    "refuse:marriage-ask-whole:declared": {
        "fi": "maa {suit} on jo ilmoitettu tässä jaossa",
        "en": "{suit} has already been declared in this deal",
        "ru": "масть {suit} в этой сдаче уже объявлена",
    },
    "refuse:marriage-ask-whole:no-question": {
        "fi": "kukaan ei ole kysynyt mitään",
        "en": "nobody has asked anything",
        "ru": "никто ничего не спрашивал",
    },
    "refuse:marriage-ask-half:waiting": {
        "fi": "ensin on vastattava parin kysymykseen",
        "en": "the partner's question must be answered first",
        "ru": "сначала нужно ответить на вопрос партнёра",
    },
    "refuse:marriage-ask-half:truthful": {
        "fi": "puolikkaan kysymykseen vastataan totuudenmukaisesti",
        "en": "the answer to a half ask must be truthful",
        "ru": "на вопрос о половине марьяжа отвечают честно",
    },
    "refuse:marriage-ask-half:declared": {
        "fi": "maa {suit} on jo ilmoitettu tässä jaossa",
        "en": "{suit} has already been declared in this deal",
        "ru": "масть {suit} в этой сдаче уже объявлена",
    },
    "refuse:marriage-ask-half:denied": {
        "fi": "pari on jo kysynyt maan {suit} puolikasta, ja vastaus oli ei",
        "en": "the pair has already asked for half {suit}, and the answer was no",
        "ru": "пара уже спрашивала о половине {suit}, и ответ был «нет»",
    },
    "refuse:marriage-ask-half:whole-held": {
        "fi": "{holder} on itse sekä kuningas että kuningatar maasta {suit}",
        "en": "{holder} holds both the king and queen of {suit} himself",
        "ru": "у {holder} самого есть и король, и дама {suit}",
    },
    "refuse:marriage-ask-half:no-half": {
        "fi": "puolikasta kysytään näyttämällä maan {suit} kuningas tai kuningatar, jota {holder} ei ole",
        "en": "a half is asked by naming the king or queen of {suit} held, and {holder} holds neither",
        "ru": "о половине спрашивают, называя своего короля или даму {suit}, а у {holder} нет ни того, ни другого",
    },
    "refuse:marriage-ask-half:named": {
        "fi": "kortti nimetään vain, kun kysyjällä ei ole kumpaakaan; muuten kysytään maalla, kuten ask half H",
        "en": "a card is named only when the asker holds neither; otherwise the suit alone is asked, as ask half H",
        "ru": "карту называют, только если у спрашивающего нет ни одной из двух; иначе спрашивают по масти: ask half H",
    },
    "refuse:marriage-ask-half:name-card": {
        "fi": "ilman maan {suit} kuningasta ja kuningatarta kysyjän on nimettävä, kumpaa hän näyttää",
        "en": "holding neither the king nor the queen of {suit}, the asker must name which one he claims",
        "ru": "не имея ни короля, ни дамы {suit}, спрашивающий должен назвать, какую из них он показывает",
    },
    # ---------------------------------------------------------------- actions
    "act:give": {"fi": "antaa parilleen kortit {cards}", "en": "give {cards}", "ru": "отдать {cards}"},
    "act:return": {"fi": "palauttaa kortit {cards}", "en": "give back {cards}", "ru": "вернуть {cards}"},
    "act:contract": {
        "fi": "ilmoittaa sitoumukseksi {points}",
        "en": "set the contract at {points}",
        "ru": "назначить окончательный заказ {points}",
    },
    "label:contract": {"fi": "Sitoumus", "en": "Contract", "ru": "Окончательный заказ"},
    # ---------------------------------------------------------------- score working
    "step:marriage-last-trick": {
        "fi": "Viimeinen tikki ({seat}): {points:points}, {pair}",
        "en": "Last trick ({seat}): {points:points} to {pair}",
        "ru": "Последняя взятка ({seat}): {points:points}, {pair}",
    },
    "step:marriage-value": {
        "fi": "{seat}: kokonainen {suit}, {points:points}, {pair}",
        "en": "{seat}: marriage {suit}, {points:points} to {pair}",
        "ru": "{seat}: марьяж {suit}, {points:points}, {pair}",
    },
    "step:marriage-discard": {
        "fi": "Poistetut kortit: {cards} korttipistettä huutajalle {pair}",
        "en": "The discarded cards: {cards} card points to the bidder, {pair}",
        "ru": "Сброшенные карты: очки за карты ({cards}) разыгрывающему, {pair}",
    },
    "step:marriage-discard-void": {
        "fi": "Poistetut kortit ({cards}) eivät laske: huutaja {pair} ei saanut tikkiä",
        "en": "The discarded cards ({cards}) do not count: the bidder, {pair}, took no trick",
        "ru": "Сброшенные карты ({cards}) не в счёт: разыгрывающий {pair} не взял ни одной взятки",
    },
    "step:marriage-declarer-made": {
        "fi": "Sitoumus {contract} lunastettu ({collected} kerätty): {pair} saa tasan {points}",
        "en": "Contract {contract} made ({collected} collected): {pair} scores exactly {points}",
        "ru": "Заказ {contract} выполнен (набрано {collected}): {pair} получает ровно {points}",
    },
    "step:marriage-declarer-failed": {
        "fi": "Sitoumus {contract} jäi lunastamatta ({collected} kerätty): {pair} saa {points}",
        "en": "Contract {contract} failed ({collected} collected): {pair} scores {points}",
        "ru": "Заказ {contract} не выполнен (набрано {collected}): {pair} получает {points}",
    },
    "step:marriage-defenders": {
        "fi": "Puolustajat {pair} saavat keräämänsä {points}",
        "en": "Defenders {pair} score what they collected, {points}",
        "ru": "Защитники {pair} получают набранные {points}",
    },
    "step:marriage-defenders-rounded": {
        "fi": "Puolustajat {pair} keräsivät {collected}, viiteen pyöristettynä {points}",
        "en": "Defenders {pair} collected {collected}, rounded to the nearest 5: {points}",
        "ru": "Защитники {pair} набрали {collected}, с округлением до 5: {points}",
    },
    "step:marriage-no-contract": {
        "fi": "Ei sitoumusta: {pair} saa keräämänsä {points}",
        "en": "No contract: {pair} scores what it collected, {points}",
        "ru": "Заказа нет: {pair} получает набранные {points}",
    },
    "step:marriage-no-trick-defenders": {
        "fi": "{pair} ei saanut yhtään tikkiä: miinus huuto, {points}",
        "en": "{pair} took no trick: minus the bid, {points}",
        "ru": "{pair} без единой взятки: минус заказ из торговли, {points}",
    },
    "step:marriage-no-trick-declarer": {
        "fi": "Huutaja ({seat}) ei saanut itse yhtään tikkiä: miinus kaksi kertaa huuto, {pair} saa {points}",
        "en": "The bidder ({seat}) took no trick himself: minus twice the bid, {pair} scores {points}",
        "ru": "Разыгрывающий ({seat}) сам не взял ни одной взятки: минус двойной заказ из торговли, {pair} получает {points}",
    },
    "step:marriage-no-trick-side": {
        "fi": "Huutajan puoli ei saanut yhtään tikkiä: miinus kaksi kertaa sitoumus, {pair} saa {points}",
        "en": "The bidder's side took no trick: minus twice the contract, {pair} scores {points}",
        "ru": "Сторона разыгрывающего без единой взятки: минус двойной окончательный заказ, {pair} получает {points}",
    },
    "step:marriage-redeal:three-sixes": {
        "fi": "Uusjako: kädessä oli vähintään kolme kuutosta; sama jakaja jakaa uudelleen",
        "en": "Redeal: a hand held three sixes or more; the same dealer deals again",
        "ru": "Пересдача: на руке было не меньше трёх шестёрок; сдаёт тот же сдающий",
    },
    "step:marriage-redeal:nothing-high": {
        "fi": "Uusjako: kädessä ei ollut sotilasta suurempaa korttia; sama jakaja jakaa uudelleen",
        "en": "Redeal: a hand held nothing above a jack; the same dealer deals again",
        "ru": "Пересдача: на руке не было карт старше валета; сдаёт тот же сдающий",
    },
    "step:marriage-redeal:four-sixes": {
        "fi": "Uusjako: parilla oli kaikki neljä kuutosta; sama jakaja jakaa uudelleen",
        "en": "Redeal: one pair held all four sixes; the same dealer deals again",
        "ru": "Пересдача: у одной пары были все четыре шестёрки; сдаёт тот же сдающий",
    },
    # ---------------------------------------------------------------- records and rules
    "error:marriage-game:totals": {
        "fi": "jaon pisteiksi on merkitty muuta kuin aiemmista jaoista kertyi: {expected} ({rule})",
        "en": "the totals written for the deal differ from those of the deals before: {expected} ({rule})",
        "ru": "записанный перед сдачей счёт не совпадает со счётом прежних сдач: {expected} ({rule})",
    },
    "deal:totals": {
        "fi": "pisteitä on annettava yksi kullekin puolelle, annettiin {count}",
        "en": "one total per side is needed, {count} given",
        "ru": "нужно по одному счёту на сторону, дано {count}",
    },
    "error:bad-json:totals": {
        "fi": "JSON-muotoinen kirjaus ei kelpaa: kentän {field} pisteet kuuluvat vain kokonaisvalteilla pelattavaan huutopussiin, yksi luku kullekin puolelle",
        "en": "The record in JSON form is not valid: the totals in {field} belong to Huutopussi with marriage trumps, one number per side",
        "ru": "Запись в формате JSON недопустима: счёт в поле {field} бывает только в хуутопусси с козырем от марьяжа, по числу на сторону",
    },
    "error:rules-conflict:marriage-only": {
        "fi": "Sääntövalinta {name} kuuluu kokonaisvalteilla pelattavaan huutopussiin, eikä sitä voi käyttää näissä säännöissä",
        "en": "The switch {name} belongs to Huutopussi with marriage trumps and cannot be used with these rules",
        "ru": "Переключатель {name} относится к хуутопусси с козырем от марьяжа, в этих правилах его использовать нельзя",
    },
    "error:rules-conflict:not-marriage": {
        "fi": "Sääntövalinta {name} ei kuulu kokonaisvalteilla pelattavaan huutopussiin",
        "en": "The switch {name} does not belong to Huutopussi with marriage trumps",
        "ru": "Переключатель {name} не относится к хуутопусси с козырем от марьяжа",
    },
    "error:rules-conflict:marriage-scoring": {
        "fi": "Sääntövalinta {name} ei sovi: kokonaisvalteilla pelattava huutopussi lasketaan aina omalla tavallaan",
        "en": "The switch {name} does not fit: Huutopussi with marriage trumps is always scored its own way",
        "ru": "Переключатель {name} не подходит: хуутопусси с козырем от марьяжа всегда считается по своим правилам",
    },
    "error:rules-conflict:all-pass-forced": {
        "fi": "Sääntövalinta {name} ei käy pakollisen avaushuudon kanssa: silloin kaikki eivät voi passata (forced_opening=no)",
        "en": "The switch {name} cannot go with a forced opening bid: then not everyone can pass (forced_opening=no)",
        "ru": "Переключатель {name} несовместим с обязательным первым заказом: тогда спасовать все не могут (forced_opening=no)",
    },
    "error:rules-conflict:three-talon": {
        "fi": "Sääntövalinta {name} ei käy kolmelle pelaajalle: huutaja ottaa talon ja poistaa kolme korttia",
        "en": "The switch {name} does not fit three players: the bidder takes the talon and discards three cards",
        "ru": "Переключатель {name} не подходит для игры втроём: разыгрывающий берёт прикуп и сбрасывает три карты",
    },
    "error:rules-conflict:three-no-asks": {
        "fi": "Sääntövalinta {name} ei käy kolmelle pelaajalle: parilta kysymistä ei ole",
        "en": "The switch {name} does not fit three players: there is no asking a partner",
        "ru": "Переключатель {name} не подходит для игры втроём: вопросов партнёру там нет",
    },
    # ---------------------------------------------------------------- switches
    "switch:marriage_values": {
        "fi": "kokonaisten arvot: hearts-high (♥100 ♦80 ♣60 ♠40) tai bridge (♠100 ♥80 ♦60 ♣40)",
        "en": "what marriages are worth: hearts-high (♥100 ♦80 ♣60 ♠40) or bridge (♠100 ♥80 ♦60 ♣40)",
        "ru": "стоимость марьяжей: hearts-high (♥100 ♦80 ♣60 ♠40) или bridge (♠100 ♥80 ♦60 ♣40)",
    },
    "switch:last_trick_bonus": {
        "fi": "viimeisen tikin pisteet (10 tai 20)",
        "en": "the points for the last trick (10 or 20)",
        "ru": "очки за последнюю взятку (10 или 20)",
    },
    "switch:max_bid": {
        "fi": "suurin huuto, joka päättää huutovaiheen heti (440 tai 420; 0: ei ylärajaa)",
        "en": "the highest bid, which ends the bidding at once (440 or 420; 0: no limit)",
        "ru": "наибольший заказ, сразу завершающий торговлю (440 или 420; 0: без предела)",
    },
    "switch:first_bidder": {
        "fi": "kuka puhuu ensin: jakajasta vasemmalle (left) vai jakaja (dealer)",
        "en": "who calls first: the player left of the dealer (left) or the dealer (dealer)",
        "ru": "кто говорит первым: сосед слева от сдающего (left) или сам сдающий (dealer)",
    },
    "switch:forced_opening": {
        "fi": "ensimmäinen puhuja ei saa passata",
        "en": "the first to call may not pass",
        "ru": "первый в торговле не может спасовать",
    },
    "switch:exchange_count": {
        "fi": "montako korttia vaihdetaan parin kanssa (3 tai 4)",
        "en": "how many cards the exchange with the partner takes (3 or 4)",
        "ru": "сколько карт в обмене с партнёром (3 или 4)",
    },
    "switch:raise_when": {
        "fi": "sitoumus ennen korttien palautusta (before-return) vai vaihdon jälkeen (after-exchange)",
        "en": "the contract before the cards go back (before-return) or after the exchange (after-exchange)",
        "ru": "окончательный заказ до возврата карт (before-return) или после обмена (after-exchange)",
    },
    "switch:declare_right": {
        "fi": "ilmoittaa saa itse aloitetun ja voitetun tikin jälkeen (own-led) tai minkä tahansa voitetun (any-won)",
        "en": "declare after a trick one led and won (own-led) or after any trick won (any-won)",
        "ru": "объявлять после своей взятки со своего хода (own-led) или после любой взятой (any-won)",
    },
    "switch:ask_lockout": {
        "fi": "mitä kysyminen estää: basic tai illisoft (mikä tahansa kysymys estää oman ilmoituksen, puolikas molemmilta)",
        "en": "what asking bars: basic, or illisoft (any ask bars one's own declaring, a half ask both partners')",
        "ru": "что запрещает вопрос: basic или illisoft (любой вопрос запрещает своё объявление, о половине — обоим)",
    },
    "switch:bluff_half_ask": {
        "fi": "puolikasta saa kysyä nimeämällä kortin, jota ei ole kädessä",
        "en": "a half may be asked naming a card one does not hold",
        "ru": "о половине можно спросить, назвав карту, которой нет на руке",
    },
    "switch:declarer_no_trick": {
        "fi": "tikitön huutaja: hän itse −2 × huuto (seat-bid) tai koko puoli −2 × sitoumus (side-contract)",
        "en": "a trickless bidder: the player himself −2 × bid (seat-bid) or his side −2 × contract (side-contract)",
        "ru": "разыгрывающий без взяток: сам игрок −2 × заказ (seat-bid) или сторона −2 × окончательный заказ (side-contract)",
    },
    "switch:defender_rounding": {
        "fi": "puolustajien pisteet sellaisenaan (none) tai viiteen pyöristettyinä (nearest-5)",
        "en": "the defenders' points as they are (none) or to the nearest 5 (nearest-5)",
        "ru": "очки защитников как есть (none) или с округлением до 5 (nearest-5)",
    },
    "switch:bid_ban": {
        "fi": "huutokielto: −500 tai alle, −250 tai alle, alle 0 (huutovaihe voi avautua uudelleen) tai ei kieltoa",
        "en": "the bidding ban: at −500 or below, −250 or below, below 0 (the bidding may reopen), or none",
        "ru": "запрет заказывать: при −500 и ниже, −250 и ниже, ниже 0 (торговля может возобновиться) или нет",
    },
    "switch:redeal_rule": {
        "fi": "uusjako: kolme kuutosta tai ei sotilasta suurempaa (sixes-or-low) tai parilla neljä kuutosta (four-sixes)",
        "en": "redeal: three sixes or nothing above a jack (sixes-or-low), or four sixes in a pair (four-sixes)",
        "ru": "пересдача: три шестёрки или ничего старше валета (sixes-or-low) или четыре шестёрки у пары (four-sixes)",
    },
    "switch:win_tiebreak": {
        "fi": "kun useampi puoli ylittää tavoitteen: suurempi summa (higher) tai huutajan puoli (declarer)",
        "en": "when more than one side passes the target: the higher total (higher) or the bidder's side (declarer)",
        "ru": "когда цель превышают несколько сторон: больший счёт (higher) или сторона разыгрывающего (declarer)",
    },
    # ---------------------------------------------------------------- switches in words (ruleset_name)
    "switch-name:marriage_values": {
        "fi": "kokonaisten arvot",
        "en": "marriage values",
        "ru": "стоимость марьяжей",
    },
    "switch-name:last_trick_bonus": {
        "fi": "viimeisen tikin pisteet",
        "en": "last trick",
        "ru": "очки за последнюю взятку",
    },
    "switch-name:max_bid": {"fi": "suurin huuto", "en": "highest bid", "ru": "наибольший заказ"},
    "switch-name:first_bidder": {
        "fi": "ensimmäinen puhuja",
        "en": "first to call",
        "ru": "первый в торговле",
    },
    "switch-name:forced_opening": {
        "fi": "pakollinen avaushuuto",
        "en": "forced opening bid",
        "ru": "обязательный первый заказ",
    },
    "switch-name:exchange_count": {
        "fi": "vaihdettavia kortteja",
        "en": "cards exchanged",
        "ru": "карт в обмене",
    },
    "switch-name:raise_when": {
        "fi": "sitoumuksen hetki",
        "en": "when the contract is set",
        "ru": "когда называют окончательный заказ",
    },
    "switch-name:declare_right": {"fi": "ilmoitusoikeus", "en": "right to declare", "ru": "право объявлять"},
    "switch-name:ask_lockout": {
        "fi": "kysymisen rajoitukset",
        "en": "what asking bars",
        "ru": "что запрещает вопрос",
    },
    "switch-name:bluff_half_ask": {
        "fi": "puolikkaan bluffi",
        "en": "bluffing for a half",
        "ru": "блеф при вопросе о половине",
    },
    "switch-name:declarer_no_trick": {
        "fi": "tikitön huutaja",
        "en": "a bidder without a trick",
        "ru": "разыгрывающий без взяток",
    },
    "switch-name:defender_rounding": {
        "fi": "puolustajien pisteet",
        "en": "defenders' points",
        "ru": "очки защитников",
    },
    "switch-name:bid_ban": {"fi": "huutokielto", "en": "bidding ban", "ru": "запрет заказывать"},
    "switch-name:redeal_rule": {"fi": "uusjako", "en": "redeal", "ru": "пересдача"},
    "switch-name:win_tiebreak": {
        "fi": "kun useampi ylittää tavoitteen",
        "en": "when several pass the target",
        "ru": "если цель превышают несколько",
    },
    "switch-value:scoring:marriage": {
        "fi": "tasan sitoumus",
        "en": "exactly the contract",
        "ru": "очки ровно по заказу",
    },
    "switch-value:all_pass:last-must-open": {
        "fi": "viimeisen on huudettava",
        "en": "the last must bid",
        "ru": "последний обязан заказать",
    },
    "switch-value:all_pass:no-contract": {
        "fi": "peli ilman sitoumusta",
        "en": "play without a contract",
        "ru": "игра без заказа",
    },
    "switch-value:marriage_values:hearts-high": {
        "fi": "hertta korkein (♥100 ♦80 ♣60 ♠40)",
        "en": "hearts highest (♥100 ♦80 ♣60 ♠40)",
        "ru": "червы старше всех (♥100 ♦80 ♣60 ♠40)",
    },
    "switch-value:marriage_values:bridge": {
        "fi": "bridgen järjestys (♠100 ♥80 ♦60 ♣40)",
        "en": "in bridge order (♠100 ♥80 ♦60 ♣40)",
        "ru": "в порядке бриджа (♠100 ♥80 ♦60 ♣40)",
    },
    "switch-value:first_bidder:left": {
        "fi": "jakajan vasen naapuri",
        "en": "the dealer's left-hand neighbour",
        "ru": "сосед сдающего слева",
    },
    "switch-value:first_bidder:dealer": {"fi": "jakaja", "en": "the dealer", "ru": "сдающий"},
    "switch-value:raise_when:before-return": {
        "fi": "ennen korttien palautusta",
        "en": "before the cards go back",
        "ru": "до возврата карт",
    },
    "switch-value:raise_when:after-exchange": {
        "fi": "vaihdon jälkeen",
        "en": "after the exchange",
        "ru": "после обмена",
    },
    "switch-value:declare_right:own-led": {
        "fi": "itse aloitetun ja voitetun tikin jälkeen",
        "en": "after a trick one led and won",
        "ru": "после своей взятки со своего хода",
    },
    "switch-value:declare_right:any-won": {
        "fi": "minkä tahansa voitetun tikin jälkeen",
        "en": "after any trick won",
        "ru": "после любой взятой взятки",
    },
    "switch-value:ask_lockout:basic": {"fi": "tavalliset", "en": "the usual ones", "ru": "обычные"},
    "switch-value:ask_lockout:illisoft": {
        "fi": "tiukat (mikä tahansa kysymys estää oman ilmoituksen)",
        "en": "strict (any ask bars one's own declaring)",
        "ru": "строгие (любой вопрос запрещает своё объявление)",
    },
    "switch-value:declarer_no_trick:seat-bid": {
        "fi": "hän itse, kaksi kertaa huuto",
        "en": "himself, twice the bid",
        "ru": "сам игрок, двойной заказ из торговли",
    },
    "switch-value:declarer_no_trick:side-contract": {
        "fi": "koko puoli, kaksi kertaa sitoumus",
        "en": "his side, twice the contract",
        "ru": "вся сторона, двойной окончательный заказ",
    },
    "switch-value:defender_rounding:none": {"fi": "sellaisenaan", "en": "as they are", "ru": "как есть"},
    "switch-value:defender_rounding:nearest-5": {
        "fi": "viiteen pyöristettyinä",
        "en": "to the nearest 5",
        "ru": "с округлением до 5",
    },
    "switch-value:bid_ban:minus-500": {
        "fi": "−500 tai alle",
        "en": "at −500 or below",
        "ru": "при −500 и ниже",
    },
    "switch-value:bid_ban:minus-250": {
        "fi": "−250 tai alle",
        "en": "at −250 or below",
        "ru": "при −250 и ниже",
    },
    "switch-value:bid_ban:below-zero": {
        "fi": "alle nollan, huutovaihe voi avautua uudelleen",
        "en": "below zero, the bidding may reopen",
        "ru": "ниже нуля, торговля может возобновиться",
    },
    "switch-value:bid_ban:off": {"fi": "ei kieltoa", "en": "none", "ru": "нет"},
    "switch-value:redeal_rule:sixes-or-low": {
        "fi": "kolme kuutosta tai ei sotilasta suurempaa",
        "en": "three sixes or nothing above a jack",
        "ru": "три шестёрки или ничего старше валета",
    },
    "switch-value:redeal_rule:four-sixes": {
        "fi": "parilla neljä kuutosta",
        "en": "four sixes in a pair",
        "ru": "четыре шестёрки у пары",
    },
    "switch-value:win_tiebreak:higher": {
        "fi": "suurempi summa voittaa",
        "en": "the higher total wins",
        "ru": "побеждает больший счёт",
    },
    "switch-value:win_tiebreak:declarer": {
        "fi": "huutajan puoli voittaa",
        "en": "the bidder's side wins",
        "ru": "побеждает сторона разыгрывающего",
    },
}
"""The family's messages, keyed as in ``marjapussi.messages.CATALOGUE``."""

MARRIAGE_EXPECTED: dict[str, dict[str, str]] = {
    "a marriage-trumps tag": {
        "fi": "kokonaisvalteilla pelattavan huutopussin merkintä (Totals kuuluu vain siihen)",
        "en": "a tag of Huutopussi with marriage trumps (Totals belongs to it only)",
        "ru": "отметка хуутопусси с козырем от марьяжа (Totals бывает только там)",
    },
    "totals": {
        "fi": "pisteet, yksi kokonaisluku kullekin puolelle",
        "en": "the totals, one whole number per side",
        "ru": "счёт: по целому числу на сторону",
    },
}
"""The record reader's words for what it expected, for ``marjapussi.i18n.expected_text``."""
