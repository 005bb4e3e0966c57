"""Texts a reader of the Play page, the rooms and the analysis meets (issue 30, items 10–12)."""

from __future__ import annotations

import random

import pytest

from marjapussi.actions import Bid, Discard, Give, Redeal, ReturnCards, SetContract
from marjapussi.analysis.view import SeatView
from marjapussi.cards import Seat, parse_cards
from marjapussi.deal import Deal, random_hands
from marjapussi.html import score_html
from marjapussi.randomplay import random_playout
from marjapussi.record import new_deal
from marjapussi.rules import find_rules
from marjapussi.web.play_texts import pt
from marjapussi.web.table_view import family_notes, log_label
from marjapussi.web.texts import wt

from .webkit import LANGS, call


@pytest.mark.parametrize("lang", LANGS)
def test_the_log_tells_the_contract_from_a_bid(lang: str) -> None:
    """«Восток: заказ 70 … Восток: заказ 115»: the raised contract read as one more bid."""
    bid, contract = log_label(Bid(115), lang), log_label(SetContract(115), lang)
    assert bid != contract
    assert contract.replace("115", "").strip().lower() not in bid.lower()


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(
    "action",
    [Give(tuple(parse_cards("H7 D7 C7"))), ReturnCards(tuple(parse_cards("H7 D7 C7"))),
     Discard(tuple(parse_cards("H7 D7 C7"))), Redeal()],
)
def test_a_log_entry_reads_after_you_as_after_a_seat(lang: str, action: object) -> None:
    """"You: gives back 3 cards": the log names what happened without a verb in the third
    person, so "You:" and "East:" both read right before it."""
    said = pt("you-did", lang, what=log_label(action, lang))  # type: ignore[arg-type]
    third_person = {
        "en": ("gives", "discards", "asks"),
        "fi": ("antaa", "poistaa", "pyytää"),
        "ru": ("передаёт", "возвращает", "сбрасывает", "просит"),
    }
    assert not any(word in said.split() for word in third_person[lang]), said


@pytest.mark.parametrize(("n", "said"), [(1, "1 pisteen"), (2, "2 pistettä"), (5, "5 pistettä")])
def test_a_loss_in_finnish_takes_the_object_form(n: int, said: str) -> None:
    """"menettää 1 piste" → "menettää 1 pisteen"."""
    assert said in wt("best-loses", "fi", loss=n)


