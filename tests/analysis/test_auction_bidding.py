"""Four-player Huutopussi: the auction's calls as inference data, and club bidding from
sampled deals that fit them."""

from __future__ import annotations

import random

import pytest

from marjapussi import Seat, find_rules, parse_cards
from marjapussi.actions import Bid, NameTrump, Pass
from marjapussi.analysis.bots import BotSettings, choose
from marjapussi.analysis.inference import NO_LIMIT, AuctionFact, auction_facts, calls_missed, hand_count
from marjapussi.analysis.sampler import sample_deals
from marjapussi.analysis.view import SeatView
from marjapussi.cards import Card
from marjapussi.deal import PLAYING_SEATS, Phase
from marjapussi.huutopussi import HuutopussiDeal
from marjapussi.messages import LANGUAGES

HP = find_rules("huutopussi")
SAMPLED = BotSettings(bid_method="sampled", bid_samples=6)


def _deal(n: str, e: str, s: str, w: str, dealer: Seat = Seat.W) -> HuutopussiDeal:
    hands: dict[Seat, list[Card]] = {
        Seat.N: parse_cards(n), Seat.E: parse_cards(e), Seat.S: parse_cards(s), Seat.W: parse_cards(w)
    }
    return HuutopussiDeal(hands, HP, dealer=dealer)  # type: ignore[arg-type]


def _auction_views(seed: int, level: str = "beginner") -> list[tuple[HuutopussiDeal, SeatView]]:
    """Every view of the auction and the naming of trumps in a deal called by ``level`` bots."""
    rng = random.Random(seed)
    deal = HuutopussiDeal.random(rng, HP, dealer=Seat(rng.randrange(4)))
    out = []
    while deal.phase in (Phase.BID, Phase.TRUMP):
        view = SeatView.of(deal, deal.to_act)
        out.append((deal, view))
        deal.play(choose(view, level, random.Random(seed)).action)
    return out


def test_a_pass_and_a_bid_bound_the_callers_hand_count() -> None:
    deal = _deal(
        "HA H10 HK HQ HJ H9 SA S10 DA",
        "H6 H7 H8 D6 D7 D8 S6 S7 C6",
        "DK DQ DJ D9 S8 S9 SJ SQ SK",
        "CA C10 CK CQ CJ C9 C8 C7 D10",
    )
    assert deal.to_act == Seat.N
    deal.play(Bid(56))  # N
    deal.play(Pass())  # E, when 60 was the lowest bid
    deal.play(Pass())  # S, while his partner holds the bid: says nothing
    facts = auction_facts(SeatView.of(deal, Seat.W))
    assert facts == [AuctionFact(Seat.N, 56, NO_LIMIT, "bid", 0), AuctionFact(Seat.E, 0, 60, "pass", 1)]
    assert facts[1].fits(deal.initial_hands[Seat.E], deal.rules)
    assert not facts[1].fits(deal.initial_hands[Seat.W], deal.rules)  # W's clubs would have bid
    # The seat's own calls are no news to it.
    assert [f.seat for f in auction_facts(SeatView.of(deal, Seat.N))] == [Seat.E]


@pytest.mark.parametrize("seed", range(40))
def test_the_calls_of_count_bidders_are_true_of_their_hands(seed: int) -> None:
    """Read from bots that bid by the hand count, every fact holds for the real hands."""
    for deal, view in _auction_views(seed):
        facts = auction_facts(view)
        assert calls_missed(facts, dict(enumerate(deal.initial_hands)), deal.rules) == 0  # type: ignore[arg-type]


def test_sampled_deals_fit_the_calls_and_replay_the_public_history() -> None:
    """Samples conditioned on the calls replay every action legally (``verify="all"``),
    show the seat its own view, and (when such deals exist, as here with count bidders)
    give the other seats hands that would have made their calls."""
    checked = 0
    for seed in range(25):
        for _, view in _auction_views(seed):
            facts = auction_facts(view)
            if not facts:
                continue
            worlds = sample_deals(view, 4, random.Random(seed), verify="all", calls=facts, max_tries=2000)
            for world in worlds:
                assert [a for _, a in world.history] == [a for _, a in view.history]
                assert SeatView.of(world, view.seat) == view
                hands = dict(zip(PLAYING_SEATS[4], world.initial_hands, strict=True))
                assert calls_missed(facts, hands, view.rules) == 0
                checked += 1
    assert checked > 100


