"""The room's review of the bidding for each seat (issue 32, Decided 5 and 9).

In seed-004 Huutopussi (four and three players) a room's review of a finished deal weighs
each player's calls as the Play page does (``Game.review_work``: the same seeds, so the
same figures), before the card play; the bidding's part of all the seats together is capped
at ``bots.REVIEW_SECONDS`` of CPU a deal, read on a clock the test hands in (no test is
timed), and a review the cap cut short says on how many deals it stands. The searches are
whole deals on the compiled core, so the tests weigh each call over a deal or two.
"""

from __future__ import annotations

import math
import random
from html import unescape

import pytest

from marjapussi.actions import Give
from marjapussi.analysis.core import backend
from marjapussi.cards import Seat
from marjapussi.deal import PLAYING_SEATS
from marjapussi.escaping import escape
from marjapussi.game import RULESETS, STOPPED_DEALS, Game, ReviewWork
from marjapussi.html import text_html
from marjapussi.i18n import seat_name, side_label
from marjapussi.rooms.bots import (
    REVIEW_NODES,
    REVIEW_SECONDS,
    ROOM_AUCTION_DEALS,
    BotRunner,
    SeatReview,
    reviews_of,
)
from marjapussi.rooms.texts import rt
from marjapussi.rooms.views import seat_review_html
from marjapussi.web.play_texts import pt

from .kit import Device, InlineExecutor, check_view, create, move, new_hub, run

pytestmark = pytest.mark.skipif(
    backend(RULESETS["huutopussi"]) != "core", reason="the compiled core is not built"
)

LANGS = ("fi", "en", "ru")


def finished(r: str, seed: int) -> Game:
    """A game whose first deal the beginner bots played to its end."""
    game = Game.new(r, seed)
    while not game.position().deal.is_over():
        game = game.push(game.decision("beginner").action)
    return game


class JumpingClock:
    """A CPU clock that stands still for its first ``reads`` readings, then jumps past the cap."""

    def __init__(self, reads: float) -> None:
        self.reads = reads
        self.read = 0

    def __call__(self) -> float:
        self.read += 1
        return 0.0 if self.read <= self.reads else REVIEW_SECONDS + 1.0


def expected(game: Game, seat: Seat, deals: int) -> SeatReview:
    """The seat's review as the Play page works it out (``Game.review_work``) in full."""
    work = game.review_work(seat, deals)
    items = work.finish()
    return SeatReview(items, tuple(work.calls), work.par or (), deals, bool(work.calls_at), False)


@pytest.mark.parametrize(
    ("r", "seed", "seat"),
    [
        ("huutopussi", 5, Seat.E),
        pytest.param("huutopussi3", 4, Seat.N, marks=pytest.mark.slow),  # a search takes seconds
    ],
)
def test_a_seats_review_weighs_its_calls_as_the_play_page_does(r: str, seed: int, seat: Seat) -> None:
    game = finished(r, seed)
    reviews = reviews_of(game, (seat,), 1, seconds=math.inf)
    review = reviews[seat]
    assert set(reviews) == {seat}
    assert review == expected(game, seat, 1)  # Decided 5: the same seeds, the same figures
    assert review.calls and not review.cut and all(e.deals == 1 for e in review.calls)
    assert review.bidding and len(review.par) == {4: 2, 3: 3}[game.rules.players]  # a par a side
    for lang in LANGS:
        html = seat_review_html(review, game.rules, lang)
        check_view(html)
        assert html.index("mp-play-review-auction") < html.index(escape(pt("review-cards-title", lang)))
        assert escape(pt("review-auction-method", lang, deals=1)) in html
        assert html.count("<li>") >= len(review.calls) and 'data-auction="ready"' in html
        assert "mp-room-review-cut" not in html and "{" not in unescape(html)
        # each call's example deal a tap away, as on the Play page (issue 32, Decided 6)
        assert html.count('<details class="mp-play-example">') == len(review.calls)


def test_a_seats_review_weighs_its_bids_and_exchange_in_the_marriage_family() -> None:
    """The marriage family's rooms review each seat's bids and the cards it gave as the Play
    page does (``Game.review_work``: the same figures), and the deal's par for each side, with
    no trumps named (the marriages make them; issue 32, Decided 9)."""
    game = finished("huutopussi-marriage", 2)
    reviews = reviews_of(game, (Seat.N,), 1, seconds=math.inf)
    review = reviews[Seat.N]
    assert review == expected(game, Seat.N, 1)
    assert review.bidding and not review.cut and len(review.par) == 2  # a par a side
    assert any(isinstance(e.own, Give) for e in review.calls) and len(review.calls) >= 2
    for lang in LANGS:
        html = seat_review_html(review, game.rules, lang)
        check_view(html)
        assert escape(pt("review-exchange-method", lang, deals=1)) in html
        assert html.index("mp-play-review-auction") < html.index(escape(pt("review-cards-title", lang)))
        assert html.count("mp-play-par") == 2 and "{" not in unescape(html)
        made = [p for p in review.par if p.contract]
        for p in made:  # the par's words, without a trump's
            said = pt("review-par-marriage", lang, side=side_label(game.rules, p.side, lang),
                      contract=p.contract, seat=seat_name(p.seat, lang), points=p.collected)
            assert text_html(said, lang) in html


