"""A club night's director adds players (issue 31: "The director can add, rename, pair and
remove players"): the added player is an evening event written before anyone is told, a
partner is a player here without one or a second new name, the same refusals as a phone's
joining; the director's screen shows a one-time player code by which the player's phone
takes the place later (a forged or spent code is refused, and counted as a guess); someone
added during a round plays from the next round on, as a late phone does."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from marjapussi.escaping import escape
from marjapussi.rooms.clock import ManualClock
from marjapussi.rooms.evening import Evening
from marjapussi.rooms.evening_texts import et
from marjapussi.rooms.protocol import Refused
from marjapussi.rooms.texts import rt

from .evening_kit import LANGS, NAMES, club_hub, device, join, new_evening, play_round_boards, start_round
from .kit import FAST, Device, delivered, move, offered, run


def player_code(html: str, name: str) -> str:
    """The player code the director's screen shows once for a player (``ABC-DEF``)."""
    found = re.search(
        rf'{re.escape(name)}[^<]*<strong class="mp-evening-claim-code">'
        r"([0-9A-Z]{3}-[0-9A-Z]{3})</strong>",
        html,
    )
    assert found is not None, html
    return found.group(1)


def test_the_model_adds_a_player_alone_with_a_partner_here_or_with_a_new_one() -> None:
    evening = Evening.from_events("ABCDEFGH", [Evening.created_event("guild", 7, "h")])
    for event in evening.join_event("p1", "Anna", "k" * 32, ""):
        evening.apply(event)
    events = evening.add_event("Pekka", "p1", "")
    assert [e["e"] for e in events] == ["joined", "paired"]
    for event in events:
        evening.apply(event)
    pekka = evening.members["p2"]
    assert pekka.name == "Pekka" and pekka.pair == evening.members["p1"].pair and not pekka.phone
    assert evening.member_of_key("") is None  # nobody's key is the added player's
    two = evening.add_event("Liisa", "", "Olli")
    assert [e["e"] for e in two] == ["joined", "joined", "paired"]
    for event in two:
        evening.apply(event)
    assert evening.pairs["P2"] == ("p3", "p4")
    # the same rules as a phone's joining, and the partner's
    for name, mate, partner, key in [
        ("", "", "", "evening-name"),
        ("anna", "", "", "evening-name-taken"),
        ("Eero", "", "olli", "evening-name-taken"),
        ("Eero", "", "eero", "evening-same-name"),
        ("Eero", "p1", "", "evening-pair"),  # Anna has a partner now
        ("Eero", "p99", "", "evening-no-player"),
        ("Eero", "p3", "Tiina", "evening-add-partner"),
    ]:
        with pytest.raises(Refused, match=key):
            evening.add_event(name, mate, partner)
    three = Evening.from_events("ABCDEFGH", [Evening.created_event("huutopussi3", 7, "h", format="games")])
    with pytest.raises(Refused, match="evening-no-partners"):
        three.add_event("Eero", "", "Tiina")
    # a phone takes the added place: the player's key is the phone's from then on
    evening.apply(evening.keyed_event("p2", "n" * 32))
    assert evening.member_of_key("n" * 32) is pekka and pekka.phone
    rebuilt = Evening.from_events("ABCDEFGH", [Evening.created_event("guild", 7, "h"), *_events(evening)])
    assert rebuilt.members == evening.members


def _events(evening: Evening) -> list[dict[str, object]]:
    """The events that made ``evening``'s players and pairs (for the replay check)."""
    out: list[dict[str, object]] = []
    for m in evening.members.values():
        out.append({"e": "joined", "id": m.id, "name": m.name, "key": m.key, "partner": m.partner,
                    "added": not m.phone})  # fmt: skip
    for pair, (a, b) in evening.pairs.items():
        out.append({"e": "paired", "pair": pair, "a": a, "b": b})
    return out


