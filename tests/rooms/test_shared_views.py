"""A view built once and shared: every connection with the same view key gets the text that
rendering its view for it alone would give, over random rooms and random audiences; and a view
sent as the parts that changed is, applied to the view before as the page applies it, the
view rendered whole."""

from __future__ import annotations

import itertools
import json
import random
from dataclasses import replace
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from marjapussi.actions import Play
from marjapussi.cards import Seat
from marjapussi.deal import Phase
from marjapussi.errors import IllegalAction, MarjapussiError
from marjapussi.game import RULESETS
from marjapussi.randomplay import random_action
from marjapussi.rooms import views
from marjapussi.rooms.room import Room, Settings
from marjapussi.rooms.views import SharedViews, Ui, Viewer, apply_delta, delta, render, render_parts, view_key

from .kit import Device, create, move, new_hub, run

LANGS = ("fi", "en", "ru")
BASES = ("http://127.0.0.1:8000", "http://192.168.1.20:8000")
WAYS = ("seat", "seat-transfer", "spectator", "projector", "visitor", "host-spectator", "host-visitor")

audiences = st.lists(
    st.tuples(st.sampled_from(LANGS), st.sampled_from(WAYS), st.sampled_from(BASES), st.integers(0, 3)),
    min_size=1,
    max_size=10,
)


async def seated_room(hub: Any, ruleset: str, seed: int, moves: int) -> tuple[Room, dict[Seat, Device]]:
    """A room of four people (the host at south), played ``moves`` random actions in (or to the
    deal's end)."""
    host = Device(hub, "en")
    await host.open()
    code = await create(host, ruleset, "S")
    room = hub.rooms[code]
    devices = {Seat.S: host}
    for seat in room.settings.seats:
        if seat is Seat.S:
            continue
        device = Device(hub, "en")
        await device.open()
        await device.hello(code)
        await device.say({"type": "sit", "seat": seat.name, "name": f"P{seat.name}"})
        devices[seat] = device
    rng = random.Random(seed)
    for _ in range(moves):
        deal = room.live.deal
        if deal.is_over():
            break
        await move(devices[deal.to_act], room, rng)
    return room, devices


def afresh(room: Room, viewer: Viewer, now: float, base: str, hub: Any) -> str:
    """A connection's view built with nothing the views kept for the room (``Room.kept``), which
    stays as it was for the views after."""
    kept, room.kept = room.kept, {}
    try:
        return render(room, viewer, now, base, hub.limits, hub.rule_root)
    finally:
        room.kept = kept


def forget_everything(room: Room) -> None:
    """Empty what the views keep: the room's (``Room.kept``) and every function's cache of the
    views' module (a cache keyed on less than it reads then builds its view anew, and differs)."""
    room.kept.clear()
    for value in vars(views).values():
        if callable(getattr(value, "cache_clear", None)):
            value.cache_clear()


async def played_room(hub: Any, ruleset: str, seed: int, moves: int) -> tuple[Room, dict[Seat, Device]]:
    """``seated_room`` played ``moves`` steps on through deals' ends: random actions, and now and
    then a card the rules refuse, the host's comment, or a seat opening the last deal; after
    each step every seat's screen shows what its view built with nothing kept would be."""
    room, devices = await seated_room(hub, ruleset, seed, 0)
    rng = random.Random(seed)
    for step in range(moves):
        deal = room.live.deal
        roll = rng.random()
        if deal.is_over():
            if not room.live.position.has_next_deal:
                break
            await devices[Seat.S].say({"type": "next"})
        elif roll < 0.2 and deal.phase is Phase.PLAY:
            barred = [c for c in deal.hand(deal.to_act) if not deal.is_legal(Play(c))]
            if barred:
                await devices[deal.to_act].say({"type": "play", "card": barred[0].code})
                assert devices[deal.to_act].last["type"] == "refused"
            else:
                await move(devices[deal.to_act], room, rng)
        elif roll < 0.25:
            await devices[Seat.S].say({"type": "comment", "text": f"Huomio {step}"})
        elif roll < 0.35 and room.last is not None:
            seat = rng.choice([s for s in devices if s != deal.to_act])
            await devices[seat].say({"type": "last", "on": rng.random() < 0.8})
        else:
            await move(devices[deal.to_act], room, rng)
        for device in devices.values():
            assert device.conn is not None
            now, base = hub.clock.now(), device.conn.base
            assert device.html == afresh(room, device.conn.viewer, now, base, hub), (step, device.conn.viewer)
    return room, devices


