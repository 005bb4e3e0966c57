"""The Play widget through the bridge: whole deals against bots in every rule family.

Every reply is read as the page reads it: the state it carries is sent back with the
next action, and a reply whose next player is a bot carries ``then``, the action the
page sends by itself. The reader's own moves are seeded random legal actions, turned
into the controls the view offers.
"""

from __future__ import annotations

import json
import random
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from marjapussi.actions import Action, Bid, Discard, Give, Pass, Play, ReturnCards
from marjapussi.analysis.core import backend
from marjapussi.cards import Seat
from marjapussi.deal import Phase
from marjapussi.escaping import escape
from marjapussi.game import MAX_DEALS, MAX_SEED, RULESETS
from marjapussi.i18n import card_name, seat_name
from marjapussi.randomplay import random_action
from marjapussi.rule_ids import rule_url
from marjapussi.scoring import ScoreSheet, next_deal_start
from marjapussi.web import bridge, play
from marjapussi.web.play_texts import pt
from marjapussi.web.table_view import BIDS_SHOWN
from marjapussi.web.texts import wt

from .webkit import LANGS, actions_of, call, check_html

START = {"type": "new", "seed": 5, "seat": "S", "level": "random", "pace": 0, "legal": True, "back": True}


def new_game(r: str, lang: str = "en", **changes: Any) -> dict[str, Any]:
    reply = call("play", lang, bridge.initial_state("play", ""), {**START, "r": r, **changes})
    assert reply["ok"], reply["announce"]
    return reply


def bot_to_move(reply: dict[str, Any]) -> bool:
    """Tell whether the reply asks the page to send a bot's move (not a slice of the review)."""
    return "then" in reply and reply["then"]["action"]["type"] == "bot"


def finish_review(reply: dict[str, Any], lang: str = "en") -> dict[str, Any]:
    """Send the page's own slices of the review (as the page does after a deal) until none is asked."""
    count = 0
    while "then" in reply:
        assert reply["then"] == {"action": {"type": "review-step"}, "delay_ms": 0}
        reply = call("play", lang, reply["state"], reply["then"]["action"])
        assert reply["ok"], reply["announce"]
        count += 1
        assert count < 200
    return reply


def bots(reply: dict[str, Any], lang: str = "en") -> dict[str, Any]:
    """Send the page's own follow-up actions until the reader is to act (or the deal ends)."""
    count = 0
    while bot_to_move(reply):
        then = reply["then"]
        assert then["action"]["type"] == "bot" and then["delay_ms"] == reply["state"]["pace"]
        reply = call("play", lang, reply["state"], then["action"])
        assert reply["ok"], reply["announce"]
        count += 1
        assert count < 400
    return reply


def widget_actions(state: dict[str, Any], action: Action) -> list[dict[str, Any]]:
    """The controls a reader uses for an engine action (a discard, or either half of the exchange,
    is three picks and a press)."""
    if isinstance(action, Play):
        out: dict[str, Any] = {"type": "play", "card": action.card.code}
        if action.marriage:
            out["marriage"] = True
        return [out]
    if isinstance(action, (Discard, Give, ReturnCards)):
        return [{"type": "pick", "card": c.code} for c in action.cards] + [{"type": "discard"}]
    return [{"type": "act", "code": str(action)}]


def reader_move(reply: dict[str, Any], rng: random.Random, lang: str = "en") -> dict[str, Any]:
    state = reply["state"]
    deal = play.position(state).deal
    assert deal.to_act == Seat[state["seat"]]
    action = random_action(deal, rng, 0.7)
    offered = [json.dumps(a, sort_keys=True) for a in actions_of(reply["html"])]
    for step in widget_actions(state, action):
        assert json.dumps(step, sort_keys=True) in offered, (step, "not offered by the view")
        reply = call("play", lang, reply["state"], step)
        assert reply["ok"], reply["announce"]
        offered = [json.dumps(a, sort_keys=True) for a in actions_of(reply["html"])]
    return reply


