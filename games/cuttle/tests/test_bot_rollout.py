"""The expert's rollout move (games/cuttle/bot_rollout.py): the moves it
prefers in positions where the right move is plain, and that it stays a
legal, deterministic choice."""

from __future__ import annotations

from games.cuttle.bot_rollout import WIN, _Table, rollout, score
from games.cuttle.engine.game import Cuttle
from games.cuttle.tests.engine.helpers import act, position
from rules.core.actions import Action
from rules.core.rng import Rng


def _best(match, seat: int) -> str:
    """The rollout's move for `seat`, the same over several generators."""
    game: Cuttle = match.game
    legal = game.legal(match.state, seat)
    picks = {
        rollout(game, match.state, seat, legal, Rng.from_seed(f"t{k}")).key() for k in range(8)
    }
    assert len(picks) == 1, picks
    return picks.pop()


def _score(match, seat: int, key: str) -> float:
    game: Cuttle = match.game
    action = next(a for a in game.legal(match.state, seat) if a.key() == key)
    return score(_Table(game, match.state, seat), action)


def test_a_winning_point_card_is_played():
    match = position(
        hands={0: ["3c", "9h", "kd"], 1: ["5c"]},
        stacks=[("10s", 0, []), ("3d", 0, [])],
    )
    assert _score(match, 0, "points:9h") >= WIN / 2
    assert _best(match, 0) == "points:9h"


def test_a_king_that_reaches_the_lower_target_wins():
    match = position(hands={0: ["kd", "2c"], 1: ["5c"]}, stacks=[("10s", 0, []), ("5d", 0, [])])
    # 15 points: a first King lowers the target to 14
    assert _best(match, 0) == "perm:kd"


def test_a_threatening_point_card_is_scuttled_rather_than_a_small_one_played():
    match = position(
        hands={0: ["4c", "10h"], 1: ["5c"]},
        stacks=[("9s", 1, []), ("8d", 1, [])],  # 17 of 21: one card from winning
    )
    assert _best(match, 0) == "scuttle:10h:9s"


def test_a_two_aims_at_the_opponents_king_not_ones_own():
    match = position(
        hands={0: ["2c"], 1: ["5c"]},
        perms={0: ["kd"], 1: ["ks"]},
        stacks=[("9s", 1, [])],
    )
    assert _score(match, 0, "oneoff:2c:ks") > 0 > _score(match, 0, "oneoff:2c:kd")
    assert _best(match, 0) == "oneoff:2c:ks"


def test_an_ace_is_played_only_when_behind():
    behind = position(
        hands={0: ["ac", "3d"], 1: ["5c"]}, stacks=[("9s", 1, []), ("10d", 1, []), ("2h", 0, [])]
    )
    ahead = position(
        hands={0: ["ac", "3d"], 1: ["5c"]}, stacks=[("9s", 0, []), ("10d", 0, []), ("2h", 1, [])]
    )
    assert _score(behind, 0, "oneoff:ac") > 0 > _score(ahead, 0, "oneoff:ac")


def test_a_two_counters_an_ace_that_would_wipe_out_its_lead_but_not_a_five():
    ace = position(hands={0: ["ac", "3d"], 1: ["2c", "4h"]}, stacks=[("9s", 1, []), ("10d", 1, [])])
    act(ace, 0, "oneoff:ac")
    assert _best(ace, 1) == "counter:2c"
    five = position(hands={0: ["5d", "3d"], 1: ["2c", "4h"]}, stacks=[("9s", 1, [])])
    act(five, 0, "oneoff:5d")
    assert _best(five, 1) == "resolve"


def test_the_least_useful_card_is_discarded_and_the_best_taken():
    match = position(hands={0: ["4c", "3d"], 1: ["2c", "ah", "kh"]}, scrap=["10s", "8c"], stacks=[])
    act(match, 0, "oneoff:4c")
    act(match, 1, "resolve")
    assert _best(match, 1) == "discard:ah"
    take = position(hands={0: ["3d"], 1: ["5c"]}, scrap=["10s", "4c", "ac"])
    act(take, 0, "oneoff:3d")
    act(take, 1, "resolve")
    assert _best(take, 0) == "take:10s"


def test_the_rollout_plays_a_legal_move_and_is_deterministic_per_generator():
    match = position(
        hands={0: ["4c", "10h", "2d", "jc", "8s"], 1: ["5c", "3h"]},
        stacks=[("9s", 1, []), ("6d", 0, [])],
        perms={1: ["qd"]},
    )
    game: Cuttle = match.game
    legal = game.legal(match.state, 0)
    for k in range(20):
        first = rollout(game, match.state, 0, legal, Rng.from_seed(f"d{k}"))
        again = rollout(game, match.state, 0, legal, Rng.from_seed(f"d{k}"))
        assert isinstance(first, Action) and first in legal and first == again
