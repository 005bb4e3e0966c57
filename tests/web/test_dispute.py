"""The dispute widget: the command line's replay and legal in the page, and hostile input."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from marjapussi.cli import main
from marjapussi.rule_ids import rule_url
from marjapussi.web import bridge, dispute
from marjapussi.web.texts import wt

from .webkit import LANGS, call, check_html

ROOT = Path(__file__).resolve().parents[2]
RECORDS = ROOT / "examples" / "records"
KIND = "dispute"


def cli(*args: str) -> str:
    out = io.StringIO()
    main(list(args), out)
    return out.getvalue()


@pytest.mark.parametrize("lang", LANGS)
def test_the_disputed_hand_shows_what_legal_prints_with_rule_links(lang: str) -> None:
    html = bridge.render(KIND, "disputed-hand", lang)
    check_html(html)
    legal = cli("legal", str(RECORDS / "disputed-hand.mjp"), "--lang", lang, "--json")
    import json

    view = json.loads(legal)
    refused = [c for c in view["cards"] if not c["allowed"]]
    assert refused, "the example position must refuse some card"
    for item in view["cards"]:
        assert item["reason"].replace("'", "&#x27;") in html or item["reason"] in html
    for item in refused:
        assert f'href="@root@/{rule_url(item["rule"], lang)}"' in html
    assert wt("dp-now", lang) in html


@pytest.mark.parametrize("lang", LANGS)
def test_a_card_against_the_rules_gives_line_column_rule_link_and_the_choices(lang: str) -> None:
    text = (RECORDS / "illegal-card.mjp").read_text(encoding="utf-8")
    reply = call(KIND, lang, bridge.initial_state(KIND), {"type": "check", "text": text})
    assert reply["ok"] and reply["state"]["text"] == text
    at = wt("dp-at", lang, line=14, column=10)
    assert reply["announce"].startswith(wt("dp-bad", lang)) and at.lower() in reply["announce"].lower()
    html = reply["html"]
    check_html(html)
    assert f'href="@root@/{rule_url("follow-suit", lang)}"' in html
    assert wt("dp-broke", lang) in html and "(follow-suit)" not in html and "<code>" not in html
    assert "mp-verdicts" in html  # what West could have played instead
    assert 'data-card="S10"' in html


def test_every_card_of_a_replayed_deal_carries_its_duty_as_replay_prints_it() -> None:
    text = (RECORDS / "guild-first-deal.mjp").read_text(encoding="utf-8")
    reply = call(KIND, "en", bridge.initial_state(KIND), {"type": "check", "text": text})
    html = reply["html"]
    printed = cli("replay", str(RECORDS / "guild-first-deal.mjp"), "--lang", "en")
    reasons = [line.split("  — ", 1)[1].rsplit(" [", 1)[0] for line in printed.splitlines() if "  — " in line]
    assert reasons
    for reason in reasons:
        assert reason in html.replace("&#x27;", "'")
    assert "The deal&#x27;s points step by step" in html or "The deal's points step by step" in html
    assert wt("era-caption", "en") in html and wt("dp-ok", "en") in html


def test_a_malformed_record_says_line_and_column() -> None:
    reply = call(
        KIND, "ru", bridge.initial_state(KIND), {"type": "check", "text": '[Rules "guild"]\n[Deal 1]\n'}
    )
    assert reply["ok"] and wt("dp-at", "ru", line=2, column=7) in reply["announce"].lower()
    check_html(reply["html"])


def test_examples_and_clear() -> None:
    state = bridge.initial_state(KIND)
    assert wt("dp-empty", "fi") in bridge.render(KIND, "", "fi")
    for name in dispute.EXAMPLES:
        for lang in LANGS:
            reply = call(KIND, lang, state, {"type": "example", "name": name})
            assert reply["ok"] and reply["state"]["ex"] == name
            check_html(reply["html"])
    reply = call(KIND, "en", reply["state"], {"type": "clear"})
    assert reply["state"] == {"v": 1, "ex": "", "text": ""}


EVIL = "<script>alert(1)</script>"


def test_hostile_state_and_actions() -> None:
    default = bridge.initial_state(KIND)
    good = bridge.initial_state(KIND, "disputed-hand")
    for field in good:
        for value in (None, True, 2, [], {}, EVIL, "x" * (dispute.MAX_TEXT + 1)):
            if field == "text" and value == EVIL:
                continue  # any text may be pasted
            reply = call(KIND, "en", {**good, field: value}, {"type": "clear"})
            assert reply["ok"] is False and reply["state"] == default, (field, value)
    for action in (
        {"type": "check", "text": None},
        {"type": "example", "name": EVIL},
        {"type": EVIL},
        {"type": "check", "text": ["x"]},
    ):
        reply = call(KIND, "en", good, action)
        assert reply["ok"] is False and reply["state"] == good
    reply = call(KIND, "en", good, {"type": "check", "text": "x" * (dispute.MAX_TEXT + 1)})
    assert reply["state"] == good and reply["announce"] == wt("dp-too-long", "en")
    reply = call(KIND, "en", good, {"type": "check", "text": EVIL + '\n[Rules "guild"]'})
    assert EVIL not in reply["html"] and "&lt;script&gt;" in reply["html"]
    check_html(reply["html"])
