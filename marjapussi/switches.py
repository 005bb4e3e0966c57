"""What each rules switch means, in Finnish, English and Russian (``rules`` command)."""

from __future__ import annotations

from .i18n import t

__all__ = ["switch_help"]


def switch_help(name: str, lang: str = "en") -> str:
    """Say in one line what a switch of ``Rules`` changes."""
    return t(f"switch:{name}", lang)
