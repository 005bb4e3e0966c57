"""The dispute builder for Huutopussi (four and three players; with marriage trumps too) and
Pagat's 32- and 28-card packs.

Every deal here is dealt and played by the engine (seeded random legal actions), written as
a record, then tapped together through the bridge exactly as a reader would: the hands (and
the talon), the dealer, the bidding, the discard, trump naming (with marriage trumps: the
exchange and the contract), marriage leads, declarations, asks and answers, and the cards.
The built position must give what pasting its record gives, word for word.
"""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pytest

from marjapussi.actions import Bid, Discard, Give, NameTrump, Play, ReturnCards
from marjapussi.cards import Seat, Suit, deck
from marjapussi.deal import PLAYING_SEATS, Deal, Phase
from marjapussi.errors import IllegalAction
from marjapussi.escaping import escape
from marjapussi.huutopussi import AuctionDeal, HuutopussiDeal
from marjapussi.i18n import describe_action, seat_name, spoken
from marjapussi.marriage_trumps import MarriageTrumpDeal
from marjapussi.randomplay import random_action
from marjapussi.record import format_record, parse_record, record_from_deal
from marjapussi.web import bridge, dispute
from marjapussi.web import dispute_builder as builder
from marjapussi.web.table_texts import TABLE_TEXTS
from marjapussi.web.texts import wt

from .webkit import LANGS, call, check_html

KIND = "dispute"
ROOT = Path(__file__).resolve().parents[2]
NEW_RULES = (
    "pagat-32",
    "pagat-28",
    "huutopussi",
    "huutopussi3",
    "huutopussi-marriage",
    "huutopussi-marriage3",
)
PICKED = (Phase.DISCARD, Phase.GIVE, Phase.RETURN)
"""The phases whose three cards are picked one by one, then pressed."""


def engine_deal(name: str, seed: int, stop: int | None = None) -> Deal:
    """A deal under builder rules ``name`` dealt and played by random legal actions.

    Huutopussi: a seed whose bidding has a winner (not a redeal). ``stop``: only that many
    actions.
    """
    rules = builder.RULESETS[name]
    for attempt in range(200):
        rng = random.Random(f"{name}:{seed}:{attempt}")
        dealer = rng.choice(PLAYING_SEATS[rules.players])
        if rules.family == "huutopussi":
            deal: Deal = HuutopussiDeal.random(rng, rules, dealer=dealer)
        elif rules.family == "huutopussi-marriage":
            deal = MarriageTrumpDeal.random(rng, rules, dealer=dealer)
        else:
            cards = deck(rules.deck_size)
            rng.shuffle(cards)
            n = rules.hand_size
            hands = {seat: cards[i * n : (i + 1) * n] for i, seat in enumerate(Seat)}
            deal = Deal(hands, rules, dealer, True)
        while not deal.is_over() and (stop is None or len(deal.history) < stop):
            deal.push(random_action(deal, rng, 0.7))
        if not isinstance(deal, AuctionDeal):
            return deal
        if deal.redeal is None and (stop is not None or deal.bidder is not None):
            return deal
    raise AssertionError("no deal with a bidder")


def tap(state: dict[str, Any], action: dict[str, Any], lang: str) -> dict[str, Any]:
    reply = call(KIND, lang, state, action)
    assert reply["ok"], (action, reply["announce"])
    check_html(reply["html"])
    return reply


def offered(html: str) -> set[str]:
    """The deal actions the builder's view offers: its b-play buttons and the bid list."""
    plain = html.replace("&quot;", '"')
    acts = set(re.findall(r'data-action=[\'"]\{"type":"b-play","act":"([^"]+)"\}', plain))
    acts |= set(re.findall(r'<option value="([^"]+)">', plain))
    return acts


