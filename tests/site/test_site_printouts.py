"""The printouts: rules cards and the blank score sheet as A4 PDFs, linked from the pages.

Checked in the built site: each PDF's page count and paper size, that its text is in
its own language (words of that language present, the other languages' absent), and
that the rules pages and the score keeper link the printouts of their own language.
Checked on the hook itself: a machine without Chromium still gets working links (to
the printable HTML pages), and a second build prints nothing again (the cache).
"""

from __future__ import annotations

import re
import sys
import threading
from pathlib import Path

import pytest
import sitekit
from pypdf import PdfReader

from site_hooks import printouts

LANGS = ("fi", "en", "ru")
A4 = (595.0, 842.0)  # points

# Words every printout of a language holds, and that a page of another language would not.
WORDS = {
    "fi": [r"\bja\b", r"\bpari\w*", r"\bjak\w*|\bjaon\b"],
    "en": [r"\bthe\b", r"\bpairs?\b", r"\bdeal\w*"],
    "ru": [r"\b(и|в|с|на)\b", r"\bпар[аыу]?\b", r"сдач\w*"],
}
FOREIGN = {
    "fi": [r"[а-яё]", r"\bthe\b", r"\band\b"],
    "en": [r"[а-яё]", r"\bja\b", r"\bpari\b", r"(?<!er)ä"],  # erä is an English term too
    "ru": [r"\bthe\b", r"\bja\b", r"ä"],
}
# Something each printout must say (its subject), per language.
SUBJECT = {
    "guild": {"fi": "killan säännöt", "en": "the guild rules", "ru": "правила гильдии"},
    "pagat": {"fi": "Pagatin marjapussi", "en": "Pagat Marjapussi", "ru": "Марьяпусси по Pagat"},
    "huutopussi": {"fi": "Huutovaihe päättyy", "en": "Bidding ends", "ru": "Торговля кончается"},
    "score-sheet": {"fi": "Erä 3", "en": "erä total", "ru": "счёт эря"},
}
LINKED = {
    "rules/guild": ["guild", "score-sheet"],
    "rules/pagat": ["pagat"],
    "rules/huutopussi": ["huutopussi"],
    "table/score-keeper": ["score-sheet", "guild", "pagat", "huutopussi"],
}


def pdf_text(path: Path) -> tuple[int, list[tuple[float, float]], str]:
    reader = PdfReader(path)
    sizes = [(float(p.mediabox.width), float(p.mediabox.height)) for p in reader.pages]
    text = "\n".join(p.extract_text() or "" for p in reader.pages)
    return len(reader.pages), sizes, " ".join(text.split())


@pytest.mark.parametrize("name", list(printouts.PRINTOUTS))
@pytest.mark.parametrize("lang", LANGS)
def test_each_pdf_fills_its_pages_of_a4_in_its_own_language(site: Path, name: str, lang: str) -> None:
    path = site / printouts.file_name(name, lang, True)
    assert path.is_file(), f"{path} was not built (Chromium is installed here)"
    pages, sizes, text = pdf_text(path)
    assert pages == printouts.PRINTOUTS[name], (name, lang, pages)
    for width, height in sizes:
        assert abs(width - A4[0]) < 2 and abs(height - A4[1]) < 2
    assert SUBJECT[name][lang].lower() in text.lower()
    for word in WORDS[lang]:
        assert re.search(word, text, re.I), (name, lang, word)
    for word in FOREIGN[lang]:
        assert not re.search(word, text, re.I), (name, lang, word, re.search(word, text, re.I))


def test_the_guild_card_puts_play_on_one_side_and_scoring_on_the_other(site: Path) -> None:
    reader = PdfReader(site / printouts.file_name("guild", "en", True))
    front, back = (" ".join((page.extract_text() or "").split()) for page in reader.pages)
    assert "Must beat" in front and "Asking for a half" in front and "♣A" in front
    assert "Matti point" in back and "exactly 12" in back and "third misplay" in back


