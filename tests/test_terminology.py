"""One term per concept in each language, everywhere a reader can meet the words.

Checked: every page (``docs/**/*.LANG.md``, the generated example pages included), the printouts'
texts (``site_hooks/print/*.LANG.md``), every
notebook (the sources' prose and the executed notebooks' cells and outputs), every game
record shipped for the widgets, and every string of every Python module of the package
and the site hooks whose language is known: a value under a ``"fi"``/``"en"``/``"ru"`` key
of a dict literal (the catalogues' shape; nested dicts inherit the key's language), and any
other string written in Cyrillic (Russian). New modules are picked up by themselves: the
scan walks ``marjapussi/`` and ``site_hooks/`` rather than naming catalogues.

A rule below is a forbidden variant and the term the glossary uses instead. Code (fenced
blocks and inline code) is left out of the pages, since identifiers are not words. The
glossary's term columns may list a word readers will hear at the table (``ALIASES``).
"""

from __future__ import annotations

import ast
import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
LANGUAGES = ("fi", "en", "ru")

# (forbidden pattern, the glossary's term), per language. Patterns are case-insensitive.
FORBIDDEN: dict[str, list[tuple[str, str]]] = {
    "fi": [
        (r"\bhuutokaup\w*", "huutovaihe"),
        (r"rouv\w*", "kuningatar"),
        (r"\bjätk\w*", "sotilas"),
        (r"seisk\w*", "seitsikko (7)"),
        (r"\w*(hertta|ruutu|pata|risti)(kas|ys|kuto)\w*", "kahdeksikko, yhdeksikkö, kuutonen"),
        (r"\bkas(i|it|eja|ia)\b", "kahdeksikko (8)"),
        (r"\bys(i|it|ejä|iä)\b", "yhdeksikkö (9)"),
        (r"\bkuto\w*", "kuutonen (6)"),
        (r"\buusintajak\w*", "uusjako"),
        (r"\berätulo\w*", "eräpisteet"),
        (r"\bjulist\w*", "ilmoittaa, ilmoitus"),
        (r"\bvirhepel\w*", "pelivirhe"),
        (r"pelimoottor\w*|sääntökone\w*", "sääntömoottori (kuten sivun latausviesti)"),
        (r"(?-i:(?:(?<=[a-zäö,] )|(?<=\())(Huutopussi|Marjapussi)\w*)", "huutopussi (pienellä)"),
        (r"\b(hertta|ruutu|pata|risti) (kymppi|ässä|kuningas|kuningatar|sotilas)\b",
         "yhdyssana: herttakymppi"),
        (r"\bpagat(\*\*)?-marjapuss\w*|(?-i:\bPagatin Marjapuss\w*)", "Pagatin marjapussi"),
        (r"\bvaltaa\b|\bvaltata\b", "valttaa"),
        (r"\bjohdet\w*|\bjohtaa tikki\w*", "aloittaa"),
        (r"\bkissa\w*|pöytäkort\w*", "talo"),
        (r"\bkokonai\w* ja(ko|on|ot|ossa)\b|\bjako kokonaisena\b", "koko jako (kokonainen on K ja Q)"),
        (r"\bkokonai\w* aloitukse\w*", "mariini (huutopussi)"),
        # statements that were wrong: declaring is barred only right after the first trick;
        # the Huutopussi page goes on after the three-player section
        (r"koskaan ensimmäisen tikin voiton jälkeen", "(väärin: vain heti ensimmäisen tikin jälkeen)"),
        (r"sivun lopussa on kolmen pelaajan", "(väärin: asetukset tulevat vielä perässä)"),
        # following suit is "tunnustaa maata", as the glossary's maapakko, not a calque of "follow"
        (r"\bmaan seuraami\w*|\bmaata on (silti |yhä )?seurattava\b", "tunnustaa maata"),
        # issue 23: a contract is made or failed in one pair of words, as the rule's name says
        (r"\bhuu\w*\s+(\{\w+\}\s+|\d+\s+)?(täyt\w*|pitää|piti|pitikö|kaatu\w*|jä\w*\s+vajaa\w*)"
         r"|\bvajaa\w*\s+huu\w*",
         "huuto lunastetaan / jää lunastamatta"),
        # a card that is winning the trick "on voittamassa" (not "johtaa", which is also "leads")
        (r"\b(johta|johda)\w*\s+(nyt\s+)?tikk\w*|\btikk\w*\s+(\w+\s+)?johta\w*", "on voittamassa"),
        # a marriage shown on lead is a mariini, in the score keeper's Huutopussi too
        (r"\bnäytety\w* kokonai\w*|\bkokonai\w* näytet\w*", "mariini (huutopussi)"),
        # issue 24: the marriage family's raise and bidding ban, one word each
        (r"\b(sitoumukse\w*|huudo\w*)\s+nost\w*|\bnost\w*\s+sitoumu\w*", "korotus"),
        (r"\bhuutoest\w*", "huutokielto"),
    ],
    "en": [
        (r"\berä scores?\b", "erä total"),
        (r"\bauction\w*", "bidding"),
        (r"\bkitty\b|\bwidow\b", "talon"),
        (r"\bgame engine\b", "rules engine (as the widgets' loading message)"),
        (r"(?-i:\[Following suit\]|^#+ Following suit)", "Follow suit (the rule's name)"),
        (r"\bPagat's Marjapussi\b|(?-i:\bPagat marjapussi\b)", "Pagat Marjapussi"),
        (r"\bcost \w+ −", "lose (no double negative)"),
        (r"\bN–S\b|\bE–W\b", "NS, EW (as the records and the widgets write the pairs)"),
        (r"never after winning the first trick", "(wrong: only not right after the first trick)"),
        (r"the last section covers\s+the game for three", "(wrong: the settings follow it)"),
        # issue 24: the partner exchange gives cards (a pass is a call); the ban is the bidding ban
        (r"\bpass\w*\s+(him\s+)?(three|four|\d|\{[\w:]+\})\s+cards\b|\bcard swap\w*|\bswap\w*\s+cards\b",
         "exchange, give"),
        (r"\bbid ban\b", "bidding ban"),
    ],
    "ru": [
        (r"\bчерви\b", "червы"),
        (r"\bв руке\b", "на руке"),
        (r"\bэр(и|е|ю|ей|ям|ями|ях)\b", "эря (несклоняемое)"),
        (r"\b\w+(ая|ую|ой)\s+эря\b", "эря среднего рода"),
        (r"\bэря\s+(выиграна|закончилась|кончилась|окончена|завершена|началась|проиграна)\b",
         "эря среднего рода"),
        (r"\bпарти(я|и|ю|ей|й|ям|ях)\b", "эря или игра"),
        (r"\bочк\w* фигур\w*", "глазки"),
        (r"\bсжигани\w*", "сгорание (марьяжа)"),
        (r"\bигров\w* движ\w*", "движок правил (как в сообщении о загрузке)"),
        (r"объявил\(а\)", "без «(а)»: сказать иначе"),
        (r"никогда после первой взятки", "(неверно: нельзя только сразу после первой взятки)"),
        (r"в конце страницы\s*—\s*игра втроём", "(неверно: после неё идут настройки)"),
        (r"\bочков сгора\w*", "очки не «сгорают»: это слово для марьяжей"),
        (r"\bочк(и|ов|ами|ам|ах) карт\b", "очки за карты"),
        # a record is played back (воспроизвести); «проиграть» reads as "lose"
        (r"\bпроигрыва\w* запис\w*|\bпроиграть (заново|её)\b", "воспроизвести"),
        # the talon discard is «сброс» (сбросить), as in the glossary's entry for the talon
        (r"\bсн(ес|ос|ош)\w*", "сброс, сбросить"),
        # issue 23: a bid and the contract are both «заказ»; calls are bids and passes
        (r"\bзаявк\w*|\bконтракт\w*", "заказ (и выигравший торговлю — тоже заказ)"),
        # the score sheet is «лист счёта»; «запись» is the game record
        (r"\bзапис\w* сч[её]т\w*|\bтаблиц\w* сч[её]т\w*", "лист счёта"),
        # following with a low card «кладёт» it; «сбросить» is the talon discard
        (r"\bсбр(ас|ос)\w*\s+(самую\s+)?(младш|мелк|низк|маленьк)\w*", "кладёт (младшую карту)"),
        # issue 24: cards go to the partner in the exchange («обмен»); «сброс» is the talon discard
        (r"\bразмен\w*|\bсбр(ос|ас|ош)\w*\s+(\w+\s+)?партн[её]р\w*", "обмен (сброс — только из прикупа)"),
        (r"\bнадбав\w*", "повышение заказа"),
    ],
}

