"""The message catalogue: every sentence the package says, in Finnish, English and Russian.

Keys are rule ids (``rule:follow-suit`` for a rule's name, ``refuse:follow-suit`` for why a
card is refused, ``forced:follow-suit`` for why a card is compulsory) and message ids.
Values are ``str.format`` templates; cards and suits are passed in already drawn with
their symbols (♠K), so no template has to decline a suit name.
"""

from __future__ import annotations

from .marriage_messages import MARRIAGE_CATALOGUE

__all__ = ["CATALOGUE", "LANGUAGES"]

LANGUAGES: tuple[str, ...] = ("fi", "en", "ru")

Entry = dict[str, str]

CATALOGUE: dict[str, Entry] = {
    # ---------------------------------------------------------------- seats, pairs, suits
    "seat:N": {"fi": "Pohjoinen", "en": "North", "ru": "Север"},
    "seat:E": {"fi": "Itä", "en": "East", "ru": "Восток"},
    "seat:S": {"fi": "Etelä", "en": "South", "ru": "Юг"},
    "seat:W": {"fi": "Länsi", "en": "West", "ru": "Запад"},
    "pair:NS": {"fi": "Pohjoinen–Etelä", "en": "North–South", "ru": "Север–Юг"},
    "pair:EW": {"fi": "Itä–Länsi", "en": "East–West", "ru": "Восток–Запад"},
    # where space is short, the language's own letters (the record format keeps N, E, S, W)
    "seat-short:N": {"fi": "P", "en": "N", "ru": "С"},
    "seat-short:E": {"fi": "I", "en": "E", "ru": "В"},
    "seat-short:S": {"fi": "E", "en": "S", "ru": "Ю"},
    "seat-short:W": {"fi": "L", "en": "W", "ru": "З"},
    "pair-short:NS": {"fi": "P–E", "en": "NS", "ru": "С–Ю"},
    "pair-short:EW": {"fi": "I–L", "en": "EW", "ru": "В–З"},
    "suit:H": {"fi": "hertta", "en": "hearts", "ru": "червы"},
    "suit:D": {"fi": "ruutu", "en": "diamonds", "ru": "бубны"},
    "suit:S": {"fi": "pata", "en": "spades", "ru": "пики"},
    "suit:C": {"fi": "risti", "en": "clubs", "ru": "трефы"},
    # a card as it is spoken (screen readers, announcements): the rank in the nominative and
    # its suit; Finnish joins them into one word (herttakuningas), Russian takes the genitive
    "card-name": {"fi": "{suit}{rank}", "en": "{rank} of {suit}", "ru": "{rank} {suit}"},
    "card-suit:H": {"fi": "hertta", "en": "hearts", "ru": "червей"},
    "card-suit:D": {"fi": "ruutu", "en": "diamonds", "ru": "бубен"},
    "card-suit:S": {"fi": "pata", "en": "spades", "ru": "пик"},
    "card-suit:C": {"fi": "risti", "en": "clubs", "ru": "треф"},
    "rank:A": {"fi": "ässä", "en": "ace", "ru": "туз"},
    "rank:10": {"fi": "kymppi", "en": "ten", "ru": "десятка"},
    "rank:K": {"fi": "kuningas", "en": "king", "ru": "король"},
    "rank:Q": {"fi": "kuningatar", "en": "queen", "ru": "дама"},
    "rank:J": {"fi": "sotilas", "en": "jack", "ru": "валет"},
    "rank:9": {"fi": "yhdeksikkö", "en": "nine", "ru": "девятка"},
    "rank:8": {"fi": "kahdeksikko", "en": "eight", "ru": "восьмёрка"},
    "rank:7": {"fi": "seitsikko", "en": "seven", "ru": "семёрка"},
    "rank:6": {"fi": "kuutonen", "en": "six", "ru": "шестёрка"},
    # the holder of cards, as a refusal names him: Etelällä on … / South holds … / у Юга есть …
    "holder:N": {"fi": "Pohjoisella", "en": "North", "ru": "Севера"},
    "holder:E": {"fi": "Idällä", "en": "East", "ru": "Востока"},
    "holder:S": {"fi": "Etelällä", "en": "South", "ru": "Юга"},
    "holder:W": {"fi": "Lännellä", "en": "West", "ru": "Запада"},
    "holder:none": {"fi": "pelaajalla", "en": "the player", "ru": "игрока"},
    # the presets by name, as a reader sees them
    "preset:guild": {"fi": "killan säännöt", "en": "the guild rules", "ru": "правила гильдии"},
    "preset:pagat": {"fi": "Pagatin marjapussi", "en": "Pagat Marjapussi", "ru": "марьяпусси по Pagat"},
    "preset:huutopussi": {"fi": "huutopussi", "en": "Huutopussi", "ru": "хуутопусси"},
    "preset:huutopussi3": {
        "fi": "kolmen pelaajan huutopussi",
        "en": "three-player Huutopussi",
        "ru": "хуутопусси втроём",
    },
    "preset:changed": {"fi": "{name}; muutettu: {changes}", "en": "{name}; changed: {changes}", "ru": "{name}; изменено: {changes}"},
    # ---------------------------------------------------------------- rule names
    "rule:deck": {"fi": "Pakka", "en": "The pack", "ru": "Колода"},
    "rule:seats": {"fi": "Paikat ja parit", "en": "Seats and partners", "ru": "Места и пары"},
    "rule:follow-suit": {"fi": "Maapakko", "en": "Follow suit", "ru": "Обязанность ходить в масть"},
    "rule:must-trump": {"fi": "Valttipakko", "en": "Must trump", "ru": "Обязанность козырять"},
    "rule:must-beat": {"fi": "Ylimenopakko", "en": "Must beat", "ru": "Обязанность перебить"},
    "rule:trick-winner": {"fi": "Tikin voittaja", "en": "Who wins the trick", "ru": "Кто берёт взятку"},
    "rule:opening-lead-clubs-ace": {
        "fi": "Ristiässä aloittaa erän",
        "en": "The ace of clubs opens the erä",
        "ru": "Эря открывает туз треф",
    },
    "rule:dealer-rotation": {
        "fi": "Jakajan ja aloittajan vaihtuminen",
        "en": "Passing the deal and the lead",
        "ru": "Переход сдачи и первого хода",
    },
    "rule:opening-lead-ace-spade": {
        "fi": "Jaon aloitus ässällä tai padalla",
        "en": "First lead: an ace, else a spade",
        "ru": "Первый ход: туз, иначе пика",
    },
    "rule:first-trick-ace": {
        "fi": "Ässäpakko ensimmäisessä tikissä",
        "en": "The ace in the first trick",
        "ru": "Туз в первой взятке",
    },
    "rule:declare-window": {"fi": "Ilmoitushetki", "en": "When to declare", "ru": "Когда можно объявлять"},
    "rule:declare-own": {
        "fi": "Oman kokonaisen ilmoittaminen",
        "en": "Declaring your own marriage",
        "ru": "Объявление своего марьяжа",
    },
    "rule:ask-whole": {"fi": "Kokonaisen kysyminen", "en": "Asking for a marriage", "ru": "Вопрос о марьяже"},
    "rule:ask-half": {
        "fi": "Puolikkaan kysyminen",
        "en": "Asking for a half marriage",
        "ru": "Вопрос о половине марьяжа",
    },
    "rule:burn": {"fi": "Palaminen", "en": "Burning", "ru": "Сгорание марьяжа"},
    "rule:trump": {"fi": "Valtti", "en": "Trumps", "ru": "Козырь"},
    "rule:small-trump": {"fi": "Pikkuvaltin ilmoittaminen", "en": "Declaring a small trump", "ru": "Объявление малого козыря"},
    "rule:small-trump-lead": {
        "fi": "Aloitus pikkuvaltin jälkeen",
        "en": "Leading after a small trump",
        "ru": "Ход после малого козыря",
    },
    "rule:look-back": {"fi": "Tikkien katsominen", "en": "Looking back at tricks", "ru": "Просмотр взяток"},
    "rule:matti-point": {"fi": "Mattipiste", "en": "The matti point", "ru": "Очко за матти"},
    "rule:last-trick": {"fi": "Viimeinen tikki", "en": "The last trick", "ru": "Последняя взятка"},
    "rule:porvoo": {"fi": "Porvoo", "en": "Porvoo", "ru": "Порвоо"},
    "rule:era-total": {"fi": "Eräpisteet", "en": "The erä total", "ru": "Счёт эря"},
    "rule:game": {"fi": "Pelin voittaminen", "en": "Winning the game", "ru": "Победа в игре"},
    "rule:misplay": {"fi": "Pelivirheen korjaus ja rangaistus", "en": "Correcting and penalising a misplay", "ru": "Исправление ошибки и наказание"},
    "rule:deck-size": {"fi": "Pakka ja käden koko", "en": "Pack and hand size", "ru": "Колода и число карт на руке"},
    "rule:card-values": {"fi": "Korttien arvot", "en": "Card values", "ru": "Стоимость карт"},
    "rule:pagat-lead": {"fi": "Jakaja, aloitus ja tikkipeli", "en": "Dealer, lead and play", "ru": "Сдающий, первый ход и розыгрыш"},
    "rule:pagat-declarations": {"fi": "Valtin ja kokonaisten ilmoittaminen", "en": "Declaring trumps and marriages", "ru": "Объявление козыря и марьяжей"},
    "rule:pagat-scoring": {"fi": "Pisteytys", "en": "Scoring", "ru": "Подсчёт очков"},
    "rule:pagat-target": {"fi": "Tavoite ja pelin loppu", "en": "The target and the end of the game", "ru": "Цель и конец игры"},
    "rule:pagat-variations": {"fi": "Muunnelmat", "en": "Variations", "ru": "Разновидности"},
    "rule:bidding": {"fi": "Huutaminen", "en": "Bidding", "ru": "Торговля"},
    "rule:marriage-on-lead": {
        "fi": "Mariini tikin aloituksessa",
        "en": "Marriage on lead",
        "ru": "Марьяж при ходе",
    },
    "rule:contract": {"fi": "Huudon lunastaminen", "en": "The contract", "ru": "Выполнение заказа"},
    "rule:molotov": {"fi": "Molotov", "en": "Molotov", "ru": "«Молотов»"},
    "rule:huutopussi-deal": {"fi": "Jako", "en": "The deal", "ru": "Сдача"},
    "rule:huutopussi-trump": {"fi": "Valtti ja tikkipeli", "en": "Trumps and play", "ru": "Козырь и розыгрыш"},
    "rule:huutopussi-scoring": {"fi": "Pisteet", "en": "Scoring", "ru": "Подсчёт очков"},
    "rule:huutopussi-game": {"fi": "Pelin voitto", "en": "Winning the game", "ru": "Победа в игре"},
    "rule:huutopussi-redeal": {"fi": "Uusjako", "en": "Redeals", "ru": "Пересдача"},
    "rule:huutopussi-three": {
        "fi": "Kolmen pelaajan huutopussi",
        "en": "Three-player Huutopussi",
        "ru": "Хуутопусси втроём",
    },
    # ---------------------------------------------------------------- why a card is refused
    "refuse:follow-suit": {
        "fi": "{holder} on aloitusmaata {suit}, joten sitä on pelattava",
        "en": "{holder} holds {suit}, the suit led, and must follow suit",
        "ru": "у {holder} есть карты масти хода {suit}, поэтому нужно ходить в масть",
    },
    "refuse:must-trump": {
        "fi": "{holder} ei ole aloitusmaata mutta on valttia {suit}, joten on pelattava valttia",
        "en": "{holder} has none of the suit led but holds trumps {suit}, and must trump",
        "ru": "у {holder} нет масти хода, но есть козыри {suit}, поэтому нужно козырять",
    },
    "refuse:must-beat": {
        "fi": "{holder} on kortti, joka ylittää kortin {beat}, joten se on ylitettävä",
        "en": "{holder} can beat {beat}, and so must",
        "ru": "у {holder} есть карта, которая перебивает {beat}, поэтому перебить обязательно",
    },
    "refuse:first-trick-ace": {
        "fi": "ensimmäisessä tikissä aloitusmaan ässä {ace} on pelattava",
        "en": "in the first trick the ace of the suit led, {ace}, must be played",
        "ru": "в первой взятке нужно сыграть туза масти хода {ace}",
    },
    "refuse:opening-lead-clubs-ace": {
        "fi": "erän ensimmäinen jako aloitetaan ristiässällä",
        "en": "the first lead of an erä must be the ace of clubs",
        "ru": "первый ход эря делается трефовым тузом",
    },
    "refuse:opening-lead-ace-spade:ace": {
        "fi": "{holder} on ässä, joten jako on aloitettava ässällä",
        "en": "{holder} holds an ace, and the first lead of the deal must be an ace",
        "ru": "у {holder} есть туз, а первый ход сдачи делается тузом",
    },
    "refuse:opening-lead-ace-spade:spade": {
        "fi": "{holder} ei ole ässää, joten jako on aloitettava padalla",
        "en": "{holder} holds no ace, so the first lead of the deal must be a spade",
        "ru": "у {holder} нет туза, поэтому первый ход сдачи делается пикой",
    },
    "refuse:small-trump-lead": {
        "fi": "pikkuvaltin jälkeen on aloitettava sen maalla {suit}",
        "en": "after the small trump, the lead must be in its suit {suit}",
        "ru": "после малого козыря ходить нужно в его масть {suit}",
    },
    "refuse:not-in-hand": {
        "fi": "korttia {card} ei ole kädessä",
        "en": "{card} is not in the hand",
        "ru": "карты {card} нет на руке",
    },
    "refuse:deal-over": {
        "fi": "jako on jo päättynyt",
        "en": "the deal is over",
        "ru": "сдача уже закончена",
    },
    "refuse:wrong-game": {
        "fi": "tämä siirto ei kuulu tähän peliin",
        "en": "this action does not belong to this game",
        "ru": "такое действие не относится к этой игре",
    },
    "refuse:marriage-on-lead": {
        "fi": "mariinin voi ilmoittaa vain huutopussissa, tikin aloittajana, kun kuningas ja kuningatar ovat kädessä",
        "en": "a marriage is announced only in Huutopussi, on lead, holding both king and queen",
        "ru": "марьяж объявляют только в хуутопусси, делая ход и имея на руке короля и даму",
    },
    "refuse:declare-window:no-trick": {
        "fi": "vain juuri tikin voittanut pelaaja voi ilmoittaa",
        "en": "only the player who has just won a trick may declare",
        "ru": "объявлять может только тот, кто только что взял взятку",
    },
    "refuse:declare-window:too-early": {
        "fi": "ilmoittaa saa vasta, kun jaon {first}. tikki on voitettu",
        "en": "declarations are allowed only once trick {first} of the deal has been won",
        "ru": "объявлять можно только после того, как взята {first}-я взятка сдачи",
    },
    "refuse:declare-window:not-winner": {
        "fi": "edellisen tikin voitti toinen pelaaja",
        "en": "another player won the last trick",
        "ru": "последнюю взятку взял другой игрок",
    },
    "refuse:declare-window:trick-started": {
        "fi": "seuraava tikki on jo aloitettu",
        "en": "the next trick has already been led",
        "ru": "в следующую взятку уже сделан ход",
    },
    "refuse:declare-window:one-attempt": {
        "fi": "yhden tikin voitto antaa vain yhden ilmoitusyrityksen",
        "en": "each won trick allows one attempt only",
        "ru": "за каждую взятку можно сделать только одну попытку объявления",
    },
    "refuse:declare-own:no-marriage": {
        "fi": "{holder} ei ole sekä kuningasta että kuningatarta maasta {suit}",
        "en": "{holder} does not hold both the king and queen of {suit}",
        "ru": "у {holder} нет на руке и короля, и дамы {suit}",
    },
    "refuse:declare-own:declared": {
        "fi": "maa {suit} on jo ilmoitettu",
        "en": "{suit} has already been declared",
        "ru": "масть {suit} уже объявлена",
    },
    "refuse:burn": {
        "fi": "maan {suit} kokonainen on palanut",
        "en": "the marriage in {suit} is burned",
        "ru": "марьяж в масти {suit} сгорел",
    },
    "refuse:ask-whole:must-answer": {
        "fi": "kysymykseen vastataan totuudenmukaisesti: palamaton kokonainen on nimettävä, jos sellainen on, muuten vastaus on ei",
        "en": "the partner must answer truthfully: an unburned marriage in hand is named, otherwise the answer is no",
        "ru": "партнёр отвечает честно: называет несгоревший марьяж, если он есть, иначе «нет»",
    },
    "refuse:ask-whole:no-marriage": {
        "fi": "vastaajalla ei ole maan {suit} kuningasta ja kuningatarta",
        "en": "the answer names {suit}, but the king and queen of {suit} are not both in hand",
        "ru": "в ответе названа масть {suit}, но короля и дамы этой масти нет на руке",
    },
    "refuse:ask-whole:declared": {
        "fi": "maa {suit} on jo ilmoitettu",
        "en": "{suit} has already been declared",
        "ru": "масть {suit} уже объявлена",
    },
    "refuse:ask-whole:no-question": {
        "fi": "kukaan ei ole kysynyt mitään",
        "en": "nobody has asked anything",
        "ru": "никто ничего не спрашивал",
    },
    "refuse:ask-whole:waiting": {
        "fi": "ensin on vastattava parin kysymykseen",
        "en": "the partner's question must be answered first",
        "ru": "сначала нужно ответить на вопрос партнёра",
    },
    "refuse:ask-half:waiting": {
        "fi": "ensin on vastattava parin kysymykseen",
        "en": "the partner's question must be answered first",
        "ru": "сначала нужно ответить на вопрос партнёра",
    },
    "refuse:ask-half:no-half": {
        "fi": "puolikasta voi kysyä vain maasta, josta kysyjällä on joko kuningas tai kuningatar",
        "en": "a half marriage can be asked only in a suit where the asker holds exactly one of king and queen",
        "ru": "о половине марьяжа можно спросить, только если у спрашивающего ровно одна из двух карт: король или дама",
    },
    "refuse:ask-half:declared": {
        "fi": "maa {suit} on jo ilmoitettu",
        "en": "{suit} has already been declared",
        "ru": "масть {suit} уже объявлена",
    },
    "refuse:ask-half:truthful": {
        "fi": "puolikkaan kysymykseen vastataan totuudenmukaisesti",
        "en": "the answer to a half ask must be truthful",
        "ru": "на вопрос о половине марьяжа отвечают честно",
    },
    # ---------------------------------------------------------------- why a card is compulsory
    "forced:follow-suit": {
        "fi": "maapakko: pelaa maata {suit}",
        "en": "must follow suit {suit}",
        "ru": "нужно ходить в масть {suit}",
    },
    "forced:must-trump": {
        "fi": "valttipakko: pelaa valttia {suit}",
        "en": "must trump {suit}",
        "ru": "нужно бить козырем {suit}",
    },
    "forced:must-beat": {
        "fi": "ylimenopakko: ylitä {beat}",
        "en": "must beat {beat}",
        "ru": "нужно перебить {beat}",
    },
    "forced:first-trick-ace": {
        "fi": "ensimmäisen tikin ässäpakko: pelaa {ace}",
        "en": "must play the ace {ace} in the first trick",
        "ru": "нужно сыграть туза {ace} в первой взятке",
    },
    "forced:opening-lead-clubs-ace": {
        "fi": "erä alkaa ristiässällä",
        "en": "the erä opens with the ace of clubs",
        "ru": "эря начинается с трефового туза",
    },
    "forced:opening-lead-ace-spade:ace": {
        "fi": "jako alkaa ässällä",
        "en": "the deal opens with an ace",
        "ru": "сдача начинается с туза",
    },
    "forced:opening-lead-ace-spade:spade": {
        "fi": "jako alkaa padalla, koska ässää ei ole",
        "en": "the deal opens with a spade (no ace)",
        "ru": "сдача начинается с пики (тузов нет)",
    },
    "forced:small-trump-lead": {
        "fi": "pikkuvaltin jälkeen on aloitettava sen maalla {suit}",
        "en": "must lead the small trump's suit {suit}",
        "ru": "нужно ходить в масть малого козыря {suit}",
    },
    "free": {"fi": "vapaa valinta", "en": "free choice", "ru": "свободный выбор"},
    "last-card": {"fi": "viimeinen kortti", "en": "last card", "ru": "последняя карта"},
    "allowed": {"fi": "sallittu", "en": "allowed", "ru": "можно"},
    "refused": {"fi": "kielletty", "en": "not allowed", "ru": "нельзя"},
    # ---------------------------------------------------------------- errors
    "error:illegal": {
        "fi": "{seat} ei saa {act}: {reason} ({rule}).",
        "en": "{seat} may not {act}: {reason} ({rule}).",
        "ru": "{seat} не может {act}: {reason} ({rule}).",
    },
    # a refusal that no rule of the game names (a card not held, a deal over), or whose reason is the rule's name
    "error:illegal-plain": {
        "fi": "{seat} ei saa {act}: {reason}.",
        "en": "{seat} may not {act}: {reason}.",
        "ru": "{seat} не может {act}: {reason}.",
    },
    "act:play": {"fi": "pelata korttia {card}", "en": "play {card}", "ru": "сыграть {card}"},
    "act:declare": {"fi": "ilmoittaa maata {suit}", "en": "declare {suit}", "ru": "объявить {suit}"},
    "act:ask-whole": {"fi": "kysyä kokonaista", "en": "ask for a marriage", "ru": "спросить о марьяже"},
    "act:ask-half": {
        "fi": "kysyä puolikasta maasta {suit}",
        "en": "ask for half {suit}",
        "ru": "спросить о половине {suit}",
    },
    "act:answer": {"fi": "vastata {answer}", "en": "answer {answer}", "ru": "ответить «{answer}»"},
    "act:other": {"fi": "tehdä siirtoa {action}", "en": "do {action}", "ru": "сделать {action}"},
    "act:answer-no": {"fi": "vastata ”ei”", "en": "answer “no”", "ru": "ответить «нет»"},
    "error:bad-card": {
        "fi": "”{text}” ei ole kelvollinen {what_name}",
        "en": "“{text}” is not a valid {what_name}",
        "ru": "«{text}» — это не {what_name}",
    },
    "what:card": {
        "fi": "kortti (esim. SA, H10, ♦Q)",
        "en": "card (such as SA, H10, ♦Q)",
        "ru": "карта (например, SA, H10, ♦Q)",
    },
    "what:suit": {"fi": "maa (H, D, S, C)", "en": "suit (H, D, S, C)", "ru": "масть (H, D, S, C)"},
    "what:rank": {
        "fi": "arvo (6–10, J, Q, K, A)",
        "en": "rank (6–10, J, Q, K, A)",
        "ru": "достоинство (6–10, J, Q, K, A)",
    },
    "what:seat": {"fi": "paikka (N, E, S, W)", "en": "seat (N, E, S, W)", "ru": "место (N, E, S, W)"},
    "what:action": {"fi": "siirto", "en": "action", "ru": "действие"},
    "error:bad-rules": {
        "fi": "Tuntematon {what_name} ”{name}”; tunnetut: {known}",
        "en": "Unknown {what_name} '{name}'; known: {known}",
        "ru": "Неизвестное значение «{name}» ({what_name}); допустимо: {known}",
    },
    "what:rules": {"fi": "sääntökokoelma", "en": "rules", "ru": "правила"},
    "what:switch": {"fi": "sääntövalinta", "en": "switch", "ru": "переключатель"},
    "what:value": {"fi": "arvo", "en": "value", "ru": "значение"},
    "error:bad-record": {
        "fi": "Pelikirjaus, rivi {line}, sarake {column}: odotettiin {expected}{found_text}",
        "en": "Game record, line {line}, column {column}: expected {expected}{found_text}",
        "ru": "Запись игры, строка {line}, столбец {column}: ожидалось: {expected}{found_text}",
    },
    "found": {"fi": ", löytyi ”{found}”", "en": ", found '{found}'", "ru": ", найдено «{found}»"},
    "error:bad-deal": {
        "fi": "Kädet eivät muodosta jakoa: {problem_text}",
        "en": "The hands do not make a deal: {problem_text}",
        "ru": "Руки не составляют сдачу: {problem_text}",
    },
    "deal:missing-hand": {
        "fi": "paikalta {seat} puuttuu käsi",
        "en": "seat {seat} has no hand",
        "ru": "у места {seat} нет руки",
    },
    "deal:hand-count": {
        "fi": "{count:hands} neljän sijaan",
        "en": "{count:hands} instead of 4",
        "ru": "{count:hands} вместо 4",
    },
    "deal:hand-size": {
        "fi": "paikalla {seat} on {count:cards}, pitää olla {expected}",
        "en": "seat {seat} holds {count:cards}, not {expected}",
        "ru": "у места {seat} {count:cards}, а нужно {expected}",
    },
    "deal:card-twice": {
        "fi": "kortti {card} on jaettu kahdesti",
        "en": "{card} is dealt twice",
        "ru": "карта {card} сдана дважды",
    },
    "deal:card-not-in-pack": {
        "fi": "korttia {card} ei ole {deck_size:cards-of} pakassa",
        "en": "{card} is not in the {deck_size}-card pack",
        "ru": "карты {card} нет в колоде из {deck_size:cards-of}",
    },
    "deal:hands-text": {
        "fi": "”{text}” ei ole muotoa ”N: SA SK …”",
        "en": "'{text}' is not of the form 'N: SA SK …'",
        "ru": "«{text}» не в форме «N: SA SK …»",
    },
    "error:bad-sheet": {
        "fi": "Tallennettua pistelistaa ei voitu lukea; tallennettu teksti jää ennalleen",
        "en": "The saved score sheet could not be read; the saved text is left as it was",
        "ru": "Сохранённый лист счёта не удалось прочитать; сохранённый текст остаётся как был",
    },
    "error:error": {"fi": "Virhe: {text}", "en": "Error: {text}", "ru": "Ошибка: {text}"},
    # ---------------------------------------------------------------- score working
    "step:matti-point:matit": {
        "fi": "Matit {a}–{b}: mattipiste parille {pair}",
        "en": "Aces and tens {a}–{b}: the matti point goes to {pair}",
        "ru": "Матти {a}–{b}: очко получает пара {pair}",
    },
    "step:matti-point:pips": {
        "fi": "Matit {a}–{b} tasan, silmät {pa}–{pb}: mattipiste parille {pair}",
        "en": "Aces and tens {a}–{b} level, pips {pa}–{pb}: the matti point goes to {pair}",
        "ru": "Матти {a}–{b} поровну, глазки {pa}–{pb}: очко получает пара {pair}",
    },
    "step:matti-point:aces": {
        "fi": "Matit {a}–{b} ja silmät {pa}–{pb} tasan, ässät {aa}–{ab}: mattipiste parille {pair}",
        "en": "Aces and tens {a}–{b} and pips {pa}–{pb} level, aces {aa}–{ab}: the matti point goes to {pair}",
        "ru": "Матти {a}–{b} и глазки {pa}–{pb} поровну, тузы {aa}–{ab}: очко получает пара {pair}",
    },
    "step:matti-point:tie": {
        "fi": "Matit {a}–{b}, silmät {pa}–{pb} ja ässät {aa}–{ab} tasan: mattipistettä ei saa kukaan",
        "en": "Aces and tens {a}–{b}, pips {pa}–{pb} and aces {aa}–{ab} all level: nobody scores the matti point",
        "ru": "Матти {a}–{b}, глазки {pa}–{pb} и тузы {aa}–{ab} поровну: очко не получает никто",
    },
    "step:last-trick": {
        "fi": "Viimeinen tikki ({seat}): 1 piste parille {pair}",
        "en": "Last trick ({seat}): 1 point to {pair}",
        "ru": "Последняя взятка ({seat}): 1 очко паре {pair}",
    },
    "step:trump": {
        "fi": "Valtti {suit}: 2 pistettä parille {pair}",
        "en": "Trumps {suit}: 2 points to {pair}",
        "ru": "Козырь {suit}: 2 очка паре {pair}",
    },
    "step:small-trump": {
        "fi": "Pikkuvaltti {suit}: 1 piste parille {pair}",
        "en": "Small trump {suit}: 1 point to {pair}",
        "ru": "Малый козырь {suit}: 1 очко паре {pair}",
    },
    "step:marriage": {
        "fi": "Kokonainen {suit}: {points:points} parille {pair}",
        "en": "Marriage {suit}: {points:points} to {pair}",
        "ru": "Марьяж {suit}: {points:points} паре {pair}",
    },
    "step:cards": {
        "fi": "Korttipisteet {a}–{b}: {points:points} parille {pair}",
        "en": "Card points {a}–{b}: {points:points} to {pair}",
        "ru": "Очки за карты {a}–{b}: {points:points} паре {pair}",
    },
    "step:cards-tie": {
        "fi": "Korttipisteet {a}–{b} tasan: kukaan ei saa pistettä{carry_text}",
        "en": "Card points {a}–{b} level: nobody scores{carry_text}",
        "ru": "Очки за карты {a}–{b} поровну: очка не получает никто{carry_text}",
    },
    "carry": {
        "fi": " ({n:points} siirtyy seuraavaan jakoon)",
        "en": " ({n:points} carried to the next deal)",
        "ru": " (в следующую сдачу переносится {n:points})",
    },
    "step:era-total": {
        "fi": "{pair}: {before} + {points} = {sum}",
        "en": "{pair}: {before} + {points} = {sum}",
        "ru": "{pair}: {before} + {points} = {sum}",
    },
    "step:era-total:bust": {
        "fi": "{pair}: {sum} on yli tavoitteen, tulos putoaa {bust_to} pisteeseen",
        "en": "{pair}: {sum} passes the target, so the total drops to {bust_to}",
        "ru": "{pair}: {sum} больше цели, счёт падает до {bust_to}",
    },
    "step:era-total:target": {
        "fi": "{pair} on tasan {target}: erä on voitettu",
        "en": "{pair} is on exactly {target}: the erä is won",
        "ru": "У пары {pair} ровно {target}: эря выиграно",
    },
    "step:era-total:target-or-more": {
        "fi": "{pair}: {total} eli vähintään {target}, erä on voitettu",
        "en": "{pair} has {total}, at least {target}: the erä is won",
        "ru": "У пары {pair} {total}, то есть не меньше {target}: эря выиграно",
    },
    # Pagat has no erä: its target ends the game
    "step:pagat-target:target": {
        "fi": "{pair} on tasan {target}: peli on voitettu",
        "en": "{pair} is on exactly {target}: the game is won",
        "ru": "У пары {pair} ровно {target}: игра выиграна",
    },
    "step:pagat-target:target-or-more": {
        "fi": "{pair}: {total} eli vähintään {target}, peli on voitettu",
        "en": "{pair} has {total}, at least {target}: the game is won",
        "ru": "У пары {pair} {total}, то есть не меньше {target}: игра выиграна",
    },
    "label:game-totals": {"fi": "Pelipisteet", "en": "Game points", "ru": "Игровые очки"},
    "step:era-total:both-on-target": {
        "fi": "Molemmat parit ovat tavoitteessa: molemmat palaavat {to} pisteeseen",
        "en": "Both pairs are on the target: both go back to {to}",
        "ru": "Обе пары достигли цели: обе возвращаются к {to}",
    },
    "step:tie": {
        "fi": "Molemmat parit ovat tavoitteessa samassa jaossa: tasapeli",
        "en": "Both pairs reach the target in the same deal: a tie",
        "ru": "Обе пары достигли цели в одной сдаче: ничья",
    },
    "step:porvoo:no-trick": {
        "fi": "{pair} ei saanut yhtään tikkiä: Porvoo, pisteet nollaan",
        "en": "{pair} won no trick: Porvoo, the total goes to 0",
        "ru": "Пара {pair} не взяла ни одной взятки: Порвоо, счёт обнуляется",
    },
    "step:porvoo:misplay": {
        "fi": "{pair} teki pelivirheen: Porvoo, pisteet nollaan",
        "en": "{pair} misplayed: Porvoo, the total goes to 0",
        "ru": "Пара {pair} допустила ошибку: Порвоо, счёт обнуляется",
    },
    "step:misplay": {
        "fi": "{pair}: jaon pisteet ({discarded:points}) mitätöidään pelivirheen vuoksi",
        "en": "{pair}: the deal's {discarded:points} are discarded for the misplay",
        "ru": "{pair}: очки за сдачу ({discarded:points}) аннулируются из-за ошибки",
    },
    "step:misplay:third": {
        "fi": "{pair}: kolmas pelivirhe, peli on hävitty",
        "en": "{pair}: third misplay, the game is lost",
        "ru": "{pair}: третья ошибка, игра проиграна",
    },
    "step:contract-made": {
        "fi": "Huuto {bid} lunastettiin: {pair} saa {points}",
        "en": "Bid {bid} made: {pair} scores {points}",
        "ru": "Заказ {bid} выполнен: {pair} получает {points}",
    },
    "step:contract-failed": {
        "fi": "Huuto {bid} jäi lunastamatta ({collected}): {pair} saa {points}",
        "en": "Bid {bid} failed ({collected} collected): {pair} scores {points}",
        "ru": "Заказ {bid} не выполнен (набрано {collected}): {pair} получает {points}",
    },
    "step:defenders": {
        "fi": "Puolustajat {pair} saavat keräämänsä {points}",
        "en": "Defenders {pair} score what they collected, {points}",
        "ru": "Защитники {pair} получают набранные {points}",
    },
    "step:molotov": {
        "fi": "Molotov: {pair} voitti kaikki tikit, bonus {points}",
        "en": "Molotov: {pair} won every trick, bonus {points}",
        "ru": "«Молотов» — все взятки у одной стороны: {pair}, бонус {points}",
    },
    "step:huutopussi-game": {
        "fi": "{pair} saavutti {target}: peli on voitettu",
        "en": "{pair} reached {target}: the game is won",
        "ru": "Цель {target} достигнута: {pair}, игра выиграна",
    },
    # ---------------------------------------------------------------- labels
    "label:trick": {"fi": "Tikki", "en": "Trick", "ru": "Взятка"},
    "call:pass": {"fi": "passi", "en": "pass", "ru": "пас"},
    "label:auction": {"fi": "Huutovaihe", "en": "Bidding", "ru": "Торговля"},
    "label:table": {"fi": "Pöydässä", "en": "On the table", "ru": "На столе"},
    "label:trump": {"fi": "Valtti", "en": "Trumps", "ru": "Козырь"},
    "label:none": {"fi": "ei vielä", "en": "none yet", "ru": "ещё нет"},
    "label:winner": {"fi": "voittaja", "en": "winner", "ru": "берёт"},
    "label:to-act": {"fi": "Vuorossa", "en": "To act", "ru": "Ходит"},
    "label:points": {"fi": "Pisteet", "en": "Points", "ru": "Очки"},
    "label:deal-points": {"fi": "Jaon pisteet", "en": "Deal points", "ru": "Очки за сдачу"},
    "label:totals": {"fi": "Eräpisteet", "en": "Erä totals", "ru": "Счёт эря"},
    "label:legal": {"fi": "Sallitut siirrot", "en": "Legal actions", "ru": "Допустимые действия"},
    "label:record-ok": {
        "fi": "Kirjaus on kelvollinen",
        "en": "The record is valid",
        "ru": "Запись корректна",
    },
    "label:deal": {"fi": "Jako", "en": "Deal", "ru": "Сдача"},
    "label:dealer": {"fi": "jakaja", "en": "dealer", "ru": "сдаёт"},
    "label:leader": {"fi": "aloittaja", "en": "leader", "ru": "первый ход"},
    "label:hands": {"fi": "Kädet", "en": "Hands", "ru": "Руки"},
    "label:declaration": {"fi": "Ilmoitus", "en": "Declaration", "ru": "Объявление"},
    "label:answer": {"fi": "vastaus", "en": "answer", "ru": "ответ"},
    "label:burned": {"fi": "palaa", "en": "burns", "ru": "сгорает"},
    "label:game-winner": {"fi": "Pelin voittaja", "en": "Game won by", "ru": "Игру выиграла пара"},
    "label:era-winner": {"fi": "Erän voittaja", "en": "Erä won by", "ru": "Эря выиграла пара"},
    "game-level": {
        "fi": "{sides} ovat tasoissa yli tavoitteen ({total:points}): peli jatkuu, ja seuraava jako ratkaisee sen.",
        "en": "{sides} are level past the target ({total:points}): the game goes on, and another deal decides it.",
        "ru": "{sides}: счёт равный и выше цели ({total:points}). Игра продолжается, её решит следующая сдача.",
    },
    "list:and": {"fi": "{first} ja {last}", "en": "{first} and {last}", "ru": "{first} и {last}"},
    "label:bid": {"fi": "Huuto", "en": "Bid", "ru": "Заказ"},
    "label:rules": {"fi": "Säännöt", "en": "Rules", "ru": "Правила"},
    "label:switches": {"fi": "Valinnat", "en": "Switches", "ru": "Переключатели"},
    "label:presets": {"fi": "Valmiit sääntökokoelmat", "en": "Presets", "ru": "Готовые наборы правил"},
    "label:comment": {"fi": "Kommentti", "en": "Comment", "ru": "Комментарий"},
    "label:trick-no": {"fi": "tikki {n}", "en": "trick {n}", "ru": "взятка {n}"},
    "label:illegal-in-record": {
        "fi": "Kirjauksen {deal}. jaon {trick}. tikissä on kielletty siirto",
        "en": "Deal {deal} of the record, trick {trick}: an illegal action",
        "ru": "Сдача {deal} записи, взятка {trick}: недопустимое действие",
    },
    "decl:own": {
        "fi": "{seat} ilmoittaa oman kokonaisen: {suit}",
        "en": "{seat} declares a marriage: {suit}",
        "ru": "{seat} объявляет марьяж: {suit}",
    },
    "decl:whole-yes": {
        "fi": "{seat} kysyy kokonaista; pari vastaa {suit}",
        "en": "{seat} asks for a marriage; the partner answers {suit}",
        "ru": "{seat} спрашивает о марьяже; партнёр отвечает: {suit}",
    },
    "decl:whole-no": {
        "fi": "{seat} kysyy kokonaista; pari vastaa ei",
        "en": "{seat} asks for a marriage; the partner answers no",
        "ru": "{seat} спрашивает о марьяже; партнёр отвечает «нет»",
    },
    "decl:half-yes": {
        "fi": "{seat} kysyy puolikasta maasta {asked}; vastaus kyllä",
        "en": "{seat} asks for half {asked}; the answer is yes",
        "ru": "{seat} спрашивает о половине {asked}; ответ «да»",
    },
    "decl:half-no": {
        "fi": "{seat} kysyy puolikasta maasta {asked}; vastaus ei",
        "en": "{seat} asks for half {asked}; the answer is no",
        "ru": "{seat} спрашивает о половине {asked}; ответ «нет»",
    },
    "kind:trump": {"fi": "valtti", "en": "trumps", "ru": "козырь"},
    "kind:small-trump": {"fi": "pikkuvaltti", "en": "small trump", "ru": "малый козырь"},
    # ---------------------------------------------------------------- rules switches
    "switch:players": {
        "fi": "pelaajien määrä: 4 pareittain tai 3 yksin (vain huutopussi)",
        "en": "number of players: 4 in pairs, or 3 each for himself (Huutopussi only)",
        "ru": "число игроков: 4 парами или 3 каждый за себя (только хуутопусси)",
    },
    "switch:deck_size": {
        "fi": "pakan koko: 36, 32 (ei kuutosia) tai 28 (ei kuutosia eikä seitsikkoja)",
        "en": "pack size: 36, 32 (no sixes) or 28 (no sixes or sevens)",
        "ru": "размер колоды: 36, 32 (без шестёрок) или 28 (без шестёрок и семёрок)",
    },
    "switch:scoring": {
        "fi": "pistelasku: guild (matit), pagat (korttipisteet), huutopussi (huuto) tai marriage (tasan sitoumus)",
        "en": "scoring: guild (matit), pagat (card points), huutopussi (contract) or marriage (exactly the contract)",
        "ru": "подсчёт: guild (матти), pagat (очки за карты), huutopussi (заказ) или marriage (очки ровно по заказу)",
    },
    "switch:card_values": {
        "fi": "korttien arvot: original (120) tai simplified (140)",
        "en": "card values: original (120 in the pack) or simplified (140)",
        "ru": "стоимость карт: original (120 в колоде) или simplified (140)",
    },
    "switch:opening_lead": {
        "fi": "kuka aloittaa jaon: ristiässän haltija joka erässä, jakajan vasen naapuri, ristiässä vain ensimmäisessä jaossa tai huudon voittaja",
        "en": "who leads a deal: the ace of clubs holder in every erä, the dealer's left, the ace of clubs in the first deal only, or the bid winner",
        "ru": "кто ходит первым: владелец трефового туза в каждом эря, сосед слева от сдающего, трефовый туз только в первой сдаче или победитель торговли",
    },
    "switch:ace_spade_lead": {
        "fi": "jaon ensimmäinen kortti ässä, muuten pata: myöhemmissä jaoissa, joka jaossa tai ei koskaan",
        "en": "first lead an ace, else a spade: in later deals, in every deal, or never",
        "ru": "первый ход тузом, иначе пикой: в последующих сдачах, в каждой сдаче или никогда",
    },
    "switch:first_trick_ace": {
        "fi": "ensimmäisessä tikissä aloitusmaan ässä on pelattava",
        "en": "the ace of the suit led must be played in the first trick",
        "ru": "в первой взятке нужно сыграть туза масти хода",
    },
    "switch:must_beat": {
        "fi": "ylimenopakko: tikin senhetkinen voittokortti on ylitettävä, jos voi",
        "en": "must beat: beat the card winning so far when able",
        "ru": "обязанность перебить карту, которая пока берёт взятку",
    },
    "switch:declare_from_trick": {
        "fi": "ensimmäinen ilmoitus: jaon monennenko tikin jälkeen (tikin numero jaossa, ei pelaajan voittamien tikkien määrä)",
        "en": "first declaration: after which trick of the deal (its number in the deal, not how many tricks the player has won)",
        "ru": "первое объявление: после какой взятки сдачи (номер взятки в сдаче, а не число взятых игроком взяток)",
    },
    "switch:small_trump_lead": {
        "fi": "pikkuvaltin jälkeen aloitetaan sen maalla",
        "en": "after a small trump its suit must be led if held",
        "ru": "после малого козыря ходят в его масть, если она есть",
    },
    "switch:target": {
        "fi": "tavoitepistemäärä (kilta 12, pagat 10)",
        "en": "the target total (guild 12, pagat 10)",
        "ru": "целевой счёт (гильдия 12, pagat 10)",
    },
    "switch:bust_to": {
        "fi": "pistemäärä, johon tavoitteen ylittänyt putoaa",
        "en": "the total a pair drops to when it passes the target",
        "ru": "счёт, до которого падает пара, превысившая цель",
    },
    "switch:target_or_more": {
        "fi": "tavoite tai enemmän voittaa (ei pudotusta)",
        "en": "the target or more wins (no drop)",
        "ru": "победа при цели или больше (без отката)",
    },
    "switch:both_on_target": {
        "fi": "molemmat tavoitteessa: molemmat putoavat tai tasapeli",
        "en": "both on the target: both drop, or a tie",
        "ru": "обе пары на цели: обе откатываются или ничья",
    },
    "switch:eras_to_win": {
        "fi": "pelin voittoon tarvittavat erävoitot",
        "en": "erä wins needed to win the game",
        "ru": "сколько эря нужно выиграть для победы",
    },
    "switch:carry_card_tie": {
        "fi": "korttipisteiden tasapelin piste siirtyy seuraavaan jakoon",
        "en": "a card-point tie carries its game point to the next deal",
        "ru": "при равенстве очков за карты очко переходит в следующую сдачу",
    },
    "switch:min_bid": {
        "fi": "alin huuto (56, 60 tai 65; kokonaisvalteilla 50, 60 tai 40)",
        "en": "the lowest bid (56, 60 or 65; with marriage trumps 50, 60 or 40)",
        "ru": "минимальный заказ (56, 60 или 65; с козырем от марьяжа 50, 60 или 40)",
    },
    "switch:bid_step": {
        "fi": "huudon korotusaskel (1 tai 5)",
        "en": "the bidding step (1 or 5)",
        "ru": "шаг торговли (1 или 5)",
    },
    "switch:all_pass": {
        "fi": "kaikki passaavat: uusjako tai peli ilman valttia (kokonaisvalteilla: viimeisen on huudettava, tai peli ilman sitoumusta)",
        "en": "all pass: redeal, or play with no trump (with marriage trumps: the last must bid, or play without a contract)",
        "ru": "все пасуют: пересдача или игра без козыря (с козырем от марьяжа: последний обязан заказать, или игра без заказа)",
    },
    "switch:trump_with_bid": {
        "fi": "valttimaa ilmoitetaan huudon yhteydessä",
        "en": "trump is named with the bid",
        "ru": "козырь называют вместе с заказом",
    },
    "switch:double_penalty": {
        "fi": "epäonnistunut huuto maksaa kaksinkertaisesti",
        "en": "a failed bid costs twice the bid",
        "ru": "невыполненный заказ стоит вдвое",
    },
    "switch:game_to": {
        "fi": "pelin pistetavoite (huutopussi)",
        "en": "the game's target (Huutopussi)",
        "ru": "цель игры в очках (хуутопусси)",
    },
    "switch:molotov_bonus": {
        "fi": "lisäpisteet kaikista tikeistä (0 = ei lisäpisteitä)",
        "en": "bonus for taking every trick (0: none)",
        "ru": "бонус за все взятки (0 — нет)",
    },
    "switch:four_aces": {
        "fi": "neljä ässää: uusjako tai bonus",
        "en": "four aces in one hand: redeal, or a bonus",
        "ru": "четыре туза на руке: пересдача или бонус",
    },
    "switch:four_aces_bonus": {
        "fi": "neljän ässän bonus",
        "en": "the four-aces bonus",
        "ru": "бонус за четыре туза",
    },
    # ---------------------------------------------------------------- a changed switch, as readers see it
    # (``ruleset_name``): the switch's name, then its value in words, never its code
    "switch-name:players": {"fi": "pelaajia", "en": "players", "ru": "игроков"},
    "switch-name:deck_size": {"fi": "pakan koko", "en": "pack size", "ru": "карт в колоде"},
    "switch-name:scoring": {"fi": "pisteet", "en": "scoring", "ru": "подсчёт очков"},
    "switch-name:card_values": {"fi": "korttien arvot", "en": "card values", "ru": "стоимость карт"},
    "switch-name:opening_lead": {"fi": "jaon aloittaja", "en": "who leads a deal", "ru": "кто ходит первым в сдаче"},
    "switch-name:ace_spade_lead": {"fi": "aloitus ässällä tai padalla", "en": "first lead an ace or a spade", "ru": "первый ход тузом или пикой"},
    "switch-name:first_trick_ace": {"fi": "ässäpakko ensimmäisessä tikissä", "en": "the ace in the first trick", "ru": "туз в первой взятке"},
    "switch-name:must_beat": {"fi": "ylimenopakko", "en": "must beat", "ru": "обязанность перебить"},
    "switch-name:declare_from_trick": {"fi": "ensimmäinen ilmoitus tikin jälkeen", "en": "first declaration after trick", "ru": "первое объявление после взятки"},
    "switch-name:small_trump_lead": {"fi": "aloitus pikkuvaltin maalla", "en": "leading the small trump's suit", "ru": "ход в масть малого козыря"},
    "switch-name:target": {"fi": "tavoite", "en": "target", "ru": "цель"},
    "switch-name:bust_to": {"fi": "tulos ylityksen jälkeen", "en": "total after passing the target", "ru": "счёт после перебора"},
    "switch-name:target_or_more": {"fi": "tavoite tai yli voittaa", "en": "the target or more wins", "ru": "цель или больше — победа"},
    "switch-name:both_on_target": {"fi": "molemmat tavoitteessa", "en": "both on the target", "ru": "обе пары на цели"},
    "switch-name:eras_to_win": {"fi": "erävoittoja peliin", "en": "erä wins for the game", "ru": "эря для победы в игре"},
    "switch-name:carry_card_tie": {"fi": "tasapelin piste siirtyy", "en": "a tie carries its point", "ru": "ничья переносит очко"},
    "switch-name:min_bid": {"fi": "alin huuto", "en": "lowest bid", "ru": "минимальный заказ"},
    "switch-name:bid_step": {"fi": "huudon korotus", "en": "bidding step", "ru": "шаг торговли"},
    "switch-name:all_pass": {"fi": "kun kaikki passaavat", "en": "when all pass", "ru": "если все пасуют"},
    "switch-name:trump_with_bid": {"fi": "valtti huudon yhteydessä", "en": "trumps named with the bid", "ru": "козырь вместе с заказом"},
    "switch-name:double_penalty": {"fi": "kaksinkertainen miinus", "en": "double penalty", "ru": "двойной штраф"},
    "switch-name:game_to": {"fi": "peli päättyy pisteisiin", "en": "game to", "ru": "игра до"},
    "switch-name:molotov_bonus": {"fi": "molotovin lisäpisteet", "en": "Molotov bonus", "ru": "премия за «Молотов»"},
    "switch-name:four_aces": {"fi": "neljä ässää", "en": "four aces", "ru": "четыре туза"},
    "switch-name:four_aces_bonus": {"fi": "neljän ässän lisäpisteet", "en": "four-aces bonus", "ru": "бонус за четыре туза"},
    "switch-value:scoring:guild": {"fi": "killan tapaan (matit)", "en": "the guild's way (aces and tens)", "ru": "по правилам гильдии (матти)"},
    "switch-value:scoring:pagat": {"fi": "korttipisteillä", "en": "by card points", "ru": "по очкам за карты"},
    "switch-value:scoring:huutopussi": {"fi": "huudon mukaan", "en": "by the contract", "ru": "по заказу"},
    "switch-value:card_values:original": {"fi": "alkuperäiset (120)", "en": "original (120 in the pack)", "ru": "исходная (120 в колоде)"},
    "switch-value:card_values:simplified": {"fi": "yksinkertaistetut (140)", "en": "simplified (140 in the pack)", "ru": "упрощённая (140 в колоде)"},
    "switch-value:opening_lead:clubs-ace-each-era": {"fi": "ristiässän haltija erän ensimmäisessä jaossa", "en": "the holder of the ace of clubs in an erä's first deal", "ru": "владелец туза треф в первой сдаче эря"},
    "switch-value:opening_lead:dealer-left": {"fi": "jakajan vasen naapuri", "en": "the dealer's left-hand neighbour", "ru": "сосед сдающего слева"},
    "switch-value:opening_lead:clubs-ace-first-deal": {"fi": "ristiässän haltija vain ensimmäisessä jaossa", "en": "the holder of the ace of clubs in the first deal only", "ru": "владелец туза треф только в первой сдаче"},
    "switch-value:opening_lead:bid-winner": {"fi": "huudon voittaja", "en": "the bid winner", "ru": "победитель торговли"},
    "switch-value:ace_spade_lead:later-deals": {"fi": "myöhemmissä jaoissa", "en": "in later deals", "ru": "в последующих сдачах"},
    "switch-value:ace_spade_lead:every-deal": {"fi": "joka jaossa", "en": "in every deal", "ru": "в каждой сдаче"},
    "switch-value:ace_spade_lead:never": {"fi": "ei koskaan", "en": "never", "ru": "никогда"},
    "switch-value:both_on_target:both-to-bust": {"fi": "molemmat putoavat", "en": "both drop back", "ru": "обе откатываются"},
    "switch-value:both_on_target:tie": {"fi": "tasapeli", "en": "a tie", "ru": "ничья"},
    "switch-value:all_pass:redeal": {"fi": "uusjako", "en": "a redeal", "ru": "пересдача"},
    "switch-value:all_pass:no-trump": {"fi": "peli ilman valttia", "en": "play with no trump", "ru": "игра без козыря"},
    "switch-value:four_aces:redeal": {"fi": "uusjako", "en": "a redeal", "ru": "пересдача"},
    "switch-value:four_aces:bonus": {"fi": "lisäpisteet", "en": "a bonus", "ru": "бонус"},
    "switch-change": {"fi": "{name}: {value}", "en": "{name}: {value}", "ru": "{name}: {value}"},
    # ---------------------------------------------------------------- Huutopussi
    "refuse:bidding:too-low": {
        "fi": "alin sallittu huuto on {min}",
        "en": "the lowest bid allowed is {min}",
        "ru": "минимальный заказ — {min}",
    },
    "refuse:bidding:not-higher": {
        "fi": "huudon on oltava suurempi kuin edellinen ({high})",
        "en": "a bid must be higher than the last one ({high})",
        "ru": "заказ должен быть больше предыдущего ({high})",
    },
    "refuse:bidding:too-high": {
        "fi": "jaossa ei ole niin paljon pisteitä (enintään 230)",
        "en": "a deal does not hold that many points (230 at most)",
        "ru": "в сдаче нет столько очков (не больше 230)",
    },
    "refuse:bidding:step": {
        "fi": "huudot nousevat {step:points} kerrallaan",
        "en": "bids go up in steps of {step}",
        "ru": "заказы растут шагами по {step}",
    },
    "refuse:bidding:auction": {
        "fi": "nyt on huutovaihe: vain huuto tai passi käy",
        "en": "the bidding is on: only a bid or a pass will do",
        "ru": "идёт торговля: можно только заказать или спасовать",
    },
    "refuse:bidding:auction-over": {
        "fi": "huutovaihe on jo ohi",
        "en": "the bidding is over",
        "ru": "торговля уже закончена",
    },
    "refuse:huutopussi-trump:name-with-bid": {
        "fi": "näissä säännöissä valttimaa ilmoitetaan huudon yhteydessä",
        "en": "under these rules trumps are named with the bid",
        "ru": "по этим правилам козырь называют вместе с заказом",
    },
    "refuse:huutopussi-trump:name-after": {
        "fi": "valttimaa valitaan vasta huudon voitettua",
        "en": "trumps are named only after winning the bidding",
        "ru": "козырь называют только после выигрыша торговли",
    },
    "refuse:huutopussi-trump:name-trump": {
        "fi": "huudon voittajan on ensin valittava valttimaa",
        "en": "the bid winner must name trumps first",
        "ru": "победитель торговли сначала называет козырь",
    },
    "refuse:huutopussi-redeal:too-late": {
        "fi": "uusjakoa pyydetään ennen omaa ensimmäistä huutoa",
        "en": "a redeal is asked for before one's first call",
        "ru": "пересдачу просят до своего первого слова в торговле",
    },
    "refuse:huutopussi-redeal:not-eligible": {
        "fi": "uusjakoon oikeuttaa vain neljä ässää tai käsi ilman pistekortteja",
        "en": "only four aces or a hand with no counting card allow a redeal",
        "ru": "пересдачу дают только четыре туза или рука без очковых карт",
    },
    "refuse:huutopussi-three:discard-first": {
        "fi": "talon ottanut pelaaja poistaa ensin kolme korttia",
        "en": "the player who took the talon discards three cards first",
        "ru": "взявший прикуп сначала сбрасывает три карты",
    },
    "refuse:huutopussi-three:three-own-cards": {
        "fi": "poistettavia kortteja on oltava täsmälleen kolme, ja niiden on oltava omasta kädestä",
        "en": "exactly three cards must be discarded, all from the player's own hand",
        "ru": "сбросить нужно ровно три карты, и все со своей руки",
    },
    "refuse:marriage-on-lead:not-leading": {
        "fi": "pelaaja, joka ei avaa tikkiä, ei saa ilmoittaa mariinia",
        "en": "only the player leading to a trick may announce a marriage",
        "ru": "марьяж объявляет только тот, кто делает первый ход во взятку",
    },
    "refuse:marriage-on-lead:no-marriage": {
        "fi": "mariiniin tarvitaan saman maan kuningas ja kuningatar, ja tikki aloitetaan toisella niistä",
        "en": "a marriage needs the king and queen of one suit, leading one of them",
        "ru": "для марьяжа нужны король и дама одной масти, и ход одной из них",
    },
    "step:hp-cards": {
        "fi": "{pair}: korttipisteet {cards}",
        "en": "{pair}: card points {cards}",
        "ru": "{pair}: очки за карты {cards}",
    },
    "step:hp-last-trick": {
        "fi": "Viimeinen tikki ({seat}): 10 pistettä, {pair}",
        "en": "Last trick ({seat}): 10 points to {pair}",
        "ru": "Последняя взятка ({seat}): 10 очков, {pair}",
    },
    "step:hp-marriage": {
        "fi": "{seat} ilmoitti mariinin {suit}: {points:points}, {pair}",
        "en": "{seat} announced a marriage {suit}: {points:points} to {pair}",
        "ru": "{seat} объявляет марьяж {suit}: {points:points}, {pair}",
    },
    "step:hp-marriage-void": {
        "fi": "{seat} ilmoitti mariinin {suit}, mutta pari ei saanut tikkiä: 0",
        "en": "{seat} announced a marriage {suit}, but the side took no trick: 0",
        "ru": "{seat} объявляет марьяж {suit}, но его сторона не взяла ни одной взятки: 0",
    },
    "step:hp-no-contract": {
        "fi": "Kukaan ei huutanut: pelattiin ilman valttia, kumpikin saa keräämänsä",
        "en": "Nobody bid: played with no trump, each side scores what it took",
        "ru": "Заказа не было: игра без козыря, каждая сторона получает набранное",
    },
    "step:hp-redeal:four-aces": {
        "fi": "Neljä ässää samassa kädessä: uusjako",
        "en": "Four aces in one hand: redeal",
        "ru": "Четыре туза на одной руке: пересдача",
    },
    "step:hp-redeal:no-counting-card": {
        "fi": "Käsi ilman pistekortteja: uusjako",
        "en": "A hand with no counting card: redeal",
        "ru": "Рука без очковых карт: пересдача",
    },
    "step:hp-redeal:all-pass": {
        "fi": "Kaikki passasivat: uusjako, seuraava jakaja jakaa",
        "en": "Everyone passed: redeal by the next dealer",
        "ru": "Все спасовали: пересдача, сдаёт следующий",
    },
    "step:hp-redeal:four-aces-bonus": {
        "fi": "Neljän ässän bonus: {points}, {pair}",
        "en": "Four-aces bonus: {points} to {pair}",
        "ru": "Бонус за четыре туза: {points}, {pair}",
    },
    "act:bid": {"fi": "huutaa {points}", "en": "bid {points}", "ru": "заказать {points}"},
    "act:pass": {"fi": "passata", "en": "pass", "ru": "спасовать"},
    "act:trump": {"fi": "valita valttimaaksi maata {suit}", "en": "name {suit} trumps", "ru": "назначить козырем {suit}"},
    "act:discard": {"fi": "poistaa kortteja {cards}", "en": "discard {cards}", "ru": "сбросить {cards}"},
    "act:redeal": {"fi": "pyytää uusjakoa", "en": "ask for a redeal", "ru": "попросить пересдачу"},
    "deal:wrong-family": {
        "fi": "säännöt {rules} eivät ole huutopussia",
        "en": "the rules {rules} are not Huutopussi",
        "ru": "правила {rules} — не хуутопусси",
    },
    "deal:talon-four": {
        "fi": "neljän pelaajan huutopussissa ei ole taloa",
        "en": "four-player Huutopussi has no talon",
        "ru": "в хуутопусси вчетвером прикупа нет",
    },
    "deal:talon": {
        "fi": "talossa on oltava kolme korttia, joita ei ole jaettu käsiin",
        "en": "the talon must be the three cards not dealt to the hands",
        "ru": "прикуп — это три карты, не сданные на руки",
    },
    # ---------------------------------------------------------------- record flow
    "label:at": {
        "fi": "rivi {line}, sarake {column}",
        "en": "line {line}, column {column}",
        "ru": "строка {line}, столбец {column}",
    },
    "error:dealer-rotation:dealer": {
        "fi": "{seat} on merkitty jakajaksi, mutta kierron mukaan jakaja on {expected} ({rule})",
        "en": "{seat} is written as the dealer, but by the rotation the dealer is {expected} ({rule})",
        "ru": "сдающим записан {seat}, но по очереди сдаёт {expected} ({rule})",
    },
    "error:dealer-rotation:opening": {
        "fi": "jaon Opening-merkintä ei vastaa pisteitä: erän ensimmäinen jako = {expected_text} ({rule})",
        "en": "the deal's Opening tag does not match the scores: first deal of an erä = {expected_text} ({rule})",
        "ru": "отметка Opening не соответствует счёту: первая сдача эря = {expected_text} ({rule})",
    },
    "error:deal-over:unfinished": {
        "fi": "jako päättyy kesken, mutta kirjauksessa on sen jälkeen vielä jako; vain viimeinen jako voi jäädä kesken",
        "en": "this deal stops before its last trick, yet another deal follows; only the last deal may stop early",
        "ru": "сдача обрывается до последней взятки, но за ней следует ещё одна; недоигранной может быть только последняя",
    },
    "yes": {"fi": "kyllä", "en": "yes", "ru": "да"},
    "no": {"fi": "ei", "en": "no", "ru": "нет"},
    "act:no-trump": {"fi": "pelata ilman valttia", "en": "play without trumps", "ru": "играть без козыря"},
    # ---------------------------------------------------------------- issue 9: engine fixes
    "error:rules-conflict:huutopussi-only": {
        "fi": "Sääntövalinta {name} kuuluu huutopussiin, eikä sitä voi käyttää marjapussin säännöissä",
        "en": "The switch {name} belongs to Huutopussi and cannot be used with the Marjapussi rules",
        "ru": "Переключатель {name} относится к хуутопусси, в правилах марьяпусси его использовать нельзя",
    },
    "error:rules-conflict:marjapussi-only": {
        "fi": "Sääntövalinta {name} kuuluu marjapussiin, eikä sitä voi käyttää huutopussin säännöissä",
        "en": "The switch {name} belongs to Marjapussi and cannot be used with the Huutopussi rules",
        "ru": "Переключатель {name} относится к марьяпусси, в правилах хуутопусси его использовать нельзя",
    },
    "error:rules-conflict:hp-scoring": {
        "fi": "Sääntövalinta {name} ei sovi huutopussiin: huutopussi lasketaan aina huutopussin tavalla",
        "en": "The switch {name} does not fit Huutopussi: a Huutopussi deal is always scored as Huutopussi",
        "ru": "Переключатель {name} не подходит к хуутопусси: сдача хуутопусси всегда считается по его правилам",
    },
    "error:rules-conflict:pagat-only": {
        "fi": "Sääntövalinta {name} koskee vain korttipisteillä laskemista (scoring=pagat), ei killan laskutapaa",
        "en": "The switch {name} applies only to scoring by card points (scoring=pagat), not to the guild scoring",
        "ru": "Переключатель {name} действует только при подсчёте по очкам за карты (scoring=pagat), а не по правилам гильдии",
    },
    "error:rules-conflict:bust-below-target": {
        "fi": "Sääntövalinta {name} ei käy: pisteiden, joihin ylittänyt pari putoaa, on oltava tavoitetta pienemmät",
        "en": "The switch {name} cannot be used: the total a pair falls back to must be below the target",
        "ru": "Переключатель {name} недопустим: сумма, до которой падает пара, должна быть меньше цели",
    },
    "error:rules-conflict:declare-in-deal": {
        "fi": "Sääntövalinta {name} ei käy: ilmoittamisen on alettava ennen jaon viimeistä tikkiä",
        "en": "The switch {name} cannot be used: declaring must open before the last trick of the deal",
        "ru": "Переключатель {name} недопустим: первое объявление должно быть возможно раньше последней взятки сдачи",
    },
    "error:bad-rules-type": {
        "fi": "Sääntövalinnan {name} arvon on oltava tyyppiä {known}, ei {found}",
        "en": "The switch {name} takes a value of type {known}, not {found}",
        "ru": "Переключатель {name} принимает значение типа {known}, а не {found}",
    },
    "refuse:declare-window:huutopussi": {
        "fi": "huutopussissa mariinia ei ilmoiteta tikin jälkeen, vaan se näytetään aloittamalla tikki sen kortilla",
        "en": "in Huutopussi a marriage is not declared after a trick: it is shown by leading one of its cards",
        "ru": "в хуутопусси марьяж не объявляют после взятки: его показывают, делая ход одной из его карт",
    },
    "label:error-in-deal": {
        "fi": "Kirjauksen {deal}. jako ei kelpaa",
        "en": "Deal {deal} of the record is not valid",
        "ru": "Сдача {deal} записи недопустима",
    },
    "refuse:huutopussi-redeal:after-bid": {
        "fi": "neljä ässää on ilmoitettava ennen jaon ensimmäistä huutoa",
        "en": "four aces must be shown before the first bid of the deal",
        "ru": "четыре туза нужно показать до первого заказа в сдаче",
    },
    "error:bad-sheet:not-json": {
        "fi": "Tallennettua pistelistaa ei voitu lukea: teksti ei ole JSON-muotoista tai siinä on lukuja, joita lista ei käytä. Tallennettu teksti jää ennalleen.",
        "en": "The saved score sheet could not be read: the text is not JSON, or it holds numbers a sheet never uses. The saved text is left as it was.",
        "ru": "Сохранённый лист счёта не удалось прочитать: текст не в формате JSON или содержит числа, которых в листе не бывает. Сохранённый текст остаётся как был.",
    },
    "error:bad-sheet:format": {
        "fi": "Tallennettua pistelistaa ei voitu lukea: teksti ei ole tämän ohjelman tallentama pistelista. Tallennettu teksti jää ennalleen.",
        "en": "The saved score sheet could not be read: the text is not a score sheet saved by this program. The saved text is left as it was.",
        "ru": "Сохранённый лист счёта не удалось прочитать: это не лист счёта, сохранённый этой программой. Сохранённый текст остаётся как был.",
    },
    "error:bad-sheet:rules": {
        "fi": "Tallennettua pistelistaa ei voitu lukea: sen säännöt eivät kelpaa marjapussin pistelistalle. Tallennettu teksti jää ennalleen.",
        "en": "The saved score sheet could not be read: its rules are not valid Marjapussi rules. The saved text is left as it was.",
        "ru": "Сохранённый лист счёта не удалось прочитать: его правила не подходят для марьяпусси. Сохранённый текст остаётся как был.",
    },
    "error:bad-sheet:rows": {
        "fi": "Tallennettua pistelistaa ei voitu lukea: siitä puuttuu jakojen luettelo. Tallennettu teksti jää ennalleen.",
        "en": "The saved score sheet could not be read: the list of deals is missing. The saved text is left as it was.",
        "ru": "Сохранённый лист счёта не удалось прочитать: в нём нет списка сдач. Сохранённый текст остаётся как был.",
    },
    "error:bad-sheet:row:keys": {
        "fi": "Tallennettua pistelistaa ei voitu lukea: rivillä {row} on tuntematon kenttä tai siitä puuttuu pisteet tai tikit. Tallennettu teksti jää ennalleen.",
        "en": "The saved score sheet could not be read: row {row} has an unknown field, or its points or tricks are missing. The saved text is left as it was.",
        "ru": "Сохранённый лист счёта не удалось прочитать: в строке {row} неизвестное поле или нет очков либо взяток. Сохранённый текст остаётся как был.",
    },
    "error:bad-sheet:row:points": {
        "fi": "Tallennettua pistelistaa ei voitu lukea: rivin {row} pisteiden on oltava kaksi kokonaislukua, nolla tai enemmän. Tallennettu teksti jää ennalleen.",
        "en": "The saved score sheet could not be read: the points in row {row} must be two whole numbers, 0 or more. The saved text is left as it was.",
        "ru": "Сохранённый лист счёта не удалось прочитать: очки в строке {row} должны быть двумя целыми числами не меньше 0. Сохранённый текст остаётся как был.",
    },
    "error:bad-sheet:row:tricks_won": {
        "fi": "Tallennettua pistelistaa ei voitu lukea: rivin {row} tikkien on oltava kaksi kokonaislukua, yhteensä enintään jaon tikkien määrä. Tallennettu teksti jää ennalleen.",
        "en": "The saved score sheet could not be read: the tricks in row {row} must be two whole numbers adding up to no more than the tricks of a deal. The saved text is left as it was.",
        "ru": "Сохранённый лист счёта не удалось прочитать: взятки в строке {row} должны быть двумя целыми числами, в сумме не больше числа взяток в сдаче. Сохранённый текст остаётся как был.",
    },
    "error:bad-sheet:row:misplay": {
        "fi": "Tallennettua pistelistaa ei voitu lukea: rivin {row} pelivirheen tekijä voi olla vain jompikumpi pari tai ei kukaan. Tallennettu teksti jää ennalleen.",
        "en": "The saved score sheet could not be read: the misplay in row {row} can only be by one of the pairs or by nobody. The saved text is left as it was.",
        "ru": "Сохранённый лист счёта не удалось прочитать: ошибку в строке {row} может допустить только одна из пар или никто. Сохранённый текст остаётся как был.",
    },
    "error:bad-sheet:row:carry_out": {
        "fi": "Tallennettua pistelistaa ei voitu lukea: rivin {row} siirtyvä pelipiste ei sovi näihin sääntöihin. Tallennettu teksti jää ennalleen.",
        "en": "The saved score sheet could not be read: the carried game point in row {row} does not fit these rules. The saved text is left as it was.",
        "ru": "Сохранённый лист счёта не удалось прочитать: перенесённое очко в строке {row} не подходит к этим правилам. Сохранённый текст остаётся как был.",
    },
    "error:bad-sheet:row:after-end": {
        "fi": "Tallennettua pistelistaa ei voitu lukea: rivi {row} tulee sen jälkeen, kun peli on jo päättynyt. Tallennettu teksti jää ennalleen.",
        "en": "The saved score sheet could not be read: row {row} comes after the game had already ended. The saved text is left as it was.",
        "ru": "Сохранённый лист счёта не удалось прочитать: строка {row} идёт после конца игры. Сохранённый текст остаётся как был.",
    },
    "error:bad-sheet:game-over": {
        "fi": "Peli on jo päättynyt; pistelistaan ei voi lisätä jakoa",
        "en": "The game is over; no deal can be added to the sheet",
        "ru": "Игра уже окончена; добавить сдачу в лист нельзя",
    },
    "error:bad-json:syntax": {
        "fi": "JSON-muotoinen kirjaus ei kelpaa: rivillä {line}, sarakkeessa {column} ei ole kelvollista JSONia",
        "en": "The record in JSON form is not valid: line {line}, column {column} is not valid JSON",
        "ru": "Запись в формате JSON недопустима: в строке {line}, столбце {column} — некорректный JSON",
    },
    "error:bad-json:number": {
        "fi": "JSON-muotoinen kirjaus ei kelpaa: siinä on luku, jota kirjaus ei käytä (vain enintään yhdeksännumeroiset kokonaisluvut käyvät, ei 1e400 eikä Infinity)",
        "en": "The record in JSON form is not valid: it holds a number a record never uses (only whole numbers of up to nine digits, not 1e400 or Infinity)",
        "ru": "Запись в формате JSON недопустима: в ней есть число, которого в записи не бывает (допустимы только целые числа до девяти цифр, не 1e400 и не Infinity)",
    },
    "error:bad-json:nesting": {
        "fi": "JSON-muotoinen kirjaus ei kelpaa: listat ja oliot ovat sisäkkäin liian monessa tasossa",
        "en": "The record in JSON form is not valid: its lists and objects nest too deeply",
        "ru": "Запись в формате JSON недопустима: списки и объекты в ней вложены слишком глубоко",
    },
    "error:bad-json:not-text": {
        "fi": "JSON-muotoinen kirjaus ei kelpaa: se ei ole UTF-8-tekstiä",
        "en": "The record in JSON form is not valid: it is not UTF-8 text",
        "ru": "Запись в формате JSON недопустима: это не текст в UTF-8",
    },
    "error:bad-json:format": {
        "fi": "JSON-muotoinen kirjaus ei kelpaa: kenttä format puuttuu tai ei ole marjapussi-record/1",
        "en": "The record in JSON form is not valid: the field format is missing or is not marjapussi-record/1",
        "ru": "Запись в формате JSON недопустима: поле format отсутствует или не равно marjapussi-record/1",
    },
    "error:bad-json:keys": {
        "fi": "JSON-muotoinen kirjaus ei kelpaa: kenttää {field} ei ole kirjauksen muodossa",
        "en": "The record in JSON form is not valid: the field {field} is not part of the record format",
        "ru": "Запись в формате JSON недопустима: поля {field} нет в формате записи",
    },
    "error:bad-json:type-text": {
        "fi": "JSON-muotoinen kirjaus ei kelpaa: kentän {field} on oltava tekstiä",
        "en": "The record in JSON form is not valid: the field {field} must be text",
        "ru": "Запись в формате JSON недопустима: поле {field} должно быть текстом",
    },
    "error:bad-json:type-int": {
        "fi": "JSON-muotoinen kirjaus ei kelpaa: kentän {field} on oltava kokonaisluku, 0 tai enemmän",
        "en": "The record in JSON form is not valid: the field {field} must be a whole number, 0 or more",
        "ru": "Запись в формате JSON недопустима: поле {field} должно быть целым числом не меньше 0",
    },
    "error:bad-json:type-list": {
        "fi": "JSON-muotoinen kirjaus ei kelpaa: kentän {field} on oltava lista",
        "en": "The record in JSON form is not valid: the field {field} must be a list",
        "ru": "Запись в формате JSON недопустима: поле {field} должно быть списком",
    },
    "error:bad-json:type-object": {
        "fi": "JSON-muotoinen kirjaus ei kelpaa: kentän {field} on oltava olio",
        "en": "The record in JSON form is not valid: the field {field} must be an object",
        "ru": "Запись в формате JSON недопустима: поле {field} должно быть объектом",
    },
    "error:bad-json:type-bool": {
        "fi": "JSON-muotoinen kirjaus ei kelpaa: kentän {field} on oltava true, false tai null",
        "en": "The record in JSON form is not valid: the field {field} must be true, false or null",
        "ru": "Запись в формате JSON недопустима: поле {field} должно быть true, false или null",
    },
    "error:bad-json:type-pair": {
        "fi": "JSON-muotoinen kirjaus ei kelpaa: kentän {field} on oltava kahden tekstin lista: nimi ja arvo",
        "en": "The record in JSON form is not valid: the field {field} must be a list of two texts: a name and a value",
        "ru": "Запись в формате JSON недопустима: поле {field} должно быть списком из двух строк: имени и значения",
    },
    "error:bad-json:tag-key": {
        "fi": "JSON-muotoinen kirjaus ei kelpaa: kentän {field} merkinnän nimessä saa olla vain kirjaimia, numeroita, _ ja -, eikä se saa olla kirjauksen oma merkintä (kuten Dealer)",
        "en": "The record in JSON form is not valid: the tag name in {field} may hold only letters, digits, _ and -, and may not be one of the record's own tags (such as Dealer)",
        "ru": "Запись в формате JSON недопустима: имя отметки в поле {field} может содержать только буквы, цифры, _ и - и не может совпадать с собственными отметками записи (например, Dealer)",
    },
    "error:bad-json:line-break": {
        "fi": "JSON-muotoinen kirjaus ei kelpaa: kentän {field} arvossa ei saa olla rivinvaihtoa",
        "en": "The record in JSON form is not valid: the value in {field} may not hold a line break",
        "ru": "Запись в формате JSON недопустима: значение в поле {field} не может содержать перевод строки",
    },
    "error:bad-json:comment": {
        "fi": "JSON-muotoinen kirjaus ei kelpaa: kentän {field} kommentti ei saa olla tyhjä, eikä siinä saa olla aaltosulkeita, rivinvaihtoja tai peräkkäisiä välilyöntejä",
        "en": "The record in JSON form is not valid: the comment in {field} must be non-empty text without braces, line breaks or doubled spaces",
        "ru": "Запись в формате JSON недопустима: комментарий в поле {field} должен быть непустым текстом без фигурных скобок, переводов строки и двойных пробелов",
    },
    "error:bad-json:talon": {
        "fi": "JSON-muotoinen kirjaus ei kelpaa: kentässä {field} on talo, mutta taloa käytetään vain kolmen pelaajan huutopussissa",
        "en": "The record in JSON form is not valid: the field {field} holds a talon, but only three-player Huutopussi has one",
        "ru": "Запись в формате JSON недопустима: в поле {field} есть прикуп, но прикуп бывает только в хуутопусси на троих",
    },
    "error:bad-json:seat": {
        "fi": "JSON-muotoinen kirjaus ei kelpaa: kentän {field} paikka ei ole pelissä mukana",
        "en": "The record in JSON form is not valid: the seat in {field} is not in play",
        "ru": "Запись в формате JSON недопустима: место в поле {field} не участвует в игре",
    },
    "error:bad-json:hands": {
        "fi": "JSON-muotoinen kirjaus ei kelpaa: kentässä {field} on oltava täsmälleen yksi käsi kullekin pelaavalle paikalle",
        "en": "The record in JSON form is not valid: the field {field} must hold a hand for exactly the seats in play",
        "ru": "Запись в формате JSON недопустима: в поле {field} должно быть по одной руке для каждого играющего места",
    },
    "error:bad-json:huutopussi-tag": {
        "fi": "JSON-muotoinen kirjaus ei kelpaa: kenttä {field} ei kuulu huutopussiin, sen on oltava null",
        "en": "The record in JSON form is not valid: the field {field} does not apply to Huutopussi and must be null",
        "ru": "Запись в формате JSON недопустима: поле {field} не относится к хуутопусси и должно быть null",
    },
    "error:bad-json:value": {
        "fi": "JSON-muotoinen kirjaus ei kelpaa: kenttä {field}: {cause:fi}",
        "en": "The record in JSON form is not valid: the field {field}: {cause:en}",
        "ru": "Запись в формате JSON недопустима: поле {field}: {cause:ru}",
    },
    "error:no-deal": {
        "fi": "Kirjauksessa ei ole yhtään jakoa",
        "en": "The record holds no deal",
        "ru": "В записи нет ни одной сдачи",
    },
    "error:file-binary": {
        "fi": "{file} ei ole tekstitiedosto, joten sitä ei voi lukea pelikirjauksena",
        "en": "{file} is not a text file, so it cannot be read as a game record",
        "ru": "{file} — не текстовый файл, поэтому его нельзя прочитать как запись игры",
    },
    "error:file-encoding": {
        "fi": "Tiedoston {file} merkistöä ei tunnistettu; tallenna se UTF-8-muodossa ja yritä uudelleen",
        "en": "The character encoding of {file} could not be told; save it as UTF-8 and try again",
        "ru": "Не удалось определить кодировку файла {file}; сохраните его в UTF-8 и попробуйте снова",
    },
    "note:read-latin-1": {
        "fi": "Huom.: {file} ei ole UTF-8-muodossa; se luettiin Latin-1-muotoisena",
        "en": "Note: {file} is not UTF-8; it was read as Latin-1",
        "ru": "Примечание: {file} не в UTF-8; файл прочитан как Latin-1",
    },
    # ---------------------------------------------------------------- analysis: bots (issue 11)
    "error:sample-impossible": {
        "fi": "näkyviin tulleet tiedot eivät sovi yhteenkään näkemättömien korttien jakoon",
        "en": "what the table has shown fits no dealing of the unseen cards",
        "ru": "то, что было видно за столом, не согласуется ни с одной раздачей невидимых карт",
    },
    "error:deals-set-aside": {
        "fi": "yhtäkään arvottua jakoa ei ehditty arvioida: kaikki {set_aside} vaativat liian pitkän haun",
        "en": "no sampled deal could be weighed: all {set_aside} needed too long a search",
        "ru": "ни одну из разыгранных раздач не удалось оценить: все {set_aside} требовали слишком долгого поиска",
    },
    # ---------------------------------------------------------------- record variations (issue 10)
    "error:bad-json:variation-empty": {
        "fi": "JSON-muotoinen kirjaus ei kelpaa: vaihtoehtoisessa jatkossa {field} ei ole yhtään siirtoa",
        "en": "The record in JSON form is not valid: the alternative line {field} holds no action",
        "ru": "Запись в формате JSON недопустима: в другом продолжении {field} нет ни одного действия",
    },
    "error:bad-json:variation-depth": {
        "fi": "JSON-muotoinen kirjaus ei kelpaa: vaihtoehtoinen jatko {field} on yli 8 tason syvyydessä",
        "en": "The record in JSON form is not valid: the alternative line {field} lies more than 8 levels deep",
        "ru": "Запись в формате JSON недопустима: другое продолжение {field} вложено глубже 8 уровней",
    },
    "error:club:four-players": {
        "fi": "Samojen jakojen iltaan tarvitaan neljän pelaajan säännöt; ”{text}” eivät ole sellaiset.",
        "en": "A same-deals evening needs four-player rules; '{text}' are not.",
        "ru": "Для вечера с одинаковыми сдачами нужны правила на четырёх игроков; «{text}» к ним не относятся.",
    },
    "error:club:board": {
        "fi": "Jakoa ”{text}” ei voi pisteyttää: illan jaot numeroidaan ykkösestä alkaen, ja tuloksia verrataan jako kerrallaan.",
        "en": "Deal '{text}' cannot be scored: the evening's deals are numbered from 1, and results are compared one deal at a time.",
        "ru": "Сдачу «{text}» нельзя оценить: сдачи вечера нумеруются с 1, а результаты сравниваются по одной сдаче.",
    },
    "error:club:twice": {
        "fi": "Pari ”{text}” on kirjattu samaan jakoon kahdesti.",
        "en": "The pair '{text}' is entered twice for the same deal.",
        "ru": "Пара «{text}» записана в одной сдаче дважды.",
    },
    "error:club:unfinished": {
        "fi": "Jako ei ole vielä päättynyt, joten sillä ei ole tulosta.",
        "en": "The deal has not finished yet, so it has no result.",
        "ru": "Сдача ещё не закончена, поэтому результата у неё нет.",
    },
    "error:club:entrants": {
        "fi": "Osallistujat ”{text}” eivät kelpaa: jokainen nimi kerran, ja pöytään on oltava tarpeeksi pelaajia.",
        "en": "The entrants '{text}' cannot be seated: each name once, and enough of them for a table.",
        "ru": "Участников «{text}» нельзя рассадить: каждое имя один раз, и их должно хватать на стол.",
    },
    "error:club:assigned": {
        "fi": "Illan vetäjän antamat prosentit ”{text}” eivät kelpaa: kumpikin 0–100, ja vain jaolle, jota pöytä ei pelannut.",
        "en": "The director's percentages '{text}' are not valid: each from 0 to 100, and only for a deal the table did not play.",
        "ru": "Проценты ведущего вечера «{text}» не подходят: каждый от 0 до 100 и только для сдачи, которую стол не сыграл.",
    },
    "error:club:round": {
        "fi": "Kierroksen numero ”{text}” ei kelpaa: kierrokset numeroidaan ykkösestä alkaen.",
        "en": "Round number '{text}' is not valid: rounds are numbered from 1.",
        "ru": "Номер тура «{text}» не подходит: туры нумеруются с 1.",
    },
}

# ---------------------------------------------------------------- Huutopussi with marriage trumps (issue 24)
# The family's messages live in their own module, in one block.
CATALOGUE.update(MARRIAGE_CATALOGUE)
