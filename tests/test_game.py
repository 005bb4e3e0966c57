"""The game model (``marjapussi.game``) on its own, with no HTML: whole games of every rule
choice, the next deal, take-backs, the bots' turns, hints as data, the review and the
records; and that the Play widget's state and the model agree at every step.

People's moves are seeded random legal actions; bots decide through the model.
"""

from __future__ import annotations

import ast
import json
import random
import subprocess
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from marjapussi.actions import Bid, Discard, Pass, Play
from marjapussi.analysis.core import backend
from marjapussi.cards import Seat
from marjapussi.deal import PLAYING_SEATS, Phase
from marjapussi.game import (
    HINT_EXACT_FROM,
    MAX_DEALS,
    RULESETS,
    Game,
    GameError,
    LiveGame,
    Prepared,
    Seating,
    code_of,
    deal_from_seed,
    first_reviewed_trick,
    hint_settings,
    replay,
)
from marjapussi.randomplay import random_action
from marjapussi.record import replay as replay_record
from marjapussi.scoring import ScoreSheet, next_deal_start
from marjapussi.web import bridge, play, trick_stepper


def play_out(game: Game, seating: Seating, rng: random.Random, stop: int = 10_000) -> Game:
    """Play the deal in play on (to its end, or ``stop`` actions): bots as the model decides,
    people by seeded random legal actions."""
    while game.to_act() is not None and len(game.actions) // 2 < stop:
        level = seating.bot_to_act(game)
        if level is None:
            action = random_action(game.position().deal, rng, 0.7)
        else:
            action = game.decision(level).action
        game = game.push(action)
    return game


@pytest.mark.parametrize("r", list(RULESETS))
def test_a_seeded_game_played_to_its_end_through_the_model(r: str) -> None:
    rules = RULESETS[r]
    game = Game.new(r, 5)
    seats = PLAYING_SEATS[rules.players]
    assert game.first_dealer in seats and game.first_number == 0
    assert game.first_opening == (rules.family == "marjapussi")
    seating = Seating.one_person(rules, seats[-1], "random")
    rng = random.Random(5)
    sheet = ScoreSheet(rules) if rules.family == "marjapussi" else None  # kept apart from the model's
    while True:
        game = play_out(game, seating, rng)
        pos = game.position()
        assert pos.deal.is_over() and game.to_act() is None
        assert pos.number == game.first_number + len(game.done)
        following = game.next_deal()
        if following is None:
            break
        assert following.done == (*game.done, game.actions) and following.actions == ""
        # the next deal starts where the rules say: the dealer's rotation and the opening flag
        won = sheet is not None and sheet.add_deal(pos.deal.result(sheet.carry)).outcome == "won"
        dealer, opening = next_deal_start(rules, pos.deal, won)
        nxt = following.position()
        assert nxt.dealer == dealer and nxt.deal.dealer == dealer
        assert nxt.opening == (opening and rules.family == "marjapussi")
        assert nxt.sheet.totals == pos.final.totals
        game = following
    pos = game.position()
    assert pos.game_over or len(game.done) + 1 == MAX_DEALS
    assert not pos.has_next_deal
    # The game's record replays through the rules (the dealers' rotation is checked there)
    # to the same sheet.
    replayed = replay_record(game.record_text())
    assert len(replayed.deals) == len(game.done) + 1
    assert replayed.sheet.totals == pos.final.totals
    assert [d.history for d in replayed.deals] == [d.history for d in [*pos.deals, pos.deal]]
    last = replay_record(game.deal_record_text())
    assert len(last.deals) == 1 and last.deals[0].history == pos.deal.history


def test_the_same_seed_makes_the_same_deals() -> None:
    for r in RULESETS:
        one, two, other = Game.new(r, 9), Game.new(r, 9), Game.new(r, 10)
        hands = [one.position().deal.initial_hand(s) for s in PLAYING_SEATS[one.rules.players]]
        assert hands == [two.fresh_deal().initial_hand(s) for s in PLAYING_SEATS[one.rules.players]]
        assert hands != [other.fresh_deal().initial_hand(s) for s in PLAYING_SEATS[one.rules.players]]
        # every deal of a game is made in one place, and each time the same
        start = one.start_of_deal(3, Seat.N, False)
        assert (
            start.dealer == Seat.N
            and start.initial_hands == one.start_of_deal(3, Seat.N, False).initial_hands
        )


