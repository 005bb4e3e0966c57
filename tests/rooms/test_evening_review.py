"""A club night's phone opens its own review of any deal its player played this evening
(issue 31): from its score card and from each deal's results, in every round, after a
restart too (rebuilt from the table's stored events, worked out in the bots' pool); never
a deal its own table has not played to its end, never another table's; a review that was
being worked out is said to be ready, once, when it arrives."""

from __future__ import annotations

import random
import re
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from marjapussi.cards import Seat
from marjapussi.escaping import escape
from marjapussi.game import Game
from marjapussi.rooms.bots import ROOM_AUCTION_DEALS, Job, SeatReview, reviews_of
from marjapussi.rooms.evening import Evening, Member
from marjapussi.rooms.evening_texts import et
from marjapussi.rooms.texts import rt
from marjapussi.rooms.views import seat_review_html
from marjapussi.web.play_texts import pt

from .evening_kit import (
    LANGS,
    NAMES,
    CountingRunner,
    club_hub,
    join,
    new_evening,
    play_deals_in_play,
    play_round_boards,
    start_round,
)
from .kit import Device, delivered, offered, run

REVIEW = re.compile(r'class="mp-evening-review" data-board="(\d+)"')


def _member(evening: Evening, phone: Device, hub: Any) -> Member:
    assert phone.conn is not None
    return evening.members[hub.seen[phone.conn].member]


def _seat_at(evening: Evening, member: Member, rnd: int) -> tuple[int, str, Seat]:
    """The table (its number and room) a player sat at in round ``rnd``, and the seat."""
    for plan in evening.history[rnd][0]:
        for pair, seats in ((plan.ns, (Seat.N, Seat.S)), (plan.ew, (Seat.E, Seat.W))):
            ids = evening.made.get(pair, ())
            if member.id in ids:
                return plan.number, plan.room, seats[ids.index(member.id)]
    raise AssertionError(f"{member.name} sat out round {rnd}")


def _expected(game: Game, seat: Seat, lang: str) -> str:
    """The seat's own review of a finished deal, worked out here on its own (not the hub's)."""
    return seat_review_html(reviews_of(game, (seat,))[seat], game.rules, lang, level=3)


async def _open_review(hub: Any, phone: Device, board: int, at: str = "results") -> dict[str, Any]:
    """Press a review's opener, wait for the review, and return the message that brought it."""
    asked = {"type": "evening-review", "board": board, **({"at": at} if at != "results" else {})}
    assert asked in offered(phone.html), (board, at)
    start = len(phone.messages)
    await phone.say(asked)
    await hub.settle()
    await delivered(hub)
    views = [m for m in phone.messages[start:] if m.get("type") == "view" and m.get("html")]
    assert views and REVIEW.search(views[-1]["html"]), phone.last
    return {"first": views[0], "last": views[-1], "all": phone.messages[start:]}


@pytest.mark.parametrize("lang", LANGS)
def test_a_phone_reviews_every_deal_its_table_played_this_evening_and_after_a_restart(
    tmp_path: Path, lang: str
) -> None:
    async def main() -> None:
        db = tmp_path / "rooms.db"
        hub = club_hub(db)
        director, code = await new_evening(hub, lang)
        phones = [await join(hub, code, name, lang) for name in NAMES]
        evening = await start_round(hub, director, code)
        games: dict[tuple[str, int], Game] = {}  # (table's room, deal): the deal as the table ended it

        def keep() -> None:
            for plan in evening.tables:
                room = hub.rooms.get(plan.room)
                if room is not None and room.board and room.live.deal.is_over():
                    games[(room.code, room.board)] = room.live.game

        await play_round_boards(hub, phones, random.Random(41), keep)
        await start_round(hub, director, code)
        await play_deals_in_play(hub, phones, random.Random(42), {1})  # deal 3 at table 1 only
        keep()
        assert evening.finished(2, 1, 3) and not evening.finished(2, 2, 3)
        ready = {b: et("review-ready", lang, n=b) for b in range(1, 5)}
        for phone in phones:
            member = _member(evening, phone, hub)
            table2, _, _ = _seat_at(evening, member, 2)
            mine = [1, 2] + ([3] if table2 == 1 else [])
            if phone.conn is not None and phone.conn.room is not None:  # at table 2, deal 3 in play
                await phone.say({"type": "evening-view"})
            for board in (3, 4):  # a deal its table has not played to its end: none, refused
                if board in mine:
                    continue
                assert {"type": "evening-review", "board": board} not in offered(phone.html)
                assert {"type": "evening-review", "board": board, "at": "card"} not in offered(phone.html)
                await phone.say({"type": "evening-review", "board": board})
                assert phone.last["ok"] is False
                assert phone.last["announce"] == rt("refuse:evening-no-review", lang)
            for board in mine:
                rnd = (board - 1) // 2 + 1
                _, room_code, seat = _seat_at(evening, member, rnd)
                for at in ("results", "card"):
                    got = await _open_review(hub, phone, board, at)
                    html = got["last"]["html"]
                    assert REVIEW.search(html).group(1) == str(board)  # type: ignore[union-attr]
                    assert _expected(games[(room_code, board)], seat, lang) in html
                    t = _seat_at(evening, member, rnd)[0]
                    assert escape(et("review-of", lang, n=board, t=t)) in html
                    assert 'class="mp-evening-board"' not in html  # the review alone
                    waited = escape(rt("review-wait", lang)) in got["first"]["html"]
                    said = [m.get("announce") for m in got["all"] if m.get("type") == "view"]
                    # worked out while the phone waited: its reader is told once, and not the review
                    assert said.count(ready[board]) == (1 if waited else 0), said
                    focus = f"evening-review-{at}-{board}"
                    assert f'data-focus-key="{focus}"' in html  # the way back lands on the opener
                    await phone.say({"type": "evening-view"})  # one press back
                    assert 'data-role="evening-player"' in phone.html and not REVIEW.search(phone.html)
            # no message to the phone held a review of a deal its own table had not finished
            for message in phone.messages:
                for board in map(int, REVIEW.findall(message.get("html") or "")):
                    assert board in mine, (member.name, board)
        assert isinstance(hub.bots, CountingRunner) and Job.REVIEW in hub.bots.served
        # a restart: the reviews are worked out again from the tables' stored events
        again = club_hub(db)
        again.load()
        phone = Device(again, lang, kept=phones[0].kept)
        await phone.open()
        await phone.hello(code)
        member = again.evenings[code].members[_member(evening, phones[0], hub).id]
        _, room_code, seat = _seat_at(again.evenings[code], member, 1)
        got = await _open_review(again, phone, 1, "card")
        assert escape(rt("review-wait", lang)) in got["first"]["html"]
        assert _expected(games[(room_code, 1)], seat, lang) in got["last"]["html"]
        assert got["last"]["announce"] == ready[1]
        assert isinstance(again.bots, CountingRunner) and Job.REVIEW in again.bots.served

    run(main())


