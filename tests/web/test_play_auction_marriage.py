"""The Play page's bidding and exchange in the marriage family (``huutopussi-marriage``,
``huutopussi-marriage3``): the hint and the review weigh them (issue 32, Decided 1, 3, 5, 6).

The review weighs each of the reader's bids and sets of cards given, given back or put away
over ``MARRIAGE_REVIEW_DEALS`` sampled deals (``analysis.auction_marriage.MarriageWork``) in
the review's slices; the hint during the bidding and the exchange is the evaluation's best
choice, anytime, in the page's follow-up slices with a progress line. Each evaluation
searches whole deals with the compiled core, so the whole review's test is marked slow.
"""

from __future__ import annotations

from html import unescape
from typing import Any

import pytest

from marjapussi.actions import Give, Pass
from marjapussi.analysis.auction import evaluation_seed
from marjapussi.analysis.auction_marriage import MarriageWork, evaluate_marriage_call
from marjapussi.analysis.core import backend
from marjapussi.analysis.view import SeatView
from marjapussi.cards import Seat
from marjapussi.deal import Phase
from marjapussi.escaping import escape
from marjapussi.game import RULESETS, auction_reviewed
from marjapussi.html import text_html
from marjapussi.web import play
from marjapussi.web.play_texts import pt
from marjapussi.web.table_view import auction_hint_text, example_html

from .test_play_auction import _follow
from .test_play_widget import bots, new_game, play_deal
from .webkit import LANGS, call, check_html

pytestmark = pytest.mark.skipif(
    backend(RULESETS["huutopussi-marriage"]) != "core", reason="the compiled core is not built"
)


def test_the_marriage_family_is_weighed_where_the_core_serves_it() -> None:
    for r in ("huutopussi-marriage", "huutopussi-marriage3"):
        rules = RULESETS[r]
        assert auction_reviewed(rules)
        assert play.auction_deals(rules) == play.MARRIAGE_REVIEW_DEALS[rules.players] > 1


def _reader_at(phase: Phase, r: str = "huutopussi-marriage") -> dict[str, Any]:
    """A game of ``r`` at the first point where the reader (South) has a choice in ``phase``;
    the reader passes whenever it may until then."""
    for seed in range(1, 60):
        reply = bots(new_game(r, seed=seed, level="club"))
        while True:
            deal = play.position(reply["state"]).deal
            if deal.is_over() or deal.to_act != Seat.S:
                break
            if deal.phase is phase and len(deal.legal_actions()) > 1:
                return reply
            if deal.phase is not Phase.BID or Pass() not in deal.legal_actions():
                break
            reply = bots(call("play", "en", reply["state"], {"type": "act", "code": str(Pass())}))
    raise AssertionError(f"no game where South has a choice in {phase}")


def _hint_shown(reply: dict[str, Any]) -> tuple[dict[str, Any], MarriageWork]:
    asked = call("play", "en", reply["state"], {"type": "hint"})
    assert asked["ok"] and asked["state"]["hint"] == 1
    work = play.game_of(asked["state"]).auction_work()
    assert isinstance(work, MarriageWork)
    if "then" in asked:  # not worked out by an earlier test: a progress line, and the slices follow
        assert asked["then"]["action"]["type"] == "hint-step"
        assert 'data-hint="busy"' in asked["html"] and "<progress" in asked["html"]
    done, _ = _follow(asked, "hint-step", "en")
    check_html(done["html"])
    return done, work


def test_the_hint_during_the_marriage_bidding_is_the_evaluations_best_call() -> None:
    done, work = _hint_shown(_reader_at(Phase.BID))
    evaluation = work.result()
    assert 1 <= evaluation.deals <= play.HINT_DEALS
    text = auction_hint_text(evaluation, "en")
    assert text_html(text, "en") in done["html"]
    assert pt("hint-auction-deals", "en", deals=evaluation.deals) in text
    assert evaluation.best.call in play.position(done["state"]).deal.legal_actions()
    for lang in LANGS:  # the best call's example deal a tap away (issue 32, Decided 6)
        shown = call("play", lang, done["state"], {"type": "settings", "pace": 0, "legal": 1, "back": 1})
        assert text_html(auction_hint_text(work.result(), lang), lang) in shown["html"]
        rules = RULESETS["huutopussi-marriage"]
        assert example_html(work.result().best, work.result(), rules, lang) in shown["html"]
        assert '<details class="mp-play-example">' in shown["html"]


