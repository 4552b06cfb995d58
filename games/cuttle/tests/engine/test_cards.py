"""The Cuttle card set and tables (C-1, C-2c, C-5c)."""

from collections import Counter

from games.cuttle.engine.cards import (
    BY_CODE,
    CARDS,
    DECK_SIZE,
    KING_TARGETS,
    ONE_OFF_RANKS,
    PERMANENT_RANKS,
    POINT_RANKS,
    beats,
    target_for,
)


def test_C1_52_cards_13_ranks_4_suits_no_jokers():
    assert DECK_SIZE == 52 == len(CARDS) == len(BY_CODE)
    assert Counter(c.rank for c in CARDS) == {r: 4 for r in range(1, 14)}
    assert Counter(c.suit for c in CARDS) == {s: 13 for s in "cdhs"}
    assert [c.id for c in CARDS] == list(range(52))


def test_C1_codes_are_rank_then_suit():
    assert CARDS[0].code == "ac" and CARDS[51].code == "ks"
    assert {BY_CODE[c] for c in ("10h", "as", "qd", "2c", "js")} == {38, 3, 45, 4, 43}
    assert all(CARDS[BY_CODE[c.code]] == c for c in CARDS)


def test_C2c_scuttle_strength_is_rank_then_suit_clubs_diamonds_hearts_spades():
    assert beats(BY_CODE["9c"], BY_CODE["7s"])  # higher rank
    assert beats(BY_CODE["7s"], BY_CODE["7h"])  # equal rank, higher suit
    assert beats(BY_CODE["7h"], BY_CODE["7d"]) and beats(BY_CODE["7d"], BY_CODE["7c"])
    assert not beats(BY_CODE["7c"], BY_CODE["7d"])
    assert not beats(BY_CODE["7h"], BY_CODE["7h"])
    assert not beats(BY_CODE["6s"], BY_CODE["7c"])
    assert beats(BY_CODE["2c"], BY_CODE["as"])


def test_C2_what_each_rank_may_do():
    assert set(range(1, 11)) == POINT_RANKS
    assert {1, 2, 3, 4, 5, 6, 7, 9} == ONE_OFF_RANKS  # not 8, not 10
    assert {11, 12, 13} == PERMANENT_RANKS


def test_C5c_king_targets_21_14_10_7_5():
    assert KING_TARGETS == (21, 14, 10, 7, 5)
    assert [target_for(k) for k in range(5)] == [21, 14, 10, 7, 5]