def test_the_phones_offer_exactly_the_deals_their_tables_played_and_a_bad_opener_is_refused() -> None:
    """At every step of a round, each phone at the evening offers its own review of exactly the
    deals its table has played to its end, from the results and the score card alike; an
    opener other than those two is a bad message."""

    async def main() -> None:
        hub = club_hub()
        director, code = await new_evening(hub)
        phones = [await join(hub, code, name) for name in NAMES]
        evening = await start_round(hub, director, code)
        seen: set[int] = set()

        def agree() -> None:
            for phone in phones:
                if phone.conn is None or phone.conn.room is not None:
                    continue  # at its table: the table's own view
                member = _member(evening, phone, hub)
                table = _seat_at(evening, member, 1)[0]
                played = {b for b in (1, 2) if (1, table, b) in evening.results}
                asks = [a for a in offered(phone.html) if a.get("type") == "evening-review"]
                assert {a["board"] for a in asks if "at" not in a} == played, (member.name, asks)
                assert {a["board"] for a in asks if a.get("at") == "card"} == played, (member.name, asks)
                seen.update(played)

        await play_round_boards(hub, phones, random.Random(43), agree)
        agree()
        assert evening.round_over and seen == {1, 2}
        await phones[0].say({"type": "evening-review", "board": 1, "at": "elsewhere"})
        assert phones[0].last["ok"] is False and phones[0].last["announce"] == rt("refuse:bad-message", "en")

    run(main())


class Readings:
    """A stand-in for the review's CPU clock: a second more at each reading, so that every
    review stops at its cap after the same number of pieces of work, on any machine."""

    def __init__(self) -> None:
        self.read = 0

    def __call__(self) -> float:
        self.read += 1
        return float(self.read)


def test_a_huutopussi_evenings_review_weighs_each_players_own_calls_first(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A club night of Huutopussi: a phone's review of its deal weighs its own calls (the
    bots' pool, capped as a room's: issue 32, Decided 9), above its card play, and it is the
    review a room works out for that seat with the same pieces of work before the cap."""
    # the evening's seed fixed (as the open-cards value's test does): the same boards each run
    monkeypatch.setattr("marjapussi.rooms.evenings.secrets", SimpleNamespace(randbelow=lambda n: 4242 % n))

    async def main() -> None:
        # the cap after 60 pieces of work in each review, whatever was reviewed before it
        runner = CountingRunner(ROOM_AUCTION_DEALS, review_clock=Readings(), review_seconds=60)
        hub = club_hub(bots=runner)
        director, code = await new_evening(hub, rules="huutopussi", rounds=1, boards=1)
        phones = [await join(hub, code, name) for name in NAMES]
        evening = await start_round(hub, director, code)
        games: dict[str, Game] = {}

        def keep() -> None:
            for plan in evening.tables:
                room = hub.rooms.get(plan.room)
                if room is not None and room.board and room.live.deal.is_over():
                    games[room.code] = room.live.game

        await play_round_boards(hub, phones, random.Random(5), keep)
        weighed = 0
        worked: dict[str, dict[Seat, SeatReview]] = {}
        title = escape(pt("review-cards-title", "en"))
        for phone in phones:
            member = _member(evening, phone, hub)
            _, room_code, seat = _seat_at(evening, member, 1)
            html = (await _open_review(hub, phone, 1))["last"]["html"]
            game = games[room_code]
            if room_code not in worked:  # the table's reviews as a room works them out
                worked[room_code] = reviews_of(game, tuple(Seat), ROOM_AUCTION_DEALS[4], 60, Readings())
            review = worked[room_code][seat]
            assert seat_review_html(review, game.rules, "en", level=3) in html
            if review.bidding and review.calls:
                weighed += 1
                assert html.index("mp-play-review-auction") < html.index(title)
            await phone.say({"type": "evening-view"})
        assert weighed >= 1

    run(main())