def test_the_hints_figures_so_far_show_and_are_said_once_while_it_refines_them(monkeypatch: Any) -> None:
    """The hint's first figures come as soon as one deal is weighed, said as such (on how few
    deals they stand, and that the weighing goes on), with the progress line; they are announced
    once, their refinements are not, and the last figures are announced when the hint is done
    (here after three deals, whatever the machine's speed: the time is taken out of it)."""
    monkeypatch.setattr(play, "HINT_SECONDS", 1e9)
    monkeypatch.setattr(play, "HINT_DEALS", 3)
    for seed in range(100, 160):  # a game of its own: its hint not yet worked out by another test
        reply = bots(new_game("huutopussi-marriage", seed=seed, level="beginner"))
        deal = play.position(reply["state"]).deal
        if deal.phase is Phase.BID and deal.to_act == Seat.S and len(deal.legal_actions()) > 1:
            break
    reply = call("play", "en", reply["state"], {"type": "hint"})
    work = play.game_of(reply["state"]).auction_work()
    assert isinstance(work, MarriageWork) and work.deals == 0
    said: list[str] = []
    partial: set[int] = set()
    while reply.get("then", {}).get("action", {}).get("type") == "hint-step":
        reply = call("play", "en", reply["state"], reply["then"]["action"])
        check_html(reply["html"])
        if reply["announce"]:
            said.append(reply["announce"])
        if 'data-hint="partial"' in reply["html"]:
            partial.add(work.deals)
            so_far = auction_hint_text(work.result(), "en", so_far=True)
            assert text_html(so_far, "en") in reply["html"] and "<progress" in reply["html"]
            assert pt("hint-auction-so-far", "en", deals=work.deals) in so_far
            if work.deals == 1:
                assert pt("hint-auction-next", "en", call="|", loss="").split("|")[0] not in so_far
    assert partial == {1, 2} and work.deals == 3
    first = MarriageWork(SeatView.of(play.position(reply["state"]).deal, Seat.S),
                         play.game_of(reply["state"]).auction_seed(), max_deals=1, pilot=1).finish()
    assert said == [auction_hint_text(first, "en", so_far=True), auction_hint_text(work.result(), "en")]
    assert 'data-hint="partial"' not in reply["html"] and 'data-hint="busy"' not in reply["html"]


def test_the_hint_during_the_exchange_names_the_cards_to_give() -> None:
    done, work = _hint_shown(_reader_at(Phase.GIVE))
    evaluation = work.result()
    assert isinstance(evaluation.best.call, Give)
    for lang in LANGS:
        shown = call("play", lang, done["state"], {"type": "settings", "pace": 0, "legal": 1, "back": 1})
        text = auction_hint_text(evaluation, lang)
        assert text.startswith(pt("hint-exchange", lang, call="|", balance="").split("|")[0])
        assert all(card.symbol in text for card in evaluation.best.call.cards)
        assert text_html(text, lang) in shown["html"]
        # the exchange's example says whether the contract is made there
        rules = RULESETS["huutopussi-marriage"]
        assert example_html(evaluation.best, evaluation, rules, lang) in shown["html"]


@pytest.mark.slow
def test_the_review_weighs_the_readers_bids_and_exchange() -> None:
    for seed in range(1, 30):
        state = play_deal(new_game("huutopussi-marriage", seed=seed, level="beginner"), seed)["state"]
        work = play.review_work(state)
        assert work is not None
        if len(work.calls_at) >= 2:
            break
    else:
        raise AssertionError("no deal where the reader made two weighed calls")
    shown = call("play", "en", state, {"type": "review"})
    shown, _ = _follow(shown, "review-step", "en", most=20_000)
    assert work.complete and len(work.calls) == len(work.calls_at) and work.par is not None
    deals = play.MARRIAGE_REVIEW_DEALS[4]
    for lang in LANGS:
        html = call("play", lang, shown["state"], {"type": "review"})["html"]
        check_html(html)
        cards = html.index(escape(pt("review-cards-title", lang)))
        part = html[html.index("mp-play-review-auction"): cards]
        assert 'data-auction="ready"' in part
        assert escape(pt("review-exchange-title", lang)) in part
        assert escape(pt("review-exchange-method", lang, deals=deals)) in part
        calls = part.count("<li>") - part.count('<li><span class="mp-card')  # not the examples' cards
        assert calls == len(work.calls_at) and part.count("mp-play-par") == len(work.par) == 2
        assert part.count('<details class="mp-play-example">') == len(work.calls_at)  # one a call
        assert "{" not in unescape(part)
    # the figures are the evaluation's, seeded by the game, the deal and the call's place
    game = play.game_of(state)
    index = work.calls_at[-1]
    own = play.position(state).deal.history[index][1]
    seed_ = evaluation_seed(game.seed, play.position(state).number, index)
    again = evaluate_marriage_call(SeatView.of(game.deal_at(index), Seat.S), seed_, own, max_deals=deals)
    assert again == work.calls[-1]
