"""The "which card" widget: after a legal choice, was there a better legal card, and why."""

from __future__ import annotations

import pytest

from marjapussi.actions import Play
from marjapussi.analysis import solve
from marjapussi.html import text_html
from marjapussi.i18n import points_text
from marjapussi.web import best_card, which_card
from marjapussi.web.texts import wt

from .webkit import LANGS, call, check_html


def _states() -> list[dict[str, object]]:
    states = [which_card.check({**which_card.initial(d), "i": i}) for d in ("must-trump", "small-trump-lead")
              for i in range(len(which_card.curated(d)))]
    states += [which_card.check({**which_card.initial("random"), "seed": s}) for s in (1, 2, 48)]
    return states


def _expected(state: dict[str, object]) -> tuple[dict[str, float], bool]:
    deal = which_card.position(state)
    work = deal.copy_start()
    for _, action in deal.history:
        work.push(action)
    left = deal.rules.tricks_per_deal - deal.trick_number + 1
    exact = best_card.exact_throughout(deal) or left <= best_card.EXACT_TRICKS_LEFT
    depth = None if exact else best_card.ESTIMATE_TRICKS
    result = solve(work, depth_tricks=depth)
    return {a.card.code: float(v) for a, v in result.values.items() if isinstance(a, Play)}, result.exact


@pytest.mark.parametrize("lang", LANGS)
def test_after_a_legal_card_the_widget_says_whether_a_better_one_existed(lang: str) -> None:
    seen_worse = seen_best = 0
    for state in _states():
        values, exact = _expected(state)
        if len(values) < 2:
            continue
        top = max(values.values())
        for code, value in values.items():
            reply = call("which-card", lang, state, {"type": "play", "card": code})
            html = reply["html"]
            check_html(html)
            assert ('data-best="exact"' in html) == exact
            symbol = which_card.position(state).hand(which_card.position(state).to_act)
            card = next(c for c in symbol if c.code == code)
            if value == top:
                seen_best += 1
                side = best_card.side_of(which_card.position(state), lang)
                assert text_html(wt("which-best-yes", lang, card=card.symbol, side=side), lang) in html
            else:
                seen_worse += 1
                better = " ".join(c.symbol for c in symbol if values.get(c.code) == top)
                loss = top - value
                said = wt("which-best-no", lang, best=better, card=card.symbol, loss=loss)
                assert text_html(said, lang) in html
                assert points_text(loss, lang) in html
    assert seen_best and seen_worse, "the positions should hold both kinds of choice"


def test_nothing_is_said_for_an_illegal_card_or_an_only_card() -> None:
    state = which_card.check(which_card.initial("must-beat"))  # one legal card there
    deal = which_card.position(state)
    legal = [v.card for v in deal.explain() if v.allowed]
    refused = [v.card for v in deal.explain() if not v.allowed]
    assert len(legal) == 1 and refused
    for code in (legal[0].code, refused[0].code):
        html = call("which-card", "en", state, {"type": "play", "card": code})["html"]
        assert "mp-better" not in html


def test_the_static_view_solves_nothing() -> None:
    html = which_card.view(which_card.initial("must-trump"), "en")
    assert "mp-better" not in html
