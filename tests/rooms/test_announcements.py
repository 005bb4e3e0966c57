"""What a room says to each screen reader (issue 30, items 1 and 2): one message per action,
cards named, in the order card, trick winner, deal result, "your turn"; the projector, a
public screen, says nothing."""

from __future__ import annotations

import random
import re

import pytest

from marjapussi.cards import Seat
from marjapussi.i18n import seat_name
from marjapussi.web.play_texts import pt
from marjapussi.web.texts import wt

from .kit import Device, alone_with_bots, move, new_hub, run

SYMBOL = re.compile(r"[♥♦♠♣]")


@pytest.mark.parametrize("lang", ["fi", "en", "ru"])
def test_a_room_names_cards_tells_the_trick_the_result_and_the_turn_and_the_projector_is_silent(
    lang: str,
) -> None:
    async def main() -> None:
        hub = new_hub()
        player, room = await alone_with_bots(hub, lang)
        projector = Device(hub, lang)
        await projector.open()
        await projector.hello(room.code, projector=True)
        start = len(player.messages)
        rng = random.Random(5)
        steps = 0
        turn = pt("your-turn", lang)
        while not room.live.deal.is_over():
            # the reader acts when the last message said it was the reader's turn
            last = [m["announce"] for m in player.messages if m.get("type") == "view" and m["announce"]]
            assert last[-1].endswith(turn) or steps == 0, last[-1]
            await move(player, room, rng)
            await hub.settle()
            steps += 1
            assert steps < 60
        said = [m["announce"] for m in player.messages[start:] if m.get("type") == "view" and m["announce"]]
        assert not any(SYMBOL.search(s) for s in said), said
        taken = [wt("takes-trick", lang, seat=seat_name(s, lang)) + "." for s in Seat]
        assert sum(s.count(t) for s in said for t in taken) == 9
        result = pt("deal-result", lang, sides="").split(":")[0]
        assert [s for s in said if result in s] == [said[-1]]
        assert all(s.endswith(turn) and s.count(turn) == 1 for s in said if turn in s)
        heard = [m.get("announce") for m in projector.messages if m.get("type") == "view"]
        assert len(heard) > 20 and not any(heard), [h for h in heard if h]
        # the view's own headings come straight under the page's h1 ("The deal is over",
        # "The host's tools"): h2, never an h3 that skips a level
        html = player.html
        assert "<h3" not in html and html.count("<h2>") == 2, re.findall(r"<h\d>[^<]*", html)

    run(main())
