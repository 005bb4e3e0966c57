"""The rule ids: stable names of the rules, shared by the engine, messages and site.

Every refusal the engine makes names one of these ids, and each rules page of the site
carries the same id as an anchor, so an explanation can link to its paragraph.

A rule is linked on the page of the rule family being played (``FAMILY_PAGES``): a
Huutopussi refusal to follow suit goes to the Huutopussi page's paragraph on play, which
states the duty and points on to the guild page's details (``FAMILY_ANCHORS``). A rule the
family's page does not treat keeps its own page.

>>> RULE_PAGES["must-beat"]
'rules/guild'
>>> rule_url("must-beat", "en")
'en/rules/guild/#must-beat'
>>> rule_url("must-beat", "en", "huutopussi")
'en/rules/huutopussi/#huutopussi-trump'
>>> rule_url("contract", "fi", "huutopussi3"), rule_url("misplay", "ru", "pagat")
('rules/huutopussi/#contract', 'ru/rules/guild/#misplay')
"""

from __future__ import annotations

__all__ = [
    "COMMON",
    "DECLARING",
    "FAMILY_ANCHORS",
    "FAMILY_PAGES",
    "GUILD",
    "HUUTOPUSSI",
    "HUUTOPUSSI_MARRIAGE",
    "PAGAT",
    "RULE_IDS",
    "RULE_PAGES",
    "family_page",
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

DECLARING: tuple[str, ...] = (
    "declare-window",
    "declare-own",
    "ask-whole",
    "ask-half",
    "burn",
    "trump",
    "small-trump",
    "small-trump-lead",
)
"""The guild ruleset's rules of declaring and asking (Pagat Marjapussi shares them)."""

GUILD: tuple[str, ...] = (
    "opening-lead-clubs-ace",
    "dealer-rotation",
    "opening-lead-ace-spade",
    "first-trick-ace",
    *DECLARING,
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


FAMILY_PAGES: dict[str, str] = {
    "guild": "rules/guild",
    "pagat": "rules/pagat",
    "huutopussi": "rules/huutopussi",
    "huutopussi3": "rules/huutopussi",
    "huutopussi-marriage": "rules/huutopussi-marriage",
    "huutopussi-marriage3": "rules/huutopussi-marriage",
}
"""The rules page of each preset (a ``Rules.name``): the page its rule links go to."""

_PLAY = ("follow-suit", "must-trump", "must-beat", "trick-winner")

FAMILY_ANCHORS: dict[str, dict[str, str]] = {
    "rules/pagat": {
        "deck": "deck-size",
        "seats": "pagat-marjapussi",
        "dealer-rotation": "pagat-lead",
        **{rule: "pagat-lead" for rule in _PLAY},
        **{rule: "pagat-declarations" for rule in DECLARING},
        "last-trick": "pagat-scoring",
        "opening-lead-clubs-ace": "variation-clubs-ace-first",
        "opening-lead-ace-spade": "variation-ace-spade-lead",
        "porvoo": "pagat-target",
        "era-total": "pagat-target",
        "game": "pagat-target",
    },
    "rules/huutopussi": {
        "deck": "huutopussi-deal",
        "seats": "huutopussi-deal",
        "dealer-rotation": "huutopussi-deal",
        **{rule: "huutopussi-trump" for rule in _PLAY},
        "trump": "huutopussi-trump",
        "last-trick": "huutopussi-scoring",
        "game": "huutopussi-game",
    },
    "rules/huutopussi-marriage": {
        "deck": "marriage-deal",
        "seats": "marriage-deal",
        "dealer-rotation": "marriage-deal",
        **{rule: "marriage-trump" for rule in _PLAY},
        "trump": "marriage-trump",
        "last-trick": "marriage-deal",
        "game": "marriage-game",
    },
}
"""For each family's page, the anchors of its paragraphs on rules whose own page is another
(the guild page's common rules): the id each of them is linked to there."""


def family_page(family: str | None) -> str | None:
    """The rules page of a preset name (``Rules.name``); ``None`` for no or an unknown one."""
    return FAMILY_PAGES.get(family) if family is not None else None


def rule_url(rule: str, lang: str = "fi", family: str | None = None) -> str:
    """Return the site-relative address of a rule's paragraph in a language.

    ``family`` is the preset being played (a ``Rules.name``): the rule is linked on that
    family's page when the page treats it, else on its own page. Finnish is the site's
    default language and lives at the root.
    """
    page = RULE_PAGES.get(rule, "rules/guild")
    anchor = rule
    played = family_page(family)
    if played is not None and played != page and rule in FAMILY_ANCHORS.get(played, {}):
        page, anchor = played, FAMILY_ANCHORS[played][rule]
    prefix = "" if lang == "fi" else f"{lang}/"
    return f"{prefix}{page}/#{anchor}"
