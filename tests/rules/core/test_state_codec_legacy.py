"""Transitional: the generic codec against each game's hand-written
dump/load, over random playouts of every game and player count."""
from __future__ import annotations

import json
import random

import pytest

from rules import Match, all_games
from rules.core.state_codec import state_codec
from tests.rules.core.state_checks import assert_shares_nothing, strictly_equal

CASES = [(gid, n) for gid, g in all_games().items()
         for n in range(g.min_players, g.max_players + 1)]
SEEDS = 40


def _declared(state):
    """Cucco's tricks were plain lists; they are declared rows (`Trick`) now."""
    if hasattr(state, "tricks"):
        from rules.cucco.game import Trick
        state.tricks = [Trick(*t) for t in state.tricks]
    return state


@pytest.mark.parametrize("game_id,players", CASES)
def test_generic_codec_matches_the_hand_written_one(game_id, players):
    game = all_games()[game_id]
    steps = 0
    for n in range(SEEDS):
        match = Match.new(game_id, players, f"codec-{game_id}-{players}-{n}")
        codec = state_codec(type(match.state))
        rnd = random.Random(n)
        while True:
            s = match.state
            old = game.dump(s)
            text = json.dumps(old)
            assert json.dumps(codec.dump(s)) == text
            stored = json.loads(text)
            before = json.dumps(stored)
            old_loaded = _declared(game.load(stored))
            strictly_equal(codec.load(stored), old_loaded)
            assert json.dumps(stored) == before
            assert_shares_nothing(codec.load(stored), stored)
            copied = codec.copy(s)
            strictly_equal(copied, _declared(game.load(old)))
            assert_shares_nothing(copied, s)
            steps += 1
            owed = match.to_act()
            if not owed:
                break
            if n % 10 == 9 and rnd.randrange(60) == 0:
                match.concede(rnd.randrange(players), match.seq)
                continue
            seat = rnd.choice(owed)
            match.act(seat, rnd.choice(match.legal(seat)), match.seq)
    print(game_id, players, steps, "states")


# -- the shared redeal_hidden against the games' own, as they were ----------
def _old_keltis_oracle(s, seat, rng):
    others = [i for i in range(len(s.hands)) if i != seat]
    pool = [c for i in others for c in s.hands[i]] + s.deck + s.removed
    pool.sort()
    rng.shuffle(pool)
    for i in others:
        n = len(s.hands[i])
        s.hands[i], pool = sorted(pool[:n]), pool[n:]
    n = len(s.deck)
    s.deck, s.removed = pool[:n], sorted(pool[n:])


def _old_cucco(s, seat, rng):
    others = [i for i in range(5) if i != seat]
    pool = [c for i in others for c in s.hands[i]]
    pool.sort()
    rng.shuffle(pool)
    for i in others:
        n = len(s.hands[i])
        s.hands[i], pool = sorted(pool[:n]), pool[n:]


def _old_cuttle(s, seat, rng):
    from rules.cuttle.game import Cuttle
    opp = 1 - seat
    if Cuttle.has_glasses(s, seat):
        s.deck.sort()
        rng.shuffle(s.deck)
        return
    pool = s.hands[opp] + s.deck
    pool.sort()
    rng.shuffle(pool)
    n = len(s.hands[opp])
    s.hands[opp], s.deck = sorted(pool[:n]), pool[n:]


OLD_REDEAL = {"keltis": _old_keltis_oracle, "oracle": _old_keltis_oracle,
              "cucco": _old_cucco, "cuttle": _old_cuttle, "keltis_dice": lambda s, seat, rng: None}


@pytest.mark.parametrize("game_id,players", CASES)
def test_shared_redeal_matches_the_games_own(game_id, players):
    from rules.core.rng import Rng
    game = all_games()[game_id]
    for n in range(SEEDS):
        match = Match.new(game_id, players, f"redeal-{game_id}-{players}-{n}")
        rnd = random.Random(n)
        while match.to_act():
            for seat in range(players):
                salt = rnd.getrandbits(64)
                a, b = game.copy(match.state), game.copy(match.state)
                ra, rb = Rng(salt), Rng(salt)
                OLD_REDEAL[game_id](a, seat, ra)
                game.redeal_hidden(b, seat, rb)
                strictly_equal(b, a)
                assert ra.state == rb.state
            seat = rnd.choice(match.to_act())
            match.act(seat, rnd.choice(match.legal(seat)), match.seq)
