"""Helpers for the widget tests: check HTML, collect controls, talk to the bridge."""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from typing import Any

from marjapussi.web import bridge

LANGS = ("fi", "en", "ru")
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}
WIDGET_ARGS = {
    "trick-stepper": ["example-deal", "guild-first-deal", "guild-first-deal-annotated"],
    "which-card": [
        "follow-suit",
        "must-trump",
        "must-beat",
        "first-trick-ace",
        "opening-lead-clubs-ace",
        "opening-lead-ace-spade",
        "small-trump-lead",
        "random",
        "pagat",
        "random pagat-no-beat",
    ],
    "asking": ["", "random"],
    "scoring": ["", "pagat", "huutopussi"],
    "course": ["", "follow-2", "huutopussi"],
    "quiz": ["", "pagat", "huutopussi"],
    "play": ["", "pagat", "huutopussi3"],
}


class Checker(HTMLParser):
    """Check that tags balance and collect the controls of a view."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[str] = []
        self.errors: list[str] = []
        self.buttons: list[dict[str, str | None]] = []
        self.forms: list[dict[str, Any]] = []
        self.links: list[str] = []
        self.text: list[str] = []
        self.cards: list[str] = []
        self._select: dict[str, Any] | None = None
        self._option: dict[str, str | None] | None = None
        self._label_depth = 0
        self.unlabelled: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        for name, value in attrs:
            if name.startswith("on"):
                self.errors.append(f"event handler {name}")
            if name == "style":
                self.errors.append("inline style")
            if (
                name in ("src", "href")
                and value
                and re.match(r"(?i)\s*(https?:|//|javascript:|data:)", value)
            ):
                self.errors.append(f"outside resource {value}")
        if tag in ("script", "iframe", "object", "embed", "img", "style", "link"):
            self.errors.append(f"tag {tag}")
        if tag == "label":
            self._label_depth += 1
        if tag == "button":
            self.buttons.append(a)
        if tag == "a" and a.get("href"):
            self.links.append(a["href"] or "")
        if tag == "form":
            self.forms.append({"action": a.get("data-action"), "fields": {}})
        if tag in ("select", "input"):
            field = a.get("data-action-field")
            if not self._label_depth and not a.get("aria-label"):
                self.unlabelled.append(tag)
            if tag == "input" and self.forms and field:
                self.forms[-1]["fields"][field] = a.get("value")
            if tag == "select":
                self._select = {"field": field, "value": None, "first": None}
        if tag == "option" and self._select is not None:
            self._option = a
            if self._select["first"] is None:
                self._select["first"] = a.get("value")
            if "selected" in a:
                self._select["value"] = a.get("value")
        if a.get("data-card") and tag == "span":
            self.cards.append(a["data-card"] or "")
        if tag not in VOID:
            self.stack.append(tag)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.handle_starttag(tag, attrs)
        if tag not in VOID:
            self.handle_endtag(tag)

    def handle_endtag(self, tag: str) -> None:
        if tag in VOID:
            self.errors.append(f"end tag for void {tag}")
            return
        if not self.stack or self.stack[-1] != tag:
            self.errors.append(f"</{tag}> closes {self.stack[-1:] or 'nothing'}")
            if tag in self.stack:
                while self.stack and self.stack.pop() != tag:
                    pass
            return
        self.stack.pop()
        if tag == "label":
            self._label_depth -= 1
        if tag == "select" and self._select is not None:
            if self.forms and self._select["field"]:
                value = self._select["value"] if self._select["value"] is not None else self._select["first"]
                self.forms[-1]["fields"][self._select["field"]] = value
            self._select = None

    def handle_data(self, data: str) -> None:
        self.text.append(data)


def check_html(html: str) -> Checker:
    """Parse a view; fail on unbalanced tags, scripts, handlers, styles or outside links."""
    checker = Checker()
    checker.feed(html)
    checker.close()
    assert not checker.errors, checker.errors[:5]
    assert not checker.stack, f"unclosed: {checker.stack}"
    assert not checker.unlabelled, "controls without a label"
    return checker


def call(kind: str, lang: str, state: Any, action: Any) -> dict[str, Any]:
    """Send one action through ``handle`` and return the decoded reply."""
    message = json.dumps({"widget": kind, "lang": lang, "state": state, "action": action})
    reply = json.loads(bridge.handle(message))
    assert set(reply) - {"then"} == {"ok", "html", "state", "announce"}
    if "then" in reply:  # an action the page sends by itself later (the Play page's bots)
        assert set(reply["then"]) == {"action", "delay_ms"}
        assert isinstance(reply["then"]["action"]["type"], str)
    return reply


def actions_of(html: str) -> list[dict[str, Any]]:
    """Every action the view offers: its enabled buttons, and each form with its current values."""
    checker = check_html(html)
    out = []
    for attrs in checker.buttons:
        if attrs.get("data-action") and "disabled" not in attrs:
            out.append(json.loads(attrs["data-action"] or "{}"))
    for form in checker.forms:
        action = json.loads(form["action"])
        for name, value in form["fields"].items():
            action[name] = (
                int(value)
                if value is not None and re.fullmatch(r"-?\d+", value) and name in ("b0", "b1", "carry")
                else value
            )
        out.append(action)
    return out
