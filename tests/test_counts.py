"""Every count a reader meets reads right for 0, 1, 2, 5, 11, 21, 22 and a fraction, in fi, en, ru.

The messages are found, not listed: every string under a ``"fi"``/``"en"``/``"ru"`` key of a
dict literal in any module of ``marjapussi/`` or ``site_hooks/`` is a template (the shape
of every catalogue). A template counts something in one of two ways:

- a count field, ``{n:deals}``: it is rendered with each number, through the catalogue's
  own lookup where the catalogue has one (``t``, ``wt``, ``pt``, ``ct``, the analysis's
  ``text``) and through ``plurals.fill`` otherwise, and the noun after the number must be
  the form below (written out here, not taken from the package);
- a number written into the text ("2 pistettä"): the noun must be the form for that number.

A plain field standing where a count goes (``{n} jakoa``, ``сдач {n}``, ``{n} cards``)
fails: it would read "1 jakoa", «сдач 1», "1 cards". A plain field after a label and a
colon ("карт на руке: {n}") reads right for every number and is allowed.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]
LANGUAGES = ("fi", "en", "ru")
NUMBERS: tuple[float, ...] = (0, 1, 2, 5, 11, 21, 22, 1.5)
WRITTEN = {"fi": "1,5", "en": "1.5", "ru": "1,5"}

# Which form follows each number: Finnish and English (one, other), Russian (one, few, many).
FORM_OF: dict[str, dict[float, int]] = {
    "fi": {0: 1, 1: 0, 2: 1, 5: 1, 11: 1, 21: 1, 22: 1, 1.5: 1},
    "en": {0: 1, 1: 0, 2: 1, 5: 1, 11: 1, 21: 1, 22: 1, 1.5: 1},
    "ru": {0: 2, 1: 0, 2: 1, 5: 2, 11: 2, 21: 0, 22: 1, 1.5: 1},
}

# How a reader of each language says each countable noun after 1 and 2 (and 5 in Russian,
# whose "many" form differs from the "few" one); the forms the test expects are read from here.
SAID: dict[str, dict[str, str]] = {
    "fi": {
        "points": "1 piste, 2 pistettä",
        "points-acc": "1 pisteen, 2 pistettä",
        "card-points": "1 korttipiste, 2 korttipistettä",
        "tricks": "1 tikki, 2 tikkiä",
        "tricks-of": "1 tikin, 2 tikin",
        "cards": "1 kortti, 2 korttia",
        "cards-of": "1 kortin, 2 kortin",
        "cards-acc": "1 kortin, 2 korttia",
        "hands": "1 käsi, 2 kättä",
        "deals": "1 jako, 2 jakoa",
        "deals-in": "1 jaossa, 2 jaossa",
        "moves": "1 siirto, 2 siirtoa",
        "moves-acc": "1 siirron, 2 siirtoa",
        "stars": "1 tähti, 2 tähteä",
        "exercises": "1 tehtävä, 2 tehtävää",
        "exercises-of": "1 tehtävän, 2 tehtävän",
        "matit": "1 matti, 2 mattia",
        "pips": "1 silmä, 2 silmää",
    },
    "en": {
        "points": "1 point, 2 points",
        "points-acc": "1 point, 2 points",
        "card-points": "1 card point, 2 card points",
        "tricks": "1 trick, 2 tricks",
        "tricks-of": "1 trick, 2 tricks",
        "cards": "1 card, 2 cards",
        "cards-of": "1 card, 2 cards",
        "cards-acc": "1 card, 2 cards",
        "hands": "1 hand, 2 hands",
        "deals": "1 deal, 2 deals",
        "deals-in": "1 deal, 2 deals",
        "moves": "1 move, 2 moves",
        "moves-acc": "1 move, 2 moves",
        "stars": "1 star, 2 stars",
        "exercises": "1 exercise, 2 exercises",
        "exercises-of": "1 exercise, 2 exercises",
        "matit": "1 ace or ten, 2 aces and tens",
        "pips": "1 pip, 2 pips",
    },
    "ru": {
        "points": "1 очко, 2 очка, 5 очков",
        "points-acc": "1 очко, 2 очка, 5 очков",
        "card-points": "1 очко за карты, 2 очка за карты, 5 очков за карты",
        "tricks": "1 взятка, 2 взятки, 5 взяток",
        "tricks-of": "из 1 взятки, 2 взяток, 5 взяток",
        "cards": "1 карта, 2 карты, 5 карт",
        "cards-of": "из 1 карты, 2 карт, 5 карт",
        "cards-acc": "1 карту, 2 карты, 5 карт",
        "hands": "1 рука, 2 руки, 5 рук",
        "deals": "1 сдача, 2 сдачи, 5 сдач",
        "deals-in": "в 1 сдаче, 2 сдачах, 5 сдачах",
        "moves": "1 ход, 2 хода, 5 ходов",
        "moves-acc": "1 ход, 2 хода, 5 ходов",
        "stars": "1 звезда, 2 звезды, 5 звёзд",
        "exercises": "1 задание, 2 задания, 5 заданий",
        "exercises-of": "из 1 задания, 2 заданий, 5 заданий",
        "matit": "1 матти, 2 матти, 5 матти",
        "pips": "1 глазок, 2 глазка, 5 глазков",
    },
}
FORMS: dict[str, dict[str, tuple[str, ...]]] = {
    noun: {lang: tuple(re.sub(r"^(?:из |в )?\d+ ", "", part) for part in SAID[lang][noun].split(", "))
           for lang in LANGUAGES}
    for noun in SAID["fi"]
}

# Words that stand for a count when a plain field or a bare number sits right beside them:
# every form above, and the forms that open a count in inverted order (Finnish partitive
# plural, Russian genitive plural: "tähtiä 3", «сдач 3»).
COUNTED_AFTER = {lang: sorted({f for noun in FORMS.values() for f in noun[lang]}, key=len, reverse=True)
                 for lang in LANGUAGES}
COUNTED_BEFORE = {
    "fi": ["pisteitä", "tikkejä", "kortteja", "jakoja", "tähtiä", "tehtäviä", "siirtoja", "silmiä", "matteja",
           "käsiä"],
    "en": [],
    "ru": ["очков", "взяток", "карт", "сдач", "звёзд", "заданий", "глазков", "ходов", "рук"],
}

# A count field; ``{cause:fi}`` (a nested message in a language) is not one.
COUNT_FIELD = re.compile(r"(?<!\{)\{(\w+):(?!(?:fi|en|ru)\})([a-z][a-z-]*)\}")
# A plain field that can hold a number: fields named for a seat, a pair, a suit or cards cannot.
PLAIN_FIELD = r"(?<!\{)\{(?!(?:seat|pair|suit|card|cards|side|who|holder|dealer|leader|rule)\})\w+\}"


def written(number: float, lang: str) -> str:
    return WRITTEN[lang] if number == 1.5 else str(int(number))


# ------------------------------------------------------------------ finding the templates
def _templates(node: ast.AST, lang: str | None, key: str) -> Iterator[tuple[str, str, str]]:
    if isinstance(node, ast.Dict):
        for k, value in zip(node.keys, node.values, strict=True):
            name = k.value if isinstance(k, ast.Constant) and isinstance(k.value, str) else None
            if name in LANGUAGES:
                yield from _templates(value, name, key)
            else:
                yield from _templates(value, lang, name or key)
        return
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        if lang is not None:
            yield key, lang, node.value
        return
    for child in ast.iter_child_nodes(node):
        yield from _templates(child, lang, key)


def templates() -> list[tuple[str, str, str, str]]:
    """(module, key, language, template) for every string of every catalogue-shaped dict."""
    found = []
    for path in sorted([*(ROOT / "marjapussi").rglob("*.py"), *(ROOT / "site_hooks").rglob("*.py")]):
        where = str(path.relative_to(ROOT))
        for key, lang, text in _templates(ast.parse(path.read_text(encoding="utf-8")), None, ""):
            found.append((where, key, lang, text))
    return found


def lookups() -> list[tuple[dict[str, dict[str, str]], Callable[..., str]]]:
    """The catalogues that have a lookup of their own, with it."""
    from marjapussi.analysis import texts as analysis_texts
    from marjapussi.i18n import t
    from marjapussi.messages import CATALOGUE
    from marjapussi.web.course_texts import COURSE_TEXTS, ct
    from marjapussi.web.play_texts import PLAY_TEXTS, pt
    from marjapussi.web.texts import TEXTS, wt

    return [(CATALOGUE, t), (TEXTS, wt), (PLAY_TEXTS, pt), (COURSE_TEXTS, ct),
            (analysis_texts.TEXTS, analysis_texts.text)]


def _params(template: str, number: float) -> dict[str, Any]:
    fields = {name for name in re.findall(r"(?<!\{)\{(\w+)(?::[^}]*)?\}", template)}
    counted = {name for name, _ in COUNT_FIELD.findall(template)}
    return {name: (number if name in counted else "X") for name in fields}


def _render(template: str, lang: str, number: float, key: str) -> str:
    from marjapussi.plurals import fill

    params = _params(template, number)
    for catalogue, lookup in lookups():
        if catalogue.get(key, {}).get(lang) == template:
            return lookup(key, lang, **params)
    return fill(template, lang, **params)


def _count_problems(template: str, lang: str, key: str) -> list[str]:
    problems = []
    for number in NUMBERS:
        text = _render(template, lang, number, key)
        for _name, noun in COUNT_FIELD.findall(template):
            if noun not in FORMS:
                problems.append(f"{{…:{noun}}} is not a noun this test knows: add its forms to FORMS")
                continue
            expected = f"{written(number, lang)} {FORMS[noun][lang][FORM_OF[lang][number]]}"
            if not re.search(rf"(?<![\d,.]){re.escape(expected)}(?!\w)", text):
                problems.append(f"{number}: expected {expected!r} in {text!r}")
    return problems


def _plain_count_problems(template: str, lang: str) -> list[str]:
    after = "|".join(re.escape(w) for w in COUNTED_AFTER[lang])
    problems = [f"a plain field counts {m.group(1)!r}: write {{n:noun}}"
                for m in re.finditer(rf"{PLAIN_FIELD}\s+({after})(?!\w)", template)]
    if COUNTED_BEFORE[lang]:
        before = "|".join(re.escape(w) for w in COUNTED_BEFORE[lang])
        problems += [f"{m.group(1)!r} before a plain field: write {{n:noun}} after the number"
                     for m in re.finditer(rf"(?<!\w)({before})\s+{PLAIN_FIELD}", template)]
    return problems


def _written_count_problems(template: str, lang: str) -> list[str]:
    after = "|".join(re.escape(w) for w in COUNTED_AFTER[lang])
    problems = []
    for match in re.finditer(rf"(?<![\w,.{{}}])(\d+) ({after})(?!\w)", template):
        number, word = int(match.group(1)), match.group(2)
        nouns = [noun[lang] for noun in FORMS.values() if word in noun[lang]]
        right = [forms[_category(number, lang)] for forms in nouns]
        if word not in right:
            problems.append(f"{number} {word!r}: the number takes {right}")
    return problems


def _category(number: int, lang: str) -> int:
    if lang != "ru":
        return 0 if number == 1 else 1
    last, last_two = number % 10, number % 100
    if last == 1 and last_two != 11:
        return 0
    return 1 if 2 <= last <= 4 and not 12 <= last_two <= 14 else 2


# ------------------------------------------------------------------ the tests
def test_every_module_with_words_is_searched() -> None:
    where = {w for w, _, _, _ in templates()}
    for module in ("marjapussi/messages.py", "marjapussi/i18n.py", "marjapussi/web/texts.py",
                   "marjapussi/web/keeper_texts.py", "marjapussi/web/play_texts.py",
                   "marjapussi/web/course_texts.py", "marjapussi/analysis/reasons.py",
                   "marjapussi/analysis/texts.py", "site_hooks/diagram_svg.py"):
        assert module in where
    counted = [t for t in templates() if COUNT_FIELD.search(t[3])]
    assert len(counted) > 40  # the count fields are found, not a handful


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_count_field_takes_the_right_form_for_every_number(lang: str) -> None:
    problems = []
    for where, key, text_lang, template in templates():
        if text_lang == lang and COUNT_FIELD.search(template):
            problems += [f"{where} {key}: {p}" for p in _count_problems(template, lang, key)]
    assert not problems, f"{len(problems)} wrong counts:\n" + "\n".join(problems)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_count_is_a_plain_field_or_a_wrong_written_number(lang: str) -> None:
    problems = []
    for where, key, text_lang, template in templates():
        if text_lang == lang:
            found = _plain_count_problems(template, lang) + _written_count_problems(template, lang)
            problems += [f"{where} {key}: {p}: {template!r}" for p in found]
    assert not problems, f"{len(problems)} counts that read wrong for some number:\n" + "\n".join(problems)


def test_the_checks_are_not_blind() -> None:
    # a plain field before a noun, a Russian count in inverted order and a wrong written number
    assert _plain_count_problems("Lisättiin {n} jakoa.", "fi")
    assert _plain_count_problems("Лист импортирован: сдач {n}.", "ru")
    assert _plain_count_problems("{stars} stars", "en")
    assert not _plain_count_problems("карт на руке: {n}", "ru")
    assert _written_count_problems("1 stars", "en") and _written_count_problems("22 очков", "ru")
    assert not _written_count_problems("2 pistettä, 1 piste", "fi")
    assert not _written_count_problems("22 очка, 10 очков", "ru")
    assert _count_problems("{n} сдачах", "ru", "") == []  # no count field: nothing to render
    assert _count_problems("в {n:deals-in}", "ru", "") == []
