"""What a screen reader hears: cards and suits by name, one message per event, the refused
cards marked (issue 30, items 1–3).

- Every card and suit has a spoken name in the page's language, from the glossary, in the
  nominative; a card control carries it as visually hidden text beside its glyph (hidden
  from screen readers), never as an ``aria-label``; the trump line names its suit.
- Every announcement is plain text with its cards named; one message per event, in the
  order card, trick winner, deal result, "your turn".
- With "show which cards may be played" on, a card the rules refuse is ``aria-disabled``,
  stays a button, and still gets its explained refusal when pressed.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from marjapussi.actions import Play
from marjapussi.cards import ALL_CARDS, Seat, Suit, parse_card
from marjapussi.html import card_html, table_html
from marjapussi.i18n import card_name, describe_error, seat_name, spoken, suit_name, t
from marjapussi.web import play, trick_stepper
from marjapussi.web.play_texts import pt
from marjapussi.web.texts import wt

from .webkit import LANGS, call

SYMBOL = re.compile(r"[♥♦♠♣♡♢♤♧]")
CARD_BUTTON = re.compile(r'<button type="button" class="mp-card-button"[^>]*>(.*?)</button>', re.S)


def test_every_card_has_a_name_of_its_own_in_each_language() -> None:
    for lang in LANGS:
        names = [card_name(card, lang) for card in ALL_CARDS]
        assert len(set(names)) == 36, lang
        assert not any(SYMBOL.search(n) or re.search(r"\d", n) for n in names), names
    # the glossary's words, in the nominative
    assert [card_name(parse_card(c), "fi") for c in ("HK", "CA", "S10", "DQ", "HJ", "C6")] == [
        "herttakuningas", "ristiässä", "patakymppi", "ruutukuningatar", "herttasotilas", "ristikuutonen",
    ]
    assert [card_name(parse_card(c), "en") for c in ("HK", "CA", "S7")] == [
        "king of hearts", "ace of clubs", "seven of spades",
    ]
    assert [card_name(parse_card(c), "ru") for c in ("HK", "CA", "DQ", "S9")] == [
        "король червей", "туз треф", "дама бубен", "девятка пик",
    ]


@pytest.mark.parametrize("lang", LANGS)
def test_a_card_is_seen_as_its_glyph_and_heard_by_its_name(lang: str) -> None:
    card = parse_card("HK")
    html = card_html(card, lang)
    assert '<span aria-hidden="true">♥K</span>' in html
    assert f'<span class="mp-sr">{card_name(card, lang)}</span>' in html
    assert "aria-label" not in html


@pytest.mark.parametrize("lang", LANGS)
def test_the_trump_line_names_the_suit(lang: str) -> None:
    html = table_html({}, [], lang, trump=Suit.SPADES)
    line = re.search(r'<p class="mp-trump">(.*?)</p>', html)
    assert line is not None
    words = re.sub(r'<span[^>]*aria-hidden="true">[^<]*</span>', "", line.group(1))
    # "Valtti: pata", not "Valtti: ♠"
    assert " ".join(words.split()) == f"{t('label:trump', lang)}: {suit_name(Suit.SPADES, lang)}"


def new_game(lang: str, seed: int = 7, legal: bool = False) -> dict[str, Any]:
    state = play.initial("")
    action = {"type": "new", "r": "guild", "seed": seed, "seat": "S", "level": "random", "pace": 0,
              "legal": legal}
    return call("play", lang, state, action)


def reader_cards(html: str) -> list[str]:
    return CARD_BUTTON.findall(html)


@pytest.mark.parametrize("lang", LANGS)
def test_the_card_controls_speak_the_card_names_without_aria_labels(lang: str) -> None:
    reply = new_game(lang)
    state = reply["state"]
    while play.position(state).deal.to_act != Seat.S:  # the bots before the reader
        reply = call("play", lang, state, reply["then"]["action"])
        state = reply["state"]
    buttons = re.findall(r'<button type="button" class="mp-card-button"[^>]*>', reply["html"])
    assert len(buttons) == 9 and not any("aria-label" in b for b in buttons)
    hand = play.position(state).deal.hand(Seat.S)
    inside = reader_cards(reply["html"])
    for card in hand:
        assert any(f'<span class="mp-sr">{card_name(card, lang)}</span>' in b
                   and f'<span aria-hidden="true">{card.symbol}</span>' in b for b in inside), card


def play_deal(lang: str, seed: int) -> list[tuple[str, dict[str, Any]]]:
    """A whole deal through the bridge, the reader playing its first legal card: every
    announcement with the action that brought it."""
    reply = new_game(lang, seed)
    heard = [("new", reply)]
    state = reply["state"]
    while not play.position(state).deal.is_over():
        deal = play.position(state).deal
        if "then" in reply:
            action = reply["then"]["action"]
        else:
            first = deal.legal_actions()[0]
            if isinstance(first, Play) and not first.marriage:
                action = {"type": "play", "card": first.card.code}
            else:  # an answer to an ask, or a declaration the engine offers first
                action = {"type": "act", "code": str(first)}
        reply = call("play", lang, state, action)
        assert reply["ok"], reply["announce"]
        heard.append((action["type"], reply))
        state = reply["state"]
    return heard


@pytest.mark.parametrize("lang", LANGS)
def test_each_event_is_one_message_with_cards_named_in_order(lang: str) -> None:
    heard = play_deal(lang, 11)
    said = [reply["announce"] for _, reply in heard]
    assert not any(SYMBOL.search(s) for s in said), [s for s in said if SYMBOL.search(s)]
    final = play.position(heard[-1][1]["state"]).deal
    # who took each trick: once, in the message of the trick's last card, after the card
    for trick in final.tricks:
        took = wt("takes-trick", lang, seat=seat_name(trick.winner, lang)) + "."
        card = trick.plays[-1][1]
        with_it = [s for s in said if card_name(card, lang) in s]
        assert len(with_it) == 1 and took in with_it[0], (trick, with_it)
        assert with_it[0].index(card_name(card, lang)) < with_it[0].index(took)
    taken = [wt("takes-trick", lang, seat=seat_name(s, lang)) + "." for s in Seat]
    assert sum(s.count(t) for s in said for t in taken) == 9
    # the deal's result once, in the last message, after the winner of the last trick
    points = play.position(heard[-1][1]["state"]).deal_result().points
    result = pt("deal-result", lang, sides="").split(":")[0]
    assert [s for s in said if result in s] == [said[-1]]
    assert said[-1].index(taken[Seat(final.tricks[-1].winner)]) < said[-1].index(result)
    assert all(str(p) in said[-1] for p in points)
    # "your turn" ends exactly the messages after which the reader is to act, and only those
    for _, reply in heard:
        deal = play.position(reply["state"]).deal
        mine = not deal.is_over() and deal.to_act == Seat.S
        assert reply["announce"].endswith(pt("your-turn", lang)) == mine, reply["announce"]
        assert reply["announce"].count(pt("your-turn", lang)) == int(mine)


@pytest.mark.parametrize("lang", LANGS)
def test_a_refusal_is_heard_with_its_cards_named(lang: str) -> None:
    for seed in range(40):
        reply = new_game(lang, seed)
        state = reply["state"]
        while "then" in reply:
            reply = call("play", lang, state, reply["then"]["action"])
            state = reply["state"]
        deal = play.position(state).deal
        refused = [v for v in deal.explain() if not v.allowed]
        if refused:
            break
    else:
        raise AssertionError("no seed gives the reader a refused card")
    card = refused[0].card
    reply = call("play", lang, state, {"type": "play", "card": card.code})
    error = None
    try:
        deal.check(Play(card))
    except Exception as err:  # the engine's refusal, as the page words it
        error = err
    assert error is not None
    assert reply["announce"] == spoken(describe_error(error, lang), lang)  # type: ignore[arg-type]
    assert card_name(card, lang) in reply["announce"] and not SYMBOL.search(reply["announce"])


@pytest.mark.parametrize("lang", LANGS)
def test_refused_cards_are_marked_for_screen_readers_and_still_explained(lang: str) -> None:
    for seed in range(40):
        reply = new_game(lang, seed, legal=True)
        state = reply["state"]
        while "then" in reply:
            reply = call("play", lang, state, reply["then"]["action"])
            state = reply["state"]
        deal = play.position(state).deal
        if any(not v.allowed for v in deal.explain()):
            break
    else:
        raise AssertionError("no seed gives the reader a refused card")
    verdicts = {v.card: v.allowed for v in deal.explain()}
    pattern = r'<button type="button" class="mp-card-button"[^>]*>.*?</button>'
    buttons = re.findall(pattern, reply["html"], re.S)
    assert len(buttons) == len(verdicts)
    for card, allowed in verdicts.items():
        (button,) = [b for b in buttons if f'"card":"{card.code}"' in b.replace("&quot;", '"')]
        assert ('aria-disabled="true"' in button) == (not allowed), (card, button)
        assert " disabled" not in button.replace("aria-disabled", "")  # still focusable
    card = next(c for c, allowed in verdicts.items() if not allowed)
    pressed = call("play", lang, state, {"type": "play", "card": card.code})
    assert pressed["ok"] and pressed["state"]["a"] == state["a"]
    assert card_name(card, lang) in pressed["announce"] and 'class="mp-play-refused"' in pressed["html"]
    # without the marks, nothing is aria-disabled: the reader finds out by trying
    plain = {**state, "legal": False}
    html = call("play", lang, plain, {"type": "resume"})["html"]
    assert "aria-disabled" not in html


@pytest.mark.parametrize("lang", LANGS)
def test_the_stepper_says_who_took_the_trick_and_the_result_with_cards_named(lang: str) -> None:
    state = trick_stepper.initial("example-deal")
    first = call("trick-stepper", lang, state, {"type": "next-card"})
    took = wt("takes-trick", lang, seat=seat_name(Seat.N, lang)) + "."
    assert took not in first["announce"] and not SYMBOL.search(first["announce"])
    trick = call("trick-stepper", lang, first["state"], {"type": "next-trick"})
    assert trick["announce"].endswith(took) and not SYMBOL.search(trick["announce"])
    end = call("trick-stepper", lang, state, {"type": "end"})
    result = pt("deal-result", lang, sides="").split(":")[0]
    assert result in end["announce"] and not SYMBOL.search(end["announce"])
    assert end["announce"].index(result) > end["announce"].index(wt("takes-trick", lang, seat="").split()[0])