def test_action_codes_store_only_legal_actions() -> None:
    game = Game.new("guild", 2)
    deal = game.position().deal
    legal = deal.legal_actions()
    assert (
        replay(game.start_of_deal(0, game.first_dealer, True), code_of(deal, legal[-1])).history[-1][1]
        == legal[-1]
    )
    start = game.start_of_deal(0, game.first_dealer, True)
    for bad in ("zz", "0", "!!", "00" * 201):
        with pytest.raises(GameError):
            replay(start.copy_start(), bad)
    with pytest.raises(ValueError):
        game.push(Bid(150))  # not an action of this deal
    # a finished deal that is not finished, or a deal after the end, is no game
    with pytest.raises(GameError):
        Game("guild", 2, 0, game.first_dealer, True, ("00",), "").position()
    finished = play_out(game, Seating.one_person(game.rules, Seat.S, "random"), random.Random(1))
    with pytest.raises(GameError):
        Game("guild", 2, 0, game.first_dealer, True, (), finished.actions + "00").position()


def test_take_backs_cut_at_the_seats_last_action_or_the_start_of_its_trick() -> None:
    game = Game.new("pagat", 4)
    seating = Seating.one_person(game.rules, Seat.S, "random")
    game = play_out(game, seating, random.Random(4), stop=18)
    history = game.position().deal.history
    mine = [i for i, (seat, _) in enumerate(history) if seat == Seat.S]
    assert mine
    back = game.take_back(Seat.S)
    assert back is not None
    card, count = back
    assert len(card.actions) == 2 * mine[-1] and count == len(history) - mine[-1]
    assert card.to_act() == Seat.S and card.done == game.done
    trick = game.take_back(Seat.S, whole_trick=True)
    assert trick is not None
    walked, count = trick
    assert not walked.position().deal.table and len(walked.actions) <= len(card.actions)
    assert count == len(history) - len(walked.actions) // 2
    # a seat that has not acted in the deal has nothing to take back
    fresh = Game.new("pagat", 4)
    assert fresh.take_back(Seat.S) is None


def test_the_next_deal_only_after_the_deal_in_play() -> None:
    game = Game.new("huutopussi", 3)
    assert game.next_deal() is None  # the deal has not begun
    seating = Seating(tuple((s, "random") for s in PLAYING_SEATS[4]))
    game = play_out(game, seating, random.Random(3))
    following = game.next_deal()
    assert following is not None and following.position().number == 1
    assert following.position().deals[0].history == game.position().deal.history


def test_whose_turn_and_which_bot() -> None:
    rules = RULESETS["huutopussi3"]
    seating = Seating.one_person(rules, Seat.W, "club")
    assert [seating.level_of(s) for s in PLAYING_SEATS[3]] == [
        None if s == Seat.W else "club" for s in PLAYING_SEATS[3]
    ]
    game = Game.new("huutopussi3", 8)
    for _ in range(12):
        seat = game.to_act()
        assert seat is not None
        assert seating.bot_to_act(game) == (None if seat == Seat.W else "club")
        game = game.push(random_action(game.position().deal, random.Random(len(game.actions))))
    # a room of people only: never a bot's turn
    people = Seating(tuple((s, None) for s in PLAYING_SEATS[3]))
    assert people.bot_to_act(game) is None


def test_the_bots_decisions_are_seeded_and_can_be_asked_again_later() -> None:
    game = Game.new("guild", 6)
    seating = Seating(tuple((s, "beginner") for s in PLAYING_SEATS[4]))
    decisions = []
    for _ in range(10):
        decision = game.decision("beginner")
        assert decision.action == game.decision("beginner").action
        assert decision.action in game.position().deal.legal_actions()
        decisions.append(decision)
        game = game.push(decision.action)
    assert seating.bot_to_act(game) == "beginner"
    # "why?": the decision before action i is the one the bot took there
    for i, decision in enumerate(decisions):
        later = game.decision("beginner", i)
        assert later.action == decision.action and later.reason == decision.reason


