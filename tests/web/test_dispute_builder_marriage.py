"""The dispute builder for Huutopussi with marriage trumps (four and three players).

Deals dealt and played by the engine (seeded random legal actions, declarations and asks
included) are tapped together through the bridge as a reader would: the hands (and the
talon), the dealer, the bidding, the exchange's three cards each way with the contract set
between them, the three-player discard, the declarations, asks and answers, and the cards.
At every step the builder offers exactly what the engine offers, and the built position
gives what pasting its record gives, word for word.
"""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from marjapussi.actions import Discard, Give, Play, ReturnCards
from marjapussi.cards import deck
from marjapussi.deal import PLAYING_SEATS, Phase
from marjapussi.marriage_trumps import MarriageTrumpDeal
from marjapussi.randomplay import random_action
from marjapussi.record import parse_record, record_from_deal
from marjapussi.web import bridge, dispute
from marjapussi.web import dispute_builder as builder
from marjapussi.web.texts import wt

from .webkit import LANGS, call, check_html

KIND = "dispute"
FAMILY = ("huutopussi-marriage", "huutopussi-marriage3")


def engine_deal(name: str, seed: int, stop: int | None = None) -> MarriageTrumpDeal:
    """A deal under builder rules ``name`` played by random legal actions, with a bidder
    (not a redeal) and, when whole, at least one declaration or ask."""
    rules = builder.RULESETS[name]
    for attempt in range(200):
        rng = random.Random(f"{name}:{seed}:{attempt}")
        deal = MarriageTrumpDeal.random(rng, rules, dealer=rng.choice(PLAYING_SEATS[rules.players]))
        while not deal.is_over() and (stop is None or len(deal.history) < stop):
            deal.push(random_action(deal, rng, 0.7))
        if deal.redeal is None and (stop is not None or deal.declarations):
            return deal
    raise AssertionError("no deal with a bidder and a declaration")


def tap(state: dict[str, Any], action: dict[str, Any], lang: str) -> dict[str, Any]:
    reply = call(KIND, lang, state, action)
    assert reply["ok"], (action, reply["announce"])
    check_html(reply["html"])
    return reply


def offered(html: str) -> set[str]:
    """The deal actions the builder's view offers: its b-play buttons and the list's options."""
    plain = html.replace("&quot;", '"')
    acts = set(re.findall(r'data-action=[\'"]\{"type":"b-play","act":"([^"]+)"\}', plain))
    acts |= set(re.findall(r'<option value="([^"]+)">', plain))
    return acts


def build(deal: MarriageTrumpDeal, name: str, lang: str = "en", check_offers: bool = True) -> dict[str, Any]:
    """Tap a deal together through the bridge; return the last reply."""
    state = tap(bridge.initial_state(KIND), {"type": "mode", "mode": "build"}, lang)["state"]
    reply = tap(state, {"type": "b-rules", "rules": name}, lang)
    assert reply["announce"] == wt(f"sk-mode:{name}", lang)
    state = tap(reply["state"], {"type": "b-dealer", "seat": deal.dealer.name}, lang)["state"]
    places = [(seat.name, deal.initial_hand(seat)) for seat in PLAYING_SEATS[deal.rules.players]]
    if deal.rules.players == 3:
        places.append(("T", [c for c in deck(36) if deal.talon >> c.index & 1]))
    for place, cards in places[:-1]:
        if state["b"]["seat"] != place:
            state = tap(state, {"type": "b-seat", "seat": place}, lang)["state"]
        for card in cards:
            state = tap(state, {"type": "b-card", "card": card.code}, lang)["state"]
    reply = tap(state, {"type": "b-rest"}, lang)
    walk = deal.copy_start()
    for _, act in deal.history:
        html, state = reply["html"], reply["state"]
        if check_offers:
            legal = walk.legal_actions()
            if walk.phase in (Phase.GIVE, Phase.RETURN, Phase.DISCARD):
                assert offered(html) == set()
                for card in walk.hand(walk.to_act):
                    assert f'data-focus-key="b-pick-{card.code}"' in html
                key = "db-to-discard" if walk.phase is Phase.DISCARD else f"db-to-discard:{walk.phase}"
                assert wt(key, lang, seat="").split(" ")[1] in html
            elif walk.hp_phase is not Phase.PLAY:
                assert offered(html) == {str(a) for a in legal}  # exactly the engine's choices
            else:  # every card held (refused ones too), and the rest exactly as offered
                cards = {c.code for c in walk.hand(walk.to_act)}
                others = {str(a) for a in legal if not isinstance(a, Play) or a.marriage}
                assert offered(html) == cards | others
        if isinstance(act, (Discard, Give, ReturnCards)):
            for card in act.cards:
                state = tap(state, {"type": "b-pick", "card": card.code}, lang)["state"]
            reply = tap(state, {"type": "b-discard"}, lang)
        else:
            reply = tap(state, {"type": "b-play", "act": str(act)}, lang)
        walk.push(act)
    return reply


def result_of(html: str) -> str:
    return html[html.index('<div class="mp-dispute-result"') :]


def pasted(text: str, lang: str) -> str:
    return call(KIND, lang, bridge.initial_state(KIND), {"type": "check", "text": text})["html"]


@pytest.mark.parametrize("name", FAMILY)
@pytest.mark.parametrize("lang", LANGS)
def test_a_whole_deal_built_gives_what_its_pasted_record_gives(name: str, lang: str) -> None:
    deal = engine_deal(name, 1)
    reply = build(deal, name, lang, check_offers=lang == "en")
    text = dispute.record_text(reply["state"], lang)
    record = parse_record(text)
    assert record.rules == builder.RULESETS[name]
    assert [a.action for a in record.deals[0].actions] == [a for _, a in deal.history]
    engine = record_from_deal(deal).deals[0]
    built = record.deals[0]
    assert {s: set(c) for s, c in built.hands.items()} == {s: set(c) for s, c in engine.hands.items()}
    assert wt("dp-ok", lang) in reply["html"] and wt("dp-deal-over", lang) in reply["html"]
    assert result_of(reply["html"]) == result_of(pasted(text, lang))  # word for word


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
