"""Which card may I play: curated positions show their duty; picks are judged by the rules."""

from __future__ import annotations

import pytest

from marjapussi.i18n import describe_verdict, rule_name, spoken
from marjapussi.web import which_card
from marjapussi.web.texts import wt

from .webkit import LANGS, call, check_html


@pytest.mark.parametrize("duty", which_card.DUTIES)
def test_each_duty_has_several_positions_that_show_it(duty: str) -> None:
    paths = which_card.curated(duty)
    assert len(paths) >= 2
    for i in range(len(paths)):
        deal = which_card.position({"duty": duty, "i": i, "rules": "guild", "seed": 1, "pick": ""})
        verdicts = deal.explain()
        assert any(not v.allowed and v.rule == duty for v in verdicts), (duty, i)
        assert any(v.allowed for v in verdicts)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("duty", which_card.DUTIES)
def test_a_refused_card_names_its_rule_and_an_allowed_one_its_duty(duty: str, lang: str) -> None:
    state = which_card.initial(duty)
    deal = which_card.position(state)
    refused = next(v for v in deal.explain() if not v.allowed and v.rule == duty)
    allowed = next(v for v in deal.explain() if v.allowed)

    reply = call("which-card", lang, state, {"type": "play", "card": refused.card.code})
    assert reply["ok"] and reply["state"]["pick"] == refused.card.code
    # the rule is named as its heading reads, never by its internal id
    assert f"({rule_name(duty, lang)})" in reply["announce"] and duty not in reply["announce"]
    assert spoken(describe_verdict(refused, lang, deal.to_act), lang) in reply["announce"]
    view = check_html(reply["html"])
    assert f"<code>{duty}</code>" not in reply["html"]
    assert rule_name(duty, lang) in "".join(view.text) and duty not in "".join(view.text)
    prefix = "@root@/" if lang == "fi" else f"@root@/{lang}/"
    assert f'href="{prefix}rules/guild/#{duty}"' in reply["html"]
    assert "mp-picked mp-refused" in reply["html"]

    reply = call("which-card", lang, state, {"type": "play", "card": allowed.card.code})
    assert reply["ok"]
    assert spoken(describe_verdict(allowed, lang, deal.to_act), lang) in reply["announce"]
    assert "mp-picked mp-allowed" in reply["html"]
    assert wt("verdict-allowed", lang) in reply["html"]


def test_must_beat_example() -> None:
    state = which_card.initial("must-beat")
    deal = which_card.position(state)
    hand = {c.code for c in deal.hand(deal.to_act)}
    assert {"HA", "HQ", "H7"} <= hand
    assert deal.table[0][1].code == "HK"
    assert call("which-card", "en", state, {"type": "play", "card": "H7"})["announce"] == (
        "seven of hearts is not allowed: East can beat ten of hearts, and so must (Must beat)."
    )
    assert call("which-card", "en", state, {"type": "play", "card": "HA"})["announce"] == (
        "ace of hearts is allowed: must beat ten of hearts."
    )


def test_a_card_not_in_the_hand_is_refused_as_an_action() -> None:
    state = which_card.initial("follow-suit")
    deal = which_card.position(state)
    held = {x.code for x in deal.hand(deal.to_act)}
    outside = next(c for c in ("SA", "HA", "DA", "CA", "S6", "H6") if c not in held)
    reply = call("which-card", "en", state, {"type": "play", "card": outside})
    assert not reply["ok"] and reply["state"] == state


@pytest.mark.parametrize("rules", list(which_card.RULESETS))
def test_random_positions_under_every_ruleset(rules: str) -> None:
    state = {"duty": "random", "i": 0, "rules": rules, "seed": 1, "pick": ""}
    seen = set()
    for _ in range(8):
        reply = call("which-card", "en", state, {"type": "random"})
        state = reply["state"]
        deal = which_card.position(state)
        assert deal.rules == which_card.RULESETS[rules]
        verdicts = deal.explain()
        assert any(not v.allowed for v in verdicts) and any(v.allowed for v in verdicts)
        seen.add(state["seed"])
        # the same seed gives the same position
        assert which_card._random_position.__wrapped__(rules, state["seed"]).hand(deal.to_act) == deal.hand(
            deal.to_act
        )
    assert len(seen) == 8


def test_navigation_and_choice() -> None:
    state = which_card.initial("must-trump")
    n = len(which_card.curated("must-trump"))
    assert call("which-card", "fi", state, {"type": "prev"})["state"]["i"] == n - 1
    after = call("which-card", "fi", state, {"type": "next"})["state"]
    assert after["i"] == 1 and after["pick"] == ""
    chosen = call("which-card", "fi", state, {"type": "choose", "duty": "random", "rules": "pagat"})
    assert chosen["state"]["duty"] == "random" and chosen["state"]["rules"] == "pagat"
    assert not call("which-card", "fi", chosen["state"], {"type": "next"})["ok"]


def test_args() -> None:
    assert which_card.initial("pagat")["duty"] == "random"
    assert which_card.initial("random pagat-32")["rules"] == "pagat-32"
    assert which_card.initial("")["duty"] == "follow-suit"