@pytest.mark.parametrize("lang", LANGS)
def test_the_director_adds_a_player_whose_phone_takes_the_place_with_a_one_time_code(lang: str) -> None:
    async def main() -> None:
        hub = club_hub()
        director, code = await new_evening(hub, lang)
        anna = await join(hub, code, "Anna", lang)
        assert 'data-focus-key="evening-add-name"' in director.html
        assert 'data-focus-key="evening-add-mate"' in director.html
        await director.say(
            {"type": "evening-do", "what": "add", "name": "Pekka", "mate": "p1", "partner": ""}
        )
        evening = hub.evenings[code]
        stored = [e for e in hub.store.events(code) if e.get("e") in ("joined", "paired")]
        assert [e["e"] for e in stored] == ["joined", "joined", "paired"]  # written before anyone is told
        shown = player_code(director.html, "Pekka")
        spelled = " ".join(shown.replace("-", ""))
        assert director.last["announce"] == (
            f"{et('added', lang, name='Pekka')} {et('claim-for', lang, name='Pekka')} {spelled}."
        )
        assert escape(et("no-phone", lang)) in director.html
        assert shown not in anna.html and "mp-evening-claim-code" not in anna.html
        # a forged code: refused, counted as a guess, and nothing lost
        phone = await device(hub, lang)
        await phone.hello(code)
        assert 'data-focus-key="evening-claim-code"' in phone.html
        assert phone.conn is not None
        before = hub.guard.flows[phone.conn].misses
        wrong = "ZZZ-ZZZ" if shown != "ZZZ-ZZZ" else "YYY-YYY"
        await phone.say({"type": "evening-claim", "evening": code, "code": wrong})
        assert phone.last["announce"] == rt("refuse:evening-bad-claim", lang)
        assert hub.guard.flows[phone.conn].misses == before + 1
        await phone.say({"type": "evening-claim", "evening": code, "code": "x<>" * 200})
        assert phone.last["announce"] == rt("refuse:evening-bad-claim", lang)
        # the right one: the phone is Pekka's, and the director's screen no longer shows the code
        await phone.say({"type": "evening-claim", "evening": code, "code": shown.lower()})
        assert 'data-role="evening-player"' in phone.html
        token = phone.kept[code]["token"]
        assert evening.member_of_key(token) is evening.members["p2"]
        assert "mp-evening-claim-code" not in director.html
        assert escape(et("no-phone", lang)) not in director.html
        # a replayed code (another phone): spent
        other = await device(hub, lang)
        await other.hello(code)
        await other.say({"type": "evening-claim", "evening": code, "code": shown})
        assert other.last["announce"] == rt("refuse:evening-bad-claim", lang)
        assert 'data-role="evening-visitor"' in other.html
        # a new code for a lost phone: the old phone's key no longer seats anyone
        await director.say({"type": "evening-do", "what": "invite", "id": "p2"})
        again = player_code(director.html, "Pekka")
        await other.say({"type": "evening-claim", "evening": code, "code": again})
        assert 'data-role="evening-player"' in other.html
        assert evening.member_of_key(token) is None
        assert evening.member_of_key(other.kept[code]["token"]) is evening.members["p2"]
        assert 'data-role="evening-visitor"' in phone.html  # the old phone: a visitor again

    run(main())


def test_hostile_input_to_the_add_form_gets_a_clear_message_and_loses_nothing() -> None:
    async def main() -> None:
        hub = club_hub()
        director, code = await new_evening(hub, "fi")
        await join(hub, code, "Anna", "fi")
        evening = hub.evenings[code]
        count = evening.events
        for message, key in [
            ({"name": ""}, "refuse:evening-name"),
            ({"name": "   \t  "}, "refuse:evening-name"),
            ({"name": "x" * 500}, "refuse:bad-name"),
            ({"name": "Anna"}, "refuse:evening-name-taken"),
            ({"name": "Eero", "mate": "p77"}, "refuse:evening-no-player"),
            ({"name": "Eero", "mate": "<script>"}, "refuse:bad-message"),
            ({"name": "Eero", "partner": "y" * 500}, "refuse:bad-name"),
            ({"name": "Eero", "mate": "p1", "partner": "Tiina"}, "refuse:evening-add-partner"),
        ]:
            await director.say({"type": "evening-do", "what": "add", **message})
            assert director.last["ok"] is False and director.last["announce"] == rt(
                key, "fi", n=FAST.name_chars
            )
            assert evening.events == count
        await director.say({"type": "evening-do", "what": "add", "name": "Ee\x00ro\u202e\n"})
        assert evening.members["p2"].name == "Eero"  # control and format characters: gone
        # a phone cannot add players
        anna = await join(hub, code, "Aino", "fi")
        await anna.say({"type": "evening-do", "what": "add", "name": "Ville"})
        assert anna.last["announce"] == rt("refuse:evening-not-director", "fi")

    run(main())


