"""A club night's model (``rooms.evening``) and its tables (``Room``'s ``board`` event): the
evening as events, rebuilt by replay; the boards dealt from the evening's seed."""

from __future__ import annotations

import random
import re
from fractions import Fraction

import pytest

from marjapussi.club import BOT_PAIR, board_deal
from marjapussi.escaping import escape
from marjapussi.game import Prepared
from marjapussi.randomplay import random_action
from marjapussi.rooms.evening import Evening, EveningError
from marjapussi.rooms.evening_texts import et
from marjapussi.rooms.evening_views import director_view, player_view, print_page, projector_view
from marjapussi.rooms.protocol import Refused
from marjapussi.rooms.room import Room, RoomError, Settings

KEY = "k" * 20


def table_room(ruleset: str = "guild", seed: int = 7) -> Room:
    settings = Settings.of(ruleset, {})
    return Room.from_events("TABLEAAA", [Room.created_event(settings, seed, "", ("EVENINGA", 1, 1))])


@pytest.mark.parametrize("ruleset", ["guild", "pagat", "huutopussi", "huutopussi-marriage"])
def test_a_board_event_deals_the_boards_cards_at_every_table(ruleset: str) -> None:
    one, two = table_room(ruleset), table_room(ruleset)
    for board in (1, 2, 5):
        event = one.board_event(board)
        for room in (one, two):
            room.apply(event)
            dealt = room.live.deal
            expected = board_deal(ruleset, 7, board)
            assert Prepared.of(dealt, 0).hands == Prepared.of(expected, 0).hands
            assert dealt.dealer == expected.dealer and room.board == board
            assert not dealt.history


def test_next_and_again_are_refused_at_an_evening_table_and_its_board_plays_to_the_end() -> None:
    room = table_room()
    room.apply(room.board_event(1))
    rng = random.Random(3)
    while not room.live.deal.is_over():
        deal = room.live.deal
        event = room.action_event(deal.to_act, random_action(deal, rng, 0.7))
        room.apply(event)
    with pytest.raises(Refused, match="evening-table"):
        room.next_event()
    with pytest.raises(Refused, match="evening-table"):
        room.again_event(5)
    with pytest.raises(RoomError):
        room.apply({"e": "next"})
    assert room.live.deal.is_over()


def test_a_board_event_is_refused_in_a_room_of_its_own() -> None:
    room = Room.from_events("ROOMAAAA", [Room.created_event(Settings.of("guild", {}), 7, "")])
    with pytest.raises(RoomError):
        room.apply({"e": "board", "board": 1, "dealer": "N", "opening": True, "hands": [0, 0, 0, 0]})


def test_an_evening_table_is_rebuilt_from_its_events() -> None:
    room = table_room()
    events = [Room.created_event(room.settings, 7, "", ("EVENINGA", 2, 3)), room.board_event(4)]
    again = Room.from_events("TABLEAAA", events)
    assert (again.evening, again.round, again.table, again.board) == ("EVENINGA", 2, 3, 4)


# ---------------------------------------------------------------------- the evening


def grow(evening: Evening, events: list[dict[str, object]], *new: dict[str, object]) -> None:
    for event in new:
        evening.apply(event)
        events.append(event)


def evening_of(
    names: list[str], bots: bool = False, rules: str = "guild"
) -> tuple[Evening, list[dict[str, object]]]:
    events: list[dict[str, object]] = [
        Evening.created_event(rules, 11, "host", rounds=2, boards=2, bots=bots)
    ]
    evening = Evening.from_events("EVENINGA", events)
    for name in names:
        grow(evening, events, *evening.join_event(evening.new_member_id(), name, KEY + name, ""))
    return evening, events


def start_round(evening: Evening, events: list[dict[str, object]]) -> None:
    paired, tables, out = evening.round_plan()
    grow(evening, events, *paired)
    rows = [[n, f"ROOM{evening.round + 1}{n:03d}", ns, ew] for n, ns, ew in tables]
    grow(evening, events, {"e": "round", "round": evening.round + 1, "tables": rows, "out": out, "at": 5.0})


