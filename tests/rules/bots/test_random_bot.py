import pytest

from rules import Match, all_games
from rules.bots import choose_action


@pytest.mark.parametrize("game_id", list(all_games()))
def test_bots_finish_every_game_from_every_seat(game_id):
    game = all_games()[game_id]
    for players in range(game.min_players, game.max_players + 1):
        match = Match.new(game_id, players, f"bots-{players}")
        while match.to_act():
            assert match.seq < game.max_actions
            seat = match.to_act()[0]
            match.act(seat, choose_action(match, seat, "random"), match.seq)
        assert match.outcome() is not None


def test_bot_choice_is_reproducible_and_legal():
    match = Match.new("keltis", 2, "repro", {"first_player": 0})
    first = choose_action(match, 0, "random")
    assert first == choose_action(Match.from_record(match.to_record()), 0, "random")
    assert first in match.legal(0)
    with pytest.raises(ValueError):
        choose_action(match, 1)
