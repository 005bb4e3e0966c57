"""Rulesets as data: one frozen ``Rules`` record of switches, and presets by name.

A preset is a named set of switches; a variation is one switch, so a reader can combine
them: ``find_rules("pagat").replace(deck_size=32, must_beat=False)``. Each switch is
read at one decision point of the engine, named in its comment below.

>>> find_rules("guild").target
12
>>> find_rules("pagat", deck_size=32).hand_size
8
>>> find_rules("bridge")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
marjapussi.errors.RulesError: Unknown rules 'bridge'; known: guild, pagat, huutopussi, huutopussi3, ...
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, fields
from typing import Any, Literal

from .errors import RulesError

__all__ = ["PRESETS", "SWITCHES", "Rules", "find_rules", "parse_rules_spec", "switch_applies"]

Family = Literal["marjapussi", "huutopussi", "huutopussi-marriage"]
Scoring = Literal["guild", "pagat", "huutopussi", "marriage"]
OpeningLead = Literal["clubs-ace-each-era", "dealer-left", "clubs-ace-first-deal", "bid-winner"]
AceSpadeLead = Literal["later-deals", "every-deal", "never"]
BothOnTarget = Literal["both-to-bust", "tie"]
CardValues = Literal["original", "simplified"]
AllPass = Literal["redeal", "no-trump", "last-must-open", "no-contract"]
FourAces = Literal["redeal", "bonus"]
MarriageValues = Literal["hearts-high", "bridge"]
FirstBidder = Literal["left", "dealer"]
RaiseWhen = Literal["before-return", "after-exchange"]
DeclareRight = Literal["own-led", "any-won"]
AskLockout = Literal["basic", "illisoft"]
DeclarerNoTrick = Literal["seat-bid", "side-contract"]
DefenderRounding = Literal["none", "nearest-5"]
BidBan = Literal["minus-500", "minus-250", "below-zero", "off"]
RedealRule = Literal["sixes-or-low", "four-sixes"]
WinTiebreak = Literal["higher", "declarer"]


@dataclass(frozen=True)
class Rules:
    """The switches of one ruleset. Use ``find_rules`` to get a preset."""

    name: str = "guild"
    family: Family = "marjapussi"
    # players: 4 in pairs; 3 each for himself (Huutopussi only).
    players: int = 4
    # deck_size: the pack (36, 32 without sixes, 28 without sixes or sevens).
    deck_size: int = 36
    # scoring: how a deal is scored and how deals make a game.
    scoring: Scoring = "guild"
    # card_values: pagat card points (original 120 or simplified 140).
    card_values: CardValues = "original"
    # opening_lead: who leads the first trick of a deal (deal start).
    opening_lead: OpeningLead = "clubs-ace-each-era"
    # ace_spade_lead: first lead must be an ace, else a spade (lead duties).
    ace_spade_lead: AceSpadeLead = "later-deals"
    # first_trick_ace: the ace of the led suit must be played in trick 1 (play duties).
    first_trick_ace: bool = True
    # must_beat: beat the card winning so far when able (play duties).
    must_beat: bool = True
    # declare_from_trick: the number (in the deal) of the first trick after which its winner may declare.
    declare_from_trick: int = 2
    # small_trump_lead: after a small trump its suit must be led if held (lead duties).
    small_trump_lead: bool = True
    # target: the exact total that wins an era (guild 12, pagat 10).
    target: int = 12
    # bust_to: the total a pair falls to when it passes the target.
    bust_to: int = 7
    # target_or_more: reaching the target or more wins (no bust).
    target_or_more: bool = False
    # both_on_target: both pairs on the target in one deal: both bust, or a tie.
    both_on_target: BothOnTarget = "both-to-bust"
    # eras_to_win: erä wins needed for the game (guild 2; pagat plays one race to 10).
    eras_to_win: int = 2
    # carry_card_tie: a tie in card points carries that game point to the next deal.
    carry_card_tie: bool = False
    # Huutopussi: the auction and the contract.
    min_bid: int = 56
    bid_step: int = 5
    all_pass: AllPass = "redeal"
    trump_with_bid: bool = False
    double_penalty: bool = False
    game_to: int = 500
    molotov_bonus: int = 0
    four_aces: FourAces = "redeal"
    four_aces_bonus: int = 0
    # Huutopussi with marriage trumps (the online game): the auction, the exchange,
    # declarations and the contract. Each is read at the decision point its comment names.
    # marriage_values: what a marriage is worth: hearts-high ♥100 ♦80 ♣60 ♠40,
    # bridge ♠100 ♥80 ♦60 ♣40 (scoring).
    marriage_values: MarriageValues = "hearts-high"
    # last_trick_bonus: the points for the last trick, 10 or 20 (scoring).
    last_trick_bonus: int = 10
    # max_bid: the highest bid and contract (440 or 420, ends the auction at once; 0: none).
    max_bid: int = 440
    # first_bidder: who calls first, left of the dealer or the dealer (auction start).
    first_bidder: FirstBidder = "left"
    # forced_opening: the first caller may not pass (auction).
    forced_opening: bool = True
    # exchange_count: how many cards the partner gives and the declarer returns (exchange).
    exchange_count: int = 3
    # raise_when: the contract is set before the declarer returns cards, or after (exchange).
    raise_when: RaiseWhen = "before-return"
    # declare_right: a declaration after a trick the winner led himself, or any won trick (window).
    declare_right: DeclareRight = "own-led"
    # ask_lockout: what an ask bars afterwards, basic or illisoft (asks).
    ask_lockout: AskLockout = "basic"
    # bluff_half_ask: a half may be asked naming a king or queen one does not hold (asks).
    bluff_half_ask: bool = False
    # declarer_no_trick: a trickless declarer: his seat at −2×bid, or his side at −2×contract (scoring).
    declarer_no_trick: DeclarerNoTrick = "seat-bid"
    # defender_rounding: the defenders' points as they are, or to the nearest 5 (scoring).
    defender_rounding: DefenderRounding = "none"
    # bid_ban: who may not bid: a side at −500 or less, −250 or less, below 0 (auction reopens), nobody.
    bid_ban: BidBan = "minus-500"
    # redeal_rule: three sixes or nothing above a jack on the first call, or four sixes in a pair (redeal).
    redeal_rule: RedealRule = "sixes-or-low"
    # win_tiebreak: both sides past the target: the higher total wins, or the declarer's side (game end).
    win_tiebreak: WinTiebreak = "higher"

    @property
    def hand_size(self) -> int:
        """Cards in each hand: 9, 8 or 7 for four players; 11 for three."""
        return 11 if self.players == 3 else self.deck_size // 4

    @property
    def tricks_per_deal(self) -> int:
        """Tricks in one deal."""
        return self.hand_size

    def replace(self, **changes: Any) -> Rules:
        """Return a copy with some switches changed, checked like ``find_rules``."""
        return _checked(dataclasses.replace(self, **changes))

    def changed_switches(self) -> dict[str, Any]:
        """Return the switches that differ from this ruleset's preset."""
        base = PRESETS.get(self.name, GUILD)
        return {
            f.name: getattr(self, f.name)
            for f in fields(self)
            if f.name != "name" and getattr(self, f.name) != getattr(base, f.name)
        }

    def spec(self) -> str:
        """Return the ruleset as written in records: ``pagat deck_size=32 must_beat=no``."""
        parts = [self.name]
        for key, value in self.changed_switches().items():
            parts.append(f"{key}={_format_value(value)}")
        return " ".join(parts)