def test_the_bots_see_the_era_totals_of_the_finished_deals(monkeypatch: Any) -> None:
    """The club bot values an outcome by the erä totals, so the model hands them to every view."""
    from marjapussi import analysis

    seen: list[Any] = []
    real = analysis.choose

    def spy(view: Any, *args: Any, **kwargs: Any) -> Any:
        seen.append(view.totals)
        return real(view, *args, **kwargs)

    game = play_out(
        Game.new("guild", 1), Seating(tuple((s, "random") for s in PLAYING_SEATS[4])), random.Random(1)
    )
    following = game.next_deal()
    assert following is not None
    monkeypatch.setattr(analysis, "choose", spy)
    game.decision("random", 0)
    following.decision("random")
    assert seen == [(0, 0), tuple(following.position().sheet.totals)]
    seen.clear()
    Game.new("huutopussi", 1).decision("random")
    assert seen == [None]  # Huutopussi has no erä


def _play_until(game: Game, wanted: Any, rng: random.Random) -> Game | None:
    """The game at the first point of a deal where ``wanted(deal)`` holds, or ``None``."""
    while game.to_act() is not None:
        if wanted(game.position().deal):
            return game
        game = game.push(random_action(game.position().deal, rng, 0.7))
    return None


def test_hints_as_data() -> None:
    rng = random.Random(2)
    duty = suit = None
    for seed in range(40):
        # a point of the card play, drawn at random
        found = _play_until(
            Game.new("guild", seed), lambda d: d.phase is Phase.PLAY and rng.random() < 0.15, rng
        )
        if found is None:
            continue
        hint = found.hint(1)
        verdicts = found.position().deal.explain()
        refused = [v for v in verdicts if not v.allowed]
        if refused:
            assert hint.kind == "duty" and hint.rule == refused[0].rule
            assert hint.suits == tuple(sorted({v.card.suit for v in verdicts if v.allowed}))
            duty = hint
        else:
            assert hint.kind in ("suit", "think")
            advice = found.advice().action
            if isinstance(advice, Play):
                assert hint.kind == "suit" and hint.suits == (advice.card.suit,)
                suit = hint
        second = found.hint(2)
        assert second.kind == "decision" and second.decision is not None
        assert second.decision.action == found.advice().action
        if duty and suit:
            break
    assert duty and suit, "no duty and no free choice in 40 deals"
    # in the auction there is no card to point at
    auction = Game.new("huutopussi", 1)
    assert isinstance(auction.position().deal.legal_actions()[0], (Bid, Pass))
    assert auction.hint(1).kind == "think"


def test_the_review_names_a_seats_costly_actions_in_the_last_tricks() -> None:
    found = False
    for seed in range(6):
        game = play_out(
            Game.new("guild", seed),
            Seating.one_person(RULESETS["guild"], Seat.S, "random"),
            random.Random(seed),
        )
        history = game.position().deal.history
        first = first_reviewed_trick(game.rules)
        for item in game.review(Seat.S):
            assert history[item.at] == (Seat.S, item.action)
            assert item.trick >= first and item.loss > 0 and item.better != item.action
            found = True
        if found:
            return
    raise AssertionError("a random seat never lost a point in the last tricks")


def _call(state: dict[str, Any], action: dict[str, Any]) -> dict[str, Any]:
    reply: dict[str, Any] = json.loads(
        bridge.handle(json.dumps({"widget": "play", "lang": "en", "state": state, "action": action}))
    )
    assert reply["ok"], reply["announce"]
    return reply


