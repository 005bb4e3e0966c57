"""Every preset through every widget and the command line (issue 24, Decided 1).

Each place that branches on the rule family is asked about every preset, the two of
Huutopussi with marriage trumps among them, in Finnish, English and Russian: the Play
page plays a deal to its end; the dispute page examines a pasted record of the preset
and the tap builder is offered the preset; the score keeper reads a pasted record; the
trick stepper opens a Play deal's link; which card, the quiz, the scoring widget and the
course are handed the preset in their state. Each answers, either with a view or with
its translated refusal of rules it does not teach (yet), and never with a crash, a
Python error or an internal code (a rule id, a preset's name, a switch value) in the text
a reader sees. The command line's ``replay``, ``legal``, ``rules`` and ``analyse`` read
a record of each preset in each language and exit 0.
"""

from __future__ import annotations

import html as htmllib
import io
import json
import random
import re
from typing import Any

import pytest

from marjapussi import cli, find_rules
from marjapussi.course import STAGES
from marjapussi.game import RULESETS, Game, figures_estimated
from marjapussi.rule_ids import RULE_IDS
from marjapussi.rules import PRESETS
from marjapussi.web import bridge, play
from marjapussi.web.texts import wt
from marjapussi.web.trick_stepper import play_name

from .test_play_widget import finish_review, new_game, play_deal
from .webkit import LANGS, call, check_html

MARRIAGE = ("huutopussi-marriage", "huutopussi-marriage3")
CODES = sorted(
    {c for c in RULE_IDS if "-" in c}
    | {p for p in RULESETS if "-" in p}
    | {"last-must-open", "before-return", "own-led", "minus-500", "hearts-high"}
)
"""Words of the code a reader must never see (the widgets' links carry them as anchors)."""
LEAKS = ("Traceback", "Error:", "Seat.", "Card.parse", "Phase.", "None", "{", "}")


def reader_text(html: str) -> str:
    """The text a reader sees: no tags, no hidden record files or pasted text."""
    html = re.sub(r"<textarea\b.*?</textarea>", " ", html, flags=re.S)
    return htmllib.unescape(re.sub(r"<[^>]+>", " ", html))


def assert_readable(text: str, where: str) -> None:
    for code in CODES:
        assert not re.search(rf"(?<![\w-]){re.escape(code)}(?![\w-])", text), (where, code)
    for leak in LEAKS:
        assert leak not in text, (where, leak, text[:300])


def assert_reply(reply: dict[str, Any], where: str) -> None:
    check_html(reply["html"])
    assert_readable(reader_text(reply["html"]), where)
    assert_readable(reply["announce"], where + " (announced)")


