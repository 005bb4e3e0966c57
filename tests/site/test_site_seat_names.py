"""Seats and pairs in the reader's own words on Finnish and Russian pages and widgets (issue 23).

Where space is short a Finnish reader sees P, I, E, L and P–E, I–L, a Russian one С, В, Ю, З
and С–Ю, В–З; running text says Pohjoinen, Север … in full. The record format keeps N, E, S,
W and NS, EW, so they may appear only inside code, a record's text box or a page written
for programmers about that format. Checked: every widget as it opens and as it is used,
a finished deal's view, and every built Finnish and Russian page; visible text and the
labels a screen reader reads (``aria-label``, ``title``, ``alt``).
"""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
import sitekit

from marjapussi import Deal, find_rules
from marjapussi.html import deal_html
from marjapussi.huutopussi import HuutopussiDeal
from marjapussi.randomplay import random_action
from marjapussi.web import bridge

LANGUAGES = ("fi", "ru")

# The record's letters a reader of the language must not meet. Finnish "E" is Etelä (South).
RECORD_LETTERS = {
    "fi": re.compile(r"(?<![\w\-/.'])(NS|EW|N–S|E–W|[NSW])(?![\w\-/'])"),
    "ru": re.compile(r"(?<![\w\-/.'])(NS|EW|N–S|E–W|[NESW])(?![\w\-/'])"),
}
# The rules pages' worked examples are lettered A, B, … in every language ("Пример E").
EXAMPLE_LABELS = re.compile(r"(?i:\b(?:esimerk|пример)\w*)\s+[A-J](?:(?:,\s*|\s+(?:ja|и)\s+)[A-J])*")

# Written for programmers about the record format and the Python API: its letters are the subject.
DEVELOPER_PAGES = ("api", "record-format")

WIDGETS = {
    "trick-stepper": ["example-deal", "guild-first-deal"],
    "which-card": ["follow-suit", "must-beat", "random", "pagat"],
    "asking": ["", "random"],
    "scoring": ["", "pagat", "huutopussi"],
    "course": ["", "follow-2", "huutopussi"],
    "quiz": ["", "pagat", "huutopussi"],
    "play": ["", "pagat", "huutopussi3"],
    "dispute": ["disputed-hand", "illegal-card", "example-deal"],
    "score-keeper": [""],
}


class _Reader(HTMLParser):
    """The words a reader sees or hears: text and labels, not code, records or scripts."""

    SKIP = frozenset({"code", "pre", "textarea", "script", "style", "kbd", "samp"})

    def __init__(self, foreign_cells: bool = False) -> None:
        super().__init__(convert_charrefs=True)
        self.words: list[str] = []
        self.skipping = 0
        self.foreign_cells = foreign_cells
        self.cell = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in self.SKIP:
            self.skipping += 1
        if tag == "tr":
            self.cell = 0
        if tag == "td":
            self.cell += 1
        for name, value in attrs:
            if name in ("aria-label", "title", "alt", "placeholder") and value and not self.skipping:
                self.words.append(value)

    def handle_endtag(self, tag: str) -> None:
        if tag in self.SKIP and self.skipping:
            self.skipping -= 1

    def handle_data(self, data: str) -> None:
        # the glossary's tables quote the other languages in their term columns (1–3 of 4)
        if not self.skipping and not (self.foreign_cells and 1 <= self.cell <= 3):
            self.words.append(data)


def reader_text(html: str, foreign_cells: bool = False) -> str:
    reader = _Reader(foreign_cells)
    reader.feed(html)
    reader.close()
    return EXAMPLE_LABELS.sub(" ", "\n".join(reader.words))


def record_letters(html: str, lang: str, foreign_cells: bool = False) -> list[str]:
    text = reader_text(html, foreign_cells)
    found = []
    for match in RECORD_LETTERS[lang].finditer(text):
        start = max(0, match.start() - 60)
        found.append(f"{match.group(0)!r} in …{text[start : match.end() + 40]!r}…")
    return found


def _call(kind: str, lang: str, state: Any, action: Any) -> dict[str, Any]:
    reply: dict[str, Any] = json.loads(
        bridge.handle(json.dumps({"widget": kind, "lang": lang, "state": state, "action": action}))
    )
    assert reply["ok"], reply["announce"]
    return reply


def _used(lang: str) -> list[str]:
    """Widgets in use: the Play table after dealing, a sheet with a deal on it."""
    views = []
    for rules in ("guild", "huutopussi3"):
        start = {"type": "new", "seed": 5, "seat": "S", "level": "random", "pace": 0, "legal": True,
                 "back": True, "r": rules}
        reply = _call("play", lang, bridge.initial_state("play", ""), start)
        while "then" in reply:
            reply = _call("play", lang, reply["state"], reply["then"]["action"])
        views += [reply["html"], reply["announce"]]
    sheet = _call("score-keeper", lang, bridge.initial_state("score-keeper"),
                  {"type": "draft", "t": 5, "l": "N", "m": 5, "commit": "add"})
    views += [sheet["html"], sheet["announce"]]
    return views


def _finished(rules: str) -> Deal:
    import random

    chosen = find_rules(rules)
    deal: Deal = (
        HuutopussiDeal.random(4, chosen)  # type: ignore[assignment]
        if chosen.family == "huutopussi"
        else Deal.random(4, chosen)
    )
    rng = random.Random(4)
    while not deal.is_over():
        deal.push(random_action(deal, rng, 0.7))
    return deal


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_record_seat_letters_in_any_widget(lang: str) -> None:
    problems = []
    for kind, args in WIDGETS.items():
        for arg in args:
            problems += [f"{kind} {arg}: {p}" for p in record_letters(bridge.render(kind, arg, lang), lang)]
    for record in ("example-deal", "guild-first-deal", "guild-first-deal-annotated"):  # the comments too
        end = _call("trick-stepper", lang, bridge.initial_state("trick-stepper", record), {"type": "end"})
        problems += [f"stepper {record} at its end: {p}" for p in record_letters(end["html"], lang)]
    for view in _used(lang):
        problems += [f"in use: {p}" for p in record_letters(view, lang)]
    for rules in ("guild", "pagat", "huutopussi", "huutopussi3"):
        problems += [f"{rules} deal: {p}" for p in record_letters(deal_html(_finished(rules), lang), lang)]
    assert not problems, f"{len(problems)} record letters shown:\n" + "\n".join(problems[:30])


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_record_seat_letters_on_any_page(site: Path, lang: str) -> None:
    problems = []
    for page in sitekit.site_pages():
        if page in DEVELOPER_PAGES:
            continue
        html = sitekit.page_file(site, page, lang).read_text(encoding="utf-8")
        main = re.search(r"<article\b.*?</article>", html, re.S)
        found = record_letters(main.group(0) if main else html, lang, page == "glossary")
        problems += [f"{page}: {p}" for p in found]
    assert not problems, f"{len(problems)} record letters on pages:\n" + "\n".join(problems[:40])


def test_the_check_is_not_blind() -> None:
    assert record_letters("<p>NS saa 2 pistettä, N aloittaa</p>", "fi")
    assert record_letters('<button aria-label="♥A: EW">♥A</button>', "ru")
    assert not record_letters("<p>E aloittaa (Etelä), pari P–E</p><code>N: SA</code>", "fi")
    assert not record_letters("<p>Пример E: ход С, пара В–З</p><textarea>[N \"SA\"]</textarea>", "ru")