def play_deal(reply: dict[str, Any], seed: int, lang: str = "en") -> dict[str, Any]:
    rng = random.Random(seed)
    reply = bots(reply, lang)
    while not play.position(reply["state"]).deal.is_over():
        reply = bots(reader_move(reply, rng, lang), lang)
    return reply


def replay_points(record: str, tmp_path: Path) -> list[list[int]]:
    path = tmp_path / "deal.mjp"
    path.write_text(record, encoding="utf-8")
    out = subprocess.run(
        [sys.executable, "-m", "marjapussi", "replay", "--json", str(path)],
        capture_output=True,
        text=True,
        check=True,
    )
    return [list(d["score"]["points"].values()) for d in json.loads(out.stdout)["deals"]]


def record_of(html: str) -> str:
    found = re.search(r'data-mp-file="marjapussi-deal.mjp">([^<]*)</textarea>', html)
    assert found, "no record to download"
    from html import unescape

    return unescape(found.group(1))


@pytest.mark.parametrize("r", list(RULESETS))
def test_a_whole_deal_of_every_ruleset_with_its_record_and_score(r: str, tmp_path: Path) -> None:
    reply = play_deal(new_game(r), 11)
    state, html = reply["state"], reply["html"]
    check_html(html)
    deal = play.position(state).deal
    assert deal.is_over() and not bot_to_move(reply)
    assert pt("deal-over", "en") in html
    assert '"type":"next"' in html.replace("&quot;", '"')
    assert replay_points(record_of(html), tmp_path) == [list(deal.result().points)]


def test_club_bots_play_a_guild_deal_in_finnish(tmp_path: Path) -> None:
    reply = play_deal(new_game("guild", "fi", level="club"), 3, "fi")
    deal = play.position(reply["state"]).deal
    assert deal.is_over()
    assert replay_points(record_of(reply["html"]), tmp_path) == [list(deal.result().points)]


def test_the_same_seed_gives_the_same_game() -> None:
    one = play_deal(new_game("huutopussi", level="beginner"), 2)["state"]
    two = play_deal(new_game("huutopussi", level="beginner"), 2)["state"]
    other = play_deal(new_game("huutopussi", level="beginner", seed=6), 2)["state"]
    assert one["a"] == two["a"] and one["a"] != other["a"]


def _illegal_position(lang: str) -> tuple[dict[str, Any], str, str]:
    """A reader's turn with a card the rules refuse, and that card and its rule."""
    for seed in range(40):
        reply = bots(new_game("guild", lang, seed=seed))
        deal = play.position(reply["state"]).deal
        refused = [v for v in deal.explain() if not v.allowed]
        if refused:
            return reply, refused[0].card.code, str(refused[0].rule)
    raise AssertionError("no refused card in 40 deals")


@pytest.mark.parametrize("lang", LANGS)
def test_an_illegal_card_is_refused_with_its_rule_and_stays_in_the_hand(lang: str) -> None:
    reply, card, rule = _illegal_position(lang)
    before = reply["state"]
    refused = call("play", lang, before, {"type": "play", "card": card})
    assert refused["ok"] and "then" not in refused
    assert refused["state"]["a"] == before["a"] and refused["state"]["refused"] == card
    html = refused["html"].replace("@root@", ".")
    assert f'data-rule="{rule}"' in html
    assert f'href="./{rule_url(rule, lang)}"' in html
    assert card in {c.code for c in play.position(refused["state"]).deal.hand(Seat.S)}
    assert "mp-refused" in html
    # The refusal names its rule once, as the link.
    from marjapussi.escaping import escape
    from marjapussi.i18n import rule_name

    refusal = re.search(r'<p class="mp-play-refused".*?</p>', html, re.S)
    assert refusal is not None and refusal.group(0).count(escape(rule_name(rule, lang))) == 1