def build(deal: Deal, name: str, lang: str = "en", check_offers: bool = True) -> dict[str, Any]:
    """Tap a deal together through the bridge; return the last reply."""
    state = tap(bridge.initial_state(KIND), {"type": "mode", "mode": "build"}, lang)["state"]
    state = tap(state, {"type": "b-rules", "rules": name}, lang)["state"]
    state = tap(state, {"type": "b-dealer", "seat": deal.dealer.name}, lang)["state"]
    places = [(seat.name, deal.initial_hand(seat)) for seat in PLAYING_SEATS[deal.rules.players]]
    if deal.rules.players == 3:
        assert isinstance(deal, AuctionDeal)
        places.append(("T", [c for c in deck(36) if deal.talon >> c.index & 1]))
    for place, cards in places[:-1]:
        if state["b"]["seat"] != place:
            state = tap(state, {"type": "b-seat", "seat": place}, lang)["state"]
        for card in cards:
            state = tap(state, {"type": "b-card", "card": card.code}, lang)["state"]
    reply = tap(state, {"type": "b-rest"}, lang)  # the last place takes what is left
    assert reply["announce"] == wt("db-hands-done", lang)
    walk = deal.copy_start()
    for _, act in deal.history:
        html, state = reply["html"], reply["state"]
        if check_offers:
            legal = walk.legal_actions()
            if walk.phase in PICKED:
                assert offered(html) == set()
                for card in walk.hand(walk.to_act):
                    assert f'data-focus-key="b-pick-{card.code}"' in html
            elif isinstance(walk, AuctionDeal) and walk.hp_phase is not Phase.PLAY:
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


@pytest.mark.parametrize("name", NEW_RULES)
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
    assert built.dealer == engine.dealer
    assert {s: set(c) for s, c in built.hands.items()} == {s: set(c) for s, c in engine.hands.items()}
    assert set(built.talon or []) == set(engine.talon or [])
    assert wt("dp-ok", lang) in reply["html"] and wt("dp-deal-over", lang) in reply["html"]
    assert result_of(reply["html"]) == result_of(pasted(text, lang))  # word for word
    if name == "huutopussi3":  # the talon is listed with the hands
        assert f"<li>{wt('db-talon', lang)}: " in result_of(reply["html"])


@pytest.mark.parametrize("name", NEW_RULES)
def test_a_card_against_the_rules_built_gives_what_pasting_gives(name: str) -> None:
    """Stop in the play, tap a refused card: the same refusal, rule link and choices as pasted."""
    for seed in range(40):
        deal = engine_deal(name, seed, stop=10 if "huutopussi" in name else 6)
        if deal.is_over() or (isinstance(deal, AuctionDeal) and deal.hp_phase is not Phase.PLAY):
            continue
        refused = []
        for card in deal.hand(deal.to_act):
            try:
                deal.check(Play(card))
            except IllegalAction:
                refused.append(card)
        if refused:
            break
    else:
        raise AssertionError("no position with a refused card")
    for lang in LANGS:
        reply = build(deal, name, lang, check_offers=lang == "en")
        reply = tap(reply["state"], {"type": "b-play", "act": refused[0].code}, lang)
        html = reply["html"]
        assert wt("db-refused-stop", lang) in html and wt("dp-broke", lang) in html
        text = dispute.record_text(reply["state"], lang)
        assert result_of(html) == result_of(pasted(text, lang))
        error = dispute.examine(text).error
        assert error is not None and reply["announce"].endswith(spoken(dispute.error_text(error, lang), lang))
        # nothing more can be added after a refused card, but it can be undone
        again = call(KIND, lang, reply["state"], {"type": "b-play", "act": refused[-1].code})
        assert again["announce"].startswith(wt("db-play-no", lang)) and again["state"] == reply["state"]
        assert tap(reply["state"], {"type": "b-undo"}, lang)["state"]["b"]["acts"] == [
            str(a) for _, a in deal.history
        ]


