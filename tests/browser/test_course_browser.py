"""The course page in Chromium: exercises solved by keyboard, kept progress, phone, offline.

Reuses the fixtures and helpers of test_widgets_browser.py (the one site build, the
shared Chromium, the tab that logs every request, ``act`` which checks that the page
shows exactly what the host's bridge answers for the same state and action).

- In English the reader solves one exercise of every stage by keyboard; in Finnish and
  Russian a whole stage; in each language one wrong try shows the rule's link, which
  leads to the rule's paragraph on the rules page of that language.
- Progress survives a reload; a corrupted saved progress gives a message and a fresh start.
- The progress shows beside the course's entry in the navigation: on the course page as
  the reader solves, and on a page without widgets (in a phone's drawer too) without
  loading anything of the engine; a corrupted saved state shows nothing there.
- The home page's first screen on a 360-pixel phone holds links into the course and to the
  play page, full touch targets; the course's opens it.
- The course is complete before Pyodide starts; it fits a 360-pixel phone with touch
  targets of at least 44×44 px; the quiz keeps a score; no request leaves 127.0.0.1.

Screenshots go to artifacts/screenshots/widgets-course-*.png, to be looked at by a person.
"""

from __future__ import annotations

import contextlib
import json
from pathlib import Path
from typing import Any

import pytest
import sitekit
from test_widgets_browser import Tab, act, open_tab, shot, state_of, status_of, wait_live

from marjapussi.course import STAGES, exercise, exercises, stage_exercises
from marjapussi.course.cli import listing
from marjapussi.rule_ids import rule_url
from marjapussi.web.course import NAV_TEXT, STORE, read_progress
from marjapussi.web.course_hints import HINTS
from marjapussi.web.course_texts import ct

pytestmark = pytest.mark.browser

COURSE = "#w-course"
QUIZ = "#w-quiz"
LANGUAGES = sitekit.site_languages()
FULL_STAGE = {"fi": "follow", "en": "beating", "ru": "window"}
"""The stage solved exercise by exercise in each language."""


def course_url(site_url: str, lang: str, query: str = "") -> str:
    return site_url + sitekit.page_url("course", lang) + query


def css_string(text: str) -> str:
    assert "'" not in text
    return f"'{text}'"


def press(page: Any, action: dict[str, Any]) -> None:
    """Focus the course's control that sends ``action`` and press Enter on it."""
    text = json.dumps(action, separators=(",", ":"), ensure_ascii=False)
    control = page.locator(f"{COURSE} button[data-action={css_string(text)}]")
    assert control.count() == 1, f"no single control for {text}"
    if not control.is_visible():  # in the closed progress list: open it first, by keyboard
        page.locator(f"{COURSE} details > summary").focus()
        page.keyboard.press("Enter")
        control.wait_for(state="visible")
    control.focus()
    page.keyboard.press("Enter")


def key(page: Any, lang: str, action: dict[str, Any]) -> dict[str, Any]:
    return act(page, COURSE, lang, lambda: press(page, action))


def solve(page: Any, lang: str, ident: str) -> None:
    """Answer the open exercise with its solution, by keyboard, and check it is solved."""
    ex = exercise(ident)
    assert state_of(page, COURSE)["ex"] == ident
    if ex.kind in ("all-legal", "discard"):
        for card in ex.solution.split()[1:]:
            key(page, lang, {"type": "toggle", "card": card})
        reply = key(page, lang, {"type": "check"})
    else:
        reply = key(page, lang, {"type": "answer", "answer": ex.solution})
    assert reply["state"]["solved"] == 1, (ident, reply["announce"])
    assert page.locator(f"{COURSE} [data-outcome=ok]").count() == 1


def fail(page: Any, lang: str, ident: str) -> None:
    ex = exercise(ident)
    if ex.kind in ("all-legal", "discard"):
        for card in ex.wrong.split()[1:]:
            key(page, lang, {"type": "toggle", "card": card})
        key(page, lang, {"type": "check"})
        for card in ex.wrong.split()[1:]:  # take the picks back for the solution
            key(page, lang, {"type": "toggle", "card": card})
    else:
        key(page, lang, {"type": "answer", "answer": ex.wrong})


def open_course(browser: Any, site_url: str, lang: str, **options: Any) -> Tab:
    opened = open_tab(browser, **options)
    opened.page.goto(course_url(site_url, lang))
    wait_live(opened.page, COURSE)
    return opened


