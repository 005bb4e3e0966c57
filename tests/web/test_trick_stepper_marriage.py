"""The trick stepper over a deal of Huutopussi with marriage trumps: the bidding, the
exchange seen only by the bidder's pair, the raise, a marriage that makes trumps, an ask
whose answer replaces them, and exactly the contract scored."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from marjapussi.cards import Seat
from marjapussi.i18n import rule_name, seat_name
from marjapussi.marriage_trumps import MarriageTrumpDeal
from marjapussi.web import trick_stepper
from marjapussi.web.common import load_record
from marjapussi.web.texts import wt

from .webkit import LANGS, call, check_html

ROOT = Path(__file__).resolve().parents[2]
NAME = "huutopussi-marriage-deal"


def test_the_example_is_the_same_deal_in_every_language_and_the_shipped_record() -> None:
    records = [load_record(f"{NAME}.{lang}.mjp") for lang in LANGS]
    shipped = (ROOT / "examples/records/huutopussi-marriage-deal.mjp").read_text("utf-8")
    for record in records:
        deal = record.deals[0]
        assert record.rules.name == "huutopussi-marriage"
        assert deal.hands == records[0].deals[0].hands and deal.dealer == records[0].deals[0].dealer
        assert [str(a.action) for a in deal.actions] == [str(a.action) for a in records[0].deals[0].actions]
    moves = " ".join(str(a.action) for a in records[0].deals[0].actions)
    movetext = shipped.split('[W "')[1].split("\n", 1)[1]
    assert re.sub(r"\{[^}]*\}|\d+\.|,", " ", movetext).split() == moves.split()


def test_the_deal_holds_what_the_rules_page_promises() -> None:
    deal = trick_stepper._step(NAME, trick_stepper.total(NAME), "en").deal
    assert isinstance(deal, MarriageTrumpDeal) and deal.is_over()
    # diamonds made trumps by South's own marriage, then clubs by West's answer to East's ask
    assert [(d.seat, d.holder, d.suit.letter, d.method) for d in deal.declarations] == [
        (Seat.S, Seat.S, "D", "own"), (Seat.E, Seat.W, "C", "whole")]
    score = deal.result()
    assert (score.bid, score.contract, score.bidder) == (55, 60, Seat.S)
    assert score.points == (60, 134) and score.made and score.collected == (136, 134)


@pytest.mark.parametrize("lang", LANGS)
def test_every_step_renders_and_names_its_action_in_words(lang: str) -> None:
    state = trick_stepper.initial(NAME)
    for n in range(trick_stepper.total(NAME) + 1):
        for view in ("all", "N", "E", "S", "W"):
            html = trick_stepper.view({**state, "n": n, "view": view}, lang)
            check_html(html)
            now = re.search(r'mp-step-now">(.*?)</div>', html, re.S)
            assert now is not None
            # no record keyword reaches the reader (bid 50, give H7 D7 C7, contract 60)
            assert not re.search(r"\b(bid|give|return|contract|pass) [\dHDSC]", now.group(1)), now.group(1)
    start = trick_stepper.view(state, lang)
    assert wt("step-calls-first", lang, seat=seat_name(Seat.N, lang)) in start


@pytest.mark.parametrize("lang", LANGS)
def test_the_exchange_is_shown_to_the_bidders_pair_only(lang: str) -> None:
    gave = {"rec": NAME, "n": 6}  # North gives H7 D7 C7
    returned = {"rec": NAME, "n": 8}
    for state in (gave, returned):
        for view in ("all", "N", "S"):
            assert "♥7 ♦7 ♣7" in trick_stepper.view({**state, "view": view}, lang)
        for view in ("E", "W"):
            html = trick_stepper.view({**state, "view": view}, lang)
            now = re.search(r'mp-step-now">(.*?)</div>', html, re.S)
            assert now is not None and "♥7" not in now.group(1)
            assert "data-card=\"H7\"" not in html  # the cards are in North's or South's hidden hand


@pytest.mark.parametrize("lang", LANGS)
def test_declarations_and_asks_link_the_familys_own_rules(lang: str) -> None:
    own = trick_stepper.view({"rec": NAME, "n": 13, "view": "all"}, lang)
    assert "huutopussi-marriage/#marriage-own" in own
    ask = trick_stepper.view({"rec": NAME, "n": 22, "view": "all"}, lang)
    assert "huutopussi-marriage/#marriage-ask-whole" in ask and "guild/" not in ask
    now = re.sub(r"<[^>]+>", " ", ask.split("mp-step-now")[1][:400])
    assert wt("burns-now", lang, what="").split()[0] not in now  # the family burns nothing
    assert rule_name("marriage-ask-whole", lang) in ask


@pytest.mark.parametrize("lang", LANGS)
def test_the_end_scores_exactly_the_contract_and_no_era(lang: str) -> None:
    reply = call("trick-stepper", lang, trick_stepper.initial(NAME), {"type": "end"})
    html = reply["html"]
    assert "mp-steps" in html and "mp-era" not in html
    assert wt("col-collected", lang) in html and rule_name("exact-contract", lang) in html
    assert ">60<" in html.replace("<strong>", "").replace("</strong>", "") and "134" in html
