"""Why a bot did what it did, in Finnish, English and Russian.

Every ``Decision`` names one of these messages and carries its facts (cards, suits,
points). Sentences speak of the player in the third person and start with the verb, so
a page can put the player's name in front: "North — takes the trick cheaply with ♠K".
Cards and suits are written with their symbols, so no template declines a suit name.

>>> from marjapussi import parse_card
>>> from marjapussi.actions import PLAYS
>>> from marjapussi.analysis.bots import Decision
>>> card = parse_card("SA")
>>> explain(Decision(PLAYS[card.index], "duck-keep", {"card": parse_card("S7"), "kept": card}), "en")
'does not take the trick: plays ♠7 and keeps ♠A for later'
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..cards import Card, Suit
from ..i18n import check_lang, fill

if TYPE_CHECKING:
    from .bots import Decision

__all__ = ["REASONS", "explain"]

REASONS: dict[str, dict[str, str]] = {
    "random": {
        "fi": "valitsee sallituista siirroista sattumanvaraisesti",
        "en": "picks one of the allowed moves at random",
        "ru": "выбирает наугад один из разрешённых ходов",
    },
    "only-card": {
        "fi": "pelaa kortin {card}, koska muuta korttia ei saa pelata",
        "en": "plays {card}, the only card it may play",
        "ru": "играет {card}: другой карты сыграть нельзя",
    },
    "lead-master": {
        "fi": "aloittaa kortilla {card}, maansa korkeimmalla jäljellä olevalla kortilla",
        "en": "leads {card}, the highest card left in its suit",
        "ru": "ходит с {card} — это старшая из оставшихся карт масти",
    },
    "lead-low": {
        "fi": "aloittaa pienellä kortilla {card} ja säästää ässät ja kympit",
        "en": "leads a low card, {card}, and saves its aces and tens",
        "ru": "ходит с младшей карты {card}, приберегая тузы и десятки",
    },
    "win-cheap": {
        "fi": "ottaa tikin halvimmalla riittävällä kortilla {card}",
        "en": "takes the trick cheaply with {card}",
        "ru": "берёт взятку самой дешёвой подходящей картой {card}",
    },
    "win-to-declare": {
        "fi": "ottaa tikin kortilla {card}, jotta voi sen jälkeen ilmoittaa {suit}-kokonaisen",
        "en": "takes the trick with {card} so that it can declare its {suit} marriage next",
        "ru": "берёт взятку картой {card}, чтобы затем объявить марьяж {suit}",
    },
    "partner-wins": {
        "fi": "antaa parin kortin voittaa ja pelaa pienen kortin {card}",
        "en": "lets the partner's card win and plays a low card, {card}",
        "ru": "оставляет взятку партнёру и кладёт младшую карту {card}",
    },
    "partner-wins-points": {
        "fi": "antaa kortin {card} tikkiin, jonka pari on voittamassa",
        "en": "adds {card} to the trick its partner is winning",
        "ru": "добавляет {card} во взятку, которую берёт партнёр",
    },
    "duck": {
        "fi": "ei voi voittaa tikkiä ja pelaa pienimmän korttinsa {card}",
        "en": "cannot take the trick and plays its lowest card, {card}",
        "ru": "не может взять взятку и играет самую младшую карту {card}",
    },
    "duck-keep": {
        "fi": "ei ota tikkiä: pelaa kortin {card} ja säästää kortin {kept} myöhemmäksi",
        "en": "does not take the trick: plays {card} and keeps {kept} for later",
        "ru": "не берёт взятку: играет {card} и бережёт {kept} на потом",
    },
    "declare": {
        "fi": "ilmoittaa kokonaisen {cards}",
        "en": "declares the marriage {cards}",
        "ru": "объявляет марьяж {cards}",
    },
    "ask-half": {
        "fi": "pitää kädessään kortin {card} ja kysyy, onko parilla toinen puolikas",
        "en": "holds {card} and asks whether the partner holds the other half",
        "ru": "держит {card} и спрашивает, нет ли у партнёра второй половины",
    },
    "ask-whole": {
        "fi": "kysyy pariltaan kokonaista, koska omaa ei ole",
        "en": "has no marriage of its own and asks the partner for one",
        "ru": "своего марьяжа нет, поэтому спрашивает партнёра о марьяже",
    },
    "answer-yes": {
        "fi": "vastaa totuudenmukaisesti: kyllä, {suit}",
        "en": "answers truthfully: yes, {suit}",
        "ru": "отвечает честно: да, {suit}",
    },
    "answer-no": {
        "fi": "vastaa totuudenmukaisesti: ei",
        "en": "answers truthfully: no",
        "ru": "отвечает честно: нет",
    },
    "marriage-lead": {
        "fi": "näyttää mariinin {cards} aloittaessaan; se on arvoltaan {points:points}",
        "en": "shows the marriage {cards} as it leads, worth {points:points}",
        "ru": "показывает марьяж {cards}, делая ход; он стоит {points:points}",
    },
    "bid": {
        "fi": "huutaa {points}: odottaa saavansa noin {expected:points-acc}",
        "en": "bids {points}: about {expected:points} expected",
        "ru": "заказывает {points}: ожидаемый итог — примерно {expected:points}",
    },
    "pass-low": {
        "fi": "passaa: odottaa noin {expected:points}, mikä ei riitä huutoon {next}",
        "en": "passes: about {expected:points} expected, not enough for {next}",
        "ru": "пасует: ожидаемый итог — примерно {expected:points}, для заказа {next} этого мало",
    },
    "pass-partner": {
        "fi": "passaa, koska huuto on jo parilla",
        "en": "passes, as the partner already holds the bid",
        "ru": "пасует: заказ уже за партнёром",
    },
    "redeal": {
        "fi": "pyytää uusjakoa, koska kädessä ei ole yhtään pistekorttia",
        "en": "asks for a redeal, as no card in its hand counts",
        "ru": "просит пересдачу: на руке нет ни одной карты с очками",
    },
    "trump": {
        "fi": "valitsee valtiksi {suit}: odottaa saavansa noin {expected:points-acc}",
        "en": "names {suit} trumps: about {expected:points} expected",
        "ru": "назначает козырем {suit}: рассчитывает примерно на {expected:points}",
    },
    "discard": {
        "fi": "poistaa kortit {cards} ja pitää ässät ja mariinit",
        "en": "puts {cards} away and keeps its aces and marriages",
        "ru": "сбрасывает {cards}, оставляя тузы и марьяжи",
    },
    # --- Huutopussi with marriage trumps ----------------------------------------------
    "forced-open": {
        "fi": "huutaa {points}, koska ensimmäinen huutaja ei saa passata",
        "en": "bids {points}, as the first call may not be a pass",
        "ru": "заказывает {points}: первому в торговле пасовать нельзя",
    },
    "pass-banned": {
        "fi": "passaa, koska sen puoli on niin paljon miinuksella, ettei se saa huutaa",
        "en": "passes, as its side is too far below zero to bid",
        "ru": "пасует: его сторона ушла так далеко в минус, что заказывать ей нельзя",
    },
    "redeal-sixes": {
        "fi": "pyytää uusjakoa: kädessä on vähintään kolme kuutosta eikä muuta, millä huutaa",
        "en": "asks for a redeal: three or more sixes and too little else to bid on",
        "ru": "просит пересдачу: на руке три шестёрки или больше, а для заказа остального мало",
    },
    "give": {
        "fi": "antaa huutajalle kortit {cards}: kokonaiset, puolikkaat ja ässät täydentävät huutajan maita",
        "en": "gives the bidder {cards}: marriages, halves and aces that fill the bidder's suits",
        "ru": "отдаёт разыгрывающему {cards}: марьяжи, их половины и тузы дополняют его масти",
    },
    "give-cards": {
        "fi": "antaa huutajalle kortit {cards}",
        "en": "gives the bidder {cards}",
        "ru": "отдаёт разыгрывающему {cards}",
    },
    "give-back-cards": {
        "fi": "palauttaa parille kortit {cards}",
        "en": "gives {cards} back to the partner",
        "ru": "возвращает партнёру {cards}",
    },
    "discard-cards": {
        "fi": "poistaa kortit {cards}",
        "en": "puts {cards} away",
        "ru": "сбрасывает {cards}",
    },
    "give-back": {
        "fi": "palauttaa parille kortit {cards} ja pitää kokonaiset, ässät ja niiden kympit",
        "en": "gives {cards} back to the partner and keeps its marriages, aces and the tens beside them",
        "ru": "возвращает партнёру {cards}, оставляя себе марьяжи, тузы и десятки при них",
    },
    "discard-marriage": {
        "fi": "poistaa kortit {cards}: niiden pisteet lasketaan sille, kun se saa tikin, ja kokonaiset"
        " jäävät käteen",
        "en": "puts {cards} away: their points count for it once it takes a trick, and its marriages"
        " stay in hand",
        "ru": "сбрасывает {cards}: их очки засчитаются ему, как только он возьмёт взятку, а марьяжи"
        " остаются на руке",
    },
    "declare-trump": {
        "fi": "ilmoittaa kokonaisen {cards}, arvoltaan {points:points}; sen maa on valttia seuraavasta"
        " tikistä alkaen",
        "en": "declares the marriage {cards}, worth {points:points}; its suit is trump from the next"
        " trick",
        "ru": "объявляет марьяж {cards} стоимостью {points:points}; со следующей взятки эта масть"
        " становится козырем",
    },
    "keep-contract": {
        "fi": "pitää sitoumuksen huudossa {points}: käsi on arvoltaan noin {expected:points}",
        "en": "keeps the contract at the bid, {points}: the hand counts about {expected:points}",
        "ru": "оставляет окончательный заказ равным заказу, {points}: рука стоит примерно"
        " {expected:points}",
    },
    "raise": {
        "fi": "korottaa sitoumuksen huudosta {bid} lukuun {points}: käsi on arvoltaan noin"
        " {expected:points}",
        "en": "raises the contract from the bid of {bid} to {points}: the hand counts about"
        " {expected:points}",
        "ru": "повышает окончательный заказ с {bid} до {points}: рука стоит примерно {expected:points}",
    },
    "raise-sampled": {
        "fi": "korottaa sitoumuksen huudosta {bid} lukuun {points}: loppuun pelatuissa jaoissa"
        " ({samples:deals}) pari keräsi keskimäärin {expected:points} ja lunasti sitoumuksen {points}"
        " {share} %:ssa niistä",
        "en": "raises the contract from the bid of {bid} to {points}: over {samples:deals} played to the"
        " end the pair collected {expected:points} on average and reached {points} in {share}% of them",
        "ru": "повышает окончательный заказ с {bid} до {points}: в сдачах, разыгранных до конца"
        " (проверено сдач: {samples}), пара в среднем набирала {expected:points} и добиралась до {points}"
        " в {share} % случаев",
    },
    "keep-sampled": {
        "fi": "pitää sitoumuksen huudossa {points}: loppuun pelatuissa jaoissa ({samples:deals}) pari"
        " keräsi keskimäärin {expected:points}, eikä korotus olisi kannattanut",
        "en": "keeps the contract at the bid, {points}: over {samples:deals} played to the end the pair"
        " collected {expected:points} on average, and no raise paid",
        "ru": "оставляет окончательный заказ равным заказу, {points}: в сдачах, разыгранных до конца"
        " (проверено сдач: {samples}), пара в среднем набирала {expected:points}, и повышение"
        " не окупалось",
    },
    "bid-sampled-contract": {
        "fi": "huutaa {points}: kun jaot ({samples:deals}) pelattiin loppuun sen huutajana, pari"
        " lunasti huudon {share} %:ssa niistä ja keräsi keskimäärin {expected:points}",
        "en": "bids {points}: over {samples:deals} played to the end with it as the bidder, the pair"
        " reached the bid in {share}% of them, {expected:points} on average",
        "ru": "заказывает {points}: в сдачах, разыгранных до конца с ним в роли разыгрывающего"
        " (проверено сдач: {samples}), пара выполняла заказ в {share} % случаев и в среднем набирала"
        " {expected:points}",
    },
    "pass-sampled-contract": {
        "fi": "passaa: kun jaot ({samples:deals}) pelattiin loppuun sen huutajana, pari olisi"
        " lunastanut huudon {next} vain {share} %:ssa niistä",
        "en": "passes: over {samples:deals} played to the end with it as the bidder, the pair would"
        " reach {next} in only {share}% of them",
        "ru": "пасует: в сдачах, разыгранных до конца с ним в роли разыгрывающего (проверено сдач:"
        " {samples}), пара выполнила бы заказ {next} лишь в {share} % случаев",
    },
    "lead-card": {
        "fi": "aloittaa kortilla {card}",
        "en": "leads {card}",
        "ru": "ходит с {card}",
    },
    "win-with": {
        "fi": "ottaa tikin kortilla {card}",
        "en": "takes the trick with {card}",
        "ru": "берёт взятку картой {card}",
    },
    "trump-named": {
        "fi": "valitsee valtiksi {suit}",
        "en": "names {suit} trumps",
        "ru": "назначает козырем {suit}",
    },
    "club": {
        "fi": "{why}: keskimäärin paras valinta jaoissa, jotka sopivat pöydän tapahtumiin (kokeiltu"
        " {samples:deals}; odotettu tulos {value:points})",
        "en": "{why}: the best on average over {samples:deals} that fit what the table has shown"
        " ({value:points} expected for its side)",
        "ru": "{why}: в среднем это лучший выбор в сдачах, совместимых с тем, что было видно"
        " за столом (проверено сдач: {samples}; ожидаемый итог — {value:points})",
    },
    # --- club's auction: an estimate high enough on average, a contract too often lost ----
    "pass-risky": {
        "fi": "passaa: odottaa keskimäärin noin {expected:points}, mutta huuto {next} jäisi liian usein"
        " lunastamatta",
        "en": "passes: about {expected:points} expected on average, but a bid of {next} would fall short"
        " too often",
        "ru": "пасует: в среднем ожидается около {expected:points}, но заказ {next} слишком часто"
        " оказался бы невыполненным",
    },
    # --- club with the erä totals in view (guild and pagat rules) -----------------------
    "club-era": {
        "fi": "{why}: eräpisteet ovat {ours}–{theirs} ja erän voittaa tasan {target}, joten tämä"
        " vei keskimäärin lähimmäs erävoittoa jaoissa, jotka sopivat pöydän tapahtumiin (kokeiltu"
        " {samples:deals})",
        "en": "{why}: with the erä totals at {ours}–{theirs} and exactly {target} winning the erä,"
        " this came closest to winning it on average over {samples:deals} that fit what the table"
        " has shown",
        "ru": "{why}: счёт эря {ours}–{theirs}, а эря выигрывает ровно {target}; в сдачах,"
        " совместимых с тем, что было видно за столом, этот ход в среднем вернее всего вёл к победе"
        " в эря (проверено сдач: {samples})",
    },
    # --- club's auction with a partner: deals that fit the calls, played out -----------
    "bid-sampled": {
        "fi": "huutaa {points}: odottaa parille noin {expected:points}, kun huutoihin sopivia jakoja"
        " pelattiin loppuun ({samples:deals})",
        "en": "bids {points}: about {expected:points} expected for its pair, from {samples:deals} that"
        " fit the calls so far, played to the end",
        "ru": "заказывает {points}: паре в среднем достанется около {expected:points} — столько вышло"
        " в разыгранных до конца сдачах, совместимых с ходом торговли (проверено сдач: {samples})",
    },
    "pass-sampled": {
        "fi": "passaa: odottaa parille noin {expected:points} huutoihin sopivissa jaoissa"
        " ({samples:deals}), mikä ei riitä huutoon {next}",
        "en": "passes: about {expected:points} expected for its pair over {samples:deals} that fit the"
        " calls so far, not enough for {next}",
        "ru": "пасует: в сдачах, совместимых с ходом торговли, паре достанется около {expected:points}"
        " (проверено сдач: {samples}), а для заказа {next} этого мало",
    },
    "trump-sampled": {
        "fi": "valitsee valtiksi {suit}: pari saa sillä noin {expected:points-acc}, kun huutoihin sopivat"
        " jaot ({samples:deals}) pelattiin loppuun jokaisella valtilla",
        "en": "names {suit} trumps: its pair can expect about {expected:points} with them, from"
        " {samples:deals} that fit the calls, each played out with every trump",
        "ru": "назначает козырем {suit}: с этим козырем паре достанется около {expected:points} — так"
        " выходит в сдачах, совместимых с ходом торговли, если разыграть каждую со всеми козырями"
        " (проверено сдач: {samples})",
    },
    # --- expert: every sampled deal solved exactly -------------------------------------
    "expert": {
        "fi": "{why}: paras yhteistulos jaoissa, jotka sopivat pöydän tapahtumiin, kun jokainen"
        " ratkaistiin tarkasti kaikki kädet auki (kokeiltu {samples:deals}; odotettu tulos"
        " {value:points})",
        "en": "{why}: the best total over {samples:deals} that fit what the table has shown, each"
        " solved exactly with every hand open ({value:points} expected for its side)",
        "ru": "{why}: лучший общий итог в сдачах, совместимых с тем, что было видно за столом, если"
        " каждую точно решить в открытую (проверено сдач: {samples}; ожидаемый итог — {value:points})",
    },
    "expert-era": {
        "fi": "{why}: eräpisteet ovat {ours}–{theirs} ja erän voittaa tasan {target}, joten tämä"
        " vei lähimmäs erävoittoa jaoissa, jotka sopivat pöydän tapahtumiin, kun jokainen"
        " ratkaistiin tarkasti kaikki kädet auki (kokeiltu {samples:deals})",
        "en": "{why}: with the erä totals at {ours}–{theirs} and exactly {target} winning the erä,"
        " this came closest to winning it over {samples:deals} that fit what the table has shown,"
        " each solved exactly with every hand open",
        "ru": "{why}: счёт эря {ours}–{theirs}, а эря выигрывает ровно {target}; в сдачах,"
        " совместимых с тем, что было видно за столом, если каждую точно решить в открытую, этот"
        " ход вернее всего вёл к победе в эря (проверено сдач: {samples})",
    },
    "expert-auction": {
        "fi": "{call}: paras keskitulos {calls} punnitusta vaihtoehdosta jaoissa, jotka sopivat"
        " huutoihin, kun jokainen ratkaistiin tarkasti kaikki kädet auki (kokeiltu {samples:deals};"
        " odotettu tulos {value:points})",
        "en": "{call}: the best mean of the {calls} choices weighed, over {samples:deals} that fit the"
        " calls so far, each solved exactly with every hand open ({value:points} expected for its"
        " side)",
        "ru": "{call}: лучший средний итог из {calls} рассмотренных вариантов в сдачах, совместимых с"
        " ходом торговли, если каждую точно решить в открытую (проверено сдач: {samples}; ожидаемый"
        " итог — {value:points})",
    },
    "expert-bids-as-club": {
        "fi": "{why} (huutaa kuten kerhopelaaja: huutojen punnitseminen tarkasti ratkaistuilla"
        " jaoilla ei ole vielä osoittautunut näissä säännöissä yhtä hyväksi)",
        "en": "{why} (bids as the club player: weighing the calls on sampled deals solved exactly has"
        " not yet been shown to do as well under these rules)",
        "ru": "{why} (торгуется как клубный игрок: оценка заявок по точно решённым сдачам при этих"
        " правилах пока не показала себя не хуже)",
    },
    "expert-auction-no-time": {
        "fi": "{why} (huutaa kuten kerhopelaaja: huutojen punnitseminen tarkasti ratkaistuilla"
        " jaoilla vaatisi täällä enemmän aikaa kuin botin vuorossa on)",
        "en": "{why} (bids as the club player: weighing the calls on sampled deals solved exactly"
        " needs more time here than a bot's turn has)",
        "ru": "{why} (торгуется как клубный игрок: оценка заявок по точно решённым сдачам здесь"
        " требует больше времени, чем есть у бота на ход)",
    },
    "expert-as-club": {
        "fi": "{why} (tarkka laskenta ei vielä tunne näitä sääntöjä, joten pelaa kuten kerhopelaaja)",
        "en": "{why} (the exact search does not know these rules yet, so it plays as the club player)",
        "ru": "{why} (точный перебор ещё не знает этих правил, поэтому играет как клубный игрок)",
    },
}
"""The explanations, by reason id: ``str.format`` templates in fi, en and ru."""


def _fmt(value: Any) -> Any:
    if isinstance(value, Card):
        return value.symbol
    if isinstance(value, Suit):
        return value.symbol
    if isinstance(value, (list, tuple)):
        return " ".join(str(_fmt(v)) for v in value)
    return value


def explain(decision: Decision, lang: str = "en") -> str:
    """Say why a bot made ``decision``, in the given language."""
    lang = check_lang(lang)
    entry = REASONS[decision.reason]
    params: dict[str, Any] = {}
    for name, value in decision.params.items():
        if name == "why":
            from .bots import Decision as Inner

            inner = Inner(decision.action, value, decision.params.get("why_params", {}))
            params["why"] = explain(inner, lang)
        elif name == "why_params":
            continue
        elif name == "call":  # an action of the auction, named as the review names it
            from .review import action_label

            params[name] = action_label(value, lang)
        else:
            params[name] = _fmt(value)
    return fill(entry[lang], lang, **params)
