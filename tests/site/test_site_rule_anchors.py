"""Every rule id is an anchor of its rules page, in every language.

The ids and their pages come from ``marjapussi.rule_ids`` (RULE_IDS, RULE_PAGES), the
same table the engine uses to link a refusal to its paragraph.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import sitekit

from marjapussi.rule_ids import FAMILY_PAGES, RULE_IDS, RULE_PAGES, rule_url

LANGUAGES = sitekit.site_languages()


def test_every_rule_has_a_page_of_the_site() -> None:
    pages = set(sitekit.site_pages())
    assert set(RULE_PAGES) == set(RULE_IDS)
    assert set(RULE_PAGES.values()) <= pages


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("rule", RULE_IDS)
def test_rule_anchor_exists(site: Path, rule: str, lang: str) -> None:
    page = RULE_PAGES[rule]
    built = sitekit.page_file(site, page, lang)
    assert built.is_file(), f"{page} is not built in {lang}"
    ids = sitekit.parse_html(built.read_text(encoding="utf-8")).ids
    assert rule in ids, f"no anchor #{rule} on {page} in {lang}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_rule_url_points_at_the_built_anchor(site: Path, lang: str) -> None:
    for rule in RULE_IDS:
        address, _, fragment = rule_url(rule, lang).partition("#")
        assert (site / address / "index.html").is_file(), rule_url(rule, lang)
        assert fragment == rule


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("family", sorted(FAMILY_PAGES))
def test_a_familys_rule_links_reach_built_anchors(site: Path, family: str, lang: str) -> None:
    """Under each preset, every rule id is linked to an anchor its page really has."""
    for rule in RULE_IDS:
        address, _, fragment = rule_url(rule, lang, family).partition("#")
        built = site / address / "index.html"
        assert built.is_file(), rule_url(rule, lang, family)
        ids = sitekit.parse_html(built.read_text(encoding="utf-8")).ids
        assert fragment in ids, rule_url(rule, lang, family)
