"""The Play page's bidding in seed-004 Huutopussi: its review and its hint (issue 32).

The review weighs each of the reader's calls over ``AUCTION_REVIEW_DEALS`` sampled deals
(``analysis.auction``) in the review's slices, beside the deal's open-card par; the hint
during the bidding is the evaluation's best call, anytime, worked out in the page's
follow-up slices with a progress line. Every evaluation searches whole deals with the
compiled core, so the tests that work out a whole review are marked slow.
"""

from __future__ import annotations

from html import unescape
from typing import Any

import pytest

from marjapussi import game
from marjapussi.actions import Bid, NameTrump, Pass
from marjapussi.analysis.auction import (
    AuctionEvaluation,
    CallValue,
    CallWork,
    DealsSetAside,
    evaluate_call,
    evaluation_seed,
)
from marjapussi.analysis.core import backend
from marjapussi.analysis.view import SeatView
from marjapussi.cards import Seat, Suit
from marjapussi.deal import Phase
from marjapussi.escaping import escape
from marjapussi.game import RULESETS
from marjapussi.html import text_html
from marjapussi.i18n import describe_error
from marjapussi.web import play
from marjapussi.web.play_texts import pt
from marjapussi.web.table_view import auction_hint_text, call_review_text, example_html

from .test_play_widget import bots, new_game, play_deal
from .webkit import LANGS, call, check_html

pytestmark = pytest.mark.skipif(
    backend(RULESETS["huutopussi"]) != "core", reason="the compiled core is not built"
)


def _value(call_: Any, mean: float, se: float, close: bool, made: int | None, deals: int) -> CallValue:
    return CallValue(call_, mean, 10.0, deals, se, close, made)


def _evaluation(own: Any, values: list[CallValue], deals: int, level: int = 0) -> AuctionEvaluation:
    return AuctionEvaluation(Seat.S, 3, tuple(values), own, deals, level)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("deals", [1, 2, 5, 12, 21, 22])
def test_a_call_in_the_review_is_said_in_words_with_its_counts(lang: str, deals: int) -> None:
    best = _value(Bid(60), 14.5, 0.0, True, min(deals, 9), deals)
    close = _value(Pass(), 12.0, 3.0, True, None, deals)
    costly = _value(Bid(90), -30.0, 5.0, False, 0, deals)
    values = [best, close, costly]
    said_best = call_review_text(_evaluation(Bid(60), values, deals), lang)
    said_close = call_review_text(_evaluation(Pass(), values, deals), lang)
    said_costly = call_review_text(_evaluation(Bid(90), values, deals), lang)
    # the best call: what it brings, and how often it is made, "in 9 of 12 deals"
    assert pt("balance-ahead", lang, points=14.5) in said_best
    label = play.log_label(Bid(60), lang)
    made = pt("review-call-made", lang, call=label, bid=60, made=min(deals, 9), deals=deals)
    assert made in said_best
    # too close to call is no finding: no cost is named
    close_words = pt("review-call-close", lang, call=play.log_label(Pass(), lang), best=label, deals=deals)
    assert close_words[1:] in said_close
    assert "44.5" not in said_close and "2.5" not in said_close and "2,5" not in said_close
    # a costly call: what it cost against the better call, and how often each is made
    assert ("44.5" if lang == "en" else "44,5") in said_costly
    assert made in said_costly
    for text in (said_best, said_close, said_costly):
        assert text[0].isupper() and "{" not in text


@pytest.mark.parametrize("lang", LANGS)
def test_a_best_call_that_still_loses_says_so(lang: str) -> None:
    values = [
        _value(NameTrump(Suit.HEARTS), -8.0, 0.0, True, 3, 12),
        _value(NameTrump(Suit.CLUBS), -30.0, 4.0, False, 0, 12),
    ]
    said = call_review_text(_evaluation(NameTrump(Suit.HEARTS), values, 12, level=70), lang)
    assert pt("balance-behind", lang, points=8) in said
    assert pt("review-call-made", lang, call=play.log_label(NameTrump(Suit.HEARTS), lang), bid=70, made=3,
              deals=12) in said
    hint = auction_hint_text(_evaluation(None, values, 12, level=70), lang)
    assert pt("hint-auction-deals", lang, deals=12) in hint and "{" not in hint


def _reader_to_call(r: str, lang: str = "en") -> dict[str, Any]:
    """A game of ``r`` at the first point where the reader (South) has a call to make with a
    choice, against club bots."""
    for seed in range(1, 40):
        reply = bots(new_game(r, lang, seed=seed, level="club"), lang)
        deal = play.position(reply["state"]).deal
        if deal.phase is Phase.BID and deal.to_act == Seat.S and len(deal.legal_actions()) > 1:
            return reply
    raise AssertionError("no game where South has a call to make")


def _follow(reply: dict[str, Any], kind: str, lang: str, most: int = 2000) -> tuple[dict[str, Any], int]:
    """Send the page's own follow-ups of ``kind`` until none is asked; the last reply and how many."""
    count = 0
    while reply.get("then", {}).get("action", {}).get("type") == kind:
        assert reply["then"]["delay_ms"] == 0
        reply = call("play", lang, reply["state"], reply["then"]["action"])
        assert reply["ok"], reply["announce"]
        count += 1
        assert count < most
    return reply, count


