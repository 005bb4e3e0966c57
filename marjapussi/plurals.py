"""Numbers with their nouns in the right form, in Finnish, English and Russian.

Every text of the package fills its templates with ``fill``: a placeholder written
``{n:deals}`` is the number ``n`` followed by the noun ``deals`` in the form that number
takes in the language (1 jako, 2 jakoa; 1 deal, 2 deals; 1 сдача, 2 сдачи, 5 сдач), and
a fraction is written with the language's decimal sign (1,5 pistettä, 1.5 points, 1,5
очка). Other placeholders are filled as ``str.format`` fills them.

>>> fill("Lisättiin {n:deals}.", "fi", n=1), fill("Added {n:deals}.", "en", n=21)
('Lisättiin 1 jako.', 'Added 21 deals.')
>>> [count_text(n, "points", "ru") for n in (1, 2, 5, 11, 21, 22, 1.5)]
['1 очко', '2 очка', '5 очков', '11 очков', '21 очко', '22 очка', '1,5 очка']
>>> count_text(0.5, "points", "fi"), count_text(2.75, "points", "en")
('0,5 pistettä', '2.8 points')
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

__all__ = ["NOUNS", "count_text", "fill", "fixed_text", "number_text", "plural_form", "signed_text"]

# The forms of each countable noun: Finnish (after 1, after any other number), English
# (one, other) and Russian (one, few, many: 1 and 21; 2–4 and 22–24; 0, 5–20, 25–30 …).
# A key ending in "-in" is the noun in the case "in N …" takes: Finnish inessive, Russian
# prepositional (в 1 сдаче, в 2 сдачах); one ending in "-of" in the case "a pack of N":
# Finnish genitive (36 kortin pakka), Russian genitive (из 1 карты, из 36 карт); one ending
# in "-acc" is the object of a verb: Finnish 1 kortin / 2 korttia, Russian 1 карту. A
# fraction takes Finnish's and English's second form and Russian's "few" form (1,5 очка:
# the genitive singular).
NOUNS: dict[str, dict[str, tuple[str, ...]]] = {
    "points": {"fi": ("piste", "pistettä"), "en": ("point", "points"), "ru": ("очко", "очка", "очков")},
    "points-acc": {"fi": ("pisteen", "pistettä"), "en": ("point", "points"), "ru": ("очко", "очка", "очков")},
    "card-points": {
        "fi": ("korttipiste", "korttipistettä"),
        "en": ("card point", "card points"),
        "ru": ("очко за карты", "очка за карты", "очков за карты"),
    },
    "tricks": {"fi": ("tikki", "tikkiä"), "en": ("trick", "tricks"), "ru": ("взятка", "взятки", "взяток")},
    "cards": {"fi": ("kortti", "korttia"), "en": ("card", "cards"), "ru": ("карта", "карты", "карт")},
    "cards-of": {"fi": ("kortin", "kortin"), "en": ("card", "cards"), "ru": ("карты", "карт", "карт")},
    "cards-acc": {"fi": ("kortin", "korttia"), "en": ("card", "cards"), "ru": ("карту", "карты", "карт")},
    "hands": {"fi": ("käsi", "kättä"), "en": ("hand", "hands"), "ru": ("рука", "руки", "рук")},
    "tricks-of": {"fi": ("tikin", "tikin"), "en": ("trick", "tricks"), "ru": ("взятки", "взяток", "взяток")},
    "deals": {"fi": ("jako", "jakoa"), "en": ("deal", "deals"), "ru": ("сдача", "сдачи", "сдач")},
    "deals-in": {"fi": ("jaossa", "jaossa"), "en": ("deal", "deals"), "ru": ("сдаче", "сдачах", "сдачах")},
    "moves": {"fi": ("siirto", "siirtoa"), "en": ("move", "moves"), "ru": ("ход", "хода", "ходов")},
    "moves-acc": {"fi": ("siirron", "siirtoa"), "en": ("move", "moves"), "ru": ("ход", "хода", "ходов")},
    "stars": {"fi": ("tähti", "tähteä"), "en": ("star", "stars"), "ru": ("звезда", "звезды", "звёзд")},
    "exercises": {
        "fi": ("tehtävä", "tehtävää"),
        "en": ("exercise", "exercises"),
        "ru": ("задание", "задания", "заданий"),
    },
    "exercises-of": {
        "fi": ("tehtävän", "tehtävän"),
        "en": ("exercise", "exercises"),
        "ru": ("задания", "заданий", "заданий"),
    },
    "matit": {
        "fi": ("matti", "mattia"),
        "en": ("ace or ten", "aces and tens"),
        "ru": ("матти", "матти", "матти"),
    },
    "pips": {"fi": ("silmä", "silmää"), "en": ("pip", "pips"), "ru": ("глазок", "глазка", "глазков")},
}

DECIMAL_SIGN = {"fi": ",", "en": ".", "ru": ","}


def _lang(lang: str) -> str:
    return lang if lang in DECIMAL_SIGN else "en"


def _rounded(n: Any) -> float | int:
    value = round(float(n), 1)
    return int(value) if value.is_integer() else value


def number_text(n: Any, lang: str = "en") -> str:
    """Write a number as a reader of the language does: whole, or with one decimal (and a
    true minus sign).

    >>> number_text(3, "fi"), number_text(1.25, "ru"), number_text(2.0, "en"), number_text(-0.5, "en")
    ('3', '1,2', '2', '−0.5')
    """
    value = _rounded(n)
    text = str(abs(value)).replace(".", DECIMAL_SIGN[_lang(lang)])
    return f"−{text}" if value < 0 else text


def fixed_text(n: Any, lang: str = "en", places: int = 1) -> str:
    """Write a number with a fixed count of decimals (a column of percentages), with the
    language's decimal sign and a true minus sign.

    >>> fixed_text(62.5, "fi"), fixed_text(100, "ru"), fixed_text(37.5, "en"), fixed_text(-2.25, "en")
    ('62,5', '100,0', '37.5', '−2.2')
    """
    value = round(float(n), places)
    text = f"{abs(value):.{places}f}".replace(".", DECIMAL_SIGN[_lang(lang)])
    return f"−{text}" if value < 0 else text


def signed_text(n: int, lang: str = "en") -> str:
    """A whole number with its sign written out (a score against the other side): ``+40``,
    ``−20`` with a true minus sign, ``0``.

    >>> signed_text(40), signed_text(-20, "fi"), signed_text(0, "ru")
    ('+40', '−20', '0')
    """
    return f"+{n}" if n > 0 else f"−{-n}" if n < 0 else "0"


def plural_form(n: Any, lang: str) -> int:
    """Which of a noun's forms (an index into ``NOUNS[noun][lang]``) follows the number ``n``.

    >>> [plural_form(n, "ru") for n in (0, 1, 2, 5, 11, 21, 22, 1.5)]
    [2, 0, 1, 2, 2, 0, 1, 1]
    """
    value = _rounded(n)
    lang = _lang(lang)
    if lang == "ru":
        if isinstance(value, float):
            return 1
        last, last_two = abs(value) % 10, abs(value) % 100
        if last == 1 and last_two != 11:
            return 0
        return 1 if 2 <= last <= 4 and not 12 <= last_two <= 14 else 2
    return 0 if value in (1, -1) and isinstance(value, int) else 1


def count_text(n: Any, noun: str, lang: str = "en") -> str:
    """The number ``n`` and a noun of ``NOUNS`` in the form the number takes.

    >>> count_text(1, "deals", "fi"), count_text(22, "deals", "ru"), count_text(1, "stars", "en")
    ('1 jako', '22 сдачи', '1 star')
    """
    lang = _lang(lang)
    return f"{number_text(n, lang)} {NOUNS[noun][lang][plural_form(n, lang)]}"


COUNT_FIELD = re.compile(r"(?<!\{)\{(\w+):([a-z][a-z-]*)\}")


@lru_cache(maxsize=4096)
def _has_count(template: str) -> bool:
    """Tell whether a template has a count field (kept: the same templates are filled again and
    again)."""
    return COUNT_FIELD.search(template) is not None


def fill(template: str, lang: str = "en", **params: Any) -> str:
    """Fill a text template: ``{n:noun}`` as a count (``count_text``), the rest by ``str.format``.

    >>> fill("{who} otti {n:tricks}", "fi", who="Itä", n=5)
    'Itä otti 5 tikkiä'
    """
    if not params:
        return template
    if not _has_count(template):  # most texts: no count to put in words
        return template.format(**params)
    lang = _lang(lang)

    def count(match: re.Match[str]) -> str:
        name, noun = match.group(1), match.group(2)
        if noun not in NOUNS:
            return match.group(0)
        return count_text(params[name], noun, lang).replace("{", "{{").replace("}", "}}")

    return COUNT_FIELD.sub(count, template).format(**params)
