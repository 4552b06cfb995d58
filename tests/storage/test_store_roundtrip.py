"""A match loaded back is the match that was stored, byte for byte: its
snapshot, record, views and legal actions serialise exactly as the one that
never left memory, in every game, at every step. The engine iterates its
state's dicts (a player's rows, the piles) in their stored order, so a
backend that reorders an object's keys (PostgreSQL's jsonb does) would show
players things in another order after a restart, or worse."""

from __future__ import annotations

import json
import random

import pytest
from storage_helpers import CHANNEL, GUILD

from rules import Match, all_games

MOVES = 60
OPTIONS = {"cucco": {"deals": 1}}


def exact(value) -> str:
    return json.dumps(value, ensure_ascii=False)


@pytest.mark.parametrize("game", sorted(all_games()))
async def test_a_reloaded_match_is_the_stored_one_byte_for_byte(store, game):
    spec = all_games()[game]
    for players in sorted({spec.min_players, spec.max_players}):
        rnd = random.Random(players)
        match_id = await store.create_lobby(GUILD, CHANNEL, game, OPTIONS.get(game), 1)
        for user in range(players):
            await store.add_user_seat(match_id, 100 + user)
        kept = Match.new(game, players, f"bytes-{players}", OPTIONS.get(game))
        await store.start_match(match_id, Match.from_record(kept.to_record()))
        while not kept.is_over() and kept.seq < MOVES:
            loaded = (await store.load(match_id)).match
            assert exact(loaded.to_record()) == exact(kept.to_record())
            for seat in range(players):
                assert exact(loaded.view(seat)) == exact(kept.view(seat))
                assert [a.key() for a in loaded.legal(seat)] == [a.key() for a in kept.legal(seat)]
            seat = rnd.choice(kept.to_act())
            key = rnd.choice(kept.legal(seat)).key()
            events = kept.act(seat, key, kept.seq)
            assert exact(loaded.act(seat, key, loaded.seq)) == exact(events)
            await store.commit(match_id, loaded, events)
        story = await store.story(match_id)
        assert [(a.seat, a.key) for a in story] == kept.log
        assert (await store.load(match_id, verify=True)).match.snapshot() == kept.snapshot()
        if kept.is_over():
            assert exact((await store.info(match_id)).outcome) == exact(kept.outcome())