def test_players_who_ask_for_a_partner_are_paired_and_the_rest_at_the_round() -> None:
    events: list[dict[str, object]] = [Evening.created_event("guild", 11, "host")]
    evening = Evening.from_events("EVENINGA", events)
    grow(evening, events, *evening.join_event("p1", "Anna", KEY + "1", "Pekka"))
    grow(evening, events, *evening.join_event("p2", "Olli", KEY + "2", ""))
    grow(evening, events, *evening.join_event("p3", "pekka", KEY + "3", ""))  # Anna asked for Pekka
    assert evening.pairs == {"P1": ("p1", "p3")}
    with pytest.raises(Refused, match="evening-name-taken"):
        evening.join_event("p4", "ANNA", KEY + "4", "")
    grow(evening, events, *evening.join_event("p4", "Liisa", KEY + "4", ""))
    start_round(evening, events)
    assert evening.pairs == {"P1": ("p1", "p3"), "P2": ("p2", "p4")}
    assert [(t.number, t.ns, t.ew) for t in evening.tables] == [(1, "P1", "P2")]
    member = evening.member_of_key(KEY + "2")
    assert member is not None and member.name == "Olli"
    assert evening.table_of(member) == (evening.tables[0], False)


def test_an_odd_field_gets_the_bot_pair_when_bots_are_on_else_a_pair_sits_out() -> None:
    names = [f"N{i}" for i in range(6)]
    evening, events = evening_of(names, bots=True)
    start_round(evening, events)
    assert [(t.ns, t.ew) for t in evening.tables] == [("P1", "P2"), ("P3", BOT_PAIR)]
    evening, events = evening_of(names, bots=False)
    start_round(evening, events)
    assert [(t.ns, t.ew) for t in evening.tables] == [("P1", "P2")] and evening.history[1][1] == "P3"


def test_a_round_waits_for_every_table_and_the_results_rank_the_pairs() -> None:
    evening, events = evening_of([f"N{i}" for i in range(8)])
    start_round(evening, events)
    with pytest.raises(Refused, match="evening-busy"):
        evening.next_round_check()
    # board 1: table 1 makes N-S +40, table 2 N-S -20; board 2 the same at both
    grow(evening, events, evening.result_event(1, 1, (120, 80)), evening.result_event(2, 1, (50, 70)))
    assert evening.board_done(1, 1) and not evening.board_done(1, 2)
    grow(evening, events, evening.result_event(1, 2, (60, 60)))
    assert not evening.round_over
    grow(evening, events, evening.result_event(2, 2, (60, 60)))
    assert evening.round_over
    evening.next_round_check()
    top = evening.standings()
    # P1 (N-S at table 1) beats on board 1 (100%) and ties board 2 (50%): 75%
    assert [(s.pair, s.percent) for s in top][:2] == [("P1", 75), ("P4", 75)]
    again = Evening.from_events("EVENINGA", events)
    assert again.results == evening.results and again.standings() == top and again.tables == evening.tables
    start_round(evening, events)
    assert evening.round == 2 and list(evening.round_boards) == [3, 4]
    with pytest.raises(Refused, match="evening-last-round"):
        evening.round_plan()


def test_a_correction_with_a_note_changes_the_board_and_is_replayed() -> None:
    evening, events = evening_of([f"N{i}" for i in range(4)])
    start_round(evening, events)
    grow(evening, events, evening.result_event(1, 1, (120, 80)))
    fix = evening.correct_event(1, 1, 2, None, (60, 40), "table 1 ran out of time")
    grow(evening, events, fix)
    assert evening.round_over
    results = evening.board_results(1, 2)
    assert (
        results[0].assigned == (Fraction(60), Fraction(40)) and results[0].note == "table 1 ran out of time"
    )
    with pytest.raises(Refused, match="evening-note"):
        evening.correct_event(1, 1, 2, (1, 2), None, "")
    assert Evening.from_events("EVENINGA", events).corrections == evening.corrections


def test_a_damaged_event_ends_the_replay_and_a_bad_first_event_is_refused() -> None:
    _, events = evening_of(["A", "B", "C", "D"])
    kept = Evening.from_events("EVENINGA", [*events, {"e": "result", "round": 3}, {"e": "ended"}])
    assert not kept.ended and len(kept.members) == 4
    with pytest.raises(EveningError):
        Evening.from_events("EVENINGA", [{"e": "created"}])
    with pytest.raises(EveningError):
        Evening.from_events("EVENINGA", [Evening.created_event("huutopussi3", 1, "h")])


