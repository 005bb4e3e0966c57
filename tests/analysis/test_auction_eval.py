"""The auction's evaluation (``marjapussi.analysis.auction``): what each call was worth.

The tests that sample many deals or search every declarer and trumps are marked slow
(``-m slow``); each evaluation searches whole deals with the compiled core.
"""

from __future__ import annotations

import dataclasses
import io
import json
import random
from pathlib import Path
from typing import Any

import pytest

from marjapussi import Seat, find_rules
from marjapussi.actions import Bid, NameTrump, Pass
from marjapussi.analysis import auction
from marjapussi.analysis.auction import (
    CLOSE_SE,
    NODE_CAP,
    CallWork,
    DealsSetAside,
    ParWork,
    auction_decisions,
    evaluate_call,
    evaluation_seed,
    par,
)
from marjapussi.analysis.bots import choose
from marjapussi.analysis.core import CoreSearch, backend
from marjapussi.analysis.marriage_par import MarriageParWork
from marjapussi.analysis.objectives import SolveError
from marjapussi.analysis.sampler import ImpossibleConstraints
from marjapussi.analysis.view import SeatView
from marjapussi.cards import Card, Suit, deck, parse_card
from marjapussi.cli import main
from marjapussi.deal import Phase
from marjapussi.huutopussi import HuutopussiDeal
from marjapussi.messages import LANGUAGES
from marjapussi.randomplay import random_action
from marjapussi.record import format_record, parse_record, record_from_deal, replay

from .helpers import never_dealing, stand_in_long_searches

RULES = find_rules("huutopussi")

pytestmark = pytest.mark.skipif(backend(RULES) != "core", reason="the compiled core is not built")


def _cards(text: str) -> list[Card]:
    return [parse_card(c) for c in text.split()]


def _deal_with(north: str, seed: int) -> HuutopussiDeal:
    """A deal (West deals, North calls first) where North holds ``north`` and the other
    27 cards are shuffled by ``seed`` among East, South and West."""
    mine = _cards(north)
    rest = [c for c in deck(36) if c not in mine]
    random.Random(seed).shuffle(rest)
    hands = {Seat.N: mine, Seat.E: rest[:9], Seat.S: rest[9:18], Seat.W: rest[18:]}
    return HuutopussiDeal(hands, RULES, Seat.W)


STRONG = "HA H10 HK HQ HJ H9 DA D10 SA"
"""Hearts from the ace down with their marriage, and two more aces: a hand that bids high."""


def test_the_same_seed_gives_the_same_figures() -> None:
    deal = _deal_with("HA HK HQ H7 DA D9 S10 C8 C6", 1)
    view = SeatView.of(deal, Seat.N)
    first = evaluate_call(view, evaluation_seed(7, 1, 0), max_deals=2)
    again = evaluate_call(view, evaluation_seed(7, 1, 0), max_deals=2)
    assert first == again
    assert first.deals == 2 and all(v.deals == 2 for v in first.calls)


def test_the_work_in_short_slices_gives_the_same_figures() -> None:
    """The evaluation a piece at a time, each piece's search cut at a small node budget and
    resumed from the core's table in the next step (the Play page's slices): the figures of
    ``evaluate_call`` with as many deals."""
    deal = _deal_with("HA HK HQ H7 DA D9 S10 C8 C6", 1)
    view = SeatView.of(deal, Seat.N)
    seed = evaluation_seed(7, 1, 0)
    whole = evaluate_call(view, seed, Bid(RULES.min_bid), max_deals=2)
    work = CallWork(view, seed, Bid(RULES.min_bid), max_deals=2)
    steps = 0
    while not work.step(node_budget=20_000):
        steps += 1
        assert steps < 10_000
    assert work.result() == whole
    # more steps than pieces: some searches went on over several slices
    pieces = 2 + 2 + 2 * len(whole.calls)  # two deals dealt, two pilot searches, every call in each
    assert steps + 1 > pieces
    assert work.spent > 0