@pytest.mark.parametrize("name", ["huutopussi", "huutopussi3"])
def test_positions_before_the_cards_built_give_what_pasting_gives(name: str) -> None:
    """Mid-bidding, at the discard and at trump naming: the same page as the pasted record."""
    full = engine_deal(name, 2)
    assert isinstance(full, HuutopussiDeal)
    seen: set[Phase] = set()
    for stop in range(len(full.history)):
        walk = full.copy_start()
        for _, act in full.history[:stop]:
            walk.push(act)
        if walk.phase in seen or walk.phase is Phase.PLAY:
            continue
        seen.add(walk.phase)
        for lang in LANGS:
            reply = build(walk, name, lang, check_offers=False)
            text = dispute.record_text(reply["state"], lang)
            html = reply["html"]
            assert result_of(html) == result_of(pasted(text, lang))
            who = seat_name(walk.to_act, lang)
            assert wt("dp-now-may", lang, seat=who) in html
            if walk.phase is Phase.BID:
                assert wt("db-to-call", lang, seat=who) in html
            elif walk.phase is Phase.DISCARD:
                assert wt("db-to-discard", lang, seat=who) in html
                assert wt("dp-now-discard", lang) in html
                assert re.search(r"discard [SHDC]\w", result_of(html)) is None  # not 364 codes
            else:
                assert wt("db-to-name", lang, seat=who) in html
    expected = {Phase.BID, Phase.TRUMP} | ({Phase.DISCARD} if name == "huutopussi3" else set())
    assert seen == expected


def test_the_bid_list_offers_every_bid_above_the_buttons_and_only_those() -> None:
    deal = engine_deal("huutopussi", 3, stop=0)
    reply = build(deal, "huutopussi")
    html = reply["html"]
    bids = [str(a) for a in deal.legal_actions() if isinstance(a, Bid)]
    assert f'<option value="{bids[-1]}">' in html and f'<option value="{bids[0]}">' not in html
    assert f'data-focus-key="b-play-{bids[0].replace(" ", "-")}"' in html
    # a bid from the list is taken; one the engine never offers is refused and changes nothing
    state = tap(reply["state"], {"type": "b-play", "act": "bid 100"}, "en")["state"]
    assert state["b"]["acts"] == ["bid 100"]
    for act in ("bid 101", "bid 60", "trump H", "SA", "discard SA SK SQ"):
        refused = call(KIND, "en", state, {"type": "b-play", "act": act})
        assert refused["announce"] == wt("db-play-no", "en") and refused["state"] == state, act


def test_the_talon_and_the_discard_are_tapped_for_three_players() -> None:
    html = tap(bridge.initial_state(KIND), {"type": "b-rules", "rules": "huutopussi3"}, "fi")["html"]
    plain = html.replace("&quot;", '"')
    assert '"type":"b-seat","seat":"T"' in plain and '"seat":"W"' not in plain
    assert "Talo 0/3" in html and "Pohjoinen 0/11" in html
    deal = engine_deal("huutopussi3", 4)
    assert isinstance(deal, HuutopussiDeal)
    cut = next(i for i, (_, a) in enumerate(deal.history) if isinstance(a, Discard))
    walk = deal.copy_start()
    for _, act in deal.history[:cut]:
        walk.push(act)
    state = build(walk, "huutopussi3", "fi")["state"]
    discard = deal.history[cut][1]
    assert isinstance(discard, Discard)
    first, second, third = (c.code for c in discard.cards)
    reply = call(KIND, "fi", state, {"type": "b-discard"})
    assert reply["announce"] == wt("db-pick-three", "fi") and reply["state"] == state
    for code in (first, second, third):
        state = tap(state, {"type": "b-pick", "card": code}, "fi")["state"]
    extra = next(c.code for c in walk.hand(walk.to_act) if c not in discard.cards)
    assert call(KIND, "fi", state, {"type": "b-pick", "card": extra})["announce"] == wt("db-pick-full", "fi")
    state = tap(state, {"type": "b-pick", "card": first}, "fi")["state"]  # a second tap unpicks
    assert state["b"]["pick"] == [second, third]
    state = tap(state, {"type": "b-pick", "card": first}, "fi")["state"]
    reply = tap(state, {"type": "b-discard"}, "fi")
    assert reply["state"]["b"]["acts"][-1] == str(discard) and reply["state"]["b"]["pick"] == []
    assert wt("db-to-name", "fi", seat=seat_name(walk.to_act, "fi")) in reply["html"]


