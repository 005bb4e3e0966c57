"""The score keeper's form at a real table: the game first, a blank new deal, and only fields
that make sense together.

Defects found by using it: the form showed "Trump suit: no trumps" beside "Trumps declared
by: North–South"; after each deal it reset to plausible numbers (5–4 tricks) that a tired
scorer added by mistake; Huutopussi hid in a collapsed "Rules and variations" block, and
the Huutopussi tie (sides level past the target) was decided for the first side. Every
real deal played by the engine must fit the form, and be scored exactly as the engine
scores it.
"""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from marjapussi import Deal, Seat, find_rules
from marjapussi.cards import Pair
from marjapussi.huutopussi import HuutopussiDeal
from marjapussi.i18n import game_level_text, names_text, pair_name, seat_name
from marjapussi.web import bridge
from marjapussi.web import keeper_facts as kf
from marjapussi.web import score_keeper as sk
from marjapussi.web.common import sensible_playout_step
from marjapussi.web.texts import wt

from .webkit import LANGS, call, check_html

KIND = "score-keeper"


def options(html: str, field: str) -> list[str]:
    """The values a ``<select>`` of the view offers (its blank "choose" included as "")."""
    found = re.search(rf'<select data-action-field="{re.escape(field)}"[^>]*>(.*?)</select>', html, re.S)
    assert found is not None, f"no field {field}"
    return re.findall(r'<option value="([^"]*)"', found.group(1))


def fields(html: str) -> set[str]:
    """The facts the deal's form asks for (its fields' names)."""
    form = re.search(r'<form class="mp-form mp-keeper-entry".*?</form>', html, re.S)
    assert form is not None
    return set(re.findall(r'data-action-field="([^"]+)"', form.group(0)))


def add_button(html: str) -> str:
    found = re.search(r'<button type="submit"[^>]*data-focus-key="commit"[^>]*>', html)
    assert found is not None
    return found.group(0)


def view(state: dict[str, Any], lang: str = "en") -> str:
    return call(KIND, lang, state, {"type": "dismiss"})["html"]


def send(state: dict[str, Any], lang: str = "en", **action: Any) -> dict[str, Any]:
    reply = call(KIND, lang, state, {"type": "draft", **action})
    assert reply["ok"], reply["announce"]
    check_html(reply["html"])
    return reply


def set_rules(state: dict[str, Any], **action: Any) -> dict[str, Any]:
    reply = call(KIND, "en", state, {"type": "settings", **action})
    assert reply["ok"], reply["announce"]
    return reply["state"]


# ---------------------------------------------------------------------- the game first


@pytest.mark.parametrize("lang", LANGS)
def test_a_new_sheet_asks_for_the_game_first_then_its_variations(lang: str) -> None:
    html = bridge.render(KIND, "", lang)
    check_html(html)
    game = html.index('class="mp-form mp-keeper-game"')
    assert game < html.index('class="mp-keeper-sheet"') < html.index("mp-keeper-entry")
    assert wt("sk-step-game", lang) in html and wt("sk-step-rules", lang) in html
    for mode in kf.MODES:  # every game is a choice in plain view, none behind a fold
        assert f'value="{mode}" data-action-field="mode"' in html
        assert wt(f"sk-mode:{mode}", lang) in html
    assert "<details" not in html[:game]
    state = bridge.initial_state(KIND)
    reply = call(KIND, lang, state, {"type": "settings", "mode": "huutopussi3", "molo": 0})
    assert reply["ok"] and reply["state"]["mode"] == "huutopussi3"
    assert reply["announce"] == wt("sk-game-chosen", lang, mode=wt("sk-mode:huutopussi3", lang))
    html = reply["html"]
    assert 'value="huutopussi3" data-action-field="mode" data-focus-key="s-mode-huutopussi3" checked' in html
    for name in sk.MODE_OPTIONS["huutopussi3"]:  # its variations, right under the game
        assert f'data-action-field="{name}"' in html[: html.index("mp-keeper-sheet")]
    # once a deal is on the sheet the game is fixed: the first step gives way to the sheet
    state = call(KIND, lang, reply["state"], {"type": "draft", "k": "aces", "commit": "add"})["state"]
    html = view(state, lang)
    assert "mp-keeper-game" not in html and wt("sk-mode:huutopussi3", lang) in html
    locked = call(KIND, lang, state, {"type": "settings", "mode": "guild"})
    assert locked["announce"] == wt("sk-mode-locked", lang) and locked["state"] == state