def test_legal_cards_are_marked_only_when_asked() -> None:
    marked = bots(new_game("pagat", legal=True))["html"]
    plain = bots(new_game("pagat", legal=False))["html"]
    assert 'class="mp-allowed"' in marked and 'class="mp-allowed"' not in plain


def test_hints_go_from_a_nudge_to_the_card_and_mark_the_deal() -> None:
    reply = bots(new_game("guild", level="club"))
    assert reply["state"]["hm"] == "0"
    first = call("play", "en", reply["state"], {"type": "hint"})
    assert first["ok"] and first["state"]["hint"] == 1 and first["state"]["hm"] == "1"
    assert pt("hinted", "en") in first["html"]
    second = call("play", "en", first["state"], {"type": "hint"})
    assert second["state"]["hint"] == 2
    assert second["announce"].startswith("A club player would choose")
    assert second["announce"] != first["announce"]
    # the mark stays with the deal after the reader moves on
    moved = reader_move(second, random.Random(1))
    assert moved["state"]["hm"] == "1" and moved["state"]["hint"] == 0


def test_take_back_the_last_card_or_to_the_start_of_the_trick() -> None:
    reply = bots(new_game("pagat"))
    rng = random.Random(4)
    for _ in range(5):
        reply = bots(reader_move(reply, rng))
    state = reply["state"]
    deal = play.position(state).deal
    mine = [i for i, (seat, _) in enumerate(deal.history) if seat == Seat.S]
    back = call("play", "en", state, {"type": "back", "to": "card"})
    assert back["ok"] and len(back["state"]["a"]) == 2 * mine[-1]
    assert play.position(back["state"]).deal.to_act == Seat.S
    trick = call("play", "en", state, {"type": "back", "to": "trick"})
    walked = play.position(trick["state"]).deal
    assert not walked.table and len(trick["state"]["a"]) <= len(back["state"]["a"])
    # again and again, down to the start of the deal
    again = back
    for _ in range(10):
        again = bots(call("play", "en", again["state"], {"type": "back", "to": "card"}))
    assert len(again["state"]["a"]) < len(back["state"]["a"])
    off = call("play", "en", {**state, "back": 0}, {"type": "back", "to": "card"})
    assert off["state"]["a"] == state["a"] and off["announce"] == pt("back-off", "en")
    assert '"type":"back"' not in off["html"].replace("&quot;", '"')


def auction_turn(lang: str) -> dict[str, Any]:
    """The reader's turn in a four-player Huutopussi auction, after a bot has bid."""
    for seed in range(1, 40):
        reply = bots(new_game("huutopussi", lang, seed=seed, level="club"), lang)
        deal = play.position(reply["state"]).deal
        if deal.hp_phase is Phase.BID and deal.bidder is not None and deal.bidder != Seat.S:
            return reply
    raise AssertionError("no open auction with a bot's bid in 40 seeds")


@pytest.mark.parametrize("lang", LANGS)
def test_while_the_auction_is_open_the_header_says_who_bids_highest_and_no_trick(lang: str) -> None:
    reply = auction_turn(lang)
    deal = play.position(reply["state"]).deal
    html = reply["html"]
    high = pt("bidding-high", lang, seat=seat_name(deal.bidder, lang), bid=deal.high_bid)
    assert escape(high) in html
    assert escape(pt("contract", lang, seat=seat_name(deal.bidder, lang), bid=deal.high_bid)) not in html
    assert "mp-trick-title" not in html, "a trick number before the play starts"
    assert "mp-declarations" not in html, "Huutopussi has no declarations after a trick"
    # the reader bids or passes: the take-back speaks of the bidding, and no trick is offered
    move = next(a for a in deal.legal_actions() if isinstance(a, (Bid, Pass)))
    after = call("play", lang, reply["state"], {"type": "act", "code": str(move)})
    assert after["ok"]
    html = after["html"].replace("&quot;", '"')
    assert escape(pt("back-call", lang)) in after["html"]
    assert escape(pt("back-trick", lang)) not in after["html"] and '"to":"trick"' not in html