GUILD = Rules()
PAGAT = Rules(
    name="pagat",
    scoring="pagat",
    opening_lead="dealer-left",
    ace_spade_lead="never",
    first_trick_ace=False,
    declare_from_trick=1,
    small_trump_lead=False,
    target=10,
    both_on_target="tie",
    eras_to_win=1,
)
HUUTOPUSSI = Rules(
    name="huutopussi",
    family="huutopussi",
    scoring="huutopussi",
    opening_lead="bid-winner",
    ace_spade_lead="never",
    first_trick_ace=False,
    declare_from_trick=99,
    small_trump_lead=False,
    target=500,
    eras_to_win=1,
)
HUUTOPUSSI3 = dataclasses.replace(HUUTOPUSSI, name="huutopussi3", players=3)
# Huutopussi's deal and play, with declarations from trick 1 on and its own bidding.
HUUTOPUSSI_MARRIAGE = dataclasses.replace(
    HUUTOPUSSI,
    name="huutopussi-marriage",
    family="huutopussi-marriage",
    scoring="marriage",
    declare_from_trick=1,
    min_bid=50,
    all_pass="last-must-open",
)
HUUTOPUSSI_MARRIAGE3 = dataclasses.replace(
    HUUTOPUSSI_MARRIAGE, name="huutopussi-marriage3", players=3, min_bid=40
)

