"""What a seat knows of the exchange in Huutopussi with marriage trumps (``partner-exchange``).

The bidder and his partner know the cards given and given back; the opponents see that
cards changed hands, not which.
"""

from __future__ import annotations

from marjapussi import Seat, find_rules
from marjapussi.analysis.view import HIDDEN_GIVE, HIDDEN_RETURN, SeatView
from marjapussi.cards import mask_of, parse_cards
from marjapussi.marriage_trumps import MarriageTrumpDeal

HANDS = {
    Seat.N: "HK HQ H7 DA D10 SA S10 CA C6",
    Seat.E: "HA H9 D9 D8 S9 S8 C9 C8 C7",
    Seat.S: "DK DQ D7 SK SQ S7 CK CQ H6",
    Seat.W: "H10 HJ H8 DJ D6 SJ S6 C10 CJ",
}


def test_the_exchange_is_seen_by_the_pair_only() -> None:
    deal = MarriageTrumpDeal({s: parse_cards(h) for s, h in HANDS.items()}, find_rules("huutopussi-marriage"))
    for action in ("bid 50", "pass", "pass", "pass", "give D7 S7 H6", "contract 60", "return H7 D7 S7"):
        deal.play(action)
    given, back = mask_of(parse_cards("D7 S7 H6")), mask_of(parse_cards("H7 D7 S7"))
    for seat in (Seat.N, Seat.S):
        view = SeatView.of(deal, seat)
        assert view.exchange == (given, back)
        assert [str(a) for _, a in view.history[4:]] == ["give H6 D7 S7", "contract 60", "return H7 D7 S7"]
    for seat in (Seat.E, Seat.W):
        view = SeatView.of(deal, seat)
        assert view.exchange == (0, 0)
        assert [a for _, a in view.history[4:]] == [HIDDEN_GIVE, deal.history[5][1], HIDDEN_RETURN]
        assert view.hand == deal.hands[seat] and view.high_bid == 50 and view.bidder == Seat.N