# Developer words that readers must not meet: allowed only on the pages written for
# programmers (the record format and the Python API) and in the notebooks' code.
DEVELOPER: dict[str, list[tuple[str, str]]] = {
    "fi": [(r"\bsäännön tunnu\w*|\bsiemen\w*", "säännön nimi; ei siementä")],
    "en": [(r"\brule ids?\b|\bseed\b", "the rule's name; no seed")],
    "ru": [
        (r"\bкод\w* правил\w*|\bидентификатор\w* правил\w*|\bзерн(о|а|ом)\b", "название правила; без зерна"),
    ],
}
DEVELOPER_PAGES = ("docs/record-format.", "docs/api.")

# Words readers meet at the table: the glossary's term columns may name them.
ALIASES = {"fi": [r"rouv\w*", r"\bjätk\w*", r"\buusintajak\w*"]}


# Refusals and duties speak of the player in the third person, never to "you".
SECOND_PERSON = {
    "fi": r"\bsinu\w*|\bsinä\b|\bolet\b|\w+(ssasi|ssäsi|llasi|lläsi|stasi|stäsi)\b|\bparisi\b",
    "en": r"\byou\b|\byour\b",
    "ru": r"\bвы\b|\bвас\b|\bвам\b|\bваш\w*",
}

CODE_BLOCK = re.compile(r"^(```|~~~).*?^\1", re.M | re.S)
INLINE_CODE = re.compile(r"(`+).*?\1", re.S)
HTML_COMMENT = re.compile(r"<!--.*?-->", re.S)