# ---------------------------------------------------------------------- a new deal starts blank


BLANK_NAMES = {
    "guild": ["t", "l", "m", "tr"],
    "pagat": ["t", "l", "c", "tr"],
    "huutopussi": ["bid", "by", "tr", "t", "l", "c"],
    "huutopussi3": ["bid", "by", "tr", "t", "te", "l", "c", "ce"],
    "huutopussi-marriage": ["bid", "by", "ct", "t", "l", "c"],
    "huutopussi-marriage3": ["bid", "by", "ct", "t", "te", "l", "c", "ce"],
}


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("mode", kf.MODES)
def test_a_new_deal_starts_blank_and_cannot_be_added_until_it_is_filled_in(mode: str, lang: str) -> None:
    state = bridge.initial_state(KIND, mode)
    assert kf.missing(state, state["draft"]) == BLANK_NAMES[mode]
    html = view(state, lang)
    assert " disabled" in add_button(html) and 'aria-describedby="mp-keeper-why"' in add_button(html)
    names = []
    for key in BLANK_NAMES[mode]:
        if wt(f"sk-need:{key}", lang) not in names:
            names.append(wt(f"sk-need:{key}", lang))
    missing = wt("sk-missing", lang, fields=names_text(names, lang))
    assert f'id="mp-keeper-why">{missing}' in html.replace("&#x27;", "'")
    for field in ("t", "l", "m", "tr", "bid", "by"):  # every choice shows "choose", and it is chosen
        if field in fields(html):
            assert options(html, field)[0] == ""
            assert re.search(rf'data-action-field="{field}"[^>]*><option value="" selected>', html)
    # forced, the add is refused with what is missing, and nothing is added
    reply = call(KIND, lang, state, {"type": "draft", "commit": "add"})
    assert reply["announce"] == missing and reply["state"]["deals"] == []


@pytest.mark.parametrize("lang", LANGS)
def test_after_a_deal_the_next_starts_blank_again_and_half_filled_names_the_rest(lang: str) -> None:
    state = bridge.initial_state(KIND)
    state = send(state, lang, t=5, l="N", m=5, tr="H", tb="NS", commit="add")["state"]
    assert len(state["deals"]) == 1 and state["draft"] == sk.initial("")["draft"]
    reply = send(state, lang, t=6, tr="-")
    names = names_text([wt("sk-need:l", lang), wt("sk-need:m", lang)], lang)
    assert reply["announce"] == wt("sk-missing", lang, fields=names)
    assert " disabled" in add_button(reply["html"])
    reply = send(reply["state"], lang, l="S", m=6)
    assert " disabled" not in add_button(reply["html"])  # complete: the working shows, add is open
    assert 'class="mp-score"' in reply["html"]


# ---------------------------------------------------------------------- only fields that fit


def test_no_trumps_hides_who_declared_them_and_the_later_marriages() -> None:
    state = bridge.initial_state(KIND)
    html = send(state, tr="-")["html"]
    assert fields(html) >= {"t", "l", "m", "tr", "x"} and not fields(html) & {"tb", "sm-H", "sm-D"}
    reply = send(state, tr="H")
    assert {"tb", "sm-D", "sm-S", "sm-C"} <= fields(reply["html"]) and "sm-H" not in fields(reply["html"])
    assert reply["state"]["draft"]["tb"] is None  # who declared comes into view blank
    assert "tb" in kf.missing(reply["state"], reply["state"]["draft"])
    # changing the trump suit again keeps who declared it; "no trumps" drops it
    state = send(reply["state"], tr="H", tb="EW")["state"]
    assert send(state, tr="D")["state"]["draft"]["tb"] == "EW"
    assert "tb" not in fields(send(state, tr="-")["html"])


def test_a_pair_without_a_trick_is_offered_nothing_it_could_not_have_done() -> None:
    state = bridge.initial_state(KIND)
    reply = send(state, t=0, tr="H")
    html = reply["html"]
    assert options(html, "l") == ["", "E", "W"]
    assert options(html, "m") == ["", "0"]
    assert options(html, "tb") == ["", "EW"]
    assert options(html, "sm-D") == ["-", "E"]
    # a choice that no longer fits what was changed is cleared, to be chosen again
    state = send(state, t=5, l="N", m=6)["state"]
    state = send(state, t=0, l="N", m=6)["state"]  # the live form sends every field: t changed
    assert state["draft"]["l"] is None and state["draft"]["m"] is None and state["draft"]["t"] == 0
    # at 4–4 matit the pips offered fit the tricks: one trick holds the four matit alone
    html = send(bridge.initial_state(KIND), t=1, m=4)["html"]
    assert options(html, "p") == ["", "0"]