PRESETS: dict[str, Rules] = {
    r.name: r for r in (GUILD, PAGAT, HUUTOPUSSI, HUUTOPUSSI3, HUUTOPUSSI_MARRIAGE, HUUTOPUSSI_MARRIAGE3)
}
"""The named presets."""

SWITCHES: tuple[str, ...] = tuple(f.name for f in fields(Rules) if f.name not in ("name", "family"))
"""The names of the switches a reader may change."""

_CHOICES: dict[str, tuple[Any, ...]] = {
    "players": (4, 3),
    "deck_size": (36, 32, 28),
    "scoring": ("guild", "pagat", "huutopussi", "marriage"),
    "card_values": ("original", "simplified"),
    "opening_lead": ("clubs-ace-each-era", "dealer-left", "clubs-ace-first-deal", "bid-winner"),
    "ace_spade_lead": ("later-deals", "every-deal", "never"),
    "both_on_target": ("both-to-bust", "tie"),
    "bid_step": (1, 5),
    "four_aces": ("redeal", "bonus"),
    "marriage_values": ("hearts-high", "bridge"),
    "last_trick_bonus": (10, 20),
    "max_bid": (440, 420, 0),
    "first_bidder": ("left", "dealer"),
    "exchange_count": (3, 4),
    "raise_when": ("before-return", "after-exchange"),
    "declare_right": ("own-led", "any-won"),
    "ask_lockout": ("basic", "illisoft"),
    "declarer_no_trick": ("seat-bid", "side-contract"),
    "defender_rounding": ("none", "nearest-5"),
    "bid_ban": ("minus-500", "minus-250", "below-zero", "off"),
    "redeal_rule": ("sixes-or-low", "four-sixes"),
    "win_tiebreak": ("higher", "declarer"),
}

# Values that depend on the family: the Huutopussi values also stand for Marjapussi,
# where these switches keep their preset value.
_FAMILY_CHOICES: dict[str, dict[str, tuple[Any, ...]]] = {
    "huutopussi": {"min_bid": (56, 60, 65), "all_pass": ("redeal", "no-trump")},
    "huutopussi-marriage": {
        "min_bid": (50, 60, 40),
        "all_pass": ("last-must-open", "no-contract"),
        "ace_spade_lead": ("never", "every-deal"),
    },
}


