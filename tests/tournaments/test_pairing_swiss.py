"""Swiss pairing in pairs: round 1 by seed, score groups after, no repeat
pairing while one can be avoided, one bye for an odd field, drops left out."""

from __future__ import annotations

import random
from collections import Counter
from functools import cache

import pytest

from tests.tournaments.play import field, lowest_id_wins, pairs, play
from tournaments import Entrant, PlayedRound, Round, TableResult, swiss_round
from tournaments.pairing import bye_counts, meetings


def seated_once(round_: Round, active: set[int]) -> None:
    """Everybody active is at exactly one table or on the bye, nobody else is."""
    everyone = Counter(round_.players)
    assert set(everyone) == active and set(everyone.values()) == {1}
    assert len(round_.byes) == len(active) % 2
    assert all(len(t.players) == 2 for t in round_.tables)


def test_round_one_is_the_top_half_against_the_bottom_half_by_seed():
    entrants = [Entrant(uid, seed) for uid, seed in [(50, 1500), (10, 1900), (70, 1200),
                (20, 1800), (60, 1400), (40, 1600), (80, 1100), (30, 1700)]]  # fmt: skip
    first = swiss_round(entrants)
    assert first.number == 1 and first.byes == ()
    assert [t.players for t in first.tables] == [(10, 50), (20, 60), (30, 70), (40, 80)]


def test_equal_seeds_fall_to_the_user_id():
    first = swiss_round([Entrant(uid, 1000) for uid in (4, 2, 3, 1)])
    assert [t.players for t in first.tables] == [(1, 3), (2, 4)]


def test_eight_players_three_rounds_never_meet_twice_and_winners_meet_winners():
    entrants, history = field(8), []
    for number in (1, 2, 3):
        round_ = swiss_round(entrants, history)
        assert round_.number == number
        seated_once(round_, set(range(1, 9)))
        history.append(play(round_, lowest_id_wins))
    assert max(meetings(history).values()) == 1
    # round 2: the four winners (1-4) play each other, top half against bottom half
    assert pairs(history[1].round) == {frozenset(p) for p in [(1, 3), (2, 4), (5, 7), (6, 8)]}
    # round 3: 1 and 2 are the only ones on 2 points
    assert frozenset((1, 2)) in pairs(history[2].round)


@pytest.mark.parametrize("n", [7, 9])
def test_an_odd_field_has_one_bye_a_round_never_twice_for_the_same_player(n):
    entrants, history = field(n), []
    for _ in range(n - 1):
        round_ = swiss_round(entrants, history)
        seated_once(round_, set(range(1, n + 1)))
        history.append(play(round_, lowest_id_wins))
    assert history[0].round.byes == (n,), "the first bye goes to the lowest seed"
    assert set(bye_counts(history).values()) == {1}, "nobody has a second bye before all had one"
    assert len(bye_counts(history)) == n - 1


def test_the_bye_goes_to_the_lowest_ranked_player_without_one():
    entrants, history = field(5), []
    history.append(play(swiss_round(entrants, history), lowest_id_wins))  # bye: 5
    second = swiss_round(entrants, history)
    # standings: 1 and 2 won, 5 had the bye (1 point); 3 and 4 lost, 4 is lower
    assert second.byes == (4,)


def test_a_dropped_player_is_never_paired_again_and_the_rest_stay_repeat_free():
    entrants, history = field(8), []
    history.append(play(swiss_round(entrants, history), lowest_id_wins))
    dropped = {6}
    for _ in range(3):
        round_ = swiss_round(entrants, history, dropped)
        seated_once(round_, set(range(1, 9)) - dropped)
        history.append(play(round_, lowest_id_wins))
    assert all(6 not in r.round.players for r in history[1:])
    assert max(meetings(history).values()) == 1
    assert len(set(bye_counts(history))) == 3, "three different byes in three odd rounds"


def test_a_repeat_that_cannot_be_avoided_still_pairs_everyone():
    entrants, history = field(4), []
    for _ in range(4):
        round_ = swiss_round(entrants, history)
        seated_once(round_, {1, 2, 3, 4})
        history.append(play(round_, lowest_id_wins))
    met = meetings(history)
    assert max(met[frozenset(p)] for p in pairs(history[3].round)) == 2  # round 4 repeats
    assert max(met.values()) == 2, "three rounds used up every pair once, the fourth repeats"


def test_the_same_record_gives_the_same_round():
    entrants = field(12)
    history = [play(swiss_round(entrants), lowest_id_wins)]
    assert swiss_round(entrants, history) == swiss_round(list(reversed(entrants)), history)


def test_sixty_four_players_six_rounds_finish_repeat_free():
    """A big field (a size check: the search must not blow up; no timing asserted)."""
    entrants, history = field(64), []
    rng = random.Random(64)
    for _ in range(6):
        round_ = swiss_round(entrants, history)
        seated_once(round_, set(range(1, 65)))
        history.append(play(round_, lambda players: rng.sample(players, len(players))))
    assert max(meetings(history).values()) == 1


def repeat_free_possible(
    active: list[int], met: Counter[frozenset[int]], had: Counter[int]
) -> bool:
    """Independently of the code under test: can this round be paired with
    no repeat (the bye, if any, to one of those with the fewest byes)?"""

    @cache
    def matchable(left: frozenset[int]) -> bool:
        if not left:
            return True
        first = min(left)
        return any(
            not met[frozenset((first, other))] and matchable(left - {first, other})
            for other in left - {first}
        )

    if len(active) % 2 == 0:
        return matchable(frozenset(active))
    fewest = min(had[p] for p in active)
    return any(matchable(frozenset(active) - {p}) for p in active if had[p] == fewest)


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5, 6])
@pytest.mark.parametrize("n, rounds", [(16, 5), (6, 5), (7, 6), (10, 8)])
def test_random_results_repeat_only_when_unavoidable(n: int, rounds: int, seed: int) -> None:
    """Property: with random results (draws too) and, for odd seeds, a random
    drop, every round seats everyone active once and repeats a pairing only
    when nothing else works (small fields run out of new opponents)."""
    rng = random.Random(seed)
    entrants = [Entrant(uid, rng.choice([1000, 1100, 1200, 1500])) for uid in range(1, n + 1)]
    history: list[PlayedRound] = []
    dropped: set[int] = set()
    for number in range(1, rounds + 1):
        if number == 3 and seed % 2:
            dropped.add(rng.randint(1, n))
        active = sorted({e.user_id for e in entrants} - dropped)
        met, had = meetings(history), bye_counts(history)
        round_ = swiss_round(entrants, history, dropped)
        seated_once(round_, set(active))
        if round_.byes:
            assert had[round_.byes[0]] == min(had[p] for p in active)
        repeats = [p for p in pairs(round_) if met[p]]
        assert not repeats or not repeat_free_possible(active, met, had)
        results = tuple(
            TableResult(t.players, tuple(rng.choice([(1, 2), (2, 1), (1, 1)])))
            for t in round_.tables
        )
        history.append(PlayedRound(round_, results))
