"""A hint for each exercise of the course, in Finnish, English and Russian.

Keyed by the exercise's stable id (``marjapussi/course/data/ID.mjp``). A hint is shown
after a wrong try: it turns the reader towards the idea of that very position (what to
look at, which question to ask oneself) without saying which answer is right.

>>> HINTS["cards-3"]["en"]
'Partners sit across the table from each other, not side by side. Look across from East.'
"""

from __future__ import annotations

__all__ = ["HINTS"]

HINTS: dict[str, dict[str, str]] = {
    # ---------------------------------------------------------------- the cards
    "cards-1": {
        "fi": "Kaikki neljä korttia ovat herttaa, joten ratkaisee pelkkä arvo. Tässä pelissä kymppi ei ole siellä, missä useimmissa muissa korttipeleissä.",
        "en": "All four cards are hearts, so rank alone decides. In this game the ten does not stand where it does in most card games.",
        "ru": "Все четыре карты червовые, так что решает только старшинство. В этой игре десятка стоит не там, где в большинстве карточных игр.",
    },
    "cards-2": {
        "fi": "Kymppi on vahva kortti, mutta yksi kortti on vielä sitäkin suurempi.",
        "en": "The ten is strong, but one card still ranks above it.",
        "ru": "Десятка сильна, но одна карта всё же старше неё.",
    },
    "cards-3": {
        "fi": "Parit istuvat vastakkain, eivät vierekkäin. Katso, kuka istuu Itää vastapäätä.",
        "en": "Partners sit across the table from each other, not side by side. Look across from East.",
        "ru": "Партнёры сидят друг напротив друга, а не рядом. Посмотрите, кто сидит через стол от Востока.",
    },
    "cards-4": {
        "fi": "Seuraavaa tikkiä ei aloita myötäpäivään seuraava pelaaja, vaan se, joka vei tämän tikin.",
        "en": "The next trick is not led by the next player round the table but by whoever took this one.",
        "ru": "Следующую взятку начинает не сосед по кругу, а тот, кто взял эту.",
    },
    # ---------------------------------------------------------------- following suit
    "follow-1": {
        "fi": "Katso tikin ensimmäistä korttia. Onko kädessä samaa maata?",
        "en": "Look at the first card of the trick. Is that suit in the hand?",
        "ru": "Посмотрите на первую карту взятки. Есть ли эта масть на руке?",
    },
    "follow-2": {
        "fi": "Kun kädessä on ristiä, muuta maata ei saa pelata. Pöydän ässää taas ei voi ylittää millään.",
        "en": "While there are clubs in the hand, no other suit may go. And nothing can beat the ace on the table.",
        "ru": "Пока на руке есть трефы, другую масть класть нельзя. А туза на столе перебить нечем.",
    },
    "follow-3": {
        "fi": "Kädessä on melkein pelkkää herttaa, mutta joukossa on yksi aloitusmaan kortti.",
        "en": "The hand is nearly all hearts, but one card of the suit led is hiding among them.",
        "ru": "На руке почти одни червы, но среди них прячется одна карта масти хода.",
    },
    # ---------------------------------------------------------------- trumping
    "trumping-1": {
        "fi": "Pataa ei ole. Mikä maa on valttia, ja löytyykö sitä kädestä?",
        "en": "There is no spade in the hand. Which suit is trumps, and is any of it there?",
        "ru": "Пик на руке нет. Какая масть козырная и есть ли она на руке?",
    },
    "trumping-2": {
        "fi": "Ruutua ei ole. Mitkä valteista saa pelata, ja saako mitään muuta?",
        "en": "There is no diamond in the hand. Which of the trumps may be played, and may anything else?",
        "ru": "Бубен на руке нет. Какие козыри можно положить и можно ли что-нибудь кроме них?",
    },
    "trumping-3": {
        "fi": "Tikki on jo valtattu. Oman valtin on oltava pöydän valttia suurempi, jos kädessä on sellainen.",
        "en": "The trick has been trumped already. A trump played now must beat the one on the table if the hand holds such a trump.",
        "ru": "Взятка уже покрыта козырем. Теперь козырь нужно класть старше лежащего, если такой есть на руке.",
    },
    # ---------------------------------------------------------------- beating the trick
    "beating-1": {
        "fi": "Kolme patakorttia voittaa yhdeksikön. Mikä niistä on pienin? Muista, missä kohtaa kymppi on.",
        "en": "Three spades beat the nine. Which of them is the lowest? Remember where the ten ranks.",
        "ru": "Девятку бьют три пики. Какая из них младшая? Вспомните, где стоит десятка.",
    },
    "beating-2": {
        "fi": "Pöydän kuninkaan pelasi pari. Vapauttaako se ylittämästä?",
        "en": "The king on the table is the partner's. Does that let anyone off beating it?",
        "ru": "Короля на стол положил партнёр. Освобождает ли это от обязанности его перебить?",
    },
    "beating-3": {
        "fi": "Tikin vie tällä hetkellä kymppi. Montako kädessä olevaa ristiä on sitä suurempia?",
        "en": "The ten is winning the trick. How many of the clubs in the hand rank above it?",
        "ru": "Взятку пока берёт десятка. Сколько треф на руке старше неё?",
    },
    "beating-4": {
        "fi": "Yhdeksikön ylittämiseen ei tarvita kymppiä. Mikä on pienin hertta, joka silti voittaa sen?",
        "en": "Beating the nine takes no ten. What is the lowest heart that still beats it?",
        "ru": "Чтобы перебить девятку, десятка не нужна. Какая самая младшая черва всё же её бьёт?",
    },
    # ---------------------------------------------------------------- the first trick's ace
    "first-ace-1": {
        "fi": "Tämä on jaon ensimmäinen tikki. Mitä aloitusmaan ässälle silloin on tehtävä?",
        "en": "This is the first trick of the deal. What must happen to the ace of the suit led?",
        "ru": "Это первая взятка сдачи. Что в ней полагается делать с тузом масти хода?",
    },
    "first-ace-2": {
        "fi": "Mikä tahansa näistä padoista voittaisi seitsikon, mutta jaon ensimmäisessä tikissä yksi niistä ei saa jäädä käteen.",
        "en": "Any of these spades would beat the seven, but in the first trick of a deal one of them may not stay in the hand.",
        "ru": "Любая из этих пик побила бы семёрку, но в первой взятке сдачи одна из них не может остаться на руке.",
    },
    # ---------------------------------------------------------------- the opening lead
    "opening-1": {
        "fi": "Tämä on erän ensimmäinen jako, ja tässä kädessä on kortti, jolla se on aloitettava.",
        "en": "This is the first deal of the erä, and this hand holds the card it must open with.",
        "ru": "Это первая сдача эря, и на этой руке есть карта, с которой её нужно начать.",
    },
    "opening-2": {
        "fi": "Myöhemmässä jaossa aloittaja valitsee ässiensä joukosta. Pata tulee kyseeseen vasta, kun ässiä ei ole.",
        "en": "In a later deal the leader chooses among his aces. A spade comes into it only when there is no ace.",
        "ru": "В последующей сдаче заходящий выбирает из своих тузов. Пика годится, только когда тузов нет.",
    },
    "opening-3": {
        "fi": "Etsi kädestä ensin ässiä. Jos niitä ei ole, mistä maasta aloitetaan?",
        "en": "First look for aces in the hand. If there are none, which suit is the lead made from?",
        "ru": "Сначала поищите на руке тузы. Если их нет, с какой масти тогда ходят?",
    },
    "opening-4": {
        "fi": "Jakovuoro ei siirry vain seuraavalle. Katso, kuka pelasi tämän jaon aivan ensimmäisen kortin.",
        "en": "The deal does not simply pass to the next seat. Look at who played the very first card of this deal.",
        "ru": "Право сдавать не просто переходит к соседу. Посмотрите, кто сыграл самую первую карту этой сдачи.",
    },
    # ---------------------------------------------------------------- the declaration window
    "window-1": {
        "fi": "Laske pelatut tikit. Mikä on erityistä hetkessä heti ensimmäisen tikin jälkeen?",
        "en": "Count the tricks played. What is special about the moment right after the first one?",
        "ru": "Посчитайте сыгранные взятки. Чем особен момент сразу после первой?",
    },
    "window-2": {
        "fi": "Kuka vei juuri pelatun tikin? Ja onko se vielä jaon ensimmäinen tikki?",
        "en": "Who took the trick just played? And is it still the first trick of the deal?",
        "ru": "Кто взял только что сыгранную взятку? И первая ли это ещё взятка сдачи?",
    },
    "window-3": {
        "fi": "Kädessä on ruutukokonainen, mutta hetki on väärä. Mitä sen sijaan voi tehdä?",
        "en": "There is a marriage of diamonds in the hand, but the moment is wrong. What can be done instead?",
        "ru": "Бубновый марьяж на руке есть, но момент неподходящий. Что можно сделать вместо объявления?",
    },
    # ---------------------------------------------------------------- declaring
    "declaring-1": {
        "fi": "Katso kädessä olevia herttoja. Tarvitseeko parilta kysyä mitään?",
        "en": "Look at the hearts in the hand. Is there any need to ask the partner anything?",
        "ru": "Посмотрите на червы на руке. Нужно ли о чём-то спрашивать партнёра?",
    },
    "declaring-2": {
        "fi": "Ilmoitukseen tarvitaan saman maan kuningas ja kuningatar tästä kädestä. Missä maassa ne molemmat ovat?",
        "en": "A declaration needs the king and the queen of one suit in this hand. In which suit are both there?",
        "ru": "Для объявления на этой руке нужны король и дама одной масти. В какой масти есть обе карты?",
    },
    # ---------------------------------------------------------------- asking
    "asking-1": {
        "fi": "Ruudun kuningas ja kuningatar eivät ole tässä kädessä. Millä kysymyksellä pari voi vastata omalla kokonaisellaan?",
        "en": "The king and queen of diamonds are not in this hand. Which question lets the partner answer with a marriage of his own?",
        "ru": "Бубновых короля и дамы на этой руке нет. Какой вопрос позволит партнёру ответить своим марьяжем?",
    },
    "asking-2": {
        "fi": "Hertan kuningas on kädessä ilman kuningatarta. Mikä kysymys koskee juuri sitä puuttuvaa korttia?",
        "en": "The king of hearts is here without its queen. Which question is about that one missing card?",
        "ru": "Червовый король здесь без дамы. Какой вопрос касается именно недостающей карты?",
    },
    "asking-3": {
        "fi": "Tässä kädessä on jo oma kokonainen. Mitä kysyminen maksaisi?",
        "en": "This hand already holds a marriage of its own. What would asking cost?",
        "ru": "На этой руке уже есть свой марьяж. Чего стоил бы вопрос?",
    },
    "asking-4": {
        "fi": "Tämä pelaaja kysyi aiemmin jaossa puolikasta. Mitä se teki hänen omalle hertan kokonaiselleen?",
        "en": "Earlier in this deal this player asked for a half. What did that do to his own marriage of hearts?",
        "ru": "Раньше в этой сдаче этот игрок спрашивал о половине. Что стало от этого с его собственным червовым марьяжем?",
    },
    # ---------------------------------------------------------------- trumps and small trumps
    "small-trump-1": {
        "fi": "Hertta on jo valttia. Voiko toinen kokonainen vielä tuoda jotain, ja tarvitaanko siihen kysymistä?",
        "en": "Hearts are trumps already. Can another marriage still earn something, and does that take a question?",
        "ru": "Червы уже козыри. Может ли другой марьяж ещё что-то принести и нужен ли для этого вопрос?",
    },
    "small-trump-2": {
        "fi": "Pikkuvaltti ilmoitettiin juuri. Mistä maasta seuraava tikki on aloitettava?",
        "en": "A small trump has just been made. Which suit must the next lead come from?",
        "ru": "Только что объявлен малый козырь. С какой масти нужно начать следующую взятку?",
    },
    "small-trump-3": {
        "fi": "Pikkuvaltin maa sitoo aloittajaa silloinkin, kun kädessä on valttejakin.",
        "en": "The small trump's suit binds the leader even when there are trumps in the hand as well.",
        "ru": "Масть малого козыря обязывает заходящего, даже если на руке есть и козыри.",
    },
    # ---------------------------------------------------------------- matit, pips and aces
    "matit-1": {
        "fi": "Käy tikit läpi ja laske, montako ässää ja kymppiä kumpikin pari otti. Niitä on kahdeksan: onko jollakin yli puolet?",
        "en": "Go through the tricks and count the aces and tens each pair took. There are eight: does either pair have more than half?",
        "ru": "Пройдите по взяткам и посчитайте тузы и десятки каждой пары. Их восемь: есть ли у кого-то больше половины?",
    },
    "matit-2": {
        "fi": "Matteja on kummallakin parilla yhtä monta. Mikä silloin ratkaisee? Laske kummankin parin silmät.",
        "en": "The aces and tens (the matit) are shared equally. What decides then? Count each pair's pips.",
        "ru": "Матти у пар поровну. Что тогда решает? Посчитайте глазки каждой пары.",
    },
    "matit-3": {
        "fi": "Silmät tulevat vain kuninkaista, kuningattarista ja sotilaista. Laske ne parin tikeistä; ässät ja kympit eivät ole silmiä.",
        "en": "Pips come only from kings, queens and jacks. Count them in the pair's tricks; aces and tens carry none.",
        "ru": "Глазки дают только короли, дамы и валеты. Посчитайте их во взятках пары; у тузов и десяток глазков нет.",
    },
    "matit-4": {
        "fi": "Vertaa ensin matteja, sitten silmiä ja lopuksi ässiä. Entä jos mikään niistä ei erota pareja?",
        "en": "Compare the aces and tens first, then the pips, then the aces alone. And if none of them separates the pairs?",
        "ru": "Сравните сначала матти, потом глазки, потом тузы. А если ничто из этого не разделяет пары?",
    },
    # ---------------------------------------------------------------- the last trick and looking back
    "last-trick-1": {
        "fi": "Laske jokainen pisteen lähde erikseen: valtti, mattipiste ja viimeinen tikki. Mitkä niistä kuuluvat tälle parille?",
        "en": "Take each source of points in turn: the trump, the matti point and the last trick. Which of them belong to this pair?",
        "ru": "Переберите все источники очков: козырь, очко за матти и последнюю взятку. Какие из них достаются этой паре?",
    },
    "last-trick-2": {
        "fi": "Katso pöytää. Onko siellä kortteja tikistä, jota vielä pelataan?",
        "en": "Look at the table. Are there cards on it from a trick still being played?",
        "ru": "Посмотрите на стол. Лежат ли на нём карты взятки, которая ещё идёт?",
    },
    "last-trick-3": {
        "fi": "Tikki on juuri päättynyt, eikä seuraavaa ole vielä aloitettu. Onko pöydässä mitään, mikä estäisi katsomisen?",
        "en": "A trick has just ended and the next has not begun. Is there anything on the table that would stop a look back?",
        "ru": "Взятка только что закончилась, а следующая ещё не начата. Есть ли на столе что-то, что мешает посмотреть?",
    },
    # ---------------------------------------------------------------- the erä
    "era-1": {
        "fi": "Lisää kummankin parin jaosta saamat pisteet vanhoihin eräpisteisiin. Pääseekö jompikumpi tasan kahteentoista?",
        "en": "Add each pair's points for the deal to its erä total. Does either pair land on exactly 12?",
        "ru": "Прибавьте очки каждой пары за сдачу к её счёту эря. Выходит ли кто-нибудь ровно на 12?",
    },
    "era-2": {
        "fi": "Laske summa ensin. Mitä tapahtuu, jos se menee kahdentoista yli?",
        "en": "Work out the sum first. What happens when it goes past 12?",
        "ru": "Сначала сложите. Что бывает, если сумма больше 12?",
    },
    "era-3": {
        "fi": "Montako tikkiä tämä pari sai koko jaossa? Sillä on väliä enemmän kuin pisteillä.",
        "en": "How many tricks did this pair take in the whole deal? That counts for more than the points.",
        "ru": "Сколько взяток эта пара взяла за всю сдачу? Это важнее любых очков.",
    },
    "era-4": {
        "fi": "Laske molempien parien uudet pisteet. Mitä tapahtuu, kun kumpikin osuu samassa jaossa tasan kahteentoista?",
        "en": "Work out both pairs' new totals. What happens when both land on exactly 12 in the same deal?",
        "ru": "Посчитайте новый счёт обеих пар. Что бывает, когда обе в одной сдаче выходят ровно на 12?",
    },
    "era-5": {
        "fi": "Voittaako jompikumpi pari tämän erän? Katso sitten, montako erää sillä on jo ennestään.",
        "en": "Does either pair win this erä? Then look at how many erä it has won already.",
        "ru": "Выигрывает ли какая-то пара это эря? Потом посмотрите, сколько эря у неё уже есть.",
    },
    # ---------------------------------------------------------------- misplays
    "misplay-1": {
        "fi": "Tämän jaon pisteet eivät ratkaise. Mitä pelivirhe tekee sen tehneen parin eräpisteille?",
        "en": "The deal's points are not what counts here. What does a misplay do to the offending pair's erä total?",
        "ru": "Очки за сдачу здесь не главное. Что ошибка делает со счётом эря допустившей её пары?",
    },
    "misplay-2": {
        "fi": "Laske, montako pelivirhettä tällä parilla on nyt koko pelissä.",
        "en": "Count how many misplays this pair has made in the whole game now.",
        "ru": "Посчитайте, сколько ошибок у этой пары теперь набралось за всю игру.",
    },
    # ---------------------------------------------------------------- Pagat's rules
    "pagat-1": {
        "fi": "Pagatin säännöissä ristiässä ei määrää aloittajaa. Katso, missä jakaja istuu.",
        "en": "Under Pagat's rules the ace of clubs does not choose the leader. Look at where the dealer sits.",
        "ru": "По правилам Pagat туз треф не определяет заходящего. Посмотрите, где сидит сдающий.",
    },
    "pagat-2": {
        "fi": "Pagatin säännöissä ensimmäisen tikin voittaja saa jo ilmoittaa. Tarvitaanko kysymistä, kun kuningas ja kuningatar ovat omassa kädessä?",
        "en": "Under Pagat's rules the winner of the first trick may declare at once. Is a question needed with the king and queen in his own hand?",
        "ru": "По правилам Pagat победитель первой взятки уже может объявлять. Нужен ли вопрос, если король и дама у него на руке?",
    },
    "pagat-3": {
        "fi": "Kumpi pari sai enemmän korttipisteitä? Lisää sitten valtti ja viimeinen tikki sille, jolle ne kuuluvat.",
        "en": "Which pair took more card points? Then add the trump and the last trick to whoever they belong to.",
        "ru": "Какая пара набрала больше очков за карты? Потом прибавьте козырь и последнюю взятку тем, кому они достались.",
    },
    "pagat-4": {
        "fi": "Pagatin säännöissä tavoite ei ole kaksitoista. Mikä se on, ja mitä tapahtuu, kun se ylittyy?",
        "en": "Under Pagat's rules the target is not 12. What is it, and what happens when a pair goes past it?",
        "ru": "По правилам Pagat цель — не 12. Какая она и что бывает, если пара её перебирает?",
    },
    "pagat-5": {
        "fi": "Tässä muunnelmassa ylittää ei tarvitse, mutta maata on yhä tunnustettava. Mikä pata jää sotilaan alle?",
        "en": "In this variation nobody has to beat, but suit must still be followed. Which spade stays under the jack?",
        "ru": "В этом варианте перебивать не нужно, но ходить в масть по-прежнему обязательно. Какая пика младше валета?",
    },
    "pagat-6": {
        "fi": "Pöydän yläpuolella kerrotaan, montako korttia pakassa on. Montako kukin neljästä pelaajasta saa, kun ne jaetaan tasan?",
        "en": "The line above the table says how many cards the pack has. Dealt out evenly to four players, how many does each get?",
        "ru": "Над столом сказано, сколько карт в колоде. Сколько получит каждый из четырёх, если раздать их поровну?",
    },
    "pagat-7": {
        "fi": "Näillä arvoilla ässä ja kymppi ovat kumpikin 10 ja kuvakortit 5; yhdeksiköt ja sitä pienemmät eivät tuo mitään. Laske parin tikit sen mukaan.",
        "en": "With these values the ace and the ten are worth 10 each, the court cards 5, and nines and below nothing. Count the pair's tricks that way.",
        "ru": "При этих значениях туз и десятка стоят по 10, фигуры по 5, а девятки и младше — ничего. Посчитайте так взятки пары.",
    },
    # ---------------------------------------------------------------- Huutopussi
    "huutopussi-1": {
        "fi": "Huutaminen ei ala jakajasta. Katso, kuka istuu hänestä seuraavana myötäpäivään.",
        "en": "The bidding does not start with the dealer. Look at who sits next to him, clockwise.",
        "ru": "Торговля начинается не со сдающего. Посмотрите, кто сидит следующим за ним по часовой стрелке.",
    },
    "huutopussi-2": {
        "fi": "Katso viimeisin huuto. Kelpaako yhtä suuri huuto, vai onko mentävä yli?",
        "en": "Look at the latest bid. Will an equal bid do, or must it go higher?",
        "ru": "Посмотрите на последний заказ. Годится ли такой же или нужно выше?",
    },
    "huutopussi-3": {
        "fi": "Huudon voittaja nimeää valtin. Onko valitsematta jättäminen näissä säännöissä vaihtoehto?",
        "en": "The winner of the bidding names the trumps. Under these rules, is naming none an option?",
        "ru": "Выигравший торговлю называет козырь. Можно ли по этим правилам обойтись без козыря?",
    },
    "huutopussi-4": {
        "fi": "Huutopussissa mariini lasketaan vain, jos se näytetään tikkiä aloitettaessa. Pelkkä kuninkaan pelaaminen ei kerro siitä mitään.",
        "en": "In Huutopussi a marriage counts only if it is shown as the trick is led. Leading the king on its own tells nobody anything.",
        "ru": "В хуутопусси марьяж засчитывается, только если его показывают при ходе. Просто ход королём о нём ничего не говорит.",
    },
    "huutopussi-5": {
        "fi": "Pääsikö huutanut pari huutoonsa? Jos pääsi, se kirjaa keräämänsä, ei pelkkää huutoa.",
        "en": "Did the bidding pair reach its bid? If it did, it scores what it collected, not just the bid.",
        "ru": "Выполнила ли заказавшая пара свой заказ? Если да, она записывает набранное, а не только заказ.",
    },
    "huutopussi-6": {
        "fi": "Laske, mitä huutanut pari keräsi, ja vertaa huutoon. Mitä jää käteen, jos huuto jää saavuttamatta?",
        "en": "Add up what the bidding pair collected and compare it with the bid. What is left when the bid is missed?",
        "ru": "Подсчитайте, что набрала заказавшая пара, и сравните с заказом. Что остаётся, если заказ не выполнен?",
    },
    "huutopussi-7": {
        "fi": "Laske parin tikkien korttipisteet: ässä 11, kymppi 10, kuningas 4, kuningatar 3, sotilas 2. Kuka vei viimeisen tikin?",
        "en": "Add up the card points in the pair's tricks: ace 11, ten 10, king 4, queen 3, jack 2. And who took the last trick?",
        "ru": "Посчитайте очки за карты во взятках пары: туз 11, десятка 10, король 4, дама 3, валет 2. А кто взял последнюю взятку?",
    },
    "huutopussi-8": {
        "fi": "Katso, montako tikkiä huutanut pari otti. Kaikkien tikkien ottamisesta on sovittu oma lisänsä.",
        "en": "See how many tricks the bidding pair took. Taking every trick earns an agreed bonus of its own.",
        "ru": "Посмотрите, сколько взяток взяла заказавшая пара. За все взятки положена оговорённая премия.",
    },
    "huutopussi-9": {
        "fi": "Molemmat parit menevät tässä jaossa rajan yli. Kumpi pari huusi?",
        "en": "Both pairs pass the target with this deal. Which pair made the bid?",
        "ru": "В этой сдаче обе пары переходят порог. Какая пара делала заказ?",
    },
    "huutopussi-10": {
        "fi": "Laske ässät tässä kädessä. Mitä ne oikeuttavat tekemään ennen huutamista?",
        "en": "Count the aces in this hand. What do they entitle the player to before the bidding?",
        "ru": "Посчитайте тузы на этой руке. На что они дают право до торговли?",
    },
    "huutopussi-11": {
        "fi": "Talon kortit tulivat käteen. Montako korttia on poistettava, jotta käsi on taas oikean kokoinen?",
        "en": "The talon's cards are in the hand now. How many must be put away to bring the hand back to its size?",
        "ru": "Карты прикупа теперь на руке. Сколько карт нужно сбросить, чтобы на руке снова было сколько положено?",
    },
    # ---------------------------------------------------------------- Huutopussi with marriage trumps
    "huutopussi-marriage-1": {
        "fi": "Huutaja ei ota kortteja pöydästä: ne tulevat häneltä, joka istuu häntä vastapäätä.",
        "en": "The bidder takes no cards from the table: they come from the player sitting across from him.",
        "ru": "Разыгрывающий не берёт карты со стола: их даёт тот, кто сидит напротив него.",
    },
    "huutopussi-marriage-2": {
        "fi": "Etelä aloitti tikin ja voitti sen. Mitä hänellä itsellään on kädessä ruudusta?",
        "en": "South led the trick and won it. What does he hold himself in diamonds?",
        "ru": "Юг сам начал взятку и взял её. Что у него самого на руке в бубнах?",
    },
    "huutopussi-marriage-3": {
        "fi": "Idällä ei ole omaa kokonaista, mutta tikin hän aloitti ja voitti. Kuka muu voisi pitää ristikokonaista?",
        "en": "East holds no marriage of his own, but he led the trick and won it. Who else might hold the clubs?",
        "ru": "Своего марьяжа у Востока нет, но взятку он начал и взял сам. У кого ещё могут быть король и дама треф?",
    },
    "huutopussi-marriage-4": {
        "fi": "Vertaa kerättyä sitoumukseen. Lunastettu sitoumus tuottaa tasan yhden luvun, ei enempää.",
        "en": "Compare what was collected with the contract. A contract made scores one number exactly, no more.",
        "ru": "Сравните набранное с окончательным заказом. Выполненный заказ приносит ровно одно число, не больше.",
    },
    "huutopussi-marriage-5": {
        "fi": "Itä–Länsi ei saanut yhtään tikkiä. Kumpi luku ratkaisee sakon: huuto vai korotettu sitoumus?",
        "en": "East–West took no trick. Which number sets the penalty: the bid, or the raised contract?",
        "ru": "Восток–Запад не взяли ни одной взятки. Какое число определяет штраф: заказ из торговли или повышенный?",
    },
    "huutopussi-marriage-6": {
        "fi": "Pohjoinen kysyi jo aiemmin pariltaan kokonaista. Mitä se kysyminen esti häneltä tämän jaon loppuun asti?",
        "en": "North already asked his partner for a marriage earlier. What did that ask bar him from for the rest of the deal?",
        "ru": "Север уже спрашивал партнёра о марьяже. Что этот вопрос запретил ему до конца сдачи?",
    },
    "huutopussi-marriage-7": {
        "fi": "Pohjoisen parilla on alle −500 pistettä, ja silti hänen on avattava huutovaihe. Mitä huutokielto hänelle vielä sallii?",
        "en": "North's pair stands below −500, yet he must open the bidding. What does the bidding ban still leave him?",
        "ru": "У пары Севера меньше −500 очков, но открыть торговлю должен он. Что ему ещё оставляет запрет заказывать?",
    },
    "huutopussi-marriage-8": {
        "fi": "Katso Etelän kuutosia. Tämä on hänen ensimmäinen huutovuoronsa: mitä hän voi vielä vaatia?",
        "en": "Look at South's sixes. This is his first turn to call: what may he still demand?",
        "ru": "Посмотрите на шестёрки Юга. Это его первая очередь в торговле: чего он ещё может потребовать?",
    },
    "huutopussi-marriage-9": {
        "fi": "Pohjoisella on hertoista vain toinen kokonaisen puoliskoista, eikä kummallakaan parista ole kokonaista. Mitä hän voi kysyä pariltaan?",
        "en": "North holds only one half of the heart marriage, and neither partner holds a whole one. What can he ask his partner?",
        "ru": "У Севера лишь половина марьяжа в червах, а целого марьяжа нет ни у него, ни у партнёра. О чём он может спросить партнёра?",
    },
    "huutopussi-marriage-10": {
        "fi": "Lisää jaon pisteet kummankin parin summaan. Kun molemmat pääsevät samassa jaossa 500:aan, ratkaiseeko huuto vai summa?",
        "en": "Add the deal to both pairs' totals. When both get to 500 in the same deal, what decides: the bid or the totals?",
        "ru": "Прибавьте очки сдачи к счёту обеих пар. Если обе дошли до 500 в одной сдаче, что решает: заказ или счёт?",
    },
    "huutopussi-marriage-11": {
        "fi": "Etelä voitti huutovaiheen huudolla 55 ja sai pariltaan kolme korttia. Mistä luvusta hänen sitoumuksensa voi alkaa?",
        "en": "South won the bidding at 55 and has taken three cards from his partner. From which number may his contract start?",
        "ru": "Юг выиграл торговлю с заказом 55 и получил три карты от партнёра. С какого числа может начинаться его окончательный заказ?",
    },
    "huutopussi-marriage-12": {
        "fi": "Idän huuto on jo hyvin korkea. Onko huudoilla yläraja?",
        "en": "East's bid is already very high. Is there a ceiling on bids?",
        "ru": "Заказ Востока уже очень высок. Есть ли у заказов верхний предел?",
    },
    "huutopussi-marriage-13": {
        "fi": "Laske vain Pohjoisen ja Etelän tikkien kortit. Kuuluvatko kokonaisen pisteet korttipisteisiin?",
        "en": "Count only the cards in North and South's tricks. Do a marriage's points belong to the card points?",
        "ru": "Посчитайте только карты во взятках Севера и Юга. Входят ли очки за марьяж в очки за карты?",
    },
    "huutopussi-marriage-14": {
        "fi": "Kolmen pelaajan pelissä jaetaan koko pakka kolmen kortin taloa lukuun ottamatta. Jaa loput tasan kolmelle.",
        "en": "With three players the whole pack is dealt except a talon of three cards. Share the rest equally among the three.",
        "ru": "Втроём раздаётся вся колода, кроме прикупа из трёх карт. Разделите остальные карты поровну на троих.",
    },
    "huutopussi-bidding-1": {
        "fi": "Lännellä on kaksi ässää ja herttakokonainen, ja Pohjoinen avasi huudon. Jos Länsi passaa, kuka saa pelin? Ja mitä korkea huuto maksaa, jos sitä ei lunasteta?",
        "en": "West holds two aces and the heart marriage, and North opened the bidding. If West passes, who gets the contract? And what does a high bid cost when it is not made?",
        "ru": "У Запада два туза и марьяж в червах, а Север открыл торговлю. Если Запад спасует, кому достанется заказ? И чего стоит высокий заказ, если он не выполнен?",
    },
    "huutopussi-bidding-2": {
        "fi": "Lännellä on viisi herttaa, niiden joukossa kokonainen, ja hänen parinsa on jo huutanut. Vastapuolikin huutaa. Jos Länsi huutaa vain pykälän yli, kuinka korkealle vastapuoli ehtii, ennen kuin on taas Lännen vuoro?",
        "en": "West holds five hearts with the marriage among them, and his partner has bid already. The other side is bidding too. If West bids only one step over them, how high can they go before his next turn?",
        "ru": "У Запада пять черв, среди них марьяж, а его партнёр уже заказывал. Другая сторона тоже торгуется. Если Запад перебьёт лишь на одну ступень, как высоко она успеет подняться до его следующего хода?",
    },
    "huutopussi-bidding-3": {
        "fi": "Lännen kädessä ei ole ässää, kymppiä eikä kokonaista, ja vastapuoli on jo huutanut korkealle. Mitä käy, jos hän huutaa yli eikä lunasta huutoaan?",
        "en": "West holds no ace, no ten and no marriage, and the other side has already bid high. What happens if he bids over them and does not make it?",
        "ru": "У Запада нет ни туза, ни десятки, ни марьяжа, а другая сторона уже заказала много. Что будет, если он перебьёт заказ и не выполнит его?",
    },
}
