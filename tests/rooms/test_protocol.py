"""The checks of ``rooms.protocol`` that stand apart from any room: what becomes of a name or a
comment as typed."""

from __future__ import annotations

import sys
import unicodedata

import pytest

from marjapussi.rooms.protocol import Refused, comment_text, player_name

FORMAT = [chr(c) for c in range(sys.maxunicode + 1) if unicodedata.category(chr(c)) == "Cf"]
"""Every format character (Unicode category Cf) of this Python's Unicode tables."""


def test_a_name_keeps_no_format_character_of_any_kind() -> None:
    named = ["\u2060", "\ufeff", "\u00ad", "\u180e", "\u2061", "\u2062", "\u2063", "\u2064", "\u200d"]
    assert set(named) <= set(FORMAT)  # the ones the attacker tried are among them
    for start in range(0, len(FORMAT), 20):
        chunk = FORMAT[start : start + 20]
        name = "Sa" + "".join(chunk) + "ša"
        assert player_name(name) == "Saša", [f"U+{ord(c):04X}" for c in player_name(name) if c in chunk]
    assert player_name("\u2060\ufeff") == ""  # nothing left: no name, as if none were typed


def test_a_comment_keeps_no_format_character_and_one_of_only_them_is_refused() -> None:
    assert comment_text("Hy\u00advä\u2060 siirto\ufeff\nrivi") == "Hyvä siirto rivi"
    with pytest.raises(Refused):
        comment_text("\u2060\u2061\u180e")


def test_ordinary_letters_of_every_language_stay() -> None:
    assert player_name("  Äiti  Ülle ") == "Äiti Ülle"
    assert player_name("Дядя Ёжик") == "Дядя Ёжик"
    assert player_name("Zoë\u0301") == "Zoë\u0301"  # a combining mark is no format character
