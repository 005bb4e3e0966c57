"""Declarations: declare-window, declare-own, ask-whole, ask-half, burn, trump, small-trump.

Worked examples 4, 7 and 8 of the rules digest, and the burning cases it settles.
"""

from __future__ import annotations

from marjapussi import Answer, AskHalf, AskWhole, Declare, Seat, Suit, find_rules

from .helpers import deal, refusal, run, verdicts

# Deal A: North holds ♥K ♥Q and wins the first two tricks with aces.
A = {
    "n": "CA CK HK HQ SA S10 DA D10 H6",
    "e": "C6 C7 S6 S7 S8 D6 D7 D8 H7",
    "s": "C8 C9 S9 SJ SQ D9 DJ DQ H8",
    "w": "C10 CJ CQ SK DK H9 HJ H10 HA",
}

# Deal B: North holds marriages in hearts and diamonds; South wins trick 3.
B = {
    "n": "CA HK HQ DK DQ SA S10 D6 C6",
    "e": "C7 C8 S6 S7 S8 D7 D8 H6 H7",
    "s": "C9 C10 S9 SJ SQ D9 D10 H8 H9",
    "w": "CJ CQ CK SK DJ DA HJ H10 HA",
}

# Deal C: as B, but South holds no diamonds.
C = dict(B, e="C7 C8 S6 S7 S8 D7 D8 D9 D10", s="C9 C10 S9 SJ SQ H6 H7 H8 H9")

# Deal D: North holds ♥K and a spade marriage; South holds ♥Q and a diamond marriage.
D = {
    "n": "CA HK SK SQ S6 D6 DA C6 C7",
    "e": "C8 C9 S7 S8 D8 D9 H6 H7 H8",
    "s": "C10 HQ DK DQ SA S9 D10 H9 HJ",
    "w": "CJ CQ CK S10 SJ DJ D7 H10 HA",
}


def test_example_4_winning_trick_1_allows_no_declaration() -> None:
    d = run(deal(**A), "CA, C6, C8, C10")
    assert d.to_act is Seat.N
    err = refusal(d, "declare H")
    assert err.rule == "declare-window"
    assert err.detail["why"] == "too-early"
    assert Declare(Suit.HEARTS) not in d.legal_actions()


def test_declare_own_after_trick_2_makes_trump() -> None:
    d = run(deal(**A), "CA, C6, C8, C10, SA, S6, S9, SK")
    assert Declare(Suit.HEARTS) in d.legal_actions()
    run(d, "declare H")
    assert d.trump_suit is Suit.HEARTS
    assert d.declarations[-1].kind == "trump" and d.declarations[-1].holder is Seat.N
    # One attempt per trick won: nothing more may be declared before the lead.
    assert refusal(d, "ask whole").rule == "declare-window"


def test_no_declaration_once_the_next_trick_is_led() -> None:
    d = run(deal(**A), "CA, C6, C8, C10, SA, S6, S9, SK, DA, D6")
    assert d.to_act is Seat.S
    err = refusal(d, "ask whole")
    assert err.rule == "declare-window" and err.detail["why"] == "trick-started"


def test_a_player_who_did_not_win_the_trick_may_not_declare() -> None:
    d = run(deal(**A), "CA, C6, C8, C10, SA, S6, S9, SK, DA, D6, D9, DK")
    # North won trick 3; a pop back to trick 2's end keeps the window North's only.
    assert d.to_act is Seat.N and d.window


def test_declare_own_needs_both_king_and_queen_in_hand() -> None:
    d = run(deal(**A), "CA, C6, C8, C10, SA, S6, S9, SK")
    err = refusal(d, "declare D")
    assert err.rule == "declare-own" and err.detail["why"] == "no-marriage"


def test_ask_whole_negative_answer_still_burns() -> None:
    d = run(deal(**A), "CA, C6, C8, C10, SA, S6, S9, SK, ask whole")
    assert d.to_act is Seat.S
    assert d.answers() == [Answer(None)]
    assert refusal(d, "answer H").rule == "ask-whole"
    run(d, "answer no")
    assert d.is_burned(Seat.N, Suit.HEARTS)
    assert d.trump_suit is None
    run(d, "DA, D6, D9, DK")  # North wins trick 3
    err = refusal(d, "declare H")
    assert err.rule == "burn"
    assert Declare(Suit.HEARTS) not in d.legal_actions()


def test_ask_whole_partner_must_name_a_marriage_and_may_choose() -> None:
    d = run(deal(**B), "CA, C7, C9, CJ, SA, S6, S9, SK, declare H, C6, C8, C10, CQ")
    assert d.to_act is Seat.S  # South won trick 3 with ♣10
    run(d, "ask whole")
    assert d.answers() == [Answer(Suit.DIAMONDS)]  # ♥ is declared already
    err = refusal(d, "answer no")
    assert err.rule == "ask-whole" and err.detail["why"] == "must-answer"
    err = refusal(d, "answer H")
    assert err.rule == "ask-whole"
    run(d, "answer D")
    decl = d.declarations[-1]
    assert decl.kind == "small-trump" and decl.suit is Suit.DIAMONDS and decl.holder is Seat.N
    assert d.trump_suit is Suit.HEARTS  # the small trump does not change trumps