def finish(opened: Tab) -> None:
    try:
        opened.log.check()
        assert not opened.errors, opened.errors
    finally:
        opened.close()


# --- solving by keyboard --------------------------------------------------------------


def test_one_exercise_of_every_stage_by_keyboard_in_english(
    browser: Any, site_url: str, screenshots: Path
) -> None:
    opened = open_course(browser, site_url, "en")
    page = opened.page
    try:
        for stage in STAGES:
            reply = key(page, "en", {"type": "go", "stage": stage})
            ident = reply["state"]["ex"]
            assert exercise(ident).stage == stage
            solve(page, "en", ident)
            if stage == "huutopussi":
                shot(page, screenshots, "course-huutopussi-en", COURSE)
        progress = read_progress(state_of(page, COURSE)["progress"])
        assert len(progress) == len(STAGES) and set(progress.values()) == {2}
        assert page.locator(f"{COURSE} .mp-course-progress").get_attribute("data-stars") == str(len(STAGES))
        kept = json.loads(page.evaluate(f"localStorage.getItem('{STORE}')"))
        assert kept["progress"] == state_of(page, COURSE)["progress"]
    finally:
        finish(opened)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_whole_stage_by_keyboard_and_a_wrong_try_links_its_rule(
    browser: Any, site_url: str, screenshots: Path, lang: str
) -> None:
    opened = open_course(browser, site_url, lang)
    page = opened.page
    try:
        stage = FULL_STAGE.get(lang, "follow")
        items = stage_exercises(stage)
        key(page, lang, {"type": "go", "stage": stage})
        first = items[0]
        fail(page, lang, first.id)
        result = page.locator(f"{COURSE} .mp-result.mp-no").last
        assert result.count() == 1 or page.locator(f"{COURSE} [data-outcome=wrong]").count() == 1
        hint = page.locator(f'{COURSE} [data-focus-key="hint"]')
        assert hint.count() == 1
        key(page, lang, {"type": "hint"})
        assert HINTS[first.id][lang] in (page.locator(f"{COURSE} .mp-hint").text_content() or "")
        shot(page, screenshots, f"course-wrong-{lang}", COURSE)
        for i, ex in enumerate(items):
            if i:
                key(page, lang, {"type": "next"})
            solve(page, lang, ex.id)
        progress = read_progress(state_of(page, COURSE)["progress"])
        assert progress == {e.id: (1 if e is first else 2) for e in items}
        # The wrong try's rule link: to the rule's paragraph on this language's rules page.
        key(page, lang, {"type": "go", "stage": "follow" if stage != "follow" else "trumping"})
        other = exercise(state_of(page, COURSE)["ex"])
        fail(page, lang, other.id)
        link = page.locator(f"{COURSE} [data-outcome=wrong] a.mp-rule")
        href = link.get_attribute("href") or ""
        assert href.endswith(rule_url(other.wrong_rule, lang)), href
        link.focus()
        page.keyboard.press("Enter")
        page.wait_for_url(f"**/{rule_url(other.wrong_rule, lang)}")
        assert page.locator(f"[id={css_string(other.wrong_rule)}]").count() == 1
    finally:
        finish(opened)


# --- progress ---------------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_reload_reopens_the_course_where_the_reader_was(browser: Any, site_url: str, lang: str) -> None:
    """The progress, and two exercises on with a wrong try made: after a reload the course
    is there again, as it was."""
    opened = open_course(browser, site_url, lang)
    page = opened.page
    try:
        solve(page, lang, "cards-1")
        assert state_of(page, COURSE)["progress"] == "1|cards-1=2"
        key(page, lang, {"type": "next"})
        key(page, lang, {"type": "next"})
        here = state_of(page, COURSE)
        fail(page, lang, here["ex"])
        here = state_of(page, COURSE)
        assert here["ex"] != "cards-1" and here["tries"] == 1
        page.reload()
        wait_live(page, COURSE)
        exercise_shown = f"document.querySelector('{COURSE} [data-exercise]').getAttribute('data-exercise')"
        page.wait_for_function(f"{exercise_shown} === {json.dumps(here['ex'])}")
        assert state_of(page, COURSE) == here and here["progress"] == "1|cards-1=2"
        assert page.locator(f"{COURSE} .mp-course-progress").get_attribute("data-solved") == "1"
        assert status_of(page, COURSE).rstrip("\u00a0") == ct("restored-here", lang)
    finally:
        finish(opened)