def test_huutopussi_offers_a_trump_suit_with_every_contract_and_the_rules_choose_the_rest() -> None:
    state = bridge.initial_state(KIND, "huutopussi")
    html = view(state)
    assert options(html, "tr") == ["", "H", "D", "S", "C"]  # a contract always has a trump suit
    assert options(html, "bid")[:4] == ["", "56", "60", "65"] and "57" not in options(html, "bid")
    assert "k" not in fields(html) and 'data-focus-key="k-pass"' in html  # all passed: a redeal
    state = set_rules(state, step=1, minbid=60)
    assert options(view(state), "bid")[:3] == ["", "60", "61"]
    state = set_rules(state, **{"pass": "no-trump"})
    html = view(state)
    assert "k" in fields(html) and 'data-focus-key="k-pass"' not in html
    html = send(state, k="open")["html"]  # all passed and played: no contract, no trump
    assert not fields(html) & {"bid", "by", "tr"}
    state = send(state, bid=60, by="N", t=0)["state"]  # the bidder led first: a marriage of his fits
    assert options(view(state), "mar-H") == ["-", "N", "E", "W"]


FORGED = [
    ("guild", {"t": 0, "l": "N", "m": 0, "tr": "-"}, "sk-last-no-trick", {"seat": "N"}),
    ("guild", {"t": 1, "l": "N", "m": 8, "tr": "-"}, "sk-too-many-matit", {"pair": "NS", "n": 8, "t": 1}),
    (
        "guild",
        {"t": 1, "l": "N", "m": 4, "p": 20, "tr": "-"},
        "sk-pips-tricks",
        {"pair": "NS", "n": 20, "t": 1},
    ),
    ("guild", {"t": 0, "l": "E", "m": 0, "tr": "H", "tb": "NS"}, "sk-declare-no-trick", {"pair": "NS"}),
    ("pagat", {"t": 5, "l": "N", "c": 1, "tr": "-"}, "sk-bad-points", {"n": 1}),
    ("pagat", {"t": 0, "l": "E", "c": 10, "tr": "-"}, "sk-points-no-trick", {"pair": "NS"}),
    ("pagat", {"t": 1, "l": "N", "c": 100, "tr": "-"}, "sk-points-cards", {}),
    ("huutopussi", {"bid": 57, "by": "N", "tr": "H", "t": 5, "l": "N", "c": 60}, "sk-bad-bid", {"n": 57}),
    ("huutopussi", {"bid": 60, "by": "N", "tr": "-", "t": 5, "l": "N", "c": 60}, "sk-contract-trump", {}),
    ("huutopussi", {"k": "open", "t": 5, "l": "N", "c": 60}, "sk-kind-rules:open", {}),
    (
        "huutopussi",
        {"bid": 60, "by": "N", "tr": "H", "t": 9, "l": "N", "c": 120, "mar-S": "W"},
        "sk-marriage-no-lead",
        {"seat": "W"},
    ),
    (
        "huutopussi3",
        {"bid": 60, "by": "N", "tr": "H", "t": 9, "te": 3, "l": "N", "c": 60, "ce": 60},
        "sk-bad-tricks",
        {"n": 11},
    ),
    (
        "huutopussi3",
        {"bid": 60, "by": "N", "tr": "H", "t": 5, "te": 3, "l": "N", "c": 90, "ce": 60},
        "sk-points-sum",
        {"sum": 150, "total": 120},
    ),
]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(("mode", "facts", "key", "values"), FORGED, ids=[f[2] for f in FORGED])
def test_a_forged_impossible_deal_is_refused_with_its_reason(
    mode: str, facts: dict[str, Any], key: str, values: dict[str, Any], lang: str
) -> None:
    state = bridge.initial_state(KIND, mode)
    reply = call(KIND, lang, state, {"type": "draft", **facts, "commit": "add"})
    named = dict(values)
    if "seat" in named:
        named["seat"] = seat_name(Seat[named["seat"]], lang)
    if "pair" in named:
        named["pair"] = pair_name(Pair[named["pair"]], lang)
    assert reply["announce"].startswith(wt(key, lang, **named)), reply["announce"]
    assert reply["state"]["deals"] == [] and " disabled" in add_button(reply["html"])
    # the same deal stored on a sheet is no sheet at all
    stored = {**state, "deals": [reply["state"]["draft"]]}
    assert call(KIND, lang, stored, {"type": "undo"})["announce"] == wt("bad-state", lang)


