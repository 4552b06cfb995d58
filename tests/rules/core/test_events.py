"""Events tell no secret: over random playouts of every game, an event is
visible to a seat only where that seat's view already shows what it says.

The check: re-deal everything the acting seat cannot see, play the same
action in both worlds, and compare. Wherever a reader's view after the move
is the same in both worlds, the events that reader may see must be the same
too; otherwise an event carried hidden information to them.
"""

from __future__ import annotations

import json
import random

import pytest

from rules import Match, all_games
from rules.core.events import ONLY, private, visible, visible_to
from rules.core.rng import Rng

SEEDS = 6
CASES = [
    (gid, n) for gid, g in all_games().items() for n in range(g.min_players, g.max_players + 1)
]


def test_private_events_name_their_readers():
    event = private({"type": "drawn", "seat": 1, "card": "g7"}, 1, 1, 0)
    assert event[ONLY] == [0, 1]
    assert visible_to(event, 1) and visible_to(event, 0)
    assert not visible_to(event, 2) and not visible_to(event, None)
    public = {"type": "draw", "seat": 1}
    assert visible([public, event], None) == [public]
    assert visible([public, event], 0) == [public, event]


@pytest.mark.parametrize("game_id,players", CASES)
def test_events_reveal_nothing_a_reader_cannot_see(game_id, players):
    for n in range(SEEDS):
        match = Match.new(game_id, players, f"events-{game_id}-{players}-{n}")
        rnd = random.Random(n)
        readers = [None, *range(players)]
        while not match.is_over():
            seat = rnd.choice(match.to_act())
            action = rnd.choice(match.legal(seat))
            twin = Match.from_record(match.to_record())
            twin.game.redeal_hidden(twin.state, seat, Rng(rnd.getrandbits(64)))
            events = match.act(seat, action.key(), match.seq)
            twin_events = twin.act(seat, action.key(), twin.seq)
            assert json.loads(json.dumps(events)) == events
            assert all(isinstance(e.get("type"), str) for e in events)
            for reader in readers:
                if twin.view(reader) == match.view(reader):
                    assert visible(twin_events, reader) == visible(events, reader), (
                        f"{game_id} {action.key()}: events tell seat {reader} a secret"
                    )