def test_a_player_added_during_a_round_plays_from_the_next_round_at_the_seat_the_phone_takes() -> None:
    async def main() -> None:
        hub = club_hub()
        director, code = await new_evening(hub, rounds=2, boards=1)
        phones = [await join(hub, code, name) for name in NAMES[:4]]
        evening = await start_round(hub, director, code)
        await director.say({"type": "evening-do", "what": "add", "name": "Eero", "partner": "Tiina"})
        first = player_code(director.html, "Eero")
        assert all("p5" not in t.sides and evening.members["p5"].pair not in t.sides for t in evening.tables)
        await play_round_boards(hub, phones, random.Random(4))
        assert evening.round_over
        await director.say({"type": "evening-do", "what": "invite", "id": "p6"})
        second = player_code(director.html, "Tiina")
        await start_round(hub, director, code)
        pair = evening.members["p5"].pair
        assert any(pair in t.sides for t in evening.tables)  # the added pair plays round 2
        # their phones come after the round began: each takes the seat at its table
        eero, tiina = await device(hub), await device(hub)
        for phone, shown in ((eero, first), (tiina, second)):
            await phone.hello(code)
            await phone.say({"type": "evening-claim", "evening": code, "code": shown})
            assert phone.conn is not None and phone.conn.viewer.role == "seat", phone.last
        await play_round_boards(hub, [*phones, eero, tiina], random.Random(5))
        assert evening.round_over and any(pair in (r.ns, r.ew) for r in evening.board_results(2, 2))

    run(main())


def test_the_add_form_is_usable_by_keyboard_and_says_what_each_field_is() -> None:
    async def main() -> None:
        hub = club_hub()
        director, code = await new_evening(hub)
        await join(hub, code, "Anna")
        form = re.search(r"<form class=\"mp-form mp-evening-add\"(.*?)</form>", director.html, re.S)
        assert form is not None
        body = form.group(1)
        assert body.count("<label") == 3 and "<legend>" in body and 'type="submit"' in body
        assert re.search(r'<option value="p1"[^>]*>Anna</option>', body)
        await director.say({"type": "evening-do", "what": "add", "name": "Pekka"})
        assert {"type": "evening-do", "what": "invite", "id": "p2"} in offered(director.html)

    run(main())


def test_a_rounds_time_left_is_right_after_a_restart_on_another_monotonic_clock(tmp_path: Path) -> None:
    """The round's start is stored on the wall clock: a server started again (its monotonic
    clock from another origin) shows the time left on the evening's screens and at the tables
    as it was, and the round runs out of time when it should, not at once nor never."""

    async def main() -> None:
        db = tmp_path / "rooms.db"
        first = ManualClock(123.0)
        hub = club_hub(db, first, wall=lambda: 1_700_000_000.0 + first.now())
        director, code = await new_evening(hub, boards=2)
        phones = [await join(hub, code, name) for name in NAMES[:4]]
        await start_round(hub, director, code)
        assert "Time left: 45 min" in director.html
        evening = hub.evenings[code]
        table = hub.rooms[evening.tables[0].room]
        mover = next(p for p in phones if p.conn is not None and p.conn.viewer.seat == table.live.to_act())
        await move(mover, table, random.Random(1))
        first.advance(10 * 60)  # ten minutes of the round pass; then the server stops
        # started again: its monotonic clock reads from another origin, the wall clock goes on
        second = ManualClock(987_654.0)
        again = club_hub(db, second, wall=lambda: 1_700_000_000.0 + 123.0 + 600.0 + second.now() - 987_654.0)
        assert again.load() == 1 and code in again.evenings  # the table, and the evening
        boss = Device(again, "en", kept=director.kept)
        await boss.open()
        await boss.hello(code)
        assert "Time left: 35 min" in boss.html
        phone = Device(again, "en", kept=mover.kept)
        await phone.open()
        await phone.hello(code)  # back at the table, its deal in play
        assert phone.conn is not None and phone.conn.viewer.role == "seat"
        assert "Time left: 35 min" in phone.html
        due = await again.run_due()
        assert due is not None and second.now() < due <= second.now() + 60
        devices = [boss, phone]
        for _ in range(34 * 6 + 5):  # 34 min 50 s: still in time
            second.advance(10)
            for dev in devices:
                await dev.say({"type": "pong"})
            await again.run_due()
        await delivered(again)
        assert "Time left: 1 min" in boss.html and "Time is up" not in boss.html
        assert "Time left: 1 min" in phone.html
        for _ in range(2):
            second.advance(10)
            for dev in devices:
                await dev.say({"type": "pong"})
            await again.run_due()
        await again.settle()
        await delivered(again)
        assert again.evenings[code].time_out(again.wall())
        assert "Time is up" in boss.html

    run(main())
