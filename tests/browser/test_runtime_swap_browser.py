"""The runtime swaps in only the nodes of a view that changed (``morph`` in runtime.js).

A reply's view is parsed and laid over the widget's body: nodes that did not change
stay (the browser styles and lays out only what did: on the Play page a bot move
changes a card or two of a whole table), and the result is the DOM the bridge's HTML
gives (``act`` of test_widgets_browser.py compares the two after every action). Form
controls are always put in new, so that what a reader typed never outlives Python's view.

The fixtures (the built site, its server, Chromium) come from conftest.py; the helpers
from test_widgets_browser.py.
"""

from __future__ import annotations

from typing import Any

import pytest
from test_widgets_browser import Tab, act, clicker, focus_key, open_tab, rules_url, wait_live, widget

pytestmark = pytest.mark.browser

TAG = """(selector) => {
  const body = document.querySelector(selector + " .mp-widget-body");
  const nodes = Array.from(body.querySelectorAll("*"));
  nodes.forEach((el) => { el.__mpOld = true; });
  return nodes.length;
}"""

KEPT = """(selector) => {
  const nodes = Array.from(document.querySelectorAll(selector + " .mp-widget-body *"));
  const controls = nodes.filter((el) => /^(INPUT|SELECT|TEXTAREA|OPTION)$/.test(el.tagName));
  return [nodes.filter((el) => el.__mpOld).length, nodes.length,
          controls.filter((el) => el.__mpOld).length, controls.length];
}"""


@pytest.fixture
def page(browser: Any, site_url: str) -> Any:
    opened: Tab = open_tab(browser)
    try:
        opened.page.goto(rules_url(site_url, "en", fragment="#w-trick-stepper-example-deal"))
        wait_live(opened.page)
        yield opened.page
        opened.log.check()
        assert not opened.errors, opened.errors
    finally:
        opened.close()


def test_a_step_keeps_the_nodes_that_did_not_change(page: Any) -> None:
    selector = widget(page, "trick-stepper")
    page.locator(f'{selector} button[data-focus-key="next-card"]').focus()
    tagged = page.evaluate(TAG, selector)
    act(page, selector, "en", lambda: page.keyboard.press("Enter"))
    kept, total, _, _ = page.evaluate(KEPT, selector)
    # One more card on the table: most of the view is the same nodes as before.
    assert tagged > 20 and kept > total // 2, (kept, total, tagged)
    assert kept < total or tagged != total, "the step changed nothing"
    # The focused button was kept: focus did not have to be moved back to it.
    assert focus_key(page) == "next-card"
    assert page.evaluate("document.activeElement.__mpOld === true")


def test_form_controls_are_always_new(page: Any) -> None:
    selector = widget(page, "scoring")
    controls = page.evaluate(f"document.querySelectorAll('{selector} .mp-widget-body input, "
                             f"{selector} .mp-widget-body select').length")
    assert controls, "the scoring widget shows no form control"
    page.evaluate(TAG, selector)
    button = page.locator(f"{selector} button[data-action]").first
    act(page, selector, "en", button.click)
    kept, total, kept_controls, all_controls = page.evaluate(KEPT, selector)
    assert all_controls and kept_controls == 0, (kept_controls, all_controls)
    assert kept > 0, (kept, total)


def test_keyboard_steps_after_the_swap(page: Any) -> None:
    selector = widget(page, "trick-stepper")
    for key in ("next-card", "next-trick", "prev-card", "end", "start"):
        act(page, selector, "en", clicker(page, selector, key))


KEEP_READER = """async ([url, html]) => {
  const morph = await import(url);
  const root = document.createElement("div");
  const body = document.createElement("div");
  root.className = "mp-widget";
  root.appendChild(body);
  document.body.prepend(root);
  body.innerHTML = html;
  window.mpSwapAgain = () => morph.swapView(root, body, html, true, null);
  window.mpSwapBody = body;
}"""

READER_FORM = (
    '<p class="mp-clock">10 minutes left</p>'
    '<form data-action="{&quot;type&quot;:&quot;add&quot;}">'
    '<label>Name <input type="text" data-action-field="name" data-focus-key="add-name" maxlength="24">'
    '</label>'
    '<label>Partner <input type="text" data-action-field="partner" data-focus-key="add-partner"></label>'
    '<button type="submit" class="mp-button" data-focus-key="add">Add</button></form>'
)