@pytest.mark.parametrize("lang", LANGS)
def test_the_pages_link_the_printouts_of_their_language(site: Path, lang: str) -> None:
    for page, names in LINKED.items():
        html = sitekit.page_file(site, page, lang).read_text(encoding="utf-8")
        links = re.findall(r'class="mp-printout-link" href="([^"]+)"', html)
        assert len(links) == len(names), (page, lang, links)
        for href, name in zip(links, names, strict=True):
            assert href.endswith(f"print/{name}.{lang}.pdf"), href
            target = (sitekit.page_file(site, page, lang).parent / href).resolve()
            assert target.is_file(), target
        assert "printout:" not in html  # every marker was replaced


@pytest.mark.parametrize("lang", LANGS)
def test_the_printable_pages_are_built_beside_the_pdfs(site: Path, lang: str) -> None:
    for name in printouts.PRINTOUTS:
        page = (site / printouts.file_name(name, lang, False)).read_text(encoding="utf-8")
        assert f'<html lang="{lang}">' in page and "@page { size: A4" in page
        assert "http://" not in page and "https://" not in page  # nothing from another host
    sheet = (site / printouts.file_name("score-sheet", lang, False)).read_text(encoding="utf-8")
    assert sheet.count("<tr><td>9</td>") == 3  # three erä of nine empty rows


def test_without_chromium_the_links_lead_to_the_printable_pages(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("MARJAPUSSI_CHROMIUM", str(tmp_path / "no-chromium"))
    monkeypatch.setattr(printouts, "_STATE", {})
    printouts.on_pre_build(None)
    assert "NO PDF PRINTOUTS" in capsys.readouterr().err
    links = printouts.links_html(["guild", "score-sheet"], "fi", "..")
    assert 'href="../print/guild.fi.html"' in links and 'href="../print/score-sheet.fi.html"' in links
    assert ".pdf" not in links and "tulostettava sivu" in links

    class Config:
        site_dir = str(tmp_path / "site")

    stale = tmp_path / "site" / "print" / "guild.fi.pdf"
    stale.parent.mkdir(parents=True)
    stale.write_bytes(b"%PDF old")
    printouts.on_post_build(Config())
    built = tmp_path / "site" / "print"
    assert (built / "guild.fi.html").is_file() and not stale.exists()


def test_a_second_build_takes_the_pdfs_from_the_cache(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    pages = {"one": printouts.render_html("pagat", "en")}
    first = printouts.make_pdfs(pages, tmp_path)["one"]
    assert first is not None and first.read_bytes().startswith(b"%PDF")

    def no_browser() -> None:
        raise AssertionError("the cache was not used")

    import playwright.sync_api

    monkeypatch.setattr(playwright.sync_api, "sync_playwright", no_browser)
    assert printouts.make_pdfs(pages, tmp_path) == {"one": first}
    changed = {"one": pages["one"].replace("Pagat", "Pagat!")}
    assert printouts.make_pdfs(changed, tmp_path) == {"one": None}  # a new text is printed again


def test_printing_works_from_a_thread_with_a_running_event_loop(tmp_path: Path) -> None:
    import asyncio

    pages = {"one": printouts.render_html("huutopussi", "ru")}

    async def inside_a_loop() -> dict[str, Path | None]:
        return printouts.make_pdfs(pages, tmp_path)  # Playwright's sync API would refuse here

    # In a thread of its own: the session's browser tests may hold a running loop (that
    # of Playwright's sync API) in the main thread, where asyncio.run would refuse.
    results: list[dict[str, Path | None]] = []
    errors: list[BaseException] = []

    def run() -> None:
        try:
            results.append(asyncio.run(inside_a_loop()))
        except BaseException as error:  # reported below, in the test's own thread
            errors.append(error)

    thread = threading.Thread(target=run)
    thread.start()
    thread.join()
    assert not errors, errors
    made = results[0]["one"]
    assert made is not None and len(PdfReader(made).pages) == 1


def test_an_unknown_printout_fails_the_build() -> None:
    from mkdocs.exceptions import PluginError

    printouts._STATE.setdefault("pdfs", {})
    with pytest.raises(PluginError, match="unknown printout"):
        printouts.links_html(["menu"], "en", ".")


if __name__ == "__main__":
    sys.exit(pytest.main([__file__]))