@pytest.mark.parametrize("name,size", [("pagat-32", 32), ("pagat-28", 28)])
def test_pagat_short_packs_show_the_presets_deck(name: str, size: int) -> None:
    for lang in LANGS:
        html = tap(bridge.initial_state(KIND), {"type": "b-rules", "rules": name}, lang)["html"]
        assert html.count('class="mp-card-button mp-db-card"') == size
        shown = set(re.findall(r'data-focus-key="b-card-(\w+)"', html))
        assert shown == {c.code for c in deck(size)}
        assert f"{size // 4}" in html and wt("db-first", lang) not in html
    # cards left out of the smaller pack leave the hands when the rules change
    state = tap(bridge.initial_state(KIND), {"type": "b-card", "card": "S6"}, "en")["state"]
    state = tap(state, {"type": "b-card", "card": "SA"}, "en")["state"]
    state = tap(state, {"type": "b-rules", "rules": name}, "en")["state"]
    assert state["b"]["hands"]["N"] == "SA"
    assert call(KIND, "en", state, {"type": "b-card", "card": "S6"})["ok"] is False


# ---------------------------------------------------------------------- damaged states


def forged_cases() -> list[tuple[str, dict[str, Any], dict[str, Any]]]:
    """(reason, a damaged builder, what must survive of it)."""
    deal = engine_deal("huutopussi", 5, stop=12)
    good = build(deal, "huutopussi", check_offers=False)["state"]["b"]
    acts = list(good["acts"])
    hands = dict(good["hands"])
    return [
        ("rules", {**good, "rules": "huutopussi5", "acts": []}, {"rules": "guild"}),
        ("twice", {**good, "hands": {**hands, "E": hands["E"] + " " + hands["N"].split()[0]}}, {}),
        ("too-many", {**good, "acts": acts + ["pass"] * builder.MAX_ACTS}, {"hands": hands, "acts": acts}),
        (
            "not-offered",
            {**good, "acts": [*acts[:2], "bid 57", *acts[2:]]},
            {"hands": hands, "acts": acts[:2]},
        ),
        ("not-offered", {**good, "acts": [*acts, "trump H"]}, {"hands": hands, "acts": acts}),
        (
            "hand",  # no sixes or sevens in a pack of 28
            {**builder.initial(), "rules": "pagat-28", "hands": {**builder.initial()["hands"], "N": "SA S6"}},
            {"rules": "pagat-28", "hands": {**builder.initial()["hands"], "N": "SA"}},
        ),
    ]


@pytest.mark.parametrize("lang", LANGS)
def test_a_damaged_builder_says_what_was_wrong_and_keeps_what_holds(lang: str) -> None:
    for reason, damaged, kept in forged_cases():
        state = {"v": 1, "ex": "", "text": "", "mode": "build", "b": damaged}
        reply = call(KIND, lang, state, {"type": "b-undo"})
        why = wt(f"db-forged:{reason}", lang)
        assert reply["ok"] is False and reply["announce"] == wt("db-forged", lang, why=why), reason
        assert "Traceback" not in reply["html"] and reply["state"]["mode"] == "build"
        check_html(reply["html"])
        b = reply["state"]["b"]
        assert builder.check(b) == b
        for field, value in kept.items():
            assert b[field] == value, (reason, field)
        assert call(KIND, lang, reply["state"], {"type": "b-seat", "seat": b["seat"]})["ok"]