@pytest.mark.parametrize(
    ("lang", "half", "minus"), [("fi", "62,5", "−20"), ("en", "62.5", "−20"), ("ru", "62,5", "−20")]
)
def test_percentages_and_scores_are_written_as_a_reader_of_the_language_writes_them(
    lang: str, half: str, minus: str
) -> None:
    evening, events = evening_of([f"N{i}" for i in range(12)])
    start_round(evening, events)
    # board 1: tables 1 and 3 make N-S +40, table 2 N-S -20; board 2 a tie everywhere
    grow(
        evening,
        events,
        *(evening.result_event(t, 1, p) for t, p in ((1, (120, 80)), (2, (50, 70)), (3, (120, 80)))),
    )
    grow(evening, events, *(evening.result_event(t, 2, (60, 60)) for t in (1, 2, 3)))
    assert evening.round_over
    seen = director_view(evening, {}, lang, 10.0, "http://club.test/") + projector_view(
        evening, {}, lang, 10.0, "http://club.test/"
    )
    assert f"<td>{half}</td>" in seen  # table 1's N-S: 75 % and 50 %
    assert f"<td>{minus}</td>" in seen and "<td>-20</td>" not in seen
    wrong = "62.5" if lang != "en" else "62,5"
    assert wrong not in seen


@pytest.mark.parametrize("lang", ["fi", "en", "ru"])
def test_the_wall_shows_the_evenings_qr_code_while_people_join_and_the_last_round_says_it_was_the_last(
    lang: str,
) -> None:
    evening, events = evening_of([f"N{i}" for i in range(8)])
    qr = f'src="http://club.test/rooms/qr/{evening.code}.svg"'
    assert qr in projector_view(evening, {}, lang, 1.0, "http://club.test/")
    assert qr in director_view(evening, {}, lang, 1.0, "http://club.test/")
    start_round(evening, events)
    assert qr not in projector_view(evening, {}, lang, 10.0, "http://club.test/")  # the tables need the room
    for rnd in (1, 2):
        if rnd == 2:
            start_round(evening, events)
        boards = list(evening.round_boards)
        grow(evening, events, *(evening.result_event(t, b, (60, 60)) for t in (1, 2) for b in boards))
        assert evening.round_over
        wall = projector_view(evening, {}, lang, 10.0, "http://club.test/")
        said = {"between": escape(et("between", lang)), "last": escape(et("last-over", lang))}
        assert said["between" if rnd == 1 else "last"] in wall
        assert said["last" if rnd == 1 else "between"] not in wall


def games_evening(names: list[str]) -> tuple[Evening, list[dict[str, object]]]:
    events: list[dict[str, object]] = [Evening.created_event("guild", 11, "host", format="games")]
    evening = Evening.from_events("EVENINGA", events)
    for name in names:
        grow(evening, events, *evening.join_event(evening.new_member_id(), name, KEY + name, ""))
    paired, matches, byes = evening.games_plan()
    grow(evening, events, *paired)
    rows = [[t, f"ROOM1{t:03d}", *sides] for t, sides in enumerate(matches, start=1)]
    grow(
        evening,
        events,
        {"e": "round", "round": 1, "tables": rows, "out": None, "byes": list(byes), "at": 5.0},
    )
    return evening, events


@pytest.mark.parametrize(
    ("lang", "won", "lost", "minus"),
    [("fi", "Voitto", "Tappio", "−12"), ("en", "Won", "Lost", "−12"), ("ru", "Победа", "Поражение", "−12")],
)
def test_a_games_players_score_card_lists_the_games_and_the_standings_write_a_true_minus(
    lang: str, won: str, lost: str, minus: str
) -> None:
    evening, events = games_evening(["Anna", "Pekka", "Liisa", "Olli"])
    table = evening.tables[0]
    grow(evening, events, {"e": "game", "round": 1, "table": 1, "wins": ["1", "0"], "points": [512, 500]})
    winner = evening.members[evening.made[table.sides[0]][0]]
    loser = evening.members[evening.made[table.sides[1]][0]]
    mine = player_view(evening, winner, {}, lang, 10.0)
    theirs = player_view(evening, loser, {}, lang, 10.0)
    assert escape(et("no-card", lang)) not in mine + theirs
    assert won in mine and "512–500" in mine and escape(evening.side_names(table.sides[1])) in mine
    assert lost in theirs and "500–512" in theirs
    wall = projector_view(evening, {}, lang, 10.0, "http://club.test/")
    assert f"<td>{minus}</td>" in wall and "<td>-12</td>" not in wall
    # each table plays a game of its own: no deal's "results at every table" (they were shown,
    # empty and at 50 %, once the round was over)
    for view in (mine, theirs, wall):
        assert escape(et("results-of", lang, n=1)) not in view and "data-board=" not in view