# ---------------------------------------------------------------------- every real deal fits


CONFIGS = [
    ("guild", "guild", {}, {}),
    ("pagat", "pagat", {}, {}),
    ("pagat", "pagat", {"card_values": "simplified", "deck_size": 32}, {"values": "simplified", "deck": 32}),
    ("pagat", "pagat", {"deck_size": 28}, {"deck": 28}),
    ("huutopussi", "huutopussi", {}, {}),
    ("huutopussi", "huutopussi", {"all_pass": "no-trump"}, {"pass": "no-trump"}),
    ("huutopussi3", "huutopussi3", {}, {}),
    ("huutopussi3", "huutopussi3", {"all_pass": "no-trump", "bid_step": 1}, {"pass": "no-trump", "step": 1}),
]


def _played(rules: Any, seed: int) -> Deal:
    rng = random.Random(seed)
    if rules.family == "huutopussi":
        deal: Deal = HuutopussiDeal.random(seed, rules, dealer=Seat.W)
        while not deal.is_over():
            deal.play(rng.choice(deal.legal_actions()))
        return deal
    deal = Deal.random(seed, rules)
    while not deal.is_over():
        deal.play(sensible_playout_step(deal, rng))
    return deal


@pytest.mark.parametrize(
    ("mode", "preset", "switches", "options_"), CONFIGS, ids=[f"{c[1]}{c[2]}" for c in CONFIGS]
)
def test_every_real_deal_fits_the_form_and_scores_as_the_engine_scores_it(
    mode: str, preset: str, switches: dict[str, Any], options_: dict[str, Any]
) -> None:
    rules = find_rules(preset, **switches)
    state = {**sk.initial(mode), **options_}
    assert kf.rules_of(state) == rules
    for seed in range(60):
        deal = _played(rules, seed)
        facts = kf.normalise(mode, sk.facts_of_deal(deal))
        allowed = kf.choices(state, facts)
        for key in kf.shown(state, facts):  # each fact is among what the form offers
            value = facts[key]
            if key in ("c", "ce", "cs"):
                low, high = kf.bounds(state, facts, key)
                assert low <= value <= high, (seed, key, value, low, high)
            elif key in ("sm", "mar"):
                assert all(c in allowed[key] for c in value), (seed, key, value)
            elif key in allowed:
                assert value in allowed[key], (seed, key, value, allowed[key])
        assert kf.missing(state, facts) == [] and kf.problems(state, facts) == [], (seed, facts)
        assert kf.score_facts(state, facts).points == deal.result().points, (seed, facts)


# ---------------------------------------------------------------------- Huutopussi for three, the tie


@pytest.mark.parametrize("lang", LANGS)
def test_huutopussi_for_three_keeps_three_columns_and_works_out_the_third_player(lang: str) -> None:
    state = set_rules(bridge.initial_state(KIND), mode="huutopussi3")
    reply = send(state, lang, bid=70, by="E", tr="S", t=3, te=5)
    html = reply["html"].replace("&#x27;", "'")
    assert wt("sk-tricks-rest", lang, seat=seat_name(Seat.S, lang), n=3) in html
    assert wt("sk-discard-note", lang) in html and "cs" not in fields(html)
    reply = send(reply["state"], lang, l="E", c=30, ce=75)
    assert wt("sk-points-rest", lang, seat=seat_name(Seat.S, lang), n=15) in reply["html"]
    state = send(reply["state"], lang, commit="add")["state"]
    row = sk.sheet_rows(state)[0][0]
    assert row.score.points == (30, 85, 15)  # East: 75 in cards and the last trick's 10
    html = view(state, lang)
    assert html.count('<th scope="col" class="mp-num">') == 6
    # all passed and played: the talon stays out, so all three players' points are entered
    state = set_rules(bridge.initial_state(KIND, "huutopussi3"), **{"pass": "no-trump"})
    html = send(state, lang, k="open")["html"]
    assert {"c", "ce", "cs"} <= fields(html) and not fields(html) & {"bid", "by", "tr"}