@pytest.mark.parametrize("pieces", [0, 40])
def test_the_cap_stops_the_bidding_with_fewer_deals_and_keeps_the_card_play(pieces: int) -> None:
    game = finished("huutopussi", 5)
    seats = PLAYING_SEATS[4]
    deals = ROOM_AUCTION_DEALS[4]
    aimed = {seat: len(game.review_work(seat, deals).calls_at) for seat in seats}
    assert all(aimed.values())
    # The clock jumps past the cap after ``pieces`` pieces of work: each seat's work stops there.
    reviews = reviews_of(game, seats, deals, clock=JumpingClock(1 + pieces))
    assert any(review.cut for review in reviews.values())
    assert sum(e.deals for r in reviews.values() for e in r.calls) < deals * sum(aimed.values())
    for seat in seats:
        review = reviews[seat]
        assert review.items == game.review(seat)  # the card play in full
        assert review.bidding and len(review.calls) <= aimed[seat]
        assert all(e.deals == deals for e in review.calls)  # a call cut at one deal is left out
        if not review.cut:
            continue
        for lang in LANGS:
            html = seat_review_html(review, game.rules, lang)
            check_view(html)
            key = "review-cut" if review.calls else "review-cut-none"
            assert escape(rt(key, lang, deals=deals)) in html
            assert html.index("mp-room-review-cut") < html.index(escape(pt("review-cards-title", lang)))
            if pieces == 0:
                assert 'data-auction="cut"' in html and "<li>" not in html.split("mp-play-review-cards")[0]


@pytest.mark.parametrize("weighed", [1, 2])
def test_a_call_stopped_midway_keeps_its_deals_from_two_on(weighed: int) -> None:
    game = finished("huutopussi", 5)
    work = ReviewWork(game, Seat.E, 3)
    work.finish_cards()
    assert len(work.calls_at) == 1
    while work.auction_progress()[0] < weighed:
        work.step(REVIEW_NODES)
    work.stop()
    assert work.complete and work.cut and work.par is None
    assert [e.deals for e in work.calls] == ([] if weighed < STOPPED_DEALS else [weighed])
    assert len(work.calls_at) == len(work.calls)
    assert work.step(REVIEW_NODES) and len(work.calls) == len(work.calls_at)  # stopped stays stopped


@pytest.mark.parametrize("count", [0, 1, 2, 5, 21, 22])
@pytest.mark.parametrize("lang", LANGS)
def test_the_cut_note_counts_its_deals(count: int, lang: str) -> None:
    said = rt("review-cut", lang, deals=count)
    assert str(count) in said and "{" not in said


def test_a_huutopussi_room_shows_each_player_the_review_of_their_own_calls_first() -> None:
    async def main() -> None:
        hub = new_hub()
        clock = JumpingClock(31)  # the cap after 31 pieces of work
        hub.bots = BotRunner(InlineExecutor(), auction_deals=ROOM_AUCTION_DEALS, review_clock=clock)
        devices = {Seat.N: Device(hub, "fi"), Seat.E: Device(hub, "en"), Seat.S: Device(hub, "ru")}
        for device in devices.values():
            await device.open()
        code = await create(devices[Seat.N], "huutopussi", "N", W="random")
        for seat in (Seat.E, Seat.S):
            await devices[seat].hello(code)
            await devices[seat].say({"type": "sit", "seat": seat.name, "name": ""})
        room = hub.rooms[code]
        rng = random.Random(4)
        await hub.settle()
        while not room.live.deal.is_over():
            await move(devices[room.live.deal.to_act], room, rng)
            await hub.settle()
        game = room.live.game
        assert room.reviewed is game
        rules = game.rules
        # The room's review is the one worked out in the bots' job: the same pieces before the cap.
        again = reviews_of(game, tuple(room.players), ROOM_AUCTION_DEALS[4], clock=JumpingClock(31))
        assert room.reviews == again
        for seat, device in devices.items():
            html = device.html
            mine = seat_review_html(room.reviews[seat], rules, device.lang)
            assert mine in html
            for other in devices:  # a seat's review goes to that seat only
                theirs = seat_review_html(room.reviews[other], rules, device.lang)
                if other != seat and theirs != mine:
                    assert theirs not in html
            if room.reviews[seat].bidding:
                title = escape(pt("review-cards-title", device.lang))
                assert html.index("mp-play-review-auction") < html.index(title)
        assert any(review.bidding for review in room.reviews.values())

    run(main())
