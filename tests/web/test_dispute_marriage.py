"""The dispute page with a deal of Huutopussi with marriage trumps: its example record is
checked whole (the bidding, the exchange, the raise, a declaration, an ask and its answer),
the score is exactly the contract, and a record cut after the exchange says who leads and
that any card may be led."""

from __future__ import annotations

import pytest

from marjapussi.i18n import rule_name
from marjapussi.web import dispute
from marjapussi.web.texts import wt

from .webkit import LANGS, call, check_html

NAME = "huutopussi-marriage-deal"


@pytest.mark.parametrize("lang", LANGS)
def test_the_familys_example_is_offered_and_checked_whole(lang: str) -> None:
    start = dispute.initial("")
    html = dispute.view(start, lang)
    assert wt(f"dp-example:{NAME}", lang) in html
    reply = call("dispute", lang, start, {"type": "example", "name": NAME})
    check_html(reply["html"])
    assert reply["state"]["ex"] == NAME
    for rule in ("marriage-trump", "marriage-value", "exact-contract"):
        assert f"huutopussi-marriage/#{rule}" in reply["html"], rule
    assert rule_name("exact-contract", lang) in reply["html"]


@pytest.mark.parametrize("lang", LANGS)
def test_a_record_cut_after_the_exchange_shows_the_bidders_free_lead(lang: str) -> None:
    text = dispute._example_text(NAME, lang).split("1. HA")[0]
    reply = call("dispute", lang, dispute.initial(""), {"type": "check", "text": text})
    check_html(reply["html"])
    assert reply["html"].count("mp-allowed") >= 9 or reply["html"].count('class="mp-ok') >= 1
