"""The message catalogue: complete in three languages, one name per rule id."""

from __future__ import annotations

import random
import re
import string

import pytest

from marjapussi.actions import Play
from marjapussi.cards import Seat, cards_of, deck
from marjapussi.deal import Deal, random_hands
from marjapussi.errors import IllegalAction
from marjapussi.i18n import describe_action, describe_error, describe_verdict, rule_name, t
from marjapussi.messages import CATALOGUE, LANGUAGES
from marjapussi.randomplay import random_action
from marjapussi.record import new_deal
from marjapussi.rule_ids import RULE_IDS, RULE_PAGES, rule_url
from marjapussi.rules import find_rules


def fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


@pytest.mark.parametrize("key", sorted(CATALOGUE))
def test_every_message_exists_in_every_language_with_the_same_fields(key: str) -> None:
    entry = CATALOGUE[key]
    assert set(entry) == set(LANGUAGES), key
    assert all(entry[lang].strip() for lang in LANGUAGES)
    assert len({frozenset(fields(entry[lang])) for lang in LANGUAGES}) == 1, key


@pytest.mark.parametrize("rule", RULE_IDS)
def test_every_rule_id_has_a_name_and_a_page(rule: str) -> None:
    names = {rule_name(rule, lang) for lang in LANGUAGES}
    assert all(name != rule for name in names)
    assert rule in RULE_PAGES
    assert rule_url(rule, "ru").startswith("ru/rules/") and rule_url(rule, "fi").endswith("#" + rule)


def test_refusal_and_duty_keys_name_known_rule_ids() -> None:
    for key in CATALOGUE:
        if key.startswith(("refuse:", "forced:")):
            rule = key.split(":")[1]
            assert rule in RULE_IDS or rule in {"not-in-hand", "deal-over", "wrong-game"}, key


def test_russian_and_finnish_are_not_copies_of_english() -> None:
    def words(text: str) -> str:  # a template's words, not its fields ("{name}: {value}")
        return re.sub(r"\{[^}]*\}", " ", text)

    same = [k for k, e in CATALOGUE.items() if e["fi"] == e["en"] and re.search("[a-z]{4}", words(e["en"]))]
    assert same == ["rule:porvoo", "rule:molotov"] or set(same) <= {
        "rule:porvoo",
        "rule:molotov",
        "step:era-total",
    }
    assert all(
        re.search("[а-я]", e["ru"]) or not re.search("[a-z]{4}", words(e["en"]))
        for k, e in CATALOGUE.items()
        if not k.startswith(("step:era-total",))
    )


def test_describe_verdict_free_choice() -> None:
    from marjapussi import parse_card
    from marjapussi.deal import CardVerdict

    v = CardVerdict(parse_card("SA"), True, None)
    assert describe_verdict(v, "fi") == "vapaa valinta"


def _pending_ask(preset: str) -> Deal:
    """A deal of ``preset`` in which a partner's answer to an ask is awaited (seeded playouts)."""
    for seed in range(400):
        rng = random.Random(seed)
        rules = find_rules(preset)
        deal = new_deal(rules, random_hands(rng, rules), Seat.E)  # type: ignore[arg-type]
        while not deal.is_over() and deal.pending is None:
            deal.play(random_action(deal, rng, declare_chance=0.9))
        if deal.pending is not None:
            return deal
    raise AssertionError(f"no ask in {preset}'s playouts")


@pytest.mark.parametrize("preset", ["guild", "huutopussi-marriage"])
@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_card_played_before_the_answer_says_the_answer_comes_first(preset: str, lang: str) -> None:
    """The refusal explains (the question must be answered first) and names its rule once
    (issue 30, item 9: "…♣8: Kokonaisen kysyminen parilta (Kokonaisen kysyminen parilta)")."""
    deal = _pending_ask(preset)
    card = cards_of(deal.hands[deal.to_act])[0]
    with pytest.raises(IllegalAction) as info:
        deal.check(Play(card))
    said = describe_error(info.value, lang)
    name = rule_name(info.value.rule, lang)
    assert said.count(name) <= 1, said
    assert t(f"refuse:{info.value.rule}:waiting", lang) in said


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_card_not_held_names_no_rule_and_no_code(lang: str) -> None:
    rules = find_rules("guild")
    deal = new_deal(rules, random_hands(random.Random(1), rules), Seat.E)  # type: ignore[arg-type]
    card = next(c for c in deck(36) if not deal.hands[deal.to_act] & c.bit)
    with pytest.raises(IllegalAction) as info:
        deal.check(Play(card))
    said = describe_error(info.value, lang)
    assert "not-in-hand" not in said and "(" not in said, said


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_refused_no_quotes_the_word_and_states_the_duty(lang: str) -> None:
    """"Länsi ei saa vastata ei: vastaus on tosi" read as a fact with a bare *ei*: the answer
    is quoted and the refusal says what the answer must be (issue 30, item 9)."""
    from marjapussi.actions import Answer

    said = describe_action(Answer(None), lang)
    quoted = {"fi": "”ei”", "en": "“no”", "ru": "«нет»"}[lang]
    assert quoted in said, said
    duty = t("refuse:marriage-ask-whole:must-answer", lang)
    must = {"fi": "on oltava", "en": "must", "ru": "должен"}[lang]
    assert must in duty.split(":")[0], duty
