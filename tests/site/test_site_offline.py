"""No page of the site asks any other host for anything (fonts, scripts, images, CSS)."""

from __future__ import annotations

from pathlib import Path

import sitekit


def external_requests(html: str, path: str) -> list[str]:
    """Return what an HTML page would fetch from outside the site."""
    parsed = sitekit.parse_html(html)
    found = [f"{path}: <{r.tag} {r.attr}={r.value!r}>" for r in parsed.requests
             if sitekit.is_external(r.value)]
    for style in parsed.styles:
        found += [f"{path}: inline CSS url({u!r})" for u in sitekit.css_urls(style)
                  if sitekit.is_external(u)]
    return found


def test_pages_request_nothing_outside(site_files: tuple[dict[str, str], set[str]]) -> None:
    pages, _ = site_files
    found = [hit for path, html in sorted(pages.items()) for hit in external_requests(html, path)]
    assert not found, "requests to other hosts:\n" + "\n".join(found[:40])


def test_stylesheets_request_nothing_outside(site: Path) -> None:
    found = []
    for css in sorted(site.rglob("*.css")):
        for url in sitekit.css_urls(css.read_text(encoding="utf-8")):
            if sitekit.is_external(url):
                found.append(f"{css.relative_to(site)}: {url}")
    assert not found, "stylesheets asking other hosts:\n" + "\n".join(found)


def test_no_google_fonts_or_analytics(site_files: tuple[dict[str, str], set[str]]) -> None:
    pages, _ = site_files
    for path, html in pages.items():
        for needle in ("fonts.googleapis", "fonts.gstatic", "googletagmanager", "gtag("):
            assert needle not in html, f"{path} mentions {needle}"


def test_the_detector_finds_external_requests() -> None:
    html = """<html><head>
    <link rel="stylesheet" href="https://cdn.example.org/x.css">
    <link rel="icon" href="//example.org/favicon.ico">
    <link rel="preload" href="http://example.org/font.woff2" as="font">
    <link rel="alternate" href="https://example.org/en/" hreflang="en">
    <script src="https://example.org/a.js"></script>
    <style>@import url("https://example.org/b.css");
      p { background: url(data:image/png;base64,AA) }</style>
    </head><body><img src="https://example.org/c.png"><img src="assets/ok.png">
    <div style="background-image: url('//example.org/d.png')"></div>
    <a href="https://example.org/fine">an ordinary link is not a request</a></body></html>"""
    found = external_requests(html, "x.html")
    assert len(found) == 7, found
    assert not any("fine" in hit or "/en/" in hit or "ok.png" in hit for hit in found)