@pytest.mark.parametrize("r", ["guild", "huutopussi3"])
def test_the_play_widgets_state_and_the_model_agree(r: str) -> None:
    """Every reply's state is the model's game; the bots move as the model decides; a
    take-back and the next deal are the model's."""
    reply = _call(
        bridge.initial_state("play", ""),
        {"type": "new", "r": r, "seed": 12, "seat": "S", "level": "beginner", "pace": 0, "back": True},
    )
    state = reply["state"]
    game = Game.new(r, 12)
    seating = Seating.one_person(game.rules, Seat.S, "beginner")
    assert play.game_of(state) == game
    rng = random.Random(12)
    deals = 0
    for _ in range(400):
        then = reply.get("then", {}).get("action", {}).get("type")
        assert (then == "bot") == (seating.bot_to_act(game) is not None)
        # once the deal is over, the page computes the reader's review in slices
        assert (then == "review-step") == (game.to_act() is None and not game.review_work(Seat.S).complete)
        if then == "bot":
            level = seating.bot_to_act(game)
            assert level is not None
            game = game.push(game.decision(level).action)
            reply = _call(state, reply["then"]["action"])
        elif game.to_act() is not None:
            action = random_action(game.position().deal, rng, 0.7)
            if rng.random() < 0.1 and game.take_back(Seat.S):
                taken = game.take_back(Seat.S)
                assert taken is not None
                game = taken[0]
                reply = _call(state, {"type": "back", "to": "card"})
            elif isinstance(action, Play):
                game = game.push(action)
                reply = _call(state, {"type": "play", "card": action.card.code, "marriage": action.marriage})
            elif isinstance(action, Discard):
                game = game.push(action)
                for card in action.cards:
                    state = _call(state, {"type": "pick", "card": card.code})["state"]
                reply = _call(state, {"type": "discard"})
            else:
                game = game.push(action)
                reply = _call(state, {"type": "act", "code": str(action)})
        else:
            following = game.next_deal()
            reply = _call(state, {"type": "next"})
            if following is None or deals == 1:
                break
            game, deals = following, deals + 1
        state = reply["state"]
        assert play.game_of(state) == game
        assert play.position(state) is game.position()
    assert deals == 1