def test_the_hint_during_the_bidding_is_the_evaluations_best_call_worked_out_in_slices() -> None:
    reply = _reader_to_call("huutopussi")
    assert 'data-focus-key="hint"' in reply["html"]
    asked = call("play", "en", reply["state"], {"type": "hint"})
    assert asked["ok"] and asked["state"]["hint"] == 1 and asked["state"]["hm"].endswith("1")
    work = play.game_of(asked["state"]).auction_work()
    assert work is not None
    if "then" in asked:  # not worked out by an earlier test: a progress line, and the slices follow
        assert asked["then"]["action"]["type"] == "hint-step"
        assert 'data-hint="busy"' in asked["html"] and "<progress" in asked["html"]
        assert asked["announce"] == pt("hint-auction-busy", "en", deals=work.deals)
    done, _ = _follow(asked, "hint-step", "en")
    check_html(done["html"])
    evaluation = work.result()
    assert 1 <= evaluation.deals <= play.HINT_DEALS
    text = auction_hint_text(evaluation, "en")
    assert text_html(text, "en") in done["html"]
    assert pt("hint-auction-deals", "en", deals=evaluation.deals) in text
    assert play.log_label(evaluation.best.call, "en") in text
    assert evaluation.best.call in play.position(done["state"]).deal.legal_actions()
    # the best call's example deal a tap away (issue 32, Decided 6), right after the hint
    rules = RULESETS["huutopussi"]
    assert evaluation.best.example is not None
    assert '</p><details class="mp-play-example">' in done["html"]
    assert example_html(evaluation.best, evaluation, rules, "en") in done["html"]
    # the same hint in every language, from the same work
    for lang in ("fi", "ru"):
        shown = call("play", lang, done["state"], {"type": "settings", "pace": 0, "legal": 1, "back": 1})
        assert text_html(auction_hint_text(work.result(), lang), lang) in shown["html"]
        assert example_html(work.result().best, work.result(), rules, lang) in shown["html"]
    # a second press weighs more deals; the button says so
    assert escape(pt("hint-refine", "en")) in done["html"]
    again = call("play", "en", done["state"], {"type": "hint"})
    assert again["state"]["hint"] == 2
    refined, _ = _follow(again, "hint-step", "en")
    assert work.result().deals >= evaluation.deals
    assert text_html(auction_hint_text(work.result(), "en"), "en") in refined["html"]
    # a call made: the hint is gone, and a late slice changes nothing
    bid = call("play", "en", refined["state"], {"type": "act", "code": str(evaluation.best.call)})
    assert bid["ok"] and bid["state"]["hint"] == 0
    late = call("play", "en", bid["state"], {"type": "hint-step", "n": len(refined["state"]["a"]) // 2})
    assert late["ok"] and late["state"] == bid["state"] and late["announce"] == ""


def test_a_hint_whose_every_deal_is_set_aside_says_so_and_ends(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every search past a cap of one node: the hint sets aside the deals it may, then says
    that no deal could be weighed, and asks for no more slices."""
    monkeypatch.setitem(CallWork.__init__.__kwdefaults__, "node_cap", 1)
    game._auction_work.cache_clear()  # the work of another test, with the usual cap
    try:
        reply = _reader_to_call("huutopussi")
        asked = call("play", "en", reply["state"], {"type": "hint"})
        done, _ = _follow(asked, "hint-step", "en")
        work = play.game_of(done["state"]).auction_work()
        assert work is not None and work.exhausted and work.deals == 0
        said = describe_error(DealsSetAside(work.set_aside), "en")
        assert done["announce"] == said and "then" not in done
        again = call("play", "en", done["state"], {"type": "hint"})
        assert again["ok"] and again["announce"] == said and "then" not in again
    finally:
        game._auction_work.cache_clear()


@pytest.mark.slow
@pytest.mark.parametrize("r", ["huutopussi", "huutopussi3"])
def test_the_review_weighs_the_readers_calls_and_gives_the_par(r: str) -> None:
    reply = play_deal(new_game(r, seed=4, level="beginner"), 4)
    state = reply["state"]
    work = play.review_work(state)
    assert work is not None and work.calls_at
    shown = call("play", "en", state, {"type": "review"})
    shown, _ = _follow(shown, "review-step", "en", most=20_000)
    assert work.complete and work.par is not None and len(work.calls) == len(work.calls_at)
    deals = play.AUCTION_REVIEW_DEALS[RULESETS[r].players]
    for lang in LANGS:
        html = call("play", lang, shown["state"], {"type": "review"})["html"]
        check_html(html)
        part = html[html.index("mp-play-review-auction"): html.index(escape(pt("review-cards-title", lang)))]
        assert 'data-auction="ready"' in part
        assert escape(pt("review-auction-method", lang, deals=deals)) in part
        assert part.count("<li>") - part.count('<li><span class="mp-card') == len(work.calls_at)
        assert part.count('<details class="mp-play-example">') == len(work.calls_at)  # one a call
        assert part.count('class="mp-play-par"') == (3 if r == "huutopussi3" else 2)
        # the bidding comes before the card play
        assert html.index("mp-play-review-auction") < html.index(escape(pt("review-cards-title", lang)))
        assert "{" not in unescape(part)
    # the figures are the evaluation's, seeded by the game, the deal and the call's place
    # (Decided 5): ``analyse`` gives the same for the same call
    game = play.game_of(state)
    index = work.calls_at[0]
    deal = game.deal_at(index)
    own = play.position(state).deal.history[index][1]
    number = play.position(state).number
    again = evaluate_call(SeatView.of(deal, Seat.S), evaluation_seed(game.seed, number, index), own,
                          max_deals=deals)
    assert again == work.calls[0]


def test_a_review_of_a_bidding_with_no_choice_says_so_in_every_language() -> None:
    """A reader whose every call was forced gets a sentence, not a missing text."""
    from marjapussi.rules import find_rules
    from marjapussi.web.table_view import auction_review_html

    for lang, word in (("fi", "pakotettu"), ("en", "forced"), ("ru", "вынужденным")):
        html = auction_review_html([], [], 12, find_rules("huutopussi"), lang)
        assert word in html, html