@pytest.mark.parametrize("lang", LANGS)
def test_every_review_of_the_marriage_family_says_its_figures_are_estimates(
    lang: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The room's review drew without the note the Play page adds (issue 30, item 11): the
    review itself says it, whoever draws it, and says nothing of it under the other rules,
    nor where the compiled core searches the family exactly (issue 32)."""
    from marjapussi.analysis.core import ENVIRONMENT, backend
    from marjapussi.rules import find_rules
    from marjapussi.web.table_view import review_html

    note = pt("estimate-note", lang)
    marriage = find_rules("huutopussi-marriage")
    if backend(marriage) == "core":
        assert note not in review_html((), marriage, lang).replace("&#x27;", "'")
    monkeypatch.setenv(ENVIRONMENT, "off")
    assert note in review_html((), marriage, lang).replace("&#x27;", "'")
    assert note not in review_html((), find_rules("guild"), lang).replace("&#x27;", "'")


@pytest.mark.parametrize("lang", LANGS)
def test_a_hint_of_the_marriage_family_says_its_figures_are_estimates(
    lang: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    from marjapussi.analysis.core import ENVIRONMENT
    from marjapussi.game import Game
    from marjapussi.web.table_view import hint_text

    monkeypatch.setenv(ENVIRONMENT, "off")  # with the core the family is searched exactly
    game = Game("huutopussi-marriage", 3, 1, Seat.S, True)
    said = hint_text(game.hint(2), lang)
    assert pt("estimate-note", lang) in said
    # two sentences, each with its full stop ("…the only card it may play In this game…")
    assert said.endswith(".") and said.replace(pt("estimate-note", lang), "").rstrip().endswith(".")
    guild = Game("guild", 3, 1, Seat.S, True)
    assert pt("estimate-note", lang) not in hint_text(guild.hint(2), lang)


@pytest.mark.parametrize("lang", LANGS)
def test_the_estimate_note_speaks_of_the_figures_not_the_program(lang: str) -> None:
    note = pt("estimate-note", lang).lower()
    assert "python" not in note
    assert {"en": "rough estimates", "fi": "karkeita arvioita", "ru": "приблизительные оценки"}[lang] in note


@pytest.mark.parametrize("lang", LANGS)
def test_best_card_during_the_bidding_does_not_say_there_is_nothing_to_choose(lang: str) -> None:
    """A bid is a choice: during the bidding "Best card here" says the cards come later, and
    "nothing to choose" is kept for a deal that is over (issue 30, item 11)."""
    import random

    from marjapussi.deal import random_hands
    from marjapussi.randomplay import random_playout
    from marjapussi.record import new_deal
    from marjapussi.rules import find_rules
    from marjapussi.web.best_card import best_html

    rules = find_rules("huutopussi-marriage")
    bidding = new_deal(rules, random_hands(random.Random(5), rules), Seat.E)  # type: ignore[arg-type]
    said = best_html(bidding, lang)
    assert wt("best-none-bidding", lang) in said.replace("&#x27;", "'")
    over = random_playout(new_deal(rules, random_hands(random.Random(5), rules), Seat.E), random.Random(5))  # type: ignore[arg-type]
    assert wt("best-none-over", lang) in best_html(over, lang).replace("&#x27;", "'")


@pytest.mark.parametrize("lang", LANGS)
def test_the_stepper_shows_no_trick_number_while_the_bidding_is_on(lang: str) -> None:
    """"Trick 1" above an empty table while the players are still bidding (issue 30, item 11)."""
    from marjapussi.web import bridge

    html = bridge.render("trick-stepper", "huutopussi-marriage-deal", lang)
    assert "mp-trick-title" not in html
    state = bridge.initial_state("trick-stepper", "huutopussi-marriage-deal")
    for _ in range(40):  # step on until the first card is played: then the trick has its number
        reply = call("trick-stepper", lang, state, {"type": "next-card"})
        state = reply["state"]
        if "mp-trick-cards" in reply["html"]:
            break
    assert wt("trick-n", lang, n=1) in reply["html"]


def _played(preset: str, seed: int, declare_chance: float = 0.5) -> Deal:
    """A deal of ``preset`` dealt and played out at random from ``seed``."""
    rules = find_rules(preset)
    rng = random.Random(seed)
    hands = random_hands(rng, rules)
    talon = None
    if rules.players == 3:  # the fourth hand dealt is the talon
        talon, hands = hands[3], [*hands[:3], []]
    deal = new_deal(rules, dict(zip(Seat, hands, strict=True)), Seat.E, talon=talon)
    return random_playout(deal, rng, declare_chance=declare_chance)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("preset", ["huutopussi-marriage", "huutopussi-marriage3"])
def test_a_finished_deal_without_trumps_says_it_was_played_without(lang: str, preset: str) -> None:
    """"No trumps yet…" stayed under the finished table (issue 30, item 11)."""
    deal = next(
        d for d in (_played(preset, seed, declare_chance=0.0) for seed in range(200))
        if d.trump_suit is None and d.tricks
    )
    said = family_notes(SeatView.of(deal, Seat.S), deal, lang).replace("&#x27;", "'")
    assert pt("trump-none", lang) not in said
    assert pt("trump-none-done", lang) in said


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(
    ("preset", "caption"),
    [
        ("huutopussi-marriage3", "counts-caption-players"),
        ("huutopussi3", "counts-caption-players"),
        ("huutopussi-marriage", "counts-caption"),
    ],
)
def test_three_players_results_are_not_captioned_by_pairs(lang: str, preset: str, caption: str) -> None:
    """"What each pair took" over three players' columns (issue 30, item 11)."""
    deal = next(d for d in (_played(preset, seed) for seed in range(50)) if d.result() is not None)
    html = score_html(deal.result(), lang)
    assert f"<caption>{wt(caption, lang)}</caption>" in html, preset