async def audience_of(
    hub: Any, room: Room, devices: dict[Seat, Device], wanted: list[tuple[str, str, str, int]]
) -> list[Device]:
    """Connect the audience: second sockets of seats (some showing a transfer code), spectators,
    projectors and visitors, some with the host's key."""
    host_key = devices[Seat.S].kept[room.code]["host"]
    seats = list(devices)
    out = []
    sockets = {seat: 1 for seat in seats}
    hosts = 1
    for lang, way, base, n in wanted:
        # Within the places a key gives (Limits.seat_sockets, host_sockets): beyond them the
        # oldest socket gives its seat or key up, which is another test's matter.
        seat = seats[n % len(seats)]
        if way.startswith("seat") and sockets[seat] >= hub.limits.seat_sockets:
            way = "spectator"
        if way.startswith("host") and hosts >= hub.limits.host_sockets:
            way = way.removeprefix("host-")
        sockets[seat] += way.startswith("seat")
        hosts += way.startswith("host")
        device = Device(hub, lang)
        await device.open()
        assert device.conn is not None
        device.conn.base = base
        if way.startswith("seat"):
            device.kept[room.code] = {"token": devices[seat].kept[room.code]["token"]}
        if way.startswith("host"):
            device.kept[room.code] = {"host": host_key}
        await device.hello(room.code, projector=way == "projector")
        if way in ("spectator", "host-spectator"):
            await device.say({"type": "watch", "projector": False})
        if way == "seat-transfer":
            await device.say({"type": "move"})
        out.append(device)
    return out


def random_room(ruleset: str, seed: int, moves: int, open_hands: bool) -> tuple[Settings, Room]:
    """A room of ``ruleset`` dealt with ``seed``, and up to ``moves`` random actions into its deal."""
    settings_ = Settings.of(ruleset, {}, 60, open_hands)
    room = Room.from_events("ABCDEFGH", [Room.created_event(settings_, seed, "")])
    rng = random.Random(seed)
    for _ in range(moves):
        deal = room.live.deal
        if deal.is_over():
            break
        room.apply(room.action_event(deal.to_act, random_action(deal, rng, 0.7)))
    return settings_, room


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    ruleset=st.sampled_from(sorted(RULESETS)),
    seed=st.integers(0, 10**6),
    moves=st.integers(0, 160),
    wanted=audiences,
    every_hand=st.booleans(),
)
def test_a_broadcast_sends_each_connection_what_rendering_its_view_alone_would(
    ruleset: str, seed: int, moves: int, wanted: list[tuple[str, str, str, int]], every_hand: bool
) -> None:
    """The room is played through refused cards, comments, deals' ends and looks back at the
    last deal; what each connection is sent is its view built with nothing kept (the views
    keep what every seat shares for the room's state and deal: a stale one would differ)."""

    async def main() -> None:
        hub = new_hub()
        hub.public_url = ""  # each device's links start with the address it came by
        room, devices = await played_room(hub, ruleset, seed, moves)
        crowd = await audience_of(hub, room, devices, wanted)
        host = devices[Seat.S]
        if every_hand:
            await host.say({"type": "hands"})
        await host.say({"type": "comment", "text": "Katsokaa valttia"})
        everyone = [*devices.values(), *crowd]
        texts: dict[Any, str] = {}
        for device in everyone:
            assert device.conn is not None
            viewer, base = device.conn.viewer, device.conn.base
            alone = render(room, viewer, hub.clock.now(), base, hub.limits, hub.rule_root)
            # the parts sent, applied to the device's view before (kit.Device), give the whole view
            assert device.last["type"] == "view" and device.last["html"] == alone, (viewer, base)
            now = hub.clock.now()
            assert device.parts == render_parts(room, viewer, now, base, hub.limits, hub.rule_root)
            assert "Katsokaa valttia" in device.last["announce"]
            assert device.last["room"] == room.code and device.last["ok"] is True
            key = view_key(viewer, base)
            if key is not None:  # one text for every connection of the same key and view before
                raw = device.raw[-1]
                assert texts.setdefault((key, device.before), raw) == raw
        forget_everything(room)
        for device in everyone:
            assert device.conn is not None
            viewer, base = device.conn.viewer, device.conn.base
            alone = render(room, viewer, hub.clock.now(), base, hub.limits, hub.rule_root)
            assert device.html == alone, viewer

    run(main())