def test_a_damaged_pick_or_a_card_not_held_is_refused() -> None:
    deal = engine_deal("huutopussi", 5, stop=12)
    good = build(deal, "huutopussi", check_offers=False)["state"]["b"]
    absent = next(c.code for c in deck(36) if c not in deal.hand(deal.to_act))
    for damaged in ({**good, "pick": ["SA"]}, {**good, "acts": [*good["acts"], absent, "pass"]}):
        state = {"v": 1, "ex": "", "text": "", "mode": "build", "b": damaged}
        reply = call(KIND, "en", state, {"type": "b-undo"})
        assert reply["ok"] is False and reply["announce"].startswith("The position built was damaged")
        assert reply["state"]["b"]["hands"] == good["hands"]


def test_the_new_texts_have_every_language() -> None:
    keys = [k for k in TABLE_TEXTS if k.startswith(("db-talon", "db-to-", "db-pick", "db-forged", "dp-now"))]
    assert len(keys) >= 14
    for key in keys:
        entry = TABLE_TEXTS[key]
        assert set(entry) == set(LANGS) and all(entry[lang].strip() for lang in LANGS), key
        assert len({entry[lang] for lang in LANGS}) == 3 or key == "db-picked", key


@pytest.mark.parametrize("lang", LANGS)
def test_a_pasted_huutopussi_record_shows_its_calls_and_marriage_lead_in_words(lang: str) -> None:
    text = (ROOT / "examples" / "records" / "huutopussi-deal.mjp").read_text(encoding="utf-8")
    reply = call(KIND, lang, bridge.initial_state(KIND), {"type": "check", "text": text})
    assert reply["ok"] and wt("dp-ok", lang) in reply["html"], reply["announce"]
    html = result_of(reply["html"])
    assert wt("dp-marriage-shown", lang) in html and "HQ+" not in html
    assert "trump H" not in html and describe_action(NameTrump(Suit.HEARTS), lang) in html
    check_html(reply["html"])


@pytest.mark.parametrize("lang", LANGS)
def test_a_pasted_bid_against_the_rules_says_what_the_player_could_call(lang: str) -> None:
    text = (ROOT / "examples" / "records" / "huutopussi-deal.mjp").read_text(encoding="utf-8")
    text = text.replace("bid 60,", "bid 57,")
    reply = call(KIND, lang, bridge.initial_state(KIND), {"type": "check", "text": text})
    html = result_of(reply["html"])
    assert wt("dp-bad", lang) in html and 'class="mp-dispute-rule"' in html
    seat = seat_name(Seat.E, lang)
    assert f"{wt('dp-now-may', lang, seat=seat)} " in html
    assert wt("dp-now-bids", lang, low=60, high=230) in html
    check_html(reply["html"])


@pytest.mark.parametrize("name", sorted(builder.RULESETS))
def test_what_may_be_done_now_is_said_in_words_never_as_record_codes(name: str) -> None:
    """The "now" part of a checked record names the other actions open to the player to act
    (declarations, asks and answers, bids, the exchange) in the page's language: the words
    of ``describe_action``, never the record's codes ("ask whole", "bid 60")."""
    deal = engine_deal(name, 3)
    checked = 0
    for stop in range(0, len(deal.history), 3):
        walk = deal.copy_start()
        for _, act in deal.history[:stop]:
            walk.push(act)
        others = [a for a in walk.legal_actions() if not isinstance(a, Play)]
        if not others or (isinstance(walk, AuctionDeal) and walk.hp_phase is not Phase.PLAY):
            continue  # the calls before the cards: test_positions_before_the_cards_...
        checked += 1
        text = format_record(record_from_deal(walk))
        for lang in LANGS:
            now = result_of(pasted(text, lang))
            now = now[now.index('<section class="mp-dispute-now"') :]
            head = wt("dp-now-also", lang, seat=seat_name(walk.to_act, lang))
            assert head in now
            for action in others:
                assert escape(describe_action(action, lang)) in now, (lang, action)
                if lang != "en":
                    assert str(action) not in now, (lang, action)
    # Marjapussi offers declarations, asks and answers; the Huutopussi families may offer none
    # in play (a marriage is shown with its card) in a given deal.
    assert checked or builder.RULESETS[name].family.startswith("huutopussi"), "no position offered more"
