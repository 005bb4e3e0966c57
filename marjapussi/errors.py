"""The package's errors: each is a ``ValueError`` and carries what a message needs.

Errors carry data, not sentences: ``marjapussi.i18n.describe_error`` turns one into a
message in Finnish, English or Russian. ``str(error)`` gives the English message.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .actions import Action
    from .cards import Seat

__all__ = ["CardParseError", "IllegalAction", "MarjapussiError", "RecordError", "RulesError"]


class MarjapussiError(ValueError):
    """Base class of every error the package raises on bad input."""

    message_id: str = "error"

    def params(self) -> dict[str, Any]:
        """Return the values a translated message is filled with."""
        return {}

    def __str__(self) -> str:
        from .i18n import describe_error

        return describe_error(self, "en")


class CardParseError(MarjapussiError):
    """A text that is not a card (or suit, rank or seat); quotes the text."""

    message_id = "bad-card"

    def __init__(self, text: str, what: str = "card") -> None:
        super().__init__(text, what)
        self.text = text
        self.what = what

    def params(self) -> dict[str, Any]:
        return {"text": self.text, "what": self.what}


class RulesError(MarjapussiError):
    """An unknown ruleset or switch, a switch value out of range, or switches that conflict.

    For a conflict (``what == "conflict"``) ``name`` is the switch and its value and
    ``known[0]`` says why it cannot go with the rest (``huutopussi-only`` …).
    """

    message_id = "bad-rules"

    def __init__(self, name: str, known: list[str], what: str = "rules", found: str = "") -> None:
        super().__init__(name, known, what)
        self.name = name
        self.known = known
        self.what = what
        # For a value of the wrong type given from Python (``what == "type"``): its repr.
        self.found = found
        if what == "conflict":
            self.message_id = f"rules-conflict:{known[0]}"
        elif what == "type":
            self.message_id = "bad-rules-type"

    def params(self) -> dict[str, Any]:
        return {"name": self.name, "known": ", ".join(self.known), "what": self.what, "found": self.found}


class IllegalAction(MarjapussiError):
    """An action the rules refuse: carries the rule id, the seat, the action and the position.

    ``rule`` is a rule id of the rules digest (``follow-suit``, ``must-beat``, …);
    ``detail`` is a dict of facts for the message (the card to beat, the suit to follow).
    An error about a whole deal of a record (the wrong dealer, an unfinished deal) has
    ``action`` and ``trick`` ``None``.
    """

    message_id = "illegal"

    def __init__(
        self,
        rule: str,
        seat: Seat | None,
        action: Action | None,
        position: str = "",
        detail: dict[str, Any] | None = None,
        trick: int | None = None,
    ) -> None:
        super().__init__(rule, seat, action)
        self.rule = rule
        self.seat = seat
        self.action = action
        self.position = position
        self.detail = dict(detail or {})
        self.trick = trick
        # Where a replayed record holds the action (set by ``record.replay``).
        self.deal: int | None = None
        self.line: int | None = None
        self.column: int | None = None

    def params(self) -> dict[str, Any]:
        return {"rule": self.rule, "seat": self.seat, "action": self.action, **self.detail}


class RecordError(MarjapussiError):
    """A malformed game record: the line and column and what was expected there."""

    message_id = "bad-record"

    def __init__(
        self, line: int, column: int, expected: str, found: str = "", cause: MarjapussiError | None = None
    ) -> None:
        super().__init__(line, column, expected, found)
        self.line = line
        self.column = column
        self.expected = expected
        self.found = found
        # The error behind this one (an invalid deal, an unknown rule switch), for its message.
        self.cause = cause

    def params(self) -> dict[str, Any]:
        return {"line": self.line, "column": self.column, "expected": self.expected, "found": self.found}