ATTRIBUTES = re.compile(r"\{[#:.][^}\n]*\}")
LINK_TARGET = re.compile(r"\]\([^)\s]*\)")
TAG = re.compile(r"<[^<>]+>")


def _prose(markdown: str) -> str:
    """Markdown without code, comments, attribute lists and link targets: the words only."""
    text = INLINE_CODE.sub(" ", CODE_BLOCK.sub(" ", HTML_COMMENT.sub(" ", markdown)))
    return TAG.sub(" ", LINK_TARGET.sub("]", ATTRIBUTES.sub(" ", text)))


def _glossary_meanings(markdown: str) -> str:
    """A glossary page without its three term columns (the fourth column is checked)."""
    lines = []
    for line in markdown.splitlines():
        cells = line.split("|")
        lines.append("|".join(cells[4:]) if line.startswith("|") and len(cells) > 5 else line)
    return "\n".join(lines)


def pages() -> Iterator[tuple[str, str, str]]:
    # The site's pages and the printouts' texts (site_hooks/print, printed to PDF).
    printed = sorted((ROOT / "site_hooks" / "print").glob("*.md"))
    for path in [*sorted((ROOT / "docs").rglob("*.md")), *printed]:
        match = re.search(r"\.(fi|en|ru)\.md$", path.name)
        if not match:
            continue
        text = _prose(path.read_text(encoding="utf-8"))
        where = str(path.relative_to(ROOT))
        if path.name.startswith("glossary."):
            yield where + " (term columns)", match.group(1), "\n".join(
                "|".join(line.split("|")[:4]) for line in text.splitlines() if line.startswith("|")
            )
            text = _glossary_meanings(text)
        yield where, match.group(1), text
        if match.group(1) != "ru":  # the Russian words a Finnish or English page quotes
            russian = re.findall(r"[а-яё][а-яё\s«»()–-]*", text, re.I)
            yield where + " (Russian words)", "ru", "\n".join(russian)


