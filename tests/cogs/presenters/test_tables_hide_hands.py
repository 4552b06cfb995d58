"""The public table of every game depends on nothing a spectator cannot see:
re-dealing hidden cards leaves the rendered table byte for byte the same."""

import random

import pytest

from cogs.presenters import presenter_for
from rules import Match, all_games
from rules.core.rng import Rng
from tests.cogs.presenters.story_helpers import story_of


def render(presenter, match, names, recent):
    embed = presenter.table_embed(
        match_id=1,
        view=match.view(None),
        names=names,
        to_act=match.to_act(),
        recent=recent,
        outcome=match.outcome(),
        seq=match.seq,
    )
    return embed.to_dict()


@pytest.mark.parametrize("game_id", list(all_games()))
def test_table_embed_is_independent_of_hidden_cards(game_id):
    game = all_games()[game_id]
    presenter = presenter_for(game_id)
    for players in range(game.min_players, game.max_players + 1):
        names = [f"P{i}" for i in range(players)]
        match = Match.new(game_id, players, f"hide-{players}")
        rnd = random.Random(players)
        while match.to_act():
            if match.seq % 5 == 0:
                recent = story_of(match, presenter, names)[-6:]
                seen = render(presenter, match, names, recent)
                for seat in range(players):
                    twin = Match.from_record(match.to_record())
                    twin.game.redeal_hidden(twin.state, seat, Rng(rnd.getrandbits(64)))
                    assert render(presenter, twin, names, recent) == seen
            seat = rnd.choice(match.to_act())
            match.act(seat, rnd.choice(match.legal(seat)), match.seq)
        final = render(presenter, match, names, story_of(match, presenter, names)[-6:])
        assert final["description"].startswith("**Game over.**")