# ---------------------------------------------------------------------- the open-cards values


def test_a_marjapussi_boards_open_cards_value_is_one_for_every_table_and_is_replayed() -> None:
    evening, events = evening_of([f"N{i}" for i in range(8)])
    start_round(evening, events)
    assert evening.open_value(1, 1) is None  # being worked out
    grow(evening, events, evening.value_event(1, 0, (3, 1), ""), evening.value_event(2, 0, None, "too-long"))
    assert evening.open_value(1, 1) == evening.open_value(1, 2) == ((3, 1), "")
    assert evening.open_value(2, 2) == (None, "too-long")
    again = Evening.from_events("EVENINGA", events)
    assert again.values == evening.values
    for bad in (
        evening.value_event(1, 0, (4, 0), ""),  # worked out once
        evening.value_event(3, 0, (1, 1), ""),  # a board of a round not started
        evening.value_event(4, 1, (1, 1), ""),  # Marjapussi: the board's own, not a table's
        {"e": "value", "board": 4, "table": 0, "points": None, "why": "bored"},
        {"e": "value", "board": 4, "table": 0, "points": [1, 1], "why": "too-long"},
    ):
        with pytest.raises(EveningError):
            evening.apply(bad)


def test_a_huutopussi_boards_open_cards_value_is_each_tables_own() -> None:
    evening, events = evening_of([f"N{i}" for i in range(8)], rules="huutopussi")
    start_round(evening, events)
    grow(
        evening, events, evening.value_event(1, 2, (-100, 40), ""), evening.value_event(1, 1, None, "no-play")
    )
    assert evening.open_value(1, 2) == ((-100, 40), "") and evening.open_value(1, 1) == (None, "no-play")
    assert evening.open_value(2, 1) is None
    with pytest.raises(EveningError):
        evening.apply(evening.value_event(2, 0, (1, 1), ""))  # Huutopussi: a table's, not the board's
    with pytest.raises(EveningError):
        evening.apply(evening.value_event(2, 3, (1, 1), ""))  # no table 3 in round 1


def test_the_results_csv_has_the_open_cards_value_beside_each_tables_result() -> None:
    evening, events = evening_of([f"N{i}" for i in range(8)])
    start_round(evening, events)
    grow(
        evening, events, *(evening.result_event(t, b, (2, 1)) for t in (1, 2) for b in (1, 2)),
        evening.value_event(1, 0, (3, 1), ""), evening.value_event(2, 0, None, "too-long"),
    )  # fmt: skip
    rows = evening.results_csv()
    assert rows[0][-2:] == ("open_ns", "open_ew") and rows[0][:3] == ("round", "table", "board")
    assert [(r[1], r[2], r[-2], r[-1]) for r in rows[1:]] == [
        ("1", "1", "3", "1"), ("2", "1", "3", "1"), ("1", "2", "", ""), ("2", "2", "", ""),
    ]  # fmt: skip


@pytest.mark.parametrize(
    ("lang", "value", "working", "none"),
    [
        ("fi", "Avoimin kortein: Pohjoinen–Etelä 3, Itä–Länsi 1", "Avoimin kortein: lasketaan vielä",
         "Avoimin kortein: ei arvoa. Jako on liian työläs laskettavaksi."),
        ("en", "Open cards: North–South 3, East–West 1", "Open cards: being worked out",
         "Open cards: none. The deal takes too long to work out."),
        ("ru", "В открытую: Север–Юг 3, Восток–Запад 1", "В открытую: ещё считается",
         "В открытую: значения нет. Эту сдачу слишком долго просчитывать."),
    ],
)  # fmt: skip
def test_the_board_results_show_the_open_cards_value_or_say_it_is_worked_out_or_why_not(
    lang: str, value: str, working: str, none: str
) -> None:
    evening, events = evening_of([f"N{i}" for i in range(8)])
    start_round(evening, events)
    grow(evening, events, *(evening.result_event(t, b, (2, 1)) for t in (1, 2) for b in (1, 2)))
    member = evening.members["p1"]
    page = print_page(evening, lang)
    assert working in page and value not in page
    grow(evening, events, evening.value_event(1, 0, (3, 1), ""), evening.value_event(2, 0, None, "too-long"))
    for html in (player_view(evening, member, {}, lang, 0.0), print_page(evening, lang)):
        assert value in html and none in html and working not in html
        assert sorted(set(re.findall(r'data-open-cards="(\d+)"', html))) == ["1", "2"]


