"""Which card may I play? under Huutopussi with marriage trumps: random positions are
dealt, bid and exchanged by the family's own engine, and every card's verdict is the
engine's."""

from __future__ import annotations

import pytest

from marjapussi.deal import Phase
from marjapussi.i18n import ruleset_name
from marjapussi.marriage_trumps import MarriageTrumpDeal
from marjapussi.web import which_card
from marjapussi.web.bridge import render

from .webkit import LANGS, call, check_html


def state(seed: int) -> dict[str, object]:
    return {"duty": "random", "i": 0, "rules": "huutopussi-marriage", "seed": seed, "pick": ""}


@pytest.mark.parametrize("seed", range(1, 25))
def test_a_random_position_is_a_played_deal_of_the_family_with_a_choice(seed: int) -> None:
    deal = which_card.position(state(seed))
    assert isinstance(deal, MarriageTrumpDeal) and deal.phase is Phase.PLAY and not deal.is_over()
    verdicts = deal.explain()
    mask = deal.legal_play_mask()
    assert all(v.allowed == bool(mask >> v.card.index & 1) for v in verdicts)
    assert any(v.allowed for v in verdicts) and any(not v.allowed for v in verdicts)


@pytest.mark.parametrize("lang", LANGS)
def test_the_page_widget_picks_a_card_and_the_rules_answer(lang: str) -> None:
    html = render("which-card", "huutopussi-marriage", lang)
    assert '"rules":"huutopussi-marriage"' in html.replace("&quot;", '"')
    start = which_card.initial("huutopussi-marriage")
    assert start["duty"] == "random" and start["rules"] == "huutopussi-marriage"
    deal = which_card.position(start)
    for verdict in deal.explain():
        reply = call("which-card", lang, start, {"type": "play", "card": verdict.card.code})
        check_html(reply["html"])
        assert reply["state"]["pick"] == verdict.card.code
        assert ("mp-ok" in reply["html"]) is verdict.allowed
    # the selector names the family as the presets do, and a new random position keeps it
    assert ruleset_name(which_card.RULESETS["huutopussi-marriage"], lang) in which_card.view(start, lang)
    assert call("which-card", lang, start, {"type": "random"})["state"]["rules"] == "huutopussi-marriage"
