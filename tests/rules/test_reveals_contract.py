"""The contract's checks of `Match.reveals` and `Match.forced`
(tests/rules/reveal_checks.py), over every registered game and the games of
the tests, and their proof that they can fail: a game whose draw is not
declared revealing is caught.

Seeded random playouts: at each step each seat to move makes its legal
moves the game calls unrevealing (a sample where there are many, the verbs
not met yet first) in worlds re-dealt for it; every such verb must come up,
and every forced verb. Rare states that reveal (a deal thrown in, a glasses
8 played) are pinned by each game's scenario tests besides.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from games.cuttle.engine.cards import BY_CODE, DECK_SIZE
from games.cuttle.engine.game import Cuttle
from games.keltis.engine.game import Keltis
from rules import Match, all_games
from rules.core import registry
from rules.core.actions import Action
from rules.core.game import Game
from rules.core.rng import Rng
from tests.registries import isolate_registries
from tests.rules import example_game, sealed_bid_game
from tests.rules.reveal_checks import check_forced, check_unrevealing_moves, worlds

#: playouts per game and player count: at least MIN, more (up to MAX) until
#: every unrevealing verb has come up
MIN_PLAYOUTS, MAX_PLAYOUTS = 1, 12
#: the moves checked at a step, at most (a sample: a Cuttle hand has dozens)
MOVES_PER_STEP = 4
#: in every other playout, how often a revealing move is favoured
DRAWING = 0.8

EXAMPLES = (example_game.GAME, sealed_bid_game.GAME)
GAMES = sorted({**all_games(), **{g.id: g for g in EXAMPLES}})


@pytest.fixture(autouse=True)
def examples_registered(monkeypatch):
    isolate_registries(monkeypatch)
    for game in EXAMPLES:
        monkeypatch.setitem(registry.all_games(), game.id, game)


def unrevealing_verbs(game: Game[Any]) -> set[str]:
    """The verbs the check must meet: those not always revealing."""
    return set(game.verbs - game.revealing_verbs)


def choose(match: Match, seat: int, rnd: random.Random, unmet: set[str], drawing: bool) -> Action:
    """A random legal move: a random verb first, then a move of it (so a
    verb among many moves comes up: five Cucco passes throw a deal in), of
    a verb the check has not met if one is legal; `drawing`: mostly a
    revealing one (a draw), so that decks run out (a Cuttle `pass`), which
    uniform random play rarely sees."""
    legal = match.legal(seat)
    favoured = [a for a in legal if a.verb in unmet]
    if not favoured and drawing and rnd.random() < DRAWING:
        favoured = [a for a in legal if match.reveals(a, seat)]
    legal = favoured or legal
    verb = rnd.choice(sorted({a.verb for a in legal}))
    return rnd.choice([a for a in legal if a.verb == verb])


def play_and_check(
    game_id: str, players: int, n: int, unmet: set[str]
) -> tuple[set[str], set[str]]:
    """One seeded random playout, checked at every step; the unrevealing
    verbs checked and the forced verbs met."""
    match = Match.new(game_id, players, f"reveals-{game_id}-{players}-{n}")
    rnd, rng = random.Random(n), Rng.from_seed(f"worlds-{n}")
    checked: set[str] = set()
    forced: set[str] = set()
    while not match.is_over():
        assert match.seq < match.game.max_actions
        forced |= check_forced(match, rng)
        for seat in match.to_act():
            legal = match.legal(seat)
            # the verbs not met yet first, then a sample
            rnd.shuffle(legal)
            legal.sort(key=lambda a: a.verb in checked)
            checked |= check_unrevealing_moves(match, seat, legal[:MOVES_PER_STEP], rng)
        seat = rnd.choice(match.to_act())
        match.act(seat, choose(match, seat, rnd, unmet - checked, n % 2 == 1), match.seq)
    return checked, forced


@pytest.mark.parametrize("game_id", GAMES)
def test_unrevealing_moves_show_nothing_and_forced_moves_are_no_choice(game_id):
    game = registry.all_games()[game_id]
    wanted = unrevealing_verbs(game)
    for players in sorted({game.min_players, game.max_players}):
        checked: set[str] = set()
        forced: set[str] = set()
        for n in range(MAX_PLAYOUTS):
            if n >= MIN_PLAYOUTS and checked >= wanted:
                break
            c, f = play_and_check(game_id, players, n, wanted - checked)
            checked, forced = checked | c, forced | f
        assert checked >= wanted, f"{game_id} ({players}): never checked {wanted - checked}"
        assert forced == set(game.forced_verbs), f"{game_id}: forced verbs never met"


# -- the checks can fail ----------------------------------------------------------
class DrawsUnseen(Keltis):
    """Keltis, its draw not declared revealing: a preview would show the card."""

    id = "keltis_draws_unseen"
    revealing_verbs = frozenset()


class DrawForced(Keltis):
    """Keltis, its draw declared forced though a seat may draw from a
    discard pile too."""

    id = "keltis_draw_forced"
    forced_verbs = frozenset({"draw"})


class ResolveForced(Cuttle):
    """Cuttle letting a one-off resolve without asking when that is the only
    choice: which tells that no 2 is held."""

    id = "cuttle_resolve_forced"
    forced_verbs = frozenset({"resolve"})


def test_a_draw_not_declared_revealing_is_caught():
    registry.register(DrawsUnseen())
    with pytest.raises(AssertionError, match=r"keltis_draws_unseen: draw:\S+ by seat \d"):
        play_and_check(DrawsUnseen.id, 2, 0, set())


def test_the_real_draw_passes_and_is_not_checked():
    """The same playout with the draw declared: nothing to report, and the
    draw is left out (it reveals)."""
    checked, _ = play_and_check("keltis", 2, 0, set())
    assert "draw" not in checked and {"play", "discard"} <= checked


def test_a_forced_verb_beside_another_choice_is_caught():
    registry.register(DrawForced())
    with pytest.raises(AssertionError, match="is a forced verb, but seat . has a choice"):
        play_and_check(DrawForced.id, 2, 0, set())


def test_a_forced_move_that_tells_what_is_hidden_is_caught():
    """Seat 1 holds no 2, so letting seat 0's one-off resolve is its only
    choice; in a world re-dealt for seat 0, seat 1 may hold one."""
    game = ResolveForced()
    registry.register(game)
    match = Match.new(game.id, 2, "forced", {"dealer": 1})  # seat 0 plays first
    state = match.state
    state.hands = [[BY_CODE[c] for c in hand.split()] for hand in ("6c 3h 9s", "4d 5d 7s kh")]
    state.deck = sorted(set(range(DECK_SIZE)) - {c for h in state.hands for c in h})
    match.act(0, "oneoff:6c", match.seq)
    assert [a.key() for a in match.legal(1)] == ["resolve"]
    assert match.forced(1) is not None
    assert any(w.forced(1) is None for w in worlds(match, 0, Rng(1), 10))
    with pytest.raises(AssertionError, match="a world seat 0 cannot tell apart"):
        check_forced(match, Rng(1), 10)


def test_reveals_asks_the_game_of_the_state_now_and_finds_a_simultaneous_moves_maker():
    """Sealed bids: only the round's last bid shows the others'; with seats
    owing at once, the maker is the seat whose move it is (or the one named)."""
    match = Match.new(sealed_bid_game.GAME.id, 3, "reveals")
    assert not match.reveals("bid:r1") and not match.reveals("bid:g1", 1)
    match.act(0, "bid:r1", match.seq)
    assert not match.reveals("bid:g1") and not match.reveals("bid:b1", 2)
    match.act(1, "bid:g1", match.seq)
    assert match.reveals("bid:b1") and match.reveals("bid:b1", 2)