def _format_value(value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def _parse_value(name: str, text: str, kind: Any) -> Any:
    if kind is bool:
        if text.lower() in ("yes", "true", "1", "on"):
            return True
        if text.lower() in ("no", "false", "0", "off"):
            return False
        raise RulesError(f"{name}={text}", ["yes", "no"], "value")
    if kind is int:
        # ASCII digits only: int() would also read "١٢", "1_0" and "+5", which print back otherwise.
        if not (text.isascii() and text.isdigit()) or len(text) > 6:
            raise RulesError(f"{name}={text}", ["a whole number"], "value")
        return int(text)
    return text


# Switches that belong to one family only; in the other family each keeps its preset value.
_MARJAPUSSI_ONLY: tuple[str, ...] = (
    "card_values",
    "opening_lead",
    "ace_spade_lead",
    "first_trick_ace",
    "declare_from_trick",
    "small_trump_lead",
    "target",
    "bust_to",
    "target_or_more",
    "both_on_target",
    "eras_to_win",
    "carry_card_tie",
)
_HUUTOPUSSI_ONLY: tuple[str, ...] = (
    "min_bid",
    "bid_step",
    "all_pass",
    "trump_with_bid",
    "double_penalty",
    "game_to",
    "molotov_bonus",
    "four_aces",
    "four_aces_bonus",
)


# Switches of Huutopussi with marriage trumps only; every other family keeps the default.
_MARRIAGE_ONLY: tuple[str, ...] = (
    "marriage_values",
    "last_trick_bonus",
    "max_bid",
    "first_bidder",
    "forced_opening",
    "exchange_count",
    "raise_when",
    "declare_right",
    "ask_lockout",
    "bluff_half_ask",
    "declarer_no_trick",
    "defender_rounding",
    "bid_ban",
    "redeal_rule",
    "win_tiebreak",
)
# The switches Huutopussi with marriage trumps shares with the other families.
_MARRIAGE_SHARED: tuple[str, ...] = (
    "players",
    "deck_size",
    "scoring",
    "card_values",
    "ace_spade_lead",
    "first_trick_ace",
    "must_beat",
    "min_bid",
    "all_pass",
    "game_to",
)


def switch_applies(name: str, family: str) -> bool:
    """Tell whether a switch means something in a family (``marjapussi``, ``huutopussi``
    or ``huutopussi-marriage``).

    >>> switch_applies("min_bid", "marjapussi"), switch_applies("must_beat", "huutopussi")
    (False, True)
    >>> switch_applies("exchange_count", "huutopussi"), switch_applies("card_values", "huutopussi-marriage")
    (False, True)
    """
    if family == "huutopussi-marriage":
        return name in _MARRIAGE_SHARED or name in _MARRIAGE_ONLY
    if name in _MARRIAGE_ONLY:
        return False
    if family == "huutopussi":
        return name not in _MARJAPUSSI_ONLY
    return name not in _HUUTOPUSSI_ONLY


def _conflict(rules: Rules, name: str, because: str) -> RulesError:
    """A switch value that makes no sense with the rest of the ruleset: say which and why."""
    value = _format_value(getattr(rules, name))
    return RulesError(f"{name}={value}", [because], "conflict")


def _check_types(rules: Rules) -> None:
    for f in fields(rules):
        value = getattr(rules, f.name)
        kind = _KINDS[f.name]
        if kind is bool:
            ok = isinstance(value, bool)
        elif kind is int:
            ok = isinstance(value, int) and not isinstance(value, bool)
        else:
            ok = isinstance(value, str)
        if not ok:
            allowed = ["bool"] if kind is bool else ["int"] if kind is int else ["str"]
            raise RulesError(f.name, allowed, "type", repr(value)[:40])


def _checked(rules: Rules) -> Rules:
    _check_types(rules)
    choices = {**_CHOICES, **_FAMILY_CHOICES.get(rules.family, _FAMILY_CHOICES["huutopussi"])}
    for name, allowed in choices.items():
        value = getattr(rules, name)
        if value not in allowed:
            raise RulesError(f"{name}={_format_value(value)}", [_format_value(a) for a in allowed], "value")
    if rules.players == 3 and rules.family == "marjapussi":
        raise RulesError("players=3", ["4"], "value")
    if rules.family == "huutopussi-marriage":
        return _checked_marriage(rules)
    for name in _MARRIAGE_ONLY:
        if getattr(rules, name) != getattr(GUILD, name):
            raise _conflict(rules, name, "marriage-only")
    if rules.family == "huutopussi" and rules.deck_size != 36:
        raise RulesError(f"deck_size={rules.deck_size}", ["36"], "value")
    for name in ("target", "bust_to", "eras_to_win", "game_to", "declare_from_trick"):
        if getattr(rules, name) < 1:
            raise RulesError(f"{name}={getattr(rules, name)}", ["a positive number"], "value")
    for name in ("molotov_bonus", "four_aces_bonus"):
        if getattr(rules, name) < 0:
            raise RulesError(f"{name}={getattr(rules, name)}", ["0 or more"], "value")
    if rules.family == "huutopussi":
        base = HUUTOPUSSI
        if rules.scoring != "huutopussi":
            raise _conflict(rules, "scoring", "hp-scoring")
        for name in _MARJAPUSSI_ONLY:
            if getattr(rules, name) != getattr(base, name):
                raise _conflict(rules, name, "marjapussi-only")
    else:
        if rules.scoring == "huutopussi":
            raise _conflict(rules, "scoring", "huutopussi-only")
        if rules.opening_lead == "bid-winner":
            raise _conflict(rules, "opening_lead", "huutopussi-only")
        for name in _HUUTOPUSSI_ONLY:
            if getattr(rules, name) != getattr(GUILD, name):
                raise _conflict(rules, name, "huutopussi-only")
        if rules.scoring == "guild" and rules.card_values != "original":
            raise _conflict(rules, "card_values", "pagat-only")
        if rules.scoring == "guild" and rules.carry_card_tie:
            raise _conflict(rules, "carry_card_tie", "pagat-only")
        if rules.bust_to >= rules.target:
            raise _conflict(rules, "bust_to", "bust-below-target")
        if rules.declare_from_trick >= rules.tricks_per_deal:
            raise _conflict(rules, "declare_from_trick", "declare-in-deal")
    return rules


def _checked_marriage(rules: Rules) -> Rules:
    """Check Huutopussi with marriage trumps: its own switches, and the combinations that
    make no sense (each refused with the reason as a message key)."""
    base = HUUTOPUSSI_MARRIAGE
    if rules.deck_size != 36:
        raise RulesError(f"deck_size={rules.deck_size}", ["36"], "value")
    if rules.game_to < 1:
        raise RulesError(f"game_to={rules.game_to}", ["a positive number"], "value")
    if rules.scoring != "marriage":
        raise _conflict(rules, "scoring", "marriage-scoring")
    for f in fields(rules):
        if f.name in ("name", "family") or switch_applies(f.name, rules.family):
            continue
        if getattr(rules, f.name) != getattr(base, f.name):
            raise _conflict(rules, f.name, "not-marriage")
    # With a forced opening somebody always bids: what happens when all pass cannot arise.
    if rules.forced_opening and rules.all_pass != base.all_pass:
        raise _conflict(rules, "all_pass", "all-pass-forced")
    if rules.players == 3:
        # Three players: the bid winner takes the talon and puts three cards away; no asks.
        if rules.exchange_count != base.exchange_count:
            raise _conflict(rules, "exchange_count", "three-talon")
        for name in ("ask_lockout", "bluff_half_ask"):
            if getattr(rules, name) != getattr(base, name):
                raise _conflict(rules, name, "three-no-asks")
    return rules


_KINDS: dict[str, Any] = {
    f.name: (bool if isinstance(f.default, bool) else int if isinstance(f.default, int) else str)
    for f in fields(Rules)
}


def find_rules(name: str = "guild", **switches: Any) -> Rules:
    """Return a preset by name, with any switches changed.

    Raises ``RulesError`` listing the known names for an unknown preset or switch.
    """
    try:
        base = PRESETS[name]
    except KeyError:
        raise RulesError(name, list(PRESETS)) from None
    for key in switches:
        if key not in SWITCHES:
            raise RulesError(key, list(SWITCHES), "switch")
    return _checked(dataclasses.replace(base, **switches)) if switches else base


def parse_rules_spec(text: str) -> Rules:
    """Read a ruleset as written in records: a preset name, then ``switch=value`` words.

    >>> parse_rules_spec("pagat deck_size=32 must_beat=no").must_beat
    False
    """
    words = text.split()
    if not words:
        raise RulesError("", list(PRESETS))
    changes: dict[str, Any] = {}
    for word in words[1:]:
        key, sep, value = word.partition("=")
        if not sep or key not in SWITCHES:
            raise RulesError(word, list(SWITCHES), "switch")
        changes[key] = _parse_value(key, value, _KINDS[key])
    return find_rules(words[0], **changes)