def test_after_a_reload_the_first_view_never_shows_before_the_kept_place(browser: Any, site_url: str) -> None:
    """After a reload, exercise 1 and "0 solved" stood for seconds until the engine had
    restored the kept place (issue 30, item 15): now the course shows nothing of its first
    view until then. The engine is held back while the test looks, so "then" is certain."""
    lang = "en"
    opened = open_course(browser, site_url, lang)
    page = opened.page
    held: list[Any] = []
    holding = [True]

    def hold(route: Any) -> None:
        if holding[0]:
            held.append(route)
        else:
            route.continue_()

    try:
        solve(page, lang, "cards-1")
        key(page, lang, {"type": "next"})
        here = state_of(page, COURSE)
        assert here["ex"] != "cards-1"
        page.route("**/pyodide/**", hold)
        page.reload(wait_until="domcontentloaded")
        body = page.locator(f"{COURSE} > .mp-widget-body")
        assert not body.is_visible()  # from the first paint: the first view is not shown
        page.wait_for_load_state("load")
        assert page.locator(COURSE).get_attribute("data-runtime") != "live"
        assert not body.is_visible() and not page.locator(f"{COURSE} .mp-course-progress").is_visible()
        holding[0] = False  # the engine may start now
        for route in held:
            route.continue_()
        held.clear()
        wait_live(page, COURSE)
        exercise_shown = f"document.querySelector('{COURSE} [data-exercise]').getAttribute('data-exercise')"
        page.wait_for_function(f"{exercise_shown} === {json.dumps(here['ex'])}")
        body.wait_for(state="visible")
        assert page.locator(f"{COURSE} .mp-course-progress").get_attribute("data-solved") == "1"
    finally:
        for route in held:
            with contextlib.suppress(Exception):  # the page may be gone already
                route.abort()
        finish(opened)


def test_a_course_without_a_kept_state_shows_its_first_view_at_once(browser: Any, site_url: str) -> None:
    """A first visit (nothing kept) hides nothing while the engine starts."""
    opened = open_tab(browser)
    page = opened.page
    held: list[Any] = []
    page.route("**/pyodide/**", lambda route: held.append(route))
    try:
        page.goto(course_url(site_url, "fi"), wait_until="load")
        assert page.locator(f"{COURSE} > .mp-widget-body").is_visible()
    finally:
        for route in held:
            with contextlib.suppress(Exception):
                route.abort()
        opened.page.context.close()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_corrupted_progress_gives_a_message_and_a_fresh_start(
    browser: Any, site_url: str, screenshots: Path, lang: str
) -> None:
    opened = open_tab(browser, init=f"localStorage.setItem('{STORE}', '1|cards-1=9|<b>');")
    page = opened.page
    try:
        page.goto(course_url(site_url, lang))
        wait_live(page, COURSE)
        message = ct("progress-corrupt", lang)
        status = f"document.querySelector('{COURSE} .mp-widget-status').textContent"
        page.wait_for_function(f"{status}.indexOf({json.dumps(message)}) >= 0")
        assert state_of(page, COURSE)["progress"] == "1"
        kept = json.loads(page.evaluate(f"localStorage.getItem('{STORE}')"))
        assert kept["progress"] == "1" and kept["old"] == "1|cards-1=9|<b>", "the unreadable save is kept"
        assert page.locator(f'{COURSE} [data-mp-download="marjapussi-course-save.json"]').count() == 1
        assert page.locator(f"{COURSE} b").count() == 0
        shot(page, screenshots, f"course-corrupt-{lang}", COURSE)
    finally:
        finish(opened)


# --- the progress in the navigation ------------------------------------------------------

NAV_BADGES = """(selector) => Array.from(document.querySelectorAll(selector + ' .mp-nav-progress'))
  .map(badge => badge.firstChild.textContent + '|' + badge.lastChild.textContent)"""
"""The navigation's progress badges under ``selector``: shown text and screen-reader words."""


def nav_words(lang: str, solved: int, stars: int) -> str:
    total = len(exercises())
    return (
        NAV_TEXT.format(solved=solved, total=total, stars=stars)
        + "|, "
        + ct("nav-progress-label", lang, solved=solved, total=total, stars=stars)
    )