def test_the_anytime_work_stands_on_the_deals_valued_and_goes_on_when_extended() -> None:
    deal = _deal_with("HA HK HQ H7 DA D9 S10 C8 C6", 1)
    view = SeatView.of(deal, Seat.N)
    work = CallWork(view, "anytime", max_deals=None, pilot=1)
    while work.deals < 1:
        work.step()
    first = work.result()
    assert first.deals == 1 and work.deals == 1 and not work.complete
    work.stop_sampling()
    while not work.step():
        pass
    dealt = work.dealt
    assert work.complete and work.result().deals == dealt
    work.extend(dealt + 1)
    assert not work.complete
    while not work.step():
        pass
    assert work.result().deals == work.dealt == dealt + 1
    with pytest.raises(ValueError):
        CallWork(view, "empty", max_deals=1).result()  # nothing valued yet


# ---------------------------------------------------------------------- the node cap


HAND = "HA HK HQ H7 DA D9 S10 C8 C6"
LONG_CARD = parse_card("CA")
"""A sampled deal in which West holds this card stands for one whose search is long."""


def _long(deal: Any) -> bool:
    return bool(deal.initial_hands[Seat.W] & LONG_CARD.bit)


def _sliced(work: CallWork, node_budget: int) -> Any:
    steps = 0
    while not work.step(node_budget):
        steps += 1
        assert steps < 10_000
    return work.result()


def test_a_deal_past_the_node_cap_is_set_aside_for_every_call(monkeypatch: pytest.MonkeyPatch) -> None:
    """A deal whose search would cost more than the cap is set aside: no candidate keeps a
    score from it, the next deal is dealt in its place, and the figures are those of the same
    sampling with that deal never dealt; in slices or without, the same deals are set aside."""
    view = SeatView.of(_deal_with(HAND, 1), Seat.N)
    seed = evaluation_seed(7, 1, 0)
    stand_in_long_searches(monkeypatch, _long, fresh=NODE_CAP + 1)
    whole = evaluate_call(view, seed, Bid(RULES.min_bid), max_deals=3)
    work = CallWork(view, seed, Bid(RULES.min_bid), max_deals=3)
    sliced = _sliced(work, 10_000_000)
    assert sliced == whole
    assert whole.set_aside == work.set_aside > 0
    assert whole.deals == work.dealt == 3 and all(v.deals == 3 for v in whole.calls)
    monkeypatch.undo()
    never_dealing(monkeypatch, auction, _long)
    never_dealt = evaluate_call(view, seed, Bid(RULES.min_bid), max_deals=3)
    assert never_dealt == dataclasses.replace(whole, set_aside=0)


def test_within_the_cap_nothing_is_set_aside(monkeypatch: pytest.MonkeyPatch) -> None:
    """A search that needs the whole cap and no more is valued, in slices or without."""
    view = SeatView.of(_deal_with(HAND, 1), Seat.N)
    seed = evaluation_seed(7, 1, 0)
    plain = evaluate_call(view, seed, max_deals=3)
    stand_in_long_searches(monkeypatch, _long, fresh=200_000)
    assert CallWork(view, seed, max_deals=3, node_cap=200_000).finish() == plain
    assert _sliced(CallWork(view, seed, max_deals=3, node_cap=200_000), 30_000) == plain


def club_decisions(rules_name: str, n: int, seed: int) -> list[tuple[int, SeatView, Any]]:
    """``n`` bidding and trump decisions with a choice from deals bid by ``club`` at every
    seat (as ``scripts/bench_auction.py`` takes them): (deal number, view, club's call)."""
    rules = find_rules(rules_name)
    rng = random.Random(seed)
    out: list[tuple[int, SeatView, Any]] = []
    number = 0
    while len(out) < n:
        number += 1
        deal = HuutopussiDeal.random(rng, rules)
        while not deal.is_over() and deal.phase in (Phase.BID, Phase.TRUMP, Phase.DISCARD) and len(out) < n:
            view = SeatView.of(deal, deal.to_act)
            action = choose(view, "club", rng).action
            if deal.phase in (Phase.BID, Phase.TRUMP) and len(view.legal) > 1:
                out.append((number, view, action))
            deal.push(action)
    return out


