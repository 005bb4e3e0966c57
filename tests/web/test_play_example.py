"""The example deal a tap away beside a call's figures (issue 32, Decided 6): a native
disclosure that names the call, says what the side got in that deal and shows the other
hands as dealt, every card named for a screen reader, in Finnish, English and Russian."""

from __future__ import annotations

from html import unescape

import pytest

from marjapussi.actions import Bid, Give, Pass
from marjapussi.analysis.auction import AuctionEvaluation, CallValue, Example
from marjapussi.cards import Seat, cards_of, deck, mask_of
from marjapussi.escaping import escape
from marjapussi.html import card_html
from marjapussi.rules import find_rules
from marjapussi.web.play_texts import pt
from marjapussi.web.table_view import auction_review_html, example_html
from marjapussi.web.texts import wt

from .webkit import LANGS, check_html

RULES = find_rules("huutopussi")
RULES3 = find_rules("huutopussi3")
COUNTS = (0, 1, 2, 5, 21, 22)


def _hands(players: int) -> tuple[tuple[int, ...], int]:
    cards = deck(36)
    if players == 4:
        return tuple(mask_of(cards[i * 9:(i + 1) * 9]) for i in range(4)), 0
    hands = (mask_of(cards[0:11]), mask_of(cards[11:22]), mask_of(cards[22:33]), 0)
    return hands, mask_of(cards[33:])


def _evaluation(value: CallValue, level: int = 0) -> AuctionEvaluation:
    return AuctionEvaluation(Seat.S, 3, (value,), value.call, 12, level)


def _value(call: object, collected: int | None, made: bool | None, score: float = 10.0,
           players: int = 4) -> CallValue:
    hands, talon = _hands(players)
    example = Example(4, hands, talon, score, collected, made)
    return CallValue(call, 10.0, 5.0, 12, 0.0, True, None if made is None else 7, example)


@pytest.mark.parametrize("lang", LANGS)
def test_the_example_is_a_disclosure_naming_the_call_and_every_card_of_the_other_hands(lang: str) -> None:
    value = _value(Bid(60), 64, True)
    html = example_html(value, _evaluation(value), RULES, lang)
    check_html(html)
    assert html.startswith('<details class="mp-play-example"><summary>') and html.endswith("</details>")
    summary = html[html.index("<summary>") + 9: html.index("</summary>")]
    assert unescape(summary) == pt("example-summary", lang, call=_label(Bid(60), lang))
    assert escape(pt("example-made", lang, points=64, bid=60)) in html
    assert escape(pt("example-hands", lang)) in html
    hands, _ = _hands(4)
    for seat in (Seat.N, Seat.E, Seat.W):  # the other hands, each card seen and heard by name
        assert escape(wt("hand-of", lang, seat=_seat(seat, lang))) in html
        for card in cards_of(hands[seat]):
            assert card_html(card, lang) in html
    for card in cards_of(hands[Seat.S]):  # the reader's own hand is not shown again
        assert card_html(card, lang) not in html
    assert html.count('<ul class="mp-hand">') == 3 and "{" not in unescape(html)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("points", COUNTS)
def test_the_examples_sentence_reads_right_for_every_count(lang: str, points: int) -> None:
    made = _value(Bid(50), points, points >= 50)
    failed = _value(Bid(60), points, False)
    behind = _value(Pass(), None, None, score=-points)
    ahead = _value(Pass(), None, None, score=points)
    for value in (made, failed, behind, ahead):
        html = unescape(example_html(value, _evaluation(value), RULES, lang))
        assert "{" not in html
    counted = {
        "fi": {0: "0 pistettä", 1: "1 piste", 2: "2 pistettä", 5: "5 pistettä", 21: "21 pistettä",
               22: "22 pistettä"},
        "en": {0: "0 points", 1: "1 point", 2: "2 points", 5: "5 points", 21: "21 points", 22: "22 points"},
        "ru": {0: "0 очков", 1: "1 очко", 2: "2 очка", 5: "5 очков", 21: "21 очко", 22: "22 очка"},
    }[lang][points]
    assert counted in unescape(example_html(failed, _evaluation(failed), RULES, lang))
    said = unescape(example_html(behind, _evaluation(behind), RULES, lang))
    if points:
        assert counted in said
        assert pt("example-behind", lang, call=_label(Pass(), lang), points=points) in said
    else:  # no points either way: level with the others
        assert pt("example-level", lang, call=_label(Pass(), lang)) in said


@pytest.mark.parametrize("lang", LANGS)
def test_three_players_show_the_two_other_hands_and_the_talon(lang: str) -> None:
    value = _value(Bid(60), 52, False, players=3)
    html = example_html(value, _evaluation(value), RULES3, lang)
    check_html(html)
    assert html.count('<ul class="mp-hand">') == 3  # North, East and the talon (South reads)
    assert escape(pt("example-talon", lang)) in html
    assert escape(pt("example-failed", lang, points=52, bid=60)) in html
    _, talon = _hands(3)
    assert all(card_html(c, lang) in html for c in cards_of(talon))


@pytest.mark.parametrize("lang", LANGS)
def test_an_exchange_says_whether_the_contract_is_made(lang: str) -> None:
    give = Give(tuple(deck(36)[:3]))
    value = _value(give, None, False)
    html = example_html(value, _evaluation(value, level=70), find_rules("huutopussi-marriage"), lang)
    assert escape(pt("example-contract-failed", lang, bid=70)) in html


@pytest.mark.parametrize("lang", LANGS)
def test_the_review_shows_each_calls_example(lang: str) -> None:
    value = _value(Bid(60), 64, True)
    html = auction_review_html([_evaluation(value)], [], 12, RULES, lang)
    check_html(html)
    assert example_html(value, _evaluation(value), RULES, lang) in html
    bare = CallValue(Bid(60), 10.0, 5.0, 12, 0.0, True, 7)  # no example kept: no disclosure
    assert "<details" not in auction_review_html([_evaluation(bare)], [], 12, RULES, lang)


def _label(call: object, lang: str) -> str:
    from marjapussi.web.table_view import _call_label

    return _call_label(call, lang)  # type: ignore[arg-type]


def _seat(seat: Seat, lang: str) -> str:
    from marjapussi.i18n import seat_name

    return seat_name(seat, lang)