viewers = st.builds(
    Viewer,
    st.sampled_from(LANGS),
    st.sampled_from(("lobby", "visitor", "seat", "spectator", "projector")),
    st.sampled_from(list(Seat)),
    st.booleans(),
    st.booleans(),
    st.builds(
        Ui,
        st.none(),
        st.integers(-1, 3),
        st.lists(st.sampled_from(["C7", "HA", "S10"]), max_size=2),
        st.integers(-1, 3),
        st.sampled_from(["", "Miksi näin"]),
        st.sampled_from(["", "ABCD-1234"]),
    ),
)


@settings(max_examples=30, deadline=None)
@given(
    ruleset=st.sampled_from(sorted(RULESETS)),
    seed=st.integers(0, 10**6),
    moves=st.integers(0, 60),
    open_hands=st.booleans(),
    seen=st.lists(st.tuples(viewers, st.sampled_from(BASES)), min_size=1, max_size=8),
)
def test_shared_views_are_the_views_each_viewer_would_be_rendered(
    ruleset: str, seed: int, moves: int, open_hands: bool, seen: list[tuple[Viewer, str]]
) -> None:
    settings_, room = random_room(ruleset, seed, moves, open_hands)
    for viewer, _ in seen:
        if viewer.seat not in settings_.seats:
            viewer.seat = settings_.seats[0]
    views = SharedViews(room, 0.0)
    for viewer, base in seen:
        assert views.html(viewer, base) == render(room, viewer, 0.0, base)
    keys = {view_key(v, b) for v, b in seen}
    assert views.built == len(keys - {None}) + sum(1 for v, b in seen if view_key(v, b) is None)
    # any view sent as what changed since any other comes back whole where the page applies it
    for (one, one_base), (two, two_base) in itertools.pairwise(seen):
        before, after = views.parts(one, one_base), views.parts(two, two_base)
        assert apply_delta(before, delta(before, after)) == after


@settings(max_examples=40, deadline=None)
@given(
    ruleset=st.sampled_from(sorted(RULESETS)),
    seed=st.integers(0, 10**6),
    moves=st.integers(0, 80),
    lang=st.sampled_from(LANGS),
    host=st.booleans(),
    every=st.booleans(),
    open_hands=st.booleans(),
    ui=st.builds(
        Ui,
        pick=st.lists(st.sampled_from(["C7", "HA", "S10"]), max_size=2),
        why=st.integers(-1, 3),
        transfer=st.sampled_from(["", "ABCD-1234"]),
        last=st.booleans(),
    ),
    pick=st.randoms(use_true_random=False),
)
def test_a_refusal_put_into_the_view_the_page_has_is_the_view_rendered_whole_with_it(
    ruleset: str,
    seed: int,
    moves: int,
    lang: str,
    host: bool,
    every: bool,
    open_hands: bool,
    ui: Ui,
    pick: random.Random,
) -> None:
    """For random rooms, seats and cards of the hand the rules refuse (in any phase, the refused
    card's seat to act or not), what the hub sends for a refusal (``refusal_patch``), put into
    the view the connection had (``apply_refusal``, as ``room.js`` does), is the connection's
    view rendered whole with the refusal: the card's mark, the note, everything else as it was."""
    settings_, room = random_room(ruleset, seed, moves, open_hands)
    deal = room.live.deal
    seat = deal.to_act if pick.random() < 0.8 else pick.choice(settings_.seats)
    refused = []
    for card in deal.hand(seat):
        try:
            deal.check(Play(card))
        except IllegalAction as err:
            refused.append(err)
        except MarjapussiError:
            pass
    if not refused:
        return
    err = pick.choice(refused)
    plain = Viewer(lang, "seat", seat, host, every, ui)
    viewer = replace(plain, ui=replace(ui, refused=err, refused_at=len(deal.history)))
    for base in BASES[:1]:
        before = render_parts(room, plain, 0.0, base)
        card, note = views.refusal_patch(room, viewer)
        after = views.apply_refusal(before, card, note)
        assert after == render_parts(room, viewer, 0.0, base), (card, note)
        if deal.to_act == seat and not deal.is_over() and isinstance(err.action, Play):
            assert card == err.action.card.code and note.startswith('<p class="mp-play-refused"')
            assert "".join(after).count('<li class="mp-refused">') == 1


def test_a_pending_interface_state_gets_a_view_of_its_own() -> None:
    plain = Viewer("fi", "seat", Seat.S)
    picking = replace(plain, ui=Ui(pick=["C7"]))
    moving = replace(plain, ui=Ui(transfer="ABCD-1234"))
    assert view_key(plain, BASES[0]) == view_key(replace(plain), BASES[0])
    assert view_key(plain, BASES[0]) != view_key(plain, BASES[1])
    assert view_key(picking, BASES[0]) is None and view_key(moving, BASES[0]) is None


