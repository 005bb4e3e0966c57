"""The dispute builder for Huutopussi with marriage trumps (four and three players): what
is the family's own. Whole random deals of both presets are built in
test_dispute_builder_hp.py (its ``NEW_RULES``), whose helpers tap a deal together through
the bridge, checking at every step that the builder offers exactly what the engine offers.
Here: the family's example with a declaration, an ask and its answer; positions cut in the
exchange (or the three-player discard); a wrong pick refused in words; the contract list.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from marjapussi.actions import Discard, Give
from marjapussi.cards import deck
from marjapussi.deal import Phase
from marjapussi.record import parse_record, replay
from marjapussi.web import dispute
from marjapussi.web.texts import wt

from .test_dispute_builder_hp import build, engine_deal, offered, pasted, result_of
from .webkit import LANGS, call

KIND = "dispute"
FAMILY = ("huutopussi-marriage", "huutopussi-marriage3")
RECORDS = Path(__file__).resolve().parents[2] / "examples" / "records"


@pytest.mark.parametrize("lang", LANGS)
def test_the_familys_example_with_a_declaration_an_ask_and_its_answer_is_built_by_taps(lang: str) -> None:
    text = (RECORDS / "huutopussi-marriage-deal.mjp").read_text(encoding="utf-8")
    deal = replay(parse_record(text)).last
    kinds = {type(a).__name__ for _, a in deal.history}
    assert {"Give", "SetContract", "ReturnCards", "Declare", "AskWhole", "Answer"} <= kinds
    reply = build(deal, "huutopussi-marriage", lang)
    built = dispute.record_text(reply["state"], lang)
    assert [a.action for a in parse_record(built).deals[0].actions] == [a for _, a in deal.history]
    assert result_of(reply["html"]) == result_of(pasted(built, lang))  # word for word


@pytest.mark.parametrize("name", FAMILY)
@pytest.mark.parametrize("seed", [2, 3])
def test_positions_in_the_exchange_or_discard_built_give_what_pasting_gives(name: str, seed: int) -> None:
    whole = engine_deal(name, seed)
    # the exchange (four players: give, contract, return) or the talon's discard (three)
    calls = next(i for i, (_, a) in enumerate(whole.history) if isinstance(a, (Give, Discard)))
    for stop in (calls, calls + 1, calls + 2, calls + 3):
        deal = whole.copy_start()
        for _, act in whole.history[:stop]:
            deal.push(act)
        reply = build(deal, name)
        text = dispute.record_text(reply["state"], "en")
        assert result_of(reply["html"]) == result_of(pasted(text, "en"))


def test_a_wrong_pick_in_the_exchange_is_refused_in_words() -> None:
    deal = engine_deal("huutopussi-marriage", 4)
    calls = next(i for i, (_, a) in enumerate(deal.history) if isinstance(a, Give))
    start = deal.copy_start()
    for _, act in deal.history[:calls]:
        start.push(act)
    state = build(start, "huutopussi-marriage")["state"]
    for lang in LANGS:
        reply = call(KIND, lang, state, {"type": "b-discard"})
        assert reply["announce"] == wt("db-pick-three:give", lang) and reply["state"] == state
    giver = start.to_act
    other = next(c for c in deck(36) if c not in start.hand(giver))
    reply = call(KIND, "en", state, {"type": "b-pick", "card": other.code})
    assert reply["announce"] == wt("db-play-no", "en") and reply["state"]["b"]["pick"] == []
    # a card tapped as a play during the exchange is not a play
    reply = call(KIND, "en", state, {"type": "b-play", "act": start.hand(giver)[0].code})
    assert reply["announce"] == wt("db-play-no", "en") and reply["state"]["b"]["acts"] == state["b"]["acts"]


def test_the_contract_list_offers_every_contract_above_the_buttons() -> None:
    deal = engine_deal("huutopussi-marriage", 5)
    at = next(i for i, (_, a) in enumerate(deal.history) if isinstance(a, Give)) + 1
    start = deal.copy_start()
    for _, act in deal.history[:at]:
        start.push(act)
    assert start.phase is Phase.CONTRACT
    for lang in LANGS:
        html = build(start, "huutopussi-marriage", lang, check_offers=False)["html"]
        assert wt("db-to-contract", lang, seat="").split(" ")[1] in html
        assert offered(html) == {str(a) for a in start.legal_actions()}
        assert wt("db-other-contract", lang) in html