@pytest.mark.parametrize("lang", LANGS)
def test_once_the_bidding_is_won_the_header_says_who_won_it(lang: str) -> None:
    reply = bots(new_game("huutopussi", lang, seed=8, level="club"), lang)
    rng = random.Random(2)
    while play.position(reply["state"]).deal.hp_phase is Phase.BID:
        reply = bots(reader_move(reply, rng, lang), lang)
    deal = play.position(reply["state"]).deal
    if deal.bidder is not None:
        text = pt("contract", lang, seat=seat_name(deal.bidder, lang), bid=deal.high_bid)
        assert escape(text) in reply["html"]
    assert escape(pt("bidding-open", lang)) not in reply["html"]


@pytest.mark.parametrize("r", ["guild", "huutopussi"])
def test_no_take_back_once_the_deal_is_over(r: str) -> None:
    over = play_deal(new_game(r), 3)
    assert play.position(over["state"]).deal.is_over()
    html = over["html"].replace("&quot;", '"')
    assert '"type":"back"' not in html
    assert pt("back-card", "en") not in html and pt("back-trick", "en") not in html


def test_the_trick_take_back_is_offered_only_when_it_goes_further_back() -> None:
    reply = bots(new_game("pagat"))
    rng = random.Random(4)
    for _ in range(12):
        state = reply["state"]
        deal = play.position(state).deal
        if deal.is_over():
            break
        one = call("play", "en", state, {"type": "back", "to": "card"})["state"]["a"]
        whole = call("play", "en", state, {"type": "back", "to": "trick"})["state"]["a"]
        offered = '"to":"trick"' in reply["html"].replace("&quot;", '"')
        assert offered == (len(whole) < len(one)), (state["a"], offered)
        reply = bots(reader_move(reply, rng))