@settings(max_examples=8, deadline=None)
@given(ruleset=st.sampled_from(sorted(RULESETS)), seed=st.integers(0, 10**6), moves=st.integers(1, 40))
def test_what_the_views_keep_for_a_room_is_what_they_would_build_anew_after_every_change(
    ruleset: str, seed: int, moves: int
) -> None:
    """The parts kept for a room's state (``views._kept``) never outlive it: after each action,
    a comment, a take-back and the next deal, every seat's, the host's and a spectator's view
    with what was kept is the view built with nothing kept."""
    settings_ = Settings.of(ruleset, {}, 60)
    room = Room.from_events("ABCDEFGH", [Room.created_event(settings_, seed, "")])
    viewers = [Viewer("fi", "seat", s) for s in settings_.seats]
    viewers += [Viewer("en", "seat", settings_.seats[0], host=True), Viewer("ru", "spectator")]
    rng = random.Random(seed)

    def same() -> None:
        kept = [render_parts(room, v, 0.0, BASES[0]) for v in viewers]
        room.kept.clear()
        assert kept == [render_parts(room, v, 0.0, BASES[0]) for v in viewers]

    for step in range(moves):
        same()
        deal = room.live.deal
        if deal.is_over():
            room.apply(room.next_event() if room.live.position.has_next_deal else room.again_event(seed))
        elif step % 7 == 3:
            room.apply(room.comment_event(f"Huomio {step}"))
        elif step % 11 == 5 and deal.history:
            room.apply(room.rewind_event(len(deal.history) - 1))
        else:
            room.apply(room.action_event(deal.to_act, random_action(deal, rng, 0.7)))
    same()


async def at_a_card_that_must_follow_suit(hub: Any) -> tuple[Any, Any, list[Any]]:
    """A seated guild room (seed 11) played on to a trick whose second card has to follow suit:
    the room, the device of the seat to play and the cards of its hand the rules refuse."""
    room, devices = await seated_room(hub, "guild", 11, 0)
    device, barred = await to_a_card_that_must_follow_suit(room, devices)
    return room, device, barred


async def to_a_card_that_must_follow_suit(room: Room, devices: dict[Seat, Any]) -> tuple[Any, list[Any]]:
    """``room`` played on to a trick whose second card has to follow suit: the device of the
    seat to play and the cards of its hand the rules refuse."""
    rng = random.Random(11)
    while True:
        deal = room.live.deal
        if deal.phase.name == "PLAY" and len(deal.table) == 1:
            legal = {a.card for a in deal.legal_actions() if hasattr(a, "card")}
            barred = [c for c in deal.hand(deal.to_act) if c not in legal]
            if barred:
                return devices[deal.to_act], barred
        await move(devices[deal.to_act], room, rng)


def test_a_refused_card_is_answered_by_the_card_to_mark_and_the_explained_refusal_alone(
    monkeypatch: Any,
) -> None:
    """A card the rules refuse is answered with no view built: the card whose control the page
    marks, the note that says why and the words said, which put into the view the page has
    give the view rendered whole with the refusal; a second refusal replaces the first; the
    next views, sent against the view without them, are the views rendered whole (after the
    host's comment, an event, and after the player's card, without the refusal)."""
    built: list[int] = []
    render_parts_ = views.render_parts

    def counted(*args: Any, **kwargs: Any) -> tuple[str, ...]:
        built.append(1)
        return render_parts_(*args, **kwargs)

    monkeypatch.setattr(views, "render_parts", counted)

    async def main() -> None:
        hub = new_hub()
        room, devices = await seated_room(hub, "guild", 11, 0)
        device, barred = await to_a_card_that_must_follow_suit(room, devices)
        assert device.conn is not None
        for card in (barred[0], barred[-1]):
            before, built[:] = device.parts, []
            await device.say({"type": "play", "card": card.code})
            message = json.loads(device.raw[-1])
            assert set(message) == {"type", "card", "note", "announce"} and message["type"] == "refused"
            assert message["card"] == card.code and message["announce"], message
            assert message["note"].startswith('<p class="mp-play-refused"'), message["note"]
            assert not built and device.parts == before  # no view built; the page keeps its view's parts
            assert device.html == render(room, device.conn.viewer, hub.clock.now(), device.conn.base)
            assert device.html.count('<li class="mp-refused">') == device.html.count("mp-play-refused") == 1
        await devices[Seat.S].say({"type": "comment", "text": "Mieti vielä"})  # an event: no refusal shown
        assert device.html == render(room, device.conn.viewer, hub.clock.now(), device.conn.base)
        assert "mp-refused" not in device.html and "mp-play-refused" not in device.html
        await device.say({"type": "play", "card": barred[0].code})
        deal = room.live.deal
        legal = next(a for a in deal.legal_actions() if isinstance(a, Play))
        await device.say({"type": "play", "card": legal.card.code})
        assert device.html == render(room, device.conn.viewer, hub.clock.now(), device.conn.base)
        assert "mp-refused" not in device.html

    run(main())


