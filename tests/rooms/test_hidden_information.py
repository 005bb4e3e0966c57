"""Only a seat's own knowledge reaches it (issue 22, Decided 1 and 2): indistinguishability.

Whole games of every rule choice are played in a room of people (seeded random legal
actions, pressed through the controls of each player's view), with a spectator watching.
Before every action, a twin room is made for a seat X: the same room and game, but its
deal in play dealt from other hands, drawn by the bots' sampler (``analysis.sampler``)
to fit everything X knows at that moment, after the action as well (its own hand, the
cards played, the calls, declarations, asks and answers, what the discards and voids
tell); the hidden cards of the twin differ from the real ones at most steps. The same
step is then taken in both rooms, through the server's message layer (``Hub.receive``,
from the acting player's device), and every message X's device receives, and every
message the spectator's device receives, must be byte-identical in the two rooms. A
seat's refused card is tried in both rooms too, and from the second deal on, the seat's look
back at the last deal (its review and record, issue 33) is opened and closed in both. The
step that ends a deal is left out: then the whole record is shown, and with it every card
(Decided 1).

The default run twins one seat per step, in turn; ``-m slow`` twins every seat at every
step.
"""

from __future__ import annotations

import copy
import json
import random
from dataclasses import replace
from typing import Any

import pytest

from marjapussi.actions import Play
from marjapussi.analysis.sampler import sample_deals
from marjapussi.analysis.view import SeatView
from marjapussi.cards import Seat
from marjapussi.deal import PLAYING_SEATS, Phase
from marjapussi.game import RULESETS, LiveGame, Prepared, code_of
from marjapussi.randomplay import random_action
from marjapussi.rooms.hub import Hub
from marjapussi.rooms.room import Room

from .kit import Device, controls_for, create, new_hub, run

MAX_STEPS = 4000
SAMPLED = list(RULESETS)


def twin_room(room: Room, game_codes: str, prepared: Prepared) -> Room:
    """The room with its deal in play dealt from ``prepared`` and replayed to ``game_codes`` (the
    deals before it, the last deal a seat can look back at among them, as they were)."""
    game = replace(room.live.game, prepared=(*room.live.game.prepared, prepared), actions=game_codes)
    twin = Room(
        room.code,
        room.settings,
        room.seed,
        room.host,
        LiveGame(game),
        players=copy.deepcopy(room.players),
        events=room.events,
        changed_at=room.changed_at,
        next_by=room.next_by,
        last=room.last,
        last_comments=list(room.last_comments),
        last_reviews=dict(room.last_reviews),
        last_reviewed=room.last_reviewed,
    )
    return twin


async def twin_hub(
    hub: Hub, room: Room, twin: Room, devices: dict[Any, Device]
) -> tuple[Hub, dict[Any, Device]]:
    """A second server holding the twin room, with a copy of every device's connection."""
    other = new_hub()
    other.rooms[room.code] = twin
    copies = {}
    for key, device in devices.items():
        assert device.conn is not None
        mirror = Device(other, device.lang)
        await mirror.open()
        assert mirror.conn is not None
        mirror.conn.viewer = copy.deepcopy(device.conn.viewer)
        other.place(mirror.conn, device.conn.room)
        mirror.conn.last_parts = device.conn.last_parts
        mirror.parts = device.parts
        copies[key] = mirror
    return other, copies


def differs(real: Any, twin: Any, seat: Seat) -> bool:
    """Tell whether the twin deal's hidden cards (the other hands, the talon) differ."""
    others = [s for s in PLAYING_SEATS[real.rules.players] if s != seat]
    return any(real.initial_hands[s] != twin.initial_hands[s] for s in others)