def notebook_sources() -> Iterator[tuple[str, str, str]]:
    for path in sorted((ROOT / "notebooks" / "src").glob("*.nb")):
        kind, lines = "", []
        chunks: dict[str, list[str]] = {lang: [] for lang in LANGUAGES}
        for line in [*path.read_text(encoding="utf-8").splitlines(), "%% end"]:
            if line.startswith("%% "):
                if kind in LANGUAGES:
                    chunks[kind].append("\n".join(lines))
                kind, lines = line[3:].strip(), []
            else:
                lines.append(line)
        for lang in LANGUAGES:
            yield str(path.relative_to(ROOT)), lang, _prose("\n\n".join(chunks[lang]))


def executed_notebooks() -> Iterator[tuple[str, str, str]]:
    for lang in LANGUAGES:
        for path in sorted((ROOT / "notebooks" / lang).glob("*.ipynb")):
            parts = []
            for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]:
                source = "".join(cell["source"])
                if cell["cell_type"] == "markdown":
                    parts.append(_prose(source))
                for output in cell.get("outputs", []):
                    data = output.get("data", {})
                    if "text/plain" in data:
                        parts.append("".join(data["text/plain"]))
                    if "text/html" in data:
                        parts.append(TAG.sub(" ", "".join(data["text/html"])))
                    parts.append("".join(output.get("text", "")))
            yield str(path.relative_to(ROOT)), lang, "\n".join(parts)


def records() -> Iterator[tuple[str, str, str]]:
    for path in sorted((ROOT / "marjapussi").rglob("*.mjp")):
        text = path.read_text(encoding="utf-8")
        match = re.search(r"\.(fi|en|ru)\.mjp$", path.name) or re.search(
            r'^\[Language "(fi|en|ru)"\]', text, re.M
        )
        comments = " ".join(re.findall(r"\{([^}]*)\}", text)) + " ".join(
            re.findall(r'^\[(?:Event|Site|Comment) "([^"]*)"\]', text, re.M)
        )
        lang = match.group(1) if match else ("ru" if re.search("[а-я]", comments) else "en")
        yield str(path.relative_to(ROOT)), lang, comments


def _strings(node: ast.AST, lang: str | None) -> Iterator[tuple[str | None, str]]:
    if isinstance(node, ast.Dict):
        for key, value in zip(node.keys, node.values, strict=True):
            key_lang = key.value if isinstance(key, ast.Constant) and key.value in LANGUAGES else None
            yield from _strings(value, key_lang or lang)
        return
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        yield lang, node.value
        return
    for child in ast.iter_child_nodes(node):
        yield from _strings(child, lang)


def python_strings() -> Iterator[tuple[str, str, str]]:
    files = sorted([*(ROOT / "marjapussi").rglob("*.py"), *(ROOT / "site_hooks").rglob("*.py"),
                    ROOT / "scripts" / "build_notebooks.py"])
    for path in files:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        found: dict[str, list[str]] = {lang: [] for lang in LANGUAGES}
        for lang, text in _strings(tree, None):
            if lang is None and re.search("[а-яё]", text, re.I):
                lang = "ru"
            if lang is not None:
                found[lang].append(text)
        for lang in LANGUAGES:
            yield str(path.relative_to(ROOT)), lang, "\n".join(found[lang])


def all_texts() -> list[tuple[str, str, str]]:
    return [*pages(), *notebook_sources(), *executed_notebooks(), *records(), *python_strings()]


def _letters(text: str, lang: str) -> str:
    """Russian with ё written as е, so that a pattern matches a word however it is spelt (снёс, снес)."""
    return text.replace("ё", "е").replace("Ё", "Е") if lang == "ru" else text