def test_a_huutopussi_boards_results_show_each_finished_tables_open_cards_value() -> None:
    evening, events = evening_of([f"N{i}" for i in range(8)], rules="huutopussi")
    start_round(evening, events)
    grow(evening, events, evening.result_event(1, 1, (0, 0)), evening.result_event(2, 1, (-100, 40)))
    grow(evening, events, evening.value_event(1, 1, None, "no-play"))
    html = player_view(evening, evening.members["p1"], {}, "en", 0.0)
    assert "Table 1, open cards: none. No card was played in the deal." in html
    assert "Table 2, open cards: being worked out" in html
    grow(evening, events, evening.value_event(1, 2, (-120, 40), ""))
    html = player_view(evening, evening.members["p1"], {}, "en", 0.0)
    assert "Table 2, open cards: North–South −120, East–West 40" in html and "being worked out" not in html
    assert html.count('data-open-cards="1"') == 2


# ---------------------------------------------------------------------- the next round's tables


@pytest.mark.parametrize("bots", [True, False])
def test_the_next_rounds_tables_are_the_ones_the_round_then_seats_and_an_absence_changes_them(
    bots: bool,
) -> None:
    """The same deals, an odd field (the bot pair, or a pair sitting out): ``next_round`` is the
    movement ``round_plan`` then seats; a player marked absent, both of a pair, changes it."""
    evening, events = evening_of([f"N{i}" for i in range(6)], bots=bots)
    start_round(evening, events)
    preview = evening.next_round()
    assert preview is not None and preview.round == 2 and not preview.bye
    assert any(BOT_PAIR in t.sides for t in preview.tables) == bots
    assert len(preview.out) == (0 if bots else 1)
    start_round(evening, events)
    assert [(t.number, t.ns, t.ew) for t in preview.tables] == [
        (t.number, t.ns, t.ew) for t in evening.tables
    ]
    assert preview.out == tuple(o for o in (evening.history[2][1],) if o)
    assert evening.next_round() is None  # the last round
    evening, events = evening_of([f"N{i}" for i in range(8)], bots=bots)
    start_round(evening, events)
    before = evening.next_round()
    a, b = evening.pairs["P4"]
    grow(evening, events, evening.absent_event(a), evening.absent_event(b))
    after = evening.next_round()
    assert before is not None and after is not None and after.tables != before.tables
    assert all("P4" not in t.sides for t in after.tables)  # the bot pair in its place, or a pair out
    assert any(BOT_PAIR in t.sides for t in after.tables) if bots else len(after.out) == 1


def test_a_three_player_games_evenings_next_tables_wait_for_its_games_and_give_the_byes() -> None:
    """Huutopussi for three, seven players: two tables and a bye a round; the next tables only
    once every game of the round is over, then the pairing the round then seats."""
    events: list[dict[str, object]] = [
        Evening.created_event("huutopussi3", 11, "host", rounds=3, boards=1, format="games")
    ]
    evening = Evening.from_events("EVENINGA", events)
    for name in [f"N{i}" for i in range(7)]:
        grow(evening, events, *evening.join_event(evening.new_member_id(), name, KEY + name, ""))
    for rnd in (1, 2):
        preview = evening.next_round()
        assert preview is not None and preview.bye and len(preview.out) == 1 and not preview.new_pairs
        paired, matches, byes = evening.games_plan()
        assert [t.sides for t in preview.tables] == matches and preview.out == byes
        rows = [[t, f"ROOM{rnd}{t:03d}", *sides] for t, sides in enumerate(matches, start=1)]
        round_event = {"e": "round", "round": rnd, "tables": rows, "out": None, "byes": list(byes), "at": 5.0}
        grow(evening, events, *paired, round_event)
        assert evening.next_round() is None  # the games go on: their results pair the next round
        for t, _ in enumerate(matches, start=1):
            grow(evening, events, {"e": "game", "round": rnd, "table": t, "wins": ["1", "0", "0"],
                                   "points": [3, 1, -2]})  # fmt: skip
        assert evening.round_over