def test_a_player_refused_again_and_again_at_one_position_adds_nothing_to_what_the_room_keeps() -> None:
    """The words of a refusal are kept for the view built just after it, the last refusal's
    only: refusals at one position, however many, leave what the room keeps as it was after the
    first (the room keeps it until its next event)."""

    async def main() -> None:
        hub = new_hub()
        room, device, barred = await at_a_card_that_must_follow_suit(hub)
        await device.say({"type": "play", "card": barred[0].code})
        kept = len(room.kept)
        for n in range(12):
            await device.say({"type": "play", "card": barred[n % len(barred)].code})
            assert json.loads(device.raw[-1])["type"] == "refused"
        assert len(room.kept) == kept

    run(main())


def test_the_hosts_tools_follow_a_player_who_goes_away_and_the_bot_that_stands_in_without_an_event() -> None:
    """The host's tools are kept for the room's state by what the clock and the sockets decide
    (who holds each seat, who may be sent a hint): a player whose socket closes, and the bot
    that stands in once the grace period is over, change no event, and the host's screen still
    shows what its view built with nothing kept would."""

    async def main() -> None:
        hub = new_hub()
        room, devices = await seated_room(hub, "guild", 5, 3)
        host = devices[Seat.S]
        assert host.conn is not None
        gone = next(s for s in devices if s is not Seat.S and s is room.live.deal.to_act) if (
            room.live.deal.to_act is not Seat.S
        ) else Seat.W
        events, before = room.events, host.html
        away = devices[gone]
        assert away.conn is not None
        await hub.disconnect(away.conn)
        await hub.settle()
        assert room.events == events and host.html != before
        now = hub.clock.now()
        assert host.html == afresh(room, host.conn.viewer, now, host.conn.base, hub)
        for _ in range(room.settings.grace // 10 + 1):  # the grace runs out: a bot stands in (no event)
            hub.clock.advance(10)
            for seat, device in devices.items():
                if seat is not gone:  # the others stay: each answers within the heartbeats' time
                    await device.say({"type": "pong"})
            await hub.settle()
        assert host.conn in hub.connections
        standing = "a bot plays" in host.html or "stand-in" in host.html
        assert standing or room.events != events, host.html
        now = hub.clock.now()
        assert host.html == afresh(room, host.conn.viewer, now, host.conn.base, hub)

    run(main())


def test_after_an_action_a_view_sends_of_the_last_actions_only_the_new_ones_item() -> None:
    """The last actions' list is a part for each action (``recent_parts``): the view after an
    action names the items the page has by index and sends the new action's item alone, and
    the list read from the parts is the one ``recent_html`` writes; the host's tools are a
    part each, and their section's start is not sent again."""
    from marjapussi.analysis.view import SeatView
    from marjapussi.web.table_view import recent_html, recent_parts

    async def main() -> None:
        hub = new_hub()
        room, devices = await seated_room(hub, "guild", 3, 8)
        watcher = devices[Seat.S]
        before = len(watcher.messages)
        await move(devices[room.live.deal.to_act], room, random.Random(1))
        sent = [m for m in watcher.messages[before:] if m.get("type") == "view" and "parts" in m]
        assert sent
        texts = {p for p in sent[-1]["parts"] if isinstance(p, str)}
        seen = SeatView.of(room.live.deal, Seat.S)
        items = recent_parts(seen, "en")[1:-1]
        assert len(items) == 6 and len(set(items)) == 6
        assert [item for item in items if item in texts] == [items[-1]]  # the older ones by index
        # the host's tools too, each a part: the section's start stays, named by its index
        assert not any(text.startswith('<section class="mp-room-teach">') for text in texts)
        assert recent_html(seen, "en") in watcher.html

    run(main())