def test_the_model_stands_below_the_widgets() -> None:
    """The model loads no widget, no language and no bot until asked; the trick stepper reads
    a Play deal through the model, not through the Play widget (no import circle)."""
    code = "import sys, marjapussi.game; print(' '.join(sorted(sys.modules)))"
    loaded = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    for name in loaded.stdout.split():
        assert not name.startswith(("marjapussi.web", "marjapussi.analysis", "marjapussi.i18n")), name
        assert name not in ("marjapussi.messages", "marjapussi.html"), name
    tree = ast.parse(Path(trick_stepper.__file__).read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            assert node.module != "play" and "play" not in [alias.name for alias in node.names]


@pytest.mark.parametrize("r", ["guild", "pagat-28", "huutopussi", "huutopussi3"])
def test_a_live_game_runs_the_same_course_as_the_game(r: str) -> None:
    """``LiveGame`` (a room's game, pushed on in place) is at every step the ``Game`` of the same
    course: the same deal, sheet, dealer and deal number, through take-backs and next deals."""
    game = Game.new(r, 21)
    live = LiveGame(game)
    seating = Seating.one_person(game.rules, Seat.S, "random")
    rng = random.Random(21)
    for _ in range(3):
        while live.to_act() is not None:
            level = seating.bot_to_act(live.game)
            action = random_action(live.deal, rng, 0.7) if level is None else live.game.decision(level).action
            if rng.random() < 0.5:
                live.push(action)
            else:
                assert live.push_code(code_of(live.deal, action)) == action
            if rng.random() < 0.05 and live.game.take_back(Seat.S):
                taken = live.game.take_back(Seat.S)
                assert taken is not None
                live.reset(taken[0])
            expected = live.game.position()
            got = live.position
            assert got.deal.history == expected.deal.history and got.deal is live.deal
            start = (expected.number, expected.dealer, expected.opening)
            assert (got.number, got.dealer, got.opening) == start
            assert got.final.totals == expected.final.totals and got.sheet.totals == expected.sheet.totals
        if not live.next_deal():
            break
        assert live.deal.history == [] and live.game.actions == ""
    with pytest.raises(GameError):
        live.push_code("zz")
    with pytest.raises(GameError):
        live.push_code("0")


def test_a_prepared_deal_is_dealt_from_its_hands() -> None:
    """A game may deal one deal from given hands (a teacher's position, a twin deal of a test):
    every other deal still comes from the seed, and the course goes on as before."""
    game = Game.new("guild", 4)
    other = Game.new("guild", 5).position().deal
    prepared = replace(game, prepared=(Prepared.of(other, game.first_number),))
    deal = prepared.position().deal
    assert deal.initial_hands == other.initial_hands and deal.dealer == game.first_dealer
    assert deal.initial_hands != game.position().deal.initial_hands
    rng = random.Random(4)
    seating = Seating.one_person(game.rules, Seat.S, "random")
    prepared = play_out(prepared, seating, rng)
    following = prepared.next_deal()
    assert following is not None
    pos = following.position()
    seeded = deal_from_seed(game.rules, 4, pos.number, pos.dealer, pos.opening)
    assert pos.deal.initial_hands == seeded.initial_hands
    hp = Game.new("huutopussi3", 4)
    twin = Game.new("huutopussi3", 9).position().deal
    hp_deal = replace(hp, prepared=(Prepared.of(twin, 0),)).position().deal
    assert hp_deal.initial_hands == twin.initial_hands and hp_deal.talon == twin.talon


def _twin(game: Game, rng: random.Random) -> Game | None:
    """The same game whose deal in play gives the other seats than S other cards they have not
    played yet (S's hand and every action the same), or ``None`` when no such dealing replays."""
    pos = game.position()
    deal = pos.deal
    seats = [s for s in PLAYING_SEATS[game.rules.players] if s != Seat.S]
    played = {s: 0 for s in seats}
    for seat, action in deal.history:
        if isinstance(action, Play) and seat in played:
            played[seat] |= action.card.bit
    unseen = [c for s in seats for c in range(36) if (deal.initial_hands[s] & ~played[s]) >> c & 1]
    for _ in range(50):
        rng.shuffle(unseen)
        hands = list(deal.initial_hands)
        at = 0
        for s in seats:
            n = (deal.initial_hands[s] & ~played[s]).bit_count()
            hands[s] = played[s] | sum(1 << c for c in unseen[at : at + n])
            at += n
        if hands == list(deal.initial_hands):
            continue
        prepared = Prepared(pos.number, (hands[0], hands[1], hands[2], hands[3]))
        twin = replace(game, actions="", prepared=(prepared,))
        try:
            for _, action in deal.history:
                twin = twin.push(action)
        except ValueError:
            continue
        return twin
    return None


@pytest.mark.parametrize("r", ["guild", "huutopussi"])
def test_a_hint_depends_on_what_the_readers_seat_has_seen_only(r: str) -> None:
    """Hints come from deals sampled to fit the reader's seat (solved exactly where the
    compiled core serves the rules): a twin deal, the same to that seat but with other
    hidden cards, gets the same hints, word for word."""
    rng = random.Random(5)
    first = HINT_EXACT_FROM[RULESETS[r].family] + 1

    def wanted(d: Any) -> bool:
        playing = d.phase is Phase.PLAY and getattr(d, "hp_phase", Phase.PLAY) is Phase.PLAY
        return playing and d.to_act == Seat.S and d.trick_number >= first and len(d.legal_actions()) > 1

    checked = 0
    for seed in range(30):
        found = _play_until(Game.new(r, seed), wanted, rng)
        if found is None:
            continue
        twin = _twin(found, rng)
        if twin is None:
            continue
        assert twin.position().deal.initial_hands != found.position().deal.initial_hands
        settings = hint_settings(found.rules, found.position().deal.trick_number)
        assert settings.evaluator == ("solver" if backend(found.rules) == "core" else "playout")
        for level in (1, 2):
            hint, other = found.hint(level), twin.hint(level)
            assert hint == other
            if hint.decision is not None and other.decision is not None:
                for lang in ("fi", "en", "ru"):
                    assert hint.decision.explain(lang) == other.decision.explain(lang)
        checked += 1
        if checked == 2:
            return
    raise AssertionError(f"only {checked} positions with a twin deal in 30 seeds")