def test_a_bot_move_arriving_after_the_reader_acted_changes_nothing() -> None:
    reply = next(r for seed in range(20) if "then" in (r := new_game("guild", seed=seed)))
    state = reply["state"]
    late = call("play", "en", state, {"type": "bot", "n": len(state["a"]) // 2 + 3})
    assert late["state"]["a"] == state["a"]


def test_the_review_is_computed_in_slices_after_the_deal_and_covers_it_whole() -> None:
    """Where the compiled core serves the rules, the review weighs the reader's whole deal
    from the first card, one position a follow-up; pressed before it is complete, it says it
    is being worked out, and the slices go on until it appears."""
    if backend(RULESETS["guild"]) != "core":
        pytest.skip("the compiled core is not built (scripts/build_core.sh)")
    found = early = False
    for seed in range(8):
        reply = play_deal(new_game("guild", seed=seed), seed)
        work = play.review_work(reply["state"])
        assert work is not None and work.total >= 1
        if work.done:  # another test reviewed the same game in this process
            continue
        assert reply["then"] == {"action": {"type": "review-step"}, "delay_ms": 0}
        asked = call("play", "en", reply["state"], {"type": "review"})
        assert asked["ok"] and asked["announce"] == pt("review-busy", "en")
        assert 'data-review="busy"' in asked["html"] and escape(pt("review-busy", "en")) in asked["html"]
        assert asked["then"]["action"]["type"] == "review-step"
        ready = finish_review(asked)
        assert ready["announce"] == pt("review-ready", "en") and work.complete
        html = ready["html"]
        check_html(html)
        assert 'data-review="ready"' in html and escape(pt("review-scope-all", "en")) in html
        history = play.position(ready["state"]).deal.history
        early = early or any(item.trick <= 2 for item in play.review_items(ready["state"]))
        for item in play.review_items(ready["state"]):
            assert history[item.at] == (Seat.S, item.action) and item.loss > 0 and item.better != item.action
        if play.review_items(ready["state"]):
            found = True
            assert "better was" in html
            # the points lost carry their noun in every language: "cost 2 points", "maksoi 2 pistettä"
            units = {
                "en": r"cost \d+ points?;",
                "fi": r"maksoi \d+ piste(ttä)?;",
                "ru": r"потеря \d+ очк(о|а|ов);",
            }
            for lang, unit in units.items():
                shown = call("play", lang, ready["state"], {"type": "review"})
                assert "then" not in shown and re.search(unit, shown["html"]), (lang, shown["html"])
                assert escape(pt("review-scope-all", lang)) in shown["html"]
        if found and early:
            return
    raise AssertionError(f"no costly move found ({found}) or none in the first two tricks ({early})")


def test_a_readers_action_during_the_review_is_answered_and_the_slices_go_on() -> None:
    reply = play_deal(new_game("guild", seed=3), 3)
    assert reply["then"]["action"]["type"] == "review-step"
    work = play.review_work(reply["state"])
    assert work is not None and work.done == 0 and work.total >= 2
    sliced = call("play", "en", reply["state"], reply["then"]["action"])
    assert work.done == 1
    # the page drops its pending slice when the reader acts; the reply asks for the next one
    history = play.position(sliced["state"]).deal.history
    bot_index = next(i for i, (seat, _) in enumerate(history) if seat != Seat.S)
    why = call("play", "en", sliced["state"], {"type": "why", "i": bot_index})
    assert why["ok"] and work.done == 1
    if not work.complete:
        assert why["then"] == {"action": {"type": "review-step"}, "delay_ms": 0}
    # the next deal leaves the review behind: a late slice changes nothing and says nothing
    following = call("play", "en", sliced["state"], {"type": "next"})
    assert following["ok"] and following.get("then", {}).get("action", {}).get("type") != "review-step"
    late = call("play", "en", following["state"], {"type": "review-step"})
    assert late["ok"] and late["state"] == following["state"] and late["announce"] == ""
    # nor in the set-up form, where the page's last slice may arrive after "new game"
    form = call("play", "en", sliced["state"], {"type": "setup"})
    late = call("play", "en", form["state"], {"type": "review-step"})
    assert late["ok"] and late["state"] == form["state"] and late["announce"] == "" and "then" not in late
    assert work.done == 1


def test_without_the_core_the_review_weighs_the_last_tricks_and_says_so(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("MARJAPUSSI_CORE", "off")
    assert backend(RULESETS["guild"]) == "python"
    found = False
    for seed in range(6):
        reply = finish_review(play_deal(new_game("guild", seed=seed), seed))
        reviewed = call("play", "en", reply["state"], {"type": "review"})
        assert reviewed["ok"] and pt("review-title", "en") in reviewed["html"]
        assert pt("review-scope", "en", first=6) in reviewed["html"]
        items = play.review_items(reviewed["state"])
        for _index, trick, _act, better, loss in items:
            assert trick >= 6 and loss > 0 and better is not None
        if items:
            found = True
            assert "better was" in reviewed["html"]
            break
    assert found, "a random reader never lost a point in the last tricks"


def test_deal_after_deal_to_the_end_of_the_game_with_dealer_rotation() -> None:
    reply = new_game("pagat-28")
    for n in range(MAX_DEALS):
        reply = play_deal(reply, n)
        nxt = call("play", "en", reply["state"], {"type": "next"})
        if nxt["state"]["done"] == reply["state"]["done"]:
            break  # the game ended with this deal: no next one
        assert nxt["announce"].startswith(pt("next-deal", "en", n=n + 2))
        reply = bots(nxt)
    pos = play.position(reply["state"])
    assert pos.game_over and not pos.sheet.over and len(pos.deals) >= 1
    assert pt("new-game-button", "en") in reply["html"]
    # the dealers followed the rules' rotation, erä by erä
    sheet = ScoreSheet(pos.rules)
    dealer = pos.deals[0].dealer
    for deal in [*pos.deals, pos.deal]:
        assert deal.dealer == dealer
        era = sheet.add_deal(deal.result(sheet.carry))
        dealer = next_deal_start(pos.rules, deal, era.outcome == "won")[0]
    assert sheet.totals == pos.sheet.totals or sheet.over


@pytest.mark.parametrize("lang", LANGS)
def test_a_corrupted_or_old_save_gives_a_message_and_keeps_the_text(lang: str) -> None:
    state = bridge.initial_state("play", "")
    good = bots(reader_move(bots(new_game("guild", lang)), random.Random(2), lang), lang)["state"]
    back = call("play", lang, state, {"type": "restore", "text": json.dumps(good)})
    assert back["ok"] and back["state"] == good and back["announce"] == pt("restored", lang)
    for text, problem in (
        ("{broken", "not-json"),
        (json.dumps({**good, "v": 0}), "version"),
        (json.dumps({**good, "a": good["a"] + "zz"}), "fields"),
        ("x" * (play.MAX_OLD + 1), "too-long"),
    ):
        reply = call("play", lang, state, {"type": "restore", "text": text})
        assert reply["ok"]
        assert reply["state"]["problem"] == problem and reply["state"]["old"] == text[: play.MAX_OLD]
        assert reply["announce"] == pt("restore-failed", lang, why=pt("why:" + problem, lang))
        assert 'data-mp-download="marjapussi-play-old.json"' in reply["html"]
        dismissed = call("play", lang, reply["state"], {"type": "dismiss"})
        assert dismissed["state"]["old"] == "" and "marjapussi-play-old.json" not in dismissed["html"]


def test_a_share_link_reopens_the_deal_where_it_was() -> None:
    reply = bots(reader_move(bots(new_game("huutopussi3")), random.Random(3)))
    state = reply["state"]
    query = bridge.share_query("play", state)
    opened = json.loads(bridge.from_url("play", query, "fi"))
    assert opened["ok"] and opened["state"]["a"] == state["a"]
    assert play.position(opened["state"]).deal.history == play.position(state).deal.history


HOSTILE = [
    "?w=play&p=guild.1.S.club.700.0.1.play.0.N.1.zz.-.-.-",
    "?w=play&p=guild.1.W.club.700.0.1.play.0.N.1.-.-.-.-".replace("guild", "huutopussi3"),
    "?w=play&p=nope.1.S.club.700.0.1.play.0.N.1.-.-.-.-",
    "?w=play&p=guild.99999999999.S.club.700.0.1.play.0.N.1.-.-.-.-",
    "?w=play&p=guild.1.S.club.13.0.1.play.0.N.1.-.-.-.-",
    "?w=play&p=guild.1.S.club.700.0.1.play.0.N.1.%3Cscript%3E.-.-.-",
    "?w=play&p=guild.1.S.club.700.0.1.play.0.N.1.00.00.00",
    "?w=play&p=" + "0" * 300,
]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("query", HOSTILE)
def test_a_hostile_share_link_gives_a_message_and_the_default(query: str, lang: str) -> None:
    reply = json.loads(bridge.from_url("play", query, lang))
    assert reply["ok"] is False and reply["announce"] == wt("bad-url", lang)
    assert reply["state"] == bridge.initial_state("play", "")
    assert "<script" not in json.dumps(reply)


def test_every_view_has_big_enough_controls_and_no_internal_codes() -> None:
    reply = bots(new_game("huutopussi"))
    html = reply["html"]
    check_html(html)
    text = re.sub(r"<[^>]+>", " ", html)
    for code in ("must-beat", "follow-suit", "huutopussi3", "pagat-28"):
        assert code not in text


@pytest.mark.parametrize("lang", LANGS)
def test_the_finished_deal_opens_in_the_trick_stepper(lang: str) -> None:
    from html import unescape

    from marjapussi.web import trick_stepper

    reply = play_deal(new_game("pagat-32", lang), 9, lang)
    found = re.search(r'class="mp-play-stepper" href="([^"]+)"', reply["html"])
    assert found
    href = unescape(found.group(1))
    prefix = "" if lang == "fi" else f"{lang}/"
    assert href.startswith(f"@root@/{prefix}record-format/?w=trick-stepper&p=play-")
    query = href.split("?", 1)[1].split("#", 1)[0]
    opened = json.loads(bridge.from_url("trick-stepper", "?" + query, lang))
    assert opened["ok"], opened["announce"]
    name = opened["state"]["rec"]
    assert trick_stepper.total(name) == len(reply["state"]["a"]) // 2
    end = call("trick-stepper", lang, opened["state"], {"type": "end"})
    steps = trick_stepper._step(name, end["state"]["n"], lang)
    assert steps.deal.result().points == play.position(reply["state"]).deal.result().points
    assert bridge.share_query("trick-stepper", end["state"]).endswith(f"{name}.{end['state']['n']}.all")
    # a broken deal in such a link is refused like any other bad link
    bad = json.loads(bridge.from_url("trick-stepper", "?w=trick-stepper&p=play-guild-5-0-W-1-zz.0.all", lang))
    assert bad["ok"] is False and bad["announce"] == wt("bad-url", lang)


def test_huutopussi_deals_have_no_stepper_link() -> None:
    reply = play_deal(new_game("huutopussi"), 2)
    assert "mp-play-stepper" not in reply["html"]


def test_a_bots_discard_is_not_shown() -> None:
    for seed in range(12):
        reply = new_game("huutopussi3", seed=seed)
        while bot_to_move(reply) or not play.position(reply["state"]).deal.is_over():
            before = play.position(reply["state"]).deal
            if not bot_to_move(reply):
                reply = reader_move(reply, random.Random(seed))
                continue
            reply = call("play", "en", reply["state"], reply["then"]["action"])
            seat, action = play.position(reply["state"]).deal.history[-1]
            if isinstance(action, Discard) and seat != Seat.S:
                assert before.phase.name == "DISCARD"
                log = re.search(r'<ol class="mp-play-log".*?</ol>', reply["html"]).group(0)
                for card in action.cards:
                    assert card_name(card) not in reply["announce"] and card.symbol not in log
                return
    pytest.skip("no bot won the bidding in these deals")


def test_a_shared_deal_opened_before_the_saved_game_wins_and_keeps_it() -> None:
    saved = bots(reader_move(bots(new_game("guild")), random.Random(5)))["state"]
    shared = bots(new_game("pagat", seed=9))["state"]
    opened = json.loads(bridge.from_url("play", bridge.share_query("play", shared), "en"))["state"]
    reply = call("play", "en", opened, {"type": "restore", "text": json.dumps(saved)})
    assert reply["state"]["a"] == opened["a"] and reply["state"]["r"] == "pagat"
    assert reply["state"]["problem"] == "replaced" and json.loads(reply["state"]["old"]) == saved
    assert reply["announce"] == pt("restore-replaced", "en")
    assert 'data-mp-download="marjapussi-play-old.json"' in reply["html"]
    # a reload of the game saved from that same link is no conflict
    same = call("play", "en", opened, {"type": "restore", "text": json.dumps(opened)})
    assert same["state"] == opened and same["announce"] == pt("restored", "en")


@pytest.mark.parametrize("lang", LANGS)
def test_a_bad_shuffle_number_is_refused_in_words(lang: str) -> None:
    state = bridge.initial_state("play", "")
    for seed in (-1, 2**40, "x", 1.5):
        reply = call("play", lang, state, {**START, "r": "guild", "seed": seed})
        assert reply["state"] == state
        assert reply["announce"] == pt("seed-refused", lang, high=MAX_SEED)
    kept = call("play", lang, state, {**START, "r": "guild", "seed": None})
    assert kept["ok"] and kept["state"]["seed"] == state["seed"] and kept["state"]["stage"] == "play"


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(("r", "points", "level"), [("huutopussi", (520, 520), (0, 1)),
                                                   ("huutopussi3", (-40, 530, 530), (1, 2))])
def test_the_sheet_says_when_sides_are_level_past_the_target_and_the_game_goes_on(
    monkeypatch: pytest.MonkeyPatch, lang: str, r: str, points: tuple[int, ...], level: tuple[int, ...]
) -> None:
    import dataclasses

    from marjapussi.huutopussi import HuutopussiSheet
    from marjapussi.i18n import game_level_text, side_label

    state = new_game(r, lang)["state"]
    pos = play.position(state)
    sheet = HuutopussiSheet(pos.rules).add(points, bidder_side=None if r == "huutopussi" else 0)
    assert sheet.level == level and not sheet.over
    level_pos = dataclasses.replace(pos, final=sheet)
    monkeypatch.setattr(play, "position", lambda _state: level_pos)
    html = play.view(state, lang)
    text = game_level_text(sheet, lang)
    assert text in html.replace("&#x27;", "'")
    assert all(side_label(pos.rules, i, lang) in text for i in level)
    assert pt("game-won", lang, side="").split(":")[0] not in html


@pytest.mark.parametrize("lang", LANGS)
def test_a_bid_above_the_lowest_buttons_is_chosen_from_a_list(lang: str) -> None:
    """The lowest bids are buttons; every higher bid the rules allow is in a list with its own
    button, so a player may jump; the bid chosen there is the bid made."""
    reply = auction_turn(lang)
    deal = play.position(reply["state"]).deal
    bids = [a for a in deal.legal_actions() if isinstance(a, Bid)]
    assert len(bids) > BIDS_SHOWN
    checker = check_html(reply["html"])
    listed = re.findall(r'<option value="(bid \d+)"', reply["html"])
    assert listed == [str(a) for a in bids[BIDS_SHOWN:]]
    assert escape(wt("db-other-bid", lang)) in reply["html"] and checker is not None
    jump = bids[-1]
    after = call("play", lang, reply["state"], {"type": "act", "code": listed[-1]})
    assert after["ok"], after["announce"]
    done = play.position(after["state"]).deal
    assert (Seat.S, jump) in done.history and done.high_bid == jump.points


@pytest.mark.parametrize("lang", LANGS)
def test_a_contract_above_the_lowest_buttons_is_set_from_a_list(lang: str) -> None:
    """The marriage family's contract after the exchange: the lowest contracts are buttons, every
    higher one up to the maximum is in the list, under the list's own words."""
    from marjapussi.actions import SetContract
    from marjapussi.analysis.view import SeatView
    from marjapussi.game import Game
    from marjapussi.web.table_view import action_buttons

    game = Game.new("huutopussi-marriage", 1)
    deal = game.position().deal
    rng = random.Random(1)
    while not deal.is_over() and deal.phase is not Phase.CONTRACT:
        deal.push(random_action(deal, rng, 0.3))
    assert deal.phase is Phase.CONTRACT
    contracts = [str(a) for a in deal.legal_actions() if isinstance(a, SetContract)]
    assert len(contracts) > BIDS_SHOWN
    html = action_buttons(SeatView.of(deal, deal.to_act), lang)
    check_html(html)
    assert re.findall(r'<option value="(contract \d+)"', html) == contracts[BIDS_SHOWN:]
    assert escape(wt("db-other-contract", lang)) in html and escape(wt("db-contract-this", lang)) in html
    buttons = [a["code"] for a in actions_of(html) if a.get("type") == "act" and "code" in a]
    assert buttons[:BIDS_SHOWN] == contracts[:BIDS_SHOWN]