async def lock_step(r: str, seed: int, every_seat: bool) -> tuple[int, int, int]:
    """Play a whole game of ``r`` with twins; return (steps compared, twins made, twins differing)."""
    hub = new_hub()
    rules = RULESETS[r]
    seats = PLAYING_SEATS[rules.players]
    langs = ["fi", "en", "ru", "en"]
    devices: dict[Any, Device] = {seat: Device(hub, langs[i]) for i, seat in enumerate(seats)}
    for device in devices.values():
        await device.open()
    code = await create(devices[seats[0]], r, seats[0].name)
    for seat in seats[1:]:
        await devices[seat].hello(code)
        await devices[seat].say({"type": "sit", "seat": seat.name, "name": f"p{seat.name}"})
    spectator = Device(hub, "ru")
    await spectator.open()
    await spectator.hello(code)
    await spectator.say({"type": "watch", "projector": False})
    devices["spectator"] = spectator
    room = hub.rooms[code]
    rng = random.Random(seed)
    sampling = random.Random(seed + 1)
    steps = twins = different = 0
    turn = 0
    for _ in range(MAX_STEPS):
        deal = room.live.deal
        if deal.is_over():
            if not room.live.position.has_next_deal:
                return steps, twins, different
            await devices[seats[0]].say({"type": "next"})
            continue
        actor = deal.to_act
        action = random_action(deal, rng, 0.7)
        after = room.live.game.push(action).position().deal
        if after.is_over():  # the end of a deal shows the whole record: not compared
            for step in controls_for(action):
                await devices[actor].say(step)
            continue
        observers = list(seats) if every_seat else [seats[turn % len(seats)]]
        turn += 1
        pairs = []
        for observer in observers:
            seen = SeatView.of(after, observer)
            twin_deal = sample_deals(seen, 1, sampling, verify="all")[0]
            twins += 1
            different += differs(after, twin_deal, observer)
            walk = twin_deal.copy_start()
            codes = room.live.game.actions[:0]
            for _, act in twin_deal.history[:-1]:
                codes += code_of(walk, act)
                walk.push(act)
            twin = twin_room(room, codes, Prepared.of(twin_deal, room.live.position.number))
            assert twin.live.deal.history == twin_deal.history[:-1]
            watching = {key: devices[key] for key in {observer, actor, "spectator"}}
            other, mirrors = await twin_hub(hub, room, twin, watching)
            pairs.append((observer, twin_deal, other, mirrors))
        marks = {key: len(device.messages) for key, device in devices.items()}
        refused = None
        if deal.phase is Phase.PLAY and actor in observers:
            illegal = [c for c in deal.hand(actor) if not deal.is_legal(Play(c))]
            refused = {"type": "play", "card": illegal[0].code} if illegal else None
        if refused:
            await devices[actor].say(refused)
        looking = {"type": "last", "on": turn % 3 != 0}  # the last deal opened (or closed) now and then
        if room.last is not None and observers[0] != actor:
            await devices[observers[0]].say(looking)
            assert ('class="mp-room-last"' in devices[observers[0]].html) == looking["on"]
        for step in controls_for(action):
            await devices[actor].say(step)
        for observer, twin_deal, other, mirrors in pairs:
            twin_action = twin_deal.history[-1][1]
            if refused and observer == actor:
                await mirrors[actor].say(refused)
            if room.last is not None and observer == observers[0] and observer != actor:
                await mirrors[observer].say(looking)
            for step in controls_for(twin_action):
                await mirrors[actor].say(step)
            for key in (observer, "spectator"):
                real = devices[key].messages[marks[key] :]
                seen_there = mirrors[key].messages
                assert real, (key, "was told nothing")
                assert json.dumps(real, ensure_ascii=False) == json.dumps(seen_there, ensure_ascii=False), (
                    r,
                    key,
                    room.live.deal.history[-3:],
                )
            # the twin room took the twin's action as the real room took the real one (each
            # observer's own twin: the loop above made one for each)
            assert other.rooms[code].live.deal.history == twin_deal.history
        steps += 1
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("r", SAMPLED)
def test_every_message_a_seat_or_spectator_gets_is_the_same_for_any_hidden_cards(r: str) -> None:
    steps, twins, different = run(lock_step(r, 7, every_seat=False))
    assert steps > 30 and different > twins // 2, (steps, twins, different)


@pytest.mark.slow
@pytest.mark.parametrize("r", SAMPLED)
def test_every_seat_at_every_step(r: str) -> None:
    steps, twins, different = run(lock_step(r, 11, every_seat=True))
    assert steps > 30 and different > twins // 2, (steps, twins, different)
