"""The trick stepper: the example deal step by step, duties, declarations, comments, score."""

from __future__ import annotations

from pathlib import Path

import pytest

from marjapussi.actions import Play
from marjapussi.cards import Seat
from marjapussi.i18n import rule_name
from marjapussi.i18n import t as message
from marjapussi.rule_ids import rule_url
from marjapussi.web import trick_stepper
from marjapussi.web.common import load_record
from marjapussi.web.texts import wt

from .webkit import LANGS, call, check_html

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("name", ["example-deal", "guild-first-deal"])
def test_the_example_deal_is_the_same_deal_in_every_language(name: str) -> None:
    records = [load_record(f"{name}.{lang}.mjp") for lang in LANGS]
    first = records[0].deals[0]
    for record in records[1:]:
        deal = record.deals[0]
        assert deal.hands == first.hands and deal.dealer == first.dealer
        assert [str(a.action) for a in deal.actions] == [str(a.action) for a in first.actions]
        assert [a.comment is None for a in deal.actions] == [a.comment is None for a in first.actions]
        assert (deal.comment is None) == (first.comment is None)


def test_the_example_deal_shows_what_the_pages_promise() -> None:
    step = trick_stepper._step("example-deal", trick_stepper.total("example-deal"), "en")
    deal = step.deal
    assert deal.is_over() and deal.opening and deal.tricks[0].cards[0].code == "CA"
    kinds = [(d.method, d.kind, bool(d.burned), d.after_trick) for d in deal.declarations]
    assert kinds == [("own", "trump", False, 2), ("half", "small-trump", True, 3)]
    duties = set()
    replay = trick_stepper._record("example-deal", "en").deals[0]
    for n, item in enumerate(replay.actions, 1):
        if isinstance(item.action, Play):
            html = trick_stepper.view({"rec": "example-deal", "n": n, "view": "all"}, "en")
            for rule in (
                "must-beat",
                "must-trump",
                "small-trump-lead",
                "follow-suit",
                "opening-lead-clubs-ace",
            ):
                if f"#{rule}" in html.split('class="mp-step-now"')[1].split("</div>")[0]:
                    duties.add(rule)
    assert duties == {"must-beat", "must-trump", "small-trump-lead", "follow-suit", "opening-lead-clubs-ace"}
    assert deal.result().points == (2, 3)


def test_the_record_format_example_is_a_copy_of_the_shipped_example() -> None:
    shipped = (ROOT / "marjapussi/web/data/guild-first-deal.en.mjp").read_text(encoding="utf-8")
    assert shipped == (ROOT / "examples/records/guild-first-deal.mjp").read_text(encoding="utf-8")


@pytest.mark.parametrize("name", ["example-deal", "guild-first-deal"])
def test_the_stepper_shows_the_comments_in_the_readers_language(name: str) -> None:
    # the first comment of the deal, as each language's record writes it
    firsts = {lang: load_record(f"{name}.{lang}.mjp").deals[0].comment for lang in LANGS}
    assert len(set(firsts.values())) == len(LANGS)
    for lang in LANGS:
        html = trick_stepper.view(trick_stepper.initial(name), lang)
        for other, comment in firsts.items():
            assert ((comment or "") in html) == (other == lang), (lang, other)


@pytest.mark.parametrize("lang", LANGS)
def test_stepping_forward_and_back(lang: str) -> None:
    state = trick_stepper.initial("example-deal")
    total = trick_stepper.total("example-deal")
    html = check_html(trick_stepper.view(state, lang))
    assert len(html.cards) == 36  # all four hands, nothing played
    state = call("trick-stepper", lang, state, {"type": "next-card"})["state"]
    assert state["n"] == 1
    reply = call("trick-stepper", lang, state, {"type": "next-trick"})
    assert reply["state"]["n"] == 4
    assert wt("takes-trick", lang, seat=trick_stepper.seat_name(Seat.N, lang)) in reply["html"]
    reply = call("trick-stepper", lang, reply["state"], {"type": "next-trick"})
    assert reply["state"]["n"] == 8  # trick 2 ends with the 8th action; the declaration follows
    reply = call("trick-stepper", lang, reply["state"], {"type": "next-card"})
    assert rule_name("trump", lang) in reply["html"]  # South declares hearts
    back = call("trick-stepper", lang, reply["state"], {"type": "prev-trick"})
    assert back["state"]["n"] == 8
    assert call("trick-stepper", lang, back["state"], {"type": "prev-trick"})["state"]["n"] == 4
    end = call("trick-stepper", lang, state, {"type": "end"})
    assert end["state"]["n"] == total
    assert "mp-steps" in end["html"] and "mp-era" in end["html"]
    assert call("trick-stepper", lang, end["state"], {"type": "next-card"})["state"]["n"] == total
    assert call("trick-stepper", lang, end["state"], {"type": "start"})["state"]["n"] == 0


def test_comments_are_shown_beside_the_cards() -> None:
    for lang in LANGS:
        record = trick_stepper._record("example-deal", lang).deals[0]
        html = trick_stepper.view({"rec": "example-deal", "n": 1, "view": "all"}, lang)
        assert record.actions[0].comment in html
        html = trick_stepper.view({"rec": "example-deal", "n": 0, "view": "all"}, lang)
        assert record.comment in html


