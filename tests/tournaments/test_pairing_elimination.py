"""Single elimination: a standard seeded bracket, byes for the top seeds,
winners of neighbouring slots meet, walkovers for drops."""

from __future__ import annotations

import pytest

from tests.tournaments.play import field, lowest_id_wins, play
from tournaments import (
    PlayedRound,
    Round,
    Table,
    TableResult,
    champion,
    elimination_round,
    is_over,
)
from tournaments.pairing import bracket_order


def test_bracket_order_keeps_the_top_seeds_apart():
    assert bracket_order(2) == [1, 2]
    assert bracket_order(4) == [1, 4, 2, 3]
    assert bracket_order(8) == [1, 8, 4, 5, 2, 7, 3, 6]


def test_eight_seeds_play_down_to_a_final_of_one_against_two():
    entrants, history = field(8), []
    first = elimination_round(entrants)
    assert [t.players for t in first.tables] == [(1, 8), (4, 5), (2, 7), (3, 6)]
    assert first.byes == ()
    history.append(play(first, lowest_id_wins))
    second = elimination_round(entrants, history)
    assert [t.players for t in second.tables] == [(1, 4), (2, 3)]
    history.append(play(second, lowest_id_wins))
    assert not is_over(entrants, history) and champion(entrants, history) is None
    final = elimination_round(entrants, history)
    assert (final.number, [t.players for t in final.tables]) == (3, [(1, 2)])
    history.append(play(final, lambda players: sorted(players, reverse=True)))
    assert is_over(entrants, history) and champion(entrants, history) == 2
    with pytest.raises(ValueError, match="decided"):
        elimination_round(entrants, history)


def test_six_players_give_byes_to_seeds_one_and_two():
    entrants = field(6)
    first = elimination_round(entrants)
    assert first.byes == (1, 2)
    assert [t.players for t in first.tables] == [(4, 5), (3, 6)]
    history = [play(first, lambda players: sorted(players, reverse=True))]  # upsets: 5, 6
    second = elimination_round(entrants, history)
    assert [t.players for t in second.tables] == [(1, 5), (2, 6)]


def test_a_drop_before_the_result_is_a_walkover_for_the_opponent():
    entrants = field(4)
    first = elimination_round(entrants)  # (1, 4), (2, 3)
    history = [PlayedRound(first, (TableResult.ranking(2, 3),))]
    with pytest.raises(ValueError, match="not over"):
        elimination_round(entrants, history)
    assert not is_over(entrants, history, dropped=())
    final = elimination_round(entrants, history, dropped={1})
    assert [t.players for t in final.tables] == [(4, 2)]


def test_a_winner_who_drops_leaves_the_next_opponent_a_bye():
    entrants = field(8)
    history = [play(elimination_round(entrants), lowest_id_wins)]
    second = elimination_round(entrants, history, dropped={4})
    assert [t.players for t in second.tables] == [(2, 3)] and second.byes == (1,)
    history.append(play(second, lowest_id_wins))
    final = elimination_round(entrants, history, dropped={4})
    assert [t.players for t in final.tables] == [(1, 2)]


def test_everyone_else_dropping_decides_the_bracket():
    entrants = field(4)
    history = [play(elimination_round(entrants), lowest_id_wins)]  # 1 and 2 win
    assert champion(entrants, history, dropped={2}) == 1
    assert is_over(entrants, history, dropped={2})


def test_a_tie_sends_the_better_seed_through():
    entrants = field(2)
    first = elimination_round(entrants)
    history = [PlayedRound(first, (TableResult((2, 1), (1, 1)),))]
    assert champion(entrants, history) == 1


def test_a_later_drop_does_not_change_a_result_already_played():
    entrants = field(4)
    first = Round(1, (Table((1, 4)), Table((2, 3))))
    history = [PlayedRound(first, (TableResult.ranking(4, 1), TableResult.ranking(2, 3)))]
    final = elimination_round(entrants, history, dropped={1})
    assert [t.players for t in final.tables] == [(4, 2)]


def test_bigger_tables_are_refused():
    with pytest.raises(ValueError, match="two-player"):
        elimination_round(field(8), players_per_match=4)