@pytest.mark.parametrize(
    ("rules_name", "cap"),
    [("huutopussi", 1_500_000), pytest.param("huutopussi3", 3_000_000, marks=pytest.mark.slow)],
)
def test_in_slices_the_same_deals_are_set_aside_and_the_figures_are_the_same(
    rules_name: str, cap: int
) -> None:
    """Club's decisions weighed in slices of 25 000 nodes and in one piece, under a cap that
    sets some sampled deals aside and keeps others: the same figures and the same deals set
    aside, since a search's tries in slices go on where they stopped and cost, in all, the
    nodes of one search (before the core kept its place, each try went again from the root
    and the tries of a search kept in one piece could cost the cap in slices)."""
    set_aside = valued = 0
    for number, view, call in club_decisions(rules_name, 4, 3):
        seed = evaluation_seed(3, number, len(view.history))
        try:
            whole = CallWork(view, seed, call, max_deals=3, pilot=2, node_cap=cap).finish()
        except DealsSetAside:
            with pytest.raises(DealsSetAside):
                _sliced(CallWork(view, seed, call, max_deals=3, pilot=2, node_cap=cap), 25_000)
            set_aside += 1
            continue
        assert _sliced(CallWork(view, seed, call, max_deals=3, pilot=2, node_cap=cap), 25_000) == whole
        set_aside += whole.set_aside
        valued += whole.deals
    assert set_aside > 0 and valued > 0, "the cap should set some deals aside and keep others"