@pytest.mark.parametrize("lang", LANGUAGES)
def test_progress_shows_in_the_nav_of_every_page_and_the_phone_drawer(
    browser: Any, site_url: str, screenshots: Path, lang: str
) -> None:
    context = browser.new_context(
        viewport={"width": 360, "height": 740}, is_mobile=True, has_touch=True, device_scale_factor=2
    )
    try:
        opened = open_tab(browser, context=context)
        page = opened.page
        page.goto(course_url(site_url, lang))
        wait_live(page, COURSE)
        assert page.evaluate(NAV_BADGES, ".md-nav--primary") == []  # nothing solved yet
        solve(page, lang, "cards-1")
        page.wait_for_function(f"({NAV_BADGES})('.md-nav--primary').length > 0")
        assert page.evaluate(NAV_BADGES, ".md-nav--primary") == [nav_words(lang, 1, 1)]
        finish(opened)

        # A page without widgets: the words are taken from storage, no engine starts.
        opened = open_tab(browser, context=context)
        page = opened.page
        page.goto(site_url + sitekit.page_url("glossary", lang))
        assert page.locator(".mp-widget").count() == 0
        assert page.evaluate(NAV_BADGES, ".md-nav--primary") == [nav_words(lang, 1, 1)]
        assert not opened.log.under("/pyodide/") and not opened.log.under("/assets/widgets/")
        page.locator("label.md-header__button[for=__drawer]").tap()
        badge = page.locator(".md-nav--primary .mp-nav-progress")
        badge.wait_for(state="visible")
        page.wait_for_function(
            "() => { const b = document.querySelector('.md-nav--primary .mp-nav-progress')"
            ".getBoundingClientRect(); return b.left >= 0 && b.right <= 360; }"
        )
        link = badge.locator("xpath=..")
        assert link.text_content().split()[0] == ct("course-label", lang)
        drawer = screenshots / f"widgets-course-nav-drawer-{lang}.png"
        page.screenshot(path=str(drawer), animations="disabled")
        link.click()
        page.wait_for_url("**/course/")
        assert page.locator(COURSE).count() == 1
        finish(opened)
    finally:
        context.close()


def test_a_page_without_widgets_loads_nothing_of_the_engine_for_the_nav(browser: Any, site_url: str) -> None:
    kept = json.dumps({**state_for_nav(), "ex": "cards-1"})
    opened = open_tab(browser, init=f"localStorage.setItem('{STORE}', {json.dumps(kept)});")
    page = opened.page
    try:
        page.goto(site_url + sitekit.page_url("rules/guild", "en"))
        assert page.evaluate(NAV_BADGES, ".md-tabs") == [nav_words("en", 2, 1)]
        page.wait_for_load_state("networkidle")
        assert not opened.log.under("/pyodide/") and not opened.log.under("/assets/widgets/worker")
    finally:
        finish(opened)


def state_for_nav() -> dict[str, Any]:
    from marjapussi.web import course

    return course.check({"ex": "cards-1", "progress": "1|cards-1=2|cards-2=1"})


CORRUPT_STORES = (
    "garbage{",
    "1|cards-1=9|<b>",
    "null",
    "[]",
    json.dumps({"progress": "1|cards-1=2"}),
    json.dumps({"nav": {"en": {"text": "<b>64/64</b>", "label": "x"}}}),
    json.dumps({"nav": {"en": {"text": "64/64 · 64 ★", "label": 5}}}),
    json.dumps({"nav": {"en": "64/64 · 64 ★"}}),
    json.dumps({"nav": ["64/64 · 64 ★"]}),
)