def test_a_room_view_keeps_what_the_reader_typed_in_a_focused_field(page: Any, site_url: str) -> None:
    """A room's view also changes when other people act (``keepReader``): a control whose new
    form is the same keeps what the reader typed. The theme's focus-visible polyfill marks the
    focused field (a class and an attribute the view never wrote); the push that came while the
    director typed a name wiped it, and the director's "add" went without it."""
    page.evaluate(KEEP_READER, [site_url + "assets/widgets/morph.js", READER_FORM])
    page.fill('input[data-focus-key="add-name"]', "Ville")
    marked = page.evaluate("document.activeElement.getAttribute('data-focus-visible-added')")
    assert marked is not None, "the theme's polyfill did not mark the focused field: the test tests nothing"
    page.evaluate("window.mpSwapBody.querySelector('input').__mpOld = true")
    page.evaluate("window.mpSwapAgain()")  # someone else's move: the same form again
    kept = page.evaluate("""() => {
      const field = window.mpSwapBody.querySelector('input[data-focus-key="add-name"]');
      return [field.__mpOld === true, field.value, document.activeElement === field,
              field.classList.contains('focus-visible')];
    }""")
    assert kept == [True, "Ville", True, True], kept
    # A button the reader focused by keyboard keeps its focus ring through a push.
    page.focus('button[data-focus-key="add"]')
    page.keyboard.press("Shift+Tab")
    page.keyboard.press("Tab")
    ring = "document.activeElement.classList.contains('focus-visible')"
    assert page.evaluate(ring), "the polyfill did not mark the button"
    page.evaluate("window.mpSwapAgain()")
    assert page.evaluate(ring)
    assert page.evaluate("document.activeElement.getAttribute('data-focus-key')") == "add"


KEEPING = """async ([before, after]) => {
  const { morph } = await import(new URL("/assets/widgets/morph.js", location.origin).href);
  const into = document.createElement("div");
  document.body.appendChild(into);
  const parse = (html) => {
    const t = document.createElement("template");
    t.innerHTML = html;
    return t.content;
  };
  morph(into, parse(before), true);
  const typed = [...into.querySelectorAll("input")];
  typed.forEach((e, i) => { e.value = "typed " + i; });
  typed[0].classList.add("focus-visible");  // what the theme's script adds to a focused field
  typed[0].classList.remove("focus-visible");  // and leaves behind: class=""
  typed[1].setAttribute("data-focus-visible-added", "");
  morph(into, parse(after), true);
  const values = [...into.querySelectorAll("input")].map((e) => [typed.includes(e), e.value]);
  const copy = into.cloneNode(true);
  copy.querySelectorAll("input").forEach((e) => { e.removeAttribute("class");
    e.removeAttribute("data-focus-visible-added"); });
  const same = copy.innerHTML === (() => { const d = document.createElement("div");
    d.appendChild(parse(after)); return d.innerHTML; })();
  into.remove();
  return [values, same];
}"""
"""Put a view with two fields in a box of its own (``morph``, as a room does: keeping what the
reader does), type into the fields (the theme's focus mark added and taken off), then put the
next view in: each field's whether it is the same one and its value, and whether the box then
holds the next view's DOM."""

FORM = ('<form class="f"><input type="text" data-focus-key="a"><input type="text" data-focus-key="b">'
        "</form>")


@pytest.mark.parametrize(
    ("before", "after"),
    [
        ("<p>x</p>" + FORM, "<p>y</p>" + FORM),  # the same parts
        ('<p class="clock">5 min</p><table><tr><td>1</td></tr></table>' + FORM,
         "<table><tr><td>2</td></tr></table>" + FORM),  # a part taken away above the form
        ("<h2>t</h2><p>x</p>" + FORM,
         '<h2>t</h2><div class="codes"><p>ABC</p></div><table class="next"></table><p>x</p>' + FORM),  # added
        ('<div class="codes"><p>A</p><p>B</p></div><p class="c">x</p>' + FORM,
         '<p class="c">x</p><p class="d">new</p>' + FORM),  # one taken away, another added
    ],
)
def test_a_rooms_view_keeps_what_was_typed_when_parts_above_the_form_come_and_go(
    page: Any, before: str, after: str
) -> None:
    values, same = page.evaluate(KEEPING, [before, after])
    assert values == [[True, "typed 0"], [True, "typed 1"]], values
    assert same
