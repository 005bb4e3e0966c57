"""The rule ids: stable names of the rules, shared by the engine, messages and site.

Every refusal the engine makes names one of these ids, and each rules page of the site
carries the same id as an anchor, so an explanation can link to its paragraph.

>>> RULE_PAGES["must-beat"]
'rules/guild'
>>> rule_url("must-beat", "en")
'en/rules/guild/#must-beat'
"""

from __future__ import annotations

__all__ = [
    "COMMON",
    "GUILD",
    "HUUTOPUSSI",
    "HUUTOPUSSI_MARRIAGE",
    "PAGAT",
    "RULE_IDS",
    "RULE_PAGES",
    "rule_url",
]

COMMON: tuple[str, ...] = (
    "deck",
    "seats",
    "follow-suit",
    "must-trump",
    "must-beat",
    "trick-winner",
)
"""Rules common to every family (documented on the guild rules page)."""

GUILD: tuple[str, ...] = (
    "opening-lead-clubs-ace",
    "dealer-rotation",
    "opening-lead-ace-spade",
    "first-trick-ace",
    "declare-window",
    "declare-own",
    "ask-whole",
    "ask-half",
    "burn",
    "trump",
    "small-trump",
    "small-trump-lead",
    "look-back",
    "matti-point",
    "last-trick",
    "porvoo",
    "era-total",
    "game",
    "misplay",
)
"""The guild ruleset's own rules."""

PAGAT: tuple[str, ...] = (
    "deck-size",
    "card-values",
    "pagat-lead",
    "pagat-declarations",
    "pagat-scoring",
    "pagat-target",
    "pagat-variations",
)
"""Pagat Marjapussi: the digest's ids and the ``pagat-`` ids of the rules page."""

HUUTOPUSSI: tuple[str, ...] = (
    "bidding",
    "marriage-on-lead",
    "contract",
    "molotov",
    "huutopussi-deal",
    "huutopussi-trump",
    "huutopussi-scoring",
    "huutopussi-game",
    "huutopussi-redeal",
    "huutopussi-three",
)
"""Huutopussi: the digest's ids and the ``huutopussi-`` ids of the rules page."""

HUUTOPUSSI_MARRIAGE: tuple[str, ...] = (
    "marriage-deal",
    "auction-final-pass",
    "forced-opening",
    "max-bid",
    "bid-ban",
    "marriage-redeal",
    "partner-exchange",
    "contract-raise",
    "marriage-trump",
    "marriage-window",
    "marriage-own",
    "marriage-ask-whole",
    "marriage-ask-half",
    "marriage-value",
    "exact-contract",
    "no-trick-penalty",
    "marriage-game",
    "marriage-three",
)
"""Huutopussi with marriage trumps: the digest's ids, with ``marriage-deal`` (the deal and
the card points) and ``marriage-three`` (three players) of its rules page."""

RULE_IDS: tuple[str, ...] = COMMON + GUILD + PAGAT + HUUTOPUSSI + HUUTOPUSSI_MARRIAGE
"""Every rule id, in the order of the rules pages."""

RULE_PAGES: dict[str, str] = {
    **{rule: "rules/guild" for rule in COMMON + GUILD},
    **{rule: "rules/pagat" for rule in PAGAT},
    **{rule: "rules/huutopussi" for rule in HUUTOPUSSI},
    **{rule: "rules/huutopussi-marriage" for rule in HUUTOPUSSI_MARRIAGE},
}
"""The site page (without language prefix) whose anchor explains each rule id."""


def rule_url(rule: str, lang: str = "fi") -> str:
    """Return the site-relative address of a rule's paragraph in a language.

    Finnish is the site's default language and lives at the root.
    """
    page = RULE_PAGES.get(rule, "rules/guild")
    prefix = "" if lang == "fi" else f"{lang}/"
    return f"{prefix}{page}/#{rule}"