def test_without_the_calls_the_samples_ignore_them() -> None:
    """The conditioning is what makes the samples fit: unconditioned, some do not."""
    missed = 0
    for seed in range(25):
        for _, view in _auction_views(seed):
            facts = auction_facts(view)
            for world in sample_deals(view, 4, random.Random(seed)):
                hands = dict(zip(PLAYING_SEATS[4], world.initial_hands, strict=True))
                missed += calls_missed(facts, hands, view.rules)
    assert missed > 0


def test_sampled_bidding_is_the_same_for_the_same_seed() -> None:
    for seed in range(6):
        for _, view in _auction_views(seed, "club"):
            first = choose(view, "club", random.Random(seed), SAMPLED)
            again = choose(view, "club", random.Random(seed), SAMPLED)
            assert first == again


def test_a_strong_hand_bids_and_a_weak_hand_passes_by_the_sampled_estimate() -> None:
    strong = _deal(
        "HA H10 HK HQ HJ H9 SA S10 DA",
        "H6 H7 H8 D6 D7 D8 S6 S7 C6",
        "DK DQ DJ D9 S8 S9 SJ SQ SK",
        "CA C10 CK CQ CJ C9 C8 C7 D10",
    )
    decision = choose(SeatView.of(strong, Seat.N), "club", random.Random(3), SAMPLED)
    assert isinstance(decision.action, Bid) and decision.action.points == HP.min_bid
    assert decision.reason == "bid-sampled"
    assert decision.params["expected"] >= HP.min_bid + 20
    assert decision.params["samples"] == SAMPLED.bid_samples
    weak = _deal(
        "H6 H7 H8 D6 D7 D8 S6 SJ C6",
        "HA H10 HK HQ HJ H9 SA S10 DA",
        "DK DQ DJ D9 S8 S9 S7 SQ SK",
        "CA C10 CK CQ CJ C9 C8 C7 D10",
    )
    decision = choose(SeatView.of(weak, Seat.N), "club", random.Random(3), SAMPLED)
    # A random partner makes the mean about an average pair's, short of 56 with the margin.
    assert decision.action == Pass() and decision.reason == "pass-risky"
    assert decision.params["next"] == HP.min_bid
    assert decision.params["expected"] - SAMPLED.bid_margin < HP.min_bid
    assert decision.params["expected"] < 75  # the strong hand's pair expected far more
    for lang in LANGUAGES:
        text = decision.explain(lang)
        assert str(HP.min_bid) in text and str(decision.params["expected"]) in text
    # Later, after the partner passed and 65 is the lowest bid, the mean itself falls short.
    later = _later(Bid(56), Pass(), Bid(60))
    decision = choose(SeatView.of(later, Seat.N), "club", random.Random(3), SAMPLED)
    assert decision.action == Pass() and decision.reason == "pass-sampled"
    assert decision.params["next"] == 65 and decision.params["expected"] < 65
    for lang in LANGUAGES:
        text = decision.explain(lang)
        assert "65" in text and str(decision.params["expected"]) in text


def _later(*calls: Bid | Pass) -> HuutopussiDeal:
    """The weak hand at N, dealt by N, after ``calls`` by E, S and W."""
    deal = _deal(
        "H6 H7 H8 D6 D7 D8 S6 SJ C6",
        "HA H10 HK HQ HJ H9 SA S10 DA",
        "DK DQ DJ D9 S8 S9 S7 SQ SK",
        "CA C10 CK CQ CJ C9 C8 C7 D10",
        dealer=Seat.N,
    )
    for call in calls:
        deal.play(call)
    assert deal.to_act == Seat.N
    return deal


