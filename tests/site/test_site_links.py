"""Internal links and anchors of the built site all resolve; the checker itself works."""

from __future__ import annotations

import sitekit


def test_internal_links_and_anchors_resolve(site_files: tuple[dict[str, str], set[str]]) -> None:
    pages, files = site_files
    problems = sitekit.check_links(pages, files)
    assert not problems, f"{len(problems)} broken links:\n" + "\n".join(map(str, problems[:60]))


def test_checker_catches_a_broken_anchor() -> None:
    pages = {
        "index.html": '<a href="rules/guild/#follow-suit">ok</a> <a href="rules/guild/#nope">x</a>',
        "rules/guild/index.html": '<h3 id="follow-suit">Maapakko</h3><a href="#top">top</a>',
    }
    problems = sitekit.check_links(pages)
    assert [(p.page, p.href) for p in problems] == [
        ("index.html", "rules/guild/#nope"),
        ("rules/guild/index.html", "#top"),
    ]


def test_checker_catches_a_missing_page_and_accepts_good_links() -> None:
    pages = {
        "index.html": '<a href="learn/">x</a> <a href="./#a">y</a> <span id="a"></span>'
                      '<a href="https://example.org/x#y">out</a> <a href="mailto:a@b">m</a>',
        "en/rules/guild/index.html": '<a href="../../../">home</a> <a href="../pagat/#x">p</a>'
                                     '<a name="old"></a><a href="#old">legacy anchor</a>',
    }
    problems = sitekit.check_links(pages)
    assert [(p.page, p.href) for p in problems] == [
        ("index.html", "learn/"),
        ("en/rules/guild/index.html", "../pagat/#x"),
    ]


def test_checker_refuses_absolute_paths() -> None:
    problems = sitekit.check_links({"index.html": '<a href="/en/">English</a>'})
    assert [p.reason for p in problems] == ["absolute path: breaks under a sub-folder"]