@pytest.mark.parametrize("stored", CORRUPT_STORES)
def test_corrupted_storage_shows_nothing_in_the_nav(browser: Any, site_url: str, stored: str) -> None:
    opened = open_tab(browser, init=f"localStorage.setItem('{STORE}', {json.dumps(stored)});")
    page = opened.page
    try:
        page.goto(site_url + sitekit.page_url("glossary", "en"))
        # The script runs before the load event: had it anything to show, it would be there
        # (test_a_page_without_widgets_loads_nothing_of_the_engine_for_the_nav shows it does).
        assert page.locator(".mp-nav-progress").count() == 0
        assert page.locator(".md-tabs b, .md-nav b").count() == 0
    finally:
        finish(opened)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_home_pages_first_screen_on_a_phone_leads_to_the_course_and_play(
    browser: Any, site_url: str, screenshots: Path, lang: str
) -> None:
    opened = open_tab(browser, viewport={"width": 360, "height": 740}, is_mobile=True, has_touch=True)
    page = opened.page
    try:
        page.goto(site_url + sitekit.page_url("index", lang))
        for target in ("course", "play"):
            on_screen = page.evaluate(
                """(target) => Array.from(document.querySelectorAll('.md-content a[href]'))
                  .filter(a => new RegExp('(^|/)' + target + '/$').test(a.getAttribute('href')))
                  .map(a => a.getBoundingClientRect())
                  .filter(b => b.left >= 0 && b.right <= 360 && b.top >= 0 && b.bottom <= 740)
                  .map(b => [Math.round(b.width), Math.round(b.height)])""",
                target,
            )
            assert on_screen, f"no link to the {target} page on the home page's first screen"
            assert any(w >= 44 and h >= 44 for w, h in on_screen), (target, on_screen)
        page.screenshot(path=str(screenshots / f"widgets-course-home-phone-{lang}.png"))
        page.locator(".md-content a.mp-start").first.tap()
        page.wait_for_url("**/course/")
        assert page.locator(COURSE).count() == 1
    finally:
        finish(opened)


# --- before Pyodide, on a phone, the quiz -------------------------------------------------


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_course_is_complete_before_pyodide_starts(browser: Any, site_url: str, lang: str) -> None:
    opened = open_tab(browser)
    page = opened.page
    held: list[Any] = []
    page.route("**/pyodide/**", lambda route: held.append(route))
    try:
        page.goto(course_url(site_url, lang), wait_until="domcontentloaded")
        root = page.locator(COURSE)
        assert root.get_attribute("data-runtime") != "live"
        assert state_of(page, COURSE)["ex"] == "cards-1"
        assert page.locator(f"{COURSE} .mp-prompt").text_content() == ct("ask:winner-card", lang)
        assert page.locator(f'{COURSE} [data-focus-key^="choice-"]').count() == 4
        assert page.locator(f"{COURSE} .mp-course-progress").count() == 1
        assert page.locator(f"{QUIZ} .mp-table").count() == 1
    finally:
        for route in held:
            with contextlib.suppress(Exception):  # the page may be gone already
                route.abort()
        opened.page.context.close()


SMALL_TARGETS = """(selector) => Array.from(document.querySelectorAll(
    selector + ' button, ' + selector + ' summary, ' + selector + ' select'))
  .filter(el => el.getClientRects().length)
  .map(el => [el, el.getBoundingClientRect()])
  .filter(([el, box]) => box.width < 44 || box.height < 44)
  .map(([el, box]) => (el.getAttribute('data-focus-key') || el.textContent.trim()) + ' '
       + Math.round(box.width) + 'x' + Math.round(box.height))"""
"""The visible controls of a widget smaller than a 44×44 px touch target."""


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_course_fits_a_360_pixel_phone(browser: Any, site_url: str, screenshots: Path, lang: str) -> None:
    opened = open_course(
        browser, site_url, lang, viewport={"width": 360, "height": 740}, is_mobile=True, has_touch=True,
        device_scale_factor=2,
    )
    page = opened.page
    try:
        for selector in (COURSE, QUIZ):
            box = page.locator(selector).bounding_box()
            assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 361, (selector, box)
            fits = "(s) => { const w = document.querySelector(s); return w.scrollWidth <= w.clientWidth + 1 }"
            assert page.evaluate(fits, selector), selector
        assert not page.evaluate(SMALL_TARGETS, COURSE)
        assert not page.evaluate(SMALL_TARGETS, QUIZ)
        act(page, COURSE, lang, lambda: page.locator(f'{COURSE} [data-focus-key="choice-HK"]').tap())
        page.locator(f"{COURSE} details summary").tap()
        assert not page.evaluate(SMALL_TARGETS, COURSE)
        shot(page, screenshots, f"course-phone-{lang}", COURSE)
    finally:
        finish(opened)


