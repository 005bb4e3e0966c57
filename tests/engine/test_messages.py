"""The message catalogue: complete in three languages, one name per rule id."""

from __future__ import annotations

import re
import string

import pytest

from marjapussi.i18n import describe_verdict, rule_name
from marjapussi.messages import CATALOGUE, LANGUAGES
from marjapussi.rule_ids import RULE_IDS, RULE_PAGES, rule_url


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