def test_the_ask_says_what_burns() -> None:
    html = trick_stepper.view({"rec": "example-deal", "n": 14, "view": "all"}, "en")
    assert "West asks the partner for half ♦. Burned: East ♣." in html


@pytest.mark.parametrize("seat", ["N", "E", "S", "W"])
def test_the_view_from_one_seat_hides_the_other_hands(seat: str) -> None:
    html = trick_stepper.view({"rec": "example-deal", "n": 5, "view": seat}, "en")
    checker = check_html(html)
    hand = {c.code for c in trick_stepper._step("example-deal", 5, "en").deal.hand(Seat[seat])}
    table = set(checker.cards) - hand
    played = {c.code for t in trick_stepper._step("example-deal", 5, "en").deal.tricks for c in t.cards}
    played |= {c.code for _, c in trick_stepper._step("example-deal", 5, "en").deal.table}
    assert table <= played
    assert "mp-you" in html
    reply = call(
        "trick-stepper", "en", {"rec": "example-deal", "n": 5, "view": "all"}, {"type": "view", "view": seat}
    )
    assert reply["state"]["view"] == seat


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("name", trick_stepper.records())
def test_free_choice_only_when_no_duty_applied(name: str, lang: str) -> None:
    """Each card is labelled by the duty that applied to it, even when every card of the hand
    fulfilled it; "last card" for a hand's last card; "free choice" only when no duty applied
    (a follower void in the suit led and in trumps, or a lead without a lead duty)."""
    record = trick_stepper._record(name, lang).deals[-1]
    free, last = message("free", lang), message("last-card", lang)
    seen = set()
    for n, item in enumerate(record.actions, 1):
        if not isinstance(item.action, Play):
            continue
        before = trick_stepper._step(name, n - 1, lang).deal
        hand = before.hand(before.to_act)
        step = trick_stepper._step(name, n, lang)
        if len(hand) == 1:
            assert last in step.sentence and free not in step.sentence, (n, step.sentence)
            assert "mp-rule" not in step.detail_html, (n, step.detail_html)
            seen.add("last")
            continue
        assert last not in step.sentence, (n, step.sentence)
        table = before.table
        if table:
            led = table[0][1].suit
            trump = before.trump_suit
            bound = any(c.suit == led or c.suit == trump for c in hand)
            assert (free in step.sentence) is not bound, (n, step.sentence)
        if free in step.sentence:
            assert "mp-rule" not in step.detail_html, (n, step.detail_html)
            seen.add("free")
            continue
        duty = next(v.rule for v in before.explain() if v.card == item.action.card)
        assert duty is not None, (n, step.detail_html)
        # linked on the family's own page where it treats the duty (rule_ids.FAMILY_ANCHORS)
        anchor = rule_url(duty, lang, before.rules.name).split("#")[1]
        assert f"#{anchor}" in step.detail_html, (n, step.detail_html)
        seen.add("duty")
    assert seen == {"free", "last", "duty"}


@pytest.mark.parametrize("lang", LANGS)
def test_the_learn_pages_deal_names_the_duty_where_every_card_fulfilled_it(lang: str) -> None:
    """Action 35: West's ♦10 "beats the jack", holding ♦10 ♦A; action 37: North's last card."""
    beats = trick_stepper._step("example-deal", 35, lang)
    assert "#must-beat" in beats.detail_html and message("free", lang) not in beats.sentence
    assert "♦10 ♦A" in beats.sentence
    for n in (36, 37, 38, 39):
        assert message("last-card", lang) in trick_stepper._step("example-deal", n, lang).sentence


@pytest.mark.parametrize("name", trick_stepper.records())
def test_the_replay_cli_names_the_same_duty_as_the_stepper(name: str) -> None:
    """``python -m marjapussi replay`` (replay_views) and the stepper name one duty per card."""
    from marjapussi.record import replay
    from marjapussi.replay_views import replay_views

    record = trick_stepper._record(name, "en")
    [view] = replay_views(replay(record), "en")[-1:]
    for n, (item, shown) in enumerate(zip(record.deals[-1].actions, view["actions"], strict=True), 1):
        if not isinstance(item.action, Play):
            continue
        html = trick_stepper._step(name, n, "en").detail_html
        rules = [r for r in (shown["rule"],) if r]
        anchors = [rule_url(r, "en", record.rules.name).split("#")[1] for r in rules]
        assert all(f"#{a}" in html for a in anchors), (n, shown, html)
        assert rules or "mp-rule" not in html, (n, shown, html)


def test_a_duty_that_left_a_choice_says_so() -> None:
    # trick 2 of the example deal: South must beat ♠Q and holds ♠K ♠10 ♠A
    step = trick_stepper._step("example-deal", 7, "en")
    assert step.sentence == (
        "South plays ♠10: must beat ♠Q; South chose among the cards this duty allowed: ♠K ♠10 ♠A."
    )
    assert 'href="@root@/en/rules/guild/#must-beat"' in step.detail_html