def test_a_partners_bid_raises_the_estimate_and_a_pass_lowers_it() -> None:
    """The same hand, the same seeds: the samples honour what the partner's call said."""

    def mean_expected(deal: HuutopussiDeal) -> float:
        views = [choose(SeatView.of(deal, Seat.N), "club", random.Random(s), SAMPLED) for s in (3, 4, 5)]
        return sum(d.params["expected"] for d in views) / len(views)

    partner_bid = mean_expected(_later(Bid(56), Bid(60), Bid(65)))
    partner_passed = mean_expected(_later(Bid(56), Pass(), Bid(60)))
    assert partner_bid > partner_passed + 10


def test_a_mean_that_reaches_the_bid_is_not_enough_when_too_few_deals_reach_it() -> None:
    """With no margin the weak hand's mean reaches 56 and it bids; asking that 80% of the
    same sampled deals reach the bid, it passes, and says the bid is a risk."""
    weak = _deal(
        "H6 H7 H8 D6 D7 D8 S6 SJ C6",
        "HA H10 HK HQ HJ H9 SA S10 DA",
        "DK DQ DJ D9 S8 S9 S7 SQ SK",
        "CA C10 CK CQ CJ C9 C8 C7 D10",
    )
    view = SeatView.of(weak, Seat.N)
    loose = BotSettings(bid_method="sampled", bid_samples=6, bid_margin=0)
    bold = choose(view, "club", random.Random(3), loose)
    assert bold.action == Bid(HP.min_bid) and bold.params["expected"] >= HP.min_bid
    careful = BotSettings(bid_method="sampled", bid_samples=6, bid_margin=0, bid_sure=0.8)
    decision = choose(view, "club", random.Random(3), careful)
    assert decision.action == Pass() and decision.reason == "pass-risky"
    assert decision.params["expected"] == bold.params["expected"]
    assert "too often" in decision.explain("en")


def test_the_bid_reason_reads_naturally_in_three_languages() -> None:
    deal = _deal(
        "HA H10 HK HQ HJ H9 SA S10 DA",
        "H6 H7 H8 D6 D7 D8 S6 S7 C6",
        "DK DQ DJ D9 S8 S9 SJ SQ SK",
        "CA C10 CK CQ CJ C9 C8 C7 D10",
    )
    decision = choose(SeatView.of(deal, Seat.N), "club", random.Random(3), SAMPLED)
    expected = decision.params["expected"]
    assert decision.explain("en").startswith(f"bids 56: about {expected} points expected for its pair")
    assert decision.explain("fi").startswith(f"huutaa 56: odottaa parille noin {expected} pistettä")
    assert decision.explain("ru").startswith(f"заказывает 56: паре в среднем достанется около {expected} очк")


def test_the_sampled_bidder_names_the_trumps_its_playouts_favour() -> None:
    """Hearts with ♥A ♥10 ♥K ♥Q: the sampled playouts name hearts, with the reason."""
    deal = _deal(
        "HA H10 HK HQ HJ H9 SA S10 DA",
        "H6 H7 H8 D6 D7 D8 S6 S7 C6",
        "DK DQ DJ D9 S8 S9 SJ SQ SK",
        "CA C10 CK CQ CJ C9 C8 C7 D10",
    )
    for action in (Bid(56), Pass(), Pass(), Pass()):
        deal.play(action)
    assert deal.phase is Phase.TRUMP and deal.to_act == Seat.N
    decision = choose(SeatView.of(deal, Seat.N), "club", random.Random(1), SAMPLED)
    assert decision.action == NameTrump(parse_cards("HA")[0].suit)
    assert decision.reason == "trump-sampled"
    for lang in LANGUAGES:
        assert "♥" in decision.explain(lang)


def test_hand_count_reads_aces_tens_marriages_and_length() -> None:
    points, suit = hand_count(sum(c.bit for c in parse_cards("HA H10 HK HQ HJ H9 SA S10 DA")), 4)
    # ♥A ♥10 21, ♠A ♠10 21, ♦A 11, ♥K 2, the ♥ marriage 40 in trumps, four more hearts 32, 25.
    assert (points, suit) == (21 + 21 + 11 + 2 + 40 + 32 + 25, parse_cards("HA")[0].suit)
