"""The Play page offers the expert bots: the level in the setup form in three languages, a
deal played against them, and a bot's "Why…?" saying in the page's language that it solved
sampled deals exactly."""

from __future__ import annotations

import random

import pytest

from marjapussi.analysis.core import backend
from marjapussi.cards import Seat
from marjapussi.deal import Phase
from marjapussi.game import LEVELS, RULESETS
from marjapussi.web import bridge, play
from marjapussi.web.play_texts import pt

from .test_play_widget import bots, new_game, reader_move
from .webkit import LANGS, call

EXACTLY = {
    "fi": "ratkaistiin tarkasti kaikki kädet auki",
    "en": "each solved exactly with every hand open",
    "ru": "точно решить в открытую",
}


@pytest.mark.parametrize("lang", LANGS)
def test_the_setup_form_offers_the_expert_level(lang: str) -> None:
    assert "expert" in LEVELS
    reply = call("play", lang, bridge.initial_state("play", ""), {"type": "setup"})
    assert reply["ok"]
    assert 'value="expert"' in reply["html"]
    assert pt("level:expert", lang) in reply["html"]


@pytest.mark.parametrize("lang", LANGS)
def test_expert_bots_play_and_explain_an_exact_choice(lang: str) -> None:
    reply = bots(new_game("guild", lang, seed=3, level="expert"), lang)
    rng = random.Random(2)
    while True:
        deal = play.position(reply["state"]).deal
        if deal.is_over() or (deal.phase is Phase.PLAY and deal.trick_number >= 5):
            break
        reply = bots(reader_move(reply, rng, lang), lang)
    deal = play.position(reply["state"]).deal
    reader = Seat[reply["state"]["seat"]]
    late = [i for i, (seat, _) in enumerate(deal.history) if seat != reader and i >= 3 * 4]
    texts = [call("play", lang, reply["state"], {"type": "why", "i": i})["announce"] for i in late]
    assert all(texts)
    if backend(RULESETS["guild"]) == "core":
        assert any(EXACTLY[lang] in text for text in texts), texts
