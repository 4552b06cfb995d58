"""The engine contract, checked over every registered game and player count.

Random legal play from many seeds must always finish, and at every step the
API must keep its promises (DESIGN.md, "The engine contract"). A new game
gets all of this by registering. The example game (tests/rules/example_game.py,
registered here only) shows that six methods are enough to pass; the sealed-bid
game (tests/rules/sealed_bid_game.py) that a card drawn from its owner's own
pool needs no hand-written re-deal.
"""

from __future__ import annotations

import json
import random

import pytest

from rules import (
    GameOver,
    IllegalAction,
    Match,
    NotYourDecision,
    RulesError,
    StaleSeq,
    UnknownAction,
    all_games,
)
from rules.core import registry
from rules.core.rng import Rng
from tests.rules import example_game, sealed_bid_game
from tests.rules.core.state_checks import assert_shares_nothing, strictly_equal
from tests.rules.hidden_checks import check_redeal_covers_what_the_view_hides

SEEDS_PER_COUNT = 200
# SEEDS_PER_COUNT playouts per game and player count are most of the suite's
# time: `make test-fast` leaves them out; `make test` and CI run them.
pytestmark = pytest.mark.slow
# The expensive checks (round trips, refusals, non-interference) run on every
# DEEP_CHECK_EVERY-th step of every DEEP_CHECK_SEEDS-th seed.
DEEP_CHECK_SEEDS = 8
DEEP_CHECK_EVERY = 5
# Whether the re-deal covers what a view hides (tests/rules/hidden_checks.py)
# costs one to three times the other deep checks together, so it runs, for
# one seat in turn, on every HIDDEN_CHECK_EVERY-th deep-checked step (an odd
# number of steps apart, so both halves of a play-then-draw turn come up),
# the deal included.
HIDDEN_CHECK_EVERY = 5
JUNK_KEYS = [
    "",
    "x" * 61,
    "nonsense",
    "play",
    "play:zz:zz",
    "draw:nowhere",
    "DISCARD:y5",
    "stone:y5",
    "done:now",
    "a b",
    "play:y5:y:extra",
    "\u00e9",
]

EXAMPLE = example_game.GAME
SEALED = sealed_bid_game.GAME
CASES = [
    (gid, n)
    for gid, g in {**all_games(), EXAMPLE.id: EXAMPLE, SEALED.id: SEALED}.items()
    for n in range(g.min_players, g.max_players + 1)
]


@pytest.fixture(autouse=True)
def example_games_registered(monkeypatch):
    """The example games join the registry for these tests only."""
    monkeypatch.setitem(registry.all_games(), EXAMPLE.id, EXAMPLE)
    monkeypatch.setitem(registry.all_games(), SEALED.id, SEALED)


def roundtrip(data):
    return json.loads(json.dumps(data))


def assert_refused(match: Match, exc: type[RulesError], seat, key, seq) -> None:
    before = match.snapshot()
    with pytest.raises(exc):
        match.act(seat, key, seq)
    assert match.snapshot() == before
    assert match.seq == len(match.log)


def deep_checks(match: Match, rnd: random.Random) -> None:
    owed = match.to_act()
    # views and records are JSON-safe and round-trip
    for seat in [None, *range(match.players)]:
        view = match.view(seat)
        assert roundtrip(view) == view
    record = match.to_record()
    assert roundtrip(record) == record
    clone = Match.from_record(roundtrip(record))
    assert clone.snapshot() == match.snapshot()
    # a copy is load(dump(...)) exactly, and shares nothing with the state
    copy = match.game.copy(match.state)
    strictly_equal(copy, clone.state)
    assert_shares_nothing(copy, match.state)
    assert clone.view(owed[0]) == match.view(owed[0])
    # junk keys, wrong seats and stale seqs are refused and change nothing
    seat = owed[0]
    legal_keys = {a.key() for a in match.legal(seat)}
    for key in JUNK_KEYS:
        if key not in legal_keys:
            with pytest.raises((UnknownAction, IllegalAction)):
                match.act(seat, key, match.seq)
    some_key = next(iter(legal_keys))
    for other in range(match.players):
        if other not in owed:
            assert match.legal(other) == []
            assert_refused(match, NotYourDecision, other, some_key, match.seq)
    assert_refused(match, StaleSeq, seat, some_key, match.seq + 1)
    if match.seq:
        assert_refused(match, StaleSeq, seat, some_key, match.seq - 1)
    # non-interference: re-dealing what a seat cannot see changes nothing it sees
    for seat in range(match.players):
        twin = Match.from_record(record)  # load() copies: the twin shares nothing
        twin.game.redeal_hidden(twin.state, seat, Rng(rnd.getrandbits(64)))
        assert twin.view(seat) == match.view(seat), f"seat {seat} sees hidden information"
        assert twin.legal(seat) == match.legal(seat), (
            f"seat {seat}'s actions depend on hidden information"
        )
        assert twin.to_act() == match.to_act()
    # ... and what a seat cannot see is re-dealt: nothing of it survives
    every = DEEP_CHECK_EVERY * HIDDEN_CHECK_EVERY
    if match.seq % every == 0:
        check_redeal_covers_what_the_view_hides(
            match.game,
            match.state,
            match.seq // every % match.players,
            match.players,
            Rng.from_seed(f"{match.seed}|{match.seq}").state,
            fresh=match.seq == 0,
        )
    # the spectator sees no more than any player
    assert "hand" not in match.view(None)


@pytest.mark.parametrize("game_id,players", CASES)
def test_random_playouts_keep_the_contract(game_id, players):
    for n in range(SEEDS_PER_COUNT):
        seed = f"contract-{game_id}-{players}-{n}"
        match = Match.new(game_id, players, seed)
        rnd = random.Random(n)
        limit = match.game.max_actions
        step = 0
        concede_at = rnd.randrange(40) if n % 10 == 9 else None
        conceder = None
        while True:
            owed = match.to_act()
            if not owed:
                break
            assert match.outcome() is None
            assert step < limit, f"{seed}: no outcome within {limit} actions"
            legal = {}
            for seat in owed:
                legal[seat] = match.legal(seat)
                keys = [a.key() for a in legal[seat]]
                assert keys, f"{seed}: seat {seat} owes a decision but has no legal action"
                assert len(keys) == len(set(keys)), f"{seed}: duplicate legal actions"
                assert all(len(k) <= 60 for k in keys)
            if n % DEEP_CHECK_SEEDS == 0 and step % DEEP_CHECK_EVERY == 0:
                deep_checks(match, rnd)
            if step == concede_at:
                conceder = rnd.randrange(players)
                events = match.concede(conceder, match.seq)
                assert roundtrip(events) == events and match.to_act() == ()
                break
            seat = rnd.choice(owed)
            action = rnd.choice(legal[seat])
            events = match.act(seat, action.key(), match.seq)
            assert roundtrip(events) == events
            step += 1
        outcome = match.outcome()
        assert outcome is not None and roundtrip(outcome) == outcome
        assert len(outcome["scores"]) == players
        assert set(outcome["winners"]) <= set(range(players))
        assert conceder not in outcome["winners"]
        assert match.legal(0) == []
        with pytest.raises(GameOver):
            match.act(0, "done", match.seq)
        record = roundtrip(match.to_record())
        assert Match.replay(record).snapshot() == match.snapshot()
        assert Match.from_record(record, verify=True).outcome() == outcome