@pytest.mark.parametrize("lang", LANGS)
def test_sides_level_past_the_target_play_another_deal_on_the_sheet(lang: str) -> None:
    state = set_rules(bridge.initial_state(KIND, "huutopussi"), to=300, **{"pass": "no-trump"})
    for _ in range(2):  # 120–10, then 10–120: level at 130, twice
        state = send(state, lang, bid=60, by="N", tr="H", t=8, l="N", c=110, commit="add")["state"]
        state = send(state, lang, bid=60, by="E", tr="H", t=1, l="E", c=10, commit="add")["state"]
    assert sk.sheet_rows(state)[1].totals == (260, 260)
    # all passed and played with no trump: 55 and the last trick for North–South, 65 for East–West
    reply = send(state, lang, k="open", t=4, l="S", c=55, commit="add")
    sheet = sk.sheet_rows(reply["state"])[1]
    assert sheet.totals == (325, 325) and sheet.winner is None and sheet.level == (0, 1)
    assert game_level_text(sheet, lang) in reply["announce"]
    assert game_level_text(sheet, lang) in reply["html"].replace("&#x27;", "'")
    assert " disabled" in add_button(reply["html"])  # the game goes on: a new, blank deal
    state = send(reply["state"], lang, k="-", bid=60, by="W", tr="D", t=2, l="W", c=70, commit="add")["state"]
    sheet = sk.sheet_rows(state)[1]
    assert sheet.winner == 1  # the bidders passed the target: they win
    assert wt("game-winner", lang, pair=pair_name(Pair.EW, lang)) in view(state, lang)


@pytest.mark.parametrize("lang", LANGS)
def test_two_defenders_level_past_the_target_play_another_deal_with_three_players(lang: str) -> None:
    state = set_rules(bridge.initial_state(KIND, "huutopussi3"), to=300)
    # North bids 60 and takes nothing; East and South take 65 each (East the last trick)
    failed = {"bid": 60, "by": "N", "tr": "H", "t": 0, "te": 5, "l": "E", "c": 0, "ce": 55, "commit": "add"}
    for _ in range(4):
        state = send(state, lang, **failed)["state"]
    assert sk.sheet_rows(state)[1].totals == (-240, 260, 260)
    reply = send(state, lang, **failed)
    sheet = sk.sheet_rows(reply["state"])[1]
    assert sheet.totals == (-300, 325, 325) and sheet.winner is None and sheet.level == (1, 2)
    assert game_level_text(sheet, lang) in reply["announce"]
    # the next deal decides: East bids and makes it
    made = {"bid": 60, "by": "E", "tr": "S", "t": 2, "te": 6, "l": "E", "c": 20, "ce": 70, "commit": "add"}
    state = send(reply["state"], lang, **made)["state"]
    sheet = sk.sheet_rows(state)[1]
    assert sheet.winner == 1
    assert wt("sk-player-wins", lang, pair=seat_name(Seat.E, lang)) in view(state, lang)


# ---------------------------------------------------------------------- sheets saved before


OLD_OPTIONS = {"values": "original", "tie": 0, "more": 0, "deck": 36, "dbl": 0, "molo": 0, "to": 500}
"""The variations a sheet saved by the first version of the score keeper holds."""


def test_a_sheet_saved_before_keeps_its_scores() -> None:
    import json

    old_hp = {
        "v": 1,
        "mode": "huutopussi",
        **OLD_OPTIONS,
        "deals": [{"t": 5, "l": "N", "c": 70, "tr": "", "bid": 60, "by": "N", "mar": "--E-", "k": "open"}],
    }
    reply = call(KIND, "en", bridge.initial_state(KIND), {"type": "restore", "text": json.dumps(old_hp)})
    assert reply["ok"] and reply["state"]["pass"] == "no-trump"
    assert sk.sheet_rows(reply["state"])[0][0].score.points == (80, 70)
    old_guild = {
        "v": 1,
        "mode": "guild",
        **OLD_OPTIONS,
        "draft": {**kf.FIXED},
        "deals": [{"t": 5, "l": "N", "m": 5, "p": 18, "a": 3, "tr": "", "tb": "NS", "sm": "-E-N", "x": ""}],
    }
    reply = call(KIND, "en", bridge.initial_state(KIND), {"type": "restore", "text": json.dumps(old_guild)})
    assert reply["ok"], reply["announce"]
    row = sk.sheet_rows(reply["state"])[0][0]
    # its first later marriage (♦, East–West) was scored as the trump, and still is
    assert row.score.points == (3, 2) and reply["state"]["deals"][0]["tr"] == "D"