def test_the_quiz_keeps_a_score_and_shows_the_rules(browser: Any, site_url: str, screenshots: Path) -> None:
    opened = open_course(browser, site_url, "fi")
    page = opened.page
    try:
        page.locator(QUIZ).scroll_into_view_if_needed()
        state = state_of(page, QUIZ)
        from marjapussi.web import quiz

        for card in quiz.allowed(quiz.position(state)):
            target = page.locator(f'{QUIZ} [data-focus-key="card-{card.code}"]')
            act(page, QUIZ, "fi", target.click)
        reply = act(page, QUIZ, "fi", lambda: page.locator(f'{QUIZ} [data-focus-key="check"]').click())
        assert reply["state"]["right"] == 1 and reply["state"]["asked"] == 1
        assert page.locator(f"{QUIZ} .mp-verdicts li").count() == len(quiz.position(state).explain())
        shot(page, screenshots, "course-quiz-fi", QUIZ)
        act(page, QUIZ, "fi", lambda: page.locator(f'{QUIZ} [data-focus-key="new"]').click())
        reply = act(page, QUIZ, "fi", lambda: page.locator(f'{QUIZ} [data-focus-key="check"]').click())
        assert reply["state"]["right"] == 1 and reply["state"]["asked"] == 2
        # The score and the position survive a reload; the reset starts the score again.
        kept = reply["state"]
        page.reload()
        wait_live(page, QUIZ)
        status = f"document.querySelector('{QUIZ} .mp-widget-status').textContent"
        page.wait_for_function(f"{status}.indexOf({json.dumps(ct('quiz-restored', 'fi'))}) >= 0")
        assert state_of(page, QUIZ) == kept
        score = ct("quiz-score", "fi", right=1, asked=2)
        assert page.locator(f"{QUIZ} .mp-quiz-score").text_content() == score
        reply = act(page, QUIZ, "fi", lambda: page.locator(f'{QUIZ} [data-focus-key="reset"]').click())
        assert reply["state"]["right"] == 0 and reply["state"]["asked"] == 0
    finally:
        finish(opened)


def test_a_corrupted_saved_quiz_gives_a_message_and_a_fresh_score(browser: Any, site_url: str) -> None:
    from marjapussi.web import quiz

    bad = json.dumps({"rules": "guild", "seed": 3, "right": 5, "asked": 1, "picks": "<b>x</b>"})
    opened = open_tab(browser, init=f"localStorage.setItem('{quiz.STORE}', {json.dumps(bad)});")
    page = opened.page
    try:
        page.goto(course_url(site_url, "ru"))
        wait_live(page, QUIZ)
        status = f"document.querySelector('{QUIZ} .mp-widget-status').textContent"
        page.wait_for_function(f"{status}.indexOf({json.dumps(ct('quiz-corrupt', 'ru'))}) >= 0")
        assert state_of(page, QUIZ)["asked"] == 0
        assert page.locator(f"{QUIZ} b").count() == 0
    finally:
        finish(opened)


DEEP_LINKED = {"fi": "asking-2", "en": "huutopussi-4", "ru": "era-4"}
"""The exercise a teacher's link opens in each language."""


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_shared_link_opens_its_exercise_and_keeps_the_progress(
    browser: Any, site_url: str, lang: str
) -> None:
    ident = DEEP_LINKED.get(lang, "huutopussi-4")
    kept = json.dumps({"ex": "cards-1", "progress": "1|cards-1=2"})
    opened = open_tab(browser, init=f"localStorage.setItem('{STORE}', {json.dumps(kept)});")
    page = opened.page
    try:
        # The link `python -m marjapussi exercises` gives a teacher for this exercise.
        links = [e["link"] for stage in listing(lang) for e in stage["exercises"] if e["id"] == ident]
        assert links == [sitekit.page_url("course", lang) + f"?w=course&p={ident}#w-course"]
        page.goto(site_url + links[0])
        wait_live(page, COURSE)
        page.wait_for_function(
            f"document.querySelector('{COURSE} .mp-course-progress').getAttribute('data-solved') === '1'"
        )
        assert state_of(page, COURSE)["ex"] == ident
        assert page.locator(f"{COURSE} [data-exercise]").get_attribute("data-exercise") == ident
        solve(page, lang, ident)
        kept = json.loads(page.evaluate(f"localStorage.getItem('{STORE}')"))
        ids = [e.id for e in exercises()]
        assert read_progress(kept["progress"]) == {"cards-1": 2, ident: 2}
        assert kept["progress"] == "|".join(["1", *(f"{i}=2" for i in ids if i in ("cards-1", ident))])
    finally:
        finish(opened)
