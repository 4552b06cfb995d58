"""The rollouts' card sense (games/cucco/playbook.py): how an imagined
player bids and plays (rules.md Z-3..Z-6)."""

from games.cucco.playbook import card_choice, rollout_move
from games.cucco.tests.engine.helpers import bidding, playing
from rules.core.rng import Rng

STRONG = ["lion", "p15", "p14", "p13", "n10", "n9", "n8", "p12"]
WEAK = ["n1", "n2", "n3", "mask", "bucket", "zero", "n4", "mat"]


def play_keys(match, seat):
    return match.legal(seat)


def choose(match, seat, seed=1):
    """The rollout's card, without its random share (first draw of a seed
    that does not draw the random branch is checked by running several)."""
    picks = set()
    for k in range(20):
        rng = Rng.from_seed(f"t{seed}{k}")
        if rng.below(100) < 10:  # the noise branch: skip this seed
            continue
        rng = Rng.from_seed(f"t{seed}{k}")
        picks.add(card_choice(match.game, match.state, seat, match.legal(seat), rng).key())
    assert len(picks) == 1, picks
    return picks.pop()


def test_leads_a_card_nobody_can_beat():
    # every higher picture is already played: p14 is boss in pictures
    played = [(0, ["lion", "lion", "p15", "p15", "n1"]), (0, ["n2", "n3", "n4", "mask", "mask"])]
    m = playing(
        {
            0: ["p14", "n5", "n7"],
            1: ["p13", "n6", "n8"],
            2: ["p12", "n9", "n10"],
            3: ["p11", "n2", "n3"],
            4: ["bucket", "n4", "zero"],
        },
        declarer=2,
        called="n9",
        tricks=played,
        leader=0,
    )
    assert choose(m, 0) == "play:p14"


def test_without_a_boss_leads_the_cheapest_card():
    m = playing(
        {
            0: ["p13", "n6", "n2"],
            1: ["p14", "n10", "n8"],
            2: ["lion", "n9", "p15"],
            3: ["p11", "n7", "n3"],
            4: ["bucket", "n4", "zero"],
        },
        declarer=2,
        called="n9",
        leader=0,
    )
    assert choose(m, 0) == "play:n2"


def test_feeds_points_to_a_teammate_holding_the_trick_last():
    # seat 1 is the declarer, seat 4 holds the twin of the called n9: partners
    m = playing(
        {
            0: ["n1", "n2"],
            1: ["n3", "n4"],
            2: ["mask", "bucket"],
            3: ["zero", "mat"],
            4: ["n9", "n10", "n5", "n1"],
        },
        declarer=1,
        called="n9",
        leader=0,
        trick=["p11", "lion", "p12", "p13"],
    )
    assert choose(m, 4) == "play:n10"


def test_an_opponent_last_takes_the_trick_with_its_cheapest_winning_card():
    # declarer 1 (called n9, whose twin seat 3 holds) wins with p12 so far
    m = playing(
        {0: ["n1"], 1: ["n3"], 2: ["mask"], 3: ["zero", "n9"], 4: ["bucket", "p13", "p15"]},
        declarer=1,
        called="n9",
        leader=0,
        trick=["p11", "p12", "n5", "mat"],
    )
    assert choose(m, 4) == "play:p13"


def test_a_teammate_holding_the_trick_gets_points():
    # declarer 3 wins the trick with the lion; seat 4 holds the twin of the
    # called n9, so it is the partner and gives the trick its points
    hands = {0: ["n1"], 1: ["n3"], 2: ["mask"], 3: ["zero"], 4: ["bucket", "p13", "n9"]}
    m = playing(hands, declarer=3, called="n9", leader=2, trick=["p11", "lion"])
    assert choose(m, 4) == "play:p13"
    # the same cards, but seat 4 is an opponent of the declarer (n8 called,
    # its twin with seat 0): it throws its cheapest card under the lion
    hands[0] = ["n1", "n8"]
    m = playing(hands, declarer=3, called="n8", leader=2, trick=["p11", "lion"])
    assert choose(m, 4) == "play:bucket"


def test_a_card_that_cannot_win_is_the_cheapest():
    m = playing(
        {0: ["n1"], 1: ["n3"], 2: ["mask"], 3: ["zero", "n9"], 4: ["n5", "n10", "n2", "p11"]},
        declarer=1,
        called="n9",
        leader=0,
        trick=["lion", "p12", "n6", "mat"],
    )
    # seat 4 has no picture higher than lion: it plays its cheapest picture
    assert choose(m, 4) == "play:p11"


def test_rollout_bids_at_random_among_every_legal_bid_and_the_pass():
    m = bidding({0: STRONG, 1: WEAK}, dealer=4)
    legal = m.legal(0)
    seen = {rollout_move(m.game, m.state, 0, legal, Rng.from_seed(f"r{k}")) for k in range(200)}
    assert seen == set(legal)


def test_rollout_plays_cards_by_the_rules_of_thumb():
    m = playing(
        {
            0: ["p13", "n6", "n2"],
            1: ["p14", "n10", "n8"],
            2: ["lion", "n9", "p15"],
            3: ["p11", "n7", "n3"],
            4: ["bucket", "n4", "zero"],
        },
        declarer=2,
        called="n9",
        leader=0,
    )
    picks = [
        rollout_move(m.game, m.state, 0, m.legal(0), Rng.from_seed(f"p{k}")).key()
        for k in range(50)
    ]
    assert picks.count("play:n2") >= 40  # the cheapest lead, but for the noise
