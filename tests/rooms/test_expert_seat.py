"""A room seats expert bots: the lobby offers the level for every seat and as the stand-in,
the settings keep it, and the bot's move in a room's game is a legal one."""

from __future__ import annotations

import pytest

from marjapussi.cards import Seat
from marjapussi.game import Game, code_of
from marjapussi.rooms.bots import decide_code
from marjapussi.rooms.room import Room, Settings
from marjapussi.rooms.views import Viewer, render
from marjapussi.web.play_texts import pt


@pytest.mark.parametrize("lang", ["fi", "en", "ru"])
def test_the_lobby_offers_the_expert_for_each_seat_and_as_stand_in(lang: str) -> None:
    html = render(None, Viewer(lang), 0.0, "http://localhost/")
    assert html.count('value="expert"') == len(Seat) + 1
    assert pt("level:expert", lang) in html


def test_a_room_keeps_its_expert_seats_and_the_expert_moves_legally() -> None:
    settings = Settings.of("guild", {"N": "expert", "E": "club", "W": "expert"}, stand_in="expert")
    room = Room.from_events("ABCDEFGH", [Room.created_event(settings, 7, "")])
    assert room.settings.level_of(Seat.N) == "expert" and room.settings.stand_in == "expert"
    game = Game.new("guild", 7)
    deal = game.position().deal
    assert decide_code(game, "expert") in [code_of(deal, a) for a in deal.legal_actions()]