def test_example_7_small_trump_lead_duty() -> None:
    """A small trump in ♦: the next trick is led with a diamond if the leader has one."""
    d = run(deal(**B), "CA, C7, C9, CJ, SA, S6, S9, SK, declare H, C6, C8, C10, CQ, ask whole, answer D")
    v = verdicts(d)
    assert v["D9"] == (True, "small-trump-lead") and v["D10"] == (True, "small-trump-lead")
    assert v["SJ"] == (False, "small-trump-lead")
    err = refusal(d, "SJ")
    assert err.rule == "small-trump-lead"
    run(d, "D9")
    # The duty is for one lead only.
    assert d.lead_suit_duty == -1


def test_small_trump_in_the_partners_hand_and_no_card_of_that_suit() -> None:
    d = run(deal(**C), "CA, C7, C9, CJ, SA, S6, S9, SK, declare H, C6, C8, C10, CQ, ask whole, answer D")
    assert d.to_act is Seat.S
    v = verdicts(d)
    assert all(allowed and rule is None for allowed, rule in v.values())


def test_no_lead_duty_after_the_main_trump() -> None:
    d = run(deal(**B), "CA, C7, C9, CJ, SA, S6, S9, SK, declare H")
    v = verdicts(d)
    assert all(allowed for allowed, _ in v.values())


def test_example_8_half_ask_yes_makes_trump_and_burns_both_hands() -> None:
    d = run(deal(**D), "CA, C8, C10, CJ, DA, D8, D10, D7")
    assert d.to_act is Seat.N
    assert AskHalf(Suit.HEARTS) in d.legal_actions()
    run(d, "ask half H")
    assert d.answers() == [Answer(Suit.HEARTS)]
    assert refusal(d, "answer no").rule == "ask-half"
    run(d, "answer H")
    assert d.trump_suit is Suit.HEARTS
    assert d.declarations[-1].method == "half" and d.declarations[-1].kind == "trump"
    assert d.is_burned(Seat.N, Suit.SPADES)
    assert d.is_burned(Seat.S, Suit.DIAMONDS)


def test_half_ask_burns_the_partners_whole_marriage_in_another_suit() -> None:
    d = run(deal(**D), "CA, C8, C10, CJ, DA, D8, D10, D7, ask half H, answer H, C6, C9, H9, CQ")
    assert d.to_act is Seat.S  # South trumped trick 3
    err = refusal(d, "declare D")
    assert err.rule == "burn"
    assert Declare(Suit.DIAMONDS) not in d.legal_actions()


def test_half_ask_with_a_negative_answer_burns_too() -> None:
    hands = dict(D, s="C10 H9 DK DQ SA S9 D10 HJ H6", e="C8 C9 S7 S8 D8 D9 HQ H7 H8")
    d = run(deal(**hands), "CA, C8, C10, CJ, DA, D8, D10, D7, ask half H")
    assert d.answers() == [Answer(None)]
    run(d, "answer no")
    assert d.trump_suit is None
    assert d.is_burned(Seat.N, Suit.SPADES) and d.is_burned(Seat.S, Suit.DIAMONDS)


def test_ask_half_needs_exactly_one_of_king_and_queen() -> None:
    d = run(deal(**D), "CA, C8, C10, CJ, DA, D8, D10, D7")
    err = refusal(d, "ask half S")  # North holds both ♠K and ♠Q
    assert err.rule == "ask-half" and err.detail["why"] == "no-half"
    err = refusal(d, "ask half D")  # North holds neither
    assert err.rule == "ask-half"


def test_burned_marriage_cannot_be_an_answer() -> None:
    # South asks whole after North's own ask burned North's spade marriage.
    d = run(deal(**D), "CA, C8, C10, CJ, DA, D8, D10, D7, ask whole, answer D")
    assert d.is_burned(Seat.N, Suit.SPADES)
    assert d.trump_suit is Suit.DIAMONDS


def test_pagat_allows_a_declaration_after_the_first_trick() -> None:
    d = run(deal(**A, rules=find_rules("pagat"), dealer=Seat.W), "")
    assert d.to_act is Seat.N  # the dealer's left leads
    run(d, "CA, C6, C8, C10")
    assert Declare(Suit.HEARTS) in d.legal_actions()


def test_undo_restores_burning_and_pending_questions() -> None:
    d = run(deal(**D), "CA, C8, C10, CJ, DA, D8, D10, D7, ask half H")
    d.pop()
    assert not d.is_burned(Seat.N, Suit.SPADES)
    assert AskWhole() in d.legal_actions() and d.pending is None
    run(d, "ask half H, answer H")
    d.pop()
    assert d.pending is not None and d.to_act is Seat.S
    assert d.is_burned(Seat.S, Suit.DIAMONDS)