def record_budgets(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The node budget of every core search from now on, in order (the searches run as before)."""
    budgets: list[int] = []
    stand_in = CoreSearch.call

    def seen(self: CoreSearch, *args: Any, node_budget: int = 0, **kw: Any) -> Any:
        budgets.append(node_budget)
        return stand_in(self, *args, node_budget=node_budget, **kw)

    monkeypatch.setattr(CoreSearch, "call", seen)
    return budgets


def test_in_slices_no_search_goes_past_the_slices_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every try of every search in slices has the slice's node budget or less (what is left
    of the cap), so a slice stays short however long the search: the budget never grows."""
    view = SeatView.of(_deal_with(HAND, 1), Seat.N)
    seed = evaluation_seed(7, 1, 0)
    whole = evaluate_call(view, seed, max_deals=3)
    budgets = record_budgets(monkeypatch)
    assert _sliced(CallWork(view, seed, max_deals=3), 20_000) == whole
    assert len(budgets) > 3 * 3 and max(budgets) == 20_000 and min(budgets) > 0


def test_when_every_deal_is_set_aside_the_work_ends() -> None:
    """Every search past a cap of one node: as many deals as aimed at (at least the pilot's)
    are set aside, then the work deals no more and says so with ``DealsSetAside``, an
    ``ImpossibleConstraints`` (the review leaves such a call out)."""
    view = SeatView.of(_deal_with(HAND, 1), Seat.N)
    work = CallWork(view, "capped", max_deals=2, node_cap=1)
    with pytest.raises(DealsSetAside) as raised:
        work.finish()
    assert isinstance(raised.value, ImpossibleConstraints)
    assert work.set_aside == auction.PILOT_DEALS and work.dealt == 0 and work.deals == 0
    sliced = CallWork(view, "capped", max_deals=2, node_cap=1)
    with pytest.raises(DealsSetAside):
        _sliced(sliced, 1_000)
    assert sliced.set_aside == auction.PILOT_DEALS


def test_the_pars_searches_go_on_at_the_slices_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    """The par has no cap: a search in slices goes on where it stopped until it is done, each
    try at the slice's budget (a search of four slices' nodes takes four tries of one slice),
    with the figures of a search in one go (both families' par)."""
    deal = _deal_with(STRONG, 2)
    stand_in_long_searches(monkeypatch, lambda _deal: True, fresh=40_000)
    budgets = record_budgets(monkeypatch)
    work = ParWork(deal)
    while work.done == 0:
        work.step(node_budget=10_000)
    assert budgets == [10_000] * 4
    monkeypatch.undo()
    pair = (Seat.N, Suit.HEARTS)
    assert work._world.by_contract == {pair: auction._World(deal.copy_start(), auction._Searcher(RULES))
                                       .collected_as(*pair)}
    assert not hasattr(MarriageParWork, "patience") and not hasattr(ParWork, "patience")


@pytest.mark.slow
def test_the_par_in_slices_is_the_par() -> None:
    deal = _deal_with(STRONG, 2)
    work = ParWork(deal)
    assert work.total == 16 and work.done == 0
    while not work.step(node_budget=50_000):
        pass
    assert work.result() == par(deal)


@pytest.mark.slow
def test_a_very_strong_hand_bids_by_more_than_two_standard_errors() -> None:
    view = SeatView.of(_deal_with(STRONG, 2), Seat.N)
    # twenty deals: a call is clearly worse only when the best is ahead in six deals at least
    # (auction.clearly_worse); pass is never ahead, but behind (a redeal, or the bid left to
    # the others) in 5 of the first 12 deals only
    result = evaluate_call(view, "strong", max_deals=20)
    assert isinstance(result.best.call, Bid)
    passing = result.value_of(Pass())
    assert not passing.close
    assert result.best.mean - passing.mean > CLOSE_SE * passing.se > 0
    assert result.loss(Pass()) == pytest.approx(result.best.mean - passing.mean)
    # the candidates: pass, the lowest bid and jumps, each valued over every deal
    bids = [v.call.points for v in result.calls if isinstance(v.call, Bid)]
    assert min(bids) == RULES.min_bid and len(bids) >= 2
    assert all(v.deals == 20 for v in result.calls)


def test_the_seats_own_call_is_always_valued() -> None:
    view = SeatView.of(_deal_with("HA HK HQ H7 DA D9 S10 C8 C6", 3), Seat.N)
    own = Bid(200)
    result = evaluate_call(view, "own", own, max_deals=2)
    mine = result.value_of(own)
    assert result.own == own and mine.deals == 2
    assert mine.made == 0  # nobody collects 200 with this hand
    with pytest.raises(SolveError):
        evaluate_call(view, "own", NameTrump(Suit.HEARTS), max_deals=1)  # not a legal call now


def test_no_hidden_card_of_another_seat_is_used() -> None:
    """East's view after North's pass, in two deals that differ only in the hands East
    cannot see: the same figures."""
    east = _cards("HA HK HQ H7 DA D9 S10 C8 C6")
    rest = [c for c in deck(36) if c not in east]
    results = []
    for seed in (4, 5):
        others = list(rest)
        random.Random(seed).shuffle(others)
        hands = {Seat.E: east, Seat.N: others[:9], Seat.S: others[9:18], Seat.W: others[18:]}
        deal = HuutopussiDeal(hands, RULES, Seat.W)
        deal.play(Pass())
        assert deal.to_act == Seat.E
        results.append(evaluate_call(SeatView.of(deal, Seat.E), "hidden", max_deals=2))
    assert results[0] == results[1]


@pytest.mark.slow
def test_naming_trumps_values_every_suit() -> None:
    deal = _deal_with(STRONG, 6)
    deal.play(Bid(RULES.min_bid))
    while deal.phase is Phase.BID:
        deal.play(Pass())
    assert deal.phase is Phase.TRUMP and deal.to_act == Seat.N
    result = evaluate_call(SeatView.of(deal, Seat.N), "trumps", NameTrump(Suit.CLUBS), max_deals=2)
    assert {v.call for v in result.calls} == {NameTrump(s) for s in Suit}
    assert result.bid_level == RULES.min_bid
    hearts = result.value_of(NameTrump(Suit.HEARTS))
    assert hearts.made == 2 and hearts.mean >= result.value_of(NameTrump(Suit.CLUBS)).mean


@pytest.mark.slow
def test_the_deals_par_is_the_best_contract_each_side_makes_open() -> None:
    deal = _deal_with(STRONG, 2)
    found = par(deal)
    assert [p.side for p in found] == [0, 1]
    ns = found[0]
    assert ns.seat in (Seat.N, Seat.S) and ns.collected >= ns.contract >= RULES.min_bid
    assert ns.contract <= ns.collected < ns.contract + RULES.bid_step + 1


def test_auction_decisions_lists_the_calls_with_a_choice() -> None:
    deal = _deal_with(STRONG, 2)
    deal.play(Bid(60))
    deal.play(Pass())
    deal.play(Pass())
    deal.play(Pass())
    deal.play(NameTrump(Suit.HEARTS))
    assert [(i, s, str(a)) for i, s, a in auction_decisions(deal)] == [
        (0, Seat.N, "bid 60"),
        (1, Seat.E, "pass"),
        (2, Seat.S, "pass"),
        (3, Seat.W, "pass"),
        (4, Seat.N, str(NameTrump(Suit.HEARTS))),
    ]


@pytest.fixture(scope="module")
def bad_bid_record(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A whole deal in which South, with a weak hand, bids 150 (then random play)."""
    south = _cards("H6 H7 D6 D7 S6 S7 C6 C7 C8")
    rest = [c for c in deck(36) if c not in south]
    random.Random(8).shuffle(rest)
    hands = {Seat.S: south, Seat.N: rest[:9], Seat.E: rest[9:18], Seat.W: rest[18:]}
    deal = HuutopussiDeal(hands, RULES, Seat.E)  # South calls first
    deal.play(Bid(150))
    rng = random.Random(9)
    while deal.phase is Phase.BID:
        deal.play(Pass())
    while not deal.is_over():
        deal.push(random_action(deal, rng))
    path = tmp_path_factory.mktemp("records") / "bad-bid.mjp"
    path.write_text(format_record(record_from_deal(deal)), encoding="utf-8")
    return path


def _run(*argv: str) -> tuple[int, str]:
    out = io.StringIO()
    status = main(list(argv), out)
    return status, out.getvalue()


@pytest.mark.slow
@pytest.mark.parametrize("lang", LANGUAGES)
def test_annotate_comments_a_costly_call_and_round_trips(
    bad_bid_record: Path, tmp_path: Path, lang: str
) -> None:
    status, raw = _run("analyse", str(bad_bid_record), "--json", "--lang", lang, "--auction-deals", "6")
    assert status == 0
    (deal,) = json.loads(raw)["deals"]
    first = deal["calls"][0]
    assert first["seat"] == "S" and first["call"] == "bid 150"
    assert first["loss"] > 0 and not first["close"] and first["best"] != "bid 150"
    assert first["values"]["bid 150"]["deals"] == 6
    assert len(deal["par"]) == 2 and len(deal["par_text"]) == 2
    out = tmp_path / f"annotated.{lang}.mjp"
    status, _ = _run(
        "analyse", str(bad_bid_record), "--annotate", "-o", str(out), "--lang", lang, "--auction-deals", "6"
    )
    assert status == 0
    written = out.read_text(encoding="utf-8")
    annotated = parse_record(written)
    costly = [c for c in deal["calls"] if c["loss"] > 0]
    for call in deal["calls"]:
        comment = annotated.deals[0].actions[call["index"]].comment
        assert comment == (call["text"] if call in costly else None)
    # the record still replays to the same score, and parses back to the same text
    original = replay(bad_bid_record.read_text(encoding="utf-8"))
    assert replay(written).sheet.totals == original.sheet.totals
    assert format_record(parse_record(written)) == written


def test_analyse_without_the_bidding() -> None:
    record = Path(__file__).parents[2] / "examples" / "records" / "huutopussi-deal.mjp"
    status, raw = _run("analyse", str(record), "--json", "--auction-deals", "0")
    assert status == 0
    (deal,) = json.loads(raw)["deals"]
    assert deal["calls"] == [] and deal["par"] == []


def test_the_calls_are_named_in_every_language() -> None:
    from marjapussi.analysis.review import action_label

    for lang in LANGUAGES:
        labels = [action_label(a, lang) for a in (Pass(), Bid(60), NameTrump(Suit.HEARTS))]
        assert all("Suit" not in label and "HEARTS" not in label for label in labels)
        assert "60" in labels[1] and "♥" in labels[2]
