"""What a seat reads from the bids and the play (games/cucco/inference.py),
and the imagined worlds that agree with it."""

from games.cucco.engine.cards import CARD_KIND, CARD_SUIT, KIND_BY_CODE, NUMBERS, PICTURES
from games.cucco.inference import bid_kinds, known_voids, refine
from games.cucco.policy import POLICY
from games.cucco.tests.engine.helpers import playing
from rules.bots.sampling import determinize
from rules.core.rng import Rng

# after trick 1 (seat 0 led numbers; seat 2, void in numbers, threw p12);
# seat 1 declared with the called n9, whose twin seat 4 holds
HANDS = {
    0: ["n1", "n2", "n3", "p11", "p12", "n6", "mat"],
    1: ["n9", "n4", "n5", "n7", "mat", "mask", "p11"],
    2: ["p15", "p15", "zero", "bucket", "lion", "p13", "p14"],
    3: ["n2", "n3", "n6", "n7", "n8", "mask", "lion"],
    4: ["n4", "n9", "n10", "bucket", "zero", "p13", "p14"],
}
TRICKS = [(0, ["n1", "n5", "p12", "n8", "n10"])]


def position():
    return playing(HANDS, declarer=1, called="n9", dealer=4, tricks=TRICKS, leader=4)


def test_known_voids_come_from_not_following():
    s = position().state
    voids = known_voids(s)
    assert voids[2] == {NUMBERS}
    assert voids[0] == voids[1] == voids[3] == voids[4] == set()


def test_the_declarer_still_holds_the_called_card():
    s = position().state
    assert bid_kinds(s)[1] == {KIND_BY_CODE["n9"]}
    assert bid_kinds(s)[0] == set()


def test_determinize_refines_cucco_worlds():
    assert POLICY.refine is refine  # sampling.determinize calls it


def test_refined_worlds_agree_with_the_bids_and_the_voids():
    m = position()
    for k in range(40):
        state, _chance = determinize(m, 0, Rng.from_seed(f"w{k}"))  # refines
        assert state.hands[0] == m.state.hands[0]  # the seat's own hand is kept
        assert [len(h) for h in state.hands] == [len(h) for h in m.state.hands]
        assert sorted(c for h in state.hands for c in h) == sorted(
            c for h in m.state.hands for c in h
        )
        assert all(CARD_SUIT[c] == PICTURES for c in state.hands[2])
        assert KIND_BY_CODE["n9"] in {CARD_KIND[c] for c in state.hands[1]}


def test_the_shared_redeal_alone_would_break_them():
    m = position()
    broken = 0
    for k in range(40):
        state = m.game.copy(m.state)
        m.game.redeal_hidden(state, 0, Rng.from_seed(f"w{k}"))
        bad_void = any(CARD_SUIT[c] == NUMBERS for c in state.hands[2])
        no_call = KIND_BY_CODE["n9"] not in {CARD_KIND[c] for c in state.hands[1]}
        broken += bad_void or no_call
    assert broken > 20


def test_refine_depends_only_on_what_the_seat_sees():
    m = position()
    twin = m.game.copy(m.state)
    # swap two hidden cards between seats 3 and 4: seat 0 cannot tell
    a, b = twin.hands[3][0], twin.hands[4][0]
    twin.hands[3][0], twin.hands[4][0] = b, a
    twin.hands[3].sort()
    twin.hands[4].sort()
    one, two = m.game.copy(m.state), twin
    for s in (one, two):
        m.game.redeal_hidden(s, 0, Rng.from_seed("same"))
        refine(m.game, s, 0, Rng.from_seed("again"))
    assert one.hands == two.hands
