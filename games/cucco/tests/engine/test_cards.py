"""The Cucco card set (Z-1)."""

from games.cucco.engine.cards import (
    CARD_CODE,
    CARD_RANK,
    CARD_SUIT,
    CODES,
    DECK_SIZE,
    KIND_BY_CODE,
    KINDS,
    NUMBERS,
    PICTURES,
    copies,
)


def test_Z1_forty_cards_twenty_kinds_two_identical_copies():
    assert DECK_SIZE == 40 and len(KINDS) == 20 and len(CODES) == 20
    for kind, k in enumerate(KINDS):
        a, b = copies(kind)
        assert CARD_CODE[a] == CARD_CODE[b] == k.code
        assert CARD_SUIT[a] == CARD_SUIT[b] and CARD_RANK[a] == CARD_RANK[b]
    assert sorted(CARD_CODE).count("lion") == 2


def test_Z1_two_suits_weakest_to_strongest():
    numbers = [
        k.code for k in sorted((k for k in KINDS if k.suit == NUMBERS), key=lambda k: k.rank)
    ]
    pictures = [
        k.code for k in sorted((k for k in KINDS if k.suit == PICTURES), key=lambda k: k.rank)
    ]
    assert numbers == ["n1", "n2", "n3", "n4", "n5", "n6", "n7", "n8", "n9", "n10"]
    assert pictures == ["mask", "bucket", "zero", "mat", "p11", "p12", "p13", "p14", "p15", "lion"]
    assert KINDS[KIND_BY_CODE["mat"]].name == "Mat (the fool)"
    assert KINDS[KIND_BY_CODE["p15"]].name == "XV Cuckoo"
    assert KINDS[KIND_BY_CODE["mat"]].rank < KINDS[KIND_BY_CODE["p11"]].rank


def test_Z1_codes_are_valid_action_key_parts():
    import re

    assert all(re.fullmatch(r"[A-Za-z0-9_.+-]+", c) for c in CODES)