def _violations(text: str, lang: str, allowed: list[str], developer: bool = False) -> list[str]:
    out = []
    shown, text = text, _letters(text, lang)  # ё → е keeps every index: lines are quoted as written
    for original, term in FORBIDDEN[lang] + ([] if developer else DEVELOPER[lang]):
        if original in allowed:
            continue
        pattern = _letters(original, lang)
        for match in re.finditer(pattern, text, re.I):
            start = text.rfind("\n", 0, match.start()) + 1
            end = text.find("\n", match.end())
            line = shown[start : end if end != -1 else None].strip()
            out.append(f"{shown[match.start():match.end()]!r} → {term}: …{line[:160]}…")
    return out


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_forbidden_variant_anywhere(lang: str) -> None:
    problems = []
    for where, text_lang, text in all_texts():
        if text_lang != lang:
            continue
        allowed = ALIASES.get(lang, []) if where.endswith("(term columns)") else []
        developer = where.startswith(DEVELOPER_PAGES)
        problems += [f"{where}: {v}" for v in _violations(text, lang, allowed, developer)]
    assert not problems, f"{len(problems)} forbidden variants:\n" + "\n".join(problems)


def test_the_scan_sees_every_kind_of_source() -> None:
    kinds = {where.split("/")[0] for where, _, text in all_texts() if text.strip()}
    assert {"docs", "notebooks", "marjapussi", "site_hooks", "scripts"} <= kinds
    seen = {where for where, _, text in python_strings() if text.strip()}
    for module in ("marjapussi/messages.py", "marjapussi/i18n.py", "marjapussi/web/texts.py",
                   "site_hooks/diagram_svg.py", "marjapussi/rooms/evening_texts.py"):
        assert module in seen


def test_a_forbidden_variant_fails_the_check() -> None:
    # the check is not blind: a planted variant in each language is found
    planted = {"fi": "Huutokauppa alkaa.", "en": "The auction starts.", "ru": "Эря выиграна, черви."}
    for lang, text in planted.items():
        assert _violations(text, lang, [])
    # a word written with ё is found by a pattern written with е, and the other way round
    assert _violations("Он снёс три карты.", "ru", []) and _violations("снес", "ru", [])
    assert _violations("лист счета", "ru", []) == _violations("лист счёта", "ru", []) == []
    assert _violations("Запись счёта", "ru", []) and _violations("Huuto 80 täyttyi.", "fi", [])
    # the marriage family's terms: the exchange gives cards to the partner, it is no pass nor discard
    assert _violations("The partner passes three cards.", "en", [])
    assert _violations("сбросить партнёру", "ru", [])
    tree = ast.parse('X = {"k": {"fi": "huutokauppa", "ru": "партия"}}\nY = "в руке"')
    found = list(_strings(tree, None))
    assert (("fi", "huutokauppa") in found) and (("ru", "партия") in found)


def test_refusals_speak_of_the_player_in_the_third_person() -> None:
    from marjapussi.messages import CATALOGUE

    problems = []
    for key, entry in CATALOGUE.items():
        if not key.startswith(("refuse:", "forced:", "error:illegal")):
            continue
        for lang in LANGUAGES:
            if re.search(SECOND_PERSON[lang], entry[lang], re.I):
                problems.append(f"{key} [{lang}]: {entry[lang]}")
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_rule_is_named_as_the_heading_it_links_to(lang: str) -> None:
    # a message says "(Must beat)" and links to #must-beat: the reader finds the same words there
    from marjapussi.i18n import rule_name
    from marjapussi.rule_ids import RULE_IDS, RULE_PAGES

    wrong = []
    for rule in RULE_IDS:
        page = ROOT / "docs" / f"{RULE_PAGES[rule]}.{lang}.md"
        match = re.search(rf"^#+\s+(.*?)\s*\{{#{re.escape(rule)}\}}", page.read_text(encoding="utf-8"), re.M)
        heading = match.group(1) if match else "(no heading with this anchor)"
        if rule_name(rule, lang) != heading:
            wrong.append(f"{rule}: the name {rule_name(rule, lang)!r}, the heading {heading!r}")
    assert not wrong, "\n".join(wrong)