def played_game(r: str, seed: int, cut: int | None = None) -> Game:
    """A seeded game's first deal played by random legal actions (to its end, or ``cut`` actions)."""
    game = Game.new(r, seed)
    rng = random.Random(seed)
    while game.to_act() is not None and (cut is None or len(game.actions) // 2 < cut):
        game = game.push(rng.choice(game.position().deal.legal_actions()))
    return game


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("r", MARRIAGE)
def test_the_play_page_plays_the_family_to_the_end_of_a_deal_in_every_language(r: str, lang: str) -> None:
    reply = play_deal(new_game(r, lang), 3, lang)
    assert play.position(reply["state"]).deal.is_over()
    assert_reply(reply, f"play {r}")
    review = finish_review(call("play", lang, reply["state"], {"type": "review"}), lang)
    assert review["ok"]
    assert_reply(review, f"play review {r}")
    # estimates only where the compiled core does not search the family (issue 32)
    assert ("mp-play-estimate" in review["html"]) == figures_estimated(find_rules(r))


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("r", sorted(PRESETS))
def test_the_dispute_page_examines_a_pasted_record_of_every_preset(r: str, lang: str) -> None:
    record = played_game(r, 6).deal_record_text()
    state = bridge.initial_state("dispute", "")
    reply = call("dispute", lang, state, {"type": "check", "text": record})
    assert reply["ok"], reply["announce"]
    assert_reply(reply, f"dispute {r}")
    # an unfinished deal: what may be done where it stops
    partial = played_game(r, 6, cut=12).deal_record_text()
    reply = call("dispute", lang, state, {"type": "check", "text": partial})
    assert reply["ok"], reply["announce"]
    assert_reply(reply, f"dispute partial {r}")
    # the tap builder: the preset is offered, or refused in words
    built = call("dispute", lang, state, {"type": "b-rules", "rules": r})
    assert_reply(built, f"dispute builder {r}")
    assert built["ok"] or built["announce"] == wt("bad-action", lang)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("r", sorted(PRESETS))
def test_the_score_keeper_reads_a_pasted_record_of_every_preset(r: str, lang: str) -> None:
    record = played_game(r, 7).deal_record_text()
    state = bridge.initial_state("score-keeper", "")
    reply = call("score-keeper", lang, state, {"type": "import", "text": record})
    assert_reply(reply, f"score keeper {r}")


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("r", list(RULESETS))
def test_the_trick_stepper_opens_a_play_deal_of_every_preset(r: str, lang: str) -> None:
    game = played_game(r, 8)
    pos = game.position()
    name = play_name(r, 8, pos.number, pos.dealer.name, int(pos.opening), game.actions)
    reply = json.loads(bridge.from_url("trick-stepper", f"?w=trick-stepper&p={name}.0.all", lang))
    assert_reply(reply, f"stepper {r}")
    if reply["ok"]:
        for step in ({"type": "next-card"}, {"type": "end"}):
            reply = call("trick-stepper", lang, reply["state"], step)
            assert reply["ok"], reply["announce"]
            assert_reply(reply, f"stepper {r} {step['type']}")
    else:
        assert reply["announce"] == wt("bad-url", lang)


# The widgets whose state names its rules, and the field that names them.
RULE_FIELDS = {"which-card": "rules", "quiz": "rules", "scoring": "mode"}


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("r", sorted(PRESETS))
@pytest.mark.parametrize("kind", sorted(RULE_FIELDS))
def test_the_widgets_that_name_their_rules_answer_every_preset(kind: str, r: str, lang: str) -> None:
    state = {**bridge.initial_state(kind, ""), RULE_FIELDS[kind]: r}
    reply = call(kind, lang, state, {"type": "noop"})
    assert_reply(reply, f"{kind} {r}")
    if reply["ok"] is False:  # rules this widget does not teach: the state is refused in words
        assert reply["announce"] in (wt("bad-state", lang), wt("bad-action", lang))


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("stage", STAGES)
def test_every_course_stage_opens_in_every_language(stage: str, lang: str) -> None:
    """The course's stages, the Huutopussi ones among them, each open and answer a hint."""
    state = bridge.initial_state("course", stage)
    reply = call("course", lang, state, {"type": "hint"})
    assert_reply(reply, f"course {stage}")


def run_cli(*argv: str) -> tuple[int, str]:
    out = io.StringIO()
    status = cli.main(list(argv), out)
    return status, out.getvalue()


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("r", MARRIAGE)
def test_the_command_line_knows_the_family_in_every_language(r: str, lang: str, tmp_path: Any) -> None:
    whole = tmp_path / "whole.mjp"
    whole.write_text(played_game(r, 9).deal_record_text(), encoding="utf-8")
    partial = tmp_path / "partial.mjp"
    partial.write_text(played_game(r, 9, cut=20).deal_record_text(), encoding="utf-8")
    for argv in (
        ("replay", str(whole), "--lang", lang),
        ("replay", str(whole), "--json", "--lang", lang),
        ("legal", str(partial), "--lang", lang),
        ("rules", "--lang", lang),
    ):
        status, text = run_cli(*argv)
        assert status == 0, (argv, text[:500])
        assert text.strip() and "Traceback" not in text, argv
    status, text = run_cli("rules", "--lang", lang)
    assert r in text  # the preset's name is the command line's own word for it


@pytest.mark.slow
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("r", MARRIAGE)
def test_the_command_line_analyses_the_family(r: str, lang: str, tmp_path: Any) -> None:
    partial = tmp_path / "late.mjp"
    rules = RULESETS[r]
    partial.write_text(played_game(r, 9, cut=rules.players * 6 + 12).deal_record_text(), encoding="utf-8")
    status, text = run_cli("analyse", str(partial), "--lang", lang)
    assert status == 0 and text.strip() and "Traceback" not in text


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("r", MARRIAGE)
def test_a_saved_game_of_the_family_restores_and_a_corrupted_one_gets_the_message(r: str, lang: str) -> None:
    from .test_play_widget import bots, reader_move

    reply = bots(new_game(r, lang))
    rng = random.Random(4)
    for _ in range(3):  # into the exchange, the discard or the tricks
        if play.position(reply["state"]).deal.is_over():
            break
        reply = bots(reader_move(reply, rng, lang), lang)
    saved = json.dumps(reply["state"])
    restored = call("play", lang, bridge.initial_state("play", ""), {"type": "restore", "text": saved})
    assert restored["ok"] and restored["state"] == reply["state"]
    assert restored["announce"] == play.pt("restored", lang)
    broken = json.loads(saved)
    broken["a"] = broken["a"][:-2] + "zz"  # an action the engine does not offer
    failed = call(
        "play", lang, bridge.initial_state("play", ""), {"type": "restore", "text": json.dumps(broken)}
    )
    assert failed["announce"] == play.pt("restore-failed", lang, why=play.pt("why:fields", lang))
    assert failed["state"]["problem"] == "fields" and failed["state"]["stage"] == "setup"
    assert_reply(failed, f"restore {r}")
